"""Move orderings: which child to try first."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Callable, Sequence

from negaviz.errors import InputError
from negaviz.games.adapter import shown
from negaviz.games.protocol import evaluator, label, verb
from negaviz.search.options import ORDERS, Order

__all__ = ["orderer"]

Orderer = Callable[[Any, Sequence[Any]], Sequence[Any]]


def orderer(game: Any, order: Order) -> Orderer | None:
    """The function that reorders a node's moves, or None for generation order (the
    order a search with ``order=`` tries them in; unknown orders are refused).

    >>> import negaviz
    >>> game = negaviz.TicTacToe("xx./oo./...")
    >>> [game.move_name(game.root, m) for m in orderer(game, "threats")(game.root, game.moves(game.root))][:2]
    ['c1', 'c2']
    """
    if order not in ORDERS:
        raise InputError(f"unknown move order: {order!r} (must be one of {list(ORDERS)})")
    if order == "natural":
        return None
    if order == "heuristic":
        order_moves = verb(game, "order")
        if order_moves is not None:
            return _checked_order(game, order_moves)
        evaluate = evaluator(game)
        if evaluate is None:
            raise InputError(
                f"move order 'heuristic' needs the game to have order() or evaluate(); "
                f"{type(game).__name__} has neither (use 'natural' or 'threats')"
            )
        play = game.play

        def by_evaluation(pos: Any, moves: Sequence[Any]) -> list[Any]:
            # A child's evaluation is for the opponent: smallest first is best for us.
            return sorted(moves, key=lambda m: evaluate(play(pos, m)))

        return by_evaluation
    if order == "threats+heuristic":
        return _threats_first(game, orderer(game, "heuristic"))
    return _threats_first(game, None)


def _checked_order(game: Any, order_moves: Orderer) -> Orderer:
    """The game's ``order``, with what it returns checked: a list or tuple of as many
    moves as it was given (any other iterable is taken as a list), else an InputError."""

    def ordered(pos: Any, moves: Sequence[Any]) -> Sequence[Any]:
        out = order_moves(pos, moves)
        if type(out) is not list and type(out) is not tuple:
            if out is None or isinstance(out, (str, bytes)) or not isinstance(out, Iterable):
                raise _bad_order(game, pos, moves, f"returned {shown(out)}")
            out = list(out)
        if len(out) != len(moves):
            raise _bad_order(game, pos, moves, f"returned {len(out)} moves for {len(moves)}")
        return out

    return ordered


def _bad_order(game: Any, pos: Any, moves: Sequence[Any], what: str) -> InputError:
    return InputError(
        f"{type(game).__name__}.order() {what} at position {label(game, pos)!r}: it must return the moves it "
        f"is given ({', '.join(map(str, moves[:6]))}{', ...' if len(moves) > 6 else ''}), reordered"
    )


def _threats_first(game: Any, rest: Orderer | None) -> Orderer:
    """Winning moves first, then moves that block the opponent's win, then the rest
    (as generated, or ordered by ``rest``)."""
    threats = verb(game, "threats")
    if threats is not None:

        def by_threats(pos: Any, moves: Sequence[Any]) -> list[Any]:
            wins, blocks = threats(pos)
            return _front(rest(pos, moves) if rest is not None else moves, wins, blocks)

        return by_threats
    play, is_terminal, score = game.play, game.is_terminal, game.score

    def by_wins(pos: Any, moves: Sequence[Any]) -> list[Any]:
        # Without a threats() verb only immediate wins can be found: a move whose child
        # is over and lost for the opponent.
        wins = []
        for m in moves:
            child = play(pos, m)
            if is_terminal(child) and score(child) < 0:
                wins.append(m)
        return _front(rest(pos, moves) if rest is not None else moves, wins, ())

    return by_wins


def _front(moves: Sequence[Any], first: Sequence[Any], second: Sequence[Any]) -> list[Any]:
    if not first and not second:
        return list(moves)
    ranked = [m for m in first if m in moves]
    ranked += [m for m in second if m in moves and m not in ranked]
    return ranked + [m for m in moves if m not in ranked]
