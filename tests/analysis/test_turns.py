"""Everything after the trace reads whose turn each node is from ``Trace.side`` (a tree's
``@max``/``@min`` marks), never from the depth's parity: the step sentences, practice's
answers and explanations, the picture's ▲/▼, the stepper's items, the exam sheet's
conventions; the minimal tree and node types refuse such trees in one line.
"""

from __future__ import annotations

import re

import pytest

import negaviz
from negaviz import Tree, record
from negaviz.analysis.minimal import full_tree, minimal_tree
from negaviz.analysis.nodetypes import node_types
from negaviz.analysis.steps import Stepper
from negaviz.errors import InputError
from negaviz.frontend.scene import SCHEMA, Scene
from negaviz.frontend.scene_data import resolved
from negaviz.games import edit
from negaviz.quiz.questions import questions
from negaviz.render import draw

CS188 = "A(B@min(D@min(H:3 I:12) E@min(J:8 K:2)) C@min(F@min(L:4 M:6) G@min(N:14 O:5)))"
"""MAX, then two MIN layers (two ghosts), then the leaves; the value is 4."""


@pytest.fixture(scope="module")
def ghosts() -> negaviz.Trace:
    return record(Tree.parse(CS188), algorithm="alphabeta")


def test_the_trace_knows_each_side_from_the_tree(ghosts: negaviz.Trace) -> None:
    tree = ghosts.game
    assert not ghosts.alternates
    assert [ghosts.side(n.id) for n in ghosts.nodes] == [tree.player(ghosts.position(n.id)) for n in ghosts.nodes]
    assert [ghosts.label(n.id) for n in ghosts.nodes if not ghosts.turn_passes(n.id) and n.parent >= 0] == ["D", "E", "F", "G"]
    assert record(Tree.parse("A(B(D:1 E:2) C:3)")).alternates


def test_step_sentences_negate_only_where_the_turn_passes(ghosts: negaviz.Trace) -> None:
    said = [Stepper(ghosts).view(k).sentence for k in range(len(ghosts) + 1)]
    assert "B gets −3 from D (its value as it is: B's side moves again there): a new best; α is now −3." in said
    assert "D gets −3 from H (its value negated): a new best; α is now −3." in said
    assert "A gets 4 from C (its value negated): a new best; α is now 4." in said
    minimax = [Stepper(ghosts, perspective="minimax").view(k).sentence for k in range(len(ghosts) + 1)]
    assert "B gets 3 from D: a new best." in minimax and "E gets 2 from K: a new best." in minimax


def test_practice_answers_and_explanations_follow_the_sides(ghosts: negaviz.Trace) -> None:
    qs = {(q.kind, ghosts.label(q.node)): q for q in questions(ghosts)}
    assert qs["value", "B"].answer == -2 and qs["value", "A"].answer == 4
    assert qs["window", "E"].answer == (-3, float("inf"))  # B's window as it is, α risen by D
    said = str(qs["value", "B"].check(-2))
    assert "as it is where B's side moves again (D and E)" in said and "negating what its children" not in said
    assert "negating what its children return gives H: −3, I: −12" in str(qs["value", "D"].check(-3))
    assert "B's side moves again at E: B's window (−3, ∞) is passed on unchanged" in str(qs["window", "E"].check("(3, inf)"))
    mm = {(q.kind, ghosts.label(q.node)): q for q in questions(ghosts, perspective="minimax")}
    assert mm["value", "B"].answer == 2 and "MIN node" in str(mm["value", "D"].check(3))


def test_the_picture_marks_each_side(ghosts: negaviz.Trace) -> None:
    source = draw(ghosts).source
    heads = dict(re.findall(r"<TD BORDER=\"0\">([▲▼]) <B>([A-Z])</B>", source)[i][::-1] for i in range(15))
    assert heads["A"] == "▲" and all(heads[n] == "▼" for n in "BCDEFG") and heads["H"] == "▲"


def test_the_stepper_items_carry_each_side(ghosts: negaviz.Trace) -> None:
    scene = Scene(ghosts)
    view = resolved(scene.data())["views"][0]
    assert (view["svg"].count("▲"), view["svg"].count("▼")) == (9, 6)  # A and the 8 leaves; B to G
    col = {k: i for i, k in enumerate(SCHEMA["item"])}
    tree = ghosts.game
    for item in view["items"]:  # named by their place: t_1_0 is the root's second child's first child
        node = 0
        for step in item[col["title"]].split("_")[1:]:
            node = tree.children[node][int(step)]
        assert item[col["player"]] == tree.player(node), item[col["title"]]


def test_practice_names_no_mistake_from_searches_that_assume_alternation(ghosts: negaviz.Trace) -> None:
    from negaviz.quiz.mistakes import recorded, searchable

    assert not searchable(ghosts) and recorded(ghosts) == {}
    assert searchable(record(Tree.parse(CS188.replace("@min", "")), algorithm="alphabeta"))


def test_minimal_tree_and_node_types_refuse_in_one_line(ghosts: negaviz.Trace) -> None:
    for run, said in ((lambda: minimal_tree(full_tree(ghosts.game)), "a minimal tree is worked out here for players who alternate"),
                      (lambda: node_types(ghosts), "Knuth and Moore's types do not apply")):
        with pytest.raises(InputError, match=said) as caught:
            run()
        assert "\n" not in str(caught.value)


def test_edits_keep_the_marks() -> None:
    tree = Tree.parse("A(B@min(D@min(H:3 I:12) E@min(J:8 K:2)) C:1)")
    assert edit.set_value(tree, "H", "5").text() == "A(B@min(D@min(H:5 I:12) E@min(J:8 K:2)) C:1)"
    assert edit.add_child(tree, "C").text() == "A(B@min(D@min(H:3 I:12) E@min(J:8 K:2)) C(F:1))"
    assert edit.remove(tree, "E").text() == "A(B@min(D@min(H:3 I:12)) C:1)"


def test_the_exam_sheet_says_a_same_side_child_is_kept() -> None:
    from negaviz.export.sheet import conventions
    from negaviz.quiz.exercises import Exercise

    def exercise(text: str) -> Exercise:  # a sheet's exercise on a given tree (sheets draw random ones)
        tree = Tree.parse(text)
        trace = record(tree, algorithm="alphabeta")
        return Exercise(tree, trace, tuple(questions(trace)), "alphabeta", 0)

    marked, plain = exercise(CS188), exercise(CS188.replace("@min", ""))
    assert "kept as it is where the same side moves again" in conventions(marked)
    assert "kept as it is" not in conventions(plain)
