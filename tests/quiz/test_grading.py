"""The grader (negaviz.quiz.grade) and the page's (frontend/src/practice.js), both judging by the key's tables.

* Properties over random trees: the right answers always pass; each mistake's answers,
  where they are wrong, are named as that mistake (or as an earlier one that gives the
  same wrong answers); missed and extra cuts are both counted.
* The page grades every answer of the fixtures exactly as Python does: node runs
  ``tests/frontend/practice.test.mjs`` on Python's keys, answers and grades; among them
  keys changed on purpose (:func:`changed_keys`), so a page that judged by a rule of its
  own, not by the key, would fail."""

from __future__ import annotations

import math
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import negaviz
from negaviz import Tree, record
from negaviz.errors import InputError
from negaviz.quiz import random_tree
from negaviz.quiz.reading import canonical, parse_value
from negaviz.quiz.grading import Key, answer_key, grade
from negaviz.quiz.mistakes import MISTAKES
from negaviz.quiz.words import WORDS
from negaviz.vocabulary import fmt

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
STAR1 = "A(B?(1/2 D:2 1/2 E:4) C?(3/4 F:0 1/4 G:6) H?(1/2 I:5 1/2 J(K:1 L:9)))"  # leaves in [0, 10]: Star1 cuts G
DICE = "A(B?(1/6 D:3 5/6 E:-1) C?(1/3 F:4 2/3 G(H:1 I:2)))"
SHARED = "A(B(D:5 X(Y:6 Z:8)) C(X W:7))"  # X is shared: a transposition, searched twice with no table


def right_answers(key: Key) -> dict[str, Any]:
    return {"values": {n: v["value"] for n, v in key.values.items()},
            "windows": {n: v["window"] for n, v in key.windows.items()}, "cut": sorted(key.cuts)}


def mistaken_answers(key: Key, mid: str) -> dict[str, Any]:
    """The answers a student holding misconception ``mid`` gives: its value and window for
    every node it searches (nodes it never reaches left blank), and its cuts."""
    m = key.mistakes[mid]
    values = {n: x for n, x in m["values"].items() if n in key.values or n in key.never}
    windows = {n: w for n, w in m["windows"].items() if n in key.windows}
    return {"values": values, "windows": windows, "cut": sorted(m["cuts"] & set(key.names))}


def wrong_answers(g: Any) -> int:
    return len(g.wrong_values) + len(g.wrong_windows) + len(g.missed_cuts) + len(g.extra_cuts)


def explains_all(key: Key, mid: str, answers: dict[str, Any], g: Any) -> bool:
    m = key.mistakes[mid]
    ok = all(n in m["values"] and answers["values"][n] == m["values"][n] for n in g.wrong_values)
    ok &= all(n in m["windows"] and tuple(answers["windows"][n]) == tuple(m["windows"][n]) for n in g.wrong_windows)
    return ok and all(n not in m["cuts"] for n in g.missed_cuts) and all(n in m["cuts"] for n in g.extra_cuts)


trees = st.builds(lambda d, b, s: random_tree(d, b, seed=s), st.integers(1, 3), st.integers(2, 3), st.integers(0, 10**6))


@settings(max_examples=60, deadline=None)
@given(trees, st.sampled_from(["negamax", "minimax"]), st.booleans())
def test_the_right_answers_always_pass(tree: Tree, perspective: str, hard: bool) -> None:
    trace = record(tree, algorithm="alphabeta", fail_hard=hard)
    key = answer_key(trace, perspective=perspective)  # type: ignore[arg-type]
    g = key.grade(**right_answers(key))
    assert g.correct, g.sentence
    assert g.score == (len(key.values) + len(key.windows) + len(key.cuts),) * 2
    assert g.first_wrong is None and g.mistake is None
    assert not g.notes and all("bound" in n and "both are right" in n for n in g.bounds), g.bounds  # which kind each bound is


