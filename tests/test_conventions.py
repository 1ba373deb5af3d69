"""A course's conventions (negaviz.conventions), and everything that follows them.

The cut rule is checked against an independent two-function minimax alpha-beta written
as each source writes it (AIMA's ``v >= beta``, CS188's ``v > beta``): the same leaves,
in the same order, on random trees with many ties.  Practice and ``check(fn)`` are
checked under each preset: the same answers or the same code right under one and named
as the other rule under the other.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz import Tree, record
from negaviz.conventions import PRESETS, Conventions, conventions, course_file, current, file_text, use
from negaviz.errors import InputError
from negaviz.quiz import grade
from negaviz.search.options import SearchOptions
from negaviz.student import check

sys.path.insert(0, str(Path(__file__).parent / "student"))
import students  # noqa: E402  (the students' functions the student checker's tests share)

INF = math.inf
TIE = "A(B(D:7 E:5) C(F:5 G:1 H:9))"
"""The textbook tree with F tied at C's β: ≥ cuts G and H, > only H."""


@pytest.fixture(autouse=True)
def _no_course(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Each test starts with no conventions set and no course file in sight."""
    monkeypatch.delenv("NEGAVIZ_CONVENTIONS", raising=False)
    use(None)
    yield
    use(None)


# --- the object and where it comes from --------------------------------------------------
def test_presets_say_their_rules_and_cite_their_source() -> None:
    assert {n: (c.cut, c.hardness, c.view, c.depth) for n, c in PRESETS.items()} == {
        "notes": (">=", "either", "negamax", "ply"),
        "aima": (">=", "soft", "minimax", "ply"),
        "cs188": (">", "soft", "minimax", "round"),
    }
    assert "must not prune on equality" in PRESETS["cs188"].source
    assert "if v >= beta: return v" in PRESETS["aima"].source
    assert PRESETS["cs188"].cuts(5, 5) is False and PRESETS["notes"].cuts(5, 5) is True
    assert PRESETS["cs188"].plies(2) == 4 and PRESETS["notes"].plies(2) == 2


def test_bad_conventions_are_refused_in_one_line_naming_what_is_allowed() -> None:
    with pytest.raises(InputError, match=r"unknown conventions 'pacman' \(must be one of 'notes', 'aima', 'cs188'\)"):
        conventions("pacman")
    with pytest.raises(InputError, match="strict cut .* and fail-hard values do not go together"):
        Conventions("mine", "my course", cut=">", hardness="hard")
    with pytest.raises(InputError, match=r"cut '=>' is not one of '>=', '>'"):
        Conventions("mine", "my course", cut="=>")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="strict cut .* is for plain alpha-beta: 'pvs'"):
        SearchOptions(algorithm="pvs", cut=">")
    with pytest.raises(InputError, match="do not go together"):
        SearchOptions(cut=">", fail_hard=True)


def test_the_course_file_is_found_from_any_folder_below_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "negaviz.toml").write_text(file_text(PRESETS["cs188"]), encoding="utf-8")
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "notebooks")
    assert course_file() == tmp_path / "negaviz.toml"
    assert current().name == "cs188"
    assert SearchOptions().cut == ">"  # every search of the course follows it
    assert SearchOptions(algorithm="pvs").cut == ">="  # null windows need the cut on equality
    monkeypatch.setenv("NEGAVIZ_CONVENTIONS", "aima")  # the environment overrides the file
    assert current().name == "aima"
    use("notes")  # and a session's own choice overrides both
    assert current().name == "notes"


def test_a_bad_course_file_says_which_file_and_what_is_allowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "negaviz.toml").write_text('conventions = "berkeley"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=r"negaviz.toml: unknown conventions 'berkeley' \(must be one of"):
        current()
    monkeypatch.setenv("NEGAVIZ_CONVENTIONS", "cs189")
    with pytest.raises(InputError, match="NEGAVIZ_CONVENTIONS='cs189' names no conventions"):
        current()


def test_a_saved_search_keeps_its_rule_whatever_the_course(tmp_path: Path) -> None:
    tree = Tree.parse(TIE)
    plain, strict = record(tree, algorithm="alphabeta", cut=">="), record(tree, algorithm="alphabeta", cut=">")
    assert '"cut"' not in negaviz.trace.dumps(plain)  # traces made before the rule existed read the same
    assert '"cut":">"' in negaviz.trace.dumps(strict)
    negaviz.save(plain, tmp_path / "plain.json")
    negaviz.save(strict, tmp_path / "strict.json")
    use("cs188")
    assert negaviz.load(tmp_path / "plain.json").result.options.cut == ">="
    assert negaviz.load(tmp_path / "plain.json").pruned_labels() == ["G", "H"]
    use("notes")
    assert negaviz.load(tmp_path / "strict.json").result.options.cut == ">"
    assert negaviz.load(tmp_path / "strict.json").pruned_labels() == ["H"]


# --- the search, against each source's own code --------------------------------------------
def _random_tree(rng: random.Random, depth: int) -> Tree:
    names = iter(f"N{i}" for i in range(10_000))

    def node(d: int) -> str:
        me = next(names)
        if d == depth or (d >= 2 and rng.random() < 0.2):
            return f"{me}:{rng.randint(0, 4)}"  # few values: many ties at α and β
        return f"{me}({' '.join(node(d + 1) for _ in range(rng.randint(2, 3)))})"

    return Tree.parse(node(0))


def _textbook_alphabeta(tree: Tree, strict: bool) -> tuple[float, list[str]]:
    """MAX-VALUE and MIN-VALUE as AIMA (``v >= beta``) and CS188 (``v > beta``) write
    them, values for the first player; the leaves it visits, in order."""
    seen: list[str] = []
    values = tree.values  # leaf values for the first player (MAX)

    def leaf(n: int) -> float:
        seen.append(tree.labels[n])
        return values[n]

    def max_value(n: int, alpha: float, beta: float) -> float:
        if not tree.children[n]:
            return leaf(n)
        v = -INF
        for c in tree.children[n]:
            v = max(v, min_value(c, alpha, beta))
            if (v > beta) if strict else (v >= beta):
                return v
            alpha = max(alpha, v)
        return v

    def min_value(n: int, alpha: float, beta: float) -> float:
        if not tree.children[n]:
            return leaf(n)
        v = INF
        for c in tree.children[n]:
            v = min(v, max_value(c, alpha, beta))
            if (v < alpha) if strict else (v <= alpha):
                return v
            beta = min(beta, v)
        return v

    return max_value(0, -INF, INF), seen


@pytest.mark.parametrize("cut", [">=", ">"])
def test_each_cut_rule_visits_the_leaves_its_source_visits(cut: str) -> None:
    rng = random.Random(20261207)
    differ = 0
    for _ in range(150):
        tree = _random_tree(rng, 4)
        value, leaves = _textbook_alphabeta(tree, strict=cut == ">")
        trace = record(tree, algorithm="alphabeta", cut=cut)
        assert trace.value == value
        visited = [trace.label(n.id) for n in trace.nodes if not n.children and n.parent >= 0]
        assert visited == leaves
        differ += len(leaves) != len(_textbook_alphabeta(tree, strict=cut != ">")[1])
    assert differ >= 30  # the ties make the two rules differ on many of these trees


def test_the_strict_rule_never_visits_fewer_nodes_and_agrees_on_every_value() -> None:
    rng = random.Random(7)
    for _ in range(100):
        tree = _random_tree(rng, 4)
        ge, gt = record(tree, algorithm="alphabeta", cut=">="), record(tree, algorithm="alphabeta", cut=">")
        assert ge.value == gt.value == record(tree, algorithm="negamax").value
        assert len(gt.nodes) >= len(ge.nodes)


# --- practice: the same answers, right under one preset and the other rule under the other -
def test_practice_grades_the_tie_by_the_courses_rule() -> None:
    tree = Tree.parse(TIE)
    for name, right, other in (("notes", ["G", "H"], ["H"]), ("cs188", ["H"], ["G", "H"])):
        use(name)
        trace = record(tree, algorithm="alphabeta")
        assert grade(trace, cut=right).correct
        wrong = grade(trace, cut=other)
        assert not wrong.correct
        assert wrong.mistake is None  # one cut answer is a slip: a misconception needs two
        key = negaviz.quiz.answer_key(trace)
        title = key.titles()["equality"][0]
        assert title == ("not cutting on equality" if name == "notes" else "cutting on equality")


def test_practice_names_the_other_rule_as_the_misconception_when_answers_follow_it() -> None:
    tree = Tree.parse("A(B(D:7 E:5) C(F:5 G:1 H:9) I(J:5 K:0 L:8))")
    for name in ("notes", "cs188"):
        use(name)
        trace = record(tree, algorithm="alphabeta")
        theirs = record(tree, algorithm="alphabeta", cut=">" if name == "notes" else ">=")
        g = grade(trace, cut=theirs.pruned_labels())
        assert not g.correct and g.mistake == "equality", (name, g.sentence)
        title = "not cutting on equality" if name == "notes" else "cutting on equality"
        assert title in g.sentence


# --- check(fn): every correct form passes, the other rule is named in those words -----------
def ab_gt(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -ab_gt(game, game.play(node, move), -beta, -alpha))
        if best > beta:
            return best
        alpha = max(alpha, best)
    return best


def ab_hard(game, node, alpha, beta):
    if game.is_terminal(node):
        return min(max(game.score(node), alpha), beta)  # leaves clamped too: still correct fail-hard code
    for move in game.moves(node):
        value = -ab_hard(game, game.play(node, move), -beta, -alpha)
        if value >= beta:
            return beta
        alpha = max(alpha, value)
    return alpha


def ab_colour(game, node, alpha, beta, colour):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -ab_colour(game, game.play(node, move), -beta, -alpha, -colour))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def maxValue(game, node, alpha, beta):  # noqa: N802  (CS188's style, as students write it)
    if game.is_terminal(node):
        return game.score(node) if game.player(node) == 0 else -game.score(node)
    v = -INF
    for move in game.moves(node):
        v = max(v, minValue(game, game.play(node, move), alpha, beta))
        if v > beta:
            return v
        alpha = max(alpha, v)
    return v


def minValue(game, node, alpha, beta):  # noqa: N802
    if game.is_terminal(node):
        return game.score(node) if game.player(node) == 0 else -game.score(node)
    v = INF
    for move in game.moves(node):
        v = min(v, maxValue(game, game.play(node, move), alpha, beta))
        if v < alpha:
            return v
        beta = min(beta, v)
    return v


GE_FORMS = [students.alphabeta, students.fail_hard, ab_hard, ab_colour, students.max_value, students.min_value,
            (students.max_value, students.min_value)]
"""Correct alpha-beta that stops on equality: negamax fail-soft, fail-hard, fail-hard clamping
leaves too, with colour, MAX/MIN in two functions found by name from either, and handed as a pair."""
GT_FORMS = [ab_gt, students.strict, maxValue, minValue, (maxValue, minValue)]
"""Correct alpha-beta that stops only past β, as CS188 asks."""


def _name(fn: Any) -> str:
    return " and ".join(f.__name__ for f in fn) if isinstance(fn, tuple) else fn.__name__


@pytest.mark.parametrize("fn", GE_FORMS + GT_FORMS, ids=_name)
@pytest.mark.parametrize("preset", ["notes", "aima", "cs188"])
def test_check_passes_the_courses_rule_and_names_the_other(fn: Any, preset: str) -> None:
    report = check(fn, conventions=preset)
    follows = PRESETS[preset].cut == (">=" if fn in GE_FORMS else ">")
    if follows:
        assert report.ok, str(report)
        assert report.mistake is None
        return
    assert not report.ok and report.mistake is not None and report.mistake.id == "equality", str(report)
    text = str(report)
    if preset == "cs188":
        assert "has a known bug, cutting on equality" in text and "not this course's" in text
    else:
        assert "has a known bug, not cutting on equality" in text and "Berkeley CS188's rule, not this course's" in text


def test_a_pair_found_by_name_is_checked_as_minimax_in_two_functions() -> None:
    report = check(students.max_value, conventions="aima")
    assert report.ok and report.minimax and report.function == "max_value and min_value"


def test_check_of_a_trace_says_when_it_is_right_by_the_other_rule() -> None:
    tree = Tree.parse(TIE)
    from negaviz.student import trace_calls

    @trace_calls(tree, position="node", alpha="alpha", beta="beta")
    def strict(node, alpha, beta):
        if tree.is_terminal(node):
            return tree.score(node)
        best = -INF
        for m in tree.moves(node):
            best = max(best, -strict(tree.play(node, m), -beta, -alpha))
            if best > beta:
                break
            alpha = max(alpha, best)
        return best

    strict(tree.root, -INF, INF)
    assert check(strict.last_trace, conventions="cs188").ok
    report = check(strict.last_trace, conventions="notes")
    assert not report.ok
    assert any("passes β (>), as Berkeley CS188 does; this course (the lecture notes) stops it on equality" in n
               for n in report.notes), report.notes


# --- attempt records: graded under the conventions they were set under, or refused -------
def test_a_record_carries_its_rule_and_is_refused_under_other_conventions(tmp_path: Path) -> None:
    from negaviz.quiz import grade_attempts
    from negaviz.quiz.answers import write_answers

    tree = "A(B(D:7 E:5) C(F:5 G:1 H:9))"
    expect = {"w1": tree}
    use("cs188")
    strict = write_answers(tmp_path / "strict.json", "w1", tree, values={"A": 5, "B": 5, "C": 1}, cut=["H"],
                           windows={"B": "(-inf, inf)", "C": "(5, inf)"})
    assert '"cut": ">"' in strict.read_text(encoding="utf-8")
    book = grade_attempts([strict], expect=expect)
    assert not book.refused and book.graded[0].grade.correct, book.graded[0].grade.sentence
    use("notes")
    plain = write_answers(tmp_path / "plain.json", "w1", tree, values={"A": 5, "B": 5, "C": 5}, cut=["G", "H"],
                          windows={"B": "(-inf, inf)", "C": "(5, inf)"})
    assert '"cut": ">' not in plain.read_text(encoding="utf-8")
    # A record made under the other rule is graded on the exercise as set (issue 48: the whole
    # exercise, whatever the record claims), with a note saying so, and its rule's answers
    # named as the mistake they are under this course's rule.
    book = grade_attempts([plain, strict], expect=expect)
    assert not book.refused and [g.source for g in book.graded] == [str(plain), str(strict)]
    right, other = book.graded
    assert right.grade.correct and not other.grade.correct
    assert "Your answers at G and C are what not cutting on equality gives" in other.grade.sentence
    assert other.grade.notes == ("the record says a node stops only past β (>), but the exercise set says on reaching "
                                 "β (≥): graded on the exercise as set",)
    use("cs188")
    (again,) = grade_attempts([plain], expect=expect).graded
    assert not again.grade.correct and "only past β (>): graded on the exercise as set" in again.grade.notes[0]


# --- exercises that tell the two rules apart ------------------------------------------------
def test_random_trees_with_a_tie_at_beta_tell_the_two_rules_apart() -> None:
    from negaviz.quiz import random_tree

    for seed in range(8):
        tree = random_tree(3, 3, seed=seed, ties="beta")
        assert tree.text() == random_tree(3, 3, seed=seed, ties="beta").text()  # the same for the same seed
        ge = record(tree, algorithm="alphabeta", cut=">=").pruned_labels()
        assert ge != record(tree, algorithm="alphabeta", cut=">").pruned_labels()
    tree = random_tree(3, 2, seed=3, ties="beta", cutoffs=2)
    assert record(tree, algorithm="alphabeta").counts().cutoffs == 2
    with pytest.raises(InputError, match="a tie at β needs a tree of depth 2 or more"):
        random_tree(1, 3, seed=1, ties="beta")
    with pytest.raises(InputError, match=r"ties must be True, False, None or 'beta' \(a tie at β\), not 'alpha'"):
        random_tree(3, 3, seed=1, ties="alpha")


# --- the root's move among ties --------------------------------------------------------------
def last_of_best(game, node, alpha, beta):
    """Right values; at the root, the last move of best value (a `>=` test), as returned moves go."""
    if game.is_terminal(node):
        return game.score(node), None
    best, best_move = -INF, None
    for move in game.moves(node):
        value = -last_of_best(game, game.play(node, move), -beta, -alpha)[0]
        if value >= best:
            best, best_move = value, move
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best, best_move


def test_the_roots_move_among_ties_follows_the_courses_rule() -> None:
    from negaviz.student.battery import Case

    tied = [Case(Tree.parse("A(B(D:5 E:7) C(F:5 G:6))"), name="B and C both worth 5")]
    assert check(last_of_best, battery=tied, conventions="notes").ok  # any move of best value
    report = check(last_of_best, battery=tied, conventions="aima")  # the first of them, as max() takes it
    assert not report.ok
    assert ("the move returned, C, ties the best value, but in this course (AIMA (Russell and Norvig)) the root "
            "plays the first move of best value, B, as max() does") in str(report)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_pictures_steppers_and_pages_open_in_the_courses_view(preset: str, tmp_path: Path) -> None:
    """The preset's view is the default of draw(), the stepper, the comparison, the editor,
    an exported page, a flip-book and the command line; a view asked for wins."""
    from negaviz.cli import main
    from negaviz.export.html import export_html
    from negaviz.frontend.page import page_state
    from negaviz.render import draw
    from negaviz.render.flipbook import flipbook
    from negaviz.widgets import CompareWidget, StepperWidget, TreeEditor

    view = PRESETS[preset].view
    other = "negamax" if view == "minimax" else "minimax"
    trace = record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    use(preset)
    caption = {p: f"{p} view" for p in ("negamax", "minimax")}
    assert caption[view] in draw(trace).source and caption[other] in draw(trace, perspective=other).source
    assert StepperWidget(trace).perspective == view and StepperWidget(trace, perspective=other).perspective == other
    assert CompareWidget(trace, trace).perspective == view
    assert TreeEditor(trace).perspective == view
    assert caption[view] in flipbook(trace, f"{len(trace)}-{len(trace)}")[-1].digraph.source
    assert page_state(export_html(trace, tmp_path / "page.html").path.read_text(encoding="utf-8"))["perspective"] == view
    svg = tmp_path / "tree.svg"
    assert main(["render", "tree", "A(B(D:7 E:5) C(F:3 G:1 H:9))", "--algorithm", "alphabeta", "-o", str(svg)]) == 0
    assert caption[view] in svg.read_text(encoding="utf-8")
