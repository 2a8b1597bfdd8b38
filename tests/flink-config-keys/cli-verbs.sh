#!/usr/bin/env bash
# Runs every command of the planner's runbooks for one Flink release (its lines of
# runbook-commands.txt, `<release> | <command>`, held equal to the runbooks by
# src/model/planner/runbook/cli_tests.rs) through that release's real bin/flink (the
# apache-flink wheel's, beside apache-flink-libraries' jars), with no cluster: placeholders
# are filled in (<...-id> a job id of zeros, <RewriteJob> a class name, other <...> a path that
# does not exist), the REST endpoint is a closed port, and each command gets 90 s. A command
# either stops on its options at once ("Unrecognized option", "Missing argument") or gets past
# them and says what it does next (the missing jar, "Suspending job", "Triggering savepoint",
# "Cancelling job"); one that says nothing in that time is "silent", proof of neither. Three controls, each an option of
# another verb, must be refused. Writes cli-verbs-flink-<version>.txt next to this script:
#   parsed | <command> | <the first thing bin/flink said after the options>
#   refused | <command> | <what it said>
#   silent | <command> |
# Needs Java 17 and PyPI (an apache-flink wheel for this Python: 1.19 on, for Python 3.11); not
# part of the test command.
#   FLINK_VENV_CACHE=/tmp/flink-venvs bash tests/flink-config-keys/cli-verbs.sh [version, default 2.3.0]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
release=${1:-2.3.0}
# The runbooks' release, as the list names it (2.3 for 2.3.0).
minor=$(printf '%s' "$release" | cut -d. -f1-2)
grep -q "^$minor | " "$here/runbook-commands.txt" || flink_fail "runbook-commands.txt lists no command for release $minor"
flink_work flink-cli-verbs
cache=${FLINK_VENV_CACHE:-$FLINK_WORK/venvs}
mkdir -p "$cache"
flink_install "$cache/venv-$release" "$release"
"$cache/venv-$release/bin/pip" install --quiet --no-deps "apache-flink==$release" \
  || flink_fail "pip could not install apache-flink==$release"
home=$(dirname "$(dirname "$FLINK_DIST")")
[ -x "$home/bin/flink" ] || flink_fail "no bin/flink under $home (apache-flink==$release)"
# A configuration of its own: the REST endpoint is a closed port on loopback, so nothing real is asked.
mkdir -p "$FLINK_WORK/conf"
cp "$home/conf/"log4j-cli.properties "$FLINK_WORK/conf/"
printf 'rest.address: 127.0.0.1\nrest.port: 1\n' >"$FLINK_WORK/conf/config.yaml"
export FLINK_CONF_DIR=$FLINK_WORK/conf FLINK_LOG_DIR=$FLINK_WORK/log
mkdir -p "$FLINK_LOG_DIR"
controls=(
  "flink stop -s <savepoint-dir> <job-id>"
  "flink cancel --claimMode NO_CLAIM <job-id>"
  "flink savepoint --allowNonRestoredState <job-id> <savepoint-dir>"
)
out=$FLINK_WORK/observed.txt
echo "# Flink $release bin/flink, $(date -u +%Y-%m-%d)" >"$out"
while IFS= read -r command; do
  [ -n "$command" ] || continue
  filled=$(sed -E 's/<[^>]*id>/00000000000000000000000000000000/g; s/<RewriteJob>/org.example.RewriteJob/g; s#<[^>]*>#/tmp/rescale-lab-absent/x#g' <<<"$command")
  read -r -a words <<<"${filled#flink }"
  said=$(timeout 90 "$home/bin/flink" "${words[@]}" 2>&1 | grep -v '^\s*at \|^\s*$' | head -n 3 | tr '\n' ' ' || true)
  if grep -qE 'Unrecognized option|Missing argument|Could not parse command line' <<<"$said"; then
    echo "refused | $command | ${said:0:200}" >>"$out"
  elif [ -z "${said// /}" ]; then
    echo "silent | $command |" >>"$out"
  else
    echo "parsed | $command | ${said:0:200}" >>"$out"
  fi
done < <(sed -n "s/^$minor | //p" "$here/runbook-commands.txt"; printf '%s\n' "${controls[@]}")
mv "$out" "$here/cli-verbs-flink-$release.txt"
echo "wrote $here/cli-verbs-flink-$release.txt"
