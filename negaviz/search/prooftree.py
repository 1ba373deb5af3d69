"""What a proof is: the :class:`Claim` proved, the :class:`ProofNode` positions, a
:class:`ProofTree` for one claim and the :class:`Proofs` of a position's value, and
claims in words (see :mod:`negaviz.search.proof`, which builds and checks them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, NamedTuple

from negaviz.games.protocol import is_textbook_tree, max_score_of, player_names_of
from negaviz.vocabulary import fmt, number_out

__all__: list[str] = []

OPS = (">=", "<=")


class Claim(NamedTuple):
    """A bound on the first player's value: ``>= 1`` (x wins), ``<= 0`` (x cannot win)."""

    op: str
    """``>=`` (the first player proves it gets at least ``value``) or ``<=`` (the second
    player proves the first gets at most ``value``)."""
    value: float
    """The bound, from the first player's point of view."""

    def __str__(self) -> str:
        return f"{self.op} {number_out(self.value)}"

    def holds(self, first_player_value: float) -> bool:
        """Whether a value (first player's view) satisfies the claim."""
        return first_player_value >= self.value if self.op == ">=" else first_player_value <= self.value


@dataclass(frozen=True, eq=False)
class ProofNode:
    """One position of a proof tree.  Identical subtrees may be shared (a DAG in memory,
    counted as a tree); nodes compare by identity."""

    position: Any
    """The game position."""
    move: Any
    """The move that led here from the parent (None at the root)."""
    children: tuple[ProofNode, ...]
    """One child where the prover moves, every child where the opponent moves, none at a
    terminal position."""
    prover_to_move: bool
    """Whether the prover is the side to move here."""


@dataclass(frozen=True)
class ProofTree:
    """A proof of one claim about the root's value."""

    prover: int
    """0 if the first player proves the claim, 1 if the second does."""
    prover_name: str
    """The prover as the game names its players (``x``), else ``first``/``second``."""
    claim: Claim
    """What is proved, from the first player's point of view."""
    description: str
    """The claim in words, e.g. ``x can at least draw``."""
    root: ProofNode
    """The root of the tree."""
    nodes: int
    """Nodes in the proof counted as a tree (a shared subtree counts each time), root included."""
    minimal: bool
    """True if the tree has the fewest nodes of any proof; False if the prover's move
    is a move that ends the game keeping the claim if there is one, else the first one
    (in the game's move order) that keeps the claim."""
    game: Any = field(default=None, compare=False)
    """The game it is a proof in (what :func:`check_proof` and ``draw_proof`` use when
    given the proof alone)."""

    def __repr__(self) -> str:
        return f"<negaviz proof: {self.description} ({self.claim}), {self.nodes:,} nodes>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """A notebook shows a proof as its drawing (see :func:`negaviz.display.bundle`)."""
        from negaviz.display import bundle  # lazily: showing sits above proving, and may need graphviz

        return bundle(self)

    def walk(self) -> Iterator[tuple[int, ProofNode]]:
        """``(depth, node)`` for every node of the tree, depth first, children in order."""
        stack: list[tuple[int, ProofNode]] = [(0, self.root)]
        while stack:
            depth, node = stack.pop()
            yield depth, node
            stack.extend((depth + 1, c) for c in reversed(node.children))

    def to_dict(self) -> dict[str, Any]:
        """``{"prover", "claim", "description", "nodes", "minimal"}``."""
        return {
            "prover": self.prover_name,
            "claim": str(self.claim),
            "description": self.description,
            "nodes": self.nodes,
            "minimal": self.minimal,
        }


@dataclass(frozen=True)
class Proofs:
    """The value of a position and the proof tree(s) that establish it."""

    value: float
    """The game-theoretic value for the side to move at the root."""
    first_player: int
    """0 if the first player is to move at the root, else 1."""
    proofs: tuple[ProofTree, ...]
    """One proof for a win or a loss (the winner's), two for any other value: the first
    player's ``>= v``, then the second player's ``<= v``."""
    game: Any = field(default=None, compare=False)
    """The game the proofs are in."""

    def __repr__(self) -> str:
        each = ", ".join(f"{p.description} ({p.nodes:,} nodes)" for p in self.proofs)
        return f"<negaviz proofs: value {fmt(self.value)}; {each}>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """A notebook shows the proof's drawing, or, for two proofs, says what each is."""
        from negaviz.display import bundle  # lazily: showing sits above proving, and may need graphviz

        return bundle(self)

    @property
    def minimax_value(self) -> float:
        """The root's value for the first player."""
        return self.value if self.first_player == 0 else -self.value

    def to_dict(self) -> dict[str, Any]:
        """What ``negaviz proof --json`` prints: the value and, per proof, prover, claim and size."""
        return {
            "value": number_out(self.value),
            "minimax_value": number_out(self.minimax_value),
            "proofs": [p.to_dict() for p in self.proofs],
        }


def player_names(game: object) -> tuple[str, str]:
    """The game's ``player_names`` (e.g. ``("x", "o")``), else ``("first", "second")``."""
    names = player_names_of(game)
    return ("first", "second") if names is None else names


def player_words(game: object) -> tuple[str, str]:
    """The players as a sentence names them: ``("x", "o")``, or ``("first player", "second player")``."""
    names = player_names_of(game)
    return ("first player", "second player") if names is None else names


def describe(game: object, claim: Claim) -> str:
    """A claim in words: ``x wins``, ``o can at least draw``, ``first player gets at least 5``.

    A claim of ``max_score`` (or of any positive value, for a game without
    ``max_score``) is a win; textbook trees (games with ``preorder``) speak of values.
    """
    first, second = player_words(game)
    prover, need = (first, claim.value) if claim.op == ">=" else (second, -claim.value)
    top = max_score_of(game)
    if need == 0:
        return f"{prover} can at least draw"
    if need > 0 and (top is None or need >= top) and not is_textbook_tree(game):
        return f"{prover} wins"
    if claim.op == ">=":
        return f"{first} gets at least {fmt(claim.value)}"
    return f"{second} holds {first} to at most {fmt(claim.value)}"
