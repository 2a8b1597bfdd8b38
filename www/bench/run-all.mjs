// The benchmark table (run by tools/bench.sh, not by the tests): routing 1,000,000 string
// keys natively (from the NATIVE_JSON environment variable), in wasm and in plain JavaScript
// in Chromium; the owners slider and the skew editor (the two scripts beside this one); time
// to first interactive lab per route; transfer sizes; what each route fetches until it has
// settled, gzip and brotli (route-bytes.mjs); Lighthouse per route (lighthouse.mjs).
// Writes bench.json (one flat object)
// at the repository root and prints a table with the budgets.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, start } from './harness.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const native = JSON.parse(process.env.NATIVE_JSON || '{}');
const { base, browser, close } = await start(5200);
const result = { ...native };
try {
  // Routing 1M keys: wasm (inside, keys loaded first) and the plain-JS port, same page.
  const page = await browser.newPage();
  await page.goto(`${base}#/`);
  await page.locator('main h1').waitFor();
  const keys = Array.from({ length: 1_000_000 }, (_, i) => `customer-${i}`).join('\n');
  const build = JSON.parse(readFileSync(join(root, 'dist', 'build.json'), 'utf8'));
  const glue = build.modules[build.fallback][0];
  const wasm = await page.evaluate(async ({ keys, glue }) => {
    const m = await import(new URL(glue, location.href).href);
    const n = m.bench_load(keys);
    let best = Infinity;
    let checksum = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      checksum = m.bench_route(128, 100);
      best = Math.min(best, performance.now() - t0);
    }
    return { nsPerKey: (best * 1e6) / n, checksum };
  }, { keys, glue });
  const port_src = readFileSync(`${root}/www/flink-port.js`, 'utf8').replaceAll('export ', '');
  const js = await page.evaluate(`(() => { ${port_src}
    const keys = Array.from({ length: 1000000 }, (_, i) => 'customer-' + i);
    let best = Infinity, checksum = 0;
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      let sum = 0;
      for (const k of keys) { const g = keyGroup(stringHash(k), 128); sum += g + operatorIndex(g, 100, 128); }
      best = Math.min(best, performance.now() - t0);
      checksum = sum;
    }
    return { nsPerKey: best * 1e6 / keys.length, checksum };
  })()`);
  result.hash_ns_per_key_wasm = Number(wasm.nsPerKey.toFixed(2));
  result.hash_ns_per_key_js = Number(js.nsPerKey.toFixed(2));
  result.hash_checksums_agree = wasm.checksum === js.checksum && (native.hash_checksum_native ?? wasm.checksum) === wasm.checksum ? 1 : 0;
  result.ratio_wasm_over_native = Number((result.hash_ns_per_key_wasm / (native.hash_ns_per_key_native || NaN)).toFixed(2));
  result.ratio_js_over_wasm = Number((result.hash_ns_per_key_js / result.hash_ns_per_key_wasm).toFixed(2));

  // Time to first interactive lab per route (navigation start → heading and a control ready).
  const hrefs = await page.getByRole('navigation', { name: 'Labs' }).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  let worst = 0;
  for (const href of ['#/', ...hrefs]) {
    const p = await browser.newPage();
    await p.goto(`${base}${href}`);
    await p.locator('main h1').waitFor();
    await p.locator('main input, main button, main a').first().waitFor();
    const ms = await p.evaluate(() => performance.now());
    result[`first_interactive_ms_${href.replace(/[#/]/g, '') || 'home'}`] = Math.round(ms);
    worst = Math.max(worst, ms);
    await p.close();
  }
  result.first_interactive_ms_max = Math.round(worst);
} finally {
  await close();
}

