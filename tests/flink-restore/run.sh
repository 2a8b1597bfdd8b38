#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe which parallelism / max-parallelism
# check fails first when a job is submitted or restored from a savepoint. The planner's
# restore predictor (src/model/restore.rs) encodes what this printed: observed-flink-2.3.0.txt.
# Needs Java 17 and PyPI (installs apache-flink-libraries into a throw-away virtualenv, ~330 MB).
# Takes about 25 s after the download. Not part of the test command.
#   bash tests/flink-restore/run.sh [default|adaptive] [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scheduler=${1:-default}
version=${2:-2.3.0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --no-deps "apache-flink-libraries==$version"
jar=$(find "$work/venv" -name "flink-dist-*.jar" -print -quit)
[ -n "$jar" ] || { echo "flink-dist jar not found in apache-flink-libraries $version" >&2; exit 1; }
lib=$(dirname "$jar")
cp="$jar"
for log4j in "$lib"/log4j-*.jar; do
  [ -e "$log4j" ] || { echo "log4j jars not found beside $jar" >&2; exit 1; }
  cp="$cp:$log4j"
done
mkdir -p "$work/classes" "$work/run"
javac -nowarn -d "$work/classes" -cp "$cp" "$here/RestoreChecks.java"
timeout 900 java -Xmx1g -XX:MaxDirectMemorySize=512m \
  -Dlog4j.configurationFile="$here/log4j2.properties" -Drestorechecks.log="$work/flink.log" \
  -cp "$work/classes:$cp" RestoreChecks "$work/run" "$scheduler"
