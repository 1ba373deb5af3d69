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
>>> print(g.sentence)  # doctest: +NORMALIZE_WHITESPACE
Not yet: 2 of 3 values are wrong and 1 cut is missed. The first wrong node is B (step 9): B returns −5:
negating what its children return gives D: −7, E: −5; the largest is −5. This is what mixing up the two
views gives. In negamax every value is for the side to move, so a child's value is negated on the way up;
in minimax every value is for the first player, and nothing is negated.

Everything the page needs to grade the same answers without Python is in
:func:`answer_key`, as plain data; the page's grader (``frontend/src/practice.js``)
follows :meth:`Key.grade` line for line, and a node test checks they agree.  Neither
writes a sentence of its own: both fill in the templates of ``words.json``
(:mod:`negaviz.quiz.words`), and both read answers by :mod:`negaviz.quiz.reading`'s rule.

Names are the step sentences' names: a textbook tree's labels, or a position's moves
from the root (``b1 c2``, all of them) on a board.  Values and windows are read in
the view given by ``perspective``, as :func:`negaviz.quiz.questions` puts them; a value
that is only a bound accepts any equally valid bound (from the fail-hard to the
fail-soft value), and the grade says so in a note.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from negaviz.analysis.steps import sign
from negaviz.errors import InputError
from negaviz.games.protocol import restore
from negaviz.quiz.mistakes import MISTAKES, mistake, recorded
from negaviz.quiz.questions import _Maker
from negaviz.quiz.reading import fold, parse_labels, parse_value, parse_window
from negaviz.quiz.words import WORDS, fill
from negaviz.search.events import EventKind
from negaviz.trace.names import qualified, unfolded
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import PERSPECTIVES, Perspective, check_flag, check_perspective, fmt, number_out

__all__ = ["grade", "answer_key"]

Window = tuple[float, float]
T = TypeVar("T")


@dataclass(frozen=True)
class Grade:
    """What :func:`grade` found."""

    correct: bool
    """Every answer given is right, and nothing asked for is missing."""
    missed_cuts: frozenset[str]
    """Moves the search never tries that the student did not cut."""
    extra_cuts: frozenset[str]
    """Moves the student cut that the search does try (or that no cutoff skips)."""
    wrong_values: frozenset[str]
    """Nodes whose value is wrong, or that the student valued though they are never searched."""
    wrong_windows: frozenset[str]
    """Nodes whose window is wrong."""
    wrong_next: frozenset[int]
    """Steps at which the predicted next node is wrong."""
    unanswered: frozenset[str]
    """Nodes asked about (values, windows) with no answer."""
    first_wrong: str | None
    """The first wrong node in search order (by the step that shows its answer), or None."""
    step: int | None
    """The step at which the search shows the right answer for ``first_wrong``."""
    mistake: str | None
    """The misconception the wrong answers match (:data:`negaviz.quiz.mistakes.MISTAKES`), or None."""
    sentence: str
    """What the student is told."""
    score: tuple[int, int]
    """(right, asked): answers right out of the answers asked for."""
    notes: tuple[str, ...] = ()
    """Answers that could not be read or name no node, and bounds accepted as bounds."""

    def __str__(self) -> str:
        return self.sentence


