"""Every lecture notebook runs in the course site: offline, under a sub-path, Run All in
JupyterLite's JupyterLab, in Debian's Chromium.

Builds a site of all of ``notebooks/`` (12 lecture notebooks, the lecturers' appendix and the index), serves it at
``/~lecturer/cs440/`` with every request that leaves 127.0.0.1 aborted, and runs each
notebook in turn in one browser (a new page, so a new kernel, for each).  Each must run
every code cell with no error output, and show every picture it stores: a drawing (SVG
from dot on the lecturer's machine) as a drawing the page lays out (no dot in the
browser's Python), a plot (Vega-Lite) drawn by JupyterLite's renderer, and its steppers
laid out, every practice stepper with its practice panel, and each answered as a student
would: each kind of question it asks wrong, then right, with a verdict every time and no
page error (``browser.answer_practice``).  The first stepper that is not
a practice one (practice holds steps back until the student answers) steps with the
keys.  The site's first line says that Python is starting, and the page's line says
when it is ready.  With ``-s`` it prints
each notebook's times; the first notebook's first output is the cold start a student
meets (``negaviz.site.STARTING_SECONDS`` says it to them).

About 5 minutes on two cores.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from negaviz.render.plots import VEGA_LITE
from negaviz.site import STARTING_NOTE, SiteInfo, build_site

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
PRACTICE = re.compile(r"\bStepperWidget\(.*?\bpractice\s*=\s*[\"'](tree|steps)[\"']", re.S)

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteInfo]:
    yield build_site([ROOT / "notebooks"], tmp_path_factory.mktemp("site") / "cs440")


def stored(path: Path) -> dict[str, int]:
    """What the notebook shows as stored: drawings, plots, widgets, and practice steppers
    (cells that make one: ``StepperWidget(..., practice="tree"|"steps")``)."""
    counts = {"drawings": 0, "plots": 0, "widgets": 0, "practice": 0}
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        counts["practice"] += cell["cell_type"] == "code" and bool(PRACTICE.search(source))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            counts["drawings"] += "image/svg+xml" in data
            counts["plots"] += VEGA_LITE in data
            counts["widgets"] += WIDGET in data
    return counts


def test_every_lecture_notebook_runs_offline_with_its_pictures(site: SiteInfo, site_browser: Any) -> None:
    assert len(NOTEBOOKS) == 16 and site.notebooks == 16
    print(f"\nsite {site.bytes / 1e6:.1f} MB, built in {site.seconds:.1f} s")

    def say(name: str, run: Any) -> None:
        print(f"{name}: first output {run.first_output_seconds or 0:.1f} s, all cells {run.seconds:.1f} s, "
              f"{run.drawings} drawings, {run.plots} plots, {run.steppers} steppers, errors {run.errors}", flush=True)

    with site_browser.serve(site.path) as served:
        expect = {p.name: {"drawings": stored(p)["drawings"], "plots": stored(p)["plots"],
                           "steppers": min(stored(p)["widgets"], 1), "practice": stored(p)["practice"]} for p in NOTEBOOKS}
        plans = {p.name: site_browser.practice_plans(p) for p in NOTEBOOKS}
        runs = site_browser.run_notebooks(served, [p.name for p in NOTEBOOKS], timeout_s=400, say=say, expect=expect,
                                          plans=plans)
    problems = []
    for path, run in zip(NOTEBOOKS, runs):
        want = stored(path)
        if run.errors:
            problems.append(f"{path.name}: error outputs {run.errors}")
        if run.cells_run != run.code_cells:
            problems.append(f"{path.name}: ran {run.cells_run} of {run.code_cells} code cells")
        if run.drawings != want["drawings"]:
            problems.append(f"{path.name}: {run.drawings} drawings laid out by the page, {want['drawings']} stored")
        if run.plots != want["plots"]:
            problems.append(f"{path.name}: {run.plots} plots drawn, {want['plots']} stored")
        if want["widgets"] and not run.steppers:
            problems.append(f"{path.name}: no stepper shown, {want['widgets']} widgets stored")
        if run.stepped is not None and run.stepped[1] != run.stepped[0] + 3:
            problems.append(f"{path.name}: the stepper went from step {run.stepped[0]} to {run.stepped[1]} on three →")
        if run.practising != want["practice"]:
            problems.append(f"{path.name}: {run.practising} practice steppers shown, {want['practice']} made")
        problems += [f"{path.name}: {p}" for p in run.practice_problems]
        if run.practice_verdicts != len(plans[path.name]):
            problems.append(f"{path.name}: {run.practice_verdicts} of {len(plans[path.name])} practice steppers answered")
        if run.note.strip() != STARTING_NOTE.strip("*"):
            problems.append(f"{path.name}: its first line is {run.note[:80]!r}, not the note that Python is starting")
        if not any(s.startswith("ready|Python is ready") for s in run.status):
            problems.append(f"{path.name}: the page's line never said Python was ready: {run.status[-3:]}")
    # notebook 11: the checker finds the buggy alpha-beta's first divergence, and its stepper opens there
    write_your_own = runs[[p.name for p in NOTEBOOKS].index("12-write-your-own-alphabeta.ipynb")].text
    if "Not yet: wrong window at F (path B F)." not in write_your_own or "step 6 of 31: Enter F with window" not in write_your_own:
        problems.append(f"12-write-your-own-alphabeta.ipynb: the checker's verdict is missing: {write_your_own[:300]!r}")
    assert problems == [], "\n".join(problems)
    assert runs[0].blocked == [] and served.outside == []  # nothing left 127.0.0.1 or the sub-path
    assert sum(r.plots for r in runs) >= 4 and sum(r.drawings for r in runs) >= 10
    assert sum(r.practice_verdicts for r in runs) == sum(len(p) for p in plans.values()) >= 20  # every one, answered
