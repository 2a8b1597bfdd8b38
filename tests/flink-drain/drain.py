#!/usr/bin/env python3
"""What `flink stop --drain` does to a savepoint and to pending event-time timers, against a
plain `flink stop`. Called by run.sh once the standalone cluster is up and the job's jar is built
(run.sh's header lists the steps):

    python3 drain.py WORK FLINK_HOME PORT JAR READER_CLASSPATH

Every job is DrainJob.java (uids gen, timers, sink) at parallelism 2, submitted with bin/flink;
every savepoint is read with SavepointDrain.java (Flink's own Checkpoints.loadCheckpointMetadata).
Fired timers are counted from the lines the job's onTimer appends to WORK/fired/<run>-<subtask>.txt.
The report (stdout) has one fact per line; job ids, savepoint names and the work directory are
left out.
"""

import glob
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "flink-common"))
from standalone import driver  # noqa: E402 (the shared folder goes on the path first)

WORK, FLINK, PORT, JAR, READER_CP, rest, wait, progress, out, flink = driver("drain")
SAVEPOINTS = os.path.join(WORK, "savepoints")
FIRED = os.path.join(WORK, "fired")
P = 2
KEYS = 40
HOUR = 3_600_000
TS_FIRST = 1_000                 # the first runs' records; their timers are at TS_FIRST + 1 h
TS_LATER = TS_FIRST + 2 * HOUR   # the restored runs' records: the watermark passes the old timers
RECORDS = 120                    # records the timers operator has read before a stop (3 per key)


def status(jid):
    return rest(f"/jobs/{jid}")["state"]


def timers_vertex(jid):
    return [v for v in rest(f"/jobs/{jid}")["vertices"] if v["name"].startswith("timers")][0]


def records_in(jid):
    return timers_vertex(jid)["metrics"].get("read-records", 0)


def input_watermarks(jid):
    """The timers operator's current input watermark per subtask (REST, metric fetcher)."""
    vid = timers_vertex(jid)["id"]
    marks = [m for m in rest(f"/jobs/{jid}/vertices/{vid}/watermarks") if m["id"].endswith("currentInputWatermark")]
    return sorted(int(m["value"]) for m in marks)


def completed_ids(jid):
    return [c["id"] for c in rest(f"/jobs/{jid}/checkpoints").get("history", []) if c["status"] == "COMPLETED"]


def fired(tag):
    """The lines the run's onTimer wrote: (count, distinct keys, distinct timer timestamps)."""
    lines = []
    for path in sorted(glob.glob(os.path.join(FIRED, f"{tag}-*.txt"))):
        with open(path, encoding="utf-8") as f:
            lines += [l.split() for l in f.read().splitlines() if l.strip()]
    return len(lines), len({l[0] for l in lines}), sorted({int(l[1]) for l in lines})


def stamps(ts_list):
    return ",".join(str(t) for t in ts_list) if ts_list else "none"


def submit(tag, ts, savepoint=None):
    """flink run -d [-s SAVEPOINT] -p 2 job.jar: the job id once it runs, has read RECORDS records
    in its timers operator, its watermark is at ts - 1 on both subtasks and a checkpoint completed
    after that."""
    words = ["run", "-d"] + (["-s", savepoint] if savepoint else []) + ["-p", str(P), JAR,
                                                                        "--ts", str(ts), "--out", FIRED, "--tag", tag]
    rc, said = flink(words)
    m = re.search(r"JobID ([0-9a-f]{32})", said)
    if not m:
        raise SystemExit(f"drain.py: {tag} did not start (bin/flink exit {rc}):\n{said[-3000:]}")
    jid = m.group(1)
    wait("the job running", lambda: status(jid) == "RUNNING"
         and all(v["status"] == "RUNNING" for v in rest(f"/jobs/{jid}")["vertices"]), seconds=180)
    wait(f"{RECORDS} records in the timers operator", lambda: records_in(jid) >= RECORDS, seconds=180)
    wait(f"the watermark at {ts - 1}", lambda: input_watermarks(jid) == [ts - 1] * P, seconds=120)
    before = max(completed_ids(jid) or [0])
    wait("a checkpoint after that", lambda: max(completed_ids(jid) or [0]) > before)
    time.sleep(1)
    return jid


