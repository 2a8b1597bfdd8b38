#!/usr/bin/env python3
"""The planner's in-place route, run as printed on a real standalone Flink cluster whose
JobManager uses the adaptive scheduler (ROUTE=inplace bash tests/flink-runbook/run.sh).

Called by run.sh once the cluster is up and the jars are built; arguments: the work directory,
Flink's home, the REST port (read by cluster.py), the planner link, the same link asking above
the job's max parallelism, and the repository. The plan is the planner's own (plan.md, from
`cargo run --example runbook -- LINK --plan`): the ```sh block of its section "Or in place: the
adaptive scheduler" holds three commands (read the job's requirements and let jq write
requirements.json with the new upper bounds; PUT that file; read the job), each run with the real
curl and jq through bash, in a scratch directory of its own (requirements.json lands there),
its text as printed with the placeholders filled (<jobmanager>:8081, <job-id>,
<source-vertex-id>). A .curlrc (found through CURL_HOME) writes each answer's HTTP status to
stderr (write-out %{stderr}), so stdout, and with it the pipe into jq, is as printed; it also
makes curl silent (no progress meter) and still show errors. The commands are not changed.

What is run, on the job of RunbookJob.java (old code, nothing pinned) at -p 2 with max parallelism 8:
  (a) the block as printed (2 -> 4);
  the condition's own case: the printed PUT with a requirements.json that leaves the source
      vertex out;
  back to 2: the block with jq's new upper bound 2 instead of 4, so that
  (b) the block as printed once more starts where the plan does (2 -> 4 again);
  the refusal: the block of the plan for the second link (12, above max parallelism 8);
then the job reads the trace to the end and the committed totals are checked with the trace
kit. Before each PUT the source is held (at a gate offset) and a checkpoint has just completed;
from the answer on it reads again, one offset every 0.1 s for 30 offsets, so records arrive
between the request and the checkpoint restored, and after the restart. After each restart the
first checkpoint completed after the restore is read (GET /jobs/<id>/checkpoints: checkpointed
size, what it uploaded, against its full state size), and, for contrast, the one of the three
checkpoints after the source was held that uploaded the least.
The report (stdout) is the observation, ids and paths replaced by placeholders; the vertex ids
are kept: Flink derives them from the uids, so they are the same in every run. Exact byte
counts and times vary from run to run: they go to stderr only.
"""

import json
import os
import re
import subprocess
import sys
import threading
import time

from cluster import GATES, completed, failures, flink, gate, job_id, offset, operator_names, progress, read_to_the_end, rest, status, vertices, wait

WORK, FLINK, PORT, LINK, ABOVE_LINK, REPO = sys.argv[1:7]
JOBMANAGER = f"localhost:{PORT}"
CURL_HOME = os.path.join(WORK, "curl-home")
TRICKLE_EVERY = 0.1
SCRATCH = []


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
    quoted = re.search(r"^> `(.*)`$", section, re.M)
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
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


# ---------------------------------------------------------------------------- the commands, as printed

def scratch():
    """A fresh directory for one block's commands: its requirements.json lands there."""
    d = os.path.join(WORK, f"scratch-{len(SCRATCH) + 1}")
    os.makedirs(d)
    SCRATCH.append(d)
    return d


def run(command, values, cwd):
    """The command's text with the placeholders filled, run by bash in `cwd` with the real curl
    (and jq); (HTTP statuses, as the .curlrc writes them to stderr; stdout; other stderr)."""
    for k, v in values.items():
        command = command.replace(k, v)
    left = re.findall(r"<[^>]+>", command)
    if left:
        raise SystemExit(f"inplace: unfilled {left} in {command}")
    p = subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, CURL_HOME=CURL_HOME))
    codes = [int(m) for m in re.findall(r"^HTTP (\d{3})$", p.stderr, re.M)]
    rest_of_stderr = "\n".join(l for l in p.stderr.splitlines() if not re.match(r"^HTTP \d{3}$", l))
    if p.returncode != 0 or rest_of_stderr or not codes:
        raise SystemExit(f"inplace: `{command}` exited {p.returncode}; stderr: {p.stderr!r}")
    return codes, p.stdout, rest_of_stderr


def statuses(codes):
    return "HTTP " + ", ".join(str(c) for c in codes)


