// Every route the app serves: home, each lab in the navigation (the lab registry), the class
// view and an unknown route. Each loads without errors or foreign requests, in light and dark themes,
// and axe-core finds no violations.
import { test, expect, open, axeViolations } from './fixtures.js';

async function labLinks(page) {
  await open(page, '#/');
  const links = page.getByRole('navigation', { name: 'Labs' }).getByRole('link');
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  return hrefs;
}

test('home lists every lab of the navigation', async ({ page }) => {
  const hrefs = await labLinks(page);
  const listed = await page.locator('.lab-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(listed).toEqual(hrefs);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rescale Lab');
});

for (const theme of ['light', 'dark']) {
  test(`every route has no axe violations (${theme})`, async ({ page }) => {
    const routes = ['#/', ...(await labLinks(page)), '#/class', '#/no-such-lab'];
    // Nine page loads, each with a whole axe scan: a budget per route, not 30 s for all of them
    // (two test runs at once on two cores took the light run past 30 s, inside axe.run).
    test.setTimeout(15_000 * routes.length);
    for (const route of routes) {
      const sep = route.includes('?') ? '&' : '?';
      await open(page, `${route}${sep}theme=${theme}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await axeViolations(page), `${route} (${theme})`).toEqual([]);
    }
  });
}

test('an unknown route shows a not-found view that links to the labs', async ({ page }) => {
  await open(page, '#/nowhere/<b>bold</b>');
  await expect(page.getByRole('heading', { name: 'No lab here' })).toBeVisible();
  await expect(page.locator('main code')).toHaveText('/nowhere/<b>bold</b>');
  await expect(page.locator('main b')).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Key owners' }).click();
  await expect(page).toHaveURL(/#\/owners/);
  await expect(page.getByRole('heading', { level: 1, name: 'Key owners' })).toBeVisible();
});

test('the favicon and every asset load from relative paths', async ({ page, request }) => {
  await open(page, '#/');
  const icon = await page.locator('link[rel=icon]').getAttribute('href');
  expect(icon.startsWith('/')).toBe(false);
  expect((await request.get(icon)).status()).toBe(200);
  const sheets = await page.locator('link[rel=stylesheet]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(sheets.length).toBeGreaterThan(0);
  for (const css of sheets) {
    expect(css.startsWith('/'), css).toBe(false);
    expect((await request.get(css)).status(), css).toBe(200);
  }
});

test('embed=1 hides the site navigation', async ({ page }) => {
  await open(page, '#/owners?embed=1');
  await expect(page.getByRole('navigation', { name: 'Labs' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Key owners' })).toBeVisible();
  await page.getByLabel('Parallelism', { exact: true }).fill('8');
  await expect(page).toHaveURL(/embed=1/);
});

test('the built site works from a sub-path of its host', async ({ context, baseURL }) => {
  // Another origin (the repository root's server), so a page outside the fixture's origin check.
  const page = await context.newPage();
  const port = Number(new URL(baseURL).port) + 2;
  const failures = [];
  page.on('console', (m) => { if (m.type() === 'error') failures.push(m.text()); });
  page.on('request', (r) => { if (!r.url().startsWith(`http://127.0.0.1:${port}/`)) failures.push(`foreign ${r.url()}`); });
  page.on('response', (r) => { if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`); });
  await page.goto(`http://127.0.0.1:${port}/dist/#/owners?maxp=128&p=100`);
  await expect(page.getByRole('heading', { level: 1, name: 'Key owners' })).toBeVisible();
  await expect(page.getByTestId('lookup-subtask')).toHaveText(/^\d+$/);
  await page.getByRole('navigation', { name: 'Labs' }).getByRole('link', { name: 'Skew editor' }).click();
  await expect(page.getByTestId('skew-percent')).toHaveText(/^\d+$/);
  expect(failures).toEqual([]);
});
