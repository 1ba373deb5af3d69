"""A steps task keeps to its stated length, every kind of question counted (issue 47, item 6).

Before, ``negaviz export ttt 'x...o....' --tt --practice steps`` asked 27 value questions
and 116 table questions: past :data:`~negaviz.quiz.practice.DEFAULT_LENGTH` values it
left out deep value questions, but counted table hits and never left one out.  Now the
length is shared out among every kind asked (windows and table hits too), nearest the
root first, with or without ``--ask``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import negaviz
from negaviz import cli
from negaviz.quiz.practice import DEFAULT_LENGTH, practice_data
from negaviz.quiz.schedule import step_questions
from negaviz.quiz.grading import answer_keys


def asked(tmp_path: Path, *argv: str) -> Counter[str]:
    """The kinds of question the page ``negaviz export ARGV --practice steps`` writes asks."""
    pytest.importorskip("graphviz")
    from negaviz.frontend.page import page_state

    page = tmp_path / "page.html"
    assert cli.main(["export", *argv, "--practice", "steps", "-o", str(page), "--force", "--quiet"]) == 0
    scene = page_state(page.read_text(encoding="utf-8"))["scenes"][0]
    return Counter(q["kind"] for q in scene["practice"]["questions"])


def test_a_board_with_a_table_keeps_to_the_length(tmp_path: Path) -> None:
    kinds = asked(tmp_path, "ttt", "x...o....", "--tt")
    assert sum(kinds.values()) <= DEFAULT_LENGTH and kinds["tt"] and kinds["value"], kinds
    assert kinds["tt"] < DEFAULT_LENGTH / 2  # shared out, not table hits first
    kinds = asked(tmp_path, "ttt", "x...o....", "--tt", "--ask", "value, tt")  # a lecturer's kinds: the same length
    assert sum(kinds.values()) <= DEFAULT_LENGTH and set(kinds) == {"value", "tt"}, kinds


def test_every_kind_counts_and_a_kind_that_needs_less_leaves_the_rest() -> None:
    trace = negaviz.record(negaviz.TicTacToe("x...o...."), algorithm="alphabeta", tt=True)
    keys = answer_keys(trace)
    key = keys["negamax"]
    assert len(key.values) + len(key.tt) + len(key.windows) > 5 * DEFAULT_LENGTH
    for length in (1, 7, 12, DEFAULT_LENGTH):
        qs = step_questions(trace, keys, windows=True, kinds=("value", "window", "tt"), length=length)
        assert len(qs) == length, length  # plenty to choose from: the whole length is used
        assert len({q["id"] for q in qs}) == length
    only = step_questions(trace, keys, windows=True, kinds=("value",), length=DEFAULT_LENGTH)
    assert [q["kind"] for q in only] == ["value"] * len(only) and 0 < len(only) <= DEFAULT_LENGTH
    # nearest the root first: most within two moves of it, where the search has many more below
    depth = {name: trace.nodes[nid].depth for nid, name in key.ids.items()}
    chosen = sorted(depth[q["name"]] for q in only)
    assert chosen[len(chosen) // 2] <= 2 and max(depth[n] for n in key.values) > chosen[-1] + 1, chosen


def test_a_small_task_asks_what_it_has() -> None:
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    kinds = Counter(q["kind"] for q in practice_data(trace, "steps")["questions"])
    assert kinds == {"value": 3, "window": 2, "cut": 2, "next": 2}, kinds
