"""A quiet Ctrl-C while the ``negaviz`` command starts (imported first by the package).

Importing negaviz takes a few tenths of a second, before :func:`negaviz.cli.main` can
catch anything, and a Ctrl-C then would print a ``KeyboardInterrupt`` traceback
through the imports.  When this process is the command (the ``negaviz`` script or
``python -m negaviz``), :func:`guard` makes Ctrl-C end it at once, status 130, with
one line; :func:`release` (called first by ``main``) gives Ctrl-C back to Python, so a
search can stop and report.  A library user's process (a notebook, a script) is left
alone.

``NEGAVIZ_TEST_PAUSE_AT_START`` (seconds) makes the command wait, guarded, before its
imports: for the test that sends a real SIGINT at start-up.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from types import FrameType

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C


def _is_the_command() -> bool:
    """Whether this process runs the negaviz command (not a program importing negaviz)."""
    if os.path.basename(sys.argv[0] if sys.argv else "") in ("negaviz", "negaviz.exe"):
        return True
    argv = list(getattr(sys, "orig_argv", ()))  # python -m negaviz (or negaviz.cli): argv[0] is "-m" now
    return "-m" in argv and argv[argv.index("-m") + 1 : argv.index("-m") + 2] in (["negaviz"], ["negaviz.cli"])


def _quit(signum: int, frame: FrameType | None) -> None:
    try:
        sys.stderr.write("negaviz: interrupted\n")
        sys.stderr.flush()
    finally:
        os._exit(EXIT_INTERRUPTED)  # nothing has started that could be kept


def guard() -> None:
    """Make Ctrl-C quiet until :func:`release`, if this process is the command."""
    if threading.current_thread() is not threading.main_thread() or not _is_the_command():
        return
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _quit)
    pause = os.environ.get("NEGAVIZ_TEST_PAUSE_AT_START")
    if pause:
        time.sleep(float(pause))


def release() -> None:
    """Ctrl-C raises KeyboardInterrupt again (if :func:`guard` had taken it)."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is _quit:
        signal.signal(signal.SIGINT, signal.default_int_handler)
