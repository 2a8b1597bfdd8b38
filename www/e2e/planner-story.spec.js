// The planner's story (issue 13): one snapshot value for the predictor and the plan, max
// parallelism suggestions the planned parallelisms divide, the owners lab's derivation from
// the first parallelism, by role and label. Seed 004's numbers are the first case.
import { test, expect, open } from './fixtures.js';

test('one snapshot max parallelism feeds the predictor and the plan', async ({ page }) => {
  await open(page, '#/planner');
  const field = page.getByLabel('Snapshot max parallelism', { exact: true });
  await expect(field).toHaveValue('');
  await expect(page.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'fails');
  await expect(page.getByTestId('restore-verdict')).toContainText('(128)');
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
  // Seed 004: 24 now, 200 planned; 1200 is a multiple of both, 1024 of neither.
  await open(page, '#/planner');
  await expect(page.getByTestId('suggested-max')).toContainText('Suggested new max parallelism: 1200, a multiple of 24 and 200');
  await expect(page.getByTestId('max-trade-off')).toContainText('A power of two (1024) keeps halving and doubling even');
  await expect(page.getByTestId('max-trade-off')).toContainText('24 subtasks would own 6 and 176 would own 5');
  await expect(page.locator('.plan-steps li').nth(1)).toContainText('Choose a new max parallelism, 1200');
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
