"""The cluster as journey.py talks to it: bin/flink, the REST API, the job's gate files, the
retained checkpoints, and the report's placeholders for ids and paths. Imported by journey.py,
whose first three arguments it reads: the work directory, Flink's home and the REST port.
"""

import os
import re
import subprocess
import sys

WORK, FLINK, PORT = sys.argv[1:4]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "flink-common"))
from standalone import rest_at, waiter  # noqa: E402 (the shared folder goes on the path first)

rest = rest_at(PORT)
wait = waiter("journey")
GATES = os.path.join(WORK, "gates")


def progress(msg):
    print(f"[journey] {msg}", file=sys.stderr, flush=True)


def operator_names():
    with open(os.path.join(WORK, "operator-ids.txt")) as f:
        return dict(line.strip().split(" ", 1) for line in f if line.strip())


def norm(text):
    text = text.replace(WORK, "<work>")
    for hexid, uid in operator_names().items():
        text = text.replace(hexid, f"{hexid[:8]}… ('{uid}')")
    text = re.sub(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])", "<id>", text)
    text = re.sub(r"savepoint-[0-9a-f]{6}-[0-9a-f]{12}", "savepoint-<id>", text)
    text = re.sub(r"chk-\d+", "chk-<n>", text)
    return text


def gate(name, offset):
    with open(os.path.join(GATES, name), "w") as f:
        f.write(str(offset))


def offset(name):
    try:
        with open(os.path.join(GATES, name + ".progress")) as f:
            return int(f.read().strip() or -1)
    except (OSError, ValueError):
        return -1


def flink(words, quiet=False):
    """bin/flink with these words; its output (stdout and stderr) as text."""
    p = subprocess.run([os.path.join(FLINK, "bin", "flink")] + words, capture_output=True, text=True, timeout=300)
    said = (p.stdout + p.stderr).strip()
    if not quiet:
        progress("flink " + " ".join(words) + " -> " + (said.splitlines()[-1] if said else "(nothing)"))
    return p.returncode, said


def job_id(said):
    m = re.search(r"JobID ([0-9a-f]{32})", said)
    if not m:
        raise SystemExit("journey: no job id in: " + said[-2000:])
    return m.group(1)


def refused(said):
    """What bin/flink printed when the job did not start: its deepest "Caused by" line."""
    causes = [l for l in said.splitlines() if l.startswith("Caused by:")]
    return norm(causes[-1] if causes else said.splitlines()[-1])


def started_or_refused(said):
    """(job id, None) for a submitted job, or (None, Flink's cause) when bin/flink failed."""
    m = re.search(r"JobID ([0-9a-f]{32})", said)
    return (m.group(1), None) if m else (None, refused(said))


def ended(said, rc):
    """How a submission that should fail ended: refused by bin/flink, or a job that failed."""
    jid, cause = started_or_refused(said)
    if jid is None:
        return f"bin/flink exit {rc}, the job did not start:\n    {cause}"
    wait("the job to end", lambda: status(jid) in ("FAILED", "FINISHED", "CANCELED"), seconds=60)
    return f"{status(jid)}:\n    {root_exception(jid)}"


def status(jid):
    return rest(f"/jobs/{jid}")["state"]


def vertices(jid):
    v = rest(f"/jobs/{jid}")["vertices"]
    return "; ".join(f"{x['name']} (p={x['parallelism']}, max {x['maxParallelism']})" for x in sorted(v, key=lambda x: x["name"]))


def root_exception(jid):
    ex = rest(f"/jobs/{jid}/exceptions")
    hist = ex.get("exceptionHistory", {}).get("entries", [])
    text = hist[0]["stacktrace"] if hist else ex.get("root-exception", "")
    # The deepest "Caused by" line names the cause; keep the first line of each.
    causes = [text.splitlines()[0]] + [l for l in text.splitlines() if l.startswith("Caused by:")]
    return norm(causes[-1])


def failures(jid):
    ex = rest(f"/jobs/{jid}/exceptions")
    return ex.get("exceptionHistory", {}).get("entries", [])


def checkpoints(jid):
    return rest(f"/jobs/{jid}/checkpoints")


def completed(jid):
    return [c for c in checkpoints(jid).get("history", []) if c["status"] == "COMPLETED"]


def uploaded(c):
    """A checkpoint's upload against its state: "full" from 90 %, else the share."""
    share = c["checkpointed_size"] / max(c["state_size"], 1)
    return "full" if share >= 0.9 else f"{round(share * 100)} % of the state, not full"


def retained_checkpoints():
    """The chk-<n> directories with a _metadata under the checkpoint directory, oldest first."""
    return sorted(
        [os.path.join(r, d) for r, ds, _ in os.walk(os.path.join(WORK, "checkpoints")) for d in ds if d.startswith("chk-") and os.path.exists(os.path.join(r, d, "_metadata"))],
        key=os.path.getmtime)


def checked_totals(repo):
    """The totals the live sink committed, summed per key into <work>/output.csv, and what the
    trace kit's checker says of them: (keys, verdict)."""
    totals = {}
    live_out = os.path.join(WORK, "output", "live")
    for name in sorted(os.listdir(live_out)):
        with open(os.path.join(live_out, name)) as f:
            for line in f.read().splitlines():
                k, v = line.split(",")
                totals[k] = totals.get(k, 0) + int(v)
    csv = os.path.join(WORK, "output.csv")
    with open(csv, "w") as f:
        f.write("key,total\n" + "".join(f"{k},{v}\n" for k, v in sorted(totals.items())))
    verdict = subprocess.run(["cargo", "run", "--quiet", "--example", "trace_kit", "--", "check", "#/trace", csv], cwd=repo,
                             capture_output=True, text=True, check=True).stdout.strip()
    return len(totals), verdict


def read_to_the_end(out, jid, repo, job="the job", sink="the sink", more=None):
    """The last step of a route: wait for job jid to finish reading the trace, then print (with
    out) how it ended, named as job, its failures followed by more(jid) when given, and the totals
    committed on sink with the trace kit's verdict (checked_totals)."""
    wait(f"{job} to finish", lambda: status(jid) in ("FINISHED", "FAILED"), seconds=180)
    out(f"  {job} read to the end of the trace: {status(jid)}, {len(failures(jid))} failures{more(jid) if more else ''}")
    keys, verdict = checked_totals(repo)
    out(f"  committed on {sink}: {keys} keys; the trace kit's check: {verdict}")
