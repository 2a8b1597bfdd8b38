// `view=`: one section of a lab for a compact embed. Inside an iframe the section shows alone
// (the rest of the lab is not rendered), the frame's content (and the height the lab reports
// to the host page) shrinks, an unknown section opens the whole lab with a notice, and the
// Embed builder's Section select puts view= into the snippet; the Open link leaves it out.
import { test, expect } from '@playwright/test';
import { engage, openEmbed, settled, settledURL } from './fixtures.js';

const labPort = Number(process.env.E2E_PORT || 4173);
const lab = `http://127.0.0.1:${labPort}/`;

/** Loads `hash` in an iframe of a blank host page; returns the frame and the heights it reports. */
async function framed(page, hash) {
  // A page of another origin (the demo server's), as a documentation site would be.
  await page.goto(`http://127.0.0.1:${labPort + 1}/embed-host-check.html`);
  await page.evaluate((src) => {
    document.body.innerHTML = '';
    const f = document.createElement('iframe');
    Object.assign(f, { id: 'f', title: 'lab', src });
    f.style.cssText = 'width:640px;height:900px';
    document.body.appendChild(f);
    window.heights = [];
    window.addEventListener('message', (e) => {
      if (e.data && typeof e.data.height === 'number') window.heights.push(e.data.height);
    });
  }, `${lab}${hash}`);
  const frame = page.frameLocator('#f');
  await expect(frame.locator('main h1')).toBeVisible({ timeout: 20_000 });
  return frame;
}

const contentHeight = (page) => page.frames().at(-1).evaluate(() => document.body.scrollHeight);

