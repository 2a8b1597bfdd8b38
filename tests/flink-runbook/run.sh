#!/usr/bin/env bash
# The planner's runbook, run literally on a real standalone Flink cluster (bin/start-cluster.sh
# and bin/flink of the apache-flink wheel, beside apache-flink-libraries' jars): a job shaped
# like seed 004's (RunbookJob.java: a source with split state over the trace kit's trace.csv, a
# union-state operator, a keyed sum, a sink that commits on checkpoints), scaled down to two
# cores: first run at p=2 with max parallelism 4, the restart at 6 fails, and the runbook the
# planner writes for that link (cargo run --example runbook) is run step by step by journey.py
# (cluster.py: its calls to bin/flink and the REST API), the rewrite stood in for (no State
# Processor API jar here). The committed totals are checked with the trace kit's checker. Two
# routes, by how the job was stopped before the failed restart:
#   ROUTE=checkpoint (default)  cancelled; its latest snapshot is a retained checkpoint (the
#                               planner's default, snapshot=checkpoint). Writes
#                               observed-flink-<version>.txt and runbook-2.3.md.
#   ROUTE=savepoint             stopped with flink stop --type canonical (a stop-with-savepoint,
#                               "Suspend Savepoint"); the link says snapshot=canonical. Writes
#                               observed-stop-savepoint-flink-<version>.txt and
#                               runbook-2.3-stop-savepoint.md.
# A third route runs the plan's other way, in place on the running job (inplace.py):
#   ROUTE=inplace               the cluster's JobManager with jobmanager.scheduler: adaptive (its
#                               cooldown and stabilization waits shortened to 1 s and 2 s); the
#                               job at p=2 with max parallelism 8; the three commands (curl, and
#                               jq writing requirements.json) of the plan's section "Or in place:
#                               the adaptive scheduler" (cargo run --example runbook -- <link>
#                               --plan) run as printed, then the same for a link above max
#                               parallelism. Writes
#                               observed-inplace-flink-<version>.txt and plan-inplace-2.3.md.
# Next to this script; src/labs/planner/journey_tests.rs, journey_savepoint_tests.rs and
# journey_inplace_tests.rs hold them. Needs cargo, Java 17 (javac, jar), python3 and PyPI, and
# curl and jq for the in-place route (the others call the REST API with Python's urllib). About
# four minutes a route after the download (the in-place route: under two). Not part of the test
# command.
#   bash tests/flink-runbook/run.sh [flink-version]
#   ROUTE=savepoint bash tests/flink-runbook/run.sh [flink-version]
#   ROUTE=inplace bash tests/flink-runbook/run.sh [flink-version]   # needs curl and jq too
#   FLINK_CLUSTER_VENV=/tmp/flink-cluster bash tests/flink-runbook/run.sh   # keep the download
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
version=${1:-2.3.0}
# The planner link: the job is down, first run at 2 with max parallelism 4, 6 wanted; one source
# split (the trace kit's source), RocksDB, Flink 2.3's names. The planner is told 200 GiB of
# state, so that its first checkpoint (about 11 min at the default rates) needs the raised keys
# the journey checks; the job's own state is small, its checkpoints slowed to 15 s under the
# cluster's 10 s timeout, which stands in for the 10 min default. The savepoint route's link is
# the same with snapshot=canonical: the job's latest snapshot is its stop savepoint.
link='#/planner?current=2&p=6&first=2&saved_maxp=4&partitions=1&state=200GiB&job=down&backend=rocksdb&release=2.3'
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
route=${ROUTE:-checkpoint}
case $route in
  checkpoint)
    observed=observed-flink-$version.txt
    runbook='runbook-2.3.md'
    ;;
  savepoint)
    link="$link&snapshot=canonical"
    observed=observed-stop-savepoint-flink-$version.txt
    runbook='runbook-2.3-stop-savepoint.md'
    ;;
  inplace)
    # The job runs: at 2 with max parallelism 8, 4 wanted, in place; one source split, 16 slots,
    # RocksDB, about 1 MiB of state (12 keys with 64 KiB of ballast each). The refusal link is
    # the same asking 12, above the max.
    link='#/planner?current=2&p=4&first=2&saved_maxp=8&partitions=1&state=1MiB&job=running&scheduler=adaptive&slots=16&release=2.3&backend=rocksdb'
    above='#/planner?current=2&p=12&first=2&saved_maxp=8&partitions=1&state=1MiB&job=running&scheduler=adaptive&slots=16&release=2.3&backend=rocksdb'
    observed=observed-inplace-flink-$version.txt
    runbook='plan-inplace-2.3.md'
    command -v curl >/dev/null || flink_fail "no curl on PATH (the in-place route runs the plan's curl commands)"
    command -v jq >/dev/null || flink_fail "no jq on PATH (the plan's first in-place command pipes into jq)"
    ;;
  *) flink_fail "ROUTE is checkpoint, savepoint or inplace, not '$route'" ;;
