"""Proof trees: the part of a game tree that proves who wins (or that nobody loses).

A *proof tree* for a claim about a position's value holds, at every position where the
prover moves, **one** move that keeps the claim, and at every position where the
opponent moves, **all** moves; its leaves are terminal positions whose scores satisfy
the claim.  Anyone can check one without searching: follow it down and read the leaves.

>>> from negaviz import TicTacToe
>>> game = TicTacToe()
>>> proofs = prove(game)  # the empty board: a draw, so each side proves it cannot lose
>>> proofs.value, [(str(p.claim), p.description, p.nodes) for p in proofs.proofs]
(0, [('>= 0', 'x can at least draw', 262), ('<= 0', 'o can at least draw', 1725)])
>>> [p.nodes for p in prove(game, minimal=True).proofs]
[182, 1280]
>>> [check_proof(game, p) for p in proofs.proofs]
[[], []]

Claims are written from the first player's point of view, as textbooks draw minimax
trees: the first player proves ``>= v`` (it can get at least ``v``), the second player
proves ``<= v`` (it can hold the first player to at most ``v``).  When the root's value
``v`` is a win (``±max_score``, or any non-zero value for a game without ``max_score``)
the winner's proof alone settles it; otherwise (a draw in tic-tac-toe, or a textbook
value between the extremes) two proofs pin it from both sides.

Where the exact values come from: the root's value is :func:`negaviz.search` with
``algorithm="alphabeta", tt=True``.  That search and any later ones are watched by an
observer that keeps every value the search returned as *exact* (no window bound), keyed
by the game's ``key``; a position the proof needs and no search has valued yet is
searched the same way, on demand.  Nothing here re-implements negamax.

Optional game verbs used: ``key`` (memo keys), ``player`` (who moves at the root; below
it players alternate, as negamax assumes), ``max_score`` (is a value a win?) and
``player_names`` (a pair such as ``("x", "o")`` for claims and JSON; default ``first
player``/``second player``).

What a proof is made of (:class:`Claim`, :class:`ProofNode`, :class:`ProofTree`,
:class:`Proofs`) is in :mod:`negaviz.search.prooftree`, the exact values it is built
from in :mod:`negaviz.search.exact`; both are imported from here.
"""

from __future__ import annotations

from typing import Any, Hashable

from negaviz.errors import InputError, too_deep
from negaviz.games.protocol import (
    checked_position, key_of, label, max_score_of, move_name, player, restore, root_of, spec_of, verb,
)
from negaviz.search.core import _refuse_turns
from negaviz.search.exact import _ExactValues
from negaviz.search.prooftree import (  # the proof's values and words: imported from here too
    OPS, Claim, ProofNode, Proofs, ProofTree, describe, player_names, player_words,
)
from negaviz.vocabulary import fmt

__all__ = ["prove", "check_proof", "Proofs", "ProofTree", "ProofNode", "Claim"]


