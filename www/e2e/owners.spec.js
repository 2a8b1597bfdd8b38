// The owners lab's key lookup, as a person uses it: by role and label, checked against the
// committed Flink vectors, with URL state, bad input and hostile text.
import { test, expect, open, settledURL } from './fixtures.js';
import { vectorRows, wellFormed } from './vectors.js';

const rows = vectorRows();

function sample(type, count) {
  const of = rows.filter((r) => r.type === type && wellFormed(r.text) && !r.text.includes('\n') && r.text.length < 200);
  // Every fixed case first (they hold the Unicode edge cases), then a spread of the rest.
  return of.slice(0, count);
}

test('string keys, Unicode included, route exactly as in Flink', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100');
  const key = page.getByLabel('Key', { exact: true });
  for (const row of sample('string', 34)) {
    await key.fill(row.text);
    await expect(page.getByTestId('lookup-key-group'), JSON.stringify(row.text)).toHaveText(row['kg@128']);
    await expect(page.getByTestId('lookup-subtask'), JSON.stringify(row.text)).toHaveText(row['op@128/100']);
    await expect(page.getByTestId('lookup-java-hash')).toHaveText(row.java_hash);
    await expect(page.getByTestId('lookup-murmur')).toHaveText(row.murmur);
  }
});

test('int and long keys route exactly as in Flink', async ({ page }) => {
  await open(page, '#/owners?maxp=1000&p=7');
  for (const type of ['int', 'long']) {
    await page.getByLabel('Key type').selectOption(type);
    for (const row of sample(type, 16)) {
      await page.getByLabel('Key', { exact: true }).fill(row.text);
      await expect(page.getByTestId('lookup-key-group'), `${type} ${row.text}`).toHaveText(row['kg@1000']);
      await expect(page.getByTestId('lookup-subtask'), `${type} ${row.text}`).toHaveText(row['op@1000/7']);
    }
  }
  await expect(page).toHaveURL(/type=long/);
});

test('a link whose key its type refuses names the key in a notice and opens the type\'s default key', async ({ page }) => {
  await open(page, '#/owners?type=int&key=abc');
  const notice = page.getByTestId('url-notices').locator('li[data-param="key"]');
  await expect(notice).toContainText('key="abc"');
  await expect(notice).toContainText('not a valid int key (-2147483648 to 2147483647); using "42"');
  const key = page.getByLabel('Key', { exact: true });
  await expect(key).toHaveValue('42');
  await expect(key).not.toHaveAttribute('aria-invalid');
  // The int 42 hashes to 42 (Integer.hashCode): its group and owner are shown, as the contract asks.
  await expect(page.getByTestId('lookup-java-hash')).toHaveText('42');
  await expect(page.getByTestId('lookup-key-group')).toBeVisible();
  await expect(page.getByTestId('lookup-subtask')).toBeVisible();
  await expect(page).toHaveURL(/#\/owners\?type=int$/);
});

test('a number key type opens at 42, and the string default becomes it when the type changes', async ({ page }) => {
  await open(page, '#/owners?type=long');
  const key = page.getByLabel('Key', { exact: true });
  await expect(key).toHaveValue('42');
  await expect(page.getByTestId('url-notices')).toHaveCount(0);
  await open(page, '#/owners');
  await expect(key).toHaveValue('customer-42');
  await page.getByLabel('Key type').selectOption('int');
  await expect(key).toHaveValue('42');
  await expect(page.getByTestId('lookup-java-hash')).toHaveText('42');
  await expect(page).toHaveURL(/type=int/);
});

test('a deep link opens the same view, and edits write the URL back', async ({ page }) => {
  const row = rows.find((r) => r.type === 'string' && r.text === 'customer-42');
  await open(page, '#/owners?maxp=128&p=100&key=customer-42');
  await expect(page.getByLabel('Max parallelism')).toHaveValue('128');
  await expect(page.getByLabel('Parallelism', { exact: true })).toHaveValue('100');
  await expect(page.getByTestId('lookup-key-group')).toHaveText(row['kg@128']);
  await expect(page.getByTestId('lookup-subtask')).toHaveText(row['op@128/100']);

  await page.getByLabel('Max parallelism').fill('32768');
  await page.getByLabel('Parallelism', { exact: true }).fill('200');
  await page.getByLabel('Key', { exact: true }).fill('東京 & more');
  await expect(page).toHaveURL(/maxp=32768/);
  await expect(page).toHaveURL(/p=200/);
  const url = await settledURL(page);
  const group = await page.getByTestId('lookup-key-group').textContent();
  const subtask = await page.getByTestId('lookup-subtask').textContent();
  expect(group).toBe(rows.find((r) => r.text === '東京 & more')?.['kg@32768'] ?? group);

  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByLabel('Key', { exact: true })).toHaveValue('東京 & more');
  await expect(page.getByTestId('lookup-key-group')).toHaveText(group);
  await expect(page.getByTestId('lookup-subtask')).toHaveText(subtask);
});

