#!/usr/bin/env bash
# rustc's linker for the bundle (tools/build.sh passes it with -Clinker): the app is compiled
# once, and this links that one object into one wasm module per start export
# (`rescale_lab_start_<module>`, src/app.rs), each exporting its own start alone, so that
# the linker keeps only what that module's app reaches (its lab's page, or home's) and drops the
# rest, code and data. The split parts' chunk entries (`__wasm_split_00<chunk>00_export_…`,
# components/deferred.rs) go to the modules their chunk's name starts with (`<lab>_…`: that
# lab's; `home_…`: home's; `lab_…`: every lab's). A chunk whose name starts with no module's
# stops the link.
#
# Writes <dir of -o>/../modules/<module>.wasm, and -o itself (cargo's artifact, which the build
# does not read) as a copy of the home module. Called by rustc as rust-lld (`-flavor wasm` and
# its other arguments, or an @file of them, one a line, when they are too long for a command
# line), with PATH holding the toolchain's rust-lld; the argument --rescale-lab-linker=<hash of
# this file> is only there to relink when this file changes (build.sh passes it), and is dropped.
set -euo pipefail

# rustc's arguments, an @file read out (rustc writes one argument a line; quoted or escaped
# ones, which none of these need, are refused rather than read wrong).
given=()
for arg in "$@"; do
  if [[ $arg == @* ]]; then
    if grep -q '["\\]' "${arg#@}"; then
      echo "link-modules: ${arg#@} holds quoted or escaped arguments, which this linker does not read" >&2
      exit 1
    fi
    mapfile -t -O "${#given[@]}" given <"${arg#@}"
  else
    given+=("$arg")
  fi
done
set -- "${given[@]}"

args=()
exports=()
out=""
while [ $# -gt 0 ]; do
  case $1 in
    -flavor) shift 2 ;;
    --export) exports+=("$2"); shift 2 ;;
    --export=*) exports+=("${1#--export=}"); shift ;;
    -o) out=$2; shift 2 ;;
    --rescale-lab-linker=*) shift ;;
    *) args+=("$1"); shift ;;
  esac
done
[ -n "$out" ] || { echo "link-modules: no -o in rustc's link" >&2; exit 1; }

# The modules, from their start exports; every other export but the chunk entries is common.
modules=()
common=()
chunks=()
for name in "${exports[@]}"; do
  case $name in
    rescale_lab_start_*) modules+=("${name#rescale_lab_start_}") ;;
    __wasm_split_00*00_export_*) chunks+=("$name") ;;
    *) common+=("$name") ;;
  esac
done
[ ${#modules[@]} -gt 0 ] || { echo "link-modules: no rescale_lab_start_<module> export (is this the wasm app?)" >&2; exit 1; }

# Whether the chunk entry $1 belongs in module $2.
chunk_in() {
  local chunk=${1#__wasm_split_00}
  chunk=${chunk%%00_export_*}
  case $chunk in
    "$2"_*) return 0 ;;
    lab_*) [ "$2" != home ] ;;
    *) return 1 ;;
  esac
}
for entry in "${chunks[@]}"; do
  owner=""
  for module in "${modules[@]}" lab; do
    if chunk_in "$entry" "$module"; then owner=$module; fi
  done
  [ -n "$owner" ] || { echo "link-modules: the chunk of $entry starts with no module's name (${modules[*]}, or lab_ for every lab)" >&2; exit 1; }
done

# Afresh each link: a module no longer in the program (a lab removed) leaves no file behind.
dir=$(dirname "$out")/../modules
rm -rf "$dir"
mkdir -p "$dir"
pids=()
link() {
  local to=$1 flags=() name
  shift
  for name in "$@"; do flags+=(--export "$name"); done
  rust-lld -flavor wasm "${flags[@]}" "${args[@]}" -o "$to"
}
# One link a module, two at a time (each is one thread), every failure named by its module.
failed=()
for module in "${modules[@]}"; do
  own=(rescale_lab_start_"$module")
  for entry in "${chunks[@]}"; do
    if chunk_in "$entry" "$module"; then own+=("$entry"); fi
  done
  link "$dir/$module.wasm" "${common[@]}" "${own[@]}" >"$dir/$module.log" 2>&1 &
  pids+=("$module:$!")
  if [ ${#pids[@]} -ge 2 ]; then
    wait "${pids[0]#*:}" || failed+=("${pids[0]%%:*}")
    pids=("${pids[@]:1}")
  fi
done
for entry in "${pids[@]}"; do wait "${entry#*:}" || failed+=("${entry%%:*}"); done
for module in "${failed[@]}"; do
  echo "link-modules: linking the wasm module '$module' failed:" >&2
  sed 's/^/  /' "$dir/$module.log" >&2
done
[ ${#failed[@]} = 0 ] || exit 1
[ -f "$dir/home.wasm" ] || { echo "link-modules: no rescale_lab_start_home export, so no home module for cargo's $out" >&2; exit 1; }
cp "$dir/home.wasm" "$out"
