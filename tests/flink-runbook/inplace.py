#!/usr/bin/env python3
"""The planner's in-place route, run as written on a real standalone Flink cluster whose
JobManager uses the adaptive scheduler (ROUTE=inplace bash tests/flink-runbook/run.sh).

Called by run.sh once the cluster is up and the jars are built; arguments: the work directory,
Flink's home, the REST port (read by cluster.py), the planner link, the same link asking above
the job's max parallelism, and the repository. The plan is the planner's own (plan.md, from
`cargo run --example runbook -- LINK --plan`): the two commands of its section "Or in place: the
adaptive scheduler" are run with the real curl through bash, their text as printed with the
placeholders filled (<jobmanager>:8081, <job id>, <source vertex id>, <keyed vertex id>). curl
prints only the answer's body, so a .curlrc (found through CURL_HOME) adds the HTTP status after
it; the commands themselves are not changed.

What is run, on the job of RunbookJob.java (old code, nothing pinned) at -p 2 with max parallelism 8:
  (a) the PUT exactly as printed;
  the condition's own case: a body that leaves a vertex out;
  (b) the PUT as the condition tells the operator to write it: the first command's answer sent
      back with only the upper bounds changed (the source to the plan's source bound, every
      other vertex to the plan's keyed bound). When (a) has rescaled the job already, it is
      first brought back to its old parallelism the same way, so that (b) starts where the plan
      does;
  the refusal: the PUT of the plan for the second link, above max parallelism;
then the job reads the trace to the end and the committed totals are checked with the trace
kit. Before each request the source is held (at a gate offset) and a checkpoint has just
completed; from the answer on it reads again, one offset every 0.1 s for 30 offsets, so records
arrive between the request and the checkpoint restored, and after the restart.
The report (stdout) is the observation, ids and paths replaced by placeholders; the vertex ids
are kept: Flink derives them from the uids, so they are the same in every run.
"""

import json
import os
import re
import subprocess
import sys
import threading
import time

from cluster import checked_totals, GATES, completed, failures, flink, gate, job_id, offset, operator_names, progress, rest, status, vertices, wait

WORK, FLINK, PORT, LINK, ABOVE_LINK, REPO = sys.argv[1:7]
JOBMANAGER = f"localhost:{PORT}"
CURL_HOME = os.path.join(WORK, "curl-home")
TRICKLE_EVERY = 0.1


def out(line=""):
    print(line, flush=True)
    print("| " + line, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------- the plan's section

def plan_markdown(link):
    return subprocess.run(["cargo", "run", "--quiet", "--example", "runbook", "--", link, "--plan"], cwd=REPO,
                          capture_output=True, text=True, check=True).stdout


def in_place_section(markdown):
    """(headline, Flink's message or None, [command text as printed]) of the in-place section."""
    section = markdown.split("## Or in place: the adaptive scheduler\n", 1)[1].split("\n## ", 1)[0]
    headline = re.search(r"^\*\*(.*)\*\*$", section, re.M).group(1)
    quoted = re.search(r"^> (.*)$", section, re.M)
    block = re.search(r"```\n(.*?)```", section, re.S).group(1)
    commands, current = [], ""
    for line in block.splitlines():
        current += line + "\n"
        if not line.endswith("\\"):
            commands.append(current.rstrip("\n"))
            current = ""
    return headline, quoted.group(1) if quoted else None, commands


def one_line(command):
    """A command as one line: its continuation lines joined."""
    return re.sub(r" \\\n\s*", " ", command)


# ---------------------------------------------------------------------------- curl, as written

def curl(command, values):
    """The command's text with the placeholders filled, run by bash with the real curl; (status, body)."""
    for k, v in values.items():
        command = command.replace(k, v)
    left = re.findall(r"<[^>]+>", command)
    if left:
        raise SystemExit(f"inplace: unfilled {left} in {command}")
    p = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, CURL_HOME=CURL_HOME))
    if p.returncode != 0:
        raise SystemExit(f"inplace: curl exited {p.returncode}: {p.stderr}")
    body, _, code = p.stdout.rstrip("\n").rpartition("\n")
    return int(code), body


def with_body(command, body):
    """The plan's PUT with its -d body replaced (everything else as printed)."""
    return re.sub(r"-d '[^']*'", lambda _: f"-d '{body}'", command)


