// Refuses the two patterns that let a spec race the page (run by tools/test.sh before the specs):
// - a read of `page.url()` in a spec: a snapshot of the address bar taken whenever the line
//   runs, possibly before the lab wrote its canonical link. Compare with the web-first
//   `await expect(page).toHaveURL(…)`; take a URL to reuse with `settledURL(page)` (fixtures.js,
//   which waits for the page's settled signal first);
// - `waitForTimeout` anywhere under e2e/: a sleep guesses how long the page takes. Wait on what
//   the page says instead (a web-first assertion, `settled()`), or on an event the page gives.
// - `retries:` in a spec (a retry hides exactly the race a newcomer trips on; the config's
//   `retries: 0` is the only word on it).
// Prints each offending line as file:line and exits 1 if there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const dir = fileURLToPath(new URL('./e2e/', import.meta.url));
const rules = [
  { pattern: /\bpage\.url\(\)/, why: 'page.url() is a snapshot: use await expect(page).toHaveURL(…) or settledURL(page)', skip: ['fixtures.js'] },
  { pattern: /\bwaitForTimeout\s*\(/, why: 'a sleep in a spec: wait on what the page says (web-first assertions, settled())', skip: [] },
  { pattern: /\bretries\s*:/, why: 'a retry in a spec hides a race: fix its root (playwright.config.js keeps retries: 0)', skip: [] },
];

export function offences(files) {
  const found = [];
  for (const [name, text] of files) {
    text.split('\n').forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      for (const rule of rules) {
        if (!rule.skip.includes(name) && rule.pattern.test(code)) found.push(`www/e2e/${name}:${i + 1}: ${rule.why}`);
      }
    });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
  // The check checks itself first: each pattern is caught, and a comment is not code.
  const probe = offences([['probe.spec.js', "const u = page.url();\nawait page.waitForTimeout(10);\ntest.describe.configure({ retries: 2 });\n// page.url() in a comment\n"]]);
  if (probe.length !== 3) {
    console.error(`check-specs: the check itself is broken (caught ${probe.length} of 3 probes)`);
    process.exit(2);
  }
  const found = offences(files);
  for (const line of found) console.error(line);
  if (found.length > 0) process.exit(1);
  console.log(`check-specs: ${files.length} spec files, no page.url() snapshot, no sleep, no retry`);
}
