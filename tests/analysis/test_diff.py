"""The one diff of two searches (negaviz.analysis.diff), read against the traces themselves."""

from __future__ import annotations

import pytest

import negaviz
from negaviz.analysis.diff import diff, tree_change
from negaviz.errors import InputError
from negaviz.widgets.editing import kept_step

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def rec(text: str, **kw: object) -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(text), algorithm="alphabeta", **kw)  # type: ignore[arg-type]


def said(trace: negaviz.Trace) -> list[tuple[object, ...]]:
    """Each event with its nodes named: what a reader of the two searches compares."""
    return [(e.kind, trace.label(e.node), e.value, e.alpha, e.beta, None if e.child is None else trace.label(e.child))
            for e in trace.events]


@pytest.mark.parametrize("edited", [
    "A(B(D:7 E:5) C(F:6 G:1 H:9))",   # C no longer cuts after F
    "A(B(D:7 E:5) C(F:3 G:1 H:9 I:4))",  # a new node, cut off
    "A(C(F:3 G:1 H:9) B(D:7 E:5))",   # the other move first
    "A(B(D:2 E:5) C(F:3 G:1 H:9))",   # a new value at the root
    "A(B(D:7 E:5) C(F:8 G:9 H:9))",   # a new best line
])
def test_the_parting_step_is_where_the_named_events_first_differ(edited: str) -> None:
    a, b = rec(TEXTBOOK), rec(edited)
    d = diff(a, b)
    ea, eb = said(a), said(b)
    assert ea[: d.parting] == eb[: d.parting]
    assert d.parting == min(len(ea), len(eb)) or ea[d.parting] != eb[d.parting]


def test_cut_changes_value_and_best_line_are_the_searches_own() -> None:
    a, b = rec(TEXTBOOK), rec("A(B(D:7 E:5) C(F:8 G:9 H:9))")
    change = tree_change(a, b)
    assert set(change.no_longer_cut) == set(a.pruned_labels()) - set(b.pruned_labels())
    assert set(change.newly_cut) == set(b.pruned_labels()) - set(a.pruned_labels())
    assert change.value == (a.value, b.value) == (5, 8)
    assert change.pv == (tuple(a.pv_names()), tuple(b.pv_names())) == (("B", "E"), ("C", "F"))
    assert change.sentence == ("Now G and H are searched: C no longer cuts off after F. "
                               "The value at the root is now 8 (was 5); the best line is now C F (was B E).")


def test_a_new_cutoff_is_named_where_it_happens() -> None:
    change = tree_change(rec("A(B(D:7 E:5) C(F:8 G:9 H:9))"), rec(TEXTBOOK))
    assert change.newly_cut == ("G", "H") and change.cut_at == {"G": ("C", "F"), "H": ("C", "F")}
    assert change.sentence.startswith("Now G and H are cut off: C now cuts off after F.")


def test_same_search_says_so_and_diff_is_empty() -> None:
    a = rec(TEXTBOOK)
    d = diff(a, rec(TEXTBOOK))
    assert d.only_a == d.only_b == frozenset() and d.parting == len(a)
    assert tree_change(a, rec(TEXTBOOK)).sentence == "No node's cut changed. The value stays 5; the best line stays B E."


def test_the_kept_step_is_the_same_or_where_the_searches_part() -> None:
    a, b = rec("A(B(D:7 E:5) C(F:8 G:9 H:9))"), rec(TEXTBOOK)
    assert len(b) < len(a)
    assert kept_step(a, b, 10) == 10
    assert kept_step(a, b, len(a)) == diff(a, b).parting <= len(b)


def test_tree_change_needs_textbook_trees() -> None:
    game = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta")
    with pytest.raises(InputError, match="old must be a trace of a textbook tree"):
        tree_change(game, rec(TEXTBOOK))
