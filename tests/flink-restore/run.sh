#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe which parallelism / max-parallelism
# check fails first when a job is submitted or restored from a savepoint. The planner's
# restore predictor (src/model/restore.rs) encodes what this printed: observed-flink-2.3.0.txt.
# Needs Java 17 and PyPI (installs apache-flink-libraries into a throw-away virtualenv, ~330 MB;
# set FLINK_VENV=/some/dir to keep and reuse it between runs). Takes about 25 s after the
# download. Not part of the test command. The committed file is the report's SUMMARY block, the
# run's work directory written as <work>.
#   bash tests/flink-restore/run.sh [default|adaptive] [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
scheduler=${1:-default}
version=${2:-2.3.0}
flink_setup "$version" "${FLINK_VENV:-}"
flink_compile_lab "$here/RestoreChecks.java"
mkdir -p "$FLINK_WORK/run"
flink_java 900 -Dlog4j.configurationFile="$here/log4j2.properties" -Drestorechecks.log="$FLINK_WORK/flink.log" \
  RestoreChecks "$FLINK_WORK/run" "$scheduler"
