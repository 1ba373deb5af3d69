"""Which questions practice as the search goes asks, and when (practice mode ``steps``).

Python chooses; the page (``frontend/src/practice-steps.js``) asks the list it is given,
in its order, so the two never differ.  Every question that could be asked is a
*candidate*:

* ``value``: what an inner node returns, just before it returns;
* ``leaf``: what a board's finished game is worth, as it is entered;
* ``window``: the window an inner node below the root is entered with, just before;
* ``tt``: at a table hit, whether the search stops there, and with what;
* ``next`` (textbook trees): which node is entered next, just after any node returns,
  and where a table hit ends a node as soon as it is entered;
* ``cut`` (textbook trees): which of a node's moves are never tried, as it is entered,
  at every node with two moves or more.

A *rule of thumb* answers without doing the search: the leftmost node not yet entered
(for ``next``), ``none`` (``next`` and ``cut``), a constant (each outcome value of a
board's game, for ``leaf``; ``(−∞, ∞)`` for ``window``), the window's α or β (``value``,
``leaf``), the parent's window negated and swapped as it was entered, α never risen
(``window``), the last answer of the kind again (``value``, ``leaf``, ``window``), and
"it stops, with the table's value" (``tt``).  (An inner node's value is not held to a
constant: in a decided position nearly every value is one number in the minimax view,
whichever are asked; "the last answer again" is the rule that catches such a run.)  Each
candidate has a *chance*: the share of the answers a student who knows what the question
could be, but not the search, would give that are right (see :class:`_Facts`).  The
questions of a kind are chosen so that in each view (negamax and minimax), for every
rule, the share of them it answers right is at most the mean chance of those questions
plus :data:`MARGIN`: one at a time, nearest the root first and, at one depth, those no
rule answers first (a ``next`` after a cutoff or at a table hit, a ``cut`` at a node that
cuts, a value strictly inside its window), each taken while every rule stays within its
bound (:func:`_choose`).  ``tests/quiz/test_rules_of_thumb.py`` measures it again, by its
own reckoning, on the notebooks' tasks and on random ones.

A task asks at most :data:`~negaviz.quiz.practice.DEFAULT_LENGTH` questions in all,
every kind counted: the length is shared out among the kinds asked, a kind that needs
less giving the rest to the others.

>>> from negaviz import Tree, record
>>> from negaviz.quiz.practice import practice_data
>>> trace = record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> [(q["q"], q["kind"], q["name"]) for q in practice_data(trace, "steps", ask="next, cut")["questions"]]
[(1, 'cut', 'A'), (9, 'next', None), (11, 'cut', 'C'), (13, 'next', None)]

A cut question at A, which cuts nothing, and at C, which cuts G and H (so "none" is right
on half); "which node is next?" after B returns (C: the leftmost node not entered yet)
and after F returns (none: C's cutoff ends the search; the leftmost rule says G).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from negaviz.analysis.steps import sign
from negaviz.games.protocol import alternates_of
from negaviz.search.events import Bound, EventKind
from negaviz.quiz.reading import canonical, canonical_window
from negaviz.trace.names import qualified
from negaviz.trace.trace import Ending, Trace
from negaviz.vocabulary import PERSPECTIVES, Perspective

__all__: list[str] = []  # (practice_data carries the choice: negaviz.quiz.practice)

MARGIN = 0.10
"""How far above chance a rule of thumb may score on a task's questions of one kind."""
RANK = {"value": 0, "leaf": 0, "tt": 0, "next": 1, "window": 2, "cut": 3}
"""The order of questions asked at one step: a value (or a table hit's), then the next
node, then a window (so that the one does not tell the other), then cuts."""
PREFIX = {"value": "v", "leaf": "l", "tt": "t", "next": "n", "window": "w", "cut": "c"}
"""A question's id: its kind's letter, then its node's name (for ``next``: its step)."""
VIEWS: tuple[Perspective, ...] = PERSPECTIVES
_POOL = 8
"""How many candidates per question a kind's choice looks through, nearest the root
first (a board search has thousands)."""
_STARTS = 6
"""How many first questions a kind's choice is tried from."""
_SCORED = (Ending.LEAF, Ending.EVAL)
"""How a node ends with a number of the game's own (not a table's, not a child's)."""


