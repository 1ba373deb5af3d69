"""No rule of thumb passes practice as the search goes (issue 47, item 3).

A *rule of thumb* answers a question without doing the search.  For every task below --
each practice stepper the notebooks store in ``steps`` mode, and random tasks of every
kind (textbook trees, tic-tac-toe; negamax and alpha-beta; with and without a table) --
the questions the page asks (``practice_data(trace, "steps")["questions"]``) are answered
by each rule, in each view (negamax and minimax), and for each kind of question the share
it gets right must stay at or below the mean *chance* of those questions plus
:data:`MARGIN` (10 points).  The rules, by the kind they answer:

* ``next`` ("which node is entered next?"): *leftmost*, the leftmost node of the drawing
  not entered yet and not in a part the search is done with (below a node that has
  returned, or a move a cutoff shown has skipped; a rule that also takes those is right
  less often); *none*.
* ``cut`` ("which of X's moves are never tried?"): *none*.
* ``value`` (what an inner node returns): *α* and *β*, the window's ends as shown for
  the node; *again*, the answer to the last value question asked.
* ``leaf`` (a finished game's worth): *a constant*, each outcome value of the game (its
  finished games' values, either sign); *α*, *β*; *again*.
* ``window``: *(−∞, ∞)*; *unrisen*, the parent's window as it was entered, negated and
  swapped (α never risen); *again*.
* ``tt`` (at a table hit: does it stop, and with what?): *stops*, with the table's value.

Chance, per question, is the share of the answers a student who knows what the answer
could be, but not the search, would give that are right, guessing evenly:

* ``next``: 1 / (the nodes that could be next -- the next untried move of every node on
  the search's path -- plus ``none``);
* ``cut``: 1 / the node's moves (nothing cut, or everything after any one move but the last);
* ``value``, ``leaf``: the accepted answers among the numbers the answer could be: on a
  textbook tree the given leaves below the node as the view signs them, on a board the
  values finished games take in the task (``value``: either sign; ``leaf``: as the view
  signs them), with the window's finite ends;
* ``window``: 1 / (1 + the siblings entered before): α is the parent's, or one of theirs;
* ``tt``: 1 where an exact value from a search to the end settles the node, else 1/2.

A task's chance for a kind is the mean over its questions of that kind; a rule's share is
the questions of that kind it answers right over all of them.  This file reckons all of
it from the trace, on its own; :mod:`negaviz.quiz.schedule` chooses the questions by its
own reckoning of the same rules.
"""

from __future__ import annotations

import html
import json
import math
import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz import Othello, TicTacToe, Tree
from negaviz.games.protocol import label, restore
from negaviz.quiz import random_tree
from negaviz.quiz.grading import answer_keys
from negaviz.quiz.practice import DEFAULT_LENGTH, practice_data
from negaviz.quiz.reading import canonical, canonical_window
from negaviz.search.events import Bound, EventKind
from negaviz.trace.trace import Ending

MARGIN = 0.10
EVERY_KIND = "value, leaf, window, next, cut, tt"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
VIEWS = ("negamax", "minimax")


