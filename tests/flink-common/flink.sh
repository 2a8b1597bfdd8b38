# shellcheck shell=bash
# Sourced (not run) by the run.sh / generate.sh scripts of the Flink observation programs in
# tests/flink-*/: a virtualenv with Flink's jars from PyPI, the flink-dist jar and the classpath,
# javac and java. Needs python3 (venv), Java 17 (javac, java) and PyPI.
#
#   # shellcheck source=../flink-common/flink.sh
#   . "$here/../flink-common/flink.sh"
#   flink_setup "$version" "${FLINK_VENV:-}"                 # work dir, venv, jar, classpath
#   flink_compile_lab "$here/RestoreChecks.java"             # javac, with FlinkLab.java
#   flink_java 900 -D... RestoreChecks "$FLINK_WORK/run"     # java, limited in time and memory
# or, for a program whose stdout is its report, all of that in one call:
#   flink_observe "$here" AdaptiveChecks 900 "$version" "${FLINK_VENV:-}"
# or, for a program that runs jobs on a real standalone cluster (bin/start-cluster.sh):
#   flink_cluster_install flink-runbook "$version"           # work dir, jars, bin/flink
#   flink_cluster 18481 'execution.checkpointing.timeout: 10s'   # started; stopped on exit
#
# Every failure stops the script with one line on stderr that names what is missing.

FLINK_COMMON=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The helpers the observation programs share (FlinkLab.java): flink_compile_lab adds it, with
# FLINK_LAB_API_JAVA (flink_install sets it: FlinkLabApi.java for 1.19 and later,
# flink-1.18/FlinkLabApi.java before), the few pieces of FlinkLab whose Flink API differs.
FLINK_LAB_JAVA=$FLINK_COMMON/FlinkLab.java
# The trace kit's job pieces (TraceJob.java: its source, the rate limiter that holds it, a sink
# that commits on checkpoints), for the programs that run that job.
# shellcheck disable=SC2034 # used by the scripts that source this file
FLINK_TRACE_JOB_JAVA=$FLINK_COMMON/TraceJob.java

flink_fail() {
  echo "$0: $*" >&2
  exit 1
}

# flink_work [NAME]: FLINK_WORK, a fresh directory under $TMPDIR (or /tmp), removed on exit:
# NAME.XXXXXX, or mktemp's own tmp.XXXXXXXXXX without NAME. (The name is part of the paths that
# checkpoint metadata holds: tests/flink-savepoints keeps mktemp's, as its fixtures were made.)
flink_work() {
  if [ -n "${1:-}" ]; then
    FLINK_WORK=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  else
    FLINK_WORK=$(mktemp -d)
  fi
  trap 'rm -rf "$FLINK_WORK"' EXIT
}

# flink_install VENV VERSION: a virtualenv in VENV (created if it has no pip yet, reused
# otherwise) with apache-flink-libraries==VERSION; sets
#   FLINK_DIST     the flink-dist jar,
#   FLINK_CP       the classpath: flink-dist, the log4j jars beside it and, where there is one,
#                  the shaded ZooKeeper jar (1.15's flink-dist needs its shaded curator/guava),
#   FLINK_CLASSES  $FLINK_WORK/classes-VERSION, for the compiled programs,
#   FLINK_LAB_API_JAVA  FlinkLab's base for the release: flink-1.18/FlinkLabApi.java for 1.18
#                  and older, FlinkLabApi.java from 1.19 on.
# 1.15 to 2.1 are source packages, built by pip with its normal build isolation; 2.2 on are
# wheels. --no-deps: only the jars are needed, not PyFlink's Python dependencies.
flink_install() {
  local venv=$1 version=$2 lib jar
  if [ ! -x "$venv/bin/pip" ]; then
    python3 -m venv "$venv" || flink_fail "could not create a virtualenv in $venv (python3 -m venv)"
  fi
  "$venv/bin/pip" install --quiet --no-deps "apache-flink-libraries==$version" \
    || flink_fail "pip could not install apache-flink-libraries==$version into $venv"
  # -H: VENV itself may be a symbolic link to a virtualenv.
  FLINK_DIST=$(find -H "$venv" -name "flink-dist*-$version.jar" -print -quit)
  [ -n "$FLINK_DIST" ] || flink_fail "flink-dist-$version.jar not found under $venv (apache-flink-libraries==$version)"
  lib=$(dirname "$FLINK_DIST")
  FLINK_CP=$FLINK_DIST
  for jar in "$lib"/log4j-*.jar "$lib"/flink-shaded-zookeeper-*.jar; do
    if [ -f "$jar" ]; then FLINK_CP="$FLINK_CP:$jar"; fi
  done
  [ "$FLINK_CP" != "$FLINK_DIST" ] || flink_fail "no log4j jars beside $FLINK_DIST"
  FLINK_CLASSES=$FLINK_WORK/classes-$version
  case $version in
    1.[0-9].* | 1.1[0-8].*) FLINK_LAB_API_JAVA=$FLINK_COMMON/flink-1.18/FlinkLabApi.java ;;
    *) FLINK_LAB_API_JAVA=$FLINK_COMMON/FlinkLabApi.java ;;
  esac
}

