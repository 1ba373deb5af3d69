"""``src/practice-steps.js`` under node's test runner (``practice-steps.test.mjs``): the
questions practice as the search goes pauses for, checked against the recorded searches:
each window is asked just before the search's ENTER event of its node (read from the
trace's events here, not from the key), only when the search has windows, after
"which node is next?" on the same step, and before the step that shows its answer.
The page asking them is tested in Chromium (tests/export/test_practice_browser.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.quiz.grading import answer_key
from negaviz.search.events import EventKind

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")
TRACES = {
    "a textbook tree": ("A(B(D:7 E:5) C(F:3 G:1 H:9))", {}),
    "three levels": ("A(B(E(K:4 L:1) F:7) C(G:2 H(M:9 N:3)) D(I:5 J:1))", {}),
    "a shared node": ("A(B(D:5 X(Y:6 Z:8)) C(X W:7))", {}),
    "fail-hard": ("A(B(D:7 E:5) C(F:3 G:1 H:9))", {"fail_hard": True}),
}


def case(name: str, trace: negaviz.Trace, windows: bool) -> dict[str, Any]:
    key = answer_key(trace, mistakes=False)
    ids = key.ids
    entered = {ids[ev.node]: at for at, ev in enumerate(trace.events) if ev.kind == EventKind.ENTER and ev.node > 0}
    inner = {n: at for n, at in entered.items() if n in key.values}  # inner nodes below the root
    return {"name": name, "key": json.loads(json.dumps(key.to_json())), "windows": windows, "entered_inner": inner}


def cases() -> list[dict[str, Any]]:
    out = [case(name, negaviz.record(negaviz.Tree.parse(text), algorithm="alphabeta", **kw), True)
           for name, (text, kw) in TRACES.items()]
    out.append(case("a board", negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta"), True))
    out.append(case("negamax: no windows to ask", negaviz.record(negaviz.Tree.parse(TRACES["three levels"][0]),
                                                                  algorithm="negamax"), False))
    return out


@pytest.mark.skipif(NODE is None, reason="needs node (Debian's nodejs) for node --test")
def test_questions_as_the_search_goes(tmp_path: Path) -> None:
    fixture = cases()
    assert all(c["entered_inner"] for c in fixture)
    path = tmp_path / "steps.json"
    path.write_text(json.dumps({"cases": fixture}, ensure_ascii=False), encoding="utf-8")
    assert NODE is not None
    run = subprocess.run([NODE, "--test", str(HERE / "practice-steps.test.mjs")],
                         env={"NEGAVIZ_PRACTICE_STEPS": str(path), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert f"# pass {len(fixture) + 1}" in run.stdout and "# fail 0" in run.stdout, run.stdout[-2000:]
