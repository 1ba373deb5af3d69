"""Every lecture notebook opened unrun, as a new user opens it: its stored pictures show.

A fresh JupyterLab 4 (and Notebook 7) with its own empty config and data folders, so
nothing is trusted, and cells rendered all at once (windowing off, so a test can see every
output).  Each lecture notebook is opened without running anything, untrusted (as a
notebook downloaded from a course page, or opened after ``pip install negaviz``) and
trusted (``jupyter trust``, as ``make lab`` does).  Every stored drawing must show as an
image that loaded, every stored stepper its still picture and a line saying how to step it
(untrusted) or its stepping page (trusted); no output may show a negaviz object's text
line (``<negaviz drawing: 8 nodes>``) where a picture was stored, nor "Error displaying
widget"; and no stepper's fallback (its still for a widget that failed) may show.

The notebooks are ``notebooks/*.ipynb``; ``NEGAVIZ_TEST_NOTEBOOKS=DIR`` checks the ones in
DIR instead (a helper re-executes a few into a temporary folder with
``tools/build_notebooks.py``'s ``build(name, out=DIR)`` while the stored ones are stale).
Screenshots go to ``artifacts/stored-<frontend>-<trust>-<notebook>.png``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from negaviz.display.still import FALLBACK_AFTER_MS


def _lab_helpers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("negaviz_lab_helpers", Path(__file__).with_name("test_jupyterlab.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


jl = _lab_helpers()
browser_page = jl.browser_page  # the same fresh-profile Chromium page fixture
FOLDER = Path(os.environ.get("NEGAVIZ_TEST_NOTEBOOKS") or jl.ROOT / "notebooks")
NOTEBOOKS = sorted(p.name for p in FOLDER.glob("[0-9][0-9]-*.ipynb"))
PAGES = {
    "jupyterlab": "{url}/lab/tree/{name}?reset&token={token}",  # reset: no tab left open from the last one
    "notebook7": "{url}/notebooks/{name}?token={token}",
}
OPEN_TIMEOUT_MS = 60_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not jl.CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
    pytest.mark.skipif(jl.jupyter_lab() is None, reason="needs the jupyter-lab executable (pip install -e '.[test]')"),
]


def stored(path: Path) -> dict[str, Any]:
    """What the notebook stores: how many drawings, steppers and pictures in the steppers'
    stills, and the negaviz text lines that are all an output holds (those may show)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    drawings = stills = steppers = fallbacks = 0
    text_only: set[str] = set()
    for cell in nb["cells"]:
        if cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden"):
            continue  # an answer folded away until the student opens it: nothing of it shows
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = "".join(data.get("text/html", ""))
            if "negaviz-fallback" in html:
                fallbacks += 1  # shown only where a live widget fails: hidden here
            elif "negaviz-still" in html:
                steppers += 1
                stills += html.count('class="negaviz-picture"')
            elif "image/svg+xml" in data or "image/png" in data:
                drawings += 1
            elif set(data) == {"text/plain"}:
                text_only.add("".join(data["text/plain"]).strip())
    return {"drawings": drawings, "stills": stills, "steppers": steppers, "fallbacks": fallbacks, "text_only": text_only}


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Two servers on copies of the notebooks, each with its own empty Jupyter folders:
    one where nothing is trusted, one where every notebook is (``jupyter trust``)."""
    found: dict[str, Any] = {}
    stack = []
    try:
        for trust in ("untrusted", "trusted"):
            home = tmp_path_factory.mktemp(f"jupyter-{trust}")
            root = home / "root"
            root.mkdir()
            for name in NOTEBOOKS:
                shutil.copy(FOLDER / name, root / name)
            env = jl.isolated_env(home / "jupyter")
            tracker = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "notebook-extension"
            tracker.mkdir(parents=True)
            (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
            if trust == "trusted":
                trust_exe = Path(sys.executable).with_name("jupyter-trust")
                subprocess.run([str(trust_exe), *NOTEBOOKS], cwd=root, env=env, check=True, capture_output=True)
            server = jl.serving(root, env, home / "jupyterlab.log", lambda: False)
            found[trust] = server.__enter__()
            stack.append(server)
        yield found
    finally:
        for server in reversed(stack):
            server.__exit__(None, None, None)


@pytest.fixture
def lab_of(servers: dict[str, Any]) -> Iterator[Callable[[str], Any]]:
    """The server for ``trust``; after the test, every kernel the page started on it is shut
    down (closing the page does not stop them, and the servers outlive each test)."""
    used: list[Any] = []

    def lab_for(trust: str) -> Any:
        used.append(servers[trust])
        return servers[trust]

    yield lab_for
    for lab in used:
        jl.shutdown_kernels(lab)


WAIT_FOR_IMAGES = """(root, [n, ms]) => new Promise((done) => {
  const end = Date.now() + ms;
  const t = setInterval(() => {
    const ready = [...root.querySelectorAll('.jp-OutputArea-output img')]
      .filter((i) => i.complete && i.naturalWidth > 0 && i.offsetWidth > 0).length;
    if (ready >= n || Date.now() > end) { clearInterval(t); done(ready); }
  }, 100);
})"""

READ_OUTPUTS = """(root) => {
  const outputs = [...root.querySelectorAll('.jp-OutputArea-output')];
  const imgs = outputs.flatMap((o) => [...o.querySelectorAll('img')]);
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  return {
    loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0 && visible(i)).length,
    missingAlt: imgs.filter((i) => !i.getAttribute('alt')).length,
    stills: outputs.filter((o) => { const s = o.querySelector('.negaviz-output .negaviz-still'); return s && visible(s); }).length,
    fallbacks: outputs.filter((o) => { const f = o.querySelector('.negaviz-fallback'); return f && visible(f); }).length,
    frames: outputs.filter((o) => { const f = o.querySelector('iframe.negaviz-static'); return f && visible(f); }).length,
    lines: outputs.flatMap((o) => o.innerText.split('\\n')).map((l) => l.trim()).filter((l) => l.startsWith('<negaviz') || l.startsWith('<IPython')),
    errors: outputs.map((o) => o.innerText).filter((t) => t.includes('Error displaying widget') || t.includes('model not found')),
    howTo: outputs.filter((o) => o.innerText.includes('run this cell')).length,
  };
}"""


@pytest.mark.parametrize("trust", ["untrusted", "trusted"])
@pytest.mark.parametrize("frontend", sorted(PAGES))
def test_every_stored_picture_shows(frontend: str, trust: str, lab_of: Callable[[str], Any], browser_page: Any) -> None:
    assert NOTEBOOKS, f"no lecture notebooks in {FOLDER}"
    lab = lab_of(trust)
    page = browser_page.page
    problems = []
    for name in NOTEBOOKS:
        want = stored(FOLDER / name)
        page.goto(PAGES[frontend].format(url=lab.url, name=name, token=lab.token))
        # the notebook shown is this one (not one left open from before)
        page.locator(f".lm-TabBar-tab.lm-mod-current:has-text('{name}'), #jp-title:has-text('{name.removesuffix('.ipynb')}')"
                     ).first.wait_for(timeout=OPEN_TIMEOUT_MS)
        notebook = page.locator(".jp-Notebook >> visible=true").first
        notebook.locator(".jp-Cell").first.wait_for(timeout=OPEN_TIMEOUT_MS)
        # Untrusted, the steppers' stills show; trusted, their stepping pages instead.
        images = want["drawings"] + (want["stills"] if trust == "untrusted" else 0)
        # the images decode after the cells attach: wait for them (at most a minute), and past the
        # few seconds a stepper's fallback waits for a widget, then read the outputs
        notebook.evaluate(WAIT_FOR_IMAGES, [images, OPEN_TIMEOUT_MS])
        page.wait_for_timeout(FALLBACK_AFTER_MS + 1000)
        seen = notebook.evaluate(READ_OUTPUTS)
        shot = jl.ROOT / "artifacts" / f"stored-{frontend}-{trust}-{name.removesuffix('.ipynb')}.png"
        shot.parent.mkdir(exist_ok=True)
        shown = notebook.locator(".negaviz-output").first
        if want["steppers"]:  # the first stepper's output as the reader sees it
            shown.scroll_into_view_if_needed()
            shown.screenshot(path=str(shot))
        else:
            page.screenshot(path=str(shot))
        unexpected = [line for line in seen["lines"] if line not in want["text_only"]]
        if trust == "untrusted":  # every stepper's still, with its line; no frame survives the sanitiser
            ok = seen["stills"] == want["steppers"] and seen["howTo"] >= want["steppers"] and seen["frames"] == 0
        else:  # every stepper's stepping page, its still hidden
            ok = seen["frames"] == want["steppers"] and seen["stills"] == 0
        ok = ok and seen["loaded"] == images and seen["fallbacks"] == 0
        if not ok or unexpected or seen["errors"] or seen["missingAlt"]:
            problems.append(f"{name}: stored {want['drawings']} drawings, {want['steppers']} steppers; expected "
                            f"{images} images; "
                            f"page {seen} (unexpected text lines {unexpected})")
        jl.shutdown_kernels(lab)  # the kernel this notebook's page started: one at a time, not 16
    assert not problems, "\n".join(problems)
