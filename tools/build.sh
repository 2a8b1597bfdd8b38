#!/usr/bin/env bash
# Builds the complete static site into dist/: the wasm app (size-optimised, then wasm-opt -Oz),
# its JS glue, index.html and static/. Built code and styles are named by content hash
# (name.<hash>.ext) so a host can cache them for ever; index.html and sw.js keep their names
# and carry the hashed names. Every asset path is relative, so dist/ works from any host path.
# Prints the sizes (raw and gzip).
set -euo pipefail
# shellcheck source=setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
ensure_rust
ensure_wasm_bindgen
ensure_wasm_split
ensure_npm

# One wasm module per lab folder of src/labs/ and `home` for every other route, all linked from
# one compile: tools/link-modules.sh links a module per start export (rescale_lab_start_<module>,
# src/app.rs), keeping what that module's app reaches. No list of labs: the folders are
# the labs (a native test holds each one in the registry), and the build checks the linker
# wrote a module for each. The boot loader picks the route's module; a lab of another module
# is loaded beside it (src/labs/module_switch.rs).
LABS=()
for folder in src/labs/*/; do LABS+=("$(basename "$folder")"); done
MODULES=(home "${LABS[@]}")

# Renames dist/$1 to name.<first 12 hex of its SHA-256>.ext and prints the new path (under dist/).
hashed() {
  local file=$1 dir base stem ext sum
  dir=$(dirname "$file")
  base=$(basename "$file")
  stem=${base%.*}
  ext=${base##*.}
  sum=$(sha256sum "dist/$file" | cut -c1-12)
  mv "dist/$file" "dist/$dir/$stem.$sum.$ext"
  printf '%s\n' "$dir/$stem.$sum.$ext"
}

# Minifies a glue file in place (names of the imports the module calls are properties, kept).
minify() {
  www/node_modules/.bin/terser "$1" --module --compress --mangle -o "$1.min"
  mv "$1.min" "$1"
}

# Splits, binds and optimises the module $1 from $linked/$1.wasm (the linker's output), writing
# its files to dist/pkg and its entries for the lists below to target/split/$1.module and
# target/split/$1.chunks. Runs beside the other lane.
finish_module() {
  local name=$1 split=target/split/$1 chunks=() optimised chunk_list="" chunk base hashed_chunk link sum js wasm
  mkdir -p "$split"
  wasm-split-cli --out-name "$name" "$linked/$name.wasm" "$split" >/dev/null
  wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir dist/pkg --out-name "$name" "$split/$name.wasm"
  minify "dist/pkg/$name.js"
  for chunk in "$split"/*.wasm; do
    [ "$chunk" = "$split/$name.wasm" ] || chunks+=("$chunk")
  done
  # The main module and every chunk optimised in one process (-Oz, debug and producers
  # stripped): a chunk is dist/pkg/<module>-<chunk>.wasm until it is hashed below.
  optimised=("dist/pkg/${name}_bg.wasm" "dist/pkg/$name.wasm")
  for chunk in "${chunks[@]}"; do
    base=$(basename "$chunk" .wasm)
    optimised+=("$chunk" "dist/pkg/$name-${base#split_}.wasm")
  done
  node tools/wasm-opt.mjs "${optimised[@]}"
  rm "dist/pkg/${name}_bg.wasm"
  # The imports from the glue get short names in both files (tools/short-imports.mjs).
  node tools/short-imports.mjs "dist/pkg/$name.wasm" "dist/pkg/$name.js"
  if [ ${#chunks[@]} = 0 ]; then
    # No deferred part in this module: no link module, the glue stands alone.
    js=$(hashed "pkg/$name.js")
  else
    # The chunks, named <module>-<chunk>.<hash>.wasm; only the link module (__wasm_split.js,
    # which fetches them relative to itself) names them.
    link=dist/pkg/$name-split.js
    cp "$split/__wasm_split.js" "$link"
    for chunk in "${chunks[@]}"; do
      base=$(basename "$chunk" .wasm)
      hashed_chunk=$(hashed "pkg/$name-${base#split_}.wasm")
      chunk_list="$chunk_list${chunk_list:+,}\"$hashed_chunk\""
      grep -qF "\"./$base.wasm\"" "$link" || { echo "build: the link module does not name $base.wasm" >&2; return 1; }
      sed -i "s|\"\./$base\.wasm\"|\"./${hashed_chunk#pkg/}\"|" "$link"
    done
    minify "$link"
    # The glue and the link module import each other: both are named by one hash of the two.
    # Only the import statements are renamed: the imports object keeps the module name the wasm
    # module imports from.
    sum=$(cat "dist/pkg/$name.js" "$link" | sha256sum | cut -c1-12)
    sed -i -E "s#from ?\"\./__wasm_split\.js\"#from\"./$name-split.$sum.js\"#g" "dist/pkg/$name.js"
    sed -i -E "s#from ?\"\./$name\.js\"#from\"./$name.$sum.js\"#g" "$link"
    grep -qF "from\"./$name-split.$sum.js\"" "dist/pkg/$name.js" || { echo "build: the glue of '$name' does not import its link module" >&2; return 1; }
    grep -qF "from\"./$name.$sum.js\"" "$link" || { echo "build: the link module of '$name' does not import its glue" >&2; return 1; }
    ! grep -qE "from ?\"\\./(__wasm_split|$name)\\.js\"" "dist/pkg/$name.js" "$link" || { echo "build: an import of '$name' was not renamed" >&2; return 1; }
    mv "dist/pkg/$name.js" "dist/pkg/$name.$sum.js"
    mv "$link" "dist/pkg/$name-split.$sum.js"
    js=pkg/$name.$sum.js
  fi
  wasm=$(hashed "pkg/$name.wasm")
  printf '"%s":["%s","%s"]\n' "$name" "$js" "$wasm" >"$split.module"
  printf '"%s":[%s]\n' "$name" "$chunk_list" >"$split.chunks"
}

# The app, compiled once (fat LTO, one codegen unit: one thread for most of its time) and
# linked into one module per start export by tools/link-modules.sh, which writes
# <target>/modules/<module>.wasm ($linked). --emit-relocs: wasm-split-cli reads the relocations to move
# the code that only a deferred part reaches (components/deferred.rs) into chunks of its own.
# The linker's hash is a link argument, so that a change to it links again.
linked=target/dist-build/wasm32-unknown-unknown/wasm-release/modules
say "building the wasm app (one compile, one module per lab and one for home)"
linker_hash=$(sha256sum tools/link-modules.sh | cut -c1-12)
cargo rustc --locked --target-dir target/dist-build --profile wasm-release --target wasm32-unknown-unknown \
  --bin rescale-lab --no-default-features --features split -- -Clink-args=--emit-relocs \
  "-Clinker=$ROOT/tools/link-modules.sh" "-Clink-arg=--rescale-lab-linker=$linker_hash"
rm -rf dist target/split
mkdir -p dist/pkg dist/static target/split
for name in "${MODULES[@]}"; do
  [ -f "$linked/$name.wasm" ] || die "the linker wrote no wasm module '$name' (no rescale_lab_start_$name export?)"
done
for linked_module in "$linked"/*.wasm; do
  name=$(basename "$linked_module" .wasm)
  [[ " ${MODULES[*]} " == *" $name "* ]] || die "the app exports a start for '$name', which is no folder of src/labs/"
done

# Split, bind and optimise the modules in two lanes on two cores: each lane takes the next
# module no lane has claimed (mkdir is atomic).
finish_lane() {
  local name
  for name in "${MODULES[@]}"; do
    mkdir "target/split/$name.claim" 2>/dev/null || continue
    finish_module "$name"
  done
}
finish_lane &
first_lane=$!
finish_lane &
second_lane=$!
failed=0
wait "$first_lane" || failed=1
wait "$second_lane" || failed=1
[ "$failed" = 0 ] || die "a wasm module did not build (see above)"
for name in "${MODULES[@]}"; do
  [ -f "target/split/$name.module" ] || die "the wasm module '$name' was not built"
done
# tools/wasm-opt.mjs stands for the command line: the same bytes, on one chunk of this build.
for sample in target/split/*/split_*.wasm; do
  www/node_modules/.bin/wasm-opt -Oz --strip-debug --strip-producers "$sample" -o target/split/sample.cli.wasm 2>/dev/null
  node tools/wasm-opt.mjs "$sample" target/split/sample.js.wasm 2>/dev/null
  cmp -s target/split/sample.cli.wasm target/split/sample.js.wasm ||
    die "tools/wasm-opt.mjs and wasm-opt -Oz wrote different bytes for $sample"
  break
