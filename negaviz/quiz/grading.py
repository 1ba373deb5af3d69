"""Grade a student's answers on the whole tree, and name the mistake behind them.

A student doing alpha-beta by hand writes each inner node's value (and, when asked,
its window), marks the moves the search never tries, and may predict which node is
entered next.  :func:`grade` checks all of it against the recorded search:

>>> from negaviz import Tree, record
>>> trace = record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> g = grade(trace, values={"A": 5, "B": -5, "C": -3}, cut={"G", "H"})
>>> g.correct, g.score
(True, (5, 5))
>>> g = grade(trace, values={"A": 5, "B": 5, "C": 3}, cut={"G"})
>>> sorted(g.wrong_values), sorted(g.missed_cuts), g.first_wrong, g.mistake
(['B', 'C'], ['H'], 'B', 'negation')
>>> print(g.verdict)
Not yet: 2 of 3 values are wrong and 1 cut is missed. The first wrong node is B (step 9): you answered 5; the answer is −5.
>>> print(g.why)
B returns −5: negating what its children return gives D: −7, E: −5; the largest is −5.
>>> print(g.pattern)  # doctest: +NORMALIZE_WHITESPACE
Your answers at B and C are what mixing up the two views gives. In negamax every value is for the side to move,
so a child's value is negated on the way up; in minimax every value is for the first player, and nothing is negated.

The sentence is the three in that order: the verdict first, on one line, with the
student's answer and the right one; then why; then a misconception, named for the
answers it explains (and only those: a slip beside it is told as the slip it is).

What is judged is decided here, once: :func:`answer_key` holds, per question, the
canonical forms of the answers accepted, each mistake's answers and where they are right, and the explanations
(:class:`negaviz.quiz.key.Key`).  Python's grader (:mod:`negaviz.quiz.judging`) and the
page's (``frontend/src/practice.js``, on the key's JSON) read an answer by
:mod:`negaviz.quiz.reading`'s rule, put it in its canonical form and look it up; both
fill in the templates of ``words.json`` (:mod:`negaviz.quiz.words`), and a node test
checks they agree.

Names are the step sentences' names: a textbook tree's labels, or a position's moves
from the root (``b1 c2``, all of them) on a board.  Values and windows are read in
the view given by ``perspective``, as :func:`negaviz.quiz.questions` puts them; a value
that is only a bound accepts fail-hard's bound and fail-soft's (under the course's
conventions) and nothing between, and the grade says which it was (:attr:`Grade.bounds`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from negaviz.analysis.steps import sign
from negaviz.conventions import current
from negaviz.errors import InputError
from negaviz.games.protocol import restore
from negaviz.quiz.judging import Grade, check_mapping
from negaviz.quiz.key import Key, mistake_table, value_question
from negaviz.quiz.mistakes import cut_of, is_chance, practised, recorded
from negaviz.quiz.questions import _Maker
from negaviz.quiz.reading import canonical, canonical_window
from negaviz.quiz.words import WORDS, fill
from negaviz.search.events import EventKind
from negaviz.trace.names import qualified, unfolded
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import PERSPECTIVES, Perspective, check_flag, check_perspective

__all__ = ["grade", "answer_key"]


# ----------------------------------------------------------------------- the key
def answer_key(trace: Trace, *, perspective: Perspective = "negamax", mistakes: bool = True) -> Key:
    """The answers to every question :func:`grade` asks of ``trace``, in ``perspective``,
    with the answers each mistake of :data:`~negaviz.quiz.mistakes.MISTAKES` gives
    (``mistakes=False``: without them)."""
    check_gradable(trace)
    check_perspective(perspective)
    check_flag(mistakes, "mistakes")
    if not mistakes:
        return _key(trace, perspective)
    return answer_keys(trace, (perspective,))[perspective]


def answer_keys(trace: Trace, perspectives: Iterable[Perspective] = PERSPECTIVES) -> dict[Perspective, Key]:
    """:func:`answer_key` in each of ``perspectives`` (default: both), with the mistakes'
    answers: the variant searches are recorded once for all of them."""
    plain = {p: _key(trace, p) for p in PERSPECTIVES}  # each view's answers are the other's "negation"
    variants = recorded(trace)
    chance = is_chance(trace)
    keys = {}
    for p in perspectives:
        key = plain[p]
        found = {"negation": _answers(plain["minimax" if p == "negamax" else "negamax"])}
        if chance:
            found.update({mid: _chance_answers(trace, variant, key) for mid, variant in variants.items()})
        else:
            found.update({mid: _answers(_key(variant, p)) for mid, variant in variants.items()})
        if "bound" in found:  # plain negamax's values, on an alpha-beta student's cuts and windows
            found["bound"] = {**_answers(key), "values": found["bound"]["values"]}
        if "hardness" in found and trace.result is not None and trace.result.options.fail_hard:
            key = replace(key, values=_with_soft(key.values, found["hardness"]["values"]))
        # (fail-hard's and fail-soft's bounds are both right answers: mixing them up is a
        # bug in code, not in a practice answer, and is not named here)
        keys[p] = replace(key, mistakes={m.id: mistake_table(key, found[m.id]) for m in practised(key.cut, chance)
                                         if m.id in found and m.id != "hardness"})
    return keys


def _with_soft(values: dict[str, dict[str, Any]], soft: dict[str, float]) -> dict[str, dict[str, Any]]:
    """A fail-hard search's value questions, where a node's value is only a bound,
    accepting fail-soft's bound as well: both are right for the search (the windows and
    cuts of the two are the same; only what a bound node returns differs)."""
    out = {}
    for name, want in values.items():
        other = soft.get(name)
        if other is not None:
            want = value_question(name, want["value"], want["step"], want["why"], hard=want["value"], soft=other,
                                  hard_search=True, both=current().hardness == "either")
        out[name] = want
    return out


def _chance_answers(trace: Trace, variant: Trace, key: Key) -> dict[str, Any]:
    """A chance mistake's answers: its search's values at the nodes whose value ``key``
    asks, each shown in ``key``'s view as ``trace`` (the right search, which knows which
    outcomes pass the turn) signs that node; no windows, and the right cuts (it is a
    mistake in valuing chance nodes, not in where Star1 stops: its own search, without
    bounds, cuts nothing, and a student's right cuts must not contradict it)."""
    ids = {name: nid for nid, name in key.ids.items()}
    values = {}
    for n in variant.nodes:
        name = variant.names.full(n.id)
        if name in key.values and n.value is not None:
            v = sign(trace, ids[name], key.perspective) * n.value  # type: ignore[arg-type]
            values[name] = int(v) if float(v).is_integer() else v
    return {"values": values, "windows": {}, "cuts": set(key.cuts)}


def _answers(key: Key) -> dict[str, Any]:
    values = {n: v["value"] for n, v in key.values.items()}
    return {"values": values, "windows": {n: v["window"] for n, v in key.windows.items()}, "cuts": set(key.cuts)}


def _key(trace: Trace, perspective: Perspective) -> Key:
    maker = _Maker(trace, perspective)
    game = trace.game
    textbook = trace.names.textbook
    repeated = trace.names.repeated
    names: dict[int, str] = {n.id: trace.names.full(n.id) for n in trace.nodes}
    values: dict[str, dict[str, Any]] = {}
    windows: dict[str, dict[str, Any]] = {}
    cuts: dict[str, dict[str, Any]] = {}
    never: dict[str, dict[str, Any]] = {}
    leaves: set[str] = set()
    chance = is_chance(trace)
    windowed = not chance and any(not (math.isinf(n.alpha) and math.isinf(n.beta)) for n in trace.nodes)
    # (Star1's windows are its own sums' bounds, not a window a student passes down: not asked)
    both = current().hardness == "either"  # the course accepts fail-hard's bound beside fail-soft's
    searched: dict[str, str] = {}
    for n in trace.nodes:
        me = names[n.id]
        if textbook and n.parent >= 0 and n.enter_step >= 0:
            searched[me] = maker.explain_searched(n.id)
        if n.exit_step < 0:
            continue
        if not n.children:
            if n.moves is None or not n.moves:
                leaves.add(me)
            continue
        assert n.value is not None
        v = sign(trace, n.id, perspective) * n.value
        accepted = maker.accepted(n.id)  # a fail-soft search's bound: fail-hard's is the other end
        edge = None if accepted is None else accepted[0] if accepted[1] == v else accepted[1]
        values[me] = value_question(me, v, n.exit_step + 1, maker.explain_value(n.id), hard=edge, soft=v,
                                    both=both)
        if n.chance is not None:
            values[me]["chance"] = maker.chance_bounds(n.id)
        if n.parent >= 0 and windowed:
            window = maker.window(n.id, n.alpha, n.beta)
            windows[me] = {"window": window, "accept": canonical_window(window), "step": n.enter_step + 1,
                           "why": maker.explain_window(n.id)}
        if n.skipped:
            step = maker.cut_step(n) + 1
            why = maker.explain_pruned(n.id)
            for child, below, inner in _skipped(trace, n.id):
                cuts[child] = {"parent": me, "step": step, "why": why}
                if inner:
                    never.setdefault(child, {"step": step, "why": f"{child} is never searched: {why}"})
                for name in below:
                    never.setdefault(name, {"step": step, "why": f"{name} is never searched: {why}"})
    leaf_values: dict[str, dict[str, Any]] = {}
    tt: dict[str, dict[str, Any]] = {}
    for ev in trace.events:
        if ev.kind == EventKind.LEAF and not textbook:
            n = trace.nodes[ev.node]
            assert n.value is not None
            v = sign(trace, n.id, perspective) * n.value
            leaf_values[names[n.id]] = {"value": v, "accept": canonical(v), "ask": n.enter_step + 1,
                                        "step": ev.step + 1, "why": maker.explain_value(n.id)}
        elif ev.kind == EventKind.TT_PROBE and ev.bound is not None:
            hit = maker.table_hit(ev)
            tt[names[ev.node]] = {**hit, "accept": None if hit["value"] is None else canonical(hit["value"])}
    parent_of = {names[n.id]: names[n.parent] for n in trace.nodes if n.parent >= 0}
    if textbook:
        assert game is not None
        unfolded = trace.names.unfolded
        root = trace.names.label(0)
        all_names = {qualified(path, repeated) if path else root for path, _ in unfolded}
        leaves |= {qualified(path, repeated) for path, inner in unfolded if path and not inner}
        parent_of |= {qualified(path, repeated): qualified(path[:-1], repeated) if len(path) > 1 else root
                      for path, _ in unfolded if path}
    else:
        all_names = set(names.values()) | set(cuts)
    entered = tuple((at, names[ev.node]) for at, ev in enumerate(trace.events)
                    if ev.kind == EventKind.ENTER and ev.node > 0)
    extra = {name: {**_extra(name, entered, never, searched), "parent": parent_of.get(name)}
             for name in sorted(all_names - set(cuts))}
    return Key(perspective, values, windows, cuts, never, frozenset(leaves), frozenset(all_names), entered,
               len(trace), names, repeated, leaf_values=leaf_values, tt=tt, extra=extra,
               cut=cut_of(trace), chance=chance)


def _extra(name: str, entered: tuple[tuple[int, str], ...], never: dict[str, dict[str, Any]],
           searched: dict[str, str]) -> dict[str, Any]:
    """What a student who cuts ``name`` (a move the search does try, or none a cutoff
    skips) is told, and the step that shows it: why it is searched, with the numbers;
    or that its parent is never searched; or that it is the root."""
    step = next((at + 1 for at, n in entered if n == name), never.get(name, {"step": 0})["step"])
    if name in searched:
        return {"step": step, "why": searched[name]}
    words = WORDS["grade"]
    return {"step": step, "why": fill(words["extra_never"] if name in never else words["extra_root"], name=name)}


def _skipped(trace: Trace, nid: int) -> list[tuple[str, list[str], bool]]:
    """Each move ``nid`` never tries: its child's name, the names of every node below it,
    and whether the child is an inner node (names as :meth:`~negaviz.trace.names.Names.full`
    gives them)."""
    game = trace.game
    node = trace.nodes[nid]
    if game is None:
        return [(str(m), [], False) for m in node.skipped]
    names = trace.names
    pos = trace.position(nid)
    out = []
    for m, name in zip(node.skipped, names.skipped(nid)):
        if names.textbook:
            child = game.play(pos, m)
            below = [names.full_below(nid, (name, *sub)) for sub, _ in unfolded(game, child)[1:]]
            out.append((names.full_below(nid, (name,)), below, bool(game.moves(child))))
        else:
            out.append((names.full_below(nid, (name,)), [], False))
    restore(game)
    return out


# ----------------------------------------------------------------------- grade()
GRADED_SEARCHES = ("negamax", "minimax", "alphabeta", "expectimax", "star1")
"""The searches whose answers are graded: one pass, each node searched once per visit
(PVS, MTD(f) and iterative deepening search nodes again with other windows); with chance
nodes, expectimax and Star1."""


def check_gradable(trace: Trace) -> None:
    """An InputError, in one line, unless ``trace`` can be graded honestly: a search of
    :data:`GRADED_SEARCHES` that ran to the end."""
    check_trace(trace)
    options = trace.result.options if trace.result is not None else None
    if options is not None and options.algorithm not in GRADED_SEARCHES:
        raise InputError(f"answers are graded for {', '.join(GRADED_SEARCHES)}; this trace is {options.algorithm}, "
                         "which searches nodes again with other windows")
    if not trace.complete:
        raise InputError("this search was stopped before it finished (a node budget or Ctrl-C), so what it would "
                         "have found is not known: grade a search that ran to the end")


def grade(
    trace: Trace,
    *,
    values: Mapping[str, Any] | None = None,
    windows: Mapping[str, Any] | None = None,
    cut: Iterable[str] | str | None = None,
    next_nodes: Mapping[int, str] | None = None,
    perspective: Perspective = "negamax",
) -> Grade:
    """Grade a student's answers about ``trace``; give any of them.

    ``values`` maps a node's name to a number (or text such as ``"−3"``); ``windows`` maps
    a name to ``(alpha, beta)`` (or text such as ``"(5, ∞)"``); ``cut`` is the names of the
    moves the student marks as never tried (the cut edges' children, not their subtrees);
    ``next_nodes`` maps a step to the name predicted to be the next node entered once
    ``step`` events are shown (``"none"``: the search enters no other node).  With ``values`` or ``windows``, every searched
    inner node's answer is expected (the root has no window to give).
    """
    check_gradable(trace)
    check_perspective(perspective)
    if next_nodes is not None:
        check_mapping(next_nodes, "next_nodes")
        for step in next_nodes:
            if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(trace):
                raise InputError(f"next_nodes' steps must be whole numbers from 0 to {len(trace)}, not {step!r}")
    return answer_key(trace, perspective=perspective).grade(values=values, windows=windows, cut=cut,
                                                           next_nodes=next_nodes)