@dataclass
class _Candidate:
    kind: str
    q: int
    name: str | None
    depth: int
    hits: dict[tuple[str, str], bool] = field(default_factory=dict)
    """(view, rule) -> whether the rule answers it right (rules that look at no other question)."""
    chance: dict[Perspective, float] = field(default_factory=dict)
    """view -> the share of a guesser's answers that are right."""
    shown: dict[Perspective, str] = field(default_factory=dict)
    """view -> the answer the page shows once it is answered (for "the last answer again")."""
    accept: dict[Perspective, frozenset[str]] = field(default_factory=dict)
    """view -> the answers accepted (canonical forms)."""

    @property
    def tier(self) -> int:
        """0 where no rule answers it right in either view, else 1."""
        return int(any(self.hits.values()))

    def question(self) -> dict[str, Any]:
        return {"id": f"{PREFIX[self.kind]}:{self.name if self.kind != 'next' else self.q}", "q": self.q,
                "kind": self.kind, "name": self.name}


def step_questions(trace: Trace, keys: Mapping[Perspective, Any], *, windows: bool, kinds: Iterable[str],
                   length: int | None = None) -> list[dict[str, Any]]:
    """The questions practice as the search goes asks of ``trace``, in order: each
    ``{"id", "q" (the step it is asked at), "kind", "name"}`` (``name`` None for ``next``).
    ``keys``: :func:`~negaviz.quiz.grading.answer_keys` in both views; ``windows``: the
    search has windows to ask; ``kinds``: the kinds asked; ``length``: at most this many
    questions in all (default :data:`~negaviz.quiz.practice.DEFAULT_LENGTH`)."""
    from negaviz.quiz.practice import DEFAULT_LENGTH

    facts = _Facts(trace, keys)
    wanted = [k for k in RANK if k in set(kinds) and (k != "window" or windows)]
    pools = {k: facts.candidates(k) for k in wanted}
    pools = {k: sorted(p, key=lambda c: (c.depth, c.tier, c.q)) for k, p in pools.items() if p}
    chosen = _share(pools, DEFAULT_LENGTH if length is None else length)
    out = [c for k in pools for c in chosen[k]]
    out.sort(key=lambda c: (c.q, RANK[c.kind]))
    return [c.question() for c in out]


