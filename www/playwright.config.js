// Playwright runs the end-to-end specs in e2e/ against dist/ (built by tools/build.sh), served
// by serve.mjs on a private port, in Debian's Chromium (never a downloaded browser).
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT || 4173);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // The JSON report (each spec's duration) lands beside the build log, for the README's costs.
  reporter: [['list'], ['json', { outputFile: '../target/playwright-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Wall-clock timing specs (tagged @timing) run last and alone: the `timing` project starts
  // once every other spec has finished, and runs its specs one at a time.
  projects: [
    { name: 'specs', grepInvert: /@timing/ },
    { name: 'timing', grep: /@timing/, dependencies: ['specs'], workers: 1 },
  ],
  webServer: [
    {
      command: `node serve.mjs --port ${port} --dir ../dist`,
      url: `http://127.0.0.1:${port}/index.html`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      // The repository root, so that dist/ is served under a sub-path (/dist/), not at /.
      command: `node serve.mjs --port ${port + 2} --dir ..`,
      url: `http://127.0.0.1:${port + 2}/dist/index.html`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      // The embed demo, served from another origin, as a documentation site would be.
      command: `node serve.mjs --port ${port + 1} --dir .`,
      url: `http://127.0.0.1:${port + 1}/embed-demo.html`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
