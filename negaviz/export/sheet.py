"""Exercise sheets for a class: numbered alpha-beta exercises of a chosen difficulty as one
offline HTML page, their answer key in Markdown, and the trees as a printable PDF.

A sheet is a list of :class:`~negaviz.quiz.Exercise` made by
:func:`~negaviz.quiz.exercise` with the difficulty asked for, each from its own seed,
drawn from the sheet's seed.  ``student`` gives each student a sheet of their own: the
sheet's seed is then made from the seed and the student's ID (:func:`student_seed`), and
the page, the key and the PDF say which.  The page is a list of exercises, each written
by :func:`exercise_html` alone; every tree in it is drawn whole by Graphviz's ``dot``,
leaf values as given, and the page loads nothing (a Content-Security-Policy forbids
every request).  Everything is deterministic: the same arguments give the same bytes.

``negaviz exercises --count 10 --depth 3 --branching 3 --cutoffs 3 --deep-cutoffs 1 --seed 7
-o sheet.html --key key.md --pdf trees.pdf`` writes all three.

>>> sheet = make_sheet(2, 2, 2, seed=7, cutoffs=1)
>>> [len(ex.trace.cut_nodes()) for ex in sheet.exercises], sheet.seed
([1, 1], 7)
>>> [line for line in key_markdown(sheet).splitlines() if line.startswith("Root value")][0]
'Root value: **−5** (minimax view: values for the first player); principal variation B E'
>>> [line for line in key_markdown(sheet).splitlines() if line.startswith("Cutoffs")][0]
'Cutoffs: 1. Edges cut: cut C to G'
>>> student_seed(7, "s1234567") == make_sheet(1, 2, 2, seed=7, student="s1234567").seed
True
"""

from __future__ import annotations

import hashlib
import html
import random
import re
from dataclasses import dataclass
from typing import Any

from negaviz import __version__
from negaviz.errors import InputError
from negaviz.quiz.exercises import Exercise, exercise
from negaviz.trace.trace import Trace
from negaviz.vocabulary import Perspective, check_flag, check_int, check_perspective, check_seed, check_text, fmt, printable

__all__ = ["Sheet", "make_sheet", "exercise_html", "sheet_html", "key_markdown", "trees_pdf"]

MAX_COUNT = 100
"""The most exercises on one sheet (a term of weekly practice is far fewer)."""
MAX_STUDENT = 64
"""The longest student ID (a student number, a login, an e-mail address)."""

INK = "#222222"
"""The colour of every node, edge and value of an exercise tree: all alike, and dark enough to print."""

CSP = "default-src 'none'; style-src 'unsafe-inline'"
"""The page fetches nothing and runs no script: its trees are inline SVG."""


@dataclass(frozen=True)
class Sheet:
    """A sheet of exercises, and how it was made."""

    exercises: tuple[Exercise, ...]
    """The exercises, numbered from 1 in this order."""
    seed: int
    """The seed the exercises' seeds were drawn from: the sheet's seed, or made from it and the student."""
    given_seed: int
    """The seed asked for."""
    student: str | None
    """The student the sheet is for, if any."""
    depth: int
    """Plies from the root to every leaf."""
    branching: int
    """Children of every inner node."""
    difficulty: str
    """The difficulty asked for, in words."""

    @property
    def id(self) -> str:
        """The sheet's opaque id, printed on it instead of its seed (from a seed,
        ``negaviz exercises --seed S --key`` rebuilds the key): the first 10 hex digits of
        SHA-256 of the sheet's trees, so staff find a sheet by it in the keys, and it tells
        a student nothing the sheet does not already show."""
        made = "\n".join([self.difficulty, str(self.student), *(f"{ex.perspective} {ex.text}" for ex in self.exercises)])
        return hashlib.sha256(made.encode("utf-8")).hexdigest()[:10]


def student_seed(seed: int, student: str) -> int:
    """A sheet seed for ``student``: the first 4 bytes of SHA-256 of ``"seed:student"``, so
    the same seed and ID always give the same sheet, on any machine and Python."""
    digest = hashlib.sha256(f"{check_seed(seed)}:{student}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big")


def check_student(student: Any) -> str | None:
    """``student`` if it is None or an ID that can go on a page: 1 to 64 printable characters."""
    check_text(student, "student", none=True)
    if student is not None and (not student.strip() or len(student) > MAX_STUDENT or printable(student) != student
                                or "\n" in student or "\t" in student):
        raise InputError(f"student must be an ID of 1 to {MAX_STUDENT} printable characters on one line, "
                         f"not {student[:MAX_STUDENT]!r}")
    return student


