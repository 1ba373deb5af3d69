"""How a typed answer is read: numbers, windows, lists of names, and names matched
regardless of case.  One rule, read the same way by the page (``frontend/src/reading.js``);
``tests/quiz/reading.json`` holds the cases both sides are tested on, and a node test
compares the two on every character Unicode assigns.

The rule, as a student meets it:

* **Digits of any script** are read as their digit: ``５`` (full width, as a Japanese
  keyboard types it), ``٥`` (Arabic-Indic), ``५`` (Devanagari) are all 5.  Other
  full-width and compatibility forms are read as what they stand for (Unicode NFKC):
  ``－５`` is −5, ``ｉｎｆ`` is inf.
* **Superscripts, fractions and circled digits are refused** (``5²``, ``½``, ``①``):
  NFKC would read ``5²`` as 52, a number the student did not mean.
* **No underscores** (``1_0``): Python's literal grouping, not a separator any keyboard
  or school writes; and ``_`` is shift and minus on many keyboards, so reading ``_5`` or
  ``1_0`` as a number could mark a mistyped minus right.
* **A fraction** of two whole numbers (``7/3``, ``-1/6``; at most 15 digits each) is read
  as the number it stands for, divided in floating point as the page divides it: an
  expected value is often one.  A zero denominator is refused.
* Spaces inside a number are dropped (``1 000``); ``−``, ``–`` and ``-`` are minus;
  ``∞``, ``inf`` and ``infinity`` are infinity, in any case.
* **Names** match a node's name exactly, or else in NFKC form by Unicode case folding
  (Python's :meth:`str.casefold`): ``g`` and ``Ｇ`` match ``G``, ``straße`` matches ``STRASSE``.
* Spaces around an answer are those :meth:`str.isspace` names (not a byte order mark).
* **A number read is compared by its canonical form** (:func:`canonical`): a whole
  number (or infinity) exactly, any other to the 4 significant digits values are shown
  with, tagged ``~`` so that 3.00001 is never the whole 3.  The answer key carries the
  canonical forms it accepts: judging an answer is looking it up (:func:`accepts`).

>>> parse_value("５"), parse_value("−٣"), parse_value(" 1 000 ")
(5.0, -3.0, 1000.0)
>>> parse_window("（５，∞）")
(5.0, inf)
>>> fold("STRASSE") == fold("straße")
True
>>> canonical(parse_value("−3")), canonical(3.14159), canonical(3.00001), canonical_window((5, math.inf))
('−3', '~3.142', '~3', '(5, ∞)')
"""

from __future__ import annotations

import math
import numbers
import re
import unicodedata
from collections.abc import Collection, Sequence
from typing import Any

from negaviz.errors import InputError
from negaviz.quiz.words import WORDS, fill
from negaviz.vocabulary import fmt

_MINUS = str.maketrans({"−": "-", "–": "-", "∞": "inf"})
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|[+-]?(inf|infinity)", re.ASCII)
"""A typed number, once :func:`typed`: a sign, ASCII digits with a point, an exponent, or inf."""
_FRACTION = re.compile(r"([+-]?)(\d{1,15})/(\d{1,15})", re.ASCII)
"""A typed fraction, once :func:`typed`: a sign, then whole numbers (exact as floats) over and under."""
_W = WORDS["reading"]
_NONE = set(_W["none"])
"""A list of names with nothing in it."""


def typed(text: str) -> str:
    """``text`` as the number rule reads it: each decimal digit of any script as its ASCII
    digit, superscripts, fractions and circled digits (category No) kept as they are (so
    that they are refused), every other character in its NFKC form.

    >>> typed("（－５²）")
    '(-5²)'
    """
    out = []
    for ch in text:
        kind = unicodedata.category(ch)
        out.append(str(unicodedata.decimal(ch)) if kind == "Nd" else ch if kind == "No" else unicodedata.normalize("NFKC", ch))
    return "".join(out)


def fold(text: str) -> str:
    """``text`` as names are matched regardless of case and width: its NFKC form, case
    folded (:meth:`str.casefold`).

    >>> fold("Ｇ") == fold("g"), fold("ẞ")
    (True, 'ss')
    """
    return unicodedata.normalize("NFKC", text).casefold()


def parse_value(answer: Any) -> float:
    """A number from an answer: ``3``, ``-3.5``, ``"−3"``, ``"-inf"``, ``"∞"``.

    >>> parse_value("−∞"), parse_value(" 5 "), parse_value("+infinity"), parse_value("−7/2")
    (-inf, 5.0, inf, -3.5)
    """
    if isinstance(answer, bool):
        raise _not_number(answer)
    if isinstance(answer, numbers.Real):
        try:
            v = float(answer)
        except OverflowError:
            raise _too_large(answer) from None
    elif isinstance(answer, str):
        text = typed(answer).strip().translate(_MINUS).replace(" ", "").lower()
        ratio = _FRACTION.fullmatch(text)
        if ratio is not None:
            if int(ratio[3]) == 0:
                raise InputError(fill(_W["zero_denominator"], answer=repr(answer)))
            v = float(int(ratio[2])) / float(int(ratio[3]))
            return -v if ratio[1] == "-" else v
        if not _NUMBER.fullmatch(text):
            raise _not_number(answer)
        v = float(text)
        if math.isinf(v) and "inf" not in text:
            raise _too_large(answer)
    else:
        raise _not_number(answer)
    if math.isnan(v):
        raise InputError(_W["nan"])
    return v


