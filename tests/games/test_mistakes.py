"""A lecturer's game with an ordinary mistake: the right answer, or an InputError.

One test per mistake of issue 19's list, on the plain protocol (the adapters' own are in
``test_adapter.py``, ``test_aima.py`` and ``test_easyai.py``), then a property: random
mistakes in each verb of each kind of game (plain protocol, :class:`MutableGame`,
``from_aima``, ``from_easyai``), under every algorithm, untraced and recorded, give the
reference value or an InputError, never another exception.

The game is Nim with moves 1 and 2, whoever takes the last stick wins: the side to
move at ``n`` sticks loses (-1) when ``n`` is a multiple of 3 and wins (+1) otherwise.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import negaviz
from negaviz import MutableGame, from_aima, from_easyai, record, search
from negaviz.errors import InputError, NegavizWarning, UnorderedMovesWarning


def reference(n: int) -> int:
    return -1 if n % 3 == 0 else 1


class Nim:
    """The plain protocol, positions as ints (or as one-element lists, ``boxed``)."""

    def __init__(self, n: int = 4, boxed: bool = False) -> None:
        self.root: Any = [n] if boxed else n
        self.boxed = boxed

    def sticks(self, pos: Any) -> int:
        return int(pos[0]) if self.boxed else int(pos)

    def moves(self, pos: Any) -> Any:
        return [m for m in (1, 2) if m <= self.sticks(pos)]

    def play(self, pos: Any, move: int) -> Any:
        n = self.sticks(pos) - move
        return [n] if self.boxed else n

    def is_terminal(self, pos: Any) -> Any:
        return self.sticks(pos) == 0

    def score(self, pos: Any) -> Any:
        return -1

    def evaluate(self, pos: Any) -> Any:
        return 0


def mistaken(n: int = 4, boxed: bool = False, **verbs: Callable[..., Any]) -> Nim:
    """A Nim whose named verbs are replaced (each a function of the game and its arguments)."""
    cls = type("Nim", (Nim,), verbs)
    return cls(n, boxed)


# ---------------------------------------------------------------------------- one test per mistake
@pytest.mark.parametrize("algorithm", ["negamax", "alphabeta", "pvs", "mtdf"])
@pytest.mark.parametrize("tt", [False, True])
def test_moves_as_a_generator_are_taken_once(algorithm: str, tt: bool) -> None:
    game = mistaken(moves=lambda self, pos: (m for m in (1, 2) if m <= pos))
    plain = Nim()
    got, want = search(game, algorithm=algorithm, tt=tt), search(plain, algorithm=algorithm, tt=tt)
    assert (got.value, got.nodes, got.pv) == (want.value, want.nodes, want.pv)
    traced, wanted = record(game, algorithm=algorithm, tt=tt), record(plain, algorithm=algorithm, tt=tt)
    assert repr(traced) == repr(wanted)  # as many nodes and events
    assert [traced.label(n.id) for n in traced.nodes] == [wanted.label(n.id) for n in wanted.nodes]


@pytest.mark.parametrize(
    "returned, words",
    [
        (None, "Nim.moves() returned None at position '4': it must return a list of the legal moves"),
        (3, "Nim.moves() returned int 3 at position '4'"),
        ("12", "Nim.moves() returned str '12' at position '4'"),
    ],
)
def test_moves_that_are_no_collection_of_moves_are_named(returned: Any, words: str) -> None:
    with pytest.raises(InputError) as info:
        search(mistaken(moves=lambda self, pos: returned))
    assert words in str(info.value)


def test_moves_as_a_set_are_sorted_with_one_warning_per_search() -> None:
    game = mistaken(moves=lambda self, pos: {m for m in (2, 1) if m <= pos})
    with pytest.warns(UnorderedMovesWarning, match=r"Nim.moves\(\) returned a set at position '4'") as caught:
        trace = record(game, algorithm="alphabeta")
    assert len(caught) == 1
    assert issubclass(UnorderedMovesWarning, NegavizWarning) and issubclass(NegavizWarning, UserWarning)
    assert "searched in sorted order" in str(caught[0].message)
    assert trace.pv_names() == record(Nim(), algorithm="alphabeta").pv_names()  # (1, 2) sorted is Nim's own order


def test_a_position_without_moves_must_be_terminal() -> None:
    stuck = mistaken(moves=lambda self, pos: [m for m in (1, 2) if m < pos])  # nothing to take from 1
    with pytest.raises(InputError, match=r"Nim.moves\(\) returned no moves at position '1', which is_terminal\(\) "
                       r"does not call over: a position without legal moves must be terminal"):
        search(stuck)
    forgot = mistaken(is_terminal=lambda self, pos: None)
    with pytest.raises(InputError, match=r"is_terminal\(\) returned None there: does it lack a return\?"):
        search(forgot)


def test_play_that_changes_its_argument_is_named() -> None:
    def in_place(self: Nim, pos: list[int], move: int) -> list[int]:
        pos[0] -= move
        return pos

    with pytest.raises(InputError, match=r"Nim.play\(\) returned the position it was given \(move 1 at position "):
        search(mistaken(play=in_place, boxed=True))

    def changes_and_copies(self: Nim, pos: list[int], move: int) -> list[int]:
        pos[0] -= move
        return list(pos)

    with pytest.raises(InputError, match=r"Nim.play\(\) changed the position it was given \(move 1 made it '\[3\]'\): "
                       "play\\(\\) must return a new position and leave its argument unchanged"):
        search(mistaken(play=changes_and_copies, boxed=True))

    def moves_and_changes(self: Nim, pos: list[int]) -> list[int]:
        pos.append(0)  # any verb that changes the position it is asked about
        return [m for m in (1, 2) if m <= pos[0]]

    with pytest.raises(InputError, match=r"searching Nim changed the root position it was given \(now list \[4, 0"):
        search(mistaken(moves=moves_and_changes, boxed=True))
    with pytest.raises(InputError, match=r"Nim.play\(\) returned None \(move 1 at position '4'\)"):
        search(mistaken(play=lambda self, pos, move: None))


def test_a_pass_may_give_back_the_same_value() -> None:
    # An int (or a tuple) that comes back unchanged is the same value, not a changed object.
    class Passing(Nim):
        def moves(self, pos: Any) -> Any:
            return ["pass"] if pos == 5 else super().moves(pos)

        def play(self, pos: Any, move: Any) -> Any:
            return pos if move == "pass" else super().play(pos, move)

    assert search(Passing(5), depth=3).value == 0  # evaluate() at the depth limit


@pytest.mark.parametrize(
    "value, words",
    [
        ("-1", "Nim.score() must return a number (int or float), got str '-1' at position '0'"),
        ("abc", "got str 'abc'"),
        ([1], "got list [1]"),
        (None, "got NoneType None"),
        (True, "got bool True"),
        (math.nan, "got NaN"),
    ],
)
def test_a_score_that_is_no_number_is_named(value: Any, words: str) -> None:
    with pytest.raises(InputError) as info:
        search(mistaken(score=lambda self, pos: value))
    assert words in str(info.value)


def test_numbers_of_other_types_are_scores() -> None:
    assert search(mistaken(score=lambda self, pos: Fraction(-1))).value == 1
    assert search(mistaken(score=lambda self, pos: -1.0)).value == 1


def test_unhashable_positions_in_a_table_are_keyed_by_their_contents() -> None:
    boxed = Nim(4, boxed=True)
    got = search(boxed, algorithm="alphabeta", tt=True)
    assert (got.value, got.nodes) == (search(Nim(4), algorithm="alphabeta", tt=True).value, got.nodes)
    assert got.tt_hits == search(Nim(4), algorithm="alphabeta", tt=True).tt_hits
    keyed = mistaken(key=lambda self, pos: [pos])
    with pytest.raises(InputError, match=r"Nim.key\(\) must return a hashable value \(e.g. a tuple or a string\), "
                       r"got list \[4\] at position '4'"):
        search(keyed, tt=True)


def test_iterative_deepening_without_evaluate_is_named_up_front() -> None:
    class Bare(Nim):
        evaluate = None  # type: ignore[assignment]

    with pytest.raises(InputError, match=r"iterative deepening \(algorithm='id'\) .* which Bare lacks: give the game "
                       r"an evaluate\(pos\)"):
        search(Bare(), algorithm="id")


def test_an_order_that_loses_moves_is_named() -> None:
    with pytest.raises(InputError, match=r"Nim.order\(\) returned None at position '4': it must return the moves it "
                       r"is given \(1, 2\), reordered"):
        search(mistaken(order=lambda self, pos, moves: None), order="heuristic")
    with pytest.raises(InputError, match=r"Nim.order\(\) returned 1 moves for 2"):
        search(mistaken(order=lambda self, pos, moves: moves[:1]), order="heuristic")
    backwards = search(mistaken(order=lambda self, pos, moves: reversed(moves)), order="heuristic", algorithm="alphabeta")
    assert backwards.value == 1 and backwards.pv[0] == 1


def test_changing_the_root_after_record_leaves_the_trace_as_it_was() -> None:
    class Labelled(Nim):
        def label(self, pos: Any) -> str:
            return f"{pos[0]} sticks"

    root = [4]
    trace = record(Labelled(boxed=True), root)
    labels = [trace.label(n.id) for n in trace.nodes]
    root[0] = 99
    assert [trace.label(n.id) for n in trace.nodes] == labels
    assert labels[0] == "4 sticks"


def test_a_node_with_ten_thousand_moves_is_searched_and_recorded_in_linear_work() -> None:
    """Work counted, not timed: every verb is asked a bounded number of times per child
    (no re-listing of the 10,000 moves for each), whatever the machine's speed."""
    calls = {"moves": 0, "play": 0, "is_terminal": 0, "score": 0}

    class Wide:
        root = 0

        def moves(self, pos: int) -> range:
            calls["moves"] += 1
            return range(10_000) if pos == 0 else range(0)

        def play(self, pos: int, move: int) -> int:
            calls["play"] += 1
            return move + 1

        def is_terminal(self, pos: int) -> bool:
            calls["is_terminal"] += 1
            return pos != 0

        def score(self, pos: int) -> int:
            calls["score"] += 1
            return pos % 7

    trace = record(Wide(), algorithm="alphabeta")
    assert trace.value == 0 and len(trace.nodes) == 10_001
    assert search(Wide()).value == 0
    assert calls["moves"] <= 4  # the root's list, once per search (a leaf's never asked)
    assert all(n <= 4 * 10_001 for n in calls.values()), calls


