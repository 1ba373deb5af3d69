"""The class report: which named mistakes the class made, on which exercise and where.

Each exercise graded (:mod:`negaviz.quiz.gradebook`) that is not all right counts once,
under the mistake the grader names (``other`` when no known misconception explains
it) and the *role* of the first wrong node in its search (:func:`role`: "a node that
fails high", "the first cut"...), not its name: each student has a tree of their own,
and B in one is not B in another.  Each misconception also counts its distinct students
and their share of the class.  The report is a CSV and one HTML page with a bar chart
drawn as inline SVG (nothing to install, nothing fetched), so a lecturer sees in one
page what to re-teach.  It is anonymous, to project: no student ID and no file in it,
unless ``names`` (for staff).

>>> from negaviz.quiz.attempt import Answer, Answered, Exercise
>>> from negaviz.quiz.gradebook import Gradebook, Graded, grade_answered
>>> ex = Exercise("ex1", "tree", "A(B(D:7 E:5) C(F:3 G:1 H:9))", "alphabeta", False, "negamax")
>>> item = Answered(ex, (Answer("value", "A", "5"), Answer("value", "B", "5"), Answer("value", "C", "3")))
>>> book = Gradebook((Graded("a.json", "s1", "ex1", grade_answered(item), item),), ())
>>> [(r.exercise, r.mistake, r.role, r.students, r.example) for r in mistake_rows(book)]
[('ex1', 'negation', 'a node with an exact value', 1, 'B = 5')]
>>> mistake_rows(book, names=True)[0].example
's1 (a.json): B = 5'
>>> [(m.mistake, m.students, m.share) for m in misconception_rows(book, class_size=4)]
[('negation', 1, 0.25)]
"""

from __future__ import annotations

import csv
import html
import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from negaviz.errors import InputError
from negaviz.vocabulary import check_flag, shown
from negaviz.quiz.gradebook import Gradebook, Graded, search
from negaviz.conventions import current
from negaviz.quiz.integrity import KINDS, Signal, counts, signals
from negaviz.quiz.mistakes import MISTAKES, practised

__all__ = ["class_report"]

OTHER = "other"
"""The row of wrong answers no known misconception explains."""
CSV_COLUMNS = ("exercise", "mistake", "title", "role", "students", "example")
ROLES = ("the root", "a node that fails high", "a node that fails low", "a node with an exact value",
         "the first cut", "a later cut", "a move that is tried, marked cut")
"""What the first wrong node is in its search, in the order the report lists them."""


@dataclass(frozen=True)
class Row:
    """How many students made one mistake on one exercise, first wrong at a node of one role."""

    exercise: str
    mistake: str
    """A mistake id of :data:`~negaviz.quiz.mistakes.MISTAKES`, or ``other``."""
    role: str
    """The first wrong node's role in the search (one of :data:`ROLES`)."""
    students: int
    example: str
    """One student's answer there (``B = 5``; with names, ``s1 (a.json): B = 5``)."""

    @property
    def title(self) -> str:
        return _titles().get(self.mistake, "a wrong answer no known mistake explains")


def _titles() -> dict[str, str]:
    """Each practice mistake's title, as the course's conventions name it (:mod:`negaviz.conventions`)."""
    return {m.id: m.title for m in practised(current().cut)}


_ORDER = {m.id: i for i, m in enumerate(MISTAKES)} | {OTHER: len(MISTAKES)}


def role(g: Graded) -> str:
    """The first wrong node's role in its own search (:data:`ROLES`), read in the negamax
    view, where a node fails high when its value reaches β and low when it is at most α."""
    from negaviz.quiz.grading import answer_key

    node = g.grade.first_wrong
    key = answer_key(search(g.answered.exercise), perspective="negamax", mistakes=False)
    if node in key.cuts:
        first = min(key.cuts, key=lambda n: key.cuts[n]["step"])
        return ROLES[4] if node == first else ROLES[5]
    if node in g.grade.extra_cuts:
        return ROLES[6]
    if node not in key.windows or node not in key.values:
        return ROLES[0]
    value, (alpha, beta) = key.values[node]["value"], key.windows[node]["window"]
    return ROLES[1] if value >= beta else ROLES[2] if value <= alpha else ROLES[3]


def _example(g: Graded, names: bool) -> str:
    node = g.grade.first_wrong or "?"
    values, windows, cut = g.answered.given()
    if node in g.grade.missed_cuts:
        said = f"{node} not cut"
    elif node in g.grade.extra_cuts:
        said = f"{node} cut"
    elif node in g.grade.wrong_windows and node in windows:
        said = f"{node} window {windows[node]}"
    elif node in values:
        said = f"{node} = {values[node]}"
    else:
        said = f"{node} not answered"
    return f"{g.who} ({g.source}): {said}" if names else said


