"""One vocabulary across layers: values, perspectives and steps read the same everywhere.

Pictures, step sentences, quiz feedback, the stepper's scene and its call-stack table,
and the browser front-end all write values through :mod:`negaviz.vocabulary`; every
entry point taking ``perspective=`` or a step checks it the same way.  These tests fail
as soon as one layer goes its own way again.
"""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Callable

import pytest
import traitlets

import negaviz
import negaviz.analysis.steps as steps
import negaviz.quiz as quiz
import negaviz.render as render
from negaviz.analysis.pseudocode import listing_for
from negaviz.analysis.steps import Stepper, sign
from negaviz.errors import InputError
from negaviz.export import export_html
from negaviz.frontend.scene import Scene, js_string
from negaviz.frontend.style import legend_html
from negaviz.quiz.exercises import exercise
from negaviz.layout.fold import snapshot
from negaviz.search.options import SearchOptions
from negaviz.trace.replay import Replay
from negaviz.vocabulary import PERSPECTIVES, check_flag, check_perspective, check_step, fmt, number_in, number_out
from negaviz.widgets import CompareWidget, StepperWidget

MINUS = "\N{MINUS SIGN}"
ASCII_MINUS = re.compile(r"-(?=[\d∞])")  # a hyphen written as a minus sign
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
NOT_A_PERSPECTIVE = r"unknown perspective 'max' \(must be one of 'negamax', 'minimax'\)"
PACKAGE = Path(negaviz.__file__).parent


@pytest.fixture(scope="module")
def trace() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


def svg_texts(svg: str) -> list[str]:
    """The text shown in an SVG drawing (attributes, such as coordinates, left out)."""
    root = ET.fromstring(svg)
    return ["".join(el.itertext()) for el in root.iter("{http://www.w3.org/2000/svg}text")]


def minus_signs_only(texts: list[str]) -> None:
    bad = [t for t in texts if ASCII_MINUS.search(t)]
    assert not bad, f"written with a hyphen for a minus: {bad[:5]}"


# ------------------------------------------------------------------------------ fmt
@pytest.mark.parametrize(
    ("value", "text"),
    [(5.0, "5"), (5, "5"), (-3, "−3"), (-3.0, "−3"), (math.inf, "∞"), (-math.inf, "−∞"), (None, "?"),
     (0.125, "0.125"), (-2.5, "−2.5"), (1 / 3, "0.3333"), (-0.0, "0"), (-(10**30), "−" + "1" + "0" * 30),
     (-1e-05, "−1e−05"), (123456.5, "1.235e+05")],
)
def test_fmt_writes_values_as_lecturers_do(value: float | None, text: str) -> None:
    assert fmt(value) == text
    assert "-" not in fmt(value)


def test_numbers_for_json_round_trip() -> None:
    for x in (5.0, -3.0, 2.5, math.inf, -math.inf, 0.0):
        out = number_out(x)
        assert json.loads(json.dumps(out)) == out  # strict JSON, no bare Infinity
        assert number_in(out) == x
    assert (number_out(-math.inf), number_out(4.0), type(number_out(4.0))) == ("-inf", 4, int)
    with pytest.raises(InputError, match=r"window: expected a number, 'inf' or '-inf', not 'x'"):
        number_in("x", what="window")
    for bad in (True, float("nan"), None, "Infinity"):
        with pytest.raises(InputError):
            number_in(bad)
    # the saved forms use it: options and results
    assert SearchOptions(window=(-math.inf, 3)).to_dict()["window"] == ["-inf", 3]
    assert SearchOptions.from_dict({"window": ["-inf", 3]}).window == (-math.inf, 3.0)


# --------------------------------------------------------------------- across layers
def test_every_layer_writes_a_negative_value_and_minus_infinity_alike(trace: negaviz.Trace) -> None:
    # B returns -5 in the negamax view; C is entered with the window (-inf, -5).
    picture = svg_texts(render.svg(trace, windows=True))
    assert "=−5" in picture and "(−∞, −5)" in picture
    minus_signs_only(picture)

    stepper = Stepper(trace)
    sentences = [stepper.view(k).sentence for k in range(len(trace) + 1)]
    assert "B returns −5 (exact)." in sentences
    assert "Enter C with window (α, β) = (−∞, −5)." in sentences
    minus_signs_only(sentences)

    qs = quiz.questions(trace)
    b_value = next(q for q in qs if q.kind == "value" and trace.label(q.node) == "B")
    c_window = next(q for q in qs if q.kind == "window" and trace.label(q.node) == "C")
    assert b_value.answer_text() == "−5" and c_window.answer_text() == "(−∞, −5)"
    feedback = [str(q.check("0")) for q in qs if q.kind != "window"]
    assert any("B returns −5" in f for f in feedback)
    minus_signs_only(feedback + [q.answer_text() for q in qs])

    data = Scene(trace).data()
    scene_sentences = [s for chunk in data["chunks"].values() for per in chunk["sentences"] for s in per]
    assert "B returns −5 (exact)." in scene_sentences
    minus_signs_only(scene_sentences)

    w = StepperWidget(trace, step=11)  # C has just been entered
    try:
        rows = w.stack_rows
        assert rows[-1][:4] == ("C", "1", "−∞", "−5") and rows[-1][4] == "–"  # a dash: no best yet
        minus_signs_only([cell for row in rows for cell in row])
        assert w.sentence == sentences[11]
    finally:
        w.close()


