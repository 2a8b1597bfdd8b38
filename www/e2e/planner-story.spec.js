// The planner's story (issue 13): one snapshot value for the predictor and the plan, max
// parallelism suggestions the planned parallelisms divide, the owners lab's derivation from
// the first parallelism, by role and label. Seed 004's numbers are the first case.
import { test, expect, expectVerdict, open } from './fixtures.js';

test('one snapshot max parallelism feeds the predictor and the plan', async ({ page }) => {
  await open(page, '#/planner');
  const field = page.getByLabel('Snapshot max parallelism', { exact: true });
  await expect(field).toHaveValue('');
  await expectVerdict(page.getByTestId('restore-verdict'), 'fails', ['(128)']);
  await expect(page.getByText('Flink\'s default for a job first started at 24 is assumed: 128')).toBeVisible();
  await field.fill('2048');
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'direct');
  await expect(page.getByText('Snapshot max parallelism: 2048 (as given above')).toBeVisible();
  await expect(page).toHaveURL(/saved_maxp=2048/);
  await field.fill('128');
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'fails');
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'rewrite');
  // An old link's plan_maxp lands in the one field; beside a different saved_maxp it gives way.
  await open(page, '#/planner?plan_maxp=2048');
  await expect(field).toHaveValue('2048');
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'ok');
  await open(page, '#/planner?saved_maxp=128&plan_maxp=2048');
  await expect(field).toHaveValue('128');
  await expect(page.getByText('using saved_maxp = 128')).toBeVisible();
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'rewrite');
});

test('suggested max parallelisms are divisible by the planned parallelisms, in the planner and the owners lab', async ({ page }) => {
  // Seed 004: 24 now, 200 planned; 1200 is a multiple of both, 1024 of neither (planned for the
  // job while it runs: the steps start with reading the ceiling).
  await open(page, '#/planner?job=running');
  await expect(page.getByTestId('suggested-max')).toContainText('Suggested new max parallelism: 1200, a multiple of 24 and 200');
  await expect(page.getByTestId('max-trade-off')).toContainText('A power of two (1024) keeps halving and doubling even');
  await expect(page.getByTestId('max-trade-off')).toContainText('24 subtasks would own 6 and 176 would own 5');
  await expect(page.locator('.plan-steps li').nth(2)).toContainText('Choose a new max parallelism, 1200');
  await page.getByLabel('Current parallelism').fill('200');
  await expect(page.getByTestId('suggested-max')).toContainText('a multiple of 200 (the parallelisms this plan runs)');
  await expect(page.getByTestId('suggested-max')).toContainText('Other multiples at 4–8 × the largest: 800, 1000, 1400, 1600');
  await open(page, '#/owners?p=200&from=24');
  await expect(page.getByTestId('chooser-best')).toContainText('Suggested: 1200. A multiple of 24 and 200 (1200)');
  await expect(page.getByTestId('chooser-best')).toContainText('But 24 and 200 do not divide 1024');
  const rows = page.locator('.chooser-table tbody tr');
  await expect(rows.first()).toContainText('multiple of 24 and 200');
  await expect(rows.last()).toContainText('power of two');
});

