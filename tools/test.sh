#!/usr/bin/env bash
# Runs every test, in order, stopping at the first failure:
#   1. cargo fmt --check (and rustfmt on every tracked .rs file), shellcheck on every shell script, the spec check (no page.url()
#      snapshot, no sleep: www/check-specs.mjs), the labs' own words (no 8 words in a row of a
#      seed text, or of their hashes in tools/seed-runs.txt: tools/own-words.mjs), the set-up scripts on a simulated bare machine
#      (tests/scripts/setup-test.sh), the bundle's linker with a stand-in rust-lld
#      (tests/scripts/link-modules-test.sh), the short import names (tests/scripts/short-imports-test.mjs)
#   2. cargo clippy (native and wasm32), warnings are errors
#   3. native tests: model (table + property), URL state, reducers, Flink vectors, the CLI
#   4. component tests in headless Chromium (wasm-bindgen-test)
#   5. the Playwright specs in www/ (axe-core on every route) on a fresh dist/ build, which runs
#      in the background from the start, beside steps 1-4 (its log: target/build.log)
# Installs whatever is missing first (see tools/setup.sh).
set -euo pipefail
# shellcheck source=setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
start=$(date +%s)
step() { say "[$(( $(date +%s) - start ))s] $*"; }

ensure_test_tools

# The release build of dist/ compiles with one thread for much of its time (fat LTO, one codegen
# unit), and the checks below leave a core idle at times too: side by side they finish sooner.
step "building dist/ in the background (log: target/build.log)"
mkdir -p target
bash tools/build.sh >target/build.log 2>&1 &
build=$!
# Stopped with the test command if a step fails first (its compiler and optimiser with it).
trap 'pkill -TERM -P "$build" 2>/dev/null; kill "$build" 2>/dev/null || true' EXIT

step "cargo fmt --check, and rustfmt on every tracked Rust file"
cargo fmt --all -- --check
# cargo fmt follows `mod` declarations, and a lab's folder is declared inside the `pages!`
# macro, which it does not read: every tracked file is also checked by name.
git ls-files -z -- '*.rs' | xargs -0 rustfmt --check --edition 2021

step "shellcheck"
git ls-files -z -- '*.sh' .ci/run | xargs -0 shellcheck -x --source-path=SCRIPTDIR

step "specs cannot race: no page.url() snapshot, no sleep, no retry (www/check-specs.mjs)"
node www/check-specs.mjs

step "the labs' own words: no 8 words in a row of a seed text (tools/own-words.mjs)"
node tools/own-words.mjs

step "set-up scripts on a simulated bare machine"
bash tests/scripts/setup-test.sh

step "the bundle's linker, one wasm module per start export (tools/link-modules.sh)"
bash tests/scripts/link-modules-test.sh

step "the glue's imports renamed short (tools/short-imports.mjs)"
node tests/scripts/short-imports-test.mjs

step "cargo clippy (native)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "cargo clippy (wasm32)"
cargo clippy --workspace --all-targets --locked --target wasm32-unknown-unknown -- -D warnings

step "native tests"
cargo test --workspace --locked

step "component tests in headless Chromium"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
CHROMEDRIVER="$CHROMEDRIVER" \
WASM_BINDGEN_TEST_TIMEOUT=120 \
  cargo test --locked --target wasm32-unknown-unknown --test browser

step "waiting for the dist/ build"
if ! wait "$build"; then
  tail -n 40 target/build.log >&2
  die "the dist/ build failed (the whole log: target/build.log)"
fi
trap - EXIT

step "Playwright end-to-end specs"
(cd www && npx playwright test)

step "all tests passed"
