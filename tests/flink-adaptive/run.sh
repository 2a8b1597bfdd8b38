#!/usr/bin/env bash
# Runs real Flink (MiniClusters with REST, in one JVM) to observe in-place rescaling through
# PUT /jobs/:jobid/resource-requirements (FLIP-291) with the adaptive scheduler, and the same
# request under the default scheduler. Writes observed-flink-<version>.txt next to this script.
# Needs Java 17 and PyPI (installs apache-flink-libraries into a virtualenv, ~330 MB; set
# FLINK_VENV=/some/dir to keep and reuse it between runs). Takes about 3 minutes after the
# download. Not part of the test command.
#   bash tests/flink-adaptive/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" AdaptiveChecks 900 "${1:-2.3.0}" "${FLINK_VENV:-}"
