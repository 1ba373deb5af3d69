"""A proof tree as a picture: :func:`draw_proof` returns a ``graphviz.Digraph``.

The prover's positions are boxes (one move shown: the one that keeps the claim), the
opponent's are ellipses (every reply shown); positions where the game is over have a
double border and say how it ended.  Shape, not colour alone, tells them apart.
Drawing is a pure function of the game and the proof: the same input gives the same
DOT source, byte for byte.

>>> from negaviz import TicTacToe
>>> from negaviz.search.proof import prove
>>> game = TicTacToe()
>>> proof = prove(game, game.parse("x.o/x../o..")).proofs[0]
>>> dot = draw_proof(game, proof)
>>> sum(line.startswith("\\tp") and "->" not in line for line in dot.body), proof.nodes
(10, 10)
>>> draw_proof(game, proof).source == dot.source
True
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Callable, Literal, get_args

import graphviz  # type: ignore[import-untyped]

from negaviz.errors import InputError
from negaviz.games.protocol import label as game_label
from negaviz.games.protocol import move_name
from negaviz.games.protocol import max_score_of, restore
from negaviz.render import labels
from negaviz.render.looks import GREY, LOOKS, OKABE_ITO, PAPER, tint
from negaviz.search.proof import ProofNode, ProofTree, describe, player_words, proofs_in
from negaviz.vocabulary import check_callable, fmt

__all__ = ["draw_proof", "ProofNodeView", "ProofEdgeView", "default_proof_node_style", "default_proof_edge_style"]

MIN_NODES = 2
"""The smallest ``max_nodes``: the root and one summary of everything below it."""

ProofKind = Literal["prover", "opponent", "folded"]
"""What a drawn node or edge of a proof is (:attr:`ProofNodeView.kind`, :attr:`ProofEdgeView.kind`)."""

NODE_KINDS: tuple[ProofKind, ...] = get_args(ProofKind)
"""``prover``: the prover moves here; ``opponent``: the opponent does; ``folded``: the
children of one drawn node, summarised as ``+N nodes``."""

GRAPH_ATTR = {
    "rankdir": "TB",
    "ordering": "out",  # children left to right in move order
    "nodesep": "0.12",
    "ranksep": "0.3",
    "fontname": "Helvetica",
    "fontsize": "10",
    "labelloc": "t",  # the claim is the picture's title
    "labeljust": "l",
}
NODE_ATTR = {"fontname": "Helvetica", "fontsize": "10", "margin": "0.04,0.02", "height": "0.2", "width": "0.2"}
EDGE_ATTR = {"fontname": "Helvetica", "fontsize": "8", "arrowsize": "0.5"}


@dataclass(frozen=True)
class ProofNodeView:
    """What a style function knows about one drawn node of a proof."""

    name: str
    """The DOT node id: ``p0`` for the root, numbered breadth first; ``f7`` summarises
    the children of ``p7``."""
    kind: ProofKind
    """One of :data:`NODE_KINDS`."""
    depth: int = 0
    """Plies below the proof's root."""
    player: int = 0
    """0 if the first player is to move here, 1 if the second is."""
    terminal: bool = False
    """The game is over here (a leaf of the proof)."""
    outcome: float | None = None
    """At a terminal position: the score for the first player."""
    count: int = 1
    """Proof nodes (counted as a tree) a ``folded`` summary stands for."""


@dataclass(frozen=True)
class ProofEdgeView:
    """What a style function knows about one drawn edge of a proof."""

    tail: str
    """DOT id of the parent."""
    head: str
    """DOT id of the child."""
    kind: ProofKind
    """``prover`` (the move that keeps the claim), ``opponent`` (one of every reply) or
    ``folded`` (into a summary)."""
    label: str = ""
    """The move's name, raw text (escaped when the edge is written)."""


