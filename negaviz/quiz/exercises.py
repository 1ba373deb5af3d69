"""Exercise sheets: random textbook trees, questions about their search, answer keys.

>>> tree = random_tree(2, 2, seed=3)
>>> tree.text()
'A(B(D:2 E:6) C(F:-9 G:6))'
>>> ex = exercise(2, 2, seed=3)
>>> print(ex.answer_key())
Tree: A(B(D:2 E:6) C(F:-9 G:6))
Algorithm: alphabeta; values in the negamax view (for the side to move at each node)
Bounds: fail-soft (a node that fails high or low returns the best value it found); any value from its window's edge (fail-hard) to that is accepted
Value of the root: 2
Principal variation: B D
Never visited (pruned): G
Nodes in the order visited, with their windows and values:
  A  window (−∞, ∞)  returns 2
  B  window (−∞, ∞)  returns −2
  D  window (−∞, ∞)  returns 2
  E  window (−∞, 2)  returns 6
  C  window (−∞, −2)  returns 9 (lower bound; from −2 to 9 accepted)
  F  window (2, ∞)  returns −9
Questions:
  1. What does A return? 2
  2. What does B return? −2
  3. What window (α, β) does E get? (−∞, 2)
  4. What window (α, β) does C get? (−∞, −2)
  5. What window (α, β) does F get? (2, ∞)
  6. Which of C's children are never visited? (Answer 'none' if all are.) G
  7. What does C return? 9 (or any value from −2 to 9)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from negaviz.analysis.steps import sign
from negaviz.errors import InputError
from negaviz.games.tree import Tree
from negaviz.quiz.questions import Question, questions
from negaviz.search.events import Bound
from negaviz.search.options import TAUGHT, TaughtAlgorithm
from negaviz.trace import record
from negaviz.trace.trace import Trace
from negaviz.vocabulary import Perspective, check_flag, check_perspective, check_seed, fmt, shown

__all__ = ["random_tree", "exercise", "Exercise"]

ALGORITHMS = TAUGHT
MAX_NODES = 2000
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
    values: tuple[int, int] = (-9, 9),
    exact_branching: bool = True,
) -> Tree:
    """A random textbook tree, the same for the same arguments.

    Every leaf lies ``depth`` plies below the root.  With ``exact_branching`` every
    inner node has ``branching`` children; otherwise each has between 2 and
    ``branching`` (1 if ``branching`` is 1).  Leaf values are whole numbers drawn
    uniformly from ``values`` (both ends included), for the root player as textbooks
    write them.  Randomness comes from ``random.Random(seed)`` alone.
    """
    _whole("depth", depth, 0)
    _whole("branching", branching, 1)
    seed = check_seed(seed)  # None would give another tree, and answer key, every run
    check_flag(exact_branching, "exact_branching")
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
    rng = random.Random(seed)
    fewest = branching if exact_branching else min(2, branching)

    def grow(d: int) -> Any:
        if d == depth:
            return rng.randint(lo, hi)
        return [grow(d + 1) for _ in range(rng.randint(fewest, branching))]

    return Tree.from_lists(grow(0))


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
        return (
            "fail-soft (a node that fails high or low returns the best value it found); "
            "any value from its window's edge (fail-hard) to that is accepted"
        )

    def _sign(self, nid: int) -> int:
        return sign(self.trace, nid, self.perspective)

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
            s = self._sign(n.id)
            a, b = (n.alpha, n.beta) if s > 0 else (-n.beta, -n.alpha)
            assert n.value is not None
            value = fmt(s * n.value)
            bound = n.bound if s > 0 or n.bound in (None, Bound.EXACT) else (
                Bound.UPPER if n.bound == Bound.LOWER else Bound.LOWER)
            edge = b if bound == Bound.LOWER else a
            lo, hi = sorted((edge, s * n.value))
            also = f"; from {fmt(lo)} to {fmt(hi)} accepted" if lo != hi and not math.isinf(edge) else ""
            if bound == Bound.LOWER:
                value += f" (lower bound{also})"
            elif bound == Bound.UPPER:
                value += f" (upper bound{also})"
            window = f"  window ({fmt(a)}, {fmt(b)})" if self.algorithm == "alphabeta" else ""
            lines.append(f"  {t.label(n.id)}{window}  returns {value}")
        lines.append("Questions:")
        for i, q in enumerate(self.questions, 1):
            accepted = "" if q.accepted is None else f" (or any value from {fmt(q.accepted[0])} to {fmt(q.accepted[1])})"
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
                    " Where a node fails high or low, return a bound: fail-soft (the best value found) "
                    "or fail-hard (the window's edge) are both accepted."
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
    values: tuple[int, int] = (-9, 9),
    exact_branching: bool = True,
) -> Exercise:
    """An exercise on a random tree: the root's value and its children's, up to
    four windows worth asking (finite ones), and, for up to four nodes with a cutoff,
    which children are never visited."""
    if not isinstance(algorithm, str) or algorithm not in ALGORITHMS:
        raise InputError(f"unknown algorithm: {shown(algorithm)} (must be one of {list(ALGORITHMS)})")
    check_perspective(perspective)
    seed = check_seed(seed)
    tree = random_tree(depth, branching, seed=seed, values=values, exact_branching=exact_branching)
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
