#!/usr/bin/env python3
"""The planner's runbook, run command by command on a real standalone Flink cluster.

Called by run.sh once the cluster is up and the jars are built (see run.sh for the layout). ROUTE
says how the job was stopped before its restart at the target failed: "checkpoint" (cancelled,
its latest retained checkpoint is what the runbook's first step restores) or "savepoint"
(stopped with `flink stop --type canonical`, its stop savepoint is). The
runbook is the planner's own (runbook.md, from `cargo run --example runbook` for LINK): its
`flink` commands are run as written, placeholders filled with the real job ids and paths, and
each step's configuration block passed as -D options. What the runbook cannot run here:
  <RewriteJob> (the State Processor API rewrite): no jar for it in the Python packages. A stand-in
  job writes the savepoint a rewrite of the keyed state would write: the same job run from
  offset 0 to the snapshot's offset with the keyed operator at the new max parallelism and every
  other operator at the old one (pinned), then stopped with a savepoint.
The report (stdout) is the observation; every line in it is what Flink or the trace kit's
checker said, with ids and paths replaced by placeholders.
"""

import json
import os
import re
import subprocess
import sys
import time

from cluster import (GATES, completed, ended, failures, flink, gate, job_id, norm, offset, operator_names, progress,
                     read_to_the_end, rest, retained_checkpoints, status, uploaded, vertices, wait)

WORK, FLINK, PORT, LINK, KIT, REPO, ROUTE, RUNBOOK = sys.argv[1:9]
SLOW = os.path.join(WORK, "slow")
REPORT = []