# ------------------------------------------------------------------------------ the tasks
def notebook_tasks() -> dict[str, list[negaviz.Trace]]:
    """Each notebook's practice steppers in ``steps`` mode, in order, as its cells make them."""
    small = Othello(4)
    c4 = negaviz.ConnectFour(cols=4, rows=4)
    rec = negaviz.record
    return {
        "02-tictactoe": [rec(TicTacToe("..x/x.o/oox"), algorithm="negamax"),
                         rec(TicTacToe("x../x.x/oo."), algorithm="negamax", tt=True)],
        "03-alphabeta": [rec(Tree.parse("P(Q(S:4 T:7) R(U:2 V:9) W(X:5 Y:1))"), algorithm="alphabeta")],
        "05-transposition-tables": [rec(TicTacToe("xo./xx./o.."), algorithm="alphabeta", tt=True),
                                    rec(TicTacToe("x.o/.xx/.o."), algorithm="alphabeta", tt=True)],
        "06-proof-trees": [rec(TicTacToe("x../.xo/o.."), algorithm="alphabeta", stop_at_win=True)],
        "07-depth-limited-othello": [rec(small, small.parse_position("oxxx/.ooo/oxxx/.xxx:x"), algorithm="negamax"),
                                     rec(small, algorithm="alphabeta", depth=2)],
        "08-search-drivers": [rec(Tree.parse("P(Q(S:3 T:5) R(U:6 V:9) W(X:1 Y:2))"), algorithm="alphabeta",
                                  window=(5, 6))],
        "09-exercises": [rec(random_tree(3, 2, seed=2, cutoffs=2, deep_cutoffs=1), algorithm="alphabeta")],
        "11-connect-four": [rec(c4, c4.parse("1133443411"), algorithm="alphabeta"),
                            rec(c4, c4.parse("3331314421"), algorithm="alphabeta")],
        "14-chance-nodes": [rec(Tree.parse("A(B?(1/2 D(H:3 I:7) 1/2 E(J:6 K:4)) C?(3/4 F(L:1 M:5) 1/4 G(N:8 O:9)))"),
                                algorithm="star1", leaf_bounds=(0, 10))],
    }


def stored_steps_practice(name: str) -> list[dict[str, Any]]:
    """The practice data of every ``steps`` stepper stored in a notebook's outputs, in order."""
    from negaviz.frontend.page import page_state

    found = []
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            page = output.get("data", {}).get("text/html", "")
            page = "".join(page) if isinstance(page, list) else page
            for srcdoc in re.findall(r'srcdoc="([^"]*)"', page):
                for scene in page_state(html.unescape(srcdoc))["scenes"]:
                    if scene.get("practice") and scene["practice"]["mode"] == "steps":
                        found.append(scene["practice"])
    return found


def ttt_position(seed: int, moves: int) -> Any:
    game, rng = TicTacToe(), random.Random(seed)
    pos = game.root
    for _ in range(moves):
        if game.is_terminal(pos):
            break
        pos = game.play(pos, rng.choice(game.moves(pos)))
    return pos


def chance_tree(rng: random.Random, depth: int) -> str:
    """A tree's text with players' nodes and chance nodes at random (probabilities in sixths)."""
    count = iter(range(10_000))

    def node(d: int) -> str:
        name = f"N{next(count)}"
        if d == 0 or rng.random() < 0.15:
            return f"{name}:{rng.randint(0, 9)}"
        k = rng.randint(2, 3)
        kids = [node(d - 1) for _ in range(k)]
        if rng.random() < 0.5:
            cuts = sorted(rng.sample(range(1, 6), k - 1))
            return f"{name}?(" + " ".join(f"{b - a}/6 {kid}" for a, b, kid in zip([0, *cuts], [*cuts, 6], kids)) + ")"
        return f"{name}(" + " ".join(kids) + ")"

    return node(depth)


def random_tasks() -> dict[str, negaviz.Trace]:
    out: dict[str, negaviz.Trace] = {}
    for seed in range(4):
        for depth, branching in ((2, 3), (3, 2), (3, 3), (4, 2)):
            tree = random_tree(depth, branching, seed=seed, exact_branching=False)
            for algorithm, tt in (("alphabeta", False), ("alphabeta", True), ("negamax", False)):
                out[f"tree {depth}x{branching} seed {seed} {algorithm}{' tt' if tt else ''}"] = negaviz.record(
                    tree, algorithm=algorithm, tt=tt)
    for text in ("A(B(D:5 X(Y:6 Z:8)) C(X W:7))", "A(B(X(P:1 Q:2) D:4) C(X E:0))"):  # a shared node: table hits
        out[f"shared {text} tt"] = negaviz.record(Tree.parse(text), algorithm="alphabeta", tt=True)
    for seed in range(6):  # chance trees: expectimax, and star1 with leaves in [0, 9]
        text = chance_tree(random.Random(seed), 3)
        out[f"chance seed {seed} expectimax"] = negaviz.record(Tree.parse(text), algorithm="expectimax")
        out[f"chance seed {seed} star1"] = negaviz.record(Tree.parse(text), algorithm="star1", leaf_bounds=(0, 9))
    game = TicTacToe()
    for seed in range(5):
        for moves in (3, 4, 5):
            pos = ttt_position(seed, moves)
            if game.is_terminal(pos):
                continue
            for algorithm, tt in (("alphabeta", False), ("alphabeta", True), ("negamax", True)):
                out[f"ttt {moves} moves seed {seed} {algorithm}{' tt' if tt else ''}"] = negaviz.record(
                    game, pos, algorithm=algorithm, tt=tt)
    return out