@dataclass(frozen=True)
class Key:
    """The answers to one trace, in one view, as plain data (see :meth:`to_json`)."""

    perspective: str
    values: dict[str, dict[str, Any]]
    """name -> {value, accepted (lo, hi) or None, step, why}; every searched inner node."""
    windows: dict[str, dict[str, Any]]
    """name -> {window (alpha, beta), step, why}; every searched inner node but the root."""
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
    asks: tuple[int, ...] = ()
    """Steps at which to ask "which node is entered next?" as the search goes: just after
    each child returns while its parent still has moves it has not tried (textbook trees,
    whose nodes are all drawn to be clicked)."""
    cut_asks: tuple[tuple[int, str], ...] = ()
    """(step, name): where to ask "which of this node's moves are never tried?" as the
    search goes: as each node whose children are all leaves, with two or more, is entered
    (textbook trees; asked of every such node, cut or not, so the asking tells nothing)."""
    ids: dict[int, str] = field(default_factory=dict)
    """trace node -> its name (the picture's names shorten long move paths; the key's do not)."""
    repeated: frozenset[str] = frozenset()
    """Labels a textbook tree with shared nodes shows more than once, unfolded (a shared
    node and all below it).  Each such node is named by its labels from below the root
    (``B X``, ``C X Y``), as a board's nodes are by their moves, so each drawing of it is
    graded on its own search."""
    mistakes: dict[str, dict[str, Any]] = field(default_factory=dict)
    """mistake id -> {values: name -> v, windows: name -> (a, b), cuts: [names]}."""
    leaf_values: dict[str, dict[str, Any]] = field(default_factory=dict)
    """name of a board's terminal leaf -> {value, ask, step, why}: "what is this position
    worth?", asked once it is entered (``ask``), shown at ``step`` (a textbook tree's leaves
    are given, not asked)."""
    tt: dict[str, dict[str, Any]] = field(default_factory=dict)
    """name of a node the table answers -> {entry, window, value (None: it searches on),
    step, why}: "does the search stop here, and with what?", asked just before the probe
    is shown (``step`` - 1)."""
    searched: dict[str, str] = field(default_factory=dict)
    """name of a node entered below the root -> why it is searched (a student who cuts it
    is told this: the slip, with the numbers)."""

    def to_json(self) -> dict[str, Any]:
        """The key as JSON data: infinities as ``"inf"``, pairs as lists, sets sorted."""
        def pair(w: Window) -> list[Any]:
            return [number_out(w[0]), number_out(w[1])]

        return {
            "perspective": self.perspective,
            "values": {k: {"value": number_out(v["value"]),
                           "accepted": None if v["accepted"] is None else pair(v["accepted"]),
                           "bounds": [[number_out(b), text] for b, text in v.get("bounds", ())],
                           "between": v.get("between", ""),
                           "step": v["step"], "why": v["why"]} for k, v in self.values.items()},
            "windows": {k: {"window": pair(v["window"]), "step": v["step"], "why": v["why"]}
                        for k, v in self.windows.items()},
            "cuts": self.cuts,
            "never": self.never,
            "leaves": sorted(self.leaves),
            "names": sorted(self.names),
            "entered": [list(e) for e in self.entered],
            "n": self.n,
            "asks": list(self.asks),
            "cut_asks": [list(a) for a in self.cut_asks],
            "ids": {str(k): v for k, v in sorted(self.ids.items())},
            "repeated": sorted(self.repeated),
            "mistakes": {k: {"values": {n: number_out(x) for n, x in m["values"].items()},
                             "windows": {n: pair(w) for n, w in m["windows"].items()},
                             "cuts": sorted(m["cuts"]),
                             **{part: sorted(names) for part, names in self._judged(m).items()}}
                         for k, m in self.mistakes.items()},
            "leaf_values": {k: {**v, "value": number_out(v["value"])} for k, v in self.leaf_values.items()},
            "tt": {k: {**v, "value": None if v["value"] is None else number_out(v["value"]),
                       "window": [number_out(v["window"][0]), number_out(v["window"][1])]} for k, v in self.tt.items()},
            "searched": dict(sorted(self.searched.items())),
            "titles": {m.id: [m.title, _why(m, self.perspective)] for m in MISTAKES},
        }

    # ----------------------------------------------------------------- grading
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
        """Grade answers against this key (see :func:`grade`).  ``only_given``: grade the
        values and windows given, and count none missing (one question at a time).
        ``cut_of``: grade ``cut`` as the moves of that node alone.  ``tt``: at a table
        hit, what the node returns, or ``"on"`` where the search goes on."""
        notes: list[str] = []
        wrong: list[tuple[int, str, str, str]] = []  # (step, name, kind, why)
        right = asked = 0
        wrong_values: set[str] = set()
        wrong_windows: set[str] = set()
        unanswered: set[str] = set()
        given_values: dict[str, float] = {}
        given_windows: dict[str, Window] = {}

        if values is not None:
            _check_mapping(values, "values")
            given_values = self._read(values, parse_value, "value", notes, unanswered)
            for name, want in self.values.items():
                if only_given and name not in given_values:
                    continue
                asked += 1
                if name not in given_values:
                    unanswered.add(name)
                    continue
                v = given_values[name]
                if _accepts(want, v):
                    right += 1
                    if want["accepted"] is not None:
                        notes.append(_bound_note(name, v, want))
                else:
                    wrong_values.add(name)
                    wrong.append((want["step"], name, "value", want["why"]))
            for name, v in given_values.items():
                if name in self.leaf_values:  # a board's terminal leaf: asked as the search goes
                    asked += 1
                    if _same(v, self.leaf_values[name]["value"]):
                        right += 1
                    else:
                        wrong_values.add(name)
                        wrong.append((self.leaf_values[name]["step"], name, "value", self.leaf_values[name]["why"]))
                elif name in self.never:
                    wrong_values.add(name)
                    wrong.append((self.never[name]["step"], name, "never", self.never[name]["why"]))
                elif name in self.leaves:
                    notes.append(fill(_W["leaf"], name=name))
                elif name not in self.values:
                    notes.append(fill(_W["not_inner"], name=name))

        if windows is not None:
            _check_mapping(windows, "windows")
            given_windows = self._read(windows, parse_window, "window", notes, unanswered)
            for name, want in self.windows.items():
                if only_given and name not in given_windows:
                    continue
                asked += 1
                if name not in given_windows:
                    unanswered.add(name)
                    continue
                if _same_pair(given_windows[name], want["window"]):
                    right += 1
                else:
                    wrong_windows.add(name)
                    wrong.append((want["step"], name, "window", want["why"]))
            for name in given_windows:
                if name not in self.windows:
                    notes.append(fill(_W["window_not_asked"], name=name))

        missed: set[str] = set()
        extra: set[str] = set()
        chosen: set[str] = set()
        if cut is not None:
            if not isinstance(cut, (str, list, tuple, set, frozenset)):
                raise InputError(f"cut must be the names of the moves cut, e.g. ['G', 'H'] or 'G, H', not {cut!r}")
            for raw in self._labels(cut):
                known = self._name(raw, notes)
                if known is not None:
                    chosen.add(known)
            for name, at in self.cuts.items():
                if cut_of is not None and at["parent"] != cut_of:
                    continue
                asked += 1
                if name in chosen:
                    right += 1
                else:
                    missed.add(name)
                    wrong.append((at["step"], name, "missed", at["why"]))
            for name in sorted(chosen - set(self.cuts)):
                asked += 1  # a cut marked where the search goes on is a wrong answer too
                extra.add(name)
                step = next((at + 1 for at, n in self.entered if n == name), self.never.get(name, {"step": 0})["step"])
                wrong.append((step, name, "extra", self._extra_why(name)))

        if tt is not None:
            _check_mapping(tt, "tt")
            for raw, answer in tt.items():
                hit = self._name(raw, notes)
                if hit is None:
                    continue
                name = hit
                if name not in self.tt:
                    notes.append(fill(_W["no_table"], name=name))
                    continue
                want = self.tt[name]
                returned: float | None
                if fold(str(answer).strip()) in _GOES_ON:
                    returned = None
                else:
                    try:
                        returned = parse_value(answer)
                    except InputError as exc:
                        notes.append(fill(_W["table_unread"], name=name, error=exc))
                        continue
                asked += 1
                if (returned is None and want["value"] is None) or (
                        returned is not None and want["value"] is not None and _same(returned, want["value"])):
                    right += 1
                else:
                    wrong_values.add(name)
                    wrong.append((want["step"], name, "value", want["why"]))

        wrong_next: set[int] = set()
        if next_nodes is not None:
            _check_mapping(next_nodes, "next_nodes")
            for step, guess in sorted(next_nodes.items(), key=lambda kv: kv[0]):
                asked += 1
                shows, expect = self.next_entered(step)
                said = None if _blank(guess) or (self._exact(guess) is None and fold(str(guess).strip()) in _NOTHING) \
                    else self._name(guess, notes)
                if said == expect:
                    right += 1
                else:
                    wrong_next.add(step)
                    why = fill(_W["next_is"], name=expect) if expect else _W["search_ends"]
                    wrong.append((shows, expect or str(guess).strip(), "next", why))

        wrong.sort(key=lambda w: w[0])
        first = wrong[0] if wrong else None
        named = None if first is None else self._mistake(
            given_values, given_windows, None if cut is None or cut_of is not None else chosen,
            values is not None and not only_given)
        correct = not wrong and not unanswered
        sentence = _sentence(correct, len(given_values), wrong_values, len(self.values), wrong_windows,
                             missed, extra, wrong_next, unanswered, first, named, self.perspective)
        return Grade(correct, frozenset(missed), frozenset(extra), frozenset(wrong_values), frozenset(wrong_windows),
                     frozenset(wrong_next), frozenset(unanswered), None if first is None else first[1],
                     None if first is None else first[0], named, sentence, (right, asked), tuple(notes))

    def _read(self, answers: Mapping[str, Any], parse: Callable[[Any], T], what: str, notes: list[str],
              unanswered: set[str]) -> dict[str, T]:
        """The answers read, by node name; a note (and the node unanswered) for each that cannot be."""
        got: dict[str, T] = {}
        given: dict[str, list[str]] = {}
        for raw, answer in answers.items():
            name = self._name(raw, notes)
            if name is None or _blank(answer):
                continue
            given.setdefault(name, []).append(str(raw).strip())
            try:
                got[name] = parse(answer)
            except InputError as exc:
                notes.append(fill(_W["unread"], what=what, name=name, error=exc))
                unanswered.add(name)
        for name, raws in given.items():
            if len(raws) > 1:  # (which to take would depend on the order given)
                notes.append(fill(_W["given_twice"], name=name, what=what, n=len(raws), raws=", ".join(sorted(raws))))
                got.pop(name, None)
                unanswered.add(name)
        return got

    def _exact(self, raw: Any) -> str | None:
        """The node ``raw`` names (labels match regardless of case), or None."""
        text = str(raw).strip()
        if text in self.names:
            return text
        return {fold(n): n for n in self.names}.get(fold(text))

    def _labels(self, cut: Any) -> tuple[str, ...]:
        """The names in a cut answer: the whole text if it names a node (one called
        ``and`` or ``none``), else :func:`parse_labels`'s parts."""
        if isinstance(cut, str) and self._exact(cut) is not None:
            return (cut,)
        return parse_labels(cut)

    def next_entered(self, step: int) -> tuple[int, str | None]:
        """After ``step`` events: the step that shows the next node entered, and its name
        (the end and None if the search enters no other node)."""
        for at, name in self.entered:
            if at >= step:
                return at + 1, name
        return self.n, None

    def _name(self, raw: Any, notes: list[str]) -> str | None:
        """A node's name as the key spells it (labels match regardless of case), or None with a note."""
        text = str(raw).strip()
        exact = self._exact(text)
        if exact is not None:
            return exact
        if text in self.repeated:
            drawn = sorted(n for n in self.names if n.split(" ")[-1] == text)
            notes.append(fill(_W["drawn_twice"], text=text, n=len(drawn), drawn=", ".join(drawn)))
            return None
        notes.append(fill(_W["no_node"], text=repr(text)))
        return None

    def _extra_why(self, name: str) -> str:
        if name in self.searched:
            return self.searched[name]
        if name in self.never:
            return fill(_W["extra_never"], name=name)
        return fill(_W["extra_root"], name=name)

    def _judged(self, answers: dict[str, Any]) -> dict[str, set[str]]:
        """Where one mistake's answers are right, decided here once (the page reads it in
        :meth:`to_json`'s ``mistakes``): the names whose value it gets wrong (a wrong value,
        one where none is asked, or none where one is), the names whose window it gets
        right, and the moves it cuts or leaves uncut wrongly."""
        mv, mw = answers["values"], answers["windows"]
        return {
            "wrong_values": {n for n in set(self.values) | set(mv)
                             if not (n in self.values and n in mv and _accepts(self.values[n], mv[n]))},
            "right_windows": {n for n, w in mw.items() if n in self.windows and _same_pair(w, self.windows[n]["window"])},
            "wrong_cuts": set(self.cuts) ^ set(answers["cuts"]),
        }

    def _mistake(self, values: dict[str, float], windows: dict[str, Window], chosen: set[str] | None,
                 whole: bool) -> str | None:
        """The misconception a student's answers follow, named only where it explains them
        better than single slips do.  A misconception *predicts* an answer when the student's
        answer is wrong and is the one the misconception gives; it is *contradicted* by an
        answer where the misconception's answer is not right and the student gave something
        else (the right answer included).  It is named when it predicts two answers or more
        and is contradicted by none; of those, the one that predicts most (ties: the order
        of :data:`~negaviz.quiz.mistakes.MISTAKES`).  Every answer given counts: values,
        windows, and, when cuts are graded, every move marked or left unmarked; with
        ``whole`` (every inner node's value asked), a node left blank that the search never
        reaches is an answer too ("not searched").  Anything else wrong is told as the slip it is."""
        best: tuple[int, int] | None = None
        chosen_id = None
        for order, m in enumerate(MISTAKES):
            answers = self.mistakes.get(m.id)
            if answers is None:
                continue
            predicted = contradicted = 0
            mv, mw = answers["values"], answers["windows"]
            judged = self._judged(answers)
            for name in set(values) | (set(self.never) if whole else set()):
                want = self.values.get(name)
                theirs = mv.get(name)
                m_right = name not in judged["wrong_values"]
                given = values.get(name)
                s_right = (given is not None and want is not None and _accepts(want, given)) or (
                    given is None and want is None)
                if not s_right and given is not None and theirs is not None and _same(given, theirs):
                    predicted += 1
                elif not m_right:
                    contradicted += 1
            for name, given_w in windows.items():
                right_w = self.windows[name]["window"] if name in self.windows else None
                theirs_w = mw.get(name)
                m_right = name in judged["right_windows"]
                s_right = right_w is not None and _same_pair(given_w, right_w)
                if not s_right and theirs_w is not None and _same_pair(given_w, theirs_w):
                    predicted += 1
                elif not m_right:
                    contradicted += 1
            if chosen is not None:
                for name in set(self.cuts) | set(answers["cuts"]) | chosen:
                    right_c, theirs_c, given_c = name in self.cuts, name in answers["cuts"], name in chosen
                    if given_c != right_c and given_c == theirs_c:
                        predicted += 1
                    elif name in judged["wrong_cuts"]:
                        contradicted += 1
            if predicted >= 2 and not contradicted and (best is None or (predicted, -order) > best):
                best, chosen_id = (predicted, -order), m.id
        return chosen_id


