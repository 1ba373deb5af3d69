"""Judging a student's answers by an answer key's tables (:class:`negaviz.quiz.key.Key`).

Nothing here knows a search: every question's accepted answers (canonical forms: both
fail-hard's and fail-soft's where a value is only a bound), every explanation and each
mistake's answers come decided in the key.  An answer is read by :mod:`negaviz.quiz.reading`'s
rule, put in its canonical form and looked up; the sentence is filled in from the
templates of ``words.json``.  The page (``frontend/src/practice.js``) judges the same
way on the key's JSON, and ``tests/quiz/test_grading.py`` checks the two agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from negaviz.errors import InputError
from negaviz.quiz.reading import (accepts, canonical, canonical_window, fold, node_name, parse_labels, parse_value,
                                  parse_window, unnamed)
from negaviz.quiz.words import WORDS, fill
from negaviz.vocabulary import fmt

if TYPE_CHECKING:
    from negaviz.quiz.key import Key

__all__: list[str] = []  # (Grade is reached through negaviz.quiz.grade)

T = TypeVar("T")
_W = WORDS["grade"]
_NOTHING = set(WORDS["reading"]["nothing"])
"""What a student types for "no node"."""
_GOES_ON = set(WORDS["reading"]["goes_on"])
"""What a student types at a table hit that does not end the node."""


@dataclass(frozen=True)
class Grade:
    """What :func:`negaviz.quiz.grade` found."""

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
    """Answers that could not be read or name no node."""
    verdict: str = ""
    """The first line of :attr:`sentence`: the verdict, with the student's answer and the
    right one (one answer graded alone, as the page asks them one at a time: ``Yes: −5 is
    right.`` or ``No: you answered 5; the answer is −5.``)."""
    why: str = ""
    """Why the first wrong answer is wrong, with the numbers (empty when all is right)."""
    bounds: tuple[str, ...] = ()
    """For each value accepted as a bound: which kind it is (fail-hard's or fail-soft's)."""
    explained: tuple[tuple[str, str], ...] = ()
    """The answers :attr:`mistake` explains, as (kind, name) in search order: ``value``,
    ``window`` (a node) or ``cut`` (a move); the others are slips."""
    pattern: str = ""
    """:attr:`mistake` named, for the answers it explains (the end of :attr:`sentence`; empty: none)."""

    def __str__(self) -> str:
        return self.sentence


def judge(
    key: Key,
    *,
    values: Mapping[str, Any] | None = None,
    windows: Mapping[str, Any] | None = None,
    cut: Iterable[str] | str | None = None,
    next_nodes: Mapping[int, str] | None = None,
    only_given: bool = False,
    cut_of: str | None = None,
    tt: Mapping[str, Any] | None = None,
) -> Grade:
    """:meth:`Key.grade`: the answers looked up in ``key``'s tables."""
    notes: list[str] = []
    bounds: list[str] = []
    wrong: list[tuple[int, str, str, str, str, str]] = []  # (step, name, kind, why, said, right)
    told: list[tuple[str, str]] = []  # (said, right) of each answer graded, in order
    right = asked = 0
    values_asked = 0
    wrong_values: set[str] = set()
    right_values: set[str] = set()
    wrong_windows: set[str] = set()
    unanswered: set[str] = set()
    said: dict[str, str] = {}  # name -> the canonical form of the value given
    said_windows: dict[str, str] = {}

    if values is not None:
        check_mapping(values, "values")
        given_values = _read(key, values, parse_value, "value", notes, unanswered)
        said = {name: canonical(v) for name, v in given_values.items()}
        typed = _typed(key, values)
        for name, want in key.values.items():
            if only_given and name not in given_values:
                continue
            asked += 1
            values_asked += 1
            if name not in given_values:
                unanswered.add(name)
                continue
            v = given_values[name]
            told.append((typed[name], _shown(want["accept"])))
            if accepts(v, want["accept"], want["accepted"]):
                right += 1
                right_values.add(name)
                if want["notes"].get(said[name]):  # a bound: which kind it is
                    bounds.append(want["notes"][said[name]])
            else:
                wrong_values.add(name)
                wrong.append((want["step"], name, "value", want["why"], *told[-1]))
        for name in given_values:
            if name in key.leaf_values:  # a board's terminal leaf: asked as the search goes
                leaf = key.leaf_values[name]
                asked += 1
                values_asked += 1
                told.append((typed[name], _shown([leaf["accept"]])))
                if said[name] == leaf["accept"]:
                    right += 1
                else:
                    wrong_values.add(name)
                    wrong.append((leaf["step"], name, "value", leaf["why"], *told[-1]))
            elif name in key.never:
                values_asked += 1
                told.append((typed[name], _W["answers"]["never"]))
                wrong_values.add(name)
                wrong.append((key.never[name]["step"], name, "never", key.never[name]["why"], *told[-1]))
            elif name in key.leaves:
                notes.append(fill(_W["leaf"], name=name))
            elif name not in key.values:
                notes.append(fill(_W["not_inner"], name=name))

    if windows is not None:
        check_mapping(windows, "windows")
        given_windows = _read(key, windows, parse_window, "window", notes, unanswered)
        said_windows = {name: canonical_window(w) for name, w in given_windows.items()}
        typed = _typed(key, windows)
        for name, want in key.windows.items():
            if only_given and name not in given_windows:
                continue
            asked += 1
            if name not in given_windows:
                unanswered.add(name)
                continue
            told.append((typed[name], _shown([want["accept"]])))
            if said_windows[name] == want["accept"]:
                right += 1
            else:
                wrong_windows.add(name)
                wrong.append((want["step"], name, "window", want["why"], *told[-1]))
        for name in given_windows:
            if name not in key.windows:
                notes.append(fill(_W["window_not_asked"], name=name))

    missed: set[str] = set()
    extra: set[str] = set()
    chosen: set[str] = set()
    if cut is not None:
        if not isinstance(cut, (str, list, tuple, set, frozenset)):
            raise InputError(f"cut must be the names of the moves cut, e.g. ['G', 'H'] or 'G, H', not {cut!r}")
        for raw in _labels(key, cut):
            known = _name(key, raw, notes)
            if known is not None:
                chosen.add(known)
        for name, at in key.cuts.items():
            if cut_of is not None and at["parent"] != cut_of:
                continue
            asked += 1
            if name in chosen:
                right += 1
            else:
                missed.add(name)
                wrong.append((at["step"], name, "missed", at["why"], *_cuts_told(key, chosen, at["parent"])))
        for name in sorted(chosen - set(key.cuts)):
            asked += 1  # a cut marked where the search goes on is a wrong answer too
            extra.add(name)
            wrong.append((key.extra[name]["step"], name, "extra", key.extra[name]["why"],
                          *_cuts_told(key, chosen, key.extra[name]["parent"])))
        if cut_of is not None:
            told.append(_cuts_told(key, chosen, cut_of))

    if tt is not None:
        check_mapping(tt, "tt")
        for raw, answer in tt.items():
            hit = _name(key, raw, notes)
            if hit is None:
                continue
            if hit not in key.tt:
                notes.append(fill(_W["no_table"], name=hit))
                continue
            want = key.tt[hit]
            returned: str | None = None  # the canonical value returned; None: the search goes on
            if fold(str(answer).strip()) not in _GOES_ON:
                try:
                    returned = canonical(parse_value(answer))
                except InputError as exc:
                    notes.append(fill(_W["table_unread"], name=hit, error=exc))
                    continue
            asked += 1
            values_asked += 1
            told.append((str(answer).strip(), _W["answers"]["on"] if want["accept"] is None else _shown([want["accept"]])))
            if returned == want["accept"]:
                right += 1
            else:
                wrong_values.add(hit)
                wrong.append((want["step"], hit, "value", want["why"], *told[-1]))

    wrong_next: set[int] = set()
    if next_nodes is not None:
        check_mapping(next_nodes, "next_nodes")
        for step, guess in sorted(next_nodes.items(), key=lambda kv: kv[0]):
            asked += 1
            shows, expect = key.next_entered(step)
            guessed = None if _blank(guess) or (node_name(guess, key.names) is None and fold(str(guess).strip()) in _NOTHING) \
                else _name(key, guess, notes)
            told.append((("" if _blank(guess) else str(guess).strip()) or _W["answers"]["none"],
                         expect or _W["answers"]["none"]))
            if guessed == expect:
                right += 1
            else:
                wrong_next.add(step)
                why = "" if expect else _W["search_ends"]
                wrong.append((shows, expect or str(guess).strip(), "next", why, *told[-1]))

    wrong.sort(key=lambda w: w[0])
    first = wrong[0] if wrong else None
    named, explained = (None, ()) if first is None else _mistake(
        key, said, right_values, said_windows, None if cut is None or cut_of is not None else chosen,
        values is not None and not only_given)
    correct = not wrong and not unanswered
    counts = {"values_wrong": len(wrong_values), "windows_wrong": len(wrong_windows), "missed": len(missed),
              "extra": len(extra), "next_wrong": len(wrong_next), "unanswered": len(unanswered)}
    verdict = _verdict(correct, counts, values_asked, first, told if only_given and len(told) == 1 else None)
    why = "" if first is None else first[3]
    pattern = _named(key, named, explained)
    sentence = " ".join(part for part in (verdict, why, pattern) if part)
    return Grade(correct, frozenset(missed), frozenset(extra), frozenset(wrong_values), frozenset(wrong_windows),
                 frozenset(wrong_next), frozenset(unanswered), None if first is None else first[1],
                 None if first is None else first[0], named, sentence, (right, asked), tuple(notes), verdict, why,
                 tuple(bounds), explained, pattern)


