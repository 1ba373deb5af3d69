"""``src/practice-flow.js`` under node's test runner (``practice-flow.test.mjs``): stepping
stops at every question of practice as the search goes, once each, and holds while one is
open; at a question's step the page hides the total and (for a value question) the
current node, and nothing once it is answered; the whole-tree exercise holds every step
until it is checked.  The page asking the questions is tested in Chromium
(tests/export/test_practice_browser.py, test_practice_veil.py)."""

from __future__ import annotations

from typing import Any

import negaviz
from negaviz.frontend.scene import Scene

TREES = {
    "a textbook tree": ("A(B(D:7 E:5) C(F:3 G:1 H:9))", "alphabeta"),
    "three levels": ("A(B(E(K:4 L:1) F:7) C(G:2 H(M:9 N:3)) D(I:5 J:1))", "alphabeta"),
    "negamax: no windows": ("A(B(D:7 E:5) C(F:3 G:1 H:9))", "negamax"),
}


def case(name: str, text: str, algorithm: str) -> dict[str, Any]:
    trace = negaviz.record(negaviz.Tree.parse(text), algorithm=algorithm)
    scene = Scene(trace, practice="steps")
    data = scene.data()
    current = [k for i in range(len(data["chunks"])) for k in data["chunks"][str(i)]["current"]]
    assert len(current) == len(trace) + 1
    return {"name": name, "n": len(trace), "practice": data["practice"], "current": current}


def test_where_practice_stops_and_what_it_hides(node_tests: Any) -> None:
    cases = [case(name, text, algorithm) for name, (text, algorithm) in TREES.items()]
    node_tests.run("practice-flow.test.mjs", passes=2 * len(cases) + 1, fixture={"cases": cases},
                   env="NEGAVIZ_PRACTICE_FLOW")
