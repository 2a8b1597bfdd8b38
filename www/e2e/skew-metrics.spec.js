// A running job's REST metrics in the skew lab, as a person brings them (by role and label):
// every body captured from Flink 2.3.0 (tests/flink-rest-metrics/bodies-flink-2.3.0/) pasted
// or uploaded, the data skew checked against Flink's own `skew` field and against the job's
// own per-subtask counts (computed here independently), the what-ifs the numbers can and
// cannot answer, a paste too large for the box, and malformed text keeping the key set.
import { readFileSync } from 'node:fs';
import { test, expect, open, axeViolations, settledURL, paste } from './fixtures.js';
import { dataSkewPercent } from '../flink-port.js';

const dir = new URL('../../tests/flink-rest-metrics/bodies-flink-2.3.0/', import.meta.url);
const body = (name) => readFileSync(new URL(name, dir), 'utf8');

/** What the job counted itself, per subtask (expected-counts.txt: `subtask <i> <records>`). */
const counts = body('expected-counts.txt').split('\n')
  .filter((l) => l.startsWith('subtask '))
  .map((l) => Number(l.split(' ')[2]));
/** Flink's own skew field of the aggregated numRecordsIn body. */
const flinkSkew = JSON.parse(body('subtasks-metrics-numRecordsIn.json'))[0].skew;

const box = (page) => page.getByLabel('Flink REST metrics (JSON)');
const importButton = (page) => page.getByRole('button', { name: 'Import metrics' });

async function importText(page, text) {
  await box(page).fill(text);
  await importButton(page).click();
}

/** The imported per-subtask table, as [subtask, value] pairs of every page. */
async function loadRows(page) {
  const table = page.getByRole('table', { name: 'Load of each subtask, imported' });
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.cells].slice(0, 2).map((c) => Number(c.textContent))));
}

test('the counts and Flink\'s skew agree: the job\'s own counts, the web UI\'s formula and the skew field', () => {
  expect(counts).toEqual([1290, 1084, 8293, 1333]);
  expect(flinkSkew).toBeCloseTo(88.2166666, 6);
  expect(dataSkewPercent(counts)).toBe(Math.round(flinkSkew));
});

