"""Exercise trees made to order: how many cutoffs alpha-beta makes, which are possible, and a tree that has them.

A *cutoff* is a CUTOFF event of alpha-beta (fail-soft negamax, children in their natural
order, no table): a node stops trying moves while at least one is left.  A cutoff is
*deep* (above the leaves' parents) when the node that cuts is at least two plies above
the leaves, so what it skips are inner nodes, whole subtrees, not single leaves; in a tree
of depth ``d`` these are the cutoffs at depths ``0`` to ``d - 2``.  :func:`cutoffs_of`
counts both from a recorded trace, the only judge of what a tree does.

What is possible depends only on the tree's shape.  Every node that alpha-beta enters
ends in one of three ways, by its value ``v`` against the window ``(α, β)`` it was
given: it fails low (``v ≤ α``), is exact (``α < v < β``) or fails high (``v ≥ β``).
Which is open to it depends only on which ends of its window are finite, and how a node
ends fixes how its children may end:

* it fails low exactly when every child fails high (the node tries them all, no cutoff);
* it fails high exactly when a child fails low: the first such child, the ``k``-th, ends
  the node, and the moves after it are skipped (a cutoff, if any are left);
* it is exact when no child fails low and at least one is exact.

A node's window has a finite α exactly when its parent's β is finite, and a finite β
exactly when its parent's α is finite or an earlier brother has returned; the root's
window is ``(−∞, ∞)``.  With leaf values free to choose, every combination these rules
allow happens in some tree (leaves can always be put below, inside or above their
window), so counting over the rules gives the exact set of possible (cutoffs, deep
cutoffs); :func:`possible` is that set, as the most deep cutoffs for each number of
cutoffs.  :func:`made_to_order` draws, with a seeded random choice among the rules at
each node, a plan meeting a request, and then leaf values that carry it out: the search
is simulated only to know which window a leaf will see; the caller checks the result on a
recorded trace.

>>> limits(2, 2), limits(3, 3), limits(4, 2)
((1, 0), (6, 2), (5, 2))
>>> sorted(possible(3, 2).items())
[(0, 0), (1, 1), (2, 1)]
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping

from negaviz.errors import InputError
from negaviz.vocabulary import check_int

__all__ = ["possible", "limits"]

LOW, EXACT, HIGH = 0, 1, 2
"""How a node ends against its window: fails low, exact, fails high."""

Table = Mapping[int, int]
"""Cutoffs possible in a subtree -> the most of them that can be deep."""

INF = math.inf


def _conv(a: Table, b: Table) -> dict[int, int]:
    """Two independent parts together: cutoffs add, and so do the most deep ones."""
    out: dict[int, int] = {}
    for c1, d1 in a.items():
        for c2, d2 in b.items():
            c, d = c1 + c2, d1 + d2
            if out.get(c, -1) < d:
                out[c] = d
    return out


def _merge(into: dict[int, int], other: Table, cut: int = 0, deep: int = 0) -> None:
    """``into`` or ``other`` (with ``cut`` cutoffs, ``deep`` of them deep, added)."""
    for c, d in other.items():
        if into.get(c + cut, -1) < d + deep:
            into[c + cut] = d + deep


def _child_state(fa: bool, fb: bool, i: int) -> tuple[bool, bool]:
    """Which ends of child ``i``'s window are finite: α is −β, β is −α after the brothers before it."""
    return fb, fa or i > 0


@lru_cache(maxsize=None)
def _table(height: int, branching: int, fa: bool, fb: bool, outcome: int) -> Table:
    """What a node ``height`` plies above the leaves, with a window whose ends are finite
    as ``fa``/``fb`` say, can hold below it when it ends as ``outcome``."""
    if outcome == LOW and not fa or outcome == HIGH and not fb:
        return {}
    if height == 0:
        return {0: 0}
    out: dict[int, int] = {}
    for allowed, need_exact, cut in _shapes(branching, outcome, height):
        _merge(out, _suffix(height, branching, fa, fb, allowed, need_exact)[0][need_exact],
               *(cut if cut else (0, 0)))
    return out


def _shapes(branching: int, outcome: int, height: int) -> list[tuple[tuple[frozenset[int], ...], bool, tuple[int, int]]]:
    """The ways a node ends as ``outcome``: what each child entered may do, whether one
    must be exact, and the (cutoffs, deep cutoffs) the node itself makes."""
    eh = frozenset((EXACT, HIGH))
    if outcome == LOW:
        return [((frozenset((HIGH,)),) * branching, False, (0, 0))]
    if outcome == EXACT:
        return [((eh,) * branching, True, (0, 0))]
    shapes = []
    for k in range(branching):  # the k-th child fails low and ends the node
        left = k < branching - 1
        shapes.append(((eh,) * k + (frozenset((LOW,)),), False, (int(left), int(left and height >= 2))))
    return shapes