def out(line=""):
    REPORT.append(line)
    print(line, flush=True)
    print("| " + line, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------- the runbook

def runbook_steps(markdown):
    """(title, commands, configuration) per step of runbook.md."""
    steps = []
    for part in re.split(r"^## ", markdown, flags=re.M)[1:]:
        title = part.splitlines()[0]
        if title == "Notes":
            continue
        sh = re.search(r"```sh\n(.*?)```", part, re.S)
        yaml = re.search(r"```yaml\n(.*?)```", part, re.S)
        conf = [l.split(": ", 1) for l in (yaml.group(1).splitlines() if yaml else [])]
        steps.append((title, sh.group(1).splitlines() if sh else [], conf))
    return steps


def filled(command, values):
    for k, v in values.items():
        command = command.replace(k, v)
    left = re.findall(r"<[^>]+>", command)
    if left:
        raise SystemExit(f"journey: unfilled {left} in {command}")
    return command


def run_command(command, conf, values, jar_dir):
    """A runbook `flink` command, filled; a `flink run` gets the step's configuration as -D."""
    words = filled(command, values).split()[1:]
    if words[0] == "run":
        extra = [f"-D{k}={v}" for k, v in conf if not any(w.startswith(f"-D{k}=") for w in words)]
        words = words[:1] + extra + words[1:]
        words[-1] = os.path.join(jar_dir, words[-1])
    return flink(words)


def standin_rewrite(source_offset, new_max, name):
    """The savepoint a rewrite of the keyed state would write: the stand-in job from offset 0 to
    `source_offset`, keyed operator at `new_max`, the rest pinned; stopped with a savepoint."""
    gate("standin", source_offset)
    _, said = flink(["run", "-d", "-p", "2", f"-Dpipeline.max-parallelism={new_max}", os.path.join(WORK, "jars", "standin.jar")])
    jid = job_id(said)
    wait("the stand-in at its offset", lambda: offset("standin") >= source_offset - 1)
    _, said = flink(["stop", "--type", "canonical", "--savepointPath", os.path.join(WORK, "savepoints"), jid])
    path = re.search(r"Savepoint completed\. Path: (\S+)", said).group(1)
    out(f"  stand-in for the rewrite ({name}): the job from offset 0 to {source_offset}, keyed operator at {new_max}, the rest pinned; stopped with a savepoint")
    return path


def cancel_keep_checkpoint(jid):
    """The checkpoint route: cancelled, its latest checkpoint retained; that checkpoint's path."""
    flink(["cancel", jid])
    wait("the cancelled job", lambda: status(jid) == "CANCELED")
    chk = wait("the retained checkpoint", lambda: retained_checkpoints()[-1:])[0]
    out(f"  cancelled; its latest checkpoint is retained ({norm(chk)})")
    return chk


def stop_with_savepoint(jid):
    """The savepoint route: stopped with a canonical savepoint (no --drain); the savepoint's path,
    what the lab's savepoint reader says of it, and the retained checkpoints left."""
    words = ["stop", "--type", "canonical", "--savepointPath", os.path.join(WORK, "savepoints"), jid]
    _, said = flink(words)
    path = re.search(r"Savepoint completed\. Path: (\S+)", said).group(1)
    wait("the stopped job", lambda: status(jid) in ("FINISHED", "FAILED", "CANCELED"))
    out(f"  stopped: flink stop --type canonical --savepointPath <savepoint-dir> <job-id> -> {norm(said.splitlines()[-1])}; the job {status(jid)}")
    table = subprocess.run(["cargo", "run", "--quiet", "--bin", "keygroups", "--", "savepoint", path.removeprefix("file:")], cwd=REPO, capture_output=True, text=True, check=True).stdout
    head = re.sub(r"checkpoint id \d+", "checkpoint id <n>", table.splitlines()[0])
    head = re.sub(r", \d+ bytes$", "", head)
    keyed = [n for n, uid in operator_names().items() if uid == "sum-per-key"][0]
    sizes = table.split(f"operator {keyed}", 1)[1].splitlines()[1].strip().split(", state ")[0]
    out(f"    the lab's savepoint reader (keygroups savepoint): {head}; sum-per-key: {sizes}")
    for _ in range(60):  # Flink discards a finished job's checkpoints in the background
        if not retained_checkpoints():
            break
        time.sleep(0.5)
    out(f"    retained checkpoints left under the checkpoint directory: {len(retained_checkpoints())}")
    return path


def main():
    for d in (GATES,):
        os.makedirs(d, exist_ok=True)
    markdown = subprocess.run(["cargo", "run", "--quiet", "--example", "runbook", "--", LINK], cwd=REPO, capture_output=True, text=True, check=True).stdout
    with open(os.path.join(WORK, "runbook.md"), "w") as f:
        f.write(markdown)
    steps = runbook_steps(markdown)
    new_max = int(re.search(r"-Dpipeline.max-parallelism=(\d+)", markdown).group(1))
    target = int(re.search(r"-p (\d+) -cm NO_CLAIM -Dpipeline", markdown).group(1))
    out(f"Planner link: {LINK}")
    out(f"Runbook: {len(steps)} steps, new max parallelism {new_max}, target {target} ({RUNBOOK} beside this report)")
    jars = os.path.join(WORK, "jars")
    old, new = os.path.join(jars, "old"), os.path.join(jars, "new")
    values = {"<savepoint-dir>": os.path.join(WORK, "savepoints")}

    # ---- the incident: the job was first run with a max parallelism below the target
    out("")
    out("==== the incident, before the runbook")
    gate("live", 100)
    _, said = flink(["run", "-d", "-p", "2", "-Dpipeline.max-parallelism=4", os.path.join(old, "job.jar")])
    live = job_id(said)
    wait("the live job at offset 100", lambda: offset("live") >= 99)
    before = len(completed(live))
    wait("a checkpoint at offset 100", lambda: len(completed(live)) >= before + 1)
    out(f"  first run: flink run -d -p 2 -Dpipeline.max-parallelism=4 job.jar -> {vertices(live)}; held at offset 100, checkpointed")
    if ROUTE == "savepoint":
        latest, key = stop_with_savepoint(live), "<latest-savepoint-path>"
    else:
        latest, key = cancel_keep_checkpoint(live), "<latest-checkpoint-path>"
    rc, said = flink(["run", "-d", "-s", latest, "-p", str(target), os.path.join(old, "job.jar")])
    shown = "<chk>" if ROUTE == "checkpoint" else "<savepoint>"
    out(f"  the restart at {target}: flink run -d -s {shown} -p {target} job.jar -> {ended(said, rc)}")
    values[key] = latest

    # ---- step 1 of the runbook: the job is down, bring it back (and what the raised keys prevent)
    title, cmds, conf = steps[0]
    out("")
    out(f"==== runbook step 1: {title}")
    out(f"  command: {cmds[0]}")
    out(f"  configuration: {', '.join(k + ': ' + v for k, v in conf)}")
    with open(SLOW, "w") as f:
        f.write("15")
    bare = [c for c in conf if "checkpointing" not in c[0]]
    _, said = run_command(cmds[0], bare, values, old)
    loop = job_id(said)
    time.sleep(45)
    fails = failures(loop)
    out(f"  without the raised keys (the cluster's timeout 10 s stands in for the 10 min default; each checkpoint of the restored job takes 15 s): after 45 s {status(loop)}, {len(completed(loop))} checkpoints completed, {len(fails)} failures")
    if fails:
        out(f"    first failure: {norm(fails[-1]['exceptionName'] + ': ' + fails[-1]['stacktrace'].splitlines()[0].split(': ', 1)[-1])}")
    flink(["cancel", loop])
    wait("the looping job to end", lambda: status(loop) == "CANCELED")
    _, said = run_command(cmds[0], conf, values, old)
    live = job_id(said)
    first = wait("the first checkpoint after the restore", lambda: completed(live), seconds=180)[-1]
    os.remove(SLOW)
    out(f"  with the runbook's keys: {status(live)}, {vertices(live)}; {len(failures(live))} failures; the source holds at offset {offset('live') + 1}")
    out(f"    first checkpoint after the restore: {first['checkpointed_size']} of {first['state_size']} bytes uploaded ({uploaded(first)}), took {first['end_to_end_duration'] // 1000} s")
    nxt = wait("a second checkpoint", lambda: [c for c in completed(live) if c["id"] > first["id"]])[-1]
    out(f"    the next one: {nxt['checkpointed_size']} of {nxt['state_size']} bytes uploaded ({uploaded(nxt)})")
    values["<job-id>"] = live
    values["<live-job-id>"] = live

    # ---- steps 2-4: a savepoint, its rewrite (stand-in), the shadow
    title, cmds, _ = steps[1]
    out("")
    out(f"==== runbook step 2: {title}")
    _, said = run_command(cmds[0], [], values, old)
    values["<savepoint-path>"] = re.search(r"Savepoint completed\. Path: (\S+)", said).group(1)
    out(f"  {cmds[0]}: {norm(said.splitlines()[-2] if len(said.splitlines()) > 1 else said)}")
    out("")
    out(f"==== runbook step 3: {steps[2][0]}")
    out(f"  command (not run: no State Processor API here): {steps[2][1][0]}")
    values["<rewritten-path>"] = standin_rewrite(offset("live") + 1, new_max, "the running job's savepoint")
    title, cmds, conf = steps[3]
    out("")
    out(f"==== runbook step 4: {title}")
    gate("shadow", 100)
    rc, said = run_command(cmds[0], conf, values, old)
    out(f"  the same command with the job's old code (nothing pinned): {ended(said, rc)}")
    _, said = run_command(cmds[0], conf, values, new)
    shadow = job_id(said)
    try:
        wait("the shadow running", lambda: status(shadow) == "RUNNING" and all(v["status"] == "RUNNING" for v in rest(f"/jobs/{shadow}")["vertices"]))
    except SystemExit:
        progress(f"shadow: {status(shadow)}; {[v['status'] for v in rest(f'/jobs/{shadow}')['vertices']]}; {[f['exceptionName'] for f in failures(shadow)]}")
        progress(json.dumps(failures(shadow))[:3000])
        raise
    out(f"  {cmds[0]}: {status(shadow)}, {vertices(shadow)}")
    values["<shadow-job-id>"] = shadow

    # ---- step 5: stop the live job with a savepoint at offset 160, rewrite it (stand-in)
    title, cmds, _ = steps[4]
    out("")
    out(f"==== runbook step 5: {title}")
    gate("live", 160)
    wait("the live job at offset 160", lambda: offset("live") >= 159)
    _, said = run_command(cmds[0], [], values, old)
    values["<stop-savepoint-path>"] = re.search(r"Savepoint completed\. Path: (\S+)", said).group(1)
    out(f"  {cmds[0]} (the live job held at offset 160): {norm(said.splitlines()[-1])}; the job {status(live)}")
    out(f"  command (not run): {cmds[1]}")
    values["<rewritten-stop-path>"] = standin_rewrite(160, new_max, "the stop savepoint")

    # ---- step 6: the cutover, then the output checked
    title, cmds, conf = steps[5]
    out("")
    out(f"==== runbook step 6: {title}")
    gate("cutover", 1 << 40)  # past the end: the source asks once more before it ends
    _, said = run_command(cmds[0], conf, values, new)
    cut = job_id(said)
    _, said = run_command(cmds[1], [], values, new)
    out(f"  {cmds[0]}: {vertices(cut)}")
    out(f"  {cmds[1]}: the shadow {wait('the shadow cancelled', lambda: status(shadow) == 'CANCELED' and 'CANCELED')}")
    read_to_the_end(out, cut, REPO, job="the cutover job", sink="the live sink")


if __name__ == "__main__":
    main()
