"""Oracle: every search variant returns the plain negamax value on tic-tac-toe.

The reference values come from ``ttt_reference`` (tests/conftest.py): a memoized negamax
over 9-character strings that shares no code with negaviz.

What is covered (the full cross-product, 144 variants on all 4,520 non-terminal
positions, takes about two minutes, over the budget for this file):

* ALL 4,520 positions, per algorithm, with a set of variants in which every pair of
  option values occurs together at least once (checked by
  ``test_variants_cover_every_pair_of_option_values``):
  - minimax and negamax: order x tt x symmetry x stop_at_win (6 variants each);
  - alphabeta: every combination of tt x symmetry x fail_hard x window, with order and
    stop_at_win rotating through their values (24 variants).  Windows: full,
    (-1.5, 1.5), and a tight window (v - 0.5, v + 0.5) around each position's value v.
* A fixed random sample of 120 positions with the full cross-product of every option
  (3 orders x tt x symmetry x stop_at_win for all three algorithms, times fail_hard x 3
  windows for alphabeta: 24 + 24 + 144 = 192 variants).

* ALL positions with a few variants of the later drivers (pvs, mtdf, id), which build on
  the same core; id with aspiration and symmetry together is left out (a known bug, see
  test_iterative_deepening_with_aspiration_returns_the_exact_value).

Besides the value, each result's best move must be a move of that value, and minimax
must report the value for the first player (x) as ``minimax_value``.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any, NamedTuple

import pytest

from negaviz import SearchOptions, TicTacToe, search

GAME = TicTacToe()
INF = math.inf
ORDERS = ("natural", "heuristic", "threats")
WINDOWS = ("full", "wide", "tight")  # (-inf, inf), (-1.5, 1.5), (v - 0.5, v + 0.5)


class Variant(NamedTuple):
    algorithm: str
    order: str
    tt: bool
    symmetry: bool
    stop_at_win: bool
    fail_hard: bool = False
    window: str = "full"

    def options(self, value: int) -> SearchOptions:
        lo, hi = {"full": (-INF, INF), "wide": (-1.5, 1.5), "tight": (value - 0.5, value + 0.5)}[self.window]
        return SearchOptions(
            algorithm=self.algorithm, order=self.order, tt=self.tt, symmetry=self.symmetry,
            stop_at_win=self.stop_at_win, fail_hard=self.fail_hard, window=(lo, hi),
        )


# A pairwise covering array for order (3 values) x three switches: 6 rows.
_PAIRWISE = [
    ("natural", False, False, False),
    ("natural", True, True, True),
    ("heuristic", False, True, True),
    ("heuristic", True, False, False),
    ("threats", False, True, False),
    ("threats", True, False, True),
]
ALL_POSITION_VARIANTS = [Variant("negamax", o, tt, sym, win) for o, tt, sym, win in _PAIRWISE]
# Minimax gets the same rows with the table switched, so the two share no variant.
ALL_POSITION_VARIANTS += [Variant("minimax", o, not tt, sym, win) for o, tt, sym, win in _PAIRWISE]
# Alpha-beta: all 24 combinations of tt, symmetry, fail_hard and window; row i = 3j + w
# takes order (j + w) mod 3 and stop_at_win i mod 2, which pairs each with everything.
ALL_POSITION_VARIANTS += [
    Variant("alphabeta", ORDERS[(i // 3 + i % 3) % 3], tt, sym, bool(i % 2), hard, window)
    for i, (tt, sym, hard, window) in enumerate(itertools.product((False, True), (False, True), (False, True), WINDOWS))
]

CROSS_PRODUCT = [
    Variant(alg, order, tt, sym, win, hard, window)
    for alg in ("minimax", "negamax", "alphabeta")
    for order, tt, sym, win in itertools.product(ORDERS, (False, True), (False, True), (False, True))
    for hard, window in (itertools.product((False, True), WINDOWS) if alg == "alphabeta" else [(False, "full")])
]


class Case(NamedTuple):
    cells: str
    position: Any
    value: int
    x_to_move: bool


@pytest.fixture(scope="module")
def cases(ttt_reference) -> list[Case]:
    return [
        Case(cells, GAME.parse(cells), ttt_reference.values[cells], cells.count("x") == cells.count("o"))
        for cells in ttt_reference.inner
    ]


def wrong_answers(variant: Variant, cases: list[Case], values: dict[str, int]) -> list[str]:
    """Every way the variant disagrees with the reference, described."""
    bad = []
    for case in cases:
        r = search(GAME, case.position, options=variant.options(case.value))
        if r.value != case.value:
            bad.append(f"{case.cells}: value {r.value}, reference {case.value}")
            continue
        child = GAME.cells(GAME.play(case.position, r.move))
        if -values[child] != case.value:
            bad.append(f"{case.cells}: best move {r.move} has value {-values[child]}, not {case.value}")
        if variant.algorithm == "minimax" and r.minimax_value != (case.value if case.x_to_move else -case.value):
            bad.append(f"{case.cells}: minimax_value {r.minimax_value} is not the value for x")
    return bad


def test_there_are_4520_positions(cases: list[Case]) -> None:
    assert len(cases) == 4520
    assert {c.value for c in cases} == {-1, 0, 1}


@pytest.mark.slow
@pytest.mark.parametrize("variant", ALL_POSITION_VARIANTS, ids=lambda v: "-".join(map(str, v)))
def test_every_variant_on_every_position(variant: Variant, cases: list[Case], ttt_reference) -> None:
    bad = wrong_answers(variant, cases, ttt_reference.values)
    assert not bad, f"{len(bad)} wrong, e.g. {bad[:5]}"


@pytest.mark.slow
@pytest.mark.parametrize("variant", CROSS_PRODUCT, ids=lambda v: "-".join(map(str, v)))
def test_full_cross_product_on_a_sample(variant: Variant, cases: list[Case], ttt_reference) -> None:
    sample = random.Random(20240611).sample(cases, 120)
    bad = wrong_answers(variant, sample, ttt_reference.values)
    assert not bad, f"{len(bad)} wrong, e.g. {bad[:5]}"


DRIVERS = [
    {"algorithm": "pvs"},
    {"algorithm": "pvs", "order": "heuristic", "tt": True, "fail_hard": True, "window": (-1.5, 1.5)},
    {"algorithm": "pvs", "order": "threats", "symmetry": True, "tt": True, "stop_at_win": True},
    {"algorithm": "mtdf", "order": "threats", "symmetry": True, "stop_at_win": True},
    {"algorithm": "mtdf", "order": "heuristic", "tt_size": 64, "tt_replace": "depth"},
    {"algorithm": "id", "order": "heuristic", "aspiration": 0.5},
    {"algorithm": "id", "order": "threats", "symmetry": True, "stop_at_win": True},
]


@pytest.mark.slow
@pytest.mark.parametrize("options", DRIVERS, ids=lambda d: "-".join(f"{k}={v}" for k, v in d.items()))
def test_later_drivers_on_every_position(options: dict[str, Any], cases: list[Case], ttt_reference) -> None:
    opts = SearchOptions(**options)
    bad = []
    for case in cases:
        r = search(GAME, case.position, options=opts)
        child = GAME.cells(GAME.play(case.position, r.move))
        if r.value != case.value or -ttt_reference.values[child] != case.value:
            bad.append(f"{case.cells}: value {r.value}, best move {r.move}; reference {case.value}")
    assert not bad, f"{len(bad)} wrong, e.g. {bad[:5]}"


def test_variants_cover_every_pair_of_option_values() -> None:
    assert len(CROSS_PRODUCT) == 192 and len(set(CROSS_PRODUCT)) == 192
    for alg in ("minimax", "negamax", "alphabeta"):
        rows = [v for v in ALL_POSITION_VARIANTS if v.algorithm == alg]
        fields = ["order", "tt", "symmetry", "stop_at_win"] + (["fail_hard", "window"] if alg == "alphabeta" else [])
        domain = {"order": ORDERS, "window": WINDOWS}
        for a, b in itertools.combinations(fields, 2):
            seen = {(getattr(v, a), getattr(v, b)) for v in rows}
            want = set(itertools.product(domain.get(a, (False, True)), domain.get(b, (False, True))))
            assert seen == want, f"{alg}: pairs of {a} and {b} missing: {want - seen}"
