"""The course site shows every stored picture of a lecture notebook before it runs.

Builds a site of lecture notebooks (``notebooks/03-alphabeta.ipynb`` and
``06-proof-trees.ipynb``; ``NEGAVIZ_TEST_NOTEBOOKS=DIR`` takes them from DIR, as
``tests/browser/test_stored_pictures.py`` does), serves it offline under a sub-path and
opens each notebook in JupyterLite's JupyterLab without running anything: every stored
drawing shows as an image that loaded, every stored stepper its still (picture and the
line saying how to step it), no output shows a negaviz object's text line, and no
stepper's fallback shows.  About a minute on two cores.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from negaviz.display.still import FALLBACK_AFTER_MS
from negaviz.site import SiteInfo, build_site

ROOT = Path(__file__).resolve().parents[2]
FOLDER = Path(os.environ.get("NEGAVIZ_TEST_NOTEBOOKS") or ROOT / "notebooks")
NOTEBOOKS = [FOLDER / "03-alphabeta.ipynb", FOLDER / "06-proof-trees.ipynb"]

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
]

READ = """() => {
  const outputs = [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight);
  const imgs = outputs.flatMap((o) => [...o.querySelectorAll('img')]).filter(visible);
  return {
    outputs: outputs.length,
    loaded: imgs.filter((i) => i.complete && i.naturalWidth > 0).length,
    stills: outputs.filter((o) => { const s = o.querySelector('.negaviz-output .negaviz-still'); return s && visible(s); }).length,
    fallbacks: outputs.filter((o) => { const f = o.querySelector('.negaviz-fallback'); return f && visible(f); }).length,
    // (textContent: JupyterLite leaves cells out of view unrendered, and innerText skips them)
    howTo: outputs.filter((o) => [...o.querySelectorAll('.negaviz-output .negaviz-still')].some((s) => s.textContent.includes('run this cell'))).length,
    lines: outputs.flatMap((o) => o.textContent.split('\\n')).map((l) => l.trim()).filter((l) => l.startsWith('<negaviz')),
  };
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteInfo]:
    yield build_site(NOTEBOOKS, tmp_path_factory.mktemp("site") / "cs440")


def test_stored_pictures_show_in_the_course_site_before_anything_runs(site: SiteInfo, site_browser: Any) -> None:
    import json

    problems = []
    with site_browser.serve(site.path) as served:
        for notebook in NOTEBOOKS:
            want = json.loads(notebook.read_text(encoding="utf-8"))
            outputs = [o for c in want["cells"] for o in c.get("outputs", [])]
            html = ["".join(o.get("data", {}).get("text/html", "")) for o in outputs]
            steppers = sum('class="negaviz-output"' in h for h in html)
            drawings = sum("image/svg+xml" in o.get("data", {}) for o in outputs)
            with site_browser.open_site(served, f"lab/index.html?path={notebook.name}") as opened:
                page = opened.page
                page.wait_for_selector(".jp-Notebook .jp-OutputArea-output", timeout=120_000)
                page.wait_for_function(
                    "(n) => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output img')]"
                    ".filter((i) => i.complete && i.naturalWidth > 0).length >= n", arg=drawings + steppers, timeout=60_000)
                page.wait_for_timeout(FALLBACK_AFTER_MS + 1000)
                seen = page.evaluate(READ)
                page.screenshot(path=str(ROOT / "artifacts" / f"site-stored-{notebook.stem}.png"))
                if opened.blocked:
                    problems.append(f"{notebook.name}: requests left 127.0.0.1: {opened.blocked}")
            if not (seen["loaded"] == drawings + steppers and seen["stills"] == steppers and seen["howTo"] >= steppers
                    and not seen["fallbacks"] and not seen["lines"]):
                problems.append(f"{notebook.name}: stored {drawings} drawings and {steppers} steppers; the page: {seen}")
    assert steppers and not problems, "\n".join(problems)
