"""``negaviz init --assignment KIND``: a "write your own" search, graded on negaviz's battery.

Each assignment is a notebook and an otter-grader test file, in
``assignments/<kind>/``:

* ``write-your-own-<kind>.ipynb``, an nbgrader source notebook (cell metadata schema 3):
  a locked set-up cell, the answer cell (the reference solution between ``### BEGIN
  SOLUTION`` and ``### END SOLUTION``, which ``nbgrader generate_assignment`` replaces by
  ``raise NotImplementedError()``), a cell for the student's own tries, and a locked
  checking cell worth ``POINTS`` that calls :func:`grade`: it prints the feedback on
  stdout, nothing on stderr (nbgrader gives 0 for a cell that writes there), and its
  last expression is the points earned (nbgrader's partial credit);
* ``tests/<kind>.py``, an otter test file (``OK_FORMAT = False``): one
  ``@test_case`` per tree of the battery, hidden where the tree is, each calling
  :func:`verdict`.

The points and the feedback come from :func:`negaviz.student.check` on the battery
(:mod:`negaviz.student.battery`): the feedback names the bug, and says nothing of a
hidden tree's answers.

>>> sorted(assignment_files("tt"))
['assignments/tt/tests/tt.py', 'assignments/tt/write-your-own-tt.ipynb']
"""

from __future__ import annotations

import warnings
from typing import Any

from negaviz.conventions import PRESETS
from negaviz.course.ipynb import cell, notebook
from negaviz.errors import InputError

__all__ = ["ASSIGNMENTS"]

ASSIGNMENTS = ("alphabeta", "tt", "depth-limited")
"""The assignments ``negaviz init --assignment`` can add."""
POINTS = 10
"""What each assignment is worth."""

_SIGNATURE = {
    "alphabeta": "alphabeta(game, node, alpha, beta)",
    "depth-limited": "alphabeta(game, node, depth, alpha, beta)",
    "tt": "alphabeta(game, node, depth, alpha, beta, table)",
}
_TASK = {
    "alphabeta": "Write alpha-beta in negamax form: it returns the value of `node` for the side to move there, "
                 "searching to the end of the game.",
    "depth-limited": "Write depth-limited alpha-beta in negamax form: it searches `depth` plies and then returns "
                     "`game.evaluate(node)`, the evaluation for the side to move (a finished game returns "
                     "`game.score(node)`).",
    "tt": "Write depth-limited alpha-beta with a transposition table: `table` is a dict, empty at the root. Store "
          "each node's value under `game.key(node)` with its bound (exact, lower or upper) and the depth it was "
          "searched to, and use an entry only where it is valid.",
}
_SOLUTION = {
    "alphabeta": """def alphabeta(game, node, alpha, beta):
    ### BEGIN SOLUTION
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -alphabeta(game, game.play(node, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break  # beta cutoff: the opponent will never allow this line
    return best
    ### END SOLUTION""",
    "depth-limited": """def alphabeta(game, node, depth, alpha, beta):
    ### BEGIN SOLUTION
    if game.is_terminal(node):
        return game.score(node)
    if depth == 0:
        return game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -alphabeta(game, game.play(node, move), depth - 1, -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break  # beta cutoff
    return best
    ### END SOLUTION""",
    "tt": """def alphabeta(game, node, depth, alpha, beta, table):
    ### BEGIN SOLUTION
    alpha0 = alpha
    entry = table.get(game.key(node))
    if entry is not None and entry[2] >= depth:  # searched at least as deep
        value, bound, _ = entry
        if bound == "exact":
            return value
        if bound == "lower":
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            return value
    if game.is_terminal(node):
        return game.score(node)
    if depth == 0:
        return game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -alphabeta(game, game.play(node, move), depth - 1, -beta, -alpha, table))
        alpha = max(alpha, best)
        if alpha >= beta:
            break  # beta cutoff
    bound = "upper" if best <= alpha0 else "lower" if best >= beta else "exact"
    table[game.key(node)] = (best, bound, depth)
    return best
    ### END SOLUTION""",
}


def check_kind(kind: Any) -> str:
    """``kind`` if it names an assignment, else an InputError listing them."""
    if not isinstance(kind, str) or kind not in ASSIGNMENTS:
        raise InputError(f"unknown assignment: {kind!r} (assignments must be among {list(ASSIGNMENTS)})")
    return kind


def assignment_files(kind: str, conventions: str = "notes") -> dict[str, bytes]:
    """The assignment's files, by their path in the course, for a course of ``conventions``
    (a preset's name, :mod:`negaviz.conventions`): the reference solution stops a node by
    their cut rule, and both graders check by them, named in the graders' own calls (so
    otter on Gradescope, which has no ``negaviz.toml``, grades as the course does)."""
    check_kind(kind)
    if not isinstance(conventions, str) or conventions not in PRESETS:
        raise InputError(f"unknown conventions {conventions!r} (must be one of {', '.join(map(repr, PRESETS))})")
    if kind == "tt" and PRESETS[conventions].strict:
        raise InputError(
            f"the tt assignment needs the cut on equality (>=): under {PRESETS[conventions].title}'s rule (>) a "
            "table's bound that only reaches beta leaves a node searching on in an empty window, where negaviz's "
            "reference tries the table's move first; choose the alphabeta or depth-limited assignment, or "
            "conventions 'notes' or 'aima'"
        )
    return {
        f"assignments/{kind}/write-your-own-{kind}.ipynb": _notebook(kind, conventions),
        f"assignments/{kind}/tests/{kind}.py": _otter(kind, conventions).encode("utf-8"),
    }


