"""The JupyterLab server the browser tests start (``test_jupyterlab.serving``, under every
``lab`` fixture) leaves no process behind: not when the fixture stops it, and not when
the pytest process that started it is killed outright (SIGKILL: no teardown, no atexit).

Each test starts a real server and a real kernel in it (the REST API's ``POST
/api/kernels``, as a page opening a notebook does), counts the processes marked as
started by the test (``tests/processes.py``: the server's environment and so its
kernels'), and counts them again after.  About 10 s each.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def _lab_helpers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("negaviz_lab_helpers", Path(__file__).with_name("test_jupyterlab.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


jl = _lab_helpers()
processes = jl.processes

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(jl.jupyter_lab() is None, reason="needs the jupyter-lab executable (pip install -e '.[test]')"),
    pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="counts processes in /proc (Linux)"),
]


def start_kernel(lab: Any) -> str:
    """A kernel started in ``lab`` as a page opening a notebook starts one; its id."""
    request = urllib.request.Request(f"{lab.url}/api/kernels", data=b"{}", method="POST",
                                     headers={"Authorization": f"token {lab.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return str(json.loads(r.read())["id"])


def wait_for(what: Any, seconds: float) -> Any:
    """``what()`` once true, or its last value after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not (got := what()) and time.monotonic() < deadline:
        time.sleep(0.2)
    return got


def test_the_lab_fixture_leaves_no_server_or_kernel(tmp_path: Path) -> None:
    before = set(processes.owned())
    (tmp_path / "root").mkdir()
    with jl.serving(tmp_path / "root", jl.isolated_env(tmp_path / "jupyter"), tmp_path / "lab.log", lambda: False) as lab:
        start_kernel(lab)
        start_kernel(lab)
        running = wait_for(lambda: len(set(processes.owned()) - before) >= 3 and processes.owned(), 30)
        started = {pid: cmd for pid, cmd in running.items() if pid not in before}
        assert sum("jupyter-lab" in c for c in started.values()) == 1, started
        assert sum("ipykernel" in c for c in started.values()) == 2, started
        assert jl.shutdown_kernels(lab) and wait_for(lambda: not any("ipykernel" in c for p, c in processes.owned().items()
                                                                     if p not in before), 30)
        start_kernel(lab)  # one more, left for the fixture's stop to end
    assert set(processes.owned()) - before == set()  # none left once the fixture stopped


CHILD = """
import importlib.util, sys, time, urllib.request, json
from pathlib import Path
spec = importlib.util.spec_from_file_location("negaviz_lab_helpers", {helpers!r})
jl = importlib.util.module_from_spec(spec); sys.modules[spec.name] = jl; spec.loader.exec_module(jl)
root = Path({root!r}); root.mkdir()
with jl.serving(root, jl.isolated_env(Path({home!r})), Path({log!r}), lambda: False) as lab:
    request = urllib.request.Request(lab.url + "/api/kernels", data=b"{{}}", method="POST",
        headers={{"Authorization": "token " + lab.token, "Content-Type": "application/json"}})
    urllib.request.urlopen(request, timeout=60).read()
    print("started", flush=True)
    time.sleep(600)
"""


def test_a_killed_test_process_leaves_no_server_or_kernel(tmp_path: Path) -> None:
    """The test process is SIGKILLed while its server runs a kernel: the server gets SIGTERM
    as its parent dies (``die_with_parent``) and shuts its kernel down."""
    code = textwrap.dedent(CHILD).format(helpers=str(Path(jl.__file__)), root=str(tmp_path / "root"),
                                         home=str(tmp_path / "jupyter"), log=str(tmp_path / "lab.log"))
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env={**os.environ, "PYTHONPATH": str(jl.ROOT)})
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.strip() == "started", line + child.stdout.read()
        running = wait_for(lambda: len(processes.owned(child.pid)) >= 2 and processes.owned(child.pid), 30)
        assert sum("ipykernel" in c for c in running.values()) == 1, running
        os.kill(child.pid, signal.SIGKILL)  # no teardown, no atexit: only the kernel's death signal is left
        child.wait(timeout=10)
        left = wait_for(lambda: not processes.owned(child.pid), 30) or processes.owned(child.pid)
        assert left is True, f"left running after the test process was killed: {left}"
    finally:
        if child.poll() is None:
            child.kill()
        processes.end(list(processes.owned(child.pid)))
