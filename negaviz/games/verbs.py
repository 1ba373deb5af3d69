"""The optional verbs of the game protocol, one small :class:`Protocol` each
(``Has<Verb>``): what negaviz uses it for, and what happens without it.

They document the verbs and type a game class that lists them as bases;
:mod:`negaviz.games.protocol` holds the table of every verb (``OPTIONAL_VERBS``) and the
one rule by which negaviz finds them (:func:`~negaviz.games.protocol.has_verb`).
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Protocol, Sequence

Position = Any
"""A position: any value the game understands (immutable)."""
Move = Any
"""A move: any value the game's ``moves`` gives."""


# ---------------------------------------------------------------------------- the start
class HasRoot(Protocol):
    """``root``: the position searches start from when none is given.

    Used by :func:`negaviz.search`, :func:`negaviz.record`, :func:`negaviz.prove`,
    ``solve`` and the analyses whenever no position is passed.  Without it (or with
    ``root = None``) those calls need the position: leaving it out is an InputError.
    """

    root: Position


# ---------------------------------------------------------------------------- optional methods
class HasKey(Protocol):
    """``key(pos)``: a hashable, deterministic key for ``pos``.

    Used by transposition tables (``tt=True``), proofs, and anything that compares
    positions.  Without it the position itself is the key (so it must be hashable).
    """

    def key(self, pos: Position) -> Hashable: ...


class HasSymmetries(Protocol):
    """``symmetries(pos)``: the keys of every symmetric variant of ``pos``, its own key
    among them; the smallest is the canonical key.

    Used by ``symmetry=True`` (transpositions up to symmetry, and symmetric sibling
    moves searched once).  Without it ``symmetry=True`` is an InputError.
    """

    def symmetries(self, pos: Position) -> Iterable[Hashable]: ...


class HasEvaluate(Protocol):
    """``evaluate(pos)``: a heuristic value for the side to move at a non-terminal
    position, an int or a float, never larger than a win.

    Used at the depth limit (``depth=``, iterative deepening) and, lacking ``order``,
    by ``order="heuristic"`` (children sorted by their evaluation).  Without it a depth
    limit is an InputError.
    """

    def evaluate(self, pos: Position) -> float: ...


class HasOrder(Protocol):
    """``order(pos, moves)``: ``moves`` re-ordered, most promising first.

    Used by ``order="heuristic"`` and ``"threats+heuristic"``.  Without it those orders
    sort by ``evaluate``; without either, they are an InputError.
    """

    def order(self, pos: Position, moves: Sequence[Move]) -> Sequence[Move]: ...


class HasThreats(Protocol):
    """``threats(pos)``: ``(wins, blocks)``, the moves that win at once and the moves
    that stop the opponent winning with its next move.

    Used by ``order="threats"`` / ``"threats+heuristic"`` (wins, then blocks, first)
    and by threat search (``forced=True``).  Without it the threat orders find only
    moves whose child is over and lost for the opponent, and ``forced=True`` is an
    InputError.
    """

    def threats(self, pos: Position) -> tuple[Sequence[Move], Sequence[Move]]: ...


class HasValueBounds(Protocol):
    """``value_bounds(pos)``: ``(lo, hi)``, the least and the most the side to move can
    still get from ``pos``.

    Used by ``bounds=True`` (a node whose bounds meet is valued without search: early
    draw detection).  Without it ``bounds=True`` is an InputError.
    """

    def value_bounds(self, pos: Position) -> tuple[float, float]: ...


class HasLabel(Protocol):
    """``label(pos)``: short text for the position, as drawings, tables and messages
    show it (it may hold newlines: a board's rows).

    Without it the position is shown as ``str(pos)``.
    """

    def label(self, pos: Position) -> str: ...


class HasMoveName(Protocol):
    """``move_name(pos, move)``: the text of ``move`` made at ``pos`` (``"b2"``).

    Used for principal variations, edge labels and messages.  Without it a move is
    shown as ``str(move)``.
    """

    def move_name(self, pos: Position, move: Move) -> str: ...


class HasPlayer(Protocol):
    """``player(pos)``: 0 if the first player is to move at ``pos``, 1 otherwise.

    Used to turn values into the first player's view (minimax drawings, proofs, the
    result's ``minimax_value``) and to mark who moves.  Without it the side to move at
    the root is taken to be the first player, and players alternate below it.
    """

    def player(self, pos: Position) -> int: ...


