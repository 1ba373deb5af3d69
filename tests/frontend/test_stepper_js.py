"""``stepper.js`` tested on its own with node's test runner: for a handful of recorded
searches, its state at every step (each node's status, value, bound, window, cut and best
child; the stack, the best line, the counters, the jumps) equals Python's ``Timeline``.

The expected states are exported from Python as a fixture; ``tests/frontend/stepper.test.mjs``
reads it.  No browser and no npm package: node's built-in ``node --test``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.analysis.steps import JUMP_CODES, next_step, sign
from negaviz.frontend.scene import Scene, _jv
from negaviz.trace.timeline import timeline_of

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node (Debian's nodejs) for node --test")


def cases() -> list[tuple[str, negaviz.Trace, dict[str, Any]]]:
    tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
    deep = negaviz.Tree.parse("[[[3,5],[6,9]],[[1,2],[0,-1]],[[8,4],[7,2]]]")
    return [
        ("textbook alpha-beta", negaviz.record(tree, algorithm="alphabeta"), {}),
        ("textbook minimax from C", negaviz.record(tree, "C", algorithm="negamax"), {}),
        ("PVS", negaviz.record(deep, algorithm="pvs"), {}),
        ("MTD(f), several passes", negaviz.record(deep, algorithm="mtdf"), {}),
        ("fractions", negaviz.record(negaviz.Tree.parse("[[0.5,-2.25],[1e-5,3]]"), algorithm="alphabeta"), {}),
        ("tic-tac-toe with a table", negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True), {}),
        ("tic-tac-toe folded", negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta"), {"max_nodes": 20}),
    ]


def expected(trace: negaviz.Trace, scene: Scene) -> list[dict[str, Any]]:
    tl = timeline_of(trace)
    nodes = sorted({int(n) for view in scene.views for n in view["lives"]})
    out = []
    for k in range(len(trace) + 1):
        states = {}
        for nid in nodes:
            at = tl.node_at(nid, k)
            states[str(nid)] = [
                str(at.status), _jv(at.value), None if at.bound is None else int(at.bound), _jv(at.alpha),
                _jv(at.beta), at.cut, at.tt, at.best_child,
            ]
        root = scene.passes[scene.pass_of(k)][1]
        c = tl.counters(k)
        out.append({
            "current": tl.current[k], "stack": list(tl.stack(k)), "root": root,
            "best_line": list(tl.best_line(k, root)), "counters": [c.nodes, c.leaves, c.cutoffs, c.tt_hits],
            "next": {kind: next_step(trace, k, kind) for kind in JUMP_CODES if kind != "end"},
            "nodes": states, "minimax_sign": {str(n): sign(trace, n, "minimax") for n in nodes},
        })
    return out


def test_stepper_js_agrees_with_the_timeline_at_every_step(tmp_path: Path) -> None:
    from negaviz.vocabulary import fmt

    fixture: dict[str, Any] = {"cases": [], "formats": []}
    for label, trace, kw in cases():
        scene = Scene(trace, **kw)
        scene.cover()
        fixture["cases"].append({"name": label, "scene": scene.data(), "steps": expected(trace, scene)})
    for v in (5, -3, 0.5, -2.25, 1e-05, 123456.75, float("inf"), float("-inf")):
        fixture["formats"].append([_jv(v), fmt(v)])
    path = tmp_path / "fixture.json"
    path.write_text(json.dumps(fixture), encoding="utf-8")
    assert NODE is not None
    run = subprocess.run(
        [NODE, "--test", str(HERE / "scene-data.test.mjs")], env={"NEGAVIZ_FIXTURE": str(path), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert f"# pass {len(fixture['cases']) + 1}" in run.stdout and "# fail 0" in run.stdout, run.stdout[-2000:]
