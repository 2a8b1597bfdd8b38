#!/usr/bin/env bash
# Builds the complete static site into dist/: the wasm app (size-optimised, then wasm-opt -Oz),
# its JS glue, index.html and static/. Every asset path is relative, so dist/ works from any
# host path. Prints the sizes (raw and gzip).
set -euo pipefail
# shellcheck source=setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
ensure_rust
ensure_wasm_bindgen
ensure_npm

say "building the wasm app"
cargo build --profile wasm-release --target wasm32-unknown-unknown --bin rescale-lab
rm -rf dist
mkdir -p dist/pkg dist/static
wasm-bindgen --target web --no-typescript --out-dir dist/pkg \
  target/wasm32-unknown-unknown/wasm-release/rescale-lab.wasm
www/node_modules/.bin/wasm-opt -Oz --strip-debug --strip-producers \
  dist/pkg/rescale-lab_bg.wasm -o dist/pkg/rescale-lab_bg.wasm
cp -r static/. dist/static/
# The embed host script ships beside the lab; its integrity hash goes into the page, where
# the Embed snippet builder reads it.
cp www/embed-host.js dist/embed-host.js
integrity="sha384-$(node -e "process.stdout.write(require('crypto').createHash('sha384').update(require('fs').readFileSync('dist/embed-host.js')).digest('base64'))")"
sed "s|<meta name=\"rescale-lab-embed-host\" content=\"\">|<meta name=\"rescale-lab-embed-host\" content=\"$integrity\">|" index.html > dist/index.html
grep -q "$integrity" dist/index.html || { echo "build: the embed host script's integrity did not reach dist/index.html" >&2; exit 1; }
# The service worker sits at the root so that its scope covers the whole lab.
mv dist/static/sw.js dist/sw.js

total_raw=0
total_gz=0
for f in dist/pkg/rescale-lab_bg.wasm dist/pkg/rescale-lab.js dist/static/boot.js dist/static/style.css dist/index.html; do
  raw=$(wc -c <"$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-32s %8d bytes  %7d gzip\n' "${f#dist/}" "$raw" "$gz"
done
printf '%-32s %8d bytes  %7d gzip\n' "app total" "$total_raw" "$total_gz"
