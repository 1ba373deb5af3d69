"""Graded exercise pages: the given tree and answer fields, a *submit*, and no key.

A practice page grades in the page, so it carries the answer key; a page whose answers
count must not.  A graded page holds each exercise's tree drawn whole before the search
(labels and the leaves' given values only, as :func:`negaviz.export.sheet.exercise_html`
draws it), a field for every inner node's value (and window, for alpha-beta), a box for
every edge to cut, and *submit*, which downloads the attempt record
(:mod:`negaviz.quiz.attempt`) for staff to grade with ``negaviz grade-attempts``.  Nothing
of the recorded search is in it.

Each student's trees come from the course salt, which staff keep
(:func:`~negaviz.quiz.attempt.variant_seed`), and each exercise carries a seal, so one
student cannot make another's trees and a record that was edited is refused.

>>> page = graded_sheet_html(1, 2, 2, sheet="week3", student="s1", key_salt="a course's secret", cutoffs=1)
>>> "negaviz-submit" in page, '"accepted"' in page, '"keys"' in page
(True, False, False)
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

from negaviz import __version__
from negaviz.errors import InputError
from negaviz.export.sheet import check_student, exercise_html, make_sheet
from negaviz.games.protocol import label, restore
from negaviz.quiz.attempt import FORMAT, SCHEMA
from negaviz.quiz.salt import issued_exercise, seal, variant_seed
from negaviz.quiz.exercises import Exercise
from negaviz.quiz.words import WORDS
from negaviz.vocabulary import Perspective, check_flag, check_text, shown

__all__ = ["graded_sheet_html"]

CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'"
"""The page fetches nothing; its one script is the submit module, inline."""
SUBMIT_JS = resources.files("negaviz.frontend").joinpath("src").joinpath("practice-submit.js")
"""The front-end's submit module: the graded page runs it as it is (it imports nothing)."""


def fields(ex: Exercise) -> tuple[list[str], list[tuple[str, str]]]:
    """The exercise's inner nodes (a value field each), and its edges as (parent, child)
    (a cut box each), in tree order, by label."""
    game = ex.trace.game
    inner: list[str] = []
    edges: list[tuple[str, str]] = []
    stack = [game.root]
    while stack:
        pos = stack.pop()
        moves = game.moves(pos)
        if moves:
            inner.append(label(game, pos))
            children = [game.play(pos, m) for m in moves]
            edges += [(label(game, pos), label(game, c)) for c in children]
            stack.extend(reversed(children))
    restore(game)
    names = [label(game, game.root)] + [c for _, c in edges]
    if len(set(names)) < len(names):
        raise InputError(f"a graded page names nodes by label, and {ex.text!r} repeats one")
    edges.sort(key=lambda e: names.index(e[1]))
    return inner, edges


def _form(ex: Exercise, i: int, windows: bool) -> str:
    inner, edges = fields(ex)
    root = inner[0]
    rows = []
    for name in inner:
        n = html.escape(name)
        row = (f'<label>{n} returns <input type="text" size="6" data-exercise="{i}" data-kind="value" data-node="{n}" '
               f'aria-label="value of {n}"></label>')
        if windows and name != root:
            row += (f' <label>window <input type="text" size="10" placeholder="(α, β)" data-exercise="{i}" '
                    f'data-kind="window" data-node="{n}" aria-label="window of {n}"></label>')
        rows.append(f"<li>{row}</li>")
    cuts = "".join(f'<label class="cut"><input type="checkbox" data-exercise="{i}" data-kind="cut" data-node="'
                   f'{html.escape(c)}"> {html.escape(p)}–{html.escape(c)}</label> ' for p, c in edges)
    return (f'<div class="answers"><p>Values{" and windows" if windows else ""} (leave a node blank if the search '
            f'never reaches it):</p><ul>{"".join(rows)}</ul><p>Edges never followed (cut):</p><p>{cuts}</p></div>\n')


def graded_sheet_html(
    count: int, depth: int, branching: int, *, sheet: str, student: str, key_salt: str | bytes,
    cutoffs: int | None = None, deep_cutoffs: int | None = None, ties: bool | None = False,
    perspective: Perspective = "minimax", title: str | None = None, file: str | None = None,
) -> str:
    """A graded sheet for ``student``: ``count`` exercises of the difficulty asked for,
    made from the course salt, each with answer fields and one *submit* for the sheet,
    which downloads the record as ``file`` (default ``SHEET-STUDENT.json``)."""
    check_text(sheet, "sheet")
    check_text(file, "file", none=True)
    if not isinstance(key_salt, (str, bytes)):
        raise InputError(f"key_salt must be the course's secret salt (text), not {shown(key_salt)}")
    for what, flag in (("ties", ties),):
        if flag is not None:
            check_flag(flag, what)
    if not sheet.strip() or len(sheet) > 64 or "#" in sheet:
        raise InputError(f"sheet must be a name of 1 to 64 characters without '#', e.g. 'week3', not {sheet!r}")
    if check_student(student) is None:
        raise InputError("a graded sheet is made for one student: give student (their ID)")
    check_text(title, "title", none=True)
    made = make_sheet(count, depth, branching, seed=variant_seed(key_salt, sheet, student), cutoffs=cutoffs,
                      deep_cutoffs=deep_cutoffs, ties=ties, perspective=perspective)
    exercises = []
    sections = []
    for number, ex in enumerate(made.exercises, 1):
        variant = {"sheet": sheet, "number": number, "count": count, "depth": depth, "branching": branching,
                   "cutoffs": cutoffs, "deep_cutoffs": deep_cutoffs, "ties": ties, "perspective": perspective}
        issued = issued_exercise(key_salt, student, variant)
        if issued.position != ex.text:  # the sheet and the record's check must make the same trees
            raise RuntimeError(f"negaviz made exercise {number} two ways (a bug): {issued.position} and {ex.text}")
        exercises.append({**issued.to_json(), "seal": seal(key_salt, issued.id, student, variant)})
        sections.append(exercise_html(ex, number).replace("</section>\n", _form(ex, number - 1, True) + "</section>\n"))
    name = file or re.sub(r"[^\w.-]+", "_", f"{sheet}-{student}") + ".json"
    data = {"submit": {"format": FORMAT, "schema": SCHEMA, "negaviz": __version__, "student": student, "file": name,
                       "words": WORDS["submit"]},
            "exercises": exercises}
    heading = title or f"Graded exercises: {sheet}"
    script = SUBMIT_JS.read_text(encoding="utf-8") + "\nbootGradedPage(document);\n"
    payload = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        f"<title>{html.escape(heading)}</title>\n<style>body{{font-family:Helvetica,Arial,sans-serif;max-width:60em;"
        "margin:2em auto;padding:0 1em;color:#222}figure svg{max-width:100%;height:auto}.answers li{margin:.3em 0}"
        "label.cut{white-space:nowrap;margin-right:.8em}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(heading)}</h1>\n<p>For student {html.escape(student)}. Answer every exercise, then press "
        "<b>submit</b> and hand in the file it downloads. This page does not grade: your answers are graded by "
        f"the course staff. Made by negaviz {__version__}; it works offline and loads nothing.</p>\n"
        + "".join(sections)
        + '<p><button type="button" id="negaviz-submit">submit</button> <span id="negaviz-status" role="status">'
        "</span></p>\n"
        f'<script type="application/json" id="negaviz-graded">{payload}</script>\n'
        f'<script type="module">\n{script}</script>\n</body>\n</html>\n'
    )