test('view=slider shows the slider and ranges alone, and the frame is far shorter', async ({ page }) => {
  const whole = await framed(page, '#/owners?maxp=128&p=100&embed=1');
  await expect(whole.getByRole('heading', { name: 'Look up a key' })).toBeVisible();
  // Both heights are taken once every part has its code: a part still loading is a short line.
  await settled(whole);
  const wholeHeight = await contentHeight(page);
  const frame = await framed(page, '#/owners?maxp=128&p=100&embed=1&view=slider');
  await expect(frame.getByRole('slider', { name: 'Parallelism' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Owner ranges' })).toBeVisible();
  for (const gone of ['Look up a key', 'Imbalance']) {
    await expect(frame.getByRole('heading', { name: gone })).toHaveCount(0);
  }
  await settled(frame);
  const height = await contentHeight(page);
  expect(height).toBeLessThan(wholeHeight / 2);
  // The height the lab reports to the host follows the section, not the whole lab.
  await expect.poll(() => page.evaluate(() => window.heights.at(-1) ?? 0)).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => window.heights.at(-1))).toBeLessThan(wholeHeight / 2);
  // The state still follows edits; the link out opens the whole lab at that state (one
  // section on the full site would leave the reader no way to the rest).
  await frame.getByRole('spinbutton', { name: 'Exact parallelism' }).fill('64');
  const out = frame.getByRole('link', { name: 'Open in Rescale Lab' });
  await expect(out).toHaveAttribute('href', /p=64/);
  await expect(out).not.toHaveAttribute('href', /view=/);
  await page.goto(await out.getAttribute('href'));
  await engage(page);
  await expect(page.getByRole('spinbutton', { name: 'Exact parallelism' })).toHaveValue('64');
  for (const whole of ['Owner ranges', 'Look up a key', 'Imbalance']) {
    await expect(page.getByRole('heading', { name: whole })).toBeVisible();
  }
});

test('view=lookup, view=imbalance and one skew chart show alone', async ({ page }) => {
  let frame = await framed(page, '#/owners?p=4&embed=1&view=lookup&key=abc');
  await expect(frame.getByRole('heading', { name: 'Look up a key' })).toBeVisible();
  await expect(frame.getByTestId('lookup-subtask')).toBeVisible();
  await expect(frame.getByRole('slider', { name: 'Parallelism' })).toHaveCount(0);
  frame = await framed(page, '#/owners?maxp=128&p=100&embed=1&view=imbalance');
  await expect(frame.getByTestId('imbalance-summary')).toContainText('28 subtasks own 2 key groups');
  await expect(frame.getByRole('heading', { name: 'Look up a key' })).toHaveCount(0);
  frame = await framed(page, '#/skew?embed=1&view=state');
  await expect(frame.locator('img.chart')).toHaveCount(1);
  await expect(frame.locator('img.chart')).toHaveAttribute('alt', /state bytes per subtask/);
  await expect(frame.getByLabel('Keys (CSV)')).toHaveCount(0);
  frame = await framed(page, '#/skew?embed=1&view=load');
  await expect(frame.locator('img.chart')).toHaveAttribute('alt', /events per second per subtask/);
});

/** The frame's first input, and what it brings: every wanted part mounted, then settled. */
async function engageFrame(frame) {
  await settled(frame);
  await frame.locator('main').press('Shift');
  await expect(frame.locator('.wanted-slot')).toHaveCount(0, { timeout: 20_000 });
  await settled(frame);
}

test('coverage: view=circle, view=prediction and view=exercise leave out what they do not name', async ({ page }) => {
  const exercise = { name: 'Exercise: two runs, one modulus' };
  const prediction = { name: /Your prediction/ };
  const whole = await framed(page, '#/coverage?m=8&a=3&embed=1');
  await engageFrame(whole);
  await expect(whole.getByRole('heading', exercise)).toBeAttached();
  const wholeHeight = await contentHeight(page);
  let frame = await framed(page, '#/coverage?m=8&a=3&embed=1&view=circle');
  await engageFrame(frame);
  await expect(frame.getByRole('button', { name: 'Step' })).toBeVisible();
  // No prediction here, so the line beside the controls asks for none.
  await expect(frame.getByTestId('verdict-near')).toHaveText('Play or Step to walk round the circle.');
  await expect(frame.getByLabel('Stride a')).toHaveValue('3');
  await expect(frame.getByRole('heading', prediction)).toHaveCount(0);
  await expect(frame.getByRole('heading', exercise)).toHaveCount(0);
  await expect(frame.getByText(/Why it is in a Flink course/)).toHaveCount(0);
  expect(await contentHeight(page)).toBeLessThan(wholeHeight);
  frame = await framed(page, '#/coverage?m=8&a=3&embed=1&view=prediction');
  await engageFrame(frame);
  await expect(frame.getByRole('heading', prediction)).toBeVisible();
  await expect(frame.getByRole('heading', exercise)).toHaveCount(0);
  frame = await framed(page, '#/coverage?m=8&a=3&embed=1&view=exercise');
  await engageFrame(frame);
  await expect(frame.getByRole('heading', prediction)).toBeVisible();
  await expect(frame.getByRole('heading', exercise)).toBeAttached();
});

test('an unknown view opens the whole lab with a notice naming the sections', async ({ page }) => {
  const frame = await framed(page, '#/owners?embed=1&view=nothing');
  await expect(frame.getByText(/view="nothing" was not used: this lab's sections are slider, imbalance, lookup/)).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Look up a key' })).toBeVisible();
  // The word that names no section is dropped from the link the lab writes, as any other
  // value not used is (found by a walk-through: it stayed, and so did its notice at each reload).
  await page.goto('./#/trace?p1=0&view=nope');
  await expect(page.getByText(/view="nope" was not used/)).toBeVisible();
  expect(new URL(await settledURL(page)).hash).toBe('#/trace');
});

test('a lock name the lab cannot lock is named in a notice, and the others still lock', async ({ page }) => {
  const frame = await framed(page, '#/coverage?embed=1&lock=m,zzz');
  await expect(frame.getByText(/lock="zzz" was not used: this lab can lock m, a/)).toBeVisible();
  await expect(frame.getByLabel('Modulus m')).not.toBeEditable();
  await expect(frame.getByLabel('Stride a')).toBeEnabled();
});