def default_proof_node_style(view: ProofNodeView) -> dict[str, str]:
    """Attributes of a node.

    ==========  ==============================  =================================
    node        colour                          non-colour cue
    ==========  ==============================  =================================
    prover      blue border, light sky fill     box: one move shown
    opponent    orange border, white fill       ellipse: every reply shown
    game over   bluish-green tint               double border, result in words
    folded      grey fill                       folder shape, ``+n nodes``
    ==========  ==============================  =================================
    """
    c = OKABE_ITO
    if view.kind == "folded":
        return {"shape": "folder", "style": "filled", "fillcolor": LOOKS["folded"].fill, "color": LOOKS["folded"].line}
    if view.kind == "prover":
        attrs = {"shape": "box", "style": "filled", "fillcolor": tint(c["sky_blue"], 0.25), "color": c["blue"], "penwidth": "1.5"}
    else:
        attrs = {"shape": "ellipse", "style": "filled", "fillcolor": PAPER, "color": c["orange"], "penwidth": "1.5"}
    if view.terminal:
        attrs.update(peripheries="2", fillcolor=tint(c["bluish_green"], 0.3))
    return attrs


def default_proof_edge_style(view: ProofEdgeView) -> dict[str, str]:
    """Attributes of an edge: the prover's chosen moves thick and blue, every reply of
    the opponent thin, dashed grey into summaries."""
    if view.kind == "folded":
        return {"style": "dashed", "color": GREY, "fontcolor": GREY}
    if view.kind == "prover":
        return {"penwidth": "2.5", "color": OKABE_ITO["blue"]}
    return {"color": LOOKS["edge"].line}


NodeStyle = Callable[[ProofNodeView], dict[str, str]]
EdgeStyle = Callable[[ProofEdgeView], dict[str, str]]


def outcome_text(game: Any, first_player_score: float) -> str:
    """How a game ended, in words: ``x wins``, ``draw``; a textbook leaf's value."""
    if labels.family(game) == "textbook":
        return fmt(first_player_score)
    if first_player_score == 0:
        return "draw"
    first, second = player_words(game)
    winner = first if first_player_score > 0 else second
    top = max_score_of(game)
    margin = abs(first_player_score)
    by = "" if top is None or margin >= top else f" by {fmt(margin)}"
    return f"{winner} wins{by}"