def _check_mapping(x: Any, what: str) -> None:
    if not isinstance(x, Mapping):
        raise InputError(f"{what} must map node names to answers, e.g. {{'B': -5}}, not {type(x).__name__}")


_W = WORDS["grade"]
_NOTHING = set(WORDS["reading"]["nothing"])
"""What a student types for "no node"."""
_GOES_ON = set(WORDS["reading"]["goes_on"])
"""What a student types at a table hit that does not end the node."""


def _blank(answer: Any) -> bool:
    return answer is None or (isinstance(answer, str) and not answer.strip())


def _same(a: float, b: float) -> bool:
    """Whether an answer is the value: exactly, where either is a whole number; else
    to the 4 significant digits negaviz writes values with (what the picture shows)."""
    if a == b:
        return True
    if not (math.isfinite(a) and math.isfinite(b)) or float(a).is_integer() or float(b).is_integer():
        return False
    return fmt(a) == fmt(b)


def _same_pair(a: Window, b: Window) -> bool:
    return _same(a[0], b[0]) and _same(a[1], b[1])


def _accepts(want: dict[str, Any], v: float) -> bool:
    if _same(v, want["value"]):
        return True
    acc = want["accepted"]
    return acc is not None and acc[0] <= v <= acc[1]


def _bound_note(name: str, v: float, want: dict[str, Any]) -> str:
    """What an accepted answer to a value that is only a bound is told: which kind of
    bound it is, or that it lies between them."""
    for b, text in want.get("bounds", ()):
        if _same(v, b):
            return text
    return fill(_W["accepted"], name=name, value=fmt(v), between=want.get("between", "")).rstrip()