# ------------------------------------------------------------------------------ the reckoning
class Reckoning:
    """What each question's answer is and which rules get it right, read from the trace."""

    def __init__(self, trace: negaviz.Trace) -> None:
        self.trace = trace
        self.keys = answer_keys(trace)
        key = self.keys["negamax"]
        self.node_of = {name: nid for nid, name in key.ids.items()}
        self.textbook = trace.names.textbook
        self.depth_limited = trace.result is not None and trace.result.options.depth is not None
        leaves = [n for n in trace.nodes if n.ending in (Ending.LEAF, Ending.EVAL)]  # the game's own numbers
        self.first = trace.nodes[0]
        self.outcomes = sorted({v for n in leaves for v in (n.value, -n.value)} | {0})
        self.finished = {view: {self.signed(n.id, view) * n.value for n in leaves} for view in VIEWS}

    def signed(self, nid: int, view: str) -> int:
        """+1, or -1 where the minimax view negates a node's value (the second player moves)."""
        if view == "negamax":
            return 1
        from negaviz.analysis.steps import first_player

        return -1 if (first_player(self.trace) + self.trace.nodes[nid].depth) % 2 else 1

    def window(self, nid: int, view: str) -> tuple[float, float]:
        n = self.trace.nodes[nid]
        return (n.alpha, n.beta) if self.signed(nid, view) > 0 else (-n.beta, -n.alpha)

    @staticmethod
    def share(accept: set[str], numbers: set[float], window: tuple[float, float]) -> float:
        cand = {canonical(x) for x in numbers} | {canonical(x) for x in window if not math.isinf(x)} | accept
        return len(accept) / len(cand)

    def below(self, nid: int) -> set[float]:
        """The given leaves below a textbook node, as its negamax values."""
        game = self.trace.game
        out: set[float] = set()

        def walk(pos: Any, sign: int) -> None:
            moves = game.moves(pos)
            if not moves:
                out.add(sign * game.score(pos))
            for m in moves:
                walk(game.play(pos, m), -sign)

        walk(self.trace.position(nid), 1)
        restore(game)
        return out

    # one entry per question: {view: (chance, {rule: right})}; "again" is filled in later
    def value(self, name: str) -> dict[str, Any]:
        nid = self.node_of[name]
        out = {}
        for view in VIEWS:
            want = self.keys[view].values[name]
            accept, w = set(want["accept"]), self.window(nid, view)
            numbers = ({self.signed(nid, view) * x for x in self.below(nid)} if self.textbook
                       else {x for v in self.outcomes for x in (v, -v)})
            rules = {"α": canonical(w[0]) in accept, "β": canonical(w[1]) in accept}
            out[view] = (self.share(accept, numbers, w), rules, accept, canonical(want["value"]))
        return out

    def leaf(self, name: str) -> dict[str, Any]:
        nid = self.node_of[name]
        out = {}
        for view in VIEWS:
            want = self.keys[view].leaf_values[name]
            accept, w = {want["accept"]}, self.window(nid, view)
            rules = {"α": canonical(w[0]) in accept, "β": canonical(w[1]) in accept}
            rules.update({f"constant {canonical(c)}": canonical(c) in accept for c in self.outcomes})
            out[view] = (self.share(accept, self.finished[view], w), rules, accept, want["accept"])
        return out

    def window_question(self, name: str) -> dict[str, Any]:
        nid = self.node_of[name]
        n = self.trace.nodes[nid]
        parent = self.trace.nodes[n.parent]
        before = parent.children.index(nid)
        out = {}
        for view in VIEWS:
            accept = self.keys[view].windows[name]["accept"]
            lo, hi = -parent.beta, -parent.alpha
            unrisen = (lo, hi) if self.signed(nid, view) > 0 else (-hi, -lo)
            rules = {"unrisen": canonical_window(unrisen) == accept,
                     "(−∞, ∞)": canonical_window((-math.inf, math.inf)) == accept}
            out[view] = (1 / (1 + before), rules, {accept}, accept)
        return out

    def cut(self, name: str) -> dict[str, Any]:
        nid = self.node_of[name]
        moves = len(self.trace.nodes[nid].moves or ())
        never = {c for c, at in self.keys["negamax"].cuts.items() if at["parent"] == name}
        return {view: (1 / moves, {"none": not never}, None, None) for view in VIEWS}

    def tt(self, name: str) -> dict[str, Any]:
        nid = self.node_of[name]
        probe = self.keys["negamax"].tt[name]["step"] - 1
        ev = self.trace.event(probe)
        assert ev.kind == EventKind.TT_PROBE
        settled = ev.bound == Bound.EXACT and not self.depth_limited
        out = {}
        for view in VIEWS:
            stops = self.keys[view].tt[name]["accept"] == canonical(self.signed(nid, view) * ev.value)
            out[view] = (1.0 if settled else 0.5, {"stops": stops}, None, None)
        return out

    def next(self, q: int) -> dict[str, Any]:
        """At step ``q``: replay the first ``q`` events, then the leftmost rule and the options."""
        t, key = self.trace, self.keys["negamax"]
        entered, returned, skipped = set(), set(), set()
        for k in range(q):
            ev = t.event(k)
            name = key.ids[ev.node]
            if ev.kind == EventKind.ENTER:
                entered.add(name)
            elif ev.kind in (EventKind.EXIT, EventKind.LEAF, EventKind.EVAL) or (
                    ev.kind == EventKind.TT_PROBE and ev.ended):
                returned.add(name)
            elif ev.kind == EventKind.CUTOFF:
                skipped |= {c for c, at in key.cuts.items() if at["parent"] == name}
        want = key.next_entered(q)[1]
        game, repeated = t.game, key.repeated
        order: list[tuple[str, tuple[str, ...]]] = []  # (name, names of it and its ancestors)

        def walk(pos: Any, path: tuple[str, ...], line: tuple[str, ...]) -> None:
            me = (" ".join(path) if path[-1] in repeated else path[-1]) if path else t.names.label(0)
            order.append((me, (*line, me)))
            for m in game.moves(pos):
                child = game.play(pos, m)
                walk(child, (*path, label(game, child)), (*line, me))

        walk(t.position(0), (), ())
        leftmost = next((me for me, line in order if me not in entered
                         and not any(a in returned or a in skipped for a in line)), None)
        stack = [n for n in t.nodes if n.enter_step < q and not 0 <= n.exit_step < q]
        options = 1 + sum(1 for n in stack if sum(1 for c in n.children if t.nodes[c].enter_step < q)
                          < len(game.moves(t.position(n.id))))
        restore(game)
        return {view: (1 / options, {"leftmost": leftmost == want, "none": want is None}, None, None) for view in VIEWS}