class HasOutcomes(Protocol):
    """``outcomes(pos)``: at a chance position (a dice roll, a card dealt), each outcome
    with its probability, as ``[(outcome, p), ...]`` (``play(pos, outcome)`` gives the
    position after it); None at a position where a player moves.

    Used by the chance searches (``expectimax``, ``star1``), which also need
    ``player(pos)`` at a chance position: the player whose view its expected value is in
    (the next to move after a roll before a move; the opponent, where chance takes the
    opponent's turn).  The other algorithms refuse a game that has chance positions
    (``has_chance`` true, or no ``has_chance``).  Without it every position is a
    player's, and ``expectimax`` is plain negamax.
    """

    def outcomes(self, pos: Position) -> Sequence[tuple[Move, float]] | None: ...


class HasRestore(Protocol):
    """``restore()``: put the game's object back in the state it had when wrapped.

    Adapters (:class:`~negaviz.games.MutableGame`, AIMA and easyAI games) move one
    object about to answer questions about positions; negaviz calls ``restore`` after
    every search, proof, check and drawing that asked them, so the lecturer's object is
    left as it was.  Without it nothing is restored (immutable games need nothing).
    """

    def restore(self) -> None: ...


class HasPreorder(Protocol):
    """``preorder()``: every position of the game, in tree order (depth first, children
    left to right), each once.

    Having it means "a textbook tree" (:class:`~negaviz.games.Tree`): its nodes have
    names, so pruned nodes are listed and skipped moves named by the node they lead
    to, drawings use the textbook style, and proofs speak of values rather than wins.
    Without it a game is a game: skipped moves are named by ``move_name``.
    """

    def preorder(self) -> Sequence[Position]: ...


class HasSpec(Protocol):
    """``spec()``: a JSON-able dict from which :func:`negaviz.games.from_spec` rebuilds
    the game.

    Saved traces and exported pages keep it, so a loaded trace can be drawn again and
    two traces can be told apart as searches of different games.  Without it a saved
    trace keeps only what the search recorded.
    """

    def spec(self) -> dict[str, Any]: ...


class HasCells(Protocol):
    """``cells(pos)``: a square board's cells as ``x``, ``o`` and ``.``, row by row.

    Used to draw positions as boards.  Without it (and without ``size``) a position is
    drawn as its ``label`` text.
    """

    def cells(self, pos: Position) -> str: ...


# ---------------------------------------------------------------------------- optional values
class HasMaxScore(Protocol):
    """``max_score``: a number no value of the game ever exceeds, so that a value this
    large is a win.

    Used by ``stop_at_win=True`` (stop trying moves once one reaches it), proofs (is the
    root's value a win?), minimal-tree counts and captured students' searches.  Without
    it ``stop_at_win=True`` is an InputError and any non-zero proven value counts as a
    win.  A value that is not a number is an InputError.
    """

    max_score: float


class HasPlayerNames(Protocol):
    """``player_names``: the names of the first and second player, e.g. ``("x", "o")``.

    Used in proofs' claims and their JSON, and by the play widget.  Without it (or if it
    is not a pair) the players are "first player" and "second player".
    """

    player_names: tuple[str, str]


class HasSize(Protocol):
    """``size``: the side of a square board whose ``label`` writes the board in rows
    (Othello).

    Used to draw positions as boards.  Without it (or if it is not a positive int) a
    position is drawn as its ``label`` text.
    """

    size: int


class HasAlternates(Protocol):
    """``alternates``: False when a side may move twice in a row (a pass, an extra move,
    CS188's one MIN layer per ghost); ``player(pos)`` then says whose turn each position is.

    Used by the negamax core, which negates a child's value and window only where the
    turn passes, by the trace (``Trace.side``) and everything that reads it.  Searches
    that assume alternation (MCTS, ``prove``, expectimax and star1) refuse such a game.
    Without it (or if it is not False) every move hands the turn over.
    """

    alternates: bool


class HasCheckPosition(Protocol):
    """``check_position(pos)``: the position to search for ``pos`` as a caller gave it
    (the game's own text form, e.g. ``"x../.o./..."``, becomes a position), or an
    InputError saying what a position of this game is.

    Used by :func:`negaviz.search` and :func:`negaviz.record` on the position they are
    given.  Without it any object is taken as a position, and a wrong one fails inside
    the game's own code.
    """

    def check_position(self, pos: Position) -> Position: ...
