// Loading: each route fetches only its own wasm module (tools/build.sh links one per lab and
// `home` for the other routes; dist/build.json lists them), which holds no other lab's page. Moving between every pair of labs
// by the navigation links (in the same page: each module is fetched once and kept, static/boot.js),
// a deep link straight into each lab, every lab offline after a first visit (its deferred parts
// too), and an embed of each lab. A lab's module may also fetch its own chunks
// (components/deferred.rs), never another module's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, open, expectProblems } from './fixtures.js';

const build = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/build.json', import.meta.url)), 'utf8'));
// The registry (slug → title), written by the native test `the_specs_read_the_registry`.
const titles = JSON.parse(readFileSync(fileURLToPath(new URL('./generated/labs.json', import.meta.url)), 'utf8'));
const labs = Object.keys(titles);

test('the build lists a module for home and one per lab', () => {
  expect(Object.keys(build.modules).sort()).toEqual(['home', ...labs].sort());
  expect(build.labs).toEqual(Object.fromEntries(labs.map((l) => [l, l])));
  for (const [js, wasm] of Object.values(build.modules)) {
    expect(js).toMatch(/^pkg\/[a-z]+\.[0-9a-f]{12}\.js$/);
    expect(wasm).toMatch(/^pkg\/[a-z]+\.[0-9a-f]{12}\.wasm$/);
  }
});

// The app is compiled once and linked into one module per lab (tools/link-modules.sh): each
// module keeps only what its own start reaches. A lab's page shows its lede, text no other code
// holds, so the lede's bytes are in that lab's module and in no other module's files.
test("a lab's page is in its own module only: its lede is in no other module's files", async ({ page }) => {
  const dist = (path) => readFileSync(fileURLToPath(new URL(`../../dist/${path}`, import.meta.url)));
  const files = Object.fromEntries(Object.keys(build.modules).map((name) =>
    [name, [build.modules[name][1], ...build.chunks[name]].map(dist)]));
  for (const lab of labs) {
    await open(page, `#/${lab}`);
    const lede = (await page.locator('p.lede').first().textContent()).slice(0, 80);
    expect(lede.length, `the ${lab} lab's lede`).toBeGreaterThan(40);
    const bytes = Buffer.from(lede, 'utf8');
    for (const [name, contents] of Object.entries(files)) {
      const holds = contents.some((f) => f.includes(bytes));
      expect(holds, `the ${name} module holds the ${lab} lab's page ("${lede}")`).toBe(name === lab);
    }
  }
});

/** The wasm files the page itself requests (the service worker's own fetches excluded). */
function wasmRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    if (!r.serviceWorker() && new URL(r.url()).pathname.endsWith('.wasm')) seen.push(new URL(r.url()).pathname.split('/').pop());
  });
  return seen;
}
const moduleFile = (name) => build.modules[name][1].split('/').pop();
/** The module's main wasm and its chunks (parts fetched when wanted). */
const moduleFiles = (name) => [moduleFile(name), ...build.chunks[name].map((f) => f.split('/').pop())];

async function labShown(page, lab) {
  await expect(page.getByRole('heading', { level: 1, name: titles[lab] })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: titles[lab] })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main input, main button, main select').first()).toBeVisible();
}

for (const lab of labs) {
  test(`a deep link into ${lab} fetches only its own module`, async ({ page }) => {
    const wasm = wasmRequests(page);
    await open(page, `#/${lab}`);
    await labShown(page, lab);
    expect(wasm[0]).toEqual(moduleFile(lab));
    expect(wasm.filter((f) => !moduleFiles(lab).includes(f))).toEqual([]);
  });
}

test('home and an unknown route fetch the home module only', async ({ page }) => {
  const wasm = wasmRequests(page);
  await open(page, '#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale Lab' })).toBeVisible();
  await open(page, '#/no-such-lab');
  await expect(page.getByRole('heading', { name: 'No lab here' })).toBeVisible();
  expect(wasm[0]).toEqual(moduleFile('home'));
  expect(wasm.filter((f) => !moduleFiles('home').includes(f))).toEqual([]);
});

