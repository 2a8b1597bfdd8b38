// The savepoint inspector, by role and label, over the real files Flink wrote
// (tests/flink-savepoints/fixtures): every summary attribute and operator row against Flink's
// own report of the file, the uid lookup against ids Flink computed, the three "plan from this
// snapshot" links opening the planner, the restore predictor and the skew lab with the file's
// values, bad files (the previous report kept), drop onto the page, the bundled samples, and
// axe-core in both themes and at 390 px.
import { test, expect, expectVerdict, expectProblems, open, engage, downloaded, axeViolations, settled, settledURL, chunk } from './fixtures.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keyGroup, dataSkewPercent } from '../flink-port.js';

const FIXTURES = new URL('../../tests/flink-savepoints/fixtures/', import.meta.url);
const metadata = (release, kase) => fileURLToPath(new URL(`${release}/${kase}/_metadata`, FIXTURES));
const report = (release, kase) => JSON.parse(readFileSync(new URL(`${release}/${kase}/flink-report.json`, FIXTURES), 'utf8'));
const operatorIds = (release) => JSON.parse(readFileSync(new URL(`${release}/operator-ids.json`, FIXTURES), 'utf8'));

const fileInput = (page) => page.getByLabel('Snapshot metadata file');

async function upload(page, release, kase) {
  await fileInput(page).setInputFiles(metadata(release, kase));
  await expect(page.getByTestId('savepoint-summary')).toHaveAttribute('data-checkpoint-id', String(report(release, kase).checkpoint_id));
}

/** Bytes per key group from Flink's reported offsets (a group runs to the next non-zero offset). */
function groupBytes(op) {
  const bytes = new Array(op.max_parallelism).fill(0);
  for (const s of op.subtasks) {
    const k = s.managed_keyed_state;
    if (!k || !k.offsets) continue;
    let next = k.stream.bytes;
    for (let i = k.offsets.length - 1; i >= 0; i--) {
      if (k.offsets[i] === 0) continue;
      bytes[s.key_groups[0] + i] = next - k.offsets[i];
      next = k.offsets[i];
    }
  }
  return bytes;
}

// One file per metadata format version (3 to 6), both backends, every kind.
const CASES = [
  ['1.15.4', 'hashmap-canonical-savepoint'],
  ['1.20.3', 'rocksdb-native-savepoint'],
  ['2.0.2', 'hashmap-checkpoint'],
  ['2.3.0', 'rocksdb-file-merging-checkpoint'],
  ['2.3.0', 'rocksdb-incremental-checkpoint'],
];

test('the summary and every operator match what Flink reports for the file', async ({ page }) => {
  await open(page, '#/savepoint');
  await expect(page.getByText('Read in this browser only.')).toBeVisible();
  for (const [release, kase] of CASES) {
    const flink = report(release, kase);
    await upload(page, release, kase);
    const summary = page.getByTestId('savepoint-summary');
    await expect(summary, kase).toHaveAttribute('data-version', String(flink.version));
    await expect(summary, kase).toHaveAttribute('data-kind', flink.kind);
    await expect(summary, kase).toHaveAttribute('data-format', flink.format);
    const rows = page.getByTestId('savepoint-operator');
    await expect(rows, kase).toHaveCount(flink.operators.length);
    const seen = await rows.evaluateAll((trs) => trs.map((tr) => ({
      id: tr.dataset.operatorId, p: tr.dataset.parallelism, max: tr.dataset.maxParallelism, uid: tr.dataset.uid ?? null,
    })));
    expect(seen, `${release} ${kase}`).toEqual(flink.operators.map((o) => ({
      id: o.operator_id, p: String(o.parallelism), max: String(o.max_parallelism), uid: o.uid,
    })));
    // An incremental checkpoint names the keyed state it wrote itself: Flink's checkpointed
    // size of each keyed handle, summed.
    const handles = flink.operators.flatMap((o) => o.subtasks).flatMap((s) => [s.managed_keyed_state, s.raw_keyed_state]).filter(Boolean);
    const keyed = flink.operators.flatMap((o) => o.subtasks).reduce((sum, s) => sum + s.keyed_state_bytes, 0);
    const written = handles.every((h) => h.checkpointed_bytes >= 0) ? handles.reduce((sum, h) => sum + h.checkpointed_bytes, 0) : null;
    const shown = page.getByTestId('savepoint-checkpointed');
    if (written === null || written === keyed) await expect(shown, kase).toHaveCount(0);
    else await expect(shown, kase).toContainText(`(${written} bytes) of the keyed state`);
    await expect(page.getByTestId('savepoint-error')).toHaveCount(0);
  }
  const timing = await page.getByTestId('savepoint-summary').locator('dd').last().textContent();
  console.log(`read ${CASES.at(-1).join(' ')}: ${timing}`);
});

/** A synthetic format-3 file: one operator of `p` subtasks over 32768 key groups, each subtask's
 * keyed state inline (`perGroup` bytes per group), as Flink's canonical savepoints lay it out. */
function bigFile(p, perGroup) {
  const groups = 32768 / p;
  const parts = [];
  const i32 = (v) => { const b = Buffer.alloc(4); b.writeInt32BE(v); return b; };
  const i64 = (v) => { const b = Buffer.alloc(8); b.writeBigInt64BE(BigInt(v)); return b; };
  parts.push(i32(0x4960672d), i32(3), i64(42), i32(0), i32(1));
  parts.push(Buffer.alloc(16, 7), i32(p), i32(32768), Buffer.from([0]), i32(p));
  const header = 8;
  const len = header + groups * perGroup;
  const stream = Buffer.alloc(len);
  for (let s = 0; s < p; s++) {
    parts.push(i32(s), i32(0), i32(0), Buffer.from([7]), i32(s * groups), i32(groups));
    for (let g = 0; g < groups; g++) parts.push(i64(header + g * perGroup));
    parts.push(Buffer.from([1]), Buffer.from([0, 6]), Buffer.from('inline'), i32(len), stream);
    parts.push(Buffer.from([0]), i32(0), i32(0));
  }
  return Buffer.concat(parts);
}

/**
 * A format-3 `_metadata` of `ops` keyed operators (ids 0, 1, … in their first four bytes), each
 * at parallelism `p` (2 unless said) over max parallelism 128 with Flink's ranges and 8 bytes of
 * state per group.
 */