def measure(trace: negaviz.Trace, questions: list[dict[str, Any]]) -> list[tuple[str, str, str, int, float, float]]:
    """(kind, view, rule, questions, share right, mean chance) for every rule and kind asked."""
    r = Reckoning(trace)
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in questions:
        kind = q["kind"]
        facts = {"value": lambda: r.value(q["name"]), "leaf": lambda: r.leaf(q["name"]),
                 "window": lambda: r.window_question(q["name"]), "cut": lambda: r.cut(q["name"]),
                 "tt": lambda: r.tt(q["name"]), "next": lambda: r.next(q["q"])}[kind]()
        by_kind[kind].append(facts)
    rows = []
    for kind, asked in by_kind.items():
        n = len(asked)
        for view in VIEWS:
            chance = sum(a[view][0] for a in asked) / n
            right: dict[str, int] = defaultdict(int)
            for a in asked:
                for rule, ok in a[view][1].items():
                    right[rule] += ok
            if kind in ("value", "leaf", "window"):  # the last answer of the kind, again
                right["again"] = sum(1 for a, b in zip(asked, asked[1:]) if a[view][3] in b[view][2])
            rows += [(kind, view, rule, n, k / n, chance) for rule, k in right.items()]
    return rows


def failures(name: str, trace: negaviz.Trace, ask: str | None = None) -> list[str]:
    questions = practice_data(trace, "steps", ask=ask)["questions"]
    assert len(questions) <= DEFAULT_LENGTH, name
    return [f"{name}{' asking ' + ask if ask else ''}: {kind} ({view}): '{rule}' answers {share:.0%} of {n}, "
            f"chance {chance:.0%}"
            for kind, view, rule, n, share, chance in measure(trace, questions) if share > chance + MARGIN + 1e-9]


