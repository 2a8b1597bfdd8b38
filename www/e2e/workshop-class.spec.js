// A class run from the guided path (issue 25's workshop findings): a trainer's set with two
// exercises under one id, an exercise edited between two visits, answers hidden for the whole
// visit (navigation, the title link, step links, the coverage lab's readouts), presenter mode's
// step in the link and a clicker's keys, one step by link, Reset progress asking, and answers
// that do not repeat their verdict ("No. No.").
import { test, expect, open, settled } from './fixtures.js';

// The trainer's file is served by page.route, which does not see a request the service worker
// makes: once the worker controls the page (after a reload, or a route in another module), the
// file would be fetched past the route and missing. No worker here, so every fetch is the page's.
test.use({ serviceWorkers: 'block' });

const owner = (id, group, prompt, title = `Owner of ${group}`) => ({
  id, kind: 'owner_of_group', max: 128, p: 100, group, title, prompt,
});
const set = (...exercises) => ({ format: 'rescale-lab-exercises', version: 1, title: 'Class set', exercises });
const coverage = { id: 'w-reach', kind: 'coverage_reach', m: 8, a: 2, title: 'Reach', prompt: 'How many residues does 2 reach mod 8?' };

/** Serves `body` as the trainer's exercise file `class-set.json` (fetched from this site). */
async function serveSet(page, body) {
  await page.unroute('**/class-set.json');
  await page.route('**/class-set.json', (route) => route.fulfill({ json: body }));
}

const answer = async (step, text) => {
  await step.getByRole('textbox').fill(text);
  await step.getByRole('textbox').press('Enter');
};

test('a second exercise with a taken id is refused by name, and the first grades alone', async ({ page }) => {
  await serveSet(page, set(owner('w-owner', 77, 'Who owns 77?'), owner('w-other', 3, 'Who owns 3?'), owner('w-owner', 5, 'Who owns 5?')));
  await open(page, '#/?exercises=class-set.json');
  await expect(page.getByText('exercise "w-owner" (entry 3) was skipped: entry 1 already has the id "w-owner"')).toBeVisible();
  await expect(page.locator('.training-step')).toHaveCount(2);
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 2 (first attempts).');
  await answer(page.locator('[data-exercise="w-owner"]'), '60');
  await expect(page.locator('[data-exercise="w-owner"] .training-verdict')).toHaveAttribute('data-verdict', 'correct');
  await expect(page.locator('[data-exercise="w-other"] .training-verdict')).toHaveCount(0);
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 2 (first attempts).');
  // The class view of that set says so too (found by a walk-through: it left the entry out unsaid).
  await open(page, '#/class?exercises=class-set.json');
  await expect(page.getByTestId('class-set-skipped')).toHaveText('1 entry of the exercise set is not listed:exercise "w-owner" (entry 3) was skipped: entry 1 already has the id "w-owner", and each exercise needs an id of its own');
});

test('an exercise the trainer edits starts fresh; a new title keeps the answer', async ({ page }) => {
  await serveSet(page, set(owner('w-owner', 77, 'Who owns 77?')));
  await open(page, '#/?exercises=class-set.json');
  await answer(page.locator('[data-exercise="w-owner"]'), '60');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 1 (first attempts).');

  await serveSet(page, set(owner('w-owner', 77, 'Who owns 77?', 'A new title')));
  await page.reload();
  await settled(page);
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 1 (first attempts).');
  await expect(page.locator('[data-exercise="w-owner"] .training-verdict')).toHaveAttribute('data-verdict', 'correct');

  await serveSet(page, set(owner('w-owner', 5, 'Who owns key group 5?')));
  await page.reload();
  await settled(page);
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 1 (first attempts).');
  await expect(page.locator('[data-exercise="w-owner"] .training-verdict')).toHaveCount(0);
  await expect(page.locator('[data-exercise="w-owner"]').getByRole('textbox')).toHaveValue('');
});

