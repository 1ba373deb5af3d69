"""Run a student's own search function on one position, safely, and record it.

A function is written to take the game first and the position second, then what its
form needs, each recognised by its parameter's name:

* ``alpha`` and ``beta`` (or ``α``/``β``, ``lo``/``hi``, ...): alpha-beta;
* ``depth`` (or ``depth_left``, ``plies``, ``d``, ...): the depth left;
* ``colour`` (or ``color``, ``sign``): negamax with colour, +1 where the first player moves;
* ``table`` (or ``tt``, ``cache``, ``memo``): a transposition table, a fresh ``dict``;
* ``maximizing`` (or ``is_max``, ``max_player``): minimax in one function.

Minimax in two functions is given as the pair ``(max_value, min_value)``.  Whatever
the form, every call is recorded as negamax sees it (values and windows for the side
to move), so one comparison serves them all.  The recursive calls are seen by swapping
the function's global name for a recorder for the duration of the run, as
:func:`~negaviz.student.capture` does.  Each run gets its own copy of the game; a run
that hangs (a node or time budget), raises, returns no number, or changes the game is
stopped, and :class:`Outcome` says so in one sentence.
"""

from __future__ import annotations

import copy
import inspect
import math
import numbers
import pickle
import re
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from negaviz.errors import InputError
from negaviz.games.adapter import shown
from negaviz.games.protocol import label, player
from negaviz.trace.traced import TracedFunction
from negaviz.trace.trace import StudentTrace

INF = math.inf
FULL_DEPTH = 64
"""The depth passed to a function that takes one, on a position searched to the end."""

_ROLES = {
    "alpha": re.compile(r"(alpha|α|a|lo|low|lower|lb)(_?\d*)", re.IGNORECASE),
    "beta": re.compile(r"(beta|β|b|hi|high|upper|ub)(_?\d*)", re.IGNORECASE),
    "depth": re.compile(r"(depth|d|depth_?left|depth_?remaining|remaining|plies|ply|plies_?left|horizon)", re.IGNORECASE),
    "colour": re.compile(r"(colou?r|sign)", re.IGNORECASE),
    "table": re.compile(r"(table|tt|t_?table|cache|memo|transpositions?)", re.IGNORECASE),
    "maximizing": re.compile(r"(maximi[sz]ing(_?player)?|is_?max(imi[sz]ing)?|max_?player|maximi[sz]er)", re.IGNORECASE),
}
ROLES = tuple(_ROLES)


@dataclass(frozen=True)
class Form:
    """How a student's function is called: its parameters' roles and its shape."""

    fns: tuple[Callable[..., Any], ...]
    """The function, or MAX's and MIN's functions of a two-function minimax."""
    roles: dict[str, str]
    """Role (``alpha``, ``beta``, ``depth``, ...) -> parameter name."""
    names: tuple[str, str]
    """The names of the game and position parameters."""

    @property
    def windowed(self) -> bool:
        return "alpha" in self.roles

    @property
    def depth(self) -> bool:
        return "depth" in self.roles

    @property
    def table(self) -> bool:
        return "table" in self.roles

    @property
    def minimax(self) -> bool:
        return len(self.fns) == 2 or "maximizing" in self.roles

    @property
    def name(self) -> str:
        return " and ".join(f.__name__ for f in self.fns)


def form_of(fn: Any) -> Form:
    """The form of ``fn`` (a function, or a pair of MAX's and MIN's), or an InputError."""
    fns = tuple(fn) if isinstance(fn, (tuple, list)) else _paired(fn)
    if len(fns) not in (1, 2) or not all(callable(f) for f in fns):
        raise InputError(
            f"check() needs your search function, or the pair (max_value, min_value) of a minimax in two "
            f"functions, not {shown(fn)}"
        )
    forms = [_roles(f) for f in fns]
    if len(forms) == 2 and (forms[0][0] != forms[1][0] or "maximizing" in forms[0][0]):
        raise InputError(
            f"{fns[0].__name__} and {fns[1].__name__} must take the same parameters (one MAX's, one MIN's), "
            f"not {inspect.signature(fns[0])} and {inspect.signature(fns[1])}"
        )
    for f in fns:
        namespace = getattr(f, "__globals__", None)
        if namespace is None or namespace.get(f.__name__) is not f:
            raise InputError(
                f"check() needs a function defined at the top level of a module or notebook, reachable by its own "
                f"name, so that its recursive calls can be seen; {f.__name__} is not"
            )
    roles, names = forms[0]
    return Form(fns, roles, names)


