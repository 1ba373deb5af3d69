"""Progress bars for long work, drawn by tqdm (in a terminal, or as a notebook widget).

The work reports through hooks it already has, so a bar adds nothing to a search's
inner loop:

* recording: :class:`~negaviz.trace.recorder.Recorder` calls ``progress(events)`` each
  time the search has it pack its events (every few hundred nodes);
  :func:`recording` makes that hook draw a bar of events recorded;
* solving root move by root move (``negaviz solve --progress``): the
  :data:`~negaviz.search.endgame.Progress` hook; :func:`root_moves` draws it;
* exporting a big page: :func:`negaviz.export.export_html` with ``progress=True``.

A bar appears only once the work has taken :data:`DELAY` seconds, so quick commands
print nothing extra (the environment variable ``NEGAVIZ_PROGRESS_DELAY`` sets another
number of seconds: ``0`` draws every bar from the start, as the tests that watch bars do).  The command line shows bars only when standard error is a
terminal, and never with ``--quiet`` (see :func:`wanted`).

>>> import negaviz
>>> with recording(enabled=False) as hook:  # no bar wanted: no hook, the recorder skips it
...     trace = negaviz.record(negaviz.TicTacToe(), progress=hook)
>>> hook is None, len(trace)
(True, 59127)
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TextIO

from negaviz.vocabulary import check_flag
from negaviz.vocabulary import fmt

__all__ = ["wanted"]

DELAY = 0.5
"""Seconds of work before a bar appears (tqdm's ``delay``), unless
``NEGAVIZ_PROGRESS_DELAY`` says otherwise (see :func:`delay`)."""


def delay() -> float:
    """Seconds of work before a bar appears: ``NEGAVIZ_PROGRESS_DELAY`` when it is set
    to a number of seconds (0 or more), else :data:`DELAY`.  A value that is not such a
    number is an error naming it, not a silent default.

    >>> import os
    >>> os.environ["NEGAVIZ_PROGRESS_DELAY"] = "0"
    >>> delay()
    0.0
    >>> os.environ["NEGAVIZ_PROGRESS_DELAY"] = "soon"
    >>> delay()
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: NEGAVIZ_PROGRESS_DELAY must be a number of seconds, 0 or more; got 'soon'
    >>> del os.environ["NEGAVIZ_PROGRESS_DELAY"]
    >>> delay() == DELAY
    True
    """
    text = os.environ.get("NEGAVIZ_PROGRESS_DELAY")
    if text is None or not text.strip():
        return DELAY
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0 or seconds == float("inf"):
        from negaviz.errors import InputError
        raise InputError(f"NEGAVIZ_PROGRESS_DELAY must be a number of seconds, 0 or more; got {text!r}")
    return seconds


def wanted(quiet: bool = False, stream: TextIO | None = None) -> bool:
    """Whether the command line should draw bars: not ``quiet``, and ``stream``
    (default: standard error) is a terminal, not a pipe or a file."""
    check_flag(quiet, "quiet")
    out = sys.stderr if stream is None else stream
    try:
        return not quiet and out is not None and out.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def bar(*, total: int | None, desc: str, unit: str, enabled: bool = True, wait: float | None = None,
        leave: bool = False, scale: bool = True) -> Any:
    """A tqdm bar on standard error (in a notebook's kernel, tqdm's widget), or a
    disabled one that draws nothing when not ``enabled``; it shows after ``wait`` seconds
    (default: :func:`delay`).  ``leave``: keep its last
    line when done (else it is erased, as a passing phase); ``scale``: write big counts
    as 1.2M (not for a handful of moves)."""
    # tqdm.auto draws a widget only where a notebook kernel already runs (it never imports IPython).
    from tqdm.auto import tqdm  # type: ignore[import-untyped]
    return tqdm(
        total=total, desc=desc, unit=unit, unit_scale=scale, file=sys.stderr, disable=not enabled,
        delay=delay() if wait is None else wait,
        dynamic_ncols=True, leave=leave,
    )


@contextmanager
def recording(*, enabled: bool = True) -> Iterator[Callable[[int], None] | None]:
    """A ``progress`` hook for :func:`negaviz.record` that draws the events recorded
    so far (None when not ``enabled``, so the recorder skips it); the bar is closed
    when the block ends, Ctrl-C included."""
    if not enabled:
        yield None
        return
    events = bar(total=None, desc="recording", unit=" events")

    def update(count: int) -> None:
        events.update(count - events.n)

    try:
        yield update
    finally:
        events.close()


@contextmanager
def root_moves(*, enabled: bool = True) -> Iterator[Callable[[int, int, str, float], None]]:
    """A :data:`~negaviz.search.endgame.Progress` hook for
    :func:`negaviz.search.endgame.solve`: a bar of root moves searched, with the last
    move and its value.  It shows from the first move (the user asked for it)."""
    moves = bar(total=None, desc="root moves", unit=" moves", enabled=enabled, wait=0, leave=True,
                scale=False)

    def update(done: int, total: int, name: str, value: float) -> None:
        if moves.total != total or done < moves.n:  # a driver's next pass starts again from 1
            moves.reset(total=total)
        moves.set_postfix_str(f"{name}: {fmt(value)}", refresh=False)
        moves.update(done - moves.n)

    try:
        yield update
    finally:
        moves.close()