esac
flink_cluster_install flink-runbook "$version"
home=$FLINK_HOME_DIR

# The jars: one build of RunbookJob.java, a job.properties per artefact.
flink_compile "$here/RunbookJob.java" "$here/OperatorIds.java" "$FLINK_TRACE_JOB_JAVA"
mkdir -p "$FLINK_WORK/jars/old" "$FLINK_WORK/jars/new" "$FLINK_WORK/gates" "$FLINK_WORK/output"
trace=$repo/tests/flink-trace-kit/trace.csv
artefact() { # JAR NAME GATE OUTPUT PIN SINK_P SINK_ALONE
  local props=$FLINK_WORK/props-$2
  mkdir -p "$props" "$FLINK_WORK/output/$4"
  printf 'name=%s\ntrace=%s\ngate=%s\nslow=%s\noutput=%s\npin=%s\nsink.parallelism=%s\nsink.alone=%s\nballast.bytes=65536\n' \
    "$2" "$trace" "$FLINK_WORK/gates/$3" "$FLINK_WORK/slow" "$FLINK_WORK/output/$4" "$5" "$6" "$7" >"$props/job.properties"
  jar cfe "$1" RunbookJob -C "$FLINK_CLASSES" . -C "$props" job.properties
}
# The job as first deployed (nothing pinned), its new code as the runbook's notes ask (source,
# tag and sink pinned at 4, the sink at 4 subtasks), the shadow (the new code, scratch sink), the
# old code as a shadow (to see it refused), and the stand-in for the rewrite.
artefact "$FLINK_WORK/jars/old/job.jar" live live live 0 0 false
artefact "$FLINK_WORK/jars/new/job.jar" cutover cutover live 4 4 false
artefact "$FLINK_WORK/jars/new/shadow.jar" shadow shadow scratch 4 4 false
artefact "$FLINK_WORK/jars/old/shadow.jar" shadow-old-code shadow scratch-old 0 0 false
artefact "$FLINK_WORK/jars/standin.jar" rewrite-standin standin standin 4 0 true

# The cluster (flink_cluster: one TaskManager with 16 slots, RocksDB with incremental checkpoints
# every 2 s), its checkpoints retained on cancellation; the checkpoint timeout at 10 s stands in
# for Flink's 10 min default (the restored job's checkpoints are made to take 15 s). The in-place
# route adds the adaptive scheduler, its waits while the job runs shortened to keep the run short
# (the defaults: 30 s and 1 min), and its rescale history kept (2.3 answers
# /jobs/<id>/rescales/*).
port=18481
keys=('execution.checkpointing.timeout: 10s' 'execution.checkpointing.externalized-checkpoint-retention: RETAIN_ON_CANCELLATION')
if [ "$route" = inplace ]; then
  keys+=('jobmanager.scheduler: adaptive'
    'jobmanager.adaptive-scheduler.executing.cooldown-after-rescaling: 1s'
    'jobmanager.adaptive-scheduler.executing.resource-stabilization-timeout: 2s'
    'web.adaptive-scheduler.rescale-history.size: 20')
fi
flink_cluster "$port" "${keys[@]}"

(cd "$repo" && cargo build --quiet --example runbook --example trace_kit --bin keygroups)
# The operator ids Flink's messages name, by uid.
java -cp "$FLINK_CLASSES:$FLINK_CP" OperatorIds src tag sum-per-key sink "Sink Committer: sink" >"$FLINK_WORK/operator-ids.txt"
export PATH=$home/bin:$PATH
if [ "$route" = inplace ]; then
  python3 "$here/inplace.py" "$FLINK_WORK" "$home" "$port" "$link" "$above" "$repo" >"$FLINK_WORK/observed.txt"
  ran=plan.md
else
  python3 "$here/journey.py" "$FLINK_WORK" "$home" "$port" "$link" "$here" "$repo" "$route" "$runbook" >"$FLINK_WORK/observed.txt"
  ran=runbook.md
fi
{ echo "# $(java -version 2>&1 | head -n 1); Flink $version standalone cluster (bin/start-cluster.sh), $(date -u +%Y-%m-%d)"; cat "$FLINK_WORK/observed.txt"; } >"$here/$observed"
cp "$FLINK_WORK/$ran" "$here/$runbook"
echo "wrote $here/$observed and $here/$runbook"