// The two lab benchmarks, each in its own browser.
const tmp = mkdtempSync(join(tmpdir(), 'bench-'));
for (const script of ['owners-slider.mjs', 'skew.mjs']) {
  const out = join(tmp, `${script}.json`);
  const run = spawnSync('node', [join(here, script), '--json', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error(`${script} failed`);
  Object.assign(result, JSON.parse(readFileSync(out, 'utf8')));
}

// Transfer sizes of what a visitor downloads: each module (wasm + glue, and its chunks), the
// boot loader, the style sheet, the page. app_gzip_bytes is everything; a route needs the page, boot loader,
// style sheet and its own module (Lighthouse measures that as it is sent: route_<route>_gzip_bytes).
const build = JSON.parse(readFileSync(join(root, 'dist', 'build.json'), 'utf8'));
const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
const named = (re) => re.exec(html)[1];
const sizes = (file) => {
  const bytes = readFileSync(join(root, 'dist', file));
  return [bytes.length, gzipSync(bytes, { level: 9 }).length];
};
let raw = 0;
let gz = 0;
const files = [['boot_js', named(/src="([^"]+)"/)], ['css', named(/stylesheet" href="([^"]+)"/)], ['html', 'index.html']];
for (const [name, [js, wasm]] of Object.entries(build.modules)) files.push([`module_${name}_wasm`, wasm], [`module_${name}_js`, js]);
for (const [name, file] of files) {
  const [b, z] = sizes(file);
  result[`${name}_bytes`] = b;
  result[`${name}_gzip_bytes`] = z;
  raw += b;
  gz += z;
}
// Each module's deferred parts (fetched when wanted: components/deferred.rs), summed.
for (const [name, chunks] of Object.entries(build.chunks || {})) {
  const [b, z] = chunks.map(sizes).reduce(([b0, z0], [b1, z1]) => [b0 + b1, z0 + z1], [0, 0]);
  result[`module_${name}_chunks_bytes`] = b;
  result[`module_${name}_chunks_gzip_bytes`] = z;
  raw += b;
  gz += z;
}
result.app_bytes = raw;
result.app_gzip_bytes = gz;

// What each route fetches until it has settled (phone and laptop screens), gzip and brotli.
{
  const out = join(tmp, 'route-bytes.json');
  const run = spawnSync('node', [join(here, 'route-bytes.mjs'), '--json', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error('route-bytes.mjs failed');
  Object.assign(result, JSON.parse(readFileSync(out, 'utf8')));
}

// Lighthouse (mobile profile) on every route, in its own process.
{
  const out = join(tmp, 'lighthouse.json');
  const run = spawnSync('node', [join(here, 'lighthouse.mjs'), '--json', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error('lighthouse.mjs failed');
  Object.assign(result, JSON.parse(readFileSync(out, 'utf8')));
}
result.load_average = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

const budgets = [
  ['wasm / native (hash)', result.ratio_wasm_over_native, '≤ 1.3', result.ratio_wasm_over_native <= 1.3],
  ['JS / wasm (hash)', result.ratio_js_over_wasm, '≥ 2', result.ratio_js_over_wasm >= 2],
  ['owners update, median ms', result.owners_update_ms_median, '≤ 16', result.owners_update_ms_median <= 16],
  ['owners DOM nodes, max', result.owners_dom_nodes_max, '≤ 1500', result.owners_dom_nodes_max <= 1500],
  ['skew 100k keys, ms', result.skew_100k_ms, '≤ 100', result.skew_100k_ms <= 100],
  ['skew 1M paste, longest task ms', result.skew_1m_longest_task_ms, '≤ 200', result.skew_1m_longest_task_ms <= 200],
  ['skew 1M paste, total ms', result.skew_1m_paste_ms, '< 3000', result.skew_1m_paste_ms < 3000],
];
// Every lab of the registry (written by a native test, www/e2e/generated/labs.json), and home.
const routes = ['home', ...Object.keys(JSON.parse(readFileSync(join(root, 'www/e2e/generated/labs.json'), 'utf8')))];
for (const route of routes) {
  const limit = route === 'home' ? 120 * 1024 : 150 * 1024;
  budgets.push(
    [`${route}: Lighthouse performance`, result[`lighthouse_${route}_performance`], '≥ 95', result[`lighthouse_${route}_performance`] >= 95],
    [`${route}: LCP ms`, result[`lighthouse_${route}_lcp_ms`], '≤ 2500', result[`lighthouse_${route}_lcp_ms`] <= 2500],
    [`${route}: TBT ms`, result[`lighthouse_${route}_tbt_ms`], '≤ 150', result[`lighthouse_${route}_tbt_ms`] <= 150],
    [`${route}: code transferred, bytes`, result[`route_${route}_gzip_bytes`], `≤ ${limit}`, result[`route_${route}_gzip_bytes`] <= limit],
  );
}
result.budgets_missed = budgets.filter((b) => !b[3]).length;
writeFileSync(join(root, 'bench.json'), JSON.stringify(result, null, 2) + '\n');

console.log('\n| measure | value | budget | met |\n|---|---|---|---|');
for (const [what, value, budget, ok] of budgets) console.log(`| ${what} | ${value} | ${budget} | ${ok ? 'yes' : 'NO'} |`);
console.log('\n| figure | value |\n|---|---|');
for (const [k, v] of Object.entries(result)) console.log(`| ${k} | ${v} |`);