def _why(m: Any, perspective: str) -> str:
    """A mistake's rule, in the words of the view shown."""
    if perspective == "minimax":
        return str(getattr(m, "why_minimax", None) or m.why)
    return str(m.why)


def _sentence(correct: bool, answered: int, wrong_values: set[str], asked_values: int, wrong_windows: set[str],
              missed: set[str], extra: set[str], wrong_next: set[int], unanswered: set[str],
              first: tuple[int, str, str, str] | None, named: str | None, perspective: str = "negamax") -> str:
    if correct:
        return str(_W["all_right"])
    parts = []
    if wrong_values:
        n = len(wrong_values)
        parts.append(fill(_W["values_wrong"], n=n, asked=max(asked_values, n)))
    for kind, wrong in (("windows_wrong", wrong_windows), ("missed", missed), ("extra", extra),
                        ("next_wrong", wrong_next), ("unanswered", unanswered)):
        if wrong:
            parts.append(fill(_W[kind], n=len(wrong)))
    text = fill(_W["not_yet"], parts=_and(parts))
    if first is not None:
        step, name, kind, why = first
        if kind == "next":
            text += fill(_W["first_next"], why=why[0].lower() + why[1:-1], step=step)
        else:
            text += fill(_W["first"], what=_W["what"][kind], name=name, step=step, why=why)
    if named is not None:
        m = mistake(named)
        text += fill(_W["named"], title=m.title, why=_why(m, perspective))
    return text


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else str(_W["comma"]).join(parts[:-1]) + _W["and"] + parts[-1]


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
    keys = {}
    for p in perspectives:
        key = plain[p]
        found = {"negation": _answers(plain["minimax" if p == "negamax" else "negamax"])}
        found.update({mid: _answers(_key(variant, p)) for mid, variant in variants.items()})
        if "bound" in found:  # plain negamax's values, on an alpha-beta student's cuts and windows
            found["bound"] = {**_answers(key), "values": found["bound"]["values"]}
        if "hardness" in found and trace.result is not None and trace.result.options.fail_hard:
            key = replace(key, values=_with_soft(key.values, found["hardness"]["values"]))
        # (fail-hard's and fail-soft's bounds are both right answers: mixing them up is a
        # bug in code, not in a practice answer, and is not named here)
        keys[p] = replace(key, mistakes={m.id: found[m.id] for m in MISTAKES if m.id in found and m.id != "hardness"})
    return keys


