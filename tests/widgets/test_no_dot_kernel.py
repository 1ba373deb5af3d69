"""A real kernel with no Graphviz ``dot`` (as in a browser's Python): a bare trace, a proof
and a picture display with no error output, laid out by the page instead.

The kernel is a real ipykernel started by nbclient with PATH holding only this Python's
environment (where there is no ``dot``); nothing is mocked.  About 5 s.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.slow

WIDGET = "application/vnd.jupyter.widget-view+json"
TEXTBOOK = "[[7,5],[3,1,9]]"


def test_a_kernel_without_dot_shows_a_bare_trace_with_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = Path(sys.executable).parent
    assert not (bin_dir / "dot").exists()
    monkeypatch.setenv("PATH", str(bin_dir))  # the kernel inherits it: no dot anywhere on it
    cells = [
        "import shutil, negaviz\nprint('dot:', shutil.which('dot'))",
        f"trace = negaviz.record(negaviz.Tree.parse({TEXTBOOK!r}), algorithm='alphabeta')\ntrace",
        "negaviz.prove(negaviz.TicTacToe('x.o/x../o..'))",
        "from negaviz.display import picture\nfrom negaviz.render import draw\npicture(draw(trace))",
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [cell.outputs for cell in nb.cells]
    errors = [o for cell in outputs for o in cell if o.output_type == "error" or o.get("name") == "stderr"]
    assert errors == [], errors
    assert outputs[0][0].text == "dot: None\n"
    (shown,) = outputs[1]
    assert WIDGET in shown.data and "image/svg+xml" not in shown.data  # the page lays it out
    assert shown.data["text/plain"] == "<negaviz.Trace: 6 nodes, 18 events, complete>"
    (proof,) = outputs[2]
    assert WIDGET in proof.data and proof.data["text/plain"] == "<negaviz proofs: value 1; x wins (10 nodes)>"
    (drawing,) = outputs[3]
    assert WIDGET in drawing.data and drawing.data["text/plain"] == "<negaviz drawing: 8 nodes>"


def test_the_same_cells_with_dot_show_svg() -> None:
    """The other side: where dot runs, the same trace is SVG laid out by the kernel."""
    if shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot")
    import negaviz

    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    bundle = trace._repr_mimebundle_()
    # the SVG, and the same SVG as an image (what an untrusted notebook shows: negaviz.display.still)
    assert set(bundle) == {"image/svg+xml", "text/html", "text/plain"} and bundle["image/svg+xml"].startswith("<svg")