# ------------------------------------------------------------------------------ the tests
def test_the_notebooks_tasks_are_the_stored_ones() -> None:
    """The traces above are the notebooks' own: their practice data is what the notebooks store."""
    pytest.importorskip("graphviz")
    for name, traces in notebook_tasks().items():
        stored = stored_steps_practice(name)
        assert [p["questions"] for p in stored] == [practice_data(t, "steps")["questions"] for t in traces], name


def test_no_rule_of_thumb_passes_the_notebooks_tasks() -> None:
    bad = [f for name, traces in notebook_tasks().items() for i, t in enumerate(traces) for f in failures(f"{name} #{i + 1}", t)]
    assert not bad, "\n".join(bad)


def test_no_rule_of_thumb_passes_random_tasks() -> None:
    """Each task as the page asks it by default, and asked every kind (finished games too)."""
    tasks = random_tasks()
    assert len(tasks) > 60
    bad = [f for name, trace in tasks.items() for ask in (None, EVERY_KIND) for f in failures(name, trace, ask)]
    assert not bad, "\n".join(bad)


def test_the_questions_test_the_search() -> None:
    """Every node that cuts is asked which of its moves are never tried, and nodes that do
    not are asked too; "which node is next?" is asked after a cutoff, and at a table hit
    that ends a node; plain ones are asked, but fewer than the others."""
    cut_at_every_cut = nexts = plain = hits = 0
    for name, trace in random_tasks().items():
        if not trace.names.textbook:
            continue
        questions = practice_data(trace, "steps")["questions"]
        key = answer_keys(trace)["negamax"]
        cutting = {at["parent"] for at in key.cuts.values()}
        asked = {q["name"] for q in questions if q["kind"] == "cut"}
        assert cutting <= asked, name
        cut_at_every_cut += bool(cutting)
        r = Reckoning(trace)
        for q in questions:
            if q["kind"] == "next":
                nexts += 1
                plain += r.next(q["q"])["negamax"][1]["leftmost"]
                ev = trace.event(q["q"] - 1) if q["q"] else None
                hits += ev is not None and ev.kind == EventKind.ENTER and trace.event(q["q"]).kind == EventKind.TT_PROBE
    assert cut_at_every_cut > 20
    assert 0 < plain < nexts / 2 and hits > 0, (plain, nexts, hits)


def test_rules_of_thumb_fail_on_the_questions_asked_before() -> None:
    """The measure finds what the issue found on the old choice: asked after every child
    that returns while its parent has moves left, "which node is next?" is mostly the
    leftmost node not yet entered."""
    trace = negaviz.record(Tree.parse("A(B(E(K:4 L:1) F:7) C(G:2 H(M:9 N:3)) D(I:5 J:1))"), algorithm="alphabeta")
    old = [{"kind": "next", "q": trace.nodes[c].exit_step + 1, "name": None} for n in trace.nodes if n.moves
           for k, c in enumerate(n.children) if k + 1 < len(n.moves)]
    rows = {(kind, view, rule): (share, chance) for kind, view, rule, _, share, chance in measure(trace, old)}
    share, chance = rows["next", "negamax", "leftmost"]
    assert share > chance + MARGIN
