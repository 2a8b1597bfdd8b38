#!/usr/bin/env bash
# Regenerates tests/flink-savepoints/fixtures/<release>/ from real Flink: for each release a
# MiniCluster job writes savepoints and retained checkpoints (SavepointFixtures.java), only their
# _metadata files are kept, and beside each one goes flink-report.json: what Flink's own
# Checkpoints.loadCheckpointMetadata reads from it. operator-ids.json holds uid -> operator id
# pairs computed by Flink. tests/savepoint.rs compares the Rust parser with every report.
#
# Needs Java 17 (javac) and PyPI: each release's flink-dist comes from the PyPI package
# apache-flink-libraries (about 110-200 MB per release), installed into a throw-away virtualenv.
# Not part of the test command. About a minute per release after the download.
#   bash tests/flink-savepoints/generate.sh [release ...]       (default: all releases below)
#   bash tests/flink-savepoints/generate.sh --reports-only [release ...]
#       keeps the committed _metadata files and rewrites only what Flink reports for them.
#   FLINK_VENV_CACHE=/some/dir keeps the virtualenvs between runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
reports_only=false
if [ "${1:-}" = "--reports-only" ]; then reports_only=true; shift; fi
releases=("$@")
[ ${#releases[@]} -gt 0 ] || releases=(1.15.4 1.16.3 1.17.2 1.18.1 1.19.3 1.20.3 2.0.2 2.1.3 2.2.1 2.3.0)
flink_work
work=$FLINK_WORK
cache=${FLINK_VENV_CACHE:-$work/venvs}
mkdir -p "$cache"
# Flink 1.x reflects into the JDK; Java 17 needs these opened.
opens=()
for p in java.lang java.lang.reflect java.io java.nio java.net java.text java.time java.util \
  java.util.concurrent java.util.concurrent.atomic sun.nio.ch jdk.internal.misc; do
  opens+=("--add-opens=java.base/$p=ALL-UNNAMED")
done
java_version=$(java -version 2>&1 | head -n 1)
for release in "${releases[@]}"; do
  # FLINK_DIST, FLINK_CP (with 1.15's shaded ZooKeeper jar), FLINK_CLASSES for this release
  flink_install "$cache/venv-$release" "$release"
  flink_compile "$here/SavepointFixtures.java"
  log4j=(-Dlog4j.configurationFile="$here/log4j2.properties" -Dfixtures.log="$work/flink-$release.log")
  if $reports_only; then
    [ -d "$here/fixtures/$release" ] || flink_fail "no fixtures for $release"
    java "${opens[@]}" "${log4j[@]}" -cp "$FLINK_CLASSES:$FLINK_CP" SavepointFixtures --report-only "$here/fixtures/$release"
    continue
  fi
  out="$work/out-$release"
  flink_java 1200 "${opens[@]}" "${log4j[@]}" SavepointFixtures "$out" "$work/run-$release" \
    || { tail -n 40 "$work/flink-$release.log" >&2; flink_fail "Flink $release failed; its log (end above): $work/flink-$release.log"; }
  rm -rf "$here/fixtures/$release"
  mkdir -p "$here/fixtures"
  cp -r "$out" "$here/fixtures/$release"
  echo "flink $release ($(basename "$FLINK_DIST") from apache-flink-libraries $release), $java_version" \
    > "$here/fixtures/$release/SOURCE.txt"
done
du -sh "$here/fixtures"
