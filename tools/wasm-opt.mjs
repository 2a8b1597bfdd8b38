// Optimises wasm files for size in one process, to the bytes `wasm-opt -Oz --strip-debug
// --strip-producers` writes for each (the same binaryen release, 132, from the npm package
// `binaryen`, through its JS API; tools/build.sh checks the bytes are the same on every build):
// `node tools/wasm-opt.mjs in.wasm out.wasm [in.wasm out.wasm ...]`. One process for a
// module and all its chunks instead of one each: binaryen is itself a 10 MB wasm program, and
// a process spends most of a small chunk's second and a half starting it (tools/build.sh).
import { readFileSync, writeFileSync } from 'node:fs';

const { default: binaryen } = await import(new URL('../www/node_modules/binaryen/index.js', import.meta.url));
const files = process.argv.slice(2);
if (files.length === 0 || files.length % 2 !== 0) {
  console.error('usage: node tools/wasm-opt.mjs in.wasm out.wasm [in.wasm out.wasm ...]');
  process.exit(2);
}
// What wasm-opt finds in rustc's output (`wasm-opt --print-features`): the module is read
// and optimised with exactly these, as the command line does by detecting them.
const F = binaryen.Features;
const features = F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.SignExt | F.ReferenceTypes
  | F.Multivalue | F.BulkMemoryOpt | F.CallIndirectOverlong;
binaryen.setOptimizeLevel(2);
binaryen.setShrinkLevel(2);
binaryen.setDebugInfo(false);
// As the command line does when it optimises: the binary is written through Stack IR, optimised.
binaryen.setGenerateStackIR(true);
binaryen.setOptimizeStackIR(true);
for (let i = 0; i < files.length; i += 2) {
  const module = binaryen.readBinary(readFileSync(files[i]));
  module.setFeatures(features);
  module.runPasses(['strip-debug', 'strip-producers']);
  module.optimize();
  if (!module.validate()) {
    console.error(`wasm-opt.mjs: ${files[i]} is not valid after optimising`);
    process.exit(1);
  }
  writeFileSync(files[i + 1], module.emitBinary());
  module.dispose();
}
