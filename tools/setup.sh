#!/usr/bin/env bash
# Installs what the build and the tests need, only when it is missing. Sourced by
# tools/build.sh, tools/serve.sh, tools/test.sh and tools/bench.sh; safe to run again and again.
#   - the wasm32-unknown-unknown target, rustfmt and clippy (rustup)
#   - wasm-bindgen-cli at exactly the version Cargo.lock pins (cargo install, from source)
#   - wasm-split-cli (crate wasm_split_cli_support, pinned below; cargo install, from source)
#   - Debian's chromium and chromium-driver (apt-get), for the browser tests only
#   - Debian's shellcheck, for the test command's script check
#   - the npm packages of www/ (Playwright test runner, axe-core, binaryen's wasm-opt, scorm-again)
#   - the Learning Record Store ralph-malph (PyPI, pinned below) in a Python virtual environment
#     of its own ($RALPH_HOME), for the cmi5 spec
# A prerequisite that is absent, or an install that fails, stops the caller with one line on
# stderr naming what is missing and how to get it (status 1). Nothing here may end a script
# silently: every command whose failure is expected (a tool that is not there yet) is guarded.
# tests/scripts/setup-test.sh runs these functions on a simulated bare machine.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$HOME/.cargo/bin:$PATH"
# Where Debian puts the browser and its driver; the tests read the same variables.
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
NODE_MAJOR_MIN=20
RALPH_VERSION=5.1.0
export RALPH_HOME="${RALPH_HOME:-$HOME/.cache/rescale-lab/ralph-$RALPH_VERSION}"

say() { printf '\033[1m== %s\033[0m\n' "$*"; }

# Stops with one line naming what is missing (and how to get it).
die() {
  printf 'rescale-lab setup: %s\n' "$*" >&2
  exit 1
}

# Runs a command as root: directly when we are root, else through sudo when there is one.
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    die "need root to run '$*' and sudo is not installed: run it as root, then run this command again"
  fi
}

# Installs Debian packages; names them in the message when that is impossible or fails.
apt_install() {
  command -v apt-get >/dev/null 2>&1 ||
    die "no apt-get on this machine to install $*: install the Debian packages $* by hand"
  say "installing Debian packages: $*"
  as_root apt-get update -qq || die "apt-get update failed (see above): cannot install $*"
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null ||
    die "apt-get install $* failed (see above)"
}

ensure_rust() {
  command -v cargo >/dev/null 2>&1 ||
    die "cargo not found: install Rust with rustup (https://rustup.rs) and a stable toolchain"
  command -v rustup >/dev/null 2>&1 ||
    die "rustup not found: install Rust with rustup (https://rustup.rs); it adds the wasm32 target"
  local targets components
  # Captured first, then searched: a pipe into 'grep -q' can end in SIGPIPE under pipefail.
  targets=$(rustup target list --installed 2>/dev/null || true)
  if ! grep -qx wasm32-unknown-unknown <<<"$targets"; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown || die "rustup target add wasm32-unknown-unknown failed (see above)"
  fi
  components=$(rustup component list --installed 2>/dev/null || true)
  for component in rustfmt clippy; do
    if ! grep -q "^$component" <<<"$components"; then
      say "adding rustup component $component"
      rustup component add "$component" || die "rustup component add $component failed (see above)"
    fi
  done
}

wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

