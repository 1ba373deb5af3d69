"""The front-end's source modules tested on their own with node's test runner, against
Python's answer at every step of a handful of recorded searches:

* ``scene-data.test.mjs``: each node's status, value, bound, window, cut and best child,
  the stack, the best line, the counters and the jumps equal :class:`Timeline`'s;
* ``look.test.mjs``: what every drawn item shows (classes, value, window and mark texts,
  the edge's classes), in both perspectives, with and without windows and preview, equals
  :func:`python_look`, written here from the timeline and the scene's items;
* ``panels.test.mjs``: the call-stack rows equal :func:`negaviz.widgets.stepper.stack_rows`;
* ``values.test.mjs``: values are written as :func:`negaviz.vocabulary.fmt` writes them.

The expected answers are exported from Python as one fixture the ``.test.mjs`` files read.
No browser and no npm package: node's built-in ``node --test``.
"""

from __future__ import annotations

from typing import Any


import negaviz
from negaviz.analysis.steps import JUMP_CODES, first_player, next_step, sign
from negaviz.frontend.scene import SCHEMA, Scene
from negaviz.frontend.scene_data import _jv, resolved
from negaviz.search.events import Bound
from negaviz.trace.timeline import Status, Timeline, timeline_of
from negaviz.vocabulary import PERSPECTIVES, fmt, window_text

TESTS = ("scene-data", "look", "panels", "values")


def cases() -> list[tuple[str, negaviz.Trace, dict[str, Any]]]:
    tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
    deep = negaviz.Tree.parse("[[[3,5],[6,9]],[[1,2],[0,-1]],[[8,4],[7,2]]]")
    wide = negaviz.Tree.parse("[[[3,5,1],[6,9,2],[4,4,8]],[[1,2,7],[0,-1,3],[5,5,5]],[[8,4,6],[7,2,0],[9,1,3]]]")
    return [
        ("textbook alpha-beta (pruned ghosts)", negaviz.record(tree, algorithm="alphabeta"), {}),
        ("textbook minimax from C", negaviz.record(tree, "C", algorithm="negamax"), {}),
        ("an edit's new cutoffs and a node now searched (TreeEditor)",
         negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9 I:2))"), algorithm="alphabeta"),
         {"cut_names": frozenset({"H", "I"}), "only": frozenset({1})}),
        ("PVS (re-searches: again)", negaviz.record(deep, algorithm="pvs"), {}),
        ("MTD(f), several passes", negaviz.record(deep, algorithm="mtdf"), {}),
        ("fractions", negaviz.record(negaviz.Tree.parse("[[0.5,-2.25],[1e-5,3]]"), algorithm="alphabeta"), {}),
        ("a textbook tree too big for a view (grows)", negaviz.record(wide, algorithm="alphabeta"), {"max_nodes": 12}),
        ("tic-tac-toe with a table (drawn as it grows)",
         negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True), {}),
        ("tic-tac-toe, views of 20 (drawn as it grows)",
         negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta"), {"max_nodes": 20}),
    ]


SETTINGS = [
    {"perspective": "negamax", "windows": False, "preview": False},
    {"perspective": "minimax", "windows": True, "preview": False},
    {"perspective": "negamax", "windows": True, "preview": True},
    {"perspective": "minimax", "windows": False, "preview": True},
]
"""The reader's settings each look is compared under."""


def expected(trace: negaviz.Trace, scene: Scene, data: dict[str, Any]) -> list[dict[str, Any]]:
    """``data``: the scene's data as the front-end holds it with every chunk in (resolved)."""
    tl = timeline_of(trace)
    nodes = sorted({int(n) for view in data["views"] for n in view["lives"]})
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


_FLIP = {Bound.EXACT: Bound.EXACT, Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}


