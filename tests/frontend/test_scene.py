"""Scene: the trace laid out once for the browser, its views, chunks and data.

No browser here: the SVG and the JSON the front-end receives are checked as text and
against the trace's own timeline.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import negaviz
import negaviz.frontend.scene
from negaviz.analysis.steps import PERSPECTIVES, Stepper
from negaviz.errors import InputError
from negaviz.frontend.scene import CHUNK, SCHEMA, Scene
from negaviz.frontend.scene_data import resolved
from negaviz.frontend.scene_layout import inline_svg
from negaviz.trace.timeline import Timeline

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
# Node numbers (entry order): A 0, B 1, D 2, E 3, C 4, F 5.  18 events; the cutoff at C
# is event 14, so step 15 shows it.


@pytest.fixture(scope="module")
def textbook() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


@pytest.fixture(scope="module")
def ttt_tt() -> negaviz.Trace:
    return negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta", tt=True)


@pytest.fixture(scope="module")
def folded() -> Scene:
    """A trace far bigger than one view (7,637 events, 2,281 nodes), every step covered."""
    trace = negaviz.record(negaviz.TicTacToe("x........"), algorithm="alphabeta")
    scene = Scene(trace, max_nodes=60)
    scene.cover()
    return scene


def node_groups(svg: str) -> dict[str, str]:
    """Each node group of a view's SVG, by its <title>."""
    groups = re.findall(r'<g class="node">\s*<title>([^<]*)</title>(.*?)(?=<g class="(?:node|edge)">|</svg>)', svg, re.DOTALL)
    out = dict(groups)
    assert len(out) == len(groups), "two node groups share a title"
    return out


def check_view(view: dict[str, Any], trace: negaviz.Trace) -> None:
    svg = view["svg"]
    assert svg.startswith("<svg") and "<!--" not in svg and "http" not in svg
    assert not re.search(r"\sid=", svg), "ids would clash between two steppers on one page"
    groups = node_groups(svg)
    assert sorted(groups) == sorted(item[0] for item in view["items"])
    for name, kind, nid, parent, *_ in view["items"]:
        assert kind in ("n", "f", "g", "p"), kind
        if kind == "n":  # a searched node: its title names it (a given tree's: its place), and it has a cell for its value
            assert name == f"n{nid}" or re.fullmatch(r"t(_\d+)*", name), name
            assert 0 <= nid < len(trace.nodes)
            assert ">§v§</text>" in groups[name] and "<polygon" in groups[name], name  # the front-end fills it
            assert str(nid) in view["lives"] and trace.nodes[nid].parent == parent
        # the layout carries no result: every node is drawn alike (white, grey border), no value in it
        assert 'fill="#ffffff" stroke="#8c8c8c"' in groups[name], name


# ------------------------------------------------------------------------ small traces
def test_a_small_trace_is_one_view(textbook: negaviz.Trace) -> None:
    scene = Scene(textbook)
    assert len(scene.views) == 1
    assert all(scene.covers(k) == 0 for k in range(len(textbook) + 1))
    scene.cover()
    assert len(scene.views) == 1  # nothing more to lay out
    data = scene.data()
    assert (data["n"], data["kinds"], len(data["views"])) == (18, Timeline(textbook).kinds, 1)
    # a given tree's items say only their place: which node each is comes with the steps
    assert {(item[1], item[2], item[3]) for item in data["views"][0]["items"]} == {("p", -1, -1)}
    assert data["views"][0]["lives"] == {}
    view = resolved(data)["views"][0]
    check_view(view, textbook)
    names = {item[0]: item[2] for item in view["items"]}
    assert names == {"t": 0, "t_0": 1, "t_0_0": 2, "t_0_1": 3, "t_1": 4, "t_1_0": 5, "t_1_1": -1, "t_1_2": -1}
    pruned = [item for item in view["items"] if item[1] == "p"]
    assert [item[0] for item in pruned] == ["t_1_1", "t_1_2"]  # G and H, under C
    assert {item[SCHEMA["item"].index("pruned")] for item in pruned} == {14}  # pruned by C's cutoff, event 14
    assert "note_new" not in view and view["note"] == ""
    assert not any(k.startswith("_") for k in view)  # the scene's own bookkeeping stays in Python


