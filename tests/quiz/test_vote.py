"""Questions a room votes on (negaviz.quiz.vote): options are the mistakes' answers, at most four, seeded."""

from __future__ import annotations

import pytest

from negaviz import Tree, record
from negaviz.analysis.steps import sign
from negaviz.errors import InputError
from negaviz.quiz import random_tree
from negaviz.quiz.grading import answer_keys
from negaviz.quiz.reading import canonical, canonical_window, parse_labels, parse_value, parse_window
from negaviz.quiz.vote import LETTERS, PUBLIC, public, twin_tree, vote_question, vote_questions
from negaviz.quiz.words import WORDS

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def _traces() -> list:
    trees = [Tree.parse(TEXTBOOK)] + [random_tree(3, 2, seed=s) for s in range(6)] + [random_tree(2, 3, seed=9)]
    return [record(t, algorithm=a) for t in trees for a in ("alphabeta", "negamax")]


def _right(key, q) -> bool:
    """Whether the right option's text is the key's answer, judged from the key alone."""
    text = next(o["text"] for o in q["options"] if o["letter"] == q["answer"])
    if q["kind"] == "value":
        return canonical(parse_value(text)) in key.values[q["name"]]["accept"]
    if q["kind"] == "window":
        return canonical_window(parse_window(text)) == key.windows[q["name"]]["accept"]
    if q["kind"] == "cut":
        return set(parse_labels(text)) == {c for c, at in key.cuts.items() if at["parent"] == q["name"]}
    want = key.next_entered(q["q"])[1]
    return text == (want or WORDS["vote"]["none"])


@pytest.mark.parametrize("view", ["negamax", "minimax"])
def test_each_option_is_the_right_answer_or_a_named_mistakes_or_slips(view: str) -> None:
    seen_mistakes = set()
    for trace in _traces():
        key = answer_keys(trace)[view]
        for q in vote_questions(trace, perspective=view, seed=3):
            letters = [o["letter"] for o in q["options"]]
            assert 2 <= len(letters) <= 4 and letters == list(LETTERS[: len(letters)])
            texts = [o["text"] for o in q["options"]]
            assert len(set(texts)) == len(texts), q
            assert _right(key, q), q
            assert set(q["stands_for"]) == set(letters) - {q["answer"]}
            for letter, who in q["stands_for"].items():
                text = texts[letters.index(letter)]
                assert who, (q["id"], letter)
                for w in who:
                    if w["id"] in key.mistakes:  # a mistake's option is that mistake's own answer
                        seen_mistakes.add(w["id"])
                        table = key.mistakes[w["id"]]
                        if q["kind"] == "value":
                            assert canonical(parse_value(text)) == canonical(table["values"][q["name"]])
                        elif q["kind"] == "window":
                            assert canonical_window(parse_window(text)) == canonical_window(table["windows"][q["name"]])
                        elif q["kind"] == "cut":
                            moves = {c for c, p in key.extra.items() if p["parent"] == q["name"]} | {
                                c for c, p in key.cuts.items() if p["parent"] == q["name"]}
                            assert set(parse_labels(text)) == moves & set(table["cuts"])
                    else:
                        assert w["id"] in WORDS["vote"]["slips"], w
                    assert w["title"] and w["why"]
    assert {"negation", "window", "continue"} <= seen_mistakes


def test_the_right_letter_is_seeded_deterministic_and_not_always_in_one_place() -> None:
    trace = record(random_tree(3, 2, seed=2), algorithm="alphabeta")
    first = vote_questions(trace, seed=5)
    assert first == vote_questions(trace, seed=5)
    places = {q["answer"] for seed in range(8) for q in vote_questions(trace, seed=seed)}
    assert len(places) >= 3
    others = [vote_questions(trace, seed=s) for s in range(1, 5)]
    assert any([q["answer"] for q in o] != [q["answer"] for q in first] for o in others)


