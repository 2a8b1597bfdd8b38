// Code size: each module's first-screen code (its main wasm, its glue and its chunk link
// module, as tools/build.sh wrote them into dist/) compressed as a host sends it (brotli quality
// 11) stays under the ceiling www/code-ceilings.json sets for it. The ceilings sit about 1%
// above the build they were last raised at, so one careless call that drags a library table
// into every module (String::to_lowercase brought core's Unicode case tables, about 7 KB per
// route, in 537a5c3) fails the test run instead of waiting for the next benchmark. The README's
// budget (150 KiB a route, www/bench) is the goal; these ceilings are a ratchet under it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { test, expect } from './fixtures.js';

const read = (path) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)));
const build = JSON.parse(read('dist/build.json'));
const { modules: ceilings } = JSON.parse(read('www/code-ceilings.json'));
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

test('every module of the build has a ceiling, and every ceiling a module', () => {
  expect(Object.keys(ceilings).sort()).toEqual(Object.keys(build.modules).sort());
});

for (const [name, [glue, wasm]] of Object.entries(build.modules)) {
  test(`the ${name} module's first-screen code stays under its ceiling`, () => {
    // The link module (name-split.<hash>.js) shares the glue's hash; a module with no chunks has none.
    const link = glue.replace(`pkg/${name}.`, `pkg/${name}-split.`);
    const files = [wasm, glue, ...(existsSync(fileURLToPath(new URL(`../../dist/${link}`, import.meta.url))) ? [link] : [])];
    const sizes = files.map((f) => [f, brotli(read(`dist/${f}`))]);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    const said = sizes.map(([f, n]) => `${f} ${n}`).join(', ');
    expect(total, `${name}: ${said} (brotli); raise www/code-ceilings.json only with a reason`).toBeLessThanOrEqual(ceilings[name]);
  });
}
