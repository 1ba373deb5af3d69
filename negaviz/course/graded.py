"""What ``negaviz init --nbgrader`` adds to a course: an nbgrader course folder with a
first graded assignment whose autograder test cell grades the answers file afresh, and
what the course README's grading commands read.

* ``source/week1/week1.ipynb``, where nbgrader looks for an assignment: the task; the
  answer cell, which shows the student each answer to write (a commented line naming it
  and its form, the instructor's answer between nbgrader's solution markers, so the
  student's copy has nbgrader's usual stub there) and saves the answers with
  :func:`negaviz.quiz.answers.write_answers` as ``negaviz_answers.json`` beside the
  notebook; and negaviz's grading cell (:func:`negaviz.quiz.gradebook.nbgrader_cell`),
  locked and visible, the same in the instructor's and the student's copy, so its
  checksum is the same at autograde (a cell that hides tests is not: nbgrader then warns
  of a changed checksum for every student, jupyter/nbgrader#1961);
* ``week1.json``, the exercises set the README's ``grade-attempts --expect`` reads;
* ``nbgrader_config.py``, whose course root is its own folder, absolute wherever the
  course is cloned (nbgrader warns on every command about a relative one), and which
  stops nbgrader while answers saved by trying the assignment sit in ``source/`` (they
  would be released to students, and copied over each submission before grading);
* ``requirements-staff.txt``: nbgrader, for staff (students' Binder and the site do
  without it), and the lines ``.gitignore`` adds for students' work and grades.
"""

from __future__ import annotations

import json

from negaviz.course.ipynb import cell, notebook
from negaviz.quiz.gradebook import ANSWERS_FILE, nbgrader_cell

__all__: list[str] = []

TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
ASSIGNMENT = "week1"
EXPECT = {ASSIGNMENT: TREE}
"""The exercises set: the tree, asked as the course's task (fail-soft alpha-beta, values, windows and cuts)."""
STUB = "# YOUR CODE HERE\nraise NotImplementedError()"
"""What nbgrader puts in the student's copy for each solution (ClearSolutions' code stub for Python)."""

CONFIG = """\
# nbgrader's configuration for this course (see README.md, "Graded exercises (nbgrader or Gradescope)").
import glob
import os

c = get_config()  # noqa: F821  (nbgrader defines it)
# The course's folder, absolute wherever the course is cloned (nbgrader warns about a relative root).
root = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.root = root
c.CourseDirectory.course_id = "course"
c.ExecutePreprocessor.timeout = 120

# Answers saved while trying an assignment in source/ would be released to students with it, and
# copied over every submission before it is graded: nbgrader stops until they are deleted.
for answers in glob.glob(os.path.join(root, "source", "*", "negaviz_answers.json")):
    raise SystemExit(f"nbgrader_config.py: {answers} holds answers saved while trying the assignment: delete it "
                     "(nbgrader would release it to students and copy it over their submissions)")
"""

STAFF = """\
# What the course staff need besides the course's packages: nbgrader, to release and grade the
# assignments in source/ (README.md, "Graded exercises").  Not in requirements.txt: students'
# Binder and the course site do without it.
-r requirements.txt
nbgrader>=0.9,<0.10
"""

IGNORED = """
# nbgrader: the students' work and grades stay out of the course's repository
gradebook.db
release/
submitted/
autograded/
feedback/
grades.csv
*-report.html
*-report.csv
negaviz_answers.json
.negaviz_answers.json.lock
*.salt
"""
"""Lines ``init --nbgrader`` adds to the course's ``.gitignore``."""

ANSWERS = (
    ("values", '{"A": ..., "B": ..., "C": ...}', "every inner node's value, for the first player (minimax)",
     '{"A": 5, "B": 5, "C": 3}'),
    ("windows", '{"B": "(..., ...)", "C": "(..., ...)"}',
     "the window (α, β) each inner node below the root is searched with; write ∞ as inf",
     '{"B": "(-inf, inf)", "C": "(5, inf)"}'),
    ("cut", '["...", ...]', "the moves never tried, each named by the node it leads to ([] if none)", '["G", "H"]'),
)
"""Each answer the cell asks: its name, its form, what it is, and the instructor's answer."""


def answer_source() -> str:
    """The answer cell: a line showing each answer's name and form, the instructor's answer
    in a solution region (the student's copy: nbgrader's stub), then the call that saves them."""
    parts = [
        "# Your answers. Replace each \"raise NotImplementedError()\" below with the line the comment above it\n"
        "# shows, your answer in place of the dots; then run this cell: it saves your answers in\n"
        f"# {ANSWERS_FILE} beside this notebook, which the grading cell below grades.\n"
        "from negaviz.quiz.answers import write_answers\n"
    ]
    for name, form, what, right in ANSWERS:
        parts.append(f"# {name} = {form}\n#   {what}\n### BEGIN SOLUTION\n{name} = {right}\n### END SOLUTION\n")
    parts.append(f"write_answers({ANSWERS_FILE!r}, {ASSIGNMENT!r}, {TREE!r},\n"
                 "              values=values, windows=windows, cut=cut)")
    return "\n".join(parts)


def assignment_notebook() -> bytes:
    """The first graded assignment: the task, the answer cell, the grading cell."""
    cells = [
        cell("markdown", "task", f"# Week 1: alpha-beta by hand\n\nSearch `{TREE}` with alpha-beta, children left to "
              "right, from the window (−∞, ∞). Values are for the first player (minimax). Write every inner "
              "node's value, the window each inner node below the root is searched with, and the moves that are "
              "never tried, in the cell below, and run it to save your answers beside this notebook. The grading "
              "cell after it is what the course's autograder runs: run it to see what it will say."),
        cell("code", "answers", answer_source(),
             metadata={"nbgrader": {"grade": False, "grade_id": "answers", "locked": False, "schema_version": 3,
                                    "solution": True, "task": False}}),
        nbgrader_cell(EXPECT),
    ]
    return notebook(cells, {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}})


def nbgrader_files() -> dict[str, bytes]:
    """The files ``init --nbgrader`` adds, by their path in the course."""
    return {"nbgrader_config.py": CONFIG.encode("utf-8"),
            "requirements-staff.txt": STAFF.encode("utf-8"),
            f"{ASSIGNMENT}.json": (json.dumps(EXPECT, ensure_ascii=False) + "\n").encode("utf-8"),
            f"source/{ASSIGNMENT}/{ASSIGNMENT}.ipynb": assignment_notebook()}
