// Shared by the benchmark scripts: serves dist/ on a private port and launches Debian's
// Chromium with the flags this machine needs. Call close() when done.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the static server and the browser; returns { base, browser, close }. */
export async function start(firstPort) {
  const port = firstPort + Math.floor(Math.random() * 500);
  const server = spawn('node', [`${root}/www/serve.mjs`, '--port', String(port), '--dir', `${root}/dist`], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 400));
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
