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
to move), so one comparison serves them all.  The recursive calls are seen by putting a
recording stand-in wherever the function looks itself up (its name in its module or
notebook, as :func:`~negaviz.student.capture` does; ``self.name`` for a method; see
:mod:`negaviz.student.places` for every kind of callable) for the duration of the run.

Each run gets its own copy of the game.  A run that hangs (a budget of calls and of
seconds), raises anything at all (``SystemExit`` from ``sys.exit()`` and
``KeyboardInterrupt`` included), returns no number, or changes the game is stopped, and
:class:`Outcome` says so in one sentence, with the calls recorded up to there.  A run is
stopped by :mod:`negaviz.student.guard`: from any thread, even when the function catches
every exception and loops; the user's own Ctrl-C stops the run and then ``check`` itself.
"""

from __future__ import annotations

import copy
import functools
import inspect
import linecache
import math
import numbers
import pickle
import re
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, NamedTuple

from negaviz.errors import InputError
from negaviz.games.adapter import shown
from negaviz.games.protocol import label, player
from negaviz.student.guard import Guard, Stop
from negaviz.student.places import core, direct, places, unseen
from negaviz.student.places import label as label_of
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
    labels: tuple[str, ...] = ()
    """How reports name each function (its name, a lambda's name, a partial's function's, ...)."""

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
        return " and ".join(self.labels or [label_of(f) for f in self.fns])


def form_of(fn: Any) -> Form:
    """The form of ``fn`` (any callable, or a pair of MAX's and MIN's), or an InputError."""
    fns = tuple(fn) if isinstance(fn, (tuple, list)) else _paired(fn)
    if len(fns) not in (1, 2) or not all(callable(f) for f in fns):
        raise InputError(
            f"check() needs your search function, or the pair (max_value, min_value) of a minimax in two "
            f"functions, not {shown(fn)}"
        )
    labels = tuple(label_of(f) for f in fns)
    for f, name in zip(fns, labels):
        if isinstance(f, functools.partial) and f.args:
            raise InputError(
                f"check() runs {name} with its own game and positions, so a functools.partial of it may fix "
                f"arguments by keyword only, not {', '.join(shown(a) for a in f.args)} by position"
            )
    forms = [_roles(f, name) for f, name in zip(fns, labels)]
    if len(forms) == 2 and (forms[0][0] != forms[1][0] or "maximizing" in forms[0][0]):
        raise InputError(
            f"{labels[0]} and {labels[1]} must take the same parameters (one MAX's, one MIN's), "
            f"not {inspect.signature(fns[0])} and {inspect.signature(fns[1])}"
        )
    for f, name in zip(fns, labels):
        if not places(f):
            raise InputError(
                f"check() needs a function defined at the top level of a module or notebook, reachable by a name, "
                f"so that its recursive calls can be seen; {name} is not: it is {unseen(f)}"
            )
    roles, names = forms[0]
    return Form(fns, roles, names, labels)


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
            mine = _roles(namespace[name], name)[0]
            if "maximizing" in mine or mine != _roles(partner, other)[0]:
                continue
        except InputError:
            continue
        return (fn, partner) if first else (partner, fn)
    return (fn,)


def _roles(fn: Callable[..., Any], name: str) -> tuple[dict[str, str], tuple[str, str]]:
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
    """Run ``form``'s function on a copy of ``game`` from ``root`` (to ``depth``), recorded.

    The user's Ctrl-C during the run stops it, and then raises ``KeyboardInterrupt``."""
    g = copied(game)
    before = _fingerprint(g)
    where: list[Any] = [root]
    moves: list[Any] = []
    refused: list[str] = []  # why the run was stopped, when negaviz stopped it (not a budget)
    name = form.name
    guard = Guard(seconds, max_calls)

    def windowed_call(node: Any, alpha: float, beta: float, call: Callable[[], float]) -> float:
        return call()

    def plain_call(node: Any, call: Callable[[], float]) -> float:
        return call()

    windowed = form.windowed
    shim = windowed_call if windowed else plain_call
    shim.__name__ = shim.__qualname__ = name  # the trace names the student's function
    traced = (TracedFunction(shim, g, position="node", alpha="alpha", beta="beta") if windowed
              else TracedFunction(shim, g, position="node"))

    def stand_in(k: int, found: Callable[..., Any]) -> Callable[..., Any]:
        """What records a call of MAX's (k = 0) or MIN's (k = 1) function, then makes it."""
        sig = inspect.signature(found)

        def stub(*args: Any, **kwargs: Any) -> Any:
            outer = guard.enter()  # counts the call; raises Stop here if the run must stop
            try:
                try:
                    bound = sig.bind(*args, **kwargs)
                except TypeError:
                    return guard.call(found, *args, **kwargs)  # Python reports the bad call as usual
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
                    out = guard.call(found, *bound.args, **bound.kwargs)
                    box.append(out)
                    value = out[0] if isinstance(out, tuple) and len(out) == 2 else out
                    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(float(value)):
                        where[0] = node
                        refused.append(f"{name} returned {shown(out)} at {label(g, node)}, not a number")
                        guard.stop("refused")
                        raise Stop
                    return sign * float(value)

                where[0] = node
                if windowed:
                    traced(node, a, b, call)
                else:
                    traced(node, call)
                return box[-1]
            finally:
                guard.leave(outer)

        return stub

    undo: list[Callable[[], None]] = []
    start = player(g, root) == 0
    k = 0 if len(form.fns) == 1 or start else 1
    top = stand_in(k, direct(form.fns[k]))
    args: dict[str, Any] = {}
    for role, pname in form.roles.items():
        args[pname] = {"alpha": -INF, "beta": INF, "depth": FULL_DEPTH if depth is None else depth,
                       "colour": 1 if start else -1, "table": {}, "maximizing": start}[role]
    stopped: str | None = None
    with guard:
        try:
            for j, f in enumerate(form.fns):
                for place in places(f):
                    place.put(stand_in(j, place.found))
                    undo.append(place.undo)
            for namespace, exit_name, held in _exits(form.fns):
                namespace[exit_name] = _Exit(exit_name)
                undo.append(functools.partial(namespace.pop, exit_name) if held is _MISSING
                            else functools.partial(namespace.__setitem__, exit_name, held))
            out = top(g, root, **args)
            if isinstance(out, tuple) and len(out) == 2:
                moves.append(out[1])
        except Stop:
            stopped = _stopped(guard, name, refused, max_calls, seconds)
        except RecursionError:
            stopped = f"{name} recursed without end (RecursionError) at {label(g, where[0])}"
        except BaseException as exc:
            if guard.presses > 1:
                raise  # the user's second Ctrl-C: Python's own KeyboardInterrupt
            stopped = _raised(name, exc, label(g, where[0]))
        finally:
            for put_back in reversed(undo):
                put_back()
    if guard.why == "interrupt":
        raise KeyboardInterrupt(f"check() was interrupted (Ctrl-C) while {name} ran")
    if stopped is None and before is not None and _fingerprint(g) != before:
        stopped = f"{name} changed the game it was given (its attributes differ after the search); a search must only read the game"
    trace = traced.last_trace
    if trace is not None and stopped is None and len(trace.nodes) == 1 and not g.is_terminal(root) and not form.depth:
        how = " or ".join(dict.fromkeys(p.calls for f in form.fns for p in places(f)))
        stopped = (
            f"{name} returned without calling itself, so check() saw none of its search; it must call itself "
            f"as {how}"
        )
    return Outcome(trace, moves[0] if moves else None, None if stopped is None else stopped + ".")


def _stopped(guard: Guard, name: str, refused: list[str], max_calls: int, seconds: float) -> str:
    """Why the guard stopped the run, in words (the run was not interrupted by the user)."""
    went_on = (", and went on after it was stopped (a bare except: catches the stop too: catch Exception at most)"
               if guard.went_on else "")
    if guard.why == "refused" and refused:
        return refused[0]
    if guard.why == "calls":
        return (f"{name} made more than {max_calls:,} calls without finishing (does every call come closer "
                f"to a leaf, or to depth 0?){went_on}")
    return f"{name} ran for more than {seconds:g} s without finishing{went_on}"


def _raised(name: str, exc: BaseException, at: str) -> str:
    """What the function raised, in words (``SystemExit`` and ``KeyboardInterrupt`` too)."""
    if isinstance(exc, SystemExit):
        return f"{name} {_exited(exc)} at {at}, which would end Python itself: a search must return its value"
    if isinstance(exc, KeyboardInterrupt):
        return f"{name} raised KeyboardInterrupt itself at {at} (no Ctrl-C was pressed)"
    text = str(exc).split("\n")[0]
    text = text if len(text) <= 160 else text[:157] + "..."
    return f"{name} raised {type(exc).__name__}{': ' + text if text else ''} at {at}"


_EXIT_CALL = re.compile(r"(?<![\w.])((?:sys\.)?(?:exit|quit))\s*\(")


def _exited(exc: SystemExit) -> str:
    """How the function ended Python: ``called sys.exit(1)``, ``called exit()``, ``raised SystemExit``."""
    code = "" if exc.code is None else repr(exc.code)
    tb: TracebackType | None = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return "raised SystemExit"
    frame = tb.tb_frame
    quitter = frame.f_locals.get("self")
    if "_sitebuiltins" in frame.f_code.co_filename or isinstance(quitter, _Exit):
        return f"called {getattr(quitter, 'name', 'exit')}({code})"
    found = _EXIT_CALL.search(linecache.getline(frame.f_code.co_filename, tb.tb_lineno))
    if found is None:
        return "raised SystemExit"
    called = found.group(1)
    return f"called {'sys.' if called == 'exit' and 'sys' in frame.f_globals else ''}{called}({code})"


class _Exit:
    """``exit`` or ``quit`` for the run: raises SystemExit, and does nothing else (Python's
    own closes standard input first; IPython's shuts the kernel down once the cell ends)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, code: Any = None) -> None:
        raise SystemExit(code)


_MISSING = object()


def _exits(fns: tuple[Any, ...]) -> list[tuple[dict[str, Any], str, Any]]:
    """Where the functions' ``exit`` and ``quit`` are Python's or IPython's, or missing
    (Python started without its ``site`` module, or a shell that took them away): (namespace,
    name, what it holds there, or ``_MISSING`` when it is the builtin or none); a student's
    ``exit()`` is then told as such wherever it runs."""
    out: list[tuple[dict[str, Any], str, Any]] = []
    for fn in fns:
        namespace = getattr(core(fn), "__globals__", None)
        if not isinstance(namespace, dict):
            continue
        builtins = namespace.get("__builtins__")
        builtins = vars(builtins) if not isinstance(builtins, dict) else builtins
        for name in ("exit", "quit"):
            held = namespace.get(name, _MISSING)
            seen = builtins.get(name) if held is _MISSING else held
            if (seen is None or type(seen).__name__ in ("Quitter", "ExitAutocall", "ZMQExitAutocall")) and \
                    not any(n is namespace and m == name for n, m, _ in out):
                out.append((namespace, name, held))
    return out
