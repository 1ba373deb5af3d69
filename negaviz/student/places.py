"""Where a student's function finds itself when it calls itself, and what to call it.

:func:`negaviz.student.check` sees a function's recursive calls by putting a stand-in
(which records the call, then makes it) wherever those calls look the function up, for
the duration of a run.  Any callable is checked; where its calls look it up depends on
its kind:

* a function (``def``, or a lambda bound to a name): the names in its module or notebook
  that hold it, and, for a function defined inside another, the closure cell that does;
* a :func:`functools.partial`: the names holding it, and those holding the function it
  wraps (whose recursive calls pass every argument themselves);
* a bound method: ``self.name(...)``, by a stand-in in the instance's own ``__dict__``;
* a callable object (a class with ``__call__``): ``self(...)``, by a stand-in for the
  class's ``__call__`` that only answers for this object; and the names holding it;
* a decorated function (``functools.lru_cache``, ``functools.wraps``): the names holding
  the decorated one, as for a function.

A callable with none of these (a lambda bound to no name, a method of an object without
a ``__dict__``, a built-in) is refused in one line; one whose calls go elsewhere (through
another name, or a class) is run, and its run says it never saw the function call itself.

>>> import functools
>>> def alphabeta(game, node, alpha, beta, *, eval=None): ...
>>> label(functools.partial(alphabeta, eval=len)), [p.calls for p in places(alphabeta)]
('alphabeta', ['alphabeta(...)'])
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__: list[str] = []


@dataclass(frozen=True)
class Place:
    """A place where the function's recursive calls look it up."""

    found: Callable[..., Any]
    """What a call finds there, as the stand-in calls it (never through a place again)."""
    put: Callable[[Callable[..., Any]], None]
    """Puts a stand-in there."""
    undo: Callable[[], None]
    """Puts back what was there."""
    calls: str
    """How the function calls itself through this place, e.g. ``alphabeta(...)``."""


def core(fn: Any) -> Any:
    """The Python function whose body runs when ``fn`` is called (``fn`` itself if none)."""
    seen = 0
    while seen < 20:
        seen += 1
        if isinstance(fn, functools.partial):
            fn = fn.func
        elif inspect.ismethod(fn):
            fn = fn.__func__
        elif getattr(fn, "__wrapped__", None) is not None and not inspect.isfunction(fn):
            fn = fn.__wrapped__
        elif not inspect.isfunction(fn) and inspect.isfunction(_own_call(fn)):
            fn = _own_call(fn)
        else:
            break
    return fn


def _own_call(obj: Any) -> Any:
    """The ``__call__`` written in Python of ``obj``'s class, or None."""
    if inspect.isfunction(obj) or inspect.ismethod(obj) or inspect.isbuiltin(obj) or isinstance(obj, (type, functools.partial)):
        return None
    try:
        call = inspect.getattr_static(type(obj), "__call__")
    except AttributeError:
        return None
    return call if inspect.isfunction(call) else None


def direct(fn: Any) -> Callable[..., Any]:
    """``fn``, called so that it does not look itself up (a callable object through its
    class's ``__call__`` as it is now, bound to the object)."""
    call = _own_call(fn)
    return functools.partial(call, fn) if call is not None else fn


def _reached(fn: Any) -> list[Any]:
    """``fn`` and what it wraps that a recursive call may name: a partial's function."""
    out = [fn]
    while isinstance(fn, functools.partial):
        fn = fn.func
        out.append(fn)
    return out


def label(fn: Any) -> str:
    """How reports name ``fn``: its name, the name it is bound to (a lambda), a partial's
    function's, ``Class.method``, or a callable object's name or class."""
    if isinstance(fn, functools.partial):
        return label(fn.func)
    if inspect.ismethod(fn):
        owner = fn.__self__
        return f"{owner.__name__ if isinstance(owner, type) else type(owner).__name__}.{fn.__func__.__name__}"
    name = getattr(fn, "__name__", None)
    namespace = getattr(core(fn), "__globals__", None)
    bound = [k for k, v in namespace.items() if v is fn] if isinstance(namespace, dict) else []
    if isinstance(name, str) and name != "<lambda>" and (name in bound or not bound):
        return name
    if bound:
        return bound[0]
    return name if isinstance(name, str) else type(fn).__name__


def places(fn: Any) -> list[Place]:
    """Every place where ``fn``'s recursive calls may look it up (see the module's docstring)."""
    out: list[Place] = []
    reached = _reached(fn)
    body = core(fn)
    namespace = getattr(body, "__globals__", None)
    if isinstance(namespace, dict):
        for name, value in list(namespace.items()):
            if any(value is r for r in reached):
                out.append(Place(direct(value), functools.partial(namespace.__setitem__, name),
                                 functools.partial(namespace.__setitem__, name, value), f"{name}(...)"))
    code, closure = getattr(body, "__code__", None), getattr(body, "__closure__", None)
    if code is not None and closure:
        for name, cell in zip(code.co_freevars, closure):
            try:
                value = cell.cell_contents
            except ValueError:  # not yet filled
                continue
            if any(value is r for r in reached):
                out.append(Place(direct(value), functools.partial(setattr, cell, "cell_contents"),
                                 functools.partial(setattr, cell, "cell_contents", value), f"{name}(...)"))
    if inspect.ismethod(fn) and not isinstance(fn.__self__, type):
        out.extend(_method(fn))
    call = _own_call(fn)
    if call is not None and type(type(fn)) is type:
        out.append(_called_object(fn, call))
    return out


def _method(fn: Any) -> list[Place]:
    """``self.name(...)``: a stand-in in the instance's own ``__dict__``, if it has one."""
    obj, name = fn.__self__, fn.__func__.__name__
    own = getattr(obj, "__dict__", None)
    try:
        found = inspect.getattr_static(type(obj), name)
    except AttributeError:
        return []
    if not isinstance(own, dict) or name in own or found is not fn.__func__:
        return []
    return [Place(fn, functools.partial(own.__setitem__, name), functools.partial(own.pop, name, None), f"self.{name}(...)")]


def _called_object(obj: Any, call: Any) -> Place:
    """``self(...)``: a stand-in for the class's ``__call__`` that answers for ``obj`` only."""
    cls = type(obj)
    mine = "__call__" in vars(cls)

    def put(stand_in: Callable[..., Any]) -> None:
        def __call__(self: Any, *args: Any, **kwargs: Any) -> Any:
            return stand_in(*args, **kwargs) if self is obj else call(self, *args, **kwargs)

        cls.__call__ = __call__

    def undo() -> None:
        if mine:
            cls.__call__ = call
        else:
            del cls.__call__

    return Place(functools.partial(call, obj), put, undo, "self(...)")


def unseen(fn: Any) -> str:
    """Why ``fn``'s recursive calls cannot be seen (it has no :func:`places`)."""
    if inspect.ismethod(fn):
        if isinstance(fn.__self__, type):
            return "a class method, which calls itself through its class"
        return "a method of an object without a __dict__ of its own"
    if inspect.isbuiltin(fn) or not inspect.isfunction(core(fn)):
        return "not written in Python"
    if getattr(fn, "__name__", None) == "<lambda>":
        return "a lambda bound to no name"
    if "<locals>" in getattr(fn, "__qualname__", ""):
        return "defined inside another function, and not called by its own name there"
    return "bound to no name in its module or notebook"
