// What a keyboard and screen-reader user meets, found by a review run with the keyboard alone
// (2026-12-05): results announced from live regions that were there before they changed, focus
// kept where the person was, no sideways scroll at 320 px, scrollable lists reachable by the
// keyboard, chart legends in the bands' own colours, and table cells that look like fields.
import { test, expect, open, engage, axeViolations } from './fixtures.js';

/** Marks `locator`'s element, so that a later check can tell whether it is still the same node. */
async function mark(locator) {
  await locator.evaluate((el) => { el.dataset.marked = 'kept'; });
}

/** Types `text` into `field`: the alert it brings says `what`, quiet while the edit is under
 * way; its content is marked, and the alert returned. */
async function quietAlertAfter(page, field, text, what) {
  await field.fill(text);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(what);
  await expect(alert).toHaveAttribute('aria-live', 'off');
  await mark(alert.locator('.region-content'));
  return alert;
}

test('a guided step\'s verdict arrives in a live region that was there before the answer', async ({ page }) => {
  await open(page, '#/');
  const step = page.locator('[data-exercise="coverage-8-2"]');
  const region = step.getByRole('status');
  await expect(region).toHaveText('');
  await mark(region);
  await step.getByRole('textbox').fill('8');
  await step.getByRole('textbox').press('Enter');
  await expect(region).toContainText('Not quite.');
  await expect(region).toHaveAttribute('data-marked', 'kept');
  await expect(step.getByRole('textbox')).toBeFocused();
});

test('the skew figure, a uid\'s operator id, and a key the field refuses are said where they change, once typing ends', async ({ page }) => {
  await open(page, '#/skew?p=4&maxp=128');
  await expect(page.getByRole('status').filter({ has: page.getByTestId('skew-percent') })).toHaveCount(1);

  await open(page, '#/savepoint?sample=hashmap-savepoint');
  // The uid's id and match are said from a live region there before the first key; the
  // paragraphs on what follows are not in it. Quiet while the uid is typed, it says the id
  // once the typing ends (Enter), its content put in anew.
  const id = page.locator('.sp-uid > [aria-live]');
  await expect(id).toHaveText('');
  await expect(id).toHaveAttribute('aria-live', 'polite');
  await mark(id);
  const uid = page.getByLabel('Operator uid');
  await uid.fill('count');
  await expect(id).toHaveAttribute('aria-live', 'off');
  await mark(id.locator('.region-content'));
  await uid.press('e');
  await uid.press('r');
  await uid.press('Enter');
  await expect(id).toHaveAttribute('aria-live', 'polite');
  await expect(id).toContainText('0da08f51eaa85fc298e176a139b3649a');
  await expect(id.getByTestId('uid-match')).toContainText('Matches');
  await expect(id).toHaveAttribute('data-marked', 'kept');
  await expect(id.locator('.region-content')).not.toHaveAttribute('data-marked', 'kept');

  await open(page, '#/owners?type=int&key=12');
  // The field's error is said from a live region there before it, once the field is left.
  const live = page.locator('#owners-key').locator('xpath=..').locator('.field-live');
  await expect(live).toHaveText('');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await mark(live);
  const key = page.getByLabel('Key', { exact: true });
  await key.fill('12x');
  await expect(live).toHaveAttribute('aria-live', 'off');
  await expect(live).toContainText('"12x" is not a whole number, so it is not a valid int key');
  await key.press('Tab');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).toContainText('"12x" is not a whole number, so it is not a valid int key');
  await expect(page.locator('.lookup-key')).toHaveText('Key: 12 (int) (the last valid key: the text in the field is not one)');
  await key.fill('');
  await expect(page.locator('.lookup-key')).toHaveText('Key: 12 (int)');
  await key.fill('13');
  await expect(page.locator('.lookup-key')).toHaveText('Key: 13 (int)');
  // The route is said in one line, once the key is entered; the table of its steps is not a
  // live region (said again whole at each keystroke, it queued a long readout per letter).
  const route = page.locator('.lookup [role="status"]');
  await expect(route).toHaveAttribute('aria-live', 'off');
  await key.press('Enter');
  await expect(route).toHaveAttribute('aria-live', 'polite');
  await expect(route).toHaveText(/^13 \(int\): key group \d+, subtask \d+\.$/);
  await expect(page.locator('.lookup-steps')).not.toHaveAttribute('aria-live');
  await expect(live).toHaveText('');
  await expect(live).toHaveAttribute('data-marked', 'kept');
});

