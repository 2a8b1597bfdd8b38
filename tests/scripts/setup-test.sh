#!/usr/bin/env bash
# Tests tools/setup.sh (the install logic of the README commands) on a simulated bare machine.
# Each case builds a sandbox: a copy of setup.sh and Cargo.lock, an empty HOME, and a PATH of
# only basic utilities plus stand-ins for cargo, rustup, node, npm, apt-get and sudo that record
# their arguments in a log and "install" by creating files. No download happens. Checks that a
# missing tool is installed exactly once, a present one is not reinstalled, a second run installs
# nothing, and each absent prerequisite or failed install stops with one line naming it and a
# non-zero status (never a silent exit, the fault this test was written for). Also checks that
# tools/serve.sh reports a taken port before building.
#   bash tests/scripts/setup-test.sh
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")
split_want=$(sed -n 's/^WASM_SPLIT_VERSION=//p' "$root/tools/setup.sh")
[ -n "$split_want" ] || { echo "setup-test: setup.sh pins no WASM_SPLIT_VERSION" >&2; exit 1; }
failures=0
cases=0

# --- the sandbox's basic utilities: real ones, linked one by one (no cargo, node, chromium) ---
mkdir -p "$T/sysbin"
for tool in bash awk grep cat mkdir touch dirname id tr head sed rm chmod env date mktemp ls cp basename wc; do
  real=$(command -v "$tool") || { echo "setup-test: the host lacks $tool" >&2; exit 1; }
  ln -s "$real" "$T/sysbin/$tool"
done

# --- stand-ins, in separate folders so that a case can leave any of them off the PATH ---
mkdir -p "$T/stub-rust" "$T/stub-node" "$T/stub-apt" "$T/stub-sudo" "$T/stub-python"
cat >"$T/stub-python/python3" <<'EOF'
#!/bin/bash
echo "python3 $*" >>"$STUB_LOG"
# Without Debian's python3-venv there is no ensurepip.
[ "$1" = -c ] && [ -f "$STUB_STATE/no-venv" ] && exit 1
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin"
  printf '#!/bin/bash\necho "pip $*" >>"$STUB_LOG"\ncase "$STUB_FAIL" in *pip*) echo "ERROR: no matching distribution" >&2; exit 1 ;; esac\n' >"$3/bin/pip"
  chmod +x "$3/bin/pip"
fi
EOF
cat >"$T/stub-rust/rustup" <<'EOF'
#!/bin/bash
echo "rustup $*" >>"$STUB_LOG"
case "$1 $2" in
  "target list") cat "$STUB_STATE/targets" 2>/dev/null ;;
  "target add") echo "$3" >>"$STUB_STATE/targets" ;;
  "component list") cat "$STUB_STATE/components" 2>/dev/null ;;
  "component add") echo "$3-x86_64-unknown-linux-gnu" >>"$STUB_STATE/components" ;;
esac
EOF
cat >"$T/stub-rust/cargo" <<'EOF'
#!/bin/bash
echo "cargo $*" >>"$STUB_LOG"
if [ "$1 $2" = "install --list" ]; then
  cat "$STUB_STATE/cargo-installed" 2>/dev/null
elif [ "$1" = install ]; then
  case "$STUB_FAIL" in *cargo-install*) echo "error: failed to compile $2" >&2; exit 101 ;; esac
  mkdir -p "$HOME/.cargo/bin"
  version=${4#=}
  case "$2" in
    wasm-bindgen-cli)
      printf '#!/bin/bash\necho "wasm-bindgen %s"\n' "$version" >"$HOME/.cargo/bin/wasm-bindgen"
      printf '#!/bin/bash\nexit 0\n' >"$HOME/.cargo/bin/wasm-bindgen-test-runner"
      chmod +x "$HOME/.cargo/bin/wasm-bindgen" "$HOME/.cargo/bin/wasm-bindgen-test-runner" ;;
    wasm_split_cli_support)
      printf '#!/bin/bash\nexit 0\n' >"$HOME/.cargo/bin/wasm-split-cli"
      chmod +x "$HOME/.cargo/bin/wasm-split-cli"
      printf '%s v%s:\n    wasm-split-cli\n' "$2" "$version" >"$STUB_STATE/cargo-installed" ;;
  esac
