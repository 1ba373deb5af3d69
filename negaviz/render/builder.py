"""The machinery of :func:`negaviz.render.draw`: a :class:`Builder` turns a plan (which
items to draw, :mod:`negaviz.layout.fold`) into DOT statements, working out how each
item looks at the step drawn (:class:`~negaviz.render.styles.NodeView`), its label and
its edge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import graphviz  # type: ignore[import-untyped]

from negaviz.games.protocol import key_of
from negaviz.games.protocol import label as game_label
from negaviz.games.protocol import player as game_player
from negaviz.games.protocol import has_verb, verb
from negaviz.render import labels
from negaviz.layout.growth import PINNED_GRAPH, pinned
from negaviz.layout.fold import Item, Plan, Sizes, Snapshot, latest
from negaviz.layout.slots import Slots
from negaviz.render.styles import GHOSTS, SUMMARIES, EdgeKind, EdgeView, LegendKey, NodeKind, NodeView, faint, node_key
from negaviz.render.tree_legend import caption, legend
from negaviz.search.chance import has_chance
from negaviz.search.events import Bound
from negaviz.trace.replay import Status
from negaviz.trace.timeline import timeline_of
from negaviz.trace.trace import Ending, Trace
from negaviz.vocabulary import Perspective, fmt, probability_text

NodeStyle = Callable[[NodeView], dict[str, str]]
EdgeStyle = Callable[[EdgeView], dict[str, str]]

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

_FLIP = {Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER, Bound.EXACT: Bound.EXACT}


def _neg(v: float | None) -> float | None:
    return None if v is None else -v


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

    def is_chance(self, nid: int = -1, item: Item | None = None) -> bool:
        """Whether node ``nid`` (or ghost ``item``) is a chance position: the game's own
        structure, given data (asked only of a game that has chance positions)."""
        if self.game is None or not has_chance(self.game):
            return False
        found = verb(self.game, "outcomes")
        assert found is not None
        return found(self.position(nid) if item is None else self.ghost_position(item)) is not None

    def outcome_text(self, parent_pos: Any, move: Any) -> str:
        """The probability of outcome ``move`` at chance position ``parent_pos`` as the
        game gives it (a fraction as ``a/b``), or "" where a player moves."""
        found = None if self.game is None else verb(self.game, "outcomes")
        outs = None if found is None else found(parent_pos)
        for outcome, p in outs or ():
            if outcome == move:
                return probability_text(p)
        return ""

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
            chance = item.kind != "group" and item.covers == 1 and self.is_chance(item=item)
            return NodeView(item.name, kind, -1, item.parent, depth, player, count=count, chance=chance)
        nid = item.node
        node = nodes[nid]
        player = self.player(nid, node.depth)
        chance = kind in ("node", "unvisited") and self.is_chance(nid)
        if kind == "unvisited":  # the root at step 0, or (a later plan) a node not entered yet
            return NodeView(item.name, kind, nid, node.parent, node.depth, None if chance and self.minimax else player,
                            chance=chance)
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
        if chance and self.minimax:
            player = None  # neither max nor min: the circle says what it is
        return NodeView(
            item.name, kind, nid, node.parent, node.depth, player, status, value, bound, alpha, beta,
            cut=cut and kind == "node", tt=node.ending == Ending.TT and status is Status.DONE and kind == "node",
            pv=nid in self.pv, count=count, chance=chance,
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
        chancy = self.game is not None and has_chance(self.game)
        if chancy and parent >= 0 and item.kind != "group" and (item.node >= 0 or len(item.moves) == 1):
            move = self.trace.move(item.node) if item.node >= 0 else item.moves[0]
            above = self.position(parent)
            for step in item.via:  # a ghost below ghosts: the position its edge leaves from
                above = self.game.play(above, step)
            chance = self.outcome_text(above, move)
            text = f"{text} {chance}".strip() if chance else text
        if head != item.name:
            tt = self.trace.nodes[item.node].ending == Ending.TT
            return EdgeView(tail, head, "transposition", text + (" (TT)" if tt else ""), tt=tt)
        return EdgeView(tail, head, _EDGE_INTO[view.kind], text, pv=item.node in self.pv and item.node >= 0, tt=view.tt)

    # --- legend and caption (tree_legend.py) -----------------------------------------------
    def caption_label(self, layout: Plan, max_nodes: int) -> str:
        """The caption as the graph's label (a flip-book gives its changing text a fixed size)."""
        return labels.plain(self.caption(layout, max_nodes))

    def caption(self, layout: Plan, max_nodes: int) -> str:
        return caption(self, layout, max_nodes)

    def legend(self, node_style: NodeStyle, edge_style: EdgeStyle) -> dict[str, str]:
        """A one-node HTML table: a swatch drawn with the node style, and what it means."""
        return legend(self, node_style, edge_style)
