"""Tests of negaviz.render.labels: escaping, value text, label families."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import negaviz
from negaviz.render import draw, svg
from negaviz.render.labels import MAX_TEXT, cap, dot_escape, esc, family, html_text, plain, scrub, tooltip, value_text
from negaviz.render.styles import NodeView
from negaviz.search.events import Bound
from negaviz.trace import Status
from negaviz.vocabulary import fmt

NASTY = 'a<b>&"]\n}{;\\n\\'


class Nasty:
    """A game whose every label and move name tries to break DOT or HTML markup."""

    root: tuple[str, ...] = ()
    MOVES = ('<b>"x"]\n', "&amp;\\", "</TD></TR></TABLE>>];\x01\t")

    def moves(self, pos: tuple[str, ...]) -> tuple[str, ...]:
        return () if len(pos) >= 2 else self.MOVES

    def play(self, pos: tuple[str, ...], move: str) -> tuple[str, ...]:
        return pos + (move,)

    def is_terminal(self, pos: tuple[str, ...]) -> bool:
        return len(pos) >= 2

    def score(self, pos: tuple[str, ...]) -> int:
        return len(pos[0]) - len(pos[1])

    def label(self, pos: tuple[str, ...]) -> str:
        return NASTY + "|".join(pos)

    def move_name(self, pos: tuple[str, ...], move: str) -> str:
        return move

    def key(self, pos: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(pos))


def test_dot_escape_neutralises_quotes_backslashes_and_newlines() -> None:
    assert dot_escape('say "hi"\\') == 'say \\"hi\\"\\\\'
    assert dot_escape("two\nlines") == "two\\nlines"
    assert dot_escape("tab\tbell\x07") == "tab bell\ufffd"
    assert str(plain("<b>")) == "<b>" and type(plain("<b>")).__name__ == "NoHtml"


def test_html_text_escapes_markup_and_keeps_line_breaks() -> None:
    assert html_text('<b>&"]\nx') == "&lt;b&gt;&amp;&quot;]<BR/>x"
    long = html_text("x" * 100 + "\n" * 30)
    assert "…" in long and long.count("<BR/>") < 12


STATEMENT = re.compile(r"\t\w+(?: -> \w+)? \[(?:\w+=(?:Q|H|[\w#.,-]+) ?)*\]")
TAGS = {"TABLE", "TR", "TD", "B", "FONT", "BR"}


def scan(line: str) -> tuple[str, list[str], list[str]]:
    """``line`` with quoted strings replaced by Q and HTML-like values by H, and those."""
    out, quoted, htmls, i = [], [], [], 0
    while i < len(line):
        ch = line[i]
        if ch == '"':
            j = i + 1
            while line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            quoted.append(re.sub(r"\\(.)", lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), line[i + 1 : j]))
            out.append("Q")
            i = j + 1
        elif ch == "<" and line[i - 1] == "=":
            depth, j = 0, i
            while True:  # the value ends where its angle brackets balance
                depth += {"<": 1, ">": -1}.get(line[j], 0)
                j += 1
                if depth == 0:
                    break
            htmls.append(line[i + 1 : j - 1])
            out.append("H")
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out), quoted, htmls


def test_nasty_game_cannot_inject_markup() -> None:
    trace = negaviz.record(Nasty(), algorithm="alphabeta", tt=True)
    for options in ({}, {"windows": True}, {"dag": True}, {"step": 5}):
        source = draw(trace, **options).source
        texts: list[str] = []
        for line in source.splitlines()[1:-1]:
            rest, quoted, htmls = scan(line)
            # Every statement keeps its shape: nothing closed its attribute list early.
            assert STATEMENT.fullmatch(rest), line
            texts += quoted
            for value in htmls:
                root = ET.fromstring(value)  # well-formed: no label opened or closed a tag
                assert {el.tag for el in root.iter()} <= TAGS
                texts.append("".join(root.itertext()))
        joined = "\n".join(texts)
        assert 'a<b>&"]' in joined  # the label text arrives as text, not markup
        assert "</TD></TR></TABLE>>];" in joined  # a move name, in an edge label or a tooltip
        assert "\x01" not in joined


def test_value_text() -> None:
    done = NodeView("n1", "node", status=Status.DONE, value=3, bound=Bound.EXACT)
    assert value_text(done) == "3" and value_text(done, explicit=True) == "=3"
    assert value_text(NodeView("n1", "node", status=Status.DONE, value=-2, bound=Bound.UPPER)) == "≤−2"
    assert value_text(NodeView("n1", "node", status=Status.ACTIVE, value=4)) == "best 4"
    assert value_text(NodeView("n1", "node", status=Status.CURRENT)) == "?"
    assert fmt(math.inf) == "∞" and fmt(-math.inf) == "−∞" and fmt(2.0) == "2" and fmt(0.125) == "0.125"


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (negaviz.Tree.parse("A(B:1 C:2)"), "textbook"),
        (negaviz.TicTacToe(), "board"),
        (negaviz.Othello(6), "board"),
        (Nasty(), "text"),
        (None, "text"),
    ],
)
def test_label_family_follows_the_games_verbs(game: Any, expected: str) -> None:
    assert family(game) == expected


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_nasty_labels_come_out_as_text() -> None:
    trace = negaviz.record(Nasty(), algorithm="alphabeta")
    for options in ({}, {"windows": True}, {"dag": True}):
        result = subprocess.run(["dot", "-Tsvg"], input=draw(trace, **options).source.encode(), capture_output=True, check=False)
        assert result.returncode == 0 and result.stderr == b"", result.stderr.decode()
    text = svg(trace)
    root = ET.fromstring(text.encode("utf-8"))
    words = "".join(el.text or "" for el in root.iter() if el.tag.endswith("text"))
    assert 'a<b>&"]' in words  # the first line of the label, shown literally
    assert "</TD></TR></TABLE>>];" in words  # a move name, shown literally on its edge
    assert NASTY.split("\n")[1][:4] in words


# ------------------------------------------------------------------ what dot would read otherwise
ESCAPES = ["\\N", "\\G", "\\E", "\\T", "\\H", "\\L"]
"""dot's escapes: the node's, graph's, edge's, tail's, head's and object's names."""
NOT_XML = "\uffff\ufffe\U0001fffe\ufdd0\ud800"
"""Characters XML forbids: non-characters and a lone surrogate."""


