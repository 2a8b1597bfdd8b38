// The labs explain in their own words: no run of 8 words in a row of a domain source text
// (../shared/seeds/*.txt beside the checkout) may stand in the code or the page the site ships
// (src/, static/, index.html, www/embed*.html). Words are compared lower-cased, punctuation and
// line breaks ignored, so a sentence split over string literals is still found.
// A clone with no seeds beside it (a CI runner's) checks against tools/seed-runs.txt: a hash of
// each seed's every run of 8 words (the first 16 hex digits of its SHA-256), no text of theirs.
// Where the seeds are beside the checkout that file must be theirs: --write writes it again.
//   node tools/own-words.mjs [--write] [seeds-dir]
import { readdirSync, readFileSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUN = 8;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const write = args.includes('--write');
const seeds = args.find((a) => a !== '--write') || join(root, '../shared/seeds');
const stored = join(root, 'tools/seed-runs.txt');

const words = (text) => [...text.toLowerCase().matchAll(/[a-z0-9]+(?:'[a-z]+)?/g)].map((m) => [m[0], m.index]);
const hash = (run) => createHash('sha256').update(run).digest('hex').slice(0, 16);

// Each run's hash, and the seed it stands in.
const runs = new Map();
if (existsSync(seeds)) {
  for (const name of readdirSync(seeds).filter((n) => n.endsWith('.txt')).sort()) {
    const w = words(readFileSync(join(seeds, name), 'utf8')).map(([word]) => word);
    for (let i = 0; i + RUN <= w.length; i += 1) runs.set(hash(w.slice(i, i + RUN).join(' ')), name);
  }
  const text = [...runs].map(([h, name]) => `${h} ${name}`).sort().join('\n') + '\n';
  if (write) {
    writeFileSync(stored, text);
    console.log(`own-words: wrote ${runs.size} runs of ${RUN} words to ${relative(root, stored)}`);
  } else if (!existsSync(stored) || readFileSync(stored, 'utf8') !== text) {
    console.error(`own-words: ${relative(root, stored)} is not the seeds' at ${seeds}: node tools/own-words.mjs --write`);
    process.exit(1);
  }
} else if (existsSync(stored)) {
  for (const line of readFileSync(stored, 'utf8').split('\n').filter(Boolean)) {
    const [h, name] = line.split(' ');
    runs.set(h, name);
  }
  console.log(`own-words: no seeds at ${seeds}; checking against ${relative(root, stored)}`);
} else {
  console.error(`own-words: no seeds at ${seeds} and no ${relative(root, stored)}: nothing to compare with`);
  process.exit(1);
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
      const seed = runs.get(hash(run));
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
