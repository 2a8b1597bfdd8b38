// The rescale picture in the owners lab's diff: at 24 -> 32 over 128 key groups every band and
// every row of its table is checked against an independent computation of which key groups go
// from which old subtask to which new one (Flink's owner formula, written out in flink-port.js);
// both themes pass axe; and at max parallelism 32768 the picture stays a handful of elements.
import { test, expect, open, axeViolations } from './fixtures.js';
import { operatorIndex } from '../flink-port.js';

/** Runs of key groups with one old and one new owner, in key-group order. */
function runs(max, from, to) {
  const out = [];
  for (let g = 0; g < max; g++) {
    const [a, b] = [operatorIndex(g, from, max), operatorIndex(g, to, max)];
    const last = out[out.length - 1];
    if (last && last.from === a && last.to === b) last.last = g;
    else out.push({ from: a, to: b, first: g, last: g });
  }
  return out;
}

const picture = (page) => page.getByTestId('rescale-picture');

test('24 -> 32 at 128: each band joins the old owner to the new one, as Flink assigns them', async ({ page }) => {
  await open(page, '#/owners?maxp=128&from=24&p=32');
  const expected = runs(128, 24, 32);
  const moving = expected.filter((r) => r.from !== r.to);
  const svg = picture(page);
  await expect(svg).toHaveAttribute('role', 'img');
  await expect(svg).toHaveAttribute('data-mode', 'detailed');
  await expect(svg).toHaveAttribute('data-flows', String(expected.length));
  await expect(svg).toHaveAttribute('data-moving', String(moving.length));
  const movedGroups = moving.reduce((n, r) => n + r.last - r.first + 1, 0);
  await expect(page.getByRole('img', { name: `A rescale from 24 to 32 subtasks: ${moving.length} of ${expected.length} runs of key groups change owner (${movedGroups} of 128 key groups)` })).toBeVisible();
  const bands = await svg.locator('path.rp-band').evaluateAll((paths) => paths.map((p) => ({
    from: Number(p.dataset.from), to: Number(p.dataset.to), first: Number(p.dataset.first), last: Number(p.dataset.last),
    moves: p.classList.contains('rp-moves'),
  })));
  expect(bands).toEqual(expected.map((r) => ({ ...r, moves: r.from !== r.to })));
  // Two rows of subtasks, labelled, old subtask i straight above new subtask i.
  const boxes = async (row) => svg.locator(`.${row} rect`).evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('x'))));
  const [oldX, newX] = [await boxes('rp-old'), await boxes('rp-new')];
  expect([oldX.length, newX.length]).toEqual([24, 32]);
  expect(oldX).toEqual(newX.slice(0, 24));
  await expect(svg.locator('.rp-old text')).toHaveText(Array.from({ length: 24 }, (_, i) => String(i)));
  await expect(svg.locator('.rp-new text')).toHaveText(Array.from({ length: 32 }, (_, i) => String(i)));
  // Coordinates are integers.
  const d = await svg.locator('path.rp-band').first().getAttribute('d');
  expect(d).toMatch(/^[MCHZ0-9 ]+$/);
  // The logical-moves vs bytes distinction stays in view.
  await expect(page.getByText('a logical move, not the bytes that travel')).toBeVisible();
  await expect(page.getByText('logical reassignment only')).toBeVisible();
  await expect(page.getByTestId('rescale-diff')).toContainText(`${movedGroups} key groups change owner`);
});

test('24 -> 32 at 128: the text alternative lists the same runs, page by page', async ({ page }) => {
  await open(page, '#/owners?maxp=128&from=24&p=32');
  const expected = runs(128, 24, 32).map((r) => [
    String(r.from), String(r.to), r.first === r.last ? String(r.first) : `${r.first}–${r.last}`,
    String(r.last - r.first + 1), r.from === r.to ? 'kept' : 'changes',
  ]);
  const table = page.getByRole('table', { name: 'Where each run of key groups goes' });
  const rows = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  // The table's part may still be fetching its code (components/deferred.rs): poll.
  await expect.poll(rows).toEqual(expected.slice(0, 32));
  await expect(page.getByText(`Runs 1 to 32 of ${expected.length}`)).toBeVisible();
  await page.getByRole('button', { name: 'Next runs' }).click();
  await expect(page.getByText(`Runs 33 to ${expected.length} of ${expected.length}`)).toBeVisible();
  await expect.poll(rows).toEqual(expected.slice(32));
});

