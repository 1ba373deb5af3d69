"""``src/practice-steps.js`` under node's test runner (``practice-steps.test.mjs``): the
questions practice as the search goes pauses for (chosen in Python,
:mod:`negaviz.quiz.schedule`, and asked by the page as given), checked against the
recorded searches: each window is asked just before the search's ENTER event of its node
(read from the trace's events here, not from the key), only when the search has windows,
after "which node is next?" on the same step; each cut as its node is entered; every
question before the step that shows its answer; and each question the notebook asks
(negaviz.quiz.questions) is asked by the page in the same sentence.
The page asking them is tested in Chromium (tests/export/test_practice_browser.py)."""

from __future__ import annotations

import json
from typing import Any


import negaviz
import negaviz.quiz
from negaviz.quiz.grading import answer_key
from negaviz.quiz.practice import practice_data
from negaviz.quiz.words import WORDS
from negaviz.search.events import EventKind

TRACES = {
    "a textbook tree": ("A(B(D:7 E:5) C(F:3 G:1 H:9))", {}),
    "three levels": ("A(B(E(K:4 L:1) F:7) C(G:2 H(M:9 N:3)) D(I:5 J:1))", {}),
    "a shared node": ("A(B(D:5 X(Y:6 Z:8)) C(X W:7))", {}),
    "fail-hard": ("A(B(D:7 E:5) C(F:3 G:1 H:9))", {"fail_hard": True}),
}


def case(name: str, trace: negaviz.Trace, windows: bool) -> dict[str, Any]:
    key = answer_key(trace, mistakes=False)
    ids = key.ids
    entered = {ids[ev.node]: at for at, ev in enumerate(trace.events) if ev.kind == EventKind.ENTER}
    inner = {ids[ev.node]: at for at, ev in enumerate(trace.events)
             if ev.kind == EventKind.ENTER and ev.node > 0 and ids[ev.node] in key.values}  # inner nodes below the root
    practice = json.loads(json.dumps(practice_data(trace, "steps")))
    keys = {view: json.loads(json.dumps(answer_key(trace, perspective=view, mistakes=False).to_json()))
            for view in ("negamax", "minimax")}  # each view's key, as the page asks in the view shown
    return {"name": name, "key": json.loads(json.dumps(key.to_json())), "keys": keys, "windows": windows,
            "entered_inner": inner,
            "entered": entered, "practice": practice, "asked": asked(trace)}


def asked(trace: negaviz.Trace) -> list[list[str]]:
    """[kind as the page names it, node, view, the notebook's prompt without its notes] of
    every question negaviz.quiz.questions asks, in both views: the page must ask each in
    the same sentence."""
    out = []
    for view in ("negamax", "minimax"):
        for q in negaviz.quiz.questions(trace, perspective=view):  # type: ignore[arg-type]
            kind = "cut" if q.kind == "pruned" else q.kind
            prompt = (q.prompt.removesuffix(WORDS["questions"]["cut_hint"]).removesuffix(WORDS["questions"]["cut_hint_chance"])
                      .removesuffix(WORDS["questions"]["fail_hard"]))
            out.append([kind, trace.names.prose(q.node), view, prompt])
    return out


def cases() -> list[dict[str, Any]]:
    out = [case(name, negaviz.record(negaviz.Tree.parse(text), algorithm="alphabeta", **kw), True)
           for name, (text, kw) in TRACES.items()]
    out.append(case("a board", negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta"), True))
    out.append(case("negamax: no windows to ask", negaviz.record(negaviz.Tree.parse(TRACES["three levels"][0]),
                                                                  algorithm="negamax"), False))
    # chance nodes: "what is C's expected value?" and star1's "which outcomes are never searched?", with the bounds
    out.append(case("star1", negaviz.record(negaviz.Tree.parse(
        "A(B?(1/2 D:2 1/2 E:4) C?(3/4 F:0 1/4 G:6) H?(1/2 I:5 1/2 J(K:1 L:9)))"), algorithm="star1",
        leaf_bounds=(0, 10)), False))
    return out


def test_questions_as_the_search_goes(node_tests: Any) -> None:
    fixture = cases()
    assert all(c["entered_inner"] for c in fixture)
    assert {a[0] for c in fixture for a in c["asked"]} == {"value", "window", "cut"}
    prompts = [a[3] for c in fixture for a in c["asked"]]
    assert "What is C's expected value for the first player (minimax)?" in prompts
    assert "With every outcome's value in [−10, 0], which of C's outcomes are never searched?" in prompts
    assert {q["kind"] for c in fixture for q in c["practice"]["questions"]} == {"value", "window", "cut", "next"}
    node_tests.run("practice-steps.test.mjs", passes=len(fixture) + 2, fixture={"cases": fixture, "words": WORDS},
                   env="NEGAVIZ_PRACTICE_STEPS")
