"""Stop a student's function that will not stop: from any thread, whatever it catches.

A run of a student's function (:func:`negaviz.student.runner.execute`) has a budget of
calls and of seconds.  A run over budget is stopped by raising :class:`Stop` in the
student's code.  An exception alone is not enough: a bare ``except:`` catches it, and a
function that loops around one never ends; and an alarm (``SIGALRM``) to say the time is
up only rings in the main thread.  So a run is *guarded*:

* The run is in **student context** while the student's code runs, and in **machinery
  context** while negaviz's own code runs (the stand-in that records each call, the
  recorder of the trace).  :meth:`Guard.call` and :meth:`Guard.enter` switch between the
  two with two plain assignments, where Python never switches threads, so the other
  thread below always sees which context the run is in.
* Once the run must stop (its calls are spent, its time is up, or the user pressed
  Ctrl-C), a **watchdog thread** asks Python, every few milliseconds, to raise
  :class:`Stop` in the running thread (``PyThreadState_SetAsyncExc``), and marks every
  frame of that thread's stack so that each new line it starts asks again (the frames'
  ``f_trace``; once a stop has been raised, the thread's trace function is the builtin
  ``getattr``, which does nothing but makes Python read them, so a run that is not stopped
  pays nothing for it).  Both requests are made by one C function
  that reads a thread id that is 0 in machinery context: a stop is raised only in the
  student's code, never in the middle of the recorder.  An ``except:`` that catches it
  starts a new line, which raises it again, now outside its ``try``; so every frame lets
  it through.
* On the way back into the machinery, a stop asked for but not yet raised is drained
  (raised and swallowed at once); the stand-in raises the stop itself at its entrance, the
  one place it is safe.  So the recorder always finishes its trace: a stopped run keeps
  the calls it made ("nothing is lost").

Ctrl-C in the main thread is the user's, not the student's: during the run it stops the
run as the budgets do, then :func:`~negaviz.student.check` raises ``KeyboardInterrupt``; a
second Ctrl-C is Python's own.  A ``KeyboardInterrupt`` (or ``SystemExit``, or
``GeneratorExit``) that the student's code raises itself is the student's, and is
reported like any other exception.

Why not a subprocess, which could kill anything: a forked child loses what the function
prints in a notebook and what it leaves in its globals, forking a Jupyter kernel (a
process with threads) can deadlock, and Windows, macOS (safely) and a browser's Python
cannot fork at all.  What the guard cannot stop: a loop inside C code
(``sum(itertools.count())``), which nothing inside Python interrupts; where ``ctypes``
cannot reach the interpreter (PyPy, a browser's Python) or no thread can start, only the
budget of calls and a look at the clock at each call remain.  It assumes the global
interpreter lock (the free-threaded build of Python 3.13 has none).
"""

from __future__ import annotations

import functools
import signal
import sys
import threading
import time
from types import FrameType, TracebackType
from typing import Any, Callable, Literal

__all__: list[str] = []

Why = Literal["calls", "time", "interrupt", "refused"]
"""Why a run was stopped: its calls were spent, its time was up, the user pressed Ctrl-C,
or the runner refused what it did (returned no number, say)."""

ROUND = 0.002
"""Seconds between the watchdog's requests once a run must stop."""


_running = threading.local()  # .guard: the guard of the run in this thread, if any