for (const theme of ['light', 'dark']) {
  test(`the picture in the ${theme} theme: distinct colours for moves and stays, and no axe violations`, async ({ page }) => {
    await open(page, `#/owners?maxp=128&from=24&p=32&theme=${theme}`);
    const fill = (selector) => picture(page).locator(selector).first().evaluate((el) => getComputedStyle(el).fill);
    const [moves, stays] = [await fill('path.rp-moves'), await fill('path.rp-stays')];
    expect(moves).not.toBe(stays);
    expect(moves).toBe(theme === 'dark' ? 'rgb(224, 196, 92)' : 'rgb(138, 109, 0)');
    await page.locator('.diff').scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('at max parallelism 32768 the picture is a few elements and the page stays under 1,500 nodes', async ({ page }) => {
  test.setTimeout(60_000);
  for (const [from, to] of [[1, 32768], [32768, 1], [24, 32768], [32767, 32768], [100, 1000], [64, 65], [32768, 32768], [7, 64]]) {
    await open(page, `#/owners?maxp=32768&from=${from}&p=${to}`);
    const svg = picture(page);
    const expected = runs(32768, from, to);
    await expect(svg, `${from} -> ${to}`).toHaveAttribute('data-flows', String(expected.length));
    await expect(svg).toHaveAttribute('data-moving', String(expected.filter((r) => r.from !== r.to).length));
    const inside = await svg.evaluate((el) => el.getElementsByTagName('*').length);
    if (Math.max(from, to) > 64) {
      await expect(svg).toHaveAttribute('data-mode', 'bundled');
      expect(inside, `${from} -> ${to}`).toBeLessThanOrEqual(8);
    } else {
      expect(inside, `${from} -> ${to}`).toBeLessThanOrEqual(64 + 64 + 127 + 64 + 2);
    }
    await expect(page.getByRole('table', { name: 'Where each run of key groups goes' }).locator('tbody tr')).toHaveCount(Math.min(32, expected.length));
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    expect(nodes, `${from} -> ${to}`).toBeLessThanOrEqual(1500);
    console.log(`owners ${from} -> ${to} at 32768: ${nodes} DOM nodes, ${inside} in the picture`);
  }
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the picture is drawn at its width on screen: its labels keep their size and do not crowd', async ({ page }) => {
    await open(page, '#/owners?maxp=128&from=40&p=64');
    const svg = picture(page);
    await svg.scrollIntoViewIfNeeded();
    // The view box is the picture's width in pixels (measured, in steps of 8): one unit, one pixel.
    const { viewBox, shown } = await svg.evaluate((el) => ({ viewBox: el.viewBox.baseVal.width, shown: el.getBoundingClientRect().width }));
    expect(viewBox).toBeLessThanOrEqual(shown);
    expect(viewBox).toBeGreaterThan(shown - 10);
    for (const row of ['rp-old', 'rp-new']) {
      const labels = await svg.locator(`.${row} text`).evaluateAll((texts) => texts.map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, left: r.left, right: r.right, size: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a };
      }));
      expect(labels[0].text, row).toBe('0');
      expect(labels.length, row).toBeGreaterThan(5);
      for (const l of labels) expect(l.size, `${row} ${l.text}`).toBeGreaterThanOrEqual(10.5);
      for (let i = 1; i < labels.length; i++) expect(labels[i].left, `${row}: ${labels[i - 1].text} then ${labels[i].text}`).toBeGreaterThan(labels[i - 1].right);
    }
  });
});
