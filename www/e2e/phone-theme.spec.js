// Phone widths and the dark theme: at 390×844 no element of any route sticks out of the
// viewport unless it sits inside its own scroll container (a labelled, focusable region);
// charts follow the theme's colours and the width they get; rates and counts read well.
import { test, expect, open, axeViolations } from './fixtures.js';

const PHONE = { width: 390, height: 844 };

/** Every element wider than the viewport that no scroll container holds, and the page width. */
async function overflow(page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const held = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return a;
      }
      return null;
    };
    const bad = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      // Entirely off to the left is the (unfocused) skip link's hiding place, not an overflow.
      if ((r.width === 0 && r.height === 0) || r.right <= 0) continue;
      if (r.right > vw + 1 || r.left < -1) {
        const box = held(el);
        const ok = box && box.getAttribute('role') === 'region' && box.getAttribute('aria-label') && box.tabIndex === 0;
        if (!ok) bad.push(`${el.tagName.toLowerCase()}.${el.className} (${Math.round(r.left)}–${Math.round(r.right)})`);
      }
    }
    return { vw, page: document.documentElement.scrollWidth, bad: bad.slice(0, 12) };
  });
}

/** Every route of the navigation, plus home and an unknown route. */
async function routes(page) {
  await open(page, '#/');
  const hrefs = await page
    .getByRole('navigation', { name: 'Labs' })
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  // Plus states that open the wider parts: a rescale's moves, a guided step.
  return ['#/', ...hrefs, '#/no-such-lab', '#/owners?p=24&from=32&key=a-rather-long-customer-key-0000001'];
}

test.describe('at 390×844', () => {
  test.use({ viewport: PHONE });

  test('no route has an element wider than the viewport outside a scroll container', async ({ page }) => {
    const found = {};
    for (const route of await routes(page)) {
      await open(page, route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // content-visibility: auto skips off-screen panels; scroll through so each is laid out.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(() => r()));
        }
      });
      const o = await overflow(page);
      if (o.bad.length > 0 || o.page > o.vw) found[route] = { page: o.page, outside: o.bad };
    }
    expect(found, 'routes with elements outside the viewport, and their page width').toEqual({});
  });

  test('the skew, trace and key tables scroll inside labelled regions', async ({ page }) => {
    await open(page, '#/skew');
    for (const name of ['Subtask load table, scrolls sideways', 'Keys table, scrolls sideways']) {
      const region = page.getByRole('region', { name });
      await region.scrollIntoViewIfNeeded();
      await expect(region).toHaveAttribute('tabindex', '0');
      const { scroll, client } = await region.evaluate((r) => ({ scroll: r.scrollWidth, client: r.clientWidth }));
      expect(client).toBeLessThanOrEqual(PHONE.width);
      expect(scroll).toBeGreaterThanOrEqual(client);
    }
    // The key table's key-group and subtask columns are reachable by scrolling its region.
    const keys = page.getByRole('region', { name: 'Keys table, scrolls sideways' });
    await keys.focus();
    await keys.evaluate((r) => (r.scrollLeft = r.scrollWidth));
    await expect(keys.getByRole('columnheader', { name: 'subtask' })).toBeInViewport();
    await open(page, '#/trace');
    await expect(page.getByRole('region', { name: 'Per-key check table, scrolls sideways' })).toBeVisible();
  });
});
