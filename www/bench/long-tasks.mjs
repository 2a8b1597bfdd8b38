// The main thread's long tasks while a route opens (Chromium, CPU slowed 4× as Lighthouse's
// mobile profile does): each task over 50 ms, longest first. Needs a built dist/.
// Run: node www/bench/long-tasks.mjs '#/skew?preset=zipf&n=1000000' '#/planner'
import { start } from './harness.mjs';

const { base, browser, close } = await start(6700);
try {
  for (const hash of process.argv.slice(2)) {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${base}${hash}`);
    await page.locator('main h1').waitFor();
    await page.waitForTimeout(4000);
    const tasks = await page.evaluate(() => window.__long.sort((a, b) => b - a));
    const fcp = await page.evaluate(() => Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1));
    console.log(`${hash}: FCP ${fcp} ms; long tasks (ms) ${tasks.join(' ')}`);
    await page.close();
  }
} finally {
  await close();
}