class Known:
    """What every item's look at a step reads of the timeline, worked out once per step."""

    def __init__(self, scene: Scene) -> None:
        tl = scene.timeline
        n = len(tl)
        self.lines = [set(tl.best_line(k, scene.passes[scene.pass_of(k)][1])) for k in range(n + 1)]
        self.final = set(tl.best_line(n, scene.passes[-1][1]))
        self.entered = [tl.counters(k).nodes for k in range(n + 1)]


def python_look(scene: Scene, tl: Timeline, known: Known, item: dict[str, Any], k: int, *, perspective: str,
                windows: bool, preview: bool) -> str:
    """What drawn ``item`` shows after ``k`` events, from the timeline: its classes, value,
    window and mark texts, its edge's classes and whether its value is a given one, joined
    by ``|`` (as the front-end's ``look``, see ``src/look.js``, answers it)."""
    out = {"cls": "", "v": "", "w": "", "m": "", "edge": "", "given": False}
    n = len(tl)
    if item["appear"] > k and not preview:
        out["cls"] = out["edge"] = "nv-hidden"
    else:
        _look(scene, tl, known, item, k, out, perspective, windows, preview, n)
    known = (item["pruned"] >= 0 and k > item["pruned"]) if item["kind"] == "p" else \
        tl.node_at(item["node"], k).status is not Status.UNVISITED
    if item["only"] and known:
        out["cls"] += " nv-only"
    return "|".join([out["cls"], out["v"], out["w"], out["m"], out["edge"], "true" if out["given"] else "false"])


def _look(scene: Scene, tl: Timeline, known: Known, item: dict[str, Any], k: int, out: dict[str, Any], perspective: str,
          windows: bool, preview: bool, n: int) -> None:
    sg = -1 if perspective == "minimax" and (scene.first_player + item["depth"]) % 2 else 1
    if item["node"] >= 0:
        assert sg == sign(scene.trace, item["node"], perspective)

    def entry(step: int) -> int:  # the entry of a node entered again (PVS) by then
        nid = item["node"]
        for again in item["again"] or ():
            if tl.lives[again].enter < step:
                nid = again
        return nid

    def entered_in(step: int) -> int:
        c = known.entered[step]
        return sum(max(0, min(end, c) - start) for start, end in item["ranges"])

    def unseen() -> None:
        out["cls"] = out["edge"] = "nv-unseen"
        out["v"] = item["prefix"] or ""
        if item["given"] is not None:
            out["v"] += fmt(sg * float(item["given"]))
            out["given"] = True

    kind = item["kind"]
    if kind in "nf":
        nid = entry(k)
        at = tl.node_at(nid, k)
        st = tl.node_at(entry(n), n) if at.status is Status.UNVISITED and preview else at
        if st.status is Status.UNVISITED:
            unseen()
        else:
            bound = st.bound if st.bound is None or sg > 0 else _FLIP[st.bound]
            if kind == "f":
                out["cls"] = "nv-folded"
            elif st.status in (Status.CURRENT, Status.ACTIVE):
                out["cls"] = f"nv-{st.status}"
            else:
                out["cls"] = f"nv-{(bound or Bound.EXACT).name.lower()}"
            if kind == "n":
                out["cls"] += " nv-cut" * st.cut + " nv-tt" * st.tt
            value = None if st.value is None else sg * st.value
            if st.status is Status.DONE:
                shown = bound.symbol if bound in (Bound.LOWER, Bound.UPPER) else "=" if windows else ""
                out["v"] = ("value " if kind == "f" else "") + shown + fmt(value)
            else:
                out["v"] = "?" if value is None else f"best {fmt(value)}"
            a, b = st.alpha, st.beta
            if sg < 0:
                a, b = (None if b is None else -b), (None if a is None else -a)
            out["w"] = window_text(a, b)
            if kind == "f":
                out["m"] = f"+{entered_in(n if preview else k):,} nodes"
            else:
                out["m"] = " ".join(word for word, on in (("cut", st.cut), ("TT", st.tt)) if on)
                out["v"] = (item["prefix"] or "") + out["v"]
            if at.status is Status.UNVISITED:
                out["cls"] += " nv-preview"
                out["edge"] = "nv-preview"
        if nid in known.lines[k]:
            out["cls"] += " nv-pv"
            out["edge"] = "nv-pv"
        elif preview and at.status is Status.UNVISITED and entry(n) in known.final:
            out["edge"] = "nv-pv nv-preview"
    elif kind == "g":
        seen = entered_in(n if preview else k)
        if not seen:
            unseen()
        else:
            out["cls"] = "nv-folded" + ("" if entered_in(k) else " nv-preview")
            out["m"] = f"+{seen:,} nodes"
    else:  # a ghost: a move not tried, pruned once the cutoff that skips it has happened
        pruned = item["pruned"] >= 0 and (k > item["pruned"] or preview)
        unseen()
        if pruned:
            out["cls"] = out["edge"] = "nv-pruned" + ("" if k > item["pruned"] else " nv-preview")
            if "_" in item["title"]:
                out["m"] = "pruned"
            else:
                out["v"] = "pruned"


