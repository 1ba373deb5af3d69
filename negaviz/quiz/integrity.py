"""Integrity signals for the class report, stated for what they are.

Two things a grade alone does not show, read from what the students handed in:

* **an answer cell that uses negaviz**: in a graded notebook beside a record (nbgrader's
  ``submitted/`` or ``autograded/`` folder holds the notebook and its
  ``negaviz_answers.json``), an answer cell (nbgrader's solution cell) that imports
  negaviz or names it, beyond the ``write_answers`` that saves the answers, may have
  computed them with negaviz's own search (:func:`negaviz.record`, the grader, the key)
  rather than by hand.  The record is graded as any other; the report says which
  students' cells did so, and what they used.
* **answers submitted after the page showed them**: a practice stepper's record lists,
  in the order they happened, each *check* (the page graded the answers and marked the
  wrong ones) and each time it *showed* the search's answers ("show me", or stepping
  through the search after a check) (:data:`negaviz.quiz.attempt.EVENT_KINDS`).  An
  exercise whose answers changed after they were shown is counted per student, as
  TRAKLA2 counts a submission after a model answer (TRAKLA2 then gives a fresh tree;
  a notebook's stepper cannot).

Neither is proof, and the report says so: a cell can hide what it calls (``exec``, a
module of the student's own), a student can run negaviz in another notebook, and an
unsealed record is a file the student can edit (removing its events), so absence of a
signal proves nothing; and a student may import negaviz to check an answer found by
hand.  Only nbgrader's answer cells are read (other cells are the lecturer's, and may use
negaviz on purpose); a notebook without nbgrader's metadata is not read.  Graded pages
(``negaviz exercises --graded``) carry no key and show no answer.

>>> solver_uses("from negaviz.quiz.answers import write_answers\\nvalues = {'A': 5}")
[]
>>> solver_uses("import negaviz\\nt = negaviz.record(negaviz.Tree.parse('A(B:1 C:2)'))")
['import negaviz']
>>> solver_uses("from negaviz import record, Tree  # the search")
['from negaviz import record, Tree']
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from negaviz.quiz.attempt import MAX_BYTES

__all__: list[str] = []

ALLOWED = {("negaviz.quiz.answers", "write_answers"), ("negaviz.quiz", "write_answers")}
"""What an answer cell may import from negaviz without a flag: the call that saves its answers."""
SOLVER = "an answer cell uses negaviz"
SHOWN = "answers changed after the page showed them"
KINDS = (SOLVER, SHOWN)
_NAMED = re.compile(r"\bnegaviz\b(?!_answers)")
_MAGIC = re.compile(r"^\s*[%!].*$", re.M)


@dataclass(frozen=True)
class Signal:
    """One thing to look at, for one student."""

    student: str
    """The student it is about (:attr:`negaviz.quiz.gradebook.Graded.who`)."""
    kind: str
    """:data:`SOLVER` or :data:`SHOWN`."""
    where: str
    """The notebook and cell (SOLVER), or the exercise (SHOWN)."""
    detail: str
    """What was used (``from negaviz import record``), or what the page did (``2 checks, shown 1 time``)."""
    source: str
    """The record it was found beside, or in."""


def solver_uses(source: str) -> list[str]:
    """What a cell's code takes from negaviz beyond :data:`ALLOWED`: each import, as
    written (``from negaviz import record``), or ``names negaviz`` where the code names
    it otherwise (``importlib.import_module("negaviz")``); comments are not read."""
    code = _MAGIC.sub("", source)
    found: list[str] = []
    try:
        tree = ast.parse(code)
    except SyntaxError:
        tree = None
    if tree is not None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [f"import {a.name}" for a in node.names if _ours(a.name)]
            elif isinstance(node, ast.ImportFrom) and node.module and _ours(node.module) and node.level == 0:
                names = [a.name for a in node.names if (node.module, a.name) not in ALLOWED]
                if names:
                    found.append(f"from {node.module} import {', '.join(names)}")
    if not found and _NAMED.search(_without_comments_and_allowed(code, tree)):
        found.append("names negaviz")
    return found


def _ours(module: str) -> bool:
    return module == "negaviz" or module.startswith("negaviz.")


def _without_comments_and_allowed(code: str, tree: ast.Module | None) -> str:
    """``code`` without its comments and the allowed imports (what is left may name negaviz)."""
    lines = code.splitlines()
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.ImportFrom) and all((node.module, a.name) in ALLOWED for a in node.names):
            for i in range(node.lineno - 1, (node.end_lineno or node.lineno)):
                lines[i] = ""
    code = "\n".join(lines) + "\n"
    try:
        return " ".join(tok.string for tok in tokenize.generate_tokens(io.StringIO(code).readline)
                        if tok.type != tokenize.COMMENT)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return "\n".join(re.sub(r"#.*", "", line) for line in lines)


def answer_cells(notebook: Path) -> list[tuple[str, str]]:
    """(cell's name, source) of each nbgrader answer cell (a code cell marked ``solution``)
    of ``notebook``; none where it is not a notebook file of at most 16 MiB (16 times a
    record's limit: a notebook holds its outputs)."""
    try:
        if notebook.stat().st_size > MAX_BYTES * 16 or not notebook.is_file():
            return []
        data: Any = json.loads(notebook.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return []
    cells = data.get("cells") if isinstance(data, dict) else None
    out = []
    for i, cell in enumerate(cells if isinstance(cells, list) else []):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        meta = cell.get("metadata", {})
        nb = meta.get("nbgrader", {}) if isinstance(meta, dict) else {}
        if not (isinstance(nb, dict) and nb.get("solution") is True):
            continue
        source = cell.get("source", "")
        source = "".join(map(str, source)) if isinstance(source, list) else str(source)
        out.append((str(nb.get("grade_id") or f"cell {i + 1}"), source))
    return out


def notebook_signals(record: str, student: str) -> list[Signal]:
    """:data:`SOLVER` signals of the graded notebooks beside ``record`` (``*.ipynb`` in its folder)."""
    folder = Path(record).parent
    out = []
    try:
        notebooks = sorted(p for p in folder.glob("*.ipynb") if p.is_file())
    except OSError:
        return []
    for nb in notebooks:
        for name, source in answer_cells(nb):
            used = solver_uses(source)
            if used:
                out.append(Signal(student, SOLVER, f"{nb.name}, cell {name}", "; ".join(used), record))
    return out


def signals(book: Any) -> list[Signal]:
    """Every signal of a gradebook's graded records: the notebooks beside each record
    (:func:`notebook_signals`), and each exercise whose answers changed after the page
    showed them (:meth:`negaviz.quiz.attempt.Answered.events`); by student, in the order graded."""
    out: list[Signal] = []
    seen: set[str] = set()
    for g in book.graded:
        if g.source not in seen:
            seen.add(g.source)
            out += notebook_signals(g.source, g.who)
        checks, shows, changed = g.answered.events()
        if changed:
            out.append(Signal(g.who, SHOWN, f"exercise {g.exercise}",
                              f"{_times(checks, 'check')}, answers shown {_times(shows, 'time')}, then changed",
                              g.source))
    order = list(dict.fromkeys(g.who for g in book.graded))
    return sorted(out, key=lambda s: (order.index(s.student), KINDS.index(s.kind)))


def _times(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def counts(found: Iterable[Signal]) -> dict[str, tuple[int, int]]:
    """Each kind of signal: (distinct students, signals)."""
    out: dict[str, tuple[set[str], int]] = {k: (set(), 0) for k in KINDS}
    for s in found:
        who, n = out[s.kind]
        who.add(s.student)
        out[s.kind] = (who, n + 1)
    return {k: (len(who), n) for k, (who, n) in out.items()}


def signal_lines(found: Iterable[Signal]) -> list[str]:
    """A line per signal, for the staff's terminal: ``flagged: FILE: student S: what``."""
    return [f"flagged: {os.fspath(s.source)}: {s.student}: {s.kind} ({s.where}: {s.detail}); graded as any other"
            for s in found]