test('the aggregated numRecordsIn body gives Flink\'s own skew, rounded as the Data Skew tab rounds it', async ({ page }) => {
  await open(page, '#/skew?preset=zipf&n=200&p=4&maxp=128');
  // Settled, the link is in its canonical form (written at the first render, defaults left out).
  await expect(page).toHaveURL(/#\/skew\?maxp=128&p=4&preset=zipf&n=200$/);
  const before = await page.getByTestId('skew-percent').textContent();
  const url = await settledURL(page);
  await importText(page, body('subtasks-metrics-numRecordsIn.json'));
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText(String(Math.round(flinkSkew)));
  await expect(page.getByTestId('metrics-flink-skew')).toHaveText(String(flinkSkew));
  const summary = page.getByTestId('metrics-summary');
  await expect(summary).toHaveAttribute('data-body', 'aggregated');
  await expect(summary).toHaveAttribute('data-metric', 'numRecordsIn');
  await expect(summary).not.toHaveAttribute('data-subtasks', /./);
  await expect(page.getByRole('table', { name: 'Load of each subtask, imported' })).toHaveCount(0);
  const whatifs = page.getByTestId('metrics-whatifs');
  await expect(whatifs).toContainText(`${(8293 / 3000).toFixed(3).slice(0, 4)} × the mean`);
  await expect(whatifs).toContainText('the load of each subtask: this body holds only min, max, avg, sum and skew');
  await expect(whatifs).toContainText('another parallelism');
  await expect(whatifs).toContainText('per key');
  // The lab's own skew (the key set's) and the link are untouched.
  await expect(page.getByTestId('skew-percent')).toHaveText(before);
  await expect(page).toHaveURL(url);
});

test('the settled numRecordsInPerSecond body reads as Flink\'s 0 %', async ({ page }) => {
  await open(page, '#/skew?p=4&maxp=128');
  const text = body('subtasks-metrics-numRecordsInPerSecond.settled.json');
  await importText(page, text);
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText(String(Math.round(JSON.parse(text)[0].skew)));
  await expect(page.getByTestId('metrics-summary')).toHaveAttribute('data-metric', 'numRecordsInPerSecond');
});

test('the vertex details body: per-subtask load as the job counted it, and the skew Flink computed', async ({ page }) => {
  await open(page, '#/skew?preset=hot&n=500&p=8');
  const before = await page.getByTestId('skew-percent').textContent();
  await importText(page, body('vertex.json'));
  const summary = page.getByTestId('metrics-summary');
  await expect(summary).toHaveAttribute('data-body', 'vertex');
  await expect(summary).toHaveAttribute('data-metric', 'read-records');
  await expect(summary).toHaveAttribute('data-subtasks', '4');
  await expect(summary).toContainText('"keyed-op -> sink: Writer"');
  expect(await loadRows(page)).toEqual(counts.map((c, i) => [i, c]));
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText(String(dataSkewPercent(counts)));
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText(String(Math.round(flinkSkew)));
  await expect(page.getByText(`${flinkSkew.toFixed(4)}% before the web UI's Data Skew tab rounds it`)).toBeVisible();
  const whatifs = page.getByTestId('metrics-whatifs');
  await expect(whatifs).toContainText('the busiest subtask: 2, with 8293 records');
  await expect(whatifs).toContainText('every subtask owns 32 of the 128 key groups');
  await expect(whatifs).toContainText('another parallelism');
  await expect(page.getByTestId('skew-percent')).toHaveText(before);
  // The vertex's own settings can be taken over for the per-key what-ifs.
  await page.getByRole('button', { name: 'Use parallelism 4 and max parallelism 128 in this lab' }).click();
  await expect(page.getByLabel('Parallelism', { exact: true })).toHaveValue('4');
  await expect(page.getByLabel('Max parallelism')).toHaveValue('128');
  await expect(page).toHaveURL(/maxp=128/);
});

test('in an embed that locks the parallelism, the vertex\'s own settings cannot be taken over', async ({ page }) => {
  await open(page, '#/skew?p=8&embed=1&lock=p,maxp');
  await importText(page, body('vertex.json'));
  const use = page.getByRole('button', { name: 'Use parallelism 4 and max parallelism 128 in this lab' });
  await expect(use).toBeDisabled();
  await expect(use).toHaveAccessibleDescription('Locked by the page this lab is embedded in.');
  await expect(page.getByLabel('Parallelism', { exact: true })).toHaveValue('8');
  await expect(page).toHaveURL(/#\/skew\?embed=1&lock=p%2Cmaxp$/);
});

test('one subtasks/<i>/metrics body per subtask, pasted one after another', async ({ page }) => {
  await open(page, '#/skew?p=4&maxp=128');
  const bodies = [0, 1, 2, 3].map((i) => body(`subtask-${i}-metrics-numRecordsIn.json`));
  await importText(page, bodies.join(''));
  const summary = page.getByTestId('metrics-summary');
  await expect(summary).toHaveAttribute('data-body', 'subtask-lists');
  await expect(summary).toHaveAttribute('data-metric', 'numRecordsIn');
  expect(await loadRows(page)).toEqual(counts.map((c, i) => [i, c]));
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText(String(Math.round(flinkSkew)));
  await expect(page.getByTestId('metrics-coverage')).toHaveCount(0);
  // Three of the four: the lab is at parallelism 4, so one is named missing.
  await importText(page, bodies.slice(0, 3).join(''));
  await expect(page.getByTestId('metrics-summary')).toHaveAttribute('data-subtasks', '3');
  await expect(page.getByTestId('metrics-coverage')).toHaveText(
    "Read 3 subtasks but the lab's parallelism is 4: if the job runs 4, 1 is missing, and the skew above covers only the 3 subtasks given.");
  // A single subtask's body says what is missing.
  await importText(page, bodies[2]);
  await expect(page.getByTestId('metrics-summary')).toHaveAttribute('data-subtasks', '1');
  await expect(page.getByText('paste one body per subtask')).toBeVisible();
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText('0');
});

test('a JSON file reads as the pasted text does', async ({ page }) => {
  await open(page, '#/skew?p=4&maxp=128');
  await page.getByLabel('Or read a JSON file:').setInputFiles({
    name: 'vertex.json', mimeType: 'application/json', buffer: Buffer.from(body('vertex.json')),
  });
  await expect(page.getByTestId('metrics-summary')).toHaveAttribute('data-body', 'vertex');
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText(String(Math.round(flinkSkew)));
});

test('a paste over 256 KB that does not import comes back into the box, to be mended where the message says', async ({ page }) => {
  // Found by a walk-through: the refused paste was gone, so the byte the message named could
  // not be mended.
  await open(page, '#/skew?p=4&maxp=128');
  const vertex = JSON.parse(body('vertex.json'));
  vertex.subtasks = Array.from({ length: 600 }, (_, i) => ({ ...vertex.subtasks[0], subtask: i }));
  vertex.parallelism = 600;
  const text = JSON.stringify(vertex).replace(/\}$/, ',}');
  expect(text.length).toBeGreaterThan(256 * 1024);
  await paste(box(page), text);
  await expect(box(page)).toHaveValue('');
  await importButton(page).click();
  await expect(page.getByTestId('metrics-error')).toContainText(`at byte ${text.length - 1}`);
  await expect(page.getByTestId('metrics-pending')).toHaveText('The text that could not be read is back in the box, to be mended where the message says (text this large is not kept for a reload).');
  expect(await box(page).inputValue()).toBe(text);
  // Mended in the box, it imports.
  await box(page).evaluate((area) => { area.value = area.value.replace(/,\}$/, '}'); area.dispatchEvent(new InputEvent('input', { bubbles: true })); });
  await importButton(page).click();
  await expect(page.getByTestId('metrics-summary')).toHaveAttribute('data-subtasks', '600');
  await expect(page.getByTestId('metrics-error')).toHaveCount(0);
  // The note was about the text before this import.
  await expect(page.getByTestId('metrics-pending')).toHaveCount(0);
});

