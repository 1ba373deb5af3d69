"""The stored forms that show in an untrusted notebook (negaviz.display.still).

That the sanitiser of a real JupyterLab and Notebook 7 keeps them, and that every lecture
notebook shows its pictures, is checked in tests/browser/test_stored_pictures.py; here:
what the forms hold, that they stay the same under any Graphviz for nbval, and that the
notebook build leaves no widget view that could only say "model not found".
"""

from __future__ import annotations

import configparser
import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

import negaviz
from negaviz.course import nbval_sanitize_path
from negaviz.display import bundle, picture
from negaviz.display.still import HOW_TO_STEP, STILL, img_html, stepper_html, svg_of_img
from negaviz.render import draw, draw_proof, svg_element, to_svg
from negaviz.widgets import StepperWidget

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
TOOL = Path(__file__).resolve().parents[2] / "tools" / "build_notebooks.py"


@pytest.fixture(scope="module")
def trace() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


def test_a_drawing_carries_its_svg_as_an_image_too(trace: negaviz.Trace) -> None:
    data = picture(trace, step=15, windows=True)._repr_mimebundle_()
    assert svg_of_img(data["text/html"]) == data["image/svg+xml"]  # the same picture, byte for byte
    assert data["text/html"].startswith('<img class="negaviz-picture" alt="a drawn search tree: ')
    assert "<script" not in data["text/html"] and "<style" not in data["text/html"]  # nothing a sanitiser drops


def test_traces_and_proofs_show_as_images_too(trace: negaviz.Trace) -> None:
    game = negaviz.TicTacToe("x.o/x../o..")
    for obj, svg in ((trace, to_svg(draw(trace))), (negaviz.prove(game), to_svg(draw_proof(negaviz.prove(game))))):
        data = bundle(obj)
        assert svg_of_img(data["text/html"]) == data["image/svg+xml"] == svg_element(svg)


def test_a_stepper_stores_its_still_and_the_line_saying_how_to_step(trace: negaviz.Trace) -> None:
    w = StepperWidget(trace, windows=True)
    try:
        form = w._repr_mimebundle_()["text/html"]
    finally:
        w.close()
    still = form[form.index(f'<div class="{STILL}">'):form.index("<iframe")]
    assert svg_of_img(still) == svg_element(to_svg(draw(trace, step=0, windows=True)))
    assert "shown still at step 0 of 18" in still and HOW_TO_STEP in still
    # a style hides the still where the frame runs (trusted); it names this output only
    tag = re.search(r'<div class="negaviz-output" id="(negaviz-[0-9a-f]{12})">', form).group(1)  # type: ignore[union-attr]
    assert f"<style>#{tag} > .{STILL} {{display: none}}</style>" in form
    # the frame that steps it is named, for screen readers (axe-core's frame-title, WCAG 2.1 A)
    assert re.search(r'<iframe class="negaviz-static" [^>]*title="A negaviz stepper: step through the search', form)


def test_the_output_is_named_alike_under_any_graphviz() -> None:
    frame = '<iframe class="negaviz-static" data-negaviz-static="0123456789ab" srcdoc="..."></iframe>'
    a = stepper_html(f'<div class="{STILL}">{img_html("<svg>a</svg>", "x")}</div>', frame)
    b = stepper_html(f'<div class="{STILL}">{img_html("<svg>b is laid out elsewhere</svg>", "x")}</div>', frame)
    assert a != b and a.split(">", 1)[0] == b.split(">", 1)[0]


def sanitized(text: str) -> str:
    """``text`` as nbval sees it with negaviz's sanitizer (every section, in order)."""
    config = configparser.ConfigParser(interpolation=None)
    config.read(nbval_sanitize_path())
    for section in config.sections():
        text = re.sub(config[section]["regex"], config[section]["replace"], text)
    return text


def test_nbval_compares_the_image_by_its_place_not_its_layout() -> None:
    first, other = img_html("<svg>x at 1,2</svg>", "a tree"), img_html("<svg>x at 3,4</svg>", "a tree")
    assert first != other and sanitized(first) == sanitized(other)
    assert sanitized(first) != sanitized(img_html("<svg>x at 1,2</svg>", "another tree"))  # the rest is compared


def _build_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("build_notebooks", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_drops_only_widget_views_with_an_html_form() -> None:
    tool = _build_tool()
    view = {tool.WIDGET_VIEW: {"model_id": "0" * 32, "version_major": 2, "version_minor": 0}}
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("w", outputs=[
        nbformat.v4.new_output("display_data", data={**view, "text/html": "<div>still</div>", "text/plain": "w"}),
        nbformat.v4.new_output("display_data", data={**view, "text/plain": "a widget of another package"}),
    ])])
    kept = [sorted(o["data"]) for o in tool.still_widgets(nb).cells[0].outputs]
    assert kept == [["text/html", "text/plain"], [tool.WIDGET_VIEW, "text/plain"]]


def test_ipython_shows_a_stepper_and_its_fallback_hidden_at_first(trace: negaviz.Trace) -> None:
    from IPython.testing.globalipapp import start_ipython

    from negaviz.display.still import FALLBACK, FALLBACK_AFTER_MS, NOT_LOADED

    shell = start_ipython()
    shown: list[dict[str, str]] = []
    publish = shell.display_pub.publish
    shell.display_pub.publish = lambda data, metadata=None, **kw: shown.append(data)  # what the notebook gets
    w = StepperWidget(trace, step=4)
    try:
        shell.displayhook(w)  # as the last expression of a cell
    finally:
        shell.display_pub.publish = publish
        w.close()
    (widget, fallback) = shown
    assert "application/vnd.jupyter.widget-view+json" in widget and set(fallback) == {"text/html"}
    form = fallback["text/html"]
    assert form.startswith(f'<div class="{FALLBACK}" style="display: none">') and NOT_LOADED in form
    assert svg_of_img(form) == svg_element(to_svg(draw(trace, step=4)))  # the still at the step shown
    assert f"waited < {FALLBACK_AFTER_MS}" in form  # the script that shows it when no stepper rendered
