"""Two searches of the same position, side by side, stepping together.

:class:`CompareWidget` shows two traces (say minimax and alpha-beta, or two move
orders) under one slider.  The rule that keeps them in sync is the simplest sound
one: **one step counter k; each side shows its own trace after** ``min(k, len(trace))``
**events**.  So both start together, and the shorter search stands finished while the
longer one goes on.  (Matching the sides by node would need a node both visit at every
step, which two different searches do not have.)

Nodes are matched across the traces by their *move path*: the moves from the root to
the node (:mod:`negaviz.analysis.diff`, which the tree editor's "what changed" reads too).  A node whose path the other search never visits is drawn with a band across
a dashed, glowing border; each side's title counts such nodes.

>>> import negaviz
>>> from negaviz.widgets import CompareWidget
>>> tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
>>> a = negaviz.record(tree, algorithm="minimax")
>>> b = negaviz.record(tree, algorithm="alphabeta")
>>> w = CompareWidget(a, b, titles=("minimax", "alpha-beta"))
>>> w.only_counts  # G and H: only minimax visits them
(2, 0)
>>> w.close()
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from negaviz.extras import require

require("ipywidgets", "anywidget", purpose="a widget")  # before they, or drawing, are imported

import ipywidgets as widgets  # type: ignore[import-untyped]

from negaviz.analysis.diff import move_paths, only_here
from negaviz.analysis.steps import PERSPECTIVES
from negaviz.errors import InputError
from negaviz.frontend.scene import CHUNK, Scene
from negaviz.games.protocol import is_textbook_tree, spec_of
from negaviz.trace.trace import Trace
from negaviz.vocabulary import Perspective, check_flag, check_int, shown, view_of
from negaviz.widgets.stepper import StepperView
from negaviz.widgets.synced import SyncedState

__all__ = ["CompareWidget"]


def _same_position(a: Trace, b: Trace, edited: bool) -> None:
    trees = all(t.game is not None and is_textbook_tree(t.game) for t in (a, b))
    if edited and not trees:
        raise InputError("edited=True compares two textbook trees (negaviz.Tree), one an edit of the other")
    spec_a, spec_b = spec_of(a.game), spec_of(b.game)
    if not edited and spec_a is not None and spec_b is not None and spec_a != spec_b:
        hint = " (for a tree and an edit of it, pass edited=True)" if trees else ""
        raise InputError(f"the two traces search different positions: {spec_a!r} and {spec_b!r}{hint}")


class CompareWidget(SyncedState, widgets.VBox):
    """``trace_a`` and ``trace_b`` (searches of the same position) side by side.

    One step counter from 0 to the longer trace's length; each side shows its trace after
    ``min(step, len(trace))`` events, stepped in the browser by the same front-end as
    :class:`~negaviz.widgets.StepperWidget`.  Nodes whose move path only one search
    visits are marked (a dashed, glowing border); :attr:`only_a`/:attr:`only_b` hold
    them (node numbers of each trace), :attr:`only_counts` their numbers.
    """

    def __init__(
        self,
        trace_a: Trace,
        trace_b: Trace,
        *,
        titles: tuple[str, str] = ("A", "B"),
        perspective: Perspective | None = None,
        windows: bool = False,
        max_nodes: int = 400,
        play_interval: int = 900,
        preview: bool = False,
        presenter: bool = False,
        edited: bool = False,
    ) -> None:
        for name, t in (("trace_a", trace_a), ("trace_b", trace_b)):
            if not isinstance(t, Trace):
                raise InputError(f"{name} must be a negaviz Trace (from negaviz.record), not {type(t).__name__}")
        if not isinstance(titles, (tuple, list)) or len(titles) != 2 or not all(isinstance(t, str) for t in titles):
            raise InputError(f"titles must be two strings, e.g. ('A', 'B'), not {shown(titles)}")  # 'AB' is one
        perspective = view_of(perspective)
        check_int(play_interval, "play_interval", low=1)
        _same_position(trace_a, trace_b, check_flag(edited, "edited"))
        paths_a, paths_b = move_paths(trace_a), move_paths(trace_b)
        self.traces = (trace_a, trace_b)
        self._only = (only_here(paths_a, paths_b), only_here(paths_b, paths_a))
        self.scenes = [
            Scene(t, max_nodes=max_nodes, title=title, only=only, interval=int(play_interval))
            for t, title, only in zip(self.traces, titles, self._only)
        ]
        self.front = StepperView(
            self.scenes, perspective=perspective, windows=windows, preview=preview, presenter=presenter,
        )
        self.rule_note = widgets.HTML(
            '<span style="font-size:11px;color:#555555">One step counter: each side shows its search after '
            "min(step, its length) events. Nodes are matched by their moves from the root; nodes with a "
            "dashed, glowing border are visited by this search only.</span>"
        )
        super().__init__([self.front, self.rule_note])

    def __repr__(self) -> str:
        return f"<negaviz CompareWidget: {len(self.traces[0])} and {len(self.traces[1])} events, step {self.step}>"

    def _top(self) -> int:
        return max(len(t) for t in self.traces)

    def _scenes(self) -> list[Scene]:
        return self.scenes

    @property
    def steps(self) -> tuple[int, int]:
        """The step each side shows."""
        return (min(self.step, len(self.traces[0])), min(self.step, len(self.traces[1])))

    @property
    def only_a(self) -> frozenset[int]:
        """Nodes of ``trace_a`` whose move path ``trace_b`` never visits."""
        return self._only[0]

    @property
    def only_b(self) -> frozenset[int]:
        """Nodes of ``trace_b`` whose move path ``trace_a`` never visits."""
        return self._only[1]

    @property
    def only_counts(self) -> tuple[int, int]:
        """How many nodes only A visits, and only B."""
        return (len(self.only_a), len(self.only_b))

    @property
    def only_so_far(self) -> tuple[int, int]:
        """Of those, how many each side has entered by its current step."""
        out = []
        for t, only, step in zip(self.traces, self._only, self.steps):
            entered = sorted(t.nodes[n].enter_step for n in only)
            out.append(bisect_left(entered, step))
        return (out[0], out[1])

    @property
    def sentences(self) -> tuple[str, str]:
        """Both sides' sentences as shown."""
        p = PERSPECTIVES.index(self.perspective)
        texts = [sc.chunk(k // CHUNK)["sentences"][p][k % CHUNK] for sc, k in zip(self.scenes, self.steps)]
        return (texts[0], texts[1])

