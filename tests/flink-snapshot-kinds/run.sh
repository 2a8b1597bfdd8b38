#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe what each snapshot kind allows: a canonical
# savepoint, a native savepoint, a retained aligned checkpoint (RocksDB, incremental) and a retained
# unaligned checkpoint, each restored at a different parallelism, with the other state backend,
# and in CLAIM or NO_CLAIM mode. Writes observed-flink-<version>.txt next to this script. Needs
# Java 17 and PyPI (apache-flink-libraries, ~330 MB; FLINK_VENV=/some/dir keeps and reuses it).
# About 25 s after the download. Not part of the test command.
#   bash tests/flink-snapshot-kinds/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" SnapshotKinds 900 "${1:-2.3.0}" "${FLINK_VENV:-}"
