"""Practice on the picture: what a page needs to set and grade exercises with no kernel.

Two modes (:data:`PRACTICE_MODES`):

* ``tree``: the whole-tree exercise.  The given tree is drawn whole; the student types
  each inner node's value on it (and its window, for alpha-beta), clicks the edges of
  the moves the search never tries, and presses *check*.
* ``steps``: as the search goes.  Stepping pauses where a question applies: a node's
  value just before it returns, typed on the node, and (in a textbook tree, drawn
  whole) which of a node's moves are never tried, as it is entered (its edges
  clicked), and which node is entered next, just after a node returns (a node
  clicked).  Any game: boards get the value questions.  While windows are shown,
  alpha-beta is also asked, just before an inner node below the root is entered, which
  window it gets (typed).  Which of these are asked is chosen here, so that no rule of
  thumb passes (:mod:`negaviz.quiz.schedule`), and the page asks the list it is given
  (``frontend/src/practice-steps.js``).

A tree with chance nodes, searched by expectimax or Star1, is practised the same way: a
chance node's value question asks its expected value (typed as a number, or as a
fraction such as 7/3), and under Star1 a cut question at a chance node asks which
outcomes are never searched, the bound reasoning in the explanation; no windows are
asked (Star1's are its sums' bounds, not passed down), and expectimax has no cuts to ask.

The page grades with :func:`negaviz.quiz.grading.answer_key`'s data, in the view shown
(negamax or minimax): ``frontend/src/practice.js`` looks answers up in it, as
:meth:`~negaviz.quiz.key.Key.grade` does.

>>> from negaviz import Tree, record
>>> data = practice_data(record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta"), "tree")
>>> data["mode"], sorted(data["keys"]), data["windows"], sorted(data["keys"]["negamax"]["cuts"])
('tree', ['minimax', 'negamax'], True, ['G', 'H'])
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from negaviz.errors import InputError
from negaviz.games.protocol import is_textbook_tree
from negaviz.quiz.grading import GRADED_SEARCHES, answer_keys, check_gradable
from negaviz.quiz.schedule import step_questions
from negaviz.quiz.words import WORDS
from negaviz.trace.trace import Trace, check_trace

__all__ = ["practice_data"]

PracticeMode = Literal["tree", "steps"]
"""``tree``: the whole-tree exercise; ``steps``: questions as the search goes."""
PRACTICE_MODES: tuple[PracticeMode, ...] = get_args(PracticeMode)

AskKind = Literal["value", "leaf", "window", "next", "cut", "tt"]
"""The questions practice as the search goes can ask (``frontend/src/practice-steps.js``
says when each is asked): an inner node's value, a board's terminal position's value, a
node's window, which node is entered next, which moves are never tried, and what the
search does at a table hit."""
ASK_KINDS: tuple[AskKind, ...] = get_args(AskKind)
DEFAULT_ASK: tuple[AskKind, ...] = ("value", "window", "next", "cut", "tt")
"""What is asked unless a lecturer chooses (``leaf`` is left out: on a board most
positions the search reaches are ended games, each a question of a second's work)."""
DEFAULT_LENGTH = 40
"""A steps task asks at most this many questions, every kind counted (table hits and
windows too): shared out among the kinds asked, nearest the root first, where the
decisions are made (:mod:`negaviz.quiz.schedule`)."""


def check_ask(ask: object) -> tuple[AskKind, ...] | None:
    """``ask`` as a tuple of kinds (None: the default), or an InputError naming what is
    allowed.  A list of kinds, or text such as ``"value, tt"``."""
    if ask is None:
        return None
    parts = [p.strip() for p in ask.replace(",", " ").split()] if isinstance(ask, str) else ask
    if not isinstance(parts, (list, tuple, set, frozenset)) or not parts:
        raise InputError(f"ask must name the questions to ask, some of {list(ASK_KINDS)}, not {ask!r}")
    unknown = [p for p in parts if p not in ASK_KINDS]
    if unknown:
        raise InputError(f"unknown question kind {unknown[0]!r} in ask (must be some of {list(ASK_KINDS)})")
    return tuple(k for k in ASK_KINDS if k in parts)


def check_practice(trace: Trace, mode: object) -> PracticeMode | None:
    """``mode`` if ``trace`` can be practised on that way (None: no practice); else an
    InputError naming what is allowed."""
    check_trace(trace)
    if mode is None or mode is False:
        return None
    if mode not in PRACTICE_MODES:
        raise InputError(f"unknown practice mode: {mode!r} (must be one of {list(PRACTICE_MODES)}, or None)")
    game = trace.game
    if mode == "tree" and (game is None or not is_textbook_tree(game)):
        kind = "unknown" if game is None else type(game).__name__
        raise InputError(f"practice='tree' needs a textbook tree (negaviz.Tree), drawn whole; this trace's game is "
                         f"{kind} (practice='steps' works on any game)")
    options = trace.result.options if trace.result is not None else None
    if options is None or options.algorithm not in GRADED_SEARCHES or (mode == "tree" and (options.tt or options.depth is not None)):
        what = "a search with no result" if options is None else (
            f"{options.algorithm}" + (" with a transposition table" if options.tt else "")
            + (f" to depth {options.depth}" if options.depth is not None else ""))
        allowed = ("negamax, minimax, alpha-beta, expectimax and star1 searched to the end with no table"
                   if mode == "tree" else "negamax, minimax, alpha-beta, expectimax and star1")
        raise InputError(f"practice='{mode}' has questions for {allowed}; this trace is {what}")
    check_gradable(trace)
    return mode


def practice_data(trace: Trace, mode: PracticeMode, ask: object = None) -> dict[str, Any]:
    """What the page carries to set and grade ``mode`` practice on ``trace``: the answer
    key in each view, whether windows are asked (searches with windows), the kinds of
    question asked as the search goes (``ask``, :data:`ASK_KINDS`; default
    :data:`DEFAULT_ASK`) and, for ``steps``, the questions asked, in order
    (:func:`negaviz.quiz.schedule.step_questions`: at most :data:`DEFAULT_LENGTH`, chosen
    so that no rule of thumb passes) and whether the edges carry cut toggles (``cut_edges``:
    a textbook tree asked about cuts, every edge alike), and the words the page says
    (:data:`negaviz.quiz.words.WORDS`, so that no sentence is written twice)."""
    checked = check_practice(trace, mode)
    if checked is None:
        raise InputError("practice_data needs a practice mode, 'tree' or 'steps'")
    kinds = check_ask(ask)
    options = trace.result.options if trace.result is not None else None
    windows = options is not None and options.algorithm == "alphabeta"
    keys = answer_keys(trace)
    asked = list(kinds or DEFAULT_ASK)
    if options is not None and options.algorithm == "expectimax":
        asked = [k for k in asked if k != "cut"]  # expectimax searches every outcome and move: nothing to cut
    questions = step_questions(trace, keys, windows=windows, kinds=asked) if checked == "steps" else []
    # every edge of a textbook tree carries a cut toggle when cuts may be asked, whichever are
    # asked: which toggles a page has must not tell which nodes cut
    cut_edges = checked == "steps" and "cut" in asked and trace.names.textbook
    return {"mode": checked, "windows": windows, "ask": asked, "questions": questions, "cut_edges": cut_edges,
            "keys": {p: key.to_json() for p, key in keys.items()},
            "words": {part: WORDS[part] for part in ("reading", "grade", "steps", "page")}}