test('in every lab, what a typed number changes is said once the edit ends: results, alerts and the field\'s error', async ({ page }) => {
  // [link, field, text typed, the regions (each quiet while typing, then polite)]
  const labs = [
    ['#/coverage?m=8&a=3', 'Modulus m', '999', (p) => [p.locator('#coverage-m').locator('xpath=..').locator('.field-live')]],
    ['#/owners?p=256&maxp=1024', 'Max parallelism', '128', (p) => [p.locator('.lookup [role="status"]')]],
    ['#/skew?p=4&maxp=128', 'Number of keys', '500', (p) => [p.locator('.skew-figure')]],
    ['#/trace', 'Parallelism after', '5', (p) => [p.getByTestId('trace-verdict')]],
    ['#/planner', 'State size', '12 TiB', (p) => [p.getByTestId('plan-downtime')]],
  ];
  for (const [link, label, text, regionsOf] of labs) {
    await open(page, link);
    const regions = regionsOf(page);
    for (const region of regions) await expect(region, link).toHaveAttribute('aria-live', 'polite');
    const field = page.getByLabel(label, { exact: true });
    await field.fill(text);
    for (const region of regions) await expect(region, link).toHaveAttribute('aria-live', 'off');
    await field.press('Tab');
    for (const region of regions) await expect(region, link).toHaveAttribute('aria-live', 'polite');
  }
  // The owners lab's alert (the job does not start) is an alert at once, as the contract asks,
  // but quiet while typing, and said anew for the number that stands: 2, then 25 on the way to
  // 256 each interrupted with its own readout.
  await open(page, '#/owners?p=256&maxp=1024');
  const maxp = page.getByLabel('Max parallelism', { exact: true });
  const alert = await quietAlertAfter(page, maxp, '2', 'The job does not start.');
  await maxp.press('5');
  await expect(alert).toContainText('25');
  await expect(alert).toHaveAttribute('aria-live', 'off');
  await maxp.press('Enter');
  await expect(alert).toHaveAttribute('aria-live', 'assertive');
  await expect(alert.locator('.region-content')).not.toHaveAttribute('data-marked', 'kept');
  await expect(alert).toContainText('25');
  // The field itself says so, for a reader who comes back to it (found by a keyboard
  // walk-through: only the alert did).
  await expect(maxp).toHaveAccessibleDescription(/below parallelism 256: the job does not start/);
  // 256 holds parallelism 256: the job starts, and the alert goes.
  await maxp.press('6');
  await expect(alert).toHaveCount(0);
  await expect(maxp).toHaveAccessibleDescription('Set explicitly. Leave empty to let Flink derive it.');
  // An edit that leaves a region as it was does not say it again: a key typed while the job
  // cannot start leaves the alert's content in place.
  await open(page, '#/owners?p=256&maxp=128');
  await mark(alert.locator('.region-content'));
  const key = page.getByLabel('Key', { exact: true });
  await key.press('End');
  await key.press('x');
  await expect(alert).toHaveAttribute('aria-live', 'off');
  await key.press('Tab');
  await expect(alert).toHaveAttribute('aria-live', 'assertive');
  await expect(alert.locator('.region-content')).toHaveAttribute('data-marked', 'kept');
  expect(await axeViolations(page)).toEqual([]);
});

test('a table\'s rows shown are said when its pager is pressed, not when something else changes them', async ({ page }) => {
  await open(page, '#/owners?p=100&maxp=128');
  const tools = page.locator('.table-tools').filter({ has: page.getByRole('button', { name: 'Next subtasks' }) });
  const shown = tools.getByRole('status');
  await expect(shown).toHaveText('Subtasks 0 to 31 of 100');
  await expect(shown).toHaveAttribute('aria-live', 'off');
  const next = page.getByRole('button', { name: 'Next subtasks' });
  await next.focus();
  await expect(shown).toHaveAttribute('aria-live', 'polite');
  await page.keyboard.press('Enter');
  await expect(shown).toHaveText('Subtasks 32 to 63 of 100');
  // The slider changes the rows too: its own result is said, the rows shown are not.
  await page.getByRole('slider', { name: 'Parallelism' }).focus();
  await expect(shown).toHaveAttribute('aria-live', 'off');
  await page.keyboard.press('ArrowRight');
  await expect(shown).toHaveText('Subtasks 32 to 63 of 101');
  await expect(shown).toHaveAttribute('aria-live', 'off');
  // A press that does not move the focus (a screen reader activating the button in place)
  // is said too.
  await page.getByRole('button', { name: 'Previous subtasks' }).dispatchEvent('click');
  await expect(shown).toHaveText('Subtasks 0 to 31 of 101');
  await expect(shown).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('slider', { name: 'Parallelism' })).toBeFocused();
});

