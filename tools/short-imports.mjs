// Gives a module's imports from its wasm-bindgen glue short names, in the wasm and in the glue
// alike: `node tools/short-imports.mjs dist/pkg/<module>.wasm dist/pkg/<module>.js` (both
// rewritten in place; tools/build.sh runs it on each main module after wasm-opt).
//
// wasm-bindgen names every import after its JS function and a 16-digit hash
// (`__wbg_addEventListener_70e3766f6252144d`), written twice: in the wasm's import section and
// as a key of the glue's imports object. A hash does not compress, so each route sent about
// 4 KB (brotli) of them; here they become `a`, `b`, … `aa`, … in both files. Only names the glue
// holds exactly once, as a key of an object (`{name:` or `,name:`), are renamed; the script
// stops with an error if the wasm then imports a name the glue does not give, or if no name
// could be renamed at all (a new wasm-bindgen writing its glue otherwise). A short name never
// starts with `__`, as every name wasm-bindgen gives does, so it meets no other key.
import { readFileSync, writeFileSync } from 'node:fs';

const [wasmPath, gluePath] = process.argv.slice(2);
if (!wasmPath || !gluePath) {
  console.error('usage: node tools/short-imports.mjs module.wasm module.js');
  process.exit(2);
}
const fail = (message) => {
  console.error(`short-imports: ${wasmPath}: ${message}`);
  process.exit(1);
};

/** Reads an unsigned LEB128 at `at`: [value, the offset after it]. */
function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [value >>> 0, at];
}

/** An unsigned LEB128's bytes. */
function u32(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}

/** The offset after an import's description (function, table, memory, global or tag) at `at`. */
function afterDescription(bytes, at) {
  const kind = bytes[at++];
  // A value type: one byte, or a typed reference (0x63, 0x64) and its heap type.
  const valueType = (from) => (bytes[from] === 0x63 || bytes[from] === 0x64 ? readU32(bytes, from + 1)[1] : from + 1);
  // Limits: flags, minimum, the maximum if flag 1, a page size's log if flag 8.
  const limits = (from) => {
    const flags = bytes[from];
    let end = readU32(bytes, from + 1)[1];
    if (flags & 1) end = readU32(bytes, end)[1];
    if (flags & 8) end = readU32(bytes, end)[1];
    return end;
  };
  if (kind === 0) return readU32(bytes, at)[1];
  if (kind === 1) return limits(valueType(at));
  if (kind === 2) return limits(at);
  if (kind === 3) return valueType(at) + 1;
  if (kind === 4) return readU32(bytes, at + 1)[1];
  return fail(`an import of kind ${kind}, which this script does not read`);
}

/** The `i`th short name: a … z, A … Z, then aa, ab, …: a JS identifier, never `__`-prefixed. */
function shortName(i) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  for (let n = i; n >= 0; n = Math.floor(n / letters.length) - 1) name = letters[n % letters.length] + name;
  return name;
}

/** Where `glue` holds `name` as an object key, if it holds the name exactly once, as that. */
function keyAt(glue, name) {
  const at = glue.indexOf(name);
  if (at < 1 || glue.indexOf(name, at + 1) >= 0) return -1;
  return /[{,]/.test(glue[at - 1]) && glue[at + name.length] === ':' ? at : -1;
}

const bytes = readFileSync(wasmPath);
let glue = readFileSync(gluePath, 'utf8');
const decoder = new TextDecoder();
const encoder = new TextEncoder();
const parts = [bytes.subarray(0, 8)];
const shortOf = new Map();
let renamed = 0;
let at = 8;
while (at < bytes.length) {
  const [size, start] = readU32(bytes, at + 1);
  const end = start + size;
  if (bytes[at] !== 2) {
    parts.push(bytes.subarray(at, end));
    at = end;
    continue;
  }
  // The import section: each import's module, name and description, the names rewritten.
  let [count, p] = readU32(bytes, start);
  const section = [...u32(count)];
  while (count-- > 0) {
    const [moduleLength, moduleAt] = readU32(bytes, p);
    const module = decoder.decode(bytes.subarray(moduleAt, moduleAt + moduleLength));
    const [nameLength, nameAt] = readU32(bytes, moduleAt + moduleLength);
    let name = decoder.decode(bytes.subarray(nameAt, nameAt + nameLength));
    const description = nameAt + nameLength;
    p = afterDescription(bytes, description);
    const key = module.endsWith('_bg.js') ? keyAt(glue, name) : -1;
    if (shortOf.has(`${module}\0${name}`)) {
      // The same function imported again: the same short name.
      name = shortOf.get(`${module}\0${name}`);
    } else if (key >= 0) {
      const short = shortName(renamed++);
      glue = glue.slice(0, key) + short + glue.slice(key + name.length);
      shortOf.set(`${module}\0${name}`, short);
      name = short;
    }
    const moduleBytes = encoder.encode(module);
    const nameBytes = encoder.encode(name);
    section.push(...u32(moduleBytes.length), ...moduleBytes, ...u32(nameBytes.length), ...nameBytes, ...bytes.subarray(description, p));
  }
  if (p !== end) fail(`the import section ends at byte ${end}, but its imports were read to byte ${p}`);
  parts.push(Uint8Array.from([2, ...u32(section.length), ...section]));
  at = end;
}
if (renamed === 0) fail('no import could be renamed: the glue holds none of them once, as a key');
const wasm = Buffer.concat(parts);
let module;
try {
  module = new WebAssembly.Module(wasm);
} catch (error) {
  fail(`the rewritten module does not compile: ${error.message}`);
}
const given = new Set(Array.from({ length: renamed }, (_, i) => shortName(i)));
for (const { module: from, name } of WebAssembly.Module.imports(module)) {
  if (from.endsWith('_bg.js') && !given.has(name) && !glue.includes(`${name}:`)) {
    fail(`the module imports ${name}, which the glue does not give`);
  }
}
writeFileSync(wasmPath, wasm);
writeFileSync(gluePath, glue);
