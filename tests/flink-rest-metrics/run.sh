#!/usr/bin/env bash
# Runs real Flink (a MiniCluster with REST, in one JVM) with a skewed keyed job and captures the
# REST bodies of the keyed vertex's per-subtask metrics next to the counts the job itself made.
# Writes observed-flink-<version>.txt and bodies-flink-<version>/ next to this script.
# Needs Java 17 and PyPI (installs apache-flink-libraries into a virtualenv, ~330 MB; set
# FLINK_VENV=/some/dir to keep and reuse it between runs). Takes about 2 minutes (it waits out the 60 s meter window) after the
# download. Not part of the test command.
#   bash tests/flink-rest-metrics/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
version=${1:-2.3.0}
flink_setup "$version" "${FLINK_VENV:-}" flink-rest-metrics
flink_compile_lab "$here/RestMetrics.java"
mkdir -p "$FLINK_WORK/run"
flink_java 900 -Dlog4j.configurationFile="$here/log4j2.properties" -Dobs.log="$FLINK_WORK/flink.log" \
  RestMetrics "$FLINK_WORK/run" "$FLINK_WORK/out"
rm -rf "$here/bodies-flink-$version"
mv "$FLINK_WORK/out/bodies" "$here/bodies-flink-$version"
mv "$FLINK_WORK/out/observed-flink-2.3.0.txt" "$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt and $here/bodies-flink-$version/"
