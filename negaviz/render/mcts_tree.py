"""A Monte Carlo search tree as a picture: :func:`draw_mcts` returns a ``graphviz.Digraph``
of the tree after the first k events of an :class:`~negaviz.trace.mcts.MctsTrace`.

Each node shows the move into it, its visits N and its value Q = W/N (for the player who
moved into it: the negamax form); an edge's width grows with the child's visits (a second
cue beside the numbers).  While a selection is under way at a fully expanded node, each of
its children also shows its UCB value with its two terms, ``Q + explore``.  This iteration's
path is drawn as the call stack is in :func:`negaviz.render.draw` (the current node double),
and after the playout a folded box under the current node gives its length and result.
Colours come from the one table of looks (:data:`negaviz.render.looks.LOOKS`).  Only what
the first k events say is drawn (:func:`negaviz.trace.mcts.state_at`); a tree larger than
``max_nodes`` keeps its most visited nodes and the path, and folds the rest, per parent.

>>> import negaviz
>>> from negaviz.trace.mcts import record_mcts
>>> t = record_mcts(negaviz.Tree.parse("[[7,5],[3,1,9]]"), iterations=3, seed=0)
>>> dot = draw_mcts(t, step=11)  # iteration 3 has begun: the root selects
>>> [line.strip().split(" [")[0] for line in dot.body if "label=" in line and "->" not in line]
['n0', 'n1', 'n2', 'caption']
>>> [line.split('"')[0] for line in dot.source.splitlines() if line.startswith("UCB")]  # B's, then C's
['UCB 5 + 1.17 = 6.17', 'UCB 1 + 1.17 = 2.17']
"""

from __future__ import annotations

import graphviz  # type: ignore[import-untyped]

from negaviz.errors import InputError
from negaviz.games.protocol import restore
from negaviz.render.looks import LOOKS, Look, pen
from negaviz.trace.mcts import MctsTrace, state_at, ucb_table
from negaviz.vocabulary import check_flag, check_step, fmt

__all__ = ["draw_mcts"]

MIN_NODES = 2
"""The smallest ``max_nodes``: the root and one child (the rest folded)."""


def _look(look: Look) -> dict[str, str]:
    """Graphviz attributes of a node in ``look``."""
    attrs = {"fillcolor": look.fill or LOOKS["exact"].fill, "color": look.line or LOOKS["exact"].line,
             "penwidth": pen(look.width or LOOKS["exact"].width)}
    styles = ["filled", *look.style.split()]
    if look.dash:
        styles.append(look.dash)
    attrs["style"] = ",".join(styles)
    if look.double:
        attrs["peripheries"] = "2"
    return attrs


def _q(w: float, n: int) -> str:
    return "–" if not n else fmt(w / n, digits=3)


def draw_mcts(trace: MctsTrace, *, step: int | None = None, max_nodes: int = 60, ucb: bool = True) -> graphviz.Digraph:
    """The tree of ``trace`` after the first ``step`` events (None: all of them).

    ``max_nodes``: the most tree nodes drawn (at least 2); ``ucb``: show the UCB terms of
    the children of a node that is selecting."""
    if not isinstance(trace, MctsTrace):
        raise InputError(f"draw_mcts needs an MCTS trace (from record_mcts), not {type(trace).__name__}")
    check_flag(ucb, "ucb")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < MIN_NODES:
        raise InputError(f"max_nodes must be a whole number of at least {MIN_NODES}, not {max_nodes!r}")
    k = len(trace) if step is None else check_step(step, len(trace))
    s = state_at(trace, k)
    nodes = s.nodes
    path = set(s.path) if s.phase != "iterate" else set()
    keep = list(dict.fromkeys([0, *(s.path if path else ())]))  # the path while an iteration is under way
    for node in sorted(nodes, key=lambda x: (-x.n, x.id)):  # a parent has at least its child's visits
        if len(keep) >= max_nodes:
            break
        if node.id not in keep and node.parent in keep:
            keep.append(node.id)
    kept = set(keep)
    selecting = ucb and s.phase == "select" and nodes[s.current].moves is not None \
        and len(nodes[s.current].children) == len(nodes[s.current].moves or ()) and nodes[s.current].children
    terms = {u.child: u for u in ucb_table(trace, s, s.current)} if selecting else {}
    top = max(nodes[0].n, 1)
    dot = graphviz.Digraph("mcts")
    dot.attr("graph", ordering="out", nodesep="0.2", ranksep="0.35")
    dot.attr("node", shape="box", fontname="Helvetica", fontsize="10", margin="0.06,0.03")
    try:
        for nid in sorted(kept):
            node = nodes[nid]
            name = "root" if nid == 0 else trace.move_name(nid)
            lines = [name, f"N {node.n}  Q {_q(node.w, node.n)}"]
            if nid in terms:
                u = terms[nid]
                lines.append(f"UCB {fmt(u.exploit, digits=3)} + {fmt(u.explore, digits=3)} = {fmt(u.ucb, digits=3)}")
            if node.terminal:
                lines[0] += " (over)"
            look = LOOKS["current"] if nid == s.current and path else LOOKS["active"] if nid in path else LOOKS["exact"]
            dot.node(f"n{nid}", "\n".join(lines), **_look(look))
            if node.parent >= 0:
                width = 1 + 5 * node.n / top
                dot.edge(f"n{node.parent}", f"n{nid}", penwidth=f"{width:.2f}", color=LOOKS["edge"].line, arrowsize="0.6")
            hidden = [c for c in node.children if c not in kept]
            if hidden:
                visits = sum(nodes[c].n for c in hidden)
                dot.node(f"f{nid}", f"+{len(hidden)}\nN {visits}", **_look(LOOKS["folded"]))
                dot.edge(f"n{nid}", f"f{nid}", style="dashed", color=LOOKS["folded"].line, arrowsize="0.6")
        if s.playout is not None and s.phase == "backup":
            result, length = s.playout
            where = s.path[-1]
            dot.node("playout", f"playout: {length} move{'s' * (length != 1)}\nresult {fmt(result)}",
                     **_look(LOOKS["folded"]))
            dot.edge(f"n{where}", "playout", style="dotted", color=LOOKS["folded"].line, arrowsize="0.6")
    finally:
        restore(trace.game)
    phase = {"iterate": "between iterations", "select": "selecting", "playout": "expanded",
             "backup": "backing up"}[s.phase]
    caption = (f"step {k}: iteration {s.iteration}, {phase}; N visits, Q = W/N for the player who "
               f"moved in; edge width: visits; C = {fmt(trace.options.c)}")
    dot.node("caption", caption, shape="plaintext", fontsize="9")
    return dot
