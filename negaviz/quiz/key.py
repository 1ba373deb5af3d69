"""An answer key: per question, what is accepted, already decided (see :func:`negaviz.quiz.answer_key`).

Each question's table holds the canonical forms of the answers it accepts
(:func:`negaviz.quiz.reading.canonical`: a bound node's fail-hard and fail-soft values),
the explanation and the step that shows the answer; each mistake's table holds its
answer to every question and where that answer is right.  Python's grader
(:mod:`negaviz.quiz.judging`) and the page's (``frontend/src/practice.js``, on
:meth:`Key.to_json`) both read an answer, put it in its canonical form and look it up
here: neither holds a judging rule of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from negaviz.quiz.judging import Grade, judge
from negaviz.quiz.mistakes import practised
from negaviz.quiz.reading import accepts, canonical, canonical_window
from negaviz.quiz.words import WORDS, fill
from negaviz.vocabulary import fmt, number_out

__all__: list[str] = []  # (Key is reached through negaviz.quiz.answer_key)

Window = tuple[float, float]
_W = WORDS["grade"]


@dataclass(frozen=True)
class Key:
    """The answers to one trace, in one view, as plain data (see :meth:`to_json`)."""

    perspective: str
    values: dict[str, dict[str, Any]]
    """name -> {value, accept (its canonical forms: a bound node's fail-soft and fail-hard
    values where the course accepts both), accepted (a range of bounds: None, no search
    returns a value between), notes (canonical form of an accepted bound -> what it is
    told), note (unused: ""), step, why}; every searched inner node."""
    windows: dict[str, dict[str, Any]]
    """name -> {window (alpha, beta), accept (its canonical form), step, why}; every searched
    inner node but the root."""
    cuts: dict[str, dict[str, Any]]
    """name of a move never tried -> {parent, step, why}."""
    never: dict[str, dict[str, Any]]
    """name of a node never searched (inside a cut subtree) -> {step, why}."""
    leaves: frozenset[str]
    """Searched leaves: their values are given, not asked."""
    names: frozenset[str]
    """Every node's name the picture shows."""
    entered: tuple[tuple[int, str], ...]
    """(step, name) of every event that enters a node below the root, in order."""
    n: int
    """The number of events."""
    ids: dict[int, str] = field(default_factory=dict)
    """trace node -> its name (the picture's names shorten long move paths; the key's do not)."""
    repeated: frozenset[str] = frozenset()
    """Labels a textbook tree with shared nodes shows more than once, unfolded (a shared
    node and all below it).  Each such node is named by its labels from below the root
    (``B X``, ``C X Y``), as a board's nodes are by their moves, so each drawing of it is
    graded on its own search."""
    mistakes: dict[str, dict[str, Any]] = field(default_factory=dict)
    """mistake id -> {values: name -> v, windows: name -> (a, b), cuts: names, gives and
    gives_windows (the same answers' canonical forms), wrong_values, right_windows,
    wrong_cuts (where its answers are right: see :func:`mistake_table`)}; in the order of
    :data:`~negaviz.quiz.mistakes.MISTAKES`."""
    leaf_values: dict[str, dict[str, Any]] = field(default_factory=dict)
    """name of a board's terminal leaf -> {value, accept, ask, step, why}: "what is this
    position worth?", asked once it is entered (``ask``), shown at ``step`` (a textbook
    tree's leaves are given, not asked)."""
    tt: dict[str, dict[str, Any]] = field(default_factory=dict)
    """name of a node the table answers -> {entry, window, value (None: it searches on),
    accept (value's canonical form, or None), step, why}: "does the search stop here, and
    with what?", asked just before the probe is shown (``step`` - 1)."""
    extra: dict[str, dict[str, Any]] = field(default_factory=dict)
    """name of every node but the moves never tried -> {step, why, parent}: what a student
    who cuts it is told (the slip, with the numbers), the step that shows it searched, and
    its parent's name (None for the root)."""
    cut: str = ">="
    """When the search stops a node (:attr:`negaviz.SearchOptions.cut`): the mistakes are
    named by it (under ``">"``, cutting on equality is the mistake)."""
    chance: bool = False
    """A search with chance nodes (expectimax, star1): its mistakes are the chance ones
    (:data:`negaviz.quiz.mistakes.CHANCE_MISTAKES`), and each chance node's value table
    has ``chance``: its outcomes' bounds in this view, ``[lo, hi]`` (infinite for expectimax)."""

    def titles(self) -> dict[str, list[str]]:
        """mistake id -> [its title, its rule in the words of this view]."""
        return {m.id: [m.title, str(getattr(m, "why_minimax", None) or m.why) if self.perspective == "minimax"
                       else str(m.why)] for m in practised(self.cut, self.chance)}

    def to_json(self) -> dict[str, Any]:
        """The key as JSON data: infinities as ``"inf"``, pairs as lists, sets sorted."""
        def pair(w: Window) -> list[Any]:
            return [number_out(w[0]), number_out(w[1])]

        return {
            "perspective": self.perspective,
            "values": {k: {**v, "value": number_out(v["value"]),
                           "accepted": None if v["accepted"] is None else pair(v["accepted"]),
                           **({"chance": pair(v["chance"])} if v.get("chance") is not None else {})}
                       for k, v in self.values.items()},
            "windows": {k: {**v, "window": pair(v["window"])} for k, v in self.windows.items()},
            "cuts": self.cuts,
            "never": self.never,
            "leaves": sorted(self.leaves),
            "names": sorted(self.names),
            "entered": [list(e) for e in self.entered],
            "n": self.n,
            "ids": {str(k): v for k, v in sorted(self.ids.items())},
            "repeated": sorted(self.repeated),
            "mistakes": {k: {"gives": m["gives"], "gives_windows": m["gives_windows"],
                             **{part: sorted(m[part]) for part in ("cuts", "wrong_values", "right_windows", "wrong_cuts")}}
                         for k, m in self.mistakes.items()},
            "leaf_values": {k: {**v, "value": number_out(v["value"])} for k, v in self.leaf_values.items()},
            "tt": {k: {**v, "value": None if v["value"] is None else number_out(v["value"]),
                       "window": pair(v["window"])} for k, v in self.tt.items()},
            "extra": dict(sorted(self.extra.items())),
            "titles": self.titles(),
            **({"chance": True} if self.chance else {}),
        }

    def grade(
        self,
        *,
        values: Mapping[str, Any] | None = None,
        windows: Mapping[str, Any] | None = None,
        cut: Iterable[str] | str | None = None,
        next_nodes: Mapping[int, str] | None = None,
        only_given: bool = False,
        cut_of: str | None = None,
        tt: Mapping[str, Any] | None = None,
    ) -> Grade:
        """Grade answers against this key (see :func:`negaviz.quiz.grade`).  ``only_given``:
        grade the values and windows given, and count none missing (one question at a
        time).  ``cut_of``: grade ``cut`` as the moves of that node alone.  ``tt``: at a
        table hit, what the node returns, or ``"on"`` where the search goes on."""
        return judge(self, values=values, windows=windows, cut=cut, next_nodes=next_nodes, only_given=only_given,
                     cut_of=cut_of, tt=tt)

    def next_entered(self, step: int) -> tuple[int, str | None]:
        """After ``step`` events: the step that shows the next node entered, and its name
        (the end and None if the search enters no other node)."""
        for at, name in self.entered:
            if at >= step:
                return at + 1, name
        return self.n, None


