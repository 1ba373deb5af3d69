"""Tests of negaviz.trace.names: every name of a node, worked out once per trace."""

from __future__ import annotations

from typing import Any

import negaviz
from negaviz import Tree, record
from negaviz.analysis.steps import Stepper
from negaviz.quiz.grading import answer_key
from negaviz.render import draw

SHARED = "A(B(D:5 X(Y:6 Z:8)) C(X W:7))"  # X is shared: drawn under B and under C


def counted(game: Any) -> dict[str, int]:
    """Count how often ``game`` is asked for a label or a move name (its verbs are looked
    up on the object, so wrapping them there counts every question)."""
    asked = {"label": 0, "move_name": 0}
    for verb in asked:
        inner = getattr(game, verb)

        def counting(*args: Any, _inner: Any = inner, _verb: str = verb) -> Any:
            asked[_verb] += 1
            return _inner(*args)

        setattr(game, verb, counting)
    return asked


def test_board_names() -> None:
    t = record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta")
    names = t.names
    deep = max(t.nodes, key=lambda n: n.depth).id
    assert names.short(0) == names.full(0) == "the root" and names.prose(0) == "the root"
    assert names.move(0) == "" and names.moves(0) == ()
    assert names.moves(deep) == tuple(t.move_name(n) for n in t.path(deep)[1:])
    assert names.prose(deep) == "the position after " + " ".join(names.moves(deep))
    assert names.full(deep) == " ".join(names.moves(deep))
    assert names.child(deep) == names.move(deep) and names.label(deep) == t.game.label(t.position(deep))


def test_a_long_path_is_shortened_in_the_stepper_only() -> None:
    t = record(negaviz.TicTacToe(), algorithm="alphabeta", depth=6)
    deep = next(n.id for n in t.nodes if n.depth == 6)
    moves = t.names.moves(deep)
    assert t.names.short(deep) == "… " + " ".join(moves[-3:])
    assert t.names.prose(deep).endswith(" ".join(moves)) and t.names.full(deep) == " ".join(moves)


def test_textbook_names_and_shared_nodes() -> None:
    t = record(Tree.parse(SHARED), algorithm="alphabeta")
    names = t.names
    assert names.textbook and names.repeated == {"X", "Y", "Z"}
    xs = [n.id for n in t.nodes if names.label(n.id) == "X"]
    assert [names.full(x) for x in xs] == ["B X", "C X"]  # graded under their paths
    assert [names.short(x) for x in xs] == ["X", "X"] and [names.child(x) for x in xs] == ["X", "X"]
    assert names.full(0) == names.short(0) == "A"
    cut = next(n for n in t.nodes if n.skipped)
    assert names.skipped(cut.id) == tuple(t.game.label(t.game.play(t.position(cut.id), m)) for m in cut.skipped)


def test_without_a_game_nodes_go_by_numbers_and_moves() -> None:
    t = record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
    bare = negaviz.Trace(t.stream, t.move_lists, len(t))
    assert [bare.names.label(n.id) for n in bare.nodes] == [str(n.id) for n in bare.nodes]
    assert bare.names.move(1) == str(bare.move(1)) and bare.names.short(0) == "the root"


def test_every_layer_reads_the_same_names() -> None:
    t = record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta")
    st = Stepper(t)
    for step in range(0, len(t) + 1, 7):
        for frame in st.view(step).frames:
            assert frame.name == t.names.short(frame.node)
    key = answer_key(t)
    assert set(key.ids.values()) == {t.names.full(n.id) for n in t.nodes}
    tb = record(Tree.parse(SHARED), algorithm="alphabeta")
    assert answer_key(tb).ids == {n.id: tb.names.full(n.id) for n in tb.nodes}


def test_each_name_is_asked_of_the_game_once_per_trace() -> None:
    game = negaviz.TicTacToe("x.o/x../o..")
    asked = counted(game)
    t = record(game, algorithm="alphabeta")
    asked.update(label=0, move_name=0)  # the search names its best line's moves for its result
    for _ in range(2):  # the stepper's sentences, the answer key and the labels, asked for twice
        [Stepper(t).view(k) for k in range(len(t) + 1)]
        answer_key(t)
        [t.label(n.id) for n in t.nodes]
    inner = sum(1 for n in t.nodes if n.parent >= 0)
    skipped = sum(len(n.skipped) for n in t.nodes)
    assert skipped > 0 and asked == {"label": len(t.nodes), "move_name": inner + skipped}


def test_a_drawing_takes_its_labels_from_the_trace() -> None:
    game = Tree.parse(SHARED)
    t = record(game, algorithm="alphabeta")
    [t.label(n.id) for n in t.nodes]
    asked = counted(game)
    draw(t)
    pruned = sum(len(n.skipped) for n in t.nodes)
    assert pruned == 1 and asked["label"] == pruned  # a move never tried: the game labels the node it leads to
    source = draw(t).source
    assert all(f"<B>{t.label(n.id)}</B>" in source for n in t.nodes)
