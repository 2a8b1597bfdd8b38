#!/usr/bin/env bash
# Reads every older release's committed fixture with a newer release's loader: a copy of each
# fixtures/<release>/ gets its flink-report.json written again by SavepointFixtures
# --report-only under the newer flink-dist, and each report is compared with the one the
# writing release made (all but the "flink_version" field must be equal). Prints one line per
# release and writes them to cross-release-flink-<newer>.txt beside this script.
# Needs Java 17 and PyPI, as generate.sh. Not part of the test command.
#   bash tests/flink-savepoints/cross-release.sh [newer-release]      (default 2.3.0)
#   FLINK_VENV=/some/dir keeps the newer release's virtualenv between runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
newer=${1:-2.3.0}
flink_work
work=$FLINK_WORK
flink_install "${FLINK_VENV:-$work/venv}" "$newer"
flink_compile "$here/SavepointFixtures.java"
opens=()
for p in java.lang java.lang.reflect java.io java.nio java.net java.text java.time java.util \
  java.util.concurrent java.util.concurrent.atomic sun.nio.ch jdk.internal.misc; do
  opens+=("--add-opens=java.base/$p=ALL-UNNAMED")
done
without_version() { tr ',' '\n' < "$1" | grep -v '"flink_version"'; }
out="$here/cross-release-flink-$newer.txt"
{
  echo "# Committed fixtures of each release, read by Flink $newer's Checkpoints.loadCheckpointMetadata"
  echo "# (tests/flink-savepoints/cross-release.sh): reports compared field by field with the writer's own."
  for dir in "$here"/fixtures/*/; do
    release=$(basename "$dir")
    [ "$release" = "$newer" ] && continue
    cp -r "$dir" "$work/$release"
    java "${opens[@]}" -Dlog4j.configurationFile="$here/log4j2.properties" -Dfixtures.log="$work/flink.log" \
      -cp "$FLINK_CLASSES:$FLINK_CP" SavepointFixtures --report-only "$work/$release" > /dev/null \
      || flink_fail "Flink $newer could not read the fixtures of $release; its log: $work/flink.log"
    total=0 differing=()
    for report in "$dir"*/flink-report.json; do
      case_name=$(basename "$(dirname "$report")")
      total=$((total + 1))
      if ! diff -q <(without_version "$report") <(without_version "$work/$release/$case_name/flink-report.json") > /dev/null; then
        differing+=("$case_name")
      fi
    done
    echo "$release: $total files; read differently by $newer: ${#differing[@]}${differing[*]:+ (${differing[*]})}"
  done
} | tee "$work/observed.txt"
# Only a run that read every release replaces the committed observation.
mv "$work/observed.txt" "$out"
