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
