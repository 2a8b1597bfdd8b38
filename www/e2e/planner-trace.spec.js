// The planner (seed 004's case end to end, the restore predictor's checks) and the trace
// check (each scenario's verdict), by role and label.
import { test, expect, open } from './fixtures.js';

test('seed 004: 24 → 200 with 4 TB, the ceiling at 128, 1024 suggested, steps in order', async ({ page }) => {
  await open(page, '#/planner');
  await page.getByLabel('Current parallelism').fill('24');
  await page.getByLabel('Target parallelism').fill('200');
  await page.getByLabel('First parallelism').fill('24');
  await page.getByLabel('State size').fill('4 TB');
  await page.getByLabel('Source partitions').fill('256');
  await expect(page.getByText('Flink\'s default for a job first started at 24 is assumed: 128')).toBeVisible();
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'rewrite');
  await expect(page.getByTestId('plan-verdict')).toContainText('The ceiling is 128');
  await expect(page.getByTestId('suggested-max')).toContainText('Suggested new max parallelism: 1024');
  const steps = page.locator('.plan-steps li');
  await expect(steps).toHaveCount(7);
  await expect(steps.nth(0)).toContainText('Read the max parallelism');
  await expect(steps.nth(2)).toContainText('State Processor API');
  await expect(steps.nth(3)).toContainText('NO_CLAIM');
  await expect(steps.nth(5)).toContainText('POINT OF NO RETURN');
  await expect(steps.nth(5)).toContainText('first committed write by the new job past the old job\'s stop offset');
  expect(await steps.evaluateAll((li) => li.map((l) => l.dataset.reversible))).toEqual(['true', 'true', 'true', 'true', 'true', 'false', 'true']);
  await expect(page.locator('.estimates')).toContainText('2 × 4 TB ÷ 300 MB/s = 7 h 46 min');
  // The partition check: a source with only 24 partitions makes the whole change pointless.
  await page.getByLabel('Source partitions').fill('24');
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'source');
  await expect(page).toHaveURL(/partitions=24/);
  // Short-lived state: rebuild from the log instead.
  await page.getByLabel('Source partitions').fill('256');
  await page.getByLabel('State time-to-live').fill('6h');
  await expect(page.getByTestId('plan-verdict')).toHaveAttribute('data-verdict', 'rebuild');
});

test('the restore predictor reports Flink\'s first failing check with its numbers', async ({ page }) => {
  const cases = [
    ['saved_maxp=128&p=200', 'fails', 'maximum parallelism (128) of the restored state is lower than the configured parallelism (200)'],
    ['saved_maxp=128&p=200&maxp=128', 'fails', 'parallelism (200) is higher than the max parallelism (128)'],
    ['saved_maxp=128&p=4&maxp=256', 'fails', 'max parallelism 128 to new program with max parallelism 256'],
    ['saved_maxp=128&saved_maxp_set=explicit&p=200&maxp=256', 'fails', 'Max parallelism mismatch'],
    ['saved_maxp=128&p=100', 'ok', 'then silently replaces it with the snapshot\'s 128'],
    ['saved_maxp=128&p=64&maxp=128', 'ok', 'The job starts'],
  ];
  for (const [query, verdict, text] of cases) {
    await open(page, `#/planner?${query}`);
    const result = page.getByTestId('restore-verdict');
    await expect(result, query).toHaveAttribute('data-verdict', verdict);
    await expect(result, query).toContainText(text);
  }
  await page.getByLabel('New parallelism').fill('0');
  await expect(page.getByText('new parallelism must be between 1 and 32768, got 0')).toBeVisible();
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'ok');
});

test('each trace scenario gives its verdict', async ({ page }) => {
  const expected = {
    plain: 'preserved',
    'hot-key': 'preserved',
    'maxp-changed': 'refused',
    'key-function': 'lost',
    'uid-changed': 'lost',
    'schema-compatible': 'preserved',
    'schema-incompatible': 'refused',
  };
  await open(page, '#/trace');
  await expect(page.getByTestId('trace-verdict')).toHaveAttribute('data-verdict', 'preserved');
  for (const [slug, verdict] of Object.entries(expected)) {
    await page.getByLabel('Scenario').selectOption(slug);
    await expect(page.getByTestId('trace-verdict'), slug).toHaveAttribute('data-verdict', verdict);
  }
  await page.getByLabel('Scenario').selectOption('plain');
  await expect(page.locator('.trace-table')).toContainText('(moved)');
  await expect(page.locator('.trace-table tr.wrong')).toHaveCount(0);
  await page.getByLabel('Parallelism after').fill('200');
  await expect(page.getByTestId('trace-verdict')).toHaveAttribute('data-verdict', 'refused');
  await expect(page.getByTestId('trace-verdict')).toContainText('(128)');
  await expect(page).toHaveURL(/p2=200/);
});

test('the uid-changed trace is RUNNING with its history gone, and list state is split', async ({ page }) => {
  await open(page, '#/trace?scenario=uid-changed&p2=10');
  await expect(page.getByTestId('trace-verdict')).toContainText('the job is RUNNING');
  await expect(page.getByText('allowNonRestoredState Flink skips the unmatched state')).toBeVisible();
  await expect(page.getByTestId('idle-sources')).toContainText('2 of 10 source subtasks get no partition');
});