# ---------------------------------------------------------------------------- building
class _Builder:
    """Builds proofs of one claim, memoized by game key (the claim is fixed)."""

    def __init__(self, game: Any, values: _ExactValues, prover: int, claim: Claim) -> None:
        self.game = game
        self.values = values
        self.prover = prover
        self.claim = claim
        self.sizes: dict[Hashable, int] = {}
        self.choice: dict[Hashable, Any] = {}  # prover's nodes: the move kept
        self.built: dict[Hashable, ProofNode] = {}

    def keeps(self, pos: Any, mover: int) -> bool:
        """Whether the claim holds at ``pos``, where ``mover`` is to move."""
        v = self.values(pos)
        return self.claim.holds(v if mover == 0 else -v)

    def _ends_keeping(self, pos: Any, mover: int) -> bool:
        return bool(self.game.is_terminal(pos)) and self.keeps(pos, mover)

    def size(self, pos: Any, mover: int, minimal: bool) -> int:
        """Nodes of the proof below (and including) ``pos``; records the prover's choices."""
        key = self.values.key(pos)
        known = self.sizes.get(key)
        if known is not None:
            return known
        game = self.game
        if game.is_terminal(pos):
            total = 1
        elif mover == self.prover:
            best: int | None = None
            moves = list(game.moves(pos))
            if not minimal:  # a move that ends the game keeping the claim (a win in one) comes first:
                # a proof that walks past it to win later reads as a blunder
                ending = [m for m in moves if self._ends_keeping(game.play(pos, m), mover ^ 1)]
                moves = ending[:1] or moves
            for m in moves:
                child = game.play(pos, m)
                if not self.keeps(child, mover ^ 1):
                    continue
                n = self.size(child, mover ^ 1, minimal)
                if best is None or n < best:  # strict: ties keep the first in move order
                    best, self.choice[key] = n, m
                if not minimal:
                    break  # the first move that keeps the claim will do
            assert best is not None, "a position that keeps the claim has a move that keeps it"
            total = 1 + best
        else:  # the opponent may play anything: every reply must be answered
            total = 1 + sum(self.size(game.play(pos, m), mover ^ 1, minimal) for m in game.moves(pos))
        self.sizes[key] = total
        return total

    def node(self, pos: Any, move: Any, mover: int) -> ProofNode:
        """The proof node at ``pos`` (after :meth:`size` chose the prover's moves).

        The same position reached by the same move is built once and shared, so a
        proof of a game with transpositions stays small in memory.
        """
        key = self.values.key(pos)
        ident: Hashable | None = (key, move)
        try:
            hash(ident)
        except TypeError:  # an unhashable move (a lecturer's own game): no sharing
            ident = None
        if ident is not None and ident in self.built:
            return self.built[ident]
        game = self.game
        if game.is_terminal(pos):
            kids: tuple[ProofNode, ...] = ()
        elif mover == self.prover:
            m = self.choice[key]
            kids = (self.node(game.play(pos, m), m, mover ^ 1),)
        else:
            kids = tuple(self.node(game.play(pos, m), m, mover ^ 1) for m in game.moves(pos))
        made = ProofNode(pos, move, kids, mover == self.prover)
        if ident is not None:
            self.built[ident] = made
        return made


def _claims(game: Any, first_value: float) -> list[tuple[int, Claim]]:
    """Who proves what, given the root's value for the first player."""
    top = max_score_of(game)
    decisive = first_value != 0 and (top is None or abs(first_value) >= top)
    if decisive:  # a win: the winner's proof says it all
        return [(0, Claim(">=", first_value))] if first_value > 0 else [(1, Claim("<=", first_value))]
    return [(0, Claim(">=", first_value)), (1, Claim("<=", first_value))]


def prove(game: Any, position: Any = None, *, minimal: bool = False) -> Proofs:
    """The value of ``position`` (default: the game's root) and the proof tree(s) of it.

    ``minimal=False``: at the prover's positions take a move that ends the game keeping
    the claim (a win in one) if there is one, else the first move (in the game's move
    order) that keeps the claim.  ``minimal=True``: the proof with the fewest nodes
    counted as a tree (size at the prover's nodes is 1 + the smallest child proof, at the
    opponent's 1 + the sum; ties go to the earlier move).  Proof trees can be large
    (every reply of the opponent is in them): this is for games small enough to solve.
    """
    from negaviz.search import check_game
    from negaviz.vocabulary import check_flag

    check_flag(minimal, "minimal")
    check_game(game)
    _refuse_turns(game, "prove (whose proof trees take turns by depth)")
    root = checked_position(game, root_of(game, position, needed_by="prove"))  # text, as record() takes it
    if game.is_terminal(root):
        raise InputError(
            f"position {label(game, root)!r} is terminal: there is nothing to prove (prove a position before the game ends)"
        )
    values = _ExactValues(game)
    try:
        value = values.search(root)
        root_player = player(game, root)
        first_value = value if root_player == 0 else -value
        names = player_names(game)
        proofs = []
        for prover, claim in _claims(game, first_value):
            builder = _Builder(game, values, prover, claim)
            nodes = builder.size(root, root_player, minimal)
            tree = builder.node(root, None, root_player)
            proofs.append(ProofTree(prover, names[prover], claim, describe(game, claim), tree, nodes, minimal, game))
    except RecursionError:
        raise too_deep(game, "prove") from None
    finally:
        restore(game)  # a MutableGame moved its object to answer: put it back
    return Proofs(value, root_player, tuple(proofs), game)