done
modules_json=""
chunks_json=""
for name in "${MODULES[@]}"; do
  modules_json="$modules_json${modules_json:+,}$(cat "target/split/$name.module")"
  chunks_json="$chunks_json${chunks_json:+,}$(cat "target/split/$name.chunks")"
done
cp -r static/. dist/static/
# Style sheets without comments and white space (rules kept in their order: no restructuring).
for sheet in style workshop; do
  NODE_PATH=www/node_modules node -e "const fs=require('fs');const f=process.argv[1];fs.writeFileSync(f,require('csso').minify(fs.readFileSync(f,'utf8'),{restructure:false}).css)" \
    "dist/static/$sheet.css"
done
css=$(hashed static/style.css)
print_css=$(hashed static/workshop.css)

# The boot loader learns the modules (which lab lives in which), then is hashed itself.
labs_json=""
for lab in "${LABS[@]}"; do labs_json="$labs_json${labs_json:+,}\"$lab\":\"$lab\""; done
build_json="{\"modules\":{$modules_json},\"labs\":{$labs_json},\"fallback\":\"home\"}"
sed -i "s|/\*BUILD\*/.*/\*BUILD\*/|$build_json|" dist/static/boot.js
grep -qF "$build_json" dist/static/boot.js || { echo "build: the module list did not reach boot.js" >&2; exit 1; }
minify dist/static/boot.js
boot=$(hashed static/boot.js)
# build.json adds each module's chunks (for the tests; the link modules name them at run time).
printf '%s\n' "${build_json%\}},\"chunks\":{$chunks_json}}" >dist/build.json

