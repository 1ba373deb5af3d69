"""What a search that agrees with the reference still does differently, as notes on a
:class:`~negaviz.student.check.Report`: its own move order (and which of negaviz's orders
it is), and values that are other valid bounds than the reference's (fail-hard, fail-soft,
or a mix of the two)."""

from __future__ import annotations

from negaviz.errors import InputError
from negaviz.games.protocol import restore
from negaviz.search.events import Bound
from negaviz.search.options import ORDERS, Order
from negaviz.search.ordering import orderer
from negaviz.student.walk import Walk
from negaviz.trace.trace import Trace
from negaviz.vocabulary import fmt

__all__: list[str] = []


def follows(trace: Trace, name: Order) -> bool:
    """Whether every node of ``trace`` tried its moves in negaviz's order ``name``."""
    game = trace.game
    try:
        rank = orderer(game, name)
        assert rank is not None
        for n in trace.nodes:
            if n.children:
                got = [trace.move(c) for c in n.children]
                if list(rank(trace.position(n.id), list(n.moves or ())))[: len(got)] != got:
                    return False
    except InputError:
        return False  # the game cannot order its moves that way (no order(), no evaluate())
    return True


def order_note(trace: Trace, walk: Walk, agrees: bool) -> str:
    """Says the search tried moves in its own order, and which of negaviz's orders it is."""
    game = trace.game
    named = next((name for name in ORDERS if name != "natural" and follows(trace, name)), None)
    restore(game)
    root = trace.nodes[0]
    shown = [walk.child_name(trace, c) for c in root.children[:4]]
    first = f" (at the root: {', '.join(shown)}{', ...' if len(root.children) > 4 else ''})" if shown else ""
    text = (
        f"your search tries the moves in its own order{first}, not in the order the game generates them, "
        "so it was compared with negaviz's search in that same order"
    )
    text += ", and agrees with it." if agrees else "."
    if named is not None:
        text += (
            f" That is negaviz's order={named!r}: check(trace, order={named!r}) compares with it directly."
        )
    text += " Pass order='natural' to require the game's own order."
    return text[:1].upper() + text[1:]


def value_notes(walk: Walk, fail_hard: bool) -> list[str]:
    """After an agreeing walk: where and how the student's values differ from the
    reference's while still being valid bounds (fail-hard, fail-soft, or a mix)."""
    if not walk.differ:
        return []
    ref, stu = walk.ref, walk.stu
    clamped_low = clamped_high = 0
    parts: list[str] = []
    for r, s in walk.differ:
        R, S = ref.nodes[r], stu.nodes[s]
        sv = S.value
        assert sv is not None and R.value is not None
        leaf = not R.children
        if (R.bound == Bound.UPPER or leaf and R.value <= R.alpha) and sv == S.alpha:
            clamped_low += 1
            how = f"{fmt(sv)} (= α, the edge of its window)"
        elif (R.bound == Bound.LOWER or leaf and R.value >= R.beta) and sv == S.beta:
            clamped_high += 1
            how = f"{fmt(sv)} (= β, the edge of its window)"
        else:
            how = fmt(sv)
        if len(parts) < 3:
            parts.append(f"{walk.name(ref, r)} returns {how} where the reference returns {fmt(R.value)}")
    # Fail-soft shows where a node returns a value beyond its own window.
    soft_low = any(n.value is not None and n.children and n.value < n.alpha for n in stu.nodes)
    soft_high = any(n.value is not None and n.children and n.value > n.beta for n in stu.nodes)
    n = len(walk.differ)
    more = f", and {n - 3} more" if n > 3 else ""
    text = (
        f"correct at the root, but {n} node{'s' if n > 1 else ''} return{'s' if n == 1 else ''} another value "
        f"than the reference, each still a valid bound: {'; '.join(parts)}{more}."
    )
    if (clamped_low and soft_high) or (clamped_high and soft_low):
        hard, soft = ("fails low", "fails high") if clamped_low else ("fails high", "fails low")
        edge = "α" if clamped_low else "β"
        text += (
            f" Your search mixes fail-hard and fail-soft: when a node {hard} it returns {edge} (fail-hard), "
            f"but when it {soft} it returns the best value found, beyond the window (fail-soft). Both give "
            "correct bounds, but one search should keep to one convention: return the best value found "
            "(fail-soft) everywhere, or clamp it into the window (fail-hard) everywhere."
        )
    elif (clamped_low or clamped_high) and not fail_hard:
        text += (
            " Your search is fail-hard (it clamps values into the window), the reference fail-soft (it returns "
            "the best value found); both are correct. Pass fail_hard=True to check() to compare with a "
            "fail-hard reference."
        )
    elif fail_hard and (soft_low or soft_high):
        text += (
            " Your search is fail-soft (it returns the best value found, beyond the window), the reference "
            "fail-hard (fail_hard=True); both are correct."
        )
    else:
        text += " Any value between the true value and the window's edge is as correct."
    return [text[:1].upper() + text[1:]]
