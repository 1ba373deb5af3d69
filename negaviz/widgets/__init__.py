"""Widgets for the classroom: step through a recorded search, or compare two.

* :class:`StepperWidget`: one trace, step by step: the tree as it stands, the call
  stack, the pseudocode line being executed, one sentence saying what just happened;
* :class:`CompareWidget`: two searches of the same position side by side, one step
  counter, the nodes only one of them visits highlighted;
* :class:`PlayWidget`: play tic-tac-toe, Othello or Connect Four against the engine,
  and step through the search behind each of its moves;
* :class:`~negaviz.widgets.frames.FrameCache`: the rendered frames the widgets share with
  :func:`negaviz.export.export_html`.

Both widgets are ipywidgets ``VBox`` subclasses: put one last in a cell, or
``display()`` it.  They are thin: everything they show is a pure function of the trace
(:mod:`negaviz.analysis.steps`, :func:`negaviz.render.draw`), and they update their
child widgets through state only (an ``HTML`` widget's ``value``), never by printing
into an ``Output`` widget, so notebooks using them pass ``pytest --nbval`` in strict mode.

ipywidgets is imported when a widget class is first used, so ``negaviz.widgets.frames``
(and the export) work without it.

>>> import negaviz
>>> from negaviz.widgets import StepperWidget
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> w = StepperWidget(trace, prefetch=0)
>>> w.step = 4
>>> w.sentence, w.code_line
('D is a leaf: its value is 7.', 3)
>>> w.stack_rows
[('A', '0', '−∞', '∞', '–', 'B'), ('B', '1', '−∞', '∞', '–', '')]
>>> w.close()
"""

from __future__ import annotations

from typing import Any

__all__ = ["StepperWidget", "CompareWidget", "PlayWidget", "FrameCache"]


def __getattr__(name: str) -> Any:
    if name == "StepperWidget":
        from negaviz.widgets.stepper import StepperWidget

        return StepperWidget
    if name == "CompareWidget":
        from negaviz.widgets.compare import CompareWidget

        return CompareWidget
    if name == "PlayWidget":
        from negaviz.widgets.play import PlayWidget

        return PlayWidget
    if name == "FrameCache":
        from negaviz.widgets.frames import FrameCache

        return FrameCache
    raise AttributeError(f"module 'negaviz.widgets' has no attribute {name!r}")
