// Deferred parts (components/deferred.rs, components/wanted.rs): a part below a lab's first
// screen, and the Embed panel, live in wasm chunks of their own (dist/build.json lists each
// module's chunks). A phone-sized first screen fetches none of the far parts; scrolling to
// them, or the reader's first input, fetches them and shows them; the Embed panel's chunk comes
// with its first opening; a failed fetch says so with a Retry that works once the network is
// back.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as plain } from '@playwright/test';
import { test, expect, open, engage, settled, chunk } from './fixtures.js';

const build = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/build.json', import.meta.url)), 'utf8'));
const file = (path) => path.split('/').pop();

/** The wasm files the page requests (not its service worker's). */
function wasmRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    if (!r.serviceWorker() && new URL(r.url()).pathname.endsWith('.wasm')) seen.push(file(new URL(r.url()).pathname));
  });
  return seen;
}

test('every module but home has chunks, each named after its module and sent as wasm', async ({ page }) => {
  expect(Object.keys(build.chunks).sort()).toEqual(Object.keys(build.modules).sort());
  for (const [module, files] of Object.entries(build.chunks)) {
    expect(files.length, module).toBeGreaterThan(0);
    for (const f of files) expect(f).toMatch(new RegExp(`^pkg/${module}-[a-z0-9_]+\\.[0-9a-f]{12}\\.wasm$`));
  }
  const response = await page.request.get(`./${build.chunks.skew[0]}`);
  expect(response.headers()['content-type']).toBe('application/wasm');
  // Named by content, so a host may cache it for ever.
  expect(response.headers()['cache-control']).toContain('immutable');
});

test('the home page leaves the class view\'s code alone; the class view fetches it', async ({ page }) => {
  const wasm = wasmRequests(page);
  await open(page, '#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale Lab' })).toBeVisible();
  const classView = chunk('home', 'home_class_view');
  expect(wasm).not.toContain(classView);
  await page.goto('./#/class');
  await expect(page.getByRole('heading', { level: 1, name: 'Class view' })).toBeVisible();
  await expect(page.getByLabel('LRS endpoint')).toBeVisible();
  expect(wasm).toContain(classView);
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the skew lab fetches its far parts only when scrolled to', async ({ page }) => {
    const wasm = wasmRequests(page);
    await open(page, '#/skew', { input: false });
    await expect(page.getByTestId('skew-percent')).toHaveText(/^\d+$/);
    // Settled without input: the observer has said which slots are near the first screen.
    const table = chunk('skew', 'skew_key_table');
    expect(wasm).not.toContain(table);
    expect(wasm).not.toContain(chunk('skew', 'lab_embed_panel'));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const keys = page.getByRole('textbox', { name: 'Keys (CSV)' });
    await keys.scrollIntoViewIfNeeded();
    await expect(keys).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' }).last()).toBeVisible();
    expect(wasm).toContain(table);
    await expect(page.locator('.deferred')).toHaveCount(0);
  });

  test('the home page fetches the guided path once the reader scrolls to it', async ({ page }) => {
    const wasm = wasmRequests(page);
    await open(page, '#/', { input: false });
    await expect(page.getByRole('heading', { name: 'Labs' })).toBeVisible();
    expect(wasm.filter((f) => f.startsWith('home-'))).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => wasm).toContain(chunk('home', 'home_training'));
  });
});

test('the Embed panel is fetched when it first opens, and keeps its choices when closed', async ({ page }) => {
  const wasm = wasmRequests(page);
  await open(page, '#/coverage', { input: false });
  const button = page.getByRole('button', { name: 'Embed' });
  await expect(button).toBeVisible();
  const panel = chunk('coverage', 'lab_embed_panel');
  expect(wasm).not.toContain(panel);
  // The button sits beside the heading: the parts that this first input mounts below it leave
  // it where it was, so a pointer lands on it at once.
  const before = await button.boundingBox();
  await button.click();
  await expect(page.getByLabel('Embed snippet')).toHaveValue(/<iframe/);
  expect(wasm.filter((f) => f === panel)).toHaveLength(1);
  await expect(page.locator('.wanted-slot')).toHaveCount(0);
  expect(await button.boundingBox()).toEqual(before);
  await settled(page);
  await page.getByLabel('Height in pixels').fill('640');
  await expect(page.getByLabel('Embed snippet')).toHaveValue(/height="640"/);
  await page.getByRole('button', { name: 'Embed' }).click();
  await page.getByRole('button', { name: 'Embed' }).click();
  await expect(page.getByLabel('Height in pixels')).toHaveValue('640');
  expect(wasm.filter((f) => f === panel)).toHaveLength(1);
});

