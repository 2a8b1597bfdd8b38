#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe which snapshots make a Sink V2 committer
# commit: intermediate savepoints, stop-with-savepoint, checkpoints, and restores from each
# (SavepointCommits.java says how). Writes what it printed to observed-flink-<version>.txt next to
# this script. Needs Java 17 and PyPI (apache-flink-libraries in a throw-away virtualenv;
# FLINK_VENV=/some/dir reuses one). About 1 minute after the download. Not part of the test command.
#   bash tests/flink-savepoint-commits/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" SavepointCommits 600 "${1:-2.3.0}" "${FLINK_VENV:-}"
