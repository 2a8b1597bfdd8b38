"""A standalone cluster on this computer as the observation programs that run jobs on one talk
to it: its REST API at a port, waiting until something holds, its bin/flink, and the report
lines a driver writes. Shared by tests/flink-runbook/cluster.py, tests/flink-mixed-maxp/mixed.py
and tests/flink-drain/drain.py, each of which puts this folder on sys.path (flink.sh's
flink_cluster starts the cluster).
"""

import json
import os
import subprocess
import sys
import time
import urllib.request


def rest_at(port):
    """The REST API at localhost:PORT, as a function of a path (and method) giving its JSON."""
    base = f"http://localhost:{port}"

    def rest(path, method="GET"):
        req = urllib.request.Request(base + path, method=method)
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read().decode() or "null")

    return rest


def waiter(who):
    """A wait(what, check, seconds, every) that calls check() until it gives something true and
    gives that, or after SECONDS stops the program, saying (as WHO) what it waited for."""

    def wait(what, check, seconds=120, every=0.5):
        deadline = time.time() + seconds
        while time.time() < deadline:
            got = check()
            if got:
                return got
            time.sleep(every)
        raise SystemExit(f"{who}: gave up waiting for {what} after {seconds} s")

    return wait


def reporter(tag):
    """(progress, out): progress(msg) tells the person running it on stderr, under [TAG];
    out(line) writes a line of the report on stdout, and echoes it on stderr."""

    def progress(msg):
        print(f"[{tag}] {msg}", file=sys.stderr, flush=True)

    def out(line=""):
        print(line, flush=True)
        print("| " + line, file=sys.stderr, flush=True)

    return progress, out


def flink_cli(home, progress):
    """flink(words): bin/flink of the Flink at HOME with these words, giving (exit code, its
    stdout and stderr as text); its last line goes to progress."""

    def flink(words):
        p = subprocess.run([os.path.join(home, "bin", "flink")] + words, capture_output=True, text=True, timeout=300)
        said = (p.stdout + p.stderr).strip()
        progress("flink " + " ".join(words) + " -> " + (said.splitlines()[-1] if said else "(nothing)"))
        return p.returncode, said

    return flink


def driver(tag):
    """What a driver called as `python3 DRIVER.py WORK FLINK_HOME PORT JAR READER_CLASSPATH`
    works with: those five arguments, then rest, wait, progress, out and flink (above), its
    messages under TAG."""
    work, home, port, jar, reader_cp = sys.argv[1:6]
    progress, out = reporter(tag)
    return work, home, port, jar, reader_cp, rest_at(port), waiter(f"{tag}.py"), progress, out, flink_cli(home, progress)