def _solution(kind: str, conventions: str) -> str:
    """The reference solution, stopping a node by the course's cut rule."""
    if PRESETS[conventions].cut == ">=":
        return _SOLUTION[kind]
    return _SOLUTION[kind].replace("if alpha >= beta:", "if alpha > beta:")


def _named(conventions: str) -> str:
    """The graders' keyword naming the course's conventions (none for the lecture notes')."""
    return "" if conventions == "notes" else f", conventions={conventions!r}"


def _cell(kind: str, cell_id: str, source: str, nbgrader: dict[str, Any] | None = None) -> dict[str, Any]:
    if nbgrader is None:
        return cell(kind, cell_id, source)
    return cell(kind, cell_id, source, metadata={"nbgrader": {"schema_version": 3, **nbgrader}})


def _notebook(kind: str, conventions: str) -> bytes:
    lock = {"grade": False, "solution": False, "locked": True}
    cells = [
        _cell("markdown", "task", f"# Write your own: {kind}\n\n{_TASK[kind]}\n\n"
              f"Your function is `{_SIGNATURE[kind]}`. Use only the game's verbs: `game.is_terminal(node)`, "
              "`game.score(node)` and `game.evaluate(node)` (for the side to move), `game.moves(node)`, "
              "`game.play(node, move)` and `game.key(node)`. Call it recursively by its own name, and do not "
              "change the game.", {**lock, "grade_id": "task"}),
        _cell("code", "setup", "import math\n\nINF = math.inf", {**lock, "grade_id": "setup"}),
        _cell("code", "answer", _solution(kind, conventions), {"grade": False, "solution": True, "locked": False,
                                                  "grade_id": "answer"}),
        _cell("markdown", "try", "Try it as often as you like: `check` runs your function on trees and names the "
              "first bug it finds, and `report.stepper()` shows where.", {**lock, "grade_id": "try"}),
        _cell("code", "try-it", "from negaviz.student import check\n\n"
              f"report = check(alphabeta{_named(conventions)})\nprint(report)"),
        _cell("code", "grade", f"from negaviz.course.assignment import grade\n\ngrade(alphabeta, {kind!r}, "
              f"points={POINTS}{_named(conventions)})", {"grade": True, "solution": False, "locked": True, "points": POINTS,
                                    "grade_id": f"check_{kind.replace('-', '_')}"}),
    ]
    return notebook(cells, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                            "language_info": {"name": "python"}})


def _otter(kind: str, conventions: str) -> str:
    from negaviz.student.battery import BATTERIES

    cases = BATTERIES[kind]()
    share = [round(POINTS / len(cases), 4)] * len(cases)
    lines = [
        f'"""Otter tests of the {kind} assignment, written by negaviz init: one per tree of negaviz\'s battery."""',
        "",
        "OK_FORMAT = False",
        "",
        "from otter.test_files import test_case",
        "",
        f"name = {kind!r}",
        f"points = {POINTS}",
    ]
    for k, (case, points) in enumerate(zip(cases, share)):
        lines += [
            "",
            "",
            f"@test_case(points={points}, hidden={case.hidden})",
            f"def test_tree_{k + 1}(env):",
            "    from negaviz.course.assignment import verdict",
            "",
            f"    verdict(env[\"alphabeta\"], {kind!r}, {k}{_named(conventions)})",
        ]
    return "\n".join(lines) + "\n"


_LAST: dict[tuple[int, str, str | None], Any] = {}


def _report(fn: Any, kind: str, conventions: str | None) -> Any:
    """The battery report of ``fn`` (kept for the function's other tests)."""
    from negaviz.student.battery import check_battery

    key = (id(fn), kind, conventions)
    if key not in _LAST or _LAST[key][0] is not fn:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # nothing on stderr: nbgrader scores a cell that writes there 0
            _LAST.clear()
            _LAST[key] = (fn, check_battery(fn, kind, conventions=conventions))
    return _LAST[key][1]


def grade(fn: Any, kind: str, *, points: float = POINTS, conventions: str | None = None) -> float:
    """nbgrader's checking cell: print the feedback and return the points earned (the
    share of the battery's trees on which ``fn`` agrees with the reference, under the
    course's ``conventions``: a preset's name, or None for the course's own)."""
    check_kind(kind)
    try:
        report = _report(fn, kind, conventions)
    except InputError as exc:
        print(f"Not checked: {exc}")
        return 0.0
    print(report.feedback(hide=True))
    earned = round(points * report.passed / len(report.results), 2)
    print(f"Points: {earned:g} of {points:g} ({report.passed} of {len(report.results)} trees right).")
    return earned


def verdict(fn: Any, kind: str, k: int, *, conventions: str | None = None) -> None:
    """otter's test of tree ``k``: an AssertionError carrying the feedback when ``fn`` is
    wrong there (for a hidden tree, without its answers), under ``conventions``."""
    check_kind(kind)
    try:
        report = _report(fn, kind, conventions)
    except InputError as exc:
        raise AssertionError(f"Not checked: {exc}") from None
    result = report.results[k]
    if result.ok:
        return
    lines = report.feedback(hide=True).splitlines()
    named = lines[:2] if report.mistake is not None else lines[:1]
    mine = [x for x in lines if x.startswith(f"tree {k + 1} ")]
    raise AssertionError("\n".join(named + mine))
