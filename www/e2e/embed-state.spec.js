// Embeds that follow the state: inside a frame, Open in Rescale Lab links to the state the
// reader has reached; the Embed snippet follows every edit, names the state in its title,
// carries the origin field and the host script's tag; the host script ships with the site
// (with the integrity hash the snippet names) and sizes a frame on a page of another origin;
// Copy snippet says Copied; Esc closes the panel.
import { test, expect } from '@playwright/test';
import { openEmbed } from './fixtures.js';

const labPort = Number(process.env.E2E_PORT || 4173);
const lab = `http://127.0.0.1:${labPort}/`;

test('inside a frame, Open in Rescale Lab follows the state', async ({ page }) => {
  await page.goto(`${lab}#/owners?maxp=128&p=100&embed=1`);
  const open = page.getByRole('link', { name: 'Open in Rescale Lab' });
  await expect(open).toHaveAttribute('href', /p=100/);
  await page.getByLabel('Exact parallelism').fill('64');
  await expect(page).toHaveURL(/p=64/);
  await expect(open).toHaveAttribute('href', /#\/owners\?maxp=128&p=64$/);
  await expect(page).toHaveTitle('Key owners: max parallelism 128, parallelism 64 · Rescale Lab');
  await page.goto(`${lab}#/coverage?m=8&a=3&embed=1`);
  await page.getByLabel('Stride a').fill('2');
  await expect(page.getByRole('link', { name: 'Open in Rescale Lab' })).toHaveAttribute('href', /a=2/);
});

test('the Embed snippet follows the state and carries the origin and the host script', async ({ page }) => {
  await page.goto(`${lab}#/owners?maxp=128&p=100`);
  await openEmbed(page);
  const snippet = page.getByLabel('Embed snippet');
  await expect(snippet).toHaveValue(/p=100/);
  await page.getByRole('spinbutton', { name: 'Exact parallelism' }).fill('64');
  await expect(snippet).toHaveValue(/p=64/);
  await expect(snippet).toHaveValue(/title="Rescale Lab: Key owners: max parallelism 128, parallelism 64"/);
  const origin = page.getByLabel('Send results to origin');
  await origin.fill('not an origin');
  await expect(page.locator('#embed-origin-error')).toContainText('such as https://docs.example.com');
  // A page's address is taken for its origin, and the hint says what was left out.
  await origin.fill('https://Docs.Example.com/guide/rescale.html?v=2');
  await expect(page.locator('#embed-origin-error')).toHaveCount(0);
  await expect(snippet).toHaveValue(/origin=https%3A%2F%2Fdocs\.example\.com["&]/);
  await expect(page.locator('#embed-origin-hint')).toHaveText(/Results go to https:\/\/docs\.example\.com only/);
  await origin.fill('https://docs.example.com');
  await expect(page.locator('#embed-origin-hint')).toContainText("The documentation site's origin");
  await expect(snippet).toHaveValue(/origin=https%3A%2F%2Fdocs\.example\.com/);
  const text = await snippet.inputValue();
  const integrity = await page.locator('meta[name="rescale-lab-embed-host"]').getAttribute('content');
  expect(integrity).toMatch(/^sha384-/);
  expect(text).toContain(`<script src="${lab}embed-host.js" integrity="${integrity}" crossorigin="anonymous" defer></script>`);
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  const copied = page.locator('#embed-panel').getByRole('status');
  await expect(copied).toHaveText('Copied');
  // A second Copy is said again: the status empties, then says Copied (it had stayed as it was).
  await copied.evaluate((el) => {
    window.statusSaid = [];
    new MutationObserver(() => window.statusSaid.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  await expect.poll(() => page.evaluate(() => window.statusSaid)).toEqual(expect.arrayContaining(['', 'Copied']));
  expect((await page.evaluate(() => window.statusSaid)).at(-1)).toBe('Copied');
  // A changed snippet is not the one copied: the status says nothing until the next Copy.
  await page.getByLabel('Height in pixels').fill('901');
  await expect(snippet).toHaveValue(/height="901"/);
  await expect(copied).toHaveText('');
  await snippet.press('Escape');
  await expect(snippet).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Embed' })).toBeFocused();
});

test('the origin field: an address that is no origin leaves none in the snippet, and a default port is left out', async ({ page }) => {
  await page.goto(`${lab}#/owners?maxp=128&p=100`);
  await openEmbed(page);
  const snippet = page.getByLabel('Embed snippet');
  const origin = page.getByLabel('Send results to origin');
  await origin.fill('http://127.0.0.1:5191/');
  await expect(snippet).toHaveValue(/origin=http%3A%2F%2F127\.0\.0\.1%3A5191["&]/);
  for (const bad of ['*', 'javascript:alert(1)']) {
    await origin.fill(bad);
    await expect(origin).toHaveAttribute('aria-invalid', 'true');
    // Never the last valid origin: the snippet sends nothing, and the field says so.
    await expect(snippet).not.toHaveValue(/&amp;origin=/);
    await expect(page.locator('#embed-origin-error')).toContainText('the snippet sends no results');
  }
  // The browser's event.origin never writes a scheme's default port; the snippet does not either.
  await origin.fill('https://docs.example.com:443/guide/');
  await expect(origin).not.toHaveAttribute('aria-invalid', 'true');
  await expect(snippet).toHaveValue(/origin=https%3A%2F%2Fdocs\.example\.com["&]/);
  await origin.fill('http://127.0.0.1:80');
  await expect(snippet).toHaveValue(/origin=http%3A%2F%2F127\.0\.0\.1["&]/);
  // A section chosen: the frame's title names it.
  await page.getByLabel('Section').selectOption('lookup');
  await expect(snippet).toHaveValue(/title="Rescale Lab: Key owners \(Look up a key\): max parallelism 128, parallelism 100"/);
});

test('the snippet\'s host script is the one beside the lab, whatever address the lab was opened at', async ({ page }) => {
  for (const opened of [`${lab}index.html`, `${lab}?ref=docs`, `${lab}index.html?ref=a/b`]) {
    await page.goto(`${opened}#/owners?maxp=128&p=100`);
    await openEmbed(page);
    await expect(page.getByLabel('Embed snippet')).toHaveValue(new RegExp(`<script src="${lab.replaceAll('.', '\\.')}embed-host\\.js"`));
    // The same address the page got its frame from: the lab itself, as it was opened.
    await expect(page.getByLabel('Embed snippet')).toHaveValue(new RegExp(`src="${opened.replaceAll('.', '\\.').replaceAll('?', '\\?')}#/owners`));
  }
  // A number input holding what is not a number: the height's message says so and names the bounds.
  await page.getByLabel('Height in pixels').fill('1e309');
  await expect(page.locator('#embed-height-error')).toHaveText('not a number: type digits only, between 200 and 5000');
  await expect(page.getByLabel('Embed snippet')).toHaveValue(/height="900"/);
});

async function docsPage(page, extra) {
  const host = await page.request.get(`${lab}embed-host.js`);
  expect(host.status()).toBe(200);
  expect(host.headers()['content-type']).toContain('javascript');
  await page.goto(`${lab}#/coverage`);
  // Leave only once the lab runs: its module download, still under way after the load
  // event, would otherwise be aborted by the next navigation and logged as a failure.
  await expect(page.getByLabel('Stride a')).toBeVisible();
  const integrity = await page.locator('meta[name="rescale-lab-embed-host"]').getAttribute('content');
  // A documentation page on another origin (the demo server's), including the shipped script.
  const logs = [];
  page.on('console', (m) => logs.push(m.text()));
  page.on('requestfailed', (r) => logs.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  await page.goto(`http://127.0.0.1:${labPort + 1}/embed-host-check.html?lab=${encodeURIComponent(lab)}&integrity=${encodeURIComponent(integrity)}${extra}`);
  return logs;
}

const frameHeight = (page) => page.locator('#f').evaluate((f) => parseInt(f.style.height || '0', 10));

test('the shipped host script sizes a frame on a page of another origin', async ({ page }) => {
  const logs = await docsPage(page, '');
  await expect.poll(() => frameHeight(page), { timeout: 15000 }).toBeGreaterThan(400);
  expect(logs.filter((l) => l.startsWith('failed'))).toEqual([]);
});

test('a host script that runs after the frame first reported still sizes it (it asks again)', async ({ page }) => {
  await docsPage(page, '&late=1');
  // The frame's first report reached the page before the host script existed.
  await expect(page.locator('body')).toHaveAttribute('data-first-report', /^\d+$/, { timeout: 15000 });
  await expect.poll(() => frameHeight(page), { timeout: 15000 }).toBeGreaterThan(400);
});
