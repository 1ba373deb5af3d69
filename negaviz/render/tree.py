"""A trace as a picture: :func:`draw` returns a ``graphviz.Digraph``.

Drawing reads the trace and never searches again.  It is a pure function: the same
trace and options give the same DOT source, byte for byte.

>>> import negaviz
>>> from negaviz.render import draw
>>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> dot = draw(trace, legend=False)
>>> [line.split()[0] for line in dot.body if "->" not in line]
['n0', 'n1', 'n4', 'n2', 'n3', 'n5', 'g4_1', 'g4_2', 'graph']
>>> draw(trace).source == draw(trace).source
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import graphviz  # type: ignore[import-untyped]

from negaviz.errors import InputError
from negaviz.games.protocol import key_of
from negaviz.games.protocol import label as game_label
from negaviz.games.protocol import player as game_player
from negaviz.games.protocol import has_verb, restore
from negaviz.render import labels
from negaviz.layout.growth import PINNED_GRAPH, pinned
from negaviz.layout.fold import Item, Plan, Sizes, Snapshot, given_plan, latest, plan, snapshot
from negaviz.layout.slots import Slots
from negaviz.render.looks import LOOKS
from negaviz.render.looks import meaning as meaning_of
from negaviz.render.styles import (
    GHOSTS,
    SUMMARIES,
    EdgeKind,
    EdgeView,
    LegendKey,
    NodeKind,
    NodeView,
    default_edge_style,
    default_node_style,
    faint,
    node_key,
)
from negaviz.search.events import Bound
from negaviz.trace.replay import Status
from negaviz.trace.timeline import timeline_of
from negaviz.trace.trace import Ending, Trace, check_trace
from negaviz.vocabulary import PERSPECTIVES, Perspective, check_callable, check_flag, check_perspective, check_step, fmt, mover_marks, view_caption, window_key

NodeStyle = Callable[[NodeView], dict[str, str]]
EdgeStyle = Callable[[EdgeView], dict[str, str]]

MIN_NODES = 4
"""The smallest ``max_nodes``: the root, its children folded, its ghosts, the legend."""

GRAPH_ATTR = {
    "rankdir": "TB",
    "ordering": "out",  # children left to right in move order, as textbooks draw them
    "nodesep": "0.12",
    "ranksep": "0.3",
    "fontname": "Helvetica",
    "fontsize": "10",
    "labelloc": "b",
    "labeljust": "l",
}
NODE_ATTR = {"fontname": "Helvetica", "fontsize": "10", "margin": "0.04,0.02", "height": "0.2", "width": "0.2"}
EDGE_ATTR = {"fontname": "Helvetica", "fontsize": "8", "arrowsize": "0.5"}

_EDGE_INTO: dict[NodeKind, EdgeKind] = {
    "node": "tree", "folded": "folded", "group": "folded", "pruned": "pruned", "unvisited": "unvisited",
}
"""The kind of the edge into a drawn node of each kind (transpositions aside)."""

GIVEN_NOTE = f"{LOOKS['given'].sample} {LOOKS['given'].cue}: {LOOKS['given'].meaning}"
"""What the legend says of a textbook leaf's given value."""
PREVIEW_NOTE = "preview: the rest of the search shown faintly"
"""What the caption and the legend say when a step is drawn with ``preview=True``."""

_FLIP = {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER, Bound.EXACT: Bound.EXACT}


def _neg(v: float | None) -> float | None:
    return None if v is None else -v


