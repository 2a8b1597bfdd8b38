#!/usr/bin/env bash
# What a savepoint records as the max parallelism of a source (an operator with an operator
# coordinator) and of the operators after it, and which restores of such a savepoint Flink
# accepts, on a real standalone Flink cluster (bin/start-cluster.sh and bin/flink of the
# apache-flink wheel, beside apache-flink-libraries' jars). The job (MixedMaxpJob.java): a
# generator source (uid gen), keyBy, a keyed count (uid count-per-key), a sink (uid sink).
# mixed.py drives it with bin/flink and the REST API:
#   1.  first run at p=3 with env.setMaxParallelism(60) (3 source splits), stopped with a
#       canonical savepoint;
#   2.  1 restored at p=7 with env.setMaxParallelism(60): 4 of the source's 7 subtasks get no
#       split and FINISH; a savepoint while it runs, then a stop savepoint;
#   2u. the same with no max parallelism set anywhere in the job;
#   3.  restores of 2u's stop savepoint at p=7: (a) env max parallelism 60, (b) the same with the
#       source at setMaxParallelism(128), (c) no env max parallelism, the keyed count and the
#       sink at setMaxParallelism(60), (d) env 60 with the source pinned at
#       setMaxParallelism(60), (e) no max parallelism anywhere;
#   4.  controls where no source subtask finishes: 1 restored at p=7 with the source kept at
#       setParallelism(3), with env 60 (4) and with nothing set (4u); 1 restored at p=3 with
#       nothing set (4s); 4's savepoint restored with 3a's job (4a).
# Each job is OK (the running vertices' parallelism and max parallelism from REST, then its stop
# savepoint's operators) or FAIL (the root exception). Every savepoint's operators (uid, operator
# id, parallelism, max parallelism, finished subtask states) are read from its _metadata with
# Flink's own loader (SavepointOperators.java).
# Writes observed-flink-<version>.txt beside this script. Needs Java 17 (javac, java, jar),
# python3 and PyPI. About three and a half minutes on two cores after the download. Not part of
# the test command.
#   bash tests/flink-mixed-maxp/run.sh [flink-version]
#   FLINK_CLUSTER_VENV=/tmp/flink-cluster bash tests/flink-mixed-maxp/run.sh   # keep the download
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=${1:-2.3.0}
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_work flink-mixed-maxp
venv=${FLINK_CLUSTER_VENV:-$FLINK_WORK/venv}
flink_install "$venv" "$version"
"$venv/bin/pip" install --quiet --no-deps "apache-flink==$version" || flink_fail "pip could not install apache-flink==$version"
home=$(dirname "$(dirname "$FLINK_DIST")")
[ -x "$home/bin/start-cluster.sh" ] || flink_fail "no bin/start-cluster.sh under $home (apache-flink==$version)"
command -v jar >/dev/null || flink_fail "no jar tool (a JDK's bin/jar) on PATH"

flink_compile "$here/MixedMaxpJob.java" "$here/SavepointOperators.java"
jar cfe "$FLINK_WORK/job.jar" MixedMaxpJob -C "$FLINK_CLASSES" .

# The cluster: one JobManager, one TaskManager with 16 slots, RocksDB with incremental
# checkpoints every 2 s (the finished-tasks checkpoints are on by default in 2.x).
port=18495
if python3 -c "import urllib.request; urllib.request.urlopen('http://localhost:$port/overview', timeout=2)" 2>/dev/null; then
  flink_fail "something already answers on http://localhost:$port (another cluster?)"
fi
conf=$FLINK_WORK/conf
mkdir -p "$conf" "$FLINK_WORK/log"
cp "$home/conf/log4j.properties" "$home/conf/log4j-cli.properties" "$home/conf/log4j-console.properties" "$conf/"
opts=$(sed -n 's/^ *all: \(--add-exports.*\)$/\1/p' "$home/conf/config.yaml" | head -n 1)
[ -n "$opts" ] || flink_fail "no env.java.opts.all in $home/conf/config.yaml"
cat >"$conf/config.yaml" <<YAML
env.java.opts.all: $opts
jobmanager.rpc.address: localhost
jobmanager.bind-host: localhost
jobmanager.memory.process.size: 1024m
taskmanager.bind-host: localhost
taskmanager.host: localhost
taskmanager.numberOfTaskSlots: 16
taskmanager.memory.process.size: 2048m
taskmanager.memory.managed.size: 256m
rest.address: localhost
rest.bind-address: localhost
rest.port: $port
parallelism.default: 1
state.backend.type: rocksdb
execution.checkpointing.incremental: true
execution.checkpointing.interval: 2s
execution.checkpointing.dir: file://$FLINK_WORK/checkpoints
execution.checkpointing.savepoint-dir: file://$FLINK_WORK/savepoints
YAML
printf 'localhost:%s\n' "$port" >"$conf/masters"
printf 'localhost\n' >"$conf/workers"
export FLINK_CONF_DIR=$conf FLINK_LOG_DIR=$FLINK_WORK/log
stop_cluster() {
  "$home/bin/stop-cluster.sh" >/dev/null 2>&1 || true
  rm -rf "$FLINK_WORK"
}
trap stop_cluster EXIT
"$home/bin/start-cluster.sh" >/dev/null
for _ in $(seq 1 120); do
  if python3 -c "import urllib.request,sys; sys.exit(0 if b'\"taskmanagers\":1' in urllib.request.urlopen('http://localhost:$port/overview').read().replace(b' ', b'') else 1)" 2>/dev/null; then
    break
  fi
  sleep 1
done
python3 -c "import urllib.request; urllib.request.urlopen('http://localhost:$port/overview')" 2>/dev/null \
  || flink_fail "the cluster did not answer on http://localhost:$port (logs: $FLINK_WORK/log)"

python3 "$here/mixed.py" "$FLINK_WORK" "$home" "$port" "$FLINK_WORK/job.jar" "$FLINK_CLASSES:$FLINK_CP" >"$FLINK_WORK/observed.txt"
{
  echo "# tests/flink-mixed-maxp/run.sh $version: $(java -version 2>&1 | head -n 1); Flink $version standalone cluster"
  echo "# (bin/start-cluster.sh, one TaskManager, RocksDB, checkpoints every 2 s), jobs submitted with bin/flink"
  echo "# (MixedMaxpJob.java), savepoints read with Checkpoints.loadCheckpointMetadata (SavepointOperators.java),"
  echo "# vertices from the REST API (GET /jobs/<id>). Work directory, job ids and savepoint names left out."
  cat "$FLINK_WORK/observed.txt"
} >"$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt"
