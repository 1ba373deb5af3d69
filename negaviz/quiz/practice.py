"""Practice on the picture: what a page needs to set and grade exercises with no kernel.

Two modes (:data:`PRACTICE_MODES`):

* ``tree``: the whole-tree exercise.  The given tree is drawn whole; the student types
  each inner node's value on it (and its window, for alpha-beta), clicks the edges of
  the moves the search never tries, and presses *check*.
* ``steps``: as the search goes.  Stepping pauses where a question applies: a node's
  value just before it returns, typed on the node, and (in a textbook tree, drawn
  whole) which of a node's moves are never tried, as each parent of leaves is entered
  (its edges clicked), and which node is entered next, just after a child returns
  while its parent has moves left (a node clicked).  Any game: boards get the value
  questions.  While windows are shown, alpha-beta is also asked, just before each inner
  node below the root is entered, which window it gets (typed); the page's
  ``frontend/src/practice-steps.js`` says which questions, in what order.

The page grades with :func:`negaviz.quiz.grading.answer_key`'s data, in the view shown
(negamax or minimax); ``frontend/src/practice.js`` follows :meth:`Key.grade`.

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
from negaviz.trace.trace import Trace, check_trace

__all__ = ["practice_data"]

PracticeMode = Literal["tree", "steps"]
"""``tree``: the whole-tree exercise; ``steps``: questions as the search goes."""
PRACTICE_MODES: tuple[PracticeMode, ...] = get_args(PracticeMode)


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
        allowed = ("negamax, minimax and alpha-beta searched to the end with no table" if mode == "tree"
                   else "negamax, minimax and alpha-beta")
        raise InputError(f"practice='{mode}' has questions for {allowed}; this trace is {what}")
    check_gradable(trace)
    return mode


def practice_data(trace: Trace, mode: PracticeMode) -> dict[str, Any]:
    """What the page carries to set and grade ``mode`` practice on ``trace``: the answer
    key in each view, and whether windows are asked (searches with windows)."""
    checked = check_practice(trace, mode)
    if checked is None:
        raise InputError("practice_data needs a practice mode, 'tree' or 'steps'")
    options = trace.result.options if trace.result is not None else None
    windows = options is not None and options.algorithm == "alphabeta"
    return {"mode": checked, "windows": windows,
            "keys": {p: key.to_json() for p, key in answer_keys(trace).items()}}