def savepoint_path(said):
    m = re.search(r"Savepoint completed\. Path: (\S+)", said)
    if not m:
        raise SystemExit("drain.py: no savepoint path in: " + said[-3000:])
    return m.group(1).removeprefix("file:")


def read_savepoint(path):
    """SavepointDrain's report: (type name, {uid: {field: value}})."""
    p = subprocess.run(["java", "-cp", READER_CP, "SavepointDrain", path], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        raise SystemExit("drain.py: SavepointDrain failed:\n" + p.stdout + p.stderr)
    lines = p.stdout.splitlines()
    kind = lines[0].removeprefix("type=")
    ops = {}
    for line in lines[1:]:
        fields = dict(w.split("=", 1) for w in line.split())
        ops[fields.pop("uid")] = fields
    return kind, ops


def stop(tag, jid, drain):
    """flink stop [--drain] --type canonical: fired timers before and after, the savepoint read."""
    before, _, _ = fired(tag)
    words = ["stop"] + (["--drain"] if drain else []) + ["--type", "canonical", "--savepointPath", SAVEPOINTS, jid]
    _, said = flink(words)
    path = savepoint_path(said)
    state = wait("the stopped job", lambda: status(jid) in ("FINISHED", "FAILED", "CANCELED") and status(jid))
    time.sleep(1)
    count, keys, ts = fired(tag)
    kind, ops = read_savepoint(path)
    return {"cmd": " ".join(words[:-3]), "job": state, "before": before, "at": count - before,
            "keys": keys, "ts": ts, "type": kind, "ops": ops, "path": path}


def report_stop(name, s):
    t = s["ops"]["timers"]
    out(f"{name}: command=flink {s['cmd']} job={s['job']} type={s['type']}"
        f" timers_fired_before_stop={s['before']} timers_fired_at_stop={s['at']}"
        f" keys_fired={s['keys']} timer_timestamps={stamps(s['ts'])}")
    out(f"{name} savepoint operators: " + " ".join(
        f"{uid}(subtaskStates={o['subtaskStates']},keyedHandles={o['keyedHandles']})" for uid, o in sorted(s["ops"].items())))
    progress(f"{name}: timers keyedStateBytes={t['keyedStateBytes']} (all operators: {s['ops']})")


def restore(name, tag, savepoint):
    """The savepoint restored (same job, p=2) with records stamped TS_LATER: the watermark passes
    TS_FIRST + 1 h, so restored timers fire; then a plain stop."""
    jid = submit(tag, TS_LATER, savepoint)
    count, keys, ts = fired(tag)
    s = stop(tag, jid, drain=False)
    out(f"{name}: job=RUNNING records_read>={RECORDS} watermark={TS_LATER - 1} timers_fired_after_restore={count} keys_fired={keys}"
        f" timer_timestamps={stamps(ts)} timers_fired_at_its_plain_stop={s['at']} its_stop_type={s['type']}")
    return count


def main():
    os.makedirs(SAVEPOINTS, exist_ok=True)
    os.makedirs(FIRED, exist_ok=True)
    out(f"job: DrainJob p={P}, {KEYS} keys, every record at event time {TS_FIRST}, one event-time timer per key"
        f" at {TS_FIRST + HOUR}, watermark {TS_FIRST - 1} (forMonotonousTimestamps), RocksDB")

    jid = submit("plain", TS_FIRST)
    plain = stop("plain", jid, drain=False)
    jid = submit("drained", TS_FIRST)
    drained = stop("drained", jid, drain=True)
    report_stop("plain stop", plain)
    report_stop("drain stop", drained)

    pb, db = int(plain["ops"]["timers"]["keyedStateBytes"]), int(drained["ops"]["timers"]["keyedStateBytes"])
    out(f"keyed state of uid timers: plain_keyed_state_bytes={pb} drained_keyed_state_bytes={db}")
    out(f"drained_keyed_state_bytes < plain_keyed_state_bytes: {'yes' if db < pb else 'no'}")
    out(f"drained_keyed_state_bytes > 0: {'yes' if db > 0 else 'no'}")

    restore("restore of plain", "restored-plain", plain["path"])
    restore("restore of drained", "restored-drained", drained["path"])


if __name__ == "__main__":
    main()
