// The owners lab's ranges, slider and rescale views: CSV against Flink's own ranges, the
// ceiling alert, keyboard use of the slider, the rescale diff, autoscaler, chooser, and a
// DOM that stays small at any parallelism.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, open, downloaded } from './fixtures.js';

const slider = (page) => page.getByRole('slider', { name: 'Parallelism' });

function flinkRanges(max, p) {
  const path = fileURLToPath(new URL('../../tests/vectors/ranges.tsv', import.meta.url));
  return readFileSync(path, 'utf8').trim().split('\n').slice(1)
    .map((line) => line.split('\t').map(Number))
    .filter(([m, par]) => m === max && par === p)
    .map(([, , op, first, last]) => `${op},${first},${last},${last - first + 1}`);
}

/** Flink's computeOperatorIndexForKeyGroup, written out independently for the checks. */
const owner = (max, p, group) => Math.floor((group * p) / max);

test('Export CSV at 128/100 is identical to Flink\'s ranges', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100');
  const { name, text } = await downloaded(page, 'Export CSV');
  expect(name).toBe('owners.csv');
  const expected = ['subtask,first_key_group,last_key_group,key_groups', ...flinkRanges(128, 100)].join('\n') + '\n';
  expect(flinkRanges(128, 100)).toHaveLength(100);
  expect(text).toBe(expected);
});

test('the table pages through every subtask with Flink\'s ranges', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100');
  const rows = page.locator('.ranges-table tbody tr');
  await expect(rows).toHaveCount(32);
  await expect(rows.nth(3)).toHaveText(['3', '4', '5', '2'].join(''));
  await page.getByRole('button', { name: 'Next subtasks' }).click();
  await expect(rows.first().locator('td').first()).toHaveText('32');
  await expect(page.getByTestId('imbalance-summary')).toContainText('28 subtasks own 2 key groups and 72 own 1');
});

test('p = 200 at max parallelism 128 does not start: an alert naming both', async ({ page }) => {
  await open(page, '#/owners?p=24');
  await page.getByLabel('First parallelism').fill('24');
  await expect(page.getByLabel('Max parallelism')).toHaveValue('');
  await slider(page).fill('200');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('200');
  await expect(alert).toContainText('128');
  await expect(page).toHaveURL(/first=24/);
  await expect(page.locator('.ranges-table')).toHaveCount(0);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', /above max parallelism 128/);
});

test('the slider works from the keyboard and says what a value means', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100');
  const s = slider(page);
  await s.focus();
  await page.keyboard.press('ArrowRight');
  await expect(s).toHaveValue('101');
  await expect(page.getByLabel('Exact parallelism')).toHaveValue('101');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(s).toHaveValue('99');
  await page.keyboard.press('Home');
  await expect(s).toHaveValue('1');
  await expect(s).toHaveAttribute('aria-valuetext', '1: every subtask owns 128 key groups');
  await page.keyboard.press('PageUp');
  expect(Number(await s.inputValue())).toBeGreaterThan(2);
  await page.keyboard.press('End');
  await expect(s).toHaveValue('256');
  await expect(page.getByRole('alert')).toContainText('256');
  await expect(page).toHaveURL(/p=256/);
});

test('rescale diff from 24 to 32 at 128 matches the owner formula', async ({ page }) => {
  await open(page, '#/owners?maxp=128&from=24&p=32');
  let moved = 0;
  for (let g = 0; g < 128; g++) if (owner(128, 24, g) !== owner(128, 32, g)) moved++;
  let keeping = 0;
  for (let i = 0; i < 24; i++) {
    const groups = [...Array(128).keys()].filter((g) => owner(128, 24, g) === i);
    if (groups.every((g) => owner(128, 32, g) === i)) keeping++;
  }
  const diff = page.getByTestId('rescale-diff');
  await expect(diff).toContainText(`${moved} key groups change owner`);
  await expect(diff).toContainText(`(${(Math.round((moved * 1000) / 128) / 10).toFixed(1)}% of the state`);
  await expect(diff).toContainText(`${keeping} of the 24 subtasks`);
  await expect(page.getByText('logical reassignment only')).toBeVisible();
  await expect(page.getByTestId('autoscaler-EVENLY_SPREAD')).toContainText('32');
});

