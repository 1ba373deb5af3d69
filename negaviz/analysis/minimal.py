"""The minimal tree: the least any alpha-beta search must visit to prove a value.

To know that a position's value is exactly ``v`` a search must have seen a proof that
it is at least ``v`` (one good move wherever the side to move at the root moves, every
reply wherever the opponent moves) *and* a proof that it is at most ``v`` (the other way
round); whatever else it visits is waste.  The *minimal tree* is the smallest union of
two such proofs.  Alpha-beta with perfect move ordering visits exactly a minimal tree;
with any other ordering, more.

For a uniform tree (``b`` moves everywhere, every leaf ``d`` plies down) all minimal
trees have :func:`minimal_leaf_count` ``= b**ceil(d/2) + b**floor(d/2) - 1`` leaves
(Knuth and Moore, 1975).  For any other tree, :func:`minimal_tree` finds the size by
dynamic programming, in negamax form, with ``t`` the root's value (negated at odd depth):

* ``L(n)``, a proof that ``value(n) >= t``: ``n`` itself plus the smallest ``U`` of a child
  (one child whose value is ``<= -t``);
* ``U(n)``, a proof that ``value(n) <= t``: ``n`` plus the ``L`` of every child;
* ``E(n)``, both at once, where ``value(n) == t``: ``n``, the ``L`` of every child, except
  that one best child contributes its own ``E`` instead: the one that saves most.

Where the exact values come from: a *full* search, one that visits every node, i.e. a
recorded ``negamax`` (or ``minimax``) trace with no table, symmetry, threats, bounds or
stopping at a win.  Its tree is the game tree and every value in it is exact, so the
dynamic programme reads that trace and nothing else.  :func:`full_tree` records such a
search with :func:`negaviz.record` (the search layer); nothing here searches by itself.
Sizes count a tree: a position reached by two move orders counts twice.

The minimal tree bounds every search that learns only from the positions it visits,
in any move order, fail-soft or fail-hard, PVS included; with ``max_score`` it bounds
searches that also know that nothing beats a win (``stop_at_win``).  A transposition
table or symmetry merges positions the tree counts apart, and threats and value bounds
value positions without searching below them: such searches can visit less (see
:attr:`MinimalComparison.lower_bound`).

>>> import negaviz
>>> full = full_tree(negaviz.Tree.parse("[[7,5],[3,1,9]]"))
>>> m = minimal_tree(full)
>>> m.value, m.nodes, m.leaves, sorted(full.label(n) for n in m.members)
(5, 6, 3, ['A', 'B', 'C', 'D', 'E', 'F'])
>>> minimal_leaf_count(3, 4)  # 3**2 + 3**2 - 1
17
"""

from __future__ import annotations

import math
from typing import Any, Literal, NamedTuple

from negaviz.errors import InputError
from negaviz.games.protocol import max_score_of, root_of
from negaviz.trace.trace import Ending, Trace, check_trace
from negaviz.vocabulary import check_int, check_number

__all__ = ["minimal_leaf_count", "full_tree", "minimal_tree", "compare_with_minimal"]

INF = math.inf
DEFAULT_MAX_NODES = 1_000_000
"""The largest full tree :func:`full_tree` records by default (minimal trees are for small positions)."""

_Need = Literal["E", "L", "U"]
"""What the minimal proof needs of a node: ``E`` its exact value (both bounds), ``L`` a
lower bound (one child suffices), ``U`` an upper bound (every child)."""


