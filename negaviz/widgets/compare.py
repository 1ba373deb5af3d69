"""Two searches of the same position, side by side, stepping together.

:class:`CompareWidget` shows two traces (say minimax and alpha-beta, or two move
orders) under one slider.  The rule that keeps them in sync is the simplest sound
one: **one step counter k; each side shows its own trace after** ``min(k, len(trace))``
**events**.  So both start together, and the shorter search stands finished while the
longer one goes on.  (Matching the sides by node would need a node both visit at every
step, which two different searches do not have.)

Nodes are matched across the traces by their *move path*: the moves from the root to
the node.  A node whose path the other search never visits is drawn with a band across
its top (reddish purple, visible in greyscale too); each side's header counts such
nodes, in all and so far.

>>> import negaviz
>>> from negaviz.widgets import CompareWidget
>>> tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
>>> a = negaviz.record(tree, algorithm="minimax")
>>> b = negaviz.record(tree, algorithm="alphabeta")
>>> w = CompareWidget(a, b, titles=("minimax", "alpha-beta"), prefetch=0)
>>> w.only_counts  # G and H: only minimax visits them
(2, 0)
>>> w.close()
"""

from __future__ import annotations

import html
import itertools
from bisect import bisect_left
from collections.abc import Callable
from typing import Any, Hashable

import ipywidgets as widgets  # type: ignore[import-untyped]

from negaviz.analysis.steps import PERSPECTIVES, StepView
from negaviz.errors import InputError
from negaviz.render import default_node_style
from negaviz.render.styles import OKABE_ITO, NodeView, tint
from negaviz.trace.trace import Trace
from negaviz.widgets.frames import FrameCache, Views, scroll_box, sentence_html
from negaviz.widgets.stepper import check_max_nodes, check_perspective, descendants

__all__ = ["CompareWidget", "move_paths", "only_here", "highlight_style", "BAND"]

BAND = tint(OKABE_ITO["reddish_purple"], 0.6)
"""Colour of the band marking a node only this search visits."""

_ids = itertools.count()


def move_paths(trace: Trace) -> list[tuple[Hashable, ...]]:
    """Every node's move path (the moves from its root), by node number."""
    nodes = trace.nodes
    paths: list[tuple[Hashable, ...]] = []
    for n in nodes:  # parents come before their children
        if n.parent < 0:
            paths.append(())
            continue
        moves = nodes[n.parent].moves
        assert moves is not None
        move = moves[n.index]
        try:
            hash(move)
        except TypeError:
            move = repr(move)  # an unhashable move: compared by its text
        paths.append((*paths[n.parent], move))
    return paths


def only_here(paths: list[tuple[Hashable, ...]], other: list[tuple[Hashable, ...]]) -> frozenset[int]:
    """Nodes (numbers into ``paths``) whose move path does not occur in ``other``."""
    theirs = set(other)
    return frozenset(i for i, p in enumerate(paths) if p not in theirs)


def highlight_style(
    only: frozenset[int], base: Callable[[NodeView], dict[str, str]] = default_node_style,
) -> Callable[[NodeView], dict[str, str]]:
    """A node style: ``base``, plus a band across the top of the nodes in ``only``
    (folded subtrees included when their root is in ``only``: all below it is too)."""

    def style(view: NodeView) -> dict[str, str]:
        attrs = base(view)
        if view.node >= 0 and view.kind in ("node", "folded") and view.node in only:
            fill = attrs.get("fillcolor", "#FFFFFF").split(":")[0].split(";")[0]
            styles = [s for s in attrs.get("style", "").split(",") if s]
            if "filled" not in styles:
                styles.insert(0, "filled")
            # Lower 72% the usual fill, top band the highlight (gradientangle 90: bottom to top).
            attrs.update(style=",".join(styles), fillcolor=f"{fill};0.72:{BAND}", gradientangle="90")
        return attrs

    return style


def _same_position(a: Trace, b: Trace) -> None:
    spec_a, spec_b = (getattr(t.game, "spec", None) for t in (a, b))
    if callable(spec_a) and callable(spec_b) and spec_a() != spec_b():
        raise InputError(f"the two traces search different positions: {spec_a()!r} and {spec_b()!r}")


