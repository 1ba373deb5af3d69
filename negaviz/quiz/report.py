"""The class report: which named mistakes the class made, on which exercise and node.

Each exercise graded (:mod:`negaviz.quiz.gradebook`) that is not all right counts once,
under the mistake the grader names (``other`` when no known misconception explains
it) and the first wrong node, with one example answer each.  The report is a CSV and
one HTML page with a bar chart drawn as inline SVG (nothing to install, nothing
fetched), so a lecturer sees in one page what to re-teach.

>>> from negaviz.quiz.attempt import Answer, Answered, Exercise
>>> from negaviz.quiz.gradebook import Gradebook, Graded, grade_answered
>>> ex = Exercise("ex1", "tree", "A(B(D:7 E:5) C(F:3 G:1 H:9))", "alphabeta", False, "negamax")
>>> item = Answered(ex, (Answer("value", "A", "5"), Answer("value", "B", "5"), Answer("value", "C", "3")))
>>> rows = mistake_rows(Gradebook((Graded("a.json", "s1", "ex1", grade_answered(item), item),), ()))
>>> [(r.exercise, r.mistake, r.node, r.students, r.example) for r in rows]
[('ex1', 'negation', 'B', 1, 's1: B = 5')]
"""

from __future__ import annotations

import csv
import html
import io
from collections import Counter
from dataclasses import dataclass

from negaviz.errors import InputError
from negaviz.quiz.gradebook import Gradebook, Graded
from negaviz.conventions import current
from negaviz.quiz.mistakes import MISTAKES, practised

__all__ = ["class_report"]

OTHER = "other"
"""The row of wrong answers no known misconception explains."""
CSV_COLUMNS = ("exercise", "mistake", "title", "node", "students", "example")


@dataclass(frozen=True)
class Row:
    """How many students made one mistake on one exercise, first wrong at one node."""

    exercise: str
    mistake: str
    """A mistake id of :data:`~negaviz.quiz.mistakes.MISTAKES`, or ``other``."""
    node: str
    """The first wrong node (or cut) in search order."""
    students: int
    example: str
    """One student's answer there: ``student: B = 5``."""

    @property
    def title(self) -> str:
        return _titles().get(self.mistake, "a wrong answer no known mistake explains")


def _titles() -> dict[str, str]:
    """Each practice mistake's title, as the course's conventions name it (:mod:`negaviz.conventions`)."""
    return {m.id: m.title for m in practised(current().cut)}


_ORDER = {m.id: i for i, m in enumerate(MISTAKES)} | {OTHER: len(MISTAKES)}


def _example(g: Graded) -> str:
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
    return f"{g.student or g.source}: {said}"


def mistake_rows(book: Gradebook) -> list[Row]:
    """A row per (exercise, mistake, first wrong node), in exercise order, then by the
    mistakes' order; unanswered-only attempts are not mistakes and are not counted."""
    counts: Counter[tuple[str, str, str]] = Counter()
    examples: dict[tuple[str, str, str], str] = {}
    for g in book.graded:
        if g.grade.correct or g.grade.first_wrong is None:
            continue
        key = (g.exercise, g.grade.mistake or OTHER, g.grade.first_wrong)
        counts[key] += 1
        examples.setdefault(key, _example(g))
    exercises = list(dict.fromkeys(g.exercise for g in book.graded))
    return [Row(*key, counts[key], examples[key])
            for key in sorted(counts, key=lambda k: (exercises.index(k[0]), _ORDER[k[1]], k[2]))]


def report_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for r in rows:
        w.writerow([r.exercise, r.mistake, r.title, r.node, r.students, r.example])
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


def report_html(book: Gradebook, *, title: str = "Mistakes the class made") -> str:
    """The class report as one offline page: the chart, then a table of every row."""
    rows = mistake_rows(book)
    students = len({(g.source, g.student) for g in book.graded})
    right = sum(1 for g in book.graded if g.grade.correct)
    cells = "".join(
        f"<tr><td>{html.escape(r.exercise)}</td><td>{html.escape(r.title)}</td><td>{html.escape(r.node)}</td>"
        f"<td class=n>{r.students}</td><td>{html.escape(r.example)}</td></tr>\n" for r in rows)
    refused = "".join(f"<li>{html.escape(why)}</li>" for _, why in book.refused)
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"<title>{html.escape(title)}</title><style>body{{font-family:Helvetica,Arial,sans-serif;max-width:60em;"
        "margin:2em auto;padding:0 1em;color:#222}table{border-collapse:collapse}td,th{border-bottom:1px solid #ccc;"
        "padding:.3em .6em;text-align:left}td.n{text-align:right}</style></head><body>\n"
        f"<h1>{html.escape(title)}</h1>\n<p>{students} record(s), {len(book.graded)} exercise(s) graded, "
        f"{right} all right; {len(book.refused)} record(s) refused. Each wrong exercise counts once, under the "
        "mistake the grader names and its first wrong node.</p>\n"
        f"<figure>{chart_svg(rows)}</figure>\n"
        "<table><thead><tr><th>exercise</th><th>mistake</th><th>first wrong at</th><th>students</th>"
        f"<th>one example</th></tr></thead><tbody>\n{cells}</tbody></table>\n"
        + (f"<h2>Refused</h2><ul>{refused}</ul>\n" if refused else "")
        + "</body></html>\n"
    )


def class_report(book: Gradebook) -> tuple[str, str]:
    """The class report of ``book``: (HTML page, CSV)."""
    if not isinstance(book, Gradebook):
        raise InputError(f"book must be a Gradebook from grade_attempts, not {type(book).__name__}")
    return report_html(book), report_csv(mistake_rows(book))
