#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe the first checkpoint after a restore
# (full or incremental, by restore mode and by snapshot) and what a checkpoint slower than
# execution.checkpointing.timeout does to a job (FirstCheckpoint.java says how). The planner's
# first-checkpoint table holds what it printed: observed-flink-<version>.txt. Needs Java 17 and
# PyPI (apache-flink-libraries in a throw-away virtualenv; FLINK_VENV=/some/dir keeps it).
# Takes about 2 minutes after the download. Not part of the test command.
#   bash tests/flink-first-checkpoint/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" FirstCheckpoint 900 "${1:-2.3.0}" "${FLINK_VENV:-}"