def test_every_drawn_node_has_a_slot_and_no_ids(ttt_tt: negaviz.Trace) -> None:
    scene = Scene(ttt_tt)
    assert len(scene.views) == 1
    check_view(scene.view_data(0), ttt_tt)
    assert len([i for i in scene.views[0]["items"] if i[1] == "n"]) == len(ttt_tt.nodes)


def test_chunk_holds_sentences_lines_and_current_nodes(textbook: negaviz.Trace) -> None:
    scene = Scene(textbook)
    chunk = scene.chunk(0)
    assert chunk["current"] == Timeline(textbook).current
    assert chunk["base"] == [0, 0, 0, 0]
    for p, perspective in enumerate(PERSPECTIVES):
        stepper = Stepper(textbook, perspective=perspective)
        assert len(chunk["sentences"][p]) == len(chunk["lines"][p]) == len(textbook) + 1
        for k in range(len(textbook) + 1):
            assert chunk["sentences"][p][k] == stepper.sentence(textbook.event(k - 1) if k else None)
    negamax = PERSPECTIVES.index("negamax")
    assert chunk["sentences"][negamax][15].endswith("cutoff, G and H are never visited.")
    assert chunk["lines"][negamax][15] == 10 and chunk["lines"][negamax][0] == 0  # 0: no line
    with pytest.raises(InputError, match="outside"):
        scene.chunk(1)


def test_bad_scene_input(textbook: negaviz.Trace) -> None:
    with pytest.raises(InputError, match="needs a negaviz Trace"):
        Scene("[[7,5],[3,1,9]]")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="max_nodes"):
        Scene(textbook, max_nodes=2)
    with pytest.raises(InputError, match=r"^result must be a TreeChange \(negaviz.analysis.diff.tree_change\), not dict$"):
        Scene(textbook, result={"line": ["A"]})  # type: ignore[arg-type]


def test_an_edits_result_is_deterministic_json(textbook: negaviz.Trace) -> None:
    from negaviz.analysis.diff import tree_change

    edited = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:9) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    texts = [json.dumps(Scene(edited, result=tree_change(textbook, edited)).data(), ensure_ascii=False, allow_nan=False)
             for _ in range(2)]
    assert texts[0] == texts[1]
    assert json.loads(texts[0])["result"]["negamax"].endswith(
        f"best line now {' '.join(edited.pv_names())} (was {' '.join(textbook.pv_names())}).")
    assert "result" not in Scene(edited).data()


def test_data_is_deterministic_and_json(ttt_tt: negaviz.Trace) -> None:
    one = json.dumps(Scene(ttt_tt).data(), ensure_ascii=False, allow_nan=False)
    again = negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta", tt=True)  # recorded afresh
    two = json.dumps(Scene(again).data(), ensure_ascii=False, allow_nan=False)
    assert one == two
    data = json.loads(one)
    assert data["n"] == len(ttt_tt) and data["chunk"] == CHUNK and set(data["chunks"]) == {"0"}
    assert set(data["legend"]) == set(PERSPECTIVES) and "minimax view" in data["legend"]["minimax"]
    assert ".nv-show-windows" in data["css"]


def test_inline_svg_names_no_url(textbook: negaviz.Trace) -> None:
    raw = negaviz.render.to_svg(negaviz.render.draw(textbook))
    assert "http://" in raw  # dot's DOCTYPE and namespaces
    svg = inline_svg(raw)
    assert svg.startswith("<svg") and "http" not in svg and "<!--" not in svg