def svg_texts(text: str) -> tuple[str, str]:
    """The drawn words of an SVG and its tooltips, each joined."""
    root = ET.fromstring(text.encode("utf-8"))
    words = "\n".join(el.text or "" for el in root.iter() if el.tag.endswith("text"))
    tips = "\n".join(v for el in root.iter() for k, v in el.attrib.items() if k.endswith("title"))
    return words, tips


def test_backslashes_are_doubled_once_in_labels_and_twice_in_tooltips() -> None:
    assert esc("a\\Nb") == "a\\\\Nb"
    assert html_text("\\G\nx") == "\\\\G<BR/>x"
    assert dot_escape("\\E") == "\\\\E"
    assert str(tooltip("\\E")) == "\\\\\\\\E"


def test_characters_xml_forbids_are_replaced() -> None:
    assert scrub("a" + NOT_XML + "b") == "a" + "\ufffd" * 5 + "b"
    assert scrub("\U0001F600 \u00e9") == "\U0001F600 \u00e9"  # real characters are kept
    assert esc("x\ud800").encode("utf-8") == "x\ufffd".encode("utf-8")


def test_long_text_is_capped_with_an_ellipsis() -> None:
    assert cap("x" * 10, 5) == "xxxx…" and cap("xxxxx", 5) == "xxxxx"
    assert scrub("y" * 100_000) == "y" * (MAX_TEXT - 1) + "…"
    assert len(esc("z" * 100_000)) <= MAX_TEXT
    assert len(dot_escape("\\" * 100_000).encode("utf-8")) < 16_384  # dot's limit for a quoted string


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_graphviz_escapes_are_drawn_literally(one_ply: Any) -> None:
    game = one_ply([f"m{e}" for e in ESCAPES], label="root " + " ".join(ESCAPES))
    trace = negaviz.record(game)
    words, tips = svg_texts(svg(trace))
    for e in ESCAPES:
        assert f"m{e}" in words  # an edge label (plain)
        assert f"m{e}" in tips  # a tooltip: the line of moves to the node
    assert "root " + " ".join(ESCAPES) in words  # a node label (HTML-like)
    assert "negaviz" not in words + tips and "n0" not in words  # no graph or node name was put in


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_characters_xml_forbids_do_not_make_dot_fail(one_ply: Any) -> None:
    trace = negaviz.record(one_ply(["a" + NOT_XML, "b\uffff"], label="root" + NOT_XML))
    settings: list[dict[str, Any]] = [{}, {"windows": True}]
    for options in settings:
        source = draw(trace, **options).source
        result = subprocess.run(["dot", "-Tsvg"], input=source.encode("utf-8"), capture_output=True, check=False)
        assert result.returncode == 0 and result.stderr == b"", result.stderr.decode()
    words, _ = svg_texts(svg(trace))
    assert "root" + "\ufffd" * 5 in words


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_over_long_labels_and_names_do_not_break_the_pipe_to_dot(one_ply: Any) -> None:
    trace = negaviz.record(one_ply(["m" * 100_000, "\\" * 100_000], label="L" * 100_000))
    words, tips = svg_texts(svg(trace))
    assert "m" * (MAX_TEXT - 1) + "…" in words  # the edge label, cut
    assert "L" * 39 + "…" in words  # the node label, cut at its line length
    assert max(len(t) for t in tips.split("\n")) <= MAX_TEXT + 20