def _wrong(book: Gradebook) -> list[Graded]:
    """The exercises graded that hold a wrong answer (unanswered-only attempts are not mistakes)."""
    return [g for g in book.graded if not g.grade.correct and g.grade.first_wrong is not None]


def mistake_rows(book: Gradebook, *, names: bool = False) -> list[Row]:
    """A row per (exercise, mistake, role of the first wrong node), in exercise order,
    then by the mistakes' order and the roles'; examples name no one unless ``names``."""
    counts: Counter[tuple[str, str, str]] = Counter()
    examples: dict[tuple[str, str, str], str] = {}
    for g in _wrong(book):
        key = (g.exercise, g.grade.mistake or OTHER, role(g))
        counts[key] += 1
        examples.setdefault(key, _example(g, names))
    exercises = list(dict.fromkeys(g.exercise for g in book.graded))
    return [Row(*key, counts[key], examples[key])
            for key in sorted(counts, key=lambda k: (exercises.index(k[0]), _ORDER[k[1]], ROLES.index(k[2])))]


@dataclass(frozen=True)
class Misconception:
    """How many distinct students showed one mistake, on any exercise, and their share of the class."""

    mistake: str
    title: str
    students: int
    share: float
    """``students`` over the class's size (the roster, else the students graded)."""


def misconception_rows(book: Gradebook, *, class_size: int | None = None) -> list[Misconception]:
    """A row per mistake: the distinct students who made it (a student who makes it on
    three exercises counts once), and their share of ``class_size``."""
    who: dict[str, set[str]] = {}
    for g in _wrong(book):
        who.setdefault(g.grade.mistake or OTHER, set()).add(g.who)
    size = class_size or len(book.by_student()) or 1
    titles = _titles()
    return [Misconception(m, titles.get(m, "a wrong answer no known mistake explains"), len(s), round(len(s) / size, 4))
            for m, s in sorted(who.items(), key=lambda kv: _ORDER[kv[0]])]


def report_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for r in rows:
        w.writerow([r.exercise, r.mistake, r.title, r.role, r.students, r.example])
    return out.getvalue()


BAR = 22
"""Height of a bar in the chart, in pixels."""
INK = "#222222"
BAR_FILL = "#0072B2"  # Okabe-Ito blue: dark enough for white-on-bar text, and the count is also written beside it


