// The guided training path on the home page, walked by keyboard alone: answers graded by the
// model, the score kept across a reload, a corrupt entry set aside, and Reset progress; plus
// an exercise set from a link, and the app working offline after a first visit.
import { test, expect, expectVerdict, open, backFromStepLab, settled, axeViolations } from './fixtures.js';
import { pathAnswers } from './path.js';

const answers = pathAnswers;

/** Reset progress, confirmed: the status it says, and the score then. */
async function resetProgress(page, status, score) {
  await page.getByRole('button', { name: 'Reset progress' }).click();
  await page.getByRole('button', { name: "Clear this path's progress" }).click();
  await expect(page.getByTestId('reset-progress-status')).toHaveText(status);
  await expect(page.getByTestId('training-score')).toHaveText(score);
}

test('the training path can be walked by keyboard alone, and the score survives a reload', async ({ page }) => {
  await open(page, '#/');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
  for (const [id, answer] of Object.entries(answers)) {
    const step = page.locator(`[data-exercise="${id}"]`);
    if (answer === 'yes' || answer === 'no') {
      // A yes/no question is two radios: Space chooses, Enter checks.
      await step.getByRole('radio', { name: answer === 'yes' ? 'Yes' : 'No' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
    } else {
      await step.getByRole('textbox').focus();
      await page.keyboard.type(answer);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    }
    await expect(step.locator('.training-verdict'), id).toHaveAttribute('data-verdict', 'correct');
  }
  await expect(page.getByTestId('training-score')).toHaveText('Score: 14 of 14 (first attempts).');
  await page.reload();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 14 of 14 (first attempts).');
  // Reset progress asks first: Escape keeps the score, confirming clears it.
  await page.getByRole('button', { name: 'Reset progress' }).click();
  await expect(page.getByRole('button', { name: "Clear this path's progress" })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('reset-progress-status')).toHaveText('Nothing was cleared.');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 14 of 14 (first attempts).');
  await resetProgress(page, "Cleared the guided path's answers and first attempts.", 'Score: 0 of 14 (first attempts).');
  // The answers are gone from the boxes too, and a reload does not bring them back.
  const first = page.locator('[data-exercise="coverage-8-2"]').getByRole('textbox');
  await expect(first).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
  await expect(first).toHaveValue('');
});

test('an answer typed or chosen but not checked comes back after a reload, in this tab only', async ({ page, context }) => {
  await open(page, '#/');
  const count = page.locator('[data-exercise="coverage-8-2"]');
  const restart = page.locator('[data-exercise="restart-200"]');
  await count.getByRole('textbox').fill('4');
  await restart.getByRole('radio', { name: 'Yes' }).check();
  await page.reload();
  await expect(count.getByRole('textbox')).toHaveValue('4');
  await expect(restart.getByRole('radio', { name: 'Yes' })).toBeChecked();
  // Not checked by the reload: no verdict, no score.
  await expect(count.locator('.training-verdict')).toHaveCount(0);
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
  await count.getByRole('button').click();
  await expect(count.locator('.training-verdict')).toHaveAttribute('data-verdict', 'correct');
  // Another tab of the same browser starts with empty boxes.
  const other = await context.newPage();
  await open(other, '#/');
  await expect(other.locator('[data-exercise="restart-200"]').getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  await expect(other.locator('[data-exercise="coverage-8-2"]').getByRole('textbox')).toHaveValue('4');
});

test('a wrong answer is graded with the reason, and a bad one is named', async ({ page }) => {
  await open(page, '#/');
  const step = page.locator('[data-exercise="coverage-8-2"]');
  // A number answer opens a phone's number keypad.
  await expect(step.getByRole('textbox')).toHaveAttribute('inputmode', 'numeric');
  await step.getByRole('textbox').fill('8');
  await step.getByRole('button').click();
  await expectVerdict(step.locator('.training-verdict'), 'incorrect', ['gcd(8, 2) = 2']);
  const restart = page.locator('[data-exercise="restart-200"]');
  await restart.getByRole('button').click();
  await expect(restart.getByRole('alert')).toContainText('Choose yes or no');
  // Checked again, the same problem and the same verdict are drawn anew, so a screen reader
  // says them again rather than nothing.
  await restart.getByRole('alert').evaluate((el) => { el.dataset.seen = 'once'; });
  await restart.getByRole('button').click();
  await expect(restart.getByRole('alert')).toContainText('Choose yes or no');
  await expect(restart.getByRole('alert')).not.toHaveAttribute('data-seen', 'once');
  await step.locator('.training-verdict').evaluate((el) => { el.dataset.seen = 'once'; });
  await step.getByRole('button').click();
  await expectVerdict(step.locator('.training-verdict'), 'incorrect', ['gcd(8, 2) = 2']);
  await expect(step.locator('.training-verdict')).not.toHaveAttribute('data-seen', 'once');
  await expect(restart.getByRole('link', { name: 'Open the lab for this step' })).toHaveAttribute('href', '#/planner?saved_maxp=128&p=200&view=restore');
  // Each step's link is named by its step, so a list of the page's links tells them apart.
  const names = await page.getByRole('link', { name: /^Open the lab for this step/ }).evaluateAll((links) => links.map((l) => l.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) expect(name).toMatch(/^Open the lab for this step: \S/);
  expect(new Set(names).size).toBe(names.length);
  // Below 0 is no answer: named under the field as its error, not graded, not a first attempt.
  const owner = page.locator('[data-exercise="owner-77"]');
  const box = owner.getByRole('textbox');
  await box.fill('-5');
  await owner.getByRole('button').click();
  await expect(owner.getByRole('alert')).toHaveText('an answer must be 0 or more, got -5');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/0 or more\. an answer must be 0 or more, got -5/);
  await expect(owner.locator('.training-verdict')).toHaveCount(0);
  await expect(owner.getByTestId('training-kept')).toHaveCount(0);
  // A refused check after a graded one leaves that answer standing, and says so (found by the
  // phone walk-through: the refusal hid the earlier verdict and its reason).
  await step.getByRole('textbox').fill('');
  await step.getByRole('button').click();
  await expect(step.getByRole('alert')).toHaveText('Type a whole number, then check.');
  await expect(step.getByTestId('training-kept')).toHaveText(/^Your checked answer stands: Not quite\. .*gcd\(8, 2\) = 2/);
  await step.getByRole('textbox').fill('4');
  await step.getByRole('button').click();
  await expectVerdict(step.locator('.training-verdict'), 'correct', []);
  await expect(step.getByTestId('training-kept')).toHaveCount(0);
  await box.fill('60');
  await owner.getByRole('button').click();
  await expectVerdict(owner.locator('.training-verdict'), 'correct', []);
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
});

test('the coverage runs done in the lab count on the guided path: one record of each answer', async ({ page }) => {
  await open(page, '#/');
  await page.evaluate(() => localStorage.setItem('rescale-lab.coverage-exercise.v1', 'run1=correct;run2=incorrect'));
  await page.reload();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
  const [right, wrong] = ['coverage-8-3', 'coverage-8-2'].map((id) => page.locator(`[data-exercise="${id}"] .training-verdict`));
  await expectVerdict(right, 'correct', ["Answered in the coverage lab's exercise."]);
  await expect(wrong).toHaveAttribute('data-verdict', 'incorrect');
  // Answered again on the path, the path's own answer stands; the lab's wrong run was the
  // step's first attempt, so the score stays and the right answer counts as practice.
  const step = page.locator('[data-exercise="coverage-8-2"]');
  await step.getByRole('textbox').fill('4');
  await step.getByRole('textbox').press('Enter');
  await expect(wrong).toHaveAttribute('data-verdict', 'correct');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
  await expect(page.getByTestId('training-practice')).toHaveText('Practice: 1 retry; 1 missed at first, then answered right.');
  // Reset progress clears the path's answers, and says that the lab's runs stay.
  await resetProgress(page, "Cleared the guided path's answers and first attempts. The coverage steps answered in the coverage lab keep that answer: Reset all progress clears those too.", 'Score: 1 of 14 (first attempts).');
  await page.getByRole('button', { name: 'Reset all progress' }).click();
  await page.getByRole('button', { name: 'Clear all progress' }).click();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
});

test('the answer a wrong verdict gives, typed again, is practice: the score counts first attempts', async ({ page }) => {
  await open(page, '#/');
  const step = page.locator('[data-exercise="owner-77"]');
  await step.getByRole('textbox').fill('59');
  await step.getByRole('button').click();
  await expectVerdict(step.locator('.training-verdict'), 'incorrect', ['= 60']);
  await step.getByRole('textbox').fill('60');
  await step.getByRole('button').click();
  await expect(step.locator('.training-verdict')).toHaveAttribute('data-verdict', 'correct');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
  await expect(page.getByTestId('training-practice')).toHaveText('Practice: 1 retry; 1 missed at first, then answered right.');
  await page.reload();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
});

test('back from a step\'s lab, home returns to that step, not to its top', async ({ page }) => {
  await open(page, '#/');
  const step = page.locator('[data-exercise="sample-uid-counter"]');
  expect(await backFromStepLab(page, step)).toBeGreaterThan(500);
});

test('a corrupt progress entry is set aside with a notice', async ({ page }) => {
  await open(page, '#/coverage');
  await page.evaluate(() => localStorage.setItem('rescale-lab.training.v1', '{"score": "lots"'));
  await open(page, '#/');
  await expect(page.getByText('Saved training progress was unreadable')).toBeVisible();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
});

test('an exercise set named by the link is loaded for that visit; a foreign one is refused', async ({ page }) => {
  await open(page, '#/?exercises=static%2Fexercises.json');
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
  await open(page, '#/?exercises=http%3A%2F%2Fevil.example%2Fx.json');
  await expect(page.getByText('is neither a path on this site nor an https address')).toBeVisible();
  await expect(page.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
});

test('an exercise set that is not valid JSON is refused with where it breaks', async ({ page }) => {
  await page.route('**/broken-set.json', (route) => route.fulfill({
    contentType: 'application/json',
    body: '{"format": "rescale-lab-exercises", "version": 1, "exercises": [{"id": "a"',
  }));
  await open(page, '#/?exercises=broken-set.json');
  await expect(page.getByRole('alert')).toHaveText(
    'The exercises could not be loaded: broken-set.json is not valid JSON: the text ends at byte 74 inside an object that starts at byte 64: it looks cut off.',
  );
  // No path from another set in its place: the learner would answer the wrong exercises.
  await expect(page.getByTestId('training-score')).toHaveCount(0);
});

test('after a first visit the lab works offline', async ({ page, context }) => {
  await open(page, '#/owners?maxp=128&p=100');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByTestId('lookup-subtask')).toHaveText(/^\d+$/);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Key owners' })).toBeVisible();
  await expect(page.getByTestId('lookup-subtask')).toHaveText(/^\d+$/);
  await context.setOffline(false);
});

test('a package launched with answers=hidden in its item parameters (the query) hides the answers', async ({ page }) => {
  // No run-time here: the page says it cannot reach one, and hides the answers all the same.
  await page.goto('/index.html?lms=scorm2004&answers=hidden#/');
  await settled(page);
  const step = page.locator('[data-exercise="owner-77"]');
  await step.getByRole('textbox').fill('59');
  await step.getByRole('button').click();
  await expect(step.locator('.training-verdict')).toHaveAttribute('data-verdict', 'incorrect');
  await expect(step.locator('.training-verdict')).toContainText('Hint:');
  await expect(step.locator('.training-verdict')).not.toContainText('= 60');
});

test('a step\'s lab opens on the part that holds its answer, with the way to the whole lab', async ({ page }) => {
  await open(page, '#/');
  const step = page.locator('[data-exercise="in-place-ceiling"]');
  await step.getByRole('radio', { name: 'No' }).check();
  await step.getByRole('button', { name: /^Check:/ }).click();
  await step.getByRole('link', { name: /^Open the lab for this step/ }).click();
  await settled(page);
  await expect(page.getByTestId('inplace-verdict')).toHaveAttribute('data-verdict', 'above-max');
  await expect(page.getByTestId('plan-verdict')).toHaveCount(0);
  const note = page.getByTestId('view-note');
  await expect(note).toContainText('This link shows one part of the lab.');
  expect(await axeViolations(page)).toEqual([]);
  // The way to the whole lab follows the part's state: an edit made here goes with it.
  await page.getByLabel('Task slots for the job').fill('50');
  const whole = note.getByRole('link', { name: 'Show the whole lab' });
  await expect(whole).toHaveAttribute('href', /slots=50/);
  await expect(whole).not.toHaveAttribute('href', /view=|target=|plan_maxp=/);
  await whole.click();
  await settled(page);
  await expect(page).not.toHaveURL(/view=/);
  await expect(page).toHaveURL(/slots=50/);
  await expect(page.getByTestId('view-note')).toHaveCount(0);
  await expect(page.getByTestId('restore-verdict')).toBeAttached();
  // The whole lab comes up where the reader was: the part shown alone is in view and holds the
  // focus (Tab goes on inside it), the lab's top above it.
  const part = page.locator('[data-revealed]');
  await expect(part).toBeFocused();
  // Named by its section, as the embed builder lists it, so the focus landing there is said.
  await expect(page.getByRole('group', { name: 'In place with the adaptive scheduler', exact: true })).toBeFocused();
  await expect(part).toContainText('Or in place: the adaptive scheduler');
  await expect(page.getByRole('heading', { name: 'Or in place: the adaptive scheduler' })).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Will the restore start?' })).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Flink release')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  // A link to the whole lab that is not that way in opens at its top, as before.
  await open(page, '#/planner?slots=50');
  await expect(page.locator('[data-revealed]')).toHaveCount(0);
});

// Found by review: the whole lab came up at a section's first part, not the part its reader
// was on (the plan's steps, the what-ifs), or at the top (the circle), or with the part pushed
// out of view by the parts above it loading late (the key lookup).
for (const [hash, part] of [
  ['#/planner?current=24&p=200&first=24&job=running&view=steps', (p) => p.getByRole('heading', { name: 'Steps', exact: true })],
  ['#/owners?maxp=128&p=100&group=77&view=lookup', (p) => p.getByRole('heading', { name: 'Look up a key' })],
  ['#/owners?maxp=128&p=100&view=imbalance', (p) => p.locator('[data-revealed="anchor"]')],
  ['#/coverage?m=8&a=3&view=circle', (p) => p.locator('.coverage-stage')],
  ['#/skew?preset=hot&n=1000&hot=30&p=8&maxp=128&q=32&view=what-if', (p) => p.locator('[data-revealed="anchor"]')],
  // The charts, each its own anchor.
  ...['state', 'groups', 'curve'].map((chart) => [`#/skew?preset=hot&n=1000&hot=30&p=8&maxp=128&view=${chart}`, (p) => p.locator('[data-revealed="anchor"] img')]),
  ['#/trace?view=result', (p) => p.getByTestId('trace-verdict')],
  ['#/savepoint?sample=rocksdb-checkpoint&view=operators', (p) => p.locator('[data-revealed="anchor"]')],
  // Found by the second review: the file's report drawn above the lookup pushed it 4,000 px down.
  ['#/savepoint?sample=rocksdb-checkpoint&uid=x&view=uid', (p) => p.getByLabel('Operator uid')],
]) {
  test(`Show the whole lab from ${hash.slice(2, hash.indexOf('?'))}'s ${hash.slice(hash.indexOf('view=') + 5)} comes up at that part`, async ({ page }) => {
    await open(page, hash);
    // The shipped CSS, its parts drawn only near the view (`content-visibility: auto`) as a
    // reader gets them: the fixture lays every part out from the start, for steady clicks.
    await page.evaluate(() => { document.adoptedStyleSheets = []; });
    // By the keyboard, so the focus it lands with shows its ring (`:focus-visible`).
    await page.getByTestId('view-note').getByRole('link', { name: 'Show the whole lab' }).press('Enter');
    await settled(page);
    await expect(page.getByTestId('view-note')).toHaveCount(0);
    // The lab's own anchor for the part, where it has one, else the section's first part.
    const anchor = page.locator('[data-revealed="anchor"]');
    const revealed = (await anchor.count()) ? anchor : page.locator('[data-revealed="part"]').first();
    await expect(revealed).toBeFocused();
    await expect(revealed).toHaveRole('group');
    await expect(revealed).toHaveAccessibleName(/\w/);
    // Named once: the parts around it are not groups of the same name (a screen reader would
    // say it twice, or three times).
    const name = await revealed.getAttribute('aria-label');
    await expect(page.getByRole('group', { name, exact: true })).toHaveCount(1);
    await expect(part(page)).toBeInViewport();
    await expect(revealed).toBeInViewport();
    // Its ring shows, whole: inside the page, and inside any part drawn only near the view
    // (`content-visibility: auto` clips what overflows it: a skew chart's ring was cut at its
    // sides, found by review).
    const ring = await revealed.evaluate((el) => {
      const style = getComputedStyle(el);
      const out = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const r = el.getBoundingClientRect();
      let clip = el.parentElement;
      while (clip && getComputedStyle(clip).contentVisibility !== 'auto') clip = clip.parentElement;
      const c = (clip ?? document.documentElement).getBoundingClientRect();
      return { visible: el.matches(':focus-visible') && style.outlineStyle !== 'none', inside: r.left - out >= c.left && r.right + out <= c.right };
    });
    expect(ring).toEqual({ visible: true, inside: true });
  });
}

test('within one module, Back, Forward and a link that opens a view afresh leave the focus on main, not lost to the page', async ({ page }) => {
  // Found by a keyboard walk-through: the focus fell to <body>, so Tab went on from the page's
  // start (or, in the planner, from its Embed button far below).
  await open(page, '#/owners?maxp=128&p=100&view=imbalance');
  const main = page.locator('main');
  await page.getByTestId('view-note').getByRole('link', { name: 'Show the whole lab' }).press('Enter');
  await settled(page);
  await expect(page.locator('[data-revealed]:focus')).toHaveCount(1);
  await page.goBack();
  await expect(page.getByTestId('view-note')).toBeVisible();
  await expect(main).toBeFocused();
  await page.goForward();
  await expect(page.getByTestId('view-note')).toHaveCount(0);
  await expect(main).toBeFocused();
  // The site's own link to the lab keeps the focus: it is still there.
  const ownLink = page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: 'Key owners' });
  await ownLink.press('Enter');
  await expect(page).toHaveURL(/#\/owners$/);
  await expect(ownLink).toBeFocused();
  await open(page, '#/');
  await page.getByRole('link', { name: 'Presenter mode' }).press('Enter');
  await expect(page).toHaveURL(/present=1/);
  await expect(main).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Presenter mode' })).toBeVisible();
  await expect(main).toBeFocused();
});

test('a click on Show the whole lab that opens another tab leaves this tab to open labs at their top', async ({ page, context }) => {
  await open(page, '#/planner?view=in-place&job=running&scheduler=adaptive&p=100');
  const opened = context.waitForEvent('page');
  await page.getByTestId('view-note').getByRole('link', { name: 'Show the whole lab' }).click({ modifiers: ['Control'] });
  await (await opened).close();
  await page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: 'Rescale planner' }).click();
  await settled(page);
  await expect(page.getByTestId('view-note')).toHaveCount(0);
  await expect(page.locator('[data-revealed]')).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

// Found by review: the steps on the skew editor, the trace check and the savepoint inspector
// opened the whole lab, the answer pages below its top.
for (const [id, answer, shown, left] of [
  ['sample-uid-throttle', '0', (p) => p.getByTestId('uid-match'), (p) => p.getByTestId('savepoint-operator')],
  ['sample-max-parallelism', '128', (p) => p.getByTestId('savepoint-operator').first(), (p) => p.getByLabel('Operator uid')],
  ['hot-key-rescale', 'no', (p) => p.getByTestId('whatif-busiest'), (p) => p.getByLabel('Number of keys')],
  ['running-is-safe', 'no', (p) => p.getByTestId('trace-verdict'), (p) => p.getByRole('heading', { name: /^Your own job/ })],
  // The plan's answers: found by review 4.5 screens down under the plan's form (view=plan).
  ['point-of-no-return', '7', (p) => p.locator('.plan-steps li.no-return'), (p) => p.getByLabel('State size')],
  ['cutover-downtime', '16', (p) => p.getByTestId('plan-downtime'), (p) => p.getByTestId('plan-vertices')],
]) {
  test(`the ${id} step's lab opens on its answer's part alone`, async ({ page }) => {
    await open(page, '#/');
    const step = page.locator(`[data-exercise="${id}"]`);
    const field = step.getByRole('textbox');
    if (await field.count()) await field.fill(answer);
    else await step.getByRole('radio', { name: answer === 'no' ? 'No' : 'Yes' }).check();
    await step.getByRole('button', { name: /^Check:/ }).click();
    await step.getByRole('link', { name: /^Open the lab for this step/ }).click();
    await settled(page);
    await expect(shown(page)).toBeVisible();
    await expect(left(page)).toHaveCount(0);
    await expect(page.getByTestId('view-note')).toContainText('This link shows one part of the lab.');
    if (id === 'sample-uid-throttle') {
      await expect(page.getByTestId('uid-file')).toHaveText(/^Looked up in .+\.$/);
      // Above the file's choice, on the first screen (found by review at y≈988, under it).
      await expect(page.getByTestId('uid-match')).toBeInViewport();
    }
    // Alone, the what-if comes first: the row at 32 on the first screen (found by review at
    // y≈1358, under the load table).
    if (id === 'hot-key-rescale') await expect(page.getByTestId('whatif-busiest')).toBeInViewport();
    if (id === 'sample-max-parallelism') await expect(page.getByTestId('savepoint-max-parallelism')).toHaveText(/^128/);
    if (['point-of-no-return', 'cutover-downtime'].includes(id)) {
      // The answer is on the first screens, not pages down.
      const top = await shown(page).first().evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
      expect(top).toBeLessThan(2500);
    }
    expect(await axeViolations(page)).toEqual([]);
  });
}
