// The SCORM packages (dist/packages/, written by tools/build.sh) run as an LMS runs them: each
// zip is unpacked, and a player page (www/lms/scorm-host.html) reads its imsmanifest.xml, sets
// up a real SCORM run-time written by others (scorm-again's Scorm12API / Scorm2004API) and opens
// the launch file in a frame. The learner answers; the spec reads back from the run-time what
// the lab reported: each answer as an interaction (with its time), the status, the progress,
// no score and no verdict half-way (the run-time judges any score against the pass mark), the
// session's time once the learner leaves; then a second launch resumes from what the LMS kept,
// finishing the path scores and passes it, and a third launch leaves that result alone.
import { test, expect } from '@playwright/test';
import { answerStep, answersBut, pathAnswers } from './path.js';
import { settled } from './fixtures.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The repository root is served on this port (playwright.config.js), player and packages alike.
const rootPort = Number(process.env.E2E_PORT || 4173) + 2;

const answers = answersBut('owner-77', 'restart-200');


// Seconds in a duration as each standard writes it (1.2 HHHH:MM:SS.SS, 2004 ISO 8601), or NaN.
const seconds = {
  scorm12: (text) => {
    const m = /^(\d{2,4}):([0-5]\d):([0-5]\d(?:\.\d{1,2})?)$/.exec(text);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : NaN;
  },
  scorm2004: (text) => {
    const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,2})?)S)?$/.exec(text);
    return m && text !== 'PT' ? Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : NaN;
  },
};

const words = {
  scorm12: {
    status: (cmi) => cmi.core.lesson_status,
    // The element the run-time judges, and what it answers half-way.
    verdict: ['cmi.core.lesson_status', 'incomplete'],
    score: (cmi) => [cmi.core.score.raw, cmi.core.score.min, cmi.core.score.max],
    // 1.2 scores in percent, the scale of the mastery score the LMS compares it with.
    passingScore: ['92.8', '0', '100'],
    session: (cmi) => cmi.core.session_time,
    // When each answer was checked: the learner's time of day.
    time: (i) => expect(i.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/),
    response: 'student_response',
    wrong: 'wrong',
    yes: 't',
    finish: 'LMSFinish',
  },
  scorm2004: {
    status: (cmi) => `${cmi.completion_status}/${cmi.success_status}`,
    verdict: ['cmi.success_status', 'unknown'],
    score: (cmi) => [cmi.score.raw, cmi.score.min, cmi.score.max],
    passingScore: ['13', '0', '14'],
    session: (cmi) => cmi.session_time,
    // When each answer was checked: an ISO 8601 date-time in UTC, to the hundredth.
    time: (i, from, to) => {
      expect(i.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{2}Z$/);
      expect(Date.parse(i.timestamp)).toBeGreaterThanOrEqual(from - 10);
      expect(Date.parse(i.timestamp)).toBeLessThanOrEqual(to);
    },
    response: 'learner_response',
    wrong: 'incorrect',
    yes: 'true',
    finish: 'Terminate',
  },
};

/** The LMS unpacks the upload into a folder of its own: the folder, and its player's address. */
function unpack(kind, testInfo) {
  const folder = `target/lms-e2e/${kind}-${testInfo.workerIndex}-${Date.now()}`;
  rmSync(join(repo, folder), { recursive: true, force: true });
  mkdirSync(join(repo, folder), { recursive: true });
  execFileSync('python3', ['-m', 'zipfile', '-e', join(repo, `dist/packages/rescale-lab-${kind}.zip`), join(repo, folder)]);
  return { folder, player: `http://127.0.0.1:${rootPort}/www/lms/scorm-host.html?package=/${folder}/` };
}

