"""Tests of negaviz.analysis.mcts and its chart: MCTS beside alpha-beta's proven value."""

from __future__ import annotations

from pathlib import Path

import pytest

import negaviz
from negaviz.analysis.mcts import Convergence, convergence, proven_share
from negaviz.errors import InputError
from negaviz.render.chart import save_figure
from negaviz.render.mcts_plot import plot_convergence
from negaviz.search.mcts import mcts
from negaviz.trace.mcts import record_mcts

GAME = negaviz.TicTacToe("xo./.x./..o")  # x wins with a2 or a3 (and only with them)
PROVEN = negaviz.record(GAME, algorithm="negamax")


def run(seed: int, n: int = 300) -> Convergence:
    return convergence(record_mcts(GAME, iterations=n, seed=seed), PROVEN)


def test_each_point_is_what_the_search_would_return_after_that_many_iterations() -> None:
    c = run(0, 120)
    assert len(c.points) == 120 and [p.iteration for p in c.points] == list(range(1, 121))
    for k in (1, 7, 50, 120):
        r = mcts(GAME, iterations=k, seed=0)  # the same seed: the first k iterations are the same
        assert (c.points[k - 1].move, c.points[k - 1].value) == (r.move_name, r.value)


def test_the_proven_value_and_moves_come_from_the_negamax_trace() -> None:
    c = run(1)
    assert c.proven_value == 1 and c.proven_moves == ("a2", "a3")
    assert all(p.proven_best == (p.move in {"a2", "a3"}) for p in c.points)


def test_alpha_beta_proves_only_the_first_best_move() -> None:
    c = convergence(record_mcts(GAME, iterations=50, seed=0), negaviz.record(GAME, algorithm="alphabeta"))
    assert c.proven_value == 1 and c.proven_moves == ("a2",)


def test_settled_is_the_first_iteration_from_which_every_move_is_proven_best() -> None:
    c = run(0)
    assert c.settled is not None
    assert all(p.proven_best for p in c.points[c.settled - 1:])
    assert not c.points[c.settled - 2].proven_best


def test_the_share_of_seeds_playing_a_proven_move_grows() -> None:
    share = proven_share([run(s, 400) for s in range(6)])
    assert len(share) == 400 and share[-1] == (400, 1.0)
    assert share[0][1] < 1.0  # the first iteration's only child is c1, not a winning move


def test_traces_of_different_positions_or_of_the_wrong_kind_are_refused() -> None:
    other = negaviz.record(negaviz.TicTacToe("x../.o./..."), algorithm="negamax")
    with pytest.raises(InputError, match="different positions"):
        convergence(record_mcts(GAME, iterations=5), other)
    with pytest.raises(InputError, match="needs an MCTS trace"):
        convergence(PROVEN, PROVEN)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="complete alpha-beta or negamax trace"):
        convergence(record_mcts(GAME, iterations=5), negaviz.record(GAME, algorithm="alphabeta", max_nodes=3))


def test_the_plot_draws_the_runs_the_proven_line_and_the_changes_of_move(tmp_path: Path) -> None:
    runs = {f"seed {s}": run(s, 200) for s in (0, 1)}
    plot = plot_convergence(runs, log=True)
    assert plot.series == 2 and len(plot.rows) == 400
    rule = plot.spec["layer"][1]["data"]["values"]
    assert rule == [{"proven": 1, "label": "alpha-beta: proven value 1 (a2, a3)"}]
    changes = plot.spec["layer"][2]["data"]["values"]
    for name, r in runs.items():
        mine = [c for c in changes if c["series"] == name]
        moves = [p.move for p in r.points]
        assert [c["move"] for c in mine] == [m for i, m in enumerate(moves) if i == 0 or m != moves[i - 1]]
    first = save_figure(plot, tmp_path / "a.svg").read_bytes()
    assert first == save_figure(plot_convergence(runs, log=True), tmp_path / "b.svg").read_bytes()


def test_the_plot_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(InputError, match="needs a convergence"):
        plot_convergence({})
    with pytest.raises(InputError, match="one line of text"):
        plot_convergence({"a\nb": run(0, 10)})
    other = convergence(record_mcts(negaviz.TicTacToe("x../.o./..."), iterations=10),
                        negaviz.record(negaviz.TicTacToe("x../.o./..."), algorithm="negamax"))
    with pytest.raises(InputError, match="different proven values"):
        plot_convergence({"win": run(0, 10), "draw": other})
