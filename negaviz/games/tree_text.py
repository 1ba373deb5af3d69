"""Reading tree text, both forms with one reader: the same tokens (names, punctuation,
numbers by :data:`negaviz.games.tree.NUMBER`), the same spaces (anything Unicode calls a
space) and the same words for a number the rule refuses.  The nested-list form is read
here too, not by Python's parser, so that ``[007, 1]`` and a no-break space mean what they
mean in the labelled form, and nothing in it can recurse or run for ever (nesting is
refused past :data:`~negaviz.games.tree.MAX_DEPTH` levels, without recursion).

>>> _ListParser("[[7,\u00a05], (3, 007)]").parse()
[[7, 5], [3, 7]]
"""

from __future__ import annotations

import re
from typing import Any

from negaviz.errors import InputError
from fractions import Fraction

from negaviz.games.tree_checks import MAX_DEPTH, NUMBER, Number, Probability, check_probabilities, check_value

_TOKEN = re.compile(rf"\s*(?:(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<num>{NUMBER})|(?P<punct>[():,\[\]?/@▲▼])|(?P<bad>\S))")
_NUMBERISH = re.compile(r"[-+]?(?:[^\W_]|\.(?=[^\W_]))[\w.]*(?:(?<=[eE])[-+][\w.]+)?")
"""A run of text that starts like a number (a digit of any script, or '.' and one)."""


def _not_a_number(token: str) -> str:
    shown = token if len(token) <= 20 else token[:17] + "..."
    return (f"malformed tree: {shown!r} is not a number negaviz reads (write numbers with the digits 0-9, an "
            "optional sign, '.' and exponent, e.g. -1.5e3)")


class _Reader:
    """The tokens of tree text, shared by both forms: the same spaces (any Unicode space,
    as ``str.split`` takes them), names, punctuation and numbers (:data:`NUMBER`), and the
    same words for a number the rule refuses."""

    EXAMPLE = ""
    """How the form is written, for error messages."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        for m in _TOKEN.finditer(text):
            kind = m.lastgroup or "bad"
            self.tokens.append((kind, m.group(kind), m.start(kind) + 1))
        self.i = 0

    def fail(self, what: str) -> InputError:
        at = self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text.rstrip()) + 1
        return InputError(f"malformed tree at character {at}: {what} (write e.g. {self.EXAMPLE})")

    def peek(self) -> tuple[str, str]:
        if self.i < len(self.tokens):
            kind, val, _ = self.tokens[self.i]
            return kind, val
        return "end", ""

    def number(self) -> Number | None:
        """The number at the current token, read by :data:`NUMBER` (and the token passed),
        or None if the token does not start like a number; a run of text that starts like
        one but is not one the rule allows (``1_0``, ``0x1``, ``٣``, ``- 5``) is refused."""
        kind, val = self.peek()
        if kind == "bad":
            at = self.tokens[self.i][2] - 1
            spaced = re.match(r"[-+]\s+[0-9.]", self.text[at:])
            if spaced or val[:1].isdigit():  # a sign apart from its digits, or another script's digit
                numberish = _NUMBERISH.match(self.text, at)
                run = spaced.group() if spaced else numberish.group() if numberish else val
                raise self.fail(_not_a_number(run)[len("malformed tree: "):])
            return None
        if kind != "num":
            return None
        end = self.tokens[self.i][2] - 1 + len(val)
        rest = self.text[end:]
        glued = re.match(r"[A-Za-z0-9_.]+", rest)
        extra = glued.group() if glued else rest[:1] if rest[:1].isdigit() else ""
        if extra:  # 1_0, 0x1, 3٣: not numbers, in either form
            raise self.fail(_not_a_number(val + extra)[len("malformed tree: "):])
        try:
            value: Number = float(val) if any(ch in val for ch in ".eE") else int(val)
        except ValueError:  # an integer of thousands of digits
            shown = val if len(val) <= 20 else val[:17] + "..."
            raise self.fail(f"{shown!r} is too long a number") from None
        self.i += 1
        return value


_MARK_WORDS = ("MAX (@max)", "MIN (@min)")
"""A mark's side in words, by side (0: MAX, 1: MIN)."""


