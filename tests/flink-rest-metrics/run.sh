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
version=${1:-2.3.0}
work=$(mktemp -d "${TMPDIR:-/tmp}/flink-rest-metrics.XXXXXX")
trap 'rm -rf "$work"' EXIT
venv=${FLINK_VENV:-$work/venv}
if [ ! -x "$venv/bin/pip" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --no-deps "apache-flink-libraries==$version"
dist=$(find "$venv" -name "flink-dist-$version.jar" | head -n 1)
if [ -z "$dist" ]; then
  echo "run.sh: flink-dist-$version.jar not found under $venv (apache-flink-libraries==$version)" >&2
  exit 1
fi
lib=$(dirname "$dist")
cp="$dist:$(find "$lib" -name 'log4j-*.jar' | sort | tr '\n' ':')"
mkdir -p "$work/classes" "$work/run"
javac -nowarn -d "$work/classes" -cp "$cp" "$here/RestMetrics.java"
timeout 900 java -Xmx1g -XX:MaxDirectMemorySize=512m \
  -Dlog4j.configurationFile="$here/log4j2.properties" -Dobs.log="$work/flink.log" \
  -cp "$work/classes:$cp" RestMetrics "$work/run" "$work/out"
rm -rf "$here/bodies-flink-$version"
mv "$work/out/bodies" "$here/bodies-flink-$version"
mv "$work/out/observed-flink-2.3.0.txt" "$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt and $here/bodies-flink-$version/"
