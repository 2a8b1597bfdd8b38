#!/usr/bin/env bash
# Runs every test, in order, stopping at the first failure:
#   1. cargo fmt --check, shellcheck on every shell script, the spec check (no page.url()
#      snapshot, no sleep: www/check-specs.mjs), the set-up scripts on a simulated bare machine
#      (tests/scripts/setup-test.sh)
#   2. cargo clippy (native and wasm32), warnings are errors
#   3. native tests: model (table + property), URL state, reducers, Flink vectors, the CLI
#   4. component tests in headless Chromium (wasm-bindgen-test)
#   5. a fresh dist/ build, then the Playwright specs in www/ (axe-core on every route)
# Installs whatever is missing first (see tools/setup.sh).
set -euo pipefail
# shellcheck source=setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
start=$(date +%s)
step() { say "[$(( $(date +%s) - start ))s] $*"; }

ensure_rust
ensure_wasm_bindgen
ensure_chromium
ensure_npm
ensure_shellcheck

step "cargo fmt --check"
cargo fmt --all -- --check

step "shellcheck"
git ls-files -z -- '*.sh' .ci/run | xargs -0 shellcheck -x --source-path=SCRIPTDIR

step "specs cannot race: no page.url() snapshot, no sleep (www/check-specs.mjs)"
node www/check-specs.mjs

step "set-up scripts on a simulated bare machine"
bash tests/scripts/setup-test.sh

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

step "building dist/"
bash tools/build.sh

step "Playwright end-to-end specs"
(cd www && npx playwright test)

step "all tests passed"