@lru_cache(maxsize=None)
def _suffix(
    height: int, branching: int, fa: bool, fb: bool, allowed: tuple[frozenset[int], ...], need_exact: bool,
) -> list[tuple[Table, Table]]:
    """For each child i: what children i.. can hold, (with no exact one needed, with one needed)."""
    n = len(allowed)
    suf: list[tuple[Table, Table]] = [({}, {})] * (n + 1)
    suf[n] = ({0: 0}, {})
    for i in range(n - 1, -1, -1):
        cfa, cfb = _child_state(fa, fb, i)
        pair: list[dict[int, int]] = [{}, {}]
        for need in (False, True):
            for o in sorted(allowed[i]):
                rest = suf[i + 1][need and o != EXACT]
                _merge(pair[need], _conv(_table(height - 1, branching, cfa, cfb, o), rest))
        suf[i] = (pair[0], pair[1])
    return suf


MAX_NODES = 2000
"""The largest shape worked out: as big as an exercise tree may be."""


def possible(depth: int, branching: int) -> Table:
    """Every number of cutoffs that alpha-beta can make on a tree of this shape (every
    leaf ``depth`` plies down, ``branching`` children to a node), with the most of them
    that can be deep."""
    check_int(depth, "depth", low=0)
    check_int(branching, "branching", low=1)
    size = sum(branching**d for d in range(depth + 1))
    if size > MAX_NODES:
        raise InputError(f"a tree of depth {depth} and branching {branching} has {size} nodes; "
                         f"exercise trees have at most {MAX_NODES}")
    return dict(sorted(_table(depth, branching, False, False, EXACT).items()))


def limits(depth: int, branching: int) -> tuple[int, int]:
    """(the most cutoffs, the most deep cutoffs) on a tree of this shape."""
    table = possible(depth, branching)
    return max(table), max(table.values())


def cutoffs_of(trace: Any, depth: int) -> tuple[int, int]:
    """(cutoffs, deep cutoffs) in a recorded trace of a tree of ``depth``: its CUTOFF
    events, and those at nodes two or more plies above the leaves."""
    from negaviz.search.events import EventKind

    nodes = trace.nodes
    cuts = [nodes[e.node].depth for e in trace.events if e.kind == EventKind.CUTOFF]
    return len(cuts), sum(1 for d in cuts if d <= depth - 2)


# ----------------------------------------------------------------------------- building
def _point(rng: random.Random) -> Fraction:
    """A random number strictly between 0 and 1."""
    while True:
        u = rng.random()
        if u > 0:
            return Fraction(u)


def _leaf(alpha: float | Fraction, beta: float | Fraction, outcome: int, rng: random.Random) -> Fraction:
    """A leaf value (for the side to move) that ends as ``outcome`` in window (alpha, beta)."""
    u = _point(rng)
    if outcome == LOW:
        return Fraction(alpha) - u
    if outcome == HIGH:
        return Fraction(beta) + u
    if alpha == -INF and beta == INF:
        return 2 * u - 1
    if alpha == -INF:
        return Fraction(beta) - u
    if beta == INF:
        return Fraction(alpha) + u
    a, b = Fraction(alpha), Fraction(beta)
    return a + (b - a) * u


def _free(height: int, branching: int, rng: random.Random, spread: int) -> Any:
    """A subtree the search never enters: any values."""
    if height == 0:
        return (2 * _point(rng) - 1) * spread
    return [_free(height - 1, branching, rng, spread) for _ in range(branching)]


def made_to_order(depth: int, branching: int, cutoffs: int, deep: int, rng: random.Random) -> Any:
    """Nested lists of leaf values (exact fractions, for the side to move at each leaf)
    whose alpha-beta search makes exactly ``cutoffs`` cutoffs, at least ``deep`` of them
    deep; the request must be in :func:`possible`.  Leaf values are all different."""
    table = possible(depth, branching)
    if table.get(cutoffs, -1) < deep:
        raise ValueError(f"no tree of depth {depth} and branching {branching} has {cutoffs} cutoffs, {deep} deep")
    spread = depth + 2

    def build(height: int, alpha: Any, beta: Any, outcome: int, n: int, m: int) -> tuple[Any, Fraction]:
        if height == 0:
            return None, _leaf(alpha, beta, outcome, rng)
        fa, fb = alpha != -INF, beta != INF
        options = []
        for allowed, need_exact, cut in _shapes(branching, outcome, height):
            held = _suffix(height, branching, fa, fb, allowed, need_exact)[0][need_exact]
            if n - cut[0] in held and held[n - cut[0]] + cut[1] >= m:
                options.append((allowed, need_exact, cut))
        allowed, need, cut = rng.choice(options)
        suf = _suffix(height, branching, fa, fb, allowed, need)
        n, m = n - cut[0], max(0, m - cut[1])
        children: list[Any] = []
        best: Any = -INF
        for i, outs in enumerate(allowed):
            cfa, cfb = _child_state(fa, fb, i)
            picks = []
            for o in sorted(outs):
                rest = suf[i + 1][need and o != EXACT]
                for t, d in sorted(_table(height - 1, branching, cfa, cfb, o).items()):
                    if n - t in rest and d + rest[n - t] >= m:
                        picks.append((o, t, d, rest[n - t]))
            o, t, d, rest_deep = rng.choice(picks)
            mine = rng.randint(max(0, m - rest_deep), min(d, m))
            sub, v = build(height - 1, -beta, -max(alpha, best), o, t, mine)
            children.append(v if sub is None else sub)
            best = max(best, -v)
            n, m, need = n - t, m - mine, need and o != EXACT
        children += [_free(height - 1, branching, rng, spread) for _ in range(branching - len(children))]
        return children, best

    tree, _ = build(depth, -INF, INF, EXACT, cutoffs, deep)
    return tree


