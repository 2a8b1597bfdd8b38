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
version=${1:-2.3.0}
flink_setup "$version" "${FLINK_VENV:-}" flink-empty-uid
flink_compile "$here/EmptyUid.java"
flink_java 120 EmptyUid >"$FLINK_WORK/observed.txt" 2>"$FLINK_WORK/stderr.txt" \
  || { cat "$FLINK_WORK/stderr.txt" >&2; flink_fail "EmptyUid failed on $version"; }
mv "$FLINK_WORK/observed.txt" "$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt"