# The embed host script ships beside the lab under a fixed name (host pages include it); its
# integrity hash goes into the page, where the Embed snippet builder reads it.
cp www/embed-host.js dist/embed-host.js
integrity="sha384-$(node -e "process.stdout.write(require('crypto').createHash('sha384').update(require('fs').readFileSync('dist/embed-host.js')).digest('base64'))")"
sed -e "s|<meta name=\"rescale-lab-embed-host\" content=\"\">|<meta name=\"rescale-lab-embed-host\" content=\"$integrity\">|" \
  -e "s|href=\"static/style.css\"|href=\"$css\"|" -e "s|href=\"static/workshop.css\"|href=\"$print_css\"|" -e "s|src=\"static/boot.js\"|src=\"$boot\"|" index.html >dist/index.html
for want in "$integrity" "$css" "$print_css" "$boot"; do
  grep -qF "$want" dist/index.html || { echo "build: '$want' did not reach dist/index.html" >&2; exit 1; }
done

# The service worker sits at the root so that its scope covers the whole lab; it precaches
# every module (offline after a first visit covers every lab) in a cache named by the build.
mv dist/static/sw.js dist/sw.js
precache=$(cd dist && find pkg -type f | sort | sed 's|^|"./|; s|$|"|' | paste -sd, -)
precache="$precache,\"./$css\",\"./$print_css\",\"./$boot\""
version=$(printf '%s' "$precache" | sha256sum | cut -c1-12)
sed -i -e "s|/\*PRECACHE\*/.*/\*PRECACHE\*/|$precache|" -e "s|rescale-lab-v1|rescale-lab-$version|" dist/sw.js
for want in "rescale-lab-$version" "$boot"; do
  grep -qF "$want" dist/sw.js || { echo "build: '$want' did not reach sw.js" >&2; exit 1; }
done

total_raw=0
total_gz=0
for f in dist/pkg/* "dist/$boot" "dist/$css" dist/index.html; do
  raw=$(wc -c <"$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw))
  total_gz=$((total_gz + gz))
  printf '%-40s %8d bytes  %7d gzip\n' "${f#dist/}" "$raw" "$gz"
done
printf '%-40s %8d bytes  %7d gzip\n' "all files" "$total_raw" "$total_gz"

# The LMS packages of the guided path (SCORM 1.2, SCORM 2004), from the site just built.
bash "$ROOT/tools/package.sh" "$ROOT/dist"
