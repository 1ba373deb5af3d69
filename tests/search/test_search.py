"""Tests of negaviz.search: conventions, the textbook example, options, budget, observers."""

from __future__ import annotations

import ast
import gc
import math
import re
from typing import Any

import pytest

import negaviz

from negaviz import (
    EventKind,
    InputError,
    Observer,
    SearchInterrupted,
    SearchOptions,
    TicTacToe,
    Tree,
    record,
    search,
)
from negaviz.search import Bound, CutReason
from negaviz.search.ordering import orderer
from negaviz.search.tt import Entry, TranspositionTable

INF = math.inf
TEXTBOOK = "[[7,5],[3,1,9]]"
TTT = TicTacToe()


# ------------------------------------------------------------------ conventions
@pytest.mark.slow
def test_plain_negamax_from_the_empty_board_visits_549946_nodes() -> None:
    result = search(TTT, algorithm="negamax")
    assert result.nodes == 549_946  # calls of the search function, root included
    assert result.leaves == 255_168  # the number of distinct tic-tac-toe games
    assert result.value == 0 and result.cutoffs == 0 and result.tt_hits == 0
    assert result.complete and result.stopped is None


@pytest.mark.slow
def test_minimax_visits_the_same_nodes_and_reports_for_the_first_player(ttt_reference) -> None:
    for cells in ttt_reference.inner[::300]:
        pos = TTT.parse(cells)
        mini = search(TTT, pos, algorithm="minimax")
        nega = search(TTT, pos, algorithm="negamax")
        x_to_move = cells.count("x") == cells.count("o")
        assert mini.first_player == nega.first_player == (0 if x_to_move else 1)
        assert mini.value == nega.value == ttt_reference.values[cells]  # value: for the side to move
        assert mini.minimax_value == (mini.value if x_to_move else -mini.value)  # for x
        assert (mini.nodes, mini.leaves, mini.pv) == (nega.nodes, nega.leaves, nega.pv)
    lost_for_o = search(TTT, TTT.parse("x.x/.o./o.x"), algorithm="minimax")  # x threatens b1 and c2
    assert (lost_for_o.value, lost_for_o.minimax_value) == (-1, 1)


def test_alpha_beta_from_the_empty_board() -> None:
    result = search(TTT)  # alpha-beta is the default
    assert result.value == 0
    assert result.nodes < 549_946 // 10 and result.cutoffs > 0


# ------------------------------------------------------------------ the textbook example
def test_textbook_alpha_beta() -> None:
    tree = Tree.parse(TEXTBOOK)
    result = search(tree, algorithm="alphabeta")
    assert result.value == 5
    assert (result.nodes, result.leaves, result.cutoffs) == (6, 3, 1)
    assert result.pv_names == ("B", "E")
    assert result.move == tree.moves(tree.root)[0]

    trace = record(tree, algorithm="alphabeta")
    assert [trace.label(n.id) for n in trace.nodes] == ["A", "B", "D", "E", "C", "F"]
    assert [trace.label(n) for n in trace.cut_nodes()] == ["C"]
    assert trace.node(trace.cut_nodes()[0]).cutoff == CutReason.BETA
    assert trace.pruned_labels() == ["G", "H"]
    windows = [(trace.label(e.node), e.alpha, e.beta) for e in trace.events if e.kind == EventKind.ENTER]
    # By hand, negamax windows for the side to move at each node:
    # B gets (-beta, -alpha) of A; after D = 7, B's alpha is -7, so E gets (-inf, 7);
    # B returns -5, A's alpha becomes 5, so C gets (-inf, -5) and F gets (5, inf).
    assert windows == [
        ("A", -INF, INF),
        ("B", -INF, INF),
        ("D", -INF, INF),
        ("E", -INF, 7),
        ("C", -INF, -5),
        ("F", 5, INF),
    ]


def hand_alphabeta(node: tuple[str, Any], alpha: float, beta: float, sign: int, log: list) -> float:
    """Textbook alpha-beta on (name, value-or-children) pairs, written out longhand."""
    name, body = node
    log.append((name, alpha, beta))
    if not isinstance(body, list):
        return sign * body
    best = -INF
    for child in body:
        v = -hand_alphabeta(child, -beta, -alpha, -sign, log)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break  # beta cut-off: the opponent will never allow this line
    return best


