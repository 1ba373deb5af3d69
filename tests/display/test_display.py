"""Drawings in a notebook whose kernel has no ``dot``: IPython shows them as a
:class:`~negaviz.display.drawing.DrawingView` the page lays out (JupyterLite's case).

Run in a fresh IPython kernel-like shell in a subprocess, with a PATH holding no ``dot``;
the browser side is stepped in ``tests/browser/test_jupyterlab.py`` (``jupyterlab-no-dot``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.render import draw
from negaviz.display import register
from negaviz.display.drawing import DrawingView

SHELL = """
import json, os, sys
os.environ["PATH"] = {path!r}
from IPython.testing.globalipapp import start_ipython
ip = start_ipython()
import negaviz
from negaviz.render import draw
from negaviz.render.proof import draw_proof
t = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
out = {{}}
tree = negaviz.Tree.parse("[[7,5],[3,1,9]]")
for name, obj in (("drawing", draw(t)), ("trace", t), ("proof", draw_proof(tree, negaviz.prove(tree).proofs[0]))):
    data, _ = ip.display_formatter.format(obj)
    out[name] = sorted(data)
print(json.dumps(out))
"""


def test_without_dot_drawings_are_laid_out_by_the_page(tmp_path: Path) -> None:
    no_dot = str(Path(sys.executable).parent)  # this environment's programs: no Graphviz
    run = subprocess.run([sys.executable, "-c", SHELL.format(path=no_dot)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    shown = json.loads(run.stdout.strip().splitlines()[-1])
    widget = "application/vnd.jupyter.widget-view+json"
    assert all(widget in kinds and "image/svg+xml" not in kinds for kinds in shown.values()), shown


def test_with_dot_nothing_changes() -> None:
    # outside IPython (a fresh Python: another test may have started a shell in this one)
    done = subprocess.run([sys.executable, "-c", "from negaviz.display import register; print(register())"],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "False", done.stderr


def test_a_drawing_view_holds_the_dot_source_and_sends_graphviz_on_request() -> None:
    trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    view = DrawingView(draw(trace).source)
    sent: list[dict[str, str]] = []
    view.send = sent.append  # type: ignore[method-assign]  # what would go to the page
    view._on_msg(view, {"type": "need", "viz": True}, [])
    assert sent and sent[0]["type"] == "viz" and "Viz" in sent[0]["source"][:2000]
    view._on_msg(view, {"type": "other"}, [])
    assert len(sent) == 1
    with pytest.raises(InputError, match="DOT source"):
        DrawingView("not a graph")