function manyOperators(ops, p = 2, maxps = []) {
  const i32 = (v) => { const b = Buffer.alloc(4); b.writeInt32BE(v); return b; };
  const i64 = (v) => { const b = Buffer.alloc(8); b.writeBigInt64BE(BigInt(v)); return b; };
  const parts = [i32(0x4960672d), i32(3), i64(42), i32(0), i32(ops)];
  const [perGroup, header] = [8, 8];
  for (let o = 0; o < ops; o++) {
    const maxp = maxps[o] ?? 128;
    const id = Buffer.alloc(16, 7);
    id.writeInt32BE(o, 0);
    parts.push(id, i32(p), i32(maxp), Buffer.from([0]), i32(p));
    for (let s = 0; s < p; s++) {
      const [start, groups] = [s * (maxp / p), maxp / p];
      const len = header + groups * perGroup;
      parts.push(i32(s), i32(0), i32(0), Buffer.from([7]), i32(start), i32(groups));
      for (let g = 0; g < groups; g++) parts.push(i64(header + g * perGroup));
      parts.push(Buffer.from([1]), Buffer.from([0, 6]), Buffer.from('inline'), i32(len), Buffer.alloc(len));
      parts.push(Buffer.from([0]), i32(0), i32(0));
    }
  }
  return Buffer.concat(parts);
}

test('operators that record another max parallelism than the one planned from are named, with what that means for a restore', async ({ page }) => {
  // Found on a real cluster: a job restored with no max parallelism saved its source at 128 beside
  // 60 for the rest (tests/flink-mixed-maxp), and the links carried 60 alone, unsaid.
  await open(page, '#/savepoint');
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: manyOperators(3, 2, [128, 256, 128]) });
  const note = page.getByTestId('sp-maxp-mixed');
  await note.scrollIntoViewIfNeeded();
  // The operator planned from by default is the one with the most state: the 256 one.
  const [first, third] = ['00000000070707070707070707070707', '00000002070707070707070707070707'];
  await expect(note).toHaveText(`Not every operator records max parallelism 256: 128 for operator ${first}, operator ${third}. These links carry operator 00000001070707070707070707070707's alone. Flink checks each operator it restores against the max parallelism the new job gives it: one set for that operator, or for the whole job (setMaxParallelism on the environment, or pipeline.max-parallelism), that differs from what the snapshot records stops the restore, naming one such operator; for operator ${first} it says "Max parallelism mismatch … Cannot map operator ${first} with max parallelism 128 to new program with max parallelism 256". For the restore, set each operator's max parallelism in its code to what the snapshot records for it, or leave it unset with no job-wide value, so that Flink takes the snapshot's.`);
  // The owners lab at the snapshot's max parallelism, for a key of the reader's.
  await expect(page.getByRole('link', { name: 'Key owners at max parallelism 256' })).toHaveAttribute('href', /#\/owners\?maxp=256&p=2$/);
  // Many others: five named, the rest counted.
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: manyOperators(8, 2, [256]) });
  await expect(note).toHaveText(/^Not every operator records max parallelism 256: 128 for (operator [0-9a-f]{32}, ){5}2 more\. These links/);
  // One max parallelism in the file: nothing to say.
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: manyOperators(2, 2) });
  await expect(page.getByRole('link', { name: 'Key owners at max parallelism 128' })).toBeVisible();
  await expect(note).toHaveCount(0);
});

test('a snapshot whose operators record several max parallelisms: its links carry the least of the others, and the predictor holds the job to it', async ({ page }) => {
  // Found on a real cluster: the links carried one operator's 100 alone, and the predictor said
  // the job starts at 8, which Flink refused for an operator saved with 7 (tests/flink-mixed-maxp,
  // case 3f: one parallelism above an operator's own max parallelism fails its restore).
  await open(page, '#/savepoint');
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: manyOperators(3, 2, [128, 256, 128]) });
  await page.getByLabel('New parallelism').fill('200');
  const predict = page.getByRole('link', { name: 'Predict a restore at parallelism 200' });
  await expect(predict.locator('..')).toContainText('the restore predictor with the snapshot\'s max parallelism 256, and 128, the least the other operators record.');
  await expect(predict).toHaveAttribute('href', /[?&]saved_maxp=256&other_maxp=128&/);
  await predict.click();
  await engage(page);
  const verdict = page.getByTestId('restore-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'fails');
  await expect(verdict).toContainText('The maximum parallelism (128) of the restored state is lower than the configured parallelism (200).');
  await expect(page.getByLabel('Other operators\' least max parallelism')).toHaveValue('128');
  // The plan under it names the operator that stops its direct restore.
  await expect(page.getByText(/^Another operator of the snapshot records max parallelism 128, below 200/)).toBeVisible();
  // At 100 the job starts; one max parallelism for the whole job then fails the others.
  await page.getByLabel('New parallelism').fill('100');
  await page.getByLabel('New parallelism').press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('restore-mixed')).toContainText('Every other operator keeps the max parallelism the snapshot records for it, 128 the least.');
  await expect(page.getByTestId('restore-unset-source')).toHaveCount(0);
  await page.getByLabel('New max parallelism').fill('256');
  await page.getByLabel('New max parallelism').press('Enter');
  await expect(verdict).toHaveAttribute('data-verdict', 'fails');
  await expect(verdict).toContainText('Cannot map operator … with max parallelism 128 to new program with max parallelism 256.');
});

test('a savepoint of a stop with --drain says so: its pending event-time timers have fired and will not again', async ({ page }) => {
  // Flink records a drained stop as a "Terminate Savepoint" (tests/flink-drain): the same real
  // file with that type written in (a Java string: its length, then its bytes).
  const javaString = (text) => Buffer.concat([Buffer.from([0, text.length]), Buffer.from(text)]);
  const file = readFileSync(metadata('1.20.3', 'rocksdb-native-savepoint'));
  const at = file.indexOf(javaString('Suspend Savepoint'));
  expect(at).toBeGreaterThan(0);
  const drained = Buffer.concat([file.subarray(0, at), javaString('Terminate Savepoint'), file.subarray(at + 19)]);
  await open(page, '#/savepoint');
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: drained });
  const note = page.getByTestId('sp-drained');
  await expect(note).toContainText('Taken by a stop with --drain.');
  await expect(note).toContainText('every event-time timer still waiting fires then');
  await expect(page.getByTestId('savepoint-summary')).toContainText('(Flink calls it “Terminate Savepoint”)');
  await expect(page.getByRole('link', { name: 'Plan a rescale from this snapshot' }).locator('..')).toContainText('The job stopped with this savepoint, drained');
  // The file as Flink wrote it, a plain stop: nothing said.
  await fileInput(page).setInputFiles(metadata('1.20.3', 'rocksdb-native-savepoint'));
  await expect(page.getByTestId('savepoint-summary')).toContainText('(Flink calls it “Suspend Savepoint”)');
  await expect(note).toHaveCount(0);
});

