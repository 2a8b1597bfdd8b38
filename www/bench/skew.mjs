// Measures the skew editor: with 100,000 keys, the time from a change (parallelism, then max
// parallelism, which rehashes every key) to a frame-ready page; and a 1,000,000-key paste
// (~20 MB) delivered as a paste event: total time from Apply to the result, and the longest
// main-thread task meanwhile.
// Needs a built dist/. Run: node www/bench/skew.mjs [--json out.json]
import { writeFileSync } from 'node:fs';
import { start } from './harness.mjs';

const { base, browser, close } = await start(4700);

const csvOf = (n) => Array.from({ length: n }, (_, i) => `customer-${i},${(i % 97) + 1},${(i % 13) + 1} KB`).join('\n');

async function paste(page, n) {
  return page.evaluate(async ({ text, n }) => {
    const longest = { ms: 0 };
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longest.ms = Math.max(longest.ms, e.duration);
    });
    // A real paste event carrying the text, as the clipboard would deliver it.
    const area = document.getElementById('skew-csv');
    const data = new DataTransfer();
    data.setData('text/plain', text);
    area.focus();
    area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await new Promise((r) => setTimeout(r, 50));
    observer.observe({ type: 'longtask', buffered: false });
    const t0 = performance.now();
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Apply').click();
    const report = () => document.querySelector('[data-testid="csv-report"]')?.textContent || '';
    while (!report().includes(`Read ${n} keys`)) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const total = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
    observer.disconnect();
    return { total, longest: longest.ms };
  }, { text: csvOf(n), n });
}

/** Time from an input change to a frame-ready page showing the new result. */
async function changeTimes(page, id, values, p) {
  return page.evaluate(async ({ id, values, p }) => {
    const input = document.getElementById(id);
    const shown = (v) => {
      const status = [...document.querySelectorAll('.results [role="status"]')].map((e) => e.textContent).join(' ');
      if (id === 'skew-p') return status.includes(`of ${v}`);
      const firstRow = document.querySelector('.skew-table tbody tr td:nth-child(2)');
      // Counts are shown with digit groups (4,096).
      return firstRow && firstRow.textContent.replaceAll(',', '') === String(Math.floor((v - 1) / p) + 1);
    };
    const times = [];
    for (const v of values) {
      await new Promise((r) => requestAnimationFrame(r));
      const t0 = performance.now();
      input.value = String(v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Yield to tasks, not only microtasks: a change may be computed after a paint.
      while (!shown(v)) {
        if (performance.now() - t0 > 10000) throw new Error(`${id}=${v}: the page never showed it`);
        await new Promise((r) => setTimeout(r, 0));
      }
      void document.body.offsetHeight;
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  }, { id, values, p });
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}#/skew?p=8&maxp=128`);
  await page.getByLabel('Keys (CSV)').waitFor();
  const k100 = await paste(page, 100000);
  const pTimes = await changeTimes(page, 'skew-p', [16, 12, 100, 64, 7, 128, 33, 8, 50, 99]);
  await page.evaluate(() => { const i = document.getElementById('skew-p'); i.value = '8'; i.dispatchEvent(new Event('input', { bubbles: true })); });
  const maxTimes = await changeTimes(page, 'skew-maxp', [256, 1024, 4096, 32768, 128, 720, 2048, 512], 8);
  const median = (a) => a[a.length >> 1];
  const page2 = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page2.goto(`${base}#/skew?p=8&maxp=128`);
  await page2.getByLabel('Keys (CSV)').waitFor();
  const m1 = await paste(page2, 1000000);
  const summary = {
    skew_100k_paste_ms: Math.round(k100.total),
    skew_100k_ms: Number(median(pTimes).toFixed(1)),
    skew_100k_p_change_ms_max: Number(pTimes[pTimes.length - 1].toFixed(1)),
    skew_100k_maxp_change_ms_median: Number(median(maxTimes).toFixed(1)),
    skew_100k_maxp_change_ms_max: Number(maxTimes[maxTimes.length - 1].toFixed(1)),
    skew_1m_paste_ms: Math.round(m1.total),
    skew_1m_longest_task_ms: Math.round(m1.longest),
  };
  console.log(JSON.stringify(summary, null, 2));
  const out = process.argv.indexOf('--json');
  if (out > 0) writeFileSync(process.argv[out + 1], JSON.stringify(summary, null, 2) + '\n');
} finally {
  await close();
}