test('a vertex of 600 subtasks pasted (over 256 KB) is held out of the box, then read and paged', async ({ page }) => {
  await open(page, '#/skew?p=4&maxp=128');
  const vertex = JSON.parse(body('vertex.json'));
  const template = vertex.subtasks[0];
  const records = Array.from({ length: 600 }, (_, i) => (i === 7 ? 90000 : 1000 + ((i * 37) % 101)));
  vertex.parallelism = 600;
  vertex.maxParallelism = 4096;
  vertex.subtasks = records.map((r, i) => ({ ...template, subtask: i, metrics: { ...template.metrics, 'read-records': r } }));
  const text = JSON.stringify(vertex);
  expect(text.length).toBeGreaterThan(256 * 1024);
  await paste(box(page), text);
  await expect(page.getByTestId('metrics-pending')).toContainText('press Import metrics');
  await expect(box(page)).toHaveValue('');
  await importButton(page).click();
  await expect(page.getByTestId('metrics-summary')).toHaveAttribute('data-subtasks', '600');
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText(String(dataSkewPercent(records)));
  await expect(page.getByTestId('metrics-whatifs')).toContainText('the busiest subtask: 7, with 90000 records');
  const rows = page.getByRole('table', { name: 'Load of each subtask, imported' }).locator('tbody tr');
  await expect(rows).toHaveCount(32);
  await page.getByRole('button', { name: 'Next imported subtasks' }).click();
  await expect(rows.first().locator('td').first()).toHaveText('32');
  // Another import is another table: it opens at its first page (its second page exists, so
  // a kept page number would show subtask 32 again).
  vertex.parallelism = 100;
  vertex.subtasks = vertex.subtasks.slice(0, 100);
  await importText(page, JSON.stringify(vertex));
  await expect(page.getByTestId('metrics-summary')).toHaveAttribute('data-subtasks', '100');
  await expect(rows.first().locator('td').first()).toHaveText('0');
});

test('malformed metrics say why and keep the key set, the link and the last import', async ({ page }) => {
  await open(page, '#/skew?preset=zipf&n=200&p=4&maxp=128');
  const before = await page.getByTestId('skew-percent').textContent();
  const url = await settledURL(page);
  await importText(page, body('vertex.json'));
  await expect(page.getByTestId('metrics-skew-percent')).toHaveText('88');
  for (const [text, message] of [
    [body('vertex.json').slice(0, 1500), 'it looks cut off'],
    [body('subtasks-metrics-numRecordsInPerSecond.while-flowing.json'), '"min" of numRecordsInPerSecond is the text "<rate>", not a number'],
    ['{"errors":["Not found: /jobs/abc"]}', 'This is Flink\'s error answer, not metrics: "Not found: /jobs/abc"'],
    ['[{"id":"busyTimeMsPerSecond","value":"12"}]', 'hold no numRecordsIn or numRecordsInPerSecond'],
  ]) {
    await importText(page, text);
    const alert = page.getByTestId('metrics-error');
    await expect(alert).toHaveAttribute('role', 'alert');
    await expect(alert).toContainText(message);
    await expect(alert).toContainText('The metrics imported before are still shown, and the key set is unchanged.');
    await expect(page.getByLabel('Flink REST metrics (JSON)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Flink REST metrics (JSON)')).toHaveAccessibleDescription(new RegExp(`Not imported\\.`));
    await expect(page.getByTestId('metrics-skew-percent')).toHaveText('88');
    await expect(page.getByTestId('skew-percent')).toHaveText(before);
    await expect(page).toHaveURL(url);
  }
  await importText(page, body('subtasks-metrics-numRecordsIn.json'));
  await expect(page.getByTestId('metrics-error')).toHaveCount(0);
  await expect(page.getByLabel('Flink REST metrics (JSON)')).not.toHaveAttribute('aria-invalid');
});

for (const theme of ['light', 'dark']) {
  test(`imported metrics and an import error pass axe in the ${theme} theme`, async ({ page }) => {
    await open(page, `#/skew?p=4&maxp=128&theme=${theme}`);
    await importText(page, body('vertex.json'));
    await importText(page, '{"broken": ');
    await expect(page.getByTestId('metrics-error')).toBeVisible();
    await page.locator('.skew-metrics').scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
  });
}