# ---------------------------------------------------------------------------- the property
# Each kind of game, built with a mistake in one verb at the positions with ``at``
# sticks: (verb of that kind, the mistake) -> what the verb returns instead.
MOVES_MISTAKES: dict[str, Callable[[list[int]], Any]] = {
    "generator": lambda ms: (m for m in ms),
    "tuple": tuple,
    "set": set,
    "dict": lambda ms: dict.fromkeys(ms),
    "range-like": lambda ms: range(1, len(ms) + 1),
    "None": lambda ms: None,
    "an int": lambda ms: ms[0] if ms else 0,
    "a str": lambda ms: "".join(map(str, ms)),
    "empty": lambda ms: [],
}
VALUE_MISTAKES: dict[str, Callable[[int], Any]] = {
    "float": float,
    "Fraction": Fraction,
    "text": str,
    "words": lambda v: "abc",
    "a list": lambda v: [v],
    "None": lambda v: None,
    "a bool": lambda v: v > 0,
    "NaN": lambda v: math.nan,
}
PLAY_MISTAKES = ("None", "in place", "in place and copied")


class _Obj:
    """Nim as a lecturer's mutable object (``MutableGame``) or an easyAI game."""

    def __init__(self, n: int, mistake: Callable[[str, Any], Any]) -> None:
        self.n, self.current_player, self.mistake = n, 1, mistake

    def get_moves(self) -> Any:
        return self.mistake("moves", [m for m in (1, 2) if m <= self.n])

    possible_moves = get_moves

    def make_move(self, m: int) -> None:
        self.n -= m

    def unmake_move(self, m: int) -> None:
        self.n += m

    def switch_player(self) -> None:
        self.current_player = 3 - self.current_player

    def is_over(self) -> bool:
        return self.n == 0

    def get_utility(self) -> Any:
        return self.mistake("score", -1)

    scoring = get_utility