_MAX_MIN = re.compile(r"max|MAX|Max")


def _paired(fn: Any) -> tuple[Any, ...]:
    """``fn`` alone, or, for one of a minimax in two functions (``max_value`` and
    ``min_value``, ``maxValue`` and ``minValue``, ``MAX_VALUE`` and ``MIN_VALUE``, ...),
    the pair (MAX's, MIN's) found by name beside it in its module or notebook."""
    name = getattr(fn, "__name__", None)
    namespace = getattr(fn, "__globals__", None)
    if not isinstance(name, str) or not isinstance(namespace, dict) or namespace.get(name) is not fn:
        return (fn,)
    swap = {"max": "min", "MAX": "MIN", "Max": "Min", "min": "max", "MIN": "MAX", "Min": "Max"}
    for rx, first in ((_MAX_MIN, True), (re.compile(r"min|MIN|Min"), False)):
        found = list(rx.finditer(name))
        if len(found) != 1:
            continue
        m = found[0]
        other = name[:m.start()] + swap[m.group()] + name[m.end():]
        partner: Any = namespace.get(other)
        if partner is fn or not inspect.isfunction(partner):
            continue
        try:
            mine = _roles(namespace[name])[0]
            if "maximizing" in mine or mine != _roles(partner)[0]:
                continue
        except InputError:
            continue
        return (fn, partner) if first else (partner, fn)
    return (fn,)


def _roles(fn: Callable[..., Any]) -> tuple[dict[str, str], tuple[str, str]]:
    name = getattr(fn, "__name__", repr(fn))
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        raise InputError(f"check() cannot read the parameters of {name}: give a plain Python function") from None
    params = list(sig.parameters.values())
    allowed = (
        "(game, node), (game, node, alpha, beta), with depth, colour, table or maximizing where the form needs "
        "them, e.g. alphabeta(game, node, depth, alpha, beta)"
    )
    if len(params) < 2 or any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY) for p in params[:2]):
        raise InputError(f"{name}{sig} has the wrong signature: it must take {allowed}")
    roles: dict[str, str] = {}
    for p in params[2:]:
        role = next((r for r, rx in _ROLES.items() if rx.fullmatch(p.name)), None)
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if role is None or role in roles:
            if p.default is not p.empty:
                continue  # a parameter of the student's own, with a default: left alone
            what = "twice" if role is not None else "not as alpha, beta, depth, colour, table or maximizing"
            raise InputError(f"{name}{sig} has the wrong signature: parameter {p.name!r} is read {what}; it must take {allowed}")
        roles[role] = p.name
    if ("alpha" in roles) != ("beta" in roles):
        raise InputError(f"{name}{sig} has the wrong signature: it takes one end of a window; give it both alpha and beta")
    return roles, (params[0].name, params[1].name)


class Outcome(NamedTuple):
    """One run of the student's function."""

    trace: StudentTrace | None
    """The recorded search (partial if it was stopped; None if it never started)."""
    move: Any
    """The move it returned at the root, if it returns ``(value, move)``; else None."""
    stopped: str | None
    """Why the run was stopped, in one sentence; None if it finished."""


class _Stop(BaseException):
    """Ends a run (a BaseException, so that the student's ``except Exception`` lets it through)."""


def copied(game: Any) -> Any:
    """A deep copy of ``game``, or an InputError saying why there is none."""
    try:
        return copy.deepcopy(game)
    except Exception as exc:
        raise InputError(
            f"the game {type(game).__name__} cannot be copied ({type(exc).__name__}: {exc}); check() runs each "
            "tree on its own copy, so that a function that changes the game cannot spoil the other runs: give "
            "a game that copy.deepcopy can copy"
        ) from None


def _fingerprint(game: Any) -> bytes | None:
    try:
        return pickle.dumps(vars(game))
    except Exception:
        return None  # not picklable: changes cannot be seen