def answer(code, body, jid):
    """HTTP status and body for the report: the job id replaced, each error entry cut to its first line."""
    try:
        parsed = json.loads(body)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict) and isinstance(parsed.get("errors"), list):
        entries = [e.splitlines()[0] if e.splitlines() else e for e in parsed["errors"]]
        body = json.dumps({"errors": entries}, separators=(",", ":")) + "  (each error entry cut to its first line)"
    return f"HTTP {code}  {body.replace(jid, '<job id>')}"


# ---------------------------------------------------------------------------- the job

def requirements(jid):
    return rest(f"/jobs/{jid}/resource-requirements")


def parallelisms(jid):
    return {v["id"]: v["parallelism"] for v in rest(f"/jobs/{jid}")["vertices"]}


def all_running(jid):
    job = rest(f"/jobs/{jid}")
    return job["state"] == "RUNNING" and all(v["status"] == "RUNNING" for v in job["vertices"])


def latest(jid, which):
    c = (rest(f"/jobs/{jid}/checkpoints").get("latest") or {}).get(which)
    return c or {}


def fresh_checkpoint(jid):
    """Waits for a checkpoint to complete and returns its id: the request goes out right after it."""
    was = latest(jid, "completed").get("id", 0)
    return wait("a checkpoint to complete", lambda: (latest(jid, "completed").get("id", 0) or 0) > was
                and latest(jid, "completed")["id"], seconds=30, every=0.05)


def rescales(jid):
    """The rescale history's entries, oldest first, each with its details."""
    history = rest(f"/jobs/{jid}/rescales/history")
    if isinstance(history, dict):  # the entries under their one key, if the answer wraps them
        history = next((v for v in history.values() if isinstance(v, list)), [])
    entries = list(reversed(history))
    return [rest(f"/jobs/{jid}/rescales/details/{e['rescaleUuid']}") for e in entries]


def rescale_line(d):
    states = " -> ".join(s["state"] for s in d.get("schedulerStates", []))
    vs = "; ".join(f"'{v['jobVertexName']}' {v['preRescaleParallelism']} -> {v['postRescaleParallelism']}"
                   for v in sorted(d.get("vertices", {}).values(), key=lambda v: v["jobVertexName"]))
    return f"triggerCause={d.get('triggerCause')}, terminalState={d.get('terminalState')}, scheduler states: {states} ({vs})"


class Trickle:
    """Opens the live job's gate one offset at a time up to `to`, in the background, and watches
    the offsets the job reads (its progress file) for a step back: records read again after a
    restore. What it sees depends on timing, so it goes to stderr only."""

    def __init__(self, start, to):
        self.to, self.done, self.back = to, False, []
        self.thread = threading.Thread(target=self.run, args=(start,), daemon=True)
        self.watcher = threading.Thread(target=self.watch, daemon=True)
        self.thread.start()
        self.watcher.start()

    def run(self, at):
        while at < self.to:
            at += 1
            gate("live", at)
            time.sleep(TRICKLE_EVERY)

    def watch(self):
        progress_file = os.path.join(GATES, "live.progress")

        def read():
            try:
                return os.stat(progress_file).st_mtime_ns, offset("live")
            except OSError:
                return 0, -1
        stamp, seen = read()
        while not self.done:
            now_stamp, now = read()
            if now_stamp != stamp and 0 <= now <= seen:  # written again with an offset already read
                self.back.append((seen, now))
            stamp, seen = now_stamp, max(seen, now)
            time.sleep(0.005)

    def held(self):
        """Waits until the gate is at `to` and the source has read up to it."""
        self.thread.join()
        wait(f"the source at offset {self.to}", lambda: offset("live") >= self.to - 1)
        self.done = True
        self.watcher.join()
        progress("offsets read again after a restore (last offset read before, offset read again): " + (str(self.back) if self.back else "none seen"))
        return self.to


