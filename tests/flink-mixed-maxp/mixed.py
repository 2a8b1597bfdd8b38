#!/usr/bin/env python3
"""What a savepoint records as a source's max parallelism, and which restores of it Flink
accepts. Called by run.sh once the standalone cluster is up and the job's jar is built (run.sh's
header lists the steps):

    python3 mixed.py WORK FLINK_HOME PORT JAR READER_CLASSPATH

Every job is MixedMaxpJob.java (uids gen, count-per-key, sink), submitted with bin/flink; every
savepoint is read with SavepointOperators.java (Flink's own Checkpoints.loadCheckpointMetadata).
The report (stdout) has one fact per line; job ids, savepoint names and the work directory are
left out or replaced by placeholders, operator ids (derived from the uids) are kept.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "flink-common"))
from standalone import driver  # noqa: E402 (the shared folder goes on the path first)

WORK, FLINK, PORT, JAR, READER_CP, rest, wait, progress, out, flink = driver("mixed-maxp")
SAVEPOINTS = os.path.join(WORK, "savepoints")
UIDS = ["gen", "count-per-key", "sink"]


def norm(text):
    text = text.replace(WORK, "<work>")
    text = re.sub(r"savepoint-[0-9a-f]{6}-[0-9a-f]{12}", "savepoint-<id>", text)
    return text


def status(jid):
    return rest(f"/jobs/{jid}")["state"]


def vertices(jid):
    return sorted(rest(f"/jobs/{jid}")["vertices"], key=lambda v: v["name"])


def subtask_states(jid, vid):
    """The vertex's subtasks by status, e.g. {'FINISHED': 4, 'RUNNING': 3}."""
    counts = {}
    for s in rest(f"/jobs/{jid}/vertices/{vid}")["subtasks"]:
        counts[s["status"]] = counts.get(s["status"], 0) + 1
    return counts


def completed_ids(jid):
    return [c["id"] for c in rest(f"/jobs/{jid}/checkpoints").get("history", []) if c["status"] == "COMPLETED"]


def root_exception(jid):
    """The job's root exception as class: message, from its deepest "Caused by" line."""
    ex = rest(f"/jobs/{jid}/exceptions")
    hist = ex.get("exceptionHistory", {}).get("entries", [])
    text = hist[0]["stacktrace"] if hist else ex.get("root-exception", "")
    return deepest_cause(text)


def deepest_cause(text):
    lines = text.splitlines()
    causes = [lines[0]] + [l for l in lines if l.startswith("Caused by:")]
    cause = causes[-1].removeprefix("Caused by: ")
    # A CompletionException wrapping the cause is not the cause.
    return norm(re.sub(r"^java\.util\.concurrent\.CompletionException: ", "", cause))


def submit(p, args, savepoint=None):
    """flink run -d [-s SAVEPOINT] -p P job.jar ARGS: (job id, None) once every vertex runs, or
    (None, root cause) when Flink refused it (the client failed, or the job failed)."""
    words = ["run", "-d"] + (["-s", savepoint] if savepoint else []) + ["-p", str(p), JAR] + args
    rc, said = flink(words)
    m = re.search(r"JobID ([0-9a-f]{32})", said)
    if not m:
        return None, f"bin/flink exit {rc}, job not started; root: {deepest_cause(said)}"
    jid = m.group(1)
    state = wait("the job running or failed",
                 lambda: (status(jid) in ("FAILED", "FINISHED", "CANCELED") and status(jid))
                 or (status(jid) == "RUNNING" and all(v["status"] in ("RUNNING", "FINISHED") for v in vertices(jid)) and "RUNNING"),
                 seconds=180)
    if state != "RUNNING":
        wait("the job's exception", lambda: rest(f"/jobs/{jid}/exceptions").get("exceptionHistory", {}).get("entries") or rest(f"/jobs/{jid}/exceptions").get("root-exception"), seconds=30)
        return None, f"job {state}; root: {root_exception(jid)}"
    return jid, None


def source_vertex(jid):
    return [v for v in vertices(jid) if v["name"].startswith("Source: gen")][0]


def settle(jid, finished):
    """Wait until the source has `finished` FINISHED subtasks (the others RUNNING) and a
    checkpoint completed after that; return the source's subtasks by status."""
    src = source_vertex(jid)
    want = src["parallelism"] - finished
    wait(f"{finished} finished source subtasks",
         lambda: subtask_states(jid, src["id"]).get("FINISHED", 0) == finished
         and subtask_states(jid, src["id"]).get("RUNNING", 0) == want)
    before = max(completed_ids(jid) or [0])
    wait("a checkpoint after that", lambda: max(completed_ids(jid) or [0]) > before)
    return subtask_states(jid, src["id"])


def rest_lines(tag, jid):
    for v in vertices(jid):
        out(f"{tag} rest vertex \"{v['name']}\": parallelism={v['parallelism']} maxParallelism={v['maxParallelism']}")


