// What each route really fetches before it has settled: the page opened in a fresh browser
// context (no service worker, no cache), on a phone (390 × 844) and a laptop (1366 × 768)
// screen, without input, until `<main data-settled>` names the page's hash (components/
// settle.rs: the lab's link written and every part the first screen wants mounted with its
// code). Every code file fetched by then (wasm, JS, CSS) is counted at its size in dist/
// compressed both ways a host may send it: gzip -9 and brotli quality 11. Many static hosts
// send only gzip, so both are reported.
// Needs a built dist/. Run: node www/bench/route-bytes.mjs [--json out.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root, start } from './harness.mjs';
import { pageSettled } from '../settled.js';

// Every lab of the registry (written by a native test, www/e2e/generated/labs.json), and home.
const routes = ['home', ...Object.keys(JSON.parse(readFileSync(join(root, 'www/e2e/generated/labs.json'), 'utf8')))];
const screens = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } };
const hashOf = (route) => (route === 'home' ? '#/' : `#/${route}`);
const isCode = (path) => /\.(wasm|js|css)$/.test(path);

const compressed = new Map();
/** [gzip, brotli] bytes of a dist/ file. */
function sizes(path) {
  if (!compressed.has(path)) {
    const bytes = readFileSync(join(root, 'dist', path));
    compressed.set(path, [
      gzipSync(bytes, { level: 9 }).length,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    ]);
  }
  return compressed.get(path);
}

const summary = {};
const { base, browser, close } = await start(6600);
try {
  for (const [screen, viewport] of Object.entries(screens)) {
    for (const route of routes) {
      const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
      const page = await context.newPage();
      const fetched = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname.replace(/^\//, '');
        if (isCode(path)) fetched.push(path);
      });
      const t0 = Date.now();
      await page.goto(`${base}${hashOf(route)}`);
      await page.waitForFunction(pageSettled, null, { timeout: 30_000, polling: 50 });
      const ms = Date.now() - t0;
      const files = [...new Set(fetched)];
      const [gz, br] = files.map(sizes).reduce(([g, b], [g1, b1]) => [g + g1, b + b1], [0, 0]);
      summary[`route_${route}_${screen}_settled_gzip_bytes`] = gz;
      summary[`route_${route}_${screen}_settled_brotli_bytes`] = br;
      summary[`route_${route}_${screen}_settled_files`] = files.length;
      console.error(`${screen} ${route}: settled in ${ms} ms; code ${gz} B gzip, ${br} B brotli: ${files.map((f) => f.split('/').pop()).join(' ')}`);
      await context.close();
    }
  }
} finally {
  await close();
}
console.log(JSON.stringify(summary, null, 2));
const out = process.argv.indexOf('--json');
if (out >= 0) writeFileSync(process.argv[out + 1], JSON.stringify(summary, null, 2) + '\n');
