"""Quizzes: questions about a recorded search, and generated exercises for lecturers.

>>> from negaviz.quiz import exercise
>>> ex = exercise(depth=2, branching=2, seed=1)
>>> ex.text == exercise(depth=2, branching=2, seed=1).text
True
"""

from negaviz.quiz.attempt import Attempt
from negaviz.quiz.exercises import Exercise, exercise, random_tree
from negaviz.quiz.gradebook import grade_attempts, grade_file
from negaviz.quiz.grading import Grade, answer_key, grade
from negaviz.quiz.questions import KINDS, Feedback, Question, questions
from negaviz.vocabulary import PERSPECTIVES
from negaviz.quiz.reading import parse_labels, parse_value, parse_window

__all__ = ["questions", "Question", "random_tree", "exercise", "Exercise", "grade", "Attempt", "grade_attempts",
           "grade_file"]