def _read(key: Key, answers: Mapping[str, Any], parse: Callable[[Any], T], what: str, notes: list[str],
          unanswered: set[str]) -> dict[str, T]:
    """The answers read, by node name; a note (and the node unanswered) for each that cannot be."""
    got: dict[str, T] = {}
    given: dict[str, list[str]] = {}
    for raw, answer in answers.items():
        name = _name(key, raw, notes)
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


def _labels(key: Key, cut: Any) -> tuple[str, ...]:
    """The names in a cut answer: the whole text if it names a node (one called
    ``and`` or ``none``), else :func:`parse_labels`'s parts."""
    if isinstance(cut, str) and node_name(cut, key.names) is not None:
        return (cut,)
    return parse_labels(cut)


def _name(key: Key, raw: Any, notes: list[str]) -> str | None:
    """A node's name as the key spells it (:func:`~negaviz.quiz.reading.node_name`), or None with a note."""
    name = node_name(raw, key.names)
    if name is None:
        notes.append(unnamed(raw, key.names, key.repeated))
    return name


def _mistake(key: Key, said: dict[str, str], right_values: set[str], said_windows: dict[str, str],
             chosen: set[str] | None, whole: bool) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """The misconception a student's answers follow, named only where it explains them
    better than single slips do.  A misconception *predicts* an answer when the student's
    answer is wrong and is the one the misconception gives; it is *contradicted* by an
    answer where the misconception's answer is not right and the student gave something
    else (the right answer included).  It is named when it predicts two answers or more
    and is contradicted by none; of those, the first in the key's (the catalogue's) order
    that predicts most.  Every answer given counts: values, windows, and, when cuts are
    graded, every move marked or left unmarked; with ``whole`` (every inner node's value
    asked), a node left blank that the search never reaches is an answer too ("not
    searched").  Anything else wrong is told as the slip it is.

    Only canonical forms and names are compared: where each mistake's answers are right
    comes decided in the key (``wrong_values``, ``right_windows``, ``wrong_cuts``), as the
    page's ``mistakeOf`` reads them.  Returns the mistake's id (None: none is named) and
    the answers it explains, as (kind, name), in search order."""
    best, chosen_id = 0, None
    explains: tuple[tuple[str, str], ...] = ()
    for mid, m in key.mistakes.items():
        predicted: list[tuple[str, str]] = []
        contradicted = 0
        for name in sorted(set(said) | (set(key.never) if whole else set())):
            s_right = name in right_values or (name not in said and name not in key.values)
            if not s_right and name in said and said[name] == m["gives"].get(name):
                predicted.append(("value", name))
            elif name in m["wrong_values"]:
                contradicted += 1
        for name, given in sorted(said_windows.items()):
            s_right = name in key.windows and given == key.windows[name]["accept"]
            if not s_right and given == m["gives_windows"].get(name):
                predicted.append(("window", name))
            elif name not in m["right_windows"]:
                contradicted += 1
        if chosen is not None:
            for name in sorted(set(key.cuts) | set(m["cuts"]) | chosen):
                right_c, theirs_c, given_c = name in key.cuts, name in m["cuts"], name in chosen
                if given_c != right_c and given_c == theirs_c:
                    predicted.append(("cut", name))
                elif name in m["wrong_cuts"]:
                    contradicted += 1
        if len(predicted) >= 2 and not contradicted and len(predicted) > best:
            best, chosen_id, explains = len(predicted), mid, tuple(sorted(predicted, key=lambda p: _step_of(key, *p)))
    return chosen_id, explains


