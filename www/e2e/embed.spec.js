// Embeds as a documentation page uses them: the demo page (on its own origin) embeds three
// labs that size their frames, a graded prediction reaches the page, a foreign origin gets
// nothing, the Embed button's snippet reproduces the state, and locked controls stay locked.
import { test as base, expect } from '@playwright/test';
import { engage, settled } from './fixtures.js';

const labPort = Number(process.env.E2E_PORT || 4173);
const lab = `http://127.0.0.1:${labPort}/`;
const demo = `http://127.0.0.1:${labPort + 1}/embed-demo.html?lab=${encodeURIComponent(lab)}`;

const test = base.extend({
  page: async ({ page }, use) => {
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error' || /panicked/.test(m.text())) problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => { if (!r.url().startsWith('http://127.0.0.1:') && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`foreign request ${r.url()}`); });
    await use(page);
    expect(problems).toEqual([]);
  },
});

test('the demo page embeds three labs that size their own frames', async ({ page }) => {
  await page.goto(demo);
  for (const id of ['coverage-frame', 'owners-frame', 'skew-frame']) {
    const frame = page.locator(`#${id}`);
    await expect.poll(async () => frame.evaluate((f) => parseInt(f.style.height || '0', 10)), { message: id }).toBeGreaterThan(400);
    const inside = page.frameLocator(`#${id}`);
    await expect(inside.getByRole('navigation', { name: 'Labs' })).toHaveCount(0);
    await expect(inside.getByRole('link', { name: 'Open in Rescale Lab' })).toBeVisible();
  }
  const owners = page.frameLocator('#owners-frame');
  await expect(owners.getByRole('slider', { name: 'Parallelism' })).toHaveValue('100');
  // The frame follows its content: opening the rescale diff makes it taller.
  const before = await page.locator('#coverage-frame').evaluate((f) => parseInt(f.style.height, 10));
  const coverage = page.frameLocator('#coverage-frame');
  await coverage.getByLabel('Modulus m').fill('60');
  await expect.poll(async () => page.locator('#coverage-frame').evaluate((f) => parseInt(f.style.height, 10))).toBeGreaterThan(before);
});

test('a graded prediction reaches the embedding page as an xAPI-shaped statement', async ({ page }) => {
  await page.goto(demo);
  const coverage = page.frameLocator('#coverage-frame');
  const group = coverage.getByRole('group', { name: 'Prediction' });
  for (let r = 0; r < 8; r++) await group.getByRole('checkbox', { name: `Residue ${r}`, exact: true }).check();
  for (let i = 0; i < 8; i++) await coverage.getByRole('button', { name: 'Step' }).click();
  await expect(coverage.getByTestId('prediction-result')).toHaveAttribute('data-verdict', 'correct');
  const result = page.locator('#results li').first();
  await expect(result).toContainText('answered Modular coverage');
  await expect(result).toHaveAttribute('data-success', 'true');
  await expect(result).toHaveAttribute('data-from', 'coverage-frame');
});

test('without the right origin nothing is sent, and a foreign ping is ignored', async ({ page }) => {
  await page.goto(demo);
  await page.evaluate((lab) => {
    window.__got = [];
    window.addEventListener('message', (e) => { if (e.data && typeof e.data.type === 'string' && e.data.type !== 'rescale-lab:resize') window.__got.push(e.data.type); });
    const frame = document.getElementById('coverage-frame');
    frame.src = `${lab}#/coverage?m=8&a=2&embed=1&origin=${encodeURIComponent('https://docs.example.com')}`;
  }, lab);
  const coverage = page.frameLocator('#coverage-frame');
  await expect(coverage.getByLabel('Stride a')).toHaveValue('2');
  for (const r of [0, 2, 4, 6]) await coverage.getByRole('checkbox', { name: `Residue ${r}`, exact: true }).check();
  for (let i = 0; i < 4; i++) await coverage.getByRole('button', { name: 'Step' }).click();
  await expect(coverage.getByTestId('prediction-result')).toHaveAttribute('data-verdict', 'correct');
  // The foreign ping, then a measure request: the frame handles its messages in order, so by
  // the time the measure's resize report arrives, a pong (if any) would have arrived before it.
  await settled(coverage);
  await page.evaluate(() => {
    const frame = document.getElementById('coverage-frame').contentWindow;
    window.__measured = false;
    window.addEventListener('message', (e) => {
      if (e.source === frame && e.data && e.data.type === 'rescale-lab:resize') window.__measured = true;
    });
    frame.postMessage({ type: 'rescale-lab:ping' }, '*');
    frame.postMessage({ type: 'rescale-lab:measure' }, '*');
  });
  await expect.poll(() => page.evaluate(() => window.__measured)).toBe(true);
  expect(await page.evaluate(() => window.__got)).toEqual([]);
  await expect(page.locator('#results li')).toHaveCount(0);
  // The allowed origin does get an answer to the same ping.
  await page.evaluate(() => document.getElementById('owners-frame').contentWindow.postMessage({ type: 'rescale-lab:ping' }, '*'));
  await expect.poll(() => page.evaluate(() => window.__got)).toContain('rescale-lab:pong');
});

test('the Embed button\'s snippet reproduces the state, with locked controls locked', async ({ page }) => {
  await page.goto(`${lab}#/coverage?m=12&a=5`);
  // Every part of the lab in place first: one arriving above the button would move it mid-click.
  await engage(page);
  await page.getByRole('button', { name: 'Embed' }).click();
  await page.getByLabel('Modulus m (m)').check();
  await page.getByLabel('Theme').selectOption('dark');
  await page.getByLabel('Height in pixels').fill('720');
  const snippet = await page.getByLabel('Embed snippet').inputValue();
  expect(snippet).toContain('height="720"');
  expect(snippet).toContain('title="Rescale Lab: Modular coverage: modulus m 12, stride a 5"');
  const src = snippet.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  expect(src).toContain('embed=1');
  expect(src).toContain('lock=m');
  await page.goto(src);
  await expect(page.getByRole('navigation', { name: 'Labs' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const m = page.getByLabel('Modulus m');
  await expect(m).toHaveValue('12');
  await expect(m).not.toBeEditable();
  await expect(m).toHaveAccessibleDescription(/Locked by the page this lab is embedded in/);
  await expect(page.getByLabel('Stride a')).toBeEnabled();
  await expect(page.getByLabel('Stride a')).toHaveValue('5');
});

test('locks work on every kind of control', async ({ page }) => {
  await page.goto(`${lab}#/owners?maxp=128&p=100&embed=1&lock=p,type,maxp`);
  await expect(page.getByRole('slider', { name: 'Parallelism' })).toBeDisabled();
  // A locked number field is read-only: the keyboard reaches it, typing changes nothing.
  const exact = page.getByLabel('Exact parallelism');
  await expect(exact).not.toBeEditable();
  await exact.focus();
  await expect(exact).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('7');
  await expect(exact).toHaveValue('100');
  await expect(page.getByLabel('Key type')).toBeDisabled();
  await expect(page.getByLabel('Max parallelism')).not.toBeEditable();
  await expect(page.getByLabel('Key', { exact: true })).toBeEnabled();
});