class _ListParser(_Reader):
    """Nested lists from their text, ``[[7, 5], [3, 1, 9]]`` (round brackets too), read
    without recursion, token by token as the labelled form is read."""

    EXAMPLE = "[[7,5],[3,1,9]]"

    def parse(self) -> Any:
        close = {"[": "]", "(": ")"}
        stack: list[tuple[str, list[Any]]] = []
        top: Any = None
        want_item = True  # after an opening or a comma: an item (or a closing); after an item: ',' or a closing
        while True:
            kind, val = self.peek()
            if kind == "punct" and val in close and want_item:
                if len(stack) >= MAX_DEPTH:
                    raise self.fail(f"the tree is more than {MAX_DEPTH} levels deep (textbook trees are small)")
                new: list[Any] = []
                if stack:
                    stack[-1][1].append(new)
                else:
                    top = new
                stack.append((close[val], new))
                self.i += 1
                continue
            if kind == "punct" and stack and val == stack[-1][0]:
                stack.pop()
                self.i += 1
                want_item = False
                if not stack:
                    break
                continue
            if kind == "punct" and val == "," and stack and not want_item:
                self.i += 1
                want_item = True
                continue
            number = self.number() if want_item else None
            if number is not None:
                stack[-1][1].append(number)
                want_item = False
                continue
            raise self._unexpected(kind, val, want_item, stack[-1][0] if stack else "")
        kind, val = self.peek()
        if kind != "end":
            raise self._unexpected(kind, val, False, "")
        return top

    def _unexpected(self, kind: str, val: str, want_item: bool, closing: str) -> InputError:
        at = self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text.rstrip()) + 1
        if want_item and (kind == "name" or val in "'\"{"):
            quoted = re.match(r"'[^']*'|\"[^\"]*\"", self.text[at - 1:]) if val in "'\"" else None
            what = quoted.group() if quoted else val if kind == "name" else repr(val)
            return InputError(f"malformed tree at character {at}: {what} is neither a number nor a list")
        found = "the end" if kind == "end" else repr(val)
        expected = ("a number or a list" if want_item else f"',' or {closing!r}" if closing else "nothing more")
        stripped = self.text.strip()
        shown = stripped if len(stripped) <= 40 else stripped[:37] + "..."
        return InputError(f"malformed tree {shown!r}: not a nested list of numbers "
                          f"(expected {expected} at character {at}, found {found})")


