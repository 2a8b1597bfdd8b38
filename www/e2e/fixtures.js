// Shared fixtures: every test's page fails the test on a console error, an uncaught page
// error, a wasm panic message, an HTTP error, or any request that leaves the page's own
// origin. `axeViolations` runs axe-core inside the page.
import { test as base, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const test = base.extend({
  page: async ({ page, baseURL }, use, testInfo) => {
    const problems = [];
    const origin = new URL(baseURL).origin;
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /panicked/.test(msg.text())) problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        problems.push(`request left the page's origin: ${url}`);
      }
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    // Every section laid out from the start. The lab's `content-visibility: auto` sections take
    // their real height only when first on screen, so the scroll to a button below them moves
    // it just as it is clicked (clicks lost in CI). A constructed style sheet, which the page's
    // Content-Security-Policy allows (it refuses <style> elements). The timing specs keep the
    // shipped CSS: they measure what a reader gets.
    if (testInfo.project.name !== 'timing') await page.addInitScript(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('* { content-visibility: visible !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    await use(page);
    expect(problems, 'console errors, foreign requests or HTTP errors').toEqual([]);
  },
});

export { expect };

/**
 * Opens a hash route and waits until the app has rendered into #app. Then, as a reader who
 * works with the page, presses Shift: the page's first input, after which every part below
 * the first screen mounts (components/wanted.rs). `{ input: false }` leaves the page untouched,
 * for the specs of what loads before any input (deferred.spec.js).
 */
export async function open(page, hash, { input = true } = {}) {
  await page.goto(`./${hash}`);
  if (input) await engage(page);
  else await expect(page.locator('#app main')).toBeVisible();
}

/**
 * Waits for the app (after a reload or a goto), then gives it the reader's first input and
 * waits for what that input brings: every part below the first screen mounted with its code.
 * A test then acts on a page that no longer moves (a part arriving above a button while it is
 * clicked would send the click elsewhere).
 */
export async function engage(page) {
  await expect(page.locator('#app main')).toBeVisible();
  await page.keyboard.press('Shift');
  await settled(page);
}

/**
 * Waits until `scope` (a page or a frame) holds no empty slot of a part not yet wanted and no
 * part still loading its code (components/wanted.rs, components/deferred.rs). Without input a
 * page gets there by its idle trigger, after about 3 s.
 */
export async function settled(scope) {
  await expect(scope.locator('.wanted-slot, .loading.deferred')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Once every part of the lab is in place ([`engage`]), opens the Embed panel from the keyboard,
 * as a keyboard user does. The button is at the foot of
 * the lab; on owners, skew and savepoint the sections above it are laid out only once on screen
 * (`content-visibility: auto`), so scrolling down to it changes their height and a pointer
 * aimed at the button may land where it was.
 */
export async function openEmbed(page) {
  await engage(page);
  const button = page.getByRole('button', { name: 'Embed' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** axe-core violations on the current page (WCAG 2 A/AA rules and best practices). */
export async function axeViolations(page) {
  // evaluate() is not subject to the page's CSP, unlike an injected <script>.
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
