"""Practice on chance trees (issue 49): the answer key, questions and grader on expectimax
and Star1 traces, against an independent expectimax; the chance misconceptions named;
fractions read; explanations true for chance; records re-graded from their tree text;
exercise sheets refusing chance in one line."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from negaviz import Tree, record
from negaviz.cli import main
from negaviz.errors import InputError
from negaviz.mistakes import MISTAKES
from negaviz.quiz import exercise
from negaviz.quiz.answers import save_record, submit_data
from negaviz.quiz.gradebook import grade_attempts
from negaviz.quiz.grading import answer_key, grade
from negaviz.quiz.practice import practice_data
from negaviz.quiz.questions import questions
from negaviz.quiz.reading import canonical

STAR1 = "A(B?(1/2 D:2 1/2 E:4) C?(3/4 F:0 1/4 G:6) H?(1/2 I:5 1/2 J(K:1 L:9)))"  # leaves in [0, 10]: cuts G and L
CHANCE_IDS = ("chance-average", "chance-as-min", "chance-sign", "chance-turn")


def random_chance_tree(rng: random.Random, depth: int) -> str:
    """A tree's text: players' nodes and chance nodes at random, probabilities in sixths."""
    count = iter(range(10_000))

    def node(d: int) -> str:
        name = f"N{next(count)}"
        if d == 0 or rng.random() < 0.2:
            return f"{name}:{rng.randint(0, 9)}"
        k = rng.randint(2, 3)
        kids = [node(d - 1) for _ in range(k)]
        if rng.random() < 0.5:
            cuts = sorted(rng.sample(range(1, 6), k - 1))
            parts = [b - a for a, b in zip([0, *cuts], [*cuts, 6])]
            return f"{name}?(" + " ".join(f"{p}/6 {kid}" for p, kid in zip(parts, kids)) + ")"
        return f"{name}(" + " ".join(kids) + ")"

    return node(depth)


def expectimax_for_max(tree: Tree, pos: Any, first: int) -> Fraction:
    """An independent expectimax, exact, every value for the first player: MAX the largest,
    MIN the smallest, chance its outcomes' probability-weighted sum."""
    if tree.is_terminal(pos):
        s = Fraction(tree.score(pos))
        return s if tree.player(pos) == first else -s
    outcomes = tree.outcomes(pos)
    if outcomes is not None:
        return sum((Fraction(p) * expectimax_for_max(tree, tree.play(pos, o), first) for o, p in outcomes), Fraction(0))
    values = [expectimax_for_max(tree, tree.play(pos, m), first) for m in tree.moves(pos)]
    return max(values) if tree.player(pos) == first else min(values)


def exact_values(trace: Any) -> dict[str, Fraction]:
    """Every searched inner node's expectimax value for the first player, by name."""
    tree = trace.game
    first = tree.player(tree.root)
    return {trace.names.full(n.id): expectimax_for_max(tree, trace.position(n.id), first)
            for n in trace.nodes if n.children}


@pytest.mark.parametrize("players", [2, 1])
def test_the_keys_expected_values_agree_with_an_independent_expectimax(players: int) -> None:
    rng = random.Random(49 + players)
    checked = 0
    for _ in range(40):
        trace = record(Tree.parse(random_chance_tree(rng, 3), players=players), algorithm="expectimax")
        want = exact_values(trace)
        minimax, negamax = answer_key(trace, perspective="minimax"), answer_key(trace, perspective="negamax")
        assert set(minimax.values) == set(want) and minimax.cuts == {} and minimax.windows == {}
        for name, v in want.items():
            assert minimax.values[name]["accept"] == [canonical(float(v))], name
            # the negamax view: the same number for the side to move there (the sign of its view)
            assert abs(abs(negamax.values[name]["value"]) - abs(float(v))) < 1e-9
            g = grade(trace, values={name: f"{v.numerator}/{v.denominator}"}, perspective="minimax")
            assert g.wrong_values == frozenset() and name not in g.unanswered  # typed as a fraction: read
            checked += 1
    assert checked > 100


