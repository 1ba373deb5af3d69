"""``src/reading.js`` under node's test runner (``reading.test.mjs``): the page reads a
typed answer as :mod:`negaviz.quiz.reading` does, on the shared cases of
``tests/quiz/reading.json`` and on every character Python's Unicode database assigns
(each alone, between two digits, and between two names with ``and``; its case folding,
its ``repr`` and whether it is a space around an answer)."""

from __future__ import annotations

import sys
import unicodedata
from typing import Any

from negaviz.errors import InputError
from negaviz.quiz.reading import fold, parse_labels, parse_value


def _read(text: str) -> Any:
    try:
        v = parse_value(text)
    except InputError:
        return None
    return v if abs(v) != float("inf") else ("inf" if v > 0 else "-inf")


def characters() -> list[list[Any]]:
    """[code point, its value alone, between 1 and 2, labels of G·and·H, folded, repr, x stripped
    of it] for every character assigned (not a surrogate or a private use one)."""
    out = []
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if unicodedata.category(c) in ("Cn", "Cs", "Co"):
            continue
        out.append([cp, _read(c), _read("1" + c + "2"), list(parse_labels("G" + c + "and" + c + "H")), fold(c), repr(c),
                    (c + "x" + c).strip()])
    return out


def test_the_page_reads_answers_as_python_does(node_tests: Any) -> None:
    chars = characters()
    assert sum(1 for c in chars if c[1] is not None) > 600  # the digits of many scripts
    node_tests.run("reading.test.mjs", passes=2, fixture={"chars": chars}, env="NEGAVIZ_READING")
