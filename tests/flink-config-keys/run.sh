#!/usr/bin/env bash
# Prints the configuration keys and command-line options the planner names, as each Flink
# release's own jar defines them (ConfigKeys.java reflects over the ConfigOptions classes and
# CliFrontendParser; no cluster is started). Writes observed-flink-<release>.txt next to this
# script for every release given (default: the releases below). Needs Java 17 and PyPI: each
# release's apache-flink-libraries (~230-330 MB) goes into FLINK_VENV_CACHE/venv-<release>
# (default: a throw-away directory), and a release already there is reused. Seconds per release
# after the download. Not part of the test command.
#   bash tests/flink-config-keys/run.sh [release ...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
releases=("$@")
[ ${#releases[@]} -gt 0 ] || releases=(1.15.4 1.16.3 1.17.2 1.18.1 1.19.3 1.20.5 2.0.2 2.1.3 2.2.1 2.3.0)
flink_work flink-config-keys
cache=${FLINK_VENV_CACHE:-$FLINK_WORK/venvs}
mkdir -p "$cache"
for release in "${releases[@]}"; do
  flink_install "$cache/venv-$release" "$release"
  flink_compile "$here/ConfigKeys.java"
  flink_java 120 ConfigKeys >"$FLINK_WORK/observed.txt" 2>"$FLINK_WORK/stderr.txt" \
    || { cat "$FLINK_WORK/stderr.txt" >&2; flink_fail "ConfigKeys failed on $release"; }
  mv "$FLINK_WORK/observed.txt" "$here/observed-flink-$release.txt"
  echo "wrote $here/observed-flink-$release.txt"
done