def chart_svg(rows: list[Row]) -> str:
    """Students per mistake and exercise, a horizontal bar each, as inline SVG."""
    totals: Counter[tuple[str, str]] = Counter()
    for r in rows:
        totals[(r.exercise, r.mistake)] += r.students
    if not totals:
        return '<p class="none">No mistakes: every answer graded is right.</p>'
    top = max(totals.values())
    label_w, bar_w = 330, 360
    height = BAR * len(totals) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{label_w + bar_w + 60}" height="{height}" '
             f'aria-label="Students per mistake and exercise" font-family="Helvetica, Arial, sans-serif" font-size="13">']
    titles = _titles()
    for i, ((ex, mid), n) in enumerate(totals.items()):
        y = 10 + i * BAR
        w = max(2, round(bar_w * n / top))
        text = html.escape(f"{ex}: {titles.get(mid, 'other wrong answers')}")
        parts.append(f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end" fill="{INK}">{text}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 2}" width="{w}" height="{BAR - 6}" fill="{BAR_FILL}"/>')
        parts.append(f'<text x="{label_w + w + 6}" y="{y + 15}" fill="{INK}">{n}</text>')
    parts.append("</svg>")
    return "".join(parts)


def signals_html(found: Sequence[Signal], *, names: bool, class_size: int) -> str:
    """The report's section on integrity signals (:mod:`negaviz.quiz.integrity`): each kind's
    distinct students and share of the class, what it is and is not; with ``names``, a row
    per student and signal (for staff)."""
    said = counts(found)
    rows = "".join(f"<tr><td>{html.escape(kind)}</td><td class=n>{said[kind][0]}</td>"
                   f"<td class=n>{said[kind][0] / (class_size or 1):.0%}</td><td class=n>{said[kind][1]}</td></tr>\n"
                   for kind in KINDS)
    named = "".join(f"<tr><td>{html.escape(s.student)}</td><td>{html.escape(s.kind)}</td><td>{html.escape(s.where)}"
                    f"</td><td>{html.escape(s.detail)}</td><td>{html.escape(s.source)}</td></tr>\n" for s in found)
    return (
        "<h2>Integrity signals</h2>\n<table><thead><tr><th>signal</th><th>students</th><th>share of the class</th>"
        f"<th>times</th></tr></thead><tbody>\n{rows}</tbody></table>\n"
        "<p>Signals, not proof: every record is graded as any other. An answer cell (nbgrader's solution cell) that "
        "imports or names negaviz beyond <code>write_answers</code> may have computed its answers with negaviz "
        "(a student may also have checked an answer found by hand; a cell can hide what it calls, and negaviz can "
        "run in another notebook). A practice stepper's record lists each check and each time the page showed the "
        "search's answers (show me, or stepping through the search after a check); an exercise whose answers "
        "changed after that is counted. A record saved by a notebook is a file its student can edit, and records "
        "from pages before negaviz listed these events carry none: no signal proves nothing.</p>\n"
        + ("<table><thead><tr><th>student</th><th>signal</th><th>where</th><th>what</th><th>record</th></tr></thead>"
           f"<tbody>\n{named}</tbody></table>\n" if names and found else "")
    )


def report_html(book: Gradebook, *, title: str = "Mistakes the class made", names: bool = False,
                class_size: int | None = None, found: Sequence[Signal] | None = None) -> str:
    """The class report as one offline page: each misconception's students and share of
    the class, the chart, then a table of every row, then the integrity signals
    (``found``, default: :func:`negaviz.quiz.integrity.signals` of ``book``).  Anonymous
    unless ``names``."""
    rows = mistake_rows(book, names=names)
    found = signals(book) if found is None else found
    size = class_size or len(book.by_student())
    students = len(book.by_student())
    right = sum(1 for g in book.graded if g.grade.correct)
    shares = "".join(f"<tr><td>{html.escape(m.title)}</td><td class=n>{m.students}</td>"
                     f"<td class=n>{m.share:.0%}</td></tr>\n" for m in misconception_rows(book, class_size=size))
    cells = "".join(
        f"<tr><td>{html.escape(r.exercise)}</td><td>{html.escape(r.title)}</td><td>{html.escape(r.role)}</td>"
        f"<td class=n>{r.students}</td><td>{html.escape(r.example)}</td></tr>\n" for r in rows)
    refused = "".join(f"<li>{html.escape(why)}</li>" for _, why in book.refused) if names else ""
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"<title>{html.escape(title)}</title><style>body{{font-family:Helvetica,Arial,sans-serif;max-width:60em;"
        "margin:2em auto;padding:0 1em;color:#222}table{border-collapse:collapse}td,th{border-bottom:1px solid #ccc;"
        "padding:.3em .6em;text-align:left}td.n{text-align:right}</style></head><body>\n"
        f"<h1>{html.escape(title)}</h1>\n<p>{students} student(s) graded of a class of {size}, "
        f"{len(book.graded)} exercise(s) graded, {right} all right; {len(book.refused)} record(s) refused. Each wrong "
        "exercise counts once, under the mistake the grader names and the role of its first wrong node.</p>\n"
        "<h2>Misconceptions in the class</h2>\n<table><thead><tr><th>mistake</th><th>students</th>"
        f"<th>share of the class</th></tr></thead><tbody>\n{shares}</tbody></table>\n"
        f"<figure>{chart_svg(rows)}</figure>\n"
        "<table><thead><tr><th>exercise</th><th>mistake</th><th>first wrong at</th><th>students</th>"
        f"<th>one example</th></tr></thead><tbody>\n{cells}</tbody></table>\n"
        + signals_html(found, names=names, class_size=size)
        + (f"<h2>Refused</h2><ul>{refused}</ul>\n" if refused else "")
        + "</body></html>\n"
    )


def class_report(book: Gradebook, *, names: bool = False, roster: Sequence[str] | None = None,
                 found: Sequence[Signal] | None = None) -> tuple[str, str]:
    """The class report of ``book``: (HTML page, CSV); anonymous unless ``names``; the
    share of the class is of ``roster`` where given, else of the students graded; the
    integrity signals ``found`` (default: read from ``book``'s records and the notebooks
    beside them, :func:`negaviz.quiz.integrity.signals`)."""
    if not isinstance(book, Gradebook):
        raise InputError(f"book must be a Gradebook from grade_attempts, not {type(book).__name__}")
    check_flag(names, "names")
    if roster is not None and (isinstance(roster, (str, bytes)) or not isinstance(roster, Sequence)
                               or not all(isinstance(s, str) for s in roster)):
        raise InputError(f"roster must be a list of student IDs, or None, not {shown(roster)}")
    size = len(roster) if roster else None
    if found is not None and (isinstance(found, (str, bytes)) or not isinstance(found, Sequence)):
        raise InputError(f"found must be a list of integrity signals (negaviz.quiz.integrity.signals), or None, "
                         f"not {shown(found)}")
    found = signals(book) if found is None else found
    return (report_html(book, names=bool(names), class_size=size, found=found),
            report_csv(mistake_rows(book, names=bool(names))))