def answer(body, jid):
    """A body for the report: the job id replaced, each error entry cut to its first line."""
    body = body.rstrip("\n")
    try:
        parsed = json.loads(body)
    except ValueError:
        parsed = None
    if isinstance(parsed, dict) and isinstance(parsed.get("errors"), list):
        entries = [e.splitlines()[0] if e.splitlines() else e for e in parsed["errors"]]
        body = json.dumps({"errors": entries}, separators=(",", ":")) + "  (each error entry cut to its first line)"
    return body.replace(jid, "<job-id>")


def job_answer(body):
    """The third command's answer: the job's state and each vertex's parallelism."""
    job = json.loads(body)
    vs = "; ".join(f"{v['name']} (p={v['parallelism']}, max {v['maxParallelism']})" for v in sorted(job["vertices"], key=lambda v: v["name"]))
    return f"{job['state']}; {vs}"


def compact(path):
    with open(path) as f:
        return json.dumps(json.load(f), separators=(",", ":"))


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


# ---------------------------------------------------------------------------- checkpoints: what each uploaded

def completed_after(jid, ms, n=1):
    """The first n checkpoints completed among those triggered at or after `ms` (epoch ms), oldest first."""
    def got():
        cs = sorted((c for c in completed(jid) if c["trigger_timestamp"] >= ms), key=lambda c: c["id"])
        return cs[:n] if len(cs) >= n else None
    return wait(f"{n} checkpoint(s) triggered after {ms}", got, seconds=60, every=0.2)


# The call the planner's checklist names for the state per subtask (model/planner/checklist.rs).
SUBTASKS_CALL = "GET /jobs/<job-id>/checkpoints/details/<checkpoint-id>/subtasks/<vertex-id>"


def keyed_subtasks(jid, ck, keyed):
    """(checkpointed_size, state_size) of each subtask of the keyed vertex in checkpoint `ck`."""
    d = rest(f"/jobs/{jid}/checkpoints/details/{ck}/subtasks/{keyed}")
    return [(s.get("checkpointed_size", 0), s.get("state_size", 0)) for s in d.get("subtasks", [])]


def share(up, of):
    """What a checkpoint uploaded of its state, in words a re-run repeats: full only when it
    uploaded every byte of it. How much a checkpoint that is not full uploads varies from run to
    run (RocksDB's flushes and compactions): the numbers go to stderr only."""
    return "full: uploaded all of its state" if up == of else "not full: uploaded part of its state"


def checkpoint_line(jid, c, keyed, what, subtasks=True):
    """The report's line for checkpoint `c` (job-wide, and with `subtasks` the keyed vertex's
    subtasks each); numbers to stderr."""
    subs = keyed_subtasks(jid, c["id"], keyed)
    progress(f"{what}: checkpoint {c['id']}: {c['checkpointed_size']} of {c['state_size']} bytes uploaded "
             f"(keyed vertex's subtasks, uploaded/state: {subs}), took {c['end_to_end_duration']} ms")
    whole = share(c["checkpointed_size"], c["state_size"])
    if not subtasks:
        return f"  {what}: {whole} (checkpointed_size against state_size)"
    each = [share(u, s) for u, s in subs]
    if len(set(each)) == 1:
        keyed_words = f"each of the keyed vertex's {len(subs)} subtasks ({SUBTASKS_CALL} lists {len(subs)}): {each[0]}"
    else:
        keyed_words = "the keyed vertex's subtasks: " + "; ".join(f"{i}: {w}" for i, w in enumerate(each))
    return f"  {what}: {whole} (checkpointed_size against state_size); {keyed_words}"


def least(jid, cs):
    """Of checkpoints `cs`, the one that uploaded the smallest share of its state."""
    for c in cs:
        progress(f"  checkpoint {c['id']}: {c['checkpointed_size']} of {c['state_size']} bytes uploaded")
    return min(cs, key=lambda c: c["checkpointed_size"] / max(c["state_size"], 1))


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