def _difficulty(cutoffs: int | None, deep_cutoffs: int | None, ties: bool | None) -> str:
    parts = []
    if cutoffs is not None:
        parts.append(f"{cutoffs} cutoff{'s' if cutoffs != 1 else ''}")
    if deep_cutoffs:
        parts.append(f"at least {deep_cutoffs} above the leaves' parents")
    parts.append({None: "ties may happen", False: "no tied leaf values", True: "tied leaf values",
                  "beta": "a tie at β (cutting on equality or not matters)"}[ties])
    return ", ".join(parts)


def make_sheet(
    count: int,
    depth: int,
    branching: int,
    *,
    seed: int,
    cutoffs: int | None = None,
    deep_cutoffs: int | None = None,
    ties: bool | None = False,
    student: str | None = None,
    perspective: Perspective = "minimax",
) -> Sheet:
    """``count`` alpha-beta exercises on trees of ``depth`` and ``branching`` with the
    difficulty asked for (see :func:`~negaviz.quiz.random_tree`; no ties unless asked).
    Answers are in the ``minimax`` view (values for the first player, as the leaves are
    given) unless ``perspective`` is ``negamax``."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise InputError(f"count must be a whole number from 1 to {MAX_COUNT} (exercises on a sheet), not {count!r}")
    given = check_seed(seed)
    check_perspective(perspective)
    student = check_student(student)
    sheet_seed = given if student is None else student_seed(given, student)
    rng = random.Random(sheet_seed)
    exercises = tuple(
        exercise(depth, branching, rng.randrange(2**32), perspective=perspective, cutoffs=cutoffs,
                 deep_cutoffs=deep_cutoffs, ties=ties)
        for _ in range(count)
    )
    return Sheet(exercises, sheet_seed, given, student, depth, branching, _difficulty(cutoffs, deep_cutoffs, ties))


# ------------------------------------------------------------------------------ pictures
def exercise_node_style(view: Any) -> dict[str, str]:
    """Every node of an exercise alike (the search has not begun), in ink that prints."""
    return {"shape": "ellipse", "style": "solid", "color": INK, "fontcolor": INK, "penwidth": "1.2"}


def exercise_edge_style(view: Any) -> dict[str, str]:
    """Every edge alike: which ones are cut is the exercise."""
    return {"color": INK}


def picture(ex: Exercise, caption: str = "") -> Any:
    """The exercise's tree drawn whole before the search (leaf values as given: for the
    first player), as a graphviz Digraph; ``caption`` is its only text beside the nodes."""
    from negaviz.render import draw  # drawing needs graphviz: import on use

    drawing = draw(ex.trace, step=0, perspective="minimax", legend=False,
                   node_style=exercise_node_style, edge_style=exercise_edge_style)
    # Step 0's caption would say how many steps the search takes: a hint.
    drawing.attr("graph", label=caption, labelloc="t", fontsize="14")
    return drawing


def _svg(ex: Exercise, number: int) -> str:
    from negaviz.render.output import svg_element, to_svg

    svg = svg_element(to_svg(picture(ex)))
    return re.sub(r'\bid="', f'id="ex{number}-', svg)  # ids unique on a page of many trees


def _task(ex: Exercise) -> str:
    view = ("values for the first player (▲ MAX), as the leaves are given" if ex.perspective == "minimax"
            else "each node's value for the side to move there (negamax)")
    return (
        "Search this tree with alpha-beta, children left to right, starting with the window (−∞, ∞) at A. "
        f"Write the value of every inner node ({view}) and the window (α, β) each node is searched with, "
        "and cross out every edge alpha-beta never follows (the moves a cutoff skips). Where a node fails "
        "high or low, its value is a bound: the best value found (fail-soft) or the window's edge (fail-hard)."
    )


def exercise_html(exercise: Exercise, number: int) -> str:
    """One exercise as an HTML ``<section>``: its number, the task, and its tree drawn by
    ``dot``.  The sheet is a list of these, so a page can swap in another rendering."""
    if not isinstance(exercise, Exercise):
        raise InputError(f"exercise must be an Exercise from negaviz.quiz.exercise, not {type(exercise).__name__}")
    check_int(number, "number", low=1)
    return (
        f'<section class="exercise" id="exercise-{number}">\n'
        f'<h2>Exercise {number}</h2>\n<p class="student">Name: ______________________ Student ID: ____________</p>\n'
        f"<p>{html.escape(_task(exercise))}</p>\n"
        f'<p class="conventions">Conventions: {html.escape(conventions(exercise))}</p>\n'
        f'<figure>{_svg(exercise, number)}<figcaption>The tree as text: <code>{html.escape(exercise.text)}</code>'
        "</figcaption></figure>\n</section>\n"
    )


def practice_html(exercise: Exercise, number: int) -> str:
    """One exercise as a section with its tree in a practice stepper (:mod:`negaviz.quiz.practice`):
    values typed on the nodes, cut edges clicked, checked in the page, with the search
    to step through afterwards.  The page carries :func:`~negaviz.frontend.page.stepper_script` once."""
    from negaviz.frontend.page import stepper_block
    from negaviz.frontend.scene import Scene

    if not isinstance(exercise, Exercise):
        raise InputError(f"exercise must be an Exercise from negaviz.quiz.exercise, not {type(exercise).__name__}")
    check_int(number, "number", low=1)
    scene = Scene(exercise.trace, layout="dot", practice="tree")
    block = stepper_block([scene], f"negaviz-ex{number}", perspective=exercise.perspective, autofocus=False)
    return (
        f'<section class="exercise" id="exercise-{number}">\n'
        f"<h2>Exercise {number}</h2>\n<p>{html.escape(_task(exercise))}</p>\n{block}"
        f"<p>The tree as text: <code>{html.escape(exercise.text)}</code></p>\n</section>\n"
    )


def check_sheet(sheet: Any) -> Sheet:
    """``sheet`` if it is a :class:`Sheet`, else an InputError."""
    if not isinstance(sheet, Sheet):
        raise InputError(f"sheet must be a Sheet from make_sheet, not {type(sheet).__name__}")
    return sheet


def _who(sheet: Sheet, *, lecturer: bool = False) -> str:
    """Whose sheet, and its opaque id (:attr:`Sheet.id`); the seeds only for the lecturer
    (from a sheet's seed ``negaviz exercises --key`` rebuilds its key, and from the class's
    seed and another student's ID, that student's sheet)."""
    whose = "" if sheet.student is None else f"student {sheet.student}, "
    if not lecturer:
        return f"{whose}sheet {sheet.id}"
    made = "" if sheet.student is None else f" (made from seed {sheet.given_seed} and the student's ID)"
    return f"{whose}sheet {sheet.id}, seed {sheet.seed}{made}"


_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222; }
section.exercise { margin: 2em 0; }
figure { margin: 1em 0; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.85em; color: #555; margin-top: 0.5em; }
@media print { section.exercise { break-inside: avoid; page-break-inside: avoid; } }
"""
_PAPER = """
p.student { text-align: right; }
@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body { margin: 0; max-width: none; }
  h1, p.about { display: none; }
  section.exercise { margin: 0; break-after: page; page-break-after: always; }
  section.exercise:last-child { break-after: auto; page-break-after: auto; }
  figure svg { width: 100%; max-height: 130mm; }
}
"""
"""How a paper sheet (no steppers) prints: one exercise a page, its task, conventions and tree across it."""


