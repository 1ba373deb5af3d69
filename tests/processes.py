"""The servers the suite starts, found and ended however the suite stops.

Every server a test starts (JupyterLab, Notebook 7, ``make lab``) carries
``NEGAVIZ_TEST_OWNER=<pid of the pytest process>`` in its environment (:func:`owned_env`),
and so does every kernel it starts (kernels inherit the server's environment).  So:

* :func:`owned` finds them from ``/proc`` by that mark, even those a server left behind
  when it died (orphans keep their environment);
* ``tests/conftest.py`` checks at the end of each session (each xdist worker's too) that
  none is left, ends any that is, and fails the session;
* :func:`die_with_parent` (a ``preexec_fn``) has Linux send the server SIGTERM when the
  pytest process that started it dies, however it dies (SIGKILL, an xdist worker ended,
  a second Ctrl-C): a Jupyter server shuts its kernels down on SIGTERM, and GNU make
  passes SIGTERM on to the server it runs.

Loaded by path (``tests/`` is not a package): ``tests/conftest.py`` and
``tests/browser/test_jupyterlab.py`` and ``test_make_lab.py`` do.
"""

from __future__ import annotations

import ctypes
import os
import signal
import time
from pathlib import Path

OWNER = "NEGAVIZ_TEST_OWNER"
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def owned_env(env: dict[str, str], owner: int | None = None) -> dict[str, str]:
    """``env`` marked as started by the pytest process ``owner`` (this one)."""
    return {**env, OWNER: str(os.getpid() if owner is None else owner)}


def die_with_parent() -> None:
    """In a child between fork and exec: SIGTERM when the process that started it ends."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the session-end check still finds what is left
        pass


def owned(owner: int | None = None) -> dict[int, str]:
    """The processes marked as started by ``owner`` (this pytest process) still running:
    pid -> command line.  Zombies (ended, not yet reaped) are not running."""
    mark = f"{OWNER}={os.getpid() if owner is None else owner}".encode()
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if mark not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                continue
            found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


def end(pids: list[int], *, grace_s: float = 10.0) -> None:
    """SIGTERM each of ``pids``, then SIGKILL those still running after ``grace_s``."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline and set(pids) & set(owned_any()):
        time.sleep(0.2)
    for pid in set(pids) & set(owned_any()):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def owned_any() -> list[int]:
    """Every running process carrying the mark, whoever the owner."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            env = (entry / "environ").read_bytes()
            if f"{OWNER}=".encode() in env and (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                found.append(int(entry.name))
        except OSError:
            continue
    return found
