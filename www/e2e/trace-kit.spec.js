// The trace kit in the trace lab, as a person uses it (by role and label): Download trace gives
// the trace the real Flink run read (tests/flink-trace-kit/trace.csv) and, for another link, the
// events computed here independently; the real job's outputs pasted or uploaded check
// preserved (restored at another parallelism) and lost (the sum's uid changed,
// allowNonRestoredState); an edited total gives wrong; malformed output names the line, keeps
// the text and the last check; the last output checked survives a reload of the tab, and so
// does output typed but not yet checked (unchecked, over the earlier check, greyed).
import { readFileSync } from 'node:fs';
import { test, expect, expectVerdict, open, settled, downloaded, axeViolations, watchLongTasks, longTasks, paste } from './fixtures.js';

const dir = new URL('../../tests/flink-trace-kit/', import.meta.url);
const file = (name) => readFileSync(new URL(name, dir), 'utf8');

/** Event `offset` of a trace, as the lab documents it: (key, value). */
function event(offset, keys, hot) {
  const mul = Math.imul(offset, 2654435761) >>> 0;
  const mix = (((mul << 13) | (mul >>> 19)) ^ 0x9e3779b9) >>> 0;
  const k = hot && mix % 10 < 6 ? 0 : mix % keys;
  return [`customer-${k}`, (offset % 7) + 1];
}

const box = (page) => page.getByLabel('Job output (CSV)');
const verdict = (page) => page.getByTestId('output-verdict');

async function checkText(page, text) {
  await box(page).fill(text);
  await page.getByRole('button', { name: 'Check output' }).click();
}

test('Download trace gives the trace the Flink job read, and the totals it had to end with', async ({ page }) => {
  await open(page, '#/trace');
  expect(await downloaded(page, 'Download trace')).toEqual({ name: 'trace.csv', text: file('trace.csv') });
  expect(await downloaded(page, 'Download totals')).toEqual({ name: 'trace-totals.csv', text: file('trace-totals.csv') });
  // The steps of a real run, as tests/flink-trace-kit ran them: snapshot mid-stream, restore
  // at another parallelism, and the output with its source position.
  const steps = page.locator('.kit-steps li');
  await expect(steps).toHaveCount(6);
  await expect(steps.nth(2)).toContainText('flink stop --savepointPath');
  await expect(steps.nth(3)).toContainText('flink run -s');
  await expect(steps.nth(4)).toContainText('source_offset');
});

test('a snapshot offset past the trace\'s end is taken at its end, and the check says so', async ({ page }) => {
  await open(page, '#/trace?snapshot=500');
  const note = 'The snapshot offset 500 is past the end of the trace (240 events): the snapshot is taken at its end, offset 240.';
  await expect(page.locator('.trace-result').getByText(note, { exact: true })).toBeVisible();
  await expect(page.getByTestId('trace-source')).toContainText('offset 240');
  await page.getByLabel('Snapshot at offset', { exact: true }).fill('200');
  await expect(page.getByTestId('trace-source')).toContainText('offset 200');
  await expect(page.getByText(note, { exact: true })).toHaveCount(0);
});

