"""Headless tests of the stepper widget (no browser, no kernel).

The widget is driven through its synced state, from Python and as the browser sets it
(``w.front.step`` and ``w.front.set_state``), and what it reads back (sentence, stack
rows, pseudocode line, counters) is checked against the trace.  Big traces are checked
for what the front-end is sent first and what it is sent when it asks for more.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any, Iterator

import ipywidgets as widgets
import pytest

import negaviz
import negaviz.frontend.page
import negaviz.widgets.stepper
from negaviz.analysis.pseudocode import LISTINGS
from negaviz.analysis.steps import Stepper
from negaviz.display.still import svg_of_img
from negaviz.errors import InputError
from negaviz.frontend.page import ESM, page_module, page_state
from negaviz.frontend.scene import CHUNK
from negaviz.search.events import EventKind
from negaviz.trace.timeline import Counters
from negaviz.render import draw, svg_element, to_svg
from negaviz.widgets import StepperWidget
from negaviz.widgets.stepper import LAZY_EVENTS, StepperView, descendants

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
# Node numbers (entry order): A 0, B 1, D 2, E 3, C 4, F 5.  18 events; the cutoff at C
# is event 14, so step 15 shows it.
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
        w = StepperWidget(trace, **kw)
        made.append(w)
        return w

    yield build
    for w in made:
        w.close()


def sent_by(front: StepperView, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What ``front`` sends to the browser from now on."""
    sent: list[Any] = []
    monkeypatch.setattr(front, "send", lambda content, buffers=None: sent.append(content))
    return sent


def node_group(svg: str, title: str) -> str:
    """The SVG group drawing the item ``title`` (found by its <title>, as the front-end
    does): ``n17`` trace node 17, or in a given tree its place, ``t_1_0``."""
    m = re.search(rf'<g class="node">\s*<title>{title}</title>(.*?)(?=<g class="(?:node|edge)">|</svg>)', svg, re.DOTALL)
    assert m, f"node {title} is not in the SVG"
    return m.group(1)


TEXTBOOK_PLACES = ["t", "t_0", "t_0_0", "t_0_1", "t_1", "t_1_0"]
"""Where the textbook tree's searched nodes A B D E C F (trace nodes 0-5) are drawn."""


