"""A trace made ready for the browser: laid out once, painted at every step.

A :class:`Scene` holds what the front-end (``stepper.js``) needs to show any step of a
trace with no kernel and no further layout:

* **views**: drawings laid out once (by dot here, or in the browser by the bundled
  Graphviz: see ``layout``), each holding at most ``max_nodes`` nodes (the folding of
  :mod:`negaviz.layout.fold`).  A trace that fits is one view; a bigger one gets a view
  around each part of the search, laid out when a step first needs it.  A view is drawn
  from the tree's shape and the game's labels alone (:class:`_LayoutBuilder`): no value,
  bound, cut, best line or pruned move is in it, since it is shown from its first step
  on.  Labels hold fixed-size cells for the texts that change (value, window, marks),
  which the front-end fills in at each step, so a node sits at the same place at every
  step;
* **lives**: for every drawn node, when it is entered and returns and what changes it
  while it is on the stack (:class:`negaviz.trace.timeline.Timeline`);
* **chunks** of steps: each step's sentence and pseudocode line in both perspectives, and
  the node the search is at;
* the event kind of every step (for the jumps) and the style sheet and legend.

:meth:`Scene.data` is plain JSON-able data.  The widgets send it over the widget comm;
:func:`negaviz.frontend.page.page_html` writes it into a self-contained page.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> scene = Scene(trace)
>>> data = scene.data()
>>> data["n"], data["kinds"], len(data["views"])
(18, 'EEELBELBRBEELBXRCR', 1)
>>> [item[:3] for item in data["views"][0]["items"]][:4]
[['n0', 'n', 0], ['n1', 'n', 1], ['n4', 'n', 4], ['n2', 'n', 2]]
>>> data["chunks"]["0"]["sentences"][0][4]
'D is a leaf: its value is 7.'
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any, Literal, get_args

from negaviz.analysis.diff import TreeChange
from negaviz.analysis.pseudocode import LISTINGS, line_of, listing_for
from negaviz.analysis.steps import JUMP_CODES, Stepper, first_player, sign, windowed
from negaviz.errors import InputError
from negaviz.extras import dot_installed
from negaviz.frontend.edit_result import result_data
from negaviz.layout.growth import ANCHOR, ANCHOR_ATTR, PINNED_GRAPH, Placer, Spans, label_size, pinned
from negaviz.games.protocol import restore
from negaviz.render import labels
from negaviz.layout.fold import Item, Sizes, given_plan, plan, snapshot
from negaviz.render.output import to_svg
from negaviz.layout.slots import SLOT_MARKS, SLOT_VALUE, Slots, game_slots, given_slots
from negaviz.quiz.answers import submit_data
from negaviz.quiz.practice import check_practice, practice_data
from negaviz.frontend.style import css, legend_html
from negaviz.render.looks import GREY, PAPER
from negaviz.render.styles import GHOSTS, SUMMARIES, EdgeView, NodeKind, NodeView
from negaviz.render.tree import EDGE_ATTR, NODE_ATTR, Builder, check_max_nodes
from negaviz.search.events import EventKind
from negaviz.trace.timeline import BEST, LEAF_CODES, LOWER_ALPHA, LOWER_BETA, Code, timeline_of
from negaviz.trace.trace import Ending, Trace, check_trace
from negaviz.vocabulary import PERSPECTIVES, STACK_COLUMNS, STACK_COLUMNS_PLAIN, Perspective, check_flag, check_int, check_perspective, check_text, fmt, printable, view_caption, window_key

__all__ = ["Scene"]

CHUNK = 4096
"""Steps per chunk of per-step panel data."""
MAX_PAGE_EVENTS = 100_000
"""The most events one page (or a notebook's static form) holds."""

Layout = Literal["auto", "dot", "browser"]
"""Where a scene's views are laid out (:class:`Scene`'s ``layout``)."""
LAYOUTS: tuple[Layout, ...] = get_args(Layout)


ItemCode = Literal["n", "f", "g", "p"]
"""A drawn item's kind as the front-end reads it (``items[i][1]``, one letter): ``n`` a
searched node, ``f`` a folded subtree, ``g`` a group of sibling subtrees, ``p`` a ghost
(a move pruned, or not tried yet)."""

CODES: dict[str, Any] = {
    "enter": Code.ENTER, "leaf": LEAF_CODES, "cutoff": Code.CUTOFF, "tt_hit": Code.TT_HIT,
    "jumps": {k: "".join(sorted(v)) for k, v in JUMP_CODES.items() if k != "end"},
    "changes": {"best": BEST, "alpha": LOWER_ALPHA, "beta": LOWER_BETA},
}
"""The event codes of :attr:`Timeline.kinds` the front-end counts and jumps by, and the
kinds of a life's changes (named here once, from :mod:`negaviz.trace.timeline` and
:data:`negaviz.analysis.steps.JUMP_CODES`)."""

TEXT_SIZE = float(NODE_ATTR["fontsize"])
"""Graphviz points of a node's label text: the front-end opens a view fitted only when
its labels then read."""

SCHEMA: dict[str, tuple[str, ...]] = {
    "item": (
        "title", "kind", "node", "parent", "up", "depth", "pruned", "prefix", "only", "given", "name", "ranges", "again",
        "appear", "settle",
    ),
    "life": ("parent", "depth", "enter", "exit", "value", "bound", "tt", "cut", "alpha", "beta", "changes", "name", "move"),
    "change": ("step", "kind", "value", "alpha", "child"),
}
"""The fields of the records a scene sends as arrays, in order; the front-end decodes
them by these names (``decode`` in ``src/scene-data.js``), so a field is added in one place.

* ``item``, one drawn thing of a view: ``title`` its DOT name; ``kind`` an
  :data:`ItemCode`; ``node`` the trace node (-1 for ghosts and groups) and ``parent``
  (for a ghost, the nearest entered node above it); ``up`` the title of the item drawn
  above it (its edge's tail; empty for the root); ``depth`` its depth in the tree;
  ``pruned`` the step a cutoff skipped it (ghosts; -1: never); ``prefix`` text before its value (▲/▼ on boards);
  ``only`` 1 if only this search of a comparison visits it (for a ghost: if this search
  cuts off a node the other one visits, as an edit's new cutoffs); ``given`` a textbook leaf's
  value as the tree gives it (for the side to move there), or None; ``name`` how the
  sentences name it; ``ranges`` the node numbers ``[start, end)`` a summary stands for;
  ``again`` the later entries of a node of a given tree the search enters more than once
  (a PVS re-search), shown from the step each is entered; ``appear`` the first step it
  is drawn at (a growing search's nodes appear as they are entered; 0: from the start).
* ``life``, one node's story (:class:`~negaviz.trace.timeline.NodeLife`), with its
  sentence ``name`` and the ``move`` that leads to it.
* ``change``, one :class:`~negaviz.trace.timeline.Change`.
"""


def _record(record: str, **fields: Any) -> list[Any]:
    """A record of :data:`SCHEMA` as the array the front-end decodes."""
    names = SCHEMA[record]
    if set(fields) != set(names):
        raise AssertionError(f"a {record} record has the fields {names}, not {tuple(fields)}")
    return [fields[n] for n in names]


_KINDS: dict[NodeKind, ItemCode] = {"node": "n", "folded": "f", "group": "g", "pruned": "p", "unvisited": "p"}


def _jv(x: Any) -> Any:
    """A number for JSON: infinities as strings (JSON has none), ints as ints."""
    if x is None:
        return None
    if isinstance(x, float):
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        if x.is_integer():
            return int(x)
    return x


def layout_node_style(view: NodeView) -> dict[str, str]:
    """A drawn item's attributes in a scene view: its shape only, never its state.

    Every searched node and every single untried move is the same box with a second
    border (the front-end shows the border on the current node: drawn always, so a node
    keeps its size), so nothing in the layout tells a node the search will visit from
    one it will prune.  Colours, widths and dashes are painted per step (:func:`css`).
    """
    if view.kind in SUMMARIES:
        return {"shape": "folder", "style": "filled", "fillcolor": PAPER, "color": GREY, "penwidth": "1"}
    return {"shape": "box", "style": "filled", "fillcolor": PAPER, "color": GREY, "penwidth": "1", "peripheries": "2"}


def layout_edge_style(view: EdgeView) -> dict[str, str]:
    """Every edge alike in the layout: the best line, pruned moves and the rest are
    painted per step."""
    return {"color": GREY}


class _LayoutBuilder(Builder):
    """Draws a view from the tree's shape and the game's labels alone.

    The plain drawing (:func:`negaviz.render.draw`) writes each node's state into its
    label and style; a scene view must not, since it is shown at every step.  Values,
    windows and marks go into fixed cells the front-end fills in; an untried move is
    drawn as the node it would be (its board, or its name in a textbook tree), a group
    of them as "+n moves"; a folded subtree's size is painted per step too.
    """

    def label(self, view: NodeView, item: Any) -> str:
        slots = self.slots
        assert slots is not None
        if view.kind in SUMMARIES or (view.kind in GHOSTS and view.count > 1):
            return _count_label(view, slots)
        if view.kind in GHOSTS:  # one untried move: drawn as the node it leads to
            return self._node_label(view, item, self.ghost_position(item), item.moves[0])
        if self.game is None:
            return labels.text_label(view, f"node {view.node}", windows=True, slots=slots)
        last = self.move(view.node) if view.node > 0 else None
        return self._node_label(view, item, self.position(view.node), last)

    def _node_label(self, view: NodeView, item: Any, pos: Any, last: Any) -> str:
        slots = self.slots
        if self.family == "textbook":
            return labels.textbook_label(view, self.item_label(item), windows=True, slots=slots)
        if self.family == "board":
            return labels.board_label(
                view, labels.board_rows(self.game, pos), last if isinstance(last, int) else None, windows=True,
                slots=slots,
            )
        return labels.text_label(view, self.item_label(item), windows=True, slots=slots)

    def tooltip(self, view: NodeView) -> str:
        """Hover text: the node as the stepper's sentences name it."""
        return ""


def _count_label(view: NodeView, slots: Slots) -> str:
    """A folded subtree ("+n nodes", n painted per step: the nodes entered so far, then
    its value) or a group of untried moves ("+n moves", then painted "pruned" once a
    cutoff skips them)."""
    if view.kind in SUMMARIES:
        head = labels.slot_row(SLOT_MARKS, len(f"+{view.count:,} nodes"), 10)
        return labels.table([head, labels.slot_row(SLOT_VALUE, slots.value + 8, 9)])
    head = labels.row(f"+{view.count:,} moves", 10)
    return labels.table([head, labels.slot_row(SLOT_VALUE, len("not tried yet"), 9)])


# ------------------------------------------------------------------------------ SVG
_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
_XMLNS = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"')
_ID = re.compile(r'\sid="[^"]*"')


def inline_svg(svg: str) -> str:
    """An SVG made fit to sit inside HTML: no XML prolog, DOCTYPE or comments, and no
    namespace declarations, so the text names no URL at all."""
    svg = _PROLOG.sub("", svg, count=1)
    svg = _COMMENT.sub("", svg)
    head, sep, rest = svg.partition(">")
    # ids are per document: two drawings on one page would share them
    return _XMLNS.sub("", head) + sep + _ID.sub("", rest.rstrip()) + "\n"


# ------------------------------------------------------------------------------ the scene
class Scene:
    """Everything the browser needs to step through ``trace``; see the module docstring.

    ``max_nodes``: the most nodes in one view.  ``title``: shown above a comparison's
    panes and in a page's heading.  ``only``: node numbers to mark as visited by this
    search only (a comparison).  ``interval``: milliseconds between steps while playing.
    ``layout``: where views are laid out: ``dot`` (here, by Graphviz's ``dot``: each
    view carries its SVG), ``browser`` (in the reader's browser, by the Graphviz bundled
    with the front-end: each view carries its DOT source, a fraction of the size), or
    ``auto`` (``dot`` where the program is installed, else ``browser``).
    ``tree_text``: carry a textbook tree's text, which the page offers to copy ("copy tree").
    ``cut_names``: names of nodes this search cuts off and the one it is compared with
    visits (an edit's new cutoffs, :class:`~negaviz.widgets.TreeEditor`): marked as
    ``only`` is, once pruned.  ``result``: what an edit changed (the TreeEditor's
    :class:`~negaviz.analysis.diff.TreeChange`): the page says it in a line above the
    picture (:mod:`negaviz.frontend.edit_result`).
    """

    def __init__(
        self, trace: Trace, *, max_nodes: int = 400, title: str = "", only: frozenset[int] = frozenset(),
        interval: int = 600, layout: Layout = "auto", practice: str | None = None, tree_text: bool = False,
        ask: object = None,
        cut_names: frozenset[str] = frozenset(), result: TreeChange | None = None,
    ) -> None:
        check_trace(trace)
        mode = check_practice(trace, practice)
        check_max_nodes(max_nodes)
        title = printable(check_text(title, "title"))
        if not isinstance(only, frozenset):
            raise InputError(f"only must be a frozenset of node numbers, not {type(only).__name__}")
        if not isinstance(cut_names, frozenset):
            raise InputError(f"cut_names must be a frozenset of node names, not {type(cut_names).__name__}")
        check_int(interval, "interval", low=1)
        if layout not in LAYOUTS:
            raise InputError(f"unknown layout: {layout!r} (must be one of {list(LAYOUTS)})")
        self.layout: Layout = layout if layout != "auto" else ("dot" if dot_installed() else "browser")
        """``dot`` or ``browser``: where this scene's views are laid out."""
        self.trace = trace
        self.max_nodes = max_nodes
        self.title = title
        self.only = only
        self.cut_names = cut_names
        if result is not None and not isinstance(result, TreeChange):
            raise InputError(f"result must be a TreeChange (negaviz.analysis.diff.tree_change), not {type(result).__name__}")
        self.result: dict[str, str] | None = None if result is None else result_data(result, trace)
        """Per perspective, the sentence saying what an edit changed, for the line above the picture (or None)."""
        self.interval = interval
        if ask is not None and mode is None:
            raise InputError("ask chooses the questions of practice: give practice='steps' with it")
        self.practice: dict[str, Any] | None = practice_data(trace, mode, ask) if mode is not None else None
        if self.practice is not None and mode == "tree":  # submit: the record's frame (negaviz.quiz.attempt)
            self.practice["submit"] = submit_data(trace, title or None)
        """What the page needs for practice on the picture (:mod:`negaviz.quiz.practice`), or None."""
        text = getattr(trace.game, "text", None)
        self.tree_text: str | None = (
            text() if check_flag(tree_text, "tree_text") and callable(text) and labels.family(trace.game) == "textbook"
            else None)
        """The textbook tree's text the page offers to copy, or None."""
        self.timeline = timeline_of(trace)  # shared with the step logic, which reads it too
        self.first_player = first_player(trace)
        """0 if the first player moves at the root."""
        self.windowed = windowed(trace)
        """Whether the search has windows (plain negamax has none: no α, β on the stack)."""
        passes = trace.passes()
        roots = trace.roots()
        self.passes = [(first, roots[i] if i < len(roots) else 0, part) for i, (first, part) in enumerate(passes)]
        self.views: list[dict[str, Any]] = []
        self._drawn: list[set[int]] = [set() for _ in self.passes]  # per pass: nodes drawn in any view
        opts = trace.result.options if trace.result is not None else None
        algorithm, tt = (opts.algorithm if opts else "alphabeta"), bool(opts and opts.tt)
        hard = bool(opts and opts.fail_hard)
        self.listings: dict[str, str] = {p: listing_for(algorithm, tt, perspective=p, fail_hard=hard)
                                         for p in PERSPECTIVES}
        self._steppers: dict[str, Stepper] = {}
        self._chunks: dict[int, dict[str, Any]] = {}
        self._fmt: dict[str, str] = {}
        self._spans: dict[int, Spans] = {}  # per pass laid out as it grows: its views' spans of steps
        self._grown_views: dict[tuple[int, int], int] = {}  # (pass, first step of a span) -> its view
        for p in range(len(self.passes)):
            first, root, part = self.passes[p]
            given = labels.family(part.game) == "textbook" and given_plan(part, snapshot(part, 0), max_nodes)
            if not given:
                self._spans[p] = Spans(self.timeline, root=root, end=root + len(part.nodes), first=first, budget=max_nodes)
            if mode == "tree" and not given:
                raise InputError(f"practice needs the tree drawn whole, and this one has more than max_nodes={max_nodes} "
                                 "nodes: raise max_nodes, or practise on a smaller tree")
            if given:
                self._add_view(p, ())  # the given tree, whole
            else:
                self._grow_view(p, first)  # the start of the search, growing

    # --- views -----------------------------------------------------------------------
    def covers(self, step: int) -> int | None:
        """The index of a view showing ``step`` (one drawing the current node), or None."""
        cur = self.timeline.current[step]
        p = self.pass_of(step)
        if p in self._spans:  # views of a growing search each hold a span of steps
            return self._grown_views.get((p, self._spans[p].start_of(step)))
        for i, view in enumerate(self.views):
            if view["pass"] == p and (cur < 0 or cur in view["_nodes"]):
                return i
        return None

    def pass_of(self, step: int) -> int:
        """The pass (search call of a driver) that step ``step`` falls in."""
        at = max(step - 1, 0)
        return max(i for i, (first, _, _) in enumerate(self.passes) if first <= at)

    def view_for(self, step: int) -> int:
        """The index of a view showing ``step``, laid out now if none does yet."""
        found = self.covers(step)
        if found is not None:
            return found
        p = self.pass_of(step)
        if p in self._spans:  # the view of the span of steps that holds it
            return self._grow_view(p, self._spans[p].start_of(step), note_new=True)
        first, root, part = self.passes[p]
        local = self.timeline.current[step] - root
        nodes = part.nodes
        sizes = Sizes(nodes, len(nodes))
        path = part.path(local)
        # The highest node on the path whose whole subtree fits (with the path and its
        # folded siblings) is drawn whole, so the view serves every step the search spends
        # inside it; nothing else is opened, so views overlap little and a page stays small.
        top = next((n for n in path if sizes(n) + 3 * len(path) <= self.max_nodes), local)
        keep = [*part.path(top), *range(top, sizes.end(top))]
        # A deep path may not fit a small budget with its siblings folded: give the view
        # room until it draws the current node (the step would have no view otherwise).
        budget = self.max_nodes
        while True:
            index = self._add_view(p, keep, note_new=step, budget=budget)
            if self.timeline.current[step] in self.views[index]["_nodes"] or budget > 4 * len(nodes) + 16:
                return index
            self.views.pop()
            self._drawn[p] = set().union(*(v["_nodes"] for v in self.views if v["pass"] == p))
            budget *= 2

    def cover(self, *, on_step: Callable[[], Any] | None = None) -> None:
        """Lay out views until every step is shown by one (for pages, which have no kernel).
        ``on_step``: called once per step looked at (a progress bar's ``update``)."""
        current = self.timeline.current
        for step in range(len(self.trace) + 1):
            cur = current[step]
            p = self.pass_of(step)
            if (cur >= 0 and cur not in self._drawn[p]) or (p in self._spans and self.covers(step) is None):
                self.view_for(step)
            if on_step is not None:
                on_step()

    def _grow_view(self, p: int, start: int, note_new: bool = False) -> int:
        """Lay out the view of pass ``p`` that starts at step ``start``: the call stack then,
        and the nodes the search enters from then on, placed as it enters them
        (:mod:`negaviz.layout.growth`), until ``max_nodes`` are drawn; the view shows
        the steps from ``start`` until the next node would not fit."""
        first, root, part = self.passes[p]
        tl = self.timeline
        if (p, start) in self._grown_views:
            return self._grown_views[(p, start)]  # laid out already
        spans = self._spans[p]
        stack, members, stop = spans.stack(start), spans.members(start), spans.stop(start)
        snap = snapshot(part, len(part))
        builder = _LayoutBuilder(part, snap, perspective="negamax", windows=True, dag=False)
        builder.slots = game_slots(part.game)
        import graphviz  # type: ignore[import-untyped]  # (negaviz.render has said in one line if it is missing)

        dot = graphviz.Digraph(name="negaviz", graph_attr=dict(PINNED_GRAPH), node_attr=dict(NODE_ATTR), edge_attr=dict(EDGE_ATTR))
        placer = Placer()
        items: list[list[Any]] = []
        lives: dict[str, list[Any]] = {}
        member_set = set(members)
        settles: dict[int, list[float]] = {}
        waiting: list[tuple[int, int]] = []  # (exit step, node) of the members placed, not settled yet

        def settle_until(step: int) -> None:
            """Centre the members that return before ``step`` over their children, in the
            order they return (layout.growth.Placer.settle): shown from the step after."""
            waiting.sort()
            while waiting and waiting[0][0] < step:
                exit_step, done = waiting.pop(0)
                dx = placer.settle(done)
                if dx:
                    settles[done] = [exit_step + 1, dx]

        try:
            for n in members:
                local = n - root
                life = tl.lives[n]
                settle_until(life.enter)
                item = Item(f"n{n}", "node", local, life.parent - root if life.parent >= 0 else -1)
                shown = builder.node_view(item)
                label = builder.label(shown, item)
                w, h = label_size(label)
                x, y = placer.place(n, life.parent, life.depth, (w, h))
                attrs = {"label": label, **pinned((x, y, w, h))}
                attrs.update(layout_node_style(shown))
                dot.node(f"n{n}", _attributes=attrs)
                up = f"n{life.parent}" if life.parent in member_set else ""
                if up:
                    dot.edge(up, f"n{n}", _attributes={"color": GREY})
                items.append(_record(
                    "item", title=f"n{n}", kind="n", node=n, parent=life.parent, up=up, depth=life.depth, pruned=-1,
                    prefix=self._prefix(builder, item), only=int(n in self.only), given=None,
                    name=self.trace.names.short(n), ranges=[], again=[], appear=start if n in stack or n == root else life.enter + 1,
                    settle=[],
                ))
                lives[str(n)] = self._life(n)
                if life.exit >= 0:
                    waiting.append((life.exit, n))
            settle_until(stop - 1 if stop >= 0 else len(self.trace))
        finally:
            restore(part.game)
        settle_at = SCHEMA["item"].index("settle")
        for row in items:
            row[settle_at] = settles.get(row[SCHEMA["item"].index("node")], [])
        dot.node(ANCHOR, _attributes=ANCHOR_ATTR)  # (what keeps each node's coordinates the same at every step)
        drawing = {"svg": inline_svg(to_svg(dot))} if self.layout == "dot" else {"dot": dot.source}
        note = (
            f"The search as it grows: each node is placed when it is entered, and centred over its children once it returns "
            f"(this view: from step {start:,}, at most {self.max_nodes} nodes)."
        )
        view = {"pass": p, **drawing, "items": items, "lives": lives, "note": note, "span": [start, stop],
                "_nodes": member_set, "_placer": placer}  # (its places as at the view's last step)
        if note_new:
            view["note_new"] = f"A new view from step {start:,}: the path to the current node, and what the search enters from here."
        self.views.append(view)
        self._drawn[p] |= member_set
        self._grown_views[(p, start)] = len(self.views) - 1
        return len(self.views) - 1

    def _add_view(self, p: int, keep: Any, note_new: int | None = None, budget: int | None = None) -> int:
        budget = self.max_nodes if budget is None else budget
        first, root, part = self.passes[p]
        trace = part
        # Which nodes a view draws follows from the tree's shape and the part of the search
        # it serves, never from the search's final best line (a view is shown from its
        # first step on): the plan keeps no principal variation.
        snap = dataclasses.replace(snapshot(trace, len(trace)), pv=())
        textbook = labels.family(trace.game) == "textbook"
        # A textbook tree is the exercise's data: drawn whole, in its own order, when it fits.
        whole = given_plan(trace, snap, budget) if textbook else None
        layout = whole or plan(trace, snap, budget, ghosts=None if textbook else 2, also_keep=keep, fill=not keep)
        builder = _LayoutBuilder(trace, snap, perspective="negamax", windows=True, dag=False)
        builder.follows_entries = False  # the front-end picks each step's entry (entryAt)
        try:
            given = {it.name: self._given(builder, it) for it in layout.items} if textbook else {}
            # sized from the given data alone (a textbook tree's leaves, or the game's best
            # score), never from values the search shows later
            builder.slots = given_slots(given.values()) if textbook else game_slots(trace.game)
            dot = builder.build(layout, layout_node_style, layout_edge_style, legend=False, max_nodes=budget)
            prefixes = {it.name: self._prefix(builder, it) for it in layout.items}
            names = {it.name: self._item_name(builder, it, root) for it in layout.items}
        finally:
            restore(trace.game)
        dot.attr("graph", label="")
        # Laid out here by dot, or in the reader's browser by the bundled Graphviz: the
        # front-end marks the drawing's shapes and cells itself, whichever Graphviz drew it.
        drawing = {"svg": inline_svg(to_svg(dot))} if self.layout == "dot" else {"dot": dot.source}
        tl = self.timeline
        sizes = Sizes(trace.nodes, len(trace.nodes))
        items: list[list[Any]] = []
        drawn: set[int] = set()
        lives: dict[str, list[Any]] = {}
        for it in layout.items:
            kind = _KINDS[it.kind]
            nid = it.node + root if it.node >= 0 else -1
            parent = it.parent + root if it.parent >= 0 else -1
            depth = tl.lives[nid].depth if nid >= 0 else tl.lives[parent].depth + it.depth_below
            pruned = tl.lives[parent].cut if parent >= 0 and kind == "p" and it.kind == "pruned" else -1
            if kind == "p" and it.kind == "pruned" and pruned < 0 and parent >= 0:
                pruned = tl.lives[parent].exit  # pruned by the game's bounds or a win at once
            ranges: list[list[int]] = []
            if kind == "f":
                ranges = [[nid, sizes.end(it.node) + root]]
            elif kind == "g":  # the parent's children not drawn on their own
                shown = {x.node for x in layout.items if x.parent == it.parent}
                ranges = [[c + root, sizes.end(c) + root] for c in trace.nodes[it.parent].children if c not in shown]
            items.append(_record(
                "item", title=it.name, kind=kind, node=nid, parent=parent, up=it.up if parent >= 0 else "",
                depth=depth, pruned=pruned,
                prefix=prefixes[it.name], given=_jv(given.get(it.name)),
                only=int(nid in self.only if kind != "p" else names[it.name] in self.cut_names),
                name=names[it.name], ranges=ranges, again=[n + root for n in it.again], appear=0, settle=[],
            ))
            for n in (nid, *(a + root for a in it.again)) if nid >= 0 else ():
                lives[str(n)] = self._life(n)
                if kind == "n":
                    drawn.add(n)
        for n in list(drawn):  # ancestors (the stack) are always drawn, but make sure
            while n >= 0 and str(n) not in lives:
                lives[str(n)] = self._life(n)
                n = tl.lives[n].parent
        note = ""
        if layout.hidden:
            note = (
                f"Folded {layout.hidden:,} of {len(trace.nodes):,} nodes into {layout.summaries} summary "
                f"node{'s' if layout.summaries != 1 else ''} (max_nodes={budget})."
            )
        view = {"pass": p, **drawing, "items": items, "lives": lives, "note": note, "_nodes": drawn}
        if note_new is not None:
            view["note_new"] = f"Laid out a new view of the tree for step {note_new:,} (the search left the last one). {note}"
        self.views.append(view)
        self._drawn[p] |= drawn
        return len(self.views) - 1

    def _given(self, builder: Builder, item: Any) -> float | None:
        """A textbook leaf's value as the tree gives it (for the side to move there): the
        exercise's data, shown from step 0 as given, not as a result."""
        if item.kind in SUMMARIES or item.covers > 1 and item.node < 0:
            return None
        game = builder.game
        pos = builder.position(item.node) if item.node >= 0 else builder.ghost_position(item)
        return game.score(pos) if game.is_terminal(pos) else None

    def _item_name(self, builder: Builder, item: Any, root: int) -> str:
        """How the sentences name a drawn item (screen readers read it)."""
        if item.node >= 0:
            base = self.trace.names.short(item.node + root)
            return base if item.kind == "node" else f"{base} and the nodes below it"
        parent = self.trace.names.short(item.parent + root)
        if item.kind == "group":
            return f"{item.covers:,} nodes in folded subtrees below {parent}"
        if len(item.moves) > 1:
            return f"{len(item.moves)} more moves at {parent}"
        if builder.family == "textbook":
            return builder.item_label(item)
        move = printable(builder.move_text(item.parent, item.moves[0]))
        return move if parent == "the root" else f"{parent} {move}"

    def _prefix(self, builder: Builder, item: Any) -> str:
        """Text the front-end writes before a value: the ▲/▼ marker on boards and text labels."""
        single_ghost = item.kind in GHOSTS and len(item.moves) == 1
        if (item.kind != "node" and not single_ghost) or builder.family == "textbook":
            return ""
        view = builder.node_view(item)
        mark = labels.marker(view.player)
        return f"{mark} " if mark else ""

    def _life(self, nid: int) -> list[Any]:
        life = self.timeline.lives[nid]
        changes = []
        for ch in life.changes:
            changes.append(_record("change", step=ch.step, kind=ch.kind, value=_jv(ch.value), alpha=_jv(ch.alpha), child=ch.child))
            for v in (ch.value, ch.alpha):
                self._remember(v)
        for x in (life.value, life.alpha, life.beta):
            self._remember(x)
        return _record(
            "life", parent=life.parent, depth=life.depth, enter=life.enter, exit=life.exit, value=_jv(life.value),
            bound=None if life.bound is None else int(life.bound), tt=int(life.tt), cut=life.cut,
            alpha=_jv(life.alpha), beta=_jv(life.beta), changes=changes, name=self.trace.names.short(nid),
            move=printable(self.trace.names.move(nid)),
        )

    def _remember(self, v: float | None) -> None:
        """Non-whole values are formatted here, so the page shows them as Python does,
        keyed by the text JavaScript's ``String(v)`` gives."""
        if v is None or isinstance(v, int) or math.isinf(v) or float(v).is_integer():
            return
        for x in (v, -v):
            self._fmt[js_string(float(x))] = fmt(x)

    # --- per-step panels -----------------------------------------------------------------
    def stepper(self, perspective: Perspective) -> Stepper:
        """The pure step logic that writes the sentences."""
        if perspective not in self._steppers:
            self._steppers[perspective] = Stepper(self.trace, perspective=perspective)
        return self._steppers[perspective]

    def chunk(self, index: int) -> dict[str, Any]:
        """Sentences, pseudocode lines and current nodes of steps ``index * CHUNK`` on."""
        if index in self._chunks:
            return self._chunks[index]
        n = len(self.trace)
        if not 0 <= index * CHUNK <= n:
            raise InputError(f"chunk {index!r} is outside 0..{n // CHUNK}")
        start, stop = index * CHUNK, min((index + 1) * CHUNK, n + 1)
        trace, tl = self.trace, self.timeline
        sentences: list[list[str]] = []
        lines: list[list[int]] = []
        for p in PERSPECTIVES:
            stepper = self.stepper(p)
            texts: list[str] = []
            codes: list[int] = []
            listing = self.listings[p]
            for k in range(start, stop):
                ev = trace.event(k - 1) if k else None
                texts.append(stepper.sentence(ev))
                if ev is None:
                    codes.append(0)
                    continue
                hit = ev.kind == EventKind.EXIT and trace.nodes[ev.node].ending == Ending.TT
                maximizing = sign(trace, ev.node, "minimax") > 0
                line = line_of(listing, ev, exit_of_tt_hit=hit, maximizing=maximizing)
                codes.append(line or 0)
            sentences.append(texts)
            lines.append(codes)
        c = tl.counters(start)
        out = {
            "current": tl.current[start:stop], "sentences": sentences, "lines": lines,
            "base": [c.nodes, c.leaves, c.cutoffs, c.tt_hits],
        }
        self._chunks[index] = out
        return out

    # --- all of it -------------------------------------------------------------------------
    def data(self, *, chunks: Literal["all", "first"] = "all") -> dict[str, Any]:
        """The scene as JSON-able data.  ``chunks``: ``all`` (a page), or ``first`` (a
        widget on a big trace, which asks for the rest as the reader goes)."""
        n = len(self.trace)
        wanted = range(n // CHUNK + 1) if chunks == "all" else range(1)
        chunk_data = {str(i): self.chunk(i) for i in wanted}
        return {
            "v": 2,
            "layout": self.layout,
            "schema": {k: list(v) for k, v in SCHEMA.items()},
            "n": n,
            "kinds": self.timeline.kinds,
            "codes": CODES,
            "perspectives": list(PERSPECTIVES),
            "stack_columns": list(STACK_COLUMNS if self.windowed else STACK_COLUMNS_PLAIN),
            "windowed": self.windowed,
            "text_size": TEXT_SIZE,
            "first_player": self.first_player,
            "title": self.title,
            "only_steps": sorted(self.timeline.lives[n].enter for n in self.only),
            "interval": self.interval,
            "chunk": CHUNK,
            "chunks": chunk_data,
            "passes": [[first, root] for first, root, _ in self.passes],
            "views": [self.view_data(i) for i in range(len(self.views))],
            "listings": {p: list(LISTINGS[self.listings[p]]) for p in PERSPECTIVES},
            "fmt": dict(sorted(self._fmt.items())),
            "legend": {p: legend_html(p, self.first_player, windowed=self.windowed) for p in PERSPECTIVES},
            "css": css(),
            "practice": self.practice,
            **({"tree_text": self.tree_text} if self.tree_text is not None else {}),
            **({"result": self.result} if self.result is not None else {}),
        }

    def view_data(self, index: int) -> dict[str, Any]:
        """View ``index`` as JSON-able data."""
        return {k: v for k, v in self.views[index].items() if not k.startswith("_")}


def js_string(x: float) -> str:
    """What JavaScript's ``String(x)`` gives for the finite float ``x``: the shortest
    digits that read back as ``x`` (as ``repr``), laid out by ECMAScript's rules
    (exponent from 1e21 up and below 1e-6).  The front-end looks values up by it.

    >>> [js_string(x) for x in (0.5, -2.25, 1e-05, 1.5e-07, 1e21, 123456.75, 1e16)]
    ['0.5', '-2.25', '0.00001', '1.5e-7', '1e+21', '123456.75', '10000000000000000']
    """
    if x == 0:
        return "0"
    sign, digits, exponent = Decimal(repr(x)).as_tuple()
    text = "".join(map(str, digits)).rstrip("0")
    assert isinstance(exponent, int)
    k = len(text)
    n = exponent + len(digits)  # the value is 0.<text> times 10**n
    if k <= n <= 21:
        out = text + "0" * (n - k)
    elif 0 < n <= 21:
        out = text[:n] + "." + text[n:]
    elif -6 < n <= 0:
        out = "0." + "0" * -n + text
    else:
        e = n - 1
        out = text[0] + ("." + text[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return ("-" if sign else "") + out
