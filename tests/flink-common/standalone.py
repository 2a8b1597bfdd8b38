"""A standalone cluster on this computer as the observation programs that run jobs on one talk
to it: its REST API at a port, and waiting until something holds. Shared by
tests/flink-runbook/cluster.py and tests/flink-mixed-maxp/mixed.py, each of which puts this folder
on sys.path (flink.sh's flink_cluster starts the cluster).
"""

import json
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
