"""The negamax core: one recursive function serves every variant.

Plain negamax, two-sided minimax (reported for the first player), alpha-beta fail-soft
and fail-hard from any window, a depth limit, move ordering, stopping at a proven win,
a transposition table, symmetry and a node budget are all switches of the same code.
With no observer the reporting lines are skipped.  With one, a node's return is reported
by its parent, in one batch with the parent's own CHILD or BEST: a leaf costs one call.
"""

from __future__ import annotations

import math
import numbers
import sys
import warnings
from collections.abc import Iterable, Set
from typing import Any, Callable, Hashable, NamedTuple, cast

from negaviz.errors import InputError, UnorderedMovesWarning, too_deep
from negaviz.games.adapter import by_value, freeze, one_line, shown
from negaviz.games.protocol import Game, alternates_of, evaluator, keyer, label, max_score_of, restore, verb
from negaviz.search.events import PROBE_ENDED, Bound, CutReason, EventKind
from negaviz.search.observer import SearchObserver, hooks
from negaviz.search.options import PRUNING, SearchOptions
from negaviz.search.ordering import orderer
from negaviz.search.result import Stopped
from negaviz.search.tt import Entry, TranspositionTable

INF = math.inf
_UNLIMITED = 1 << 30  # "depth" when there is no depth limit: never reaches 0
_FLUSH_EVERY = 512  # nodes between calls of an observer's flush(): small batches are packed while in cache
_NARROWEST = (1 << 24) - 1  # a 4-byte float holds every int up to 2**24: these, and PVS's alpha - 1
_LARGEST = int(sys.float_info.max)  # a recorded value must fit a float (the trace is an array of doubles)
_SMALLEST = -_LARGEST  # ints: int-to-int comparisons are the cheap ones

# Kinds as floats: a recorder packs events into doubles, and a float converts at half
# the cost of an int.  They compare equal to the EventKind members.
ENTER, LEAF, EVAL, CHILD, BEST, CUTOFF, TT_PROBE, TT_STORE, EXIT, RESEARCH = (
    float(kind) for kind in EventKind if kind <= EventKind.RESEARCH
)
EXACT, LOWER, UPPER = Bound.EXACT.value, Bound.LOWER.value, Bound.UPPER.value


class PlayChangedItsArgument(InputError):
    """``play()`` changed the position it was given (the search names this rather than
    what the change leads to)."""


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
    stopped: Stopped | None
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


def _listed(game: Game, pos: Any, ms: Any, warn: bool) -> Any:
    """The moves ``moves(pos)`` returned, when they are not a tuple or a list: any other
    iterable materialised once; a set sorted when its moves sort, with a warning when
    ``warn``; None, a string or a non-iterable an InputError."""
    method = f"{type(game).__name__}.moves()"
    if ms is None or isinstance(ms, (str, bytes)) or not isinstance(ms, Iterable):
        raise InputError(
            f"{method} returned {shown(ms)} at position {_where(game, pos)!r}: it must return a list of the "
            "legal moves"
        )
    if isinstance(ms, Set):
        try:
            ms, order = sorted(ms), "in sorted order"
        except TypeError:  # moves of mixed types: the set's own order is all there is
            ms, order = list(ms), "in the set's own order, which can change from run to run"
        if warn:
            warnings.warn(
                f"{method} returned a set at position {_where(game, pos)!r}: a set has no order, so the "
                f"moves were searched {order}; return a list in the order they should be tried (the order "
                "decides what alpha-beta prunes, and so what the trace shows)",
                UnorderedMovesWarning,
                stacklevel=3,
            )
        return ms
    return list(ms)  # a generator, a dict's keys, a numpy array, ...: taken once


def _no_moves(game: Game, pos: Any) -> InputError:
    """The error for a position with no moves that the game does not call terminal."""
    said = game.is_terminal(pos)
    hint = " (is_terminal() returned None there: does it lack a return?)" if said is None else ""
    return InputError(
        f"{type(game).__name__}.moves() returned no moves at position {_where(game, pos)!r}, which "
        f"is_terminal() does not call over{hint}: a position without legal moves must be terminal "
        "(valued by score()), or offer a move such as a pass"
    )