# ------------------------------------------------------------------------ whole numbers
TRIES = 20
"""Draws of whole-number leaf values tried, when ties may happen, before falling back."""


def leaves_of(nested: Any, at: int = 0) -> list[tuple[int, Any]]:
    """(depth, value) of every leaf, in order."""
    if not isinstance(nested, list):
        return [(at, nested)]
    return [leaf for child in nested for leaf in leaves_of(child, at + 1)]


def refill(nested: Any, values: list[int]) -> Any:
    """``nested`` with its leaves replaced, in order, by ``values``."""
    given = iter(values)

    def fill(node: Any) -> Any:
        return [fill(child) for child in node] if isinstance(node, list) else next(given)

    return fill(nested)


def describe(table: Table, depth: int, branching: int, cutoffs: int | None, deep: int) -> str | None:
    """Why a request cannot be met (one line naming what can), or None if it can."""
    shape = f"a tree of depth {depth} and branching {branching}"
    most, most_deep = max(table), max(table.values())
    if cutoffs is not None and cutoffs not in table:
        return (f"{shape} has at most {most} cutoff{'s' if most != 1 else ''} in alpha-beta's search, "
                f"not {cutoffs} (cutoffs can be 0 to {most})")
    if deep > most_deep:
        return (f"{shape} has at most {most_deep} cutoff{'s' if most_deep != 1 else ''} above the leaves' parents, "
                f"not {deep} (deep_cutoffs can be 0 to {most_deep})")
    if cutoffs is not None and table[cutoffs] < deep:
        fits = [c for c, d in table.items() if d >= deep]
        return (f"{shape} with {cutoffs} cutoffs has at most {table[cutoffs]} of them above the leaves' parents, "
                f"not {deep} (with {deep} deep, cutoffs can be {_spans(fits)})")
    return None


def _spans(numbers: list[int]) -> str:
    """``[1, 2, 3, 5]`` as ``1 to 3 or 5``."""
    runs: list[list[int]] = []
    for x in sorted(numbers):
        if runs and runs[-1][1] == x - 1:
            runs[-1][1] = x
        else:
            runs.append([x, x])
    return " or ".join(f"{a} to {b}" if a != b else str(a) for a, b in runs)


def whole_numbers(
    nested: Any, depth: int, low: int, high: int, ties: bool | None, rng: random.Random, check: Any,
) -> Any:
    """``nested`` (fractions for the side to move) as whole numbers from ``low`` to ``high``
    for the root player, in the same order, so the search does the same; ``ties``: False
    keeps every value different, True makes at least two leaves equal, None lets values
    fall as they do.  ``check(candidate)`` says whether a tree with ties still searches as
    asked (a tie can make a new cutoff); None when no fitting values were found."""
    leaves = leaves_of(nested)
    root_view = [v if d % 2 == 0 else -v for d, v in leaves]
    order = sorted(range(len(root_view)), key=root_view.__getitem__)
    span = range(low, high + 1)

    def placed(drawn: list[int]) -> list[int]:
        out = [0] * len(drawn)
        for rank, leaf in enumerate(order):
            out[leaf] = drawn[rank]
        return out

    if ties is not False:
        for _ in range(TRIES):
            drawn = sorted(rng.choice(span) for _ in leaves)
            if ties and len(set(drawn)) == len(drawn):
                j = rng.randrange(len(drawn) - 1)
                drawn[j + 1] = drawn[j]
            candidate = refill(nested, placed(drawn))
            if check(candidate):
                return candidate
    if len(span) < len(leaves) - (1 if ties else 0):
        return None
    drawn = sorted(rng.sample(span, len(leaves) - (1 if ties else 0)))
    if not ties:
        return refill(nested, placed(drawn))
    # The first two leaves share the leftmost leaves' parent, whose window is (−∞, ∞):
    # one takes the other's value, the one that parent keeps, and nothing else changes.
    for a, b in ((0, 1), (1, 0)):
        values = [0] * len(leaves)
        for rank, leaf in enumerate(x for x in order if x != b):
            values[leaf] = drawn[rank]
        values[b] = values[a]
        candidate = refill(nested, values)
        if check(candidate):
            return candidate
    return None