def execute(form: Form, game: Any, root: Any, depth: int | None, *, max_calls: int, seconds: float) -> Outcome:
    """Run ``form``'s function on a copy of ``game`` from ``root`` (to ``depth``), recorded."""
    g = copied(game)
    before = _fingerprint(g)
    calls = [0]
    where: list[Any] = [root]
    moves: list[Any] = []
    name = form.name

    def windowed_call(node: Any, alpha: float, beta: float, call: Callable[[], float]) -> float:
        return call()

    def plain_call(node: Any, call: Callable[[], float]) -> float:
        return call()

    windowed = form.windowed
    shim = windowed_call if windowed else plain_call
    shim.__name__ = shim.__qualname__ = name  # the trace names the student's function
    traced = (TracedFunction(shim, g, position="node", alpha="alpha", beta="beta") if windowed
              else TracedFunction(shim, g, position="node"))
    sigs = [inspect.signature(f) for f in form.fns]

    def stub_of(k: int) -> Callable[..., Any]:
        fn, sig = form.fns[k], sigs[k]

        def stub(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            if calls[0] > max_calls:
                raise _Stop(
                    f"{name} made more than {max_calls:,} calls without finishing (does every call come closer "
                    "to a leaf, or to depth 0?)"
                )
            try:
                bound = sig.bind(*args, **kwargs)
            except TypeError:
                return fn(*args, **kwargs)  # Python reports the bad call as usual
            bound.apply_defaults()
            node = bound.arguments[form.names[1]]
            sign = 1
            if len(form.fns) == 2:
                sign = 1 if k == 0 else -1
            elif "maximizing" in form.roles:
                sign = 1 if bound.arguments[form.roles["maximizing"]] else -1
            a, b = -INF, INF
            if windowed:
                a, b = bound.arguments[form.roles["alpha"]], bound.arguments[form.roles["beta"]]
                if sign < 0:
                    a, b = -b, -a
            box: list[Any] = []

            def call() -> float:
                out = fn(*bound.args, **bound.kwargs)
                box.append(out)
                value = out[0] if isinstance(out, tuple) and len(out) == 2 else out
                if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(float(value)):
                    where[0] = node
                    raise _Stop(f"{name} returned {shown(out)} at {label(g, node)}, not a number")
                return sign * float(value)

            where[0] = node
            if windowed:
                traced(node, a, b, call)
            else:
                traced(node, call)
            return box[-1]

        return stub

    stubs = [stub_of(k) for k in range(len(form.fns))]
    saved = [(f.__globals__, f.__name__, f) for f in form.fns]
    start = player(g, root) == 0
    k = 0 if len(form.fns) == 1 or start else 1
    args: dict[str, Any] = {}
    for role, pname in form.roles.items():
        args[pname] = {"alpha": -INF, "beta": INF, "depth": FULL_DEPTH if depth is None else depth,
                       "colour": 1 if start else -1, "table": {}, "maximizing": start}[role]
    timer = seconds > 0 and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    stopped: str | None = None

    running = [True]

    def ring(signum: int, frame: Any) -> None:
        if running[0]:  # not once the function has returned: the budget is for its run only
            raise _Stop(f"{name} ran for more than {seconds:g} s without finishing")

    old: Any = None
    if timer:
        try:  # a time budget needs SIGALRM in the main thread (not in a browser's Python, say)
            old = signal.signal(signal.SIGALRM, ring)
        except (AttributeError, OSError, ValueError):
            timer = False  # the node budget still stops a function that never ends
    for namespace, fname, _ in saved:
        namespace[fname] = stubs[[f.__name__ for f in form.fns].index(fname)]
    try:
        if timer:
            try:
                signal.setitimer(signal.ITIMER_REAL, seconds)
            except (OSError, ValueError):
                signal.signal(signal.SIGALRM, old)
                timer = False
        out = stubs[k](g, root, **args)
        running[0] = False
        if isinstance(out, tuple) and len(out) == 2:
            moves.append(out[1])
    except _Stop as stop:
        running[0] = False
        stopped = str(stop)
    except RecursionError:
        stopped = f"{name} recursed without end (RecursionError) at {label(g, where[0])}"
    except Exception as exc:
        text = str(exc).split("\n")[0]
        text = text if len(text) <= 160 else text[:157] + "..."
        stopped = f"{name} raised {type(exc).__name__}{': ' + text if text else ''} at {label(g, where[0])}"
    finally:
        running[0] = False
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        for namespace, fname, fn in saved:
            namespace[fname] = fn
    if stopped is None and before is not None and _fingerprint(g) != before:
        stopped = f"{name} changed the game it was given (its attributes differ after the search); a search must only read the game"
    trace = traced.last_trace
    if trace is not None and stopped is None and len(trace.nodes) == 1 and not g.is_terminal(root) and not form.depth:
        stopped = (
            f"{name} returned without calling itself, so check() saw none of its search; it must call itself "
            "by its own name"
        )
    return Outcome(trace, moves[0] if moves else None, None if stopped is None else stopped + ".")
