"""The bad-input corpus: every way of getting negaviz's input wrong that was ever found.

Each CLI case runs ``negaviz.cli.main(argv)`` in process and must end with status 2,
exactly one line on stderr that starts ``negaviz: error:`` and names the bad thing,
and no traceback.  Each API case must raise :class:`~negaviz.errors.InputError` (not
any other exception) with a message naming the problem.  A case that hangs fails
after :data:`GUARD` seconds instead of hanging the suite.

Add a row for every new bug: the table is the regression test.
"""

from __future__ import annotations

import io
import math
import os
import signal
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import negaviz
from negaviz import cli
from negaviz.errors import InputError
from negaviz.frontend.page import page_html
from negaviz.frontend.scene import Scene
from negaviz.games import make_game
from negaviz.quiz import random_tree
from negaviz.search import SearchOptions

GUARD = 30  # seconds: every case fails long before (most before any search)
BIG = "1" + "0" * 400  # 401 digits: parses as an int, no float holds it
HUGE = "1" + "0" * 5000  # beyond Python's 4300-digit int parsing limit
TREE = "[[7,5],[3,1,9]]"
LABELLED = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


class Hang(Exception):
    """A case ran past the guard."""


@pytest.fixture(autouse=True)
def guard() -> Iterator[None]:
    """Fail a case that runs longer than GUARD seconds (POSIX: SIGALRM, main thread)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {GUARD} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(GUARD)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------- the CLI
# (case id, argv, words the error line must contain).  In argv, {tmp} is a fresh
# folder holding: dir/ and page.html/ and tree.svg/ (folders), file (a file), full.svg
# and full.html (links to /dev/full: a full disk), empty (an empty file), binary (not
# UTF-8), bad_tree (a malformed tree), ttt_bad (a bad tic-tac-toe position) and fifo (a
# named pipe no one writes to).
CLI_CASES: list[tuple[str, list[str], str]] = [
    # commands and flags
    ("unknown command", ["play"], "invalid choice: 'play'"),
    ("command in capitals", ["SOLVE", "ttt"], "invalid choice: 'SOLVE'"),
    ("unknown top-level flag", ["--bogus", "solve", "ttt"], "unrecognized arguments: --bogus"),
    ("solve without game", ["solve"], "required: GAME"),
    ("render without game", ["render", "-o", "x.svg"], "required: GAME"),
    ("export without game", ["export", "-o", "x.html"], "required: GAME"),
    ("proof without game", ["proof"], "required: GAME"),
    ("render without output", ["render", "ttt"], "-o/--output"),
    ("export without output", ["export", "ttt"], "-o/--output"),
    # exercise sheets: an impossible difficulty names what is possible; a count over the cap
    ("exercises: too many cutoffs", ["exercises", "--seed", "7", "--cutoffs", "7", "-o", "x.html"],
     "has at most 6 cutoffs in alpha-beta's search, not 7 (0 to 6 are possible)"),
    ("exercises: too many deep cutoffs", ["exercises", "--seed", "7", "--depth", "2", "--deep-cutoffs", "1", "-o", "x.html"],
     "at most 0 cutoffs above the leaves' parents, not 1"),
    ("exercises: count over the cap", ["exercises", "--seed", "7", "--count", "101", "-o", "x.html"],
     "a sheet holds 1 to 100 exercises"),
    ("exercises without a seed", ["exercises", "-o", "x.html"], "--seed"),
    ("unknown game", ["solve", "chess"], "invalid choice: 'chess'"),
    ("game in capitals", ["solve", "TTT"], "invalid choice: 'TTT'"),
    ("empty game name", ["solve", ""], "invalid choice: ''"),
    ("unknown game for render", ["render", "go", "-o", "x.svg"], "invalid choice: 'go'"),
    ("unknown game for export", ["export", "go", "-o", "x.html"], "invalid choice: 'go'"),
    ("unknown game for proof", ["proof", "go"], "invalid choice: 'go'"),
    ("unknown flag in solve", ["solve", "ttt", "--bogus"], "unrecognized arguments: --bogus"),
    ("unknown flag in render", ["render", "ttt", "--bogus", "-o", "x.svg"], "unrecognized arguments: --bogus"),
    ("unknown flag in export", ["export", "ttt", "--bogus", "-o", "x.html"], "unrecognized arguments: --bogus"),
    ("unknown flag in proof", ["proof", "ttt", "--bogus"], "unrecognized arguments: --bogus"),
    ("abbreviated flag", ["solve", "ttt", "--alg", "minimax"], "unrecognized arguments: --alg"),
    ("search flag in proof", ["proof", "ttt", "--depth", "3"], "unrecognized arguments: --depth"),
    ("extra position", ["solve", "ttt", "x........", "more"], "unrecognized arguments: more"),
    ("flag without its value", ["solve", "ttt", "--depth"], "expected one argument"),
    ("window of one number", ["solve", "ttt", "--window", "1"], "expected 2 arguments"),
    ("--progress with --record", ["solve", "ttt", "--progress", "--record"], "--progress and --record do not go together"),
    # textbook trees
    ("missing tree", ["solve", "tree"], "needs the tree"),
    ("empty tree", ["solve", "tree", ""], "empty tree"),
    ("blank tree", ["solve", "tree", "   "], "empty tree"),
    ("unclosed nested list", ["solve", "tree", "[[7,5],[3,1"], "malformed tree"),
    ("empty list", ["solve", "tree", "[]"], "empty list"),
    ("empty inner list", ["solve", "tree", "[[], [1]]"], "empty list"),
    ("string leaf", ["solve", "tree", "[1, 'a']"], "'a' is neither a number nor a list"),
    ("bool leaf", ["solve", "tree", "[1, True]"], "True is neither a number nor a list"),
    ("None leaf", ["solve", "tree", "[1, None]"], "None is neither a number nor a list"),
    ("expression leaf", ["solve", "tree", "[1+2]"], "not a nested list of numbers"),
    ("infinite list leaf", ["solve", "tree", "[1e999, 2]"], "must be a finite number"),
    ("minus infinite list leaf", ["solve", "tree", "[-1e999, 2]"], "must be a finite number"),
    ("huge int list leaf", ["solve", "tree", f"[1, {BIG}]"], "up to about 1.8e308"),
    ("huge negative list leaf", ["solve", "tree", f"[[1, -{BIG}], [2]]"], "up to about 1.8e308"),
    ("huge int labelled leaf", ["solve", "tree", f"A(B:1 C:{BIG})"], "the value of C is too large"),
    ("huge negative labelled leaf", ["solve", "tree", f"A(B:-{BIG} C:1)"], "the value of B is too large"),
    ("huge int heuristic value", ["solve", "tree", f"A(B:{BIG}(D:1) C:1)"], "the value of B is too large"),
    ("int beyond the digit limit, list", ["solve", "tree", f"[1, {HUGE}]"], "malformed tree"),
    ("int beyond the digit limit, labelled", ["solve", "tree", f"A(B:1 C:{HUGE})"], "too long a number"),
    ("infinite labelled leaf", ["solve", "tree", "A(B:1 C:1e999)"], "the value of C must be a finite number"),
    ("nan labelled leaf", ["solve", "tree", "A(B:1 C:nan)"], "expected a number after 'C:'"),
    ("inf labelled leaf", ["solve", "tree", "A(B:1 C:inf)"], "expected a number after 'C:'"),
    ("unclosed labelled tree", ["solve", "tree", "A(B:1"], "missing ')' to close A"),
    ("leaf without value", ["solve", "tree", "A(B C:1)"], "leaf B needs a value"),
    ("empty parentheses", ["solve", "tree", "A()"], "A has '()' but no children"),
    ("name reused by a child", ["solve", "tree", "A(A:1)"], "'A' is used twice"),
    ("name reused by siblings", ["solve", "tree", "A(B:1 B:2)"], "'B' is used twice"),
    ("cycle", ["solve", "tree", "A(B(A C:1))"], "cycle through node A"),
    ("text after the root", ["solve", "tree", "A(B:1) C:2"], "after the root's closing"),
    ("name starting with a digit", ["solve", "tree", "1(B:1)"], "expected a node name"),
    ("extra closing parenthesis", ["solve", "tree", "A(B:1 C:2))"], "unexpected ')'"),
    ("letter for a value", ["solve", "tree", "A(B:1 C:x)"], "expected a number after 'C:'"),
    ("value missing at the end", ["solve", "tree", "A(B:1 C:"], "expected a number after 'C:'"),
    ("NUL character", ["solve", "tree", "\x00"], "expected a node name"),
    ("non-ASCII character", ["solve", "tree", "A(B:1 C:2\u00e9)"], "found '\u00e9'"),
    ("too deeply nested lists", ["solve", "tree", "[" * 300 + "1" + "]" * 300], "malformed tree"),
    ("lists 250 deep", ["solve", "tree", "[" * 250 + "1" + "]" * 250], "malformed tree"),
    ("labelled tree 202 deep", ["solve", "tree", "".join(f"N{i}(" for i in range(201)) + "L:1" + ")" * 201],
     "more than 200 levels deep"),
    ("depth limit without heuristic values", ["solve", "tree", TREE, "--depth", "1"], "heuristic value"),
    ("symmetry on a tree", ["solve", "tree", LABELLED, "--symmetry"], "symmetries"),
    ("threat search on a tree", ["solve", "tree", LABELLED, "--forced"], "threats"),
    ("value bounds on a tree", ["solve", "tree", LABELLED, "--bounds"], "value_bounds"),
    # positions from files and standard input
    ("@ without a file name", ["solve", "tree", "@"], "'@' needs a file name"),
    ("@missing file", ["solve", "tree", "@{tmp}/missing.txt"], "No such file or directory"),
    ("@folder", ["solve", "tree", "@{tmp}/dir"], "it is a folder"),
    ("@binary file", ["solve", "tree", "@{tmp}/binary"], "not UTF-8 text"),
    ("@empty file", ["solve", "tree", "@{tmp}/empty"], "is empty"),
    ("@file with a malformed tree", ["solve", "tree", "@{tmp}/bad_tree"], "malformed tree"),
    ("@file with a bad ttt position", ["solve", "ttt", "@{tmp}/ttt_bad"], "illegal tic-tac-toe position 'xxx/ooo/...'"),
    ("@file in a missing folder", ["render", "tree", "@{tmp}/nowhere/t.txt", "-o", "{tmp}/t.svg"], "No such file"),
    ("- with empty standard input", ["solve", "tree", "-"], "standard input is empty"),
    ("@named pipe with no writer", ["solve", "tree", "@{tmp}/fifo"], "it is not a regular file"),
    ("@/dev/zero", ["solve", "tree", "@/dev/zero"], "cannot read POSITION from '/dev/zero': it is not a regular file"),
    ("@/dev/zero for export", ["export", "tree", "@/dev/zero", "-o", "{tmp}/x.html"], "it is not a regular file"),
    # tic-tac-toe
    ("three in a row for both", ["solve", "ttt", "xxx/ooo/..."], "illegal tic-tac-toe position"),
    ("too few cells", ["solve", "ttt", "xo"], "9 needed"),
    ("too many cells", ["solve", "ttt", "x" * 10], "10 cells given, 9 needed"),
    ("too many x", ["solve", "ttt", "xxxxx...."], "illegal tic-tac-toe position"),
    ("o ahead of x", ["solve", "ttt", "ooo......"], "illegal tic-tac-toe position"),
    ("letters for cells", ["solve", "ttt", "abcdefghi"], "character 'a'"),
    ("NUL in a position", ["solve", "ttt", "x\x00"], "character '\\x00'"),
    ("--size for ttt", ["solve", "ttt", "--size", "4"], "--size applies to othello only"),
    ("--cols for ttt", ["solve", "ttt", "--cols", "5"], "--cols applies to connect4 only"),
    ("--rows for ttt", ["solve", "ttt", "--rows", "5"], "--rows applies to connect4 only"),
    ("--connect for ttt", ["solve", "ttt", "--connect", "3"], "--connect applies to connect4 only"),
    ("proof of a finished game", ["proof", "ttt", "xxx/oo./..."], "is terminal"),
    ("proof of a leaf", ["proof", "tree", "A:1"], "is terminal"),
    ("proof of a bad position", ["proof", "ttt", "xo"], "9 needed"),
    # othello
    ("othello size 5", ["solve", "othello", "--size", "5"], "must be one of 4, 6, 8"),
    ("othello size 0", ["solve", "othello", "--size", "0"], "must be one of 4, 6, 8"),
    ("othello size negative", ["solve", "othello", "--size", "-4"], "must be one of 4, 6, 8"),
    ("othello size a word", ["solve", "othello", "--size", "big"], "invalid int value: 'big'"),
    ("othello size a float", ["solve", "othello", "--size", "4.0"], "invalid int value: '4.0'"),
    ("othello size huge", ["solve", "othello", "--size", BIG], "at most 18 digits"),
    ("othello position too short", ["solve", "othello", "--size", "4", "x"], "needs 16"),
    ("othello side to move z", ["solve", "othello", "--size", "4", "." * 16 + ":z"], "marker 'z'"),
    ("othello letter q", ["solve", "othello", "--size", "4", "....q...........:x"], "character 'q'"),
    ("--cols for othello", ["solve", "othello", "--cols", "5"], "--cols applies to connect4 only"),
    # connect four
    ("connect4 3 columns", ["solve", "connect4", "--cols", "3"], "cols 3 is not allowed"),
    ("connect4 10 columns", ["solve", "connect4", "--cols", "10"], "cols 10 is not allowed"),
    ("connect4 3 rows", ["solve", "connect4", "--rows", "3"], "rows 3 is not allowed"),
    ("connect4 10 rows", ["solve", "connect4", "--rows", "10"], "rows 10 is not allowed"),
    ("connect4 huge columns", ["solve", "connect4", "--cols", BIG], "at most 18 digits"),
    ("connect 0", ["solve", "connect4", "--connect", "0"], "connect=0 is not allowed"),
    ("connect -3", ["solve", "connect4", "--connect", "-3"], "connect=-3 is not allowed"),
    ("connect 99", ["solve", "connect4", "--connect", "99"], "connect=99 is not allowed"),
    ("connect huge", ["solve", "connect4", "--connect", BIG], "at most 18 digits"),
    ("column 8 of 7", ["solve", "connect4", "1234567891"], "is not a column"),
    ("column 0", ["solve", "connect4", "0"], "is not a column"),
    ("column 5 of 4", ["solve", "connect4", "--cols", "4", "--rows", "4", "5"], "is not a column"),
    ("full column", ["solve", "connect4", "1111111"], "goes into a full column"),
    ("move after the win", ["solve", "connect4", "12121213"], "after the game is over"),
    ("two rows of six", ["solve", "connect4", "......./......."], "has 2 rows"),
    ("all discs x", ["solve", "connect4", "x" * 42], "illegal connect four position"),
    ("--size for connect4", ["solve", "connect4", "--size", "6"], "--size applies to othello only"),
    # numbers and option values
    ("negative depth", ["solve", "ttt", "--depth", "-1"], "depth must be 0 or more"),
    ("depth a word", ["solve", "ttt", "--depth", "deep"], "invalid int value: 'deep'"),
    ("depth a fraction", ["solve", "ttt", "--depth", "1.5"], "invalid int value: '1.5'"),
    ("depth empty", ["solve", "ttt", "--depth", ""], "invalid int value: ''"),
    ("depth huge", ["solve", "ttt", "--depth", BIG], "argument --depth"),
    ("depth beyond the digit limit", ["solve", "ttt", "--depth", HUGE], "argument --depth"),
    ("zero node budget", ["solve", "ttt", "--max-nodes", "0"], "max_nodes must be at least 1"),
    ("negative node budget", ["solve", "ttt", "--max-nodes", "-5"], "max_nodes must be at least 1"),
    ("huge node budget", ["solve", "ttt", "--max-nodes", BIG], "argument --max-nodes"),
    ("node budget in float notation", ["solve", "ttt", "--max-nodes", "1e3"], "invalid int value: '1e3'"),
    ("zero table slots", ["solve", "ttt", "--tt", "--tt-size", "0"], "tt_size must be at least 1"),
    ("negative table slots", ["solve", "ttt", "--tt", "--tt-size", "-1"], "tt_size must be at least 1"),
    ("huge table", ["solve", "ttt", "--tt", "--tt-size", BIG], "argument --tt-size"),
    ("unknown replacement", ["solve", "ttt", "--tt-replace", "sometimes"], "invalid choice: 'sometimes'"),
    ("--tt-size without --tt", ["solve", "ttt", "--tt-size", "64"], "(tt_size, --tt-size) needs a transposition table: tt=True (--tt)"),
    ("--tt-replace without --tt", ["solve", "ttt", "--tt-replace", "depth"], "(tt_replace, --tt-replace) needs a transposition table"),
    ("--tt-size without --tt in render", ["render", "tree", TREE, "--tt-size", "8", "-o", "{tmp}/x.svg"], "needs a transposition table"),
    ("--tt-replace without --tt in export", ["export", "tree", TREE, "--tt-replace", "depth", "-o", "{tmp}/x.html"],
     "needs a transposition table"),
    ("unknown algorithm", ["solve", "ttt", "--algorithm", "sss"], "invalid choice: 'sss'"),
    ("unknown order", ["solve", "ttt", "--order", "random"], "invalid choice: 'random'"),
    ("empty window", ["solve", "ttt", "--window", "1", "1"], "alpha < beta"),
    ("reversed window", ["solve", "ttt", "--window", "2", "1"], "alpha < beta"),
    ("window end nan", ["solve", "ttt", "--window", "0", "nan"], "window end 'nan' is not a number"),
    ("window start nan", ["solve", "ttt", "--window", "nan", "0"], "window end 'nan' is not a number"),
    ("window of words", ["solve", "ttt", "--window", "a", "b"], "window end 'a' is not a number"),
    ("window inf inf", ["solve", "ttt", "--window", "inf", "inf"], "alpha < beta"),
    ("window -inf -inf", ["solve", "ttt", "--window", "-inf", "-inf"], "alpha < beta"),
    ("window overflowing to inf", ["solve", "ttt", "--window", "1e999", "1e999"], "alpha < beta"),
    ("window with negamax", ["solve", "ttt", "--algorithm", "negamax", "--window", "-1", "1"], "alphabeta"),
    ("window with mtdf", ["solve", "ttt", "--algorithm", "mtdf", "--window", "-1", "1"], "alphabeta"),
    ("fail-hard with minimax", ["solve", "ttt", "--algorithm", "minimax", "--fail-hard"], "alphabeta"),
    ("aspiration inf with json", ["solve", "ttt", "--algorithm", "id", "--aspiration", "inf", "--json"],
     "aspiration must be a positive finite number"),
    ("aspiration -inf", ["solve", "ttt", "--algorithm", "id", "--aspiration", "-inf"], "aspiration must be"),
    ("aspiration nan", ["solve", "ttt", "--algorithm", "id", "--aspiration", "nan"], "aspiration must be"),
    ("aspiration 0", ["solve", "ttt", "--algorithm", "id", "--aspiration", "0"], "aspiration must be"),
    ("aspiration negative", ["solve", "ttt", "--algorithm", "id", "--aspiration", "-1"], "aspiration must be"),
    ("aspiration overflowing", ["solve", "ttt", "--algorithm", "id", "--aspiration", "1e999"], "aspiration must be"),
    ("aspiration a word", ["solve", "ttt", "--algorithm", "id", "--aspiration", "wide"], "invalid float value: 'wide'"),
    ("aspiration without id", ["solve", "ttt", "--aspiration", "1"], "need algorithm 'id'"),
    # render
    ("render to .jpg", ["render", "tree", TREE, "-o", "{tmp}/x.jpg"], "cannot tell the format"),
    ("render to no extension", ["render", "tree", TREE, "-o", "{tmp}/x"], "cannot tell the format"),
    ("render into a missing folder", ["render", "tree", TREE, "-o", "{tmp}/missing/x.svg"], "does not exist"),
    ("render onto a folder", ["render", "tree", TREE, "-o", "{tmp}/tree.svg"], "it is a folder"),
    ("render below a file", ["render", "tree", TREE, "-o", "{tmp}/file/x.svg"], "is not a folder"),
    ("render into /proc", ["render", "tree", TREE, "-o", "/proc/negaviz-x.svg"], "cannot write '/proc/negaviz-x.svg'"),
    ("render into /sys", ["render", "tree", TREE, "-o", "/sys/negaviz-x.svg"], "cannot write '/sys/negaviz-x.svg'"),
    ("render onto a full disk", ["render", "tree", TREE, "-o", "{tmp}/full.svg"], "No space left on device"),
    ("render step -1", ["render", "tree", TREE, "--step", "-1", "-o", "{tmp}/x.svg"], "--step -1 is negative"),
    ("render step past the end", ["render", "tree", TREE, "--step", "1000", "-o", "{tmp}/x.svg"], "--step 1000 is outside"),
    ("render step huge", ["render", "tree", TREE, "--step", BIG, "-o", "{tmp}/x.svg"], "argument --step"),
    ("render max-nodes 0", ["render", "tree", TREE, "--max-nodes", "0", "-o", "{tmp}/x.svg"], "--max-nodes 0 is too small"),
    ("render max-nodes 3", ["render", "tree", TREE, "--max-nodes", "3", "-o", "{tmp}/x.svg"], "--max-nodes 3 is too small"),
    ("render budget 0", ["render", "tree", TREE, "--budget", "0", "-o", "{tmp}/x.svg"], "max_nodes must be at least 1"),
    ("render perspective", ["render", "tree", TREE, "--perspective", "sideways", "-o", "{tmp}/x.svg"],
     "invalid choice: 'sideways'"),
    ("render bad tree", ["render", "tree", "A(B:1", "-o", "{tmp}/x.svg"], "missing ')'"),
    # export
    ("export to .svg", ["export", "tree", TREE, "-o", "{tmp}/x.svg"], "should end with .html"),
    ("whole-tree practice on a board", ["export", "ttt", "xo.x.o...", "--practice", "tree", "-o", "{tmp}/x.html"],
     "practice='tree' needs a textbook tree"),
    ("practice on a table search", ["export", "tree", TREE, "--algorithm", "mtdf", "--practice", "steps", "-o",
                                    "{tmp}/x.html"], "practice='steps' has questions for negamax, minimax, alpha-beta, expectimax and star1; this trace is mtdf"),
    ("unknown practice mode", ["export", "tree", TREE, "--practice", "quiz", "-o", "{tmp}/x.html"],
     "invalid choice: 'quiz'"),
    ("export into a missing folder", ["export", "tree", TREE, "-o", "{tmp}/missing/x.html"], "does not exist"),
    ("export onto a folder", ["export", "tree", TREE, "-o", "{tmp}/page.html"], "it is a folder"),
    ("export into /proc", ["export", "tree", TREE, "-o", "/proc/negaviz-x.html"], "cannot write '/proc/negaviz-x.html'"),
    ("export into /sys", ["export", "tree", TREE, "-o", "/sys/negaviz-x.html"], "cannot write '/sys/negaviz-x.html'"),
    ("export onto a full disk", ["export", "tree", TREE, "-o", "{tmp}/full.html"], "No space left on device"),
    ("export huge max-nodes", ["export", "tree", TREE, "--max-nodes", BIG, "-o", "{tmp}/x.html"], "argument --max-nodes"),
    ("export budget 0", ["export", "tree", TREE, "--budget", "0", "-o", "{tmp}/x.html"], "max_nodes must be at least 1"),
    ("export max-nodes 0", ["export", "tree", TREE, "--max-nodes", "0", "-o", "{tmp}/x.html"], "--max-nodes 0"),
    # proof
    ("proof to .jpg", ["proof", "ttt", "x.o/x../o..", "-o", "{tmp}/p.jpg"], "cannot tell the format"),
    ("proof into a missing folder", ["proof", "ttt", "x.o/x../o..", "-o", "{tmp}/missing/p.svg"], "does not exist"),
    ("proof onto a folder", ["proof", "ttt", "x.o/x../o..", "-o", "{tmp}/tree.svg"], "it is a folder"),
    ("proof into /proc", ["proof", "ttt", "x.o/x../o..", "-o", "/proc/negaviz-p.svg"], "cannot write '/proc/negaviz-p.svg'"),
    ("proof into /sys", ["proof", "ttt", "x.o/x../o..", "-o", "/sys/negaviz-p.svg"], "cannot write '/sys/negaviz-p.svg'"),
    ("proof onto a full disk", ["proof", "ttt", "x.o/x../o..", "-o", "{tmp}/full.svg"], "No space left on device"),
    # negaviz init (issue 28): nothing is written for any of these
    ("init into a file", ["init", "{tmp}/file"], "cannot make a course in '{tmp}/file': it is a file, not a folder"),
    ("init into a folder holding files", ["init", "{tmp}"], "will not make a course in '{tmp}': it holds files"),
    ("init from a file that is not a notebook", ["init", "{tmp}/course", "--from", "{tmp}/bad_tree"],
     "'{tmp}/bad_tree' is not a notebook: give .ipynb files, or folders that hold them"),
    ("init from JSON that is not a notebook", ["init", "{tmp}/course", "--from", "{tmp}/plain.ipynb"],
     "is JSON but not a Jupyter notebook"),
    ("init from a missing notebook", ["init", "{tmp}/course", "--from", "{tmp}/missing.ipynb"], "no such notebook"),
    ("init from a folder with no notebook", ["init", "{tmp}/course", "--from", "{tmp}/dir"], "holds no notebook"),
    ("init into /proc", ["init", "/proc/negaviz-course"], "folder '/proc' takes no new folders"),
    ("init into /sys", ["init", "/sys/negaviz-course"], "folder '/sys' takes no new folders"),
    ("init into a read-only folder", ["init", "/proc/sys"], "cannot make a course in '/proc/sys': the folder cannot be written"),
    # issue 42: the wheel the course installs
    ("init with a wheel that is not there", ["init", "{tmp}/course", "--wheel", "{tmp}/negaviz-0.1.0-py3-none-any.whl"],
     "--wheel '{tmp}/negaviz-0.1.0-py3-none-any.whl': the wheel cannot be read (No such file or directory)"),
    ("init with a folder for a wheel", ["init", "{tmp}/course", "--wheel", "{tmp}/dir/"],
     "--wheel '{tmp}/dir': not a negaviz wheel (a file named negaviz-VERSION-...-any.whl)"),
    ("init with a named pipe for a wheel", ["init", "{tmp}/course", "--wheel", "/dev/stdin"],
     "--wheel '/dev/stdin': not a negaviz wheel"),
    ("check-notebooks of a file that is not a notebook", ["check-notebooks", "{tmp}/bad_tree"], "is not a notebook"),
    ("check-notebooks of a folder with no notebook", ["check-notebooks", "{tmp}/dir"], "holds no notebook"),
    ("check-notebooks of a notebook with a cell that is not one", ["check-notebooks", "{tmp}/odd.ipynb"],
     "notebook '{tmp}/odd.ipynb': cell 2 is not a notebook cell (a JSON object), but list"),
]

WRITES_FIRST = {"proof onto a full disk"}
"""Cases that print the result before the write fails (so stdout is not empty)."""


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    for folder in ("dir", "page.html", "tree.svg"):
        (tmp_path / folder).mkdir()
    (tmp_path / "file").write_text("a file, not a folder\n")
    (tmp_path / "empty").write_text("")
    (tmp_path / "binary").write_bytes(b"\xff\xfe[1,2]\x80")
    (tmp_path / "bad_tree").write_text("[[7,5],[3,1\n")
    (tmp_path / "ttt_bad").write_text("xxx/ooo/...\n")
    (tmp_path / "plain.ipynb").write_text('{"cells": "none"}\n')
    (tmp_path / "odd.ipynb").write_text('{"cells": [{"cell_type": "markdown", "source": ""}, []], "nbformat": 4}\n')
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
    if os.path.exists("/dev/full"):
        for name in ("full.svg", "full.html"):
            (tmp_path / name).symlink_to("/dev/full")
    return tmp_path


def test_the_corpus_is_large() -> None:
    assert len(CLI_CASES) >= 100
    assert len({case for case, _, _ in CLI_CASES}) == len(CLI_CASES)  # ids are unique


@pytest.mark.parametrize("argv, words", [c[1:] for c in CLI_CASES], ids=[c[0] for c in CLI_CASES])
def test_bad_cli_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, corpus_dir: Path,
    request: pytest.FixtureRequest, argv: list[str], words: str,
) -> None:
    argv = [a.replace("{tmp}", str(corpus_dir)) for a in argv]
    words = words.replace("{tmp}", str(corpus_dir))
    if any(a.startswith(("/proc/", "/sys/")) for a in argv) and not (
        os.path.isdir("/proc/self") and os.path.isdir("/sys/kernel")
    ):
        pytest.skip("needs Linux /proc and /sys")
    if "full." in " ".join(argv) and not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    if any(a.endswith(("/fifo", "/dev/zero")) for a in argv) and not os.path.exists(str(corpus_dir / "fifo")):
        pytest.skip("needs named pipes and /dev/zero")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = cli.main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert status == 2, err
    assert len(err.splitlines()) == 1 and err.endswith("\n"), err
    assert err.startswith("negaviz: error: ")
    assert words in err, err
    case = request.node.callspec.id
    if case not in WRITES_FIRST:
        assert out == ""
    assert not (corpus_dir / "course").exists()  # init wrote nothing
    for probe in ("/proc/negaviz-", "/sys/negaviz-"):
        assert not any(os.path.exists(a) for a in argv if a.startswith(probe))


def test_huge_error_lines_stay_short(capsys: pytest.CaptureFixture[str]) -> None:
    # A 5,000-digit number is named, not echoed in full.
    cli.main(["solve", "ttt", "--depth", HUGE])
    _, err = capsys.readouterr()
    assert len(err) < 200


def test_a_failed_check_leaves_no_file_behind(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The output check creates the file to try it, and removes it when the search fails.
    target = tmp_path / "x.svg"
    assert cli.main(["render", "tree", "A(B:1", "-o", str(target)]) == 2
    assert cli.main(["render", "tree", "[[1,2],[3]]", "--step", "999", "-o", str(target)]) == 2
    assert not target.exists()


# ---------------------------------------------------------------------------- the API
class Line:
    """A custom game: one move a ply, ``plies`` deep, ``score`` at the end."""

    root = 0

    def __init__(self, plies: int = 3, score: Any = 1, evaluate: Any = 0) -> None:
        self.plies, self._score, self._evaluate = plies, score, evaluate

    def moves(self, pos: int) -> list[int]:
        return [1, 2]

    def play(self, pos: int, move: int) -> int:
        return pos + 1

    def is_terminal(self, pos: int) -> bool:
        return pos >= self.plies

    def score(self, pos: int) -> Any:
        return self._score

    def evaluate(self, pos: int) -> Any:
        return self._evaluate


class NoRoot(Line):
    root = None  # type: ignore[assignment]


class Answers(Line):
    """A Line whose verbs named in ``answers`` return the value given (issue 19: a lecturer's mistakes)."""

    def __init__(self, **answers: Any) -> None:
        super().__init__()
        self.answers = answers

    def moves(self, pos: int) -> Any:
        return self.answers.get("moves", [1, 2])

    def play(self, pos: int, move: int) -> Any:
        return self.answers["play"] if "play" in self.answers else pos + 1

    def key(self, pos: int) -> Any:
        return self.answers.get("key", pos)


class NoEvaluate(Line):
    evaluate = None  # type: ignore[assignment]


class Utility:
    """A course's make/unmake class whose get_utility() returns ``utility``."""

    def __init__(self, utility: Any) -> None:
        self.n, self.utility = 2, utility

    def get_moves(self) -> list[int]:
        return [1] if self.n else []

    def make_move(self, m: int) -> None:
        self.n -= m

    def unmake_move(self, m: int) -> None:
        self.n += m

    def is_over(self) -> bool:
        return self.n == 0

    def get_utility(self) -> Any:
        return self.utility


def _tree(values: list[Any], labels: list[Any] | None = None) -> Any:
    labels = labels or ["A", "B", "C"][: 1 + len(values)]
    return negaviz.Tree(labels, [list(range(1, 1 + len(values)))] + [[] for _ in values], [None, *values])


TEXTBOOK = negaviz.Tree.parse(TREE)

API_CASES: list[tuple[str, Callable[[], Any], str]] = [
    ("random_tree: an impossible difficulty", lambda: random_tree(2, 3, seed=1, cutoffs=3),
     "a tree of depth 2 and branching 3 has at most 2 cutoffs in alpha-beta's search, not 3 (0 to 2 are possible)"),
    # Tree(...) checks exactly as the parser does
    ("Tree with NaN", lambda: _tree([1, math.nan]), "the value of C must be a finite number, not nan"),
    ("Tree with inf", lambda: _tree([math.inf, 1]), "the value of B must be a finite number, not inf"),
    ("Tree with -inf", lambda: _tree([1, -math.inf]), "must be a finite number, not -inf"),
    ("Tree with a huge int", lambda: _tree([1, 10**400]), "up to about 1.8e308"),
    ("Tree with a huge negative int", lambda: _tree([-(10**400), 1]), "a negative integer of about 401 digits"),
    ("Tree with a string value", lambda: _tree([1, "3"]), "must be a number (int or float), not '3'"),
    ("Tree with a bool value", lambda: _tree([True, 1]), "must be a number (int or float), not True"),
    ("Tree with duplicate labels", lambda: _tree([1, 2], ["A", "B", "B"]), "'B' is used twice"),
    ("Tree with root label reused", lambda: _tree([1, 2], ["A", "A", "C"]), "'A' is used twice"),
    ("Tree with a space in a label", lambda: _tree([1, 2], ["A", "B C", "D"]), "node name 'B C' is not allowed"),
    ("Tree with a number label", lambda: _tree([1, 2], ["A", 7, "C"]), "node name 7 is not allowed"),
    ("Tree with an empty label", lambda: _tree([1, 2], ["A", "", "C"]), "node name '' is not allowed"),
    ("Tree with children not a list", lambda: negaviz.Tree(["A", "B"], [5, []], [None, 1]),  # type: ignore[list-item]
     "must be a list of node numbers"),
    ("Tree with no nodes", lambda: negaviz.Tree([], [], []), "at least one node"),
    ("Tree with labels not a sequence", lambda: negaviz.Tree(None, [], []), "sequences of labels"),  # type: ignore[arg-type]
    ("from_lists with a huge int", lambda: negaviz.Tree.from_lists([1, 10**400]), "up to about 1.8e308"),
    ("from_lists with NaN", lambda: negaviz.Tree.from_lists([1.0, math.nan]), "finite"),
    ("parse with a huge int", lambda: negaviz.Tree.parse(f"A(B:1 C:{BIG})"), "the value of C is too large"),
    # options
    ("unknown algorithm", lambda: negaviz.search(TEXTBOOK, algorithm="sss"), "unknown algorithm: 'sss'"),
    ("negative depth", lambda: negaviz.search(TEXTBOOK, depth=-1), "depth must be 0 or more"),
    ("fractional depth", lambda: negaviz.search(TEXTBOOK, depth=1.5), "depth must be a whole number"),
    ("depth as text", lambda: negaviz.search(TEXTBOOK, depth="2"), "depth must be a whole number"),
    ("depth as bool", lambda: negaviz.search(TEXTBOOK, depth=True), "depth must be a whole number"),
    ("reversed window", lambda: negaviz.search(TEXTBOOK, window=(1, 0)), "alpha < beta"),
    ("window with NaN", lambda: negaviz.search(TEXTBOOK, window=(0, math.nan)), "alpha < beta"),
    ("window of text", lambda: negaviz.search(TEXTBOOK, window="ab"), "window must be two numbers"),
    ("window with a huge int", lambda: negaviz.search(TEXTBOOK, window=(-(10**400), 0)), "window must be two numbers"),
    ("window of three", lambda: negaviz.search(TEXTBOOK, window=(0, 1, 2)), "window must be two numbers"),
    ("aspiration inf", lambda: negaviz.search(negaviz.TicTacToe(), algorithm="id", aspiration=math.inf),
     "aspiration must be a positive finite number"),
    ("aspiration NaN", lambda: negaviz.search(negaviz.TicTacToe(), algorithm="id", aspiration=math.nan),
     "aspiration must be a positive finite number"),
    ("aspiration as text", lambda: negaviz.search(negaviz.TicTacToe(), algorithm="id", aspiration="1"),
     "aspiration must be a positive finite number"),
    ("aspiration as bool", lambda: negaviz.search(negaviz.TicTacToe(), algorithm="id", aspiration=True),
     "aspiration must be a positive finite number"),
    ("zero budget", lambda: negaviz.search(TEXTBOOK, max_nodes=0), "max_nodes must be at least 1"),
    ("zero table", lambda: negaviz.search(TEXTBOOK, tt=True, tt_size=0), "tt_size must be at least 1"),
    ("unknown replacement", lambda: negaviz.search(TEXTBOOK, tt=True, tt_replace="x"), "unknown table replacement"),
    ("table size without a table", lambda: negaviz.search(TEXTBOOK, tt_size=64), "a table size (tt_size, --tt-size) needs"),
    ("replacement without a table", lambda: SearchOptions(tt_replace="depth"), "a replacement rule (tt_replace"),
    ("options and keywords", lambda: negaviz.search(TEXTBOOK, options=SearchOptions(), depth=1), "not both"),
    ("unknown option in a dict", lambda: SearchOptions.from_dict({"bogus": 1}), "unknown search option 'bogus'"),
    ("record with a bad option", lambda: negaviz.record(TEXTBOOK, order="random"), "unknown move order"),
    # games
    ("not a game", lambda: negaviz.search(object()), "object is not a game"),  # type: ignore[arg-type]
    ("no root", lambda: negaviz.search(NoRoot()), "has no root position"),
    ("unknown game name", lambda: make_game("chess"), "unknown game 'chess'"),
    ("othello size 5", lambda: make_game("othello", size=5), "must be one of 4, 6, 8"),
    ("score returns str", lambda: negaviz.search(Line(score="0")),
     "Line.score() must return a number (int or float), got str '0' at position '3'"),
    ("score returns str at the root", lambda: negaviz.search(Line(plies=0, score="0")), "got str '0'"),
    ("score returns str, recorded", lambda: negaviz.record(Line(score="0")), "Line.score() must return a number"),
    ("score returns None", lambda: negaviz.search(Line(score=None)), "got NoneType None"),
    ("score returns NaN", lambda: negaviz.search(Line(score=math.nan)), "got NaN"),
    ("score returns bool", lambda: negaviz.search(Line(score=True)), "got bool True"),
    ("score returns a list", lambda: negaviz.search(Line(score=[1])), "got list [1]"),
    ("evaluate returns str", lambda: negaviz.search(Line(plies=9, evaluate="1"), depth=2),
     "Line.evaluate() must return a number (int or float), got str '1'"),
    ("score too large to record", lambda: negaviz.record(Line(score=10**400)), "too large for a float"),
    ("evaluate too large to record", lambda: negaviz.record(Line(plies=9, evaluate=-(10**400)), depth=2),
     "Line.evaluate() returned an integer of about 401 digits"),
    ("a game 5,000 plies deep", lambda: negaviz.search(Line(plies=5000)), "recursion limit"),
    ("a game 5,000 plies deep, recorded", lambda: negaviz.record(Line(plies=5000)), "recursion limit"),
    ("proof of a bad score", lambda: negaviz.prove(Line(score="0")), "score() must return a number"),
    ("a proof 700 plies deep", lambda: negaviz.prove(Line(plies=700)), "too deep to prove"),
    ("an unknown option keyword", lambda: negaviz.search(TEXTBOOK, bogus=1), "unknown search option 'bogus' (known: algorithm"),
    ("unknown option keywords, recorded", lambda: negaviz.record(TEXTBOOK, bogus=1, tt=2, depht=3),
     "unknown search options 'bogus', 'depht'"),
    ("a tree node out of range", lambda: negaviz.search(TEXTBOOK, 99), "99 is not a node of this tree"),
    ("a tree node that is no label", lambda: negaviz.record(TEXTBOOK, "Z"), "'Z' is not a node of this tree"),
    ("a tree node given as bool", lambda: negaviz.search(TEXTBOOK, True), "True is not a node of this tree"),
    ("a tic-tac-toe position too short", lambda: negaviz.search(negaviz.TicTacToe(), "x"), "1 cells given, 9 needed"),
    ("a tic-tac-toe position of the wrong type", lambda: negaviz.record(negaviz.TicTacToe(), [0, 0]),
     "is not a tic-tac-toe position"),
    ("a tic-tac-toe position with overlapping marks", lambda: negaviz.search(negaviz.TicTacToe(), (1, 1)),
     "is not a tic-tac-toe position"),
    ("a Connect Four position that cannot be", lambda: negaviz.search(negaviz.ConnectFour(cols=4, rows=4), (5, 5)),
     "is not a position of ConnectFour"),
    ("an Othello position of the wrong shape", lambda: negaviz.search(negaviz.Othello(4), (1, 2), depth=1),
     "is not a position of Othello"),
    # trace files
    ("load /dev/zero", lambda: negaviz.load("/dev/zero"), "cannot read a trace from '/dev/zero': it is not a regular file"),
    ("loads a 5,000-digit number", lambda: negaviz.loads('{"result": {"nodes": ' + HUGE + "}}"), "not JSON"),
    ("loads a key twice", lambda: negaviz.loads('{"game": null, "game": null}'), "key 'game' appears twice"),
    ("loads bytes that are not UTF-8", lambda: negaviz.loads(b'{"game": "\xff"}'), "not UTF-8 text: byte 10"),
    # a lecturer's game with a mistake (issue 19)
    ("moves returns None", lambda: negaviz.search(Answers(moves=None)),
     "Answers.moves() returned None at position '0': it must return a list of the legal moves"),
    ("moves returns a number", lambda: negaviz.record(Answers(moves=2)), "Answers.moves() returned int 2 at position '0'"),
    ("moves returns a string", lambda: negaviz.search(Answers(moves="12"), algorithm="alphabeta"), "returned str '12'"),
    ("no moves before the end", lambda: negaviz.search(Answers(moves=[])),
     "Answers.moves() returned no moves at position '0', which is_terminal() does not call over"),
    ("play returns None", lambda: negaviz.search(Answers(play=None)), "Answers.play() returned None (move 1 at position '0')"),
    ("an unhashable key", lambda: negaviz.search(Answers(key=[0]), tt=True), "Answers.key() must return a hashable value"),
    ("iterative deepening without evaluate", lambda: negaviz.search(NoEvaluate(), algorithm="id"),
     "iterative deepening (algorithm='id') searches to depth 1, 2, 3, ..."),
    ("get_utility returns text", lambda: negaviz.search(negaviz.MutableGame(Utility("-1"))),
     "Utility.get_utility() returned str '-1' at position '1 1': it must return a number"),
    ("get_utility returns a list", lambda: negaviz.search(negaviz.MutableGame(Utility([1]))), "returned list [1]"),
    # the self-contained page, asked for directly
    ("a page of no scenes", lambda: page_html([]), "a page steps one scene, or two side by side; got 0"),
    ("a page from a step past the end", lambda: page_html([Scene(negaviz.record(TEXTBOOK))], step=99),
     "step 99 is outside 0..18 (the trace has 18 events)"),
    ("a page in an unknown perspective", lambda: page_html([Scene(negaviz.record(TEXTBOOK))], perspective="max"),  # type: ignore[arg-type]
     "unknown perspective 'max'"),
]


@pytest.mark.parametrize("call, words", [c[1:] for c in API_CASES], ids=[c[0] for c in API_CASES])
def test_bad_api_input_raises_input_error(call: Callable[[], Any], words: str) -> None:
    try:
        call()
    except InputError as exc:
        assert words in str(exc), str(exc)
        assert isinstance(exc, ValueError)  # the family is ValueError-compatible
        assert "\n" not in str(exc)
    except Exception as exc:  # noqa: BLE001 - the point: nothing but InputError
        pytest.fail(f"raised {type(exc).__name__}: {exc}")
    else:
        pytest.fail("accepted")


def test_a_position_may_be_given_as_the_game_writes_it() -> None:
    assert negaviz.record(TEXTBOOK, "B").nodes[0].id == 0
    assert negaviz.record(TEXTBOOK, "B").root == TEXTBOOK.labels.index("B")
    game = negaviz.TicTacToe()
    assert negaviz.record(game, "x../.o./...").root == negaviz.TicTacToe("x../.o./...").root
    assert negaviz.search(game, negaviz.TicTacToe("x../.o./...").root).value == negaviz.search(game, "x../.o./...").value
    four = negaviz.ConnectFour(cols=4, rows=4)
    assert negaviz.record(four, "1234", depth=2).root == four.parse("1234")


def test_numbers_other_than_int_and_float_are_still_scores() -> None:
    # The type test is a fast path, not a ban: fractions (and numpy numbers) still work.
    from fractions import Fraction

    assert negaviz.search(Line(plies=2, score=Fraction(1, 2))).value == Fraction(1, 2)


@pytest.mark.parametrize(
    "options",
    [
        {"window": (0, 10**400)},
        {"window": (0, 10**5000)},
        {"algorithm": "id", "aspiration": 10**400},
        {"algorithm": "x" * 1000},
        {"depth": "9" * 1000},
    ],
    ids=["window 10**400", "window 10**5000", "aspiration 10**400", "long algorithm", "long depth"],
)
def test_huge_option_values_are_named_not_echoed(options: dict[str, Any]) -> None:
    with pytest.raises(InputError) as info:
        SearchOptions(**options)
    assert len(str(info.value)) < 200