@settings(max_examples=60, deadline=None)
@given(trees, st.sampled_from(["negamax", "minimax"]), st.sampled_from([m.id for m in MISTAKES]), st.booleans())
def test_each_mistake_is_named(tree: Tree, perspective: str, mid: str, hard: bool) -> None:
    trace = record(tree, algorithm="alphabeta", fail_hard=hard)
    key = answer_key(trace, perspective=perspective)  # type: ignore[arg-type]
    if mid not in key.mistakes:
        return  # not named in practice (fail-hard's and fail-soft's bounds are both right)
    answers = mistaken_answers(key, mid)
    g = key.grade(**answers)
    if not wrong_answers(g):
        return  # this tree gives this mistake nothing to get wrong
    if wrong_answers(g) < 2:
        assert g.mistake is None, (mid, g.sentence)  # one wrong answer is told as the slip it is
        return
    # the misconception predicts every wrong answer and nothing contradicts it: one that
    # explains them all is named (it, or an earlier one that gives the same wrong answers)
    assert g.mistake is not None, (mid, g.sentence)
    assert explains_all(key, g.mistake, answers, g), (mid, g.mistake, g.sentence)
    earlier = [m.id for m in MISTAKES[: [m.id for m in MISTAKES].index(mid)]]
    if not any(e in key.mistakes and explains_all(key, e, answers, g) for e in earlier):
        assert g.mistake == mid, (mid, g.mistake, g.sentence)


def test_each_mistake_is_named_on_a_tree_made_for_it() -> None:
    """One tree per mistake where its answers differ from the right ones, named."""
    seen: set[str] = set()
    for seed in range(40):
        trace = record(random_tree(3, 3, seed=seed), algorithm="alphabeta", fail_hard=seed % 2 == 1)
        key = answer_key(trace)
        for m in MISTAKES:
            if m.id not in key.mistakes:
                continue
            g = key.grade(**mistaken_answers(key, m.id))
            if not g.correct and g.mistake == m.id:
                seen.add(m.id)
    assert seen == {m.id for m in MISTAKES} - {"hardness"}  # both kinds of bound are right in practice


def test_missed_and_extra_cuts_are_both_counted() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    g = grade(trace, cut=["G", "E"])
    assert g.missed_cuts == {"H"} and g.extra_cuts == {"E"} and not g.correct
    assert "1 cut is missed and 1 cut is extra" in g.sentence
    assert g.first_wrong == "E" and g.step == 6  # E is entered at event 5: shown at step 6


def test_a_sign_error_is_named_and_a_bound_is_accepted_with_a_note() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    g = grade(trace, values={"A": 5, "B": 5, "C": 3}, cut=["G", "H"])
    assert g.wrong_values == {"B", "C"} and g.mistake == "negation" and g.first_wrong == "B"
    g = grade(trace, values={"A": 5, "B": -5, "C": "−5"}, cut=["G", "H"])
    assert g.correct and g.bounds == ("C: −5 is fail-hard's bound; fail-soft gives −3; both are right for this search.",) and g.notes == ()
    g = grade(trace, values={"A": 5, "B": -5, "C": "−4"}, cut=["G", "H"])  # between the two: no search returns it
    assert g.wrong_values == {"C"} and "both are right, and nothing between them" in g.sentence
    assert grade(trace, values={"A": 5, "B": 5, "C": 3}, cut=["G", "H"], perspective="minimax").correct
    g = grade(trace, values={"A": 5, "B": -5, "C": -3}, cut=["G", "H"], perspective="minimax")
    assert g.wrong_values == {"B", "C"} and g.mistake == "negation"


def test_bad_answers_get_a_note_not_a_verdict() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    g = grade(trace, values={"A": "five", "Z": 3, "B": -5, "C": -3}, cut="G, H")
    assert g.unanswered == {"A"} and not g.wrong_values
    assert any("'five' is not a number" in n for n in g.notes)
    assert any("no node 'Z'" in n for n in g.notes)
    with pytest.raises(InputError, match="values must map node names"):
        grade(trace, values=[5])  # type: ignore[arg-type]
    with pytest.raises(InputError, match="next_nodes' steps must be whole numbers from 0 to 18"):
        grade(trace, next_nodes={99: "B"})


def test_one_nodes_cuts_at_a_time() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    key = answer_key(trace)
    assert key.grade(cut=[], cut_of="B").correct
    g = key.grade(cut=["G"], cut_of="C")
    assert g.missed_cuts == {"H"} and g.score == (1, 2)


