// The shipped guided path (static/exercises.json) as the specs walk it: each step's right
// answer, and one way to answer a step in a page or a frame.
import { expect } from '@playwright/test';

export const pathAnswers = {
  'coverage-8-3': '8',
  'coverage-8-2': '4',
  'owner-77': '60',
  'busiest-128-100': '2',
  'restart-200': 'no',
  'hot-key-rescale': 'no',
  'point-of-no-return': '7',
  'sample-max-parallelism': '128',
  'sample-uid-throttle': 'no',
  'sample-uid-counter': 'yes',
  'cutover-downtime': '16',
  'in-place-ceiling': 'no',
  'running-is-safe': 'no',
  'checkpoint-backend-switch': 'no',
};

/** Every step but these, with its right answer. */
export const answersBut = (...ids) => Object.fromEntries(Object.entries(pathAnswers).filter(([id]) => !ids.includes(id)));

/** Answers a step (in a page or a frame): a number typed, or yes / no chosen; then checked. */
export async function answerStep(where, id, value) {
  const step = where.locator(`[data-exercise="${id}"]`);
  if (value === 'yes' || value === 'no') await step.getByRole('radio', { name: value === 'yes' ? 'Yes' : 'No' }).check();
  else await step.getByRole('textbox').fill(value);
  await step.getByRole('button', { name: /^Check:/ }).click();
  await expect(step.locator('.training-verdict')).toBeVisible();
}