class _LabelledParser(_Reader):
    """Recursive-descent parser for ``A(B:3 C(D:1 E:2))``.

    A chance node is a name with ``?``, its outcomes each after its probability, a
    fraction or a decimal: ``C?(1/6 D:3 5/6 E:-1)``; with no probability written, its n
    outcomes are equally likely (``C?(D:3 E:-1)``, each 1/2).

    Whose turn a node is, where it is not the other side's from its parent's, is a mark
    right after its name: ``@max`` or ``▲`` (MAX, the root's player), ``@min`` or ``▼``
    (MIN): ``A(B@min(D@min(F:3 G:5)) C:2)``.
    """

    EXAMPLE = "A(B(D:7 E:5) C:3)"

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.labels: list[str] = []
        self.children: list[list[int]] = []
        self.values: list[Number | None] = []
        self.index: dict[str, int] = {}
        self.depth = 0
        self.chance: list[list[Probability] | None] = []
        """Per node: None for a player's node; a chance node's outcome probabilities."""
        self.marks: list[int | None] = []
        """Per node: 0 if marked MAX (``@max``, ``▲``), 1 if marked MIN, None if unmarked."""

    def parse(self) -> tuple[list[str], list[list[int]], list[Number | None]]:
        """The tree's labels, child lists and values (for :class:`~negaviz.games.tree.Tree`);
        the chance nodes' probabilities are in :attr:`chance`."""
        self.node()
        kind, val = self.peek()
        if kind != "end":
            raise self.fail(f"unexpected {val!r} after the root's closing")
        return self.labels, self.children, self.values

    def probability(self, name: str) -> Probability | None:
        """A probability before an outcome of chance node ``name``: a decimal, or a
        fraction ``a/b`` (kept exact); None when the outcome has none written."""
        start = self.i
        p = self.number()
        if p is None:
            return None
        if self.peek() == ("punct", "/"):
            self.i += 1
            q = self.number()
            if q is None or isinstance(p, float) or isinstance(q, float) or q == 0:
                self.i = start
                raise self.fail(f"a probability under chance node {name} is a decimal or a fraction of whole "
                                "numbers such as 1/6")
            return Fraction(int(p), int(q))
        return p

    def node(self) -> int:
        kind, val = self.peek()
        if kind != "name":
            raise self.fail(f"expected a node name, found {val!r}" if kind != "end" else "expected a node name, found the end")
        name = val
        self.i += 1
        mark = self.mark(name)
        chance = self.peek() == ("punct", "?")
        if chance:
            self.i += 1
            mark = self.mark(name) if mark is None else mark  # a mark after the '?' is refused below too
        value: Number | None = None
        if self.peek() == ("punct", ":"):
            self.i += 1
            value = self.number()
            if value is None:
                kind, val = self.peek()
                raise self.fail(f"expected a number after '{name}:', found {val!r}" if kind != "end" else f"expected a number after '{name}:'")
            try:
                check_value(name, value)
            except InputError as exc:
                self.i -= 1  # the error points at the number
                raise self.fail(str(exc)) from None
        has_kids = self.peek() == ("punct", "(")
        if chance and mark is not None:
            raise self.fail(f"chance node {name} is marked {_MARK_WORDS[mark]}: a mark says whose turn a player's "
                            "node is, and chance moves at a chance node")
        if name in self.index:
            if value is not None or has_kids or chance or mark is not None:
                raise self.fail(f"node name {name!r} is used twice (repeat a name alone to share a node)")
            return self.index[name]
        if chance and not has_kids:
            raise self.fail(f"chance node {name} needs its outcomes, e.g. {name}?(1/2 D:3 1/2 E:5)")
        me = len(self.labels)
        self.index[name] = me
        self.labels.append(name)
        self.children.append([])
        self.values.append(value)
        self.chance.append(None)
        self.marks.append(mark)
        probs: list[Probability | None] = []
        if has_kids:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.fail(f"the tree is more than {MAX_DEPTH} levels deep (textbook trees are small)")
            self.i += 1
            while True:
                kind, val = self.peek()
                if (kind, val) == ("punct", ")"):
                    self.i += 1
                    break
                if (kind, val) == ("punct", ","):
                    self.i += 1
                    continue
                if kind == "end":
                    raise self.fail(f"missing ')' to close {name}")
                if chance:
                    probs.append(self.probability(name))
                    if self.peek()[0] != "name":
                        raise self.fail(f"expected an outcome of chance node {name} after its probability")
                self.children[me].append(self.node())
            if not self.children[me]:
                raise self.fail(f"node {name} has '()' but no children")
            if chance:
                self.chance[me] = self._probabilities(name, me, probs)
            self.depth -= 1
        elif value is None:
            raise self.fail(f"leaf {name} needs a value, e.g. {name}:3")
        return me

    def mark(self, name: str) -> int | None:
        """The mark after node ``name`` (and the tokens passed): 0 for ``@max`` or ``▲``,
        1 for ``@min`` or ``▼``, None if there is none."""
        kind, val = self.peek()
        if (kind, val) in (("punct", "▲"), ("punct", "▼")):
            self.i += 1
            return 0 if val == "▲" else 1
        if (kind, val) != ("punct", "@"):
            return None
        self.i += 1
        kind, val = self.peek()
        if kind == "name" and val.lower() in ("max", "min"):
            self.i += 1
            return 0 if val.lower() == "max" else 1
        found = "the end" if kind == "end" else repr(val)
        raise self.fail(f"node {name}'s mark is @max or @min (or ▲, ▼), not '@' then {found}")

    def _probabilities(self, name: str, me: int, probs: list[Probability | None]) -> list[Probability]:
        """Chance node ``name``'s probabilities, checked: all written, or none (equally likely)."""
        outcomes = [self.labels[c] for c in self.children[me]]
        if all(p is None for p in probs):
            return [Fraction(1, len(probs))] * len(probs)
        missing = [o for o, p in zip(outcomes, probs) if p is None]
        if missing:
            raise InputError(
                f"outcome {missing[0]} of chance node {name} has no probability: write one before each "
                f"outcome (e.g. {name}?(1/2 {outcomes[0]} ...)), or none to make them equally likely"
            )
        written = [p for p in probs if p is not None]
        check_probabilities(name, outcomes, written)
        return written