fi
EOF
cat >"$T/stub-node/node" <<'EOF'
#!/bin/bash
[ "$1" = --version ] && echo "${STUB_NODE_VERSION:-v20.20.2}"
exit 0
EOF
cat >"$T/stub-node/npm" <<'EOF'
#!/bin/bash
echo "npm $*" >>"$STUB_LOG"
case "$STUB_FAIL" in *npm*) echo "npm ERR! network" >&2; exit 1 ;; esac
[ "$1" = ci ] && mkdir -p node_modules
exit 0
EOF
cat >"$T/stub-apt/apt-get" <<'EOF'
#!/bin/bash
echo "apt-get $*" >>"$STUB_LOG"
case "$STUB_FAIL" in *apt*) echo "E: Unable to locate package" >&2; exit 100 ;; esac
[ "$1" = install ] || exit 0
for package in "$@"; do
  case "$package" in
    chromium) target=$CHROMIUM ;;
    chromium-driver) target=$CHROMEDRIVER ;;
    shellcheck) target=$STUB_APTBIN/shellcheck ;;
    python3-venv) rm -f "$STUB_STATE/no-venv"; continue ;;
    python3)
      cp "$STUB_PYTHON" "$STUB_APTBIN/python3"
      continue ;;
    *) continue ;;
  esac
  mkdir -p "$(dirname "$target")"
  printf '#!/bin/bash\nexit 0\n' >"$target"
  chmod +x "$target"