# flink_setup VERSION [VENV [NAME]]: flink_work [NAME], then flink_install VERSION into VENV
# (when empty or not given: a throw-away virtualenv in the work directory).
flink_setup() {
  flink_work "${3:-}"
  flink_install "${2:-$FLINK_WORK/venv}" "$1"
}

# flink_compile SOURCE.java...: javac against FLINK_CP into FLINK_CLASSES; javac's "Note:" lines
# are left out, its errors are shown and stop the script.
flink_compile() {
  local log
  mkdir -p "$FLINK_CLASSES"
  log=$FLINK_CLASSES.javac.log
  if ! javac -nowarn -encoding UTF-8 -d "$FLINK_CLASSES" -cp "$FLINK_CP" "$@" >"$log" 2>&1; then
    cat "$log" >&2
    flink_fail "javac failed on $* against $(basename "$FLINK_DIST")"
  fi
  grep -v '^Note:' "$log" >&2 || true
}

# flink_compile_lab SOURCE.java...: flink_compile with FlinkLab.java and the release's FlinkLabApi.java.
flink_compile_lab() {
  flink_compile "$@" "$FLINK_LAB_JAVA" "$FLINK_LAB_API_JAVA"
}

# flink_java SECONDS JAVA-ARG...: java (1 GB heap, 512 MB direct memory) with FLINK_CLASSES and
# FLINK_CP on the classpath, ended after SECONDS.
flink_java() {
  local seconds=$1
  shift
  timeout "$seconds" java -Xmx1g -XX:MaxDirectMemorySize=512m -cp "$FLINK_CLASSES:$FLINK_CP" "$@"
}

# flink_observe DIR MAIN SECONDS VERSION [VENV]: flink_setup (work dir named after DIR), compiles
# DIR/MAIN.java (with FlinkLab.java when MAIN extends it: FlinkLab needs Flink 1.18 or later, a
# program without it may run on older releases too), runs MAIN for at most SECONDS with
# DIR/log4j2.properties where there is one (Flink's log: $FLINK_WORK/flink.log, system property
# obs.log; a program that logs nothing needs none) and a work directory as its argument, and moves
# its stdout, the report, to DIR/observed-flink-VERSION.txt.
flink_observe() {
  local dir=$1 main=$2 seconds=$3 version=$4 log4j=()
  flink_setup "$version" "${5:-}" "$(basename "$dir")"
  if grep -q "extends FlinkLab" "$dir/$main.java"; then
    flink_compile_lab "$dir/$main.java"
  else
    flink_compile "$dir/$main.java"
  fi
  mkdir -p "$FLINK_WORK/run"
  if [ -f "$dir/log4j2.properties" ]; then
    log4j=(-Dlog4j.configurationFile="$dir/log4j2.properties" -Dobs.log="$FLINK_WORK/flink.log")
  fi
  flink_java "$seconds" ${log4j[@]+"${log4j[@]}"} "$main" "$FLINK_WORK/run" >"$FLINK_WORK/observed.txt"
  mv "$FLINK_WORK/observed.txt" "$dir/observed-flink-$version.txt"
  echo "wrote $dir/observed-flink-$version.txt"
}

