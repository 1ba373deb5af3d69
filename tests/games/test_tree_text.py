"""Tree text: one number rule and one set of spaces for both forms, and input that would
never end (a list that holds itself, lists shared at every level, nesting thousands deep)
refused in one line.

The rule (README, ``negaviz.games.tree.NUMBER``): a number is an optional sign, ASCII
digits with an optional '.' and fraction, and an optional exponent; anything Unicode calls
a space separates.  Each test writes the same number or separator into both forms and
asks for the same answer: the same value, or an InputError with the same words."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negaviz.errors import InputError
from negaviz.games.tree import Tree

NUMBERISH = "0123456789+-.eE_xj\u0663\uff17"


def outcome(text: str) -> tuple[str, object]:
    """('ok', the node B's value) or ('refused', what is wrong with the number)."""
    try:
        tree = Tree.parse(text)
    except InputError as exc:
        message = str(exc)
        assert "\n" not in message and "SyntaxError" not in message, message
        said = re.search(r"at character \d+: ('.*' is (?:not a number negaviz reads|too long a number))", message)
        return "refused", said.group(1) if said else "not a number here"
    except Exception as exc:  # noqa: BLE001 - the test reports any other error as a failure
        pytest.fail(f"{text!r}: {type(exc).__name__}: {exc}")
    return "ok", tree.values[tree.labels.index("B")]


@settings(max_examples=300, deadline=None)
@given(st.text(NUMBERISH, min_size=1, max_size=8))
def test_a_number_means_the_same_in_both_forms(number: str) -> None:
    listed, labelled = outcome(f"[{number}, 0]"), outcome(f"A(B:{number} C:0)")
    if "a number" in str(listed[1]) + str(labelled[1]):  # the number rule spoke: in the same words
        assert listed == labelled, (number, listed, labelled)
    else:
        assert listed[0] == labelled[0], (number, listed, labelled)
        assert listed[1] == labelled[1] and type(listed[1]) is type(labelled[1]), (number, listed, labelled)


@pytest.mark.parametrize("number", ["007", "-007", "+0", "00.50", "1.", ".5", "1E+3", "-0e0"])
def test_numbers_the_rule_allows_are_read_alike(number: str) -> None:
    assert outcome(f"[{number}, 0]") == outcome(f"A(B:{number} C:0)") == ("ok", float(number))


SPACES = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]


@pytest.mark.parametrize("space", SPACES, ids=[f"U+{ord(s):04X}" for s in SPACES])
def test_every_unicode_space_separates_in_both_forms(space: str) -> None:
    listed = Tree.parse(f"[{space}[7,{space}5],{space}[3{space},1, 9]{space}]{space}")
    labelled = Tree.parse(f"A({space}B(D:7{space}E:5){space}C(F:3{space}G:1 H:9){space}){space}")
    assert listed.text() == labelled.text() == "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@pytest.mark.parametrize("mark", ["\u200b", "\u00ad", "\ufeff", "#"])
def test_a_mark_that_is_not_a_space_is_refused_in_both_forms(mark: str) -> None:
    for text in (f"[7,{mark}5]", f"A(B:7{mark}C:5)"):
        with pytest.raises(InputError, match="^malformed tree") as caught:
            Tree.parse(text)
        assert "SyntaxError" not in str(caught.value) and "\n" not in str(caught.value)


NEVER_ENDING = {
    "a list that holds itself": "x = [1, 2]; x.append(x); Tree.parse(x)",
    "a list inside itself, deeper": "x = [1]; y = [x, 2]; x.append(y); Tree.parse([y, 3])",
    "a tuple holding a list that holds the tuple": "x = [1]; t = (x, 2); x.append(t); Tree.from_lists(t)",
    "a list shared at every level": "x = [1, 2]\nfor _ in range(60): x = [x, x]\nTree.parse(x)",
    "Python lists 100,000 deep": "x = 1\nfor _ in range(100_000): x = [x]\nTree.parse(x)",
    "list text 100,000 deep": "Tree.parse('[' * 100_000 + '1' + ']' * 100_000)",
    "round-bracket text 100,000 deep": "Tree.parse('(' * 100_000 + '1,' + ')' * 100_000)",
    "labelled text 100,000 deep": "Tree.parse('A' + ''.join(f'(N{i}' for i in range(100_000)) + ':1' + ')' * 100_000)",
    "a label nested 100,000 deep": "x = 1\nfor _ in range(100_000): x = [x]\nTree(['A', x], [[1], []], [None, 1])",
    "a label that holds itself": "x = ['B']; x.append(x); Tree(['A', x], [[1], []], [None, 1])",
    "a value that holds itself": "x = [1]; x.append(x); Tree(['A', 'B'], [[1], []], [None, x])",
    "a child list that holds itself": "x = [1]; x.append(x); Tree(['A', 'B'], [x, []], [None, 1])",
    "a cycle of children": "Tree(['A', 'B', 'C'], [[1], [2], [1]], [None, None, None])",
    "a chain 100,000 deep": "n = 100_000\nTree([f'N{i}' for i in range(n)], [[i + 1] for i in range(n - 1)] + [[]], [None] * (n - 1) + [1])",
}


@pytest.mark.parametrize("code", NEVER_ENDING.values(), ids=NEVER_ENDING.keys())
def test_input_that_would_never_end_is_refused_in_one_line(code: str) -> None:
    """Run in a child Python with a time limit: a hang is a failure, not a stuck test run.
    The limit guards against never ending; it does not measure speed."""
    script = "from negaviz.games.tree import Tree\n" + textwrap.dedent(code)
    try:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after 120 s: {code}")
    last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    assert done.returncode == 1 and last.startswith("negaviz.errors.InputError: "), done.stderr[-2000:]
    assert "RecursionError" not in done.stderr and "SyntaxError" not in done.stderr
    assert "Traceback" in done.stderr  # the one line is the InputError's own, which a CLI prints alone
