#!/usr/bin/env bash
# Observes what Flink does with an empty uid (and a blank one, and an ordinary one) on an
# operator: EmptyUid.java builds the job graph on the client, no cluster. Writes
# observed-flink-<version>.txt next to this script. Needs Java 17 and PyPI (apache-flink-libraries
# into a virtualenv, ~330 MB; FLINK_VENV=/some/dir keeps it between runs). Seconds after the
# download. Not part of the test command.
#   bash tests/flink-empty-uid/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" EmptyUid 120 "${1:-2.3.0}" "${FLINK_VENV:-}"
