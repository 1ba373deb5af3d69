"""Ctrl-C at any moment of ``negaviz solve``'s start-up, from negaviz's first line on: one
line and status 130 (or, if the command had finished, its result and status 0), never a
``KeyboardInterrupt`` traceback.

The moments are found, not timed: Python writes a line to standard error as each import
ends (``PYTHONPROFILEIMPORTTIME``), and the test sends a real SIGINT the moment it reads
the line of a chosen module, so every run hits the same stage on a fast or a loaded
machine.  (Before negaviz's first line, ``negaviz._startup``, Python's own start-up
answers Ctrl-C, as for any program: see that module.  So do Python's last moments, after
the command is done and Python has put the default back: the process ends by the
signal, silently, which a shell reports as status 130.)"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TREE = "[[7,5],[3,1,9]]"
MARKS = ["negaviz._startup", "negaviz.errors", "negaviz.games.tree", "negaviz.search.core", "negaviz.trace",
         "negaviz.cli"]
"""Modules in the order the command imports them; a SIGINT is sent as each one's import ends."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


def launchers() -> dict[str, list[str]]:
    found = {"python -m negaviz": [sys.executable, "-m", "negaviz"]}
    script = shutil.which("negaviz", path=str(Path(sys.executable).parent))
    if script:
        found["the negaviz script"] = [script]
    return found


def interrupt_at(mark: str, launcher: list[str]) -> tuple[int, str, str, bool]:
    """Run ``negaviz solve`` and send SIGINT as the import of ``mark`` ends (or, for
    ``output``, as the result's first line is read); its status, output, the rest of
    standard error, and whether the signal was sent."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([*launcher, "solve", "tree", TREE], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT)
    assert proc.stderr is not None and proc.stdout is not None
    sent = False
    rest: list[str] = []
    try:
        if mark == "output":
            first = proc.stdout.readline()
            if first:
                proc.send_signal(signal.SIGINT)
                sent = True
            out = first + proc.stdout.read()
        else:
            for line in proc.stderr:
                if not line.startswith("import time:"):
                    rest.append(line)
                elif line.rstrip().endswith(f"| {mark}") or line.rstrip().endswith(f"|   {mark}") \
                        or line.split("|")[-1].strip() == mark:
                    proc.send_signal(signal.SIGINT)
                    sent = True
                    break
            out = proc.stdout.read()
        rest += [line for line in proc.stderr if not line.startswith("import time:")]
        status = proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    return status, out, "".join(rest), sent


@pytest.mark.parametrize("launcher", launchers().values(), ids=launchers().keys())
@pytest.mark.parametrize("mark", [*MARKS, "output"])
def test_ctrl_c_anywhere_in_start_up_is_one_line_and_no_traceback(mark: str, launcher: list[str]) -> None:
    status, out, err, sent = interrupt_at(mark, launcher)
    assert sent, f"never saw {mark!r} imported (the list of marks is out of date?): {err[-2000:]}"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    if status == 0:  # it had finished: the whole result, nothing said of Ctrl-C
        assert "value" in out and err == "", (out, err)
    elif status == -signal.SIGINT:  # Python's last moments (it restores the default): ended by the signal, silently
        # (after the result is out, or, on a loaded machine, after the last import the
        # signal can land so late that the command has printed its whole result by then)
        assert (mark == "output" or "value" in out) and err == "", (status, out, err)
    else:
        assert status == 130, (status, out, err)
        assert err.splitlines()[-1:] == ["negaviz: interrupted"], err