# ------------------------------------------------------------------------ big traces
def test_a_big_search_starts_with_one_growing_view() -> None:
    trace = negaviz.record(negaviz.TicTacToe("x........"), algorithm="alphabeta")
    scene = Scene(trace, max_nodes=60)
    assert len(scene.views) == 1 and scene.views[0]["note"].startswith("The search as it grows")
    assert scene.covers(0) == 0
    missing = [k for k in range(len(trace) + 1) if scene.covers(k) is None]
    assert missing, "the first view should not show every step of a big search"
    step = missing[len(missing) // 2]
    index = scene.view_for(step)
    assert index == 1 and scene.covers(step) == 1  # only the view asked for is laid out
    view = scene.view_data(index)
    current = scene.timeline.current[step]
    drawn = [item for item in view["items"] if item[2] == current]
    assert [item[1] for item in drawn] == ["n"]  # the step's current node, drawn as a searched node
    start, stop = view["span"]
    assert start <= step < stop and view["note_new"].startswith(f"A new view from step {start:,}")
    # it starts from the call stack at its first step, and holds what is entered after it
    stack = list(scene.timeline.stack(start))
    assert [item[2] for item in view["items"]][: len(stack)] == stack
    assert len(view["items"]) == 60
    assert scene.view_for(step) == index  # laid out once, then found
    check_view(view, trace)


@pytest.mark.parametrize("max_nodes", [4, 5])
def test_view_for_draws_the_current_node_even_with_a_small_budget(max_nodes: int) -> None:
    trace = negaviz.record(negaviz.Tree.parse("[[[1,2],[3,4]],[[5,6],[7,8]]]"), algorithm="alphabeta")
    scene = Scene(trace, max_nodes=max_nodes)
    missing = [k for k in range(len(trace) + 1) if scene.covers(k) is None]
    assert missing
    for k in missing:
        view = scene.view_data(scene.view_for(k))
        current = scene.timeline.current[k]
        if current >= 0:  # (after the last return no node is current)
            assert [item[1] for item in view["items"] if item[2] == current] == ["n"], k
    assert all(scene.covers(k) is not None for k in range(len(trace) + 1))


@pytest.mark.slow
def test_cover_leaves_no_step_without_a_view(folded: Scene) -> None:
    trace = folded.trace
    assert len(folded.views) > 1
    assert [k for k in range(len(trace) + 1) if folded.covers(k) is None] == []
    for k in range(0, len(trace) + 1, 97):
        view = folded.views[folded.covers(k)]  # type: ignore[index]
        current = folded.timeline.current[k]
        assert current < 0 or any(item[2] == current and item[1] == "n" for item in view["items"]), k


@pytest.mark.slow
def test_every_view_of_a_folded_trace_is_well_formed(folded: Scene) -> None:
    for i in range(len(folded.views)):
        view = folded.view_data(i)
        assert len([item for item in view["items"] if item[2] >= 0 and item[1] == "n"]) <= folded.max_nodes
        check_view(view, folded.trace)


def test_a_node_with_thousands_of_children_needs_a_view_per_window_not_per_child() -> None:
    # Each view draws a window of the root's children beside the one being searched
    # (fold.plan), so it serves the steps of all of them; one view per child took
    # 10,000 layouts by dot for a 10,000-leaf tree, and the export never ended.
    children = 2_000
    trace = negaviz.record(negaviz.Tree.parse("[" + ",".join(str(i % 5) for i in range(children)) + "]"))
    scene = Scene(trace, max_nodes=200)
    scene.cover()
    assert len(scene.views) <= 2 + children // 150
    for step in range(0, len(trace) + 1, 97):
        assert scene.covers(step) is not None


def test_a_games_control_characters_never_reach_a_page(one_ply: Any) -> None:
    """Issue 29: text that reaches a page is printable.  A game's move names with C0
    controls, DEL and C1 controls: not one reaches the scene's data (sentences, names,
    moves) or its drawing, with dot or in the browser."""
    game = one_ply(["a\x1b[31mred", "b\x07bell\x7f", "c\x85next"])
    for algorithm in ("negamax", "alphabeta"):
        for layout in ("dot", "browser"):
            data = Scene(negaviz.record(game, algorithm=algorithm), layout=layout, title="t\x01itle").data(chunks="all")
            text = json.dumps(data, ensure_ascii=False)
            assert re.findall(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", text) == []
            assert "a[31mred" in text and "bbell" in text and "cnext" in text and '"title": "title"' in text


class CountedLine:
    """One move per node, ``plies`` deep, counting the moves played."""

    def __init__(self, plies: int) -> None:
        self.plies, self.root, self.played = plies, 0, 0

    def moves(self, pos: int) -> tuple[int, ...]:
        return () if pos >= self.plies else (0,)

    def play(self, pos: int, move: int) -> int:
        self.played += 1
        return pos + 1

    def is_terminal(self, pos: int) -> bool:
        return pos >= self.plies

    def score(self, pos: int) -> int:
        return 1


def test_a_deep_line_is_laid_out_in_work_linear_in_its_length() -> None:
    # A line of 600 plies in views of 100 nodes: each view takes in half a view of new
    # nodes below the deepest 50 of the call stack (not the whole stack plus one node, a
    # view per node), or shows the returns through those 50; and names, labels and
    # sentences play a move or two each, not the line from the root.
    game = CountedLine(600)
    trace = negaviz.record(game, algorithm="alphabeta")
    game.played = 0
    scene = Scene(trace, max_nodes=100, layout="browser")
    scene.cover()
    data = scene.data()
    assert len(scene.views) <= 2 * (2 * 600 // 100 + 1)
    assert all(len(view["items"]) <= 100 for view in data["views"])
    drawn = sum(len(view["items"]) for view in data["views"])
    assert 0 < game.played <= 2 * drawn and drawn <= 4 * len(trace.nodes)  # a move or two per node drawn
    assert all(scene.covers(k) is not None for k in range(len(trace) + 1))


def test_a_search_that_fits_in_one_view_is_one_view() -> None:
    # 270 nodes, max_nodes 400: one view, its span the whole search (the last step shows
    # all of it); with max_nodes 200 it takes more.
    trace = negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta")
    assert 200 < len(trace.nodes) <= 400
    scene = Scene(trace, layout="browser")
    scene.cover()
    assert len(scene.views) == 1 and scene.views[0]["span"] == [0, -1]
    assert len(scene.views[0]["items"]) == len(trace.nodes)
    small = Scene(trace, max_nodes=200, layout="browser")
    small.cover()
    assert len(small.views) > 1


@pytest.mark.parametrize("text", [TEXTBOOK, "A(B(D:5 X(Y:6 Z:8)) C(X W:7))", "A(B(X(P:1 Q:2) D:4) C(X E:0))"])
@pytest.mark.parametrize("practice", ["steps", "tree"])
def test_a_practice_item_carries_the_name_the_key_gives_it(text: str, practice: str) -> None:
    """The page marks answers on the picture under the names the key uses, which Python
    works out (negaviz.trace.names): a shared subtree's nodes, drawn under each parent
    (the search enters one copy and never the other), by their labels from below the root."""
    trace = negaviz.record(negaviz.Tree.parse(text), algorithm="alphabeta")
    scene = Scene(trace, practice=practice)
    scene.cover()
    data = resolved(json.loads(json.dumps(scene.data(chunks="all"))))
    key = data["practice"]["keys"]["negamax"]
    items = [dict(zip(SCHEMA["item"], r)) for view in data["views"] for r in view["items"]]
    answers = [it["answer"] for it in items]
    assert sorted(answers) == sorted(key["names"])  # every node of the tree drawn once, under its key name
    for it in items:
        if it["node"] >= 0:
            assert it["answer"] == trace.names.full(it["node"])
        else:  # never entered: a cut's child or a node below one
            assert it["answer"] in key["cuts"] or it["answer"] in key["never"], it
    if "X" in text:
        assert {"B X", "C X"} <= set(answers) and "X" not in answers
    plain = Scene(trace)
    plain.cover()
    assert {r[SCHEMA["item"].index("answer")] for view in plain.data(chunks="all")["views"] for r in view["items"]} == {""}


def test_a_board_practice_item_is_named_by_its_moves() -> None:
    trace = negaviz.record(negaviz.TicTacToe("x../.o./..."), algorithm="alphabeta")
    scene = Scene(trace, practice="steps")
    scene.cover()
    data = json.loads(json.dumps(scene.data(chunks="all")))
    key = data["practice"]["keys"]["negamax"]
    items = [dict(zip(SCHEMA["item"], r)) for view in data["views"] for r in view["items"]]
    deep = [it for it in items if it["node"] >= 0 and trace.nodes[it["node"]].depth > 4]
    assert deep and all(it["answer"] == " ".join(trace.names.moves(it["node"])) for it in deep)
    assert all(it["answer"] != it["name"] for it in deep)  # the picture's name is shortened ("… c2 a3 b3")
    assert {it["answer"] for it in items if it["node"] >= 0} <= set(key["names"])