def test_predictions_of_the_next_node() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    g = grade(trace, next_nodes={9: "C", 12: "G"})  # after B returns: C; after F returns: none (C cuts)
    assert g.wrong_next == {12} and g.score == (1, 2)
    assert "the next node entered is" not in g.sentence and "no node is entered after this" in g.sentence
    assert grade(trace, next_nodes={12: "none"}).correct


def test_boards_are_named_by_their_moves() -> None:
    trace = record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta")
    key = answer_key(trace)
    assert "the root" in key.values and all(" " not in n or n.count(" ") >= 1 for n in key.values)
    assert key.grade(**right_answers(key)).correct


def test_a_shared_node_is_graded_on_each_drawing() -> None:
    """X is shared by B and C: drawn under each, searched under each with its own window,
    so each drawing is named by its path and graded on its own search."""
    trace = record(Tree.parse(SHARED), algorithm="alphabeta")
    key = answer_key(trace)
    assert key.repeated == {"X", "Y", "Z"}
    assert key.values["B X"]["value"] == 6 and key.values["B X"]["accept"] == ["6", "5"]  # cut: a bound, or β
    assert key.values["C X"]["value"] == 8 and key.values["C X"]["accepted"] is None
    assert set(key.cuts) == {"B X Z"} and key.cuts["B X Z"]["parent"] == "B X"  # searched under C
    assert {"B X Z", "C X Z", "D", "W"} <= key.leaves and "X" not in key.names
    assert [key.ids[n.id] for n in trace.nodes if trace.label(n.id) == "X"] == ["B X", "C X"]
    assert key.grade(**right_answers(key)).correct
    g = grade(trace, values={"A": 7, "B": -5, "B X": 5, "C": -7, "C X": 6}, cut={"B X Z"})
    assert g.wrong_values == {"C X"} and g.first_wrong == "C X" and "X returns 8" in g.sentence
    g = grade(trace, values={"X": 6}, cut="Z")
    assert g.notes == ("X is drawn 2 times; name each by its path: B X, C X.",
                       "Z is drawn 2 times; name each by its path: B X Z, C X Z.")
    assert g.missed_cuts == {"B X Z"}


# ----------------------------------------------------------------- the page's copy
def slips_and_misconceptions() -> list[tuple[Key, dict[str, Any], str | None, str]]:
    """(key, answers, the mistake to name, what the case is): one slip, two unrelated
    slips, each misconception alone, and each misconception plus one slip, on trees where
    the misconception gives two wrong answers or more (both views, fail-soft and fail-hard)."""
    out: list[tuple[Key, dict[str, Any], str | None, str]] = []
    wanted = {m.id for m in MISTAKES} - {"hardness"}
    found: set[tuple[str, str, bool]] = set()
    for seed in range(60):
        hard = seed % 2 == 1
        trace = record(random_tree(3, 3, seed=seed), algorithm="alphabeta", fail_hard=hard)
        for perspective in ("negamax", "minimax"):
            key = answer_key(trace, perspective=perspective)  # type: ignore[arg-type]
            right = right_answers(key)
            names = sorted(key.values)
            if seed < 2:
                one = {**right, "values": {**right["values"], names[0]: right["values"][names[0]] + 100}}
                out.append((key, one, None, "one slip"))
                two = {**one, "values": {**one["values"], names[-1]: right["values"][names[-1]] - 100},
                       "cut": right["cut"][1:]}
                out.append((key, two, None, "two unrelated slips"))
            for mid in sorted(wanted):
                if (mid, perspective, hard) in found or mid not in key.mistakes:
                    continue
                answers = mistaken_answers(key, mid)
                if wrong_answers(key.grade(**answers)) < 2:
                    continue
                m = key.mistakes[mid]
                # a slip where the misconception gives the right answer: a node it values rightly, off by 100
                agree = [n for n in names if n in m["values"] and n in answers["values"]
                         and m["values"][n] == right["values"][n] and key.values[n]["accepted"] is None]
                if not agree:
                    continue
                found.add((mid, perspective, hard))
                out.append((key, answers, mid, f"{mid} alone"))
                slip = {**answers, "values": {**answers["values"], agree[0]: right["values"][agree[0]] + 100}}
                out.append((key, slip, mid, f"{mid} and a slip"))
    assert {mid for mid, _, _ in found} == wanted, sorted(wanted - {mid for mid, _, _ in found})
    return out