def looks(trace: negaviz.Trace, scene: Scene, data: dict[str, Any]) -> list[dict[str, Any]]:
    """For each of :data:`SETTINGS`, every item of every view at every step it is painted
    at: every step, or for a view of a search drawn as it grows, the steps of its span."""
    tl = timeline_of(trace)
    known = Known(scene)
    out = []
    for settings in SETTINGS:
        views = []
        for view in data["views"]:
            items = [dict(zip(SCHEMA["item"], row)) for row in view["items"]]
            start, end = view.get("span") or (0, -1)
            steps = range(start, end if end >= 0 else len(trace) + 1)
            views.append({"from": start, "looks": [[python_look(scene, tl, known, it, k, **settings) for it in items] for k in steps]})
        out.append({"settings": settings, "views": views})
    return out


def stacks(scene: Scene) -> dict[str, list[list[list[str]]]]:
    from negaviz.widgets.stepper import stack_rows

    return {p: [[list(row) for row in stack_rows(scene, k, p)] for k in range(len(scene.trace) + 1)] for p in PERSPECTIVES}


def test_the_front_end_agrees_with_python_at_every_step(node_tests: Any) -> None:
    fixture: dict[str, Any] = {"cases": [], "formats": []}
    kinds: set[str] = set()
    for label, trace, kw in cases():
        scene = Scene(trace, **kw)
        scene.cover()
        data = scene.data()
        full = resolved(data)  # as the front-end holds it once it has read every chunk
        kinds |= {row[1] for view in full["views"] for row in view["items"]}
        fixture["cases"].append({
            "name": label, "scene": data, "steps": expected(trace, scene, full), "looks": looks(trace, scene, full),
            "stacks": stacks(scene), "full": full,
        })
    # Nodes and ghosts; folded subtrees and groups ("f", "g") come from no scene these
    # days (a search too big for a view grows, in views of a span of steps), so look()'s
    # rule for them is tested by none of these cases.
    assert {"n", "p"} <= kinds
    assert any(row[SCHEMA["item"].index("again")] for c in fixture["cases"] for v in c["full"]["views"] for row in v["items"])
    assert any(v.get("span") for c in fixture["cases"] for v in c["scene"]["views"])  # drawn as it grows
    kind, only = SCHEMA["item"].index("kind"), SCHEMA["item"].index("only")
    assert any(row[kind] == "p" and row[only] for c in fixture["cases"] for v in c["full"]["views"]
               for row in v["items"])  # an edit's new cutoffs: ghosts marked once pruned
    for c in fixture["cases"]:
        del c["full"]
    for v in (5, -3, 0.5, -2.25, 1e-05, 123456.75, float("inf"), float("-inf")):
        fixture["formats"].append([_jv(v), fmt(v)])
    want = 3 * len(fixture["cases"]) + 1  # scene data, looks and stacks per case; formats
    node_tests.run(*(f"{name}.test.mjs" for name in TESTS), passes=want, fixture=fixture)