def _share(pools: dict[str, list[_Candidate]], length: int) -> dict[str, list[_Candidate]]:
    """Each kind's questions, the length shared out equally among the kinds, a kind that
    takes fewer than its share leaving the rest to the others."""
    chosen: dict[str, list[_Candidate]] = {}
    left, open_ = length, list(pools)
    while open_:
        shares = {k: left // len(open_) + (i < left % len(open_)) for i, k in enumerate(open_)}
        picks = {k: _choose(pools[k], shares[k]) for k in open_}
        short = [k for k in open_ if len(picks[k]) < shares[k]]
        done = short or open_
        for k in done:
            chosen[k] = picks[k]
            left -= len(picks[k])
            open_.remove(k)
    return chosen


def _choose(pool: list[_Candidate], budget: int) -> list[_Candidate]:
    """At most ``budget`` of ``pool`` (ordered nearest the root first), every rule of thumb
    within its bound.  One question at a time: the first in ``pool``'s order that keeps
    every rule within its bound, or, while none does (at the start most questions are
    answered by some rule), the one that leaves the worst rule least above it; the
    largest set found with every rule within its bound is the choice.  Tried from each of
    the first few questions (a first choice can shut out a better set); the largest wins."""
    if budget <= 0 or not pool:
        return []
    left = pool[:_POOL * budget]
    best: list[_Candidate] = []
    for first in left[:_STARTS]:
        found = _grow(first, left, budget)
        if len(found) > len(best):
            best = found
        if len(best) == min(budget, len(left)):
            break
    return best


def _grow(first: _Candidate, pool: list[_Candidate], budget: int) -> list[_Candidate]:
    group = _Group()
    group.add(first)
    left = [c for c in pool if c is not first]
    best = list(group.members) if group.excess() <= 0 else []
    while left and len(group.members) < budget:
        pick, low = None, math.inf
        for c in left:
            over = group.excess(adding=c)
            if over <= 0:
                pick = c
                break
            if over < low:
                pick, low = c, over
        assert pick is not None
        group.add(pick)
        left = [c for c in left if c is not pick]
        if len(group.members) > len(best) and group.excess() <= 0:
            best = list(group.members)
    return best


class _Group:
    """One kind's questions in the order asked, and how far the worst rule of thumb scores
    above its bound (:data:`MARGIN` above their mean chance) in either view, as a sum over
    the questions: a rule is within its bound while the number it answers right is at most
    the sum of the questions' chances plus :data:`MARGIN` each."""

    def __init__(self) -> None:
        self.members: list[_Candidate] = []
        self.base = {v: 0.0 for v in VIEWS}
        self.counts: dict[str, dict[str, int]] = {v: {} for v in VIEWS}
        self.repeats = {v: 0 for v in VIEWS}

    @staticmethod
    def _same(a: _Candidate | None, b: _Candidate | None, view: Perspective) -> int:
        """1 where "the last answer again" is right at ``b``, asked after ``a``."""
        return int(a is not None and b is not None and bool(a.shown) and a.shown[view] in b.accept[view])

    def _around(self, c: _Candidate) -> tuple[int, _Candidate | None, _Candidate | None]:
        i = bisect.bisect_left([x.q for x in self.members], c.q)
        return i, self.members[i - 1] if i else None, self.members[i] if i < len(self.members) else None

    def excess(self, adding: _Candidate | None = None) -> float:
        """How far above its bound the worst rule is (≤ 0: every rule is within), with
        ``adding`` added."""
        if not self.members and adding is None:
            return -1.0
        worst = -math.inf
        if adding is not None:
            _, before, after = self._around(adding)
        for view in VIEWS:
            counts, repeats, base = self.counts[view], self.repeats[view], self.base[view]
            top = max(counts.values(), default=0)
            if adding is not None:
                base += adding.chance[view] + MARGIN
                for (v, rule), right in adding.hits.items():
                    if v == view and right:
                        top = max(top, counts.get(rule, 0) + 1)
                repeats += (self._same(before, adding, view) + self._same(adding, after, view)
                            - self._same(before, after, view))
            worst = max(worst, max(top, repeats) - base)
        return worst - 1e-9

    def add(self, c: _Candidate) -> None:
        i, before, after = self._around(c)
        for view in VIEWS:
            self.base[view] += c.chance[view] + MARGIN
            self.repeats[view] += self._same(before, c, view) + self._same(c, after, view) - self._same(before, after, view)
        for (v, rule), right in c.hits.items():
            self.counts[v][rule] = self.counts[v].get(rule, 0) + right
        self.members.insert(i, c)


class _Facts:
    """What each candidate question's answer is, in each view, and which rules of thumb
    get it right.  Chance, by kind:

    * ``value``, ``leaf``: of the numbers the answer could be, the share accepted.  The
      numbers: on a textbook tree, the given leaves below the node (as the view signs
      them); on a board, the values its finished games take in the task, either sign (for
      ``leaf``: as the view signs them, so in negamax a finished game is never a win for
      the side to move); with the window's finite ends (a bound may be returned as one).
    * ``window``: 1 / (1 + the siblings before it): α is the parent's, or risen to one of
      theirs.
    * ``next``: 1 / the nodes that could be next (the next untried move of each node
      on the search's path) plus ``none``.
    * ``cut``: 1 / the node's moves (no cut, or a cut after any but the last move).
    * ``tt``: 1/2 (it stops, with the table's value, or it searches on); 1 where the
      table holds an exact value from a search to the end (it stops: that is knowledge,
      not a guess).
    """

    def __init__(self, trace: Trace, keys: Mapping[Perspective, Any]) -> None:
        self.trace = trace
        self.keys = keys
        key = keys["negamax"]
        self.ids = {name: nid for nid, name in key.ids.items()}
        self.textbook = trace.names.textbook
        self.leaf_values = self._leaf_values()
        self.to_the_end = trace.result is None or trace.result.options.depth is None
        self.finished = {view: frozenset(sign(trace, n.id, view) * n.value for n in trace.nodes
                                         if n.ending in _SCORED and n.value is not None)
                         for view in VIEWS}
        """view -> the values the task's finished games (and evaluations) take, as the view signs them."""
        self.outcomes = frozenset() if self.textbook else self.leaf_values
        """A board's outcome values (the constants a student might answer for a finished game),
        either sign; none on a textbook tree (its numbers are its own, and its leaves are given)."""

    # --- shared facts ---------------------------------------------------------------------
    def _leaf_values(self) -> frozenset[float]:
        t = self.trace
        out: set[float] = {0}
        for n in t.nodes:
            if n.ending in _SCORED and n.value is not None:
                out |= {n.value, -n.value}
        return frozenset(out)

    def window(self, nid: int, view: Perspective) -> tuple[float, float]:
        n = self.trace.nodes[nid]
        return (n.alpha, n.beta) if sign(self.trace, nid, view) > 0 else (-n.beta, -n.alpha)

    def chance_of(self, accept: frozenset[str], numbers: Iterable[float], window: tuple[float, float]) -> float:
        cand = {canonical(x) for x in numbers} | {canonical(x) for x in window if not math.isinf(x)}
        cand |= accept
        return len(accept & cand) / len(cand)

    def number_rules(self, view: Perspective, accept: frozenset[str], window: tuple[float, float],
                     constants: bool = True) -> dict[tuple[str, str], bool]:
        hits: dict[tuple[str, str], bool] = {(view, "alpha"): canonical(window[0]) in accept,
                                             (view, "beta"): canonical(window[1]) in accept}
        for c in self.outcomes if constants else ():
            hits[(view, f"constant {canonical(c)}")] = canonical(c) in accept
        return hits

    def subtree_leaves(self, nid: int) -> list[float]:
        """The given leaves below ``nid`` (pruned ones too), each as ``nid``'s negamax value
        it would be: the leaf's score for its side to move, negated each time the turn passes."""
        game = self.trace.game
        out: list[float] = []
        marked = not alternates_of(game)  # a side may move twice: ask the game
        stack = [(self.trace.position(nid), 1)]
        while stack:
            pos, sg = stack.pop()
            moves = game.moves(pos)
            if not moves:
                out.append(game.score(pos) * sg)
            for m in moves:
                child = game.play(pos, m)
                stack.append((child, sg if marked and game.player(child) == game.player(pos) else -sg))
        _restore(game)
        return out

    # --- candidates -----------------------------------------------------------------------
    def candidates(self, kind: str) -> list[_Candidate]:
        return getattr(self, "_" + kind)()

    def _value(self) -> list[_Candidate]:
        out = []
        for name, want in self.keys["negamax"].values.items():
            nid = self.ids[name]
            c = _Candidate("value", want["step"] - 1, name, self.trace.nodes[nid].depth)
            numbers = None
            for view in VIEWS:
                v = self.keys[view].values[name]
                accept = frozenset(v["accept"])
                w = self.window(nid, view)
                c.hits.update(self.number_rules(view, accept, w, constants=False))
                c.accept[view], c.shown[view] = accept, canonical(v["value"])
                if self.textbook:
                    if numbers is None:
                        numbers = self.subtree_leaves(nid)
                    s = sign(self.trace, nid, view)
                    c.chance[view] = self.chance_of(accept, [s * x for x in numbers], w)
                else:
                    c.chance[view] = self.chance_of(accept, self.leaf_values, w)
            out.append(c)
        return out

    def _leaf(self) -> list[_Candidate]:
        out = []
        for name, want in self.keys["negamax"].leaf_values.items():
            nid = self.ids[name]
            c = _Candidate("leaf", want["ask"], name, self.trace.nodes[nid].depth)
            for view in VIEWS:
                v = self.keys[view].leaf_values[name]
                accept = frozenset([v["accept"]])
                w = self.window(nid, view)
                c.hits.update(self.number_rules(view, accept, w))
                c.accept[view], c.shown[view] = accept, v["accept"]
                c.chance[view] = self.chance_of(accept, self.finished[view], w)
            out.append(c)
        return out

    def _tt(self) -> list[_Candidate]:
        out = []
        t = self.trace
        for name, want in self.keys["negamax"].tt.items():
            nid = self.ids[name]
            probe = want["step"] - 1
            ev = t.event(probe)
            c = _Candidate("tt", probe, name, t.nodes[nid].depth)
            settled = ev.bound == Bound.EXACT and self.to_the_end  # an exact value from a search to the end: it stops
            assert ev.value is not None
            for view in VIEWS:
                entry = canonical(sign(t, nid, view) * ev.value)
                c.hits[(view, "stops")] = self.keys[view].tt[name]["accept"] == entry
                c.chance[view] = 1.0 if settled else 0.5
            out.append(c)
        return out

    def _window(self) -> list[_Candidate]:
        out = []
        t = self.trace
        for name, want in self.keys["negamax"].windows.items():
            nid = self.ids[name]
            n = t.nodes[nid]
            parent = t.nodes[n.parent]
            before = parent.children.index(nid)
            c = _Candidate("window", want["step"] - 1, name, n.depth)
            for view in VIEWS:
                accept = self.keys[view].windows[name]["accept"]
                s = sign(t, nid, view)
                # as entered, α never risen (passed on as it is where the same side moves again)
                lo, hi = (-parent.beta, -parent.alpha) if t.turn_passes(nid) else (parent.alpha, parent.beta)
                c.hits[(view, "unrisen")] = canonical_window((lo, hi) if s > 0 else (-hi, -lo)) == accept
                c.hits[(view, "infinite")] = canonical_window((-math.inf, math.inf)) == accept
                c.accept[view], c.shown[view] = frozenset([accept]), accept
                c.chance[view] = 1 / (1 + before)
            out.append(c)
        return out

    def _cut(self) -> list[_Candidate]:
        if not self.textbook:
            return []
        out = []
        key = self.keys["negamax"]
        for n in self.trace.nodes:
            if n.moves is None or len(n.moves) < 2 or n.exit_step < 0 or not n.children:
                continue
            c = _Candidate("cut", n.enter_step + 1, key.ids[n.id], n.depth)
            for view in VIEWS:
                c.hits[(view, "none")] = not n.skipped
                c.chance[view] = 1 / len(n.moves)
            out.append(c)
        return out

    def _next(self) -> list[_Candidate]:
        if not self.textbook:
            return []
        t = self.trace
        key = self.keys["negamax"]
        steps = sorted({n.exit_step + 1 for n in t.nodes[1:] if n.exit_step >= 0}
                       | {k for k in range(len(t)) if t.event(k).kind == EventKind.TT_PROBE and t.event(k).ended
                          and t.nodes[t.event(k).node].moves is None and self._has_moves(t.event(k).node)})
        tree = _GivenTree(t, key)
        out = []
        for q in steps:
            if q >= len(t):
                continue
            want = key.next_entered(q)[1]
            path, guess = tree.open_path(q), tree.leftmost(q)
            options = 1 + sum(1 for nid in path if tree.untried(nid, q) is not None)
            if options < 2:
                continue  # nothing is left to try anywhere: no question
            depth = t.nodes[t.owners[q - 1]].depth if q else 0
            c = _Candidate("next", q, None, depth)
            for view in VIEWS:
                c.hits[(view, "leftmost")] = guess == want
                c.hits[(view, "none")] = want is None
                c.chance[view] = 1 / options
            out.append(c)
        return out

    def _has_moves(self, nid: int) -> bool:
        game = self.trace.game
        ok = bool(game.moves(self.trace.position(nid)))
        _restore(game)
        return ok


class _GivenTree:
    """A textbook tree as drawn, and what the search has done in it by a step: for the
    rule "the leftmost node not yet entered" and the nodes that could be next."""

    def __init__(self, trace: Trace, key: Any) -> None:
        self.trace = trace
        names = trace.names
        self.order: list[str] = []
        self.parent: dict[str, str | None] = {}
        root = names.label(0)
        for path, _inner in names.unfolded:
            me = qualified(path, names.repeated) if path else root
            self.order.append(me)
            self.parent[me] = (qualified(path[:-1], names.repeated) if len(path) > 1 else root) if path else None
        self.entered = {name: at for at, name in key.entered}
        self.entered[root] = 0
        self.ids = {name: nid for nid, name in key.ids.items()}
        self.cut_at: dict[str, int] = {}  # a move never tried -> the step of its cutoff
        for name, at in key.cuts.items():
            self.cut_at[name] = at["step"] - 1

    def finished(self, name: str, q: int) -> bool:
        """Whether ``name`` lies in a part of the tree the search is done with by step ``q``:
        below (or at) a node that has returned, or a move a cutoff shown by then skips."""
        at: str | None = name
        while at is not None:
            nid = self.ids.get(at)
            if nid is not None and 0 <= self.trace.nodes[nid].exit_step < q:
                return True
            if at in self.cut_at and self.cut_at[at] < q:
                return True
            at = self.parent[at]
        return False

    def leftmost(self, q: int) -> str | None:
        """The leftmost node of the drawing not entered by step ``q`` and not in a part
        the search is done with (None: there is none)."""
        for name in self.order:
            if self.entered.get(name, len(self.trace)) < q:
                continue
            if not self.finished(name, q):
                return name
        return None

    def open_path(self, q: int) -> list[int]:
        """The nodes entered by step ``q`` that have not returned."""
        t = self.trace
        return [n.id for n in t.nodes if n.enter_step < q and not 0 <= n.exit_step < q]

    def untried(self, nid: int, q: int) -> int | None:
        """The index of ``nid``'s next move not yet tried by step ``q`` (None: none left)."""
        n = self.trace.nodes[nid]
        if n.moves is None:
            game = self.trace.game
            count = len(game.moves(self.trace.position(nid)))
            _restore(game)
        else:
            count = len(n.moves)
        tried = sum(1 for c in n.children if self.trace.nodes[c].enter_step < q)
        return tried if tried < count else None


def _restore(game: Any) -> None:
    from negaviz.games.protocol import restore

    restore(game)