test('a sample snapshot opened from the keyboard keeps focus on its button and says it was read', async ({ page }) => {
  await open(page, '#/savepoint');
  const status = page.locator('.sp-progress[role="status"]');
  await expect(status).toBeAttached();
  await mark(status);
  const button = page.getByRole('button', { name: 'Hashmap canonical savepoint (Flink 2.3.0)' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('savepoint-summary')).toHaveAttribute('data-format', 'canonical');
  await expect(status).toHaveText(/^Read .+: its report is below\.$/);
  await expect(status).toHaveAttribute('data-marked', 'kept');
  await expect(button).toBeFocused();
  // A section shown alone holds only its part (found by review: the uid lookup alone was
  // announced as the report).
  await open(page, '#/savepoint?sample=hashmap-savepoint&uid=throttle&view=uid');
  await expect(status).toHaveText(/^Read .+: what this link shows of it is below\.$/);
});

test('renaming a key in the key table keeps focus in the table', async ({ page }) => {
  await open(page, '#/skew?p=4&maxp=128&keys=alpha,1%0Abeta,2');
  const key = page.getByLabel('Key of row 1', { exact: true });
  await key.fill('renamed');
  await key.press('Tab');
  await expect(page.getByLabel('Events per second of row 1', { exact: true })).toBeFocused();
  await expect(key).toHaveValue('renamed');
  await expect(page).toHaveURL(/keys=renamed%2C1%2C/);
  await key.fill('again');
  await key.press('Enter');
  await expect(page).toHaveURL(/keys=again%2C1%2C/);
  await expect(key).toBeFocused();
});

test('at 320 px wide no page scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const hash of ['#/', '#/coverage', '#/owners', '#/skew', '#/planner', '#/trace', '#/savepoint?sample=hashmap-savepoint']) {
    await open(page, hash);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll, `${hash}: ${scroll} px of content in ${client} px`).toBeLessThanOrEqual(client);
  }
});

test('a CSV report\'s scrolling list of unused lines is reachable by keyboard at 390 px, and axe finds nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '#/skew?p=4&maxp=128');
  const lines = ['key,events_per_s', 'good,1', ...Array.from({ length: 30 }, (_, i) => `bad-${i},not-a-number`)];
  await page.getByLabel('Keys (CSV)').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Apply' }).click();
  const list = page.getByRole('list', { name: 'Lines not used' });
  await expect(list).toContainText('line 3:');
  // The box is described by the summary and the first line's reason, not by the list's label.
  const box = page.getByLabel('Keys (CSV)');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/30 lines were not used:.*line 3: events per second "not-a-number" is not a number/);
  await expect(box).not.toHaveAccessibleDescription(/Lines not used/);
  const [scroll, client] = await list.evaluate((el) => [el.scrollHeight, el.clientHeight]);
  expect(scroll, 'the list scrolls at this size').toBeGreaterThan(client);
  await list.focus();
  await expect(list).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

/** WCAG relative luminance contrast of two `rgb(…)` colours. */
function contrast(a, b) {
  const lum = (rgb) => {
    const [r, g, b2] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

for (const theme of ['light', 'dark']) {
  test(`the owners ranges chart (${theme}): each legend swatch is its band's colour, and adjacent runs differ by 3:1`, async ({ page }) => {
    await open(page, `#/owners?p=7&from=4&theme=${theme}`);
    const colours = await page.evaluate(() => {
      const fill = (sel) => getComputedStyle(document.querySelector(`.ranges-bar ${sel}`)).fill;
      const swatch = (cls) => getComputedStyle(document.querySelector(`.swatch.${cls}`)).backgroundColor;
      return {
        bands: ['run-even', 'run-odd', 'run-moved'].map((c) => fill(`.${c}`)),
        swatches: ['run-even', 'run-odd', 'run-moved'].map(swatch),
        bar: getComputedStyle(document.querySelector('.ranges-bar')).backgroundColor,
      };
    });
    expect(colours.swatches).toEqual(colours.bands);
    expect(contrast(colours.bands[0], colours.bands[1])).toBeGreaterThanOrEqual(3);
    expect(contrast(colours.bands[0], colours.bar)).toBeGreaterThanOrEqual(3);
  });
}

test('the key table\'s cells show their edge at rest, as fields do', async ({ page }) => {
  await open(page, '#/skew?p=4&maxp=128&keys=alpha,1');
  const cell = page.getByLabel('Key of row 1', { exact: true });
  const [border, background] = await cell.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.borderTopColor, getComputedStyle(el.closest('td')).backgroundColor];
  });
  expect(border).not.toBe('rgba(0, 0, 0, 0)');
  expect(border).not.toBe(background);
});

