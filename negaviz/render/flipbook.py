"""A search as a flip-book: one picture per step, every page laid out alike, so that
turning the pages animates the search (a PDF for slides, or one SVG or PNG per step).

Every page of a pass is drawn from ONE plan (:func:`negaviz.layout.fold.plan`) of the last
step asked for, which holds every node visited by then (folded to ``max_nodes``, the call
stack of every page kept where it fits); each page paints that plan as it stands at its
own step, so what the search has not reached yet is drawn in one neutral style, with
nothing of its future.  dot then gives every node the same place on every page, because
nothing that sizes a node changes from page to page:

* the texts that change (value, window, marks, a summary's count, the step in the
  caption) sit in cells of fixed size (:func:`negaviz.render.labels.fixed_row`);
* every node is a box with one border; the current node's double border is a ring
  inside the label, drawn on every node and visible only on the current one;
* the legend lists every style used anywhere in the book.

Which steps a range asks for, and the files the pages go to, are
:mod:`negaviz.render.pages`' (:func:`save_pdf`, :func:`save_pages` and :func:`steps_of`
are imported from here too).

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> pages = flipbook(trace, "3-5")
>>> [page.step for page in pages]
[3, 4, 5]
>>> len({len(page.digraph.body) for page in pages})  # the same statements on every page
1
>>> steps_of("7-", 18), steps_of("all", 18), steps_of("4", 18)
(range(7, 19), range(0, 19), range(4, 5))
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import replace

from negaviz.errors import InputError
from negaviz.games.protocol import restore
from negaviz.render import labels
from negaviz.layout.fold import Item, Plan, given_plan, plan, snapshot
from negaviz.layout.growth import GAP, Placer, Spans, label_size, pinned
from negaviz.layout.slots import SLOT_MARKS, SLOT_VALUE, SLOT_WINDOW, Slots, game_slots, given_slots, slots_for
from negaviz.render.styles import (
    GHOSTS,
    SUMMARIES,
    LegendKey,
    NodeView,
    default_edge_style,
    default_node_style,
)
from negaviz.render.pages import (  # the pages' steps and files: imported from here too
    MAX_PAGES, Page, page_name, parse_steps, render_pages, save_pages, save_pdf, steps_of,
)
from negaviz.render.builder import Builder
from negaviz.render.tree import check_max_nodes, check_preview
from negaviz.render.tree_legend import PREVIEW_NOTE
from negaviz.trace.replay import Status
from negaviz.trace.timeline import BEST, timeline_of
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import Perspective, check_flag, fmt, shown, view_of

__all__ = ["flipbook", "save_pdf", "save_pages"]


# ------------------------------------------------------------------------------ pages
def _page_style(view: NodeView) -> dict[str, str]:
    """The default style with the same box and one border for every node, so no style
    changes a node's size (the current node's second border is the label's ring)."""
    attrs = default_node_style(view)
    attrs["shape"] = "box"
    attrs.pop("peripheries", None)
    return attrs


def _ring(label: str, colour: str) -> str:
    """``label`` (an HTML-like table) inside a one-line border of ``colour``."""
    assert label.startswith("<<") and label.endswith(">>")
    return (
        f'<<TABLE BORDER="1" COLOR="{colour}" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">'
        f"<TR><TD>{label[1:-1]}</TD></TR></TABLE>>"
    )


def _marks(view: NodeView) -> str:
    words = [w for w, on in (("cut", view.cut), ("TT", view.tt)) if on]
    return f"<B>{' '.join(words)}</B>" if words else ""