def sheet_html(sheet: Sheet, *, title: str | None = None, practice: bool = True) -> str:
    """The sheet as one self-contained HTML page that fetches nothing.  ``practice``: each
    tree in a practice stepper, answered on the picture and checked in the page (it
    carries the answers, as any self-checking page must); else each tree drawn, with no
    script, for paper."""
    check_sheet(sheet)
    check_text(title, "title", none=True)
    check_flag(practice, "practice")
    heading = title or "Alpha-beta exercises"
    about = (f"{len(sheet.exercises)} exercise{'s' if len(sheet.exercises) != 1 else ''} on trees of depth "
             f"{sheet.depth} and branching {sheet.branching}; {sheet.difficulty}; {_who(sheet)}. "
             f"Made by negaviz {__version__}; this page works offline and loads nothing.")
    if practice:
        from negaviz.frontend.page import CSP as STEPPER_CSP
        from negaviz.frontend.page import stepper_script

        body = "".join(practice_html(ex, i) for i, ex in enumerate(sheet.exercises, 1)) + stepper_script()
        about += " Answer on each tree, then press check: the page checks your answers."
    else:
        body = "".join(exercise_html(ex, i) for i, ex in enumerate(sheet.exercises, 1))
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{STEPPER_CSP if practice else CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(heading)}</title>\n<style>{_STYLE}{'' if practice else _PAPER}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(heading)}</h1>\n<p class=\"about\">{html.escape(about)}</p>\n{body}</body>\n</html>\n"
    )


