"""The widget's submit: the record the page sends is saved beside the notebook, checked,
and a notebook's several steppers share one file (each exercise's latest submission)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.quiz import Attempt, grade_attempts
from negaviz.widgets import StepperWidget

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def record(widget: StepperWidget, answers: list[dict[str, str]]) -> dict[str, Any]:
    """What practice-submit.js sends: the scene's submit frame, the view, the answers."""
    frame = widget.scene.practice["submit"]  # type: ignore[index]
    exercise = {**frame["exercise"], "perspective": "negamax", "windows": False}  # windows not shown
    return {"format": frame["format"], "schema": frame["schema"], "negaviz": frame["negaviz"], "student": None,
            "exercises": [{"exercise": exercise, "answers": answers, "verdict": {"advisory": True, "correct": True}}]}


def test_submit_saves_the_record_beside_the_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a notebook's kernel runs in the notebook's folder
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")
    w = StepperWidget(trace, practice="tree", title="week1")
    assert w.front.answers_file == "negaviz_answers.json"
    sent: list[Any] = []
    monkeypatch.setattr(w.front, "send", lambda content, buffers=None: sent.append(content))
    w.front._on_msg(w.front, {"type": "attempt", "record": record(w, [{"kind": "value", "node": "A", "text": "5"}])}, [])
    assert sent == [{"type": "saved", "file": "negaviz_answers.json"}]
    other = StepperWidget(negaviz.record(negaviz.Tree.parse("A(B:1 C:2)"), algorithm="alphabeta"), practice="tree",
                          title="week1b")
    monkeypatch.setattr(other.front, "send", lambda content, buffers=None: sent.append(content))
    other.front._on_msg(other.front, {"type": "attempt", "record": record(other, [])}, [])
    # submitted again: the new answers replace week1's, week1b's stay
    w.front._on_msg(w.front, {"type": "attempt", "record": record(w, [{"kind": "value", "node": "A", "text": "-5"}])}, [])
    rec = Attempt.load(tmp_path / "negaviz_answers.json")
    assert [(a.exercise.id, [x.text for x in a.answers]) for a in rec.exercises] == [("week1b", []), ("week1", ["-5"])]
    assert grade_attempts([tmp_path / "negaviz_answers.json"], expect={"week1": {"position": TEXTBOOK, "windows": False},
                          "week1b": {"position": "A(B:1 C:2)", "windows": False}}).graded[1].grade.score[0] == 0  # A is 5 for the side to move
    # A record the page made wrong is refused, and the page is told why; the file is as it was.
    before = (tmp_path / "negaviz_answers.json").read_bytes()
    bad = record(w, [])
    bad["schema"] = 9
    w.front._on_msg(w.front, {"type": "attempt", "record": bad}, [])
    assert sent[-1]["type"] == "not-saved" and "record schema 9" in sent[-1]["why"]
    assert (tmp_path / "negaviz_answers.json").read_bytes() == before
    assert json.loads(before)["format"] == "negaviz-attempt"


def test_a_stepper_without_practice_saves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    w = StepperWidget(negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"))
    assert w.front.answers_file == ""
    w.front._on_msg(w.front, {"type": "attempt", "record": {}}, [])
    assert list(tmp_path.iterdir()) == []


class _JsNull:
    """What Pyodide's ``pyodide.ffi.jsnull`` is: an object that is not ``None``."""

    def __repr__(self) -> str:
        return "jsnull"


def test_a_null_from_the_site_kernel_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The course site's kernel hands a message over with ``pyodide.toPy``, which leaves
    the page's ``null`` as ``pyodide.ffi.jsnull``: the message, as ipywidgets receives it,
    saves the record all the same (the real kernel: tests/site/test_site_submit.py)."""
    import sys
    import types

    jsnull = _JsNull()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = jsnull  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.chdir(tmp_path)
    w = StepperWidget(negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta"), practice="tree",
                      title="week1")
    sent: list[Any] = []
    monkeypatch.setattr(w.front, "send", lambda content, buffers=None: sent.append(content))
    rec = record(w, [{"kind": "value", "node": "A", "text": "5"}])
    rec["student"] = jsnull
    rec["exercises"][0]["verdict"] = {"advisory": True, "correct": False, "score": [0, 1], "mistake": jsnull,
                                      "sentence": "Not yet."}
    w.front._handle_msg({"content": {"data": {
        "method": "custom", "content": {"type": "attempt", "record": rec}}}, "buffers": []})
    assert sent == [{"type": "saved", "file": "negaviz_answers.json"}]
    saved = json.loads((tmp_path / "negaviz_answers.json").read_text(encoding="utf-8"))
    assert saved["student"] is None and saved["exercises"][0]["verdict"]["mistake"] is None
    # a state update from the page goes through the same door
    w.front._handle_msg({"content": {"data": {"method": "update", "state": {"focus": "A"}}}, "buffers": []})
    assert w.front.focus == "A"
