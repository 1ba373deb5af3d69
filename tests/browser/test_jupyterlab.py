"""The stepper in a real JupyterLab, driven by a real headless Chromium.

One test, start to finish the way a teacher uses it: a JupyterLab server in throw-away
Jupyter directories opens ``stepper_fixture.ipynb`` (stored without outputs), Run All
Cells runs it on a fresh kernel, and the stepper that appears is stepped with the
keyboard (the slider's handle, ← →) and with the mouse (▶, ◀ and a jump button).  After
each move the test waits until the drawn tree has changed, then checks the tree, the
sentence and the slider against what the same widget shows in this process for that step.
A screenshot goes to ``artifacts/jupyterlab-stepper.png`` (git-ignored).

Uses Debian's /usr/bin/chromium through Playwright (never ``playwright install``) and the
``jupyter-lab`` of this Python's environment; skipped if either is missing.  It takes
20 to 45 seconds on two cores, most of it JupyterLab loading in the page; with ``-s`` it
prints how long each phase took (and on failure: the server's log, the browser's console
and ``artifacts/jupyterlab-stepper-failure.png``).
"""

from __future__ import annotations

import functools
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.render.styles import OKABE_ITO

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
CURRENT = OKABE_ITO["vermillion"].lower()  # the current node's (double) border; dot writes lower case
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
    return env


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


@pytest.fixture
def lab(tmp_path: Path, test_failed: Callable[[], bool]) -> Iterator[Lab]:
    """A JupyterLab server on 127.0.0.1 with a token, serving a copy of the notebook."""
    exe = jupyter_lab()
    assert exe is not None
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    env = isolated_env(tmp_path / "jupyter")
    token = secrets.token_hex(16)
    log = tmp_path / "jupyterlab.log"
    command = [
        exe, "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={free_port()}",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
    ]
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
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
            page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))

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


# ----------------------------------------------------------------------- expectations
def node_blocks(svg: str) -> dict[str, str]:
    """dot's node groups ``<g id="nK" class="node">…`` by id (trace nodes only)."""
    parts = re.split(r'(?=<g id="[^"]+" class="(?:node|edge|graph|cluster)")', svg)
    return {m.group(1): part for part in parts if (m := re.match(r'<g id="(n\d+)" class="node"', part))}


def current_nodes(svg: str) -> list[str]:
    """The node groups drawn with the current node's style: a double vermillion border."""
    return sorted(k for k, block in node_blocks(svg).items() if block.lower().count(f'stroke="{CURRENT}"') >= 2)


CURRENT_IN_PAGE = """(root, colour) => Array.from(root.querySelectorAll('svg g.node'))
    .filter(g => /^n\\d+$/.test(g.id))
    .filter(g => Array.from(g.querySelectorAll('[stroke]'))
                      .filter(s => s.getAttribute('stroke').toLowerCase() === colour).length >= 2)
    .map(g => g.id).sort()"""

NODES_IN_PAGE = """root => Array.from(root.querySelectorAll('svg g.node'))
    .map(g => g.id).filter(id => /^n\\d+$/.test(id)).sort()"""


@dataclass(frozen=True)
class Shown:
    step: int
    sentence: str
    caption: str  # the tree's own "after step k of n"
    nodes: list[str]  # trace node groups drawn
    current: list[str]  # those with the current style
    svg: str  # the tree as the page has it