done
EOF
cat >"$T/stub-sudo/sudo" <<'EOF'
#!/bin/bash
echo "sudo $*" >>"$STUB_LOG"
exec "$@"
EOF
printf '#!/bin/bash\necho 1000\n' >"$T/stub-sudo/id-nonroot"
# Root by default, whoever runs the test; one case takes a non-root id instead.
mkdir -p "$T/stub-root"
printf '#!/bin/bash\necho 0\n' >"$T/stub-root/id"
chmod +x "$T"/stub-*/*

# A fresh machine for one case: a copy of the repo's setup.sh, an empty HOME and state.
fresh() {
  C="$T/case$cases"
  rm -rf "$C"
  mkdir -p "$C/repo/tools" "$C/repo/www" "$C/home" "$C/state" "$C/aptbin" "$C/usr/bin"
  cp "$root/tools/setup.sh" "$C/repo/tools/setup.sh"
  cp "$root/Cargo.lock" "$C/repo/Cargo.lock"
  echo '{}' >"$C/repo/www/package-lock.json"
  : >"$C/log"
  : >"$C/state/targets"
  : >"$C/state/components"
}

# Runs the test command's installs (ensure_test_tools: the Debian and npm packages beside the
# wasm-bindgen compile) and the build's (ensure_wasm_split) as the README commands do (set -euo
# pipefail), with PATH made of the given stand-in folders. Output in $C/out, status in $status.
run_setup() {
  local path="$C/aptbin"
  for dir in "$@"; do path="$path:$T/$dir"; done
  path="$path:$T/sysbin"
  set +e
  # The inner script is meant literally (its $1 is the sandbox's setup.sh), hence single quotes.
  # shellcheck disable=SC2016
  env -i HOME="$C/home" PATH="$path" STUB_LOG="$C/log" STUB_STATE="$C/state" STUB_APTBIN="$C/aptbin" \
    STUB_FAIL="${STUB_FAIL:-}" STUB_NODE_VERSION="${STUB_NODE_VERSION:-}" STUB_PYTHON="$T/stub-python/python3" \
    CHROMIUM="$C/usr/bin/chromium" CHROMEDRIVER="$C/usr/bin/chromedriver" \
    bash -c 'set -euo pipefail; source "$1"; ensure_test_tools; ensure_wasm_split; echo SETUP-DONE' \
    _ "$C/repo/tools/setup.sh" >"$C/out" 2>&1
  status=$?
  set -e
}

begin() {
  cases=$((cases + 1))
  name=$1
  fresh
}
fail() {
  echo "FAIL [$name]: $*"
  sed 's/^/    out: /' "$C/out"
  sed 's/^/    log: /' "$C/log"
  failures=$((failures + 1))
}
expect_ok() {
  if [ "$status" != 0 ] || ! grep -q SETUP-DONE "$C/out"; then fail "expected success, got status $status"; fi
}
# Stops non-zero, before the end, with one setup line on stderr that contains the text.
expect_stop() {
  [ "$status" != 0 ] || fail "expected a non-zero status"
  ! grep -q SETUP-DONE "$C/out" || fail "went on after the failure"
  [ "$(grep -c '^rescale-lab setup: ' "$C/out")" = 1 ] || fail "expected exactly one 'rescale-lab setup:' line"
  grep '^rescale-lab setup: ' "$C/out" | grep -qF "$1" || fail "message does not say '$1'"
}
# A case that stops: its name, the message, then run_setup's stubs (a STUB_* variable set before
# the call reaches the setup).
stop_case() {
  begin "$1"
  local message=$2
  shift 2
  run_setup "$@"
  expect_stop "$message"
}
# The log line occurs exactly n times.
expect_logged() {
  local n
  n=$(grep -cxF "$1" "$C/log" || true)
  [ "$n" = "$2" ] || fail "expected '$1' $2 time(s) in the log, found $n"
}
expect_no_installs() {
  ! grep -E '^(rustup (target|component) add|cargo install [a-z]|apt-get|npm ci|python3 -m venv|pip install)' "$C/log" >/dev/null ||
    fail "a second run installed something"
}
ALL=(stub-rust stub-node stub-apt stub-root stub-python)
ralph_version=$(sed -n 's/^RALPH_VERSION=//p' "$root/tools/setup.sh")
[ -n "$ralph_version" ] || { echo "setup-test: setup.sh pins no RALPH_VERSION" >&2; exit 1; }

begin "bare machine: everything missing is installed once"
run_setup "${ALL[@]}"
expect_ok
expect_logged "rustup target add wasm32-unknown-unknown" 1
expect_logged "rustup component add rustfmt" 1
expect_logged "rustup component add clippy" 1
expect_logged "cargo install wasm-bindgen-cli --version =$want --force" 1
expect_logged "cargo install wasm_split_cli_support --version =$split_want --locked --features build-binary --force" 1
expect_logged "apt-get install -y -qq chromium chromium-driver" 1
expect_logged "apt-get install -y -qq shellcheck" 1
expect_logged "npm ci --no-audit --no-fund --loglevel=error" 1
ralph="$C/home/.cache/rescale-lab/ralph-$ralph_version"
expect_logged "python3 -m venv $ralph" 1
expect_logged "pip install --quiet --disable-pip-version-check ralph-malph[cli,lrs]==$ralph_version requests" 1
[ -f "$ralph/.installed" ] || fail "the LRS install left no stamp"
grep -q "installing wasm-bindgen-cli $want" "$C/out" || fail "does not say it installs wasm-bindgen-cli"
# second run on the same machine
: >"$C/log"
run_setup "${ALL[@]}"
expect_ok
expect_no_installs

begin "an installed wasm-bindgen of another version is replaced, once"
mkdir -p "$C/home/.cargo/bin"
printf '#!/bin/bash\necho "wasm-bindgen 0.2.1"\n' >"$C/home/.cargo/bin/wasm-bindgen"
printf '#!/bin/bash\nexit 0\n' >"$C/home/.cargo/bin/wasm-bindgen-test-runner"
chmod +x "$C"/home/.cargo/bin/*
run_setup "${ALL[@]}"
expect_ok
expect_logged "cargo install wasm-bindgen-cli --version =$want --force" 1

begin "an installed wasm-split-cli of another version is replaced, once"
mkdir -p "$C/home/.cargo/bin"
printf '#!/bin/bash\nexit 0\n' >"$C/home/.cargo/bin/wasm-split-cli"
chmod +x "$C/home/.cargo/bin/wasm-split-cli"
printf 'wasm_split_cli_support v0.1.0:\n    wasm-split-cli\n' >"$C/state/cargo-installed"
run_setup "${ALL[@]}"
expect_ok
expect_logged "cargo install wasm_split_cli_support --version =$split_want --locked --features build-binary --force" 1
grep -qx "wasm_split_cli_support v$split_want:" "$C/state/cargo-installed" || fail "the pinned version is not installed"

begin "present tools are not reinstalled"
echo wasm32-unknown-unknown >"$C/state/targets"
printf 'rustfmt-x86_64-unknown-linux-gnu\nclippy-x86_64-unknown-linux-gnu\n' >"$C/state/components"
mkdir -p "$C/home/.cargo/bin" "$C/repo/www/node_modules"
printf '#!/bin/bash\necho "wasm-bindgen %s"\n' "$want" >"$C/home/.cargo/bin/wasm-bindgen"
printf '#!/bin/bash\nexit 0\n' >"$C/home/.cargo/bin/wasm-bindgen-test-runner"
printf '#!/bin/bash\nexit 0\n' >"$C/home/.cargo/bin/wasm-split-cli"
printf 'wasm_split_cli_support v%s:\n    wasm-split-cli\n' "$split_want" >"$C/state/cargo-installed"
for f in "$C/usr/bin/chromium" "$C/usr/bin/chromedriver" "$C/aptbin/shellcheck"; do printf '#!/bin/bash\n' >"$f"; done
chmod +x "$C"/home/.cargo/bin/* "$C/usr/bin/chromium" "$C/usr/bin/chromedriver" "$C/aptbin/shellcheck"
touch -d '1 minute ago' "$C/repo/www/package-lock.json"
touch "$C/repo/www/node_modules/.installed-from-lock"
mkdir -p "$C/home/.cache/rescale-lab/ralph-$ralph_version"
touch "$C/home/.cache/rescale-lab/ralph-$ralph_version/.installed"
run_setup "${ALL[@]}"
expect_ok
expect_no_installs

STUB_FAIL=cargo-install stop_case "a failing cargo install stops with its message" "cargo install wasm-bindgen-cli $want failed" "${ALL[@]}"
# The Debian and npm installs ran beside it and ended before the stop (nothing left running).
expect_logged "apt-get install -y -qq chromium chromium-driver" 1

stop_case "no cargo" "cargo not found: install Rust with rustup" stub-node stub-apt stub-root

stop_case "no node" "node not found: install Node.js 20 or newer" stub-rust stub-apt stub-root

STUB_NODE_VERSION=v18.19.0 stop_case "node too old" "Node.js v18.19.0 is too old" "${ALL[@]}"

stop_case "no apt-get and no chromium" "no apt-get on this machine to install chromium chromium-driver" stub-rust stub-node stub-root stub-python

STUB_FAIL=apt stop_case "a failing apt-get stops with its message" "apt-get update failed" "${ALL[@]}"

begin "no python3: Debian's python3 and python3-venv are installed, then the LRS"
run_setup stub-rust stub-node stub-apt stub-root
expect_ok
expect_logged "apt-get install -y -qq python3 python3-venv" 1
expect_logged "python3 -m venv $C/home/.cache/rescale-lab/ralph-$ralph_version" 1

begin "python3 without venv: Debian's python3-venv is installed, then the LRS"
touch "$C/state/no-venv"
run_setup "${ALL[@]}"
expect_ok
expect_logged "apt-get install -y -qq python3-venv" 1
expect_logged "python3 -m venv $C/home/.cache/rescale-lab/ralph-$ralph_version" 1

begin "no apt-get and no python3 for the LRS"
for f in "$C/usr/bin/chromium" "$C/usr/bin/chromedriver" "$C/aptbin/shellcheck"; do printf '#!/bin/bash\n' >"$f"; done
chmod +x "$C/usr/bin/chromium" "$C/usr/bin/chromedriver" "$C/aptbin/shellcheck"
run_setup stub-rust stub-node stub-root
expect_stop "no apt-get on this machine to install python3 python3-venv"

STUB_FAIL=pip stop_case "a failing pip install stops with its message, and leaves no stamp" "pip install ralph-malph $ralph_version failed" "${ALL[@]}"
[ ! -f "$C/home/.cache/rescale-lab/ralph-$ralph_version/.installed" ] || fail "a failed pip install left the stamp"

STUB_FAIL=npm stop_case "a failing npm ci stops with its message" "npm ci in www/ failed" "${ALL[@]}"
[ ! -f "$C/repo/www/node_modules/.installed-from-lock" ] || fail "a failed npm ci left the stamp"

begin "not root and no sudo"
mkdir -p "$C/nonroot"
cp "$T/stub-sudo/id-nonroot" "$C/nonroot/id"
rm -rf "$T/stub-nonroot"
cp -r "$C/nonroot" "$T/stub-nonroot"
run_setup stub-nonroot "${ALL[@]}"
expect_stop "need root to run 'apt-get update -qq' and sudo is not installed"

begin "not root, with sudo: apt-get runs through sudo"
run_setup stub-nonroot stub-sudo "${ALL[@]}"
expect_ok
expect_logged "sudo apt-get install -y -qq chromium chromium-driver" 1

begin "serve.sh: a taken port is reported before building"
port=$((20000 + RANDOM % 20000))
node -e "require('net').createServer().listen($port, '127.0.0.1', () => console.log('listening'))" >"$C/holder" &
holder=$!
for _ in $(seq 1 100); do grep -q listening "$C/holder" && break; sleep 0.05; done
set +e
timeout 30 bash "$root/tools/serve.sh" "$port" >"$C/out" 2>&1
status=$?
set -e
kill "$holder"
[ "$status" = 1 ] || fail "expected status 1, got $status"
grep -q "port $port on 127.0.0.1 is already in use: pass another port" "$C/out" || fail "no port-in-use message"
! grep -q "building the wasm app" "$C/out" || fail "built before checking the port"

if [ "$failures" -gt 0 ]; then
  echo "setup-test: $failures failure(s) in $cases cases"
  exit 1
fi
echo "setup-test: $cases cases passed"
