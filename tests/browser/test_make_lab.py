"""``make lab`` on a fresh machine: the stored drawings show before anything is run.

Runs the real ``make lab`` of this checkout (with ``LAB_ARGS`` for a port and a token,
and every per-user Jupyter folder in a throw-away directory, as on a new machine where
nothing is trusted yet), then opens notebook 01, unrun, in JupyterLab 4 and in Notebook 7
in Debian's headless Chromium.  Each of its stored drawings must show as an image, not as
the text ``<IPython.core.display.SVG object>`` (what Jupyter shows of an untrusted
notebook's SVG), and the page must not load the course site's JupyterLite extension.
The server's environment (which its kernels and terminals inherit) must have this
environment's programs first on PATH, so ``!negaviz`` works in a notebook.

About 20 s on two cores.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest


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
NOTEBOOK = "01-negamax.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TIMEOUT_S = 90.0
PICTURES = ".jp-OutputArea-output.jp-RenderedSVG img, .jp-OutputArea-output img.negaviz-picture"
"""A stored drawing as a trusted notebook shows it: its SVG, or the same picture as an image
in its HTML form (display/still.py), which JupyterLab prefers where both are trusted.  A
stored stepper's still is such an image too, hidden while its stepping page shows."""
PICTURES_SHOWN = ", ".join(p + ":visible" for p in PICTURES.split(", "))

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
    pytest.mark.skipif(shutil.which("make") is None, reason="needs make"),
    pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "jupyter").exists(), reason="needs the checkout's .venv (make setup)"),
]


@dataclass
class Server:
    url: str
    token: str
    pid: int
    log: Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fresh_jupyter(home: Path) -> dict[str, str]:
    """The environment of a machine where Jupyter has never run: every per-user Jupyter
    folder (the trust database included) empty, news and update checks off."""
    dirs = {
        "JUPYTER_CONFIG_DIR": home / "config", "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime", "JUPYTERLAB_SETTINGS_DIR": home / "settings",
        "JUPYTERLAB_WORKSPACES_DIR": home / "workspaces", "IPYTHONDIR": home / "ipython",
    }
    for d in dirs.values():
        d.mkdir(parents=True)
    settings = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON", "MAKE"))}
    env.update({k: str(v) for k, v in dirs.items()})
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"  # as a lecturer's shell: no .venv/bin on it
    return processes.owned_env(env)  # make, its server and kernels: found and ended at the session's end


def answers(url: str, token: str) -> bool:
    request = urllib.request.Request(f"{url}/api/status", headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=2) as response:
            return response.status == 200
    except (OSError, ValueError, urllib.error.URLError):
        return False


@pytest.fixture(scope="module")
def make_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    home = tmp_path_factory.mktemp("fresh")
    env = fresh_jupyter(home)
    token = secrets.token_hex(16)
    lab_args = (
        f"--no-browser --ip=127.0.0.1 --port={free_port()} --IdentityProvider.token={token} "
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate"
    )
    log = home / "make-lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(["make", "-s", "lab", f"LAB_ARGS={lab_args}"], cwd=ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                                preexec_fn=processes.die_with_parent)  # SIGTERM (make passes it on) if pytest dies
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            if proc.poll() is not None:
                pytest.fail(f"make lab exited with code {proc.returncode}:\n{log.read_text()}")
            infos = list((home / "runtime").glob("jpserver-*.json"))
            if infos:
                info = json.loads(infos[0].read_text() or "{}")
                url = f"http://127.0.0.1:{info.get('port')}"
                if info and answers(url, token):
                    break
            if time.monotonic() > deadline:
                pytest.fail(f"make lab did not answer within {TIMEOUT_S:.0f} s:\n{log.read_text()}")
            time.sleep(0.2)
        yield Server(url, token, int(info["pid"]), log)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # make, and the JupyterLab it started
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)


def stored_drawings(name: str) -> int:
    notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return sum("image/svg+xml" in o.get("data", {}) for c in notebook["cells"] for o in c.get("outputs", []))