# ------------------------------------------------------------------------ panels
def test_start_shows_nothing_done(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    assert w.step == 0 == w.front.step
    assert w.sentence.startswith("Nothing has happened yet")
    assert w.stack_rows == [] and w.code_line is None
    assert w.counters == Counters(0, 0, 0, 0)
    assert (w.perspective, w.windows, w.listing) == ("negamax", False, "alphabeta")
    (scene,) = w.front.scenes
    assert scene["n"] == len(textbook) and len(scene["views"]) == 1
    assert "<title>t</title>" in scene["views"][0]["svg"]  # a given tree's root, named by its place
    assert repr(w) == "<negaviz StepperWidget: 18 events, step 0>"


def test_cutoff_step_shows_sentence_stack_line_and_counters(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    w.step = 15
    assert textbook.event(14).kind == K.CUTOFF
    assert w.front.step == 15  # synced to the page
    assert w.sentence == (
        "C: value −3 ≥ β = −5, so the opponent will never let the game reach C: cutoff, G and H are never visited."
    )
    assert w.stack_rows == [("A", "0", "5", "∞", "5", "C"), ("C", "1", "−3", "−5", "−3", "")]
    assert w.code_line == 10
    listing = w.front.scenes[0]["listings"]["negamax"]
    assert listing == list(LISTINGS[w.listing])
    assert listing[w.code_line - 1].strip() == "break            ▹ cutoff: the opponent avoids this node"
    assert w.counters == Counters(nodes=6, leaves=3, cutoffs=1, tt_hits=0)


def test_widget_shows_the_pure_step_view_at_every_step(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    stepper = Stepper(textbook)
    for k in range(len(textbook) + 1):
        w.step = k
        view = stepper.view(k)
        c = view.counters
        assert (w.sentence, w.code_line) == (view.sentence, view.line), k
        assert w.counters == Counters(c.nodes, c.leaves, c.cutoffs, c.tt_hits), k
        assert [r[0] for r in w.stack_rows] == [f.name for f in view.frames], k


def test_tic_tac_toe_with_a_table_at_every_step(ttt_tt: negaviz.Trace, make: Any) -> None:
    w = make(ttt_tt)
    stepper = Stepper(ttt_tt)
    for k in range(len(ttt_tt) + 1):
        w.step = k
        view = stepper.view(k)
        c = view.counters
        assert (w.sentence, w.code_line) == (view.sentence, view.line), k
        assert w.counters == Counters(c.nodes, c.leaves, c.cutoffs, c.tt_hits), k
        assert [r[0] for r in w.stack_rows] == [f.name for f in view.frames], k
    assert (w.counters.nodes, w.counters.cutoffs, w.counters.tt_hits) == (len(ttt_tt.nodes), 13, 12)
    assert w.listing == "alphabeta+tt"


def test_tic_tac_toe_at_its_first_table_hit_and_cutoff(ttt_tt: negaviz.Trace, make: Any) -> None:
    w = make(ttt_tt)
    w.jump("tt")
    assert w.step == 67
    assert w.sentence == "Table lookup for c1 a3 b3 b2: stored value 0 (upper) settles it; c1 a3 b3 b2 returns at once."
    assert w.stack_rows == [
        ("the root", "0", "−∞", "∞", "–", "c1"), ("c1", "1", "−1", "∞", "−1", "a3"), ("c1 a3", "2", "0", "1", "0", "b3"),
        ("c1 a3 b3", "3", "−1", "0", "–", "b2"), ("c1 a3 b3 b2", "4", "0", "1", "–", ""),
    ]
    assert w.counters == Counters(nodes=18, leaves=5, cutoffs=2, tt_hits=1) and w.code_line == 9
    w.jump("cutoff")
    assert w.step == 70 and w.code_line == 16
    assert w.sentence == (
        "c1 a3 b3: value 0 ≥ β = 0, so the opponent will never let the game reach c1 a3 b3: cutoff, c3 is never visited."
    )
    assert w.stack_rows[-1] == ("c1 a3 b3", "3", "0", "0", "0", "")
    w.perspective = "minimax"  # o moves at c1 a3 b3: the window is negated and swapped, the test turned round
    assert w.sentence.startswith("c1 a3 b3: value 0 ≤ α = 0,")
    assert w.stack_rows[1] == ("c1", "1", "−∞", "1", "1", "a3")


def test_the_current_node_can_be_marked_at_every_step(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    scene = w.front.scenes[0]
    current = scene["chunks"]["0"]["current"]
    assert current[12] == 5 and current[9] == 0  # F entered; B returned, A is current again
    svg = scene["views"][0]["svg"]
    for place in TEXTBOOK_PLACES:  # every searched node has a second border the page colours when it is current
        group = node_group(svg, place)
        # two borders (polygons), the second unfilled; a cell the page fills with the value
        assert group.count("<polygon") >= 2 and '<polygon fill="none"' in group and ">§v§</text>" in group
    assert svg.lstrip().startswith("<svg")
    assert "g.nv-current .nv-outer" in scene["css"]


# ------------------------------------------------------------------------ synced state
def test_the_browser_sets_the_step_and_python_reads_it(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    w.front.step = 7  # as the page's slider does
    assert w.step == 7 and w.sentence == "E is a leaf: its value is 5."
    w.front.set_state({"step": 8})  # as a comm update from the page arrives
    assert w.step == 8 and w.sentence.startswith("B gets −5 from E")
    w.front.set_state({"perspective": "minimax", "windows": True})
    assert (w.perspective, w.windows) == ("minimax", True)
    assert w.sentence == "B gets 5 from E: a new best."


def test_python_sets_the_state_and_the_page_gets_it(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook, step=4, perspective="minimax", windows=True)
    assert (w.front.step, w.front.perspective, w.front.windows) == (4, "minimax", True)
    w.step = 12
    w.perspective = "negamax"
    w.windows = False
    state = w.front.get_state()
    assert (state["step"], state["perspective"], state["windows"]) == (12, "negamax", False)
    assert w.sentence == "Enter F with window (α, β) = (5, ∞)."


def test_a_rejected_update_from_the_page_leaves_the_state_as_it_was(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook, step=3)
    with pytest.raises(InputError):
        w.front.set_state({"step": 99})
    assert w.step == 3
    w.sentence  # noqa: B018  # readable again


def test_jumps_land_just_after_the_event_kind(ttt_tt: negaviz.Trace, make: Any) -> None:
    w = make(ttt_tt)
    wanted = {
        "cutoff": lambda e: e.kind == K.CUTOFF,
        "return": lambda e: e.kind in (K.LEAF, K.EVAL, K.EXIT),
        "tt": lambda e: e.kind == K.TT_PROBE and e.bound is not None,
    }
    n = len(ttt_tt)
    for kind, is_it in wanted.items():
        every = [s + 1 for s in range(n) if is_it(ttt_tt.event(s))]
        w.step = 0
        landed = []
        while w.step < n:
            before = w.step
            w.jump(kind)
            after = w.step
            assert after > before
            if after == n and not is_it(ttt_tt.event(n - 1)):
                break  # none left: the jump goes to the end, as the page's does
            assert is_it(ttt_tt.event(after - 1)), (kind, after)
            assert not any(is_it(ttt_tt.event(s)) for s in range(before, after - 1)), (kind, before, after)
            landed.append(after)
        assert landed == every, kind  # each such event in turn, none skipped
        assert w.jump_target(kind) == n
    assert len(every) > 5
    w.step = 0
    w.jump("end")
    assert w.step == n and w.sentence.endswith("(exact).")
    with pytest.raises(InputError, match=r"unknown jump: 'cut' \(must be one of"):
        w.jump_target("cut")


def test_jump_targets_match_the_page_kinds(ttt_tt: negaviz.Trace, make: Any) -> None:
    w = make(ttt_tt)
    kinds = w.front.scenes[0]["kinds"]
    assert len(kinds) == len(ttt_tt)
    assert w.jump_target("cutoff") == kinds.index("X") + 1
    assert w.jump_target("tt") == kinds.index("H") + 1
    assert kinds.count("X") == 13 and kinds.count("H") == 12


def test_tt_jump_goes_to_the_end_without_a_table(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    assert w.jump_target("tt") == len(textbook)
    assert w.jump_target("cutoff") == 15
    w.step = 15  # the only cutoff is behind us now
    assert w.jump_target("cutoff") == len(textbook)


def test_perspective_changes_shown_values(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    w.step = 5  # B has D's value
    assert w.stack_rows[1] == ("B", "1", "−7", "∞", "−7", "")
    assert "(its value negated)" in w.sentence
    negamax_line = w.code_line
    w.perspective = "minimax"
    assert w.front.perspective == "minimax"
    assert w.stack_rows[1] == ("B", "1", "−∞", "7", "7", "")  # a min node: window negated and swapped
    assert w.sentence == "B gets 7 from D: a new best."
    assert w.listing == "minimax-alphabeta" and w.code_line is not None
    assert w.front.scenes[0]["listings"]["minimax"] == list(LISTINGS["minimax-alphabeta"])
    assert "minimax view" in w.front.scenes[0]["legend"]["minimax"]
    w.perspective = "negamax"
    assert w.code_line == negamax_line and "(its value negated)" in w.sentence


def test_windows_are_a_class_on_the_page(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook, windows=False)
    w.step = 12
    w.windows = True
    assert w.front.windows is True and w.windows is True
    scene = w.front.scenes[0]
    # Every node has a window slot laid out once; the page hides them unless windows are on.
    assert ">§w§</text>" in node_group(scene["views"][0]["svg"], TEXTBOOK_PLACES[5])
    assert ".negaviz-stepper:not(.nv-show-windows) .nv-w { display: none; }" in scene["css"]
    assert w.stack_rows[-1] == ("F", "2", "5", "∞", "–", "")  # F's window, entered with (5, ∞)


def test_bad_input_names_what_is_allowed(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    with pytest.raises(InputError, match=r"step 19 is outside 0\.\.18"):
        w.step = 19
    with pytest.raises(InputError, match=r"step -1 is outside 0\.\.18"):
        w.front.step = -1
    with pytest.raises(InputError, match="step True is outside"):
        w.step = True
    assert w.step == 0
    with pytest.raises(ValueError, match="must be one of"):
        w.perspective = "maximin"
    with pytest.raises(InputError, match=r"unknown perspective 'maximin' \(must be one of 'negamax', 'minimax'\)"):
        w.front.perspective = "maximin"
    assert w.perspective == "negamax"
    with pytest.raises(InputError, match="unknown perspective"):
        StepperWidget(textbook, perspective="max")
    with pytest.raises(InputError, match="max_nodes must be"):
        StepperWidget(textbook, max_nodes=2)
    with pytest.raises(InputError, match="max_nodes must be"):
        StepperWidget(textbook, max_nodes="many")  # type: ignore[arg-type]
    with pytest.raises(InputError, match=r"step 19 is outside 0\.\.18"):
        StepperWidget(textbook, step=19)
    with pytest.raises(InputError, match="needs a negaviz Trace"):
        StepperWidget("[[7,5],[3,1,9]]")  # type: ignore[arg-type]


def test_a_step_that_is_not_a_number_is_an_input_error(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    with pytest.raises(InputError, match="step '3'"):
        w.step = "3"  # type: ignore[assignment]


def test_a_bad_play_interval_is_an_input_error(textbook: negaviz.Trace) -> None:
    with pytest.raises(InputError, match="play_interval"):
        StepperWidget(textbook, play_interval="fast")  # type: ignore[arg-type]


def test_keyboard_note_and_no_output_widgets(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    parts = descendants(w)
    assert w.front in parts and isinstance(w.front, StepperView)
    assert "← → one step" in ESM and "Home / End" in ESM and "space play / pause" in ESM and "P presenter size" in ESM
    assert "data-negaviz-stepper" in ESM and "var src_default = { render, SceneData };" in ESM and "src_default as default" in ESM
    # Updates go through widget state only: an Output widget would leak displays under nbval.
    assert not any(isinstance(p, widgets.Output) for p in parts)


def test_several_roots_step_to_the_end(make: Any) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="id")
    assert len(trace.roots()) > 1
    w = make(trace)
    assert len(w.front.scenes[0]["passes"]) == len(trace.roots())
    w.jump("end")
    assert w.step == len(trace) and w.sentence.endswith("(exact).")
    assert w.stack_rows == []


def test_quiz_asks_and_checks(textbook: negaviz.Trace, make: Any) -> None:
    pytest.importorskip("negaviz.quiz")
    w = make(textbook, quiz=True)
    assert w.quiz_box in w.children
    assert w.question is None and w.quiz_box.layout.display == "none"
    w.step = 11  # C entered: F's window is asked about
    q = w.question
    assert q is not None and q.step <= 11 < q.reveal
    assert w.quiz_box.layout.display == "flex" and html.escape(q.prompt) in w.quiz_prompt.value
    w.quiz_answer.value = q.answer_text()
    w.quiz_button.click()
    assert w.quiz_feedback.value and "Yes" in w.quiz_feedback.value
    feedback = w.answer("12345")
    assert feedback is not None and not feedback.correct and "No" in w.quiz_feedback.value
    w.front.step = q.reveal  # the page steps past the answer: the question goes
    assert w.question is not q


def test_no_quiz_box_without_quiz(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook)
    assert list(w.children) == [w.front] and w.question is None and w.answer("5") is None


# ------------------------------------------------------------------------ where no widget manager runs
def srcdoc(frame: str) -> str:
    m = re.fullmatch(r'<iframe [^>]*srcdoc="([^"]*)"></iframe>', frame, re.DOTALL)
    assert m, frame[:200]
    return html.unescape(m.group(1))


def test_mimebundle_has_the_widget_and_a_self_contained_page(textbook: negaviz.Trace, make: Any) -> None:
    w = make(textbook, step=15, perspective="minimax")
    bundle = w._repr_mimebundle_()
    assert set(bundle) >= {"application/vnd.jupyter.widget-view+json", "text/html", "text/plain"}
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    assert bundle["text/plain"] == repr(w)
    form = bundle["text/html"]
    frame = form[form.index("<iframe"):form.index("</iframe>") + len("</iframe>")]
    assert 'sandbox="allow-scripts allow-downloads"' in frame and "srcdoc=" in frame
    page = srcdoc(frame)
    assert page.startswith("<!DOCTYPE html>") and "default-src 'none'" in page
    assert page_module(page) == ESM and "http" not in page.replace("http-equiv", "")  # the module, gzipped
    state = page_state(page)
    assert (state["step"], state["perspective"], state["windows"]) == (15, "minimax", False)  # as shown now
    assert state["scenes"][0]["n"] == len(textbook)
    assert form == w.static_html()
    # the still beside it (for an untrusted notebook): the picture at the step shown, as draw() makes it
    assert svg_of_img(form) == svg_element(to_svg(draw(textbook, step=15, perspective="minimax")))
    assert "shown still at step 15 of 18" in form


def test_static_form_of_a_too_big_trace_is_a_note(textbook: negaviz.Trace, make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(negaviz.frontend.page, "MAX_PAGE_EVENTS", 10)  # the page's limit, which the note names
    w = make(textbook)
    note = w._repr_mimebundle_()["text/html"]
    assert "<iframe" not in note
    assert "This search has 18 events, more than a stored page holds (10)" in note
    assert svg_of_img(note) == svg_element(to_svg(draw(textbook, step=0)))  # its still picture all the same


# ------------------------------------------------------------------------ big traces: sent as needed
@pytest.fixture(scope="module")
def big() -> Iterator[StepperWidget]:
    """The whole tic-tac-toe alpha-beta search: 59,127 events, 18,297 nodes."""
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta")
    assert len(trace) > LAZY_EVENTS
    w = StepperWidget(trace)
    yield w
    w.close()


@pytest.mark.slow
def test_a_big_trace_sends_only_the_first_chunk_and_view(big: StepperWidget) -> None:
    (scene,) = big.front.scenes
    assert scene["n"] == len(big.trace) > 3 * CHUNK
    assert list(scene["chunks"]) == ["0"] and len(scene["chunks"]["0"]["current"]) == CHUNK
    assert len(scene["views"]) == 1 and scene["views"][0]["note"].startswith("The search as it grows")
    big.step = 3 * CHUNK + 5  # Python reads what the page will be sent
    assert big.sentence and big.counters.nodes > 0 and big.stack_rows


@pytest.mark.slow
def test_the_page_asks_for_a_chunk(big: StepperWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = sent_by(big.front, monkeypatch)
    big.front._on_msg(big.front, {"type": "need", "scene": 0, "chunk": 3}, [])
    assert len(sent) == 1
    msg = sent[0]
    assert (msg["type"], msg["scene"], msg["index"]) == ("chunk", 0, 3)
    data = msg["data"]
    timeline = big.scene.timeline
    assert data["current"] == timeline.current[3 * CHUNK:4 * CHUNK]
    assert data["base"] == list(timeline.counters(3 * CHUNK))
    assert len(data["sentences"]) == 2 and all(len(s) == CHUNK for s in data["sentences"])
    assert all(len(line) == CHUNK for line in data["lines"])
    json.dumps(msg, allow_nan=False)  # it goes over the comm as JSON


@pytest.mark.slow
def test_the_page_asks_for_a_view(big: StepperWidget, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = big.scene
    step = next(k for k in range(30_000, len(big.trace)) if scene.covers(k) is None)
    sent = sent_by(big.front, monkeypatch)
    big.front._on_msg(big.front, {"type": "need", "scene": 0, "view_for": step}, [])
    assert len(sent) == 1
    msg = sent[0]
    assert (msg["type"], msg["scene"]) == ("view", 0)
    view = msg["view"]
    current = scene.timeline.current[step]
    assert [item[1] for item in view["items"] if item[2] == current] == ["n"]  # draws the step's current node
    # a view laid out by dot comes as SVG; a search this big is laid out in the browser, from DOT
    drawn = view["svg"] if "svg" in view else view["dot"]
    assert str(current) in view["lives"] and (f"<title>n{current}</title>" in drawn or f"n{current} [" in drawn)
    assert view["note_new"].startswith(f"A new view from step {view['span'][0]:,}") and view["span"][0] <= step
    assert not any(k.startswith("_") for k in view)
    json.dumps(msg, allow_nan=False)


@pytest.mark.slow
@pytest.mark.parametrize(
    "content",
    [
        None, "need", [], {}, {"type": "other"}, {"type": "need"}, {"type": "need", "scene": 0},
        {"type": "need", "scene": 1, "chunk": 0}, {"type": "need", "scene": -1, "chunk": 0},
        {"type": "need", "scene": "0", "chunk": 0}, {"type": "need", "scene": 0, "chunk": -1},
        {"type": "need", "scene": 0, "chunk": 10**6}, {"type": "need", "scene": 0, "chunk": "3"},
        {"type": "need", "scene": 0, "view_for": -1}, {"type": "need", "scene": 0, "view_for": 10**9},
        {"type": "need", "scene": 0, "view_for": None},
    ],
)
def test_malformed_messages_are_ignored(big: StepperWidget, content: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = sent_by(big.front, monkeypatch)
    views = len(big.scene.views)
    big.front._on_msg(big.front, content, [])
    assert sent == [] and len(big.scene.views) == views


@pytest.mark.slow
def test_the_lazy_path_sends_the_chunk_of_the_first_step(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    trace = negaviz.record(negaviz.TicTacToe(".x......."), algorithm="alphabeta")  # 9,225 events: 3 chunks
    assert 2 * CHUNK < len(trace) < 3 * CHUNK
    monkeypatch.setattr(negaviz.widgets.stepper, "LAZY_EVENTS", 1000)
    w = make(trace, step=len(trace) - 5)
    assert sorted(w.front.scenes[0]["chunks"]) == ["0", "2"]
    assert w.sentence == w.front.scenes[0]["chunks"]["2"]["sentences"][0][(len(trace) - 5) % CHUNK]
    monkeypatch.setattr(negaviz.widgets.stepper, "LAZY_EVENTS", 10**9)
    assert sorted(make(trace).front.scenes[0]["chunks"]) == ["0", "1", "2"]  # small enough: all at once


def test_a_small_trace_sends_everything_and_ignores_needs(textbook: negaviz.Trace, make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    w = make(textbook)
    sent = sent_by(w.front, monkeypatch)
    w.front._on_msg(w.front, {"type": "need", "scene": 0, "chunk": 0}, [])
    assert [m["type"] for m in sent] == ["chunk"]  # it may ask again: the answer is the same
    assert sent[0]["data"] == w.front.scenes[0]["chunks"]["0"]
    w.front._on_msg(w.front, {"type": "need", "scene": 0, "view_for": 12}, [])
    assert sent[1]["type"] == "view" and len(w.scene.views) == 1  # the one view already shows step 12


def test_steps_take_any_integer_type_and_flags_only_booleans(textbook: negaviz.Trace) -> None:
    import numpy

    from negaviz.widgets import CompareWidget

    w = StepperWidget(textbook, step=numpy.int64(3))
    c = CompareWidget(textbook, textbook, windows=numpy.bool_(True))
    try:
        assert w.step == 3 and type(w.front.step) is int
        w.step = numpy.int32(5)
        assert w.step == 5
        for bad in ("false", 0, None):
            with pytest.raises(InputError, match=rf"^windows must be True or False, not {re.escape(repr(bad))}$"):
                w.windows = bad
            assert w.windows is False
        w.windows = numpy.bool_(True)
        assert w.windows is True
        with pytest.raises(InputError, match="windows must be True or False, not 'false'"):
            StepperWidget(textbook, windows="false")
        with pytest.raises(InputError, match="quiz must be True or False, not 'yes'"):
            StepperWidget(textbook, quiz="yes")
        with pytest.raises(InputError, match=r"step np.float64\(2.0\) is outside"):
            w.step = numpy.float64(2.0)
        assert w.step == 5
        assert c.windows is True
        c.step = numpy.int64(2)
        assert c.step == 2
        with pytest.raises(InputError, match="windows must be True or False, not 'off'"):
            c.windows = "off"
    finally:
        w.close()
        c.close()