test('the planner\'s results are said once an edit ends, not at each keystroke on the way', async ({ page }) => {
  await open(page, '#/planner');
  const ids = ['restore-verdict', 'plan-verdict', 'inplace-verdict', 'plan-snapshot-check'];
  const regions = ids.map((id) => page.getByTestId(id));
  for (const region of regions) await expect(region).toHaveAttribute('aria-live', 'polite');
  const p = page.getByLabel('New parallelism', { exact: true });
  await p.fill('1');
  await p.press('0');
  // Typing: the results follow on screen (10 restores), but the regions are quiet.
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'ok');
  for (const region of regions) await expect(region).toHaveAttribute('aria-live', 'off');
  for (const region of regions) await mark(region.locator('.region-content'));
  await p.press('0');
  await p.press('Enter');
  // Enter ends the edit: the regions speak again, their content drawn anew (said once, for 100).
  for (const region of regions) {
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region.locator('.region-content')).not.toHaveAttribute('data-marked', 'kept');
  }
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(p).toBeFocused();
  await expect(page).toHaveURL(/[?&]p=100(&|$)/);
  // Leaving the field ends an edit too; a menu sets its value at once and the regions never go quiet.
  await p.fill('200');
  await expect(regions[0]).toHaveAttribute('aria-live', 'off');
  await p.press('Tab');
  await expect(regions[0]).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'fails');
  await page.getByLabel('State backend', { exact: true }).selectOption('hashmap');
  await expect(page).toHaveURL(/[?&]backend=hashmap(&|$)/);
  for (const region of regions) await expect(region).toHaveAttribute('aria-live', 'polite');
  expect(await axeViolations(page)).toEqual([]);
});

test('what first appears during an edit is said when it ends; Escape and a number box\'s arrow end an edit; notes and reports come in live regions', async ({ page }) => {
  // The trace verdict turns Refused while 200 is typed: a region new in the page, said at Tab.
  await open(page, '#/trace');
  const after = page.getByLabel('Parallelism after', { exact: true });
  await after.fill('200');
  const verdict = page.getByTestId('trace-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'refused');
  await expect(verdict).toHaveAttribute('aria-live', 'off');
  await mark(verdict.locator('.region-content'));
  await after.press('Tab');
  await expect(verdict).toHaveAttribute('aria-live', 'polite');
  await expect(verdict.locator('.region-content')).not.toHaveAttribute('data-marked', 'kept');

  // An alert that first appears at the last key is said as it appears (browsers raise a new
  // alert whatever its aria-live): the edit's end does not say it again.
  const before = page.getByLabel('Parallelism before', { exact: true });
  const alert = await quietAlertAfter(page, before, '400', 'This trace cannot run');
  await before.press('Tab');
  await expect(alert).toHaveAttribute('aria-live', 'assertive');
  await expect(alert.locator('.region-content')).toHaveAttribute('data-marked', 'kept');

  // Coverage: the note beside Play is quiet while a prediction is typed.
  await open(page, '#/coverage?m=8&a=3');
  const near = page.getByTestId('verdict-near');
  const count = page.getByLabel('Predicted count (optional)', { exact: true });
  await count.fill('1');
  await expect(near).toHaveAttribute('aria-live', 'off');
  await count.press('Escape');
  await expect(near).toHaveAttribute('aria-live', 'polite');

  // A number box's arrow is a whole edit, as a slider's step: the results speak at once.
  await open(page, '#/owners?p=100&maxp=128');
  const route = page.locator('.lookup [role="status"]');
  await page.getByLabel('Max parallelism', { exact: true }).press('ArrowUp');
  await expect(page).toHaveURL(/[?&]maxp=129(&|$)/);
  await expect(route).toHaveAttribute('aria-live', 'polite');

  // The skew lab's draft note describes its box; a CSV report arrives in a region already there.
  await open(page, '#/skew?p=4&maxp=128');
  const keys = page.getByLabel('Keys (CSV)');
  await keys.fill('a,5');
  await page.reload();
  await engage(page);
  await expect(keys).toHaveAttribute('aria-describedby', /(^| )skew-csv-note( |$)/);
  // Its first line and the first unused line's reason (found by a keyboard walk-through: it
  // ended at the colon): the list of unused lines is read when reached, not said whole.
  const live = page.locator('.keyset div.visually-hidden[role="status"]');
  await expect(live).toHaveText('');
  await expect(page.getByTestId('csv-report')).toHaveCount(0);
  await keys.fill('a,5\nb\nc,x');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(live).toHaveText('Read 1 key. 2 lines were not used: line 2: expected 2 or 3 fields (key, events per second, optional state size), found 1; put keys holding commas in double quotes; the others are listed under the box.');
  await expect(page.getByTestId('csv-report')).toContainText('line 2');
  await expect(keys).not.toHaveAttribute('aria-describedby', /skew-csv-note/);
});