// An LMS that launches the 1.2 package without its mastery score records completed alone: the
// learner is told so (found by a tester: the page said only how many were right).
test('under SCORM 1.2 without a mastery score, the page says the LMS records no pass or fail', async ({ page }, testInfo) => {
  // Fourteen steps in a frame (and a relaunch): a loaded machine takes a while.
  test.setTimeout(60_000);
  const { folder, player } = unpack('scorm12', testInfo);
  const manifest = join(repo, folder, 'imsmanifest.xml');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/<adlcp:masteryscore>[^<]*<\/adlcp:masteryscore>/, ''));
  await page.goto(player);
  const frame = page.frameLocator('#sco');
  await settled(frame);
  for (const [id, value] of Object.entries(pathAnswers)) await answerStep(frame, id, value);
  await expect(frame.getByTestId('lms-status')).toHaveText('Your LMS has your answers: 14 of 14 right at the first attempt. '
    + 'All steps answered: your LMS records the path as completed. It gave no pass mark, so it records no pass or fail.');
  const r = await page.evaluate(() => window.lmsRecord());
  expect(r.cmi.core.lesson_status).toBe('completed');
  rmSync(join(repo, folder), { recursive: true, force: true });
});

// A learner who types numbers with 400 leading zeros: SCORM 1.2's 4,096 characters of suspend
// data held only a few of them (found by a tester: answers dropped). The progress keeps each
// answer as graded, so all 14 fit and come back at the next launch.
test('under SCORM 1.2 answers typed with 400 leading zeros are kept as graded, and all come back', async ({ page }, testInfo) => {
  // Fourteen steps in a frame (and a relaunch): a loaded machine takes a while.
  test.setTimeout(60_000);
  const { folder, player } = unpack('scorm12', testInfo);
  await page.goto(player);
  const frame = page.frameLocator('#sco');
  await settled(frame);
  const zeros = '0'.repeat(400);
  for (const [id, value] of Object.entries(pathAnswers)) await answerStep(frame, id, /^\d+$/.test(value) ? zeros + value : value);
  const status = frame.getByTestId('lms-status');
  await expect(status).toHaveText(/^Your LMS has your answers: 14 of 14 right at the first attempt\. All steps answered: passed/);
  const r = await page.evaluate(() => window.lmsRecord());
  const lines = r.cmi.suspend_data.trim().split('\n');
  expect(lines).toHaveLength(15);
  expect(lines.find((l) => l.startsWith('owner-77#'))).toMatch(/\t60$/);
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await expect.poll(async () => (await page.evaluate(() => window.lmsRecord())).calls).toContain('LMSFinish');
  await page.goto(player);
  await settled(frame);
  await expect(status).toHaveText(/ 14 of 14 right at the first attempt in the answers it gave back\./);
  rmSync(join(repo, folder), { recursive: true, force: true });
});