def test_every_kind_is_asked_at_its_step_and_revealed_after() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    qs = vote_questions(trace)
    assert {q["kind"] for q in qs} == {"value", "window", "cut", "next"}
    assert all(0 <= q["q"] < q["reveal"] <= len(trace) for q in qs)
    assert [q["q"] for q in qs] == sorted(q["q"] for q in qs)
    after_f = vote_question(trace, "n:13")  # F returns; C cuts G and H: nothing else is entered
    right = {o["letter"]: o["text"] for o in after_f["options"]}[after_f["answer"]]
    assert right == "none"
    assert "continue" in [w["id"] for ws in after_f["stands_for"].values() for w in ws]


def test_public_holds_no_answer() -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    for q in vote_questions(trace):
        shown = public(q)
        assert tuple(shown) == PUBLIC
        assert not {"answer", "why", "stands_for", "reveal"} & set(shown)


@pytest.mark.parametrize("qid, words", [
    ("v:Z", "no question 'v:Z'"), ("C", "must be an id such as"), (7, "must be an id such as"),
    ("n:999", "no question 'n:999'")])
def test_an_unknown_question_is_refused_naming_those_there_are(qid: object, words: str) -> None:
    trace = record(Tree.parse(TEXTBOOK), algorithm="alphabeta")
    with pytest.raises(InputError, match=words):
        vote_question(trace, qid)  # type: ignore[arg-type]


def test_a_board_or_a_bad_view_is_refused() -> None:
    from negaviz.games import TicTacToe

    with pytest.raises(InputError, match="textbook tree"):
        vote_questions(record(TicTacToe("xox/ox./..o"), algorithm="alphabeta"))
    with pytest.raises(InputError, match="perspective"):
        vote_questions(record(Tree.parse(TEXTBOOK), algorithm="alphabeta"), perspective="max")
    plain = vote_questions(record(Tree.parse(TEXTBOOK), algorithm="negamax"))
    assert plain and "window" not in {q["kind"] for q in plain}  # negamax has no windows to ask


@pytest.mark.parametrize("seed", range(6))
def test_a_twin_tree_asks_the_same_concepts_with_other_numbers(seed: int) -> None:
    tree = random_tree(3, 2, seed=seed, ties=None)
    twin = twin_tree(tree, seed=seed + 100)
    assert twin.labels == tree.labels and twin.children == tree.children
    assert twin.values != tree.values
    a, b = record(tree, algorithm="alphabeta"), record(twin, algorithm="alphabeta")
    assert b.pruned_labels() == a.pruned_labels() and len(b) == len(a)
    # the same order of numbers: each node's value (for the first player) is the twin's mapped one
    mapped = dict(zip(sorted({v for v in tree.values if v is not None}), sorted({v for v in twin.values if v is not None})))
    for x, y in zip(a.nodes, b.nodes):
        assert (x.value is None) == (y.value is None)
        if x.value is not None:
            assert sign(b, y.id, "minimax") * y.value == mapped[sign(a, x.id, "minimax") * x.value]
    qa = {q["id"]: q for q in vote_questions(a)}
    qb = {q["id"]: q for q in vote_questions(b)}
    for qid in set(qa) & set(qb):
        if qa[qid]["kind"] in ("cut", "next"):
            right = [{o["letter"]: o["text"] for o in q["options"]}[q["answer"]] for q in (qa[qid], qb[qid])]
            assert right[0] == right[1], qid


def test_a_twin_tree_refuses_what_it_cannot_mirror() -> None:
    with pytest.raises(InputError, match="negaviz.Tree"):
        twin_tree("A(B:1 C:2)", seed=1)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="chance"):
        twin_tree(Tree.parse("A(B:1 C?(D:1 E:2))"), seed=1)
    with pytest.raises(InputError, match="seed"):
        twin_tree(Tree.parse(TEXTBOOK), seed=None)  # type: ignore[arg-type]
