// The planner's operator panels, by role and label: the runbook named for the Flink release
// picked (commands, configuration keys, FlinkDeployment fields; copy and Markdown download),
// which snapshot can do what (observed vs documented cells, the plan checked against it), and
// the checklist of what to record during the rescale (copy, download).
import { test, expect, open, downloaded, axeViolations, expectVerdict } from './fixtures.js';

test('the runbook follows the release: 2.3 names vs 1.15 names, and it is copied and downloaded', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '#/planner?job=running');
  const runbook = page.getByTestId('runbook');
  await expect(runbook).toHaveAttribute('data-release', '2.3');
  const release = page.getByLabel('Flink release');
  await expect(release).toHaveValue('2.3');
  // The picker sits in the in-place part, the first of the two parts it changes; the runbook
  // below names the release it was written for.
  await expect(page.getByRole('region', { name: 'Or in place: the adaptive scheduler' }).getByLabel('Flink release')).toHaveValue('2.3');
  await expect(runbook).toContainText('named for Flink 2.3, the release picked in the in-place part above');
  // Its button takes the reader to the menu, thousands of pixels up.
  await runbook.getByRole('button', { name: 'Change the release' }).click();
  await expect(release).toBeFocused();
  await expect(release).toBeInViewport();
  // Seed 004: a rewrite to 1200 at 200; Flink 2.3's names. A savepoint of 4 TiB outlasts the
  // default timeout: step 1 restarts the running job with a longer one.
  await expect(page.getByLabel('Commands of step 1')).toContainText('flink cancel <job-id>');
  await expect(page.getByLabel('Configuration of step 1')).toContainText('execution.checkpointing.timeout: 467 min');
  await expect(page.getByLabel('Commands of step 4')).toContainText('flink run -d -s <rewritten-path> -p 200 -cm NO_CLAIM -Dpipeline.max-parallelism=1200 shadow.jar');
  await expect(page.getByLabel('Configuration of step 4')).toContainText('execution.state-recovery.claim-mode: NO_CLAIM');
  await expect(page.getByLabel('Configuration of step 4')).toContainText('state.backend.type: rocksdb');
  await expect(page.getByLabel('Configuration of step 4')).toContainText('execution.checkpointing.incremental: true');
  // Each step's configuration says how it is given (found by review: the page left it out, so a
  // restart run as shown kept the 10 min timeout); the FlinkDeployment fields are a block of their own.
  const how = runbook.getByText("Its configuration: each key as -Dkey=value on the step's flink run line, or in the job's configuration file.");
  await expect(how).toHaveCount(await runbook.getByRole('group', { name: /^Configuration of step/ }).count());
  await expect(how.first()).toBeVisible();
  await expect(page.getByLabel('FlinkDeployment fields of step 4')).toContainText('spec.job.initialSavepointPath: <rewritten-path>');
  await expect(runbook).toContainText('spec.job.initialSavepointPath: <rewritten-path>');
  await expect(runbook).toContainText('spec.job.savepointRedeployNonce');
  await expect(runbook).toContainText('does not list v2_3');
  // Flink 1.15: the old names, in the URL too.
  await release.selectOption('1.15');
  await expect(runbook).toHaveAttribute('data-release', '1.15');
  await expect(runbook).toContainText('named for Flink 1.15, the release picked in the in-place part above');
  await expect(page).toHaveURL(/release=1\.15/);
  await expect(page.getByLabel('Commands of step 4')).toContainText('-p 200 -rm NO_CLAIM');
  await expect(page.getByLabel('Configuration of step 4')).toContainText('execution.savepoint-restore-mode: NO_CLAIM');
  await expect(page.getByLabel('Configuration of step 4')).toContainText('state.backend: rocksdb');
  await expect(page.getByLabel('Configuration of step 4')).toContainText('state.backend.incremental: true');
  await expect(runbook).not.toContainText('does not list');
  await runbook.getByRole('button', { name: 'Copy commands' }).click();
  await expect(runbook.getByRole('status')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('# Rescale runbook (Flink 1.15)\n')).toBe(true);
  expect(copied).toContain('flink stop --type canonical --savepointPath <savepoint-dir> <live-job-id>');
  expect(await downloaded(runbook, 'Download commands (Markdown)')).toEqual({ name: 'runbook.md', text: copied });
  // A changed plan clears "Copied" and changes the commands: a direct restore at 100.
  await page.getByLabel('New parallelism').fill('100');
  await expect(runbook.getByRole('status')).toHaveText('');
  await expect(page.getByLabel('Commands of step 3')).toContainText('-p 100 -rm NO_CLAIM job.jar');
  await expect(page.getByLabel('Commands of step 3')).not.toContainText('max-parallelism');
  await expect(runbook).toContainText('spec.job.upgradeMode: savepoint');
});

