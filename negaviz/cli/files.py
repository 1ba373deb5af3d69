"""Output files: each checked before the search, none replaced without ``--force``,
each written whole or not at all; and Ctrl-C (or SIGTERM) while they are written.

An output file is checked before the search (its folder exists and takes files, it is
not a folder), and a write that fails anyway (a full disk) is an error line too.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

from negaviz.cli.parser import EXIT_INTERRUPTED, PROG
from negaviz.errors import InputError
from negaviz.fileio import remove_partial

__all__: list[str] = []


def _reason(exc: OSError) -> str:
    """What the system said, without Python's decoration (``[Errno 28] ...``)."""
    return exc.strerror or str(exc) or type(exc).__name__


def check_output(path: str | os.PathLike[str]) -> Path:
    """Raise InputError unless a file can be written at ``path``: before a search, so
    that a long search is not lost to a typo in the folder name.

    The check tries it: it opens the file for appending (creating it, then removing
    it, if it was not there), so a read-only folder, /proc or /sys fail here.  A full
    disk only shows on the write itself: see :func:`_writing`.
    """
    target = Path(path)
    shown = str(path)
    if str(path).endswith(("/", os.sep)) or target.is_dir():
        raise InputError(f"cannot write {shown!r}: it is a folder (name a file in it)")
    folder = target.parent
    if not folder.exists():
        raise InputError(f"cannot write {shown!r}: folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise InputError(f"cannot write {shown!r}: {str(folder)!r} is not a folder")
    existed = os.path.lexists(target)
    try:
        # Non-blocking: opening a named pipe with no reader must fail, not hang.
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666)
        os.close(fd)
        if not existed:
            os.unlink(target)
    except OSError as exc:
        raise InputError(f"cannot write {shown!r}: {_reason(exc)}") from None
    return target


def check_new(path: str | os.PathLike[str], force: bool) -> None:
    """The one overwrite rule of every command that writes a file: a file already at
    ``path`` is refused unless ``--force``, in one line naming it, before any search or
    drawing.  With ``--force`` it is replaced whole (written beside it, then renamed: see
    :func:`negaviz.fileio.atomic_write`).  What is not a regular file is not replaced
    (``/dev/null``, a named pipe: written to as it is; a folder: refused by :func:`check_output`).

    A symbolic link to a file, or to nothing yet, is refused even with ``--force``: it would
    be written through, into a file that was not named (name that file to replace it)."""
    if os.path.islink(path):
        target = os.path.realpath(path)
        if os.path.isfile(target) or not os.path.lexists(target):
            raise InputError(f"{str(path)!r} is a symbolic link to {target!r}: negaviz does not write through a "
                             f"link, even with --force (name {target!r} itself, or remove the link)")
    if os.path.isfile(path) and not force:
        raise InputError(f"{str(path)!r} already exists: use --force to replace it")


def check_apart(outputs: Sequence[tuple[str, str]], inputs: Sequence[tuple[str, str]]) -> None:
    """Refuse, even with ``--force``, an output that is one of the ``inputs`` (it is read
    before it would be written over) or another output: ``outputs`` as (flag, path),
    ``inputs`` as (what, path); the same file however it is named (a link, ``./``)."""
    for i, (flag, path) in enumerate(outputs):
        for what, given in inputs:
            if _same_file(path, given):
                raise InputError(f"{flag} {path!r} is {what} {given!r}, an input: name another file for {flag} "
                                 "(--force never replaces an input)")
        for other, before in outputs[:i]:
            if _same_file(path, before):
                raise InputError(f"{flag} {path!r} is the file {other} writes: name a different file for each output")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one is not there yet: the same file only by name
        return os.path.realpath(a) == os.path.realpath(b)


class _writing:
    """``with _writing(path):`` turns a failed write (a full disk, a folder removed
    meanwhile) into one InputError line naming the file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        if isinstance(exc, OSError):
            raise InputError(f"cannot write {self.path!r}: {_reason(exc)}") from None


@contextmanager
def _terminate_as_ctrl_c() -> Iterator[None]:
    """SIGTERM (``kill``, a CI timeout) raises KeyboardInterrupt, as Ctrl-C does, so
    ``finally`` clauses run before the process ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def _quit_on_ctrl_c(output: str) -> Iterator[None]:
    """Ctrl-C while the page is laid out and written exits at once, status 130.

    dot may be laying out a view in a child process, and a KeyboardInterrupt would
    first wait for it: the command has nothing left to keep, so it stops the process.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        remove_partial()  # os._exit skips the write's own clean-up
        print(f"{PROG}: interrupted: {output} not written", file=sys.stderr)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(EXIT_INTERRUPTED)

    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _check_format(path: str, formats: Any) -> None:
    if Path(path).suffix.lower() not in formats:
        raise InputError(f"cannot tell the format of {path!r} (end it with one of {', '.join(formats)})")
