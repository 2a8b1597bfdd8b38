// Shared fixtures: every test's page fails the test on a console error, an uncaught page
// error, a wasm panic message, an HTTP error, or any request that leaves the page's own
// origin. `axeViolations` runs axe-core inside the page.
import { test as base, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { pageSettled } from '../settled.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const build = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/build.json', import.meta.url)), 'utf8'));

/** The file name of the wasm chunk `name` of `module` (dist/build.json lists each module's chunks). */
export function chunk(module, name) {
  const found = build.chunks[module].map((path) => path.split('/').pop()).filter((f) => f.startsWith(`${module}-${name}.`));
  expect(found, `the ${module} module's chunk ${name}`).toHaveLength(1);
  return found[0];
}

// Problems a test provokes on purpose (a missing file, say), by page: the test asserts them itself.
const expected = new WeakMap();

/**
 * Clicks the button named `name` in `scope` (the page or a part of it) and returns the file it
 * offers for download: `{ name, text }`, its suggested file name and its text.
 */
export async function downloaded(scope, name) {
  const page = typeof scope.page === 'function' ? scope.page() : scope;
  const [download] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name }).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

/**
 * The verdict `locator` shows is `verdict` (its `data-verdict`) and its text holds each of
 * `texts` (strings or patterns), each waited for as the page settles.
 */
export async function expectVerdict(locator, verdict, texts) {
  await test.step(`verdict ${verdict}`, async () => {
    await expect(locator).toHaveAttribute('data-verdict', verdict);
    for (const text of texts) await expect(locator).toContainText(text);
  }, { box: true });
}

/** Lets `page` report problems that match one of `patterns`, which the test provokes. */
export function expectProblems(page, patterns) {
  expected.set(page, patterns);
}

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
    const allowed = expected.get(page) || [];
    const unexpected = problems.filter((p) => !allowed.some((pattern) => pattern.test(p)));
    expect(unexpected, 'console errors, foreign requests or HTTP errors').toEqual([]);
  },
});

export { expect };

/**
 * Opens a hash route, waits until its first screen has settled, then presses Shift as a reader
 * who works with the page: the page's first input, after which every part below the first
 * screen mounts (components/wanted.rs); then waits until the page has settled again
 * ([`engage`]). `{ input: false }` leaves the page untouched, for the specs of what loads
 * before any input (deferred.spec.js): it waits until the first screen has settled.
 */
export async function open(page, hash, { input = true } = {}) {
  await page.goto(`./${hash}`);
  if (input) await engage(page);
  else await settled(page);
}

/**
 * Waits until the page shows its route and has settled, gives it the reader's first input,
 * and waits for what that input brings: every part below the first screen mounted with its code
 * (no empty slot is left) and the page settled again. A test then acts on a page that no longer
 * moves (a part arriving above a button while it is clicked would send the click elsewhere).
 * The first wait matters: a route whose lab is in another wasm module shows only once that
 * module has loaded (static/boot.js), and an input given to the page before it is not the lab's.
 */
export async function engage(page) {
  await settled(page);
  await page.keyboard.press('Shift');
  await expect(page.locator('.wanted-slot')).toHaveCount(0, { timeout: 20_000 });
  await settled(page);
}

/**
 * Waits for the page's settled signal (components/settle.rs): `<main data-settled>` names the
 * hash the page settled at, once the lab has written its canonical link and nothing is still
 * on its way (a part's code, a slot the first screen may want, a render in steps, a stepped
 * import or read, playback, the exercise file). The value must equal `location.hash` (the
 * frame's own, for a FrameLocator), so a mark left from the route shown before a navigation
 * cannot pass. A route whose module is still loading is not settled: only the route's own
 * module root is in the document (static/boot.js), and it has no <main> until its app starts.
 */
export async function settled(scope) {
  // A FrameLocator: the frame it points at, which can be asked for its own hash.
  const target = typeof scope.evaluate === 'function' ? scope : await (await scope.owner().elementHandle()).contentFrame();
  await expect.poll(() => target.evaluate(pageSettled).catch((error) => {
    if (/context was destroyed|navigat/i.test(error.message)) return false;
    throw error;
  }), { timeout: 20_000, intervals: [50, 100, 250] }).toBe(true);
}

/** From the page's start, every main-thread task over 50 ms (ms), in `window.__long`. */
export const watchLongTasks = (page) => page.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(Math.round(e.duration)))).observe({ type: 'longtask', buffered: true });
});

/**
 * Once settled (no step of the page's work left), then one idle period of the page, so the
 * observer has reported every long task that ran: their lengths, longest first. Bounded at
 * 2 s: with both cores busy the stress run once saw no idle period for a minute.
 */
export async function longTasks(page) {
  await settled(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  return page.evaluate(() => window.__long.sort((a, b) => b - a));
}

/**
 * The page's URL once it has settled: its canonical link, as a reader would copy it from the
 * address bar. Compare it later with `await expect(page).toHaveURL(url)`.
 */
/** Pastes `text` into a text area as the clipboard would deliver it (a real paste event). */
export async function paste(locator, text) {
  await locator.evaluate((area, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

export async function settledURL(page) {
  await settled(page);
  return page.url();
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

/**
 * On home, follows a guided step's "Open the lab for this step" from the keyboard and comes
 * Back; returns how far down home then stands (scrollY), once the step is back in view with
 * the link it was left by in view and focused, so Tab goes on from there.
 */
export async function backFromStepLab(page, step) {
  const link = step.getByRole('link', { name: 'Open the lab for this step' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Rescale Lab$/);
  await page.goBack();
  await expect(page.getByTestId('training-score')).toBeVisible();
  await expect(step).toBeInViewport();
  await expect(link).toBeInViewport();
  await expect(link).toBeFocused();
  return page.evaluate(() => window.scrollY);
}
