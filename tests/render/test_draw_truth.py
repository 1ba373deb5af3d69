"""draw(trace, step=k) tells no future; given data shows as given; preview is asked for (tree.py)."""

from __future__ import annotations

import html

from collections.abc import Callable
from typing import Any

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.games.tictactoe import TicTacToe
from negaviz.render import draw
from negaviz.render.looks import LOOKS, OKABE_ITO
from negaviz.render.styles import faint
from negaviz.render.tree import GIVEN_NOTE, PREVIEW_NOTE
from negaviz.trace import Trace
from negaviz.trace.timeline import timeline_of

GIVEN = LOOKS["given"].text

Parse = Callable[[Any], tuple[dict[str, dict[str, str]], list[tuple[str, str, dict[str, str]]]]]

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def _traces() -> dict[str, Trace]:
    ttt = TicTacToe()
    return {
        "textbook alpha-beta": negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"),
        "textbook pvs": negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="pvs"),
        "ttt pvs": negaviz.record(ttt, ttt.parse("x.o/x../o.."), algorithm="pvs"),
        "ttt tt": negaviz.record(ttt, ttt.parse("x.o/x../o.."), tt=True),
    }


TRACES = _traces()


@pytest.mark.parametrize("name", list(TRACES))
def test_every_step_shows_only_what_has_happened(name: str, truth: Callable[..., None]) -> None:
    trace = TRACES[name]
    for step in range(len(trace) + 1):
        truth(trace, step, draw(trace, step=step))


def test_the_truth_check_catches_a_drawing_of_the_end_shown_as_step_0(truth: Callable[..., None]) -> None:
    trace = TRACES["textbook alpha-beta"]
    with pytest.raises(AssertionError, match="thick edges"):
        truth(trace, 0, draw(trace))  # the final best line, at step 0


# ------------------------------------------------------------------- given data
def _contrast(fg: str, bg: str = "#FFFFFF") -> float:
    def lum(c: str) -> float:
        rgb = [int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_a_leaf_not_yet_seen_shows_its_given_value_in_grey_italics(parse: Parse) -> None:
    trace = TRACES["textbook alpha-beta"]
    nodes, _ = parse(draw(trace, step=4))  # B entered D; E not yet
    assert f'<I><FONT COLOR="{GIVEN}">5</FONT></I>' in nodes["g1_1"]["label"]
    assert html.escape(GIVEN_NOTE) in nodes["legend"]["label"]
    assert _contrast(GIVEN) >= 4.5
    nodes, _ = parse(draw(trace))  # E visited: its value is a result; G and H, pruned, show theirs
    assert ">5<" in nodes["n3"]["label"] and "<I>" not in nodes["n3"]["label"]
    assert f'<FONT COLOR="{GIVEN}">1</FONT>' in nodes["g4_1"]["label"]
    assert f'<FONT COLOR="{GIVEN}">9</FONT>' in nodes["g4_2"]["label"]


def test_given_values_follow_the_perspective_and_only_leaves_have_one(parse: Parse) -> None:
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:4) C:3)"), algorithm="alphabeta")
    step = 1  # A entered: B (inner) and C (a leaf at odd depth) not yet
    negamax, _ = parse(draw(trace, step=step))
    minimax, _ = parse(draw(trace, step=step, perspective="minimax"))
    assert "<I>" not in negamax["g0_0"]["label"]  # B has no given value
    assert ">−3</FONT></I>" in negamax["g0_1"]["label"] or ">-3</FONT></I>" in negamax["g0_1"]["label"]
    assert ">3</FONT></I>" in minimax["g0_1"]["label"]


def test_boards_have_no_given_values(parse: Parse) -> None:
    trace = TRACES["ttt tt"]
    nodes, _ = parse(draw(trace, step=3))
    assert not any("<I>" in a.get("label", "") for a in nodes.values())
    assert html.escape(GIVEN_NOTE) not in nodes["legend"]["label"]


# ------------------------------------------------------------------- preview
def test_preview_is_off_by_default_and_says_when_it_is_on(parse: Parse) -> None:
    trace = TRACES["textbook alpha-beta"]
    plain = draw(trace, step=4)
    assert PREVIEW_NOTE not in plain.source
    shown = draw(trace, step=4, preview=True)
    nodes, edges = parse(shown)
    assert PREVIEW_NOTE in nodes["legend"]["label"]
    assert any(PREVIEW_NOTE in line for line in shown.body if line.startswith("\tgraph"))  # the caption
    # The rest of the search is there, faint: C with its final look, the final best line.
    assert set(nodes) >= {"n4", "n5", "g4_1", "g4_2"}
    assert nodes["n4"]["color"] == faint({"color": OKABE_ITO["reddish_purple"]})["color"]
    full = OKABE_ITO["blue"]
    thick = {(t, h): a["color"] for t, h, a in edges if float(a.get("penwidth", "1")) >= 3}
    assert thick == {("n0", "n1"): faint({"color": full})["color"], ("n1", "n3"): faint({"color": full})["color"]}
    # What has happened is drawn as without the preview.
    assert nodes["n2"] == parse(plain)[0]["n2"]


def test_preview_after_the_best_line_is_known_draws_it_at_full_strength(parse: Parse) -> None:
    trace = TRACES["textbook alpha-beta"]
    _, edges = parse(draw(trace, step=12, preview=True))
    best = timeline_of(trace).best_line(12)
    thick = {(t, h): a["color"] for t, h, a in edges if float(a.get("penwidth", "1")) >= 3}
    assert {(f"n{a}", f"n{b}") for a, b in zip(best, best[1:])} == {e for e, c in thick.items() if c == OKABE_ITO["blue"]}


def test_preview_at_the_end_or_of_the_whole_trace_changes_nothing() -> None:
    trace = TRACES["textbook alpha-beta"]
    assert draw(trace, preview=True).source == draw(trace).source
    assert draw(trace, step=len(trace), preview=True).source == draw(trace, step=len(trace)).source


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_preview_must_be_a_bool(bad: object) -> None:
    with pytest.raises(InputError, match=r"preview must be True or False, not"):
        draw(TRACES["textbook alpha-beta"], step=3, preview=bad)  # type: ignore[arg-type]