test('the owners lab derives an unset max parallelism from the first parallelism, the earliest given', async ({ page }) => {
  // A job first run at 24 carries 128: 24 → 200 does not start.
  await open(page, '#/owners?p=200&from=24');
  await expect(page.getByText('Not set: Flink derived 128 from parallelism 24, the earlier parallelism')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('200');
  await expect(page.getByRole('alert')).toContainText('128');
  await page.getByLabel('First parallelism').fill('200');
  await expect(page.getByText('Not set: Flink derived 512 from parallelism 200, the first parallelism given')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('First parallelism').fill('');
  await page.getByLabel('Earlier parallelism').fill('');
  await expect(page.getByText('Not set: Flink derived 512 from parallelism 200, the parallelism shown')).toBeVisible();
});

test('seed 004 planned while the job runs: hours of downtime, about 2.7 days end to end, each throughput its own input', async ({ page }) => {
  await open(page, '#/planner?job=running');
  await page.getByLabel('State size').fill('4 TiB');
  // The seed's sinks are transactional: the outage lasts until the first checkpoint after the
  // restore (a full one, observed in tests/flink-first-checkpoint) has completed.
  // A savepoint of 4 TiB outlasts the default checkpoint timeout: the job is first restarted
  // with a longer one (its own window), then the cutover's.
  await expect(page.getByTestId('plan-downtime')).toContainText('The job is down, or commits nothing downstream, for 27 h 11 min: 3 h 53 min + 3 h 53 min + 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 27 h 11 min; the cutover alone: 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 19 h 25 min');
  // What the sum leaves out, not observed either way: the live job's savepoint, if no checkpoint
  // commits while it is taken.
  await expect(page.getByTestId('plan-commit-gap')).toContainText('Not counted: the live job\'s own savepoint (3 h 53 min)');
  await expect(page.getByTestId('plan-commit-gap')).toContainText('31 h 4 min in all');
  await expect(page.getByTestId('plan-duration')).toContainText('End to end: 66 h 43 min (about 2.7 days)');
  const phases = page.getByTestId('plan-phases').getByRole('listitem');
  await expect(phases).toHaveCount(10);
  await expect(phases.nth(0)).toContainText('restart the running job with a longer checkpoint timeout');
  await expect(phases.nth(9)).toContainText('first checkpoint after the restore: a full one, every byte uploaded; the transactional sinks commit nothing until it completes');
  await expect(phases.nth(9)).toContainText('nothing committed downstream: 4 TiB ÷ 300 MiB/s = 3 h 53 min');
  await expect(phases.nth(6)).toContainText('stop the live job with a savepoint');
  await expect(phases.nth(6)).toContainText('job down: 4 TiB ÷ 300 MiB/s = 3 h 53 min');
  await expect(phases.nth(7)).toContainText('2 × 4 TiB ÷ 300 MiB/s = 7 h 46 min');
  const alternative = page.getByTestId('plan-alternative');
  await expect(alternative).toContainText('Cut over from the shadow job\'s own state');
  await expect(alternative).toContainText('3 h 53 min, then the first checkpoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min; 11 h 39 min in all, instead of 19 h 25 min');
  await expect(alternative).toContainText('its own position in the log');
  // Each step its own throughput.
  await page.getByLabel('Savepoint write throughput per second').fill('1 GiB');
  await page.getByLabel('Restore throughput per second').fill('600 MiB');
  // Written to the minute these add up to 11 h 58 min, not 11 h 59 min: the sum is written to the
  // second instead (found by review).
  await expect(page.getByTestId('plan-downtime')).toContainText('the cutover alone: 1 h 8 min 16 s + 7 h 46 min 2 s + 1 h 56 min 30 s + 1 h 8 min 16 s = 11 h 59 min 4 s.');
  await expect(page).toHaveURL(/sp_rate=1%20GiB/);
  await expect(page).toHaveURL(/restore_rate=600%20MiB/);
  await page.getByLabel('Rewrite throughput per second').fill('1200 MiB');
  await expect(page.getByTestId('plan-downtime')).toContainText('the cutover alone: 1 h 8 min 16 s + 1 h 56 min 30 s + 1 h 56 min 30 s + 1 h 8 min 16 s = 6 h 9 min 32 s.');
  // A bare number is not taken as bytes per second; the plan's own way of writing it is.
  await page.getByLabel('Savepoint write throughput per second').fill('300');
  await expect(page.getByText('savepoint write throughput "300" has no unit: write the bytes per second with one, such as 300 MiB')).toBeVisible();
  await expect(page).toHaveURL(/sp_rate=1%20GiB/);
  await page.getByLabel('Savepoint write throughput per second').fill('400 MiB/s');
  await expect(page).toHaveURL(/sp_rate=400%20MiB/);
  await page.getByLabel('Savepoint write throughput per second').fill('1 GiB');
  await page.getByLabel('Restore throughput per second').fill('0');
  await expect(page.getByText('restore throughput must be above 0')).toBeVisible();
  await expect(page.getByTestId('plan-downtime')).toContainText('1 h 56 min');
});

test('the interim option: run at 128 now, no rewrite, and what the rewrite involves', async ({ page }) => {
  await open(page, '#/planner?job=running');
  const interim = page.getByTestId('plan-interim');
  await expect(interim.getByRole('heading')).toHaveText('Fastest relief: run at 128 now, no rewrite');
  // Its savepoint would outlast the default timeout: restarted with a longer one first.
  await expect(interim).toContainText('Outage: 19 h 25 min (7 h 46 min to restart it with a longer checkpoint timeout at 24, then 7 h 46 min to stop it with a savepoint and restore it at 128');
  await expect(interim).toContainText('as the plan\'s first step does (7 h 46 min)');
  await expect(interim).toContainText('every subtask owns 1 key group.');
  await expect(interim).toContainText('reads 5.375 × the state');
  await expect(interim).toContainText('It does not reach 200: the ceiling stays 128');
  await expect(page.getByTestId('rewrite-work')).toContainText('timers');
  await expect(page.getByTestId('rewrite-work')).toContainText('What it cannot carry');
  await page.getByLabel('New parallelism').fill('100');
  await expect(interim).toHaveCount(0);
  await expect(page.getByTestId('plan-downtime')).toContainText('3 h 53 min + 3 h 53 min + 3 h 53 min = 11 h 39 min');
});

test('seed 004 as it happened: the job is down, so the plan brings it back first, and the outage has two windows', async ({ page }) => {
  await open(page, '#/planner');
  await expect(page.getByLabel('The job now')).toHaveValue('down');
  const steps = page.locator('.plan-steps li');
  await expect(steps.first()).toContainText('The job is down: bring it back first, from its latest retained checkpoint at its old parallelism 24');
  await expect(steps.first()).toHaveAttribute('data-reversible', 'true');
  await expect(steps).toHaveCount(8);
  const phases = page.getByTestId('plan-phases').getByRole('listitem');
  await expect(phases).toHaveCount(10);
  await expect(phases.first()).toContainText('restore the stopped job now from its latest retained checkpoint');
  await expect(phases.first()).toHaveAttribute('data-downtime', 'true');
  // Back, its first checkpoint is full (NO_CLAIM), and the transactional sinks wait for it.
  await expect(phases.nth(1)).toContainText('first checkpoint after the restore');
  await expect(phases.nth(1)).toHaveAttribute('data-downtime', 'true');
  await expect(phases.nth(2)).toHaveAttribute('data-downtime', 'false');
  await expect(page.getByTestId('plan-downtime')).toContainText('The job is down, or commits nothing downstream, for 27 h 11 min: 3 h 53 min + 3 h 53 min + 3 h 53 min + 7 h 46 min + 3 h 53 min + 3 h 53 min = 27 h 11 min');
  // Bringing it back downloads the checkpoint's files: its own throughput, not the restore's.
  await page.getByLabel('Checkpoint download throughput per second').fill('1000 MiB');
  await expect(phases.first()).toContainText('4 TiB ÷ 1000 MiB/s = 1 h 9 min');
  await expect(page.getByTestId('plan-downtime')).toContainText('for 24 h 28 min: 1 h 9 min 54 s + 3 h 53 min 1 s + 3 h 53 min 1 s + 7 h 46 min 2 s + 3 h 53 min 1 s + 3 h 53 min 1 s = 24 h 28 min 0 s;');
  await expect(page).toHaveURL(/inc_rate=1000%20MiB/);
  await page.getByLabel('Checkpoint download throughput per second').fill('300 MiB');
  await expect(page.locator('img.timeline-chart.light')).toHaveAttribute('alt', /\(1 bring the job back, 2 first checkpoint, 3 live savepoint/);
  // The runbook's first step brings it back, from the checkpoint, at 24, in NO_CLAIM mode.
  await expect(page.getByLabel('Commands of step 1')).toHaveText('flink run -d -s <latest-checkpoint-path> -p 24 -cm NO_CLAIM job.jar');
  // The fastest relief of a job that is down: back at 24 first, then a savepoint restore at 128
  // (19 h 25 min in all), not 24 → 128 straight from the incremental checkpoint (24 h 45 min).
  const interim = page.getByTestId('plan-interim');
  await expect(interim).toContainText('Outage: 19 h 25 min (7 h 46 min to bring it back at 24, then 7 h 46 min to stop it with a savepoint and restore it at 128 (4 TiB ÷ 300 MiB/s = 3 h 53 min, then 4 TiB ÷ 300 MiB/s = 3 h 53 min), then the first checkpoint: 4 TiB ÷ 300 MiB/s = 3 h 53 min)');
  await expect(interim).toContainText('The job is down: bring it back at 24 first, as the plan\'s first step does (7 h 46 min), then stop it with a savepoint and restore at 128.');
  await page.getByLabel('State backend').selectOption('hashmap');
  await expect(interim).toContainText('The job is down, so there is no savepoint to take: restore it at 128 straight from its latest retained checkpoint (a heap snapshot');
  await page.getByLabel('State backend').selectOption('rocksdb');
  // Within the ceiling there is nothing to take a savepoint of: one restore, from the checkpoint.
  await page.getByLabel('New parallelism').fill('100');
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'direct');
  await expect(phases).toHaveCount(2);
  await expect(phases.first()).toContainText('restore from the latest retained incremental checkpoint');
  await expect(phases.nth(1)).toContainText('first checkpoint after the restore');
  // The runbook raises the checkpoint timeout for that restore (twice the full checkpoint).
  await expect(page.getByLabel('Configuration of step 1')).toContainText('execution.checkpointing.timeout: 467 min');
  await expect(steps.filter({ hasText: 'POINT OF NO RETURN' })).toContainText('start it from its latest retained checkpoint at parallelism 100 in NO_CLAIM mode');
  await expect(page.getByLabel('Commands of step 1')).toContainText('flink run -d -s <latest-checkpoint-path> -p 100 -cm NO_CLAIM');
  // Running again: the plan starts from a savepoint of the running job, and the link says so.
  await page.getByLabel('The job now').selectOption('running');
  await expect(page).toHaveURL(/[?&]job=running(&|$)/);
  await expect(page.getByLabel('Commands of step 1')).toContainText('flink cancel <job-id>');
  await expect(page.getByLabel('Commands of step 2')).toContainText('flink stop --type canonical');
});

test('a job that is down, restored within its max parallelism: the two-window route is offered where it is down less', async ({ page }) => {
  // Straight 24 → 100 from RocksDB's files reads 4.1875 × the state: 20 h 8 min with the first
  // checkpoint. Back at 24 first, then moved with a savepoint: 19 h 25 min in all.
  await open(page, '#/planner?job=down&p=100');
  await expect(page.getByTestId('plan-downtime')).toContainText('for 20 h 8 min');
  // The factor is shown exact, and the time is computed from it (not from a truncated 4.187).
  await expect(page.getByTestId('plan-phases')).toContainText('4.1875 × 4 TiB ÷ 300 MiB/s = 16 h 15 min');
  const alternative = page.getByTestId('plan-alternative');
  await expect(alternative).toContainText('Bring it back at its old parallelism first, then stop it with a savepoint and restore that at the target');
  await expect(alternative).toContainText('19 h 25 min in all, instead of 20 h 8 min.');
  // A heap checkpoint is read once: the straight restore is the shorter, and nothing is offered.
  await open(page, '#/planner?job=down&p=100&backend=hashmap');
  await expect(page.getByTestId('plan-downtime')).toContainText('for 7 h 46 min');
  await expect(page.getByTestId('plan-alternative')).toHaveCount(0);
});

test('the timeline picture has the numbers as text too, in both themes and at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  for (const theme of ['light', 'dark']) {
    await open(page, `#/planner?theme=${theme}&job=running`);
    const visible = page.locator(`img.timeline-chart.${theme}`);
    await expect(visible).toBeVisible();
    await expect(page.locator(`img.timeline-chart.${theme === 'light' ? 'dark' : 'light'}`)).toBeHidden();
    await expect(visible).toHaveAttribute('alt', /the outage of 27 h 11 min shaded, the point of no return at 66 h 43 min/);
    const box = await visible.boundingBox();
    expect(box.width).toBeLessThanOrEqual(390);
    // The time section itself fits the phone's width (the rest of the page is another matter).
    const fits = await page.locator('.plan-time').evaluate((el) => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right]);
    expect(fits[0], 'the time section does not scroll sideways').toBeLessThanOrEqual(fits[1]);
    expect(fits[2]).toBeLessThanOrEqual(390);
  }
  await expect(page.getByTestId('plan-phases').getByRole('listitem').nth(2)).toContainText('savepoint of the live job');
});
