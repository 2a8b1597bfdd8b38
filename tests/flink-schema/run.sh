#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe a keyed job restored from a savepoint after
# its ValueState's serializer changed: job states, task failures, restarts and the exact messages,
# for the hashmap and RocksDB backends. Writes observed-flink-<version>.txt next to this script.
# Needs Java 17 and PyPI (installs apache-flink-libraries into a virtualenv, ~330 MB; set
# FLINK_VENV=/some/dir to keep and reuse it between runs). Takes about 2 minutes after the
# download. Not part of the test command.
#   bash tests/flink-schema/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" SchemaChecks 1200 "${1:-2.3.0}" "${FLINK_VENV:-}"