test('a file of 1,000 operators shows them 100 at a time; the pager keeps its focus at the last page', async ({ page }) => {
  await open(page, '#/savepoint');
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: manyOperators(1000) });
  const rows = page.getByTestId('savepoint-operator');
  await expect(rows).toHaveCount(100);
  const status = page.getByText(/^Operators \d+ to \d+ of 1000$/);
  await expect(status).toHaveText('Operators 1 to 100 of 1000');
  await expect(rows.first()).toHaveAttribute('data-operator-id', /^00000000/);
  const next = page.getByRole('button', { name: 'Next operators' });
  await next.click();
  await expect(status).toHaveText('Operators 101 to 200 of 1000');
  await expect(rows.first()).toHaveAttribute('data-operator-id', /^00000064/);
  await expect(page.getByRole('button', { name: 'Previous operators' })).toHaveAttribute('aria-disabled', 'false');
  for (let i = 0; i < 8; i++) await next.press('Enter');
  await expect(status).toHaveText('Operators 901 to 1000 of 1000');
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await next.press('Enter');
  await expect(status).toHaveText('Operators 901 to 1000 of 1000');
  await expect(next).toBeFocused();
  // Every operator is still in the export and the summary.
  await expect(page.getByTestId('savepoint-summary')).toContainText('1000');
  // Another file is another table: it opens at its first page, not at the last one's number.
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: manyOperators(250) });
  await expect(page.getByText(/^Operators \d+ to \d+ of 250$/)).toHaveText('Operators 1 to 100 of 250');
  await expect(rows.first()).toHaveAttribute('data-operator-id', /^00000000/);
});

test('an operator of 64 subtasks shows them 32 at a time; the pager keeps its focus at the last page', async ({ page }) => {
  await open(page, '#/savepoint');
  await fileInput(page).setInputFiles({ name: '_metadata', mimeType: 'application/octet-stream', buffer: manyOperators(2, 64) });
  await page.getByRole('button', { name: /^Details of / }).first().click();
  const table = page.getByRole('region', { name: 'Subtasks table, scrolls sideways' }).locator('tbody tr');
  await expect(table).toHaveCount(32);
  const status = page.getByText(/^Subtasks \d+ to \d+ of 64$/);
  await expect(status).toHaveText('Subtasks 0 to 31 of 64');
  const next = page.getByRole('button', { name: 'Next subtasks' });
  await next.press('Enter');
  await expect(status).toHaveText('Subtasks 32 to 63 of 64');
  await expect(table.first().locator('td').first()).toHaveText('32');
  await expect(table.first().locator('td').nth(1)).toHaveText('64–65');
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await next.press('Enter');
  await expect(status).toHaveText('Subtasks 32 to 63 of 64');
  await expect(next).toBeFocused();
});