class _PageBuilder(Builder):
    """Draws a later step's plan as at this step, every label the same size on every page."""

    book_caption: tuple[list[str], str, int]
    """The caption's fixed lines, this page's step line and the step line's width."""
    shapes: dict[str, str]
    """Labels with their slots still empty, by item: the same on every page of a book."""

    def visited(self, view: NodeView) -> bool:
        return view.kind in ("node", "folded") and view.status is not None

    def tooltip(self, view: NodeView) -> str:
        """Hover text: a node not reached yet says only that (its node number would tell
        the order the search takes, and whether it is searched at all)."""
        if self.visited(view) or self.game is None:
            return super().tooltip(view)
        return view.kind.replace("unvisited", "not yet visited")

    def label(self, view: NodeView, item: Item) -> str:
        current = view.status is Status.CURRENT and self.visited(view)
        ring = default_node_style(view)["color"] if current else "transparent"
        if item.kind in SUMMARIES:
            return _ring(self.summary(view, item), ring)
        if item.node < 0 and item.covers > 1:  # several moves as one ghost
            word = "pruned" if view.kind == "pruned" else "not yet visited"
            chars = len(f"{item.covers} moves not yet visited")
            return _ring(labels.fixed_table([labels.fixed_row(f"{item.covers} moves {word}", chars, 9)]), ring)
        if item.name not in self.shapes:
            self.shapes[item.name] = self.node_label(view, item)
        return _ring(self.fill(self.shapes[item.name], view, item), ring)

    def node_label(self, view: NodeView, item: Item) -> str:
        """The label the node has once searched, with its changing texts as slots: a move
        not tried looks the same as a node not entered yet."""
        game = self.game
        shaped = replace(view, kind="node")
        if game is None:
            text = f"node {item.node}" if item.node >= 0 else ""
            return labels.text_label(shaped, text, windows=self.windows, slots=self.slots)
        if self.family == "textbook":
            return labels.textbook_label(shaped, self.item_label(item), windows=self.windows, slots=self.slots)
        if self.family == "board":
            if item.node >= 0:
                pos, last = self.position(item.node), self.move(item.node) if item.node > 0 else None
            else:
                pos, last = self.ghost_position(item), item.moves[0]
            return labels.board_label(
                shaped, labels.board_rows(game, pos), last if isinstance(last, int) else None,
                windows=self.windows, slots=self.slots,
            )
        return labels.text_label(shaped, self.item_label(item), windows=self.windows, slots=self.slots)

    def fill(self, label: str, view: NodeView, item: Item) -> str:
        """The slots of ``label`` filled with what the node shows at this step."""
        value = ""
        if self.visited(view):
            value = labels.esc(labels.value_text(view, explicit=self.windows))
        else:
            given = self.given(view, item)
            if given is not None:
                value = labels.given_text(fmt(given))
                self.used.add("given")
        if self.family != "textbook":  # boards and texts show the marker beside the value
            value = f"{labels.marker(view.player)} {value}".strip()
        window = labels.esc(labels.window_text(view)) if self.visited(view) and view.kind == "node" else ""
        return (  # graphviz rejects an empty FONT: a blank is a space
            label.replace(SLOT_VALUE, value or " ").replace(SLOT_WINDOW, window or " ")
            .replace(SLOT_MARKS, _marks(view) or " ")
        )

    def summary(self, view: NodeView, item: Item) -> str:
        """A folded subtree or a group: its count so far and value, in fixed cells."""
        chars = len(f"+{item.covers:,} nodes")
        count = f"+{view.count:,} nodes" if view.kind in SUMMARIES else ""
        rows = [labels.fixed_row(count, chars, 10)]
        if item.kind == "group":
            rows.append(labels.fixed_row("in folded subtrees" if count else "", 18, 8))
        else:
            value = ""
            if self.visited(view):
                value = labels.esc(f"{labels.marker(view.player)} value {labels.value_text(view)}".strip())
            assert self.slots is not None
            rows.append(labels.fixed_row(value, self.slots.value + 8, 9))
        return labels.fixed_table(rows)

    def caption_label(self, layout: Plan, max_nodes: int) -> str:
        lines, step_line, chars = self.book_caption
        # Wrapped, never cut: a line longer than a label line goes on over the next rows.
        wrapped = [part for line in lines for part in textwrap.wrap(line, CAPTION_CHARS) or [""]]
        rows = [f'<TR><TD ALIGN="LEFT">{labels.esc(part)}</TD></TR>' for part in wrapped]
        rows.append(labels.fixed_row(labels.esc(step_line), chars, 10))
        return labels.fixed_table(rows)


CAPTION_CHARS = 2 * labels.MAX_CHARS
"""The longest caption line a flip-book page writes on one row (longer ones wrap)."""