// Every ordered pair: from each lab, a click on each other lab's link (then back by deep link).
for (const from of labs) {
  test(`from ${from}, the navigation opens every other lab`, async ({ page }) => {
    test.setTimeout(120_000);
    const wasm = wasmRequests(page);
    const all = wasmRequests(page);
    for (const to of labs.filter((l) => l !== from)) {
      await open(page, `#/${from}`);
      await labShown(page, from);
      // A mark on the page's window: moving between labs never reloads the page.
      await page.evaluate(() => { window.rescaleLabSpecMark = (window.rescaleLabSpecMark || 0) + 1; });
      const mark = await page.evaluate(() => window.rescaleLabSpecMark);
      wasm.length = 0;
      await page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: titles[to] }).click();
      await expect(page).toHaveURL(new RegExp(`#/${to}(\\?|$)`));
      await labShown(page, to);
      expect(await page.evaluate(() => window.rescaleLabSpecMark)).toBe(mark);
      // Keyboard focus starts on the new page's main, not on the body the link left.
      await expect(page.getByRole('main')).toBeFocused();
      // Only the next lab's module and its parts (the lab left may still be fetching its own).
      expect(wasm.filter((f) => !moduleFiles(to).includes(f) && !moduleFiles(from).includes(f))).toEqual([]);
    }
    // Each module fetched once: back on a lab, its module was still in the page.
    const counts = {};
    for (const f of all) counts[f] = (counts[f] || 0) + 1;
    expect(Object.values(build.modules).map(([, w]) => counts[w.split('/').pop()] || 0).filter((n) => n > 1)).toEqual([]);
    // And home, from the last lab.
    await page.getByRole('link', { name: 'Rescale Lab', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rescale Lab' })).toBeVisible();
  });
}

test('a module the host no longer has (a new build deployed meanwhile) is loaded by a reload', async ({ page }) => {
  const [from, to] = labs;
  await open(page, `#/${from}`);
  await labShown(page, from);
  await page.evaluate(() => { window.rescaleLabSpecMark = 'before'; });
  // The next module's wasm answers 404 once, as a file of the replaced build would.
  const gone = moduleFile(to).replace(/\./g, '\\.');
  expectProblems(page, [new RegExp(`^HTTP 404: .*/${gone}$`), /^console error: Failed to load resource: .* 404/]);
  let refused = 0;
  await page.route(`**/${moduleFile(to)}`, (route) => {
    if (refused++ === 0) return route.fulfill({ status: 404, body: 'gone' });
    return route.continue();
  });
  await page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: titles[to] }).click();
  await labShown(page, to);
  expect(refused).toBe(2);
  expect(await page.evaluate(() => window.rescaleLabSpecMark)).toBeUndefined();
});

test('the first module failing says so on the page, with no reload', async ({ page }) => {
  const lab = labs[0];
  const gone = moduleFile(lab).replace(/\./g, '\\.');
  expectProblems(page, [new RegExp(`^HTTP 404: .*/${gone}$`), /^console error: Failed to load resource: .* 404/,
    new RegExp(`^console error: Error: pkg/${gone}: HTTP 404`)]);
  await page.route(`**/${moduleFile(lab)}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`./#/${lab}`);
  await expect(page.getByText(/Rescale Lab could not start: .*HTTP 404/)).toBeVisible();
  await page.evaluate(() => { window.rescaleLabSpecMark = 'kept'; });
  await expect(page.getByText(/Rescale Lab could not start/)).toBeVisible();
  expect(await page.evaluate(() => window.rescaleLabSpecMark)).toBe('kept');
});

test('after a first visit every lab opens offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  await open(page, '#/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The worker's install has cached every module.
  await expect.poll(() => page.evaluate(async (files) => {
    const names = await caches.keys();
    const cached = new Set();
    for (const name of names) for (const r of await (await caches.open(name)).keys()) cached.add(new URL(r.url).pathname.split('/').pop());
    return files.filter((f) => !cached.has(f));
  }, [...Object.values(build.modules), ...Object.values(build.chunks)].flat().map((f) => f.split('/').pop())), { timeout: 30_000 }).toEqual([]);
  await context.setOffline(true);
  for (const lab of labs) {
    const tab = await context.newPage();
    await tab.goto(`./#/${lab}`);
    await labShown(tab, lab);
    // Every part below the first screen mounts, its chunk from the worker's cache.
    await tab.keyboard.press('Shift');
    await expect(tab.locator('.wanted-slot, .deferred')).toHaveCount(0);
    await tab.close();
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale Lab' })).toBeVisible();
  await context.setOffline(false);
});

// An embed of each lab: its frame holds the lab without the site's navigation.
for (const lab of labs) {
  test(`${lab} embeds in a frame`, async ({ page }) => {
    await open(page, '#/');
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.title = 'embedded lab';
      frame.src = src;
      document.body.append(frame);
    }, `#/${lab}?embed=1`);
    const frame = page.frameLocator('iframe[title="embedded lab"]');
    await expect(frame.getByRole('heading', { level: 1, name: titles[lab] })).toBeVisible();
    await expect(frame.getByRole('navigation', { name: 'Labs' })).toHaveCount(0);
  });
}
