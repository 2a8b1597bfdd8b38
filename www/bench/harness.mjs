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

/** Starts the static server and the browser; returns { base, browser, close }. */
export async function start(firstPort) {
  const port = firstPort + Math.floor(Math.random() * 500);
  const server = spawn('node', [`${root}/www/serve.mjs`, '--port', String(port), '--dir', `${root}/dist`], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForServer(server, `http://127.0.0.1:${port}/index.html`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    base: `http://127.0.0.1:${port}/`,
    browser,
    close: async () => {
      await browser.close();
      server.kill();
    },
  };
}