def spreadsheet_name(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, ..."""
    return spreadsheet_name(i // 26 - 1) + chr(65 + i % 26) if i >= 26 else chr(65 + i)


def named(nested: Any) -> tuple[str, Any]:
    """Pair every item of a nested list with its breadth-first name."""
    root: list[Any] = ["", None]
    queue = [(nested, root)]
    for i, (item, slot) in enumerate(queue):
        slot[0] = spreadsheet_name(i)
        if isinstance(item, list):
            slot[1] = [["", None] for _ in item]
            queue.extend(zip(item, slot[1], strict=True))
        else:
            slot[1] = item

    def freeze(slot: list[Any]) -> tuple[str, Any]:
        return (slot[0], [freeze(s) for s in slot[1]] if isinstance(slot[1], list) else slot[1])

    return freeze(root)


def test_textbook_windows_match_a_longhand_alpha_beta() -> None:
    for text in (TEXTBOOK, "[[3,12,8],[2,4,6],[14,5,2]]", "[[[5,6],[7,4,5]],[[3]]]", "[[1,[2,[3,4]]],[[5,6],7]]"):
        tree = Tree.parse(text)
        log: list = []
        value = hand_alphabeta(named(ast.literal_eval(text)), -INF, INF, 1, log)
        trace = record(tree, algorithm="alphabeta")
        got = [(trace.label(e.node), e.alpha, e.beta) for e in trace.events if e.kind == EventKind.ENTER]
        assert got == log
        assert trace.value == value


def test_textbook_negamax_visits_every_node() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="negamax")
    assert [trace.label(n.id) for n in trace.nodes] == ["A", "B", "D", "E", "C", "F", "G", "H"]
    assert trace.value == 5 and trace.cut_nodes() == []


# ------------------------------------------------------------------ windows and fail-hard
@pytest.mark.parametrize(
    ("window", "soft_check", "hard"),
    [
        ((6, 10), lambda v: 5 <= v <= 6, 6),  # fails low: an upper bound at or below alpha
        ((0, 3), lambda v: 3 <= v <= 5, 3),  # fails high: a lower bound at or above beta
        ((4, 6), lambda v: v == 5, 5),
        ((5, 6), lambda v: 5 <= v <= 5, 5),
    ],
)
def test_windows_fail_soft_and_fail_hard(window: tuple[float, float], soft_check: Any, hard: float) -> None:
    tree = Tree.parse(TEXTBOOK)
    soft = search(tree, window=window)
    assert soft_check(soft.value)
    assert search(tree, window=window, fail_hard=True).value == hard


def test_fail_hard_returns_window_edges_on_tictactoe() -> None:
    assert search(TTT, fail_hard=True, window=(0.25, 0.5)).value == 0.25
    assert search(TTT, fail_hard=True, window=(-0.5, -0.25)).value == -0.25
    assert search(TTT, window=(0.25, 0.5)).value <= 0.25


def test_fail_hard_table_hits_report_a_bound_when_clamped() -> None:
    # D is solved exactly (-5 for its side) under B; under F it is reached with window
    # (-1, inf), so fail-hard clamps it to -1: an upper bound, not the exact value.
    tree = Tree.parse("A:0(B(D(E:-5)) C:-1 F(D))")
    trace = record(tree, algorithm="alphabeta", fail_hard=True, tt=True)
    assert trace.value == search(tree, algorithm="negamax").value == -1
    second_d = [n for n in trace.nodes if trace.label(n.id) == "D"][1]
    assert second_d.ending == "tt" and second_d.value == -1
    assert second_d.bound == Bound.UPPER


# ------------------------------------------------------------------ options
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"algorithm": "mcts"}, r"unknown algorithm: 'mcts' \(must be one of \['minimax', 'negamax', 'alphabeta'.*\]\)"),
        ({"order": "random"}, r"unknown move order: 'random' \(order must be one of \['natural', 'heuristic', 'threats', 'threats\+heuristic'\]\)"),
        ({"tt_replace": "never"}, r"unknown table replacement: 'never'"),
        ({"depth": -1}, "depth must be 0 or more, not -1"),
        ({"depth": 2.5}, "depth must be a whole number or None, not 2.5"),
        ({"depth": True}, "depth must be a whole number or None, not True"),
        ({"tt_size": 0}, "tt_size must be at least 1, not 0"),
        ({"max_nodes": 0}, "max_nodes must be at least 1, not 0"),
        ({"window": (1, 1)}, r"window \(1, 1\) must have alpha < beta"),
        ({"window": (2, 1)}, "must have alpha < beta"),
        ({"window": (math.nan, 1)}, "must have alpha < beta"),
        ({"window": "ab"}, "window must be two numbers"),
        ({"window": (1, 2, 3)}, "window must be two numbers"),
        ({"algorithm": "negamax", "window": (-1, 1)}, "a window needs algorithm 'alphabeta'.*, not 'negamax'"),
        ({"algorithm": "minimax", "fail_hard": True}, "fail-hard needs algorithm 'alphabeta'.*, not 'minimax'"),
    ],
)
def test_bad_options_are_input_errors_naming_what_is_allowed(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        SearchOptions(**kwargs)
    with pytest.raises(InputError, match=message):
        search(TTT, **kwargs)


def test_options_round_trip_through_dicts() -> None:
    opts = SearchOptions(algorithm="alphabeta", depth=3, tt=True, tt_size=64, window=(-INF, 2.5), fail_hard=True)
    d = opts.to_dict()
    assert d["window"] == ["-inf", 2.5]
    assert SearchOptions.from_dict(d) == opts
    assert opts.window == (-INF, 2.5) and isinstance(SearchOptions(window=(0, 1)).window[0], float)
    with pytest.raises(InputError, match=r"unknown search option 'speed' \(known: algorithm, depth"):
        SearchOptions.from_dict({"speed": 3})


def test_search_checks_its_arguments() -> None:
    with pytest.raises(InputError, match=r"object is not a game: it lacks moves, play, is_terminal, score"):
        search(object())
    with pytest.raises(InputError, match="either as options= or as keywords, not both"):
        search(TTT, options=SearchOptions(), tt=True)

    class Rootless:
        moves = play = is_terminal = score = staticmethod(lambda *a: None)

    with pytest.raises(InputError, match="Rootless has no root position: pass one to search"):
        search(Rootless())


def test_options_object_and_keywords_agree() -> None:
    a = search(TTT, options=SearchOptions(order="heuristic", tt=True))
    b = search(TTT, order="heuristic", tt=True)
    assert (a.value, a.nodes, a.pv, a.options) == (b.value, b.nodes, b.pv, b.options)


@pytest.mark.parametrize(
    ("game", "kwargs", "message"),
    [
        (Tree.parse(TEXTBOOK), {"symmetry": True}, "symmetry needs the game's symmetries\\(\\); Tree has none"),
        (Tree.parse(TEXTBOOK), {"depth": 1}, "node B has no heuristic value"),
    ],
)
def test_features_the_game_lacks_are_input_errors(game: Any, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        search(game, **kwargs)


class Bare:
    """A game with only the four verbs: a one-pile Nim where the last take wins."""

    root = 6

    def moves(self, pos: int) -> list[int]:
        return [t for t in (1, 2) if t <= pos]

    def play(self, pos: int, move: int) -> int:
        return pos - move

    def is_terminal(self, pos: int) -> bool:
        return pos == 0

    def score(self, pos: int) -> int:
        return -1  # the player who took the last stone won


def test_a_game_with_only_the_four_verbs() -> None:
    assert search(Bare(), algorithm="negamax").value == -1  # multiples of 3 are lost
    assert search(Bare(), 5, algorithm="negamax").value == 1
    assert search(Bare(), order="threats").value == -1  # immediate wins found by playing
    with pytest.raises(InputError, match="a depth limit needs an evaluation, and Bare has no evaluate"):
        search(Bare(), depth=2)
    with pytest.raises(InputError, match="needs the game's max_score; Bare has none"):
        search(Bare(), stop_at_win=True)
    with pytest.raises(InputError, match="move order 'heuristic' needs the game to have order\\(\\) or evaluate\\(\\); Bare has neither"):
        search(Bare(), order="heuristic")
    assert search(Bare(), tt=True, algorithm="negamax").tt_hits > 0  # positions are their own keys


# ------------------------------------------------------------------ depth, order, symmetry, stopping
def test_depth_limited_tictactoe_uses_the_evaluation() -> None:
    r0 = search(TTT, depth=0)
    assert (r0.value, r0.nodes, r0.leaves) == (0, 1, 1)
    r1 = search(TTT, algorithm="negamax", depth=1)
    # After x takes the centre, o keeps 4 open lines against x's 8: -0.4 for o (tenths).
    assert (r1.value, r1.pv, r1.nodes, r1.leaves) == (0.4, (4,), 10, 9)
    assert search(TTT, depth=9).value == 0  # deep enough to be exact


def test_heuristic_and_threat_orders() -> None:
    ttt_order = orderer(TTT, "heuristic")
    assert ttt_order is not None and ttt_order(TTT.root, TTT.moves(TTT.root)) == [4, 0, 2, 6, 8, 1, 3, 5, 7]
    assert orderer(TTT, "natural") is None
    pos = TTT.parse("xx./oo./...")  # x to move: wins at 2, must otherwise block 5
    threats = orderer(TTT, "threats")
    assert threats is not None and threats(pos, TTT.moves(pos)) == [2, 5, 6, 7, 8]
    tree = Tree.parse("A:0(B:3(D:1) C:-2(E:1) F:8)")
    by_eval = orderer(tree, "heuristic")
    # Children's values for the opponent are -3, 2, -8: best for A first is the smallest.
    assert by_eval is not None and [tree.labels[m] for m in by_eval(0, tree.moves(0))] == ["F", "B", "C"]
    by_wins = orderer(tree, "threats")
    assert by_wins is not None and [tree.labels[m] for m in by_wins(0, tree.moves(0))] == ["F", "B", "C"]


@pytest.mark.slow
def test_symmetry_tries_symmetric_moves_once() -> None:
    trace = record(TTT, algorithm="negamax", symmetry=True, order="heuristic", depth=1)
    assert trace.move_lists[0] == (4, 0, 1)  # centre, a corner, an edge
    full = search(TTT, algorithm="negamax")
    sym = search(TTT, algorithm="negamax", symmetry=True)
    assert sym.value == full.value == 0 and sym.nodes < full.nodes


def test_stop_at_win_cuts_after_a_proven_win() -> None:
    tree = Tree.parse("A(B:9 C:1)")
    trace = record(tree, algorithm="negamax", stop_at_win=True)
    assert trace.value == 9  # B is worth 9 to the root player, the most any leaf is worth
    assert trace.node(0).cutoff == CutReason.WIN
    assert trace.pruned_labels() == ["C"]
    assert search(tree, algorithm="negamax").nodes == 3
    result = search(TTT, TTT.parse("xx./oo./..."), algorithm="negamax", stop_at_win=True)
    assert result.value == 1 and result.nodes == 2  # the first move, c1, wins at once


def test_stop_at_win_does_not_change_depth_limited_values() -> None:
    for depth in (1, 2, 3):
        assert search(TTT, depth=depth, stop_at_win=True).value == search(TTT, depth=depth).value


def test_iterative_deepening_with_aspiration_returns_the_exact_value() -> None:
    pos = TTT.parse("o../.x./x..")  # a draw
    assert search(TTT, pos, algorithm="negamax").value == 0
    assert search(TTT, pos, algorithm="id", aspiration=1).value == 0
    assert search(TTT, pos, algorithm="id", symmetry=True).value == 0
    # Depth 4: the aspiration search fails low with -1 (heuristic); the full-window
    # re-search starts from that table bound, proves >= -1 with no evaluation, and the
    # driver takes -1 for the exact value.
    assert search(TTT, pos, algorithm="id", aspiration=1, symmetry=True).value == 0


# ------------------------------------------------------------------ transposition tables
@pytest.mark.slow
def test_transposition_table_counts_hits() -> None:
    plain = search(TTT, algorithm="negamax")
    with_tt = search(TTT, algorithm="negamax", tt=True)
    assert with_tt.value == plain.value
    assert with_tt.tt_hits > 0 and with_tt.nodes < plain.nodes
    # Every non-terminal position is searched once; each later visit is a hit.
    assert with_tt.nodes - with_tt.tt_hits - with_tt.leaves == 4520


def test_table_replacement_policies() -> None:
    always = TranspositionTable(size=1, replace="always")
    always.put(Entry("a", 1, Bound.EXACT, 5, None))
    always.put(Entry("b", 2, Bound.LOWER, 3, None))
    assert always.get("a") is None and always.get("b") == Entry("b", 2, Bound.LOWER, 3, None)
    assert (len(always), always.stores, always.overwrites) == (1, 2, 1)
    deep = TranspositionTable(size=1, replace="depth")
    deep.put(Entry("a", 1, Bound.EXACT, 5, None))
    deep.put(Entry("b", 2, Bound.LOWER, 3, None))  # shallower: kept out
    assert deep.get("b") is None and deep.get("a") is not None
    deep.put(Entry("c", 3, Bound.UPPER, 5, None))  # as deep: the newer wins
    assert deep.get("c") is not None and deep.get("a") is None
    unbounded = TranspositionTable()
    for k in range(100):
        unbounded.put(Entry(("k", k), k, Bound.EXACT, 1, None))
    assert len(unbounded) == 100 and unbounded.get(("k", 7)).value == 7  # type: ignore[union-attr]


@pytest.mark.parametrize("replace", ["always", "depth"])
@pytest.mark.parametrize("size", [1, 7, 64])
def test_small_tables_still_give_the_right_value(size: int, replace: str) -> None:
    for cells in ("x........", "....x....", "xo......."):
        pos = TTT.parse(cells)
        want = search(TTT, pos, algorithm="negamax").value
        assert search(TTT, pos, tt=True, tt_size=size, tt_replace=replace).value == want
        assert search(TTT, pos, tt=True, tt_size=size, tt_replace=replace, fail_hard=True, window=(-1.5, 1.5)).value == want


# ------------------------------------------------------------------ budget
def test_a_node_budget_stops_the_search() -> None:
    result = search(TTT, algorithm="negamax", max_nodes=1000)
    assert result.stopped == "budget" and not result.complete
    assert result.nodes == 1000 and result.value is None and result.pv == () and result.move is None
    trace = record(TTT, algorithm="negamax", max_nodes=1000)
    assert trace.result is not None and trace.result.stopped == "budget"
    assert trace.complete is False and trace.value is None


@pytest.mark.slow
def test_a_budget_exactly_large_enough_is_not_spent() -> None:
    assert search(TTT, algorithm="negamax", max_nodes=549_946).complete
    assert search(TTT, algorithm="negamax", max_nodes=549_945).stopped == "budget"


@pytest.mark.parametrize("budget", [1, 3, 5])
def test_a_partial_trace_holds_max_nodes_nodes(budget: int) -> None:
    # The node over budget must not be entered: the trace shows what was counted.
    trace = record(Tree.parse(TEXTBOOK), algorithm="negamax", max_nodes=budget)
    assert trace.result is not None and trace.result.nodes == budget
    assert len(trace.nodes) == trace.counts().nodes == budget
    assert not trace.complete


# ------------------------------------------------------------------ observers
class Spy(Observer):
    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.expanded: list[tuple[Any, ...]] = []

    def expand(self, moves: Any) -> None:
        self.expanded.append(tuple(moves))

    def enter(self, index: int, alpha: float, beta: float) -> None:
        self.calls.append(("enter", index, alpha, beta))

    def leaf(self, value: float) -> None:
        self.calls.append(("leaf", value))

    def evaluation(self, value: float) -> None:
        self.calls.append(("evaluation", value))

    def child(self, value: float, improved: bool, alpha: float | None) -> None:
        self.calls.append(("child", value, improved, alpha))

    def cutoff(self, reason: CutReason) -> None:
        self.calls.append(("cutoff", reason))

    def tt_probe(self, hit: bool, bound: Bound | None, value: float, ended: bool) -> None:
        self.calls.append(("tt_probe", hit, bound, value if hit else None, ended if hit else None))

    def tt_store(self, value: float, bound: Bound) -> None:
        self.calls.append(("tt_store", value, bound))

    def exit(self, value: float, bound: Bound) -> None:
        self.calls.append(("exit", value, bound))

    def research(self, value: float) -> None:
        self.calls.append(("research", value))


def expected_calls(trace: Any) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for e in trace.events:
        k = e.kind
        if k == EventKind.ENTER:
            out.append(("enter", trace.node(e.node).index, e.alpha, e.beta))
        elif k == EventKind.LEAF:
            out.append(("leaf", e.value))
        elif k == EventKind.EVAL:
            out.append(("evaluation", e.value))
        elif k in (EventKind.CHILD, EventKind.BEST):
            out.append(("child", e.value, k == EventKind.BEST, e.alpha))
        elif k == EventKind.CUTOFF:
            out.append(("cutoff", e.reason))
        elif k == EventKind.TT_PROBE:
            out.append(("tt_probe", e.bound is not None, e.bound, e.value, e.ended))
        elif k == EventKind.TT_STORE:
            out.append(("tt_store", e.value, e.bound))
        elif k == EventKind.RESEARCH:
            out.append(("research", e.value))
        else:
            out.append(("exit", e.value, e.bound))
    return out


@pytest.mark.parametrize(
    "options",
    [
        {"algorithm": "alphabeta", "tt": True, "depth": 4, "order": "heuristic"},
        {"algorithm": "alphabeta", "stop_at_win": True, "symmetry": True, "tt": True},
        {"algorithm": "negamax", "tt": True, "window": (-INF, INF)},
        {"algorithm": "alphabeta", "fail_hard": True, "window": (-0.5, 0.5), "tt": True},
        {"algorithm": "pvs", "tt": True, "order": "heuristic"},
    ],
)
def test_observer_hooks_receive_every_event(options: dict[str, Any]) -> None:
    pos = TTT.parse("x...o..../")
    spy = Spy()
    result = search(TTT, pos, observer=spy, **options)
    trace = record(TTT, pos, **options)
    assert spy.calls == expected_calls(trace)
    assert spy.expanded == list(trace.move_lists)
    kinds = {c[0] for c in spy.calls}
    assert {"enter", "child", "exit", "tt_probe", "tt_store"} <= kinds
    assert ("research" in kinds) == (options["algorithm"] == "pvs")
    assert result.value == trace.value
    assert sum(c[0] == "enter" for c in spy.calls) == result.nodes


def test_the_default_observer_hooks_do_nothing() -> None:
    assert search(TTT, TTT.parse("x...o...."), observer=Observer(), tt=True).value == 0


# ------------------------------------------------------------------ interruption
class Interrupting(TicTacToe):
    """Raises KeyboardInterrupt like Ctrl-C after ``after`` terminal tests."""

    def __init__(self, after: int) -> None:
        super().__init__()
        self.after = after

    def is_terminal(self, pos: Any) -> bool:
        self.after -= 1
        if self.after < 0:
            raise KeyboardInterrupt
        return super().is_terminal(pos)


def test_ctrl_c_raises_search_interrupted_with_the_partial_result() -> None:
    with pytest.raises(SearchInterrupted) as info:
        search(Interrupting(100), algorithm="negamax")
    partial = info.value.result
    assert partial.stopped == "interrupted" and partial.value is None
    assert partial.nodes == 101
    assert isinstance(info.value, KeyboardInterrupt)


def test_ctrl_c_during_recording_returns_the_partial_trace() -> None:
    trace = record(Interrupting(50), algorithm="negamax")
    assert trace.result is not None and trace.result.stopped == "interrupted"
    assert not trace.complete
    assert gc.isenabled()  # the recorder paused the collector and must turn it back on


def test_result_to_dict() -> None:
    d = search(Tree.parse(TEXTBOOK), algorithm="alphabeta", window=(-INF, 10)).to_dict()
    assert d["value"] == 5 and d["minimax_value"] == 5
    assert (d["move"], d["pv"], d["nodes"], d["leaves"], d["cutoffs"], d["tt_hits"]) == ("B", ["B", "E"], 6, 3, 1, 0)
    assert d["complete"] is True and d["stopped"] is None
    assert d["options"]["window"] == ["-inf", 10]


# ------------------------------------------------------------------ what a game returns
class _Chain:
    """A custom game: two moves a ply, ``plies`` deep, ``value`` as the score."""

    root = 0

    def __init__(self, plies: int, value: object) -> None:
        self.plies, self.value = plies, value

    def moves(self, pos: int) -> list[int]:
        return [0, 1]

    def play(self, pos: int, move: int) -> int:
        return pos + 1

    def is_terminal(self, pos: int) -> bool:
        return pos >= self.plies

    def score(self, pos: int) -> Any:  # Any: the point is returning what a score must not be
        return self.value

    def evaluate(self, pos: int) -> Any:
        return self.value


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("0", "_Chain.score() must return a number (int or float), got str '0' at position '2'"),
        (None, "got NoneType None"),
        (True, "got bool True"),
        (math.nan, "got NaN"),
    ],
)
@pytest.mark.parametrize("algorithm", ["negamax", "alphabeta", "pvs", "mtdf"])
def test_a_score_that_is_not_a_number_is_an_input_error(value: object, words: str, algorithm: str) -> None:
    with pytest.raises(InputError) as info:
        search(_Chain(2, value), algorithm=algorithm)
    assert words in str(info.value)


def test_an_evaluation_that_is_not_a_number_is_an_input_error() -> None:
    with pytest.raises(InputError, match=re.escape("_Chain.evaluate() must return a number (int or float), got str")):
        search(_Chain(9, "1"), depth=3)


def test_other_real_numbers_are_scores() -> None:
    from decimal import Decimal
    from fractions import Fraction

    assert search(_Chain(2, Fraction(1, 3))).value == Fraction(1, 3)  # numbers.Real: fine
    with pytest.raises(InputError, match="got Decimal"):
        search(_Chain(2, Decimal("0.5")))  # not a Real: it does not mix with float windows
    assert search(_Chain(2, 10**400)).value == 10**400  # exact, untraced
    with pytest.raises(InputError, match="too large for a float"):
        negaviz.record(_Chain(2, 10**400))  # a trace holds floats


def test_a_game_deeper_than_the_recursion_limit_is_an_input_error() -> None:
    with pytest.raises(InputError, match=r"recursion limit \(\d+\) stopped it after about \d+ plies"):
        search(_Chain(5000, 1))
    assert search(_Chain(300, 1), stop_at_win=False, max_nodes=1000).stopped == "budget"  # no limit met


def test_table_options_apply_without_tt_only_where_a_table_is_kept() -> None:
    # MTD(f) and iterative deepening always keep a table, so its size and rule apply there.
    game = TicTacToe("xo./.x./...")
    assert search(game, algorithm="mtdf", tt_size=1000, tt_replace="depth").value == search(game).value
    assert search(game, algorithm="id", tt_size=1000).value == search(game).value
    with pytest.raises(InputError, match=r"a table size \(tt_size, --tt-size\) needs a transposition table"):
        search(game, algorithm="pvs", tt_size=1000)


@pytest.mark.parametrize("flag", ["tt", "symmetry", "fail_hard", "stop_at_win", "forced", "bounds"])
@pytest.mark.parametrize("value", ["no", "False", 1, None])
def test_search_flags_take_only_booleans(flag: str, value: Any) -> None:
    """Issue 29: a flag given 'no' is true to Python; every search flag is checked by
    vocabulary.check_flag, once, when the options are made (never inside the search)."""
    with pytest.raises(InputError, match=rf"^{flag} must be True or False, not {re.escape(repr(value))}$"):
        negaviz.search(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta", **{flag: value})