def request(title, command, values, jid, keyed, expect, start, to, restore_words=True):
    """Sends `command` (curl, as written) to the running job with the source trickling from
    `start` to `to`; waits for the keyed vertex at `expect` (None: nothing is to move) and
    reports the answer, each vertex's parallelism, the restart and the checkpoint restored."""
    out("")
    out(f"==== {title}")
    history_before = len(rescales(jid))
    restored_before = latest(jid, "restored").get("id", 0)
    failures_before = len(failures(jid))
    ck_before = fresh_checkpoint(jid)
    asked = time.time()
    code, body = curl(command, values)
    ck_answered = latest(jid, "completed").get("id", 0)
    trickle = Trickle(start, to)
    out(f"  -> {answer(code, body, jid)}")
    if expect is not None and code == 200:
        wait(f"the keyed vertex at {expect}", lambda: all_running(jid) and parallelisms(jid).get(keyed) == expect
             and latest(jid, "restored").get("id", 0) != restored_before, seconds=180)
        progress(f"{title}: running at {expect} again {time.time() - asked:.1f} s after the request")
    else:
        time.sleep(8)  # the stabilization timeout (2 s), a checkpoint interval (2 s) and more
    held = trickle.held()
    out(f"  after (GET /jobs/<job id>): {status(jid)}; {vertices(jid)}")
    new = rescales(jid)[history_before:]
    if new:
        for d in new:
            out(f"  the job restarted (rescale history): {rescale_line(d)}")
            progress(json.dumps(d))
    else:
        out("  the job did not restart: no new entry in the rescale history")
    restored = latest(jid, "restored")
    if restored.get("id", 0) != restored_before:
        if restored["id"] > ck_answered:
            words = "a checkpoint that completed after the request"
        elif restored["id"] == ck_before == ck_answered:
            words = "the latest checkpoint completed before the request"
        elif restored["id"] == ck_answered:
            words = "a checkpoint that completed while the request was answered"
        else:
            words = "an older checkpoint than the latest at the request"
        out(f"  restored from: {words} (GET /jobs/<job id>/checkpoints latest.restored: is_savepoint={str(restored.get('is_savepoint')).lower()})")
    elif restore_words:
        out("  restored from: (no new restore recorded)")
    reading = f"the source read on across it, from offset {start}, then held at {held}" if to > start else f"the source held at offset {held}"
    out(f"  failures (exception history): {len(failures(jid)) - failures_before} new, {len(failures(jid))} in all; {reading}")
    out(f"  GET resource-requirements after: {json.dumps(requirements(jid), separators=(',', ':'))}")
    return code


# ---------------------------------------------------------------------------- the route