def minimal_leaf_count(b: int, d: int) -> int:
    """Leaves of the minimal tree of a uniform tree: ``b**ceil(d/2) + b**floor(d/2) - 1``.

    >>> [minimal_leaf_count(2, d) for d in range(6)], 2**5
    ([1, 2, 3, 5, 7, 11], 32)
    """
    for name, x, least in (("branching factor b", b, 1), ("depth d", d, 0)):
        if isinstance(x, bool) or not isinstance(x, int) or x < least:
            raise InputError(f"{name} must be a whole number of at least {least}, not {x!r}")
    return b ** ((d + 1) // 2) + b ** (d // 2) - 1


def full_tree(
    game: Any, position: Any = None, *, depth: int | None = None, max_nodes: int | None = DEFAULT_MAX_NODES,
) -> Trace:
    """The whole game tree below ``position``, as the trace of a plain negamax search
    (every node visited, every value exact), searched by :func:`negaviz.record`.

    ``depth`` limits it as it would a search (leaves below are valued by the game's
    evaluation).  A tree larger than ``max_nodes`` raises :class:`InputError`.
    """
    check_int(depth, "depth", low=0, none=True)
    check_int(max_nodes, "max_nodes", low=1, none=True)
    from negaviz.trace import record  # the search layer: imported here, analysis stays light

    trace = record(game, position, algorithm="negamax", depth=depth, max_nodes=max_nodes)
    if not trace.complete:
        raise InputError(
            f"the full tree has more than {max_nodes:,} nodes: too big for a minimal-tree "
            "analysis (pick a position nearer the end, a depth limit, or a larger max_nodes)"
        )
    return trace


def _check_full(trace: Trace) -> None:
    """Raise InputError unless ``trace`` visited every node of one game tree, where the
    players alternate (the bounds' proofs below swap at every level)."""
    if not trace.alternates:
        raise InputError("a minimal tree is worked out here for players who alternate, and in this tree a side "
                         "moves twice in a row (marked @max/@min)")
    result = trace.result
    if result is not None:
        opts = result.options
        if opts.algorithm not in ("minimax", "negamax"):
            raise InputError(
                f"a minimal tree needs a full search (algorithm 'negamax' or 'minimax'), not {opts.algorithm!r}: "
                "use full_tree(game, position)"
            )
        used = [name for name in ("tt", "symmetry", "forced", "bounds", "stop_at_win") if getattr(opts, name)]
        if used:
            raise InputError(f"a minimal tree needs a search of the whole tree, without {', '.join(used)}")
    if not trace.complete or len(trace.roots()) != 1:
        raise InputError("a minimal tree needs one complete search of one root")
    for node in trace.nodes:
        if node.ending not in (Ending.LEAF, Ending.EVAL, Ending.INNER) or node.cutoff is not None or (
            node.moves is not None and len(node.children) != len(node.moves)
        ):
            raise InputError(f"node {node.id} of the trace was not searched in full: a minimal tree needs every node")


class MinimalTree(NamedTuple):
    """The smallest trees proving a root's value, found in a full trace."""

    value: float
    """The root's value for the side to move."""
    nodes: int
    """Fewest nodes (the root included) of a tree proving the value is exactly ``value``."""
    leaves: int
    """Fewest leaves of such a tree (for some trees, a different tree from ``nodes``')."""
    lower_nodes: int
    """Fewest nodes of a proof that the value is at least ``value`` (the side to move's);
    0 if ``max_score`` settles it."""
    upper_nodes: int
    """Fewest nodes of a proof that the value is at most ``value`` (the opponent's); 0 if
    ``max_score`` settles it (the side to move wins)."""
    members: frozenset[int]
    """Node numbers, in the full trace, of one tree with ``nodes`` nodes (ties: earlier moves)."""


def _sizes(
    trace: Trace, leaf_weight: int, inner_weight: int, max_score: float | None,
) -> tuple[list[float], list[float], list[float], list[int], list[int]]:
    """``L``, ``U``, ``E`` of every node, weighted, and the child chosen by ``L`` and ``E``.

    With ``max_score``, a claim no value can break (``>= -max_score``, ``<= max_score``)
    needs no proof: it costs 0, and the node is not visited for it.
    """
    nodes = trace.nodes
    root_value = nodes[0].value
    assert root_value is not None
    n = len(nodes)
    lower, upper, exact = [INF] * n, [INF] * n, [INF] * n
    pick_lower, pick_exact = [-1] * n, [-1] * n
    for node in reversed(nodes):  # entry order: children have larger numbers than parents
        nid, v = node.id, node.value
        assert v is not None
        t = root_value if node.depth % 2 == 0 else -root_value
        kids = node.children
        w = inner_weight if kids else leaf_weight
        if v >= t:
            best = 0.0 if not kids else INF
            for c in kids:
                if upper[c] < best:  # strict: ties keep the earlier move
                    best, pick_lower[nid] = upper[c], c
            lower[nid] = w + best
        if v <= t:
            upper[nid] = w + sum(lower[c] for c in kids)
        if v == t:
            saving = 0.0 if not kids else INF
            for c in kids:
                if exact[c] - lower[c] < saving:
                    saving, pick_exact[nid] = exact[c] - lower[c], c
            exact[nid] = w + sum(lower[c] for c in kids) + saving
        if max_score is not None:
            free_lower, free_upper = t <= -max_score, t >= max_score
            if free_lower and free_upper:
                # max_score 0: every value is 0 and settled, yet a search learns it only
                # by reaching a leaf, stopping at the first child each time.
                exact[nid] = w + min((exact[c] for c in kids), default=0)
                pick_exact[nid] = min(kids, key=lambda c: exact[c], default=-1)
            elif free_upper:  # only the lower bound needs proving here
                exact[nid] = lower[nid] if v == t else INF
            elif free_lower:
                exact[nid] = upper[nid] if v == t else INF
            if free_lower:
                lower[nid] = 0
            if free_upper:
                upper[nid] = 0
    return lower, upper, exact, pick_lower, pick_exact


def minimal_tree(full: Trace, *, max_score: float | None = None) -> MinimalTree:
    """The minimal tree of the root of ``full``, a trace of a search that visited every
    node (see :func:`full_tree`); raises :class:`InputError` for any other trace.

    ``max_score``: no value is larger (or smaller than ``-max_score``), and the searches
    compared may use it, as ``stop_at_win`` does.  A claim it settles needs no proof, so
    a win needs only the winner's proof: one winning move wherever the winner moves,
    every reply wherever the loser does.  None (the default): the searches know only the
    tree, and even that no move can beat a win must be shown.
    """
    check_trace(full, "full")
    check_number(max_score, "max_score", none=True)
    _check_full(full)
    lower, upper, exact, pick_lower, pick_exact = _sizes(full, 1, 1, max_score)
    leaves = _sizes(full, 1, 0, max_score)[2][0]
    nodes = full.nodes
    root_value = nodes[0].value
    assert root_value is not None
    members: set[int] = set()
    stack: list[tuple[int, _Need]] = [(0, "E")]
    while stack:  # walk the chosen proof: E (both bounds), L (one child), U (every child)
        nid, kind = stack.pop()
        if max_score is not None:
            t = root_value if nodes[nid].depth % 2 == 0 else -root_value
            free_lower, free_upper = t <= -max_score, t >= max_score
            if free_lower and free_upper:  # max_score 0: a path to a leaf
                members.add(nid)
                if nodes[nid].children:
                    stack.append((pick_exact[nid], "E"))
                continue
            if kind == "E" and (free_lower or free_upper):
                kind = "L" if free_upper else "U"
            if (kind == "L" and free_lower) or (kind == "U" and free_upper):
                continue  # settled by the score range: not visited
        members.add(nid)
        kids = nodes[nid].children
        if not kids:
            continue
        if kind == "L":
            stack.append((pick_lower[nid], "U"))
        else:
            for c in kids:
                stack.append((c, "E" if kind == "E" and c == pick_exact[nid] else "L"))
    assert len(members) == exact[0]
    return MinimalTree(root_value, int(exact[0]), int(leaves), int(lower[0]), int(upper[0]), frozenset(members))


def uniform_shape(full: Trace) -> tuple[int, int] | None:
    """``(b, d)`` if the tree of ``full`` is uniform (every inner node has ``b`` children,
    every leaf is ``d`` plies down), else None."""
    widths = {len(n.children) for n in full.nodes if n.children}
    depths = {n.depth for n in full.nodes if not n.children}
    if len(depths) != 1 or len(widths) > 1:
        return None
    (d,) = depths
    return (widths.pop() if widths else 1), d


class MinimalComparison(NamedTuple):
    """How much more a search visited than it had to."""

    visited: int
    """What the search visited, counted as ``counting`` says."""
    minimal: int
    """The minimal tree's size, counted the same way."""
    ratio: float
    """``visited / minimal``: 1 for a perfectly ordered alpha-beta search."""
    counting: str
    """``leaves`` for a uniform tree (against :func:`minimal_leaf_count`), else ``nodes``
    (against :func:`minimal_tree`, the root included)."""
    lower_bound: bool
    """Whether ``minimal`` is sure to be a lower bound for this search: True when it
    learns only from the tree it visits (no table, symmetry, threats or value bounds,
    the full window, one pass), and from the score range if it stops at a win (the
    minimal tree is then the one that knows ``max_score`` too).  A table or symmetry
    merges positions the tree counts separately, and threats and bounds are knowledge
    beyond the tree, so such searches may visit less than the minimal tree."""


_TREE_ONLY = ("minimax", "negamax", "alphabeta", "pvs")  # MTD(f) and iterative deepening always keep a table


def compare_with_minimal(trace: Trace, game: Any = None) -> MinimalComparison:
    """What the search of ``trace`` visited against the minimal tree of its root.

    The full tree is ``trace`` itself if it is one; otherwise :func:`full_tree` searches
    it with ``game`` (default: the trace's game) from the trace's root, to the trace's
    depth limit.  Uniform trees are compared by leaves with the Knuth–Moore formula,
    anything else by nodes with :func:`minimal_tree`; for a search that stops at a win,
    with the game's ``max_score`` (a won position needs only the winner's proof).

    >>> import negaviz
    >>> tree = negaviz.Tree.parse("[[[1,2],[3,4]],[[5,6],[7,8]]]")  # b = 2, d = 3
    >>> compare_with_minimal(negaviz.record(tree, algorithm="alphabeta"))
    MinimalComparison(visited=6, minimal=5, ratio=1.2, counting='leaves', lower_bound=True)
    """
    check_trace(trace)
    game = trace.game if game is None else game
    if game is None:
        raise InputError("compare_with_minimal() needs the game: the trace has none attached, so pass game=")
    if not trace.complete:
        raise InputError("compare_with_minimal() needs a complete trace (this search was stopped early)")
    result = trace.result
    opts = result.options if result is not None else None
    try:
        _check_full(trace)
        full = trace
    except InputError:
        root = root_of(game, trace.root)
        full = full_tree(game, root, depth=opts.depth if opts is not None else None)
    # A search that stops at a win knows the score range: its minimal tree may use it too.
    max_score = max_score_of(game) if opts is not None and opts.stop_at_win else None
    counts = trace.counts()
    shape = uniform_shape(full)
    if shape is not None:
        counting, visited = "leaves", counts.leaves
        minimal = minimal_leaf_count(*shape) if max_score is None else minimal_tree(full, max_score=max_score).leaves
    else:
        counting, visited, minimal = "nodes", counts.nodes, minimal_tree(full, max_score=max_score).nodes
    bounded = opts is not None and opts.algorithm in _TREE_ONLY and opts.window == (-INF, INF) and not any(
        getattr(opts, name) for name in ("tt", "symmetry", "forced", "bounds")
    )
    return MinimalComparison(visited, minimal, visited / minimal, counting, bounded)