def _with_soft(values: dict[str, dict[str, Any]], soft: dict[str, float]) -> dict[str, dict[str, Any]]:
    """A fail-hard search's value questions, where a node's value is only a bound,
    accepting fail-soft's bound as well: both are right for the search (the windows and
    cuts of the two are the same; only what a bound node returns differs)."""
    out = {}
    for name, want in values.items():
        other = soft.get(name)
        if other is not None and not _same(other, want["value"]):
            hard = want["value"]
            want = {**want, "accepted": (min(hard, other), max(hard, other)),
                    **_kinds(name, hard=hard, soft=other, hard_search=True)}
        out[name] = want
    return out


def _kinds(name: str, *, hard: float, soft: float, hard_search: bool) -> dict[str, Any]:
    """The notes an accepted bound gets: which kind it is, fail-hard's (clamped into the
    window) or fail-soft's (the best value found), or one between them."""
    b = _W["bounds"]
    this_hard, this_soft = (b["this"], "") if hard_search else ("", b["this"])
    gives_soft, gives_hard = (b["would_give"], b["gives"]) if hard_search else (b["gives"], b["would_give"])
    lo, hi = min(hard, soft), max(hard, soft)
    return {
        "bounds": ((hard, fill(b["hard"], name=name, hard=fmt(hard), this=this_hard, gives=gives_soft, soft=fmt(soft))),
                   (soft, fill(b["soft"], name=name, soft=fmt(soft), this=this_soft, gives=gives_hard, hard=fmt(hard)))),
        "between": fill(b["between"], name=name, lo=fmt(lo), hi=fmt(hi), hard=fmt(hard), soft=fmt(soft)),
    }


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
    windowed = any(not (math.isinf(n.alpha) and math.isinf(n.beta)) for n in trace.nodes)
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
        values[me] = {"value": sign(trace, n.id, perspective) * n.value, "accepted": maker.accepted(n.id),
                      "step": n.exit_step + 1, "why": maker.explain_value(n.id)}
        if values[me]["accepted"] is not None:  # a fail-soft search's bound: fail-hard's is the other end
            v = values[me]["value"]
            edge = next(x for x in values[me]["accepted"] if not _same(x, v))
            values[me].update(_kinds(me, hard=edge, soft=v, hard_search=False))
        if n.parent >= 0 and windowed:
            windows[me] = {"window": maker.window(n.id, n.alpha, n.beta), "step": n.enter_step + 1,
                           "why": maker.explain_window(n.id)}
        if n.skipped:
            step = maker.cut_step(n) + 1
            why = maker.explain_pruned(n.id)
            for child, below, inner in _skipped(trace, n.id, me):
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
            leaf_values[names[n.id]] = {"value": sign(trace, n.id, perspective) * n.value, "ask": n.enter_step + 1,
                                        "step": ev.step + 1, "why": maker.explain_value(n.id)}
        elif ev.kind == EventKind.TT_PROBE and ev.bound is not None:
            tt[names[ev.node]] = maker.table_hit(ev)
    if textbook:
        assert game is not None
        unfolded = trace.names.unfolded
        all_names = {qualified(path, repeated) if path else trace.names.label(0) for path, _ in unfolded}
        leaves |= {qualified(path, repeated) for path, inner in unfolded if path and not inner}
    else:
        all_names = set(names.values()) | set(cuts)
    entered = tuple((at, names[ev.node]) for at, ev in enumerate(trace.events)
                    if ev.kind == EventKind.ENTER and ev.node > 0)
    asks = sorted(trace.nodes[c].exit_step + 1 for n in trace.nodes if n.moves and textbook
                  for k, c in enumerate(n.children) if trace.nodes[c].exit_step >= 0 and k + 1 < len(n.moves))
    cut_asks = sorted((n.enter_step + 1, names[n.id]) for n in trace.nodes if textbook and n.moves
                      and len(n.moves) >= 2 and _all_leaves(game, trace.position(n.id)))
    if textbook:
        restore(game)
    return Key(perspective, values, windows, cuts, never, frozenset(leaves), frozenset(all_names), entered,
               len(trace), tuple(asks), tuple(cut_asks), names, repeated, searched=searched,
               leaf_values=leaf_values, tt=tt)


def _all_leaves(game: Any, pos: Any) -> bool:
    return all(not game.moves(game.play(pos, m)) for m in game.moves(pos))


def _skipped(trace: Trace, nid: int, me: str) -> list[tuple[str, list[str], bool]]:
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
            path = (*(names.label(p) for p in trace.path(nid)[1:]), name)
            below = [qualified(path + sub, names.repeated) for sub, _ in unfolded(game, child)[1:]]
            out.append((qualified(path, names.repeated), below, bool(game.moves(child))))
        else:
            prefix = "" if me == "the root" else me + names.sep
            out.append((prefix + name, [], False))
    restore(game)
    return out


# ----------------------------------------------------------------------- grade()
GRADED_SEARCHES = ("negamax", "minimax", "alphabeta")
"""The searches whose answers are graded: one pass, each node searched once per visit
(PVS, MTD(f) and iterative deepening search nodes again with other windows)."""


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
        _check_mapping(next_nodes, "next_nodes")
        for step in next_nodes:
            if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(trace):
                raise InputError(f"next_nodes' steps must be whole numbers from 0 to {len(trace)}, not {step!r}")
    return answer_key(trace, perspective=perspective).grade(values=values, windows=windows, cut=cut,
                                                           next_nodes=next_nodes)
