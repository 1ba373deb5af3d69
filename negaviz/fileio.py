"""Files in and out: reads that cannot hang or fill memory, writes that cannot leave half a file.

:func:`read_file` reads only regular files, up to a size limit: a named pipe with no
writer would block forever and ``/dev/zero`` would be read until memory ran out, so
both are refused at once, before a byte is read.

:func:`atomic_write` writes every file negaviz makes (traces, drawings, pages): the
data goes to a temporary file beside the target, which is then renamed over it, so an
interruption (Ctrl-C, a full disk, a crash) leaves the old file or the new one, never
half of either, and no temporary file.  A symbolic link is followed (the file it names
is replaced, the link kept); a target that is not a regular file (``/dev/null``, a
named pipe being read) is written directly, as there is nothing to replace.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp) / "a.txt"
...     _ = atomic_write(path, b"old")
...     _ = atomic_write(path, b"new")
...     read_file(path, what="the text"), sorted(p.name for p in pathlib.Path(tmp).iterdir())
(b'new', ['a.txt'])
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from negaviz.errors import InputError

__all__ = ["read_file", "atomic_write"]

MAX_READ = 1 << 30
"""The largest file :func:`read_file` reads by default: 1 GiB (a trace of about 100
million events; bigger searches are recorded with a node budget)."""

_CHUNK = 1 << 20  # bytes read or written at a time
_PARTIAL: set[str] = set()  # temporary files being written now (removed if the process must stop at once)


def _size(n: int) -> str:
    """``n`` bytes for a message: ``1 GiB``, ``32 MiB``, ``512 bytes``."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return f"{n >> shift} {unit}"
    return f"{n:,} bytes"


def read_file(path: str | os.PathLike[str], *, what: str, limit: int = MAX_READ) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    A pipe, a device or a socket, or a file of more than ``limit`` bytes, is an
    :class:`InputError` naming ``what`` and the file; what the system refuses (a
    missing file, a folder, no permission) stays an :class:`OSError`."""
    from negaviz.vocabulary import check_int, check_path, check_text  # lazily: vocabulary is light, but apart

    check_path(path)
    check_text(what, "what")
    check_int(limit, "limit", low=0)
    shown = str(path)
    # Non-blocking: opening a named pipe that has no writer returns at once (it would
    # block here otherwise); fstat then tells what was opened.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), shown)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(
                f"cannot read {what} from {shown!r}: it is not a regular file (a named pipe, a device or a "
                "socket); negaviz reads only files"
            )
        if info.st_size > limit:
            raise InputError(
                f"cannot read {what} from {shown!r}: it has {info.st_size:,} bytes, more than the {_size(limit)} "
                "negaviz reads"
            )
        parts = []
        got = 0
        while got <= limit:  # a file growing while it is read still stops at the limit
            part = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not part:
                break
            parts.append(part)
            got += len(part)
        if got > limit:
            raise InputError(f"cannot read {what} from {shown!r}: it grew past the {_size(limit)} negaviz reads")
        return b"".join(parts)
    finally:
        os.close(fd)


def atomic_write(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file renamed into place; return
    ``path`` as a Path.  See the module docstring.  An OSError (a full disk, a folder
    removed meanwhile) propagates, with the old file intact and the temporary removed."""
    from negaviz.vocabulary import check_path

    target = Path(check_path(path))
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InputError(f"data must be bytes, not {type(data).__name__} (encode text first)")
    real = os.path.realpath(target)  # a link is kept: the file it names is replaced
    try:
        info: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        info = None
    shown = str(path)
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise InputError(f"cannot write {shown!r}: it is a folder (name a file in it)")
    if info is not None and not stat.S_ISREG(info.st_mode):
        with open(real, "wb") as out:  # /dev/null, a pipe: nothing to replace
            out.write(data)
        return target
    folder, name = os.path.split(real)
    temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
    # The mode a new file would get (0o666 less the umask), or the old file's own.
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if info is None else info.st_mode & 0o7777)
    except OSError as exc:  # said of the file asked for, not of the temporary beside it
        if not os.path.isdir(folder):
            raise InputError(f"cannot write {shown!r}: folder {os.path.dirname(shown) or '.'!r} does not exist") from None
        why = "it takes no new files" if exc.errno == errno.ENOENT else (exc.strerror or str(exc)).lower()
        raise InputError(f"cannot write {shown!r}: folder {os.path.dirname(shown) or '.'!r}: {why}") from None
    _PARTIAL.add(temp)
    try:
        try:
            view = memoryview(data)
            for i in range(0, len(view), _CHUNK):
                chunk = view[i:i + _CHUNK]
                while chunk:
                    chunk = chunk[os.write(fd, chunk):]
            os.fsync(fd)  # the data is on disk before the name points at it
        finally:
            os.close(fd)
        if info is not None:
            os.chmod(temp, info.st_mode & 0o7777)  # the umask applied at creation: restore the old mode
        os.replace(temp, real)
    except BaseException:  # Ctrl-C included: the old file stays, the temporary goes
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    finally:
        _PARTIAL.discard(temp)
    return target


def remove_partial() -> None:
    """Remove the temporary files being written now: for a process about to end at once
    (``os._exit`` after Ctrl-C), which skips the clean-up of :func:`atomic_write`."""
    for temp in list(_PARTIAL):
        try:
            os.unlink(temp)
        except OSError:
            pass
    _PARTIAL.clear()
