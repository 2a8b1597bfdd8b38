#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe how split (round-robin) list state, union
# list state and broadcast state are redistributed on restore at another parallelism, and what a
# changed uid does with and without allowNonRestoredState. Writes observed-flink-<version>.txt
# next to this script.
# Needs Java 17 and PyPI (installs apache-flink-libraries into a virtualenv, ~330 MB; set
# FLINK_VENV=/some/dir to keep and reuse it between runs). Takes about a minute after the
# download. Not part of the test command.
#   bash tests/flink-opstate/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" OpStateChecks 900 "${1:-2.3.0}" "${FLINK_VENV:-}"
