#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing. Sourced by
# tools/build.sh, tools/serve.sh and tools/test.sh; safe to run again and again.
#   - the wasm32-unknown-unknown target, rustfmt and clippy (rustup)
#   - wasm-bindgen-cli at exactly the version Cargo.lock pins (cargo install, from source)
#   - Debian's chromium and chromium-driver (apt-get), for the browser tests only
#   - the npm packages of www/ (Playwright test runner, axe-core, binaryen's wasm-opt)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m== %s\033[0m\n' "$*"; }

ensure_rust() {
  command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup first" >&2; return 1; }
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  for component in rustfmt clippy; do
    if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
      say "adding rustup component $component"
      rustup component add "$component"
    fi
  done
}

wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

ensure_wasm_bindgen() {
  local want have
  want=$(wasm_bindgen_version)
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')
  if [ "$have" != "$want" ] || ! command -v wasm-bindgen-test-runner >/dev/null; then
    say "installing wasm-bindgen-cli $want (from source; takes a few minutes once)"
    # Not --locked: the CLI's own lockfile pins a crate version the registry no longer has.
    cargo install wasm-bindgen-cli --version "=$want" --force
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Debian's chromium and chromium-driver"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
}

ensure_npm() {
  local stamp="$ROOT/www/node_modules/.installed-from-lock"
  if [ ! -f "$stamp" ] || [ "$ROOT/www/package-lock.json" -nt "$stamp" ]; then
    say "installing www/ npm packages"
    (cd "$ROOT/www" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
}
