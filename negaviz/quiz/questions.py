"""Questions a student answers while stepping through a trace, with feedback.

Three kinds, all read from the trace (nothing is searched again):

* ``value``: what does a node return?
* ``window``: what (alpha, beta) does a node get from its parent?
* ``pruned``: which of a node's moves are never tried?

Each question has the step at which to ask it (the number of events applied, as in
``Replay.state_at(step)``), before the answer shows, and the step at which the answer
shows.  Values and windows are in the negamax convention (for the side to move) unless
``perspective="minimax"`` (for the first player: negated, and windows flipped, where
the second player moves).

Where a node's value is only a bound (it failed high or low), fail-soft and fail-hard
searches return different values, and both are right: a value question then accepts
any value from the window's edge (what a fail-hard search returns) to the value the
recorded search returned (what a fail-soft search returns), as :func:`negaviz.student.check`
does; :attr:`Question.accepted` holds that range.  When the recorded search is itself
fail-hard, the range is the edge alone, and the prompt says so.

>>> from negaviz import Tree, record
>>> trace = record(Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> qs = {(q.kind, trace.label(q.node)): q for q in questions(trace)}
>>> q = qs["window", "F"]
>>> q.prompt, q.answer
('With which window (α, β) is F entered, for the side to move there?', (5, inf))
>>> print(q.check("(-inf, -5)"))
No: F gets (5, ∞) because C's window (−∞, −5) is negated and swapped.
>>> qs["pruned", "C"].check("G, H").correct
True
>>> print(qs["value", "C"].check(-3))
Yes: C returns −3: negating what its children return gives F: −3; −3 ≥ β = −5, so C stops there (a cutoff), and −3 is only a lower bound: C's true value is at least −3. Any value from −5 to −3 is an equally valid lower bound (a fail-hard search returns β = −5).
>>> qs["value", "C"].accepted, qs["value", "C"].check("-5").correct
((-5, -3), True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from negaviz.analysis.steps import sign
from negaviz.errors import InputError
from negaviz.quiz.reading import accepts, canonical, canonical_window, fold, parse_labels, parse_value, parse_window
from negaviz.quiz.words import WORDS, fill
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.trace.replay import Replay
from negaviz.trace.trace import Ending, Node, Trace, check_trace
from negaviz.vocabulary import PERSPECTIVES, Perspective, check_perspective, check_steps, fmt, shown, window_story

__all__ = ["questions", "Question"]

QuestionKind = Literal["value", "window", "pruned"]
"""``value``: what a node returns; ``window``: the window a child is entered with;
``pruned``: which moves a cutoff skips."""

KINDS: tuple[QuestionKind, ...] = get_args(QuestionKind)
Window = tuple[float, float]
Answer = float | Window | tuple[str, ...]
_FLIP = {Bound.EXACT: Bound.EXACT, Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}
_W = WORDS["questions"]
_ASK = WORDS["steps"]
"""The questions as the notebook and the page both ask them."""


# ------------------------------------------------------------------------- values
@dataclass(frozen=True)
class Feedback:
    """What a student is told about an answer."""

    correct: bool
    """Whether the answer is right."""
    message: str
    """Yes/No, the right answer and why."""
    understood: bool = True
    """False when the answer could not be read (then it is not marked wrong as such)."""

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Question:
    """One question about a trace."""

    step: int
    """Events applied when the question is asked (``Replay.state_at(step)``)."""
    reveal: int
    """Events applied when the answer first shows."""
    kind: QuestionKind
    """``value``, ``window`` or ``pruned``."""
    node: int
    """The node asked about (for ``window``: the child that gets the window)."""
    prompt: str
    """The question as put to the student."""
    answer: Answer
    """A number, an (alpha, beta) pair, or the names of the children never visited."""
    explanation: str
    """Why: a sentence starting with the answer."""
    perspective: Perspective = "negamax"
    """The view values and windows are given in."""
    accepted: tuple[float, float] | None = None
    """For a value that is only a bound: the lowest and highest answers accepted, each
    an equally valid bound (from the window's edge to what the recorded search
    returned); None when only ``answer`` is right."""

    def answer_text(self) -> str:
        """The answer as written in an answer key: ``−3``, ``(5, ∞)``, ``G, H`` or ``none``."""
        if self.kind == "value":
            assert isinstance(self.answer, (int, float))
            return fmt(self.answer)
        if self.kind == "window":
            lo, hi = cast("tuple[float, float]", self.answer)
            return f"({fmt(lo)}, {fmt(hi)})"
        return ", ".join(cast("tuple[str, ...]", self.answer)) or "none"

    def check(self, answer: Any) -> Feedback:
        """Judge ``answer`` (a number, a pair, a list of names, or text for any of them), as
        the grader does: numbers by their canonical forms (:mod:`negaviz.quiz.reading`)."""
        try:
            if self.kind == "value":
                assert isinstance(self.answer, (int, float))
                ends = self.accepted or ()
                correct = accepts(parse_value(answer), [canonical(x) for x in (self.answer, *ends)], self.accepted)
            elif self.kind == "window":
                correct = canonical_window(parse_window(answer)) == canonical_window(cast("Window", self.answer))
            else:
                names = parse_labels(answer)
                want = {fold(a) for a in cast("tuple[str, ...]", self.answer)}
                correct = {fold(n) for n in names} == want and len(set(names)) == len(names)
        except ValueError as exc:
            return Feedback(False, fill(_W["unread"], error=exc), understood=False)
        return Feedback(correct, _W["yes" if correct else "no"] + self.explanation)


# ------------------------------------------------------------------------- making them
def questions(
    trace: Trace,
    *,
    kinds: Sequence[str] | None = None,
    steps: Iterable[int] | None = None,
    limit: int | None = None,
    perspective: Perspective = "negamax",
) -> list[Question]:
    """Questions about ``trace``, in the order they are asked.

    ``kinds`` chooses among ``value``, ``window`` and ``pruned`` (default: all three
    for a search with windows or cutoffs, ``value`` only for plain negamax).  Without
    ``steps`` each question is asked as early as it makes sense (a node's value once it
    is entered, a window once the previous sibling has returned, the pruned children
    once the node is entered).  With ``steps``, only questions still open at one of
    those steps are kept, each asked at the first such step.  ``limit`` keeps the first
    questions only.
    """
    check_trace(trace)
    check_perspective(perspective)
    if kinds is not None and not isinstance(kinds, str) and (
            not hasattr(kinds, "__iter__") or not all(isinstance(k, str) for k in kinds)):
        raise InputError(f"kinds must be question kinds, e.g. ['value'], or None, not {shown(kinds)}")
    if kinds is None:
        pruning = any(n.cutoff is not None for n in trace.nodes) or any(
            not (math.isinf(n.alpha) and math.isinf(n.beta)) for n in trace.nodes
        )
        kinds = KINDS if pruning else ("value",)
    else:
        if isinstance(kinds, str):
            kinds = (kinds,)
        bad = [k for k in kinds if k not in KINDS]
        if bad:
            raise InputError(f"unknown question kind: {bad[0]!r} (must be one of {list(KINDS)})")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise InputError(f"limit must be a whole number, 0 or more, or None, not {limit!r}")
    chosen = check_steps(steps, len(trace)) if steps is not None else None
    maker = _Maker(trace, perspective)
    specs: list[tuple[int, int, int, int, QuestionKind]] = []  # (asked, revealed, node, order, kind)
    for n in trace.nodes:
        if n.exit_step < 0:
            continue  # never returned: no answer to give
        for order, kind in enumerate(KINDS):
            if kind not in kinds:
                continue
            span = maker.span(n, kind)
            if span is None:
                continue
            start, reveal = span
            if chosen is not None:
                at = next((s for s in chosen if start <= s < reveal), None)
                if at is None:
                    continue
                start = at
            specs.append((start, reveal, n.id, order, kind))
    specs.sort()
    if limit is not None:
        specs = specs[:limit]
    return [maker.make(kind, nid, start, reveal) for start, reveal, nid, _, kind in specs]


class _Maker:
    """Builds questions and their explanations for one trace and perspective."""

    def __init__(self, trace: Trace, perspective: Perspective) -> None:
        self.trace = trace
        self.perspective = perspective
        self.game = trace.game
        self._replay: Replay | None = None
        self.fail_hard = bool(trace.result is not None and trace.result.options.fail_hard)

    # --- views ------------------------------------------------------------------------
    def sign(self, nid: int) -> int:
        """+1 where values are shown as recorded, -1 where the minimax view negates them."""
        return sign(self.trace, nid, self.perspective)

    def window(self, nid: int, alpha: float, beta: float) -> tuple[float, float]:
        pair = (alpha, beta) if self.sign(nid) > 0 else (-beta, -alpha)
        return _num(pair[0]), _num(pair[1])

    def name(self, nid: int) -> str:
        return self.trace.names.prose(nid)

    def child_name(self, nid: int) -> str:
        """A child as its parent sees it: its label in a textbook tree, else its move."""
        return self.trace.names.child(nid)

    def skipped_names(self, node: Node) -> tuple[str, ...]:
        return self.trace.names.skipped(node.id)

    # --- when ---------------------------------------------------------------------------
    def span(self, n: Node, kind: QuestionKind) -> tuple[int, int] | None:
        """(asked, revealed) steps of a question about ``n``, or None if it makes no sense."""
        nodes = self.trace.nodes
        if kind == "value":
            return n.enter_step + 1, n.exit_step + 1
        if kind == "window":
            if n.parent < 0:
                return None
            parent = nodes[n.parent]
            k = parent.children.index(n.id)
            start = parent.enter_step + 1 if k == 0 else nodes[parent.children[k - 1]].exit_step + 1
            return start, n.enter_step + 1
        if n.moves is None or len(n.moves) < 2:
            return None
        return n.enter_step + 1, self.cut_step(n) + 1

    def cut_step(self, n: Node) -> int:
        """The step of ``n``'s CUTOFF event, or its exit step if it has none."""
        if n.cutoff is None or not n.children:
            return n.exit_step
        for k in range(self.trace.nodes[n.children[-1]].exit_step, n.exit_step):
            ev = self.trace.event(k)
            if ev.kind == EventKind.CUTOFF and ev.node == n.id:
                return k
        return n.exit_step

    # --- what ---------------------------------------------------------------------------
    def make(self, kind: QuestionKind, nid: int, step: int, reveal: int) -> Question:
        me = self.name(nid)
        accepted = None
        if kind == "value":
            value = self.trace.nodes[nid].value
            assert value is not None
            prompt = self.ask("value", me)
            if self.fail_hard:
                prompt += _W["fail_hard"]
            answer: Answer = self.sign(nid) * value
            accepted = self.accepted(nid)
            explanation = self.explain_value(nid)
        elif kind == "window":
            n = self.trace.nodes[nid]
            prompt = self.ask("window", me)
            answer = self.window(nid, n.alpha, n.beta)
            explanation = self.explain_window(nid)
        else:
            n = self.trace.nodes[nid]
            prompt = self.ask("cut", me) + _W["cut_hint"]
            answer = self.skipped_names(n)
            explanation = self.explain_pruned(nid)
        return Question(step, reveal, kind, nid, prompt, answer, explanation, self.perspective, accepted)

    def ask(self, kind: str, me: str) -> str:
        """The question, in the sentence the page asks it in (words.json's ``steps.ask``)."""
        return fill(_ASK["ask"][kind], name=me, view=_ASK["view"][self.perspective].get(kind, ""))

    def accepted(self, nid: int) -> tuple[float, float] | None:
        """The range of valid bounds a value question about ``nid`` accepts (see the module)."""
        n = self.trace.nodes[nid]
        if n.value is None or n.bound not in (Bound.LOWER, Bound.UPPER):
            return None
        edge = n.beta if n.bound == Bound.LOWER else n.alpha
        if math.isinf(edge) or edge == n.value:
            return None
        s = self.sign(nid)
        lo, hi = sorted((s * edge, s * n.value))
        return _num(lo), _num(hi)

    def explain_value(self, nid: int) -> str:
        t = self.trace
        n = t.nodes[nid]
        me = self.name(nid)
        s = self.sign(nid)
        assert n.value is not None
        v = s * n.value
        minimax = self.perspective == "minimax"
        returns = f"{me} returns {fmt(v)}"
        if n.ending == Ending.LEAF:
            if minimax:
                return f"{returns}: it is a leaf, worth {fmt(v)} for the first player."
            text = f"{returns}: it is a leaf, and the game scores it {fmt(v)} for the side to move"
            if self.sign_minimax(nid) < 0:
                text += f" (the second player; for the first player it is worth {fmt(-v)})"
            return text + "."
        if n.ending == Ending.EVAL:
            who = "the first player" if minimax else "the side to move"
            return f"{returns}: it is at the depth limit, and its evaluation for {who} is {fmt(v)}."
        if n.ending == Ending.TT:
            return f"{returns}: the transposition table already holds a value for this position that settles it."
        if n.ending == Ending.OPEN or not n.children:
            return f"{returns}."
        # Each child's value as seen from here: negated, then shown in the perspective.
        seen = [(self.child_name(c), s * -self._value(c)) for c in n.children]
        best = max(v_ for _, v_ in seen) if s > 0 else min(v_ for _, v_ in seen)
        listing = ", ".join(f"{name}: {fmt(x)}" for name, x in seen)
        if minimax:
            role = "MAX node (the first player moves): it takes the largest" if s > 0 else (
                "MIN node (the second player moves): it takes the smallest")
            text = f"{returns}: it is a {role} of its children's values, {listing}"
        else:
            text = f"{returns}: negating what its children return gives {listing}"
            if len(seen) > 1:
                text += f"; the largest is {fmt(best)}"
        alpha, beta = self.window(nid, n.alpha, n.beta)
        if n.cutoff == CutReason.WIN and n.skipped:
            text += f"; {fmt(best)} is a win that nothing can beat, so {me} stops there"
        elif n.bound == Bound.LOWER:  # failed high (seen from the side to move)
            text += "; " + (f"{fmt(best)} ≥ β = {fmt(beta)}" if s > 0 else f"{fmt(best)} ≤ α = {fmt(alpha)}")
            if n.skipped:
                text += f", so {me} stops there (a cutoff)"
        elif n.bound == Bound.UPPER:  # failed low
            text += "; " + (f"no move gets past α = {fmt(alpha)}" if s > 0 else f"no move gets below β = {fmt(beta)}")
        if v != best:
            text += f"; clamped into its window {_pair(alpha, beta)} (fail-hard), that is {fmt(v)}"
        shown = n.bound if s > 0 or n.bound is None else _FLIP[n.bound]
        if shown == Bound.LOWER:
            text += f", and {fmt(v)} is only a lower bound: {me}'s true value is at least {fmt(v)}"
        elif shown == Bound.UPPER:
            text += f", and {fmt(v)} is only an upper bound: {me}'s true value is at most {fmt(v)}"
        text += "."
        accepted = self.accepted(nid)
        if accepted is not None and shown in (Bound.LOWER, Bound.UPPER):
            kind = "lower" if shown == Bound.LOWER else "upper"
            edge = f"β = {fmt(beta)}" if shown == Bound.LOWER else f"α = {fmt(alpha)}"
            text += (
                f" Any value from {fmt(accepted[0])} to {fmt(accepted[1])} is an equally valid {kind} bound "
                f"(a fail-hard search returns {edge})."
            )
        return text

    def sign_minimax(self, nid: int) -> int:
        return sign(self.trace, nid, "minimax")

    def _value(self, nid: int) -> float:
        v = self.trace.nodes[nid].value
        assert v is not None
        return v

    def explain_window(self, nid: int) -> str:
        t = self.trace
        n = t.nodes[nid]
        me = self.name(nid)
        got = self.window(nid, n.alpha, n.beta)
        says = f"{me} gets {_pair(*got)}"
        parent = t.nodes[n.parent]
        pname = self.name(parent.id)
        if self._replay is None:
            self._replay = Replay(t)
        state = self._replay.state_at(n.enter_step).nodes.get(parent.id)
        if state is None or state.alpha is None or state.beta is None:
            return says + "."
        pa, pb = state.alpha, state.beta
        if (n.alpha, n.beta) != (-pb, -pa):
            return says + "."  # not the plain negamax rule (a null window, or a student's own)
        shown = self.window(parent.id, pa, pb)
        if self.perspective == "negamax":
            if (pa, pb) == (parent.alpha, parent.beta):
                return f"{says} because {pname}'s window {_pair(pa, pb)} is negated and swapped."
            # "Window" is the one a node is entered with; a bound that moved since is said so.
            story = window_story(pname, (parent.alpha, parent.beta), (pa, pb))
            how = " by its best child so far" if pb == parent.beta else ""
            return f"{says}: {story}{how}, and (−β, −α) = {_pair(*got)}."
        text = f"{says}: in minimax the window is passed down unchanged, and {pname}'s window is {_pair(*shown)} when it tries {me}"
        entered = self.window(parent.id, parent.alpha, parent.beta)
        if shown != entered:
            if self.sign(parent.id) > 0:
                text += f" (its α was raised from {fmt(entered[0])} by its best child so far)"
            else:
                text += f" (its β was lowered from {fmt(entered[1])} by its best child so far)"
        return text + "."

    def table_hit(self, ev: Any) -> dict[str, Any]:
        """A table hit at ``ev`` (a TT_PROBE that found an entry), as a question: the entry
        and the window in this view, what the node returns (None: the search goes on),
        the step that shows it and why."""
        t = self.trace
        n = t.nodes[ev.node]
        me = self.name(ev.node)
        s = self.sign(ev.node)
        bound = ev.bound if s > 0 else {Bound.EXACT: Bound.EXACT, Bound.LOWER: Bound.UPPER,
                                         Bound.UPPER: Bound.LOWER}[ev.bound]
        v = s * ev.value
        kind = {Bound.EXACT: "an exact value", Bound.LOWER: "a lower bound", Bound.UPPER: "an upper bound"}[bound]
        alpha, beta = self.window(ev.node, n.alpha, n.beta)
        entry = f"{kind}, {fmt(v)}"
        if ev.ended:
            assert n.value is not None
            value: float | None = _num(s * n.value)
            if bound == Bound.EXACT:
                why = f"{me} stops: the table holds its exact value, {fmt(v)}, from a search as deep, so it returns {fmt(value)}."
            elif bound == Bound.LOWER:
                why = f"{me} stops: the table says it is worth at least {fmt(v)}, and {fmt(v)} ≥ β = {fmt(beta)}: it fails high at once and returns {fmt(value)}."
            else:
                why = f"{me} stops: the table says it is worth at most {fmt(v)}, and {fmt(v)} ≤ α = {fmt(alpha)}: it fails low at once and returns {fmt(value)}."
        else:
            value = None
            edge = "α" if bound == Bound.LOWER else "β"
            why = (f"{me} searches on: the table's {kind[kind.index(' ') + 1:]} {fmt(v)} does not settle it in its window "
                   f"({fmt(alpha)}, {fmt(beta)}); it only moves {edge}.")
        return {"entry": entry, "window": (alpha, beta), "value": value, "step": ev.step + 1, "why": why}

    def explain_searched(self, nid: int) -> str:
        """Why child ``nid`` is searched, for a student who cut it: its parent's best so
        far when it comes to ``nid`` has not reached β (in the minimax view of a MIN node:
        has not got down to α)."""
        t = self.trace
        n = t.nodes[nid]
        me = self.child_name(nid)
        parent = t.nodes[n.parent]
        up = self.name(n.parent)
        k = parent.children.index(nid)
        if k == 0:
            return f"{me} is searched: it is {up}'s first move, and a node always tries its first move."
        s = self.sign(n.parent)
        best = s * max(-self._value(c) for c in parent.children[:k])
        alpha, beta = self.window(n.parent, parent.alpha, parent.beta)
        if s > 0:
            test = f"{up}'s best so far is {fmt(best)}, below β = {fmt(beta)}"
        else:
            test = f"{up} can hold the first player to {fmt(best)} so far, above α = {fmt(alpha)}"
        return f"{me} is searched: when {up} comes to it, {test}, so {up} goes on."

    def explain_pruned(self, nid: int) -> str:
        t = self.trace
        n = t.nodes[nid]
        me = self.name(nid)
        skipped = self.skipped_names(n)
        s = self.sign(nid)
        if not skipped:
            if n.cutoff is None and math.isinf(n.beta) and n.beta > 0:
                edge = "its β is ∞, and no value can reach it" if s > 0 else "its α is −∞, and no value can get below it"
                return f"none: every child of {me} is visited, as {edge}."
            return f"none: every child of {me} is visited: no child's value got past its window before the last one."
        lost = _and(list(skipped))
        verb = "is" if len(skipped) == 1 else "are"
        last = self.child_name(n.children[-1])
        if n.cutoff == CutReason.WIN:
            return f"{lost} {verb} never visited: after {last}, {me} has found a win, and nothing can beat it."
        best = s * max(-self._value(c) for c in n.children)
        alpha, beta = self.window(nid, n.alpha, n.beta)
        if s > 0:
            test = f"{me}'s value so far is {fmt(best)} ≥ β = {fmt(beta)}"
        else:
            test = f"{me} can hold the first player to {fmt(best)} ≤ α = {fmt(alpha)}"
        return (
            f"{lost} {verb} never visited: after {last}, {test}, so {me} stops: "
            f"the opponent already has a better choice than {me}."
        )


def _num(x: float) -> float:
    """Whole numbers as ints, so answers read as the game gave them."""
    return int(x) if math.isfinite(x) and float(x).is_integer() else x


def _pair(a: float, b: float) -> str:
    return f"({fmt(a)}, {fmt(b)})"


def _and(names: list[str]) -> str:
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