def parse_window(answer: Any) -> tuple[float, float]:
    """Two numbers ``(alpha, beta)``: a pair, or text like ``"(5, inf)"``, ``"[-∞, -5]"``, ``"5 ∞"``.

    >>> parse_window("(5, ∞)"), parse_window([-math.inf, "−5"])
    ((5.0, inf), (-inf, -5.0))
    """
    if isinstance(answer, str):
        text = typed(answer).strip().strip("()[]{} ")
        parts = [p for p in re.split(r"\s*[,;]\s*|\s+", text) if p]
    elif isinstance(answer, (tuple, list)):
        parts = list(answer)
    else:
        raise InputError(fill(_W["not_pair"], answer=repr(answer)))
    if len(parts) != 2:
        raise InputError(fill(_W["not_window"], answer=repr(answer)))
    return parse_value(parts[0]), parse_value(parts[1])


def canonical(v: float) -> str:
    """A number as answers are compared (``frontend/src/reading.js`` has the same rule):
    a whole number or an infinity as :func:`~negaviz.vocabulary.fmt` writes it, exactly;
    any other at fmt's 4 significant digits, tagged ``~`` (never equal to a whole one)."""
    text = fmt(v)
    return text if isinstance(v, int) or math.isinf(v) or float(v).is_integer() else "~" + text


def canonical_window(w: Sequence[float]) -> str:
    """A window ``(alpha, beta)`` as answers are compared: its two canonical forms."""
    return f"({canonical(w[0])}, {canonical(w[1])})"


def accepts(v: float, exact: Collection[str], between: Sequence[Any] | None = None) -> bool:
    """Whether the answer ``v`` is accepted by a question that accepts the canonical forms
    ``exact``, and, where given, any number from ``between[0]`` to ``between[1]``.

    >>> accepts(-4.0, ["−3"], (-5, -3)), accepts(-3.0, ["−3"]), accepts(-3.00001, ["−3"])
    (True, True, False)
    """
    if canonical(v) in exact:
        return True
    return between is not None and _number(between[0]) <= v <= _number(between[1])


def _number(x: Any) -> float:
    """A number of the key's JSON (infinities as ``"inf"``, ``"-inf"``) or of Python."""
    return math.inf if x == "inf" else -math.inf if x == "-inf" else float(x)


def node_name(text: Any, names: Collection[str]) -> str | None:
    """The node a typed name means, as ``names`` spells it: ``text`` itself (spaces around
    it aside), or else the name it matches regardless of case and width (:func:`fold`; of
    two such, the last in sorted order); None if it names none.

    >>> node_name(" g ", ["G", "H"]), node_name("ｂ", ["A", "B", "b"]), node_name("X", ["B X"])
    ('G', 'b', None)
    """
    typed = str(text).strip()
    if typed in names:
        return typed
    folded = fold(typed)
    hits = [n for n in names if fold(n) == folded]
    return max(hits) if hits else None


def unnamed(text: Any, names: Collection[str], repeated: Collection[str] = ()) -> str:
    """What a student is told when ``text`` names no node: that the label is drawn more
    than once (``repeated``: a shared node, unfolded), with each drawing's name; or that
    there is no such node.

    >>> unnamed("X", ["B X", "C X"], ["X"])
    'X is drawn 2 times; name each by its path: B X, C X.'
    """
    typed = str(text).strip()
    if typed in repeated:
        drawn = sorted(n for n in names if n.split(" ")[-1] == typed)
        return fill(_W["drawn_twice"], text=typed, n=len(drawn), drawn=", ".join(drawn))
    return fill(_W["no_node"], text=repr(typed))


def parse_labels(answer: Any) -> tuple[str, ...]:
    """Node labels or move names: a list, or text like ``"G, H"``, ``"G and H"``, ``"none"``.

    >>> parse_labels("G, H"), parse_labels("g and h"), parse_labels("none"), parse_labels(["b2"])
    (('G', 'H'), ('g', 'h'), (), ('b2',))
    """
    if answer is None:
        return ()
    if isinstance(answer, str):
        text = answer.strip()
        if fold(text) in _NONE:
            return ()
        parts = re.split(r"\s*(?:,|;|/|\band\b|\s)\s*", text)
    elif isinstance(answer, (list, tuple, set, frozenset)):
        parts = [str(p) for p in answer]
    else:
        raise InputError(fill(_W["not_names"], answer=repr(answer)))
    return tuple(p.strip() for p in parts if p.strip())


def _not_number(answer: Any) -> InputError:
    return InputError(fill(_W["not_number"], answer=repr(answer)))


def _too_large(answer: Any) -> InputError:
    return InputError(fill(_W["too_large"], answer=repr(answer)))
