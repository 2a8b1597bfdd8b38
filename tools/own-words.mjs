// The labs explain in their own words: no run of 8 words in a row of a domain source text
// (../shared/seeds/*.txt beside the checkout) may stand in the code or the page the site ships
// (src/, static/, index.html, www/embed*.html). Words are compared lower-cased, punctuation and
// line breaks ignored, so a sentence split over string literals is still found. Where the
// seeds are not beside the checkout there is nothing to compare with, and it says so.
//   node tools/own-words.mjs [seeds-dir]
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUN = 8;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seeds = process.argv[2] || join(root, '../shared/seeds');

const words = (text) => [...text.toLowerCase().matchAll(/[a-z0-9]+(?:'[a-z]+)?/g)].map((m) => [m[0], m.index]);

if (!existsSync(seeds)) {
  console.log(`own-words: no seeds at ${seeds}, nothing to compare with`);
  process.exit(0);
}
const runs = new Map();
for (const name of readdirSync(seeds).filter((n) => n.endsWith('.txt')).sort()) {
  const w = words(readFileSync(join(seeds, name), 'utf8')).map(([word]) => word);
  for (let i = 0; i + RUN <= w.length; i += 1) runs.set(w.slice(i, i + RUN).join(' '), name);
}

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else if (/\.(rs|html|css|js|mjs|svg|json)$/.test(path)) {
    yield path;
  }
}
const shipped = [join(root, 'src'), join(root, 'static'), join(root, 'index.html'),
  ...readdirSync(join(root, 'www')).filter((n) => /^embed.*\.html$/.test(n)).map((n) => join(root, 'www', n))];
const found = [];
let read = 0;
for (const top of shipped) {
  for (const file of files(top)) {
    read += 1;
    const text = readFileSync(file, 'utf8');
    const w = words(text);
    for (let i = 0; i + RUN <= w.length; i += 1) {
      const run = w.slice(i, i + RUN).map(([word]) => word).join(' ');
      const seed = runs.get(run);
      if (seed) {
        const line = text.slice(0, w[i][1]).split('\n').length;
        found.push(`${relative(root, file)}:${line}: "${run}" (${seed})`);
        i += RUN - 1;
      }
    }
  }
}
if (found.length) {
  console.error(`own-words: ${found.length} runs of ${RUN} words taken from the seeds; say it in the lab's own words:`);
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
console.log(`own-words: ${read} files, no run of ${RUN} words from ${new Set(runs.values()).size} seeds`);
