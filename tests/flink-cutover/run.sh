#!/usr/bin/env bash
# The cutover of a rescale above the snapshot's max parallelism, per stateful operator, through
# real Flink (a MiniCluster in one JVM): CutoverChecks.java restores a seed-004-shaped job (a
# source with split state, a union-state operator, a keyed sum, a sink with a committer) at
# p=200 from savepoints whose operators carry max parallelism 128 or 1000, the way the planner's
# per-operator cutover table says each can go (pinned, dropped, rebuilt), and checks every
# committed total against the trace kit's trace.csv. Writes observed-flink-<version>.txt next to
# this script; src/model/planner/cutover_tests.rs holds it.
# Needs Java 17 and PyPI (apache-flink-libraries in a virtualenv, ~330 MB; FLINK_VENV=/some/dir
# keeps it between runs). About two minutes after the download. Not part of the test command.
#   bash tests/flink-cutover/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=${1:-2.3.0}
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_setup "$version" "${FLINK_VENV:-}" flink-cutover
flink_compile_lab "$here/CutoverChecks.java" "$FLINK_TRACE_JOB_JAVA"
mkdir -p "$FLINK_WORK/run"
flink_java 900 -Dlog4j.configurationFile="$here/log4j2.properties" -Dobs.log="$FLINK_WORK/flink.log" \
  CutoverChecks "$FLINK_WORK/run" "$here/../flink-trace-kit" >"$FLINK_WORK/observed.txt"
mv "$FLINK_WORK/observed.txt" "$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt"