test('the Embed builder puts the chosen section into the snippet', async ({ page }) => {
  await page.goto(`${lab}#/owners?maxp=128&p=100`);
  await openEmbed(page);
  const snippet = page.getByLabel('Embed snippet');
  await expect(snippet).not.toHaveValue(/view=/);
  await page.getByLabel('Section').selectOption('slider');
  await expect(snippet).toHaveValue(/#\/owners\?maxp=128&amp;p=100&amp;embed=1&amp;view=slider/);
  await page.getByLabel('Section').selectOption('');
  await expect(snippet).not.toHaveValue(/view=/);
});

test('locked fields look locked and say so to a screen reader', async ({ page }) => {
  await page.goto(`${lab}#/owners?maxp=128&p=100&embed=1&lock=p,maxp`);
  const p = page.getByRole('spinbutton', { name: 'Exact parallelism' });
  await expect(p).not.toBeEditable();
  await expect(p).toHaveAccessibleDescription(/Locked by the page this lab is embedded in/);
  await expect(page.locator('.field-locked')).toHaveCount(3);
  const style = await p.evaluate((e) => getComputedStyle(e).borderStyle);
  expect(style).toContain('dashed');
  await expect(page.getByRole('slider', { name: 'Parallelism' })).toHaveAccessibleDescription(/Locked by the page/);
});

test('a locked skew preset locks its key set: no cell, row, list or file replaces it', async ({ page }) => {
  await page.goto(`${lab}#/skew?preset=hot&n=1000&hot=40&embed=1&lock=preset,n`);
  await engage(page);
  const cell = page.getByLabel('Events per second of row 1', { exact: true });
  await expect(cell).not.toBeEditable();
  await expect(cell).toHaveAccessibleDescription(/Locked by the page this lab is embedded in/);
  await expect(page.getByRole('button', { name: 'Add key' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove row 1', exact: true })).toBeDisabled();
  await expect(page.getByLabel('Keys (CSV)')).toHaveCount(0);
  await expect(page.getByTestId('keyset-locked')).toBeVisible();
  const before = await settledURL(page);
  const value = await cell.inputValue();
  await cell.press('9');
  await cell.press('Enter');
  await settled(page);
  await expect(cell).toHaveValue(value);
  await expect(page).toHaveURL(before);
  await expect(page.getByRole('combobox', { name: 'Preset' })).toBeDisabled();
  // The hot share and the other preset numbers can be locked too.
  await page.goto(`${lab}#/skew?preset=hot&hot=40&embed=1&lock=hot`);
  await engage(page);
  await expect(page.getByRole('spinbutton', { name: 'Hot key share (%)' })).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Add key' })).toBeDisabled();
  await expect(page.getByTestId('url-notices')).toHaveCount(0);
});

test('the Embed panel says what its snippet cannot carry: a key set kept in storage', async ({ page }) => {
  await page.goto(`${lab}#/skew?preset=hot&n=1000&hot=40`);
  await engage(page);
  const cell = page.getByLabel('Events per second of row 1', { exact: true });
  await cell.fill('99999');
  await cell.press('Enter');
  await expect(page).toHaveURL(/[?&]stored=1/);
  await openEmbed(page);
  await expect(page.getByTestId('embed-not-carried')).toContainText("kept in this browser's storage");
  await expect(page.locator('#embed-snippet')).toHaveValue(/stored=1/);
  // A preset is carried whole: nothing to say.
  await page.goto(`${lab}#/skew?preset=hot&n=1000&hot=40`);
  await settled(page);
  await openEmbed(page);
  await expect(page.getByTestId('embed-not-carried')).toHaveCount(0);
});

test('planner: view=restore, view=in-place and view=kinds show one part, far shorter than the whole lab', async ({ page }) => {
  let frame = await framed(page, '#/planner?saved_maxp=128&p=200&embed=1&view=restore');
  await engageFrame(frame);
  await expect(frame.getByTestId('restore-verdict')).toHaveAttribute('data-verdict', 'fails');
  await expect(frame.getByTestId('plan-verdict')).toHaveCount(0);
  await expect(frame.getByTestId('url-notices')).toHaveCount(0);
  const restore = await contentHeight(page);
  frame = await framed(page, '#/planner?saved_maxp=128&p=200&embed=1&view=in-place&scheduler=adaptive&job=running');
  await engageFrame(frame);
  await expect(frame.getByTestId('inplace-verdict')).toHaveAttribute('data-verdict', 'above-max');
  await expect(frame.getByTestId('restore-verdict')).toHaveCount(0);
  frame = await framed(page, '#/planner?embed=1&view=kinds');
  await engageFrame(frame);
  await expect(frame.getByTestId('plan-snapshot-check')).toBeVisible();
  await expect(frame.getByTestId('inplace-verdict')).toHaveCount(0);
  frame = await framed(page, '#/planner?saved_maxp=128&p=200&embed=1');
  await engageFrame(frame);
  expect(await contentHeight(page)).toBeGreaterThan(restore * 5);
});
