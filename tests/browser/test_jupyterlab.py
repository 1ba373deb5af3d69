"""The stepper in a real JupyterLab 4 and a real Notebook 7, driven by a real headless Chromium.

One test per front-end, start to finish the way a teacher uses it: a Jupyter server in
throw-away Jupyter directories opens ``stepper_fixture.ipynb`` (stored without outputs),
Run All Cells runs it on a fresh kernel (which sets the stepper to step 5 from Python),
and the stepper is stepped with the keyboard (← → Home End once it has focus) and with
the mouse (▶, ◀, a jump button, a click on a node).  Each step read is checked against
the trace; nodes never move; stepping makes no HTTP request; running the last cell again
shows that the kernel sees the step the page moved to.  Screenshots go to
``artifacts/jupyterlab-stepper.png`` and ``artifacts/notebook7-stepper.png`` (git-ignored).

Uses Debian's /usr/bin/chromium through Playwright (never ``playwright install``) and the
``jupyter-lab`` of this Python's environment; skipped if either is missing.  It takes
20 to 45 seconds on two cores, most of it JupyterLab loading in the page; with ``-s`` it
prints how long each phase took (and on failure: the server's log, the browser's console
and ``artifacts/jupyterlab-stepper-failure.png``).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import negaviz


def _processes() -> Any:
    """``tests/processes.py``: marking the servers this test starts, and ending them."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("negaviz_test_processes", Path(__file__).parents[1] / "processes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


processes = _processes()

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = Path(__file__).with_name("stepper_fixture.ipynb")
SCREENSHOT = ROOT / "artifacts" / "jupyterlab-stepper.png"
FAILURE_SCREENSHOT = ROOT / "artifacts" / "jupyterlab-stepper-failure.png"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
SERVER_TIMEOUT = 60.0  # seconds for the server to answer /api/status
TIMEOUT_MS = 30_000  # for each wait in the page: generous, they normally take well under a second
KERNEL_TIMEOUT_MS = 60_000  # starting the kernel and running the three cells


def jupyter_lab() -> str | None:
    """This environment's ``jupyter-lab`` (next to the running Python), else one on PATH."""
    here = Path(sys.executable).with_name("jupyter-lab")
    return str(here) if here.exists() else shutil.which("jupyter-lab")


pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
    pytest.mark.skipif(jupyter_lab() is None, reason="needs the jupyter-lab executable (pip install -e '.[test]')"),
]


# ----------------------------------------------------------------------- the server
@dataclass
class Lab:
    url: str  # http://127.0.0.1:PORT
    token: str
    root: Path  # the server's root dir, holding the notebook
    log: Path

    def open_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def isolated_env(home: Path) -> dict[str, str]:
    """The environment for the server (and so its kernels): every per-user Jupyter and
    IPython directory in ``home`` (the caller's ``JUPYTER*`` and ``IPYTHON*`` settings
    dropped), news and update checks off, and this checkout first on the kernel's import
    path.  The environment's own data path (``sys.prefix/share/jupyter``: the python3
    kernelspec, the widgets' lab extension) is still searched: Jupyter looks there whatever
    ``JUPYTER_DATA_DIR`` says."""
    dirs = {
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": home / "settings",
        "JUPYTERLAB_WORKSPACES_DIR": home / "workspaces",  # empty: no layout or dialog left from another run
        "IPYTHONDIR": home / "ipython",
    }
    for d in dirs.values():
        d.mkdir(parents=True)
    settings = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    notification = settings / "notification.jupyterlab-settings"  # no news pop-up, no update check
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
    env.update({k: str(v) for k, v in dirs.items()})
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return processes.owned_env(env)  # the server and its kernels: found and ended at the session's end


def server_info(runtime: Path, pid: int) -> dict[str, Any] | None:
    """What the server wrote about itself once listening (its port, in particular)."""
    try:
        return dict(json.loads((runtime / f"jpserver-{pid}.json").read_text()))
    except (OSError, ValueError):
        return None