def _step_of(key: Key, kind: str, name: str) -> tuple[int, str, str]:
    """Where an answer stands in search order: the step that shows it (then kind and name)."""
    table = {"value": key.values, "window": key.windows, "cut": key.cuts}[kind]
    at = table.get(name) or key.never.get(name) or key.extra.get(name) or {"step": 0}
    return at["step"], kind, name


def _verdict(correct: bool, counts: dict[str, int], values_asked: int,
             first: tuple[int, str, str, str, str, str] | None, one: list[tuple[str, str]] | None) -> str:
    """The verdict's line.  ``one``: the (said, right) of the one answer graded, as the page
    asks them one at a time: then the line is that answer's, with no counts (a count of
    the key's questions would tell how many are still to come, or pruned)."""
    if one is not None and (correct or first is not None):
        said, right = one[0]
        return fill(_W["yes_one"], said=said) if correct else fill(_W["no_one"], said=said, right=right)
    if correct:
        return str(_W["all_right"])
    parts = [fill(_W[part], n=counts[part], asked=max(values_asked, counts[part])) for part in _W["parts"]
             if counts[part]]
    text = fill(_W["not_yet"], parts=parts[0] if len(parts) == 1 else _W["comma"].join(parts[:-1]) + _W["and"] + parts[-1])
    if first is not None:
        step, name, kind, _why, said, right = first
        text += fill(_W["first_next"] if kind == "next" else _W["first"], what=_W["what"][kind], name=name, step=step,
                     said=said, right=right)
    return text


