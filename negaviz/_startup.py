"""A quiet Ctrl-C while the ``negaviz`` command starts (imported first by the package).

Importing negaviz takes a few tenths of a second, before :func:`negaviz.cli.main` can
catch anything, and a Ctrl-C then would print a ``KeyboardInterrupt`` traceback
through the imports.  When this process is the command (the ``negaviz`` script or
``python -m negaviz``), importing this module makes Ctrl-C end it at once, status 130,
with one line (:func:`guard`, before any other import: ``signal`` and ``sys`` are
built in, and ``os`` is loaded by Python's start-up already); :func:`release` (called
first by ``main``) gives Ctrl-C back to Python, so a search can stop and report, and
:func:`guard` takes it again once the command is done, for its last flush and exit.  A
library user's process (a notebook, a script) is left alone.

What comes before the first line of negaviz is Python's own start-up (its ``site``
module and the ``.pth`` files of installed packages): a Ctrl-C there is answered by
Python, as for any Python program, and no package can change that.

``NEGAVIZ_TEST_PAUSE_AT_START`` (seconds) makes the command wait, guarded, before its
imports: for the test that sends a real SIGINT at start-up.
"""

from __future__ import annotations

import signal
import sys

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C


def _is_the_command() -> bool:
    """Whether this process runs the negaviz command (not a program importing negaviz)."""
    import os  # loaded by Python's start-up already: no time passes here

    if os.path.basename(sys.argv[0] if sys.argv else "") in ("negaviz", "negaviz.exe"):
        return True
    argv = list(getattr(sys, "orig_argv", ()))  # python -m negaviz (or negaviz.cli): argv[0] is "-m" now
    return "-m" in argv and argv[argv.index("-m") + 1 : argv.index("-m") + 2] in (["negaviz"], ["negaviz.cli"])


def _quit(signum: int, frame: object) -> None:
    import os

    try:
        sys.stderr.write("negaviz: interrupted\n")
        sys.stderr.flush()
    finally:
        os._exit(EXIT_INTERRUPTED)  # nothing has started that could be kept, or all is done


def guard(*, pause: bool = False) -> None:
    """Make Ctrl-C quiet until :func:`release`, if this process is the command (and
    Ctrl-C is Python's own: a handler someone set is left alone)."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler or not _is_the_command():
        return
    try:
        signal.signal(signal.SIGINT, _quit)
    except ValueError:  # not the main thread: signals are not this thread's to take
        return
    if pause:
        import os

        wait = os.environ.get("NEGAVIZ_TEST_PAUSE_AT_START")
        if wait:
            import time

            time.sleep(float(wait))


def release() -> None:
    """Ctrl-C raises KeyboardInterrupt again (if :func:`guard` had taken it)."""
    if signal.getsignal(signal.SIGINT) is _quit:
        try:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        except ValueError:  # not the main thread
            pass


guard(pause=True)  # at import: first of all, before the rest of negaviz is imported
