"""Move orderings: which child to try first."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from negaviz.errors import InputError
from negaviz.games.protocol import evaluator, verb
from negaviz.search.options import Order

Orderer = Callable[[Any, Sequence[Any]], Sequence[Any]]


def orderer(game: Any, order: Order) -> Orderer | None:
    """The function that reorders a node's moves, or None for generation order."""
    if order == "natural":
        return None
    if order == "heuristic":
        order_moves = verb(game, "order")
        if order_moves is not None:
            return order_moves
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