test('the autoscaler refuses some scale-downs, and the chooser suggests key-group counts', async ({ page }) => {
  await open(page, '#/owners?maxp=128&from=64&p=63&largest=200');
  await expect(page.getByTestId('autoscaler-EVENLY_SPREAD')).toContainText('64');
  await expect(page.getByTestId('autoscaler-EVENLY_SPREAD')).toContainText('stays at 64');
  await expect(page.getByTestId('divisors-near')).toContainText('16, 32, 64, 128');
  const chooser = page.locator('.chooser-table tbody');
  // 63, 64 and 200 have no common multiple up to 32768 (it is 100800): the choice is for 200 alone.
  await expect(page.getByText('their least common multiple is 100800; suggesting for 200 alone')).toBeVisible();
  await expect(chooser).toContainText('1200');
  await expect(chooser).toContainText('multiple of 200');
  await expect(chooser).toContainText('1024');
  await expect(page.getByTestId('chooser-best')).toContainText('Suggested: 1200.');
  // A small job is never told to take fewer key groups than Flink's default floor of 128:
  // at p = 3 the span is 128–256 (not 12–24), and 240 has the most divisors there.
  await open(page, '#/owners?maxp=128&p=3');
  await expect(page.getByTestId('chooser-best')).toContainText('Suggested: 240. A multiple of 3 (240)');
  await expect(page.getByTestId('chooser-best')).toContainText('A power of two (128)');
  await open(page, '#/owners?maxp=128&p=1');
  await expect(page.getByTestId('chooser-best')).toContainText('Suggested: 240.');
});

test('the page stays under 1,500 DOM nodes at max parallelism 32768 for any p', async ({ page }) => {
  await open(page, '#/owners?maxp=32768&p=1&from=1');
  for (const p of [1, 7, 100, 1000, 5000, 16384, 21845, 32767, 32768]) {
    await page.getByLabel('Exact parallelism').fill(String(p));
    await expect(page.locator('.ranges-table tbody tr').first()).toBeVisible();
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    expect(nodes, `p = ${p}`).toBeLessThanOrEqual(1500);
  }
});

test('counts read right: one run is a run, an even split says so, one key group is named alone', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=1');
  const ranges = page.locator('section.ranges > p').first();
  await expect(ranges).toContainText('split into 1 contiguous run, one per subtask');
  await expect(ranges).toContainText(': here every run holds 128 key groups.');
  await open(page, '#/owners?maxp=128&p=3');
  await expect(ranges).toContainText('split into 3 contiguous runs');
  // Which subtasks hold the larger runs, as Flink's ranges put them (found by review: the text
  // said they were never at the start, under a table where they were).
  await expect(ranges).toContainText('⌋: subtasks 0 and 1 own 43 key groups each, subtask 2 owns 42.');
  await expect(page.locator('.ranges-table tbody tr').nth(1).locator('td')).toHaveText(['1', '43', '85', '43']);
  await open(page, '#/owners?maxp=128&p=100');
  await expect(ranges).toContainText('⌋: 28 subtasks own 2 key groups each, 72 subtasks own 1, where the rounding puts them (the middle band of the bar marks the larger runs).');
  await open(page, '#/owners?maxp=128&p=100&key=42&type=int');
  await expect(page.locator('.lookup')).toContainText('key group 29 alone');
  await expect(page.locator('.lookup')).not.toContainText('29 to 29');
});