test('max parallelism left unset is derived from the parallelism', async ({ page }) => {
  await open(page, '#/owners?p=100');
  await expect(page.getByLabel('Max parallelism')).toHaveValue('');
  await expect(page.getByText('Flink derived 256 from parallelism 100')).toBeVisible();
  await page.getByLabel('Parallelism', { exact: true }).fill('24');
  await expect(page.getByText('Flink derived 128 from parallelism 24')).toBeVisible();
});

test('parallelism above max parallelism is an alert naming both numbers', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100');
  await page.getByLabel('Parallelism', { exact: true }).fill('200');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('200');
  await expect(alert).toContainText('128');
  await expect(page.getByTestId('lookup-subtask')).toContainText('cannot start');
  // Both controls of the parallelism are refused by the alert, and described by it (found by a
  // keyboard review: neither said so to a reader who tabbed back to them).
  const [slider, exact] = [page.getByLabel('Parallelism', { exact: true }), page.getByLabel('Exact parallelism')];
  for (const control of [slider, exact]) {
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(/The job does not start\. Parallelism 200 is above max parallelism 128/);
  }
  await slider.fill('128');
  await expect(page.getByRole('alert')).toHaveCount(0);
  for (const control of [slider, exact]) await expect(control).not.toHaveAttribute('aria-invalid', 'true');
});

test('with an earlier parallelism set, a new one above the ceiling says why there is no diff', async ({ page }) => {
  // from=24 derives max parallelism 128; 200 cannot run there.
  await open(page, '#/owners?from=24&p=200');
  await expect(page.getByRole('alert')).toContainText('200');
  const diff = page.locator('section.diff');
  await expect(diff).toContainText('No rescale from 24 to show: the new parallelism cannot run');
  await expect(diff).not.toContainText('Set an earlier parallelism');
});

test('bad input names the bound and keeps the last valid answer', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100&key=customer-42');
  const before = await page.getByTestId('lookup-key-group').textContent();
  const max = page.getByLabel('Max parallelism');
  for (const text of ['0', '-5', '40000', '99999999999999999999999']) {
    await max.fill(text);
    await expect(page.getByText(/between 1 and 32768/)).toBeVisible();
    await expect(max).toHaveValue(text);
    await expect(max).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('lookup-key-group')).toHaveText(before);
  }
  await expect(page).toHaveURL(/maxp=128/);
  // A key typed (not the untouched default, which becomes 42) that the new type refuses.
  await page.getByLabel('Key', { exact: true }).fill('customer-7');
  await expect(page).toHaveURL(/key=customer-7/); // written once the lookup shows customer-7
  const typed = await page.getByTestId('lookup-key-group').textContent();
  await page.getByLabel('Key type').selectOption('int');
  await expect(page.getByText('not a valid int key')).toBeVisible();
  await expect(page.getByTestId('lookup-key-group')).toHaveText(typed);
  await page.getByLabel('Key', { exact: true }).fill('2147483648');
  await expect(page.getByText('outside the int range -2147483648 to 2147483647')).toBeVisible();
});

