// Measures the owners lab at max parallelism 32768 over a sweep of parallelisms: the time
// from a slider input to a frame-ready page (DOM, style and layout done), how many frames
// pass before it is painted, and the page's DOM node count.
// Needs a built dist/ (bash tools/build.sh). Run: node www/bench/owners-slider.mjs [--json out.json]

import { writeFileSync } from 'node:fs';
import { start } from './harness.mjs';

const { base, browser, close } = await start(4180);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}#/owners?maxp=32768&p=1${process.env.EXTRA ?? '&from=1'}`);
  await page.getByRole('slider', { name: 'Parallelism' }).waitFor();
  const sweep = [];
  for (let i = 0; i < 120; i++) sweep.push(1 + Math.floor((i * 32767) / 119));
  sweep.push(21845, 16384, 32767, 100, 1000, 5000);
  // Each update starts at the beginning of a frame (inside a requestAnimationFrame callback).
  // "ready" is input → DOM updated → style and layout done (read back with offsetHeight):
  // the work that must fit in the frame. "frames" counts vsync intervals until the next
  // animation frame after that: 1 means the update was painted in the very next frame.
  const result = await page.evaluate(async (values) => {
    const slider = document.getElementById('owners-p-slider');
    const exact = document.getElementById('owners-p');
    const ready = [];
    const frames = [];
    let maxNodes = 0;
    let interval = 0;
    for (let i = 0; i < 10; i++) {
      const a = await new Promise((r) => requestAnimationFrame(r));
      const b = await new Promise((r) => requestAnimationFrame(r));
      interval += (b - a) / 10;
    }
    for (const p of values) {
      const start = await new Promise((r) => requestAnimationFrame(r));
      const t0 = performance.now();
      slider.value = String(p);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      let spins = 0;
      while (exact.value !== String(p) && spins < 100000) {
        await Promise.resolve();
        spins += 1;
      }
      void document.body.offsetHeight;
      ready.push(performance.now() - t0);
      const next = await new Promise((r) => requestAnimationFrame(r));
      frames.push(Math.round((next - start) / interval));
      if (exact.value !== String(p)) throw new Error(`the page did not take p = ${p}`);
      maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
    }
    return { ready, frames, maxNodes, interval };
  }, sweep);
  const sorted = [...result.ready].sort((a, b) => a - b);
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const frames = [...result.frames].sort((a, b) => a - b);
  const summary = {
    owners_updates: sorted.length,
    owners_update_ms_median: Number(pick(0.5).toFixed(2)),
    owners_update_ms_p95: Number(pick(0.95).toFixed(2)),
    owners_update_ms_max: Number(sorted[sorted.length - 1].toFixed(2)),
    owners_frames_to_paint_median: frames[frames.length >> 1],
    owners_frames_to_paint_p95: frames[Math.floor(frames.length * 0.95)],
    frame_interval_ms: Number(result.interval.toFixed(2)),
    owners_dom_nodes_max: result.maxNodes,
  };
  console.log(JSON.stringify(summary, null, 2));
  const out = process.argv.indexOf('--json');
  if (out > 0) writeFileSync(process.argv[out + 1], JSON.stringify(summary, null, 2) + '\n');
} finally {
  await close();
}