ensure_wasm_bindgen() {
  local want have
  want=$(wasm_bindgen_version)
  [ -n "$want" ] || die "Cargo.lock pins no wasm-bindgen version: is $ROOT/Cargo.lock complete?"
  # Absent is a normal state here: '|| true' keeps set -e from ending the script.
  have=$(wasm-bindgen --version 2>/dev/null || true)
  have=${have#wasm-bindgen }
  have=${have%% *}
  if [ "$have" != "$want" ] || ! command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
    say "installing wasm-bindgen-cli $want (from source; about 3 minutes on 2 cores, once)"
    # Not --locked: the CLI's own lockfile pins a crate version the registry no longer has.
    cargo install wasm-bindgen-cli --version "=$want" --force ||
      die "cargo install wasm-bindgen-cli $want failed (see above): check access to crates.io"
  fi
}

# The splitter that pairs with wasm_split_helpers 0.2 (Cargo.toml): the bundle's code splitting.
WASM_SPLIT_VERSION=0.2.4

ensure_wasm_split() {
  local installed
  # 'cargo install --list' names each installed crate with its version, then its binaries.
  installed=$(cargo install --list 2>/dev/null || true)
  if ! grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:" <<<"$installed" ||
    ! command -v wasm-split-cli >/dev/null 2>&1; then
    say "installing wasm-split-cli $WASM_SPLIT_VERSION (from source; about 1 minute on 2 cores, once)"
    cargo install wasm_split_cli_support --version "=$WASM_SPLIT_VERSION" --locked --features build-binary --force ||
      die "cargo install wasm_split_cli_support $WASM_SPLIT_VERSION failed (see above): check access to crates.io"
  fi
}

ensure_chromium() {
  if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
    apt_install chromium chromium-driver
    if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
      die "chromium or chromedriver still missing at $CHROMIUM / $CHROMEDRIVER after apt-get install"
    fi
  fi
}

ensure_shellcheck() {
  command -v shellcheck >/dev/null 2>&1 || apt_install shellcheck
  command -v shellcheck >/dev/null 2>&1 || die "shellcheck still missing after apt-get install shellcheck"
}

ensure_node() {
  command -v node >/dev/null 2>&1 || die "node not found: install Node.js $NODE_MAJOR_MIN or newer with npm"
  command -v npm >/dev/null 2>&1 || die "npm not found: install npm (it comes with Node.js $NODE_MAJOR_MIN or newer)"
  local version major
  version=$(node --version 2>/dev/null || true)
  major=${version#v}
  major=${major%%.*}
  case "$major" in
    '' | *[!0-9]*) die "cannot read the Node.js version ('$version'): install Node.js $NODE_MAJOR_MIN or newer" ;;
  esac
  [ "$major" -ge "$NODE_MAJOR_MIN" ] || die "Node.js $version is too old: install Node.js $NODE_MAJOR_MIN or newer"
}

# Everything the test command needs. The Debian packages and the npm packages (network and
# disk) are installed beside the wasm-bindgen compile (processor), each into a log of its own
# that is printed when it ends; a failure there stops the caller with its own message, as if
# it had run alone.
ensure_test_tools() {
  ensure_rust
  local logs apt_pid npm_pid bindgen_pid failed=0
  logs=$(mktemp -d)
  # In the background, each job keeps set -e and stops itself with its own message.
  # Every apt-get in one lane (two at once would fight over dpkg's lock); the LRS after its Python.
  (
    ensure_chromium
    ensure_shellcheck
    ensure_python
    ensure_ralph
  ) >"$logs/apt" 2>&1 &
  apt_pid=$!
  (
    ensure_npm
  ) >"$logs/npm" 2>&1 &
  npm_pid=$!
  ensure_wasm_bindgen &
  bindgen_pid=$!
  wait "$bindgen_pid" || failed=1
  if wait "$apt_pid"; then cat "$logs/apt"; else cat "$logs/apt" >&2; failed=1; fi
  if wait "$npm_pid"; then cat "$logs/npm"; else cat "$logs/npm" >&2; failed=1; fi
  rm -rf "$logs"
  [ "$failed" = 0 ] || exit 1
}

# What a run in the browser needs: the toolchain with its wasm target, wasm-bindgen, Chromium
# and its driver, the npm packages of www/ (the benchmark and the race hunt).
ensure_browser_run() {
  ensure_rust
  ensure_wasm_bindgen
  ensure_chromium
  ensure_npm
}

# The LRS the cmi5 spec starts (www/e2e/lms-cmi5.spec.js). ralph 5.1.0 imports requests
# without naming it among its dependencies, hence the extra package. A virtual environment
# cannot be moved, so a stamp marks a finished install (a half-made one is made again).
# Python 3 with venv for the LRS, from Debian where missing (python3-venv holds ensurepip,
# without which 'python3 -m venv' fails); nothing once the LRS is installed.
ensure_python() {
  [ -f "$RALPH_HOME/.installed" ] && return 0
  if ! command -v python3 >/dev/null 2>&1; then
    apt_install python3 python3-venv
  elif ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
    apt_install python3-venv
  fi
}

ensure_ralph() {
  [ -f "$RALPH_HOME/.installed" ] && return 0
  command -v python3 >/dev/null 2>&1 ||
    die "python3 not found: install Python 3.9 or newer (the cmi5 spec's LRS, ralph-malph, runs on it)"
  say "installing the LRS ralph-malph $RALPH_VERSION (PyPI) into $RALPH_HOME"
  rm -rf "$RALPH_HOME"
  mkdir -p "$(dirname "$RALPH_HOME")"
  python3 -m venv "$RALPH_HOME" ||
    die "python3 -m venv failed (see above): install Debian's python3-venv"
  "$RALPH_HOME/bin/pip" install --quiet --disable-pip-version-check "ralph-malph[cli,lrs]==$RALPH_VERSION" requests ||
    die "pip install ralph-malph $RALPH_VERSION failed (see above): check access to PyPI"
  touch "$RALPH_HOME/.installed"
}

ensure_npm() {
  ensure_node
  local stamp="$ROOT/www/node_modules/.installed-from-lock"
  if [ ! -f "$stamp" ] || [ "$ROOT/www/package-lock.json" -nt "$stamp" ]; then
    say "installing www/ npm packages"
    (cd "$ROOT/www" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error) ||
      die "npm ci in www/ failed (see above): check access to the npm registry"
    touch "$stamp"
  fi
}
