"""The checks a textbook tree's data passes, shared by :class:`~negaviz.games.Tree`,
both text forms' reader (:mod:`negaviz.games.tree_text`) and the edits
(:mod:`negaviz.games.edit`): what a number, a value and a node name may be, how deep
and how big a tree may be, and nested lists measured before a node is made.
"""

from __future__ import annotations

import math
import re
import reprlib
import sys
from fractions import Fraction
from typing import Any

from negaviz.errors import InputError

Number = float | int

NUMBER = r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
"""The one rule for a number in tree text, in both forms: an optional sign (``+`` or
``-``), ASCII digits ``0-9`` with an optional ``.`` and fraction, and an optional exponent
(``e`` or ``E``, an optional sign, digits).  No ``_`` between digits, no ``0x``, ``inf`` or
``nan``, and no other script's digits (``٣`` is refused, not read as 3)."""


MAX_DEPTH = 200
"""Deepest tree accepted: deeper ones are not textbook trees, and would exhaust recursion."""

MAX_LIST_NODES = 10_000_000
"""Most nodes nested Python lists may spell out: a list shared at every level doubles the
tree per level, and such a tree is no textbook tree (its text would be gigabytes)."""

LARGEST = sys.float_info.max
"""Largest value magnitude accepted (about 1.8e308): every value must convert to a float."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


_REPR = reprlib.Repr()
"""Shows any value briefly: a list that holds itself or nests thousands deep is cut, not recursed into."""
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict, _REPR.maxstring = 3, 4, 4, 4, 30


def _shown(value: object) -> str:
    """``repr(value)``, shortened: a huge integer is described, not printed, and a
    self-holding or deeply nested list is cut short."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * math.log10(2)) + 1
        return f"{'a negative' if value < 0 else 'an'} integer of about {digits} digits"
    try:
        text = _REPR.repr(value)
    except Exception:  # a __repr__ of the caller's own that fails: name its type instead
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def check_label(label: object) -> str:
    """``label`` if it is a node name the labelled form can write back, else InputError."""
    if not isinstance(label, str) or not _NAME.fullmatch(label):
        raise InputError(
            f"node name {_shown(label)} is not allowed (a name is a letter or '_', then letters, digits or '_')"
        )
    return label


def check_value(name: str, value: object) -> Number:
    """``value`` if it may be node ``name``'s value, else InputError.

    The one check of tree values, shared by :class:`Tree` and both parsers: a number
    (int or float, not bool), finite, and at most :data:`LARGEST` in magnitude, so
    that every value converts to a float and writes back as text that parses.

    >>> check_value("B", 3)
    3
    >>> check_value("B", float("nan"))
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: the value of B must be a finite number, not nan
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(f"the value of {name} must be a number (int or float), not {_shown(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(f"the value of {name} must be a finite number, not {value!r}")
    if abs(value) > LARGEST:  # an int: compared exactly, no conversion
        raise InputError(
            f"the value of {name} is too large ({_shown(value)}): values must be finite numbers "
            "up to about 1.8e308 in magnitude"
        )
    return value


def _measure(nested: Any) -> None:
    """Refuse nested lists that hold themselves, nest more than :data:`MAX_DEPTH` deep or
    spell out more than :data:`MAX_LIST_NODES` nodes: measured without recursion, each
    distinct list walked once (a list shared at every level doubles the tree per level,
    and is refused at once, not after ten million nodes are made)."""
    size: dict[int, int] = {}
    deep: dict[int, int] = {}
    walking: set[int] = set()  # the lists on the path from the root to here
    stack: list[tuple[Any, bool]] = [(nested, False)]
    while stack:
        item, done = stack.pop()
        if not isinstance(item, (list, tuple)) or (not done and id(item) in size):
            continue
        if done:
            walking.discard(id(item))
            kids = [c for c in item if isinstance(c, (list, tuple))]
            size[id(item)] = 1 + len(item) - len(kids) + sum(size[id(c)] for c in kids)
            deep[id(item)] = 1 + max((deep[id(c)] for c in kids), default=0)
            if deep[id(item)] > MAX_DEPTH:
                raise InputError(f"the tree is more than {MAX_DEPTH} levels deep (textbook trees are small)")
            if size[id(item)] > MAX_LIST_NODES:
                raise InputError(f"malformed tree: the lists spell out more than {MAX_LIST_NODES:,} nodes "
                                 "(a list shared at many levels; textbook trees are small)")
            continue
        if id(item) in walking:
            raise InputError("malformed tree: a list holds itself (a tree's lists must each end in numbers)")
        walking.add(id(item))
        stack.append((item, True))
        stack.extend((c, False) for c in item if isinstance(c, (list, tuple)))


Probability = Fraction | float | int
"""A chance outcome's probability: a :class:`~fractions.Fraction` when written ``a/b`` (or
when none was written: each of n outcomes is then ``1/n``), else the number as written."""

SUM_TOLERANCE = 1e-9
"""How far from 1 the probabilities of a chance node's outcomes may sum when any is
written as a decimal (fractions are summed exactly and must make exactly 1)."""


def check_probability(name: str, outcome: str, p: object) -> Probability:
    """``p`` if it may be the probability of ``outcome`` under chance node ``name``."""
    if isinstance(p, bool) or not isinstance(p, (int, float, Fraction)):
        raise InputError(f"the probability of {outcome} under chance node {name} must be a number, not {_shown(p)}")
    if p != p or not 0 <= p <= 1:
        raise InputError(
            f"the probability of {outcome} under chance node {name} is {_shown(p)}: a probability lies "
            "between 0 and 1"
        )
    return p


def check_probabilities(name: str, outcomes: list[str], probs: list[Probability]) -> None:
    """The probabilities of chance node ``name``'s outcomes, each checked, must sum to 1
    (exactly for fractions, within :data:`SUM_TOLERANCE` once a decimal is among them)."""
    for outcome, p in zip(outcomes, probs):
        check_probability(name, outcome, p)
    total: Fraction | float
    if all(isinstance(p, (int, Fraction)) for p in probs):
        total = sum((Fraction(p) for p in probs), Fraction(0))
    else:
        total = math.fsum(map(float, probs))
    if (total != 1) if isinstance(total, Fraction) else abs(float(total) - 1) > SUM_TOLERANCE:
        shown = str(total) if isinstance(total, Fraction) else f"{total:.12g}"
        raise InputError(
            f"the probabilities of chance node {name}'s outcomes sum to {shown}, not 1 "
            f"(exactly 1 for fractions such as 1/6; within {SUM_TOLERANCE:g} for decimals)"
        )