# ------------------------------------------------------------------------------ the key
def cuts(ex: Exercise) -> list[str]:
    """Every edge a cutoff skips, as ``cut C to G``, in the order the search makes them."""
    t = ex.trace
    return [f"cut {t.label(nid)} to {name}" for nid, _ in t.pruned() for name in t.names.skipped(nid)]


def _exercise_key(ex: Exercise, number: int) -> list[str]:
    t = ex.trace
    view = "minimax view: values for the first player" if ex.perspective == "minimax" else \
        "negamax view: values for the side to move"
    rows = ["| node | window (α, β) | value |", "|---|---|---|"]
    for n in t.nodes:
        if n.moves:  # inner nodes the search entered, in the order it entered them
            (a, b), value = ex.answer(n.id)
            rows.append(f"| {t.label(n.id)} | ({fmt(a)}, {fmt(b)}) | {value} |")
    skipped = cuts(ex)
    never = t.pruned_labels()
    return [
        f"## Exercise {number}",
        "",
        f"Seed {ex.seed}; tree `{ex.text}`",
        "",
        f"Root value: **{fmt(t.value)}** ({view}); principal variation {' '.join(t.pv_names()) or '-'}",
        "",
        f"Cutoffs: {len(t.cut_nodes())}. Edges cut: " + (", ".join(skipped) if skipped else "none"),
        "",
        f"Never visited: {' '.join(never) if never else 'none'}",
        "",
        "Every inner node the search enters, in the order entered:",
        "",
        *rows,
        "",
    ]


def key_markdown(sheet: Sheet) -> str:
    """The answer key in Markdown: for each exercise its root value, every inner node's
    window and value, and the edges cut, as ``cut C to G``."""
    check_sheet(sheet)
    lines = [
        "# Answer key",
        "",
        f"{len(sheet.exercises)} exercises on trees of depth {sheet.depth} and branching {sheet.branching}; "
        f"{sheet.difficulty}; {_who(sheet, lecturer=True)}.",
        "",
        "Alpha-beta, children left to right, fail-soft; a bound is marked, with the values accepted for it "
        "(from the window's edge, fail-hard, to the best value found, fail-soft).",
        "",
    ]
    return "\n".join(lines + [line for i, ex in enumerate(sheet.exercises, 1) for line in _exercise_key(ex, i)])


# ------------------------------------------------------------------------------ the PDF
def conventions(ex: Exercise) -> str:
    """The conventions a sheet for paper states beside the task: who moves where, whose
    values the leaves give and the answers take, and the order of children."""
    view = ("leaf values are for ▲ MAX, and so is every value you write (minimax view)" if ex.perspective == "minimax"
            else "leaf values are for ▲ (the first player); write each node's value for the side to move there "
            "(negamax view: a child's value negated" + ("" if ex.tree.alternates else
                                                          ", but kept as it is where the same side moves again") + ")")
    return (f"▲ marks a node where MAX (the first player) moves, ▼ where MIN moves; {view}. Children are searched "
            "left to right; the root's window is (−∞, ∞).")


def trees_pdf(sheet: Sheet) -> bytes:
    """The sheet as an exam to print (:mod:`negaviz.export.exam`): one tree a page, A4
    landscape, each page with the task, the conventions, a field for the student's name
    and ID, ▲/▼ on every node, dark leaf values, labels of 11 pt, the tree across the
    page and boxes for each inner node's window and value.  Drawn by Graphviz's ``neato``
    (nodes pinned where the layout puts them), joined by pypdf."""
    check_sheet(sheet)
    from negaviz.extras import require

    require("graphviz", "pypdf", purpose="a PDF of the trees")  # neato draws each page, pypdf joins them
    from negaviz.export.exam import exam_pdf, fit, page

    pages = []
    for i, ex in enumerate(sheet.exercises, 1):
        scale = fit(ex.tree)
        boxes = " Under each inner node, write its window (α, β) in the upper box and its value in the lower one."
        pages.append((page(ex.tree, number=i, task=_task(ex), conventions=conventions(ex) + boxes, who=_who(sheet),
                           scale=scale), scale))
    return exam_pdf(pages, f"Alpha-beta exercises, {_who(sheet)}", f"negaviz {__version__}")
