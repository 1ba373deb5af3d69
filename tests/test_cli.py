"""Tests of negaviz.cli: `negaviz solve`, in process through main() and as a real command."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz import cli
from negaviz.cli import arguments, files, solve
from negaviz.errors import InputError, SearchInterrupted
from negaviz.search import SearchOptions, SearchResult

ROOT = Path(negaviz.__file__).resolve().parents[1]
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
TEXTBOOK_LISTS = "[[7,5],[3,1,9]]"


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``negaviz ARGV`` in process: (exit status, stdout, stderr)."""
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run_main(capsys, *argv, "--json")
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == 1  # one object on one line
    report: dict[str, Any] = json.loads(out)
    return report


def no_bare_constants(name: str) -> None:
    raise AssertionError(f"bare {name} in JSON output")


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "negaviz.cli", *argv]


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


@dataclass
class Interrupted:
    """What a command did after a real Ctrl-C: its exit status, output, and the seconds
    from the signal to its exit (``sent`` False: it had ended before, and ``took`` is 0)."""

    sent: bool
    status: int
    out: str
    err: str
    took: float


def _own_process_group() -> None:
    os.setpgrp()
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(
    args: list[str], *, after: float, env: dict[str, str] | None = None, group: bool = False, timeout: float = 30,
) -> Interrupted:
    """Start ``args``, wait ``after`` seconds and press Ctrl-C: SIGINT to the command
    alone, or with ``group`` to its own process group, as a shell's Ctrl-C reaches a job.
    (A shell that starts a job in the background ignores SIGINT for it: the child undoes that.)"""
    proc = subprocess.Popen(
        args, cwd=ROOT, env=subprocess_env() if env is None else env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
        preexec_fn=_own_process_group if group else lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        time.sleep(after)
        if proc.poll() is not None:
            out, err = proc.communicate()
            return Interrupted(False, proc.returncode, out, err, 0.0)
        sent = time.perf_counter()
        if group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=timeout)
        return Interrupted(True, proc.returncode, out, err, time.perf_counter() - sent)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def run_command(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m negaviz.cli ARGV`` as a real process."""
    return subprocess.run(
        command(*argv), cwd=ROOT, env=subprocess_env(), capture_output=True, text=True, timeout=120
    )


# ------------------------------------------------------------------ textbook trees
@pytest.mark.parametrize("tree", [TEXTBOOK, TEXTBOOK_LISTS])
def test_textbook_tree_json(capsys: pytest.CaptureFixture[str], tree: str) -> None:
    report = run_json(capsys, "solve", "tree", tree)
    assert report["value"] == 5
    assert report["minimax_value"] == 5
    assert report["move"] == "B"
    assert report["pv"] == ["B", "E"]
    assert (report["nodes"], report["leaves"], report["cutoffs"], report["tt_hits"]) == (6, 3, 1, 0)
    assert report["pruned"] == ["G", "H"]
    assert report["complete"] is True and report["stopped"] is None
    assert report["options"]["algorithm"] == "alphabeta"
    assert report["options"]["window"] == ["-inf", "inf"]
    assert isinstance(report["seconds"], float) and report["seconds"] >= 0
    assert "events" not in report and "trace_bytes" not in report  # only with --record


def test_textbook_tree_json_from_a_real_process() -> None:
    proc = run_command("solve", "tree", TEXTBOOK, "--json")
    assert (proc.returncode, proc.stderr) == (0, "")
    report = json.loads(proc.stdout)
    assert (report["value"], report["pv"], report["nodes"], report["cutoffs"], report["pruned"]) == (
        5, ["B", "E"], 6, 1, ["G", "H"],
    )


def test_json_keys_are_sorted(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_main(capsys, "solve", "tree", TEXTBOOK, "--json")
    keys = list(json.loads(out))
    assert keys == sorted(keys)


def test_minimax_prunes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "tree", TEXTBOOK, "--algorithm", "minimax")
    assert (report["value"], report["nodes"], report["cutoffs"], report["pruned"]) == (5, 8, 0, [])


def test_tree_with_record_reports_the_trace(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "tree", TEXTBOOK, "--record")
    trace = negaviz.record(negaviz.Tree.parse(TEXTBOOK))
    assert report["events"] == len(trace)
    assert report["trace_bytes"] == trace.nbytes > 0


# ------------------------------------------------------------------ tic-tac-toe, othello
@pytest.mark.slow
def test_ttt_negamax_from_the_empty_board(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "ttt", "--algorithm", "negamax")
    assert (report["value"], report["minimax_value"], report["nodes"], report["cutoffs"]) == (0, 0, 549946, 0)
    assert len(report["pv"]) == 9  # a draw fills the board
    assert "pruned" not in report  # pruned labels are for textbook trees


@pytest.mark.slow
def test_ttt_record_reports_events_and_trace_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "ttt", "--record")
    trace = negaviz.record(negaviz.TicTacToe())
    assert report["events"] == len(trace) > 0
    assert report["trace_bytes"] > 0
    assert report["value"] == 0 and report["nodes"] == trace.counts().nodes


def test_ttt_value_is_for_the_side_to_move_and_minimax_value_for_x(capsys: pytest.CaptureFixture[str]) -> None:
    # o to move must block c1, but x then makes a double threat: o loses.
    report = run_json(capsys, "solve", "ttt", "xx./o../...")
    assert (report["value"], report["minimax_value"], report["move"]) == (-1, 1, "c1")


@pytest.mark.slow
def test_othello_4_with_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "othello", "--size", "4", "--algorithm", "alphabeta", "--tt")
    assert report["value"] == -8
    assert report["minimax_value"] == -8
    assert report["tt_hits"] > 0
    assert report["options"]["tt"] is True


def test_options_may_come_between_game_and_position(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "othello", "--size", "4", "..../.ox./.xo./....:x", "--tt")
    assert report["value"] == -8
    report = run_json(capsys, "solve", "--algorithm", "minimax", "tree", TEXTBOOK)
    assert report["nodes"] == 8


def test_window_accepts_infinities(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "tree", TEXTBOOK, "--window", "-inf", "6")
    assert report["options"]["window"] == ["-inf", 6]
    assert report["value"] == 5
    report = run_json(capsys, "solve", "tree", TEXTBOOK, "--window", "-1e3", "inf", "--fail-hard")
    assert report["options"]["window"] == [-1000, "inf"]


def test_a_value_outside_the_window_is_json_text(capsys: pytest.CaptureFixture[str]) -> None:
    # The window (6, inf) makes every move fail low; no bare Infinity may appear.
    _, out, _ = run_main(capsys, "solve", "tree", TEXTBOOK, "--window", "6", "inf", "--json")
    report = json.loads(out, parse_constant=no_bare_constants)
    assert report["value"] <= 6


def test_every_search_option_reaches_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(
        capsys, "solve", "ttt", "--algorithm", "alphabeta", "--depth", "4", "--order", "threats",
        "--tt", "--symmetry", "--fail-hard", "--window", "-1", "1", "--stop-at-win", "--max-nodes", "1000000",
    )
    expected = SearchOptions(
        depth=4, order="threats", tt=True, symmetry=True, fail_hard=True, window=(-1, 1),
        stop_at_win=True, max_nodes=1_000_000,
    )
    assert report["options"] == expected.to_dict()


# ------------------------------------------------------------------ partial results
def test_a_node_budget_gives_a_partial_result(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "ttt", "--max-nodes", "100")
    assert report["complete"] is False
    assert report["stopped"] == "budget"
    assert report["nodes"] == 100
    assert report["value"] is None and report["pv"] == []


def test_a_node_budget_on_a_tree_still_reports_pruned(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "solve", "tree", TEXTBOOK, "--max-nodes", "3", "--record")
    assert (report["complete"], report["stopped"], report["pruned"]) == (False, "budget", [])
    assert report["events"] > 0


def test_an_interrupted_search_prints_its_partial_result(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    partial = SearchResult(
        value=None, move=None, pv=(), pv_names=(), nodes=42, leaves=7, cutoffs=3, tt_hits=0,
        seconds=0.5, first_player=0, options=SearchOptions(), stopped="interrupted",
    )

    def interrupted_search(*args: Any, **kwargs: Any) -> SearchResult:
        raise SearchInterrupted(partial)

    monkeypatch.setattr(solve, "search", interrupted_search)
    status, out, err = run_main(capsys, "solve", "ttt", "--json")
    assert (status, err) == (130, "")
    report = json.loads(out)
    assert (report["complete"], report["stopped"], report["nodes"]) == (False, "interrupted", 42)
    status, out, err = run_main(capsys, "solve", "ttt")
    assert status == 130 and "Ctrl-C" in out and "42" in out


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize("record", [True, False], ids=["recording", "not-recording"])
def test_ctrl_c_prints_the_partial_result_and_exits_130(record: bool) -> None:
    argv = ["solve", "othello", "--size", "6", "--algorithm", "negamax", "--json"]
    if record:
        argv.append("--record")  # the partial trace is kept, and reported
    # A full 6x6 search takes far longer than any wait here.  On a loaded machine Python
    # may still be starting when Ctrl-C comes (then nothing has been searched, and the
    # command prints nothing): wait longer and try again, so no speed is assumed.
    for after in (1.0, 2.0, 4.0, 8.0, 16.0):
        done = interrupt(command(*argv), after=after, timeout=60)
        if done.out.strip():
            break
    assert done.sent, (done.out, done.err)
    assert done.status == 130, done.err
    assert "Traceback" not in done.err
    report = json.loads(done.out)
    assert (report["complete"], report["stopped"], report["value"]) == (False, "interrupted", None)
    assert report["nodes"] > 0
    if record:
        assert report["events"] > report["nodes"]  # at least an ENTER and an exit per node
        assert report["trace_bytes"] > 0
    else:
        assert "events" not in report


# ------------------------------------------------------------------ human-readable output
def test_human_readable_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys, "solve", "tree", TEXTBOOK, "--record")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    for expected in (
        "value        5  (for the side to move at the root)",
        "minimax      5  (for the first player)",
        "best move    B",
        "pv           B E",
        "nodes        6",
        "leaves       3",
        "cutoffs      1",
        "tt hits      0",
        "pruned       G H",
        f"events       {len(negaviz.record(negaviz.Tree.parse(TEXTBOOK)))}",
    ):
        assert expected in lines
    assert any(line.startswith("seconds      0.") for line in lines)
    assert any(line.startswith("trace bytes  ") for line in lines)
    assert not any(line.startswith("partial") for line in lines)


def test_human_readable_summary_of_a_partial_search(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "solve", "ttt", "--max-nodes", "10")
    assert status == 0
    assert "value        unknown" in out
    assert "partial      stopped by the node budget" in out


def test_human_readable_summary_from_a_real_process() -> None:
    proc = run_command("solve", "othello", "--size", "4", "--tt")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert "value        -8" in proc.stdout
    assert "pv           b1 a1 a2 c1 d4 a3 d1 b4 a4 c4" in proc.stdout


# ------------------------------------------------------------------ help
@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["solve", "--help"], ["init", "--help"], ["check-notebooks", "--help"]])
def test_help_exits_0(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run_main(capsys, *argv)
    assert (status, err) == (0, "")
    assert out.startswith("usage: negaviz")


def test_bare_negaviz_prints_its_help_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys)
    assert (status, err) == (0, "")
    assert out.startswith("usage: negaviz")
    for name in ("solve", "render", "export", "proof", "--version"):
        assert name in out


def test_version_is_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys, "--version")
    assert (status, out, err) == (0, f"negaviz {negaviz.__version__}\n", "")


def test_export_help_says_what_the_page_does(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "export", "--help")
    text = " ".join(out.split())
    assert status == 0
    assert "pre-rendered" not in text
    assert "laid out once" in text and "paints each step" in text and "network" in text


def test_solve_help_from_a_real_process_lists_every_option() -> None:
    proc = run_command("solve", "--help")
    assert (proc.returncode, proc.stderr) == (0, "")
    for option in (
        "--size", "--algorithm", "--depth", "--order", "--tt", "--symmetry", "--fail-hard",
        "--window", "--stop-at-win", "--max-nodes", "--record", "--json",
    ):
        assert option in proc.stdout


# ------------------------------------------------------------------ bad input
BAD_INPUT = {
    "unknown subcommand": (["frobnicate"], "invalid choice: 'frobnicate'"),
    "unknown option": (["solve", "ttt", "--bogus"], "unrecognized arguments: --bogus"),
    "abbreviated option": (["solve", "ttt", "--rec"], "unrecognized arguments: --rec"),
    "extra argument": (["solve", "ttt", "x........", "more"], "unrecognized arguments: more"),
    "no game": (["solve"], "required: GAME"),
    "unknown game": (["solve", "chess"], "choose from 'tree', 'ttt', 'othello'"),
    "missing tree": (["solve", "tree"], "needs the tree"),
    "malformed nested tree": (["solve", "tree", "[[7,5],[3,1"], "malformed tree"),
    "malformed labelled tree": (["solve", "tree", "A(B:1"], "malformed tree"),
    "leaf without value": (["solve", "tree", "A(B C:1)"], "leaf B needs a value"),
    "illegal ttt position": (["solve", "ttt", "xxx/ooo/..."], "illegal tic-tac-toe position"),
    "too few ttt cells": (["solve", "ttt", "xo"], "9 needed"),
    "othello size 5": (["solve", "othello", "--size", "5"], "must be one of 4, 6, 8"),
    "othello size not a number": (["solve", "othello", "--size", "big"], "invalid int value: 'big'"),
    "bad othello position": (["solve", "othello", "--size", "4", "x"], "needs 16"),
    "size for ttt": (["solve", "ttt", "--size", "4"], "--size applies to othello only"),
    "negative depth": (["solve", "ttt", "--depth", "-1"], "depth must be 0 or more"),
    "depth not a number": (["solve", "ttt", "--depth", "deep"], "invalid int value: 'deep'"),
    "window lo >= hi": (["solve", "ttt", "--window", "1", "1"], "alpha < beta"),
    "window of one number": (["solve", "ttt", "--window", "1"], "expected 2 arguments"),
    "window not a number": (["solve", "ttt", "--window", "0", "nan"], "write a number, inf or -inf"),
    "window without alphabeta": (["solve", "ttt", "--algorithm", "negamax", "--window", "-1", "1"], "alphabeta"),
    "fail-hard without alphabeta": (["solve", "ttt", "--algorithm", "minimax", "--fail-hard"], "alphabeta"),
    "unknown algorithm": (["solve", "ttt", "--algorithm", "sss"], "choose from 'minimax', 'negamax', 'alphabeta', 'pvs', 'mtdf', 'id'"),
    "unknown order": (["solve", "ttt", "--order", "random"], "choose from 'natural', 'heuristic', 'threats'"),
    "zero node budget": (["solve", "ttt", "--max-nodes", "0"], "max_nodes must be at least 1"),
    "depth without evaluation": (["solve", "tree", TEXTBOOK_LISTS, "--depth", "1"], "heuristic value"),
    "symmetry without symmetries": (["solve", "tree", TEXTBOOK, "--symmetry"], "symmetries"),
}


@pytest.mark.parametrize("argv, message", BAD_INPUT.values(), ids=BAD_INPUT.keys())
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run_main(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.endswith("\n")
    assert err.startswith("negaviz: error: ")
    assert message in err
    assert "Traceback" not in err and "usage:" not in err


@pytest.mark.parametrize(
    "case", ["unknown subcommand", "unknown option", "missing tree", "malformed nested tree",
             "illegal ttt position", "othello size 5", "negative depth", "window lo >= hi",
             "size for ttt", "depth without evaluation"],
)
def test_bad_input_from_a_real_process(case: str) -> None:
    argv, message = BAD_INPUT[case]
    proc = run_command(*argv)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1
    assert proc.stderr.startswith("negaviz: error: ") and message in proc.stderr
    assert "Traceback" not in proc.stderr


# ------------------------------------------------------------------ positions from files
def test_a_tree_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "tree.txt"
    path.write_text(TEXTBOOK + "\n")
    report = run_json(capsys, "solve", "tree", f"@{path}")
    assert (report["value"], report["pv"], report["pruned"]) == (5, ["B", "E"], ["G", "H"])


def test_a_tree_from_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(TEXTBOOK_LISTS + "\n"))
    report = run_json(capsys, "solve", "tree", "-")
    assert (report["value"], report["pv"]) == (5, ["B", "E"])


@pytest.mark.slow
def test_a_tree_too_big_for_the_command_line_from_a_real_process(tmp_path: Path) -> None:
    # 200,000 leaves: about 600 kB of text, beyond what one argument may hold.
    leaves = [[[(7 * i + 3 * j + k) % 19 - 9 for k in range(4)] for j in range(50)] for i in range(1000)]
    path = tmp_path / "big.txt"
    path.write_text(repr(leaves).replace(" ", ""))
    proc = subprocess.run(
        command("solve", "tree", "-", "--json"), cwd=ROOT, env=subprocess_env(), capture_output=True, text=True,
        timeout=120, stdin=path.open(),
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert json.loads(proc.stdout)["complete"] is True


def test_a_position_of_another_game_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ttt.txt"
    path.write_text("xx.\no..\n...\n")
    report = run_json(capsys, "solve", "ttt", f"@{path}")
    assert (report["value"], report["minimax_value"], report["move"]) == (-1, 1, "c1")


# ------------------------------------------------------------------ flags from SearchOptions
def test_every_search_option_field_is_a_flag_of_every_searching_command() -> None:
    import dataclasses

    parser = cli.build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name in ("solve", "render", "export"):
        flags = {s for a in subparsers.choices[name]._actions for s in a.option_strings}
        for f in dataclasses.fields(SearchOptions):
            flag = "--" + f.name.replace("_", "-")
            if f.name == "max_nodes" and name != "solve":
                flag = "--budget"  # render's --max-nodes sizes the drawing
            assert flag in flags, (name, flag)


def test_a_new_search_option_becomes_a_flag_by_itself(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    from negaviz.search import options as options_module

    @dataclasses.dataclass(frozen=True)
    class Wider(SearchOptions):
        patience: int | None = dataclasses.field(default=None, metadata={"cli": {"help": "how long", "metavar": "N"}})
        gentle: bool = False

    monkeypatch.setattr(arguments, "SearchOptions", Wider)
    monkeypatch.setattr(options_module, "SearchOptions", Wider)
    args = cli.build_parser().parse_args(["solve", "ttt", "--patience", "7", "--gentle", "--depth", "2"])
    options = arguments.options_from_args(args)
    assert (options.patience, options.gentle, options.depth) == (7, True, 2)  # type: ignore[attr-defined]
    assert cli.main(["solve", "ttt", "--patience", "x"]) == 2
    assert "argument --patience: invalid int value: 'x'" in capsys.readouterr().err


# ------------------------------------------------------------------ strict JSON
def test_json_never_holds_bare_infinity_or_nan(capsys: pytest.CaptureFixture[str]) -> None:
    # Fail-low at every node: the root's value is a bound, and the window has infinities.
    for argv in (
        ["tree", TEXTBOOK, "--window", "6", "inf"],
        ["tree", TEXTBOOK, "--window", "-inf", "-100"],
        ["ttt", "--algorithm", "id", "--aspiration", "0.5"],
    ):
        status, out, err = run_main(capsys, "solve", *argv, "--json")
        assert (status, err) == (0, "")
        json.loads(out, parse_constant=no_bare_constants)
    assert solve._dumps({"a": [math.inf, -math.inf, math.nan, 1.5]}) == '{"a": ["inf", "-inf", "nan", 1.5]}'


def test_proof_json_is_strict(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys, "proof", "ttt", "x.o/x../o..", "--json")
    assert (status, err) == (0, "")
    json.loads(out, parse_constant=no_bare_constants)


# ------------------------------------------------------------------ output files
def test_the_output_is_checked_before_the_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_search(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("searched before checking the output")

    monkeypatch.setattr(arguments, "record", no_search)
    for command_argv in (["render", "ttt", "-o"], ["export", "ttt", "-o"]):
        suffix = ".html" if command_argv[0] == "export" else ".svg"
        status, _, err = run_main(capsys, *command_argv, str(tmp_path / "no" / f"x{suffix}"))
        assert status == 2 and "does not exist" in err


def test_an_existing_output_file_is_left_alone_by_the_check(tmp_path: Path) -> None:
    target = tmp_path / "x.svg"
    target.write_text("old")
    files.check_output(str(target))
    assert target.read_text() == "old"
    files.check_output(str(tmp_path / "new.svg"))
    assert not (tmp_path / "new.svg").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_without_reader_fails_the_check_instead_of_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="cannot write"):
        files.check_output(str(fifo))


# ------------------------------------------------------------------ Ctrl-C everywhere
CTRL_C = {
    "solve": ["solve", "connect4", "--cols", "6", "--rows", "5", "--tt"],
    "solve --record": ["solve", "connect4", "--cols", "6", "--rows", "5", "--tt", "--record", "--json"],
    "solve --progress": ["solve", "connect4", "--cols", "6", "--rows", "5", "--tt", "--progress"],
    "render, searching": ["render", "connect4", "--cols", "6", "--rows", "5", "--tt", "-o", "{tmp}/c.svg"],
    "render --steps, searching": ["render", "connect4", "--cols", "6", "--rows", "5", "--tt", "--steps", "0-3",
                                  "-o", "{tmp}/c.pdf"],
    "export, searching": ["export", "connect4", "--cols", "6", "--rows", "5", "-o", "{tmp}/c.html"],
    "proof": ["proof", "connect4", "--cols", "5", "--rows", "4"],
    "proof --json -o": ["proof", "connect4", "--cols", "5", "--rows", "4", "--json", "-o", "{tmp}/p.svg"],
}


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize("argv", CTRL_C.values(), ids=CTRL_C.keys())
def test_ctrl_c_exits_130_within_a_second(argv: list[str], tmp_path: Path) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    done = interrupt(command(*argv), after=2.0, group=True)  # every one of these runs far longer
    assert done.sent, (done.out, done.err)
    assert done.status == 130, done.err
    assert "Traceback" not in done.err + done.out
    # Promptly: interrupt() fails the test if the command is still running 30 s after Ctrl-C
    # (it would run far longer); no bound on a measured time, which a busy machine stretches.
    if argv[0] in ("solve", "render", "export"):
        assert "interrupted" in done.out or "Ctrl-C" in done.out  # the partial result
    if argv[0] in ("render", "export"):
        assert not any(tmp_path.iterdir())  # nothing half-written


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="needs POSIX signals")
def test_ctrl_c_while_the_page_is_written_exits_130_within_a_second(tmp_path: Path) -> None:
    # The search takes a fraction of a second, laying out the page far longer.  Ctrl-C goes
    # to negaviz alone: dot children may keep running.
    done = interrupt(command("export", "ttt", "-o", str(tmp_path / "t.html")), after=3.0)
    if not done.sent:
        pytest.skip("the page was written before Ctrl-C")
    assert done.status == 130, done.err
    assert "Traceback" not in done.err
    # Promptly: interrupt() fails the test if the command is still running 30 s after Ctrl-C
    # (it would run far longer); no bound on a measured time, which a busy machine stretches.
    assert not any(tmp_path.iterdir())  # no page, and no temporary file beside it


# ------------------------------------------------------------------ start-up, full disks, files that never end
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize("module", ["negaviz", "negaviz.cli"])
def test_ctrl_c_while_the_command_starts_is_quiet(module: str) -> None:
    """A real SIGINT while the command is still importing negaviz (held there by the
    test-only pause, so the signal cannot miss): one line, status 130, no traceback."""
    env = {**subprocess_env(), "NEGAVIZ_TEST_PAUSE_AT_START": "60"}
    # Python starts in well under 2 s; then it waits, guarded, before the imports.
    done = interrupt([sys.executable, "-m", module, "solve", "ttt"], after=2.0, env=env)
    assert done.sent, (done.out, done.err)
    assert (done.status, done.out, done.err) == (130, "", "negaviz: interrupted\n")
    # at once, not after the 60 s pause: interrupt() would have failed after 30 s


def test_a_program_importing_negaviz_keeps_its_own_ctrl_c() -> None:
    # The start-up guard is for the command only: a script or notebook still gets KeyboardInterrupt.
    code = "import signal, negaviz; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=subprocess_env(), capture_output=True, text=True)
    assert done.stdout == "True\n", done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [["solve", "tree", TEXTBOOK, "--json"], ["solve", "ttt", "x.o/x../o.."], ["proof", "ttt", "x.o/x../o..", "--json"]],
    ids=["solve --json", "solve", "proof --json"],
)
def test_standard_output_on_a_full_disk_is_one_line_and_status_1(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(command(*argv), cwd=ROOT, env=subprocess_env(), stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr == "negaviz: error: cannot write standard output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_standard_input_that_never_ends_is_refused_at_the_size_limit() -> None:
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(command("solve", "tree", "-"), cwd=ROOT, env=subprocess_env(), stdin=zero,
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "negaviz: error: POSITION from standard input is longer than 32 MiB\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_a_position_from_a_named_pipe_with_no_writer_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fifo = tmp_path / "tree.txt"
    os.mkfifo(fifo)
    status, out, err = run_main(capsys, "solve", "tree", f"@{fifo}")
    assert (status, out) == (2, "")
    assert err == f"negaviz: error: cannot read POSITION from '{fifo}': it is not a regular file (a named pipe, a device or a socket); negaviz reads only files\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["render", "tree", TEXTBOOK, "-o", "{out}.svg"],
        ["render", "tree", TEXTBOOK, "-o", "{out}.dot"],
        ["export", "tree", TEXTBOOK, "-o", "{out}.html"],
        ["proof", "tree", TEXTBOOK, "-o", "{out}.dot"],
    ],
    ids=["render svg", "render dot", "export", "proof"],
)
def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str]
) -> None:
    argv = [a.replace("{out}", str(tmp_path / "out")) for a in argv]
    target = Path(argv[-1])
    target.write_bytes(b"the old file, whole")
    argv.append("--force")  # replacing a file takes --force (test_cli_overwrite.py)

    def ctrl_c(fd: int) -> None:  # Ctrl-C with the new file half on its way to the disk
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", ctrl_c)
    status, _, err = run_main(capsys, *argv)
    assert status == 130 and "interrupted" in err
    assert target.read_bytes() == b"the old file, whole"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


@pytest.mark.slow
def test_a_10000_leaf_tree_exports_in_reasonable_time(tmp_path: Path) -> None:
    # One node with 10,000 children: each view draws a window of them, so the page needs
    # about 27 views; it used to lay out one per child and never finish (issue 19).
    tree = tmp_path / "wide.txt"
    tree.write_text("[" + ",".join(str(i % 7) for i in range(10_000)) + "]")
    done = run_command("export", "tree", f"@{tree}", "-o", str(tmp_path / "wide.html"))  # 4 s here (120 s at most)
    assert done.returncode == 0, done.stderr
    assert "every one of 30,003 steps" in done.stdout
    views = int(re.search(r"([\d,]+) views of the tree", done.stdout).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert views < 100, done.stdout  # windows of the children (27 here), not one view per child


def test_chance_searches_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_main(capsys, "solve", "dice", "2 2 4", "--algorithm", "star1")
    assert (status, err) == (0, "")
    assert "value        4.93827  (for the side to move at the root)" in out.splitlines()
    assert "best move    run" in out.splitlines()
    status, out, err = run_main(capsys, "solve", "tree", "A(B?(1/2 D:0 1/2 E:10) C?(F:4 G:4))", "--algorithm", "star1",
                                "--leaf-bounds", "0", "10", "--json")
    assert status == 0 and json.loads(out)["value"] == 5 and json.loads(out)["options"]["leaf_bounds"] == [0, 10]
    status, out, err = run_main(capsys, "solve", "tree", "A(B?(D:0 E:10) C:4)")
    assert status == 2 and out == ""
    assert err == ("negaviz: error: Tree has chance nodes, which 'alphabeta' cannot value: search it with algorithm "
                   "'expectimax', or 'star1' to prune\n")
