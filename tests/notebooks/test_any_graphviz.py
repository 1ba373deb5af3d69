"""The stored notebook outputs hold under any Graphviz, not only the one that made them.

The notebooks were run with Debian 12's dot (2.43); a course on conda-forge or Homebrew
has Graphviz 16, which places every node a little differently and spells its SVG a
little differently.  negaviz's nbval sanitizer (``negaviz.nbval_sanitize_path()``) has
nbval compare a drawing by what it draws (nodes, edges, shapes, colours, texts, in
order), not by its coordinates, and a stepper's static form without the views dot laid
out.  These tests hold it to that:

- the same drawings, laid out by dot 2.43 and by Graphviz 16, read the same once
  sanitized, and different drawings still read differently;
- plots are Vega-Lite specifications, the same under any Graphviz (compared exactly);
- every lecture notebook passes nbval with Graphviz 16 as its ``dot`` (the stand-in in
  ``graphviz16/``, which runs the vendored @viz-js/viz under Node.js), and the figures in
  ``docs/`` pass their check there.
"""

from __future__ import annotations

import base64
import functools
import gzip
import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.render import draw, draw_proof
from negaviz.render.plots import VEGA_LITE
from negaviz.render.output import svg_element, to_svg

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
STAND_IN = Path(__file__).resolve().parent / "graphviz16"
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@functools.cache
def _patterns() -> list[tuple[str, str]]:
    from nbval.plugin import get_sanitize_patterns  # type: ignore[import-untyped]  # as nbval reads the file

    return list(get_sanitize_patterns(negaviz.nbval_sanitize_path().read_text(encoding="utf-8")))


def sanitized(text: str) -> str:
    """``text`` as nbval compares it (every pattern of negaviz's sanitizer, in order)."""
    for regex, replace in _patterns():
        text = re.sub(regex, replace, text)
    return text


def drawings() -> dict[str, Any]:
    """A drawing of each kind the notebooks show: a textbook tree with windows and its
    legend, a tic-tac-toe search with a table (dashed edges), an Othello search folded to
    fit, and a proof tree of boards."""
    textbook = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    ttt = negaviz.TicTacToe("xo./.x./...")
    return {
        "textbook": draw(textbook, step=12, windows=True),
        "ttt": draw(negaviz.record(ttt, algorithm="alphabeta", tt=True), dag=True),
        "othello": draw(negaviz.record(negaviz.Othello(6), algorithm="alphabeta", depth=3), max_nodes=80),
        "proof": draw_proof(ttt, negaviz.prove(ttt).proofs[0]),
    }


@pytest.mark.slow
def test_a_drawing_reads_the_same_under_dot_2_43_and_graphviz_16(graphviz16: Any) -> None:
    shown = drawings()
    new = dict(zip(shown, graphviz16.svgs([d.source for d in shown.values()])))
    for name, digraph in shown.items():
        old_svg, new_svg = svg_element(to_svg(digraph)), svg_element(new[name])
        assert old_svg != new_svg, name  # laid out differently ...
        assert sanitized(old_svg) == sanitized(new_svg), name  # ... drawing the same
        assert "points=" not in sanitized(new_svg) and 'class="node"' in sanitized(new_svg)


def test_a_sanitized_drawing_still_shows_what_changed() -> None:
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    steps = [sanitized(svg_element(to_svg(draw(trace, step=k, windows=True)))) for k in (11, 12)]
    assert steps[0] != steps[1]  # a step later: another current node, another value
    other = negaviz.record(negaviz.Tree.parse(TEXTBOOK.replace("E:5", "E:6")), algorithm="alphabeta")
    assert sanitized(svg_element(to_svg(draw(other, step=12, windows=True)))) != steps[1]


def test_plots_are_stored_as_vega_lite_and_every_svg_is_a_drawing() -> None:
    """The plots of notebooks 02, 04, 07 and 11 are data (a Vega-Lite specification), which
    nbval compares exactly and no sanitizer touches; every SVG output is a Graphviz drawing."""
    plots: dict[str, int] = {}
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if VEGA_LITE in data:
                    plots[path.name[:2]] = plots.get(path.name[:2], 0) + 1
                    assert isinstance(data[VEGA_LITE], dict) and "".join(data["text/plain"]).startswith("<negaviz plot: ")
                svg = data.get("image/svg+xml")
                if svg is not None:
                    assert 'class="graph"' in "".join(svg), f"{path.name}: an SVG output that is not Graphviz's"
    assert sorted(plots) == ["02", "04", "07", "11", "15"], plots


def test_a_stepper_static_form_is_compared_without_its_layout() -> None:
    from negaviz.widgets import StepperWidget

    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    form = StepperWidget(trace).static_html()
    assert "negaviz-layout" in form and "(views laid out by Graphviz)" in sanitized(form)
    # everything else on the page is still compared: the search's data, the controls
    later = StepperWidget(negaviz.record(negaviz.Tree.parse(TEXTBOOK.replace("H:9", "H:8")), algorithm="alphabeta"))
    assert sanitized(later.static_html()) != sanitized(form)