// Wall-clock measurements. These run in the `timing` project (tag @timing, see
// playwright.config.js): after every other spec, one at a time, so no other browser competes for
// the cores. No retry: each bound leaves the product's own figure a wide margin (see README,
// "Proof under stress"), so a spoiled measurement is a finding, not noise.
test.describe('timing @timing', () => {
  test.describe.configure({ mode: 'serial' });
  test('the largest fixture is read in steps; the time and longest step are shown', async ({ page }) => {
    await open(page, '#/savepoint');
    await upload(page, '1.20.3', 'rocksdb-file-merging-checkpoint');
    const timing = await page.getByTestId('savepoint-summary').locator('dd').last().textContent();
    const [, total, steps, longest] = timing.match(/^(\d+) ms, in (\d+) steps? \(longest (\d+) ms\)$/);
    console.log(`largest fixture (27,662 bytes): ${total} ms in ${steps} steps, longest ${longest} ms`);
    expect(Number(longest)).toBeLessThan(50);
  });

  test('a 40 MB file is read in steps with a progress bar, no step of 50 ms or more', async ({ page }, testInfo) => {
    const file = testInfo.outputPath('_metadata');
    const bytes = bigFile(4096, 1200);
    (await import('node:fs')).writeFileSync(file, bytes);
    await open(page, '#/savepoint');
    await page.evaluate(() => {
      window.__progress = [];
      window.__long = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(Math.round(e.duration)))).observe({ type: 'longtask', buffered: false });
      new MutationObserver(() => {
        const bar = document.querySelector('[role=progressbar], progress');
        if (bar) window.__progress.push(Number(bar.getAttribute('value')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await fileInput(page).setInputFiles(file);
    const summary = page.getByTestId('savepoint-summary');
    await expect(summary).toHaveAttribute('data-checkpoint-id', '42', { timeout: 20_000 });
    await expect(summary).toHaveAttribute('data-version', '3');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // Too large to keep for the tab (over 3 MiB): not encoded, not stored.
    expect(await page.evaluate(() => sessionStorage.getItem('rescale-lab.savepoint-file.bytes'))).toBeNull();
    const timing = await summary.locator('dd').last().textContent();
    const [, total, steps, longest] = timing.match(/^(\d+) ms, in (\d+) steps? \(longest (\d+) ms\)$/);
    const progress = await page.evaluate(() => window.__progress);
    const long = await page.evaluate(() => window.__long);
    console.log(`${bytes.length} bytes: ${total} ms in ${steps} steps, longest step ${longest} ms; progress values seen ${progress.length}; long tasks (ms) ${JSON.stringify(long)}`);
    expect(Number(longest)).toBeLessThan(50);
    expect(progress.length, 'the progress bar was shown').toBeGreaterThan(0);
    await expect(page.getByTestId('savepoint-operator')).toHaveCount(1);
    await expect(page.getByTestId('savepoint-operator')).toHaveAttribute('data-parallelism', '4096');
    await expect(page.getByText('32768 of 32768 key groups hold state')).toBeVisible();
  });
});

test('a uid typed key by key keeps the field, its focus and every key, from empty and back to empty', async ({ page }) => {
  await open(page, '#/savepoint');
  const uid = page.getByLabel('Operator uid');
  await uid.click();
  await page.keyboard.type('counter');
  await expect(uid).toHaveValue('counter');
  await expect(uid).toBeFocused();
  await expect(page).toHaveURL(/uid=counter/);
  for (let i = 0; i < 'counter'.length; i += 1) await page.keyboard.press('Backspace');
  await expect(uid).toHaveValue('');
  await expect(uid).toBeFocused();
  await expect(page).not.toHaveURL(/uid=/);
  await page.keyboard.type('ab');
  await expect(uid).toHaveValue('ab');
  await expect(page).toHaveURL(/uid=ab/);
});

test('a uid finds its operator by the id Flink derives, in a file that stores no uids', async ({ page }) => {
  await open(page, '#/savepoint');
  await upload(page, '1.20.3', 'hashmap-canonical-savepoint');
  const ids = Object.fromEntries(operatorIds('1.20.3').map((e) => [e.uid, e.operator_id]));
  const uid = page.getByLabel('Operator uid');
  await uid.fill('counter');
  await expect(page.getByTestId('operator-id')).toHaveText(ids.counter);
  await expect(page.getByTestId('uid-match')).toHaveAttribute('data-matched', ids.counter);
  await expect(page.getByTestId('uid-match')).toContainText('Matches');
  await expect(page.getByText(/its [\d.]+ KB of state would match no operator/)).toBeVisible();
  await expect(page.locator('.sp-uid .flink-message')).toContainText(`Cannot map checkpoint/savepoint state for operator ${ids.counter}`);
  await expect(page).toHaveURL(/uid=counter/);
  await uid.fill('throttle');
  await expect(page.getByTestId('uid-match')).toHaveAttribute('data-matched', ids.throttle);
  await expect(page.getByText('nothing would be lost: it holds no state')).toBeVisible();
  // A pasted uid that brought a space along: its own id, and a word on what it matches without.
  await uid.fill('counter ');
  await expect(page.getByTestId('uid-match')).toHaveAttribute('data-matched', 'none');
  await expect(page.getByTestId('uid-match')).toContainText('The uid typed has white space at its start or end, and its id is of every character typed; without it, \u201ccounter\u201d matches ' + `operator ${ids.counter}.`);
  for (const other of ['ünïcödé', '🦀', 'my operator uid', 'quote"back\\slash']) {
    await uid.fill(other);
    await expect(page.getByTestId('operator-id'), other).toHaveText(ids[other]);
    await expect(page.getByTestId('uid-match')).toHaveAttribute('data-matched', 'none');
  }
  // Emptied, the field looks nothing up, and its hint promises nothing else.
  await uid.fill('');
  await expect(page.getByTestId('operator-id')).toHaveCount(0);
  // Flink 2.3.0 refuses an empty uid (tests/flink-empty-uid): the hint says so, in Flink's words.
  const observed = readFileSync(new URL('../../tests/flink-empty-uid/observed-flink-2.3.0.txt', import.meta.url), 'utf8');
  const refusal = observed.match(/refused: java\.lang\.IllegalArgumentException: (.*)/)[1];
  await expect(page.locator('#sp-uid-hint')).toContainText(`Flink refuses it (“${refusal}”)`);
  await expect(page).not.toHaveURL(/uid=/);
});

test('plan from this snapshot: the planner, the restore predictor and the skew lab get its values', async ({ page }) => {
  const flink = report('2.3.0', 'hashmap-canonical-savepoint');
  const counter = flink.operators.find((o) => o.uid === 'counter');
  const total = flink.operators.reduce((sum, o) => sum + o.state_bytes, 0);
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  await expect(page.getByLabel('Operator to plan from')).toHaveValue(String(flink.operators.indexOf(counter)));

  // The new parallelism typed here travels with the link, and the file's kind with it; a
  // canonical savepoint records no backend, and the link says what the planner assumes.
  await page.getByLabel('New parallelism').fill('12');
  const plan = page.getByRole('link', { name: 'Plan a rescale from this snapshot' });
  await expect(plan.locator('xpath=..')).toContainText('new parallelism 12');
  await expect(plan.locator('xpath=..')).toContainText('from a canonical savepoint; backend not recorded in this file');
  await expect(plan.locator('xpath=..')).toContainText('The job stopped with this savepoint, so the plan restarts it from this savepoint');
  await plan.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
  const planned = new URL((await settledURL(page)).replace('#/planner?', 'http://x/?')).searchParams;
  expect([planned.get('current'), planned.get('saved_maxp'), planned.get('state'), planned.get('p'), planned.get('snapshot'), planned.get('job')])
    .toEqual(['4', '128', `${total} B`, '12', 'canonical', null]);
  // The job stopped with this savepoint (Flink's report: a "Suspend Savepoint"): the plan is for
  // a job that is down, restarted from this savepoint, not from a retained checkpoint.
  expect(flink.snapshot_type).toBe('Suspend Savepoint');
  await expect(page.getByLabel('The job now')).toHaveValue('down');
  await expect(page.locator('.plan-steps')).toContainText('start it from its latest canonical savepoint at parallelism 12');
  await expect(page.locator('.plan-steps')).not.toContainText('latest retained checkpoint');
  await expect(page.getByLabel('Current parallelism')).toHaveValue('4');
  await expect(page.getByLabel('Snapshot max parallelism', { exact: true })).toHaveValue('128');
  await expect(page.getByLabel('New parallelism', { exact: true })).toHaveValue('12');
  await expect(page.getByLabel('State size')).toHaveValue(`${total} B`);
  await expect(page.getByLabel('The job\'s latest snapshots')).toHaveValue('canonical');
  // A few KiB move in under a second: the outage says so instead of adding zeros.
  await expect(page.getByTestId('plan-downtime')).toContainText('The job is down, or commits nothing downstream, for under 1 s: each step moves the state in under a second');

  await page.goBack();
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  await page.getByLabel('New parallelism').fill('200');
  const predict = page.getByRole('link', { name: 'Predict a restore at parallelism 200' });
  // The predictor is a section of the planner: it gets the snapshot's values too, so the plan
  // under its answer is of this file, not of the planner's defaults.
  await expect(predict).toHaveAttribute('href', `#/planner?current=4&saved_maxp=128&state=${total}%20B&snapshot=canonical&release=2.1`);
  await predict.click();
  await expect(page.getByLabel('Snapshot max parallelism', { exact: true })).toHaveValue('128');
  await expect(page.getByLabel('New parallelism', { exact: true })).toHaveValue('200');
  await expect(page.getByLabel('Current parallelism')).toHaveValue('4');
  await expect(page.getByLabel('State size')).toHaveValue(`${total} B`);
  await expectVerdict(page.getByTestId('restore-verdict'), 'fails', ['(128)']);

  await page.goBack();
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  const skew = page.getByRole('link', { name: 'Open the skew lab with these state bytes' });
  // The bytes the skew lab leaves out (each handle's header, in no key group) are named.
  const keyed = counter.subtasks.reduce((sum, s) => sum + s.keyed_state_bytes, 0);
  const outside = keyed - groupBytes(counter).reduce((a, b) => a + b, 0);
  expect(outside).toBeGreaterThan(0);
  await expect(page.getByTestId('sp-outside-groups')).toContainText(`(${outside} bytes) that belong to no key group`);
  // The skew over those group bytes alone, from Flink's own report of the file.
  const perSubtaskGroups = [0, 32, 64, 96].map((first) => groupBytes(counter).slice(first, first + 32).reduce((a, b) => a + b, 0));
  await expect(page.getByTestId('savepoint-group-skew')).toHaveText(String(dataSkewPercent(perSubtaskGroups)));
  const href = await skew.getAttribute('href');
  await skew.click();
  await expect(page.getByTestId('skew-percent')).toHaveText(/^\d+$/);
  await expect(page.getByLabel('Key type')).toHaveValue('int');
  await expect(page.getByLabel('Max parallelism', { exact: true })).toHaveValue('128');
  // Each key lands in the key group whose bytes it carries, and every group with state has one.
  const expected = groupBytes(counter);
  const csv = decodeURIComponent(href.match(/keys=([^&]*)/)[1]);
  const carried = new Array(128).fill(0);
  for (const line of csv.trim().split('\n')) {
    const [key, events, bytes] = line.split(',').map(Number);
    expect(events).toBe(0);
    carried[keyGroup(key, 128)] += bytes;
  }
  expect(carried).toEqual(expected);
  // The skew lab's own aggregation: its per-subtask bytes are the file's bytes per subtask.
  const perSubtask = (await downloaded(page, 'Export CSV')).text.trim().split('\n').slice(1).map((l) => Number(l.split(',')[4]));
  expect(perSubtask).toEqual([0, 32, 64, 96].map((first) => expected.slice(first, first + 32).reduce((a, b) => a + b, 0)));
});

// An older browser (no Navigation API, static/boot.js): a click on a link is still told from Back.
test('without the Navigation API, a link to a lab already loaded opens it at its top, and Back finds the report as it was', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined }));
  const flink = report('2.3.0', 'hashmap-canonical-savepoint');
  await open(page, '#/savepoint');
  expect(await page.evaluate(() => typeof window.navigation)).toBe('undefined');
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  await page.getByLabel('New parallelism').fill('12');
  await page.evaluate(() => { window.rescaleLabSpecMark = 'same page'; });
  const summary = page.getByTestId('savepoint-summary');
  const planLink = page.getByRole('link', { name: 'Plan a rescale from this snapshot' });
  // The planner's module is loaded by the first click and only shown again by the second.
  for (const click of ['first click', 'second click']) {
    await planLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await planLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY), click).toBe(0);
    await expect(page.getByLabel('New parallelism', { exact: true })).toHaveValue('12');
    await page.goBack();
    await expect(planLink).toBeInViewport();
    await expect(summary).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
    await expect(summary).not.toContainText('reopened');
    await expect(page.getByLabel('New parallelism')).toHaveValue('12');
  }
  expect(await page.evaluate(() => window.rescaleLabSpecMark)).toBe('same page');
});

