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
#       setMaxParallelism(60), (e) no max parallelism anywhere; (f) at p=61, above the keyed
#       count's and the sink's 60 and below the source's 128, nothing set;
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
flink_cluster_install flink-mixed-maxp "$version"
home=$FLINK_HOME_DIR

flink_compile "$here/MixedMaxpJob.java" "$here/SavepointOperators.java"
jar cfe "$FLINK_WORK/job.jar" MixedMaxpJob -C "$FLINK_CLASSES" .

# The cluster (flink_cluster: one TaskManager with 16 slots, RocksDB with incremental
# checkpoints every 2 s; the finished-tasks checkpoints are on by default in 2.x).
port=18495
flink_cluster "$port"

python3 "$here/mixed.py" "$FLINK_WORK" "$home" "$port" "$FLINK_WORK/job.jar" "$FLINK_CLASSES:$FLINK_CP" >"$FLINK_WORK/observed.txt"
{
  echo "# tests/flink-mixed-maxp/run.sh $version: $(java -version 2>&1 | head -n 1); Flink $version standalone cluster"
  echo "# (bin/start-cluster.sh, one TaskManager, RocksDB, checkpoints every 2 s), jobs submitted with bin/flink"
  echo "# (MixedMaxpJob.java), savepoints read with Checkpoints.loadCheckpointMetadata (SavepointOperators.java),"
  echo "# vertices from the REST API (GET /jobs/<id>). Work directory, job ids and savepoint names left out."
  cat "$FLINK_WORK/observed.txt"
} >"$here/observed-flink-$version.txt"
echo "wrote $here/observed-flink-$version.txt"
