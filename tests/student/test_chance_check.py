"""check(fn, battery="expectimax"): a student's expectimax run on trees with chance nodes,
each call compared with negaviz's expectimax, and its bug named from the catalogue."""

from __future__ import annotations

import math
from typing import Any

import pytest

from negaviz import InputError
from negaviz.student import check


def _sign(game: Any, node: Any, outcome: Any) -> int:
    """-1 where the turn passes at the roll, as the student's code works it out."""
    return 1 if game.player(game.play(node, outcome)) == game.player(node) else -1


def expectimax(game: Any, node: Any) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        return sum(p * _sign(game, node, o) * expectimax(game, game.play(node, o)) for o, p in outcomes)
    return max(-expectimax(game, game.play(node, m)) for m in game.moves(node))


def expectimax_depth(game: Any, node: Any, depth: int) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        return sum(p * _sign(game, node, o) * expectimax_depth(game, game.play(node, o), depth - 1) for o, p in outcomes)
    return max(-expectimax_depth(game, game.play(node, m), depth - 1) for m in game.moves(node))


def plain_average(game: Any, node: Any) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        values = [_sign(game, node, o) * plain_average(game, game.play(node, o)) for o, _ in outcomes]
        return sum(values) / len(values)
    return max(-plain_average(game, game.play(node, m)) for m in game.moves(node))


def chance_as_min(game: Any, node: Any) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:  # the roll chosen, as if by the player who moves after it
        return max(_sign(game, node, o) * chance_as_min(game, game.play(node, o)) for o, _ in outcomes)
    return max(-chance_as_min(game, game.play(node, m)) for m in game.moves(node))


def always_negated(game: Any, node: Any) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        return sum(-p * always_negated(game, game.play(node, o)) for o, p in outcomes)
    return max(-always_negated(game, game.play(node, m)) for m in game.moves(node))


def never_negated(game: Any, node: Any) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        return sum(p * never_negated(game, game.play(node, o)) for o, p in outcomes)
    return max(-never_negated(game, game.play(node, m)) for m in game.moves(node))


def no_negation(game: Any, node: Any) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:
        return sum(p * _sign(game, node, o) * no_negation(game, game.play(node, o)) for o, p in outcomes)
    return max(no_negation(game, game.play(node, m)) for m in game.moves(node))


def first_outcome_only(game: Any, node: Any) -> float:
    if game.is_terminal(node):
        return game.score(node)
    outcomes = game.outcomes(node)
    if outcomes is not None:  # a bug no mistake of the catalogue describes
        o, _ = outcomes[0]
        return _sign(game, node, o) * first_outcome_only(game, game.play(node, o))
    return max(-first_outcome_only(game, game.play(node, m)) for m in game.moves(node))


def loops(game: Any, node: Any) -> float:
    while True:
        loops(game, node)


def star1(game: Any, node: Any, alpha: float, beta: float) -> float:
    return 0.0


@pytest.mark.parametrize("battery", ["expectimax", "expectiminimax"])
def test_a_right_expectimax_passes(battery: str) -> None:
    for fn in (expectimax, expectimax_depth):
        report = check(fn, battery=battery)
        assert report.ok and report.mistake is None, str(report)
        assert str(report).startswith(f"OK: {fn.__name__} agrees with negaviz's expectimax at every node of all")


@pytest.mark.parametrize(("fn", "mistake"), [
    (plain_average, "chance-average"),  # (equal probabilities hide it on some trees: it matches there too)
    (chance_as_min, "chance-as-min"),
    (always_negated, "chance-sign"),
    (never_negated, "chance-turn"),
    (no_negation, "negation"),
])
def test_each_bug_is_named(fn: Any, mistake: str) -> None:
    report = check(fn, battery="expectimax")
    assert not report.ok and report.mistake is not None and report.mistake.id == mistake, str(report)
    text = report.feedback(hide=True)
    assert f"has a known bug, {report.mistake.title}" in text
    assert "a hidden tree: no details" in text or all(not r.case.hidden or r.ok for r in report.results)
    assert len(report.matched) == len(report.results)  # named only when it explains every tree
    assert f"it behaves as that mistake does on all {len(report.results)} trees" in text


def test_a_bug_outside_the_catalogue_is_shown_where_it_first_goes_wrong() -> None:
    report = check(first_outcome_only, battery="expectiminimax")
    assert not report.ok and report.mistake is None
    text = str(report)
    assert "no mistake of the catalogue explains the others" in text
    assert "tree 1 (a die before MIN's move): at B, it returned −2 where expectimax gives −4" in text


def test_the_never_negated_bug_shows_only_where_the_turn_passes() -> None:
    report = check(never_negated, battery="expectiminimax")  # the roll never passes the turn there
    assert report.ok, str(report)


def test_a_run_that_never_ends_is_stopped_and_said_so() -> None:
    report = check(loops, battery="expectimax", max_calls=200, seconds=2)
    assert not report.ok and all(r.outcome.stopped for r in report.results)
    assert "stopped" in report.feedback(hide=False)


def test_forms_the_chance_battery_does_not_check_are_refused() -> None:
    with pytest.raises(InputError, match=r"battery 'expectimax' checks an expectimax written in negamax form, "
                                         r"star1\(game, node\), or with a depth; not a window \(star1\)"):
        check(star1, battery="expectimax")
    with pytest.raises(InputError, match=r"unknown battery: 'expectimix' \(must be one of .*'expectimax', "
                                         r"'expectiminimax'\]"):
        check(expectimax, battery="expectimix")
    assert math.isfinite(check(expectimax, battery="expectimax").passed)