test('answers stay hidden for the visit: navigation, the title link, step links and the coverage readouts', async ({ page }) => {
  await serveSet(page, set(coverage, owner('w-owner', 77, 'Who owns 77?')));
  await open(page, '#/?answers=hidden&exercises=class-set.json');
  const nav = page.getByRole('navigation', { name: 'Labs' });
  await expect(nav.getByRole('link', { name: 'Modular coverage' })).toHaveAttribute('href', '#/coverage?answers=hidden');
  await expect(page.locator('.lab-list').getByRole('link', { name: 'Modular coverage' })).toHaveAttribute('href', '#/coverage?answers=hidden');
  await expect(page.getByRole('link', { name: 'Rescale Lab' })).toHaveAttribute('href', '#/?answers=hidden&exercises=class-set.json');
  const step = page.locator('[data-exercise="w-reach"]');
  await answer(step, '8');
  await expect(step.getByRole('link', { name: 'Open the lab for this step' })).toHaveAttribute('href', '#/coverage?m=8&a=2&answers=hidden');

  // Through the site's own navigation, then Play: nothing says how far the walk got.
  await nav.getByRole('link', { name: 'Key owners' }).click();
  await settled(page);
  await nav.getByRole('link', { name: 'Modular coverage' }).click();
  await expect(page).toHaveURL(/#\/coverage\?answers=hidden$/);
  await settled(page);
  await page.getByLabel('Stride a').fill('2');
  await expect(page).toHaveURL(/a=2/);
  const prediction = page.getByRole('group', { name: 'Prediction' });
  await prediction.getByRole('checkbox', { name: 'Residue 0', exact: true }).check();
  await page.getByRole('button', { name: 'Step' }).click();
  // Each Step is said, with the position the circle shows and nothing of the count (found by
  // review: the line stayed the same after the first Step, so a screen reader heard nothing).
  const near = page.getByTestId('verdict-near');
  await expect(near).toHaveText('Now at 2. Graded when the walk is back at 0.');
  await page.getByRole('button', { name: 'Step' }).click();
  await expect(near).toHaveText('Now at 4. Graded when the walk is back at 0.');
  for (let i = 0; i < 2; i += 1) await page.getByRole('button', { name: 'Step' }).click();
  await expect(page.getByText('Back at 0: the orbit is closed.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('coverage-n')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/at step \d|t = \d|of 8\b/);

  // The title link brings the learner back to the class's set, answers still hidden.
  await page.getByRole('link', { name: 'Rescale Lab' }).click();
  await expect(page).toHaveURL(/#\/\?answers=hidden&exercises=class-set\.json$/);
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 2 (first attempts).');
  // A home link without them ends the visit's mode.
  await open(page, '#/');
  await expect(nav.getByRole('link', { name: 'Modular coverage' })).toHaveAttribute('href', '#/coverage');
});

test('presenter mode keeps its step in the link and follows a clicker', async ({ page }) => {
  await open(page, '#/?present=1');
  const title = page.locator('#presenter-title');
  const time = page.getByTestId('presenter-time');
  await expect(time).toContainText('Step 1 of 14');
  await title.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageDown');
  await expect(time).toContainText('Step 3 of 14');
  await expect(page).toHaveURL(/#\/\?present=1&step=owner-77$/);
  await settled(page);
  await page.reload();
  await settled(page);
  await expect(time).toContainText('Step 3 of 14');
  await expect(title).toHaveText('Who owns a key group?');
  await page.keyboard.press('PageUp');
  await expect(time).toContainText('Step 2 of 14');
  await expect(page).toHaveURL(/step=coverage-8-2$/);
  // A visit to the step's lab and Back returns to the step.
  await page.getByRole('link', { name: 'Open the lab for this step' }).click();
  await expect(page).toHaveURL(/#\/coverage\?a=2$/);
  await page.goBack();
  await expect(time).toContainText('Step 2 of 14');
  await page.keyboard.press('ArrowLeft');
  await expect(time).toContainText('Step 1 of 14');
  await expect(page).toHaveURL(/#\/\?present=1$/);
  // Alt+ArrowRight is the browser's, not the presenter's.
  await page.keyboard.press('Alt+ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(time).toContainText('Step 1 of 14');
});

test('a link to one step opens that step alone; an unknown step says so', async ({ page }) => {
  await open(page, '#/?step=owner-77');
  await expect(page.locator('.training-step')).toHaveCount(1);
  await expect(page.locator('[data-exercise="owner-77"]')).toBeVisible();
  await page.getByRole('link', { name: 'Show every step of the path' }).click();
  await expect(page.locator('.training-step')).toHaveCount(14);
  await open(page, '#/?step=no-such-step');
  await expect(page.getByTestId('step-notice')).toHaveText('step="no-such-step" names no step of this exercise set, so the path starts at its first step.');
  await expect(page.locator('.training-step')).toHaveCount(14);
  await open(page, '#/?present=1&step=restart-200');
  await expect(page.getByTestId('presenter-time')).toContainText('Step 5 of 14');
});

test('Reset progress asks before it clears', async ({ page }) => {
  await open(page, '#/');
  await answer(page.locator('[data-exercise="owner-77"]'), '60');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
  await page.getByRole('button', { name: 'Reset progress', exact: true }).click();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
  await page.getByRole('button', { name: 'Reset progress', exact: true }).click();
  await page.getByRole('button', { name: "Clear this path's progress" }).click();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
});

test('no answer repeats its verdict, in the answer key or behind Reveal answer', async ({ page }) => {
  await open(page, '#/?key=1');
  const items = page.getByTestId('answer-key-item');
  await expect(items).toHaveCount(14);
  for (const text of await items.allTextContents()) expect(text).not.toMatch(/: (Yes|No)\. (Yes|No)\b/);
  await open(page, '#/?present=1&step=in-place-ceiling');
  await page.getByRole('button', { name: 'Reveal answer' }).click();
  await expect(page.getByTestId('presenter-answer')).toContainText(/^Answer: No\. Flink 2\.3\.0 answered/);
});

test('a field focused when the handout is printed prints no focus ring', async ({ page }) => {
  await open(page, '#/');
  const field = page.locator('[data-exercise="owner-77"]').getByRole('textbox');
  await field.focus();
  await expect(field).toBeFocused();
  const ring = () => field.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect((await ring()).outline, 'on screen the focus ring shows').not.toBe('none');
  await page.emulateMedia({ media: 'print' });
  expect(await ring()).toEqual({ outline: 'none', shadow: 'none' });
});

test('Reset progress on a trainer\'s set clears that set alone: the built-in path keeps its answers', async ({ page }) => {
  await open(page, '#/');
  await answer(page.locator('[data-exercise="owner-77"]'), '60');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
  await serveSet(page, set(owner('w-owner', 77, 'Who owns 77?')));
  await open(page, '#/?exercises=class-set.json');
  await answer(page.locator('[data-exercise="w-owner"]'), '60');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 1 (first attempts).');
  await page.getByRole('button', { name: 'Reset progress' }).click();
  await page.getByRole('button', { name: "Clear this path's progress" }).click();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 1 (first attempts).');
  await open(page, '#/');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
});
