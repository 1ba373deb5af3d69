"""The line above an edited tree's picture that says what the edit changed: the root's
value and the best line, before and after, in the view shown.

After an edit, :class:`~negaviz.widgets.TreeEditor` shows the edited tree's search, often
at a step in the middle of it (the stepper keeps its place).  The scene then carries this
data, read from the edit's :class:`~negaviz.analysis.diff.TreeChange` (the one diff) and the
new trace (nothing is searched here); the page (``frontend/src/edit-result.js``) shows the
line beside the editor's status line.  The picture marks none of it ahead of the search:
at each step it shows what the new search knows then, as every picture does.

>>> import negaviz
>>> from negaviz.analysis.diff import tree_change
>>> old = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> new = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:6 G:8 H:9))"), algorithm="alphabeta")
>>> r = result_data(tree_change(old, new), new)
>>> r["negamax"]
"Result after the edit: A's value 5 → 6; best line now C F (was B E)."
"""

from __future__ import annotations

from negaviz.analysis.diff import TreeChange
from negaviz.analysis.steps import sign
from negaviz.trace.trace import Trace
from negaviz.vocabulary import PERSPECTIVES, fmt

__all__: list[str] = []  # nothing for users to import: the Scene of a TreeEditor reads it


def result_data(change: TreeChange, trace: Trace) -> dict[str, str]:
    """Per perspective, the sentence saying the new result of ``trace`` (the edited tree's
    search) against what ``change`` says it was: the root's value in that view, and the
    best line's moves below the root, as :meth:`Trace.pv_names` and the editor's status
    line give it (``"A's value 5 → 3; best line now C F (was B E)"``)."""
    top = trace.roots()[-1]  # the root node of the (last) search
    root = trace.label(top)
    line, was_line = list(change.pv[1]), list(change.pv[0])
    out: dict[str, str] = {}
    for perspective in PERSPECTIVES:
        flip = sign(trace, top, perspective)  # the root's value for whom the view shows
        old, new = (None if v is None else flip * v for v in change.value)
        value = (f"{root}'s value {fmt(old)} → {fmt(new)}" if old != new else f"{root}'s value stays {fmt(new)}")
        best = (f"best line now {' '.join(line) or '(none)'} (was {' '.join(was_line) or '(none)'})" if line != was_line
                else f"best line stays {' '.join(line) or '(none)'}")
        out[perspective] = f"Result after the edit: {value}; {best}."
    return out
