"""Widgets for the classroom: step through a recorded search, compare two, play one.

* :class:`StepperWidget`: one trace, step by step: the tree laid out once and painted
  at each step, the call stack, the pseudocode line being executed, one sentence saying
  what just happened;
* :class:`CompareWidget`: two searches of the same position side by side, one step
  counter, the nodes only one of them visits marked;
* :class:`TreeEditor`: a stepper whose textbook tree the lecturer edits live; every
  edit searches again, and the picture and a sentence say what changed;
* :class:`PlayWidget`: play tic-tac-toe, Othello or Connect Four against the engine,
  and step through the search behind each of its moves.

Stepping runs in the browser, in one front-end module (:mod:`negaviz.frontend`) that
the exported page and static notebook pages share: no kernel round trip per step, and a
saved notebook still steps without a kernel.  They need ipywidgets and anywidget (the
``notebook`` extra): without them, importing this module says so in one line.  The widgets' state (step, perspective,
windows) is synced both ways, so tests drive them from Python with no browser.

>>> import negaviz
>>> from negaviz.widgets import StepperWidget
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> w = StepperWidget(trace)
>>> w.step = 4
>>> w.sentence, w.code_line
('D is a leaf: its value is 7.', 3)
>>> w.stack_rows
[('A', '0', '−∞', '∞', '–', 'B'), ('B', '1', '−∞', '∞', '–', '')]
>>> w.close()
"""

from __future__ import annotations

from typing import Any

from negaviz.extras import require

# At import, not when the first widget is made: a kernel without the notebook extras
# learns it from the cell that imports the widgets, in one line (MissingDependency).
require("ipywidgets", "anywidget", purpose="a widget")

__all__ = ["StepperWidget", "CompareWidget", "PlayWidget", "TreeEditor"]


def __getattr__(name: str) -> Any:
    if name == "StepperWidget":
        from negaviz.widgets.stepper import StepperWidget

        return StepperWidget
    if name == "CompareWidget":
        from negaviz.widgets.compare import CompareWidget

        return CompareWidget
    if name == "TreeEditor":
        from negaviz.widgets.editor import TreeEditor

        return TreeEditor
    if name == "PlayWidget":
        from negaviz.widgets.play import PlayWidget

        return PlayWidget
    raise AttributeError(f"module 'negaviz.widgets' has no attribute {name!r}")
