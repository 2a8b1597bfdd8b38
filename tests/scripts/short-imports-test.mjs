// tools/short-imports.mjs on modules built here with binaryen (npm `binaryen`, as the build
// uses): imports from the glue are renamed short in the wasm and the glue alike, and the
// renamed module still links against the renamed glue and runs (a function imported twice takes
// one short name); another module's imports (a function, a memory, a table, a global) and a name
// the glue holds twice are left as they are; a module whose glue holds no import name as a key
// stops the tool with an error.
// Run: node tests/scripts/short-imports-test.mjs (tools/test.sh does).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';

const root = new URL('../..', import.meta.url).pathname;
const { default: binaryen } = await import(join(root, 'www/node_modules/binaryen/index.js'));
const dir = mkdtempSync(join(tmpdir(), 'short-imports-'));

/** A module importing `names` (each `() -> i32`; a name may come twice) from `./m_bg.js`, plus
 * `other.f`, a memory, a table and a global, that exports `sum`: every function import called,
 * added up, and the global added. */
function build(names) {
  const m = new binaryen.Module();
  m.setMemory(1, 1, null, [], false, false, '0');
  m.addMemoryImport('0', 'env', 'memory');
  m.addTable('t', 1, 2, binaryen.funcref);
  m.addTableImport('t', 'env', 'table');
  m.addGlobalImport('g', 'env', 'global', binaryen.i32, false);
  m.addFunctionImport('other', 'other', 'f', binaryen.none, binaryen.i32);
  const calls = ['other', ...names.map((_, i) => `i${i}`)].map((f) => m.call(f, [], binaryen.i32));
  calls.push(m.global.get('g', binaryen.i32));
  names.forEach((name, i) => m.addFunctionImport(`i${i}`, './m_bg.js', name, binaryen.none, binaryen.i32));
  m.addFunction('sum', binaryen.none, binaryen.i32, [], calls.reduce((a, b) => m.i32.add(a, b)));
  m.addFunctionExport('sum', 'sum');
  assert.ok(m.validate());
  const bytes = m.emitBinary();
  m.dispose();
  return bytes;
}

/** Runs the tool on `bytes` and `glue`; returns its status, stderr and the files after. */
function run(bytes, glue) {
  const wasm = join(dir, 'm.wasm');
  const js = join(dir, 'm.js');
  writeFileSync(wasm, bytes);
  writeFileSync(js, glue);
  const out = spawnSync('node', [join(root, 'tools/short-imports.mjs'), wasm, js], { encoding: 'utf8' });
  return { status: out.status, stderr: out.stderr, wasm: readFileSync(wasm), glue: readFileSync(js, 'utf8') };
}

try {
  const names = ['__wbg_first_0123456789abcdef', '__wbg_second_fedcba9876543210', '__wbg_twice_1111111111111111',
    '__wbg_first_0123456789abcdef'];
  // The glue as wasm-bindgen writes it, minified: an imports object under the module's name.
  const glue = 'function g(){const _={__proto__:null,__wbg_first_0123456789abcdef:function(){return 1},'
    + '__wbg_second_fedcba9876543210:function(){return 20},__wbg_twice_1111111111111111:function(){return 300}};'
    + 'return{__proto__:null,"./m_bg.js":_}}const said="__wbg_twice_1111111111111111";export{g};';
  const done = run(build(names), glue);
  assert.equal(done.status, 0, done.stderr);
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(done.wasm));
  assert.deepEqual(imports.map((i) => `${i.module}.${i.name}`).sort(), ['./m_bg.js.__wbg_twice_1111111111111111',
    './m_bg.js.a', './m_bg.js.a', './m_bg.js.b', 'env.global', 'env.memory', 'env.table', 'other.f']);
  assert.ok(done.glue.includes('{__proto__:null,a:function(){return 1},b:function(){return 20},__wbg_twice_1111111111111111:'));
  assert.ok(!done.glue.includes('0123456789abcdef') && !done.glue.includes('fedcba9876543210'));
  // The renamed module links against the renamed glue's object and runs.
  const objects = new Function(`${done.glue.replace('export{g};', '')}; return g();`)();
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 1 });
  const table = new WebAssembly.Table({ initial: 1, maximum: 2, element: 'anyfunc' });
  const instance = new WebAssembly.Instance(new WebAssembly.Module(done.wasm),
    { ...objects, env: { memory, table, global: 50000 }, other: { f: () => 4000 } });
  assert.equal(instance.exports.sum(), 54322);
  // Nothing to rename: the tool refuses and leaves both files as they were.
  const none = run(build(['__wbg_twice_1111111111111111']), glue);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /no import could be renamed/);
  assert.ok(none.glue === glue);
  console.log('short-imports: 3 cases passed');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