class _Side:
    """One trace's half of the widget."""

    def __init__(self, trace: Trace, title: str, only: frozenset[int], max_nodes: int, prefix: str) -> None:
        self.trace = trace
        self.title = title
        self.only = only
        self.only_sorted_entries = sorted(trace.nodes[n].enter_step for n in only)
        self.views = Views(trace)
        self.cache = FrameCache(trace, max_nodes=max_nodes, node_style=highlight_style(only), id_prefix=prefix)
        self.header = widgets.HTML()
        self.sentence = widgets.HTML()
        self.tree = widgets.HTML(layout=widgets.Layout(border="1px solid #DDDDDD"))
        self.box = widgets.VBox([self.header, self.sentence, self.tree], layout=widgets.Layout(flex="1 1 0", min_width="0"))
        self.view: StepView | None = None
        self.svg = ""

    def only_so_far(self, step: int) -> int:
        """Nodes only this side visits, entered in its first ``step`` events."""
        return bisect_left(self.only_sorted_entries, step)

    def show(self, k: int, perspective: str, windows: bool, prefetch: int) -> None:
        step = min(k, len(self.trace))
        with self.cache.lock:
            self.view = self.views.view(step, perspective)
        self.svg = self.cache.get(step, perspective, windows)
        done = " (finished)" if step == len(self.trace) and k > step else ""
        self.header.value = (
            f'<b>{html.escape(self.title)}</b>: step {step:,} of {len(self.trace):,}{done} · '
            f"{len(self.trace.nodes):,} nodes, "
            f'<span style="background:{BAND};padding:0 3px">{len(self.only):,} visited only here</span> '
            f"({self.only_so_far(step):,} so far)"
        )
        self.sentence.value = sentence_html(self.view)
        self.tree.value = scroll_box(self.svg, "520px")
        if prefetch:
            self.cache.prefetch((s, perspective, windows) for s in range(step + 1, min(step + prefetch, len(self.trace)) + 1))


