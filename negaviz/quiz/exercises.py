"""Exercise sheets: random textbook trees, questions about their search, answer keys.

>>> tree = random_tree(2, 2, seed=3)
>>> tree.text()
'A(B(D:2 E:6) C(F:-9 G:6))'
>>> ex = exercise(2, 2, seed=3)
>>> print(ex.answer_key())
Tree: A(B(D:2 E:6) C(F:-9 G:6))
Algorithm: alphabeta; values in the negamax view (for the side to move at each node)
Bounds: fail-soft (a node that fails high or low returns the best value it found); its window's edge (fail-hard) is accepted too, and nothing between
Value of the root: 2
Principal variation: B D
Never visited (pruned): G
Nodes in the order visited, with their windows and values:
  A  window (−∞, ∞)  returns 2
  B  window (−∞, ∞)  returns −2
  D  window (−∞, ∞)  returns 2
  E  window (−∞, 2)  returns 6
  C  window (−∞, −2)  returns 9 (lower bound; −2 or 9 accepted)
  F  window (2, ∞)  returns −9
Questions:
  1. What does A return? 2
  2. What does B return? −2
  3. With which window (α, β) is E entered, for the side to move there? (−∞, 2)
  4. With which window (α, β) is C entered, for the side to move there? (−∞, −2)
  5. With which window (α, β) is F entered, for the side to move there? (2, ∞)
  6. Which of C's moves are never tried? (Answer 'none' if every move is tried.) G
  7. What does C return? 9 (or −2, the other bound)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from negaviz.analysis.steps import sign
from negaviz.conventions import current
from negaviz.errors import InputError
from negaviz.games.tree import Tree
from negaviz.quiz import difficulty
from negaviz.quiz.questions import Question, questions
from negaviz.search.events import Bound
from negaviz.search.options import TAUGHT, TaughtAlgorithm
from negaviz.trace import record
from negaviz.trace.trace import Trace
from negaviz.vocabulary import Perspective, check_flag, check_perspective, check_seed, fmt, shown

__all__ = ["random_tree", "exercise", "Exercise"]

ALGORITHMS = TAUGHT
MAX_NODES = difficulty.MAX_NODES
"""Largest tree generated: exercise trees are drawn and solved by hand."""
PER_KIND = 4
"""Questions of each kind in an exercise, at most."""


def _whole(name: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InputError(f"{name} must be a whole number, {least} or more, not {value!r}")
    return value


def random_tree(
    depth: int,
    branching: int,
    *,
    seed: int,
    values: tuple[int, int] | None = None,
    exact_branching: bool = True,
    cutoffs: int | None = None,
    deep_cutoffs: int | None = None,
    ties: bool | str | None = None,
) -> Tree:
    """A random textbook tree, the same for the same arguments.

    Every leaf lies ``depth`` plies below the root.  With ``exact_branching`` every
    inner node has ``branching`` children; otherwise each has between 2 and
    ``branching`` (1 if ``branching`` is 1).  Leaf values are whole numbers from
    ``values`` (both ends included), for the root player as textbooks write them; by
    default -9 to 9, or, when a difficulty or ``ties=False`` is asked and the tree has
    more leaves than that holds, -99 to 99 (or -999 to 999).
    Randomness comes from ``random.Random(seed)`` alone.

    A chosen difficulty (see :mod:`negaviz.quiz.difficulty`), counted on the trace of
    ``record(tree, algorithm="alphabeta")`` (children in their natural order):

    * ``cutoffs``: exactly this many cutoffs (CUTOFF events: a node stops with at least
      one move left untried);
    * ``deep_cutoffs``: at least this many of them *above the leaves' parents*, at nodes
      two or more plies above the leaves, so that what they skip are whole subtrees
      (depths 0 to ``depth - 2``);
    * ``ties``: False, no two leaves have the same value; True, at least two do;
      ``"beta"``, a tie *at β*: stopping a node on reaching β (``≥``) and only past it
      (``>``, Berkeley CS188's rule) prune differently, so the tree tells a student who
      cuts on equality from one who does not; None (the default), values fall as they
      are drawn.

    A difficulty needs ``exact_branching``.  A request no tree of the shape can meet is
    refused, naming what is possible:

    >>> random_tree(3, 3, seed=1, cutoffs=7)
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: a tree of depth 3 and branching 3 has at most 6 cutoffs in alpha-beta's search, not 7 (0 to 6 are possible)
    >>> tree = random_tree(3, 2, seed=1, cutoffs=2, deep_cutoffs=1, ties=False)
    >>> tree.text()
    'A(B(D(H:-6 I:0) E(J:1 K:4)) C(F(L:-9 M:-5) G(N:2 O:-7)))'
    >>> trace = record(tree, algorithm="alphabeta")
    >>> [trace.label(n) for n in trace.cut_nodes()], trace.pruned_labels()
    (['E', 'C'], ['K', 'G', 'N', 'O'])
    """
    _whole("depth", depth, 0)
    _whole("branching", branching, 1)
    difficulty.check_depth(depth)
    seed = check_seed(seed)  # None would give another tree, and answer key, every run
    check_flag(exact_branching, "exact_branching")
    if ties == "beta":
        return _tie_at_beta(depth, branching, seed, values, exact_branching, cutoffs, deep_cutoffs)
    if ties is not None:
        if isinstance(ties, str):
            raise InputError(f"ties must be True, False, None or 'beta' (a tie at β), not {ties!r}")
        check_flag(ties, "ties")
    for name, asked in (("cutoffs", cutoffs), ("deep_cutoffs", deep_cutoffs)):
        if asked is not None:
            _whole(name, asked, 0)
    leaves = branching**depth
    if values is None:
        values = _default_values(leaves if ties is False or cutoffs is not None or deep_cutoffs is not None else 0)
    try:
        lo, hi = values
    except (TypeError, ValueError):
        raise InputError(f"values must be a pair (low, high), not {values!r}") from None
    if any(isinstance(x, bool) or not isinstance(x, int) for x in (lo, hi)) or lo > hi:
        raise InputError(f"values must be two whole numbers, low <= high, not {values!r}")
    size = sum(branching**d for d in range(depth + 1))
    if size > MAX_NODES:
        raise InputError(
            f"a tree of depth {depth} and branching {branching} can have {size} nodes; "
            f"exercise trees have at most {MAX_NODES}"
        )
    if ties is True and (depth == 0 or branching == 1):
        raise InputError(f"ties=True needs two leaves, and a tree of depth {depth} and branching {branching} has one")
    if ties is False and exact_branching and leaves > hi - lo + 1:
        raise InputError(
            f"ties=False needs {leaves} different leaf values, and values={values!r} holds {hi - lo + 1}; "
            "widen values or allow ties"
        )
    rng = random.Random(seed)
    if cutoffs is not None or deep_cutoffs is not None:
        if not exact_branching:
            raise InputError("cutoffs and deep_cutoffs need exact_branching=True (the counts are for full trees)")
        return _to_order(depth, branching, cutoffs, deep_cutoffs or 0, ties, (lo, hi), rng)
    fewest = branching if exact_branching else min(2, branching)

    def grow(d: int) -> Any:
        if d == depth:
            return rng.randint(lo, hi)
        return [grow(d + 1) for _ in range(rng.randint(fewest, branching))]

    tree = grow(0)
    if ties is None:
        return Tree.from_lists(tree)
    count = len(difficulty.leaves_of(tree))
    if ties is False and count > hi - lo + 1:
        raise InputError(f"ties=False needs {count} different leaf values, and values={values!r} holds {hi - lo + 1}; "
                         "widen values or allow ties")
    drawn = rng.sample(range(lo, hi + 1), count) if ties is False or count <= hi - lo + 1 else [
        rng.randint(lo, hi) for _ in range(count)]
    if ties and len(set(drawn)) == count:
        drawn[rng.randrange(1, count)] = drawn[0]
    return Tree.from_lists(difficulty.refill(tree, drawn))


TIE_TRIES = 200
"""Seeds tried for a tree with a tie at β before giving up."""


def _tie_at_beta(depth: int, branching: int, seed: int, values: tuple[int, int] | None, exact: bool,
                 cutoffs: int | None, deep: int | None) -> Tree:
    """The first tree, of seeds derived from ``seed``, that the two cut rules prune differently."""
    if depth < 2 or branching < 2:
        raise InputError(f"a tie at β needs a tree of depth 2 or more and branching 2 or more, not depth {depth} "
                         f"and branching {branching}")
    for k in range(TIE_TRIES):
        try:
            tree = random_tree(depth, branching, seed=seed * TIE_TRIES + k, values=values, exact_branching=exact,
                               cutoffs=cutoffs, deep_cutoffs=deep, ties=True)
        except InputError:
            if k == 0:
                raise
            continue
        ge = record(tree, algorithm="alphabeta", cut=">=").pruned_labels()
        if ge != record(tree, algorithm="alphabeta", cut=">").pruned_labels():
            return tree
    raise InputError(f"found no tree of depth {depth} and branching {branching} with a tie at β (the two cut rules "
                     f"pruning differently) in {TIE_TRIES} tries: allow more leaves, or other values")


def _default_values(leaves: int) -> tuple[int, int]:
    """-9 to 9, or the first of -99 to 99 and -999 to 999 with room for ``leaves`` different values."""
    for top in (9, 99):
        if leaves <= 2 * top + 1:
            return (-top, top)
    return (-999, 999)


def _to_order(
    depth: int, branching: int, cutoffs: int | None, deep: int, ties: bool | None, values: tuple[int, int],
    rng: random.Random,
) -> Tree:
    """A tree whose alpha-beta search has the cutoffs asked for (see :func:`random_tree`)."""
    table = difficulty.possible(depth, branching)
    why = difficulty.describe(table, depth, branching, cutoffs, deep)
    if why is not None:
        raise InputError(why)
    if cutoffs is None:
        cutoffs = rng.choice([c for c, d in table.items() if d >= deep])

    def meets(nested: Any) -> bool:
        got, got_deep = difficulty.cutoffs_of(record(Tree.from_lists(nested), algorithm="alphabeta"), depth)
        return got == cutoffs and got_deep >= deep

    plan = difficulty.made_to_order(depth, branching, cutoffs, deep, rng)
    made = difficulty.whole_numbers(plan, depth, values[0], values[1], ties, rng, meets)
    if made is None:
        raise InputError(
            f"found no tree with {cutoffs} cutoffs ({deep} or more deep) and ties={ties} with values from "
            f"{values[0]} to {values[1]} in {difficulty.TRIES} tries: widen values"
        )
    if not meets(made):  # the plan is built to meet it, and the trace is the judge
        raise RuntimeError(f"negaviz made a tree that misses {cutoffs} cutoffs, {deep} deep (a bug): {made}")
    return Tree.from_lists(made)


@dataclass(frozen=True)
class Exercise:
    """A generated exercise: a tree, its recorded search, and questions about it."""

    tree: Tree
    """The tree to search."""
    trace: Trace
    """The reference search of it."""
    questions: tuple[Question, ...]
    """The questions, in the order they are asked while stepping."""
    algorithm: TaughtAlgorithm
    """``negamax`` or ``alphabeta``."""
    seed: int
    """The seed the tree was made from."""
    perspective: Perspective = "negamax"
    """The view values are given in."""

    @property
    def text(self) -> str:
        """The tree in labelled form, e.g. ``A(B(D:7 E:5) C(F:3 G:1 H:9))``."""
        return self.tree.text()

    def _view(self) -> str:
        if self.perspective == "negamax":
            return "values in the negamax view (for the side to move at each node)"
        return "values in the minimax view (for the first player)"

    def _convention(self) -> str:
        """How values that are only bounds are marked (alpha-beta only)."""
        if current().hardness != "either":
            return "fail-soft (a node that fails high or low returns the best value it found)"
        return (
            "fail-soft (a node that fails high or low returns the best value it found); "
            "its window's edge (fail-hard) is accepted too, and nothing between"
        )

    def _sign(self, nid: int) -> int:
        return sign(self.trace, nid, self.perspective)

    def answer(self, nid: int) -> tuple[tuple[float, float], str]:
        """Node ``nid``'s window (α, β) and the value it returns, in the exercise's view;
        a bound says so, with the values accepted for it (``9 (lower bound; −2 or 9
        accepted)``)."""
        n = self.trace.nodes[nid]
        s = self._sign(nid)
        a, b = (n.alpha, n.beta) if s > 0 else (-n.beta, -n.alpha)
        assert n.value is not None
        value = fmt(s * n.value)
        bound = n.bound if s > 0 or n.bound in (None, Bound.EXACT) else (
            Bound.UPPER if n.bound == Bound.LOWER else Bound.LOWER)
        edge = b if bound == Bound.LOWER else a
        lo, hi = sorted((edge, s * n.value))
        both = lo != hi and not math.isinf(edge) and current().hardness == "either"
        also = f"; {fmt(lo)} or {fmt(hi)} accepted" if both else ""
        if bound == Bound.LOWER:
            value += f" (lower bound{also})"
        elif bound == Bound.UPPER:
            value += f" (upper bound{also})"
        return (a, b), value

    def answer_key(self) -> str:
        """Everything a lecturer needs to mark the exercise, as plain text."""
        t = self.trace
        pruned = t.pruned_labels()
        lines = [
            f"Tree: {self.text}",
            f"Algorithm: {self.algorithm}; {self._view()}",
            *([f"Bounds: {self._convention()}"] if self.algorithm == "alphabeta" else []),
            f"Value of the root: {fmt(t.value)}",
            f"Principal variation: {' '.join(t.pv_names()) or '(the root is a leaf)'}",
            f"Never visited (pruned): {' '.join(pruned) if pruned else 'none'}",
            "Nodes in the order visited, with their "
            + ("windows and values:" if self.algorithm == "alphabeta" else "values:"),
        ]
        for n in t.nodes:
            (a, b), value = self.answer(n.id)
            window = f"  window ({fmt(a)}, {fmt(b)})" if self.algorithm == "alphabeta" else ""
            lines.append(f"  {t.label(n.id)}{window}  returns {value}")
        lines.append("Questions:")
        for i, q in enumerate(self.questions, 1):
            other = None if q.accepted is None else q.accepted[0] if q.accepted[1] == q.answer else q.accepted[1]
            accepted = "" if other is None else f" (or {fmt(other)}, the other bound)"
            lines.append(f"  {i}. {q.prompt} {q.answer_text()}{accepted}")
        return "\n".join(lines)

    def to_markdown(self, *, answers: bool = False) -> str:
        """The exercise sheet in Markdown; with ``answers``, the answer key follows."""
        algo = "alpha-beta" if self.algorithm == "alphabeta" else "negamax"
        out = [
            f"## Exercise (seed {self.seed})",
            "",
            (
                f"Search this tree with {algo}, children left to right. Leaf values are for the first player "
                f"(the root's side); answer with {self._view()}."
                + (
                    (" Where a node fails high or low, return a bound: fail-soft (the best value found) "
                     "or fail-hard (the window's edge) are both accepted, and nothing between."
                     if current().hardness == "either" else
                     " Where a node fails high or low, return the best value it found (fail-soft).")
                    if self.algorithm == "alphabeta" else ""
                )
            ),
            "",
            "```",
            self.text,
            "```",
            "",
        ]
        out += [f"{i}. {q.prompt}" for i, q in enumerate(self.questions, 1)]
        if answers:
            out += ["", "### Answer key", "", "```", self.answer_key(), "```"]
        return "\n".join(out) + "\n"


def exercise(
    depth: int,
    branching: int,
    seed: int,
    algorithm: TaughtAlgorithm = "alphabeta",
    *,
    perspective: Perspective = "negamax",
    values: tuple[int, int] | None = None,
    exact_branching: bool = True,
    cutoffs: int | None = None,
    deep_cutoffs: int | None = None,
    ties: bool | None = None,
) -> Exercise:
    """An exercise on a random tree: the root's value and its children's, up to
    four windows worth asking (finite ones), and, for up to four nodes with a cutoff,
    which children are never visited.  ``cutoffs``, ``deep_cutoffs`` and ``ties`` set
    its difficulty, as in :func:`random_tree` (they count alpha-beta's cutoffs)."""
    if algorithm in ("expectimax", "star1"):
        raise InputError(f"exercise sheets are random trees for {' and '.join(ALGORITHMS)}, not {algorithm}: a chance "
                         "tree is practised on its own page (StepperWidget or export_html with practice='tree')")
    if not isinstance(algorithm, str) or algorithm not in ALGORITHMS:
        raise InputError(f"unknown algorithm: {shown(algorithm)} (must be one of {list(ALGORITHMS)})")
    check_perspective(perspective)
    seed = check_seed(seed)
    tree = random_tree(depth, branching, seed=seed, values=values, exact_branching=exact_branching,
                       cutoffs=cutoffs, deep_cutoffs=deep_cutoffs, ties=ties)
    trace = record(tree, algorithm=algorithm)
    return Exercise(tree, trace, tuple(_pick(trace, questions(trace, perspective=perspective))), algorithm, seed, perspective)


def _pick(trace: Trace, qs: Sequence[Question]) -> list[Question]:
    """The questions worth putting on a sheet, in the order asked."""
    nodes = trace.nodes
    counts = {"value": 0, "window": 0, "pruned": 0}
    out = []
    for q in qs:
        n = nodes[q.node]
        if q.kind == "value":
            keep = n.depth <= 1
        elif q.kind == "window":
            infinite = math.isinf(n.alpha) and math.isinf(n.beta)
            keep = not infinite and counts["window"] < PER_KIND
        else:
            keep = bool(n.skipped) and counts["pruned"] < PER_KIND
        if keep:
            counts[q.kind] += 1
            out.append(q)
    return out
