// Shared by the benchmark scripts: serves dist/ on a private port and launches Debian's
// Chromium with the flags this machine needs. Call close() when done.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Resolves once url answers 200; rejects if the server exits first or 20 s pass. */
async function waitForServer(server, url) {
  let exited = null;
  server.once('exit', (code) => { exited = code; });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the static server exited with status ${exited} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  server.kill();
  throw new Error(`the static server did not answer ${url} within 20 s`);
}

/** Debian's Chromium (or $CHROMIUM) and the flags this machine needs. */
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
export const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Starts the static server (gzip, as a host should serve) for dist/; returns { base, stop }. */
export async function serveDist(firstPort) {
  const port = firstPort + Math.floor(Math.random() * 500);
  const server = spawn('node', [`${root}/www/serve.mjs`, '--port', String(port), '--dir', process.env.BENCH_DIST || `${root}/dist`], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForServer(server, `http://127.0.0.1:${port}/index.html`);
  return { base: `http://127.0.0.1:${port}/`, stop: () => server.kill() };
}

/** Starts the static server and the browser; returns { base, browser, close }. */
export async function start(firstPort) {
  const { base, stop } = await serveDist(firstPort);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  return {
    base,
    browser,
    close: async () => {
      await browser.close();
      stop();
    },
  };
}