def check_max_nodes(max_nodes: int) -> int:
    """``max_nodes`` if a drawing can hold it, else an InputError naming what is allowed."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < MIN_NODES:
        raise InputError(f"max_nodes must be a whole number of at least {MIN_NODES}, not {max_nodes!r}")
    return max_nodes


def check_preview(preview: bool) -> bool:
    """``preview`` if it is a bool, else an InputError (a truthy string must not switch it on)."""
    return check_flag(preview, "preview")


def draw(
    trace: Trace,
    *,
    step: int | None = None,
    perspective: Perspective = "negamax",
    windows: bool = False,
    dag: bool = False,
    max_nodes: int = 400,
    node_style: NodeStyle = default_node_style,
    edge_style: EdgeStyle = default_edge_style,
    legend: bool = True,
    preview: bool = False,
) -> graphviz.Digraph:
    """The search tree of ``trace`` as a graphviz ``Digraph`` (nothing is rendered yet).

    ``step``: None for the whole trace, k for the state after the first k events.
    ``perspective``: ``negamax`` shows each value for the side to move at its node,
    ``minimax`` for the first player (values where the second player moves negated).
    ``windows``: show each node's alpha-beta window and the bound type of its value.
    ``dag``: merge transposed positions (same game key) into one node; table hits
    become dashed edges to the node already drawn.
    ``max_nodes``: the most nodes handed to dot (the legend included); larger trees are
    folded into summary nodes, keeping the root, the path to the current node and the
    principal variation.
    ``node_style``/``edge_style``: functions from a :class:`NodeView`/:class:`EdgeView`
    to graphviz attributes (see :mod:`negaviz.render.styles`).
    ``legend``: add a table explaining the styles used.
    ``preview``: with ``step``, also draw the rest of the search faintly (the caption
    and the legend say so); off by default, since a step should not give away what the
    search does next.
    """
    check_trace(trace)
    check_perspective(perspective)
    for name, flag in (("windows", windows), ("dag", dag), ("legend", legend)):
        check_flag(flag, name)
    check_callable(node_style, "node_style", takes="from a NodeView to graphviz attributes")
    check_callable(edge_style, "edge_style", takes="from an EdgeView to graphviz attributes")
    if step is not None:
        check_step(step, len(trace))
    check_max_nodes(max_nodes)
    check_preview(preview)
    if dag and trace.game is None:
        raise InputError("dag=True needs the trace's game, to know which positions are the same")
    passes = trace.passes()
    pass_note = ""
    if len(passes) > 1:
        # A driver searched the root several times: draw the pass the step falls in
        # (the last pass when the whole trace is drawn).
        at = len(trace) if step is None else step
        index = max(i for i, (first, _) in enumerate(passes) if first <= max(at - 1, 0))
        first, part = passes[index]
        pass_note = f"pass {index + 1} (from step {first})"  # (how many passes, and how long, is later)
        trace, step = part, None if step is None else min(step - first, len(part))
    snap = snapshot(trace, len(trace) if step is None else step)
    textbook = labels.family(trace.game) == "textbook"  # named ghosts teach; board ghosts clutter
    budget = max_nodes - 1 if legend else max_nodes
    builder = Builder(trace, snap, perspective=perspective, windows=windows, dag=dag)
    # A textbook tree is the exercise's data: drawn whole when it fits (given_plan).
    whole = textbook and not dag
    if preview and snap.step < len(trace):
        # The layout of the whole search, keeping the stack and the best line of this
        # step; what is not done yet is drawn as it ends up, faintly.
        final = snapshot(trace, len(trace))
        layout = (given_plan(trace, final, budget) if whole else None) or plan(
            trace, final, budget, ghosts=None if textbook else 2, also_keep=(*snap.stack, *snap.pv),
        )
        builder.later = Builder(trace, final, perspective=perspective, windows=windows, dag=dag)
        builder.replanned = True
    else:
        layout = (given_plan(trace, snap, budget) if whole else None) or plan(
            trace, snap, budget, ghosts=None if textbook else 2,
        )
    builder.pass_note = pass_note
    try:
        return builder.build(layout, node_style, edge_style, legend=legend, max_nodes=max_nodes)
    finally:
        restore(trace.game)  # a MutableGame moved its object to label positions: put it back


class Builder:
    """Turns a plan into DOT statements; holds the per-drawing lookups."""

    def __init__(self, trace: Trace, snap: Snapshot, *, perspective: Perspective, windows: bool, dag: bool) -> None:
        self.trace = trace
        self.snap = snap
        self.pass_note = ""  # "pass 2 of 3 ..." for drivers that search the root several times
        self.game = trace.game
        self.minimax = perspective == "minimax"
        self.windows = windows
        self.dag = dag
        self.family = labels.family(self.game)
        result = trace.result
        self.first_player = result.first_player if result is not None else 0
        self.positions: dict[int, Any] = {}
        self.pv = set(snap.pv)
        self.used: set[LegendKey] = set()  # legend keys of what was drawn
        self.slots: Slots | None = None  # stepping front-ends: fixed cells for changing text
        self.replanned = False  # the plan is of a later step: its items are shown as at this one
        self.later: Builder | None = None  # preview: the final search, drawn faintly where not done yet
        self.summary_cue = "folder"  # how a summary node looks, as the legend says
        self.follows_entries = True  # False: items keep their first entry's names (a scene's layout)
        self.pins: dict[str, tuple[float, float, float, float]] = {}  # placed boxes (layout.growth), by DOT id

    # --- positions and players ----------------------------------------------------------
    def move(self, nid: int) -> Any:
        node = self.trace.nodes[nid]
        moves = self.trace.nodes[node.parent].moves
        assert moves is not None
        return moves[node.index]

    def position(self, nid: int) -> Any:
        """The position at node ``nid`` (the trace plays it from the nearest ancestor it
        knows: a deep node drawn first costs a move or two, not a walk from the root)."""
        if nid not in self.positions:
            self.positions[nid] = self.trace.position(nid)
        return self.positions[nid]

    def ghost_position(self, item: Item) -> Any:
        """The position a ghost (a move not entered) stands for: its moves played from
        its parent's position."""
        pos = self.position(item.parent)
        for move in (*item.via, item.moves[0]):
            pos = self.game.play(pos, move)
        return pos

    def key(self, nid: int) -> Any:
        """The game's transposition key of a drawn node's position."""
        return key_of(self.game, self.position(nid))

    def player(self, nid: int, depth: int) -> int:
        if has_verb(self.game, "player"):
            return game_player(self.game, self.position(nid))
        return (self.first_player + depth) % 2

    def move_text(self, parent: int, move: Any) -> str:
        """The game's name of ``move`` at node ``parent`` (the trace's names know it)."""
        return self.trace.names.move_from(parent, move)

    def item_label(self, item: Item) -> str:
        """The game's label of a drawn item's position: a node's is the trace's (see
        :mod:`negaviz.trace.names`); a ghost's, a move not entered, the game's own."""
        if item.node >= 0:
            return self.trace.names.label(item.node)
        return game_label(self.game, self.ghost_position(item))

    # --- views ----------------------------------------------------------------------------
    def node_view(self, item: Item) -> NodeView:
        nodes = self.trace.nodes
        kind, count = self.kind_now(item) if self.replanned else (item.kind, item.covers)
        if item.node < 0:  # a ghost or a group: below its parent
            depth = nodes[item.parent].depth + item.depth_below
            player = None
            if item.kind != "group":
                player = self.player(item.parent, nodes[item.parent].depth) ^ (item.depth_below % 2)
                if has_verb(self.game, "player") and item.covers == 1:
                    player = game_player(self.game, self.ghost_position(item))
            return NodeView(item.name, kind, -1, item.parent, depth, player, count=count)
        nid = item.node
        node = nodes[nid]
        player = self.player(nid, node.depth)
        if kind == "unvisited":  # the root at step 0, or (a later plan) a node not entered yet
            return NodeView(item.name, kind, nid, node.parent, node.depth, player)
        snap = self.snap
        live = snap.live.get(nid)
        status = Status.DONE if live is None else live.status
        value: float | None
        alpha: float | None
        beta: float | None
        bound: Bound | None
        if live is None:
            value, bound, alpha, beta, cut = node.value, node.bound, node.alpha, node.beta, node.cutoff is not None
        else:
            value, bound, alpha, beta, cut = live.best, None, live.alpha, live.beta, live.cut
        if self.minimax and player == 1:  # the first player's view: negate where the second moves
            value, alpha, beta = _neg(value), _neg(beta), _neg(alpha)
            bound = None if bound is None else _FLIP[bound]
        return NodeView(
            item.name, kind, nid, node.parent, node.depth, player, status, value, bound, alpha, beta,
            cut=cut and kind == "node", tt=node.ending == Ending.TT and status is Status.DONE and kind == "node",
            pv=nid in self.pv, count=count,
        )

    def kind_now(self, item: Item) -> tuple[NodeKind, int]:
        """An item of a later step's plan as it stands at this step: its kind and count.

        What the search has not reached yet is ``unvisited`` (one neutral look, nothing of
        its future); a ghost is ``pruned`` only once its parent's cutoff has happened; a
        summary counts the nodes entered so far.
        """
        snap, nodes = self.snap, self.trace.nodes
        if item.node >= 0:
            if item.node >= snap.visible:
                return "unvisited", 1
            if item.kind == "folded":
                return "folded", Sizes(nodes, snap.visible)(item.node)
            return item.kind, item.covers
        parent = item.parent
        if parent >= snap.visible:
            return "unvisited", item.covers
        if item.kind == "group":
            moves = nodes[parent].moves or ()
            members = [c for c in nodes[parent].children if c < snap.visible and moves[nodes[c].index] in item.moves]
            if not members:
                return "unvisited", len(item.moves)
            sizes = Sizes(nodes, snap.visible)
            return "group", sum(sizes(c) for c in members)
        cut = timeline_of(self.trace).node_at(parent, snap.step).cut
        return ("pruned" if cut else "unvisited"), item.covers

    def given(self, view: NodeView, item: Item) -> float | None:
        """A textbook leaf's given value, as displayed, for a leaf the search has not seen
        (None otherwise): the exercise's data, shown as such."""
        if self.family != "textbook" or view.kind not in GHOSTS or view.count != 1:
            return None
        game = self.game
        pos = self.position(view.node) if view.node >= 0 else self.ghost_position(item)
        if not game.is_terminal(pos):
            return None
        value = float(game.score(pos))  # for the side to move there, as every value
        return -value if self.minimax and view.player == 1 else value

    def label(self, view: NodeView, item: Item) -> str:
        if view.kind in SUMMARIES:
            return labels.summary_label(view, self.slots)
        game = self.game
        if view.kind in GHOSTS and view.node < 0:
            name = None
            if self.family == "textbook" and view.count == 1:
                name = self.item_label(item)
            given = self.given(view, item)
            if given is not None:
                self.used.add("given")
                return labels.given_ghost_label(view, name, fmt(given))
            return labels.ghost_label(view, name)
        nid = view.node
        if game is None:
            return labels.text_label(view, f"node {nid}", windows=self.windows, slots=self.slots)
        if self.family == "textbook":
            return labels.textbook_label(view, self.trace.names.label(nid), windows=self.windows, slots=self.slots)
        if self.family == "board":
            last = self.move(nid) if nid > 0 else None
            return labels.board_label(
                view, labels.board_rows(game, self.position(nid)), last if isinstance(last, int) else None,
                windows=self.windows, slots=self.slots,
            )
        return labels.text_label(view, self.trace.names.label(nid), windows=self.windows, slots=self.slots)

    def tooltip(self, view: NodeView) -> str:
        """Hover text (SVG): the line of moves to the node, and its number."""
        if view.node < 0 or self.game is None:
            return f"node {view.node}" if view.node >= 0 else view.kind
        names = self.trace.names.moves(view.node)
        return f"node {view.node}: " + (" ".join(names) if names else "root")

    # --- the graph ------------------------------------------------------------------------
    def build(
        self, layout: Plan, node_style: NodeStyle, edge_style: EdgeStyle, *, legend: bool, max_nodes: int,
    ) -> graphviz.Digraph:
        if self.follows_entries:  # a node entered twice shows its latest entry
            layout = latest(layout, self.trace.nodes, self.snap.visible)
        dot = graphviz.Digraph(
            name="negaviz", graph_attr=dict(GRAPH_ATTR), node_attr=dict(NODE_ATTR), edge_attr=dict(EDGE_ATTR),
        )
        # dag: game key -> DOT id of the node drawn for it.  Kept nodes (the PV, the
        # stack) are never merged away, so a position they share is drawn there.
        canonical: dict[Any, str] = {}
        if self.dag:
            for item in reversed(layout.items):
                if item.node in layout.kept and item.kind != "unvisited":
                    canonical[self.key(item.node)] = item.name
        dropped: set[int] = set()  # dag: trace nodes merged into another (and their subtrees)
        edges: list[tuple[EdgeView, bool, bool]] = []  # the edge, merged (dag), previewed
        for item in layout.items:
            if item.parent in dropped:
                if item.node >= 0:
                    dropped.add(item.node)
                continue
            view = self.node_view(item)
            painter = self
            if self.later is not None and view.kind == "unvisited":
                painter = self.later  # preview: drawn as it ends up, faintly
                view = self.later.node_view(item)
            head = item.name
            if self.dag and item.node >= 0 and item.kind != "unvisited":
                head = canonical.setdefault(self.key(item.node), item.name)
                if item.node in layout.kept:
                    head = item.name  # a kept node repeating another kept one: drawn twice
                elif head != item.name:
                    dropped.add(item.node)
            if head == item.name:
                attrs = {"label": painter.label(view, item), "tooltip": labels.tooltip(self.tooltip(view)), "id": item.name}
                style = node_style(view)
                attrs.update(style if painter is self else faint(style))
                if item.name in self.pins:
                    attrs.update(pinned(self.pins[item.name]))
                dot.node(item.name, _attributes=attrs)
                self.used.add(node_key(view))
                if view.cut:
                    self.used.add("cut")
                if view.tt:
                    self.used.add("tt")
                if painter is not self:
                    self.used |= {"preview", *painter.used}
            if item.parent >= 0:
                ev = painter.edge_view(item, view, head)
                later = painter is not self
                if self.later is not None and not ev.pv and item.node in self.later.pv and item.node >= 0:
                    ev, later = replace(ev, pv=True), True  # preview: the final best line, faintly
                edges.append((ev, head != item.name, later))
        for ev, merged, later in edges:
            attrs = {}
            if ev.label:
                attrs["label"] = labels.plain(ev.label)
            style = edge_style(ev)
            attrs.update(faint(style) if later else style)
            dot.edge(ev.tail, ev.head, _attributes=attrs)
            if ev.pv:
                self.used.add("pv")
            if merged:
                self.used.add("transposition")
        if legend:
            dot.node("legend", _attributes=self.legend(node_style, edge_style))
        if self.pins:
            dot.attr("graph", **PINNED_GRAPH)
        dot.attr("graph", label=self.caption_label(layout, max_nodes))
        return dot

    def edge_view(self, item: Item, view: NodeView, head: str) -> EdgeView:
        parent = item.parent
        tail = item.up
        text = ""
        if item.node >= 0 and self.family != "textbook":
            text = self.trace.names.move(item.node)
        elif self.family != "textbook" or item.kind == "group":
            names = [self.move_text(parent, m) for m in item.moves[:5]]  # a group may stand for thousands
            text = " ".join(names[:4]) + (" …" if len(names) > 4 else "")
        if head != item.name:
            tt = self.trace.nodes[item.node].ending == Ending.TT
            return EdgeView(tail, head, "transposition", text + (" (TT)" if tt else ""), tt=tt)
        return EdgeView(tail, head, _EDGE_INTO[view.kind], text, pv=item.node in self.pv and item.node >= 0, tt=view.tt)

    # --- legend and caption ---------------------------------------------------------------
    def caption_label(self, layout: Plan, max_nodes: int) -> str:
        """The caption as the graph's label (a flip-book gives its changing text a fixed size)."""
        return labels.plain(self.caption(layout, max_nodes))

    def caption(self, layout: Plan, max_nodes: int) -> str:
        lines = []
        lines.append(view_caption("minimax" if self.minimax else "negamax", self.first_player))
        if self.pass_note:
            lines.append(self.pass_note)
        if self.snap.step < len(self.trace):
            lines.append(f"after step {self.snap.step}")  # (not "of N": how long the search goes is later)
            if self.later is not None:
                lines.append(PREVIEW_NOTE)
        if self.dag:
            lines.append("dag: transposed positions drawn once")
        if layout.hidden:
            lines.append(
                f"folded {layout.hidden:,} of {self.snap.visible:,} nodes into {layout.summaries} summary "
                f"node{'s' if layout.summaries != 1 else ''} (max_nodes={max_nodes})"
            )
        return "\n".join(lines)

    def legend(self, node_style: NodeStyle, edge_style: EdgeStyle) -> dict[str, str]:
        """A one-node HTML table: a swatch drawn with the node style, and what it means."""
        own = node_style is default_node_style
        perspective = "minimax" if self.minimax else "negamax"
        done = NodeView("", "node", status=Status.DONE, bound=Bound.EXACT)
        views: dict[LegendKey, NodeView] = {
            "current": NodeView("", "node", status=Status.CURRENT),
            "active": NodeView("", "node", status=Status.ACTIVE),
            "exact": done,
            "lower": replace(done, bound=Bound.LOWER),
            "upper": replace(done, bound=Bound.UPPER),
            "cut": replace(done, cut=True),
            "tt": replace(done, tt=True),
            "unvisited": NodeView("", "unvisited"),
            "pruned": NodeView("", "pruned"),
            "folded": NodeView("", "folded"),
        }
        entries = [
            (key, LOOKS[key].sample, meaning_of(key, perspective), self.summary_cue if key == "folded" else LOOKS[key].cue, view)
            for key, view in views.items()
        ]
        rows = ['<TR><TD COLSPAN="2"><B>legend</B></TD></TR>']
        for key, sample, meaning, cue, view in entries:
            if key not in self.used:
                continue
            text = f"{meaning} ({cue})" if own and cue else meaning
            rows.append(f"<TR>{_swatch(node_style(view), sample)}<TD ALIGN=\"LEFT\">{html.escape(text)}</TD></TR>")
        if "given" in self.used:
            rows.append(f'<TR><TD>{labels.given_text("7")}</TD><TD ALIGN="LEFT">{html.escape(GIVEN_NOTE)}</TD></TR>')
        if "preview" in self.used:
            faded = faint(node_style(NodeView("", "node", status=Status.DONE, bound=Bound.EXACT)))
            rows.append(f'<TR>{_swatch(faded, "5")}<TD ALIGN="LEFT">{html.escape(PREVIEW_NOTE)}</TD></TR>')
        marks = mover_marks("minimax" if self.minimax else "negamax")
        rows.append(f'<TR><TD>▲ ▼</TD><TD ALIGN="LEFT">{html.escape(marks)}</TD></TR>')
        if self.windows:
            window_meaning = window_key("minimax" if self.minimax else "negamax")
            rows.append(f'<TR><TD>(α, β)</TD><TD ALIGN="LEFT">{html.escape(window_meaning)}; = ≥ ≤ bound type</TD></TR>')
        edge_entries: tuple[tuple[LegendKey, str, str, EdgeView], ...] = (
            ("pv", LOOKS["pv"].sample, LOOKS["pv"].meaning if self.snap.step == len(self.trace) else "best line so far",
             EdgeView("", "", "tree", pv=True)),
            ("transposition", LOOKS["transposition"].sample, LOOKS["transposition"].meaning,
             EdgeView("", "", "transposition", tt=True)),
        )
        for key, sample, meaning, view_e in edge_entries:
            if key in self.used:
                colour = edge_style(view_e).get("color", "#000000")
                rows.append(
                    f'<TR><TD><FONT COLOR="{html.escape(colour)}">{sample}</FONT></TD>'
                    f'<TD ALIGN="LEFT">{html.escape(meaning)}</TD></TR>'
                )
        # The frame is the node's own box, not the table's border: Graphviz versions emit a
        # table's border at different places in the SVG, a node's box always first.
        table = '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1">'
        return {
            "shape": "box", "color": "#999999", "margin": "0.02", "label": table + "".join(rows) + "</TABLE>>",
            "fontsize": "9", "id": "legend",
        }


def _swatch(attrs: dict[str, str], sample: str) -> str:
    """A table cell looking like a node drawn with ``attrs`` (fill, border, line style)."""
    style = attrs.get("style", "")
    cell_style = next((s for s in ("dashed", "dotted", "rounded") if s in style), "")
    parts = [
        'BORDER="{}"'.format(2 if float(attrs.get("penwidth", "1")) >= 2 else 1),
        f'COLOR="{html.escape(attrs.get("color", "#000000"))}"',
    ]
    if "filled" in style and "fillcolor" in attrs:
        parts.append(f'BGCOLOR="{html.escape(attrs["fillcolor"])}"')
    if cell_style:
        parts.append(f'STYLE="{cell_style}"')
    font = attrs.get("fontcolor")
    text = html.escape(sample) if sample else " "
    if font:
        text = f'<FONT COLOR="{html.escape(font)}">{text}</FONT>'
    return f"<TD {' '.join(parts)}>{text}</TD>"

