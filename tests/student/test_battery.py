"""check(fn, battery=...): students' own functions run on a battery, and their bugs named.

The students are hand-written in ``students.py`` (none calls the catalogue's variants)."""

from __future__ import annotations

import copy
import math
import sys
from pathlib import Path
from typing import Any

import pytest

from negaviz import InputError, Tree
from negaviz.student import check, trace_calls
from negaviz.student.battery import BATTERIES, BatteryReport, Case
from negaviz.student.mistakes import MISTAKES, How, mistake, run

sys.path.insert(0, str(Path(__file__).parent))
import students  # noqa: E402

CODE_MISTAKES = [m.id for m in MISTAKES if m.variants]


def test_the_catalogue_has_every_mistake_of_the_issue_each_with_words_a_tree_and_a_variant() -> None:
    assert CODE_MISTAKES == ["negation", "equality", "window", "hardness", "continue", "side", "plies", "depth",
                             "tt-key", "tt-exact", "tt-depth", "chance-average", "chance-as-min", "chance-sign",
                             "chance-turn", "last-child"]
    for m in MISTAKES:
        assert m.title and m.why.endswith(".") and m.why_minimax.endswith(".") and m.tree
        assert "β" in m.why or "negamax" in m.why or "side to move" in m.why or m.id not in ("equality", "window")


@pytest.mark.parametrize("mid", CODE_MISTAKES)
def test_each_mistake_shows_on_its_own_tree(mid: str) -> None:
    """On the tree it names, each variant searches otherwise than the right search."""
    m = mistake(mid)
    tree = Tree.parse(m.tree, players=m.players)
    table = "table" in m.needs
    depth = m.depth
    for how in m.variants:
        wrong = run(how, tree, depth=depth, table=table)
        right = run(How(), tree, depth=depth, table=table)
        differs = (wrong.trace.value, wrong.move, [(n.alpha, n.beta, n.value) for n in wrong.trace.nodes]) != (
            right.trace.value, right.move, [(n.alpha, n.beta, n.value) for n in right.trace.nodes])
        assert differs, (mid, how)


def test_every_planted_bug_is_named_and_every_correct_form_passes() -> None:
    named, passed = 0, 0
    for mid, fns in students.BUGGY.items():
        for fn in fns:
            report = check(fn)
            assert isinstance(report, BatteryReport)
            assert not report.ok and report.mistake is not None, (fn.__name__, str(report))
            assert report.mistake.id == mid, (fn.__name__, report.mistake.id, str(report))
            assert report.first is not None and report.matched
            named += 1
    for form, fn in students.CORRECT.items():
        report = check(fn)
        assert report.ok and report.mistake is None, (form, str(report))
        assert str(report).startswith("OK:")
        passed += 1
    chance = {m for m in CODE_MISTAKES if m.startswith("chance-")}  # (their students: test_chance_check.py)
    assert {m for m in students.BUGGY} == set(CODE_MISTAKES) - chance
    assert (named, passed) == (14, 11)


def test_the_bug_is_said_in_the_view_the_function_is_written_in() -> None:
    report = check(students.no_minus)
    assert mistake("negation").why in str(report)
    assert check((students.max_value, students.min_value)).ok
    report = check((students.max_no_cut, students.min_no_cut))  # minimax in two functions, no cutoffs
    assert report.minimax and report.mistake is not None and report.mistake.id == "continue"
    assert mistake("continue").why_minimax in str(report) and mistake("continue").why not in str(report)


def test_two_bugs_are_told_the_first_one_the_battery_shows_and_no_wrong_name() -> None:
    report = check(students.two_bugs)
    assert not report.ok
    assert report.mistake is not None and report.mistake.id in ("continue", "side")
    first = report.results[report.first]
    assert first.report is not None and first.report.divergence is not None
    assert first.report.divergence.kind.value == "missed cutoff"  # what the first failing tree shows first
    assert report.mistake.id == "continue"
    assert len(report.matched) < len(report.results)  # not claimed to explain every tree
    assert "where it first goes wrong" in str(report)


def test_a_function_that_hangs_is_stopped_by_the_call_budget_and_the_other_runs_report() -> None:
    report = check(students.hangs, max_calls=2000, seconds=0)
    stopped = [r.outcome.stopped for r in report.results if r.outcome.stopped]
    assert stopped and all("made more than 2,000 calls" in s for s in stopped)
    assert len(report.results) == len(BATTERIES["alphabeta"]())
    assert all(s.count(".") == 1 and s.endswith(".") for s in stopped)  # one sentence each


def test_a_function_that_spins_is_stopped_by_the_time_budget() -> None:
    report = check(students.spins, seconds=0.2)
    assert all(r.outcome.stopped == "spins ran for more than 0.2 s without finishing." for r in report.results)