def draw_proof(
    *proof: Any,
    max_nodes: int = 400,
    node_style: NodeStyle = default_proof_node_style,
    edge_style: EdgeStyle = default_proof_edge_style,
) -> graphviz.Digraph:
    """A proof tree (from :func:`negaviz.search.proof.prove`) as a graphviz ``Digraph``.

    ``draw_proof(prove(game))`` draws the proof of a win (or loss); a draw, or any value
    between the extremes, has two proofs, and ``draw_proof(proofs.proofs[0])`` draws one.
    ``draw_proof(game, proof)`` draws a proof in ``game`` (the game it was made in).

    ``max_nodes``: the most nodes handed to dot.  The tree is drawn breadth first; when
    the next node's children would not fit, every drawn node whose children are not
    drawn gets one summary node, ``+N nodes``, standing for its whole subtree.
    ``node_style``/``edge_style``: functions from a :class:`ProofNodeView`/:class:`ProofEdgeView`
    to graphviz attributes.
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < MIN_NODES:
        raise InputError(f"max_nodes must be a whole number of at least {MIN_NODES}, not {max_nodes!r}")
    check_callable(node_style, "node_style")
    check_callable(edge_style, "edge_style")
    game, trees = proofs_in(proof, "draw_proof")
    if len(trees) != 1:
        said = " and ".join(t.description for t in trees)
        raise InputError(
            f"draw_proof() draws one proof, and prove() found {len(trees)} here ({said}): "
            "draw one, draw_proof(proofs.proofs[0]) or draw_proof(proofs.proofs[1])"
        )
    (proof_tree,) = trees
    try:
        return _Drawing(game, proof_tree).build(max_nodes, node_style, edge_style)
    finally:
        restore(game)  # a MutableGame moved its object to label positions: put it back


class _Drawing:
    """One drawing: the layout (which nodes fit) and the DOT statements."""

    def __init__(self, game: Any, proof: ProofTree) -> None:
        self.game = game
        self.proof = proof
        self.family = labels.family(game)
        self._sizes: dict[int, int] = {}

    def size(self, node: ProofNode) -> int:
        """Nodes of the subtree at ``node``, counted as a tree."""
        stack = [(node, False)]
        sizes = self._sizes
        while stack:  # iterative: proofs of deep games must not exhaust the recursion
            n, done = stack.pop()
            if id(n) in sizes:
                continue
            if done:
                sizes[id(n)] = 1 + sum(sizes[id(c)] for c in n.children)
            else:
                stack.append((n, True))
                stack.extend((c, False) for c in n.children if id(c) not in sizes)
        return sizes[id(node)]

    def layout(self, max_nodes: int) -> tuple[list[tuple[ProofNode, int, int]], set[int]]:
        """Nodes drawn as ``(node, parent index, depth)`` breadth first, and the indices
        of drawn nodes whose children are folded into a summary.

        Invariant: drawn nodes + nodes still needing a summary <= ``max_nodes``.
        """
        drawn: list[tuple[ProofNode, int, int]] = [(self.proof.root, -1, 0)]
        open_ = 1 if self.proof.root.children else 0  # drawn nodes whose children are not
        nxt = 0
        while nxt < len(drawn):
            node, _, depth = drawn[nxt]
            kids = node.children
            if kids:
                after = len(drawn) + len(kids) + open_ - 1 + sum(1 for c in kids if c.children)
                if after > max_nodes:
                    break
                open_ += sum(1 for c in kids if c.children) - 1
                drawn.extend((c, nxt, depth + 1) for c in kids)
            nxt += 1
        folded = {i for i in range(nxt, len(drawn)) if drawn[i][0].children}
        return drawn, folded

    def player(self, node: ProofNode) -> int:
        return self.proof.prover if node.prover_to_move else 1 - self.proof.prover

    def label(self, view: ProofNodeView, node: ProofNode) -> str:
        pos = node.position
        result = outcome_text(self.game, view.outcome) if view.outcome is not None else ""
        if self.family == "textbook":
            rows = [f"<B>{labels.esc(str(self.game.label(pos)))}</B>"]
            if result:
                rows.append(html.escape(result))
            return _table(rows)
        if self.family == "board":
            last = node.move if isinstance(node.move, int) and not isinstance(node.move, bool) else None
            return _board(labels.board_rows(self.game, pos), last, result)
        rows = [labels.html_text(game_label(self.game, pos))] + ([html.escape(result)] if result else [])
        return _table(rows)

    def build(self, max_nodes: int, node_style: NodeStyle, edge_style: EdgeStyle) -> graphviz.Digraph:
        game, proof = self.game, self.proof
        dot = graphviz.Digraph(
            name="negaviz_proof", graph_attr=dict(GRAPH_ATTR), node_attr=dict(NODE_ATTR), edge_attr=dict(EDGE_ATTR),
        )
        drawn, folded = self.layout(max_nodes)
        paths: list[list[str]] = []
        edges: list[ProofEdgeView] = []
        hidden = 0
        for i, (node, parent, depth) in enumerate(drawn):
            name = f"p{i}"
            player = self.player(node)
            terminal = game.is_terminal(node.position)
            outcome = None
            if terminal:
                score = game.score(node.position)
                outcome = score if player == 0 else -score
            kind: ProofKind = "prover" if node.prover_to_move else "opponent"
            view = ProofNodeView(name, kind, depth, player, terminal, outcome)
            if parent >= 0:
                parent_node = drawn[parent][0]
                move_text = move_name(game, parent_node.position, node.move)
                paths.append(paths[parent] + [move_text])
                edge_kind: ProofKind = "prover" if parent_node.prover_to_move else "opponent"
                edges.append(ProofEdgeView(f"p{parent}", name, edge_kind, "" if self.family == "textbook" else move_text))
            else:
                paths.append([])
            tooltip = "root" if not paths[i] else "after " + " ".join(paths[i])
            attrs = {"label": self.label(view, node), "tooltip": labels.tooltip(tooltip), "id": name}
            attrs.update(node_style(view))
            dot.node(name, _attributes=attrs)
        for i in sorted(folded):
            node, _, depth = drawn[i]
            count = self.size(node) - 1
            hidden += count
            name = f"f{i}"
            view = ProofNodeView(name, "folded", depth + 1, 1 - self.player(node), count=count)
            nodes = f"{count:,} node{'s' if count != 1 else ''}"
            attrs = {"label": _table([f"+{nodes}"]), "tooltip": labels.tooltip(f"{nodes} of the proof folded"), "id": name}
            attrs.update(node_style(view))
            dot.node(name, _attributes=attrs)
            edges.append(ProofEdgeView(f"p{i}", name, "folded"))
        for ev in edges:
            attrs = {"label": labels.plain(ev.label)} if ev.label else {}
            attrs.update(edge_style(ev))
            dot.edge(ev.tail, ev.head, _attributes=attrs)
        dot.attr("graph", label=labels.plain(self.caption(len(drawn), hidden, len(folded), max_nodes)))
        return dot

    def caption(self, shown: int, hidden: int, summaries: int, max_nodes: int) -> str:
        proof = self.proof
        first, second = player_words(self.game)
        prover, opponent = (first, second) if proof.prover == 0 else (second, first)
        view = "the first player's value" if self.family != "textbook" else "the root player's (▲ max) value"
        lines = [
            f"{describe(self.game, proof.claim)}: proof tree of {proof.nodes:,} nodes "
            f"({'minimal' if proof.minimal else 'first good move'}; claim: {view} {proof.claim})",
            f"box: {prover} to move, one move shown; ellipse: {opponent} to move, every reply shown; "
            "double border: game over",
        ]
        if hidden:
            lines.append(
                f"folded {hidden:,} of {proof.nodes:,} nodes into {summaries} summary "
                f"node{'s' if summaries != 1 else ''} (max_nodes={max_nodes})"
            )
        return "\n".join(lines)


def _table(rows: list[str]) -> str:
    """An HTML-like label: one centred cell per row (contents already escaped)."""
    body = "".join(f'<TR><TD BORDER="0">{r}</TD></TR>' for r in rows)
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">{body}</TABLE>>'


def _board(rows: list[str], last: int | None, result: str) -> str:
    """A small board, the cell of the move that led here shaded and bold, and the result."""
    width = max((len(r) for r in rows), default=1)
    cell = 14 if width <= 3 else 11
    size = 10 if width <= 3 else 8
    out = []
    for r, line in enumerate(rows):
        tds = []
        for c, ch in enumerate(line):
            glyph = html.escape(ch.upper()) if ch not in ". " else ""
            fill = ""
            if last is not None and r * width + c == last:
                fill = f' BGCOLOR="{tint(OKABE_ITO["yellow"], 0.7)}"'
                glyph = f"<B>{glyph}</B>" if glyph else glyph
            font = f'<FONT POINT-SIZE="{size}">{glyph}</FONT>' if glyph else ""
            tds.append(f'<TD WIDTH="{cell}" HEIGHT="{cell}" FIXEDSIZE="TRUE"{fill}>{font}</TD>')
        out.append("<TR>" + "".join(tds) + "</TR>")
    if result:
        out.append(f'<TR><TD BORDER="0" COLSPAN="{width}"><FONT POINT-SIZE="8">{html.escape(result)}</FONT></TD></TR>')
    return (
        '<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="#999999">'
        + "".join(out) + "</TABLE>>"
    )