def _slots(trace: Trace, layout: Plan, builder: _PageBuilder, *, given_only: bool = False) -> Slots:
    """Cells wide enough for the longest value or window any drawn node ever shows.
    ``given_only``: a whole given tree, sized from its leaves' values alone (as
    :meth:`negaviz.frontend.scene.Scene` sizes it), so no page tells the search's values."""
    if given_only:
        game = builder.game
        positions = (builder.position(i.node) if i.node >= 0 else builder.ghost_position(i) for i in layout.items)
        return given_slots(game.score(pos) if game.is_terminal(pos) else None for pos in positions)
    lives = timeline_of(trace).lives
    longest = 1
    for item in layout.items:
        values: list[float | None] = []
        if item.node >= 0:
            life = lives[item.node]
            values += [life.value, life.alpha, life.beta]
            for ch in life.changes:
                values += [ch.value, ch.alpha] if ch.kind == BEST else [ch.value]
        elif item.covers == 1 and item.kind in GHOSTS:
            view = builder.node_view(item)
            values.append(builder.given(view, item))
        longest = max([longest, *(len(fmt(v)) for v in values if v is not None)])
    return slots_for(longest)


def flipbook(
    trace: Trace,
    steps: str | range,
    *,
    perspective: Perspective | None = None,
    windows: bool = False,
    max_nodes: int = 400,
    preview: bool = False,
    legend: bool = True,
) -> list[Page]:
    """One page per step of ``steps`` (see :func:`steps_of`), every page laid out alike.

    Options are those of :func:`negaviz.render.draw`.  Render the pages with
    :func:`render_pages`, or write them with :func:`save_pdf` or :func:`save_pages`.
    Pages of a driver's different passes (iterative deepening, MTD(f)) draw different
    trees: each pass keeps its own layout.
    """
    check_trace(trace)
    perspective = view_of(perspective)
    check_max_nodes(max_nodes)
    check_preview(preview)
    check_flag(windows, "windows")
    check_flag(legend, "legend")
    if not isinstance(steps, (str, range)):
        raise InputError(f"steps must be text such as '0-20', '5-', 'all', or a range, not {type(steps).__name__}")
    wanted = steps_of(steps, len(trace))
    passes = trace.passes()
    groups: dict[int, list[int]] = {}
    for k in wanted:
        index = max(i for i, (first, _) in enumerate(passes) if first <= max(k - 1, 0))
        groups.setdefault(index, []).append(k)
    pages: list[Page] = []
    try:
        for index, ks in groups.items():
            pages += _pass_pages(
                trace, passes, index, ks, perspective=perspective, windows=windows, max_nodes=max_nodes,
                preview=preview, legend=legend,
            )
    finally:
        restore(trace.game)  # a MutableGame moved its object to label positions: put it back
    return pages