def answers(url: str, token: str) -> bool:
    request = urllib.request.Request(f"{url}/api/status", headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=2) as response:
            return response.status == 200 and "started" in json.loads(response.read())
    except (OSError, ValueError, urllib.error.URLError):
        return False


def stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM (the server shuts its kernels down), then SIGKILL its whole session."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # kernels or anything else left in its session
    except (ProcessLookupError, PermissionError):
        pass
    if proc.poll() is None:
        proc.wait(timeout=5)


def shutdown_kernels(lab: Lab) -> list[str]:
    """Shut down every kernel ``lab`` runs (a server a module's tests share starts one for
    each notebook a page opens, and closing the page does not stop it); their ids."""
    headers = {"Authorization": f"token {lab.token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{lab.url}/api/kernels", headers=headers), timeout=10) as r:
        ids = [k["id"] for k in json.loads(r.read())]
    for kernel in ids:
        request = urllib.request.Request(f"{lab.url}/api/kernels/{kernel}", headers=headers, method="DELETE")
        with urllib.request.urlopen(request, timeout=30):
            pass
    return ids


@contextmanager
def serving(root: Path, env: dict[str, str], log: Path, test_failed: Callable[[], bool]) -> Iterator[Lab]:
    """A JupyterLab server on 127.0.0.1 with a token, serving ``root`` with ``env`` (from
    :func:`isolated_env`), its output in ``log``; stopped on leaving, its log printed if
    the test failed."""
    exe = jupyter_lab()
    assert exe is not None
    token = secrets.token_hex(16)
    command = [
        exe, "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={free_port()}",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
    ]
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True,
                                preexec_fn=processes.die_with_parent)  # SIGTERM if pytest dies first
    try:
        deadline = time.monotonic() + SERVER_TIMEOUT
        url = None
        while True:
            if proc.poll() is not None:
                pytest.fail(f"jupyter-lab exited with code {proc.returncode} before answering:\n{log.read_text()}")
            info = server_info(Path(env["JUPYTER_RUNTIME_DIR"]), proc.pid)
            if info is not None:
                url = f"http://127.0.0.1:{info['port']}"  # the port it really took
                if answers(url, token):
                    break
            if time.monotonic() > deadline:
                pytest.fail(f"jupyter-lab did not answer /api/status within {SERVER_TIMEOUT:.0f} s:\n{log.read_text()}")
            time.sleep(0.1)
        yield Lab(url=url, token=token, root=root, log=log)
    finally:
        stop(proc)
        if test_failed():
            print(f"----- jupyter-lab log ({' '.join(command[1:])}) -----".replace(token, "<token>"))
            print(log.read_text(errors="replace").replace(token, "<token>"))