def test_a_slip_is_told_as_a_slip_and_a_misconception_is_named() -> None:
    """The rule of Key._mistake, on the fixture: no name for one slip or two unrelated
    ones; each misconception named, alone and beside a slip; the slip is still told."""
    cases = slips_and_misconceptions()
    assert len(cases) >= 20
    for key, answers, want, what in cases:
        g = key.grade(**answers)
        assert not g.correct and g.mistake == want, (what, g.mistake, g.sentence)
        if want is None:
            assert " are what " not in g.sentence and not g.pattern and not g.explained, (what, g.sentence)
        else:
            assert f" are what {dict((m.id, m.title) for m in MISTAKES)[want]} gives." in g.pattern
            assert g.sentence.endswith(g.pattern) and len(g.explained) >= 2
            # named for the answers it explains, and only those: a slip beside it is not among them
            gives = key.mistakes[want]["gives"]
            for kind, name in g.explained:
                if kind == "value":
                    assert canonical(parse_value(answers["values"][name])) == gives[name], (what, name)
            assert g.pattern.startswith("Your answers at " + ", ".join(n for _, n in g.explained[:1]))


def test_every_answer_given_counts_in_the_score() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    g = grade(trace, values={"A": 5, "B": -5, "C": -3}, cut=["G", "H", "E"])
    assert g.extra_cuts == {"E"} and g.score == (5, 6)  # the extra cut is a wrong answer, counted
    assert "E is searched: when B comes to it, B's best so far is −7, below β = ∞, so B goes on." in g.sentence
    assert g.mistake is None  # one extra cut is a slip, not "not swapping the window"


def test_an_accepted_bound_says_which_kind_it_is() -> None:
    for hard in (False, True):
        trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta", fail_hard=hard)
        this = "(this search's)"
        g = grade(trace, values={"A": 5, "B": -5, "C": -3}, cut=["G", "H"])
        assert g.correct and g.bounds[0].startswith("C: −3 is fail-soft's bound") and (this in g.bounds[0]) == (not hard)
        g = grade(trace, values={"A": 5, "B": -5, "C": -5}, cut=["G", "H"])
        assert g.correct and g.bounds[0].startswith("C: −5 is fail-hard's bound") and (this in g.bounds[0]) == hard
        assert g.bounds[0].endswith("both are right for this search.") and g.notes == ()