def main():
    os.makedirs(CURL_HOME, exist_ok=True)
    with open(os.path.join(CURL_HOME, ".curlrc"), "w") as f:
        f.write('silent\nshow-error\nwrite-out = "\\n%{http_code}\\n"\n')
    markdown = plan_markdown(LINK)
    with open(os.path.join(WORK, "plan.md"), "w") as f:
        f.write(markdown)
    headline, message, commands = in_place_section(markdown)
    above_headline, above_message, above_commands = in_place_section(plan_markdown(ABOVE_LINK))
    get, put = commands
    source_bound = int(re.search(r'"<source vertex id>":\{"parallelism":\{"lowerBound":1,"upperBound":(\d+)', put).group(1))
    keyed_bound = int(re.search(r'"<keyed vertex id>":\{"parallelism":\{"lowerBound":1,"upperBound":(\d+)', put).group(1))
    version = subprocess.run(["curl", "--version"], capture_output=True, text=True, check=True).stdout.split()[1]
    out(f"Planner link: {LINK}")
    out(f"Refusal link: {ABOVE_LINK}")
    out("Cluster: 1 JobManager (jobmanager.scheduler: adaptive), 1 TaskManager with 16 slots; RocksDB, incremental "
        "checkpoints every 2 s, retained on cancellation. Shortened for the run: "
        "jobmanager.adaptive-scheduler.executing.cooldown-after-rescaling: 1 s (default 30 s), "
        "jobmanager.adaptive-scheduler.executing.resource-stabilization-timeout: 2 s (default 1 min).")
    out(f"Plan: plan-inplace-2.3.md beside this report; its in-place section says: {headline}")
    out(f"  source bound {source_bound}, keyed bound {keyed_bound}")
    out(f"Commands: with curl {version}, each run by bash as printed, the placeholders filled "
        f"(<jobmanager>:8081 -> localhost:<port>, <job id>, <source vertex id>, <keyed vertex id>); "
        "a .curlrc adds the HTTP status after the body")
    for c in commands:
        out(f"  {one_line(c)}")

    # ---- the job: old code, nothing pinned, p=2, max parallelism 8
    out("")
    out("==== the job")
    gate("live", 100)
    _, said = flink(["run", "-d", "-p", "2", "-Dpipeline.max-parallelism=8", os.path.join(WORK, "jars", "old", "job.jar")])
    jid = job_id(said)
    wait("the live job at offset 100", lambda: offset("live") >= 99)
    before = len(completed(jid))
    wait("a checkpoint at offset 100", lambda: len(completed(jid)) >= before + 1)
    out(f"  flink run -d -p 2 -Dpipeline.max-parallelism=8 job.jar -> {status(jid)}, {vertices(jid)}; "
        "held at offset 100, checkpointed")
    ids = {uid: hexid for hexid, uid in operator_names().items()}
    job = rest(f"/jobs/{jid}")["vertices"]
    source = [v for v in job if v["name"].startswith("Source:")]
    keyed = [v for v in job if "sum-per-key" in v["name"]]
    assert len(source) == 1 and len(keyed) == 1, job
    source, keyed = source[0]["id"], keyed[0]["id"]
    out(f"  its vertices: {len(job)}: " + "; ".join(f"{v['id']} '{v['name']}'" for v in sorted(job, key=lambda v: v['name'])))
    out(f"  source vertex id: {source} (the operator id of uid 'src': {'yes' if ids['src'] == source else 'no'}), "
        f"keyed vertex id: {keyed} (the operator id of uid 'sum-per-key': {'yes' if ids['sum-per-key'] == keyed else 'no'})")
    values = {"<jobmanager>:8081": JOBMANAGER, "<job id>": jid, "<source vertex id>": source, "<keyed vertex id>": keyed}

    # ---- the first command
    out("")
    out("==== the first command, as printed")
    out(f"  {one_line(get)}")
    code, body = curl(get, values)
    out(f"  -> {answer(code, body, jid)}")
    read = json.loads(body)

    # ---- (a) the second command, as printed
    filled = json.loads(re.search(r"-d '([^']*)'", put).group(1).replace("<source vertex id>", source).replace("<keyed vertex id>", keyed))
    missing = sorted(set(read) - set(filled))
    out("")
    out(f"the printed body names {len(filled)} of the job's {len(read)} vertices" + (f"; it leaves out {missing}" if missing else ": every one"))
    a = request(f"(a) the second command, as printed: {one_line(put)}", put, values, jid, keyed,
                keyed_bound if not missing else None, 100, 130)

    # ---- the condition's own case: a body that leaves a vertex out
    alone = json.dumps({keyed: filled[keyed]}, separators=(",", ":"))
    request("the condition's case: the printed PUT with a body naming the keyed vertex only",
            with_body(put, alone), values, jid, keyed, None, 130, 130, restore_words=False)

    # ---- (b) the operator's way: the first command's answer, only the upper bounds changed
    def sent_back(src_bound, other_bound):
        got = requirements(jid)
        for vid, req in got.items():
            req["parallelism"]["upperBound"] = src_bound if vid == source else other_bound
        return json.dumps(got, separators=(",", ":"))

    start = 130
    if a == 200 and parallelisms(jid).get(keyed) == keyed_bound:
        body = sent_back(source_bound, 2)
        request(f"back to 2 first, so that (b) starts where the plan does (the same way, keyed bound 2): body {body.replace(jid, '<job id>')}",
                with_body(put, body), values, jid, keyed, 2, 130, 160)
        start = 160
    body = sent_back(source_bound, keyed_bound)
    same = json.loads(body) == filled
    out("")
    out(f"(b)'s body, the first command's answer with only the upper bounds changed: {body}; "
        f"the same vertices and bounds as the printed body filled in: {'yes' if same else 'no'}")
    request(f"(b) the printed PUT with that body (source bound {source_bound}, every other vertex {keyed_bound})",
            with_body(put, body), values, jid, keyed, keyed_bound, start, start + 30)
    start += 30

    # ---- the refusal: the plan for a parallelism above max
    _, above_put = above_commands
    out("")
    out(f"the plan for the refusal link says: {above_headline}")
    if above_message:
        out(f"  Flink's message, as the plan quotes it: {above_message}")
    request(f"the refusal: the second command of that plan, as printed: {one_line(above_put)}", above_put, values, jid, keyed,
            None, start, start, restore_words=False)

    # ---- to the end of the trace, then the committed totals
    out("")
    out("==== to the end of the trace")
    gate("live", 1 << 40)  # past the end: the source asks once more before it ends
    wait("the job to finish", lambda: status(jid) in ("FINISHED", "FAILED"), seconds=180)
    out(f"  the job read to the end of the trace: {status(jid)}, {len(failures(jid))} failures in all; {len(rescales(jid))} entries in its rescale history")
    keys, verdict = checked_totals(REPO)
    out(f"  committed on the sink: {keys} keys; the trace kit's check: {verdict}")


if __name__ == "__main__":
    main()