def _named(key: Key, named: str | None, explained: tuple[tuple[str, str], ...]) -> str:
    """The misconception named, for the answers it explains (and only those)."""
    if named is None:
        return ""
    title, why = key.titles()[named]
    return fill(_W["named"], names=listed([name for _, name in explained]), title=title, why=why).strip()


def listed(names: list[str]) -> str:
    """``B``, ``B and C``, ``B, C and F``: each name once, in the order given."""
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else _W["comma"].join(names[:-1]) + _W["and"] + names[-1]


def _shown(accept: list[str] | tuple[str, ...]) -> str:
    """Accepted canonical forms as the right answer is written: ``−3``, ``−3 or −5``, ``(5, ∞)``."""
    return _W["or"].join(a.replace("~", "") for a in accept)


def _typed(key: Key, answers: Mapping[str, Any]) -> dict[str, str]:
    """Each answer as the student gave it (text stripped; a number as written), by node name."""
    out = {}
    for raw, answer in answers.items():
        name = node_name(raw, key.names)
        if name is not None and not _blank(answer):
            out[name] = answer.strip() if isinstance(answer, str) else _written(answer)
    return out


def _written(answer: Any) -> str:
    if isinstance(answer, (tuple, list)) and len(answer) == 2:
        return f"({fmt(answer[0])}, {fmt(answer[1])})"
    return fmt(answer) if isinstance(answer, (int, float)) else str(answer)


def _cuts_told(key: Key, chosen: set[str], parent: str | None) -> tuple[str, str]:
    """(the moves of ``parent`` the student cut, the moves it never tries), as written."""
    def of(name: str) -> str | None:
        at = key.cuts.get(name) or key.extra.get(name)
        return None if at is None else at.get("parent")

    said = sorted(n for n in chosen if of(n) == parent)
    right = [n for n, at in key.cuts.items() if at["parent"] == parent]
    none = _W["answers"]["none"]
    return ", ".join(said) or none, ", ".join(right) or none


def check_mapping(x: Any, what: str) -> None:
    if not isinstance(x, Mapping):
        raise InputError(f"{what} must map node names to answers, e.g. {{'B': -5}}, not {type(x).__name__}")


def _blank(answer: Any) -> bool:
    return answer is None or (isinstance(answer, str) and not answer.strip())
