#!/usr/bin/env bash
# Regenerates tests/vectors/*.tsv from Apache Flink's own jar. Needs network access to PyPI
# (~330 MB download into a throw-away virtualenv; set FLINK_VENV=/some/dir to keep and reuse it)
# and a JDK 17 (javac). Not part of the test command: the vectors are committed, and the tests
# compare against them.
#   bash tests/flink-vectors/generate.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
version=${1:-2.3.0}
flink_setup "$version" "${FLINK_VENV:-}"
flink_compile "$here/GenerateVectors.java"
java -cp "$FLINK_DIST:$FLINK_CLASSES" GenerateVectors "$root/tests/vectors"
echo "flink $version ($(basename "$FLINK_DIST")), java $(java -version 2>&1 | head -n 1)" > "$root/tests/vectors/SOURCE.txt"
wc -l "$root"/tests/vectors/*.tsv
