"""What the stepper shows at step k, as pure functions of a trace.

Everything a stepping widget displays beside the tree lives here, computed from the
trace alone: one sentence saying what just happened, the call-stack frames, the
pseudocode line, and the counters so far.  Widgets only show these values, so they
are tested without a browser.  Values are written by :func:`negaviz.vocabulary.fmt`,
as every other layer writes them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from negaviz.analysis.pseudocode import line_of, listing_for
from negaviz.errors import InputError
from negaviz.games.protocol import player
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.trace.replay import Replay, State
from negaviz.trace.timeline import RETURNS, Code, Counters, timeline_of
from negaviz.trace.trace import Ending, Event, Trace, check_trace
from negaviz.search.options import PRUNING
from negaviz.vocabulary import PERSPECTIVES, Perspective, check_perspective, fmt, probability_text, window_text

_K = EventKind
__all__ = ["Stepper", "fmt"]


def windowed(trace: Trace) -> bool:
    """Whether ``trace``'s search has windows (alpha-beta and what builds on it).

    Plain negamax (and minimax) has none: what the stepper says of it speaks of values
    only, so a student meets α and β where alpha-beta brings them in.  A trace without
    its options is taken as windowed (it shows what was recorded).
    """
    if trace.result is None:
        return True
    return trace.result.options.algorithm in PRUNING or trace.result.options.algorithm == "star1"


def first_player(trace: Trace) -> int:
    """0 if the first player moves at the root."""
    if trace.result is not None:
        return trace.result.first_player
    return player(trace.game, trace.root) if trace.root is not None else 0


def sign(trace: Trace, nid: int, perspective: Perspective) -> int:
    """Multiply a node's negamax value by this to show it in ``perspective``.

    The minimax view gives values for the first player: negamax values are negated
    where the second player is to move, i.e. at odd depth below a first-player root (a
    chance node's outcomes that keep the turn keep the side: :meth:`Trace.side`).
    """
    if check_perspective(perspective) == "negamax":
        return 1
    return -1 if (first_player(trace) + trace.side(nid)) % 2 else 1


@dataclass(frozen=True)
class Frame:
    """One call on the stack."""

    node: int
    name: str
    depth: int
    alpha: float | None
    beta: float | None
    best: float | None
    trying: str
    """The move being searched below this frame ('' for the current node)."""


@dataclass(frozen=True)
class StepView:
    """Everything the stepper shows beside the tree at one step."""

    step: int
    total: int
    sentence: str
    frames: tuple[Frame, ...]
    listing: str
    line: int | None
    counters: Counters
    state: State


class Stepper:
    """Pure step logic over one trace: ``view(k)`` for any step k in 0..len(trace)."""

    def __init__(self, trace: Trace, *, perspective: Perspective = "negamax") -> None:
        check_trace(trace)
        check_perspective(perspective)
        self.trace = trace
        self.perspective = perspective
        self.replay = Replay(trace)
        opts = trace.result.options if trace.result is not None else None
        self.listing = listing_for(opts.algorithm if opts else "alphabeta", bool(opts and opts.tt),
                                   fail_hard=bool(opts and opts.fail_hard), cut=opts_cut(trace))
        self.windowed = windowed(trace)
        self._timeline = timeline_of(trace)

    def __len__(self) -> int:
        return len(self.trace)

    def view(self, step: int) -> StepView:
        state = self.replay.state_at(step)
        ev = state.last
        exit_of_hit = bool(ev and ev.kind == _K.EXIT and self.trace.nodes[ev.node].ending == Ending.TT)
        return StepView(
            step=step,
            total=len(self.trace),
            sentence=self.sentence(ev),
            frames=self._frames(state),
            listing=self.listing,
            line=line_of(self.listing, ev, exit_of_tt_hit=exit_of_hit,
                         chance=bool(ev and self.trace.nodes[ev.node].chance is not None)),
            counters=self.counters(step),
            state=state,
        )

    # --- parts ----------------------------------------------------------------------
    def counters(self, step: int) -> Counters:
        """Nodes entered and leaves, cutoffs and table hits reported in the first ``step`` events."""
        return self._timeline.counters(step)

    def _v(self, nid: int, x: float | None) -> str:
        if x is None:
            return fmt(None)
        return fmt(sign(self.trace, nid, self.perspective) * x)

    def _window(self, nid: int, alpha: float | None, beta: float | None) -> str:
        if alpha is None or beta is None:
            return "(–, –)"
        if sign(self.trace, nid, self.perspective) < 0:  # the minimax view flips the window too
            alpha, beta = -beta, -alpha
        return window_text(alpha, beta)

    def _frames(self, state: State) -> tuple[Frame, ...]:
        frames = []
        for i, nid in enumerate(state.stack):
            ns = state.nodes[nid]
            above = state.stack[i + 1] if i + 1 < len(state.stack) else None
            frames.append(Frame(
                node=nid, name=self.trace.names.short(nid), depth=self.trace.nodes[nid].depth,
                alpha=ns.alpha, beta=ns.beta, best=ns.best,
                trying="" if above is None else self.trace.names.move(above),
            ))
        return tuple(frames)

    def sentence(self, ev: Event | None) -> str:
        """One sentence saying what the event did, in the stepper's perspective."""
        if ev is None:
            return "Nothing has happened yet: the search is about to enter the root."
        t = self.trace
        me = t.names.short(ev.node)
        node = t.nodes[ev.node]
        k = ev.kind
        if k == _K.ENTER:
            where = "Start at" if node.parent < 0 else "Enter"
            if not self.windowed:
                return f"{where} {me}."
            return f"{where} {me} with window (α, β) = {self._window(ev.node, ev.alpha, ev.beta)}."
        if k == _K.LEAF:
            return f"{me} is a leaf: its value is {self._v(ev.node, ev.value)}."
        if k == _K.EVAL:
            return f"{me} is at the depth limit: its evaluation is {self._v(ev.node, ev.value)}."
        if k == _K.CHANCE:
            bounds = ""
            if ev.alpha is not None and ev.beta is not None and not math.isinf(ev.alpha):
                lo, hi = sorted((self._v(ev.node, ev.alpha), self._v(ev.node, ev.beta)), key=_number)
                bounds = f"; every outcome is worth between {lo} and {hi}"
            return f"{me} is a chance node: its value is the expected value of its outcomes{bounds}."
        if k == _K.OUTCOME:
            child = t.names.short(ev.child) if ev.child is not None else "the outcome"
            p = outcome_probability(t, ev.child) if ev.child is not None else "?"
            got = f"{me} gets {self._v(ev.node, ev.value)} from {child}"
            if self.perspective == "negamax" and node.chance is not None and node.chance[2]:
                got += " (its value negated)"
            return f"{got}, with probability {p}: the sum so far is {self._v(ev.node, ev.total)}."
        if k in (_K.CHILD, _K.BEST):
            child = t.names.short(ev.child) if ev.child is not None else "the child"
            got = f"{me} gets {self._v(ev.node, ev.value)} from {child}"
            if self.perspective == "negamax":
                passes = ev.child is None or t.turn_passes(ev.child)
                got += " (its value negated)" if passes else f" (its value as it is: {me}'s side moves again there)"
            if k == _K.CHILD:
                return got + ": no better than the best so far."
            alpha = f"; α is now {self._v(ev.node, ev.alpha)}" if self.perspective == "negamax" and self.windowed else ""
            return got + f": a new best{alpha}."
        if k == _K.CUTOFF:
            skipped = list(t.names.skipped(ev.node))
            lost = _and(skipped)
            verb = "is" if len(skipped) == 1 else "are"
            if ev.reason == CutReason.WIN:
                return f"{me} has found a win: nothing can beat it, so {lost} {verb} never visited."
            if ev.reason in (CutReason.HIGH, CutReason.LOW):
                return self._chance_cut(ev, me, lost, verb)
            st = self.replay.state_at(ev.step + 1).nodes[ev.node]
            strict = opts_cut(t) == ">"
            if sign(t, ev.node, self.perspective) < 0:  # a min node in the minimax view
                test = f"value {self._v(ev.node, st.best)} {'<' if strict else '≤'} α = {self._v(ev.node, st.beta)}"
            else:
                test = f"value {fmt(st.best)} {'>' if strict else '≥'} β = {fmt(st.beta)}"
            return f"{me}: {test}, so the opponent will never let the game reach {me}: cutoff, {lost} {verb} never visited."
        if k == _K.TT_PROBE:
            if ev.bound is None:
                return f"Table lookup for {me}: nothing usable stored."
            stored = f"stored value {fmt(ev.value)} ({ev.bound.name.lower()})"
            if ev.ended:
                return f"Table lookup for {me}: {stored} settles it; {me} returns at once."
            side = "α" if ev.bound == Bound.LOWER else "β"
            return f"Table lookup for {me}: {stored} narrows {side}."
        if k == _K.TT_STORE:
            kind = "exact value" if ev.bound == Bound.EXACT else f"{ev.bound.name.lower()} bound" if ev.bound is not None else "value"
            return f"Store {me} in the table: {fmt(ev.value)}, an {kind}." if kind[0] in "eu" else f"Store {me} in the table: {fmt(ev.value)}, a {kind}."
        if k == _K.RESEARCH:
            child = t.names.short(ev.child) if ev.child is not None else "the child"
            return f"The null-window search of {child} failed high ({fmt(ev.value)}): search it again with the full window."
        # EXIT
        what = {Bound.EXACT: "exact", Bound.LOWER: "a lower bound: it failed high", Bound.UPPER: "an upper bound: it failed low"}
        shown = ev.bound
        if shown is not None and shown != Bound.EXACT and sign(t, ev.node, self.perspective) < 0:
            # Negating a value for the minimax view turns a lower bound into an upper one.
            shown = Bound.UPPER if shown == Bound.LOWER else Bound.LOWER
        if node.chance is not None:
            if shown in (Bound.LOWER, Bound.UPPER):
                return (f"{me} returns {self._v(ev.node, ev.value)}, {'a lower' if shown == Bound.LOWER else 'an upper'} "
                        "bound: its expected value is at " + ("least" if shown == Bound.LOWER else "most") + " that.")
            return f"{me} returns its expected value, {self._v(ev.node, ev.value)}."
        bound = what[shown] if shown is not None else "exact"
        if self.perspective == "minimax" and shown in (Bound.LOWER, Bound.UPPER):
            bound = "a lower bound: it is worth at least that" if shown == Bound.LOWER else "an upper bound: it is worth at most that"
        return f"{me} returns {self._v(ev.node, ev.value)} ({bound})."


    def _chance_cut(self, ev: Event, me: str, lost: str, verb: str) -> str:
        """A chance node's cut (star1): the outcomes so far and the bound on the rest."""
        node = self.trace.nodes[ev.node]
        st = self.replay.state_at(ev.step + 1).nodes[ev.node]
        assert node.chance is not None
        high = ev.reason == CutReason.HIGH
        limit = node.chance[0] if high else node.chance[1]
        flipped = sign(self.trace, ev.node, self.perspective) < 0
        at_least = high != flipped
        edge = st.beta if high else st.alpha
        bound_name = ("β" if high else "α") if not flipped else ("α" if high else "β")
        return (f"{me}: even if every outcome left were worth {'only' if at_least else 'as much as'} "
                f"{self._v(ev.node, limit)}, its expected value would be {'at least' if at_least else 'at most'} "
                f"{bound_name} = {self._v(ev.node, edge)}: cutoff, {lost} {verb} never searched.")


def outcome_probability(trace: Trace, nid: int) -> str:
    """The probability of the outcome that led to node ``nid``, as the game gives it (a
    fraction as ``1/6``: given data), else as the trace holds it."""
    node = trace.nodes[nid]
    game = trace.game
    found = getattr(game, "outcomes", None) if game is not None and trace.root is not None else None
    if callable(found) and node.parent >= 0:
        move = trace.move(nid)
        for outcome, p in found(trace.position(node.parent)) or ():
            if outcome == move:
                return probability_text(p)
    return probability_text(node.probability) if node.probability is not None else "?"


def _number(text: str) -> float:
    """A shown value back as a number, to order two of them (−∞, ∞ and a true minus)."""
    text = text.replace("−", "-").replace("∞", "inf")
    return float(text)


def _and(names: list[str]) -> str:
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def opts_cut(trace: Trace) -> str:
    """When ``trace``'s search stops a node: ``">="`` (on reaching β) or ``">"`` (only past it)."""
    result = trace.result
    return ">=" if result is None or not result.options.cut else result.options.cut


Jump = Literal["cutoff", "return", "tt", "end"]
"""What :func:`next_step` jumps to: the next cutoff, return, table hit, or the end."""

JUMP_CODES: dict[Jump, str | frozenset[str]] = {
    "cutoff": Code.CUTOFF, "return": RETURNS, "tt": Code.TT_HIT, "end": "",
}
"""What each jump looks for, as the timeline's event codes (the front-end's jumps too)."""


def next_step(trace: Trace, step: int, kind: Jump) -> int:
    """The step just after the next event of ``kind`` after ``step``
    ('cutoff', 'return', 'tt' (a table hit), 'end'); ``len(trace)`` if there is none."""
    if kind not in JUMP_CODES:
        raise InputError(f"unknown jump: {kind!r} (must be one of {list(JUMP_CODES)})")
    codes = timeline_of(trace).kinds
    found = [k for k in (codes.find(c, step) for c in JUMP_CODES[kind]) if k >= 0]
    return min(found) + 1 if found else len(trace)

