#!/usr/bin/env bash
# The benchmark (not part of the tests): builds the release site and the native benchmark,
# then measures natively and in headless Chromium and prints a table; writes bench.json.
#   bash tools/bench.sh
set -euo pipefail
# shellcheck source=setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
ensure_browser_run
bash tools/build.sh
say "native: routing 1,000,000 keys"
native=$(cargo run --quiet --release --example hash_bench)
echo "$native"
say "browser: wasm, JavaScript, owners, skew, first interactive, sizes"
NATIVE_JSON="$native" node www/bench/run-all.mjs
