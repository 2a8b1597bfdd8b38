#!/usr/bin/env bash
# Builds the lab and serves dist/ at http://127.0.0.1:${PORT:-8080} (pass a port to override).
#   bash tools/serve.sh [port]
# Checks the port first, so a taken port is reported at once, not after the build.
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
# shellcheck source=setup.sh
source "$here/setup.sh"
port=${1:-${PORT:-8080}}
ensure_node
node "$ROOT/www/serve.mjs" --port "$port" --probe
bash "$here/build.sh"
say "serving dist/ at http://127.0.0.1:$port/ (Ctrl-C stops)"
exec node "$ROOT/www/serve.mjs" --port "$port" --dir "$ROOT/dist"