def _pass_pages(
    whole: Trace, passes: list[tuple[int, Trace]], index: int, steps: list[int], *, perspective: Perspective,
    windows: bool, max_nodes: int, preview: bool, legend: bool,
) -> list[Page]:
    """The pages of ``steps``, all in pass ``index``, drawn from one plan."""
    first, trace = passes[index]
    local = [min(k - first, len(trace)) for k in steps]
    timeline = timeline_of(trace)
    textbook = labels.family(trace.game) == "textbook"
    budget = max_nodes - 1 if legend else max_nodes
    # One plan for every page: of the last step (of the whole search with a preview),
    # keeping each page's call stack where it fits, so each page shows its current node.
    plan_step = len(trace) if preview else max(local)
    target = snapshot(trace, plan_step)
    stacks = dict.fromkeys(n for k in local for n in timeline.stack(k))  # each stack root first
    # A textbook tree is the exercise's data: drawn whole, on every page, when it fits.
    given = given_plan(trace, target, budget) if textbook else None
    # Any other search grows page by page, each node placed when it is entered
    # (layout.growth); a search too big for one view gets a new one when it fills, from
    # the call stack then, as the stepper does.  (A preview draws the final search: one
    # folded plan of it.)
    grows = given is None and not preview
    if grows:
        layout = Plan()
    else:
        layout = given or plan(trace, target, budget, ghosts=None if textbook else 2, also_keep=(*target.pv, *stacks))

    shapes: dict[str, str] = {}  # shared by the pages (and the preview) of this pass

    def builder(step: int) -> _PageBuilder:
        b = _PageBuilder(trace, snapshot(trace, step), perspective=perspective, windows=windows, dag=False)
        b.replanned = True
        b.shapes = shapes
        return b

    later = builder(len(trace)) if preview else None
    if grows:  # sized from the game's rules (its best score), not from values of later pages
        slots = game_slots(trace.game)
    else:
        slots = _slots(trace, layout, later or builder(max(local)), given_only=given is not None)
    if later is not None:
        later.slots = slots
    lines = builder(len(trace)).caption(layout, max_nodes).split("\n")[:1]  # the perspective
    if len(passes) > 1:
        lines.append(f"pass {index + 1} of {len(passes)} (steps {first}..{first + len(trace)})")
    if layout.hidden:
        lines.append(
            f"folded {layout.hidden:,} of {target.visible:,} nodes (by step {first + plan_step:,}) into "
            f"{layout.summaries} summary node{'s' if layout.summaries != 1 else ''} (max_nodes={max_nodes})"
        )
    if preview:
        lines.append(PREVIEW_NOTE)
    total = len(whole)
    chars = len(f"after step {total:,} of {total:,}")
    pages: list[Page] = []
    used: set[LegendKey] = set()
    spans = Spans(timeline, root=0, end=len(trace.nodes), first=0, budget=budget)
    # by the first step of a view: its nodes, the call stack it starts from, their boxes
    views: dict[int, tuple[list[int], set[int], dict[str, tuple[float, float, float, float]]]] = {}
    several = grows and spans.stop(0) >= 0 and spans.stop(0) <= max(local)
    if several:
        chars += len(" (a new view from step 0,000,000)")
    for k, step in zip(steps, local):
        b = builder(step)
        b.slots = slots
        b.later = later
        caption = f"after step {k:,} of {total:,}"
        page_plan = layout
        if grows:
            start = spans.start_of(step)
            if start not in views:
                members = spans.members(start)
                views[start] = (members, set(spans.stack(start)), _grown_pins(trace, members, builder(max(local)), slots))
            members, stack, b.pins = views[start]
            page_plan = _entered_by(trace, members, stack, step)
            if several:
                caption += f" (a view from step {first + start:,})"
        b.book_caption = (lines, caption, chars)
        dot = b.build(page_plan, _page_style, default_edge_style, legend=False, max_nodes=max_nodes)
        used |= b.used
        pages.append(Page(k, dot))
    if legend:
        key = builder(min(local))  # "best line so far" unless the book is only the last step
        key.used = used
        key.summary_cue = "grey fill"  # every node of a page is a box: see _page_style
        table = key.legend(default_node_style, default_edge_style)  # its cues hold: see _ring
        attrs = dict(table)
        if grows:  # left of the root, the same place on every page: it sizes nothing a later page adds
            w, h = label_size(table["label"], 9)
            h = 2.0 * math.ceil(h * 0.65)  # (its rows are spaced wider than a node's: room for them)
            attrs.update(pinned((-w - GAP, 0.0, w, h)))
        for page in pages:
            page.digraph.node("legend", _attributes=attrs)
    return pages


def _entered_by(trace: Trace, members: list[int], stack: set[int], step: int) -> Plan:
    """A growing page: the nodes of a view (``members``) drawn by ``step``: the call stack
    it starts from, and what the search has entered since (the root, the position given,
    from step 0)."""
    nodes = trace.nodes
    shown = [n for n in members if n in stack or nodes[n].enter_step < step or n == 0]
    return Plan([Item(f"n{n}", "node", n, nodes[n].parent) for n in shown], kept=frozenset(stack))


def _grown_pins(trace: Trace, members: list[int], builder: _PageBuilder, slots: Slots) -> dict[str, tuple[float, float, float, float]]:
    """Each of a view's nodes' box, placed in the order they are entered
    (:class:`negaviz.layout.growth.Placer`): the same on every page of the view, and
    decided by what came before it only."""
    placer = Placer()
    nodes = trace.nodes
    builder.slots = slots
    out = {}
    for n in members:
        item = Item(f"n{n}", "node", n, nodes[n].parent)
        size = label_size(_ring(builder.node_label(builder.node_view(item), item), "transparent"))
        x, y = placer.place(n, nodes[n].parent, nodes[n].depth, size)
        out[item.name] = (x, y, *size)
    return out