def test_the_page_writes_fractions_as_python_does() -> None:
    """The front-end looks non-whole values up in the scene's table by JavaScript's
    ``String(v)``; the table holds both signs, written by ``fmt``."""
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:2.5 E:0.00001) C(F:-0.125))"), algorithm="alphabeta")
    table = Scene(trace).data()["fmt"]
    assert table["2.5"] == "2.5" and table["-2.5"] == "−2.5"
    assert table["0.00001"] == "1e−05" and table["-0.125"] == "−0.125"
    assert all(v == fmt(float(k)) for k, v in table.items())
    assert [js_string(x) for x in (1e21, -1.5e-7, 0.1)] == ["1e+21", "-1.5e-7", "0.1"]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the front-end's formatting")
def test_the_front_end_formats_values_exactly_as_fmt() -> None:
    values: list[Any] = [5.0, -3.0, 0.0, -0.0, 0.125, -2.5, 1 / 3, -2 / 3, 1.5625, 2004.5, -6630.5, 1000.4, 9999.6,
                         1e-05, -1.5e-07, 123456.5, 2.0**60, -(2.0**70), 1e21, 0.000099996, 0.1 + 0.2]
    values += [k / 64 for k in range(-700, 700, 13)]
    module = (PACKAGE / "frontend" / "src" / "values.js").as_uri()
    script = (
        f"import({json.dumps(module)}).then(({{ makeFmt }}) => {{\n"
        "  const f = makeFmt({});\n"
        "  const xs = JSON.parse(process.argv[1]);\n"
        "  console.log(JSON.stringify([...xs.map(f), f(null), f(Infinity), f(-Infinity)]));\n"
        "});\n"
    )
    out = subprocess.run(["node", "-e", script, json.dumps(values)], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(out.stdout) == [fmt(v) for v in values] + ["?", "∞", "−∞"]


def test_no_layer_keeps_its_own_copy() -> None:
    """One fmt, one PERSPECTIVES, one number_out: the layers' names are the vocabulary's."""
    assert steps.fmt is fmt and render.labels.fmt is fmt
    for tup in (steps.PERSPECTIVES, render.PERSPECTIVES, quiz.PERSPECTIVES):
        assert tup is PERSPECTIVES
    assert PERSPECTIVES == ("negamax", "minimax")
    own = re.compile(r"^\s*(def (fmt|_num_out|_num_in|check_perspective|check_step)\(|PERSPECTIVES\s*[:=])", re.M)
    copies = [
        f"{path.relative_to(PACKAGE)}: {m.group(0).strip()}"
        for path in sorted(PACKAGE.rglob("*.py")) if path.name != "vocabulary.py"
        for m in own.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not copies, copies


def test_no_layer_says_what_the_conventions_contradict() -> None:
    """Captions, legends, sentences and the checker's messages keep the conventions that
    notebooks 01 and 03 state (vocabulary.CONVENTIONS): none uses a phrase the vocabulary
    lists as contradicting them."""
    from negaviz.vocabulary import MISLEADING

    sources = [p for p in sorted(PACKAGE.rglob("*.py")) if p.name != "vocabulary.py"]
    sources += sorted((PACKAGE / "frontend" / "src").glob("*.js"))
    said = [
        f"{path.relative_to(PACKAGE)}: {phrase!r} ({why})"
        for path in sources for phrase, why in MISLEADING.items() if phrase in path.read_text(encoding="utf-8")
    ]
    assert not said, said


def test_the_captions_and_messages_take_their_words_from_the_vocabulary(trace: negaviz.Trace) -> None:
    from negaviz.vocabulary import ALPHA_RISEN, WINDOW_KEY, WINDOW_KEY_MINIMAX, mover_marks, view_caption

    assert WINDOW_KEY in render.draw(trace, windows=True, step=11).source  # A's α has risen to 5 by then
    # the minimax view's legend says that a min node lowers β, not that α rises
    minimax = render.draw(trace, windows=True, step=11, perspective="minimax").source
    assert WINDOW_KEY_MINIMAX in minimax and "β as it has fallen" in minimax
    for p, key in (("negamax", WINDOW_KEY), ("minimax", WINDOW_KEY_MINIMAX)):
        assert key in legend_html(p, 0) and "(α, β)" in legend_html(p, 0)
    for p in PERSPECTIVES:
        source = render.draw(trace, perspective=p).source
        assert view_caption(p) in source and mover_marks(p) in source
        assert view_caption(p) in legend_html(p, 0)
    c_window = next(q for q in quiz.questions(trace) if q.kind == "window" and trace.label(q.node) == "C")
    assert f"A was entered with the window (−∞, ∞) and {ALPHA_RISEN} 5" in c_window.explanation


def test_the_front_end_declares_none_of_the_shared_words() -> None:
    """The JavaScript sources get perspectives, stack columns, change and event codes, text
    sizes and listings' line numbers in the scene (negaviz.frontend.scene), and format
    values in one module (values.js): none declares its own copy."""
    own = re.compile(
        r"^\s*(?:export )?(?:const|let|var) (?:PERSPECTIVES|STACK_COLUMNS|CHANGE_\w+|TEXT|BEST|LOWER_\w+)\b"
        r"|\[\s*\"negamax\",\s*\"minimax\"\s*\]|charCodeAt\([^)]*\)\s*-\s*48"
        r"|\[\s*\"node\",\s*\"depth\"|^\s*(?:export )?function (?:fmt|makeFmt|g4|fixedHalfEven)\(",
        re.M,
    )
    sources = sorted((PACKAGE / "frontend" / "src").glob("*.js"))
    assert len(sources) >= 8
    copies = [
        f"{path.name}: {m.group(0).strip()}"
        for path in sources for m in own.finditer(path.read_text(encoding="utf-8"))
        if not (path.name == "values.js" and m.group(0).lstrip().startswith("export function"))
    ]
    assert not copies, copies


# ---------------------------------------------------------------------- perspectives
def entry_points(trace: negaviz.Trace, tmp: Path) -> dict[str, Callable[[str], Any]]:
    def widget_setter(p: str) -> None:
        w = StepperWidget(trace)
        try:
            w.perspective = p
        finally:
            w.close()

    return {
        "draw": lambda p: render.draw(trace, perspective=p),
        "svg": lambda p: render.svg(trace, perspective=p),
        "Stepper": lambda p: Stepper(trace, perspective=p),
        "sign": lambda p: sign(trace, 0, p),
        "listing_for": lambda p: listing_for("alphabeta", False, perspective=p),
        "questions": lambda p: quiz.questions(trace, perspective=p),
        "exercise": lambda p: exercise(2, 2, 1, perspective=p),
        "export_html": lambda p: export_html(trace, tmp / "x.html", perspective=p),
        "StepperWidget": lambda p: StepperWidget(trace, perspective=p),
        "StepperWidget.perspective": widget_setter,
        "CompareWidget": lambda p: CompareWidget(trace, trace, perspective=p),
        "legend_html": lambda p: legend_html(p, 0),
        "check_perspective": check_perspective,
    }


def test_every_entry_point_refuses_an_unknown_perspective_naming_both(trace: negaviz.Trace, tmp_path: Path) -> None:
    for name, call in entry_points(trace, tmp_path).items():
        with pytest.raises(InputError, match=NOT_A_PERSPECTIVE):
            call("max")
        assert not (tmp_path / "x.html").exists(), name
    for name, call in entry_points(trace, tmp_path).items():
        if name in ("StepperWidget", "CompareWidget", "StepperWidget.perspective"):
            continue  # widgets: refused above, accepted in their own tests (they need a comm)
        for p in PERSPECTIVES:
            call(p)  # both perspectives are accepted everywhere


def test_the_page_refuses_an_unknown_perspective_and_rolls_back(trace: negaviz.Trace) -> None:
    w = StepperWidget(trace, perspective="minimax")
    try:
        with pytest.raises(traitlets.TraitError, match=NOT_A_PERSPECTIVE) as info:
            w.front.perspective = "max"  # as an update from the page arrives
        assert isinstance(info.value, InputError)
        assert w.perspective == "minimax"
    finally:
        w.close()


def test_the_command_line_offers_the_same_perspectives(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from negaviz.cli import main

    assert main(["render", "tree", "[[1,2]]", "--perspective", "max", "-o", str(tmp_path / "x.svg")]) == 2
    err = capsys.readouterr().err
    assert "'max'" in err and "'negamax', 'minimax'" in err


# ----------------------------------------------------------------------------- steps
@pytest.mark.parametrize("step", [True, False, -1, 19, 2.0, "3", None])
def test_check_step_refuses_what_is_not_a_step(step: Any) -> None:
    with pytest.raises(InputError, match=rf"^step {re.escape(repr(step))} is outside 0\.\.18 \(the trace has 18 events\)$"):
        check_step(step, 18)


def test_check_step_takes_any_integer_type_as_a_plain_int() -> None:
    import numpy

    class Index:  # anything with __index__ is an integer
        def __index__(self) -> int:
            return 4

    for step, want in ((numpy.int64(3), 3), (numpy.uint8(18), 18), (Index(), 4)):
        got = check_step(step, 18)
        assert got == want and type(got) is int
    for bad in (numpy.float64(3.0), numpy.bool_(True), numpy.int64(19)):
        with pytest.raises(InputError, match=r"is outside 0\.\.18"):
            check_step(bad, 18)


@pytest.mark.parametrize("flag", ["false", "True", 0, 1, None, 1.0, [], "no"])
def test_check_flag_takes_only_booleans(flag: Any) -> None:
    with pytest.raises(InputError, match=rf"^windows must be True or False, not {re.escape(repr(flag))}$"):
        check_flag(flag, "windows")


def test_check_flag_takes_python_and_numpy_booleans() -> None:
    import numpy

    assert [check_flag(v, "windows") for v in (True, False, numpy.bool_(True), numpy.bool_(False))] == [True, False, True, False]
    assert type(check_flag(numpy.bool_(True), "windows")) is bool


def test_check_step_accepts_every_step_and_names_the_option() -> None:
    assert [check_step(k, 18) for k in (0, 1, 17, 18)] == [0, 1, 17, 18]
    assert check_step(0, 0) == 0
    with pytest.raises(InputError, match=r"^--step 1 is outside 0\.\.0 "):
        check_step(1, 0, what="--step")


def test_every_layer_checks_steps_alike(trace: negaviz.Trace) -> None:
    n = len(trace)
    message = rf"step {n + 1} is outside 0\.\.{n} \(the trace has {n} events\)"
    with pytest.raises(InputError, match=message):
        snapshot(trace, n + 1)
    with pytest.raises(InputError, match=message):
        render.draw(trace, step=n + 1)
    with pytest.raises(InputError, match=message):
        Stepper(trace).view(n + 1)
    with pytest.raises(InputError, match=r"step True is outside"):
        snapshot(trace, True)
    with pytest.raises(InputError, match=r"step -1 is outside"):
        render.draw(trace, step=-1)
    # Replay has always raised IndexError: it still does, and it is an InputError too.
    with pytest.raises(IndexError, match=r"step -1 is outside") as info:
        Replay(trace).state_at(-1)
    assert isinstance(info.value, InputError)
    with pytest.raises(InputError, match=message):
        StepperWidget(trace, step=n + 1)
    w = StepperWidget(trace, step=3)
    try:
        for bad in (True, -1, n + 1, 2.5):
            with pytest.raises(InputError, match=rf"step {bad!r} is outside 0\.\.{n}"):
                w.step = bad
            assert w.step == 3
        for bad in (True, -1, n + 1):
            with pytest.raises(traitlets.TraitError, match=rf"step {bad!r} is outside 0\.\.{n}") as refused:
                w.front.step = bad  # as an update from the page: refused and rolled back
            assert isinstance(refused.value, InputError)
            assert w.step == 3
        w.step = n
        assert w.step == n
    finally:
        w.close()


def test_what_a_student_reads_says_side_to_move() -> None:
    """The notebooks promise "side to move": the legends, captions and check's messages
    say it too, never "player to move" (issue 53: the negamax legend and the leaf message)."""
    from negaviz.vocabulary import mover_marks, view_caption

    package = Path(negaviz.__file__).parent
    said = {p: "player to move" in p.read_text(encoding="utf-8")
            for p in [package / "vocabulary.py", *sorted((package / "student").glob("*.py"))]}
    assert not any(said.values()), [p.name for p, found in said.items() if found]
    assert all("player to move" not in mover_marks(p) + view_caption(p) for p in ("negamax", "minimax"))
