#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe whether periodic checkpoints go on while a
# savepoint of the running job is taken (CheckpointsDuringSavepoint.java says how). Writes what it
# printed to observed-flink-<version>.txt next to this script. Needs Java 17 and PyPI
# (apache-flink-libraries in a throw-away virtualenv; FLINK_VENV=/some/dir reuses one). About a
# minute after the download. Not part of the test command.
#   bash tests/flink-checkpoints-during-savepoint/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" CheckpointsDuringSavepoint 300 "${1:-2.3.0}" "${FLINK_VENV:-}"