def block(title, commands, values, jid, source, keyed, expect, start, to, edit=None, restore_words=True):
    """Runs the section's three commands (curl, as written) on the running job, in a scratch
    directory, with the source trickling from `start` to `to` once the PUT is answered: the
    first command; `edit` (if given) rewrites requirements.json before the PUT; the PUT right
    after a checkpoint completed; the third command right away and again once the keyed vertex
    runs at `expect` (None: nothing is to move, so 8 s later). Reports each command's status and
    answer, the restart and the checkpoint restored, and the first checkpoint after the restore."""
    first, put, show = commands
    out("")
    out(f"==== {title}")
    here = scratch()
    history_before = len(rescales(jid))
    restored_before = latest(jid, "restored").get("id", 0)
    failures_before = len(failures(jid))

    codes, said, _ = run(first, values, here)
    written = os.path.join(here, "requirements.json")
    got = json.loads(compact(written))
    out(f"  1. -> {statuses(codes)}; requirements.json, as jq wrote it (compacted): {compact(written)}")
    others = sorted({r['parallelism']['upperBound'] for vid, r in got.items() if vid != source})
    out(f"     it names {len(got)} of the job's {len(parallelisms(jid))} vertices; upper bounds: the source vertex "
        f"{got.get(source, {}).get('parallelism', {}).get('upperBound')}, every other vertex {', '.join(map(str, others))}; "
        f"lower bounds: {', '.join(sorted({str(r['parallelism']['lowerBound']) for r in got.values()}))}")
    if said:
        out(f"     and on stdout: {said.strip()}")
    if edit:
        words = edit(written)
        out(f"     then {words}: {compact(written)}")

    ck_before = fresh_checkpoint(jid)
    asked = time.time()
    codes, said, _ = run(put, values, here)
    ck_answered = latest(jid, "completed").get("id", 0)
    trickle = Trickle(start, to)
    put_code = codes[-1]
    out(f"  2. -> {statuses(codes)}  {answer(said, jid)}")
    codes, said, _ = run(show, values, here)
    out(f"  3. right after: {statuses(codes)}; {job_answer(said)}")
    if expect is not None and put_code == 200:
        wait(f"the keyed vertex at {expect}", lambda: all_running(jid) and parallelisms(jid).get(keyed) == expect
             and latest(jid, "restored").get("id", 0) != restored_before, seconds=180)
        progress(f"{title}: running at {expect} again {time.time() - asked:.1f} s after the request")
        again = "again, once every vertex ran again"
    else:
        time.sleep(8)  # the stabilization timeout (2 s), a checkpoint interval (2 s) and more
        again = "again, 8 s later"
    held = trickle.held()
    held_ms = int(time.time() * 1000)
    codes, said, _ = run(show, values, here)
    out(f"  3. {again}: {statuses(codes)}; {job_answer(said)}")

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
        out(f"  restored from: {words} (GET /jobs/<job-id>/checkpoints latest.restored: is_savepoint={str(restored.get('is_savepoint')).lower()})")
        # The first checkpoint after the restore (GET /jobs/<id>/checkpoints, the first completed
        # among those triggered after the restore); then, for contrast, the three after the source
        # was held (no new records but in the first of them): the one that uploaded least of them,
        # as RocksDB's compaction after a restore may rewrite most files into one of them.
        after = completed_after(jid, restored["restore_timestamp"])[0]
        out(checkpoint_line(jid, after, keyed, "the first checkpoint completed after the restore"))
        quiet = least(jid, completed_after(jid, max(held_ms, after["latest_ack_timestamp"] + 1), 3))
        out(checkpoint_line(jid, quiet, keyed, "for contrast, the least of the 3 checkpoints after the source was held",
                            subtasks=False))
    elif restore_words:
        out("  restored from: (no new restore recorded)")
    reading = f"the source read on across it, from offset {start}, then held at {held}" if to > start else f"the source held at offset {held}"
    out(f"  failures (exception history): {len(failures(jid)) - failures_before} new, {len(failures(jid))} in all; {reading}")
    out(f"  GET resource-requirements after: {json.dumps(requirements(jid), separators=(',', ':'))}")
    return put_code


# ---------------------------------------------------------------------------- the route

