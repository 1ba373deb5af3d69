"""Tests of negaviz.cli.parser: negative numbers are values wherever a value goes, read as
the user wrote them, with argparse's public rules only (no private matcher)."""

from __future__ import annotations

import math

import pytest

from negaviz.cli import build_parser, main
from negaviz.cli.parser import NEGATIVE_NUMBER

TREE = "[[7,5],[3,1,9]]"


@pytest.mark.parametrize("word", ["-1", "-0.5", "-.5", "-1.", "-1e3", "-1E-3", "-2.5e+2", "-inf", "-INF", "-Infinity"])
def test_negative_numbers_are_recognised(word: str) -> None:
    assert NEGATIVE_NUMBER.fullmatch(word)


@pytest.mark.parametrize("word", ["-", "--", "-o", "-q", "-h", "--inf", "-e3", "-1e", "-1-2", "-nan", "-x1"])
def test_options_and_other_words_are_not_numbers(word: str) -> None:
    assert not NEGATIVE_NUMBER.fullmatch(word)


def test_a_negative_number_reaches_every_kind_of_value_as_written() -> None:
    args = build_parser().parse_args(
        ["export", "tree", "-5", "--title", "-1e3", "--window", "-inf", "-1E3", "-o", "page.html", "--budget", "-2"]
    )
    assert args.position == "-5"  # a positional, given as text
    assert args.title == "-1e3"  # an option's text, unchanged
    assert args.window == [-math.inf, -1000.0]  # two numbers of one option
    assert args.budget == -2  # a whole number (its range is SearchOptions' to check)
    args = build_parser().parse_args(["solve", "tree", "--", "-1e3"])
    assert args.position == "-1e3"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["export", "tree", TREE, "--perspective", "-inf", "-o", "x.html"],
         "argument --perspective: invalid choice: '-inf' (choose from 'negamax', 'minimax')"),
        (["solve", "ttt", "x.o/x../o..", "-inf", "-5", "-1e3"], "unrecognized arguments: -inf -5 -1e3"),
        (["solve", "othello", "--size", "-1e3"], "argument --size: invalid int value: '-1e3'"),
        (["-inf"], "argument COMMAND: invalid choice: '-inf'"),
    ],
)
def test_errors_name_the_number_as_written(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "x00" not in err and "\0" not in err, err