# flink_cluster_install NAME VERSION: flink_work NAME, then Flink's jars (flink_install) and the
# apache-flink wheel, which adds bin/flink and bin/start-cluster.sh, into $FLINK_CLUSTER_VENV (a
# download kept between runs) or a throw-away virtualenv in the work directory; sets
#   FLINK_HOME_DIR  the wheel's Flink home (bin/, conf/).
# Needs jar (a JDK's bin/jar) too, for the programs' job jars.
flink_cluster_install() {
  local venv
  flink_work "$1"
  venv=${FLINK_CLUSTER_VENV:-$FLINK_WORK/venv}
  flink_install "$venv" "$2"
  "$venv/bin/pip" install --quiet --no-deps "apache-flink==$2" || flink_fail "pip could not install apache-flink==$2"
  FLINK_HOME_DIR=$(dirname "$(dirname "$FLINK_DIST")")
  [ -x "$FLINK_HOME_DIR/bin/start-cluster.sh" ] || flink_fail "no bin/start-cluster.sh under $FLINK_HOME_DIR (apache-flink==$2)"
  command -v jar >/dev/null || flink_fail "no jar tool (a JDK's bin/jar) on PATH"
}

# flink_cluster PORT [YAML-LINE...]: a standalone cluster of FLINK_HOME_DIR, configured in
# $FLINK_WORK/conf (one JobManager and one TaskManager with 16 slots, on localhost; REST on PORT;
# RocksDB with incremental checkpoints every 2 s, checkpoints and savepoints under FLINK_WORK;
# each YAML-LINE added), started with bin/start-cluster.sh and waited for until its TaskManager
# has registered; stopped, and FLINK_WORK removed, when the script exits. Exports FLINK_CONF_DIR
# and FLINK_LOG_DIR, so that bin/flink talks to it.
flink_cluster() {
  local port=$1 conf=$FLINK_WORK/conf opts
  shift
  if python3 -c "import urllib.request; urllib.request.urlopen('http://localhost:$port/overview', timeout=2)" 2>/dev/null; then
    flink_fail "something already answers on http://localhost:$port (another cluster?)"
  fi
  mkdir -p "$conf" "$FLINK_WORK/log"
  cp "$FLINK_HOME_DIR"/conf/log4j{,-cli,-console}.properties "$conf/"
  opts=$(sed -n 's/^ *all: \(--add-exports.*\)$/\1/p' "$FLINK_HOME_DIR/conf/config.yaml" | head -n 1)
  [ -n "$opts" ] || flink_fail "no env.java.opts.all in $FLINK_HOME_DIR/conf/config.yaml"
  {
    cat <<YAML
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
    printf '%s\n' "$@"
  } >"$conf/config.yaml"
  printf 'localhost:%s\n' "$port" >"$conf/masters"
  printf 'localhost\n' >"$conf/workers"
  export FLINK_CONF_DIR=$conf FLINK_LOG_DIR=$FLINK_WORK/log
  trap flink_cluster_stop EXIT
  "$FLINK_HOME_DIR/bin/start-cluster.sh" >/dev/null
  for _ in $(seq 1 120); do
    if python3 -c "import urllib.request,sys; sys.exit(0 if b'\"taskmanagers\":1' in urllib.request.urlopen('http://localhost:$port/overview').read().replace(b' ', b'') else 1)" 2>/dev/null; then
      return 0
    fi
    sleep 1
  done
  flink_fail "the cluster did not answer on http://localhost:$port (logs: $FLINK_WORK/log)"
}

# flink_cluster_stop: the cluster stopped and the work directory removed (flink_cluster's exit trap).
flink_cluster_stop() {
  "$FLINK_HOME_DIR/bin/stop-cluster.sh" >/dev/null 2>&1 || true
  rm -rf "$FLINK_WORK"
}
