"""Headless tests of the compare widget: the sync rule, visited-only-here sets, marking."""

from __future__ import annotations

import html
import json
import re
from typing import Any, Iterator

import pytest

import negaviz
from negaviz.analysis.steps import Stepper
from negaviz.errors import InputError
from negaviz.frontend.page import ESM, page_module, page_state
from negaviz.frontend.scene import SCHEMA
from negaviz.frontend.scene_data import resolved
from negaviz.widgets import CompareWidget
from negaviz.widgets.stepper import StepperView

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@pytest.fixture
def make() -> Iterator[Any]:
    made: list[CompareWidget] = []

    def build(a: negaviz.Trace, b: negaviz.Trace, **kw: Any) -> CompareWidget:
        w = CompareWidget(a, b, **kw)
        made.append(w)
        return w

    yield build
    for w in made:
        w.close()


@pytest.fixture
def pair() -> tuple[negaviz.Trace, negaviz.Trace]:
    tree = negaviz.Tree.parse(TEXTBOOK)
    return negaviz.record(tree, algorithm="minimax"), negaviz.record(tree, algorithm="alphabeta")


ONLY = SCHEMA["item"].index("only")


def paths_by_walking(trace: negaviz.Trace) -> dict[int, tuple[Any, ...]]:
    """Each node's moves from the root, by walking up from it (independent of the widget's
    top-down computation)."""
    return {n.id: tuple(trace.move(m) for m in trace.path(n.id)[1:]) for n in trace.nodes}


def test_textbook_only_minimax_visits_the_pruned_leaves(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b, titles=("minimax", "alpha-beta"))
    labels_a = {a.label(n.id) for n in a.nodes}
    labels_b = {b.label(n.id) for n in b.nodes}
    assert w.only_counts == (len(labels_a - labels_b), len(labels_b - labels_a)) == (2, 0)
    assert {a.label(n) for n in w.only_a} == {"G", "H"} == set(b.pruned_labels())
    assert w.only_b == frozenset()
    # The titles count as the search goes (the front-end's titleAt): no final totals at step 0.
    assert [s["title"] for s in w.front.scenes] == ["minimax", "alpha-beta"]
    assert [s["only_steps"] for s in w.front.scenes] == [sorted(a.nodes[n].enter_step for n in w.only_a), []]


def test_marked_nodes_are_exactly_the_only_here_ones(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b)
    for trace, only, scene in zip((a, b), (w.only_a, w.only_b), w.front.scenes):
        (view,) = resolved(scene)["views"]  # (a given tree's items: the steps say which node each is)
        marked = {item[2] for item in view["items"] if item[ONLY]}
        assert marked == set(only), trace.label(0)
        searched = {item[2] for item in view["items"] if item[1] == "n"}
        assert searched == {n.id for n in trace.nodes}  # every node is drawn: the marks are all there is
        assert "g.nv-only .nv-shape" in scene["css"]


def test_move_orders_differ_and_counts_match_an_independent_computation(make: Any) -> None:
    game = negaviz.TicTacToe("x...o....")
    a = negaviz.record(game, algorithm="alphabeta", order="natural")
    b = negaviz.record(game, algorithm="alphabeta", order="heuristic")
    pa, pb = paths_by_walking(a), paths_by_walking(b)
    only_a = {n for n, p in pa.items() if p not in set(pb.values())}
    only_b = {n for n, p in pb.items() if p not in set(pa.values())}
    w = make(a, b, max_nodes=60)
    assert w.only_a == only_a and w.only_b == only_b
    assert w.only_counts == (len(only_a), len(only_b))
    assert w.only_counts[0] > 0 and w.only_counts[1] > 0  # the orders really do search differently
    for scene, only in zip(w.front.scenes, (only_a, only_b)):
        for view in scene["views"]:
            assert {item[2] for item in view["items"] if item[ONLY]} <= only


def test_one_counter_each_side_clamped_to_its_length(pair: Any, make: Any) -> None:
    a, b = pair
    assert len(a) > len(b)
    w = make(a, b)
    assert isinstance(w.front, StepperView) and len(w.front.scenes) == 2
    assert [s["n"] for s in w.front.scenes] == [len(a), len(b)]
    w.step = 10
    assert w.steps == (10, 10) and w.front.step == 10
    w.step = len(b) + 2
    assert w.steps == (len(b) + 2, len(b))
    assert w.sentences[1] == "A returns 5 (exact)."  # B's search stands finished
    assert w.sentences[0] == Stepper(a).view(len(b) + 2).sentence
    w.front.step = len(a)  # as the page sets it
    assert w.step == len(a) and w.steps == (len(a), len(b))
    assert w.sentences == ("A returns 5 (exact).", "A returns 5 (exact).")
    with pytest.raises(InputError, match=rf"step {len(a) + 1} is outside 0\.\.{len(a)}"):
        w.step = len(a) + 1
    assert w.step == len(a)