class Stop(BaseException):
    """Ends a run (a BaseException, so that the student's ``except Exception`` lets it through).

    Python makes one when it is raised, or when a stop asked for reaches an ``except``: in
    the run's thread, before that handler runs.  Then, and only then, lines start asking
    again (see :meth:`Guard._trace`): until a stop, a run has no trace function at all."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        guard = getattr(_running, "guard", None)
        if guard is not None:
            guard._trace()


class _Box:
    """Where no C function can ask: a box whose value nothing reads."""

    value = 0


def _asker() -> tuple[Any, Callable[..., None] | None]:
    """The thread id box, and the C function asking Python to raise :class:`Stop` in the
    thread it names (a no-op while it names 0), called as a trace function is (frame,
    event, arg: ignored).  No function where ``ctypes`` cannot reach the interpreter."""
    if sys.implementation.name != "cpython":
        return _Box(), None
    try:
        import ctypes

        fn = type(ctypes.pythonapi.PyThreadState_SetAsyncExc)(("PyThreadState_SetAsyncExc", ctypes.pythonapi))
        # A C function called with arguments it does not read is harmless in the C calling
        # conventions CPython runs on; the three extra ones are a trace function's.
        fn.argtypes = (ctypes.c_ulong, ctypes.py_object, ctypes.py_object, ctypes.py_object, ctypes.py_object)
        fn.restype = None  # a trace function returning None keeps the frame's f_trace
        box = ctypes.c_ulong(0)
    except (ImportError, AttributeError, OSError, TypeError):
        return _Box(), None
    return box, functools.partial(fn, box, Stop)


def _point() -> None:
    """Nothing: calling it is a place where Python raises an exception asked for."""


class Guard:
    """The guard of one run (a context manager, entered in the thread that runs it).

    ``seconds`` is the time budget (0: none), ``max_calls`` the budget of calls (counted by
    :meth:`enter`).  After the run, :attr:`why` says why it was stopped (None: it was not)
    and :attr:`went_on` whether the student's code called the function again after a stop
    was raised into it (an ``except:`` that catches everything, most likely).

    The switches between contexts write the box and :attr:`student` with no call between
    (a call is where Python may switch threads, or raise a stop asked for): keep it so."""

    def __init__(self, seconds: float, max_calls: int) -> None:
        self.seconds = seconds
        self.max_calls = max_calls
        self.calls = 0
        """The calls of the function so far."""
        self.why: Why | None = None
        self.went_on = False
        self.student = False
        """Whether the student's code is running (else negaviz's)."""
        self._box, self._ask = _asker()
        self._live = 0  # the thread's id once the run must stop, else 0
        self._tid = threading.get_ident()
        self._deadline = time.monotonic() + seconds if seconds > 0 else None
        self._raised = False
        self._entry: FrameType | None = None
        self._wake = threading.Event()
        self._over = threading.Event()
        self._watchdog: threading.Thread | None = None
        self._old_trace: Any = None
        self._traced = False
        self._outer: Guard | None = None
        self._old_sigint: Any = None
        self.presses = 0
        """How many times the user pressed Ctrl-C during the run (in the main thread)."""

    # --- the run --------------------------------------------------------------------------
    def __enter__(self) -> Guard:
        self._entry = sys._getframe(1)
        self._outer = getattr(_running, "guard", None)
        _running.guard = self
        try:
            self._watchdog = threading.Thread(target=self._watch, name="negaviz-check-watchdog", daemon=True)
            self._watchdog.start()
        except RuntimeError:  # no threads (a browser's Python): the clock is read at each call
            self._watchdog = None
        if threading.current_thread() is threading.main_thread():
            try:
                old = signal.getsignal(signal.SIGINT)
                if callable(old):
                    signal.signal(signal.SIGINT, self._interrupted)
                    self._old_sigint = old
            except (ValueError, OSError, AttributeError):
                pass
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._box.value = 0
        self.student = False
        self._over.set()
        self._wake.set()
        if self._watchdog is not None:
            self._watchdog.join()
        try:
            _point()
        except Stop:
            pass
        if self._traced:
            sys.settrace(self._old_trace)
        _running.guard = self._outer
        if self._old_sigint is not None:
            signal.signal(signal.SIGINT, self._old_sigint)
        self._entry = None

    def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)``, the student's code, in student context."""
        outer = self.student
        self.student = True
        self._box.value = self._live
        try:
            return fn(*args, **kwargs)
        finally:
            self._box.value = 0  # machinery from here on: nothing is asked for after this
            self.student = outer
            try:  # a stop asked for before is raised here (or at this call), and swallowed
                _point()
            except Stop:
                pass

    def enter(self) -> bool:
        """Count a call and enter the machinery from the caller (the stand-in's first
        step); returns the caller's context, for :meth:`leave`.  Raises :class:`Stop` in
        the caller if the run must stop."""
        outer = self.student
        self._box.value = 0
        self.student = False
        try:
            _point()
        except Stop:
            pass
        self.calls += 1
        if self.calls > self.max_calls:
            self.stop("calls")
        elif self._deadline is not None and self.why is None and time.monotonic() > self._deadline:
            self.stop("time")  # at each call, also where no watchdog runs
        if self.why is None:
            return outer
        self.went_on |= self._raised and outer
        self._raised = True
        self.student = outer
        self._box.value = self._live if outer else 0
        raise Stop

    def leave(self, outer: bool) -> None:
        """Back to the caller's context (the stand-in's last step)."""
        self.student = outer
        self._box.value = self._live if outer else 0

    def stop(self, why: Why) -> None:
        """Stop the run (from any thread; the first reason stays)."""
        if self.why is None:
            self.why = why
        self._live = self._tid
        if self.student:
            self._box.value = self._tid
        self._wake.set()

    # --- the watchdog ---------------------------------------------------------------------
    def _watch(self) -> None:
        """Wait for the deadline or a stop, then ask until the run is over."""
        self._wake.wait(self.seconds if self.seconds > 0 else None)
        if self._over.is_set():
            return
        self.stop("time")
        while not self._over.is_set():
            self._mark()
            if self._ask is not None:
                self._ask(None, None, None)
            self._over.wait(ROUND)

    def _mark(self, frame: FrameType | None = None) -> None:
        """Ask again at each new line of every frame the run has open (from ``frame`` down;
        default: the run's thread's newest)."""
        if self._ask is None:
            return
        if frame is None:
            frame = sys._current_frames().get(self._tid)
        while frame is not None and frame is not self._entry:
            frame.f_trace = self._ask
            frame = frame.f_back

    def _trace(self) -> None:
        """A stop was raised in the run's thread: make its lines ask from now on."""
        if self._ask is None or threading.get_ident() != self._tid or self._entry is None:
            return
        if not self._traced:
            self._old_trace = sys.gettrace()
            self._traced = True
        if sys.gettrace() is not getattr:  # also if it was lost (a trace function that fails is dropped)
            sys.settrace(getattr)  # does nothing, but makes Python read the frames' f_trace
        self._mark(sys._getframe(1))

    def _interrupted(self, signum: int, frame: FrameType | None) -> None:
        """Ctrl-C during the run: the first stops it; a second is Python's own."""
        self.presses += 1
        if self.presses > 1 or self._over.is_set():
            self._old_sigint(signum, frame)
            return
        self.stop("interrupt")