test('a downloaded trace follows the link: its events, their count and its totals', async ({ page }) => {
  await open(page, '#/trace?scenario=hot-key&keys=5&events=30&snapshot=20');
  const { name, text } = await downloaded(page, 'Download trace');
  expect(name).toBe('trace.csv');
  const lines = text.split('\n');
  expect(lines[0]).toBe('offset,key,value');
  expect(lines.at(-1)).toBe('');
  expect(lines.slice(1, -1)).toEqual(Array.from({ length: 30 }, (_, i) => [i, ...event(i, 5, true)].join(',')));
  const totals = new Map();
  for (let i = 0; i < 30; i++) {
    const [k, v] = event(i, 5, true);
    totals.set(k, (totals.get(k) ?? 0) + v);
  }
  const rows = [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k},${v}`);
  expect((await downloaded(page, 'Download totals')).text).toBe(['key,total', ...rows, 'source_offset,30', ''].join('\n'));
});

test('the real job restored at another parallelism checks preserved; with the sum\'s uid changed, lost', async ({ page }) => {
  await open(page, '#/trace');
  await checkText(page, file('output-restored-p6.csv'));
  await expectVerdict(verdict(page), 'preserved', ['all 12 keys hold their full totals', 'offset 240, the end of the trace']);
  await checkText(page, file('output-uid-changed-p6.csv'));
  await expectVerdict(verdict(page), 'lost', ['Totals below the trace\'s (lost): 12', 'customer-1: 4 (the trace: 63, -59)']);
  await expect(verdict(page).getByRole('listitem')).toHaveCount(11);
  await expect(verdict(page)).toContainText('… and 2 more');
  expect(await axeViolations(page)).toEqual([]);
});

test('the output checked last comes back after a reload of the tab, in the box and checked; a blank check forgets it', async ({ page }) => {
  await open(page, '#/trace');
  const text = file('output-uid-changed-p6.csv');
  await checkText(page, text);
  await expectVerdict(verdict(page), 'lost', ['Totals below the trace\'s (lost): 12']);
  await page.reload();
  await expectVerdict(verdict(page), 'lost', ['Totals below the trace\'s (lost): 12']);
  await expect(box(page)).toHaveValue(text);
  await checkText(page, ' ');
  await expect(page.getByTestId('output-error')).toContainText('the output is empty');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your own job: run this trace and check its output' })).toBeVisible();
  await expect(box(page)).toHaveValue('');
  await expect(verdict(page)).toHaveCount(0);
});

test('output typed and not yet checked comes back after a reload, unchecked, over the check before it, greyed', async ({ page }) => {
  await open(page, '#/trace');
  const checked = file('output-restored-p6.csv');
  await checkText(page, checked);
  await expectVerdict(verdict(page), 'preserved', ['all 12 keys hold their full totals']);
  const typed = checked.replace('customer-3,105', 'customer-3,106');
  await box(page).fill(typed);
  // Kept when the typing pauses (the box left, the page hidden), not at each keystroke.
  const kept = () => page.evaluate(() => sessionStorage.getItem('rescale-lab.trace.output-typed'));
  expect(await kept()).toBeNull();
  await box(page).blur();
  await expect.poll(kept).toBe(`0\n${typed}`);
  await box(page).fill(typed + '\n');
  await page.reload();
  await expect(box(page)).toHaveValue(typed + '\n');
  await box(page).fill(typed);
  await page.reload();
  await expect(box(page)).toHaveValue(typed);
  const note = page.getByTestId('output-pending');
  await expect(note).toHaveText('What you typed here earlier in this tab is back in the box, not yet read: press Check output to use it.');
  await expect(box(page)).toHaveAttribute('aria-describedby', /trace-output-csv-note/);
  // The check shown is of the output checked before the reload, and says so.
  await expect(page.getByTestId('output-stale')).toContainText('Checked before, not the text in the box now:');
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'preserved');
  await page.getByRole('button', { name: 'Check output' }).click();
  await expectVerdict(verdict(page), 'wrong', ['customer-3: 106 (the trace: 105, +1)']);
  await expect(page.getByTestId('output-stale')).toHaveCount(0);
  await expect(note).toHaveCount(0);
  // Read, it is the output checked: a reload shows it checked, with no note.
  await page.reload();
  await expectVerdict(verdict(page), 'wrong', ['customer-3: 106 (the trace: 105, +1)']);
  await expect(box(page)).toHaveValue(typed);
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId('output-stale')).toHaveCount(0);
});

test('the source\'s uid changed counts events twice: wrong; an edited total is caught; a file works too', async ({ page }) => {
  await open(page, '#/trace');
  await checkText(page, file('output-source-uid-changed-p6.csv'));
  await expectVerdict(verdict(page), 'wrong', ['Totals above the trace\'s (events counted twice?): 12']);
  await checkText(page, file('output-restored-p6.csv').replace('customer-3,105', 'customer-3,106'));
  await expectVerdict(verdict(page), 'wrong', ['customer-3: 106 (the trace: 105, +1)']);
  await checkText(page, file('output-restored-p6.csv').replace('customer-3,105\n', ''));
  await expectVerdict(verdict(page), 'lost', ['Keys missing from the output (lost): 1']);
  await page.getByLabel('Or read a CSV file:').setInputFiles({
    name: 'output.csv', mimeType: 'text/csv', buffer: Buffer.from(file('output-restored-p6.csv')),
  });
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'preserved');
});

test('malformed output names the line and the problem, keeps the text and the last check', async ({ page }) => {
  await open(page, '#/trace');
  await checkText(page, file('output-restored-p6.csv'));
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'preserved');
  for (const [text, message] of [
    ['key,count\ncustomer-1,4\n', 'line 1: the header must be key,total, found "key,count"'],
    ['key,total\ncustomer-1,four\n', 'line 2: the total "four" is not a whole number'],
    ['key,total\ncustomer-1,4\ncustomer-1,5\n', 'line 3: "customer-1" appears twice (first on line 2)'],
    ['key,total\n<img src=x onerror=alert(1)>,1,2\n', 'line 2: a row is key,total (2 fields), found 3 fields'],
  ]) {
    await checkText(page, text);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(message);
    await expect(alert).toContainText('The greyed check below is of the output read before, not of this text.');
    await expect(box(page)).toHaveValue(text);
    // The old verdict stays, greyed and marked as the earlier check's.
    const stale = page.getByTestId('output-stale');
    await expect(stale).toContainText('Checked before, not the text in the box now');
    await expect(stale.getByTestId('output-verdict')).toHaveAttribute('data-verdict', 'preserved');
    expect(await stale.evaluate((e) => getComputedStyle(e).filter)).toBe('grayscale(1)');
  }
  await expect(page.locator('img')).toHaveCount(0);
  await checkText(page, file('output-restored-p6.csv'));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('output-stale')).toHaveCount(0);
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'preserved');
});

/** A job output of `rows` keys customer-0 … (total = its number), as a file to read. */
const wideOutput = (rows) => 'key,total\n' + Array.from({ length: rows }, (_, i) => `customer-${i},${i}`).join('\n') + '\n';
const readFile = (page, text) => page.getByLabel('Or read a CSV file:').setInputFiles({
  name: 'output.csv', mimeType: 'text/csv', buffer: Buffer.from(text),
});

test('an output of 100,000 rows is read in steps with its progress shown, and its problems counted', async ({ page }) => {
  await open(page, '#/trace');
  // Every progress bar the page shows from here on.
  await page.evaluate(() => {
    window.__bars = 0;
    new MutationObserver(() => { if (document.querySelector('progress[aria-label="Reading the output"]')) window.__bars++; })
      .observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await readFile(page, wideOutput(100_000));
  await expectVerdict(verdict(page), 'lost', ['Keys the trace does not have: 99988', 'Totals below the trace\'s (lost): 12']);
  await expect(page.getByRole('progressbar', { name: 'Reading the output' })).toHaveCount(0);
  expect(await page.evaluate(() => window.__bars)).toBeGreaterThan(0);
  // A problem on the last row is found there, the text kept and the last check greyed.
  await readFile(page, wideOutput(100_000).replace('\ncustomer-99999,99999\n', '\ncustomer-7,1\n'));
  await expect(page.getByRole('alert')).toContainText('line 100001: "customer-7" appears twice (first on line 9)');
  await expect(page.getByTestId('output-stale').getByTestId('output-verdict')).toHaveAttribute('data-verdict', 'lost');
  await expect(page.getByRole('progressbar', { name: 'Reading the output' })).toHaveCount(0);
});

test('an output past 100,000 rows is refused by name, the page settles again, and a paste comes back', async ({ page }) => {
  // Found by a walk-through: the check was busy and refused within one pair of renders, and the
  // page's settled mark, cleared as it began, was not written again until the next edit.
  await open(page, '#/trace');
  const text = wideOutput(100_001);
  await box(page).evaluate((area, t) => {
    area.value = t;
    area.dispatchEvent(new InputEvent('input', { bubbles: true }));
  }, text);
  await page.getByRole('button', { name: 'Check output' }).click();
  await expect(page.getByRole('main')).toContainText('more than 100000 rows');
  await settled(page);
  // Pasted, it is held out of the box; refused, it comes back into it, to be mended there.
  await box(page).fill('');
  await paste(box(page), text);
  await expect(box(page)).toHaveValue('');
  await page.getByRole('button', { name: 'Check output' }).click();
  await expect(page.getByRole('main')).toContainText('more than 100000 rows');
  await expect(page.getByText('The text that could not be read is back in the box, to be mended where the message says (text this large is not kept for a reload).')).toBeVisible();
  expect(await box(page).inputValue()).toBe(text);
  await settled(page);
});

test('Check output keeps its focus while a large paste is read, and says it is busy', async ({ page }) => {
  await open(page, '#/trace');
  const text = wideOutput(60_000);
  await paste(box(page), text);
  const check = page.getByRole('button', { name: 'Check output' });
  await check.focus();
  // The busy state, seen by the button itself as the read starts.
  await page.evaluate(() => {
    window.__busy = false;
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Check output');
    new MutationObserver(() => { if (button.getAttribute('aria-disabled') === 'true') window.__busy = true; })
      .observe(button, { attributes: true });
  });
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'lost');
  expect(await page.evaluate(() => window.__busy)).toBe(true);
  await expect(check).toHaveAttribute('aria-disabled', 'false');
  await expect(check).toBeFocused();
});

// A wall-clock bound (the timing project): before the read went into steps, checking 100,000
// rows held the main thread for 168-502 ms in one task (616-672 ms before that).
test.describe('timing @timing', () => {
  // Its steps are 40 ms and its last render under 60 ms (measured: no task over 55 ms), so
  // the bound is tighter than the other timing specs': the one-task read measured 168-502 ms.
  test('checking a 100,000-row output never holds the main thread for 150 ms', async ({ page }) => {
    await watchLongTasks(page);
    // The largest trace the page takes, its run beside the read.
    await open(page, '#/trace?events=100000&snapshot=50000');
    // The file made in the page: Playwright's own setInputFiles decodes a file this size in
    // the page's main thread (a 200-420 ms task of its own, before the lab sees the file).
    await page.evaluate((text) => { window.__file = new File([text], 'output.csv', { type: 'text/csv' }); }, wideOutput(100_000));
    await page.evaluate(() => { window.__long = []; });
    await page.getByLabel('Or read a CSV file:').evaluate((input) => {
      const chosen = new DataTransfer();
      chosen.items.add(window.__file);
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(verdict(page)).toHaveAttribute('data-verdict', 'lost');
    const long = await longTasks(page);
    console.log(`trace output of 100,000 rows: long tasks (ms) ${JSON.stringify(long)}`);
    expect(long[0] ?? 0).toBeLessThan(150);
  });
});
