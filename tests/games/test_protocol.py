"""Tests of negaviz.games.protocol: the required and optional verbs, and the helpers
through which every module asks a game for an optional verb."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz import InputError, Tree, prove, record, search
from negaviz.games import protocol
from negaviz.games.protocol import (
    METHOD_VERBS, OPTIONAL_VERBS, REQUIRED_VERBS, VALUE_VERBS, alternates_of, evaluator, has_verb, is_textbook_tree, key_of, keyer,
    label, max_score_of, missing_verbs, move_name, player, player_names_of, restore, root_of, size_of, spec_of, verb,
)
from negaviz.search.ordering import orderer
from negaviz.search.proof import Claim, describe, player_words

README = Path(__file__).resolve().parents[2] / "README.md"


class Nim:
    """Take 1 or 2 sticks; whoever takes the last one wins.  Only the required verbs
    and a root; a position is (sticks left, who moves)."""

    root = (4, 0)

    def moves(self, pos: tuple[int, int]) -> list[int]:
        return [n for n in (1, 2) if n <= pos[0]]

    def play(self, pos: tuple[int, int], move: int) -> tuple[int, int]:
        return pos[0] - move, 1 - pos[1]

    def is_terminal(self, pos: tuple[int, int]) -> bool:
        return pos[0] == 0

    def score(self, pos: tuple[int, int]) -> int:
        return -1  # the opponent took the last stick


def _method(name: str) -> Any:
    """A plausible method for the optional method verb ``name``."""
    bodies: dict[str, Any] = {
        "key": lambda self, pos: ("key", pos),
        "symmetries": lambda self, pos: [("key", pos)],
        "evaluate": lambda self, pos: 0,
        "order": lambda self, pos, moves: sorted(moves, reverse=True),
        "threats": lambda self, pos: ([], []),
        "value_bounds": lambda self, pos: (-1, 1),
        "label": lambda self, pos: f"{pos[0]} sticks",
        "move_name": lambda self, pos, move: f"take {move}",
        "player": lambda self, pos: pos[1],
        "outcomes": lambda self, pos: None,
        "restore": lambda self: None,
        "preorder": lambda self: [],
        "spec": lambda self: {"game": "nim"},
        "cells": lambda self, pos: "x" * pos[0],
        "check_position": lambda self, pos: pos,
    }
    return bodies[name]


def with_attributes(**attributes: Any) -> Nim:
    """A Nim whose class also has ``attributes`` (methods or plain values)."""
    return type("Custom", (Nim,), attributes)()


# ------------------------------------------------------------------- the table
def test_every_optional_verb_is_a_method_or_a_value_and_has_a_documented_protocol() -> None:
    assert set(OPTIONAL_VERBS) == set(METHOD_VERBS) | set(VALUE_VERBS)
    assert not set(METHOD_VERBS) & set(VALUE_VERBS)
    for name, proto in OPTIONAL_VERBS.items():
        members = set(vars(proto)) | set(getattr(proto, "__annotations__", {}))
        assert name in members, f"{proto.__name__} does not declare {name}"
        doc = " ".join((proto.__doc__ or "").split())
        assert "Without it" in doc, f"{proto.__name__} does not say what happens without it"


def test_the_module_table_lists_every_verb() -> None:
    doc = protocol.__doc__ or ""
    table = doc[doc.index("=====") :]
    for name in (*REQUIRED_VERBS, *OPTIONAL_VERBS):
        assert re.search(rf"``{name}(\(|``)", table), f"{name} missing from the protocol table"


def test_the_readme_lists_every_verb_for_your_own_game() -> None:
    text = README.read_text(encoding="utf-8")
    paragraph = text[text.index("Your own game needs") :].split("\n\n")[0]
    for name in (*REQUIRED_VERBS, *OPTIONAL_VERBS):
        assert f"`{name}" in paragraph, f"README's own-game paragraph does not mention {name}"


# ------------------------------------------------------------------- required verbs only
def test_a_game_with_only_the_required_verbs_has_no_optional_verb() -> None:
    game = Nim()
    assert missing_verbs(game) == []
    assert [name for name in OPTIONAL_VERBS if name != "root" and has_verb(game, name)] == []
    assert [name for name in METHOD_VERBS if verb(game, name) is not None] == []
    assert evaluator(game) is None and spec_of(game) is None and not is_textbook_tree(game)
    assert max_score_of(game) is None and player_names_of(game) is None and size_of(game) is None
    assert keyer(game)((3, 1)) == (3, 1) and key_of(game, (3, 1)) == (3, 1)
    assert label(game, (3, 1)) == "(3, 1)" and move_name(game, (3, 1), 2) == "2" and player(game, (3, 1)) == 0
    restore(game)  # nothing to restore: no error
    assert root_of(game) == (4, 0) and root_of(game, (2, 1)) == (2, 1)


def test_check_position_turns_the_position_given_into_the_one_searched() -> None:
    def check(self: Nim, pos: Any) -> tuple[int, int]:
        if isinstance(pos, str) and pos.isdigit():
            return (int(pos), 0)
        if not (isinstance(pos, tuple) and len(pos) == 2):
            raise InputError(f"{pos!r} is not a Nim position: give the number of sticks, e.g. '4'")
        return pos

    game = with_attributes(check_position=check)
    assert record(game, "3").root == (3, 0)
    assert search(game, "3").value == search(game, (3, 0)).value
    with pytest.raises(InputError, match="is not a Nim position"):
        search(game, [3])
    with pytest.raises(InputError, match="is not a Nim position"):
        record(game, "three")


def test_a_game_with_only_the_required_verbs_is_searched_recorded_proved_and_drawn() -> None:
    game = Nim()
    result = search(game, algorithm="alphabeta")
    assert result.value == 1 and result.pv_names[0] == "1"  # leave 3 sticks: a lost position
    trace = record(game, algorithm="alphabeta")
    assert trace.value == 1 and trace.pv_names()[0] == "1"
    assert trace.label(0) == "(4, 0)"
    proofs = prove(game)
    assert [p.description for p in proofs.proofs] == ["first player wins"]
    from negaviz.render import draw

    source = draw(trace).source
    assert "(4, 0)" in source


def test_the_required_verbs_are_checked_by_callable_attributes() -> None:
    class Broken:
        root = 0
        moves = [1, 2]  # not a method

        def play(self, pos: int, move: int) -> int:
            return pos + move

    assert missing_verbs(Broken()) == ["moves", "is_terminal", "score"]
    with pytest.raises(InputError, match="Broken is not a game: it lacks moves, is_terminal, score"):
        search(Broken())  # type: ignore[arg-type]


# ------------------------------------------------------------------- each optional verb
@pytest.mark.parametrize("name", METHOD_VERBS)
def test_each_method_verb_is_found(name: str) -> None:
    game = with_attributes(**{name: _method(name)})
    assert has_verb(game, name)
    found = verb(game, name)
    assert found is not None and getattr(found, "__func__", None) is type(game).__dict__[name]
    others = [other for other in METHOD_VERBS if other != name and has_verb(game, other)]
    assert others == []


@pytest.mark.parametrize("name", METHOD_VERBS)
@pytest.mark.parametrize("value", [3, "text", (1, 2)])
def test_a_method_verb_that_is_not_callable_counts_as_absent(name: str, value: object) -> None:
    game = with_attributes(**{name: value})
    assert not has_verb(game, name)
    assert verb(game, name) is None


@pytest.mark.parametrize(
    ("name", "value", "helper", "expected"),
    [
        ("root", (2, 0), root_of, (2, 0)),
        ("max_score", 1, max_score_of, 1),
        ("max_score", 2.5, max_score_of, 2.5),
        ("player_names", ("x", "o"), player_names_of, ("x", "o")),
        ("player_names", ["x", 2], player_names_of, ("x", "2")),
        ("size", 8, size_of, 8),
    ],
)
def test_each_value_verb_is_found(name: str, value: object, helper: Any, expected: object) -> None:
    game = with_attributes(**{name: value})
    assert has_verb(game, name)
    assert helper(game) == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [("root", None), ("max_score", None), ("player_names", "xo"), ("player_names", ("x", "o", "-")),
     ("player_names", None), ("size", 0), ("size", "8"), ("size", True), ("size", 2.0),
     ("alternates", True), ("alternates", 0), ("alternates", None)],
)
def test_a_value_verb_of_the_wrong_kind_counts_as_absent(name: str, value: object) -> None:
    assert not has_verb(with_attributes(**{name: value}), name)


@pytest.mark.parametrize("value", ["big", True, float("nan"), [1]])
def test_a_max_score_that_is_not_a_number_is_an_input_error(value: object) -> None:
    game = with_attributes(max_score=value)
    with pytest.raises(InputError, match=r"Custom\.max_score must be a number"):
        max_score_of(game)
    with pytest.raises(InputError, match=r"Custom\.max_score must be a number"):
        prove(game)


def test_verb_refuses_a_name_that_is_no_optional_method_verb() -> None:
    for name in ("max_score", "moves", "evalute"):
        with pytest.raises(InputError, match="no optional method verb"):
            verb(Nim(), name)
    # has_verb answers for any name (a ladder step may need a verb of the lecturer's own)
    assert has_verb(with_attributes(solve=lambda self: 1), "solve")
    assert not has_verb(with_attributes(solve=1), "solve")


def test_root_of_names_the_caller_when_there_is_no_position() -> None:
    rootless = type("Rootless", (Nim,), {"root": None})()
    assert root_of(rootless) is None
    with pytest.raises(InputError, match="Rootless has no root position: pass one to prove"):
        root_of(rootless, needed_by="prove")
    with pytest.raises(InputError, match="Rootless has no root position: pass one to prove"):
        prove(rootless)
    assert search(rootless, (4, 0)).value == 1


# ------------------------------------------------------------------- the features that use them
def test_every_method_verb_set_to_a_non_callable_searches_like_the_bare_game() -> None:
    cluttered = with_attributes(**{name: 3 for name in METHOD_VERBS})
    bare = search(Nim(), algorithm="alphabeta", tt=True)
    got = search(cluttered, algorithm="alphabeta", tt=True)
    assert (got.value, got.pv, got.nodes, got.pv_names) == (bare.value, bare.pv, bare.nodes, bare.pv_names)
    trace = record(cluttered, algorithm="alphabeta")
    assert trace.label(0) == "(4, 0)" and trace.move_name(1) == "1"
    assert [p.description for p in prove(cluttered).proofs] == ["first player wins"]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"depth": 1}, "evaluate()"), ({"symmetry": True}, "symmetries()"), ({"forced": True}, "threats()"),
        ({"bounds": True}, "value_bounds()"), ({"order": "heuristic"}, "neither"),
    ]
    for options, missing in cases:
        with pytest.raises(InputError, match=re.escape(missing)):
            search(cluttered, **options)


def test_the_game_uses_its_optional_verbs_when_present() -> None:
    game = with_attributes(**{name: _method(name) for name in METHOD_VERBS if name != "preorder"}, max_score=1,
                           player_names=("ann", "bob"), has_chance=False)  # outcomes() there, but no chance position
    result = search(game, algorithm="alphabeta", order="heuristic", tt=True, stop_at_win=True)
    assert result.value == 1 and result.pv_names[0] == "take 1"
    assert record(game).label(0) == "4 sticks"
    assert player_words(game) == ("ann", "bob")
    assert [p.description for p in prove(game).proofs] == ["ann wins"]


def test_heuristic_order_takes_order_then_evaluate_and_skips_non_callables() -> None:
    ordered = with_attributes(order=_method("order"))
    fn = orderer(ordered, "heuristic")
    assert fn is not None and list(fn((4, 0), [1, 2])) == [2, 1]
    by_evaluation = with_attributes(order=3, evaluate=lambda self, pos: -pos[0])  # more sticks left: better for us
    fn = orderer(by_evaluation, "heuristic")
    assert fn is not None and list(fn((4, 0), [2, 1])) == [1, 2]


def test_restore_is_called_after_each_search_and_proof() -> None:
    calls: list[str] = []
    game = with_attributes(restore=lambda self: calls.append("restore"))
    search(game)
    assert calls
    done = len(calls)
    proofs = prove(game)
    assert len(calls) > done
    done = len(calls)
    assert negaviz.check_proof(game, proofs.proofs[0]) == [] and len(calls) > done


def test_a_textbook_tree_is_the_game_with_preorder() -> None:
    tree = Tree.parse("[[7,5],[3,1,9]]")
    assert is_textbook_tree(tree) and has_verb(tree, "preorder")
    assert not is_textbook_tree(with_attributes(preorder=[0, 1]))
    claim = Claim(">=", 1)
    assert describe(with_attributes(preorder=_method("preorder")), claim) == "first player gets at least 1"
    assert describe(with_attributes(preorder=3), claim) == "first player wins"


def test_spec_of_calls_spec() -> None:
    assert spec_of(Tree.parse("A(B:1 C:2)")) == {"game": "tree", "tree": "A(B:1 C:2)"}
    assert spec_of(with_attributes(spec={"game": "nim"})) is None  # a dict, not a method
    assert spec_of(None) is None  # a trace loaded without its game


def test_a_game_with_outcomes_is_searched_only_by_the_chance_searches_unless_it_says_it_has_none() -> None:
    game = with_attributes(outcomes=_method("outcomes"))
    with pytest.raises(InputError, match="has chance nodes, which 'alphabeta' cannot value: search it with algorithm "
                                         "'expectimax', or 'star1' to prune"):
        search(game, algorithm="alphabeta")
    assert search(game, algorithm="expectimax").value == search(with_attributes(), algorithm="negamax").value
    assert search(with_attributes(outcomes=_method("outcomes"), has_chance=False), algorithm="alphabeta").value == 1


def test_alternates_false_is_found_with_a_player_and_refused_without_one() -> None:
    game = with_attributes(alternates=False, player=lambda pos: 0)
    assert has_verb(game, "alternates") and alternates_of(game) is False
    with pytest.raises(InputError, match="says alternates = False, and has no player"):
        alternates_of(with_attributes(alternates=False))