test('malformed URL parameters fall back with a notice naming them', async ({ page }) => {
  await open(page, '#/owners?maxp=abc&p=0&type=double&key=%E0%A4%A');
  const notices = page.getByTestId('url-notices');
  for (const name of ['maxp', 'p', 'type', 'key']) {
    await expect(notices.locator(`li[data-param="${name}"]`)).toBeVisible();
  }
  await expect(page.getByLabel('Parallelism', { exact: true })).toHaveValue('4');
  await expect(page.getByTestId('lookup-subtask')).toHaveText(/^\d+$/);
});

test('a parameter the lab does not read is named, with the one a slip away, and the link opens the rest', async ({ page }) => {
  await open(page, '#/owners?mapx=256&p=100&embed=0');
  const notice = page.getByTestId('url-notices').locator('li[data-param="mapx"]');
  await expect(notice).toHaveText('mapx="256" was not used: the Key owners lab has no parameter of that name (did you mean maxp?).');
  await expect(page.getByTestId('url-notices').locator('li')).toHaveCount(1);
  await expect(page.getByLabel('Parallelism', { exact: true })).toHaveValue('100');
  await expect(page).toHaveURL(/#\/owners\?p=100$/);
});

test('hostile key text stays text', async ({ page }) => {
  await open(page, '#/owners');
  const hostile = '"><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  await page.getByLabel('Key', { exact: true }).fill(hostile);
  await expect(page.locator('.lookup-key code')).toHaveText(JSON.stringify(hostile) + ' (string)');
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});

test('a typed key longer than a link carries is refused with its length, and the last valid key stays', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100&key=customer-42');
  const group = await page.getByTestId('lookup-key-group').textContent();
  const key = page.getByLabel('Key', { exact: true });
  await key.fill('k'.repeat(1001));
  await expect(page.getByText('a key may be at most 1000 characters here (the link carries it), this one has 1001')).toBeVisible();
  await expect(key).toHaveValue('k'.repeat(1001));
  await expect(page.getByTestId('lookup-key-group')).toHaveText(group);
  await expect(page).toHaveURL(/#\/owners\?maxp=128&p=100$/);
});

// A field applies every keystroke, but a refused number leaves the lab on the value the edit
// began with, not on a prefix typed on the way (3276 on the way to 32769), and the message says
// so: a typo never leaves the lab on a value nobody chose. Leaving the field ends the edit.
test('a number refused as typed leaves the value the edit began with, and says so', async ({ page }) => {
  await open(page, '#/owners?maxp=128&p=100');
  const max = page.getByLabel('Max parallelism', { exact: true });
  const error = page.locator('#owners-maxp-error');
  await max.fill('');
  await max.pressSequentially('32769');
  await expect(error).toHaveText('max parallelism must be between 1 and 32768, got 32769; still using 128');
  await expect(page.getByText(/^Key groups 0 to 127 /)).toBeVisible();
  await expect(page).toHaveURL(/maxp=128&p=100$/);
  // A value typed and the field left: the next refused text keeps that one.
  await max.fill('256');
  await max.blur();
  await max.fill('0');
  await expect(error).toHaveText('max parallelism must be between 1 and 32768, got 0; still using 256');
  await expect(page.getByText(/^Key groups 0 to 255 /)).toBeVisible();
  await max.fill('128');
  await expect(error).toHaveCount(0);
  // Letters typed over the selected number: the browser drops them and empties the box, which
  // is not "not set" (a derived 256): it is refused as letters, and 128 stays.
  await max.blur();
  await max.selectText();
  await page.keyboard.type('abc');
  await expect(error).toHaveText('not a number: type digits only, between 1 and 32768, or leave it empty (not set); still using 128');
  await expect(page).toHaveURL(/maxp=128&p=100$/);
});