test('a key group looked for names its owner, as Flink\'s ranges have it, and the table opens at its row', async ({ page }) => {
  // Found by review: the guided path's "who owns key group 77?" opened this lab with subtask 60
  // two pages into the table.
  await open(page, '#/owners?maxp=128&p=100&group=77');
  const said = page.getByTestId('group-owner');
  const [row60] = flinkRanges(128, 100).filter((r) => r.startsWith('60,'));
  expect(row60).toBe('60,77,78,2');
  expect(owner(128, 100, 77)).toBe(60);
  await expect(said).toHaveText('Key group 77 belongs to subtask 60, which owns key groups 77 to 78 (2 in all): its row is marked in the table.');
  const marked = page.locator('.ranges-table tr[aria-current="true"]');
  await expect(marked.locator('td')).toHaveText(['60', '77', '78', '2']);
  await expect(page.getByText('Subtasks 32 to 63 of 100')).toBeVisible();
  // Paged away, the status says where the row is (found by review: it still said "marked").
  await page.getByRole('button', { name: 'Next subtasks' }).click();
  await expect(said).toHaveText('Key group 77 belongs to subtask 60, which owns key groups 77 to 78 (2 in all): its row is on another page of the table, subtasks 32 to 63.');
  await page.getByRole('button', { name: 'Previous subtasks' }).click();
  await expect(said).toHaveText(/its row is marked in the table\.$/);
  // A parallelism the job cannot start at: the group has no owner, said with its field.
  await page.getByLabel('Exact parallelism').fill('200');
  await page.getByLabel('Exact parallelism').press('Enter');
  await expect(said).toHaveText('Key group 77 has no owner: the job cannot start at parallelism 200.');
  await expect(page.getByLabel('Find a key group')).toHaveValue('77');
  // Another parallelism: the owner moves, and the table goes to its page.
  const find = page.getByLabel('Find a key group');
  await page.getByLabel('Exact parallelism').fill('4');
  await page.getByLabel('Exact parallelism').press('Enter');
  await expect(said).toHaveText(`Key group 77 belongs to subtask ${owner(128, 4, 77)}, which owns key groups 64 to 95 (32 in all): its row is marked in the table.`);
  await expect(marked.locator('td').first()).toHaveText('2');
  // No such group: said with the bound, and no row is marked.
  await find.fill('128');
  await expect(said).toHaveText('Not found: there is no key group 128: max parallelism 128 makes key groups 0 to 127.');
  await expect(marked).toHaveCount(0);
  // The field it refuses is marked, and described by what was found (found by review: it was not).
  await expect(find).toHaveAttribute('aria-invalid', 'true');
  await expect(find).toHaveAccessibleDescription('Not found: there is no key group 128: max parallelism 128 makes key groups 0 to 127.');
  // Text that is no number: the field says so, and the group the edit began with stays found.
  await find.fill('12');
  await find.pressSequentially('e');
  await expect(find).toHaveAttribute('aria-invalid', 'true');
  await expect(said).toHaveText(/^Key group 77 belongs to subtask 2,/);
  await find.fill('0');
  await expect(said).toHaveText('Key group 0 belongs to subtask 0, which owns key groups 0 to 31 (32 in all): its row is marked in the table.');
  await expect(find).not.toHaveAttribute('aria-invalid');
  await expect(page).toHaveURL(/group=0/);
  // A job that cannot start, and a group beyond its max parallelism: no such group, said as
  // such, its field refused (found by review: it said the group had no owner).
  await open(page, '#/owners?maxp=4&p=8&group=9');
  await expect(said).toHaveText('Not found: there is no key group 9: max parallelism 4 makes key groups 0 to 3.');
  await expect(find).toHaveAttribute('aria-invalid', 'true');
  await expect(find).toHaveAccessibleDescription('Not found: there is no key group 9: max parallelism 4 makes key groups 0 to 3.');
});

test('a bad value typed after moving the slider keeps the slider\'s value, as its message says', async ({ page }) => {
  // Found by review: the moves were keystrokes of one edit that never ended, so 0 typed after
  // them went back to the value before the first move (and said "still using p = 100").
  await open(page, '#/owners?maxp=256&p=100');
  await slider(page).focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/[?&]p=105(&|$)/);
  const exact = page.getByLabel('Exact parallelism');
  await exact.fill('0');
  await exact.press('Enter');
  await expect(page.locator('#owners-p-error')).toContainText('parallelism must be between 1 and 32768, got 0');
  await expect(slider(page)).toHaveValue('105');
  await expect(page).toHaveURL(/[?&]p=105(&|$)/);
});