def _diagnosed(game: Game, exc: BaseException, code: Any) -> InputError | None:
    """The error to raise instead of ``exc`` when the game's answers caused it: moves
    that are no tuple or list where the search stopped checking their kind (see
    ``unsure`` in :func:`run`), or a position that is None (``play()`` returned None).
    Found from the search's own frames in the traceback, so the search pays nothing for
    these checks until something has gone wrong."""
    frames = []
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code is code:
            frames.append(tb.tb_frame.f_locals)
        tb = tb.tb_next
    for node in reversed(frames):
        ms = node.get("ms")
        if "ms" in node and type(ms) is not tuple and type(ms) is not list:
            try:
                _listed(game, node["pos"], ms, False)
            except InputError as refused:  # None, a str, not iterable
                return refused
            return InputError(
                f"{type(game).__name__}.moves() returned a {type(ms).__name__} at position "
                f"{_where(game, node['pos'])!r}, and a tuple or a list at the first position expanded: "
                "return one kind (a list) everywhere"
            )
    for parent, node in zip(frames, frames[1:]):
        if node.get("pos", 0) is None and "m" in parent:
            return _no_child(game, parent["pos"], parent["m"])
    return None


def _no_child(game: Game, pos: Any, move: Any) -> InputError:
    """The error for ``play(pos, move)`` that returned None."""
    return InputError(
        f"{type(game).__name__}.play() returned None (move {move!r} at position {_where(game, pos)!r}): "
        "it must return the position after the move (does it lack a return?)"
    )


