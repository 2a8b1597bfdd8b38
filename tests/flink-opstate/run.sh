#!/usr/bin/env bash
# Runs real Flink (a MiniCluster in one JVM) to observe how split (round-robin) list state, union
# list state and broadcast state are redistributed on restore at another parallelism, and what a
# changed uid does with and without allowNonRestoredState. Writes observed-flink-<version>.txt
# next to this script.
# Needs Java 17 and PyPI (installs apache-flink-libraries into a virtualenv, ~330 MB; set
# FLINK_VENV=/some/dir to keep and reuse it between runs). Takes about a minute after the
# download. Not part of the test command.
#   bash tests/flink-opstate/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=${1:-2.3.0}
work=$(mktemp -d "${TMPDIR:-/tmp}/flink-opstate.XXXXXX")
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
javac -nowarn -d "$work/classes" -cp "$cp" "$here/OpStateChecks.java"
timeout 900 java -Xmx1g -XX:MaxDirectMemorySize=512m \
  -Dlog4j.configurationFile="$here/log4j2.properties" -Dobs.log="$work/flink.log" \
  -cp "$work/classes:$cp" OpStateChecks "$work/run" >"$work/observed.txt"
mv "$work/observed.txt" "$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt"
