"""The negamax core: one recursive function serves every variant.

Plain negamax, two-sided minimax (reported for the first player), alpha-beta fail-soft
and fail-hard from any window, a depth limit, move ordering, stopping at a proven win,
a transposition table, symmetry and a node budget are all switches of the same code.
With no observer the reporting lines are skipped; with one, each event costs one call.
"""

from __future__ import annotations

import math
import numbers
import sys
from typing import Any, Callable, NamedTuple

from negaviz.errors import InputError
from negaviz.games.protocol import Game, key_of, label
from negaviz.search.events import PROBE_ENDED, Bound, CutReason, EventKind
from negaviz.search.observer import SearchObserver
from negaviz.search.options import PRUNING, SearchOptions
from negaviz.search.ordering import orderer
from negaviz.search.tt import Entry, TranspositionTable

INF = math.inf
_UNLIMITED = 1 << 30  # "depth" when there is no depth limit: never reaches 0
_LARGEST = int(sys.float_info.max)  # a recorded value must fit a float (the trace is an array of doubles)
_SMALLEST = -_LARGEST  # ints: int-to-int comparisons are the cheap ones

ENTER, LEAF, EVAL, CHILD, BEST, CUTOFF, TT_PROBE, TT_STORE, EXIT, RESEARCH = (
    EventKind.ENTER.value, EventKind.LEAF.value, EventKind.EVAL.value, EventKind.CHILD.value,
    EventKind.BEST.value, EventKind.CUTOFF.value, EventKind.TT_PROBE.value,
    EventKind.TT_STORE.value, EventKind.EXIT.value, EventKind.RESEARCH.value,
)
EXACT, LOWER, UPPER = Bound.EXACT.value, Bound.LOWER.value, Bound.UPPER.value


class _BudgetSpent(Exception):
    """Raised inside the recursion when the node budget is used up."""


class RawResult(NamedTuple):
    """What the core found; :func:`negaviz.search.search` dresses it up."""

    value: float | None
    pv: tuple[Any, ...]
    nodes: int
    leaves: int
    cutoffs: int
    tt_hits: int
    evaluations: int
    """Leaves valued by the evaluation at the depth limit (0: the result is exact)."""
    stopped: str | None
    table: TranspositionTable | None


def _checked(game: Game, method: str, pos: Any, v: Any) -> Any:
    """``v`` if the game's ``method`` (score or evaluate) may return it, else InputError.

    The search calls this only for values that are not a plain int or float (or are
    NaN), so the common case costs one type test: numpy numbers, fractions and the
    like pass here; strings, None, bools and NaN do not.
    """
    if isinstance(v, numbers.Real) and not isinstance(v, bool) and v == v:
        return v
    shown = repr(v)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    where = _where(game, pos)
    kind = "NaN" if isinstance(v, numbers.Real) and not isinstance(v, bool) else f"{type(v).__name__} {shown}"
    raise InputError(
        f"{type(game).__name__}.{method}() must return a number (int or float), got {kind} at position {where!r}"
    )


def _too_large(game: Game, method: str, pos: Any, v: int) -> InputError:
    """The error for an integer value no float holds, met while recording."""
    digits = int(v.bit_length() * math.log10(2)) + 1
    return InputError(
        f"{type(game).__name__}.{method}() returned an integer of about {digits} digits at position "
        f"{_where(game, pos)!r}: too large for a float, so no trace can hold it (values must be numbers "
        "up to about 1.8e308 in magnitude)"
    )


def _where(game: Game, pos: Any) -> str:
    """The game's label for ``pos``, shortened, for an error message."""
    try:
        where = label(game, pos)
    except Exception:  # noqa: BLE001 - a broken label() must not hide the real problem
        where = repr(pos)
    return where if len(where) <= 60 else where[:57] + "..."


def _too_deep(game: Game) -> InputError:
    """The error for a game deeper than Python's recursion limit lets the search go."""
    limit = sys.getrecursionlimit()
    frame, used = sys._getframe(), 0
    while frame is not None:
        frame, used = frame.f_back, used + 1  # type: ignore[assignment]
    return InputError(
        f"{type(game).__name__} is too deep to search: the search recurses once per ply, and Python's "
        f"recursion limit ({limit}) stopped it after about {max(limit - used, 0)} plies; search with a "
        "depth limit (depth=N), or raise the limit with sys.setrecursionlimit()"
    )


def _unlink(pv: Any) -> tuple[Any, ...]:
    """The principal variation from its linked form ``(move, rest)``."""
    out = []
    while pv is not None and pv[0] is not None:
        out.append(pv[0])
        pv = pv[1]
    return tuple(out)