class CompareWidget(widgets.VBox):
    """``trace_a`` and ``trace_b`` (searches of the same position) side by side.

    One slider from 0 to the longer trace's length; each side shows its trace after
    ``min(step, len(trace))`` events.  Nodes whose move path only one search visits
    are banded; :attr:`only_a`/:attr:`only_b` hold them (node numbers of each trace),
    :attr:`only_counts` their numbers.
    """

    def __init__(
        self,
        trace_a: Trace,
        trace_b: Trace,
        *,
        titles: tuple[str, str] = ("A", "B"),
        perspective: str = "negamax",
        windows: bool = False,
        max_nodes: int = 400,
        prefetch: int = 2,
        play_interval: int = 900,
    ) -> None:
        for name, t in (("trace_a", trace_a), ("trace_b", trace_b)):
            if not isinstance(t, Trace):
                raise InputError(f"{name} must be a negaviz Trace (from negaviz.record), not {type(t).__name__}")
        if len(titles) != 2:
            raise InputError(f"titles must be two strings, not {titles!r}")
        check_perspective(perspective)
        check_max_nodes(max_nodes)
        _same_position(trace_a, trace_b)
        paths_a, paths_b = move_paths(trace_a), move_paths(trace_b)
        uid = next(_ids)
        self.sides = (
            _Side(trace_a, titles[0], only_here(paths_a, paths_b), max_nodes, f"c{uid}a-"),
            _Side(trace_b, titles[1], only_here(paths_b, paths_a), max_nodes, f"c{uid}b-"),
        )
        self.prefetch = max(0, int(prefetch))
        n = max(len(trace_a), len(trace_b))
        self.play = widgets.Play(value=0, min=0, max=n, step=1, interval=play_interval, description="play")
        self.slider = widgets.IntSlider(value=0, min=0, max=n, step=1, description="step", continuous_update=False,
                                        layout=widgets.Layout(width="420px"))
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.prev_button = widgets.Button(description="◀", tooltip="back one event", layout=widgets.Layout(width="40px"))
        self.next_button = widgets.Button(description="▶", tooltip="forward one event", layout=widgets.Layout(width="40px"))
        self.prev_button.on_click(lambda _b: self._nudge(-1))
        self.next_button.on_click(lambda _b: self._nudge(+1))
        self.perspective_buttons = widgets.ToggleButtons(options=list(PERSPECTIVES), value=perspective,
                                                         style={"button_width": "auto"})
        self.windows_box = widgets.Checkbox(value=bool(windows), description="windows", indent=False,
                                            layout=widgets.Layout(width="90px"))
        self.rule_note = widgets.HTML(
            '<span style="font-size:11px;color:#555555">One step counter: each side shows its search after '
            "min(step, its length) events. Nodes are matched by their moves from the root; "
            f'<span style="background:{BAND};padding:0 3px">banded</span> nodes are visited by this search only.</span>'
        )
        super().__init__([
            widgets.HBox([self.play, self.slider, self.prev_button, self.next_button, self.perspective_buttons,
                          self.windows_box]),
            widgets.HBox([s.box for s in self.sides], layout=widgets.Layout(align_items="flex-start")),
            self.rule_note,
        ])
        for w in (self.slider, self.perspective_buttons, self.windows_box):
            w.observe(self._on_change, names="value")
        self._show()

    # --- state ------------------------------------------------------------------------
    @property
    def step(self) -> int:
        """The shared step counter, 0..max(len(trace_a), len(trace_b)) (settable)."""
        return int(self.slider.value)

    @step.setter
    def step(self, value: int) -> None:
        top = self.slider.max
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise InputError(f"step {value!r} is outside 0..{top}")
        self.slider.value = value

    @property
    def perspective(self) -> str:
        return str(self.perspective_buttons.value)

    @perspective.setter
    def perspective(self, value: str) -> None:
        self.perspective_buttons.value = check_perspective(value)

    @property
    def steps(self) -> tuple[int, int]:
        """The step each side shows."""
        return (min(self.step, len(self.sides[0].trace)), min(self.step, len(self.sides[1].trace)))

    @property
    def only_a(self) -> frozenset[int]:
        """Nodes of ``trace_a`` whose move path ``trace_b`` never visits."""
        return self.sides[0].only

    @property
    def only_b(self) -> frozenset[int]:
        """Nodes of ``trace_b`` whose move path ``trace_a`` never visits."""
        return self.sides[1].only

    @property
    def only_counts(self) -> tuple[int, int]:
        """How many nodes only A visits, and only B."""
        return (len(self.only_a), len(self.only_b))

    @property
    def only_so_far(self) -> tuple[int, int]:
        """Of those, how many each side has entered by its current step."""
        a, b = self.steps
        return (self.sides[0].only_so_far(a), self.sides[1].only_so_far(b))

    @property
    def svgs(self) -> tuple[str, str]:
        """Both trees as shown (inline SVG; ids prefixed per side)."""
        return (self.sides[0].svg, self.sides[1].svg)

    @property
    def sentences(self) -> tuple[str, str]:
        """Both sides' sentences."""
        views = [s.view for s in self.sides]
        assert views[0] is not None and views[1] is not None
        return (views[0].sentence, views[1].sentence)

    # --- updating ---------------------------------------------------------------------
    def _nudge(self, delta: int) -> None:
        self.step = min(max(self.step + delta, 0), self.slider.max)

    def _on_change(self, _change: Any = None) -> None:
        self._show()

    def _show(self) -> None:
        for side in self.sides:
            side.show(self.step, self.perspective, bool(self.windows_box.value), self.prefetch)
        self.prev_button.disabled = self.step <= 0
        self.next_button.disabled = self.step >= self.slider.max

    def close(self) -> None:
        """Stop the background renderers and close this widget and all its parts."""
        for side in getattr(self, "sides", ()):  # absent if __init__ failed (ipywidgets closes in __del__)
            side.cache.close()
        for child in descendants(self):
            child.close()
        super().close()
