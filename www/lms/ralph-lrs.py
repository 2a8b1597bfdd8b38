"""Starts ralph-malph's LRS (its own FastAPI app, under uvicorn) on the file-system backend,
for the cmi5 spec (www/lms/cmi5-lms.mjs runs it with ralph's Python).

Two changes to ralph 5.1.0's file-system LRS backend, each a fault observed here (2026-12-04):
- it writes statements with the data backend's default operation, `create`, which refuses to
  write to a file that exists, so every POST after the first fails with 500 "Statements bulk
  indexation failed": here it appends;
- its `activity` filter compares each statement's object id (a string) with the query's
  activity as ralph's IRI type, which never equals a string, so an `activity` query finds
  nothing: here the query's activity is given as a string.
Validation, authentication, storage and the rest of every query are ralph's own code.
    python ralph-lrs.py PORT DATA_DIR      (RALPH_AUTH_FILE names the credentials file)
"""
import os
import sys

port, data = int(sys.argv[1]), sys.argv[2]
os.environ["RALPH_RUNSERVER_BACKEND"] = "fs"
os.environ["RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH"] = data

import uvicorn  # noqa: E402
from ralph.backends.data.base import BaseOperationType  # noqa: E402
from ralph.backends.lrs.fs import FSLRSBackend  # noqa: E402

FSLRSBackend.default_operation_type = BaseOperationType.APPEND
_by_activity = FSLRSBackend._add_filter_by_activity
FSLRSBackend._add_filter_by_activity = staticmethod(
    lambda filters, object_id, related: _by_activity(filters, None if object_id is None else str(object_id), related)
)

uvicorn.run("ralph.api:app", host="127.0.0.1", port=port, log_level="info")
