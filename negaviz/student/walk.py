"""The side-by-side walk of :func:`negaviz.student.check`: the student's node tree and the
reference's, by move path, in the order the reference's events happen, up to the first
place they part (a :class:`~negaviz.student.divergence.Divergence` with the sentence that
says what went wrong), and the notes on values that are other valid bounds."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from negaviz.games.protocol import evaluator, key_of, max_score_of, restore
from negaviz.search import search
from negaviz.search.events import Bound, CutReason
from negaviz.student.divergence import Divergence, DivergenceKind
from negaviz.trace.trace import Ending, Node, Trace
from negaviz.vocabulary import fmt, window_story

__all__: list[str] = []

INF = math.inf


def _and(names: list[str]) -> str:
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _window(a: float, b: float) -> str:
    return f"({fmt(a)}, {fmt(b)})"


def _python(v: float) -> str:
    """``v`` as Python source, for advice to paste: ``-math.inf``, ``5`` (not ``5.0``)."""
    if math.isinf(v):
        return "math.inf" if v > 0 else "-math.inf"
    return str(int(v)) if float(v).is_integer() else repr(v)


class Walk:
    """The side-by-side walk over the reference (``ref``) and student (``stu``) trees."""

    def __init__(self, stu: Trace, ref: Trace, *, windows: bool, options: dict[str, Any]) -> None:
        self.stu = stu
        self.ref = ref
        self.windows = windows
        self.depth: int | None = options.get("depth")
        self.options = options
        self.game = stu.game
        self._true: dict[int, float] = {}
        self.differ: list[tuple[int, int]] = []
        """(reference, student) nodes whose values differ but are accepted as bounds."""
        self.at: int | None = None
        """The reference node the divergence found is about."""
        result = ref.result
        self.strict = result is not None and result.options.cut == ">"
        """Whether the reference stops a node only once its value passes β."""

    def beyond_reference(self) -> bool:
        """Whether the divergence found is about a node the reference never finished (a
        node budget stopped it there): what the student's search did is then unknown
        to be wrong."""
        return self.at is not None and self.ref.nodes[self.at].ending == Ending.OPEN

    # --- names ------------------------------------------------------------------------
    def name(self, trace: Trace, nid: int) -> str:
        return trace.names.prose(nid)

    def child_name(self, trace: Trace, nid: int) -> str:
        """A child as its parent sees it: its label in a textbook tree, else its move."""
        return trace.names.child(nid)

    def path(self, trace: Trace, nid: int) -> tuple[str, ...]:
        return trace.names.moves(nid)

    def diverge(
        self, kind: DivergenceKind, trace: Trace, nid: int, expected: Any, got: Any, message: str,
        step: int | None, reference_step: int | None,
    ) -> Divergence:
        message = message[:1].upper() + message[1:]
        # Events are numbered from 0; the stepper shows event k once k + 1 events are applied.
        step = None if step is None else step + 1
        reference_step = None if reference_step is None else reference_step + 1
        return Divergence(kind, self.path(trace, nid), self.name(trace, nid), expected, got, message, step, reference_step)

    # --- the walk ---------------------------------------------------------------------
    def node(self, r: int, s: int) -> Divergence | None:
        """The first divergence at or below reference node ``r`` / student node ``s``."""
        found = self._node(r, s)
        if found is not None and self.at is None:
            self.at = r  # the innermost call that found it: the reference node it is about
        return found

    def _node(self, r: int, s: int) -> Divergence | None:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        if self.windows and (S.alpha, S.beta) != (R.alpha, R.beta):
            return self.wrong_window(r, s)
        if R.ending in (Ending.LEAF, Ending.EVAL):
            if S.children:
                return self.past_leaf(r, s)
            return self.value(r, s)
        if not S.children or R.ending == Ending.TT:
            # The student (or the reference's table) answered without searching: judge the value.
            return self.value(r, s, early=not S.children)
        for k in range(max(len(R.children), len(S.children))):
            if k >= len(S.children):
                return self.stopped_early(r, s, k)
            if k >= len(R.children):
                return self.extra_child(r, s, k)
            rc, sc = R.children[k], S.children[k]
            if self.ref.move(rc) != self.stu.move(sc):  # moves, not indices: move lists may be ordered differently
                return self.wrong_order(r, s, k)
            found = self.node(rc, sc)
            if found is not None:
                return found
        return self.value(r, s)

    # --- each kind --------------------------------------------------------------------
    def wrong_window(self, r: int, s: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        want, got = (R.alpha, R.beta), (S.alpha, S.beta)
        if R.parent < 0 and not got[0] < got[1]:
            message = (
                f"the search started with the window {_window(*got)}, which is no window: alpha must be below "
                f"beta. Call your function with alpha < beta, e.g. ({_python(-INF)}, {_python(INF)}) for the "
                "whole range of values."
            )
        elif R.parent < 0:
            message = (
                f"the search started with the window {_window(*got)}, but the reference starts with "
                f"{_window(*want)}; pass window=({_python(got[0])}, {_python(got[1])}) to check() to compare "
                "from that window."
            )
        else:
            pa, pb = -R.beta, -R.alpha  # the parent's bounds when it called this child
            parent = self.name(self.ref, R.parent)
            P = self.ref.nodes[R.parent]
            # "Window" is the window a node is entered with; a bound that moved since is said so.
            message = (
                f"{me} got the window {_window(*got)}, but it should get {_window(*want)}: "
                f"{window_story(parent, (P.alpha, P.beta), (pa, pb))}, and {me} gets "
                f"(−β, −α) = {_window(*want)}."
            )
            if got == (pa, pb):
                message += " It looks like alpha and beta were passed on unchanged."
            elif got == (-pa, -pb):
                message += " It looks like alpha and beta were negated but not swapped."
            elif got == (pb, pa):
                message += " It looks like alpha and beta were swapped but not negated."
            else:
                SP = self.stu.nodes[S.parent]
                before = [self.stu.nodes[c].value for c in SP.children[: SP.children.index(s)]]
                values = [v for v in before if v is not None]
                if values and -got[1] == max(SP.alpha, max(values)) != max(SP.alpha, max(-v for v in values)):
                    shown = ", ".join(fmt(v) for v in values)
                    message += (
                        f" It looks like {parent} took its children's values without negating them: its α is "
                        f"{fmt(-got[1])}, the largest of what they returned ({shown}), where each is for the opponent."
                    )
                elif got == (-P.beta, -P.alpha):
                    message += (
                        f" It looks like {parent}'s α did not rise to its best value so far "
                        "before this child was called."
                    )
        return self.diverge(DivergenceKind.WRONG_WINDOW, self.ref, r, want, got, message, S.enter_step, R.enter_step)

    def past_leaf(self, r: int, s: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        tried = [self.stu.names.move(c) for c in S.children]
        if R.ending == Ending.LEAF:
            message = (
                f"The game is over at {me} (it scores {fmt(R.value)} for the side to move), but your "
                f"function went on to search its moves ({_and(tried[:3])}{', ...' if len(tried) > 3 else ''}). "
                "Test whether the game is over, including a win by the player who just moved, before trying moves."
            )
        else:
            message = (
                f"{me} is at the depth limit: the reference evaluates it ({fmt(R.value)}), but your function "
                f"searched its moves ({_and(tried[:3])}{', ...' if len(tried) > 3 else ''})."
            )
        step = self.stu.nodes[S.children[0]].enter_step
        return self.diverge(DivergenceKind.PAST_LEAF, self.ref, r, R.value, tuple(tried), message, step, R.exit_step)

    def stopped_early(self, r: int, s: int, k: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        nxt = self.child_name(self.ref, R.children[k])
        last = self.child_name(self.ref, R.children[k - 1])
        best = self.best_before(self.ref, r, k)
        if best == R.beta and self.strict:
            message = (
                f"{me} stopped after {last}, but the reference goes on to {nxt}: the value so far, {fmt(best)}, "
                f"equals β = {fmt(R.beta)}, and this course stops a node only once its value passes β (>), "
                "so it prunes on equality where this course does not."
            )
        else:
            message = (
                f"{me} stopped after {last}, but the reference goes on to {nxt}: the value so far, {fmt(best)}, "
                f"is below β = {fmt(R.beta)}, so the moves left can still matter."
            )
        win = max_score_of(self.game)
        if win is not None and best >= win:
            message += " (To stop at a proven win, pass stop_at_win=True to check().)"
        elif not self.windows and math.isinf(R.beta):
            message += (
                " (If your function is alpha-beta, record it with alpha= and beta= naming its window "
                "parameters, so that it is compared with alpha-beta, not plain negamax.)"
            )
        expected = self.names(self.ref, R)
        got = self.names(self.stu, S)
        return self.diverge(DivergenceKind.STOPPED_EARLY, self.ref, r, expected, got, message, S.exit_step, self.ref.nodes[R.children[k]].enter_step)

    def extra_child(self, r: int, s: int, k: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        extra = S.children[k]
        me = self.name(self.ref, r)
        other = self.name(self.stu, extra)
        move = self.child_name(self.stu, extra)
        best = self.best_before(self.ref, r, k)
        expected = self.names(self.ref, R)
        got = self.names(self.stu, S)
        step = self.stu.nodes[extra].enter_step
        ref_step = R.exit_step
        if R.cutoff is None:  # the reference tried every move: the student called one twice
            message = f"{me} searched {move} a second time: each move needs searching once."
            return self.diverge(DivergenceKind.PRUNED_VISITED, self.stu, extra, expected, got, message, step, ref_step)
        if R.cutoff == CutReason.WIN:
            message = (
                f"{other} should never have been visited: {me} has already found a win ({fmt(best)}), "
                "which nothing can beat."
            )
            return self.diverge(DivergenceKind.PRUNED_VISITED, self.stu, extra, expected, got, message, step, ref_step)
        if self.windows:
            rule = ">" if self.strict else "≥"
            message = (
                f"At {me} the value so far is {fmt(best)} {rule} β = {fmt(R.beta)}, so the moves left cannot change "
                f"the result, but your function went on to try {move}."
            )
            return self.diverge(DivergenceKind.MISSED_CUTOFF, self.ref, r, expected, got, message, step, ref_step)
        message = (
            f"{other} should never have been visited: at {me} the value so far, {fmt(best)}, already "
            f"{'passes' if self.strict else 'reaches'} "
            f"β = {fmt(R.beta)}, so the opponent will never let the game reach {me} and the reference stops before {move}."
        )
        return self.diverge(DivergenceKind.PRUNED_VISITED, self.stu, extra, expected, got, message, step, ref_step)

    def wrong_order(self, r: int, s: int, k: int) -> Divergence:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        me = self.name(self.ref, r)
        want = self.child_name(self.ref, R.children[k])
        got = self.child_name(self.stu, S.children[k])
        assert R.moves is not None
        order = [self.move_label(r, m) for m in R.moves]
        message = f"{me} searched {got} where the reference searches {want}: it tries the moves in the order {_and(order)}."
        chosen = self.options.get("order", "natural")
        message += (
            f" check() was asked for order={chosen!r}; any move order is correct, so leave out order= to "
            "compare with the reference searched in your own order."
        )
        return self.diverge(
            DivergenceKind.WRONG_ORDER, self.ref, r, self.names(self.ref, R), self.names(self.stu, S), message,
            self.stu.nodes[S.children[k]].enter_step, self.ref.nodes[R.children[k]].enter_step,
        )

    def value(self, r: int, s: int, *, early: bool = False) -> Divergence | None:
        R, S = self.ref.nodes[r], self.stu.nodes[s]
        rv, sv = R.value, S.value
        me = self.name(self.ref, r)
        if sv is None:
            message = f"{me} never returned: the function stopped (with an exception?) before it did."
            return self.diverge(DivergenceKind.WRONG_VALUE, self.ref, r, rv, None, message, None, R.exit_step)
        if rv is None or sv == rv:
            return None
        if self.acceptable(r, sv):
            self.differ.append((r, s))
            return None
        if R.ending == Ending.LEAF:
            message = f"{me} is a leaf: the game is over and scores {fmt(rv)} for the side to move, but your function returned {fmt(sv)}."
            if sv == -rv:
                message += " That is the score for the other player: at a leaf, return the score for the side to move."
        elif R.ending == Ending.EVAL:
            message = f"{me} is at the depth limit: its evaluation for the side to move is {fmt(rv)}, but your function returned {fmt(sv)}."
            if sv == -rv:
                message += " That is the evaluation for the other player: evaluate for the side to move."
        elif early:
            message = f"{me} returned {fmt(sv)} without trying its moves, but the reference searches them and returns {fmt(rv)}."
            message += self.bound_note(r)
            if self.seen_before(s):
                message += (
                    " It was reached before by another path: a value remembered from an earlier search "
                    "is only valid with the bound (exact, lower or upper) it was found with."
                )
            elif S.ending == Ending.EVAL and self.depth is None:
                if evaluator(self.game) is not None:
                    message += " If your search stops at a depth limit, pass depth= to check()."
                else:
                    message += (
                        f" If your search stops at a depth limit, check() can compare it only with a game that has "
                        f"evaluate() ({type(self.game).__name__} has none; e.g. MutableGame(obj, evaluate=fn)), "
                        "and depth= passed to check()."
                    )
        else:
            message = f"{me} returned {fmt(sv)}, but the reference returns {fmt(rv)}."
            message += self.bound_note(r)
            kids = [self.stu.nodes[c].value for c in S.children]
            values = [v for v in kids if v is not None]
            if values and sv == max(values) and sv != max(-v for v in values):
                shown = ", ".join(fmt(v) for v in values)
                message += (
                    f" Its children returned {shown}: each is for the opponent, so negate it before taking "
                    "the largest."
                )
        return self.diverge(DivergenceKind.WRONG_VALUE, self.ref, r, rv, sv, message, S.exit_step, R.exit_step)

    # --- helpers ----------------------------------------------------------------------
    def acceptable(self, r: int, v: float) -> bool:
        """Whether ``v`` is as good a result as the reference's at node ``r`` (see the module)."""
        R = self.ref.nodes[r]
        if R.ending in (Ending.LEAF, Ending.EVAL) and self.windows and R.value is not None:
            # A leaf's score outside its window may come back clamped into it (fail-hard
            # code that clamps every return, leaves included): an equally valid bound.
            if R.value >= R.beta:
                return R.beta <= v <= R.value
            return R.value <= v <= R.alpha
        if R.bound is None or R.bound == Bound.EXACT:
            return False
        true = self.true_value(r)
        if R.bound == Bound.LOWER:
            return R.beta <= v <= true
        return true <= v <= R.alpha

    def true_value(self, r: int) -> float:
        """The node's minimax value (to the same depth limit), searched once when needed."""
        if r not in self._true:
            R = self.ref.nodes[r]
            depth = None if self.depth is None else max(self.depth - R.depth, 0)
            pos = self.ref.position(r)
            value = search(self.game, pos, algorithm="alphabeta", depth=depth).value
            assert value is not None
            self._true[r] = value
        return self._true[r]

    def bound_note(self, r: int) -> str:
        R = self.ref.nodes[r]
        if R.bound not in (Bound.LOWER, Bound.UPPER):
            return ""
        true = self.true_value(r)
        if R.bound == Bound.LOWER:
            why = f"(That value is a lower bound, as {fmt(R.value)} ≥ β = {fmt(R.beta)}"
            lo, hi = R.beta, true
        else:
            why = f"(That value is an upper bound, as {fmt(R.value)} ≤ α = {fmt(R.alpha)}"
            lo, hi = true, R.alpha
        if lo == hi:
            return f" {why}; here only {fmt(lo)} will do.)"
        return f" {why}: any value from {fmt(lo)} up to {fmt(hi)} would do.)"

    def best_before(self, trace: Trace, nid: int, k: int) -> float:
        """The best (negated) value of the first ``k`` children of ``nid``."""
        values = [trace.nodes[c].value for c in trace.nodes[nid].children[:k]]
        return max((-v for v in values if v is not None), default=-INF)

    def names(self, trace: Trace, node: Node) -> tuple[str, ...]:
        return tuple(trace.names.move(c) for c in node.children)

    def move_label(self, r: int, move: Any) -> str:
        return self.ref.names.child_of(r, move)

    def seen_before(self, s: int) -> bool:
        """Whether the student's node ``s`` stands at a position searched earlier."""
        stu = self.stu
        keys: dict[Hashable, int] = {}
        for n in stu.nodes[:s]:
            keys.setdefault(key_of(self.game, stu.position(n.id)), n.id)
        found = key_of(self.game, stu.position(s)) in keys
        restore(self.game)
        return found