def test_a_function_that_raises_is_stopped_where_it_raised_and_the_other_runs_still_report() -> None:
    report = check(students.raises)
    stops = [r for r in report.results if r.outcome.stopped]
    reported = [r for r in report.results if not r.outcome.stopped]
    assert stops and reported  # the trees without a leaf worth 5 run to the end
    assert stops[0].outcome.stopped == "raises raised ZeroDivisionError: division by zero at E."
    assert all(r.report is not None for r in reported)


@pytest.mark.parametrize("fn, says", [
    (students.forgets_return, "forgets_return returned None at B, not a number."),
    (students.says_so, "says_so returned str '7' at D, not a number."),
    (students.mutates, "mutates changed the game it was given"),
])
def test_none_a_string_or_a_changed_game_is_told_in_one_sentence(fn: Any, says: str) -> None:
    report = check(fn)
    first = report.results[0].outcome.stopped
    assert first is not None and first.startswith(says) and first.count(". ") == 0
    assert not report.ok and report.mistake is None
    assert BATTERIES["alphabeta"]()[0].game.root == 0  # the battery's own game is untouched


def test_hidden_trees_keep_their_answers() -> None:
    report = check(students.strict)
    hidden = [k for k, r in enumerate(report.results) if r.case.hidden and not r.ok]
    shown = report.feedback(hide=True)
    assert "not cutting on equality" in shown
    for k in hidden:
        line = next(x for x in shown.splitlines() if x.startswith(f"tree {k + 1} "))
        assert line.endswith("wrong (a hidden tree: no details).")
        assert not any(ch.isdigit() for ch in line.split(":", 1)[1])
    assert "Not yet: missed cutoff" in str(report) or "visited a pruned node" in str(report)


def test_the_stepper_opens_at_the_first_divergence_of_the_first_failing_run() -> None:
    pytest.importorskip("anywidget")
    report = check(students.no_break)
    first = report.results[report.first]
    assert first.report is not None and first.report.divergence is not None
    stepper = report.stepper()
    assert stepper.step == first.report.divergence.step


@pytest.mark.parametrize("fn, battery, says", [
    (lambda game, node: 0, None, "defined at the top level"),
    (students.first_player, None, "wrong signature"),
    (students.alphabeta, [], "the battery is empty"),
    (students.alphabeta, [Tree.parse("[1,2]")] * 101, "at most 100"),
    (students.alphabeta, "chess", "unknown battery"),
    (students.negamax, [Case(Tree.parse("[[1,2],[3,4]]"))] + [Case(__import__("negaviz").TicTacToe())],
     "too large for a sane time"),
])
def test_bad_input_is_one_line(fn: Any, battery: Any, says: str) -> None:
    with pytest.raises(InputError, match=says) as err:
        check(fn, battery=battery)
    assert "\n" not in str(err.value)


class Uncopyable(Tree):
    def __deepcopy__(self, memo: Any) -> Any:
        raise TypeError("holds a database connection")


def test_a_game_that_cannot_be_copied_is_one_line() -> None:
    base = Tree.parse("[[1,2],[3,4]]")
    game = Uncopyable(base.labels, base.children, base.values)
    with pytest.raises(InputError, match="cannot be copied .*holds a database connection"):
        check(students.alphabeta, battery=[game])


def test_a_game_changed_after_recording_does_not_make_a_right_function_wrong() -> None:
    tree = Tree.parse("[[7,5],[3,1,9]]")

    @trace_calls(tree, position="node")
    def negamax(node: int) -> float:
        if tree.is_terminal(node):
            return tree.score(node)
        return max(-negamax(tree.play(node, m)) for m in tree.moves(node))

    negamax(tree.root)
    tree.values = tuple(0 if v is None else v + 1 for v in tree.values)  # the next exercise
    tree._sign = tuple(-s for s in tree._sign)
    assert check(negamax.last_trace).ok
    assert negamax.last_trace.game.values != tree.values


def test_the_two_forms_of_check_refuse_each_others_arguments() -> None:
    tree = Tree.parse("[[7,5],[3,1,9]]")
    trace = __import__("negaviz").record(tree, algorithm="alphabeta")
    with pytest.raises(InputError, match="battery= checks a function"):
        check(trace, battery="alphabeta")
    with pytest.raises(InputError, match="leave out algorithm="):
        check(students.alphabeta, algorithm="alphabeta")
    with pytest.raises(InputError, match="takes battery=, max_calls= and seconds=, not depth"):
        check(students.alphabeta, depth=2)
    with pytest.raises(InputError, match="max_calls must be a whole number"):
        check(students.alphabeta, max_calls=0)