def test_star1s_key_cuts_where_it_does_and_its_bounds_are_bounds() -> None:
    rng = random.Random(7)
    cut_chance = 0
    for _ in range(60):
        text = random_chance_tree(rng, 3)
        trace = record(Tree.parse(text), algorithm="star1", leaf_bounds=(0, 9))
        exact = exact_values(record(Tree.parse(text), algorithm="expectimax"))
        key = answer_key(trace, perspective="minimax")
        skipped = {trace.names.full_below(n.id, (s,)) for n in trace.nodes for s in trace.names.skipped(n.id)}
        assert set(key.cuts) == skipped and skipped <= set(trace.pruned_labels())
        for n in trace.nodes:
            name = trace.names.full(n.id)
            if name not in key.values:
                continue
            v = key.values[name]["value"]
            if n.bound is None or n.bound.name == "EXACT":
                assert canonical(v) == canonical(float(exact[name])), name
            # (a bound: in the minimax view the true value lies on its far side, whichever way it points)
            if n.chance is not None and n.skipped:
                cut_chance += 1
                assert v <= exact[name] + 1e-9 or v >= exact[name] - 1e-9
                why = key.values[name]["why"]
                assert "the outcomes left (probability " in why and "(a cutoff)" in why and "negat" not in why
                for skipped in trace.names.skipped(n.id):
                    assert key.cuts[trace.names.full_below(n.id, (skipped,))]["why"].endswith("(a cutoff).")
    assert cut_chance >= 5


def test_star1s_cut_at_a_chance_node_is_explained_with_the_bound() -> None:
    trace = record(Tree.parse(STAR1), algorithm="star1", leaf_bounds=(0, 10))
    key = answer_key(trace, perspective="minimax")
    assert sorted(key.cuts) == ["G", "L"] and key.values["C"]["value"] == 2.5 and key.values["C"]["chance"] == (0, 10)
    assert key.cuts["G"]["why"] == (
        "G is never searched: after F, its outcomes so far add up to 0, and the outcomes left (probability 1/4) are "
        "each worth at most 10, so C is worth at most 0 + 1/4 × 10 = 2.5 ≤ α = 3 whatever they are: its value "
        "cannot fall inside its window (3, ∞), so C stops there (a cutoff).")
    negamax = answer_key(trace)
    assert "1/4 × (−10) = −2.5 ≥ β = −3" in negamax.cuts["G"]["why"]
    # L is cut at a player's node below a chance node: its window is Star1's, not an opponent's choice
    assert "opponent" not in key.cuts["L"]["why"] and "Star1 searched J with the window" in key.cuts["L"]["why"]
    # a student who cuts E (searched) is told why B goes on, with the numbers
    assert grade(trace, cut=["E", "G", "L"], perspective="minimax").why.startswith(
        "E is searched: when B comes to it, its outcomes so far add up to 1 and the outcomes left (probability 1/2) "
        "could each be worth anything from 0 to 10")


@pytest.mark.parametrize("mid", CHANCE_IDS)
def test_each_chance_misconception_is_named_on_its_tree(mid: str) -> None:
    m = next(x for x in MISTAKES if x.id == mid)
    trace = record(Tree.parse(m.tree, players=m.players), algorithm="expectimax")
    named = 0
    for view in ("negamax", "minimax"):
        key = answer_key(trace, perspective=view)  # type: ignore[arg-type]
        theirs = key.mistakes[mid]["values"]
        wrong = [n for n in theirs if canonical(theirs[n]) not in key.values[n]["accept"]]
        if len(wrong) < 2:
            continue  # (in this view the mistake changes one answer or none: a slip, not a pattern)
        g = key.grade(values=theirs)
        assert g.mistake is not None and not g.correct
        # named as itself, or as an earlier one of the catalogue that gives the very same answers
        if g.mistake != mid:
            assert key.mistakes[g.mistake]["gives"] == key.mistakes[mid]["gives"], (view, g.mistake)
        else:
            named += 1
            assert m.title in g.pattern
        right = {n: v["value"] for n, v in key.values.items()}
        assert key.grade(values=right).correct and key.grade(values=right).mistake is None
    assert named >= 1


def test_explanations_are_true_for_chance() -> None:
    """No negating at a chance node whose outcomes keep the turn, no α or β where
    expectimax has none, and a chance node's value question asks its expected value."""
    trace = record(Tree.parse("A(B?(1/6 D:3 5/6 E:-1) C?(1/3 F:4 2/3 G(H:1 I:2)))"), algorithm="expectimax")
    for view in ("negamax", "minimax"):
        key = answer_key(trace, perspective=view)  # type: ignore[arg-type]
        texts = [v["why"] for v in key.values.values()] + [v["why"] for v in key.extra.values()]
        assert not any("α" in t or "β" in t or "window" in t for t in texts)
        assert key.values["B"]["why"].startswith("B returns ") and "negat" not in key.values["B"]["why"]
        assert "1/6 × D: " in key.values["B"]["why"] and "expected value" in key.values["B"]["why"]
    asked = {(q.kind, trace.label(q.node)): q for q in questions(trace)}
    assert {k for k, _ in asked} == {"value"}
    assert asked["value", "B"].prompt == "What is B's expected value?"
    assert asked["value", "A"].prompt == "What does A return?"
    assert asked["value", "B"].check("1/3").correct and asked["value", "B"].check("0.3333").correct
    assert not asked["value", "B"].check("1/2").correct
    assert not asked["value", "B"].check("1/0").understood


