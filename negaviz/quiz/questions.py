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

On a search with chance nodes (expectimax, star1), a chance node's value question asks
its expected value, star1's ``pruned`` question at a chance node asks which outcomes are
never searched given the bounds on their values, and no windows are asked (star1's are
its sums' bounds, not a window passed down).

Where a node's value is only a bound (it failed high or low), fail-soft and fail-hard
searches return different values, and both are right where the course's conventions
accept either (:mod:`negaviz.conventions`, the lecture notes' do): a value question
then accepts the window's edge (what a fail-hard search returns) and the value the
recorded search returned (what a fail-soft search returns), and nothing between, since
no search returns it; :attr:`Question.accepted` holds the two.  When the recorded
search is itself fail-hard, only the edge is right, and the prompt says so.

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
Yes: C returns −3: negating what its children return gives F: −3; −3 ≥ β = −5, so C stops there (a cutoff), and −3 is only a lower bound: C's true value is at least −3. A fail-hard search returns β = −5 instead: both are right, and nothing between them.
>>> qs["value", "C"].accepted, qs["value", "C"].check("-5").correct, qs["value", "C"].check("-4").correct
((-5, -3), True, False)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from negaviz.errors import InputError
from negaviz.quiz.explain import Explainer
from negaviz.quiz.reading import accepts, canonical, canonical_window, fold, parse_labels, parse_value, parse_window
from negaviz.quiz.words import WORDS, fill
from negaviz.search.events import EventKind
from negaviz.trace.trace import Node, Trace, check_trace
from negaviz.vocabulary import Perspective, check_perspective, check_steps, fmt, shown

__all__ = ["questions", "Question"]

QuestionKind = Literal["value", "window", "pruned", "move"]
"""``value``: what a node returns; ``window``: the window a child is entered with;
``pruned``: which moves a cutoff skips; ``move``: which move the root plays (asked
only when chosen: ``kinds=["move"]``)."""

KINDS: tuple[QuestionKind, ...] = get_args(QuestionKind)
_ASKED: tuple[QuestionKind, ...] = ("value", "window", "pruned")
"""The kinds asked when none are chosen."""
Window = tuple[float, float]
Answer = float | Window | tuple[str, ...]
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
    """For a value that is only a bound, where the course accepts both: the two answers
    accepted, lowest first (the window's edge, fail-hard's, and what the recorded
    search returned, fail-soft's; nothing between them); None when only ``answer`` is right."""

    def answer_text(self) -> str:
        """The answer as written in an answer key: ``−3``, ``(5, ∞)``, ``G, H`` or ``none``
        (a root's move: ``B``, or ``B or C`` where the course accepts any of them)."""
        if self.kind == "value":
            assert isinstance(self.answer, (int, float))
            return fmt(self.answer)
        if self.kind == "window":
            lo, hi = cast("tuple[float, float]", self.answer)
            return f"({fmt(lo)}, {fmt(hi)})"
        if self.kind == "move":
            return " or ".join(cast("tuple[str, ...]", self.answer))
        return ", ".join(cast("tuple[str, ...]", self.answer)) or "none"

    def check(self, answer: Any) -> Feedback:
        """Judge ``answer`` (a number, a pair, a list of names, or text for any of them), as
        the grader does: numbers by their canonical forms (:mod:`negaviz.quiz.reading`)."""
        try:
            if self.kind == "value":
                assert isinstance(self.answer, (int, float))
                ends = self.accepted or ()
                correct = accepts(parse_value(answer), [canonical(x) for x in (self.answer, *ends)], None)
            elif self.kind == "window":
                correct = canonical_window(parse_window(answer)) == canonical_window(cast("Window", self.answer))
            elif self.kind == "move":  # one move, any of those the course's rule accepts
                names = parse_labels(answer)
                correct = len(names) == 1 and fold(names[0]) in {fold(a) for a in cast("tuple[str, ...]", self.answer)}
            else:
                names = parse_labels(answer)
                want = {fold(a) for a in cast("tuple[str, ...]", self.answer)}
                correct = {fold(n) for n in names} == want and len(set(names)) == len(names)
        except ValueError as exc:
            return Feedback(False, fill(_W["unread"], error=exc), understood=False)
        return Feedback(correct, (_W["yes"] if correct else _W["no"]) + self.explanation)


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
    algorithm = trace.result.options.algorithm if trace.result is not None else None
    if kinds is None and algorithm in ("expectimax", "star1"):
        # (Star1's windows are its sums' bounds, not a parent's window passed down: not asked)
        kinds = ("value", "pruned") if algorithm == "star1" else ("value",)
    elif kinds is None:
        pruning = any(n.cutoff is not None for n in trace.nodes) or any(
            not (math.isinf(n.alpha) and math.isinf(n.beta)) for n in trace.nodes
        )
        kinds = _ASKED if pruning else ("value",)
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


class _Maker(Explainer):
    """Builds questions (and, for :mod:`negaviz.quiz.grading`, the answer key's parts) for
    one trace and perspective."""

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
        if kind == "move":  # the root's move, once it is entered: known when it returns
            if n.parent >= 0 or n.chance is not None or self.root_moves(n.id) is None:
                return None
            return n.enter_step + 1, n.exit_step + 1
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
            prompt = self.ask("expected" if self.trace.nodes[nid].chance is not None else "value", me)
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
        elif kind == "move":
            prompt = self.ask("move", me)
            answer = self.root_moves(nid) or ()
            explanation = self.explain_move(nid)
        else:
            n = self.trace.nodes[nid]
            chance = self.trace.nodes[nid].chance is not None
            prompt = (self.ask("cut", me) if not chance else fill(_ASK["ask"]["cut_chance"], name=me, bounds=fmt_pair(
                *self.chance_bounds(nid)))) + (_W["cut_hint_chance"] if chance else _W["cut_hint"])
            answer = self.skipped_names(n)
            explanation = self.explain_pruned(nid)
        return Question(step, reveal, kind, nid, prompt, answer, explanation, self.perspective, accepted)

    def ask(self, kind: str, me: str) -> str:
        """The question, in the sentence the page asks it in (words.json's ``steps.ask``)."""
        view = _ASK["view"][self.perspective].get("value" if kind == "expected" else kind, "")
        return fill(_ASK["ask"][kind], name=me, view=view)


def fmt_pair(lo: float, hi: float) -> str:
    """Bounds as the chance prompts write them: ``[0, 10]``."""
    return f"[{fmt(lo)}, {fmt(hi)}]"
