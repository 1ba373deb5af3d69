"""Students' own search functions, written by hand as students write them: each correct
form, and each mistake of the catalogue planted once (none calls negaviz's variants)."""

from __future__ import annotations

import math
import sys
from typing import Any

INF = math.inf
EXACT, LOWER, UPPER = 0, 1, 2


def first_player(game: Any, node: Any, v: float) -> float:
    return v if game.player(node) == 0 else -v


# --- correct -----------------------------------------------------------------------------
def alphabeta(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -alphabeta(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break  # beta cutoff
    return best


def reversed_order(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in reversed(list(game.moves(node))):
        value = -reversed_order(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def fail_hard(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    for move in game.moves(node):
        score = -fail_hard(game, game.play(node, move), -beta, -alpha)
        if score >= beta:
            return beta
        if score > alpha:
            alpha = score
    return alpha


def max_value(game, node, alpha, beta):
    if game.is_terminal(node):
        return first_player(game, node, game.score(node))
    v = -INF
    for move in game.moves(node):
        v = max(v, min_value(game, game.play(node, move), alpha, beta))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def min_value(game, node, alpha, beta):
    if game.is_terminal(node):
        return first_player(game, node, game.score(node))
    v = INF
    for move in game.moves(node):
        v = min(v, max_value(game, game.play(node, move), alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def minimax(game, node, maximizing):
    if game.is_terminal(node):
        return first_player(game, node, game.score(node))
    values = [minimax(game, game.play(node, m), not maximizing) for m in game.moves(node)]
    return max(values) if maximizing else min(values)


def negamax(game, node):
    if game.is_terminal(node):
        return game.score(node)
    return max(-negamax(game, game.play(node, m)) for m in game.moves(node))


def negamax_colour(game, node, depth, colour):
    if game.is_terminal(node):
        return colour * first_player(game, node, game.score(node))
    if depth == 0:
        return colour * first_player(game, node, game.evaluate(node))
    return max(-negamax_colour(game, game.play(node, m), depth - 1, -colour) for m in game.moves(node))


def limited(game, node, depth, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    if depth == 0:
        return game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -limited(game, game.play(node, move), depth - 1, -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def with_move(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node), None
    best, best_move = -INF, None
    for move in game.moves(node):
        value = -with_move(game, game.play(node, move), -beta, -alpha)[0]
        if value > best:
            best, best_move = value, move
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best, best_move


def tabled(game, node, depth, alpha, beta, table):
    """Alpha-beta with a transposition table, as the encyclopaedia writes it."""
    alpha0 = alpha
    entry = table.get(game.key(node))
    if entry is not None and entry[2] >= depth:
        value, flag, _ = entry
        if flag == EXACT:
            return value
        if flag == LOWER:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            return value
    if game.is_terminal(node):
        return game.score(node)
    if depth == 0:
        return game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -tabled(game, game.play(node, move), depth - 1, -beta, -alpha, table))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
    table[game.key(node)] = (best, flag, depth)
    return best


def tabled_plain(game, node, alpha, beta, table):
    """A table without depth: a bound used only when it settles the node."""
    entry = table.get(node)
    if entry is not None:
        value, flag = entry
        if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
            return value
    if game.is_terminal(node):
        return game.score(node)
    alpha0 = alpha
    best = -INF
    for move in game.moves(node):
        best = max(best, -tabled_plain(game, game.play(node, move), -beta, -alpha, table))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    table[node] = (best, UPPER if best <= alpha0 else LOWER if best >= beta else EXACT)
    return best


CORRECT = {
    "alpha-beta": alphabeta,
    "another move order": reversed_order,
    "fail-hard": fail_hard,
    "minimax in two functions": (max_value, min_value),
    "minimax with a flag": minimax,
    "negamax": negamax,
    "negamax with colour": negamax_colour,
    "depth-limited alpha-beta": limited,
    "returning the move": with_move,
    "a table with depth": tabled,
    "a table": tabled_plain,
}


# --- one mistake each ----------------------------------------------------------------------
def no_minus(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = no_minus(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def no_minus_negamax(game, node):
    if game.is_terminal(node):
        return game.score(node)
    return max(no_minus_negamax(game, game.play(node, m)) for m in game.moves(node))


def strict(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -strict(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha > beta:
            break
    return best


def not_swapped(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -not_swapped(game, game.play(node, move), -alpha, -beta)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def unchanged(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -unchanged(game, game.play(node, move), alpha, beta)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def returns_alpha(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -returns_alpha(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        if best >= beta:
            break
        alpha = max(alpha, best)
    return alpha if best >= beta else best


def no_break(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -no_break(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            pass  # cutoff ... (forgot to break)
    return best


def root_player_leaves(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.values[node]
    best = -INF
    for move in game.moves(node):
        value = -root_player_leaves(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def per_move(game, node, depth, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    if depth == 0:
        return game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        # one "move" is both players' turns: count it once, after the reply
        next_depth = depth - 1 if game.player(node) == 1 else depth
        best = max(best, -per_move(game, game.play(node, move), next_depth, -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def one_short(game, node, depth, alpha, beta):
    if game.is_terminal(node) or depth <= 1:
        return game.score(node) if game.is_terminal(node) else game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -one_short(game, game.play(node, move), depth - 1, -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def cached(game, node, alpha, beta, table):
    """The table of aima-python's alphabeta_search_tt: the first value, whatever the window."""
    if node in table:
        return table[node]
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -cached(game, game.play(node, move), -beta, -alpha, table))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    table[node] = best
    return best


def bound_as_exact(game, node, depth, alpha, beta, table):
    alpha0 = alpha
    entry = table.get(game.key(node))
    if entry is not None and entry[2] >= depth:
        value, flag, _ = entry
        if flag == EXACT:
            return value
        if flag == LOWER:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            return value
    if game.is_terminal(node):
        return game.score(node)
    if depth == 0:
        return game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -bound_as_exact(game, game.play(node, move), depth - 1, -beta, -alpha, table))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    table[game.key(node)] = (best, UPPER if best <= alpha0 else EXACT, depth)  # a cutoff's value kept as exact
    return best


def any_depth(game, node, depth, alpha, beta, table):
    alpha0 = alpha
    entry = table.get(game.key(node))
    if entry is not None:  # whatever depth it was searched to
        value, flag, _ = entry
        if flag == EXACT:
            return value
        if flag == LOWER:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            return value
    if game.is_terminal(node):
        return game.score(node)
    if depth == 0:
        return game.evaluate(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -any_depth(game, game.play(node, move), depth - 1, -beta, -alpha, table))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    table[game.key(node)] = (best, UPPER if best <= alpha0 else LOWER if best >= beta else EXACT, depth)
    return best


def last_move(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node), None
    best, best_move = -INF, None
    for move in game.moves(node):
        value = -last_move(game, game.play(node, move), -beta, -alpha)[0]
        best = max(best, value)
        best_move = move
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best, best_move


BUGGY = {
    "negation": [no_minus, no_minus_negamax],
    "equality": [strict],
    "window": [not_swapped, unchanged],
    "hardness": [returns_alpha],
    "continue": [no_break],
    "side": [root_player_leaves],
    "plies": [per_move],
    "depth": [one_short],
    "tt-key": [cached],
    "tt-exact": [bound_as_exact],
    "tt-depth": [any_depth],
    "last-child": [last_move],
}


# --- two mistakes, and functions that never give an answer ---------------------------------
def two_bugs(game, node, alpha, beta):
    """No break after a cutoff, and the leaves scored for the first player."""
    if game.is_terminal(node):
        return game.values[node]
    best = -INF
    for move in game.moves(node):
        value = -two_bugs(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
    return best


def hangs(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -hangs(game, game.play(node, move), -beta, -alpha)
        while value < beta:  # "search it again until it is good enough": beta is +inf at the root
            value = -hangs(game, game.play(node, move), -beta, -alpha)
        best = max(best, value)
    return best


def spins(game, node, alpha, beta):
    while node == game.root:
        pass  # waits for the root to change: it never does
    return alphabeta(game, node, alpha, beta)


def raises(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node) / (game.score(node) - 5)  # a leaf worth 5 divides by zero
    best = -INF
    for move in game.moves(node):
        best = max(best, -raises(game, game.play(node, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def forgets_return(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        best = max(best, -forgets_return(game, game.play(node, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            return best
    # forgot: return best


def says_so(game, node, alpha, beta):
    if game.is_terminal(node):
        return f"{game.score(node)}"
    best = -INF
    for move in game.moves(node):
        best = max(best, -float(says_so(game, game.play(node, move), -beta, -alpha)))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def mutates(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        game.root = move  # "remember where we are"
        best = max(best, -mutates(game, game.play(node, move), -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def max_no_cut(game, node, alpha, beta):
    if game.is_terminal(node):
        return first_player(game, node, game.score(node))
    v = -INF
    for move in game.moves(node):
        v = max(v, min_no_cut(game, game.play(node, move), alpha, beta))
        alpha = max(alpha, v)  # ... and no return when v >= beta
    return v


def min_no_cut(game, node, alpha, beta):
    if game.is_terminal(node):
        return first_player(game, node, game.score(node))
    v = INF
    for move in game.moves(node):
        v = min(v, max_no_cut(game, game.play(node, move), alpha, beta))
        beta = min(beta, v)
    return v


# --- code that fights back: exits, loops around a bare except, raises what is not an Exception
def exits(game, node, alpha, beta):
    if game.is_terminal(node):
        sys.exit(3)  # "found a leaf: done"
    return max(-exits(game, game.play(node, m), -beta, -alpha) for m in game.moves(node))


def quits(game, node, alpha, beta):
    exit()


def closes(game, node, alpha, beta):
    raise GeneratorExit


def interrupts(game, node, alpha, beta):
    if game.is_terminal(node):
        raise KeyboardInterrupt  # "stop here"
    return max(-interrupts(game, game.play(node, m), -beta, -alpha) for m in game.moves(node))


def swallows(game, node, alpha, beta):
    while True:  # waits for a value that never comes, and lets nothing stop it
        try:
            pass
        except:  # noqa: E722
            pass


def swallows_deep(game, node, alpha, beta):
    if game.is_terminal(node):
        while True:
            try:
                node = node
            except:  # noqa: E722
                continue
    best = -INF
    for move in game.moves(node):
        while True:  # "try again until it works"
            try:
                value = -swallows_deep(game, game.play(node, move), -beta, -alpha)
                break
            except:  # noqa: E722
                continue
        best = max(best, value)
    return best


def spins_on_one_line(game, node, alpha, beta):
    while True: pass  # noqa: E701


def retries(game, node, alpha, beta):
    if game.is_terminal(node):
        return game.score(node)
    best = -INF
    for move in game.moves(node):
        value = -INF
        while value < beta:  # "search it again until it is good enough", whatever goes wrong
            try:
                value = -retries(game, game.play(node, move), -beta, -alpha)
            except:  # noqa: E722
                pass
        best = max(best, value)
    return best


def says_started(game, node, alpha, beta):
    print("started", flush=True)
    while True:
        try:
            pass
        except:  # noqa: E722
            pass