def states_text(counts):
    return " ".join(f"{k}={counts[k]}" for k in sorted(counts))


def operators(tag, path):
    """The savepoint's operator states as SavepointOperators prints them, one line each."""
    p = subprocess.run(["java", "-cp", READER_CP, "SavepointOperators", path.removeprefix("file:")] + UIDS,
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        raise SystemExit("mixed.py: SavepointOperators failed:\n" + p.stdout + p.stderr)
    for line in p.stdout.splitlines():
        out(f"{tag} savepoint operator {line}")


def savepoint_path(said):
    m = re.search(r"Savepoint completed\. Path: (\S+)", said)
    if not m:
        raise SystemExit("mixed.py: no savepoint path in: " + said[-2000:])
    return m.group(1)


def stop(tag, jid):
    """flink stop --type canonical: the stop savepoint's operator states; its path."""
    _, said = flink(["stop", "--type", "canonical", "--savepointPath", SAVEPOINTS, jid])
    path = savepoint_path(said)
    wait("the stopped job", lambda: status(jid) in ("FINISHED", "FAILED", "CANCELED"))
    out(f"{tag} stop --type canonical: job {status(jid)}")
    operators(f"{tag} stop", path)
    return path


def run(tag, title, p, args, savepoint=None, finished=0, running_savepoint=False, must_run=True):
    """One job: flink run -d [-s SAVEPOINT] -p P job.jar ARGS. Refused: a FAIL line (or the
    report stops when must_run). Running: once the source has `finished` FINISHED subtasks and a
    checkpoint completed after that, the vertices from REST, optionally a savepoint while it runs,
    then a stop savepoint; each savepoint's operators. Returns the stop savepoint's path."""
    out("")
    out(f"== {tag}. {title}")
    jid, err = submit(p, args, savepoint)
    if err:
        if must_run:
            raise SystemExit(f"mixed.py: {tag} did not run: {err}")
        out(f"{tag} FAIL {err}")
        return None
    out(f"{tag} OK source subtasks after a checkpoint: {states_text(settle(jid, finished))}")
    rest_lines(tag, jid)
    if running_savepoint:
        _, said = flink(["savepoint", "--type", "canonical", jid, SAVEPOINTS])
        out(f"{tag} savepoint --type canonical (job running): job {status(jid)}")
        operators(f"{tag} running", savepoint_path(said))
    return stop(tag, jid)


def main():
    os.makedirs(SAVEPOINTS, exist_ok=True)
    env60, none = "env.setMaxParallelism(60)", "no max parallelism set anywhere"

    # 1: the first run, 3 source splits.
    sp1 = run("1", f"first run: flink run -p 3, {env60}", 3, ["--maxp", "60"])
    # 2: restored at 7 (3 splits for 7 source subtasks: 4 finish), max parallelism set job-wide
    # in the job, or not set at all.
    run("2", f"restore of 1: flink run -s <1> -p 7, {env60}", 7, ["--maxp", "60"], sp1, finished=4, running_savepoint=True)
    sp2u = run("2u", f"restore of 1: flink run -s <1> -p 7, {none}", 7, [], sp1, finished=4, running_savepoint=True)
    # 3: restores of 2u's stop savepoint at 7.
    for tag, what, args in [
        ("3a", env60, ["--maxp", "60"]),
        ("3b", f"{env60}, source.setMaxParallelism(128)", ["--maxp", "60", "--srcmaxp", "128"]),
        ("3c", "no env max parallelism; count-per-key and sink .setMaxParallelism(60), source unset", ["--opmaxp", "60"]),
        ("3d", f"{env60}, source.setMaxParallelism(60) (pinned)", ["--maxp", "60", "--srcmaxp", "60"]),
        ("3e", none, []),
    ]:
        run(tag, f"restore of 2u: flink run -s <2u> -p 7, {what}", 7, args, sp2u, finished=4, must_run=False)
    # 3f: 2u's stop savepoint at a parallelism above what its keyed count and sink record (60)
    # and below its source's (128), nothing set: each operator is held to its own.
    run("3f", f"restore of 2u: flink run -s <2u> -p 61, {none}", 61, [], sp2u, must_run=False)
    # 4: controls, no source subtask finishes: the source kept at 3.
    sp4 = run("4", f"restore of 1: flink run -s <1> -p 7, {env60}, source.setParallelism(3)", 7, ["--maxp", "60", "--srcp", "3"], sp1)
    run("4u", f"restore of 1: flink run -s <1> -p 7, {none}, source.setParallelism(3)", 7, ["--srcp", "3"], sp1)
    run("4s", f"restore of 1 at its own parallelism: flink run -s <1> -p 3, {none}", 3, [], sp1)
    run("4a", f"restore of 4 with 3a's job: flink run -s <4> -p 7, {env60}", 7, ["--maxp", "60"], sp4, finished=4, must_run=False)


if __name__ == "__main__":
    main()
