#!/usr/bin/env bash
# Builds the lab and serves dist/ at http://127.0.0.1:${PORT:-8080} (pass a port to override).
#   bash tools/serve.sh [port]
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
bash "$here/build.sh"
source "$here/setup.sh"
port=${1:-${PORT:-8080}}
say "serving dist/ at http://127.0.0.1:$port/ (Ctrl-C stops)"
exec node "$ROOT/www/serve.mjs" --port "$port" --dir "$ROOT/dist"