def test_make_lab_gives_notebooks_and_terminals_the_negaviz_command(make_lab: Server) -> None:
    environ = Path(f"/proc/{make_lab.pid}/environ").read_bytes().split(b"\0")
    path = next(v for v in environ if v.startswith(b"PATH=")).decode()[len("PATH="):].split(":")
    assert path[0] == str(ROOT / ".venv" / "bin")  # kernels and terminals inherit the server's
    assert (Path(path[0]) / "negaviz").exists()


@pytest.mark.parametrize("frontend", ["lab/tree", "notebooks"])
def test_a_fresh_make_lab_shows_the_stored_drawings_unrun(make_lab: Server, frontend: str, tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    expected = stored_drawings(NOTEBOOK)
    assert expected >= 2, "notebook 01 stores its drawings"
    console: list[str] = []
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 1400, "height": 1000},
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.on("console", lambda m: console.append(m.text))
            page.add_locator_handler(page.locator(".jp-Dialog"), lambda d: d.locator(".jp-mod-accept").first.click())
            page.goto(f"{make_lab.url}/{frontend}/{NOTEBOOK}?token={make_lab.token}")
            notebook = page.locator(".jp-NotebookPanel")
            expect(notebook).to_be_visible(timeout=60_000)
            images = notebook.locator(PICTURES_SHOWN)
            expect(images).to_have_count(expected, timeout=30_000)
            for i in range(expected):  # drawn: the browser decoded each picture
                assert images.nth(i).evaluate("img => img.complete && img.naturalWidth > 0"), i
            text = "\n".join(notebook.locator(".jp-OutputArea-output").all_text_contents())
            assert "IPython.core.display.SVG" not in text and "untrusted" not in text
            prompts = [t.strip() for t in notebook.locator(".jp-CodeCell .jp-InputPrompt").all_text_contents()]
            assert "[*]:" not in prompts  # nothing was run to show them
            loaded = page.evaluate(
                "JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".federated_extensions.map(e => e.name)"
            )
            assert not [name for name in loaded if name.startswith("@jupyterlite/")], loaded
            assert "anywidget" in loaded and "@jupyter-widgets/jupyterlab-manager" in loaded
        finally:
            context.close()
    assert not [m for m in console if "@jupyterlite" in m], console


@pytest.mark.parametrize("frontend", ["lab/tree", "notebooks"])
def test_a_wide_stored_drawing_scrolls_inside_its_output(make_lab: Server, frontend: str, tmp_path: Path) -> None:
    """Notebook 06's drawings (the proofs) are wider than a notebook column in a window
    800 px wide: each must scroll (or scale) inside its output, never be cut."""
    from playwright.sync_api import expect, sync_playwright

    expected = stored_drawings("06-proof-trees.ipynb")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 800, "height": 900},  # a laptop's half screen: narrower than the drawing
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.add_locator_handler(page.locator(".jp-Dialog"), lambda d: d.locator(".jp-mod-accept").first.click())
            page.goto(f"{make_lab.url}/{frontend}/06-proof-trees.ipynb?token={make_lab.token}")
            images = page.locator(PICTURES_SHOWN)
            # every stored drawing, not just the first to appear: the page renders outputs one by one
            expect(images).to_have_count(expected, timeout=60_000)
            # measured in one go once every drawing is shown and loaded (JupyterLab may render
            # an output again as the kernel starts, hiding it for a moment)
            shown = page.wait_for_function("""([sel, n]) => {
                const shown = [...document.querySelectorAll(sel)].filter(i => i.getClientRects().length && i.complete);
                return shown.length >= n && shown.map(img => {
                    const o = img.closest('.jp-OutputArea-output');
                    return {img: img.getBoundingClientRect().width, natural: img.naturalWidth, box: o.clientWidth,
                            scroll: o.scrollWidth, overflow: getComputedStyle(o).overflowX};
                });
            }""", arg=[PICTURES, expected], timeout=60_000).json_value()
        finally:
            context.close()
    assert any(s["natural"] > s["box"] for s in shown), f"no drawing wider than its output at this size: {shown}"
    for s in shown:
        scales = s["img"] <= s["box"] + 1
        scrolls = s["overflow"] in ("auto", "scroll") and s["scroll"] >= s["img"] - 1
        assert scales or scrolls, s