// The next two hold or fail a chunk's fetch with page.route, which never sees a fetch the
// service worker answers: the worker is kept out (as on a first visit before it took over).
test.describe('with no service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a wanted part keeps its slot\'s height while its code loads, so the page below moves once', async ({ page }) => {
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route(`**/${chunk('planner', 'planner_plan')}`, async (route) => { await held; await route.continue(); });
    // Not open(): with the chunk held the page cannot settle.
    await page.goto('./#/planner');
    await expect(page.locator('#app main h1')).toBeVisible();
    await page.keyboard.press('Shift');
    const loading = page.getByText('Loading the plan…');
    await expect(loading).toBeVisible();
    // The slot was 900 px (tall); the part in it, still loading, is one line, in a box as tall.
    const part = page.locator('.wanted-part.tall');
    expect((await part.boundingBox()).height).toBeGreaterThanOrEqual(900);
    release();
    await expect(loading).toHaveCount(0);
    await expect(part.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.locator('.wanted-slot, .loading.deferred')).toHaveCount(0);
  });
});

// Plain Playwright: the failed fetch is logged as an error by the chunk loader, on purpose.
plain.describe('with no service worker', () => {
  plain.use({ serviceWorkers: 'block' });

  plain('a part whose code cannot be fetched says so, and Retry fetches it', async ({ page }) => {
    const panel = chunk('trace', 'lab_embed_panel');
    await page.route(`**/${panel}`, (route) => route.abort());
    await page.goto('./#/trace');
    await engage(page);
    await page.getByRole('button', { name: 'Embed' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the snippet builder' });
    await expect(alert).toBeVisible();
    await page.unroute(`**/${panel}`);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByLabel('Embed snippet')).toHaveValue(/<iframe/);
    await expect(alert).toHaveCount(0);
  });
});

// Plain Playwright: the failed module fetch is logged as an error by the browser, on purpose.
plain.describe('offline with no service worker', () => {
  plain.use({ serviceWorkers: 'block' });

  plain('a lab of another module says so with Retry, and the page it left stays (no reload)', async ({ page, context }) => {
    // Found by a walk-through: the boot loader reloaded the page, offline, onto the browser's
    // own offline page, and everything the reader had in it was gone.
    await page.goto('./#/');
    await expect(page.getByRole('heading', { level: 1, name: 'Rescale Lab' })).toBeVisible();
    await page.evaluate(() => { window.__kept = 'home'; });
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: 'Key owners' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load this lab: the page is offline' });
    await expect(alert).toBeVisible();
    expect(await page.evaluate(() => window.__kept)).toBe('home');
    // Found by a walk-through: the title stayed the page left's, and Retry pressed offline left
    // the focus on <body>.
    await expect(page).toHaveTitle('Could not load this lab · Rescale Lab');
    await alert.getByRole('button', { name: 'Retry' }).press('Enter');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeFocused();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Rescale Lab' })).toBeVisible();
    await expect(page).toHaveTitle('Rescale Lab');
    await page.goForward();
    await expect(alert).toBeVisible();
    await expect(page).toHaveTitle('Could not load this lab · Rescale Lab');
    // Back online while it is shown: it loads by itself.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Key owners' })).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveTitle('Key owners · Rescale Lab');
    expect(await page.evaluate(() => window.__kept)).toBe('home');
    // Offline again, another lab fails; online while away from it, shown again it loads.
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: 'Skew editor' }).click();
    await expect(alert).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Key owners' })).toBeVisible();
    await context.setOffline(false);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Skew editor' })).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(await page.evaluate(() => window.__kept)).toBe('home');
  });
});
