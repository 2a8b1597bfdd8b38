#!/usr/bin/env bash
# Regenerates tests/vectors/*.tsv from Apache Flink's own jar. Needs network access to PyPI
# (~330 MB download) and a JDK 17 (javac). Not part of the test command: the vectors are
# committed, and the tests compare against them.
#   bash tests/flink-vectors/generate.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
version=${1:-2.3.0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --no-deps "apache-flink-libraries==$version"
jar=$(find "$work/venv" -name "flink-dist-*.jar" -print -quit)
[ -n "$jar" ] || { echo "flink-dist jar not found in apache-flink-libraries $version" >&2; exit 1; }
mkdir -p "$work/classes"
javac -encoding UTF-8 -cp "$jar" -d "$work/classes" "$here/GenerateVectors.java"
java -cp "$jar:$work/classes" GenerateVectors "$root/tests/vectors"
echo "flink $version ($(basename "$jar")), java $(java -version 2>&1 | head -n 1)" > "$root/tests/vectors/SOURCE.txt"
wc -l "$root"/tests/vectors/*.tsv
