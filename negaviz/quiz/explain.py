"""What a question's answer is and why, in words: the explanations a question's
feedback and the answer key give, read from the trace (nothing is searched again).

:class:`Explainer` knows one trace in one view (negamax, or minimax for the first
player): how a node's value and window read in it, and why each is what it is.
:class:`negaviz.quiz.questions._Maker` builds the questions on it, and
:mod:`negaviz.quiz.grading` the answer key.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from negaviz.analysis.steps import opts_cut, outcome_probability, sign
from negaviz.conventions import current
from negaviz.games.protocol import restore
from negaviz.search.events import Bound, CutReason, EventKind
from negaviz.trace.replay import Replay
from negaviz.trace.trace import Ending, Node, Trace
from negaviz.vocabulary import Perspective, fmt, probability_text, window_story

__all__: list[str] = []  # used by negaviz.quiz's questions and key

_FLIP = {Bound.EXACT: Bound.EXACT, Bound.LOWER: Bound.UPPER, Bound.UPPER: Bound.LOWER}


class Explainer:
    """Builds questions and their explanations for one trace and perspective."""

    def __init__(self, trace: Trace, perspective: Perspective) -> None:
        self.trace = trace
        self.perspective = perspective
        self.game = trace.game
        self._replay: Replay | None = None
        self.fail_hard = bool(trace.result is not None and trace.result.options.fail_hard)
        self.strict = opts_cut(trace) == ">"
        """Whether the search stops a node only once its value passes β (Berkeley CS188's rule)."""
        self.ge, self.le = (">", "<") if self.strict else ("≥", "≤")
        self.algorithm = trace.result.options.algorithm if trace.result is not None else ""
        self.windowless = self.algorithm == "expectimax"
        """Whether the search is expectimax, with no window: every move and outcome is searched
        (plain negamax's sentences speak of its infinite window, as they did before chance)."""

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


    # --- why -------------------------------------------------------------------------------
    def accepted(self, nid: int) -> tuple[float, float] | None:
        """The two bounds a value question about ``nid`` accepts, lowest first (fail-hard's
        and fail-soft's: see the module), or None where one alone is right."""
        n = self.trace.nodes[nid]
        if (n.value is None or n.bound not in (Bound.LOWER, Bound.UPPER) or current().hardness != "either"
                or n.chance is not None):  # Star1's bound at a chance node is its own, not fail-hard's β
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
        if n.chance is not None:
            return self._explain_chance(nid, returns, v)
        # Each child's value as seen from here: negated (where the turn passes), then shown in the perspective.
        seen = [(self.child_name(c), s * self._up(c)) for c in n.children]
        best = max(v_ for _, v_ in seen) if s > 0 else min(v_ for _, v_ in seen)
        listing = ", ".join(f"{name}: {fmt(x)}" for name, x in seen)
        if minimax:
            role = "MAX node (the first player moves): it takes the largest" if s > 0 else (
                "MIN node (the second player moves): it takes the smallest")
            text = f"{returns}: it is a {role} of its children's values, {listing}"
        elif all(t.turn_passes(c) for c in n.children):
            text = f"{returns}: negating what its children return gives {listing}"
        else:  # a side moving twice: a child where it moves again is taken as it is
            again = _and([self.child_name(c) for c in n.children if not t.turn_passes(c)])
            text = (f"{returns}: taking what its children return, as it is where {me}'s side moves again ({again}) "
                    f"and negated elsewhere, gives {listing}")
        if not minimax and len(seen) > 1:
            text += f"; the largest is {fmt(best)}"
        alpha, beta = self.window(nid, n.alpha, n.beta)
        if n.cutoff == CutReason.WIN and n.skipped:
            text += f"; {fmt(best)} is a win that nothing can beat, so {me} stops there"
        elif n.bound == Bound.LOWER:  # failed high (seen from the side to move)
            text += "; " + (f"{fmt(best)} {self.ge} β = {fmt(beta)}" if s > 0 else f"{fmt(best)} {self.le} α = {fmt(alpha)}")
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
            edge = f"β = {fmt(beta)}" if shown == Bound.LOWER else f"α = {fmt(alpha)}"
            text += f" A fail-hard search returns {edge} instead: both are right, and nothing between them."
        elif shown in (Bound.LOWER, Bound.UPPER) and not self.fail_hard and current().hardness == "soft":
            edge = f"β = {fmt(beta)}" if shown == Bound.LOWER else f"α = {fmt(alpha)}"
            if (beta if shown == Bound.LOWER else alpha) not in (v, math.inf, -math.inf):
                text += f" (A fail-hard search would return {edge}; this course's alpha-beta is fail-soft.)"
        return text

    def _explain_chance(self, nid: int, returns: str, v: float) -> str:
        """A chance node's value: its outcomes' values (as seen from it) times their
        probabilities, summed; where Star1 stopped it, the bound that let it."""
        n = self.trace.nodes[nid]
        assert n.chance is not None
        s = self.sign(nid)
        turn = -1 if n.chance[2] else 1  # each outcome's value negated where the turn passes
        terms = [f"{outcome_probability(self.trace, c)} × {self.child_name(c)}: {fmt(s * turn * self._value(c))}"
                 for c in n.children]
        shown = n.bound if s > 0 or n.bound is None else _FLIP[n.bound]
        if n.skipped and shown in (Bound.LOWER, Bound.UPPER):
            return (f"{returns}: it is a chance node; after {', '.join(terms)}, {self.chance_cut(nid)}, and {fmt(v)} "
                    f"is only {'a lower' if shown == Bound.LOWER else 'an upper'} bound: {self.name(nid)}'s expected "
                    f"value is at {'least' if shown == Bound.LOWER else 'most'} {fmt(v)}.")
        return f"{returns}: it is a chance node, worth its outcomes' expected value, {' + '.join(terms)}."

    # --- chance nodes under Star1 ---------------------------------------------------------------
    def chance_bounds(self, nid: int) -> tuple[float, float]:
        """The bounds of every outcome's value at chance node ``nid``, in this view."""
        chance = self.trace.nodes[nid].chance
        assert chance is not None
        lo, hi = chance[0], chance[1]
        return (_num(lo), _num(hi)) if self.sign(nid) > 0 else (_num(-hi), _num(-lo))

    def chance_so_far(self, nid: int, k: int) -> tuple[float, Any]:
        """At chance node ``nid``, once its first ``k`` outcomes are searched: the sum of
        their weighted values (in this view) and the probability of the outcomes left (a
        fraction where the game's are)."""
        t = self.trace
        n = t.nodes[nid]
        total: float = 0
        if k:
            last = t.nodes[n.children[k - 1]]
            ev = next(e for e in t.events[last.exit_step:] if e.kind == EventKind.OUTCOME and e.node == nid)
            assert ev.total is not None
            total = self.sign(nid) * ev.total
        searched = {t.move(c) for c in n.children[:k]}
        pairs = list(self.game.outcomes(t.position(nid)) or ()) if self.game is not None else []
        restore(self.game)
        rest: Any = sum((p for o, p in pairs if o not in searched), Fraction(0))
        if isinstance(rest, Fraction) and rest.denominator == 1:
            rest = rest.numerator
        return _num(total), rest

    def chance_cut(self, nid: int) -> str:
        """Why Star1 stops chance node ``nid`` where it does: the outcomes so far and the
        bound on the rest prove its value outside its window (``nid`` has skipped outcomes)."""
        n = self.trace.nodes[nid]
        me = self.name(nid)
        total, rest = self.chance_so_far(nid, len(n.children))
        lo, hi = self.chance_bounds(nid)
        alpha, beta = self.window(nid, n.alpha, n.beta)
        s = self.sign(nid)
        assert n.value is not None
        v = s * n.value
        high = (n.bound == Bound.LOWER) == (s > 0)  # proved at least β (in this view), else at most α
        edge = f"{self.ge} β = {fmt(beta)}" if high else f"{self.le} α = {fmt(alpha)}"
        bound = lo if high else hi
        return (f"its outcomes so far add up to {fmt(total)}, and the outcomes left (probability "
                f"{probability_text(rest)}) are each worth at {'least' if high else 'most'} {fmt(bound)}, so {me} is "
                f"worth at {'least' if high else 'most'} {fmt(total)} + {probability_text(rest)} × {_paren(bound)} = "
                f"{fmt(v)} {edge} whatever they are: its value cannot fall inside its window {_pair(alpha, beta)}, so "
                f"{me} stops there (a cutoff)")

    def sign_minimax(self, nid: int) -> int:
        return sign(self.trace, nid, "minimax")

    def _up(self, nid: int) -> float:
        """Node ``nid``'s value as its parent sees it: negated where the turn passes."""
        return -self._value(nid) if self.trace.turn_passes(nid) else self._value(nid)

    def _value(self, nid: int) -> float:
        v = self.trace.nodes[nid].value
        assert v is not None
        return v

    def root_moves(self, nid: int) -> tuple[str, ...] | None:
        """The moves root ``nid`` may play, as the course's conventions choose among ties
        (:data:`negaviz.conventions.RootMove`): children whose value, as the root sees it,
        is its exact value and is itself exact (a child that only shows a bound equal to
        it may be worse); None where the root's value is only a bound."""
        n = self.trace.nodes[nid]
        if n.value is None or n.bound != Bound.EXACT or not n.children:
            return None
        best = [c for c in n.children
                if self.trace.nodes[c].bound == Bound.EXACT and self._up(c) == n.value]
        if not best:
            return None
        chosen = best[:1] if current().root_move == "first" else best
        return tuple(self.child_name(c) for c in chosen)

    def explain_move(self, nid: int) -> str:
        """Why root ``nid`` plays its move: the best exact value, and the trap of a child
        that ties it only as a bound (a fail-hard search makes many)."""
        n = self.trace.nodes[nid]
        moves = self.root_moves(nid)
        assert moves is not None and n.value is not None
        s = self.sign(nid)
        me = self.name(nid)
        seen = [(c, s * self._up(c)) for c in n.children]
        listing = ", ".join(f"{self.child_name(c)}: {fmt(v)}" for c, v in seen)
        text = f"{me} plays {_or(list(moves))}: of {listing}, the best for {me} is {fmt(s * n.value)}"
        exact = [c for c in n.children if self.trace.nodes[c].bound == Bound.EXACT and self._up(c) == n.value]
        if len(exact) > 1:
            text += (f", which {_and([self.child_name(c) for c in exact])} reach; "
                     + ("this course plays the first of them, as max() takes it" if len(moves) == 1
                        else "this course accepts any of them"))
        ties = [c for c in n.children if self._up(c) == n.value]
        if self.trace.nodes[ties[-1]].bound != Bound.EXACT:  # the last to show the best is only a bound: the trap
            ties = [c for c in ties if self.trace.nodes[c].bound != Bound.EXACT]
            names = _and([self.child_name(c) for c in ties])
            limit = "at most" if s > 0 else "at least"
            why = "a fail-hard search returns the window's edge there" if self.fail_hard else "it was cut off"
            text += (f"; {names} also show{'s' if len(ties) == 1 else ''} {fmt(s * n.value)}, but only as a bound "
                     f"({limit} that: {why}), so a loop that keeps a move whose value is ≥ the best so far plays "
                     f"{self.child_name(ties[-1])}, which may be worse")
        return text + "."

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
        passes = t.turn_passes(nid)
        if (n.alpha, n.beta) != ((-pb, -pa) if passes else (pa, pb)):
            return says + "."  # not the plain negamax rule (a null window, or a student's own)
        shown = self.window(parent.id, pa, pb)
        if self.perspective == "negamax" and not passes:
            return (f"{says} because {pname}'s side moves again at {me}: {pname}'s window {_pair(pa, pb)} is passed "
                    "on unchanged, neither negated nor swapped.")
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
        what = "outcome" if parent.chance is not None else "move"
        if k == 0:
            return f"{me} is searched: it is {up}'s first {what}, and a node always tries its first {what}."
        if self.windowless:
            return f"{me} is searched: {self.algorithm} cuts nothing, so {up} tries every {what}."
        if parent.chance is not None:
            total, rest = self.chance_so_far(parent.id, k)
            lo, hi = self.chance_bounds(parent.id)
            alpha, beta = self.window(parent.id, parent.alpha, parent.beta)
            return (f"{me} is searched: when {up} comes to it, its outcomes so far add up to {fmt(total)} and the "
                    f"outcomes left (probability {probability_text(rest)}) could each be worth anything from "
                    f"{fmt(lo)} to {fmt(hi)}, so {up}'s value could still fall inside its window {_pair(alpha, beta)}, "
                    f"and {up} goes on.")
        s = self.sign(n.parent)
        best = s * max(self._up(c) for c in parent.children[:k])
        alpha, beta = self.window(n.parent, parent.alpha, parent.beta)
        if s > 0:
            below = "not past" if self.strict and best == beta else "below"
            test = f"{up}'s best so far is {fmt(best)}, {below} β = {fmt(beta)}"
        else:
            above = "not below" if self.strict and best == alpha else "above"
            test = f"{up} can hold the first player to {fmt(best)} so far, {above} α = {fmt(alpha)}"
        if self.strict and best == (beta if s > 0 else alpha):
            test += " (in this course only a value past it stops a node)"
        return f"{me} is searched: when {up} comes to it, {test}, so {up} goes on."

    def explain_pruned(self, nid: int) -> str:
        t = self.trace
        n = t.nodes[nid]
        me = self.name(nid)
        skipped = self.skipped_names(n)
        s = self.sign(nid)
        if not skipped and n.chance is not None:
            if self.windowless:
                return f"none: {self.algorithm} cuts nothing, so every outcome of {me} is searched."
            return (f"none: every outcome of {me} is searched: until the last one, the outcomes left could still bring "
                    f"its value inside its window {_pair(*self.window(nid, n.alpha, n.beta))}.")
        if not skipped and self.windowless:
            return f"none: {self.algorithm} cuts nothing, so every move of {me} is tried."
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
        if n.chance is not None:
            return f"{lost} {verb} never searched: after {last}, {self.chance_cut(nid)}."
        best = s * max(self._up(c) for c in n.children)
        alpha, beta = self.window(nid, n.alpha, n.beta)
        if s > 0:
            test = f"{me}'s value so far is {fmt(best)} {self.ge} β = {fmt(beta)}"
        else:
            test = f"{me} can hold the first player to {fmt(best)} {self.le} α = {fmt(alpha)}"
        if n.parent >= 0 and t.nodes[n.parent].chance is not None:  # its window is Star1's, not an opponent's
            up = self.name(n.parent)
            return (f"{lost} {verb} never visited: after {last}, {test}, so {me} stops: Star1 searched {me} with the "
                    f"window in which its value could still bring {up}'s expected value inside {up}'s window, and "
                    f"{me}'s value is already past it.")
        return (
            f"{lost} {verb} never visited: after {last}, {test}, so {me} stops: "
            f"the opponent already has a better choice than {me}."
        )


def _num(x: float) -> float:
    """Whole numbers as ints, so answers read as the game gave them."""
    return int(x) if math.isfinite(x) and float(x).is_integer() else x


def _paren(x: float) -> str:
    """A number as a factor: in brackets when negative (``1/4 × (−10)``)."""
    return f"({fmt(x)})" if x < 0 else fmt(x)


def _pair(a: float, b: float) -> str:
    return f"({fmt(a)}, {fmt(b)})"


def _or(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _and(names: list[str]) -> str:
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