test('a bad file names what was expected and the byte offset, and the report stays', async ({ page }) => {
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-checkpoint');
  const good = readFileSync(metadata('2.3.0', 'hashmap-checkpoint'));
  const version99 = Buffer.from(good.subarray(0, 8));
  version99.writeInt32BE(99, 4);
  const longName = Buffer.from(good);
  longName.writeInt32BE(0x7fffffff, 20);
  const cases = [
    ['empty', Buffer.alloc(0), /file is empty: expected Flink's metadata magic number 0x4960672d at byte 0/],
    ['photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]), /not a checkpoint's _metadata file: expected Flink's magic number 0x4960672d at byte 0/],
    ['truncated', good.subarray(0, 5000), /length at byte 4358 is 3430, which runs past the end of the file \(only 638 bytes follow\)/],
    ['cut-in-header', good.subarray(0, 10), /ends too early: expected .* at byte 8/],
    ['wrong-magic', Buffer.from('hello, this is text\n'), /expected Flink's magic number 0x4960672d at byte 0, found 0x68656c6c/],
    ['version-99', version99, /unknown metadata format version 99 at byte 4/],
    ['lengths', longName, /number of operators at byte 20 is 2147483647, which runs past the end of the file/],
  ];
  for (const [name, buffer, message] of cases) {
    await fileInput(page).setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    const error = page.getByTestId('savepoint-error');
    await expect(error, name).toHaveAttribute('role', 'alert');
    await expect(error, name).toContainText(`${name} could not be read`);
    await expect(error, name).toContainText(message);
    await expect(error).toContainText('The report below is still the one of _metadata.');
    await expect(page.getByTestId('savepoint-summary')).toHaveAttribute('data-checkpoint-id', String(report('2.3.0', 'hashmap-checkpoint').checkpoint_id));
  }
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  await expect(page.getByTestId('savepoint-error')).toHaveCount(0);
});

test('a file dropped anywhere on the page is read', async ({ page }) => {
  await open(page, '#/savepoint');
  const bytes = [...readFileSync(metadata('2.1.3', 'rocksdb-canonical-savepoint'))];
  const transfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], '_metadata'));
    return dt;
  }, bytes);
  await page.locator('h1').dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(page.locator('.sp-drop')).toHaveClass(/dragging/);
  await page.locator('h1').dispatchEvent('drop', { dataTransfer: transfer });
  const summary = page.getByTestId('savepoint-summary');
  await expect(summary).toHaveAttribute('data-checkpoint-id', String(report('2.1.3', 'rocksdb-canonical-savepoint').checkpoint_id));
  await expect(summary).toHaveAttribute('data-format', 'canonical');
  await expect(page.locator('.sp-drop')).not.toHaveClass(/dragging/);
});