def test_practice_data_on_chance_traces() -> None:
    expecti = practice_data(record(Tree.parse(STAR1), algorithm="expectimax"), "steps")
    assert expecti["windows"] is False and "cut" not in expecti["ask"] and expecti["keys"]["negamax"]["chance"] is True
    assert {q["kind"] for q in expecti["questions"]} <= {"value", "next"}
    star = practice_data(record(Tree.parse(STAR1), algorithm="star1", leaf_bounds=(0, 10)), "steps")
    asked = {(q["kind"], q["name"]) for q in star["questions"]}
    assert ("cut", "C") in asked and star["windows"] is False and star["cut_edges"] is True
    assert star["keys"]["minimax"]["values"]["C"]["chance"] == [0, 10]
    assert star["keys"]["minimax"]["titles"]["chance-as-min"][0] == "treating chance as an opponent"
    q = next(q for q in questions(record(Tree.parse(STAR1), algorithm="star1", leaf_bounds=(0, 10)),
                                  perspective="minimax") if q.kind == "pruned" and q.node == 4)
    assert q.prompt.startswith("With every outcome's value in [0, 10], which of C's outcomes are never searched?")
    assert q.check("G").correct and not q.check("none").correct


def test_sheets_refuse_a_chance_search_in_one_line() -> None:
    with pytest.raises(InputError) as err:
        exercise(2, 2, 1, "star1")  # type: ignore[arg-type]
    assert "\n" not in str(err.value) and "practice='tree'" in str(err.value)


def test_a_chance_practice_record_is_regraded_from_its_tree_text(tmp_path: Path, capsys: Any) -> None:
    """A record as a star1 practice page submits it (players=1 too), graded afresh by
    grade_attempts and by ``negaviz grade-attempts``: its tree, algorithm and leaf bounds
    are in the exercise, and the grade is the key's."""
    for text, players, search in ((STAR1, 2, {"algorithm": "star1", "leaf_bounds": (0, 10)}),
                                  ("A(B?(1/2 D:0 1/2 E:10) C?(1/3 F:4 2/3 G:6))", 1, {"algorithm": "expectimax"})):
        trace = record(Tree.parse(text, players=players), **search)
        submit = submit_data(trace, f"chance{players}")
        key = answer_key(trace, perspective="minimax")
        values = {n: fmt_fraction(v["value"]) for n, v in key.values.items()}
        first = sorted(values)[0]
        values[first] = "99"  # one wrong
        answers = [{"kind": "value", "node": n, "text": t} for n, t in values.items()]
        answers += [{"kind": "cut", "node": c} for c in sorted(key.cuts)]
        rec = {k: submit[k] for k in ("format", "schema", "negaviz")}
        rec |= {"student": "ann", "exercises": [{"exercise": {**submit["exercise"], "perspective": "minimax",
                                                              "windows": False}, "answers": answers, "verdict": None}]}
        path = save_record(tmp_path / f"rec{players}.json", rec)
        spec = {k: v for k, v in submit["exercise"].items() if k not in ("id", "fail_hard")}
        book = grade_attempts([path], expect={f"chance{players}": spec})
        g = book.graded[0].grade
        want = grade(trace, values=values, cut=sorted(key.cuts), perspective="minimax")
        assert g.sentence == want.sentence and g.wrong_values == {first} and g.score == want.score
        (tmp_path / "expect.json").write_text(json.dumps({f"chance{players}": spec}), encoding="utf-8")
        assert main(["grade-attempts", str(path), "--expect", str(tmp_path / "expect.json")]) == 0
        assert f"{g.score[0]} of {g.score[1]}" in capsys.readouterr().out
    # the record's players or bounds edited: refused, or graded on the exercise as set
    bad = json.loads(path.read_text(encoding="utf-8"))
    bad["exercises"][0]["exercise"]["players"] = 2
    (tmp_path / "edited.json").write_text(json.dumps(bad), encoding="utf-8")
    book = grade_attempts([tmp_path / "edited.json"], expect={"chance1": spec})
    assert not book.graded and "players" in book.refused[0][1]


def fmt_fraction(v: float) -> str:
    f = Fraction(v).limit_denominator(1000)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