def another_frontend(form: str, version: str) -> str:
    """A stepper's static ``form`` as a negaviz with another front-end would have stored it:
    the same page, run by another module and other lines calling it (the frame's tag, which
    names the stepper by what it steps, is the same)."""
    from negaviz.frontend.page import stepper_script

    frame = re.search(r'(<iframe [^>]* srcdoc=")([^"]*)("></iframe>)', form)
    assert frame is not None, form[:200]
    page = html.unescape(frame.group(2))
    assert page.count(stepper_script()) == 1
    module = base64.b64encode(gzip.compress(f"// front-end {version}\nexport default {{}};\n".encode(), mtime=0)).decode()
    script = (f'<script type="application/octet-stream" class="negaviz-module">{module}</script>\n'
              f'<script type="module">\n// the lines of {version}\nrun(document);\n</script>\n')
    stored = frame.group(1) + html.escape(page.replace(stepper_script(), script), quote=True) + frame.group(3)
    return form[:frame.start()] + stored + form[frame.end():]


def test_a_stepper_static_form_is_compared_without_its_front_end() -> None:
    """A notebook stored by a negaviz with another front-end (another module, other lines
    running it) passes nbval: the page runs with the module stored in it, which reads the
    data stored beside it, and the data is what is compared."""
    from negaviz.widgets import StepperWidget

    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    form = StepperWidget(trace).static_html()
    older = another_frontend(form, "0.9")
    assert older != form and sanitized(older) == sanitized(form)
    assert "(the front-end module)" in sanitized(form) and "(the lines that run the front-end)" in sanitized(form)
    # the data is still compared, whichever front-end stored it
    later = StepperWidget(negaviz.record(negaviz.Tree.parse(TEXTBOOK.replace("H:9", "H:8")), algorithm="alphabeta"))
    assert sanitized(another_frontend(later.static_html(), "0.9")) != sanitized(form)


@pytest.mark.slow
def test_a_notebook_stored_with_another_front_end_passes_nbval(tmp_path: Path) -> None:
    """Real nbval on notebook 08 (three steppers) as an older negaviz would have stored it."""
    notebook = json.loads((NOTEBOOKS / "08-search-drivers.ipynb").read_text(encoding="utf-8"))
    swapped = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            shown = "".join(output.get("data", {}).get("text/html", ""))
            if "negaviz-static" in shown:
                shown = another_frontend(shown, "0.9")
                swapped += 1
            if swapped and "text/html" in output.get("data", {}):
                output["data"]["text/html"] = shown
    assert swapped == 3
    (tmp_path / "stored.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-c", os.devnull,
           "--nbval", "-p", "negaviz.course.nbval_plugin", "stored.ipynb"]
    done = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0 and re.search(r"\b\d+ passed\b", done.stdout), done.stdout[-4000:] + done.stderr[-2000:]
    # and nbval still sees a change in what the stepper steps (the control)
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            if "negaviz-static" in "".join(output.get("data", {}).get("text/html", "")):
                text = "".join(output["data"]["text/html"])
                data = re.search(r"(class=&quot;negaviz-data&quot; data-for=&quot;[^&]*&quot;&gt;)([A-Za-z0-9+/=]+)", text)
                assert data is not None  # the scenes, gzipped: stored as if opened at another step
                scenes = gzip.decompress(base64.b64decode(data.group(2))).decode()
                assert scenes.startswith('{"step":0,'), scenes[:300]
                changed = base64.b64encode(gzip.compress(scenes.replace('"step":0', '"step":1', 1).encode(), mtime=0)).decode()
                output["data"]["text/html"] = text.replace(data.group(0), data.group(1) + changed, 1)
    (tmp_path / "stored.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    done = subprocess.run(run, cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode != 0 and " failed" in done.stdout, done.stdout[-3000:]


def graphviz16_env() -> dict[str, str]:
    """The environment with the Graphviz 16 stand-in first on PATH, checked."""
    if shutil.which("node") is None:
        pytest.skip("the Graphviz 16 stand-in runs under Node.js, which is not installed: sudo apt-get install nodejs")
    env = {**os.environ, "PATH": f"{STAND_IN}{os.pathsep}{os.environ['PATH']}"}
    version = subprocess.run(["dot", "-V"], env=env, capture_output=True, text=True, check=True)
    assert "graphviz version 16." in version.stderr, version.stderr
    return env


def test_the_docs_figures_check_under_graphviz_16() -> None:
    # docs/ was drawn by dot 2.43: under Graphviz 16 the check compares what they draw
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_docs.py"), "--check"], cwd=ROOT, env=graphviz16_env(),
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "drawn here by Graphviz 16." in done.stdout and "the same drawing, laid out differently" in done.stdout


@pytest.mark.slow
def test_every_notebook_passes_nbval_with_graphviz_16() -> None:
    env = graphviz16_env()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "notebooks"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"\b\d+ passed\b", done.stdout) and " failed" not in done.stdout, done.stdout[-2000:]
