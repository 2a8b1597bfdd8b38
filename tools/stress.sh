#!/usr/bin/env bash
# The race hunt (not part of the test command): every Playwright spec, each run REPEAT times
# (default 3), while two other processes keep both cores busy, with no retry; then the component
# tests as many times. A spec that guesses how long the page takes fails here long before it
# fails in CI.
#   bash tools/stress.sh            # builds dist/ first if it is missing
#   REPEAT=5 bash tools/stress.sh   # more repeats
#   bash tools/stress.sh --project=specs   # extra arguments go to playwright test
# Prints Playwright's summary and the time taken; exits with Playwright's status.
set -euo pipefail
# shellcheck source=setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
ensure_browser_run
[ -f dist/index.html ] || bash tools/build.sh

# Two busy loops at the browser's own priority, one per core, for as long as the specs run.
burners=()
for _ in 1 2; do
  node -e 'for (;;) {}' &
  burners+=("$!")
done
trap 'kill "${burners[@]}" 2>/dev/null || true' EXIT

start=$(date +%s)
# Two runs: Playwright repeats a project that others depend on only once, so the specs and the
# wall-clock timing specs (the `timing` project, which waits for them) are repeated one by one.
say "Playwright specs, --repeat-each=${REPEAT:-3}, both cores kept busy by two other processes"
status=0
(cd www && npx playwright test --project=specs --repeat-each="${REPEAT:-3}" --retries=0 "$@") || status=$?
say "Playwright timing specs, --repeat-each=${REPEAT:-3}, both cores still busy"
(cd www && npx playwright test --project=timing --no-deps --repeat-each="${REPEAT:-3}" "$@") || status=$?
# The component tests too (tests/browser.rs): a CI run once failed there on a fixed sleep.
# Needs the wasm target and wasm-bindgen-test-runner, which the test command installs.
for round in $(seq "${REPEAT:-3}"); do
  say "component tests in headless Chromium, round $round of ${REPEAT:-3}, both cores still busy"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner CHROMEDRIVER="$CHROMEDRIVER" WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --locked --target wasm32-unknown-unknown --test browser || status=$?
done
say "stress run: $(( $(date +%s) - start ))s, exit status $status"
exit "$status"