test('the whole plan is one document: steps, clock, outage, point of no return, warnings, commands, the in-place route, checklist', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '#/planner?backend=hashmap&job=running');
  await expect(page.getByLabel('State backend')).toHaveValue('hashmap');
  // The timeline names its rows and ends its axis at the total (its alt text says the same).
  // A heap job's checkpoints are all full: one that checkpoints runs with a timeout its
  // savepoint fits in, so no restart to raise it comes first.
  await expect(page.locator('img.timeline-chart').first()).toHaveAttribute('alt', /\(1 live savepoint, 2 rewrite, 3 shadow restore, 4 shadow comparison, 5 stop with savepoint, 6 rewrite again, 7 restore at target, 8 first checkpoint\) over 58 h 57 min/);
  const section = page.locator('section.plan');
  const { name, text } = await downloaded(section, 'Download the whole plan (Markdown)');
  expect(name).toBe('plan.md');
  const parts = ['# Rescale plan: parallelism 24 → 200', '## Steps', '[POINT OF NO RETURN]', '## Each stateful operator at the cutover',
    '| Source | split state: where each partition was read up to | pinned | 128 | at most 128 |', '## Time', '| 7 | restore the new job at the target',
    '| 8 | first checkpoint after the restore', '- The job is down, or commits nothing downstream, for 19 h 25 min', '- Point of no return: at 58 h 57 min',
    '## Warnings', 'already runs with a timeout above that, and its savepoint, as long, fits it', '## Rescale runbook (Flink 2.3)',
    'state.backend.type: hashmap', '## Or in place: the adaptive scheduler', '**HTTP 400: in-place rescaling does not lift the ceiling.',
    '> `org.apache.flink.runtime.rest.handler.RestHandlerException: The newly requested parallelism 200',
    '```sh\ncurl -s http://<jobmanager>:8081/jobs/<job-id>/resource-requirements', '### Conditions, as Flink 2.3.0 answered',
    '### With the Flink Kubernetes operator', 'Do not set an override to 200',
    '## What to record during the rescale (24 → 200)'];
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `${part} after byte ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
  expect(text).not.toContain('rocksdb');
  const exporter = section.locator('.copy-export');
  await exporter.getByRole('button', { name: 'Copy the whole plan' }).click();
  await expect(exporter.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
});

test('which snapshot can do what, and the plan checked against it (seed 004: retained checkpoints only)', async ({ page }) => {
  await open(page, '#/planner');
  const table = page.getByTestId('snapshot-kinds');
  const kind = page.getByLabel('The job\'s latest snapshots');
  await expect(kind).toHaveValue('checkpoint');
  const row = (slug) => table.locator(`tr[data-kind="${slug}"]`);
  const header = await table.locator('thead th').allTextContents();
  const col = (name) => header.indexOf(name);
  const cell = (slug, name) => row(slug).locator('th, td').nth(col(name));
  await expect(cell('canonical', 'Restore with another state backend')).toHaveText('yes (observed)');
  await expect(cell('native', 'Restore with another state backend')).toHaveText('no (observed)');
  await expect(cell('checkpoint', 'Restore with another state backend')).toHaveText('no (observed)');
  await expect(cell('unaligned', 'Restore at another parallelism')).toHaveText('yes (observed with no in-flight data in it)');
  await expect(cell('unaligned', 'Read (and so rewrite) with the State Processor API')).toHaveText('no (documentation)');
  // Flink's own table: it works, but Flink does not promise it.
  await expect(cell('checkpoint', 'Read (and so rewrite) with the State Processor API')).toHaveText('works, not guaranteed (documentation)');
  await expect(cell('canonical', 'Read (and so rewrite) with the State Processor API')).toHaveText('yes (documentation)');
  await expect(cell('checkpoint', 'CLAIM: Flink takes it over and deletes it later')).toHaveText('yes (observed)');
  await expect(table).toContainText('not an observation');
  const { name, text } = await downloaded(page.locator('section.snapshot-kinds'), 'Export CSV');
  expect(name).toBe('snapshot-kinds.csv');
  const rows = text.trim().split('\n');
  expect(rows[0]).toBe('snapshot,operation,allowed,source,guaranteed');
  expect(rows).toHaveLength(21);
  expect(rows).toContain('checkpoint,change_backend,no,observed,yes');
  expect(rows).toContain('native,state_processor_read,yes,documented,no');
  expect(rows).toContain('unaligned,change_parallelism,yes,observed_without_in_flight_data,yes');
  const check = page.getByTestId('plan-snapshot-check');
  await expect(check).toHaveAttribute('data-ok', 'true');
  await expect(check).toContainText('take a canonical savepoint and rewrite it: canonical savepoint — Read (and so rewrite) with the State Processor API: yes');
  await kind.selectOption('unaligned');
  await expect(page).toHaveURL(/snapshot=unaligned/);
  await expect(check).toHaveAttribute('data-ok', 'true');
  await expect(check).not.toContainText('retained checkpoint (unaligned) — Read');
  expect(await axeViolations(page)).toEqual([]);
});

test('what to record during the rescale: the expected distribution follows the plan; copied and downloaded', async ({ page }) => {
  await open(page, '#/planner');
  const list = page.getByTestId('rescale-checklist');
  for (const what of ['Restore duration', 'Catch-up lag', 'State distribution per subtask', 'Visible output invariants']) {
    await expect(list.getByRole('checkbox', { name: what })).toBeVisible();
  }
  await expect(list.locator('[data-item="state-per-subtask"]')).toContainText('every subtask owns 6 key groups (1200 ÷ 200)');
  await list.getByRole('checkbox', { name: 'Restore duration' }).check();
  const section = page.locator('section.checklist');
  const { name, text } = await downloaded(section, 'Download checklist (Markdown)');
  expect(name).toBe('rescale-checklist.md');
  expect(text.startsWith('# What to record during the rescale (24 → 200)\n')).toBe(true);
  // What is ticked is handed on as done (found by review: a ticked item was copied unticked).
  expect(text.match(/^- \[ \] /gm)).toHaveLength(5);
  expect(text.match(/^- \[x\] \*\*Restore duration\*\*/gm)).toHaveLength(1);
  await section.getByRole('button', { name: 'Copy checklist' }).click();
  await expect(section.getByRole('status')).toHaveText('Copied');
  // The ticks outlast a reload and a visit to another lab and back (found by review: both lost
  // them), for this plan; another plan starts with none.
  await list.getByRole('checkbox', { name: 'Catch-up lag' }).check();
  await page.reload();
  await expect(list.getByRole('checkbox', { name: 'Restore duration' })).toBeChecked();
  await expect(list.getByRole('checkbox', { name: 'Catch-up lag' })).toBeChecked();
  await expect(list.getByRole('checkbox', { name: 'Visible output invariants' })).not.toBeChecked();
  await page.getByRole('link', { name: 'Key owners' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Rescale planner');
  await page.goBack();
  await expect(list.getByRole('checkbox', { name: 'Catch-up lag' })).toBeChecked();
  await page.getByLabel('New parallelism').fill('100');
  await expect(list.locator('[data-item="state-per-subtask"]')).toContainText('28 subtasks own 2 key groups and 72 own 1 (128 over 100)');
  await expect(list.getByRole('checkbox', { name: 'Catch-up lag' })).not.toBeChecked();
});

test('a bad release or snapshot kind in the link falls back with a notice', async ({ page }) => {
  await open(page, '#/planner?release=9.9&snapshot=tape');
  await expect(page.getByText(/release.*9\.9/)).toBeVisible();
  await expect(page.getByText(/snapshot.*tape/)).toBeVisible();
  await expect(page.getByTestId('runbook')).toHaveAttribute('data-release', '2.3');
  await expect(page.getByLabel('The job\'s latest snapshots')).toHaveValue('checkpoint');
});

test('each stateful operator at the cutover: pinned, rebuilt or dropped, as Flink 2.3.0 did it (seed 004)', async ({ page }) => {
  await open(page, '#/planner');
  const table = page.getByTestId('plan-operators');
  const row = (name) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  await expect(row('Source')).toHaveAttribute('data-fate', 'pinned');
  await expect(row('Source')).toContainText('source: .setMaxParallelism(128).setParallelism(128)');
  await expect(row('Source')).toContainText('observed in Flink 2.3.0: tests/flink-cutover/');
  await expect(row('Operators with list or union state')).toHaveAttribute('data-fate', 'pinned');
  await expect(row('Keyed operators')).toHaveAttribute('data-fate', 'rebuilt');
  await expect(row('Keyed operators')).toContainText('1200');
  await expect(row('Sink')).toContainText('a vertex of its own, not chained to the keyed operator');
  // Which vertices gain agrees: the pinned source reads its 256 partitions with 128 subtasks.
  await expect(page.getByTestId('plan-vertices')).toContainText('Source vertex: 24 → 128 subtasks doing work; pinned at max parallelism 128');
  const choices = page.locator('.operator-choices');
  await expect(choices).toContainText('Source, dropped: a new uid, and --allowNonRestoredState (-n)');
  await expect(choices).toContainText('counted twice');
  await expect(page.locator('.operator-pitfalls')).toContainText('with max parallelism 128 to new program with max parallelism 1200');
  // The runbook's cutover says the same.
  const runbook = page.getByTestId('runbook');
  await expect(runbook).toContainText('its code pins the operators the rewrite keeps at 128');
  await expect(runbook).toContainText('sink: sinkTo(…).setMaxParallelism(128).setParallelism(128), a vertex of its own');
  // A direct restore keeps every operator's saved max parallelism; a rebuild starts them empty.
  await page.getByLabel('New parallelism').fill('100');
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'direct');
  await expect(table.locator('tbody tr[data-fate="kept"]')).toHaveCount(4);
  await expect(page.locator('.operator-choices')).toHaveCount(0);
  await expect(runbook).not.toContainText('pins the operators');
  await page.getByLabel('New parallelism').fill('200');
  await page.getByLabel('State time-to-live').fill('6h');
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'rebuild');
  await expect(table.locator('tbody tr[data-fate="started empty"]')).toHaveCount(4);
});

test('what the plan asks of Kafka: retention for the cutover\'s offsets, transaction timeouts past each savepoint and one checkpoint interval (seed 004)', async ({ page }) => {
  await open(page, '#/planner');
  const kafka = page.getByTestId('plan-kafka');
  const item = (key) => kafka.locator(`li[data-key="${key}"]`);
  await expect(item('log-retention')).toContainText('at least 15 h 32 min of records, from the stop with savepoint to the end of the restore at target');
  await expect(item('log-retention')).toHaveAttribute('data-above-default', 'false');
  await expect(item('transaction-timeout')).toContainText('must be at least 3 h 53 min plus one checkpoint interval');
  await expect(item('transaction-timeout')).toHaveAttribute('data-above-default', 'true');
  await expect(item('broker-transaction-max')).toContainText('15 min by default');
  await expect(page.getByText('Defaults and behaviour not observed (no Kafka here)')).toBeVisible();
  // The job's checkpoint interval, given: the timeout asked is one interval longer, with the sum.
  const interval = page.getByLabel('Checkpoint interval (seconds)');
  await interval.fill('120');
  await expect(item('transaction-timeout')).toContainText('at least 3 h 53 min plus one checkpoint interval (2 min), 3 h 55 min');
  await expect(page).toHaveURL(/[?&]interval=120(&|$)/);
  // Left, then refused text typed later: the 120 it was left at stays.
  await interval.blur();
  await interval.fill('0');
  await expect(page.locator('#pl-interval-error')).toContainText('checkpoint interval in seconds must be between 1 and 86400, got 0');
  await expect(item('transaction-timeout')).toContainText('(2 min), 3 h 55 min');
  // Sinks that are not transactional: only the retention is asked.
  await page.getByLabel('Sinks are transactional (exactly-once)').uncheck();
  await expect(kafka.getByRole('listitem')).toHaveCount(1);
  await expect(item('log-retention')).toBeVisible();
});

test('a job that is down restarts from the latest snapshot it has: a savepoint is named, its path used, and nothing is stopped', async ({ page }) => {
  await open(page, '#/planner?job=down&snapshot=canonical&saved_maxp=128&p=100');
  await expectVerdict(page.getByTestId('plan-verdict'), 'direct', []);
  const steps = page.locator('.plan-steps');
  await expect(steps).toContainText('Read the max parallelism in the latest canonical savepoint\'s metadata: 128');
  await expect(steps).toContainText('start it from its latest canonical savepoint at parallelism 100 in NO_CLAIM mode');
  await expect(steps).not.toContainText('retained checkpoint');
  await expect(page.getByTestId('plan-phases')).toContainText('restore from its latest canonical savepoint (read every byte once)');
  await expect(page.getByTestId('runbook')).toContainText('flink run -d -s <latest-savepoint-path> -p 100');
  await expect(page.getByTestId('runbook')).not.toContainText('<latest-checkpoint-path>');
  // Nothing running is stopped: no advice on stopping, and the rollback is to that savepoint.
  await expect(page.locator('.warnings')).not.toContainText('Stop with a savepoint rather than cancel');
  await expect(page.getByText('it can be started again from that savepoint at its old parallelism')).toBeVisible();
  await expect(page.getByTestId('rescale-checklist').locator('[data-item="output-invariants"]')).toContainText('continue from the latest canonical savepoint\'s offsets');
  await expect(page.getByTestId('plan-snapshot-check')).toContainText('the job is down: restart from its latest snapshot at the target: canonical savepoint');
  // Its retained checkpoints instead: the same plan, from the checkpoint.
  await page.getByLabel('The job\'s latest snapshots').selectOption('checkpoint');
  await expect(steps).toContainText('start it from its latest retained checkpoint at parallelism 100');
  await expect(page.getByTestId('runbook')).toContainText('flink run -d -s <latest-checkpoint-path> -p 100');
  expect(await axeViolations(page)).toEqual([]);
});