# ----------------------------------------------------------------------- the test
def test_stepper_in_jupyterlab(lab: Lab, browser_page: Browser) -> None:
    from playwright.sync_api import expect

    page = browser_page.page
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    n = len(trace)
    assert TEXTBOOK in NOTEBOOK.read_text(), "the notebook and this test must record the same tree"
    t0 = time.monotonic()
    phases: list[str] = []

    def phase(name: str) -> None:
        phases.append(f"{name} {time.monotonic() - t0:.1f} s")
        print("phases:", ", ".join(phases))  # shown with -s, or when the test fails

    # Kernel choice or any other question: take the default (the notebook names python3).
    dialog = page.locator(".jp-Dialog")
    page.add_locator_handler(dialog, lambda d: d.locator(".jp-mod-accept").first.click())

    # --- open the notebook, wait for its kernel ---------------------------------------------
    page.goto(lab.open_url(NOTEBOOK.name))
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    prompts = notebook.locator(".jp-CodeCell .jp-InputPrompt")
    expect(prompts).to_have_count(3)
    phase("notebook open")
    kernel_idle = page.locator(".jp-StatusBar-TextItem").filter(has_text=re.compile(r"\|\s*Idle\s*$"))
    expect(kernel_idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    phase("kernel idle")

    # --- Run > Run All Cells; every prompt gets its number -----------------------------------
    def run_all() -> None:
        page.locator(".lm-MenuBar-item").filter(has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$"))
        ).click()

    run_all()
    try:  # the click can land while the notebook is still settling: then nothing starts
        expect(prompts.first).to_have_text(re.compile(r"^\[(\*|\d+)\]:$"), timeout=10_000)
    except AssertionError:
        expect(prompts.first).to_have_text("[ ]:")  # nothing ran, so running again is safe
        phase("Run All again")
        run_all()
    for i in range(3):
        expect(prompts.nth(i)).to_have_text(f"[{i + 1}]:", timeout=KERNEL_TIMEOUT_MS)  # not [*] or [ ]
    expect(kernel_idle).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    stderr = notebook.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    expect(stderr).to_have_count(0)  # no traceback, no warning
    phase("cells run")

    # --- the stepper, at step 0 -----------------------------------------------------------------
    stepper = notebook.locator(".jp-OutputArea-output").filter(has=page.locator(".negaviz-sentence"))
    expect(stepper).to_have_count(1)
    tree = stepper.locator(".widget-html-content").filter(has=page.locator("svg"))
    expect(tree).to_have_count(1)
    sentence = stepper.locator(".negaviz-sentence")
    caption = tree.locator("svg text").filter(has_text=re.compile(r"^after step \d+ of \d+$"))
    readout = stepper.locator(".widget-slider .widget-readout")
    handle = stepper.locator(".widget-slider .noUi-handle")

    def shown() -> Shown:
        return Shown(
            step=int(readout.inner_text()),
            sentence=sentence.inner_text(),
            caption=(caption.text_content() or "").strip(),  # SVG text: no innerText
            nodes=tree.evaluate(NODES_IN_PAGE),
            current=tree.evaluate(CURRENT_IN_PAGE, CURRENT),
            svg=tree.inner_html(),
        )

    def wait_for(step: int, before: Shown | None) -> Shown:
        """Wait until the page shows ``step`` (tree, sentence, slider), then check it
        against the kernel-free widget at that step, and that the tree changed."""
        want = expected(step)
        expect(caption).to_have_text(want.caption)
        expect(sentence).to_have_text(want.sentence)
        expect(readout).to_have_text(str(step))
        now = shown()
        assert (now.step, now.sentence, now.caption) == (step, want.sentence, want.caption)
        assert now.nodes == want.nodes, f"step {step}: drawn nodes differ from the widget's frame"
        assert now.current == want.current, f"step {step}: current node {now.current}, expected {want.current}"
        if before is not None:
            assert now.svg != before.svg, f"the tree did not change from step {before.step} to {step}"
        return now

    now = wait_for(0, None)
    assert now.current == [], "nothing is current before the search starts"
    assert now.nodes == ["n0"], "at step 0 only the root is drawn"
    phase("stepper shown")

    # --- keyboard: click the slider's handle (as the widget says), then → → → ← -------------
    handle.click()
    expect(handle).to_be_focused()
    expect(readout).to_have_text("0")  # the click itself did not move it
    for key, step in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowRight", 3), ("ArrowLeft", 2)):
        expect(handle).to_be_focused()  # redrawing the panels must not take the focus away
        page.keyboard.press(key)
        now = wait_for(step, now)
        if step == 3:
            assert now.current == ["n2"], "after step 3 the search has just entered D (node 2)"
    phase("keyboard")

    # --- mouse: ▶, the next-cutoff jump, ◀, ▶ ------------------------------------------------
    stepper.get_by_role("button", name="▶", exact=True).click()
    now = wait_for(3, now)
    cutoff = expected_jump(trace, 3, "cutoff")
    assert 3 + 1 < cutoff < n, "the textbook tree has a cutoff well after step 3"
    stepper.get_by_role("button", name="next cutoff", exact=True).click()
    now = wait_for(cutoff, now)
    assert "cutoff" in now.sentence
    stepper.get_by_role("button", name="◀", exact=True).click()
    now = wait_for(cutoff - 1, now)
    stepper.get_by_role("button", name="▶", exact=True).click()
    now = wait_for(cutoff, now)
    expect(stepper.get_by_role("button", name="next cutoff", exact=True)).to_be_disabled()  # the only one
    phase("mouse")

    # --- the picture: the notebook from its top, the stepper at the cutoff ----------------------
    expect(kernel_idle).to_be_visible()
    notebook.locator(".jp-Notebook").evaluate("el => { el.scrollTop = 0; }")
    page.mouse.move(0, 0)  # no hover highlight or tooltip in the picture
    expect(stepper).to_be_in_viewport()
    SCREENSHOT.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOT))
    phase("screenshot")
    assert not [m for m in browser_page.console if m.startswith("pageerror")], browser_page.console


@functools.lru_cache(maxsize=None)
def expected(step: int) -> Shown:
    """What the stepper shows at ``step``, computed in this process by the same widget
    (no kernel, no browser)."""
    from negaviz.widgets import StepperWidget

    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    widget = StepperWidget(trace, prefetch=0)
    try:
        widget.step = step
        return Shown(step, widget.sentence, f"after step {step} of {len(trace)}", sorted(node_blocks(widget.svg)),
                     current_nodes(widget.svg), widget.svg)
    finally:
        widget.close()


def expected_jump(trace: negaviz.Trace, step: int, kind: str) -> int:
    """Where the jump button ``kind`` goes from ``step``."""
    from negaviz.analysis.steps import next_step

    return int(next_step(trace, step, kind))
