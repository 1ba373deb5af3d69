"""Record a student's own recursive negamax or alpha-beta as a negaviz trace.

The recorder sits in the trace layer, below both :mod:`negaviz.quiz` (whose practice
records the catalogue's mistaken searches with it: :mod:`negaviz.mistakes`) and
:mod:`negaviz.student` (which checks a student's function); users import it from
:mod:`negaviz.student`, which lists it.

A student writes the search as the course teaches it; :func:`trace_calls` wraps the
function so that every call reports to a :class:`~negaviz.trace.Recorder` the same
events negaviz's own core emits.  The result is an ordinary :class:`~negaviz.Trace`
(a :class:`StudentTrace`, which only adds a few facts about the function): it can be
drawn, stepped through, saved and loaded (with its faults: a window upside down stays
so), quizzed on, and compared with the reference search by :func:`negaviz.student.check`.

>>> import math
>>> from negaviz import Tree
>>> tree = Tree.parse("[[7,5],[3,1,9]]")
>>> @trace_calls(tree, position="node", alpha="alpha", beta="beta")
... def alphabeta(node, alpha, beta):
...     if tree.is_terminal(node):
...         return tree.score(node)
...     best = -math.inf
...     for move in tree.moves(node):
...         value = -alphabeta(tree.play(node, move), -beta, -alpha)
...         best = max(best, value)
...         alpha = max(alpha, value)
...         if alpha >= beta:
...             break  # the opponent will never allow this line
...     return best
>>> alphabeta(tree.root, -math.inf, math.inf)
5
>>> trace = alphabeta.last_trace
>>> trace.value, trace.pv_names(), trace.pruned_labels()
(5, ['B', 'E'], ['G', 'H'])

How calls become events
-----------------------
Each call of the wrapped function is one node.  On entry it emits ENTER with the
window it was called with (``(-inf, inf)`` for a function without alpha and beta) and
the index of its move in the parent's move list.  The index is found by matching the
call's position against the parent's children (``game.play`` of each move, compared by
the game's ``key``); a call that matches no child is taken to be the next move in
order.  When the call returns:

* without having called itself, it emits LEAF if the game says the position is over,
  and EVAL otherwise (a depth limit, or an answer remembered from a table);
* otherwise it emits CUTOFF if some of its moves were never tried, then EXIT with the
  value and its bound for the window it was called with: LOWER if value >= beta, UPPER
  if value <= alpha, else EXACT.

In the parent, each child's return emits BEST if the negated value beats every earlier
child's (strictly), else CHILD; BEST carries alpha after the update, taken to be
``max(alpha the parent was called with, best so far)`` (unchanged for a function
without a window).  That is the only bookkeeping the recorder does: it never decides
what the student's code should have done.

Mutable games
-------------
For a course class searched with ``make_move``/``unmake_move`` (seed style:
``negamax(game, depth_left)`` returning ``(value, move)``), wrap the object in
:class:`~negaviz.MutableGame` and name the object argument as the position.  A node's
position is then its move history.  Which move led to a call is, by default, the next
in the order of ``get_moves()`` (the call order); give ``key=`` (a function from the
object to a hashable snapshot of its state) to identify each child by its state
instead, so that a search trying moves in another order is recorded faithfully.  To
learn the children's keys the recorder makes and unmakes each move once when a node
is entered, so the object's ``make_move``/``unmake_move`` must undo each other exactly.

Windows it was not told about
-----------------------------
A function whose parameters look like a window (``alpha`` and ``beta``, ``α``, ``lo``
and ``hi``, ...) recorded without ``alpha=`` and ``beta=`` would show every window as
``(-inf, inf)``, and :func:`~negaviz.student.check` would compare it with plain
negamax, so its first cutoff would read as "stopped too early".  Wrapping such a
function issues a :class:`WindowWarning` naming the parameters and the arguments to
pass.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, ContextManager

from negaviz.errors import InputError
from negaviz.trace.traced import (  # RETURNS, Returns and WindowWarning: imported from here too
    RETURNS, Returns, TracedFunction, WindowWarning, _check_returns_key,
)
from negaviz.trace.trace import StudentTrace  # imported from here too
from negaviz.vocabulary import check_callable

__all__: list[str] = []  # listed where users import them: negaviz.student (and negaviz.student.capture)


def trace_calls(
    game: Any,
    *,
    position: str | int = 0,
    alpha: str | int | None = None,
    beta: str | int | None = None,
    returns: Returns = "value",
    key: Callable[[Any], Hashable] | None = None,
) -> Callable[[Callable[..., Any]], TracedFunction]:
    """Decorator: record every outermost call of a recursive search as a trace.

    ``game`` names and draws positions: a negaviz game (``Tree``, ``TicTacToe``, ...)
    whose positions the function's ``position`` argument holds, or a
    :class:`~negaviz.MutableGame` whose object the argument is.  ``position``,
    ``alpha`` and ``beta`` name the arguments (by name or index; no alpha and beta for
    plain negamax); ``returns`` is ``"value"`` or ``"value_move"`` for functions that
    return ``(value, move)``; ``key`` identifies a mutable object's state (see the
    module's notes).  Applied where the function is defined, the function's own name
    is rebound to the wrapper, so its recursive calls are recorded too.  (Wrapping
    without rebinding, ``traced = trace_calls(game)(negamax)``, records only the
    outermost call: use :func:`capture` for a function defined elsewhere.)
    """
    _check_returns_key(returns, key)

    def wrap(fn: Callable[..., Any]) -> TracedFunction:
        return TracedFunction(fn, game, position=position, alpha=alpha, beta=beta, returns=returns, key=key, stacklevel=3)

    return wrap


def capture(
    fn: Callable[..., Any],
    game: Any,
    *,
    position: str | int = 0,
    alpha: str | int | None = None,
    beta: str | int | None = None,
    returns: Returns = "value",
    key: Callable[[Any], Hashable] | None = None,
) -> ContextManager[TracedFunction]:
    """Record an already defined function, without editing it, inside a ``with``.

    For the duration of the block the function's global name (in the module or
    notebook where it was defined) refers to the recording wrapper, so its recursive
    calls are recorded; afterwards the original is put back.  Call the wrapper the
    block gives, or the function by its name from that module:

    >>> from negaviz import Tree
    >>> tree = Tree.parse("[[7,5],[3,1,9]]")
    >>> def negamax(node):
    ...     if tree.is_terminal(node):
    ...         return tree.score(node)
    ...     return max(-negamax(tree.play(node, m)) for m in tree.moves(node))
    >>> with capture(negamax, tree, position="node") as traced:
    ...     traced(tree.root)
    5
    >>> traced.last_trace.counts().nodes, traced.last_trace.pv_names()
    (8, ['B', 'E'])

    Functions that reach themselves other than through their global name (methods,
    nested functions) cannot be captured this way: decorate them with
    :func:`trace_calls` where they are defined (it works on methods too).
    """
    check_callable(fn, "fn", takes="(your recursive search)")
    _check_returns_key(returns, key)
    if isinstance(fn, TracedFunction):
        raise InputError(f"{getattr(fn, '__name__', 'the function')} already records its calls: use it directly")
    namespace = getattr(fn, "__globals__", None)
    name = getattr(fn, "__name__", None)
    if namespace is None or name is None or namespace.get(name) is not fn:
        raise InputError(
            f"capture() needs a function defined at the top level of a module or notebook, "
            f"reachable by its own name; {fn!r} is not (decorate it with trace_calls instead)"
        )
    # Checked and built here, when capture() is called, not when the block is entered:
    # a wrong argument is an error at once. stacklevel: the warning names the caller's line.
    traced = TracedFunction(fn, game, position=position, alpha=alpha, beta=beta, returns=returns, key=key, stacklevel=3)
    return _swapped(namespace, name, fn, traced)


@contextmanager
def _swapped(namespace: dict[str, Any], name: str, fn: Any, traced: TracedFunction) -> Iterator[TracedFunction]:
    """The function's global name bound to ``traced`` for the block, then to ``fn`` again."""
    namespace[name] = traced
    try:
        yield traced
    finally:
        namespace[name] = fn