def run(
    game: Game,
    root: Any,
    options: SearchOptions,
    observer: SearchObserver | None = None,
    *,
    window: tuple[float, float] | None = None,
    depth: int | None = None,
    table: TranspositionTable | None = None,
) -> RawResult:
    """One search of ``root`` as ``options`` say, reporting to ``observer``.

    ``window``, ``depth`` and ``table`` override the options' window and depth and the
    fresh table, for drivers (iterative deepening, MTD(f)) that search repeatedly.
    """
    moves, play, is_terminal, score = game.moves, game.play, game.is_terminal, game.score
    evaluate = getattr(game, "evaluate", None)
    if options.depth is not None and not callable(evaluate):
        raise InputError(
            f"a depth limit needs an evaluation, and {type(game).__name__} has no evaluate() "
            "(search without --depth)"
        )
    order = orderer(game, options.order)
    prune = options.algorithm in PRUNING
    scout = options.algorithm == "pvs"
    fail_hard = options.fail_hard
    win: float = INF
    if options.stop_at_win:
        win = getattr(game, "max_score", None)  # type: ignore[assignment]
        if win is None:
            raise InputError(f"stopping at a proven win needs the game's max_score; {type(game).__name__} has none")
    threats = getattr(game, "threats", None) if options.forced else None
    if options.forced and not callable(threats):
        raise InputError(f"threat search (forced) needs the game's threats(); {type(game).__name__} has none")
    value_bounds = getattr(game, "value_bounds", None) if options.bounds else None
    if options.bounds and not callable(value_bounds):
        raise InputError(f"bounds needs the game's value_bounds(); {type(game).__name__} has none")
    symmetric = options.symmetry
    if symmetric and not callable(getattr(game, "symmetries", None)):
        raise InputError(f"symmetry needs the game's symmetries(); {type(game).__name__} has none")
    if table is None and options.tt:
        table = TranspositionTable(options.tt_size, options.tt_replace)
    if symmetric:
        symmetries = game.symmetries  # type: ignore[attr-defined]

        def keyfn(pos: Any) -> Any:
            return min(symmetries(pos))
    else:
        keyer = getattr(game, "key", None)
        keyfn = keyer if callable(keyer) else (lambda pos: key_of(game, pos))
    emit: Callable[[tuple[Any, ...]], object] | None = None
    expand: Callable[[Any], object] | None = None
    if observer is not None:
        emit, expand = observer.emit, observer.expand
    limit = options.max_nodes if options.max_nodes is not None else 1 << 62
    largest, smallest = _LARGEST, _SMALLEST  # closure cells: cheaper than globals at every leaf
    nodes = leaves = cutoffs = tt_hits = evaluations = 0
    pv_out: Any = None  # principal variation of the node that returned last, linked

    def negamax(pos: Any, depth: int, alpha: float, beta: float) -> float:
        nonlocal nodes, leaves, cutoffs, tt_hits, evaluations, pv_out
        # Each call is counted, and checked against the budget, by its caller, before the
        # ENTER event: a search stopped by the budget leaves no half-entered node.
        if is_terminal(pos):
            v = score(pos)
            if type(v) is not int and (type(v) is not float or v != v):  # one test for an int
                v = _checked(game, "score", pos, v)
            leaves += 1
            if emit:
                if type(v) is int and (v > largest or v < smallest):  # a trace holds floats
                    raise _too_large(game, "score", pos, v)
                emit((LEAF, v))
            pv_out = None
            return v
        if depth == 0:
            v = evaluate(pos)  # type: ignore[misc]
            if type(v) is not int and (type(v) is not float or v != v):
                v = _checked(game, "evaluate", pos, v)
            leaves += 1
            evaluations += 1
            if emit:
                if type(v) is int and (v > largest or v < smallest):
                    raise _too_large(game, "evaluate", pos, v)
                emit((EVAL, v))
            pv_out = None
            return v
        if value_bounds is not None:
            lo, hi = value_bounds(pos)
            if lo == hi or hi <= alpha or lo >= beta:
                # The outcome is already decided (or cannot matter): no need to search.
                v = lo if lo == hi or lo >= beta else hi
                if fail_hard and lo != hi:
                    v = min(max(v, alpha), beta)
                leaves += 1
                if emit:
                    emit((LEAF, v) if lo == hi else (EXIT, v, LOWER if lo >= beta else UPPER))
                pv_out = None
                return v
        entry = None
        if table is not None:
            key = keyfn(pos)
            entry = table.get(key)
            if entry is not None and entry.depth >= depth:
                tt_hits += 1
                v, flag = entry.value, int(entry.bound)
                if flag == EXACT:
                    ended = True
                else:
                    if flag == LOWER:
                        alpha = max(alpha, v)
                    else:
                        beta = min(beta, v)
                    ended = alpha >= beta
                if emit:
                    emit((TT_PROBE, 1 + flag + (PROBE_ENDED if ended else 0), v))
                if ended:
                    if fail_hard:
                        clamped = min(max(v, alpha), beta)
                        if clamped != v:  # clamped into the window: now only a bound
                            v, flag = clamped, (LOWER if clamped >= beta else UPPER)
                    if emit:
                        emit((EXIT, v, flag))
                    pv_out = None if symmetric or entry.move is None else (entry.move, None)
                    return v
            elif emit:
                emit((TT_PROBE, 0, 0))
        ms = moves(pos)
        if threats is not None:
            wins, blocks = threats(pos)
            if wins:
                ms = wins[:1]  # a win now: nothing else needs trying
            elif blocks:
                ms = [m for m in ms if m in blocks]  # every other move loses at once
        if order is not None:
            ms = order(pos, ms)
        if entry is not None and not symmetric and entry.move is not None and entry.move in ms:
            # The table's best move from an earlier (shallower or bounded) search first.
            ms = [entry.move] + [m for m in ms if m != entry.move]
        if symmetric:
            seen = set()
            unique = []
            for m in ms:
                k = min(symmetries(play(pos, m)))
                if k not in seen:
                    seen.add(k)
                    unique.append(m)
            ms = unique
        if expand:
            expand(ms)
        alpha0 = alpha
        best = -INF
        best_move = best_pv = None
        for i, m in enumerate(ms):
            child_alpha, child_beta = -beta, -alpha
            nodes += 1
            if nodes > limit:
                raise _BudgetSpent
            if scout and i and child_alpha < child_beta - 1:
                # PVS: prove the move no better than alpha with a null window first.
                if emit:
                    emit((ENTER, i, -alpha - 1, child_beta))
                v = -negamax(play(pos, m), depth - 1, -alpha - 1, child_beta)
                if alpha < v < beta:  # it failed high: search it again for its value
                    nodes += 1
                    if nodes > limit:
                        raise _BudgetSpent
                    if emit:
                        emit((RESEARCH, v))
                        emit((ENTER, i, child_alpha, child_beta))
                    v = -negamax(play(pos, m), depth - 1, child_alpha, child_beta)
            else:
                if emit:
                    emit((ENTER, i, child_alpha, child_beta))
                v = -negamax(play(pos, m), depth - 1, child_alpha, child_beta)
            if v > best:
                best, best_move, best_pv = v, m, pv_out
                if prune and v > alpha:
                    alpha = v
                if emit:
                    emit((BEST, v, alpha))
                if alpha >= beta or v >= win:
                    # The opponent will never allow this line (or nothing beats a win):
                    # the remaining moves cannot change the result.
                    if i + 1 < len(ms):
                        cutoffs += 1
                        if emit:
                            emit((CUTOFF, CutReason.BETA if alpha >= beta else CutReason.WIN))
                    break
            elif emit:
                emit((CHILD, v))
        if fail_hard:
            best = min(max(best, alpha0), beta)
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if table is not None:
            table.put(Entry(key, best, Bound(flag), depth, best_move))
            if emit:
                emit((TT_STORE, flag, best))
        if emit:
            emit((EXIT, best, flag))
        pv_out = (best_move, best_pv)
        return best

    alpha, beta = options.window if window is None else window
    if depth is None:
        depth = _UNLIMITED if options.depth is None else options.depth
    stopped = None
    value: float | None = None
    try:
        nodes += 1
        if emit:
            emit((ENTER, 0, alpha, beta))
        value = negamax(root, depth, alpha, beta)
    except _BudgetSpent:
        stopped = "budget"
        pv_out = None
    except KeyboardInterrupt:
        stopped = "interrupted"
        pv_out = None
    except RecursionError:
        raise _too_deep(game) from None
    except OverflowError as exc:  # e.g. score() gave 10**400, which no float (nor trace) holds
        raise InputError(
            f"a value too large for a float came up while searching {type(game).__name__} ({exc}): "
            "values must be numbers up to about 1.8e308 in magnitude"
        ) from None
    finally:
        restore = getattr(game, "restore", None)
        if callable(restore):
            restore()
    return RawResult(
        value, _unlink(pv_out), min(nodes, limit), leaves, cutoffs, tt_hits, evaluations, stopped, table
    )
