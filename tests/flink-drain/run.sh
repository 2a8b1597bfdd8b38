#!/usr/bin/env bash
# What `flink stop --drain` (a stop-with-savepoint that first pushes the watermark to the end)
# does, against a plain `flink stop`, on a real standalone Flink cluster (bin/start-cluster.sh
# and bin/flink of the apache-flink wheel, beside apache-flink-libraries' jars). The job
# (DrainJob.java, p=2): a generator source (uid gen), every record at the same event time, keyBy
# over 40 keys, a KeyedProcessFunction (uid timers) that counts each key and registers an
# event-time timer one hour after the record, a sink (uid sink); the watermark stays an hour
# behind the timers, so 40 timers are pending. Each fired timer appends a line to a file.
# drain.py drives it with bin/flink and the REST API:
#   1.  a run stopped with `flink stop --type canonical` (plain);
#   2.  a second run stopped with `flink stop --drain --type canonical` (drained);
#   3.  each savepoint restored (same job, p=2) with records stamped two hours later, so the
#       watermark passes the first runs' timers; stopped with a plain stop.
# For each stop: the timers fired before it and at it, and the savepoint's type name and
# operators' keyed state sizes from its _metadata, read with Flink's own loader
# (SavepointDrain.java); for each restore: the timers that fired.
# Writes observed-flink-<version>.txt beside this script. Needs Java 17 (javac, java, jar),
# python3 and PyPI. Two to four minutes on two cores after the download. Not part of the
# test command.
#   bash tests/flink-drain/run.sh [flink-version]
#   FLINK_CLUSTER_VENV=/tmp/flink-cluster bash tests/flink-drain/run.sh   # keep the download
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=${1:-2.3.0}
# shellcheck source=../flink-common/flink.sh disable=SC1091 # followed with shellcheck -x from this folder
. "$here/../flink-common/flink.sh"
flink_cluster_install flink-drain "$version"
home=$FLINK_HOME_DIR

flink_compile "$here/DrainJob.java" "$here/SavepointDrain.java"
jar cfe "$FLINK_WORK/job.jar" DrainJob -C "$FLINK_CLASSES" .

# The cluster (flink_cluster: one TaskManager with 16 slots, RocksDB with incremental
# checkpoints every 2 s); the REST metrics (records read, watermarks) refreshed every second.
port=18497
flink_cluster "$port" 'metrics.fetcher.update-interval: 1000'

python3 "$here/drain.py" "$FLINK_WORK" "$home" "$port" "$FLINK_WORK/job.jar" "$FLINK_CLASSES:$FLINK_CP" >"$FLINK_WORK/observed.txt"
{
  echo "# tests/flink-drain/run.sh $version: $(java -version 2>&1 | head -n 1); Flink $version standalone cluster"
  echo "# (bin/start-cluster.sh, one TaskManager, RocksDB, checkpoints every 2 s), jobs submitted with bin/flink"
  echo "# (DrainJob.java), savepoints read with Checkpoints.loadCheckpointMetadata (SavepointDrain.java),"
  echo "# fired timers counted from the job's onTimer lines. Work directory, job ids and savepoint names left out."
  cat "$FLINK_WORK/observed.txt"
} >"$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt"