def value_question(name: str, value: float, step: int, why: str, *, hard: float | None = None,
                   soft: float | None = None, hard_search: bool = False, both: bool = True) -> dict[str, Any]:
    """A value question's table: ``value`` accepted (by its canonical form); where the
    node's value is only a bound (``hard`` and ``soft``, fail-hard's and fail-soft's,
    differ) and the course accepts ``both`` (:attr:`negaviz.conventions.Conventions.hardness`),
    the other bound too, and nothing between (no search returns it), each told which kind
    of bound it is."""
    out: dict[str, Any] = {"value": value, "accept": [canonical(value)], "accepted": None, "notes": {}, "note": "",
                           "step": step, "why": why}
    if hard is None or soft is None or canonical(hard) == canonical(soft) or not both:
        return out
    b = _W["bounds"]
    this_hard, this_soft = (b["this"], "") if hard_search else ("", b["this"])
    gives_soft, gives_hard = (b["would_give"], b["gives"]) if hard_search else (b["gives"], b["would_give"])
    notes = {canonical(hard): fill(b["hard"], name=name, hard=fmt(hard), this=this_hard, gives=gives_soft, soft=fmt(soft))}
    notes.setdefault(canonical(soft), fill(b["soft"], name=name, soft=fmt(soft), this=this_soft, gives=gives_hard,
                                           hard=fmt(hard)))
    other = hard if canonical(value) == canonical(soft) else soft
    return {**out, "accept": [canonical(value), canonical(other)], "notes": notes}


def mistake_table(key: Key, answers: dict[str, Any]) -> dict[str, Any]:
    """One mistake's answers (values, windows, cuts) as a table: with their canonical forms
    (``gives``, ``gives_windows``) and where they are right, decided here once: the names
    whose value it gets wrong (a wrong value, one where none is asked, or none where one
    is), the names whose window it gets right, and the moves it cuts or leaves uncut wrongly."""
    mv, mw = answers["values"], answers["windows"]
    return {
        **answers,
        "gives": {n: canonical(v) for n, v in sorted(mv.items())},
        "gives_windows": {n: canonical_window(w) for n, w in sorted(mw.items())},
        "wrong_values": {n for n in set(key.values) | set(mv) if not (
            n in key.values and n in mv and accepts(mv[n], key.values[n]["accept"], key.values[n]["accepted"]))},
        "right_windows": {n for n, w in mw.items() if n in key.windows and canonical_window(w) == key.windows[n]["accept"]},
        "wrong_cuts": set(key.cuts) ^ set(answers["cuts"]),
    }