@pytest.fixture
def lab(tmp_path: Path, test_failed: Callable[[], bool], request: pytest.FixtureRequest) -> Iterator[Lab]:
    """A JupyterLab server on 127.0.0.1 with a token, serving a copy of the notebook.
    For the ``no-dot`` front-ends, its kernels run with no Graphviz ``dot`` on PATH."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    env = isolated_env(tmp_path / "jupyter")
    if request.node.callspec.params.get("frontend", "").endswith("no-dot"):
        env["PATH"] = str(Path(sys.executable).parent)  # this environment's programs only: no dot
    with serving(root, env, tmp_path / "jupyterlab.log", test_failed) as server:
        yield server


# ----------------------------------------------------------------------- the browser
@dataclass
class Browser:
    page: Any
    console: list[str]  # errors and warnings the page logged


@pytest.fixture
def browser_page(tmp_path: Path, test_failed: Callable[[], bool]) -> Iterator[Browser]:
    """A page in headless Chromium with a fresh profile."""
    from playwright.sync_api import sync_playwright

    FAILURE_SCREENSHOT.unlink(missing_ok=True)  # from an earlier run
    console: list[str] = []
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), headless=True, args=ARGS,
            # Wide enough for the file browser, the tree and the side panels side by side
            # (at 1280 px the tree panel is squeezed to a scrolled strip).
            viewport={"width": 1600, "height": 1000},
        )
        try:
            context.set_default_timeout(TIMEOUT_MS)
            page = context.pages[0] if context.pages else context.new_page()
            page.on("pageerror", lambda e: console.append(f"pageerror: {e} | {(e.stack or '')[:600]}"))

            def log_console(message: Any) -> None:
                if message.type in ("error", "warning"):
                    console.append(f"{message.type}: {message.text}")

            page.on("console", log_console)
            yield Browser(page, console)
            if test_failed():
                try:
                    SCREENSHOT.parent.mkdir(exist_ok=True)
                    page.screenshot(path=str(FAILURE_SCREENSHOT))
                    print(f"----- the page when the test failed: {FAILURE_SCREENSHOT} -----")
                except Exception as e:  # a crashed page: the console below says more
                    print(f"----- no screenshot of the failure: {e} -----")
                print("----- browser console (errors, warnings) -----")
                print("\n".join(console))
        finally:
            context.close()


# ----------------------------------------------------------------------- the test
FRONTENDS = {
    "jupyterlab": "{url}/lab/tree/{name}?token={token}",
    "notebook7": "{url}/notebooks/{name}?token={token}",
    # the kernel has no dot: the page lays the tree out with the Graphviz the kernel sends it
    "jupyterlab-no-dot": "{url}/lab/tree/{name}?token={token}",
}


@pytest.mark.parametrize("frontend", sorted(FRONTENDS))
def test_stepper_in_jupyter(frontend: str, lab: Lab, browser_page: Browser, stepper_probe: Any) -> None:
    """Run the notebook; step the stepper with keys, buttons and clicks; check each step
    against the trace; nodes never move; no HTTP request while stepping, none off this
    machine at all; the state synced both ways with the kernel."""
    from playwright.sync_api import expect

    page = browser_page.page
    probe = stepper_probe
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    n = len(trace)
    assert TEXTBOOK in NOTEBOOK.read_text(), "the notebook and this test must record the same tree"
    t0 = time.monotonic()
    phases: list[str] = []
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))

    def phase(name: str) -> None:
        phases.append(f"{name} {time.monotonic() - t0:.1f} s")
        print(frontend, "phases:", ", ".join(phases))  # shown with -s, or when the test fails

    # Kernel choice or any other question: take the default (the notebook names python3).
    dialog = page.locator(".jp-Dialog")
    page.add_locator_handler(dialog, lambda d: d.locator(".jp-mod-accept").first.click())

    # --- open the notebook, Run All ---------------------------------------------------------
    page.goto(FRONTENDS[frontend].format(url=lab.url, name=NOTEBOOK.name, token=lab.token))
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    prompts = notebook.locator(".jp-CodeCell .jp-InputPrompt")
    expect(prompts).to_have_count(6)
    phase("notebook open")

    def run_all() -> None:
        page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^Run$")).click(timeout=15_000)
        page.locator(".lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))
        ).click(timeout=15_000)

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + KERNEL_TIMEOUT_MS / 1000
    while True:  # until the kernel is up and the click lands: then the first prompt turns busy or numbered
        try:
            run_all()
        except PlaywrightTimeout:
            # A dialog that accepting does not close: jupyter_server can fail a kernel's first
            # websocket while the kernel starts ('NoneType' object has no attribute
            # 'kernel_ws_protocol', jupyter_server#1265). Open the notebook again, once more.
            if time.monotonic() > deadline:
                raise
            shown = page.locator(".jp-Dialog").all_inner_texts()
            phase(f"reload after a dialog that stayed: {' | '.join(t.strip()[:120] for t in shown)!r}")
            page.reload()
            expect(notebook).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
            expect(prompts).to_have_count(6)
            continue
        try:
            expect(prompts.first).to_have_text(re.compile(r"^\[(\*|\d+)\]:$"), timeout=5_000)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            phase("Run All again")
    # Every cell ran, in order, once per Run All: six numbered prompts counting up by one. (A
    # Run All repeated while the kernel was starting runs the cells twice, so the first need
    # not be [1]; a cell still queued shows [*].)
    counts: list[int] = []
    while time.monotonic() < deadline + KERNEL_TIMEOUT_MS / 1000:
        shown = [t.strip() for t in prompts.all_inner_texts()]
        counts = [int(m.group(1)) for t in shown if (m := re.fullmatch(r"\[(\d+)\]:", t))]
        if len(counts) == 6 and counts == list(range(counts[0], counts[0] + 6)):
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError(f"the six cells did not all run in order: prompts {shown}")
    stderr = notebook.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    expect(stderr).to_have_count(0)  # no traceback, no warning
    phase("cells run")

    # --- the stepper: Python set step 5 --------------------------------------------------------
    expect(notebook.locator("[data-negaviz-stepper]")).to_have_count(2)
    drawing = notebook.locator(".jp-CodeCell").nth(1).locator(".jp-OutputArea-output")
    if frontend.endswith("no-dot"):  # laid out here, by the Graphviz 16 the kernel sent
        expect(notebook.locator("[data-negaviz-stepper] svg g.node").first).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        # and the still drawing too: the cell's output is the page's own layout of its DOT
        expect(drawing.locator(".negaviz-drawing svg g.node")).to_have_count(9, timeout=KERNEL_TIMEOUT_MS)  # 8 + legend
    else:  # the kernel's dot drew it: JupyterLab shows SVG as an image
        expect(drawing.locator("img")).to_have_count(1)
    root = notebook.locator("[data-negaviz-stepper]").first
    expect(root).to_have_attribute("data-step", "5", timeout=TIMEOUT_MS)
    expect(root.locator("svg g.node").first).to_be_visible()
    now = root.evaluate(probe.js)
    probe.check(now, trace, 5)
    readings = [now]
    kernel_says = notebook.locator(".jp-OutputArea-output").filter(has_text="kernel sees step")
    expect(kernel_says).to_have_text(re.compile(r"kernel sees step 5"))
    phase("stepper shown")

    # --- keys: a click gives the stepper focus; then ← → Home End ---------------------------------
    root.locator(".nv-sentence").click()
    before_stepping = len(requests)
    for key, step in (("ArrowRight", 6), ("ArrowRight", 7), ("ArrowLeft", 6), ("Home", 0), ("End", n), ("Home", 0)):
        page.keyboard.press(key)
        expect(root).to_have_attribute("data-step", str(step))
        readings.append(root.evaluate(probe.js))
        probe.check(readings[-1], trace, step)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", "3")
    readings.append(root.evaluate(probe.js))
    probe.check(readings[-1], trace, 3)
    # A given tree's nodes are named by their place in it (t, t_0, t_0_0, ...): D is B's first child.
    assert "nv-current" in readings[-1]["nodes"]["t_0_0"]["cls"], "after step 3 the search has just entered D"
    phase("keyboard")

    # --- mouse: ▶, the next-cutoff jump, ◀, a click on a node ---------------------------------------
    root.get_by_role("button", name="forward one step", exact=True).click()
    expect(root).to_have_attribute("data-step", "4")
    cutoff = next(k for k in range(n) if trace.event(k).kind.name == "CUTOFF") + 1
    root.locator("button[data-jump='cutoff']").click()
    expect(root).to_have_attribute("data-step", str(cutoff))
    readings.append(root.evaluate(probe.js))
    probe.check(readings[-1], trace, cutoff)
    assert "cutoff" in readings[-1]["sentence"]
    expect(root.locator("button[data-jump='cutoff']")).to_be_disabled()  # the only one
    root.get_by_role("button", name="back one step", exact=True).click()
    expect(root).to_have_attribute("data-step", str(cutoff - 1))
    root.locator('svg g.node[data-nv="t_0"]').first.click()  # B, trace node 1
    expect(root).to_have_attribute("data-step", str(trace.nodes[1].enter_step + 1))
    readings.append(root.evaluate(probe.js))
    probe.check(readings[-1], trace, trace.nodes[1].enter_step + 1)
    phase("mouse")

    # --- the picture never moved, and it changed at every step read --------------------------------
    for a, b in zip(readings, readings[1:]):
        assert probe.same_places(a, b) >= 6
        if a["step"] != b["step"]:
            assert probe.painted_differently(a, b), (a["step"], b["step"])
    # JupyterLab's own housekeeping goes on meanwhile: it polls its REST API and swaps its
    # favicon while the kernel hears of each step.  Nothing else may be asked for.
    housekeeping = tuple(lab.url + p for p in ("/api/", "/lab/api/", "/static/favicons/"))
    stepping = [u for u in requests[before_stepping:] if not u.startswith(housekeeping)]
    assert stepping == [], f"stepping made HTTP requests: {stepping[:5]}"
    off_host = [u for u in requests if not u.startswith((lab.url, "data:", "blob:"))]
    assert off_host == [], off_host

    # --- the page moved the kernel: run the last cell again ------------------------------------------
    notebook.locator(".jp-CodeCell").nth(4).locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    step_now = readings[-1]["step"]
    expect(kernel_says).to_have_text(re.compile(rf"kernel sees step {step_now}\b"), timeout=KERNEL_TIMEOUT_MS)
    phase("synced back")

    # --- a bigger search, sent in parts: a step outside the first view asks the kernel ---------------
    from negaviz.frontend.scene import Scene

    big_trace = negaviz.record(negaviz.TicTacToe("x........"), algorithm="alphabeta")
    outside = next(k for k in range(len(big_trace)) if Scene(big_trace, max_nodes=60).covers(k) is None)
    big = notebook.locator("[data-negaviz-stepper]").nth(1)
    big.scroll_into_view_if_needed()
    # While the reader reads, the page asks the kernel for the view the next steps need
    # (and the steps' chunks on the way), then builds it, hidden: no wait when it comes.
    expect(big).to_have_attribute("data-warm", "done", timeout=KERNEL_TIMEOUT_MS)
    assert big.locator(".nv-tree .nv-view").count() == 2
    big.locator("input.nv-slider").fill(str(outside))
    expect(big).to_have_attribute("data-step", str(outside))
    expect(big.locator(".nv-note")).to_contain_text("A new view from step", timeout=KERNEL_TIMEOUT_MS)
    expect(big.locator(".nv-sentence")).not_to_have_text("…")
    first = big.evaluate(probe.js)
    probe.check(first, big_trace, outside)
    big.locator(".nv-sentence").click()
    for step in range(outside + 1, outside + 4):
        page.keyboard.press("ArrowRight")
        expect(big).to_have_attribute("data-step", str(step))
        expect(big.locator(".nv-sentence")).not_to_have_text("…")
        now = big.evaluate(probe.js)
        probe.check(now, big_trace, step)
    page.keyboard.press("End")  # the last chunk of steps comes from the kernel too
    expect(big).to_have_attribute("data-step", str(len(big_trace)))
    expect(big.locator(".nv-sentence")).not_to_have_text("…", timeout=KERNEL_TIMEOUT_MS)
    probe.check(big.evaluate(probe.js), big_trace, len(big_trace))
    phase("big search")

    # --- the dark theme: the stepper takes JupyterLab's colours, text stays readable -------------------
    def theme(name: str) -> None:  # Settings > Theme > name, as a user picks it
        page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^Settings$")).click()
        page.locator(".lm-Menu-item").filter(has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Theme$"))).click()
        page.locator(".lm-Menu-item").filter(has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{name}$"))).click()

    theme("JupyterLab Dark")
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false", timeout=TIMEOUT_MS)
    root.scroll_into_view_if_needed()
    page.wait_for_timeout(300)  # the theme's style sheet applied
    assert root.evaluate("r => getComputedStyle(r).backgroundColor") != "rgb(255, 255, 255)"
    assert root.evaluate(probe.contrast) == []
    root.screenshot(path=str(SCREENSHOT.with_name(f"{frontend}-stepper-dark.png")))
    theme("JupyterLab Light")
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "true", timeout=TIMEOUT_MS)
    phase("dark theme")

    # --- a picture -----------------------------------------------------------------------------------
    root.scroll_into_view_if_needed()
    page.mouse.move(0, 0)  # no hover highlight or tooltip in the picture
    SCREENSHOT.parent.mkdir(exist_ok=True)
    root.screenshot(path=str(SCREENSHOT.with_name(f"{frontend}-stepper.png")))
    phase("screenshot")
    # Errors of ours would come from the module (loaded from a blob: URL) or anywidget;
    # Notebook 7 7.6 throws one of its own while loading ("reading 'schema'", in notebook_core).
    ours = [m for m in browser_page.console if m.startswith("pageerror") and ("blob:" in m or "anywidget" in m)]
    assert not ours, ours


# ----------------------------------------------------------------------- practice
PRACTICE_NOTEBOOK = Path(__file__).with_name("practice_fixture.ipynb")


@pytest.mark.parametrize("frontend", ["jupyterlab", "notebook7"])
def test_practice_in_jupyter(frontend: str, lab: Lab, browser_page: Browser) -> None:
    """The whole-tree exercise in a real JupyterLab and Notebook 7: values typed on the
    nodes, cuts toggled by keyboard, checked in the page; the verdict is grade()'s."""
    from playwright.sync_api import expect

    from negaviz.quiz import grade

    page = browser_page.page
    shutil.copy(PRACTICE_NOTEBOOK, lab.root / PRACTICE_NOTEBOOK.name)
    assert TEXTBOOK in PRACTICE_NOTEBOOK.read_text()
    page.add_locator_handler(page.locator(".jp-Dialog"), lambda d: d.locator(".jp-mod-accept").first.click())
    page.goto(FRONTENDS[frontend].format(url=lab.url, name=PRACTICE_NOTEBOOK.name, token=lab.token))
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    prompt = notebook.locator(".jp-CodeCell .jp-InputPrompt").first
    deadline = time.monotonic() + KERNEL_TIMEOUT_MS / 1000
    while True:  # until the kernel is up and the cell runs
        notebook.locator(".jp-CodeCell").first.click()
        page.keyboard.press("Shift+Enter")
        try:
            expect(prompt).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=10_000)  # [2] if pressed twice
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
    root = notebook.locator("[data-negaviz-stepper]")
    expect(root.locator("input[aria-label='value of C']")).to_have_count(1, timeout=TIMEOUT_MS)
    answers = {"A": "5", "B": "5", "C": "3"}  # B and C in the other view: a misconception, named
    for name, value in answers.items():
        root.locator(f"input[aria-label='value of {name}']").fill(value)
    cut = root.locator("g.edge[aria-label='cut C to G']")
    cut.focus()
    page.keyboard.press("Space")
    expect(cut).to_have_attribute("aria-checked", "true")
    root.locator(".nv-practice button", has_text="check").click()
    want = grade(negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"), values=answers, cut=["G"])
    assert want.mistake == "negation" and want.missed_cuts == {"H"}
    expect(root.locator(".nv-practice-result p").first).to_have_text(want.verdict)
    expect(root.locator(".nv-practice-result .nv-pattern")).to_have_text(want.pattern)
    expect(root.locator("g.edge[aria-label='cut C to H']")).to_have_attribute("data-nv-cut", "missed")
