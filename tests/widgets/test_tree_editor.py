"""Headless tests of the tree editor (no browser): every edit, undo and redo, driven as the
page drives it (the controls' values and clicks) and from Python; the trace after each is
a fresh record of the edited tree, and what it marks and says is CompareWidget's diff."""

from __future__ import annotations

from typing import Any, Callable, Iterator

import pytest

import negaviz
from negaviz.analysis.diff import diff
from negaviz.errors import InputError
from negaviz.frontend.scene import SCHEMA
from negaviz.frontend.scene_data import resolved
from negaviz.widgets import CompareWidget, TreeEditor

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@pytest.fixture
def editor() -> Iterator[TreeEditor]:
    w = TreeEditor(negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"), step=15)
    yield w
    w.close()


def said(trace: negaviz.Trace) -> list[tuple[Any, ...]]:
    return [tuple(e) for e in trace.events], [trace.label(n.id) for n in trace.nodes]  # type: ignore[return-value]


def fresh(w: TreeEditor) -> negaviz.Trace:
    """An independent record of the tree the editor shows, with the first trace's options."""
    return negaviz.record(negaviz.Tree.parse(w.text), options=w.session.options)


def by_controls(w: TreeEditor, kind: str, node: str, value: str = "") -> None:
    """An edit as the page makes it: choose the node, then type or press a button."""
    w.node.value = node
    if kind == "value":
        w.value.value = value  # continuous_update=False: sent on Enter (or leaving the box)
    elif kind == "text":
        w.text_box.value = value
        w.apply_text.click()
    else:
        w.buttons[kind].click()


EDITS: list[tuple[str, str, str, str]] = [
    ("value", "F", "6", "A(B(D:7 E:5) C(F:6 G:1 H:9))"),
    ("add", "C", "", "A(B(D:7 E:5) C(F:6 G:1 H:9 I:0))"),
    ("left", "C", "", "A(C(F:6 G:1 H:9 I:0) B(D:7 E:5))"),
    ("right", "F", "", "A(C(G:1 F:6 H:9 I:0) B(D:7 E:5))"),
    ("remove", "H", "", "A(C(G:1 F:6 I:0) B(D:7 E:5))"),
    ("text", "A", "[[1,2],[3,[4,5]]]", "A(B(D:1 E:2) C(F:3 G(H:4 I:5)))"),
]


def test_every_edit_searches_again_and_undo_redo_walk_them_all(editor: TreeEditor) -> None:
    texts, traces = [editor.text], [editor.trace]
    for kind, node, value, want in EDITS:
        old = editor.trace
        by_controls(editor, kind, node, value)
        assert editor.text == want, (kind, editor.message)
        assert said(editor.trace) == said(fresh(editor))  # the trace is a fresh record of the edited tree
        assert editor.trace.result.options == old.result.options  # type: ignore[union-attr]
        assert editor.text_box.value == want
        assert editor.change is not None and editor.message.startswith(editor.change.sentence)
        texts.append(editor.text)
        traces.append(editor.trace)
    assert editor.buttons["redo"].disabled and not editor.buttons["undo"].disabled
    for i in range(len(EDITS), 0, -1):
        editor.buttons["undo"].click()
        assert editor.text == texts[i - 1] and editor.trace is traces[i - 1]
    assert editor.buttons["undo"].disabled and editor.undo() is None
    for i in range(1, len(EDITS) + 1):
        editor.redo()
        assert editor.text == texts[i] and editor.trace is traces[i]
    assert editor.redo() is None


def test_an_edit_after_undo_drops_the_undone_ones(editor: TreeEditor) -> None:
    editor.set_value("E", "4")
    editor.undo()
    editor.set_value("D", "1")
    assert not editor.session.can_redo and editor.text == "A(B(D:1 E:5) C(F:3 G:1 H:9))"


def test_what_changed_is_compare_widgets_diff_on_the_same_pair(editor: TreeEditor) -> None:
    for kind, node, value, _ in EDITS:
        old = editor.trace
        by_controls(editor, kind, node, value)
        new = editor.trace
        both = set(old.game.labels) & set(new.game.labels)  # type: ignore[union-attr]
        cw = CompareWidget(old, new, edited=True)
        try:
            only_old = {old.label(n) for n in cw.only_a} & both
            only_new = {new.label(n) for n in cw.only_b} & both
        finally:
            cw.close()
        assert editor.change is not None
        assert set(editor.change.newly_cut) == only_old and set(editor.change.no_longer_cut) == only_new
        # the picture marks the nodes now searched and now cut off, as a comparison marks its "only" nodes
        assert editor.marked == only_new | only_old
        kind, only, name = (SCHEMA["item"].index(k) for k in ("kind", "only", "name"))
        rows = [row for view in resolved(editor.scene.data())["views"] for row in view["items"]]
        assert {row[name] for row in rows if row[only] and row[kind] == "p"} == only_old  # ghosts: once pruned
        assert {row[name] for row in rows if row[only] and row[kind] == "n"} == only_new  # nodes: once entered
        assert ("dashed, glowing border" in editor.message) == bool(only_new | only_old)  # and the line says how
        assert editor.change.value == (old.value, new.value)
        assert editor.change.pv[1] == tuple(new.pv_names())


def test_the_stepper_keeps_its_place(editor: TreeEditor) -> None:
    editor.set_value("F", "6")  # 21 events: step 15 still exists
    assert editor.step == 15
    editor.step = len(editor.trace)
    old = editor.trace
    editor.set_value("F", "3")  # back to 18 events: the step is gone
    assert len(editor.trace) < len(old)
    assert editor.step == diff(old, editor.trace).parting <= len(editor.trace)


def test_a_click_on_a_node_picks_it(editor: TreeEditor) -> None:
    editor.front.set_state({"picked": "E"})  # as the page sets it
    assert editor.node.value == "E" and editor.value.value == "5" and not editor.value.disabled
    editor.front.set_state({"picked": "C"})
    assert editor.node.value == "C" and editor.value.value == "" and editor.value.disabled  # inner: no value to type
    editor.node.value = "F"  # chosen in the list, then C clicked again
    editor.front.set_state({"picked": "C"})
    assert editor.node.value == "C"


@pytest.mark.parametrize("kind, node, typed, says", [
    ("value", "F", "six", "Refused: F's value must be a number such as 7, -2 or 1.5, not 'six'. The tree is as it was."),
    ("text", "A", "A(B:1(C:2) D:3)", "Refused: B has children and a value"),
    ("text", "A", "A(B:1 C", "Refused: malformed tree"),
    ("remove", "A", "", "Refused: A is the root"),
])
def test_bad_input_is_refused_in_place_and_nothing_typed_is_lost(editor: TreeEditor, kind: str, node: str,
                                                                    typed: str, says: str) -> None:
    before, trace = editor.text, editor.trace
    by_controls(editor, kind, node, typed)  # from the page: no exception, the line says it
    assert editor.message.startswith(says) and "\n" not in editor.message
    assert editor.status.refused and editor.status.status_line == editor.message
    assert editor.text == before and editor.trace is trace
    if kind == "value":
        assert editor.value.value == typed
    if kind == "text":
        assert editor.text_box.value == typed
    with pytest.raises(InputError):  # and from Python, an InputError
        editor.set_text(typed) if kind == "text" else editor.set_value(node, typed) if kind == "value" \
            else editor.remove(node)


def test_typing_kept_while_another_edit_is_made(editor: TreeEditor) -> None:
    editor.text_box.value = "A(B:1 C:"  # half typed, not applied
    editor.set_value("D", "2")
    assert editor.text_box.value == "A(B:1 C:"


def test_an_edit_that_changes_nothing_is_not_an_edit(editor: TreeEditor) -> None:
    editor.set_value("E", "5")
    assert not editor.session.can_undo and editor.message.startswith("That leaves the tree as it was")


def test_the_current_tree_is_one_click_away(editor: TreeEditor) -> None:
    editor.add_child("D")
    assert editor.scene.data()["tree_text"] == editor.text == "A(B(D(I:7) E:5) C(F:3 G:1 H:9))"
    assert editor.front.editable


def test_every_control_is_named(editor: TreeEditor) -> None:
    for b in [*editor.buttons.values(), editor.apply_text]:
        assert b.description and b.tooltip
    for field in (editor.node, editor.value, editor.text_box):
        assert field.description
    assert editor.status.status_line == editor.message and not editor.status.refused


@pytest.mark.parametrize("make, message", [
    (lambda: negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta"),
     "only a search of a textbook tree (negaviz.Tree) can be edited; this trace's game is TicTacToe"),
    (lambda: "A(B:1)", "trace: needs a negaviz Trace (from negaviz.record or negaviz.load), not str"),
])
def test_only_textbook_trees_are_edited(make: Callable[[], Any], message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        TreeEditor(make())


def test_a_search_from_a_node_below_the_root_stays_there() -> None:
    tree = negaviz.Tree.parse(TEXTBOOK)
    w = TreeEditor(negaviz.record(tree, "C", algorithm="alphabeta"))
    try:
        w.set_value("G", "-4")
        assert said(w.trace) == said(negaviz.record(negaviz.Tree.parse(w.text), "C", algorithm="alphabeta"))
        assert w.trace.label(w.trace.roots()[0]) == "C"
        before = w.text
        with pytest.raises(InputError, match="^the search starts at C: an edit must keep C in the tree$"):
            w.remove("C")
        assert w.text == before
    finally:
        w.close()


def on_picture(w: TreeEditor, kind: str, node: str, value: str | None = None, n: int = 1) -> None:
    """An edit as the picture asks for it from the keyboard (``frontend/src/edit-keys.js``)."""
    w.front.set_state({"edit": {"kind": kind, "node": node, "value": value, "n": n}})


# (edit on the picture, the tree it makes, the node the new view focuses)
PICTURE_EDITS: list[tuple[str, str, str | None, str, str]] = [
    ("value", "F", "6", "A(B(D:7 E:5) C(F:6 G:1 H:9))", "F"),
    ("add", "C", None, "A(B(D:7 E:5) C(F:6 G:1 H:9 I:0))", "I"),  # the new child
    ("left", "C", None, "A(C(F:6 G:1 H:9 I:0) B(D:7 E:5))", "C"),
    ("right", "F", None, "A(C(G:1 F:6 H:9 I:0) B(D:7 E:5))", "F"),
    ("remove", "H", None, "A(C(G:1 F:6 I:0) B(D:7 E:5))", "C"),  # the removed node's parent
]


def test_edits_asked_on_the_picture_search_again_and_focus_the_node_to_go_on_from(editor: TreeEditor) -> None:
    for n, (kind, node, value, want, focus) in enumerate(PICTURE_EDITS, 1):
        before = editor.trace
        on_picture(editor, kind, node, value, n)
        assert editor.text == want, kind
        assert said(editor.trace) == said(fresh(editor))  # the trace is a fresh record of the edited tree
        assert editor.front.focus == focus, kind
        assert editor.node.value == focus if kind != "remove" else editor.node.value != node
        assert editor.change is not None and editor.change.sentence in editor.message
        assert editor.trace is not before
    editor.undo()  # an edit from the buttons or undo leaves the focus where the reader has it
    assert editor.front.focus == ""


def test_a_bad_edit_asked_on_the_picture_is_refused_in_place(editor: TreeEditor) -> None:
    front, trace = editor.front, editor.trace
    on_picture(editor, "value", "F", "six")
    assert editor.message.startswith("Refused: F's value must be a number") and editor.status.refused
    assert editor.front is front and editor.trace is trace  # the view stays: what was typed stays in its field
    on_picture(editor, "value", "Z", "6", n=2)
    assert editor.message == ("Refused: the picture asked for 'value' on 'Z'; an edit there is one of "
                              "['value', 'add', 'remove', 'left', 'right'] on a node of the tree.")
    on_picture(editor, "rename", "F", None, n=3)
    assert editor.message.startswith("Refused: the picture asked for 'rename' on 'F'")
    assert editor.trace is trace and editor.text == TEXTBOOK


@pytest.mark.parametrize("perspective", ["negamax", "minimax"])
def test_the_new_result_said_above_the_picture_is_the_edited_trees_record(perspective: str) -> None:
    from negaviz.vocabulary import fmt

    tree = negaviz.Tree.parse(TEXTBOOK)
    w = TreeEditor(negaviz.record(tree, algorithm="alphabeta"), perspective=perspective)  # type: ignore[arg-type]
    try:
        assert "result" not in w.front.scenes[0]  # nothing edited: nothing to mark
        old = w.trace
        w.set_value("E", "9")
        new = fresh(w)
        result = w.front.scenes[0]["result"]
        # (A moves first: both views agree at the root)
        assert result[perspective] == (
            f"Result after the edit: A's value {fmt(old.value)} → {fmt(new.value)}; "
            f"best line now {' '.join(new.pv_names())} (was {' '.join(old.pv_names())}).")
        w.set_value("E", "9.5")  # the same best line, a new value
        assert w.front.scenes[0]["result"][perspective].endswith("; best line stays B D.")
    finally:
        w.close()


def test_the_result_from_a_node_where_the_second_player_moves_is_signed_per_view() -> None:
    from negaviz.vocabulary import fmt

    w = TreeEditor(negaviz.record(negaviz.Tree.parse(TEXTBOOK), "C", algorithm="alphabeta"))
    try:
        w.set_value("G", "-4")  # C is min(3, -4, 9) = -4 for the first player; 4 for C's mover
        result = w.front.scenes[0]["result"]
        assert result["minimax"] == f"Result after the edit: C's value {fmt(1)} → {fmt(-4)}; best line stays G."
        assert result["negamax"] == f"Result after the edit: C's value {fmt(-1)} → {fmt(4)}; best line stays G."
    finally:
        w.close()
