"""Tests of negaviz.progress: bars on a real terminal (a pseudo-terminal), none on a pipe
or with --quiet, and the same results with and without them."""

from __future__ import annotations

import dataclasses
import fcntl
import io
import os
import pty
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

import negaviz
from negaviz.export import export_html
from negaviz.progress import recording, wanted
from negaviz.trace import dumps

ROOT = Path(negaviz.__file__).resolve().parents[1]
BIG_RECORD = ["solve", "ttt", "--algorithm", "negamax", "--record"]  # 1.6 million events: a second or two


def env() -> dict[str, str]:
    """The command's environment: negaviz from this checkout, and bars drawn from the
    start (no delay), so what a test watches does not depend on the machine's speed."""
    out = dict(os.environ)
    out["NEGAVIZ_PROGRESS_DELAY"] = "0"
    out["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), out.get("PYTHONPATH")]))
    return out


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "negaviz", *argv]


def in_terminal(argv: list[str], cwd: Path) -> tuple[int, str]:
    """Run ``negaviz ARGV`` with stdin, stdout and stderr on a pseudo-terminal of 100
    columns (tqdm draws nothing in 0 columns); its status and everything it wrote."""
    return in_terminal_with(argv, cwd, {})


def in_terminal_with(argv: list[str], cwd: Path, extra: dict[str, str]) -> tuple[int, str]:
    """:func:`in_terminal` with ``extra`` environment variables."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    proc = subprocess.Popen(command(*argv), stdin=follower, stdout=follower, stderr=follower, cwd=cwd, env={**env(), **extra})
    os.close(follower)
    chunks = []
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the process closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    return proc.wait(timeout=60), b"".join(chunks).decode("utf-8", "replace")


# ------------------------------------------------------------------ when bars are drawn
def test_bars_are_wanted_only_on_a_terminal_and_not_when_quiet() -> None:
    leader, follower = pty.openpty()
    try:
        with open(follower, "w", closefd=False) as terminal:
            assert wanted(stream=terminal) and not wanted(True, stream=terminal)
    finally:
        os.close(leader)
        os.close(follower)
    assert not wanted(stream=io.StringIO())


def test_recording_shows_a_bar_on_a_terminal(tmp_path: Path) -> None:
    status, shown = in_terminal(BIG_RECORD, tmp_path)
    assert status == 0, shown
    assert "recording:" in shown and " events" in shown and "events/s" in shown
    assert "events       1649837" in shown  # the summary follows the bar, which is erased


def test_a_recording_of_a_few_milliseconds_still_shows_its_bar(tmp_path: Path) -> None:
    # 7,637 events, recorded in a few milliseconds: with no delay the bar shows however fast the machine.
    status, shown = in_terminal(["solve", "ttt", "x........", "--record"], tmp_path)
    assert status == 0, shown
    assert "recording:" in shown and "events       7637" in shown


def test_a_bad_progress_delay_is_one_line_naming_the_variable(tmp_path: Path) -> None:
    done = subprocess.run(
        command("solve", "ttt", "x........", "--record"), cwd=tmp_path, env={**env(), "NEGAVIZ_PROGRESS_DELAY": "-1"},
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    # (stderr is a pipe, so no bar is drawn and the delay is not read: only a terminal reads it)
    assert done.returncode == 0, done.stderr
    status, shown = in_terminal_with(["solve", "ttt", "x........", "--record"], tmp_path, {"NEGAVIZ_PROGRESS_DELAY": "soon"})
    assert status == 2, shown
    assert "NEGAVIZ_PROGRESS_DELAY must be a number of seconds, 0 or more; got 'soon'" in shown
    assert "Traceback" not in shown


@pytest.mark.parametrize("argv", [
    ["render", "ttt", "x.o/x../o..", "-o", "tree.svg"],
    ["render", "ttt", "x.o/x../o..", "--steps", "0-2", "-o", "steps.pdf"],
    ["render", "ttt", "x.o/x../o..", "--steps", "0-2", "-o", "frames/"],  # the flip-book recorded without it once
    ["export", "ttt", "x.o/x../o..", "-o", "page.html"],
], ids=["render", "flip-book-pdf", "flip-book-folder", "export"])
def test_every_command_that_records_shows_the_bar_and_quiet_hides_it(argv: list[str], tmp_path: Path) -> None:
    status, shown = in_terminal(argv, tmp_path)
    assert status == 0, shown
    assert "recording:" in shown and " events" in shown
    quiet = tmp_path / "quiet"
    quiet.mkdir()
    status, shown = in_terminal([*argv, "--quiet"], quiet)
    assert status == 0, shown
    assert "recording" not in shown


@pytest.mark.slow
def test_recording_is_quiet_with_quiet(tmp_path: Path) -> None:
    status, shown = in_terminal([*BIG_RECORD, "--quiet"], tmp_path)
    assert status == 0, shown
    assert "recording" not in shown and "events       1649837" in shown


@pytest.mark.slow
def test_recording_is_quiet_when_stderr_is_a_pipe(tmp_path: Path) -> None:
    done = subprocess.run(command(*BIG_RECORD), cwd=tmp_path, env=env(), capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (0, "")
    assert "events       1649837" in done.stdout


def test_solve_progress_draws_root_moves_with_tqdm(tmp_path: Path) -> None:
    status, shown = in_terminal(["solve", "connect4", "--cols", "4", "--rows", "4", "--tt", "--progress"], tmp_path)
    assert status == 0, shown
    assert "root moves: 100%" in shown and "4/4" in shown


@pytest.mark.slow
def test_export_shows_its_phases_on_a_terminal(tmp_path: Path) -> None:
    # (a page laid out in the browser is quick to write: a search big enough to take a while)
    status, shown = in_terminal(["export", "ttt", "x........", "--max-nodes", "60", "-o", "page.html"], tmp_path)
    assert status == 0, shown
    assert "laying out views:" in shown and "writing the page:" in shown  # (each step: under the delay here)
    assert "page.html: every one of 7,638 steps" in shown


# ------------------------------------------------------------------ the same results
def test_the_recorder_reports_events_so_far_and_the_trace_is_unchanged() -> None:
    seen: list[int] = []
    game = negaviz.TicTacToe("x........")
    trace = negaviz.record(game, algorithm="negamax", progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == len(trace) and len(seen) > 10
    assert dumps(trace) == dumps(negaviz.record(game, algorithm="negamax"))


def test_a_disabled_bar_gives_no_hook() -> None:
    with recording(enabled=False) as hook:
        assert hook is None


@pytest.mark.slow
def test_export_with_progress_writes_the_same_page(tmp_path: Path) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo..x.o.."), algorithm="alphabeta")
    plain = export_html(trace, tmp_path / "plain.html", max_nodes=20)
    shown = export_html(trace, tmp_path / "shown.html", max_nodes=20, progress=True)
    assert plain.views > 1  # several views, laid out in order while the bar moves
    assert (tmp_path / "plain.html").read_bytes() == (tmp_path / "shown.html").read_bytes()
    assert dataclasses.replace(plain, path=shown.path) == shown
