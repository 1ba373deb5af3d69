"""Numbers from traces: how much a search did at each depth, and how bushy its tree was.

Every function here reads a finished (or partial) :class:`~negaviz.trace.Trace` and
never searches.  Depth 0 is the root.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> nodes_per_depth(trace), cutoffs_per_depth(trace)
([1, 2, 3], [0, 1, 0])
>>> round(effective_branching_factor(trace), 4), branching_ratios(trace)
(1.7913, [2.0, 1.5])
>>> print(compare({"negamax": negaviz.record(trace.game, algorithm="negamax"), "alphabeta": trace}).text())
name       nodes  leaves  cutoffs  tt_hits  depth    ebf  value
negamax        8       5        0        0      2  2.193      5
alphabeta      6       3        1        0      2  1.791      5
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, NamedTuple

from negaviz.errors import InputError
from negaviz.trace.trace import Trace, check_trace

__all__ = [
    "nodes_per_depth", "leaves_per_depth", "cutoffs_per_depth", "tt_hits_per_depth",
    "effective_branching_factor", "branching_ratios", "summary", "compare", "Table",
]


def nodes_per_depth(trace: Trace) -> list[int]:
    """Nodes entered at each depth (index 0: the root)."""
    check_trace(trace, mcts=True)
    return list(trace.counts().nodes_per_depth)


def leaves_per_depth(trace: Trace) -> list[int]:
    """Nodes valued by the game's score or evaluation, at each depth."""
    check_trace(trace, mcts=True)
    return list(trace.counts().leaves_per_depth)


def cutoffs_per_depth(trace: Trace) -> list[int]:
    """Nodes at each depth where a cutoff skipped at least one move."""
    check_trace(trace, mcts=True)
    return list(trace.counts().cutoffs_per_depth)


def tt_hits_per_depth(trace: Trace) -> list[int]:
    """Transposition-table probes that found a usable entry, at each depth."""
    check_trace(trace, mcts=True)
    return list(trace.counts().tt_hits_per_depth)


def solve_branching(nodes: int, depth: int) -> float | None:
    """The ``b`` with ``b + b**2 + ... + b**depth == nodes - 1`` (None if ``depth`` is 0).

    The sum grows with ``b``, so bisection finds it; it is at least 1 whenever each
    level holds a node (``nodes - 1 >= depth``), and below 1 only for a partial trace.

    >>> solve_branching(1 + 3 + 9, 2)
    3.0
    """
    if depth < 0 or nodes < 1:
        raise InputError(f"a tree needs at least one node and depth 0 or more, not nodes={nodes}, depth={depth}")
    if depth == 0:
        return None
    target = nodes - 1

    def total(b: float) -> float:
        return depth * 1.0 if b == 1 else b * (b**depth - 1) / (b - 1)

    lo, hi = 0.0, max(1.0, float(target))
    for _ in range(200):  # far past float precision; stops early when the interval stops shrinking
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if total(mid) < target:
            lo = mid
        else:
            hi = mid
    # Whole answers (a full b-ary tree) come out whole rather than 2.9999999999999996.
    near = round(hi)
    return float(near) if near > 0 and total(near) == target else hi


def effective_branching_factor(trace: Trace) -> float | None:
    """The ``b`` of a uniform tree as deep as the trace's deepest level with as many nodes.

    Solves ``b + b**2 + ... + b**d = N - 1`` numerically, where ``N`` is the number of
    nodes entered and ``d`` the deepest depth reached.  None for a trace of the root alone.
    """
    check_trace(trace, mcts=True)
    per = nodes_per_depth(trace)
    if not per:
        return None
    return solve_branching(sum(per), len(per) - 1)


def branching_ratios(trace: Trace) -> list[float]:
    """The simple per-level ratio: nodes at depth ``d + 1`` / nodes at depth ``d``."""
    check_trace(trace, mcts=True)
    per = nodes_per_depth(trace)
    return [per[d + 1] / per[d] for d in range(len(per) - 1)]


