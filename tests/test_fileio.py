"""Reads that cannot hang or fill memory, writes that cannot leave half a file (negaviz.fileio)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from negaviz.errors import InputError
from negaviz.fileio import atomic_write, read_file, remove_partial

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")


def test_read_file_reads_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"[[7,5],[3,1,9]]")
    assert read_file(path, what="POSITION") == b"[[7,5],[3,1,9]]"


@needs_fifo
def test_a_named_pipe_with_no_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # Opening it for reading the ordinary way blocks forever: read it in a thread, which
    # must be done long before the guard (no bound on a measured time).
    caught: list[BaseException] = []

    def read() -> None:
        try:
            read_file(fifo, what="a trace")
        except BaseException as exc:  # noqa: BLE001 (handed to the test)
            caught.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=60)
    if reader.is_alive():
        with open(fifo, "wb"):  # a writer lets the blocked open return, so the thread ends
            pass
        pytest.fail("reading a named pipe with no writer blocked")
    assert len(caught) == 1 and isinstance(caught[0], InputError) and "not a regular file" in str(caught[0])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_device_is_refused_before_a_byte_is_read() -> None:
    with pytest.raises(InputError, match=r"cannot read a trace from '/dev/zero': it is not a regular file"):
        read_file("/dev/zero", what="a trace")


def test_a_file_past_the_limit_is_refused_with_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 3000)
    with pytest.raises(InputError, match=r"it has 3,000 bytes, more than the 2 KiB negaviz reads"):
        read_file(path, what="a trace", limit=2048)
    assert read_file(path, what="a trace", limit=3000) == b"x" * 3000


def test_what_the_system_refuses_stays_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_file(tmp_path / "missing", what="a trace")
    with pytest.raises(IsADirectoryError):
        read_file(tmp_path, what="a trace")


def test_atomic_write_replaces_the_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "out.svg"
    assert atomic_write(path, b"old") == path
    assert atomic_write(path, b"new" * 1_000_000) == path
    assert path.read_bytes() == b"new" * 1_000_000
    assert [p.name for p in tmp_path.iterdir()] == ["out.svg"]


def test_atomic_write_keeps_the_old_files_mode(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    path.write_bytes(b"old")
    path.chmod(0o640)
    atomic_write(path, b"new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.json", b"{}")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


def test_a_link_is_kept_and_the_file_it_names_replaced(tmp_path: Path) -> None:
    real = tmp_path / "real.svg"
    real.write_bytes(b"old")
    link = tmp_path / "link.svg"
    link.symlink_to(real)
    atomic_write(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_device_is_written_directly_and_a_full_one_fails(tmp_path: Path) -> None:
    atomic_write("/dev/null", b"gone")  # nothing to replace: no temporary file in /dev
    with pytest.raises(OSError, match="No space left on device"):
        atomic_write("/dev/full", b"x")


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "trace.json"
    path.write_bytes(b"old and whole")

    def ctrl_c(fd: int) -> None:  # the data is half on its way to the disk
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(path, b"new" * 100_000)
    assert path.read_bytes() == b"old and whole"
    assert [p.name for p in tmp_path.iterdir()] == ["trace.json"]


def test_remove_partial_removes_a_temporary_still_being_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What the CLI's Ctrl-C handler does before os._exit, which skips atomic_write's clean-up.
    seen: list[str] = []

    def stop_here(fd: int) -> None:
        seen.extend(p.name for p in tmp_path.iterdir())
        remove_partial()
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", stop_here)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(tmp_path / "page.html", b"<html>")
    assert len(seen) == 1 and seen[0].startswith(".page.html.") and seen[0].endswith(".tmp")
    assert list(tmp_path.iterdir()) == []