# ---------------------------------------------------------------------------- which proof
def _game_text(game: Any) -> str:
    spec = spec_of(game)
    rules = {k: v for k, v in spec.items() if k not in ("game", "position")} if isinstance(spec, dict) else {}
    return type(game).__name__ + (" " + " ".join(f"{k}={v}" for k, v in rules.items()) if rules else "")


def _same_game(a: Any, b: Any) -> bool:
    """Whether a proof made in ``a`` can be checked in ``b``: the same kind of game with the
    same rules (board size, tree); where a position starts does not matter."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    sa, sb = spec_of(a), spec_of(b)
    if isinstance(sa, dict) and isinstance(sb, dict):
        drop = ("position",)
        return {k: v for k, v in sa.items() if k not in drop} == {k: v for k, v in sb.items() if k not in drop}
    return True


def proofs_in(args: tuple[Any, ...], caller: str) -> tuple[Any, list[ProofTree]]:
    """The game and proof trees that ``caller(*args)`` names: ``(proof,)`` (a result of
    :func:`prove` or one of its ``.proofs``, which carry their game) or ``(game, proof)``.
    Anything else is an InputError saying what to pass."""
    how = f"{caller}(prove(game)), or {caller}(proofs.proofs[0])"
    if len(args) == 1:
        game, proof = None, args[0]
    elif len(args) == 2:
        game, proof = args
    else:
        raise InputError(f"{caller}() takes a proof from prove() (and optionally its game first), not {len(args)} arguments: {how}")
    if isinstance(proof, Proofs):
        trees, own = list(proof.proofs), proof.game
    elif isinstance(proof, ProofTree):
        trees, own = [proof], proof.game
    elif len(args) == 1 and callable(getattr(proof, "moves", None)):
        raise InputError(f"{caller}() needs a proof, not the game: {how}")
    else:
        raise InputError(
            f"{caller}() takes a proof from prove() (its result, or one of its .proofs), not a {type(proof).__name__}: {how}"
        )
    if game is None:
        if own is None:
            raise InputError(f"this proof does not say which game it is in: pass the game first, {caller}(game, proof)")
        game = own
    elif own is not None and not _same_game(own, game):
        raise InputError(
            f"{caller}(): the proof is of a {_game_text(own)}, not of the {_game_text(game)} given: "
            f"pass the proof alone, {caller}(proof)"
        )
    return game, trees


# ---------------------------------------------------------------------------- checking
def check_proof(*args: Any) -> list[str]:
    """Problems with a proof as a proof of its claim (an empty list: it is valid).

    ``check_proof(proofs)`` checks what :func:`prove` returned (every proof in it; with
    two, each problem starts with the claim in words), ``check_proof(proof)`` one of its
    ``.proofs``, and ``check_proof(game, proof)`` checks a proof in ``game`` (it must be
    the game the proof was made in, or one with the same rules).

    >>> from negaviz import TicTacToe
    >>> check_proof(prove(TicTacToe("x.o/x../o..")))
    []
    >>> check_proof(TicTacToe())
    Traceback (most recent call last):
    ...
    negaviz.errors.InputError: check_proof() needs a proof, not the game: check_proof(prove(game)), or check_proof(proofs.proofs[0])

    Checks, without searching: each node's ``prover_to_move`` says whether the prover
    moves there (the game's ``player`` at the root, if it has one, then alternation);
    each of the prover's nodes has exactly one child, by a legal move; each of the opponent's nodes has exactly one
    child for each legal move; every child is the position its move leads to; every leaf
    is terminal and its score satisfies the claim; ``proof.nodes`` is the tree's size.
    """
    game, trees = proofs_in(args, "check_proof")
    if len(trees) == 1:
        return _check(game, trees[0])
    return [f"{tree.description}: {problem}" for tree in trees for problem in _check(game, tree)]


def _check(game: Any, proof: ProofTree) -> list[str]:
    problems: list[str] = []
    claim = proof.claim
    if claim.op not in OPS:
        return [f"unknown claim operator {claim.op!r} (must be one of {list(OPS)})"]
    root = proof.root
    who = verb(game, "player")
    if who is not None:
        root_mover = int(who(root.position))
    else:  # no player(): trust the root's flag, then players alternate
        root_mover = proof.prover if root.prover_to_move else 1 - proof.prover
    sizes: dict[int, int] = {}  # tree size below each node checked (shared nodes: once)
    flags: list[str] = []  # where prover_to_move is wrong: reported once, with a count

    def where(path: list[str]) -> str:
        return "root" if not path else "after " + " ".join(path)

    def visit(node: ProofNode, path: list[str], mover: int) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        pos = node.position
        here = where(path)
        prover_moves = mover == proof.prover
        if node.prover_to_move != prover_moves:
            flags.append(here)
        total = 1
        if game.is_terminal(pos):
            if node.children:
                problems.append(f"{here}: the game is over, yet the node has {len(node.children)} children")
            score = game.score(pos)
            first_view = score if mover == 0 else -score
            if not claim.holds(first_view):
                problems.append(
                    f"{here}: the game ends with {fmt(first_view)} for the first player, "
                    f"which does not satisfy the claim {claim}"
                )
        elif not node.children:
            problems.append(f"{here}: a leaf that is not terminal")
        else:
            legal = list(game.moves(pos))
            moves = [c.move for c in node.children]
            if prover_moves and len(moves) != 1:
                problems.append(f"{here}: the prover's node has {len(moves)} children (it must have exactly one)")
            for m in moves:
                if m not in legal:
                    problems.append(f"{here}: move {move_name(game, pos, m)} is not legal")
            if not prover_moves:
                missing = [m for m in legal if moves.count(m) == 0]
                twice = [m for m in legal if moves.count(m) > 1]
                if missing:
                    problems.append(f"{here}: the opponent's {_moves(game, pos, missing)} missing")
                if twice:
                    problems.append(f"{here}: the opponent's {_moves(game, pos, twice)} there more than once")
            for child in node.children:
                name = move_name(game, pos, child.move)
                if child.move in legal and key_of(game, game.play(pos, child.move)) != key_of(game, child.position):
                    problems.append(f"{where(path + [name])}: the position is not the one move {name} leads to")
                total += visit(child, path + [name], mover ^ 1)
        sizes[id(node)] = total
        return total

    try:
        total = visit(root, [], root_mover)
    except RecursionError:
        raise too_deep(game, "check a proof of") from None
    finally:
        restore(game)
    if flags:
        more = f" and {len(flags) - 1} more nodes" if len(flags) > 1 else ""
        problems.insert(0, f"{flags[0]}{more}: prover_to_move does not say who moves there")
    if total != proof.nodes:
        problems.append(f"the proof says it has {proof.nodes} nodes, but the tree has {total}")
    return problems


def _moves(game: Any, pos: Any, moves: list[Any]) -> str:
    """``move b1 is`` or ``moves b1, c3 are``: the subject and verb of a problem."""
    names = ", ".join(move_name(game, pos, m) for m in moves)
    return f"move {names} is" if len(moves) == 1 else f"moves {names} are"