class Stats(NamedTuple):
    """A trace's numbers, for tables and plots."""

    nodes: int
    """Nodes entered, the root included."""
    leaves: int
    """Nodes valued by score or evaluation."""
    cutoffs: int
    """Nodes where a cutoff skipped at least one move."""
    tt_hits: int
    """Table probes that found a usable entry."""
    depth: int
    """The deepest depth reached (the root is 0; -1 for an empty trace)."""
    ebf: float | None
    """Effective branching factor (see :func:`effective_branching_factor`)."""
    value: float | None
    """The root's value for the side to move (None if it never returned)."""
    nodes_per_depth: list[int]
    cutoffs_per_depth: list[int]
    ratios: list[float]
    """:func:`branching_ratios`."""


def summary(trace: Trace) -> Stats:
    """All of a trace's numbers at once."""
    check_trace(trace, mcts=True)
    counts = trace.counts()
    per = list(counts.nodes_per_depth)
    return Stats(
        counts.nodes, counts.leaves, counts.cutoffs, counts.tt_hits, len(per) - 1,
        solve_branching(sum(per), len(per) - 1) if per else None, trace.value,
        per, list(counts.cutoffs_per_depth), [per[d + 1] / per[d] for d in range(len(per) - 1)],
    )


COLUMNS = ("name", "nodes", "leaves", "cutoffs", "tt_hits", "depth", "ebf", "value")


@dataclass(frozen=True)
class Table:
    """Rows of numbers with named columns, e.g. one row per option set."""

    columns: tuple[str, ...]
    """Column names, in order."""
    rows: tuple[tuple[Any, ...], ...]
    """One tuple per row, in the columns' order."""

    def column(self, name: str) -> list[Any]:
        """The values of one column, top to bottom."""
        if name not in self.columns:
            raise InputError(f"unknown column {name!r} (must be one of {list(self.columns)})")
        i = self.columns.index(name)
        return [row[i] for row in self.rows]

    def records(self) -> list[dict[str, Any]]:
        """The rows as dicts (JSON-able when the values are)."""
        return [dict(zip(self.columns, row)) for row in self.rows]

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def text(self) -> str:
        """An aligned plain-text table: the first column left, the others (numbers) right;
        ``ebf`` to 3 decimals, ``-`` for a missing value."""
        cells = [list(self.columns)] + [[_cell(v, c) for v, c in zip(row, self.columns)] for row in self.rows]
        widths = [max(len(r[i]) for r in cells) for i in range(len(self.columns))]
        lines = []
        for row in cells:
            parts = [text.ljust(widths[0]) if i == 0 else text.rjust(widths[i]) for i, text in enumerate(row)]
            lines.append("  ".join(parts))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _cell(v: Any, column: str) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        if column == "ebf":
            return f"{v:.3f}"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return str(int(v)) if v.is_integer() else f"{v:.4g}"
    return str(v)


def compare(traces: Mapping[str, Trace]) -> Table:
    """One row per named trace (e.g. per algorithm or option set), in the mapping's order:
    name, nodes, leaves, cutoffs, tt_hits, depth, ebf, value."""
    if not isinstance(traces, Mapping):
        raise InputError(f"traces must be a mapping of names to traces, e.g. {{'alphabeta': trace}}, not {type(traces).__name__}")
    if not traces:
        raise InputError("compare() needs at least one trace, e.g. {'alphabeta': trace}")
    rows = []
    for name, trace in traces.items():
        if not isinstance(trace, Trace):
            raise InputError(f"compare() needs traces; {name!r} is a {type(trace).__name__}")
        s = summary(trace)
        rows.append((str(name), s.nodes, s.leaves, s.cutoffs, s.tt_hits, s.depth, s.ebf, s.value))
    return Table(COLUMNS, tuple(rows))
