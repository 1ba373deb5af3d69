"""Headless tests of the stepper widget and its frame cache (no browser, no kernel).

The widget is driven the way a reader drives it (set the step, click the buttons,
toggle the perspective) and its panels' state is checked against the trace.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

import ipywidgets as widgets
import pytest

import negaviz
from negaviz.analysis.steps import Stepper
from negaviz.errors import InputError
from negaviz.search.events import EventKind
from negaviz.widgets import StepperWidget
from negaviz.widgets.frames import FrameCache, StackReplay, Views, inline_svg, scope_ids
from negaviz.widgets.stepper import KEYS_NOTE, descendants

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
# Node numbers (entry order): A 0, B 1, D 2, E 3, C 4, F 5.  18 events; the cutoff at C
# is event 14, so step 15 shows it.
VERMILLION = "#d55e00"  # the current node's border (dot writes colours in lower case)
K = EventKind


@pytest.fixture
def textbook() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


@pytest.fixture
def ttt_tt() -> negaviz.Trace:
    """Tic-tac-toe with a table: 281 events, 13 cutoffs, 12 table hits."""
    return negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta", tt=True)


@pytest.fixture
def make() -> Iterator[Any]:
    made: list[StepperWidget] = []

    def build(trace: negaviz.Trace, **kw: Any) -> StepperWidget:
        kw.setdefault("prefetch", 0)
        w = StepperWidget(trace, **kw)
        made.append(w)
        return w

    yield build
    for w in made:
        w.close()


def node_group(svg: str, nid: int) -> str:
    """The SVG group drawing trace node ``nid``."""
    m = re.search(rf'<g id="n{nid}" class="node">(.*?)</g>\n(?=<g id=|</g>)', svg, re.DOTALL)
    assert m, f"node n{nid} is not in the SVG"
    return m.group(1)


# ------------------------------------------------------------------------ panels
def test_start_shows_nothing_done(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    assert w.step == 0
    assert w.sentence.startswith("Nothing has happened yet")
    assert w.stack_rows == [] and w.code_line is None
    assert (w.counters.nodes, w.counters.leaves, w.counters.cutoffs, w.counters.tt_hits) == (0, 0, 0, 0)
    assert 'id="n0"' in w.svg
    assert "(empty: no call running)" in w.stack_panel.value
    assert 'class="hl"' not in w.code_panel.value


def test_cutoff_step_shows_sentence_stack_line_and_counters(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    w.step = 15
    assert textbook.event(14).kind == K.CUTOFF
    assert w.sentence == (
        "C: value −3 ≥ β = −5, so the opponent will never let the game reach C: cutoff, G and H are never visited."
    )
    assert w.stack_rows == [("A", "0", "5", "∞", "5", "C"), ("C", "1", "−3", "−5", "−3", "")]
    assert w.code_line == 10
    highlighted = re.findall(r'<span data-line="(\d+)" class="hl"[^>]*>([^<]*)</span>', w.code_panel.value)
    assert highlighted == [("10", "▶             break            ▹ cutoff: the opponent avoids this node")]
    assert (w.counters.nodes, w.counters.leaves, w.counters.cutoffs) == (6, 3, 1)
    assert 'data-counter="cutoffs">1<' in w.counters_panel.value
    assert "cutoff, G and H are never visited" in w.sentence_panel.value
    # The current call is the last row, shaded.
    assert re.search(r'<tr class="current"[^>]*><td[^>]*>C</td>', w.stack_panel.value)


def test_widget_shows_the_pure_step_view_at_every_step(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    stepper = Stepper(textbook)
    for k in range(len(textbook) + 1):
        w.step = k
        view = stepper.view(k)
        assert (w.sentence, w.code_line, w.counters) == (view.sentence, view.line, view.counters)
        assert [r[0] for r in w.stack_rows] == [f.name for f in view.frames]


def test_svg_marks_the_current_node(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    w.step = 12  # F entered: F (node 5) is current, A and C are on the stack
    f = node_group(w.svg, 5)
    assert VERMILLION in f.lower() and f.count("<polygon") >= 2  # double border
    assert VERMILLION not in node_group(w.svg, 0).lower()
    w.step = 9  # B returned: A is current again
    assert VERMILLION in node_group(w.svg, 0).lower()
    assert VERMILLION not in node_group(w.svg, 1).lower()
    assert w.svg in w.tree_panel.value and w.svg.lstrip().startswith("<svg")
    assert 'style="overflow:auto' in w.tree_panel.value  # a big tree scrolls in its box


# ------------------------------------------------------------------------ controls
def test_buttons_step_and_disable_at_the_ends(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    assert w.prev_button.disabled and not w.next_button.disabled
    w.next_button.click()
    w.next_button.click()
    assert w.step == 2 and w.sentence == "Enter B with window (α, β) = (−∞, ∞)."
    w.prev_button.click()
    assert w.step == 1 and w.sentence.startswith("Start at A")
    w.jump_buttons["end"].click()
    assert w.step == len(textbook) and w.sentence == "A returns 5 (exact)."
    assert w.next_button.disabled and w.jump_buttons["end"].disabled and w.jump_buttons["return"].disabled
    w.next_button.click()  # disabled in the page; a stray call must not leave the range
    assert w.step == len(textbook)


def test_slider_and_play_drive_the_step(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    assert (w.slider.min, w.slider.max, w.play.max) == (0, len(textbook), len(textbook))
    w.slider.value = 7
    assert w.step == 7 and w.sentence == "E is a leaf: its value is 5." and w.play.value == 7
    w.play.value = 8  # a Play tick
    assert w.step == 8 and w.sentence.startswith("B gets −5 from E")


def test_jumps_land_just_after_the_event_kind(ttt_tt: negaviz.Trace, make: Any) -> None:
    w = make(ttt_tt, max_nodes=12)  # small frames: this test is about where jumps land
    wanted = {
        "cutoff": lambda e: e.kind == K.CUTOFF,
        "return": lambda e: e.kind in (K.LEAF, K.EVAL, K.EXIT),
        "tt": lambda e: e.kind == K.TT_PROBE and e.bound is not None,
    }
    last = {"cutoff": len(ttt_tt), "tt": len(ttt_tt), "return": 60}  # returns are many: the first stretch will do
    for kind, is_it in wanted.items():
        w.step = 0
        landed = []
        while not w.jump_buttons[kind].disabled and w.step < last[kind]:
            before = w.step
            w.jump_buttons[kind].click()
            after = w.step
            assert after > before
            assert is_it(ttt_tt.event(after - 1)), (kind, after)
            assert not any(is_it(ttt_tt.event(s)) for s in range(before, after - 1)), (kind, before, after)
            landed.append(after)
        every = [s + 1 for s in range(len(ttt_tt)) if is_it(ttt_tt.event(s))]
        assert landed == [s for s in every if s <= landed[-1]], kind  # each such event in turn, none skipped
        if kind != "return":
            assert landed == every and w.jump_buttons[kind].disabled  # up to the last one, then no more
    assert len(every) > 5


def test_tt_jump_is_disabled_without_a_table(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    assert w.jump_buttons["tt"].disabled
    assert not w.jump_buttons["cutoff"].disabled
    w.step = 15  # the only cutoff is behind us now
    assert w.jump_buttons["cutoff"].disabled


def test_perspective_toggle_changes_shown_values(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    w.step = 5  # B has D's value
    assert w.stack_rows[1] == ("B", "1", "−7", "∞", "−7", "")
    assert "(its value negated)" in w.sentence
    negamax_svg = w.svg
    w.perspective_buttons.value = "minimax"  # as a click on the toggle does
    assert w.perspective == "minimax"
    assert w.stack_rows[1] == ("B", "1", "−∞", "7", "7", "")  # a min node: window negated and swapped
    assert w.sentence == "B gets 7 from D: a new best."
    assert w.svg != negamax_svg and "minimax view" in w.svg
    w.perspective = "negamax"
    assert w.svg == negamax_svg  # served again from the cache


def test_windows_toggle_redraws_with_windows(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook, windows=False)
    w.step = 12
    assert "[5, ∞]" not in w.svg.replace("&#45;", "-")
    w.windows = True
    assert w.windows_box.value is True
    assert "[5, ∞]" in w.svg  # F's window, entered with (5, ∞)


def test_bad_input_names_what_is_allowed(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    with pytest.raises(InputError, match=r"step 19 is outside 0\.\.18"):
        w.step = 19
    with pytest.raises(ValueError, match="must be one of"):
        w.perspective = "maximin"
    with pytest.raises(InputError, match="unknown perspective"):
        StepperWidget(textbook, perspective="max")
    with pytest.raises(InputError, match="max_nodes must be"):
        StepperWidget(textbook, max_nodes=2)
    with pytest.raises(InputError, match="needs a negaviz Trace"):
        StepperWidget("[[7,5],[3,1,9]]")  # type: ignore[arg-type]


def test_keyboard_note_and_no_output_widgets(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    parts = descendants(w)
    assert w.keys_note in parts and "←" in KEYS_NOTE and "slider" in KEYS_NOTE
    assert isinstance(w.slider, widgets.IntSlider) and not w.slider.disabled  # focusable: arrow keys step it
    # Updates go through widget state only: an Output widget would leak displays under nbval.
    assert not any(isinstance(p, widgets.Output) for p in parts)
    assert isinstance(w.tree_panel, widgets.HTML) and "<svg" in w.tree_panel.value


def test_several_roots_step_to_the_end(make: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="id")
    assert len(trace.roots()) > 1
    w = make(trace)
    w.jump("end")
    assert w.step == len(trace) and w.sentence.endswith("(exact).")


def test_quiz_asks_and_checks(textbook: negaviz.Trace, make: Any) -> None:
    pytest.importorskip("negaviz.quiz")
    w = make(textbook, quiz=True)
    assert w.question is None and w.quiz_box.layout.display == "none"
    w.step = 11  # C entered: F's window is asked about
    q = w.question
    assert q is not None and q.step <= 11 < q.reveal
    assert w.quiz_box.layout.display == "flex" and q.prompt in w.quiz_prompt.value
    w.quiz_answer.value = q.answer_text()
    w.quiz_button.click()
    assert w.quiz_feedback.value and "Yes" in w.quiz_feedback.value
    feedback = w.answer("12345")
    assert feedback is not None and not feedback.correct and "No" in w.quiz_feedback.value


# ------------------------------------------------------------------------ the frame cache
def test_prefetch_renders_the_next_steps(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook, prefetch=2)
    w.step = 4
    w.cache.wait()
    assert all(key in w.cache for key in ((5, "negamax", False), (6, "negamax", False), (3, "negamax", False)))
    assert (7, "negamax", False) not in w.cache
    misses = w.cache.misses
    w.next_button.click()
    assert w.cache.misses == misses and w.cache.hits >= 1  # step 5 came ready
    w.step = 2  # moving back: prefetch goes backwards
    w.cache.wait()
    assert (1, "negamax", False) in w.cache and (0, "negamax", False) in w.cache


def test_cache_is_lru_by_size_and_returns_what_render_gives(textbook: negaviz.Trace) -> None:
    probe = FrameCache(textbook)
    one = len(probe.get(18))
    cache = FrameCache(textbook, max_bytes=int(2.5 * one))
    first = cache.get(18)
    assert first == cache.render((18, "negamax", False)) and cache.misses == 1
    assert cache.get(18) is first and cache.hits == 1
    cache.get(17)
    cache.get(18)  # 18 is now the most recent
    cache.get(16)  # over budget: 17 goes
    assert (18, "negamax", False) in cache and (17, "negamax", False) not in cache
    assert cache.nbytes <= 2.5 * one + 1
    with pytest.raises(InputError, match="outside"):
        cache.get(-1)


def test_inline_svg_has_no_urls_and_scoped_ids_stay_consistent(textbook: negaviz.Trace) -> None:
    raw = negaviz.render.to_svg(negaviz.render.draw(textbook))
    assert "http://" in raw  # dot's DOCTYPE and namespaces
    svg = inline_svg(raw)
    assert svg.startswith("<svg") and "http" not in svg and "<!--" not in svg
    scoped = scope_ids('<g id="n0"><path fill="url(#l_1)"/><use href="#n0"/></g>', "x-")
    assert scoped == '<g id="x-n0"><path fill="url(#x-l_1)"/><use href="#x-n0"/></g>'


@pytest.mark.parametrize("perspective", ["negamax", "minimax"])
def test_stack_replay_gives_the_same_views_as_full_replay(ttt_tt: negaviz.Trace, perspective: str) -> None:
    full, fast = Views(ttt_tt, full_replay=True), Views(ttt_tt, full_replay=False)
    assert isinstance(fast.stepper(perspective).replay, StackReplay)
    for k in range(len(ttt_tt) + 1):
        a, b = full.view(k, perspective), fast.view(k, perspective)
        assert (a.sentence, a.frames, a.line, a.counters) == (b.sentence, b.frames, b.line, b.counters), k