for (const kind of ['scorm12', 'scorm2004']) {
  // Someone did the coverage lab's exercise in this browser (both runs right): under the LMS those
  // runs neither count nor show (they never reach the run-time); the learner answers the coverage
  // steps in their boxes, and the run-time has them (found by a tester: the page said 13 of 14
  // while the LMS kept 12 answers and the path incomplete).
  test(`under the ${kind} package the coverage runs this browser kept do not count, and the step answered in its box reaches the LMS`, async ({ page }, testInfo) => {
    const { folder, player } = unpack(kind, testInfo);
    await page.goto(player);
    await page.evaluate(() => localStorage.setItem('rescale-lab.coverage-exercise.v1', 'run1=correct;run2=correct'));
    await page.goto(player);
    const frame = page.frameLocator('#sco');
    await settled(frame);
    const status = frame.getByTestId('lms-status');
    await expect(status).toHaveText('Your LMS has your answers: 0 of 14 right at the first attempt.');
    await expect(frame.getByTestId('training-score')).toHaveText('Score: 0 of 14 (first attempts).');
    await expect(frame.locator('.training-verdict')).toHaveCount(0);
    await expect(frame.getByText("Answered in the coverage lab's exercise.", { exact: false })).toHaveCount(0);
    await answerStep(frame, 'coverage-8-3', '8');
    await expect(status).toHaveText('Your LMS has your answers: 1 of 14 right at the first attempt.');
    await expect(frame.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
    const r = await page.evaluate(() => window.lmsRecord());
    const interactions = Object.values(r.cmi.interactions.childArray ?? r.cmi.interactions);
    expect(interactions.map((i) => [i.id, i.result])).toEqual([['coverage-8-3', 'correct']]);
    rmSync(join(repo, folder), { recursive: true, force: true });
  });

  test(`the ${kind} package reports to a SCORM run-time and resumes`, async ({ page }, testInfo) => {
    const w = words[kind];
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()}: ${r.url()}`));
    const { folder, player } = unpack(kind, testInfo);
    const record = () => page.evaluate(() => window.lmsRecord());
    // The learner leaves (the content's frame unloads): the session is finished, the LMS keeps
    // `status` and the time the session lasted.
    const leave = async (status) => {
      await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
      await expect.poll(async () => (await record()).calls).toContain(w.finish);
      const kept = await record();
      expect(w.status(kept.cmi)).toBe(status);
      expect(seconds[kind](w.session(kept.cmi))).toBeGreaterThan(0);
      return kept;
    };

    await page.goto(player);
    const frame = page.frameLocator('#sco');
    // The lab in the frame has settled: its path drawn, its run-time found.
    await settled(frame);
    const status = frame.getByTestId('lms-status');
    await expect(status).toHaveText('Your LMS has your answers: 0 of 14 right at the first attempt.');
    let r = await record();
    expect(r.href).toBe(kind === 'scorm12' ? 'index.html?lms=scorm12' : 'index.html?lms=scorm2004');
    expect(r.calls[0]).toBe('initialize');
    expect(w.status(r.cmi)).toBe(kind === 'scorm12' ? 'incomplete' : 'incomplete/unknown');
    // Launched by an LMS: the path alone, no site navigation, a step's lab in a tab of its own.
    await expect(frame.getByRole('navigation', { name: 'Labs' })).toHaveCount(0);
    // Nor the trainer's links: the answer key is not a click away from a graded learner.
    await expect(frame.getByRole('link', { name: 'Answer key' })).toHaveCount(0);
    await expect(frame.getByRole('link', { name: 'Presenter mode' })).toHaveCount(0);
    const lab = frame.locator('[data-exercise="owner-77"]').getByRole('link', { name: 'Open the lab for this step' });
    await expect(lab).toHaveAttribute('target', '_blank');
    await expect(lab).toHaveAttribute('href', /^index\.html#\/owners\?/);

    const from = Date.now();
    await answerStep(frame, 'owner-77', '60');
    await answerStep(frame, 'restart-200', 'yes');
    await expect(status).toHaveText('Your LMS has your answers: 1 of 14 right at the first attempt.');
    const to = Date.now();
    r = await record();
    const interactions = Object.values(r.cmi.interactions.childArray ?? r.cmi.interactions);
    expect(interactions.map((i) => [i.id, i.type, i[w.response], i.result])).toEqual([
      ['owner-77', 'numeric', '60', 'correct'],
      ['restart-200', 'true-false', w.yes, w.wrong],
    ]);
    for (const i of interactions) w.time(i, from, to);
    // Half-way: no score (1.2's max is the run-time's default), so no verdict for the run-time
    // to draw from one; 2004 says how far the learner is instead.
    expect(w.score(r.cmi)).toEqual(kind === 'scorm12' ? ['', '', '100'] : ['', '', '']);
    if (kind === 'scorm2004') expect([r.cmi.score.scaled, r.cmi.progress_measure]).toEqual(['', '0.142']);
    expect(w.status(r.cmi)).toBe(kind === 'scorm12' ? 'incomplete' : 'incomplete/unknown');
    expect(await page.evaluate((e) => window.lmsGet(e), w.verdict[0])).toBe(w.verdict[1]);
    expect(r.cmi.suspend_data).toMatch(/^v3\nowner-77#[0-9a-f]{8}\tcorrect\tcorrect\t60\nrestart-200#[0-9a-f]{8}\tincorrect\tincorrect\tyes\n$/);

    // The learner leaves: the session is finished, and the LMS keeps what was committed: still
    // no verdict (the run-time judges a score at the end too), and the time the session lasted.
    await leave(kind === 'scorm12' ? 'incomplete' : 'incomplete/unknown');

    // A second launch resumes: the answers are back, the score goes on from them.
    await page.goto(player);
    await settled(frame);
    await expect(status).toHaveText('Your LMS has your answers: 1 of 14 right at the first attempt.');
    await expect(frame.getByTestId('training-score')).toHaveText('Score: 1 of 14 (first attempts).');
    await expect(frame.locator('[data-exercise="restart-200"] .training-verdict')).toHaveAttribute('data-verdict', 'incorrect');
    for (const [id, value] of Object.entries(answers)) await answerStep(frame, id, value);
    await expect(status).toHaveText('Your LMS has your answers: 13 of 14 right at the first attempt. All steps answered: passed; the pass mark is 80%.');
    r = await record();
    expect(w.score(r.cmi)).toEqual(w.passingScore);
    // 13 of 14 is above the manifest's pass mark of 80 %.
    expect(w.status(r.cmi)).toBe(kind === 'scorm12' ? 'passed' : 'completed/passed');
    if (kind === 'scorm2004') expect(r.cmi.score.scaled).toBe('0.928');
    expect(Object.values(r.cmi.interactions.childArray ?? r.cmi.interactions)).toHaveLength(12);
    // Leaving after the last step: the run-time's own judgement of the score agrees.
    await leave(kind === 'scorm12' ? 'passed' : 'completed/passed');
    // Opened again after passing: the recorded result stays as it is until the learner answers
    // (with a long path, suspend data may not hold every answer it counted).
    await page.goto(player);
    await settled(frame);
    const keptLine = (n, counted = 'in the answers it gave back') => `Your LMS keeps your result (passed); ${n} of 14 right at the first attempt ${counted}. Answers given now are added to your progress; the result stays.`;
    await expect(status).toHaveText(keptLine(13));
    r = await record();
    expect(r.calls).toEqual(['initialize']);
    expect(w.status(r.cmi)).toBe(kind === 'scorm12' ? 'passed' : 'completed/passed');
    await leave(kind === 'scorm12' ? 'passed' : 'completed/passed');
    // Suspend data that lost answers, as a path too long for SCORM 1.2's 4,096 characters has
    // it (only the answers that fit come back): an answer given now goes into the progress, and
    // the result stays (found by a walk-through: it went back to incomplete).
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('lms-host:'));
      const saved = JSON.parse(localStorage.getItem(key));
      saved.suspend = saved.suspend.split('\n').filter((l) => l === 'v3' || l.startsWith('restart-200#')).join('\n') + '\n';
      localStorage.setItem(key, JSON.stringify(saved));
    });
    await page.goto(player);
    await settled(frame);
    await expect(status).toHaveText(keptLine(0));
    await answerStep(frame, 'owner-77', '60');
    await expect(status).toHaveText(keptLine(1, 'in your progress'));
    r = await record();
    expect(w.status(r.cmi)).toBe(kind === 'scorm12' ? 'passed' : 'completed/passed');
    expect(w.score(r.cmi)).toEqual(w.passingScore);
    expect(r.cmi.suspend_data).toMatch(/^v3\nowner-77#[0-9a-f]{8}\tcorrect\tcorrect\t60\nrestart-200#[0-9a-f]{8}\t/);
    expect(errors).toEqual([]);
    rmSync(join(repo, folder), { recursive: true, force: true });
  });
}