def fixture_cases() -> list[dict[str, Any]]:
    rng = random.Random(2026)
    traces = [record(Tree.parse(TEXTBOOK), algorithm="alphabeta"), record(Tree.parse(TEXTBOOK), algorithm="negamax"),
              record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta"), record(Tree.parse(SHARED), algorithm="alphabeta")]
    traces += [record(random_tree(3, 3, seed=s), algorithm="alphabeta", fail_hard=s % 3 == 0) for s in range(8)]
    traces.append(record(negaviz.TicTacToe("x.o/.x./o.."), algorithm="alphabeta", tt=True))  # table hits, finished games
    traces.append(record(negaviz.TicTacToe("xo./xx./o.."), algorithm="alphabeta", tt=True))  # a table hit that goes on
    traces.append(record(Tree.parse("A(B(D:1 E:2) b(F:3 G:4))"), algorithm="alphabeta"))  # two names alike but for case
    traces.append(record(Tree.parse("A(none(D:1 E:2) and(F:3 G:4))"), algorithm="alphabeta"))  # nodes named as words
    # Ties at β under each cut rule (the lecture notes' ≥ and CS188's >), and random trees cut only past β:
    # the page names the other rule's answers as the course's conventions do.
    traces += [record(Tree.parse("A(B(D:7 E:5) C(F:5 G:1 H:9) I(J:5 K:0 L:8))"), algorithm="alphabeta", cut=c)
               for c in (">=", ">")]
    traces += [record(random_tree(3, 3, seed=s), algorithm="alphabeta", cut=">") for s in range(3)]
    # Chance trees: expectimax (with the opponent, and one player against chance) and Star1,
    # its cuts at a chance node and at a player's node below one; values typed as fractions too.
    chance = [record(Tree.parse(DICE), algorithm="expectimax"),
              record(Tree.parse("A(B?(1/4 D:8 3/4 E:0) C?(1/2 F:3 1/2 G:3))"), algorithm="expectimax"),
              record(Tree.parse("A(B?(1/2 D:0 1/2 E:10) C?(1/2 F:4 1/2 G:6))", players=1), algorithm="expectimax"),
              record(Tree.parse("A(B?(D(H:2 I:6) E(J:5 K:8)) C?(F(L:9 M:1) G(N:6 O:4)))"), algorithm="expectimax"),
              record(Tree.parse(STAR1), algorithm="star1", leaf_bounds=(0, 10)),
              record(Tree.parse(DICE), algorithm="star1", leaf_bounds=(-5, 5))]
    traces += chance
    out = []
    for trace in traces:
        for perspective in ("negamax", "minimax"):
            key = answer_key(trace, perspective=perspective)  # type: ignore[arg-type]
            sets: list[tuple[dict[str, Any], bool]] = [(right_answers(key), False)]
            sets += [(mistaken_answers(key, m), False) for m in key.mistakes]
            for m in key.mistakes:  # a mistake's answers, but its cuts or its windows right: contradicted there
                sets.append(({**mistaken_answers(key, m), "cut": right_answers(key)["cut"]}, False))
                sets.append(({**mistaken_answers(key, m), "windows": right_answers(key)["windows"]}, False))
            for _ in range(6):
                a = right_answers(key)
                for n in list(a["values"]):
                    r = rng.random()
                    if r < 0.2:
                        a["values"][n] = a["values"][n] + rng.choice([-1, 1])
                    elif r < 0.3:
                        a["values"][n] = fmt(a["values"][n])  # text with a true minus
                    elif r < 0.35:
                        a["values"][n] = rng.choice(["abc", "", "1e1", "-inf", " 2 "])
                    elif r < 0.4 and key.values[n]["accepted"]:
                        a["values"][n] = key.values[n]["accepted"][0]
                for n in list(a["windows"]):
                    if rng.random() < 0.2:
                        lo, hi = a["windows"][n]
                        a["windows"][n] = f"({fmt(lo)}, {fmt(hi + 1)})" if rng.random() < 0.5 else f"[{fmt(-hi)} {fmt(-lo)}]"
                names = sorted(key.names)
                a["cut"] = sorted({c for c in a["cut"] if rng.random() < 0.7} | set(rng.sample(names, min(2, len(names)))))
                if rng.random() < 0.3:
                    a["values"]["Zz"] = 1
                if key.repeated and rng.random() < 0.5:
                    a["values"][rng.choice(sorted(key.repeated))] = 1  # a shared node's bare label
                a["next"] = {str(s): rng.choice(names + ["none"]) for s in rng.sample(range(len(trace) + 1), 3)}
                sets.append((a, False))
            sets.append(({"values": {n: v["value"] for n, v in list(key.values.items())[:1]}}, True))
            for n, w in list(key.windows.items())[:3]:  # one window at a time, as the steps mode asks
                lo, hi = w["window"]
                sets.append(({"windows": {n: f"({fmt(lo)}, {fmt(hi)})"}}, True))
                sets.append(({"windows": {n: f"({fmt(-hi)}, {fmt(-lo)})"}}, True))  # negated, not swapped
                sets.append(({"windows": {n: "(1, 2"}}, True))  # not read: a note
            for parent in sorted({at["parent"] for at in key.cuts.values()} | set(list(key.values)[:2])):  # one node's moves at a time
                mine = sorted(c for c, at in key.cuts.items() if at["parent"] == parent)
                sets.append(({"cut": mine, "cut_of": parent}, True))
                sets.append(({"cut": mine[:-1] + sorted(key.names)[:1], "cut_of": parent}, True))
            if trace is traces[0]:  # the number rule and the name rule, as Python and the page read them
                for text in ("５", "٥", "-٣", "५", "1_0", "5²", "½", "ß", "1e400", "𝟓", "Infinity", "1e2", "\ufeff5", "\x1c5"):
                    sets.append(({"values": {"C": text}}, True))
                sets.append(({"values": {"b": -5, "B": -5, "c": -3}}, False))  # B twice, by case
                sets.append(({"values": {"Ｂ": "－５", "ｃ": "-3", "it's": 1, "\ufeffA": 5}}, False))  # full width, a quote
                sets.append(({"cut": "g AND h"}, False))
                sets.append(({"cut": "Ｇ and ｈ", "next": {"3": "ｃ", "9": "NONE"}}, False))
            if "b" in key.names:  # typed in another case or width: the last of the two, on both sides
                sets += [({"values": {"ｂ": -2, "Ｂ": 2}}, True), ({"cut": "ｂ"}, False)]
            if trace is traces[-1]:
                sets += [({"cut": "and"}, False), ({"next": {"5": "none", "10": "and", "16": "nothing"}}, False)]
            for name, t in key.tt.items():  # at a table hit: what the node returns, or "on"
                sets.append(({"tt": {name: "on" if t["value"] is None else fmt(t["value"])}}, True))
                sets.append(({"tt": {name: "on" if t["value"] is not None else "0"}}, True))
                sets.append(({"tt": {name: "stop"}}, True))  # not read: a note
            for name, leaf in list(key.leaf_values.items())[:4]:  # a finished game's worth, on a board
                sets.append(({"values": {name: leaf["value"]}}, True))
                sets.append(({"values": {name: -leaf["value"] if leaf["value"] else 1}}, True))
            if trace in chance:  # expected values typed as fractions, right and wrong, whole and one at a time
                fractions = {n: _fraction(v["value"]) for n, v in key.values.items()}
                sets.append(({"values": fractions, "cut": right_answers(key)["cut"]}, False))
                for n, text in list(fractions.items())[:3]:
                    sets.append(({"values": {n: text}}, True))
                    sets.append(({"values": {n: "1/" + text.split("/")[-1] if "/" in text else "1/3"}}, True))
                sets.append(({"values": {list(key.values)[0]: "1/0"}}, True))  # not read: a note
            for answers, only in sets:
                answers = {k: (v if k != "windows" else {n: list(w) if isinstance(w, tuple) else w for n, w in v.items()})
                           for k, v in answers.items()}
                py = dict(answers)
                if "next" in py:
                    py["next_nodes"] = {int(s): g for s, g in py.pop("next").items()}
                g = key.grade(**py, only_given=only)
                out.append(_case(key, answers, only, g))
    for key, answers, _, _ in slips_and_misconceptions():  # named (or not) alike by the page
        out.append(_case(key, answers, False, key.grade(**answers)))
    for key, answers, _ in changed_keys():  # the page follows the key, whatever it says
        out.append(_case(key, answers, False, key.grade(**answers)))
    return out


def _fraction(v: float) -> str:
    """A value as a student writes an expected value: a fraction such as ``7/3`` (or a whole number)."""
    from fractions import Fraction

    f = Fraction(v).limit_denominator(1000)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def changed_keys() -> list[tuple[Key, dict[str, Any], str]]:
    """(key, answers, what changed): the answer key of TEXTBOOK as it is, and changed on
    purpose (B's accepted value, C's range of bounds, C's window, the table of one
    mistake), with answers the change makes right or named.  The page, judging by the
    key's JSON, must change its grade as Python does: a page that kept a rule of its own
    (comparing with ``value``, its own range, its own mistake answers) would not."""
    key = answer_key(record(Tree.parse(TEXTBOOK), algorithm="alphabeta"))
    neg = key.mistakes["negation"]
    b, c, w = key.values["B"], key.values["C"], key.windows["C"]
    cases = [({"values": {"A": 5, "B": 5, "C": -3}, "cut": ["G", "H"]}, "B's accepted value",
              replace(key, values={**key.values, "B": {**b, "accept": ["5"]}})),  # B's value is −5: accept 5 instead
             ({"values": {"A": 5, "B": -5, "C": "-8"}, "cut": ["G", "H"]}, "C's range",
              replace(key, values={**key.values, "C": {**c, "accepted": (-9, -3)}})),  # from −9 (not −5) to −3
             ({"values": {"A": 5, "B": -5, "C": -3}, "windows": {"B": (-math.inf, math.inf), "C": "(-inf, inf)"},
               "cut": ["G", "H"]}, "C's window", replace(key, windows={**key.windows, "C": {**w, "accept": "(−∞, ∞)"}})),
             ({"values": {"A": 5, "B": 1, "C": 2}}, "negation's answers",
              replace(key, mistakes={**key.mistakes, "negation": {**neg, "gives": {**neg["gives"], "B": "1", "C": "2"},
                                                                  "wrong_values": {"B", "C"}}}))]
    return [(k, answers, what) for answers, what, changed in cases for k in (key, changed)]


def test_the_grade_follows_the_key() -> None:
    """Each change of the key changes Python's grade (so the page, checked on the same
    cases by test_the_page_grades_as_python_does, must follow the key too)."""
    grades = [(what, k.grade(**answers)) for k, answers, what in changed_keys()]
    for (what, before), (_, after) in zip(grades[::2], grades[1::2]):
        assert before.sentence != after.sentence, what
    by = dict(zip([w for w, _ in grades[::2]], zip([g for _, g in grades[::2]], [g for _, g in grades[1::2]])))
    assert "B" in by["B's accepted value"][0].wrong_values and "B" not in by["B's accepted value"][1].wrong_values
    assert "C" in by["C's range"][0].wrong_values and by["C's range"][1].correct
    assert by["C's range"][1].notes == ()  # (the key's notes name only the two bounds a search returns)
    assert "C" in by["C's window"][0].wrong_windows and by["C's window"][1].correct
    assert by["negation's answers"][0].mistake is None and by["negation's answers"][1].mistake == "negation"


def _case(key: Key, answers: dict[str, Any], only: bool, g: Any) -> dict[str, Any]:
    answers = {k: (v if k != "windows" else {n: list(w) if isinstance(w, tuple) else w for n, w in v.items()})
               for k, v in answers.items()}
    return {"key": _json(key.to_json()), "answers": _json(answers), "only": only, "grade": {
                    "correct": g.correct, "missed_cuts": sorted(g.missed_cuts), "extra_cuts": sorted(g.extra_cuts),
                    "wrong_values": sorted(g.wrong_values), "wrong_windows": sorted(g.wrong_windows),
                    "wrong_next": sorted(g.wrong_next), "unanswered": sorted(g.unanswered), "first_wrong": g.first_wrong,
                    "step": g.step, "mistake": g.mistake, "sentence": g.sentence, "score": list(g.score),
                    "notes": list(g.notes), "verdict": g.verdict, "why": g.why, "bounds": list(g.bounds),
                    "explained": [list(e) for e in g.explained], "pattern": g.pattern}}


def _json(x: Any) -> Any:
    """JSON data with infinities as "inf" (as the scene carries them)."""
    if isinstance(x, float) and math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if isinstance(x, dict):
        return {k: _json(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        return [_json(v) for v in x]
    return x


def test_the_page_grades_as_python_does(node_tests: Any) -> None:
    cases = fixture_cases()
    assert len(cases) > 200
    assert any(c["grade"]["mistake"] for c in cases) and any(c["grade"]["correct"] for c in cases)
    assert any(c["grade"]["notes"] for c in cases) and any(c["grade"]["wrong_next"] for c in cases)
    assert any(" is drawn 2 times; name each by its path: " in n for c in cases for n in c["grade"]["notes"])
    assert any("tt" in c["answers"] and not c["grade"]["correct"] for c in cases)
    assert any("tt" in c["answers"] and c["grade"]["correct"] for c in cases)
    strict = [c for c in cases if c["key"]["titles"].get("equality", [""])[0] == "cutting on equality"]
    assert any(c["grade"]["mistake"] == "equality" and "cutting on equality" in c["grade"]["sentence"] for c in strict)
    chance = [c for c in cases if c["key"].get("chance")]
    assert any(c["grade"]["mistake"] and c["grade"]["mistake"].startswith("chance-") for c in chance)
    assert any(c["grade"]["correct"] and any("/" in str(v) for v in c["answers"].get("values", {}).values())
               for c in chance)
    assert any(c["answers"].get("cut") and c["grade"]["correct"] for c in chance)
    node_tests.run("practice.test.mjs", passes=2, fixture={"cases": cases, "words": WORDS}, env="NEGAVIZ_PRACTICE")


def _negamax(game: Any, pos: Any) -> float:
    """An independent negamax over the game protocol: the exact value for the side to move."""
    moves = game.moves(pos)
    if not moves:
        return float(game.score(pos))
    return max(-_negamax(game, game.play(pos, m)) for m in moves)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(2, 3), st.integers(0, 10**6), st.sampled_from([1, 10**9]), st.booleans())
def test_the_grader_against_an_independent_search(depth: int, branching: int, seed: int, scale: int, hard: bool) -> None:
    """On random trees with large values (up to 9·10⁹) and ties: every exact value the key
    asks is the independent negamax value; every bound it accepts is on the right side of
    it; the right answers pass; a whole value off by one fails (no relative tolerance)."""
    rng = random.Random(seed)
    tree = random_tree(depth, branching, seed=seed)
    # values scaled up, and nudged by 0 or 1 (ties stay likely at scale 1)
    big = Tree.parse(re.sub(r"(?<=:)-?\d+", lambda m: str(int(m.group()) * scale + rng.choice([0, 1])), tree.text()))
    trace = record(big, algorithm="alphabeta", fail_hard=hard)
    key = answer_key(trace)
    game = trace.game
    for nid, name in key.ids.items():
        if name not in key.values:
            continue
        want = key.values[name]
        exact = _negamax(game, trace.position(nid))
        if want["accepted"] is None and trace.nodes[nid].bound.name == "EXACT":
            assert want["value"] == exact, (name, want, exact)
        elif trace.nodes[nid].bound.name == "LOWER":
            assert all(b <= exact for b in want["accepted"] or (want["value"],))
        elif trace.nodes[nid].bound.name == "UPPER":
            assert all(b >= exact for b in want["accepted"] or (want["value"],))
    assert key.grade(**right_answers(key)).correct
    name, want = next(iter(key.values.items()))
    if want["accepted"] is None and math.isfinite(want["value"]):
        g = key.grade(values={name: want["value"] + 1}, only_given=True)
        assert g.wrong_values == {name}, (want["value"], g.sentence)


class _Spaced:
    """A lecturer's game whose move names hold spaces: "take 1" then "1 more" reads like
    "take 1 1" then "more" as a path joined by spaces."""

    root = ()

    def moves(self, pos: tuple[str, ...]) -> list[str]:
        return [] if len(pos) == 2 else (["take 1", "take"] if not pos else ["1 more", "more"])

    def play(self, pos: tuple[str, ...], move: str) -> tuple[str, ...]:
        return (*pos, move)

    def is_terminal(self, pos: tuple[str, ...]) -> bool:
        return len(pos) == 2

    def score(self, pos: tuple[str, ...]) -> int:
        return {("take 1", "1 more"): 3, ("take 1", "more"): 1, ("take", "1 more"): 2, ("take", "more"): 4}[pos]


def test_every_node_has_a_name_of_its_own_and_is_answered_by_it() -> None:
    trace = record(_Spaced(), algorithm="negamax")
    key = answer_key(trace)
    assert len(set(key.ids.values())) == len(key.ids)  # no two nodes share a name
    assert "take 1 / 1 more" in key.names and "take / 1 more" in key.names
    assert key.grade(**right_answers(key)).correct
    g = key.grade(values={n: v["value"] for n, v in key.values.items()} | {"take 1": -99}, only_given=True)
    assert g.wrong_values == {"take 1"}


def test_a_search_that_cannot_be_graded_honestly_is_refused_in_one_line() -> None:
    stopped = record(Tree.parse(TEXTBOOK), algorithm="alphabeta", max_nodes=3)
    with pytest.raises(InputError, match="stopped before it finished"):
        grade(stopped, values={"A": 5})
    with pytest.raises(InputError, match="stopped before it finished"):
        answer_key(stopped)
    with pytest.raises(InputError, match="this trace is mtdf"):
        grade(record(Tree.parse(TEXTBOOK), algorithm="mtdf"), values={"A": 5})
    with pytest.raises(InputError, match="this trace is pvs"):
        answer_key(record(Tree.parse(TEXTBOOK), algorithm="pvs"))
    from negaviz.quiz.practice import practice_data

    with pytest.raises(InputError, match="stopped before it finished"):
        practice_data(stopped, "tree")


def test_numbers_are_read_by_one_rule() -> None:
    """(The rule's cases are tests/quiz/reading.json, shared with the page's tests.)"""
    from negaviz.quiz.questions import parse_value

    assert parse_value("٥") == parse_value("５") == 5
    with pytest.raises(InputError, match="too large"):
        parse_value(10**400)