/** Bytes as a reader wants them: the largest binary unit with at least 1, three significant
 * digits, rounded half up (1,871 B is 1.83 KB, not 1.82). */
function readableBytes(b) {
  if (b < 1024) return `${b} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let u = Math.min(units.length, Math.floor(Math.log2(b) / 10));
  const round = (u) => {
    const v = b / 2 ** (10 * u);
    const d = v >= 100 ? 0 : v >= 10 ? 1 : 2;
    return Math.round(v * 10 ** d) / 10 ** d;
  };
  let v = round(u);
  if (v >= 1024 && u < units.length) v = round(++u);
  return `${v} ${units[u - 1]}`;
}

test('state sizes are rounded, not cut: every operator of a real savepoint', async ({ page }) => {
  expect(readableBytes(1871)).toBe('1.83 KB');
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  const ops = report('2.3.0', 'hashmap-canonical-savepoint').operators;
  for (const op of ops) {
    const row = page.locator(`[data-testid="savepoint-operator"][data-operator-id="${op.operator_id}"]`);
    await expect(row.locator('td').nth(3)).toContainText(readableBytes(op.state_bytes));
  }
});

// On a phone, by the keyboard: the browser restored a position 860 px below the link followed
// (the page laid out otherwise), so the focus was on a link out of view.
test('on a phone, Back by the keyboard brings the focused link into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  await page.getByLabel('Operator uid').fill('counter');
  await page.getByLabel('New parallelism').fill('6');
  const planLink = page.getByRole('link', { name: 'Plan a rescale from this snapshot' });
  await planLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveTitle('Savepoint inspector · Rescale Lab');
  await expect(planLink).toBeFocused();
  await expect(planLink).toBeInViewport();
});

test('Back from a link to another lab finds the report as it was, with no reload; a reload reopens the kept file', async ({ page }) => {
  const flink = report('2.3.0', 'hashmap-canonical-savepoint');
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  await page.getByLabel('Operator uid').fill('counter');
  await page.getByLabel('New parallelism').fill('12');
  const matched = await page.getByTestId('uid-match').getAttribute('data-matched');
  // A mark on the page's window: a reload would take it away.
  await page.evaluate(() => { window.rescaleLabSpecMark = 'same page'; });
  const summary = page.getByTestId('savepoint-summary');
  const planLink = page.getByRole('link', { name: 'Plan a rescale from this snapshot' });
  await planLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await planLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
  // The planner opens at its top, as a page of its own would.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByLabel('New parallelism', { exact: true })).toHaveValue('12');
  await expect(page).toHaveTitle('Rescale planner · Rescale Lab');
  // The savepoint lab is out of the document while the planner is shown.
  await expect(summary).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveTitle('Savepoint inspector · Rescale Lab');
  // Where the reader was: the browser restores the position on the savepoint lab's page, and
  // the focus is on the link followed, so the keyboard goes on from there.
  await expect(planLink).toBeInViewport();
  await expect(planLink).toBeFocused();
  // The report read before, not a copy read again from the tab's storage.
  await expect(summary).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
  await expect(summary).not.toContainText('reopened');
  await expect(page.getByTestId('savepoint-operator')).toHaveCount(flink.operators.length);
  await expect(page.getByLabel('Operator uid')).toHaveValue('counter');
  await expect(page.getByTestId('uid-match')).toHaveAttribute('data-matched', matched);
  await expect(page.getByLabel('New parallelism')).toHaveValue('12');
  expect(await page.evaluate(() => window.rescaleLabSpecMark)).toBe('same page');
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toHaveCount(0);
  // Forward again: the planner too is as it was left.
  await page.goForward();
  await expect(page.getByLabel('New parallelism', { exact: true })).toHaveValue('12');
  await page.goBack();
  await expect(summary).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
  // By the link again: the planner's page, kept in the page, opens at its top too.
  await planLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await planLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(planLink).toBeInViewport();
  // A reload (the page's memory gone) reopens the file kept for the tab.
  await page.reload();
  await expect(summary).toContainText('(reopened: kept in this tab)');
  await expect(page.getByTestId('savepoint-operator')).toHaveCount(flink.operators.length);
  await expect(page.getByLabel('Operator uid')).toHaveValue('counter');
  await expect(page.getByLabel('New parallelism')).toHaveValue('12');
  // A sample chosen afterwards is named by the link, and the file stays kept (found by a
  // walk-through: a sample let it go, so Back found the lab empty): the lab's own link, with
  // no sample, shows it again, and so does Back from a sample's link.
  await page.getByRole('button', { name: 'RocksDB incremental checkpoint (Flink 2.3.0)' }).click();
  await expect(summary).toHaveAttribute('data-kind', 'checkpoint');
  await expect(page).toHaveURL(/[?&]sample=rocksdb-checkpoint(&|$)/);
  expect(await page.evaluate(() => sessionStorage.getItem('rescale-lab.savepoint-file.bytes'))).not.toBeNull();
  await page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: 'Savepoint inspector' }).click();
  await expect(summary).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
  await expect(page.getByTestId('savepoint-operator')).toHaveCount(flink.operators.length);
  await page.getByLabel('New parallelism').fill('6');
  await page.goto('./#/savepoint?sample=rocksdb-checkpoint');
  await expect(summary).toHaveAttribute('data-kind', 'checkpoint');
  await page.goBack();
  await expect(summary).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
  await expect(page.getByLabel('New parallelism')).toHaveValue('6');
  expect(await page.evaluate(() => window.rescaleLabSpecMark)).toBeUndefined();
});

/**
 * Reads a file too large for the tab's session storage (over 3 MiB, checkpoint 42) and waits
 * until it is kept in Cache Storage, under this tab's name; returns its bytes.
 */
async function keepLarge(page, testInfo) {
  const file = testInfo.outputPath('_metadata');
  const bytes = bigFile(256, 200);
  expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
  writeFileSync(file, bytes);
  await open(page, '#/savepoint');
  await fileInput(page).setInputFiles(file);
  await expect(page.getByTestId('savepoint-summary')).toHaveAttribute('data-checkpoint-id', '42', { timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('rescale-lab.savepoint-file.large'))).toBe(String(bytes.length));
  return bytes;
}

test('a file too large for the tab\'s storage is kept in the site\'s cache: a reload finds it', async ({ page }, testInfo) => {
  await keepLarge(page, testInfo);
  const summary = page.getByTestId('savepoint-summary');
  // Not in the tab's session storage (over 3 MiB): in Cache Storage, under this tab's name.
  expect(await page.evaluate(() => sessionStorage.getItem('rescale-lab.savepoint-file.bytes'))).toBeNull();
  await page.reload();
  await expect(summary).toHaveAttribute('data-checkpoint-id', '42', { timeout: 20_000 });
  await expect(summary).toContainText('(reopened: kept in this tab)');
  await expect(page.getByTestId('savepoint-operator')).toHaveAttribute('data-parallelism', '256');
  // A sample chosen afterwards leaves the kept copy: a reload of the lab's own link finds it.
  await page.getByRole('button', { name: 'RocksDB incremental checkpoint (Flink 2.3.0)' }).click();
  await expect(summary).toHaveAttribute('data-kind', 'checkpoint');
  expect(await page.evaluate(async () => (await caches.keys()).includes('kept-by-rescale-lab'))).toBe(true);
  await page.goto('./#/savepoint');
  await page.reload();
  await expect(summary).toHaveAttribute('data-checkpoint-id', '42', { timeout: 20_000 });
  await expect(summary).toContainText('(reopened: kept in this tab)');
});

test('a file that cannot be read is said again, beside the report read before, when a link opens the lab afresh', async ({ page }) => {
  // Found by a walk-through: back by a link, the failure was forgotten.
  const flink = report('2.3.0', 'hashmap-canonical-savepoint');
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  const cut = readFileSync(metadata('2.3.0', 'hashmap-canonical-savepoint')).subarray(0, 200);
  await fileInput(page).setInputFiles({ name: 'cut-short', mimeType: 'application/octet-stream', buffer: cut });
  const error = page.getByTestId('savepoint-error');
  await expect(error).toContainText('cut-short could not be read');
  const said = await error.textContent();
  const nav = page.getByRole('navigation', { name: 'Labs' });
  await nav.getByRole('link', { name: 'Rescale planner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
  await nav.getByRole('link', { name: 'Savepoint inspector' }).click();
  await expect(error).toHaveText(said);
  await expect(page.getByTestId('savepoint-summary')).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
});

// page.route never sees a fetch the service worker answers: the worker is kept out (as on a
// first visit before it took over), so the reader's code can be held back.
test.describe('with no service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a read left on its way by a link, and returned to by a link, goes on where it stood: no reload, no second read', async ({ page }) => {
    const flink = report('2.3.0', 'hashmap-canonical-savepoint');
    // The reader's code held back: the read stays on its way until the test lets it go.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route(`**/${chunk('savepoint', 'savepoint_parser')}`, async (route) => { await held; await route.continue(); });
    await open(page, '#/savepoint');
    await page.evaluate(() => { window.rescaleLabSpecMark = 'same page'; });
    await fileInput(page).setInputFiles(metadata('2.3.0', 'hashmap-canonical-savepoint'));
    const progress = page.getByRole('progressbar', { name: 'Reading the snapshot' });
    await expect(progress).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Labs' });
    await nav.getByRole('link', { name: 'Rescale planner' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
    await nav.getByRole('link', { name: 'Savepoint inspector' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Savepoint inspector' })).toBeVisible();
    // The lab opened afresh takes over the read on its way.
    await expect(page.getByRole('status').filter({ hasText: 'Reading _metadata' })).toBeVisible();
    release();
    const summary = page.getByTestId('savepoint-summary');
    await expect(summary).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
    await expect(summary).not.toContainText('reopened');
    await expect(page.getByTestId('savepoint-operator')).toHaveCount(flink.operators.length);
    // Opened afresh once more, by the lab's own link: the report from memory, not read again.
    await nav.getByRole('link', { name: 'Savepoint inspector' }).click();
    await expect(summary).toHaveAttribute('data-checkpoint-id', String(flink.checkpoint_id));
    await expect(summary).not.toContainText('reopened');
    await expect(progress).toHaveCount(0);
    expect(await page.evaluate(() => window.rescaleLabSpecMark)).toBe('same page');
  });
});

test('a tab made from this one that keeps a large file of its own: this tab\'s reload says its file is gone, not another file under its name', async ({ page, context }, testInfo) => {
  // Found by a walk-through: the other tab's file was shown, named as this tab's.
  const bytes = await keepLarge(page, testInfo);
  const summary = page.getByTestId('savepoint-summary');
  // Opened from this tab, it starts with a copy of this tab's session storage (as Duplicate tab does).
  const [other] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => { window.open(location.href); })]);
  await other.waitForSelector('main[data-settled]');
  const another = Buffer.from(bytes);
  another.writeBigInt64BE(77n, 8);
  await fileInput(other).setInputFiles({ name: 'other', mimeType: 'application/octet-stream', buffer: another });
  await expect(other.getByTestId('savepoint-summary')).toHaveAttribute('data-checkpoint-id', '77', { timeout: 20_000 });
  await expect.poll(() => other.evaluate(() => sessionStorage.getItem('rescale-lab.savepoint-file.print'))).not.toBeNull();
  await page.reload();
  await expect(page.getByTestId('savepoint-error')).toContainText('another tab has kept a large file of its own since', { timeout: 20_000 });
  await expect(summary).toHaveCount(0);
  await other.close();
});

test('a heap native savepoint plans a heap job: the planner and its runbook keep the backend', async ({ page }) => {
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-native-savepoint');
  const plan = page.getByRole('link', { name: 'Plan a rescale from this snapshot' });
  await expect(plan.locator('xpath=..')).toContainText('from a native savepoint; backend the heap backend (hashmap)');
  await plan.click();
  await expect(page).toHaveURL(/[?&]backend=hashmap(&|$)/);
  await expect(page).toHaveURL(/[?&]snapshot=native(&|$)/);
  await expect(page.getByLabel('State backend')).toHaveValue('hashmap');
  const runbook = page.getByTestId('runbook');
  await expect(runbook).toContainText('state.backend.type: hashmap');
  await expect(runbook).not.toContainText('rocksdb');
  await expect(runbook).not.toContainText('execution.checkpointing.incremental');
});

test('at 1366 px the operators table shows every column and Details button without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, '#/savepoint');
  await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
  const scroller = page.locator('.sp-operators .sp-scroll');
  await expect(page.getByTestId('savepoint-operator').first()).toBeVisible();
  const { scrollWidth, clientWidth } = await scroller.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
  expect(scrollWidth, 'the table needs no horizontal scroll').toBeLessThanOrEqual(clientWidth);
  const box = await scroller.boundingBox();
  for (const button of await page.getByRole('button', { name: /^Details of / }).all()) {
    const b = await button.boundingBox();
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
  }
});

test('the bundled hashmap sample plans with the heap backend, which the site knows wrote it (issue 24)', async ({ page }) => {
  await open(page, '#/savepoint');
  await page.getByRole('button', { name: 'Hashmap canonical savepoint (Flink 2.3.0)' }).click();
  await page.getByLabel('New parallelism').fill('12');
  const plan = page.getByRole('link', { name: 'Plan a rescale from this snapshot' });
  await expect(plan.locator('xpath=..')).toContainText('backend the heap backend (hashmap), which wrote this bundled sample (the file itself does not record it)');
  await plan.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rescale planner' })).toBeVisible();
  await expect(page.getByLabel('State backend')).toHaveValue('hashmap');
  await expect(page).toHaveURL(/[?&]backend=hashmap(&|$)/);
});

test('the bundled samples open from a button and from a link, from the site itself', async ({ page }) => {
  await open(page, '#/savepoint');
  await page.getByRole('button', { name: 'Hashmap canonical savepoint (Flink 2.3.0)' }).click();
  const summary = page.getByTestId('savepoint-summary');
  await expect(summary).toHaveAttribute('data-kind', 'savepoint');
  await expect(summary).toHaveAttribute('data-format', 'canonical');
  await expect(summary).toHaveAttribute('data-version', '6');
  await expect(page).toHaveURL(/sample=hashmap-savepoint/);
  await open(page, '#/savepoint?sample=rocksdb-checkpoint&uid=counter');
  await expect(summary).toHaveAttribute('data-kind', 'checkpoint');
  await expect(summary).toHaveAttribute('data-checkpoint-id', String(report('2.3.0', 'rocksdb-incremental-checkpoint').checkpoint_id));
  await expect(page.getByTestId('uid-match')).toHaveAttribute('data-matched', '0da08f51eaa85fc298e176a139b3649a');
  await expect(page.getByText('Not available for this operator: an incremental or native RocksDB handle')).toBeVisible();
  // The person's own file replaces the sample, and the link no longer names it.
  await upload(page, '2.3.0', 'hashmap-native-savepoint');
  await expect(page).not.toHaveURL(/sample=/);
});

test('in an embed, a link to the planner opens the full lab in a new tab, and the frame keeps its lab', async ({ page, context }) => {
  // A page of its own (another origin than the lab's) holding the inspector.
  const port = Number(process.env.E2E_PORT || 4173);
  const src = `http://127.0.0.1:${port}/#/savepoint?embed=1&theme=dark&lock=p,uid&sample=hashmap-savepoint`;
  await page.setContent(`<iframe id="f" title="lab" src="${src}" style="width:640px;height:900px"></iframe>`);
  const frame = page.frameLocator('#f');
  await settled(frame);
  const link = frame.getByRole('link', { name: /^Predict a restore at parallelism / });
  const opened = context.waitForEvent('page');
  await link.click();
  const full = await opened;
  // The full lab, with the link's values and none of the embed's settings.
  await expect(full).toHaveURL(/#\/planner\?.*saved_maxp=128/);
  await expect(full).not.toHaveURL(/embed=1|lock=|theme=dark/);
  await expect(full.getByRole('navigation').first()).toBeVisible();
  // The frame still shows the inspector, embedded.
  await expect(frame.getByTestId('savepoint-summary')).toBeVisible();
  expect(await page.frames().at(-1).evaluate(() => location.hash)).toContain('#/savepoint?');
  await full.close();
});