class _Aima:
    """Nim as an AIMA game: a state is (sticks, player to move)."""

    initial = None

    def __init__(self, n: int, mistake: Callable[..., Any]) -> None:
        self.initial, self.mistake = (n, "MAX"), mistake

    def actions(self, state: tuple[int, str]) -> Any:
        return self.mistake("moves", [m for m in (1, 2) if m <= state[0]], state[0])

    def result(self, state: tuple[int, str], move: int) -> tuple[int, str]:
        return (state[0] - move, "MIN" if state[1] == "MAX" else "MAX")

    def terminal_test(self, state: tuple[int, str]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, str], player: str) -> Any:
        return self.mistake("score", -1 if player == state[1] else 1, state[0])

    def to_move(self, state: tuple[int, str]) -> str:
        return state[1]


def build(kind: str, n: int, verb: str, mistake: str, at: int) -> Any:
    """A Nim of ``kind`` with ``n`` sticks whose ``verb`` makes ``mistake`` at ``at`` sticks."""

    def wrong(which: str, right: Any, sticks: int | None = None) -> Any:
        if which != verb or (sticks if sticks is not None else obj.n) != at:
            return right
        return MOVES_MISTAKES[mistake](right) if verb == "moves" else VALUE_MISTAKES[mistake](right)

    if kind == "plain":
        game = Nim(n, boxed=verb == "play")
        moves, score, play = game.moves, game.score, game.play

        def plain_moves(pos: Any) -> Any:
            return wrong("moves", moves(pos), game.sticks(pos))

        def plain_score(pos: Any) -> Any:
            return wrong("score", score(pos), game.sticks(pos))

        def plain_play(pos: Any, move: int) -> Any:
            if game.sticks(pos) != at:
                return play(pos, move)
            if mistake == "None":
                return None
            pos[0] -= move
            return pos if mistake == "in place" else list(pos)

        game.moves, game.score = plain_moves, plain_score  # type: ignore[method-assign]
        if verb == "play":
            game.play = plain_play  # type: ignore[method-assign]
        return game
    if kind == "aima":
        return from_aima(_Aima(n, wrong))
    obj = _Obj(n, wrong)
    return MutableGame(obj, evaluate=lambda o: 0) if kind == "mutable" else from_easyai(obj)


