#!/usr/bin/env bash
# The trace lab's kit through real Flink (a MiniCluster in one JVM): writes trace.csv and
# trace-totals.csv with the lab's own model (cargo run --example trace_kit, the lab's default
# link), then runs TraceKit.java: a keyed sum over the trace, stopped with a savepoint at offset
# 160 at p=4, restored at p=6 (same uids; the sum's uid changed; the source's uid changed), each
# writing its per-key totals (output-*.csv) next to this script, and the report
# observed-flink-<version>.txt.
# Needs cargo, Java 17 and PyPI (installs apache-flink-libraries into a virtualenv, ~330 MB; set
# FLINK_VENV=/some/dir to keep and reuse it). Takes about a minute after the download. Not part
# of the test command.
#   bash tests/flink-trace-kit/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=${1:-2.3.0}
(cd "$here/../.." && cargo run --quiet --example trace_kit -- '#/trace' "$here")
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_setup "$version" "${FLINK_VENV:-}" flink-trace-kit
flink_compile_lab "$here/TraceKit.java" "$FLINK_TRACE_JOB_JAVA"
mkdir -p "$FLINK_WORK/run"
flink_java 600 -Dlog4j.configurationFile="$here/log4j2.properties" -Dobs.log="$FLINK_WORK/flink.log" \
  TraceKit "$FLINK_WORK/run" "$here" >"$FLINK_WORK/observed.txt"
mv "$FLINK_WORK/observed.txt" "$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt"
