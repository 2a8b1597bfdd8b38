// An exercise set from another site: read when that site allows it (CORS), and refused with a
// message naming the address and the reason when it does not. The sets are served by the embed
// demo's server (another origin, playwright.config.js), which shares only www/sets/shared/.
import { test, expect } from '@playwright/test';
import { pageSettled } from '../settled.js';

const otherSite = `http://127.0.0.1:${Number(process.env.E2E_PORT || 4173) + 1}`;

test('a set on another site that allows it is loaded; one that does not is named with the reason', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const shared = `${otherSite}/sets/shared/day-1.json`;
  await page.goto(`/#/?exercises=${encodeURIComponent(shared)}`);
  await expect(page.getByRole('heading', { name: 'Guided path: Day 1 (shared)' })).toBeVisible();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 2 (first attempts).');
  const step = page.locator('[data-exercise="d1-owner"]');
  await step.getByRole('textbox').fill('3');
  await step.getByRole('button', { name: 'Check: Owner at 4' }).click();
  await expect(step.locator('.training-verdict')).toHaveAttribute('data-verdict', 'correct');

  const private_ = `${otherSite}/sets/day-1.json`;
  await page.goto(`/#/?exercises=${encodeURIComponent(private_)}`);
  await expect(page.getByRole('alert')).toHaveText(
    `The exercises could not be loaded: ${private_} could not be read: its site does not let other sites read it (CORS), or could not be reached.`,
  );
  expect(errors).toEqual([]);
});

test('a link to another set, opened in the same tab, shows neither the set before it nor a settled page until it arrives', async ({ page }) => {
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: 'Guided path: Rescaling keyed state, step by step' })).toBeVisible();
  // The new set is held back until the page has been looked at while it is on its way.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const shared = `${otherSite}/sets/shared/day-1.json`;
  await page.route(shared, async (route) => { await held; await route.continue(); });
  await page.evaluate((hash) => { location.hash = hash; }, `#/?exercises=${encodeURIComponent(shared)}&present=1`);
  await expect(page.getByRole('heading', { name: /^Guided path/ })).toHaveText('Guided path');
  await expect(page.getByText('A stride that reaches everything')).toHaveCount(0);
  expect(await page.evaluate(pageSettled)).toBe(false);
  release();
  await expect(page.getByRole('heading', { name: 'Guided path: Day 1 (shared)' })).toBeVisible();
  await expect.poll(() => page.evaluate(pageSettled)).toBe(true);
});
