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
reports_only=false
if [ "${1:-}" = "--reports-only" ]; then reports_only=true; shift; fi
releases=("$@")
[ ${#releases[@]} -gt 0 ] || releases=(1.15.4 1.16.3 1.20.3 2.0.2 2.1.3 2.3.0)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
  venv="$cache/venv-$release"
  if [ ! -d "$venv" ]; then
    python3 -m venv "$venv"
    # 1.15-2.1 are source packages (the build needs pip's normal build isolation); 2.2+ are wheels.
    "$venv/bin/pip" install --quiet --no-deps "apache-flink-libraries==$release"
  fi
  jar=$(find "$venv" -name "flink-dist*-$release.jar" | head -n 1)
  [ -n "$jar" ] || { echo "flink-dist-$release.jar not found in apache-flink-libraries $release ($venv)" >&2; exit 1; }
  lib=$(dirname "$jar")
  ls "$lib"/log4j-*.jar >/dev/null 2>&1 || { echo "no log4j jars beside $jar" >&2; exit 1; }
  # 1.15's flink-dist needs the shaded ZooKeeper jar beside it (shaded curator/guava classes).
  cp="$jar"
  for extra in "$lib"/log4j-*.jar "$lib"/flink-shaded-zookeeper-*.jar; do
    if [ -f "$extra" ]; then cp="$cp:$extra"; fi
  done
  classes="$work/classes-$release"
  mkdir -p "$classes"
  javac -nowarn -encoding UTF-8 -d "$classes" -cp "$jar" "$here/SavepointFixtures.java" 2>&1 | grep -v '^Note:' || true
  [ -f "$classes/SavepointFixtures.class" ] || { echo "compiling SavepointFixtures.java against $release failed" >&2; exit 1; }
  if $reports_only; then
    [ -d "$here/fixtures/$release" ] || { echo "no fixtures for $release" >&2; exit 1; }
    java "${opens[@]}" -Dlog4j.configurationFile="$here/log4j2.properties" -Dfixtures.log="$work/flink-$release.log" \
      -cp "$classes:$cp" SavepointFixtures --report-only "$here/fixtures/$release"
    continue
  fi
  out="$work/out-$release"
  timeout 1200 java -Xmx1g -XX:MaxDirectMemorySize=512m "${opens[@]}" \
    -Dlog4j.configurationFile="$here/log4j2.properties" -Dfixtures.log="$work/flink-$release.log" \
    -cp "$classes:$cp" SavepointFixtures "$out" "$work/run-$release" \
    || { echo "Flink $release failed; its log: $work/flink-$release.log" >&2; tail -n 40 "$work/flink-$release.log" >&2; exit 1; }
  rm -rf "$here/fixtures/$release"
  mkdir -p "$here/fixtures"
  cp -r "$out" "$here/fixtures/$release"
  echo "flink $release ($(basename "$jar") from apache-flink-libraries $release), $java_version" \
    > "$here/fixtures/$release/SOURCE.txt"
done
du -sh "$here/fixtures"