for (const theme of ['light', 'dark']) {
  test(`a loaded report has no axe violations and fits 390 px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `#/savepoint?theme=${theme}&uid=counter`);
    await upload(page, '2.3.0', 'hashmap-canonical-savepoint');
    await fileInput(page).setInputFiles({ name: 'bad', mimeType: 'application/octet-stream', buffer: Buffer.from('nope') });
    await expect(page.getByTestId('savepoint-error')).toBeVisible();
    expect(await axeViolations(page), theme).toEqual([]);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(widths[0], 'no sideways page scroll').toBeLessThanOrEqual(widths[1]);
  });
}

test('the reader\'s code arrives with the first file read; if it cannot be fetched, the read says so and a retry reads', async ({ page }) => {
  await open(page, '#/savepoint');
  // The page draws without it.
  await expect(page.getByLabel('Snapshot metadata file')).toBeVisible();
  // The fetch this spec blocks is logged by the browser and by the chunk loader.
  expectProblems(page, [/^console error: Failed to load resource: net::ERR_FAILED$/, /^console error: TypeError: Failed to fetch/]);
  await page.route(/savepoint_parser\.[0-9a-f]+\.wasm$/, (route) => route.abort());
  await page.getByRole('button', { name: 'Hashmap canonical savepoint (Flink 2.3.0)' }).click();
  await expect(page.getByText(/the reader's code could not be fetched: the page is offline, or a newer version of the lab was installed; reload and try again/)).toBeVisible();
  await page.unroute(/savepoint_parser\.[0-9a-f]+\.wasm$/);
  await page.getByRole('button', { name: 'Hashmap canonical savepoint (Flink 2.3.0)' }).click();
  await expect(page.getByTestId('savepoint-summary')).toHaveAttribute('data-format', 'canonical');
});