def test_sentences_follow_each_side_at_every_step(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b)
    sa, sb = Stepper(a), Stepper(b)
    for k in range(len(a) + 1):
        w.step = k
        assert w.sentences == (sa.view(min(k, len(a))).sentence, sb.view(min(k, len(b))).sentence), k


def test_only_so_far_counts_entered_nodes(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b)
    g = next(n for n in w.only_a if a.label(n) == "G")
    h = next(n for n in w.only_a if a.label(n) == "H")
    w.step = a.nodes[g].enter_step
    assert w.only_so_far == (0, 0)
    w.step = a.nodes[g].enter_step + 1
    assert w.only_so_far == (1, 0)
    w.step = a.nodes[h].enter_step + 1
    assert w.only_so_far == (2, 0)
    w.step = len(a)
    assert w.only_so_far == (2, 0)


def test_perspective_switch_applies_to_both_sides(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b)
    w.step = 5
    before = w.sentences
    w.perspective = "minimax"
    assert w.front.perspective == "minimax"
    assert w.sentences != before
    assert all("(its value negated)" not in s for s in w.sentences)
    assert all("minimax view" in s["legend"]["minimax"] for s in w.front.scenes)
    w.windows = True
    assert w.front.windows is True and w.windows is True
    with pytest.raises(ValueError, match="must be one of"):
        w.perspective = "maximin"


def test_mimebundle_has_both_sides_in_one_page(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b, titles=("minimax", "alpha-beta"))
    w.step = 7
    bundle = w._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    assert bundle["text/plain"] == repr(w) == "<negaviz CompareWidget: 23 and 18 events, step 7>"
    form = bundle["text/html"]
    assert form == w.static_html()
    frame = form[form.index("<iframe"):]
    assert 'sandbox="allow-scripts allow-downloads"' in frame and "srcdoc=" in frame
    assert form.count('class="negaviz-picture"') == 2  # the still: both sides at step 7
    page = html.unescape(re.search(r'srcdoc="([^"]*)"', frame).group(1))  # type: ignore[union-attr]
    assert page_module(page) == ESM  # the front-end, gzipped
    state = page_state(page)
    assert state["step"] == 7 and [s["n"] for s in state["scenes"]] == [len(a), len(b)]
    assert "<title>minimax | alpha-beta</title>" in page


def test_a_title_with_a_comment_opener_still_gives_a_working_page(pair: Any, make: Any) -> None:
    a, b = pair
    w = make(a, b, titles=("<!-- minimax", "alpha-beta"))
    page = html.unescape(re.search(r'srcdoc="([^"]*)"', w.static_html()).group(1))  # type: ignore[union-attr]
    state = page_state(page)
    assert state["scenes"][0]["title"].startswith("<!-- minimax")


def test_different_positions_and_bad_arguments_are_refused(pair: Any) -> None:
    a = negaviz.record(negaviz.TicTacToe("x...o...."), algorithm="alphabeta")
    b = negaviz.record(negaviz.TicTacToe("x.o......"), algorithm="alphabeta")
    with pytest.raises(InputError, match="different positions"):
        CompareWidget(a, b)
    tree_a, _ = pair
    other_tree = negaviz.record(negaviz.Tree.parse("[[1,2],[3]]"), algorithm="alphabeta")
    with pytest.raises(InputError, match="different positions"):
        CompareWidget(tree_a, other_tree)
    with pytest.raises(InputError, match="trace_b must be"):
        CompareWidget(a, None)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="trace_a must be"):
        CompareWidget("x", a)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="titles must be two strings"):
        CompareWidget(a, a, titles=("one",))  # type: ignore[arg-type]
    with pytest.raises(InputError, match="unknown perspective"):
        CompareWidget(a, a, perspective="max")
    with pytest.raises(InputError, match="max_nodes must be"):
        CompareWidget(a, a, max_nodes=1)


def test_titles_are_two_strings_not_a_string_split_in_two() -> None:
    """Issue 29: titles='AB' was split into 'A' and 'B', while a 3-tuple was refused."""
    game = negaviz.TicTacToe("x.o/x../o..")
    a, b = negaviz.record(game, order="natural"), negaviz.record(game, order="threats")
    for titles in ("AB", ("A", "B", "C"), ("A", 5), None):
        with pytest.raises(InputError, match=r"^titles must be two strings, e\.g\. \('A', 'B'\), not "):
            CompareWidget(a, b, titles=titles)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"^play_interval must be a whole number"):
        CompareWidget(a, b, play_interval="fast")  # type: ignore[arg-type]
    widget = CompareWidget(a, b, titles=("natural\x1b[1m", "threats\x07"))
    assert [s.title.split(":")[0] for s in widget.scenes] == ["natural[1m", "threats"]  # printable on the page
