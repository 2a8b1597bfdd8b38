#!/usr/bin/env bash
# Tests tools/link-modules.sh (the bundle's linker: one wasm module per start export) with a
# stand-in rust-lld that records its arguments and writes its -o file. Checks that each module
# exports its own start alone and the chunk entries its chunks' names give it (`<module>_`, and
# `lab_` for every module but home), every other export in each; an @file is read as the
# arguments; a chunk named after no module stops the link with its name; a failed link names
# its module and shows its log; cargo's -o file is the home module.
#   bash tests/scripts/link-modules-test.sh
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
failures=0

mkdir -p "$T/bin" "$T/deps"
cat >"$T/bin/rust-lld" <<'EOF'
#!/bin/bash
# Records the exports of one link, one per line, in <out>.exports; fails for $FAIL_MODULE.
out=""
exports=()
while [ $# -gt 0 ]; do
  case $1 in
    --export) exports+=("$2"); shift 2 ;;
    -o) out=$2; shift 2 ;;
    *) shift ;;
  esac
done
case $out in *"/$FAIL_MODULE.wasm") echo "rust-lld: error: undefined symbol: broken" >&2; exit 1 ;; esac
printf '%s\n' "${exports[@]}" | LC_ALL=C sort >"$out.exports"
echo "module $out" >"$out"
EOF
chmod +x "$T/bin/rust-lld"

split() { printf '__wasm_split_00%s00_export_0123abcd_%s' "$1" "$1"; }
args=(-flavor wasm --export main --export __heap_base --export=__data_end
  --export rescale_lab_start_home --export rescale_lab_start_alpha --export rescale_lab_start_beta
  --export "$(split home_path)" --export "$(split alpha_chart)" --export "$(split beta_table)"
  --export "$(split lab_panel)" -z stack-size=1048576 --gc-sections app.o
  -o "$T/deps/app.wasm" --rescale-lab-linker=0123)

fail() {
  echo "link-modules-test: $*" >&2
  failures=$((failures + 1))
}
# The exports the stand-in saw for module $1, one line.
exports_of() { paste -sd' ' "$T/modules/$1.wasm.exports"; }
# Checks that module $1 exported exactly the names after it (any order).
expect_exports() {
  local module=$1 want
  shift
  want=$(printf '%s\n' "$@" | LC_ALL=C sort | paste -sd' ')
  [ "$(exports_of "$module")" = "$want" ] || fail "$module exports $(exports_of "$module"), not $want"
}

# A link as rustc makes it, its arguments in an @file.
printf '%s\n' "${args[@]:2}" >"$T/args.rsp"
if PATH="$T/bin:$PATH" FAIL_MODULE=none bash "$root/tools/link-modules.sh" -flavor wasm "@$T/args.rsp" 2>"$T/err"; then
  common=(main __heap_base __data_end)
  expect_exports home "${common[@]}" rescale_lab_start_home "$(split home_path)"
  expect_exports alpha "${common[@]}" rescale_lab_start_alpha "$(split alpha_chart)" "$(split lab_panel)"
  expect_exports beta "${common[@]}" rescale_lab_start_beta "$(split beta_table)" "$(split lab_panel)"
  [ "$(cat "$T/deps/app.wasm")" = "module $T/deps/../modules/home.wasm" ] || fail "cargo's -o file is not the home module"
else
  fail "a good link failed: $(cat "$T/err")"
fi

# A chunk whose name starts with no module's.
if PATH="$T/bin:$PATH" FAIL_MODULE=none bash "$root/tools/link-modules.sh" "${args[@]}" --export "$(split gamma_x)" 2>"$T/err"; then
  fail "a chunk named after no module was linked"
elif ! grep -q "gamma_x.*starts with no module's name" "$T/err"; then
  fail "the refusal of gamma_x does not name it: $(cat "$T/err")"
fi

# A link that fails: its module named, its log shown, a non-zero status.
if PATH="$T/bin:$PATH" FAIL_MODULE=beta bash "$root/tools/link-modules.sh" "${args[@]}" 2>"$T/err"; then
  fail "a failed link of beta did not fail"
elif ! grep -q "linking the wasm module 'beta' failed" "$T/err" || ! grep -q "undefined symbol: broken" "$T/err"; then
  fail "a failed link does not name beta with its log: $(cat "$T/err")"
fi

# An @file with escaped arguments is refused, not read wrong.
printf '%s\n' '-o' 'a\ b' >"$T/bad.rsp"
if PATH="$T/bin:$PATH" bash "$root/tools/link-modules.sh" "@$T/bad.rsp" 2>"$T/err"; then
  fail "an @file with an escaped argument was read"
elif ! grep -q "quoted or escaped" "$T/err"; then
  fail "the escaped @file is not refused by name: $(cat "$T/err")"
fi

if [ "$failures" -gt 0 ]; then
  echo "link-modules-test: $failures failed" >&2
  exit 1
fi
echo "link-modules-test: the linker's 4 cases passed"