def main():
    os.makedirs(CURL_HOME, exist_ok=True)
    with open(os.path.join(CURL_HOME, ".curlrc"), "w") as f:
        f.write('silent\nshow-error\nwrite-out = "%{stderr}HTTP %{http_code}\\n"\n')
    markdown = plan_markdown(LINK)
    with open(os.path.join(WORK, "plan.md"), "w") as f:
        f.write(markdown)
    headline, message, commands = in_place_section(markdown)
    above_headline, above_message, above_commands = in_place_section(plan_markdown(ABOVE_LINK))
    if len(commands) != 3 or len(above_commands) != 3:
        raise SystemExit(f"inplace: the section's block has {len(commands)} commands, not 3: {commands}")
    jq_filter = re.search(r"jq '([^']*)'", commands[0]).group(1)
    new_bound = int(re.search(r"^\.\[\]\.parallelism\.upperBound = (\d+) \|", jq_filter).group(1))
    source_bound = int(re.search(r'\.\["<source-vertex-id>"\]\.parallelism\.upperBound = (\d+)$', jq_filter).group(1))
    curl_version = subprocess.run(["curl", "--version"], capture_output=True, text=True, check=True).stdout.split()[1]
    jq_version = subprocess.run(["jq", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    out(f"Planner link: {LINK}")
    out(f"Refusal link: {ABOVE_LINK}")
    out("Cluster: 1 JobManager (jobmanager.scheduler: adaptive), 1 TaskManager with 16 slots; RocksDB, incremental "
        "checkpoints every 2 s, retained on cancellation. Shortened for the run: "
        "jobmanager.adaptive-scheduler.executing.cooldown-after-rescaling: 1 s (default 30 s), "
        "jobmanager.adaptive-scheduler.executing.resource-stabilization-timeout: 2 s (default 1 min).")
    out(f"Plan: plan-inplace-2.3.md beside this report; its in-place section says: {headline}")
    out(f"  jq's new upper bounds: every vertex {new_bound}, then the source vertex {source_bound}")
    out(f"Commands: the section's sh block, {len(commands)} commands, with curl {curl_version} and {jq_version}, each run by bash "
        "as printed in a scratch directory of its block (requirements.json lands there), the placeholders filled "
        "(<jobmanager>:8081 -> localhost:<port>, <job-id>, <source-vertex-id>); a .curlrc (CURL_HOME) makes curl silent, "
        "shows its errors and writes each answer's HTTP status to stderr, so stdout and the pipe into jq are as printed")
    for i, c in enumerate(commands, 1):
        out(f"  {i}. {one_line(c)}")

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
    values = {"<jobmanager>:8081": JOBMANAGER, "<job-id>": jid, "<source-vertex-id>": source}

    # ---- (a) the block as printed
    a = block("(a) the block as printed", commands, values, jid, source, keyed, new_bound, 100, 130)

    # ---- the condition's own case: a body that leaves the source vertex out
    def without_source(path):
        with open(path) as f:
            body = json.load(f)
        del body[source]
        with open(path, "w") as f:
            json.dump(body, f)
        return "requirements.json rewritten without the source vertex"
    block("the condition's case: the block as printed, requirements.json without the source vertex before the PUT",
          commands, values, jid, source, keyed, None, 130, 130, edit=without_source, restore_words=False)

    # ---- back to 2, then (b) the block as printed once more, from 2 as the plan is
    start = 130
    if a == 200 and parallelisms(jid).get(keyed) == new_bound:
        back = commands[0].replace(f".[].parallelism.upperBound = {new_bound} |", ".[].parallelism.upperBound = 2 |")
        assert back != commands[0]
        block(f"back to 2 first, so that (b) starts where the plan does: the block with jq's new upper bound 2 instead of {new_bound}",
              [back] + commands[1:], values, jid, source, keyed, 2, 130, 160)
        start = 160
    block("(b) the block as printed once more", commands, values, jid, source, keyed, new_bound, start, start + 30)
    start += 30

    # ---- the refusal: the plan for a parallelism above max
    out("")
    out(f"the plan for the refusal link says: {above_headline}")
    if above_message:
        out(f"  Flink's message, as the plan quotes it: {above_message}")
    out("  its block: " + " / ".join(one_line(c) for c in above_commands))
    block("the refusal: that plan's block as printed", above_commands, values, jid, source, keyed, None, start, start,
          restore_words=False)

    # ---- to the end of the trace, then the committed totals
    out("")
    out("==== to the end of the trace")
    gate("live", 1 << 40)  # past the end: the source asks once more before it ends
    read_to_the_end(out, jid, REPO, more=lambda j: f" in all; {len(rescales(j))} entries in its rescale history")


if __name__ == "__main__":
    main()
