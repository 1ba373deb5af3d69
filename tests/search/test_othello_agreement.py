"""Every algorithm agrees with plain negamax on a set of Othello 4x4 positions."""

from __future__ import annotations

import random

import pytest

import negaviz
from negaviz.games.othello import Othello

GAME = Othello(4)


def positions(count: int = 24, seed: int = 4) -> list[tuple[int, int, bool]]:
    """Seeded random games, stopped with 6 to 9 empty squares (not over yet)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = GAME.root
        stop = rng.randint(6, 9)
        while not GAME.is_terminal(pos) and 16 - (pos[0] | pos[1]).bit_count() > stop:
            pos = GAME.play(pos, rng.choice(GAME.moves(pos)))
        if not GAME.is_terminal(pos):
            out.append(pos)
    return out


POSITIONS = positions()
VARIANTS = [
    dict(algorithm="alphabeta"),
    dict(algorithm="alphabeta", fail_hard=True, order="heuristic"),
    dict(algorithm="alphabeta", tt=True, symmetry=True, order="heuristic"),
    dict(algorithm="pvs"),
    dict(algorithm="pvs", tt=True, order="heuristic"),
    dict(algorithm="mtdf", tt=True),
    dict(algorithm="mtdf", tt=True, symmetry=True),
    dict(algorithm="id", tt=True),
    dict(algorithm="id", tt=True, aspiration=2, order="heuristic"),
]


@pytest.fixture(scope="module")
def reference() -> list[float]:
    return [negaviz.search(GAME, pos, algorithm="negamax").value for pos in POSITIONS]


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "+".join(f"{k}={v}" for k, v in o.items()))
def test_every_algorithm_agrees_with_negamax_on_othello_4x4(options: dict, reference: list[float]) -> None:
    got = [negaviz.search(GAME, pos, **options).value for pos in POSITIONS]
    assert got == reference
    assert len(set(reference)) > 3  # the sample holds wins, losses and different margins
