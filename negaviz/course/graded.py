"""What ``negaviz init --nbgrader`` adds to a course: an nbgrader course folder with a
first graded assignment whose autograder test cell grades the answers file afresh.

The assignment notebook has a solution cell where the student writes the answers
(saved by :func:`negaviz.quiz.answers.write_answers` as ``negaviz_answers.json``
beside the notebook, as a stepper's submit saves them) and negaviz's autograder test
cell (:func:`negaviz.quiz.gradebook.nbgrader_cell`), which prints the feedback and
ends with the points.
"""

from __future__ import annotations

from negaviz.course.ipynb import cell, notebook
from negaviz.quiz.gradebook import ANSWERS_FILE, nbgrader_cell

__all__: list[str] = []

TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
ASSIGNMENT = "week1"

CONFIG = """\
# nbgrader's configuration for this course (see README.md, "Graded exercises with nbgrader").
c = get_config()
c.CourseDirectory.root = "."
c.CourseDirectory.course_id = "course"
c.ExecutePreprocessor.timeout = 120
"""


def assignment_notebook() -> bytes:
    """The first graded assignment: the task, the answer cell, the autograder cell."""
    answer = (
        "from negaviz.quiz.answers import write_answers\n\n"
        "### BEGIN SOLUTION\n"
        f"write_answers({ANSWERS_FILE!r}, {ASSIGNMENT!r}, {TREE!r},\n"
        "              values={'A': 5, 'B': 5, 'C': 3}, windows={'B': '(-inf, inf)', 'C': '(5, inf)'}, cut=['G', 'H'])\n"
        "### END SOLUTION"
    )
    cells = [
        cell("markdown", "task", f"# Week 1: alpha-beta by hand\n\nSearch `{TREE}` with alpha-beta, children left to "
              "right, from the window (−∞, ∞). Values are for the first player (minimax). Write every inner "
              "node's value, the window each inner node below the root is searched with, and the moves that are "
              "never tried; run the cell to save your answers beside this notebook."),
        cell("code", "answers", answer, metadata={"nbgrader": {"grade": False, "grade_id": "answers", "locked": False,
                                                     "schema_version": 3, "solution": True, "task": False}}),
        nbgrader_cell({ASSIGNMENT: TREE}),
    ]
    return notebook(cells, {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}})


def nbgrader_files() -> dict[str, bytes]:
    """The files ``init --nbgrader`` adds, by their path in the course."""
    return {"nbgrader_config.py": CONFIG.encode("utf-8"),
            f"source/{ASSIGNMENT}/{ASSIGNMENT}.ipynb": assignment_notebook()}
