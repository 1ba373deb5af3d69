"""How a typed answer is read (:mod:`negaviz.quiz.reading`), on the cases of
``tests/quiz/reading.json``: the same file ``tests/frontend/reading.test.mjs`` checks the
page's reader on, so a case cannot be in one and not the other."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from negaviz.errors import InputError
from negaviz.quiz.reading import accepts, canonical, fold, node_name, parse_labels, parse_value, parse_window, unnamed

CASES = json.loads((Path(__file__).with_name("reading.json")).read_text(encoding="utf-8"))


def _number(x: Any) -> float:
    return math.inf if x == "inf" else -math.inf if x == "-inf" else float(x)


def _check(parse: Any, text: str, reading: Any) -> None:
    if isinstance(reading, dict):
        with pytest.raises(InputError) as refused:
            parse(text)
        assert str(refused.value) == reading["refused"]
    else:
        got = parse(text)
        want = tuple(map(_number, reading)) if isinstance(reading, list) else _number(reading)
        assert got == want and str(got) == str(want)  # (-0.0 stays -0.0)


@pytest.mark.parametrize("text, reading", CASES["values"])
def test_values(text: str, reading: Any) -> None:
    _check(parse_value, text, reading)


@pytest.mark.parametrize("text, reading", CASES["windows"])
def test_windows(text: str, reading: Any) -> None:
    _check(parse_window, text, reading)


@pytest.mark.parametrize("text, names", CASES["labels"])
def test_lists_of_names(text: str, names: list[str]) -> None:
    assert list(parse_labels(text)) == names


@pytest.mark.parametrize("typed, name, same", CASES["names"])
def test_names_regardless_of_case(typed: str, name: str, same: bool) -> None:
    assert (fold(typed) == fold(name)) is same


@pytest.mark.parametrize("text, form", CASES["canonical"])
def test_canonical_forms(text: str, form: str) -> None:
    assert canonical(parse_value(text)) == form


@pytest.mark.parametrize("text, exact, between, accepted", CASES["accepts"])
def test_accepted_answers(text: str, exact: list[str], between: list[Any] | None, accepted: bool) -> None:
    assert accepts(parse_value(text), exact, between) is accepted


@pytest.mark.parametrize("typed, names, repeated, name, told", CASES["nodes"])
def test_the_node_a_name_means(typed: str, names: list[str], repeated: list[str], name: str | None,
                               told: str | None) -> None:
    assert node_name(typed, names) == name
    if name is None:
        assert unnamed(typed, names, repeated) == told


def test_the_rule_s_deliberate_cases_are_there() -> None:
    """Digits of other scripts and full width are read; underscores, superscripts and
    fractions are refused; names match by case folding (ß and SS)."""
    values = dict((t, r) for t, r in CASES["values"])
    assert values["٥"] == values["５"] == values["५"] == 5
    assert all(isinstance(values[t], dict) for t in ("1_0", "_5", "5²", "½"))
    assert ["straße", "STRASSE", True] in CASES["names"]
    forms = dict(CASES["canonical"])
    assert forms["3.00001"] != forms["3"] and forms["3.14159"] == forms["3.1416"]  # whole exact, others at 4 digits
