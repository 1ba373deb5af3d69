"""Tests of negaviz.render.mcts_tree: the Monte Carlo search tree at step k."""

from __future__ import annotations

import re
import shutil

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.render.mcts_tree import draw_mcts
from negaviz.search.events import EventKind
from negaviz.trace.mcts import MctsTrace, record_mcts, state_at, ucb_table

TREE = record_mcts(negaviz.Tree.parse("[[7,5],[3,1,9]]"), iterations=12, seed=0)
TTT = record_mcts(negaviz.TicTacToe("x../.o./..."), iterations=60, seed=1)


def drawn(dot: object) -> set[int]:
    return {int(m) for m in re.findall(r"^\tn(\d+) \[", dot.source, re.M)}  # type: ignore[attr-defined]


def truncated(t: MctsTrace, k: int) -> MctsTrace:
    stop = t.offsets[k] if k < len(t) else len(t.stream)
    lists = sum(1 for node in state_at(t, k).nodes if node.moves is not None)
    return MctsTrace(t.stream[:stop], t.move_lists[:lists], k, game=t.game, root=t.root, options=t.options)


@pytest.mark.parametrize("trace", [TREE, TTT], ids=["tree", "ttt"])
def test_each_step_draws_exactly_the_nodes_made_so_far_and_nothing_later(trace: MctsTrace) -> None:
    for k in range(0, len(trace) + 1, 3):
        dot = draw_mcts(trace, step=k, max_nodes=1000)
        assert drawn(dot) == {n.id for n in state_at(trace, k).nodes}
        assert dot.source == draw_mcts(truncated(trace, k), step=k, max_nodes=1000).source  # the prefix only


def test_the_same_trace_draws_the_same_source() -> None:
    again = record_mcts(negaviz.TicTacToe("x../.o./..."), iterations=60, seed=1)
    assert draw_mcts(TTT).source == draw_mcts(again).source


def test_ucb_terms_show_exactly_while_a_full_node_selects() -> None:
    for k, ev in enumerate(TTT.events):
        source = draw_mcts(TTT, step=k, max_nodes=1000).source
        if ev.kind == EventKind.SELECT:  # the next event selects: the state shows every child's UCB
            s = state_at(TTT, k)
            table = ucb_table(TTT, s, s.current)
            assert source.count("UCB ") == len(table)
            assert f"= {negaviz.vocabulary.fmt(max(u.ucb for u in table), digits=3)}" in source
        else:
            assert "UCB " not in source


def test_edge_width_grows_with_visits() -> None:
    s = state_at(TTT, len(TTT))
    widths = {int(c): float(w) for c, w in re.findall(r"n0 -> n(\d+) \[.*penwidth=([\d.]+)", draw_mcts(TTT, max_nodes=1000).source)}
    by_visits = sorted(widths, key=lambda c: s.nodes[c].n)
    assert [widths[c] for c in by_visits] == sorted(widths.values())
    assert widths[by_visits[-1]] > widths[by_visits[0]]


def test_a_large_tree_keeps_the_most_visited_and_folds_the_rest_with_their_visits() -> None:
    s = state_at(TTT, len(TTT))
    dot = draw_mcts(TTT, max_nodes=8)
    kept = drawn(dot)
    assert len(kept) == 8 and 0 in kept
    rest = sorted((n for n in s.nodes if n.id not in kept), key=lambda n: -n.n)
    assert all(s.nodes[k].n >= rest[0].n for k in kept)
    folded = {int(p): int(v) for p, v in re.findall(r"\tf(\d+) \[label=\"\+\d+\nN (\d+)", dot.source)}
    for parent, visits in folded.items():
        assert visits == sum(s.nodes[c].n for c in s.nodes[parent].children if c not in kept)


def test_the_playout_shows_folded_while_it_is_backed_up() -> None:
    k = next(e.step for e in TTT.events if e.kind == EventKind.PLAYOUT) + 1
    s = state_at(TTT, k)
    assert s.playout is not None
    assert f"playout: {s.playout[1]} move" in draw_mcts(TTT, step=k).source
    assert "playout:" not in draw_mcts(TTT).source  # between iterations


def test_bad_input_is_refused() -> None:
    with pytest.raises(InputError, match="max_nodes must be a whole number of at least 2"):
        draw_mcts(TTT, max_nodes=1)
    with pytest.raises(InputError):
        draw_mcts(TTT, step=len(TTT) + 1)
    with pytest.raises(InputError, match="needs an MCTS trace"):
        draw_mcts(negaviz.record(negaviz.Tree.parse("[1,2]")))  # type: ignore[arg-type]


@pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz's dot")
def test_dot_draws_it() -> None:
    svg = draw_mcts(TTT, step=200).pipe(format="svg").decode()
    assert svg.startswith("<?xml") and "iteration" in svg


def test_the_alpha_beta_picture_and_replay_refuse_an_mcts_trace_naming_what_to_use() -> None:
    from negaviz.render import draw
    from negaviz.trace import Replay

    with pytest.raises(InputError, match="draw it with negaviz.render.mcts_tree.draw_mcts"):
        draw(TTT)
    with pytest.raises(InputError, match="step it with negaviz.trace.mcts.state_at"):
        Replay(TTT)


@pytest.mark.skipif(shutil.which("dot") is None, reason="needs Graphviz's dot")
def test_a_notebook_shows_an_mcts_trace_as_its_tree() -> None:
    shown = TTT._repr_mimebundle_()
    assert shown["text/plain"] == repr(TTT) and "image/svg+xml" in shown
    assert "iteration 60" in shown["image/svg+xml"]