def _checked_play(game: Game, play: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``play``, for positions that can change in place (lists, plain objects): each
    position is compared with a frozen copy of itself after a move from it, since a
    play() that changes its argument would give a wrong value in silence.  Games whose
    positions are values (tuples, ints: the built-in ones) do without."""

    def checked(pos: Any, move: Any) -> Any:
        before = freeze(pos)
        child = play(pos, move)
        if child is pos:
            raise PlayChangedItsArgument(
                f"{type(game).__name__}.play() returned the position it was given (move {move!r} at position "
                f"{_where(game, pos)!r}): play() must return a new position and leave its argument unchanged; "
                "copy the position (e.g. copy.deepcopy, or a new list) and change the copy"
            )
        if freeze(pos) != before:
            raise _changed(game, pos, move)
        return child

    return checked


def _changed(game: Game, pos: Any, move: Any) -> PlayChangedItsArgument:
    """The error for ``play(pos, move)`` that changed ``pos`` and returned a new object."""
    return PlayChangedItsArgument(
        f"{type(game).__name__}.play() changed the position it was given (move {move!r} made it "
        f"{_where(game, pos)!r}): play() must return a new position and leave its argument unchanged; copy "
        "the position (e.g. copy.deepcopy, or a new list) and change the copy"
    )


def _unhashable(game: Game, pos: Any, key: Any) -> InputError:
    """The error for a transposition key that cannot be hashed."""
    where = f"at position {_where(game, pos)!r}"
    if verb(game, "key") is None:
        return InputError(
            f"a transposition table (tt=True) needs hashable positions, and {type(game).__name__} gave "
            f"{shown(key)} {where}: give the game a key(pos) that returns a hashable value (e.g. a tuple)"
        )
    return InputError(
        f"{type(game).__name__}.key() must return a hashable value (e.g. a tuple or a string), "
        f"got {shown(key)} {where}"
    )


def _hashable(pos: Any) -> bool:
    try:
        hash(pos)
    except TypeError:
        return False
    return True


def _where(game: Game, pos: Any) -> str:
    """The game's label for ``pos``, shortened, for an error message."""
    try:
        where = label(game, pos)
    except Exception:  # noqa: BLE001 - a broken label() must not hide the real problem
        where = repr(pos)
    return one_line(where)


def _refuse_turns(game: Any, what: str) -> None:
    """An InputError if ``game`` says its sides do not alternate (``alternates = False``)
    and ``what`` (a search that negates every child's value) cannot honour that."""
    if not alternates_of(game):
        raise InputError(f"{type(game).__name__} has a side moving twice in a row (marked @max/@min), and {what} "
                         "assumes the players alternate: search it with negamax, minimax, alphabeta, pvs, mtdf or id")


def _keeps_turn(game: Game) -> Callable[[Any, Any], bool] | None:
    """None for a game whose every move hands the turn over (the game does not say
    ``alternates = False``); else whether the side to move at a position moves again at
    its child, read from ``player()``."""
    if alternates_of(game):
        return None
    who = cast(Callable[[Any], int], verb(game, "player"))

    def keeps(pos: Any, child: Any) -> bool:
        return bool(who(pos) == who(child))

    return keeps


def _narrow(x: float) -> bool:
    """Whether ``x`` is ±inf or a whole number small enough for a 4-byte float (with room
    for PVS's null windows, alpha - 1)."""
    return math.isinf(x) or (float(x).is_integer() and -_NARROWEST <= x <= _NARROWEST)


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
    moves, is_terminal, score = game.moves, game.is_terminal, game.score
    play: Callable[[Any, Any], Any] = game.play
    evaluate = evaluator(game)
    if options.depth is not None and evaluate is None:
        raise InputError(
            f"a depth limit needs an evaluation, and {type(game).__name__} has no evaluate() "
            "(search without --depth)"
        )
    order = orderer(game, options.order)
    keeps = _keeps_turn(game)
    prune = options.algorithm in PRUNING
    scout = options.algorithm == "pvs"
    fail_hard = options.fail_hard
    win: float = INF
    if options.stop_at_win:
        top = max_score_of(game)
        if top is None:
            raise InputError(f"stopping at a proven win needs the game's max_score; {type(game).__name__} has none")
        win = top
    threats = verb(game, "threats") if options.forced else None
    if options.forced and threats is None:
        raise InputError(f"threat search (forced) needs the game's threats(); {type(game).__name__} has none")
    value_bounds = verb(game, "value_bounds") if options.bounds else None
    if options.bounds and value_bounds is None:
        raise InputError(f"bounds needs the game's value_bounds(); {type(game).__name__} has none")
    symmetric = options.symmetry
    found = verb(game, "symmetries")
    if symmetric and found is None:
        raise InputError(f"symmetry needs the game's symmetries(); {type(game).__name__} has none")
    symmetries = cast(Callable[[Any], Any], found)
    if table is None and options.tt:
        table = TranspositionTable(options.tt_size, options.tt_replace)
    keyfn: Callable[[Any], Hashable]
    if symmetric:

        def keyfn(pos: Any) -> Hashable:
            return min(symmetries(pos))
    elif table is not None and verb(game, "key") is None and not _hashable(root):
        keyfn = freeze  # positions that cannot be hashed (lists, dicts) are keyed by their contents
    else:
        keyfn = keyer(game)
    emit: Callable[[tuple[Any, ...]], object] | None = None
    expand: Callable[[Any], object] | None = None
    flush: Callable[[], object] | None = None
    alpha, beta = options.window if window is None else window
    strict = options.cut == ">"  # a node stops only once its value passes beta (Berkeley CS188's rule)
    narrow = False  # every number emitted is a small int or ±inf (a recorder packs 4 bytes each)
    widen: Callable[[], object] | None = None
    if observer is not None:
        emit, expand, flush, narrow_hook, widen = hooks(observer)
        if narrow_hook is not None and widen is not None and _narrow(alpha) and _narrow(beta):
            narrow = bool(narrow_hook())
    limit = options.max_nodes if options.max_nodes is not None else 1 << 62
    # One test per node covers both the budget and the observer's flush: the slow path
    # runs when ``nodes`` passes ``check_at``.
    check_at = limit if flush is None else min(limit, _FLUSH_EVERY)
    # Closure cells, cheaper than globals at every leaf: a value outside these (or any
    # non-int while ``narrow``) takes the slow path, ``checked_out``.
    largest, smallest = (_NARROWEST, -_NARROWEST) if narrow else (_LARGEST, _SMALLEST)
    nodes = leaves = cutoffs = tt_hits = evaluations = 0
    pv_out: Any = None  # principal variation of the node that returned last, linked
    # How the node that returned last ended, for its parent to report in one batch with
    # its own CHILD/BEST/RESEARCH: LEAF or EVAL (the parent emits the leaf's ENTER too),
    # EXIT with ``ret_flag``, or 0 when the node reported its end itself.
    ret_kind: float = 0  # the kinds (LEAF, EVAL, EXIT) are floats
    ret_flag = 0
    if not by_value(root):
        play = _checked_play(game, play)
    # What moves() returns: none, or None, is an InputError at every node.  Its kind (a
    # tuple or a list, else taken as a list: see _listed) is checked at every node when
    # the moves are used more than once (a table's move, an order, a recorder, ...);
    # in a plain search, only until it first comes as a tuple or a list.  A plain search
    # goes through other iterables once, right, and an error they cause later (len() of
    # a generator) is traced back to them (_diagnosed).
    checking = table is not None or observer is not None or order is not None or symmetric or threats is not None
    unsure = True
    warn_unordered = True  # once per search

    def listed(ms: Any, pos: Any) -> Any:
        """The moves ``ms`` of ``pos``, checked (see _listed); none is an InputError."""
        nonlocal unsure, warn_unordered
        sure = type(ms) is tuple or type(ms) is list
        out = ms if sure else _listed(game, pos, ms, warn_unordered)
        if not out:
            raise _no_moves(game, pos)
        if sure:
            unsure = False  # a game that gives lists gives lists: only ``checking`` looks again
        warn_unordered = warn_unordered and not isinstance(ms, Set)
        return out

    def checked_out(v: Any, method: str, pos: Any) -> Any:
        """``v`` once a trace can hold it: no float holds a huge int; a value that is not
        a small int makes the observer widen its numbers first."""
        nonlocal narrow, largest, smallest
        if type(v) is int and (v > _LARGEST or v < _SMALLEST):
            raise _too_large(game, method, pos, v)
        if narrow and not (type(v) is int and -_NARROWEST <= v <= _NARROWEST):
            widen()  # type: ignore[misc]
            narrow, largest, smallest = False, _LARGEST, _SMALLEST
        return v

    def counted() -> None:
        """The slow path of counting a node: the budget, and the observer's flush."""
        nonlocal check_at
        if nodes > limit:
            raise _BudgetSpent
        if flush is not None:
            flush()
            check_at = min(limit, nodes + _FLUSH_EVERY)

    def negamax(pos: Any, index: int, depth: int, alpha: float, beta: float) -> float:
        nonlocal nodes, leaves, cutoffs, tt_hits, evaluations, pv_out, ret_kind, ret_flag
        # Each call is counted, and checked against the budget, by its caller.  A leaf
        # emits nothing: its parent reports its ENTER and LEAF (or EVAL) with its own
        # CHILD or BEST, so a search stopped inside a leaf leaves no half-entered node.
        if is_terminal(pos):
            v = score(pos)
            if type(v) is not int and (type(v) is not float or v != v):  # one test for an int
                v = _checked(game, "score", pos, v)
            leaves += 1
            if emit and (type(v) is not int and narrow or v > largest or v < smallest):
                checked_out(v, "score", pos)
            pv_out = None
            ret_kind = LEAF
            return v
        if depth == 0:
            v = evaluate(pos)  # type: ignore[misc]
            if type(v) is not int and (type(v) is not float or v != v):
                v = _checked(game, "evaluate", pos, v)
            leaves += 1
            evaluations += 1
            if emit and (type(v) is not int and narrow or v > largest or v < smallest):
                checked_out(v, "evaluate", pos)
            pv_out = None
            ret_kind = EVAL
            return v
        if emit:
            emit((ENTER, index, alpha, beta))
        if value_bounds is not None:
            lo, hi = value_bounds(pos)
            if emit:
                checked_out(lo, "value_bounds", pos)
                checked_out(hi, "value_bounds", pos)
            if lo == hi or (hi < alpha or lo > beta if strict else hi <= alpha or lo >= beta):
                # The outcome is already decided (or cannot matter): no need to search.
                v = lo if lo == hi or lo >= beta else hi
                if fail_hard and lo != hi:
                    v = min(max(v, alpha), beta)
                leaves += 1
                pv_out = None
                if lo == hi:
                    if emit:
                        emit((LEAF, v))
                    ret_kind = 0
                else:
                    ret_kind, ret_flag = EXIT, (LOWER if lo >= beta else UPPER)
                return v
        entry = None
        if table is not None:
            key = keyfn(pos)
            try:
                entry = table.get(key)
            except TypeError:
                if _hashable(key):
                    raise  # not ours to explain
                raise _unhashable(game, pos, key) from None
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
                    ended = alpha > beta if strict else alpha >= beta
                if emit:
                    emit((TT_PROBE, 1 + flag + (PROBE_ENDED if ended else 0), v))
                if ended:
                    if fail_hard:
                        clamped = min(max(v, alpha), beta)
                        if clamped != v:  # clamped into the window: now only a bound
                            v, flag = clamped, (LOWER if clamped >= beta else UPPER)
                    pv_out = None if symmetric or entry.move is None else (entry.move, None)
                    ret_kind, ret_flag = EXIT, flag
                    return v
            elif emit:
                emit((TT_PROBE, 0, 0))
        ms = moves(pos)
        if unsure or checking and type(ms) is not tuple and type(ms) is not list or not ms:
            ms = listed(ms, pos)  # checked, materialised or refused: the slow path
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
            if nodes > check_at:
                counted()
            child = play(pos, m)
            if keeps is not None and keeps(pos, child):
                # The same side moves again (a pass, CS188's second ghost): the child gets
                # this window and returns a value for this side, neither negated (and PVS
                # searches it with the full window).
                child_alpha, child_beta = alpha, beta
                v = r = negamax(child, i, depth - 1, alpha, beta)
            elif scout and i and child_alpha < child_beta - 1:
                # PVS: prove the move no better than alpha with a null window first.
                r = negamax(child, i, depth - 1, -alpha - 1, child_beta)
                v = -r
                if alpha < v < beta:  # it failed high: search it again for its value
                    if emit:
                        if ret_kind == EXIT:
                            emit((EXIT, r, ret_flag, RESEARCH, v))
                        elif ret_kind:
                            emit((ENTER, i, -alpha - 1, child_beta, ret_kind, r, RESEARCH, v))
                        else:
                            emit((RESEARCH, v))
                    nodes += 1
                    if nodes > check_at:
                        counted()
                    r = negamax(child, i, depth - 1, child_alpha, child_beta)
                    v = -r
                else:
                    child_alpha = -alpha - 1  # the window the leaf (if it was one) had
            else:
                r = negamax(child, i, depth - 1, child_alpha, child_beta)
                v = -r
            if v > best:
                best, best_move, best_pv = v, m, pv_out
                if prune and v > alpha:
                    alpha = v
                if emit:
                    # The child's return and this report in one batch (written out at each
                    # of the three reports: a helper would cost a Python call per node).
                    if ret_kind == EXIT:
                        emit((EXIT, r, ret_flag, BEST, v, alpha))
                    elif ret_kind:
                        emit((ENTER, i, child_alpha, child_beta, ret_kind, r, BEST, v, alpha))
                    else:
                        emit((BEST, v, alpha))
                if (alpha > beta if strict else alpha >= beta) or v >= win:
                    # The opponent will never allow this line (or nothing beats a win):
                    # the remaining moves cannot change the result.
                    if i + 1 < len(ms):
                        cutoffs += 1
                        if emit:
                            beyond = alpha > beta if strict else alpha >= beta
                            emit((CUTOFF, CutReason.BETA if beyond else CutReason.WIN))
                    break
            elif emit:
                if ret_kind == EXIT:
                    emit((EXIT, r, ret_flag, CHILD, v))
                elif ret_kind:
                    emit((ENTER, i, child_alpha, child_beta, ret_kind, r, CHILD, v))
                else:
                    emit((CHILD, v))
        if fail_hard:
            best = min(max(best, alpha0), beta)
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        if table is not None:
            table.put(Entry(key, best, Bound(flag), depth, best_move))
            if emit:
                emit((TT_STORE, flag, best))
        pv_out = (best_move, best_pv)
        ret_kind, ret_flag = EXIT, flag
        return best

    if depth is None:
        depth = _UNLIMITED if options.depth is None else options.depth
    stopped: Stopped | None = None
    value: float | None = None
    try:
        nodes += 1
        if nodes > check_at:
            counted()
        value = negamax(root, 0, depth, alpha, beta)
        if emit:
            if ret_kind == EXIT:
                emit((EXIT, value, ret_flag))
            elif ret_kind:
                emit((ENTER, 0, alpha, beta, ret_kind, value))
    except _BudgetSpent:
        stopped = Stopped.BUDGET
        pv_out = None
    except KeyboardInterrupt:
        stopped = Stopped.INTERRUPTED
        pv_out = None
    except RecursionError:
        raise too_deep(game) from None
    except OverflowError as exc:  # e.g. score() gave 10**400, which no float (nor trace) holds
        raise InputError(
            f"a value too large for a float came up while searching {type(game).__name__} ({exc}): "
            "values must be numbers up to about 1.8e308 in magnitude"
        ) from None
    except InputError:
        raise
    except Exception as exc:  # the game's own code failed, or the core did: was it a bad answer?
        cause = _diagnosed(game, exc, negamax.__code__)
        if cause is None:
            raise
        raise cause from exc
    finally:
        restore(game)
    return RawResult(
        value, _unlink(pv_out), min(nodes, limit), leaves, cutoffs, tt_hits, evaluations, stopped, table
    )
