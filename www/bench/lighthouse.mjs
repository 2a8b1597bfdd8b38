// Lighthouse 12 (its default mobile profile: slow 4G, 4× CPU slowdown) on every route of the
// built dist/, served with brotli by www/serve.mjs, in Debian's Chromium with a fresh profile per
// run. Three runs per route; the median performance score, LCP and TBT, and the bytes the
// route's page transferred for its code (wasm + JS + CSS, as sent: brotli) go into the result.
// Needs a built dist/. Run: node www/bench/lighthouse.mjs [--json out.json] [--runs 3] [--routes home,skew]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumFlags, chromiumPath, serveDist } from './harness.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', '3'));
// Every lab of the registry (written by a native test, www/e2e/generated/labs.json), and home.
const all = ['home', ...Object.keys(JSON.parse(readFileSync(new URL('../e2e/generated/labs.json', import.meta.url), 'utf8')))];
const routes = option('--routes', all.join(',')).split(',');
const hashOf = (route) => (route === 'home' ? '#/' : `#/${route}`);

/** A request for code: the wasm module, a script or a style sheet. */
const isCode = (item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet' || item.mimeType === 'application/wasm' || /\.wasm$/.test(new URL(item.url).pathname);

async function once(url) {
  const profile = mkdtempSync(join(tmpdir(), 'lh-profile-'));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless', ...chromiumFlags], userDataDir: profile });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    // The page's own requests: what the service worker fetches for its cache afterwards is not
    // what the route waits for.
    const items = lhr.audits['network-requests'].details.items.filter((i) => !i.sessionTargetType || i.sessionTargetType === 'page');
    const code = items.filter(isCode);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      bytes: code.reduce((sum, i) => sum + (i.transferSize || 0), 0),
      files: code.map((i) => `${new URL(i.url).pathname.split('/').pop()}:${i.transferSize}`),
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const { base, stop } = await serveDist(6100);
const summary = {};
try {
  // The server makes its brotli in the background; measure once it sends the modules so.
  const build = await (await fetch(`${base}build.json`)).json();
  for (const [, wasm] of Object.values(build.modules)) {
    const deadline = Date.now() + 120_000;
    while ((await fetch(`${base}${wasm}`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding') !== 'br' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  for (const route of routes) {
    const measured = [];
    for (let r = 0; r < runs; r++) measured.push(await once(`${base}${hashOf(route)}`));
    summary[`lighthouse_${route}_performance`] = median(measured.map((m) => m.performance));
    summary[`lighthouse_${route}_lcp_ms`] = Math.round(median(measured.map((m) => m.lcp)));
    summary[`lighthouse_${route}_tbt_ms`] = Math.round(median(measured.map((m) => m.tbt)));
    summary[`route_${route}_gzip_bytes`] = median(measured.map((m) => m.bytes));
    console.error(`lighthouse ${route}: ${measured.map((m) => `${m.performance}/${Math.round(m.lcp)}ms/${Math.round(m.tbt)}ms`).join(' ')}; code ${measured[0].files.join(' ')}`);
  }
} finally {
  stop();
}
console.log(JSON.stringify(summary, null, 2));
const out = args.indexOf('--json');
if (out >= 0) writeFileSync(args[out + 1], JSON.stringify(summary, null, 2) + '\n');