@st.composite
def mistakes(draw: Any) -> tuple[str, str, str]:
    kind = draw(st.sampled_from(["plain", "mutable", "aima", "easyai"]))
    verbs = ["moves", "score"] + (["play"] if kind == "plain" else [])
    verb = draw(st.sampled_from(verbs))
    table = {"moves": list(MOVES_MISTAKES), "score": list(VALUE_MISTAKES), "play": list(PLAY_MISTAKES)}[verb]
    return kind, verb, draw(st.sampled_from(table))


@settings(max_examples=300)
@given(
    mistake=mistakes(),
    n=st.integers(1, 6),
    at=st.integers(0, 6),
    algorithm=st.sampled_from(["negamax", "alphabeta", "pvs", "mtdf", "id"]),
    tt=st.booleans(),
    recorded=st.booleans(),
)
def test_a_mistake_in_any_verb_gives_the_reference_value_or_an_input_error(
    mistake: tuple[str, str, str], n: int, at: int, algorithm: str, tt: bool, recorded: bool
) -> None:
    kind, verb, what = mistake
    if algorithm == "id" and kind == "aima":
        algorithm = "alphabeta"  # from_aima has no evaluate without evaluate=
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnorderedMovesWarning)
        try:
            game = build(kind, n, verb, what, at)  # from_aima asks for the root's moves at once
            value = (record(game, algorithm=algorithm, tt=tt) if recorded else search(game, algorithm=algorithm, tt=tt)).value
        except InputError as exc:
            assert "\n" not in str(exc)
            return
    assert value == reference(n), (kind, verb, what)


def test_the_property_reaches_both_outcomes() -> None:
    # Guard against a property that passes because every case raised (or none did).
    assert search(build("mutable", 4, "moves", "generator", 4)).value == reference(4)
    assert search(build("easyai", 4, "score", "Fraction", 0)).value == reference(4)
    with pytest.raises(InputError, match=r"_Aima.actions\(\) returned None at position"):
        search(build("aima", 4, "moves", "None", 4))
    with pytest.raises(InputError, match=r"_Obj.possible_moves\(\) returned str '12'"):
        search(build("easyai", 4, "moves", "a str", 4))
    assert negaviz.search(build("plain", 3, "play", "in place", 5)).value == reference(3)


def test_a_player_named_by_its_mark_is_named() -> None:
    marked = mistaken(player=lambda self, pos: "x" if pos % 2 else "o")
    with pytest.raises(InputError, match=r"^Nim.player\(\) returned 'o' at position '4': it must return 0 when the "
                       "first player is to move, 1 when the second is$"):
        search(marked)
    import numpy

    counted = mistaken(player=lambda self, pos: numpy.int64(pos % 2))
    assert search(counted).first_player == 0
