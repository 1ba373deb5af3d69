"""The public API: each module's ``__all__`` lists what users import, and only that.

What the README, the lecture notebooks and the package docstrings import from negaviz
must be in the ``__all__`` of the module they import it from; every listed name must
exist; no private name is listed; and the lists stay small (see ``BUDGET``).
"""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import negaviz

ROOT = Path(__file__).resolve().parents[1]

# The total number of names in all the __all__ lists was 187 when they were trimmed to
# the public API (from 286).  The budget is there so the lists do not grow back by
# accident: raise it only when a name a user is meant to import is added.
# 203: + what a difficulty allows (quiz.difficulty: possible, limits) and exercise sheets
# (export.sheet: Sheet, make_sheet, exercise_html, sheet_html, key_markdown, trees_pdf);
# 207: + practice on the picture (quiz.grading: grade, answer_key; quiz.practice: practice_data;
# quiz.mistakes: MISTAKES); 212: + issue 28's negaviz.nbval_sanitize_path (and its home,
# negaviz.course), negaviz.course.init.init_course and negaviz.course.rules' check_notebook and Finding.
# 228: + issue 27's live editing: negaviz.share and site.share's share and shared_code,
# widgets.TreeEditor, analysis.diff (diff, tree_change, Diff, TreeChange), games.edit's
# four edits, widgets.editing's EditSession and kept_step (15), and negaviz.quiz.grade,
# the grader, where issue 24 names it.
# 229: + negaviz.search.ordering.orderer, the order a search tries a position's moves in, so
# that orders can be compared over the same positions (notebook 04, issue 41).
# 233: + issue 36's catalogue of mistakes (student.mistakes: MISTAKES, Mistake) and the battery
# a student's function is checked on (student.battery: Case, BatteryReport); 234: + the assignments
# `negaviz init --assignment` adds (course.assignment: ASSIGNMENTS).
# 237: + issue 35's attempt records and staff grading: negaviz.quiz's Attempt, grade_attempts and
# grade_file (and their homes quiz.attempt and quiz.gradebook), quiz.answers.write_answers, quiz.report.class_report,
# export.graded.graded_sheet_html.
# 247: + issue 46's course conventions (negaviz.conventions: Conventions, PRESETS, conventions, use).
# 257: + issue 50's Monte Carlo tree search: search.mcts (mcts, MctsOptions, MctsResult), trace.mcts
# (record_mcts, MctsTrace, state_at, ucb_table), analysis.mcts (convergence, proven_share) and
# render.mcts_plot.plot_convergence; 258: + render.mcts_tree.draw_mcts, the tree at step k; 259: + trace.mcts.phases.
# 262: + issue 49's chance nodes: games.dice.DiceRace, analysis.pseudocode.LISTINGS (which a lecture prints),
# and student.chance.ChanceReport (check on a chance battery).
BUDGET = 262


def _modules() -> list[ModuleType]:
    """negaviz and every module in it (``__main__`` runs the CLI, so it is left out)."""
    names = [m.name for m in pkgutil.walk_packages(negaviz.__path__, "negaviz.") if not m.name.endswith("__main__")]
    return [negaviz] + [importlib.import_module(name) for name in sorted(names)]


MODULES = _modules()
WITH_ALL = [m for m in MODULES if hasattr(m, "__all__")]


def _readme_blocks() -> list[tuple[str, str]]:
    """The README's ```python fences, as Python source (doctest prompts stripped)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = []
    for i, block in enumerate(re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)):
        if ">>>" in block:
            block = "".join(ex.source for ex in doctest.DocTestParser().get_examples(block))
        blocks.append((f"README.md, python block {i + 1}", block))
    return blocks


def _notebook_sources() -> list[tuple[str, str]]:
    return [(f"notebooks/{p.name}", p.read_text(encoding="utf-8")) for p in sorted((ROOT / "notebooks").glob("*.py"))]


def _package_docstrings() -> list[tuple[str, str]]:
    """The doctest examples in the docstrings of negaviz and its subpackages."""
    out = []
    for m in MODULES:
        if hasattr(m, "__path__") and m.__doc__:
            source = "".join(ex.source for ex in doctest.DocTestParser().get_examples(m.__doc__))
            out.append((f"docstring of {m.__name__}", source))
    return out


SOURCES = _readme_blocks() + _notebook_sources() + _package_docstrings()


def _uses(source: str) -> list[tuple[str, str]]:
    """(module, name) for each ``from negaviz... import name`` and each ``negaviz.name``
    read from a module imported with ``import negaviz...``."""
    tree = ast.parse(source)
    uses = []
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "negaviz":
            uses += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "negaviz":
                    aliases[alias.asname or "negaviz"] = alias.name if alias.asname else "negaviz"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            uses.append((aliases[node.value.id], node.attr))
    return uses


def test_the_sources_are_found() -> None:
    names = [name for name, _ in SOURCES]
    assert sum(n.startswith("README.md") for n in names) >= 2
    assert sum(n.startswith("notebooks/") for n in names) >= 10
    uses = {use for _, source in SOURCES for use in _uses(source)}
    # a few we know are there, so an empty parse cannot pass silently
    assert {("negaviz", "record"), ("negaviz.render", "draw"), ("negaviz.widgets", "StepperWidget")} <= uses
    assert ("negaviz.render.plots", "plot_ladder") in uses


def test_every_listed_name_exists() -> None:
    missing = [f"{m.__name__}.{name}" for m in WITH_ALL for name in m.__all__ if not hasattr(m, name)]
    assert missing == []


def test_no_name_is_listed_twice() -> None:
    doubled = [f"{m.__name__}.{name}" for m in WITH_ALL for name in set(m.__all__) if m.__all__.count(name) > 1]
    assert doubled == []


def test_no_private_name_is_listed() -> None:
    private = [f"{m.__name__}.{name}" for m in WITH_ALL for name in m.__all__ if name.startswith("_")]
    assert private == []


@pytest.mark.parametrize("where,source", SOURCES, ids=[name for name, _ in SOURCES])
def test_what_users_import_is_public(where: str, source: str) -> None:
    """README, notebooks and package docstrings import only names in ``__all__`` (or
    submodules), from the module they import them from."""
    wrong = []
    for module_name, name in _uses(source):
        module = importlib.import_module(module_name)
        if isinstance(getattr(module, name, None), ModuleType):
            continue  # a submodule, e.g. ``negaviz.render.plots``
        if name not in getattr(module, "__all__", ()):
            wrong.append(f"{module_name}.{name}")
    assert wrong == [], f"{where} imports names that are not in their module's __all__"


def test_the_lists_stay_small() -> None:
    total = sum(len(m.__all__) for m in WITH_ALL)
    assert total <= BUDGET, f"{total} names in __all__ lists, over the budget of {BUDGET}"
    assert len(negaviz.__all__) <= 26  # 24 at the trim: the top level is the main API, kept short too
