"""Monte Carlo tree search: UCT, and flat Monte Carlo as its baseline, over the game protocol.

Any game negaviz searches works unchanged (the four required verbs; see
:mod:`negaviz.games.protocol`), a textbook tree included: its playouts are random walks
down to a leaf.  Each iteration has four phases, each reported to the observer as an
event (see :class:`~negaviz.search.events.EventKind`, kinds 20 to 24):

1. **selection** (SELECT): from the root, while the current node is fully expanded (every
   move has its child) and not terminal, go to the child with the largest UCB value
   ``Q + C·sqrt(ln N_parent / N_child)``; ties go to the first in move order;
2. **expansion** (EXPAND): unless the node is terminal, add its first untried move (in
   move order) as a new node: unvisited children are tried before any is selected twice;
3. **playout** (PLAYOUT): from the new node, uniformly random moves until the game ends;
4. **backup** (BACKUP): every node on the path, the new one first and the root last, adds
   one visit (N) and the playout's result (W), negated at each step up.

**Negamax form.**  Each node's W (and so Q = W/N) is from the view of the player who
*moved into* it, i.e. of the parent's side to move: the parent maximises Q over its
children, and a result is backed up negated from a node to its parent, as negamax
negates a child's value.  (The two-player form keeps per-player totals at each node and
lets MIN minimise; with a zero-sum score it selects the same children: the negamax form
is the one recorded.)  Scores are the game's own (``score(pos)``, for the side to move
at the end), not mapped to win/draw/loss: choose ``c`` on the scale of the scores.

**Flat Monte Carlo** (``algorithm="flat"``) is the baseline without a tree: the root's
moves are expanded in move order, then played out in turn (the least visited first,
ties in move order: round robin), and never deeper.  Its SELECT events carry the
child's Q and an exploration term of 0.

The move played is the root's most visited child (ties in move order), and
``value`` is that child's Q, for the side to move at the root: it tends to the minimax
value as iterations grow.  Deterministic: the search draws from its own
``random.Random(seed)``, so the same game, options and seed give the same iterations,
events and trace bytes (a time budget ``seconds`` stops wherever the clock says, so
only the iterations done are reproducible).

>>> from negaviz.games import Tree, TicTacToe
>>> r = mcts(Tree.parse("[[7,5],[3,1,9]]"), iterations=200, seed=1)
>>> r.move_name, round(r.value, 2), r.visits  # the minimax value is 5: B, then E
('B', 5.04, (193, 7))
>>> mcts(TicTacToe("xo./.x./..o"), iterations=300, seed=0).move_name  # a2 or a3 win for x
'a2'
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import asdict, dataclass, fields
from numbers import Real
from typing import Any, Callable

from negaviz.errors import InputError, SearchInterrupted
from negaviz.games.adapter import by_value
from negaviz.games.protocol import Game, checked_position, move_name, player, restore, root_of
from negaviz.search import check_game
from negaviz.search.chance import has_chance
from negaviz.search.core import _checked, _checked_play, _listed, _no_moves, _refuse_turns  # the core's checks of a game's answers
from negaviz.search.events import EventKind
from negaviz.search.observer import SearchObserver, hooks
from negaviz.search.result import Stopped
from negaviz.vocabulary import shown

__all__ = ["mcts", "MctsOptions", "MctsResult"]

ALGORITHMS = ("uct", "flat")
"""``uct``: the tree grown by UCB selection; ``flat``: playouts from the root's moves in turn."""

DEFAULT_C = 1.4
"""The exploration constant: aima-python's ``ucb(n, C=1.4)`` in ``games4e.py``."""

MAX_PLAYOUT = 10_000
"""The default longest playout: a game whose random playout runs longer is refused."""

_FLUSH_EVERY = 256  # iterations between calls of an observer's flush()
SELECT, EXPAND, PLAYOUT, BACKUP, ITERATION = (
    float(k) for k in (EventKind.SELECT, EventKind.EXPAND, EventKind.PLAYOUT, EventKind.BACKUP, EventKind.ITERATION)
)


def _whole(name: str, value: Any, least: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InputError(f"{name} must be a whole number of at least {least} ({what}), not {shown(value)}")


@dataclass(frozen=True)
class MctsOptions:
    """How Monte Carlo tree search runs; checked when made (one-line InputErrors)."""

    algorithm: str = "uct"
    """``uct`` (the tree, by UCB) or ``flat`` (flat Monte Carlo, the baseline)."""
    c: float = DEFAULT_C
    """The exploration constant C of UCB (> 0; aima-python's default, 1.4)."""
    iterations: int = 1000
    """How many iterations (playouts) at most."""
    max_nodes: int | None = None
    """Tree nodes at most, the root included (>= 2: one iteration adds one node), or None."""
    seconds: float | None = None
    """Wall-clock seconds at most (> 0), or None; the first iteration always runs."""
    seed: int = 0
    """The seed of the search's own random.Random: the same seed, the same search."""
    max_playout: int = MAX_PLAYOUT
    """The longest playout allowed, in moves: a game whose playout runs longer is refused."""

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise InputError(f"unknown MCTS algorithm {shown(self.algorithm)} (must be one of {', '.join(map(repr, ALGORITHMS))})")
        c = self.c
        if isinstance(c, bool) or not isinstance(c, Real) or not (math.isfinite(c) and c > 0):
            raise InputError(f"the exploration constant c must be a finite number above 0 (e.g. {DEFAULT_C}), not {shown(c)}")
        _whole("iterations", self.iterations, 1, "playouts to run")
        if self.max_nodes is not None:
            _whole("max_nodes", self.max_nodes, 2, "the root and one new node make one iteration; or None")
        s = self.seconds
        if s is not None and (isinstance(s, bool) or not isinstance(s, Real) or not (math.isfinite(s) and s > 0)):
            raise InputError(f"seconds must be a finite number above 0 (a time budget), or None, not {shown(s)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise InputError(f"seed must be a whole number (the same seed gives the same search), not {shown(self.seed)}")
        _whole("max_playout", self.max_playout, 1, "moves in one random playout")

    @classmethod
    def of(cls, values: dict[str, Any]) -> MctsOptions:
        """Options from keywords; an unknown name is an InputError naming the known ones."""
        known = [f.name for f in fields(cls)]
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise InputError(f"unknown MCTS option {unknown[0]!r} (options: {', '.join(known)})")
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class MctsResult:
    """What a Monte Carlo tree search found and what it cost."""

    move: Any
    """The root's most visited move (ties in move order)."""
    move_name: str
    """The same move, as the game names it."""
    value: float | None
    """That child's Q: its mean playout result for the side to move at the root (None
    when stopped before any child was visited)."""
    moves: tuple[Any, ...]
    """The root's moves, in move order."""
    visits: tuple[int, ...]
    """N of each of the root's moves (0 for a move not yet in the tree)."""
    totals: tuple[float, ...]
    """W of each of the root's moves, for the side to move at the root."""
    iterations: int
    """Iterations done (the last one may be partial after Ctrl-C)."""
    nodes: int
    """Nodes in the tree, the root included."""
    seconds: float
    """Wall-clock time, measured in process."""
    first_player: int
    """0 if the first player is to move at the root, else 1."""
    options: MctsOptions
    """The options searched with."""
    stopped: Stopped | None = None
    """None when every iteration ran; BUDGET (max_nodes or seconds) or INTERRUPTED (Ctrl-C)."""

    @property
    def complete(self) -> bool:
        return self.stopped is None

    def to_dict(self) -> dict[str, Any]:
        """The fields a trace file keeps (everything but the time)."""
        return {
            "move": self.move, "move_name": self.move_name, "value": self.value, "moves": list(self.moves),
            "visits": list(self.visits), "totals": list(self.totals), "iterations": self.iterations,
            "nodes": self.nodes, "first_player": self.first_player, "options": self.options.to_dict(),
            "stopped": None if self.stopped is None else self.stopped.value,
        }


class _Node:
    """A node of the tree: its position, moves (None until first expanded), children
    in move order (the first ``len(children)`` moves), visits and total value."""

    __slots__ = ("pos", "moves", "children", "n", "w", "terminal")

    def __init__(self, pos: Any) -> None:
        self.pos = pos
        self.moves: Any = None  # the game's list (or tuple) of moves, once known
        self.children: list[_Node] = []
        self.n = 0
        self.w: float = 0
        self.terminal = False


def mcts(game: Game, position: Any = None, *, observer: SearchObserver | None = None,
         options: MctsOptions | None = None, **option_values: Any) -> MctsResult:
    """Monte Carlo tree search of ``position`` (default: the game's root); see the module.

    Options as an :class:`MctsOptions` or as its keywords (``c``, ``iterations``,
    ``max_nodes``, ``seconds``, ``seed``, ``algorithm``, ``max_playout``).  A budget
    that runs out gives a partial result (``stopped == Stopped.BUDGET``); Ctrl-C raises
    :class:`~negaviz.errors.SearchInterrupted` with the partial result, or, with an
    observer (a recorder), returns it.
    """
    check_game(game)
    _refuse_turns(game, "MCTS (which backs results up negated at every move)")
    if has_chance(game):
        raise InputError(
            f"{type(game).__name__} has chance nodes, and MCTS here plays every move as a player's choice (its "
            "playouts would roll the dice with equal odds and its selection would let a player choose the roll): "
            "search it with algorithm 'expectimax', or 'star1' to prune"
        )
    if options is None:
        options = MctsOptions.of(option_values)
    elif option_values:
        raise InputError("give MCTS options either as options= or as keywords, not both")
    elif not isinstance(options, MctsOptions):
        raise InputError(f"options must be an MctsOptions (or give the options as keywords), not {type(options).__name__}")
    root_pos = checked_position(game, root_of(game, position, needed_by="mcts"))
    if game.is_terminal(root_pos):
        raise InputError(f"the position to search is over ({type(game).__name__}.is_terminal() says so): MCTS needs a position with moves")
    start = time.perf_counter()
    root = _Node(root_pos)
    try:
        iterations, nodes, stopped = _run(game, root, options, observer, start)
    finally:
        restore(game)
    seconds = time.perf_counter() - start
    result = _result(game, root, options, iterations, nodes, stopped, seconds)
    if stopped == Stopped.INTERRUPTED and observer is None:
        raise SearchInterrupted(result)
    return result


def _result(game: Game, root: _Node, options: MctsOptions, iterations: int, nodes: int,
            stopped: Stopped | None, seconds: float) -> MctsResult:
    moves = tuple(root.moves or ())
    visits = tuple(ch.n for ch in root.children) + (0,) * (len(moves) - len(root.children))
    totals = tuple(ch.w for ch in root.children) + (0,) * (len(moves) - len(root.children))
    best = max(range(len(visits)), key=lambda i: (visits[i], -i)) if visits else 0  # ties: move order
    move = moves[best] if moves and visits[best] else None
    value = totals[best] / visits[best] if visits and visits[best] else None
    return MctsResult(
        move=move, move_name="" if move is None else move_name(game, root.pos, move), value=value,
        moves=moves, visits=visits, totals=totals, iterations=iterations, nodes=nodes, seconds=seconds,
        first_player=player(game, root.pos), options=options, stopped=stopped,
    )


def _run(game: Game, root: _Node, options: MctsOptions, observer: SearchObserver | None,
         start: float) -> tuple[int, int, Stopped | None]:
    """The iterations; returns (iterations done, tree nodes, why it stopped)."""
    moves_of, is_terminal, score = game.moves, game.is_terminal, game.score
    play: Callable[[Any, Any], Any] = game.play
    if not by_value(root.pos):  # positions that can change in place: play() must not change its argument
        play = _checked_play(game, play)
    emit: Callable[[tuple[Any, ...]], object] | None = None
    expand: Callable[[Any], object] | None = None
    flush: Callable[[], object] | None = None
    if observer is not None:
        emit, expand, flush, _, _ = hooks(observer)
    rng = random.Random(options.seed)
    randbelow = rng.randrange
    log, sqrt = math.log, math.sqrt
    c = float(options.c)
    flat = options.algorithm == "flat"
    node_limit = options.max_nodes if options.max_nodes is not None else 1 << 62
    deadline = None if options.seconds is None else start + options.seconds
    max_playout = options.max_playout
    nodes = 1
    k = 0
    try:
        while k < options.iterations:
            if k and (nodes >= node_limit or (deadline is not None and time.perf_counter() >= deadline)):
                return k, nodes, Stopped.BUDGET
            k += 1
            if flush is not None and k % _FLUSH_EVERY == 0:
                flush()
            if emit:
                emit((ITERATION, k))
            node = root
            path = [root]
            # 1. selection: down through fully expanded nodes by UCB (flat: the root only, in turn)
            while node.moves is not None and len(node.children) == len(node.moves):
                children = node.children
                if flat:
                    best, bi = children[0], 0
                    for i, ch in enumerate(children):
                        if ch.n < best.n:
                            best, bi = ch, i
                    exploit, explore = best.w / best.n, 0.0
                else:
                    scale = c * sqrt(log(node.n))
                    best, bi, top = children[0], 0, -math.inf
                    exploit = explore = 0.0
                    for i, ch in enumerate(children):
                        q = ch.w / ch.n
                        e = scale / sqrt(ch.n)
                        if q + e > top:  # strict: ties go to the first in move order
                            best, bi, top, exploit, explore = ch, i, q + e, q, e
                if emit:
                    emit((SELECT, bi, exploit, explore))
                node = best
                path.append(node)
                if flat:
                    break
            # 2. expansion: the first untried move (none at a terminal node, nor below flat's root)
            if not node.terminal and not (flat and node is not root):
                if node.moves is None:
                    if is_terminal(node.pos):
                        node.terminal = True
                    else:
                        ms = moves_of(node.pos)
                        if type(ms) is not tuple and type(ms) is not list:
                            ms = _listed(game, node.pos, ms, True)
                        if not ms:
                            raise _no_moves(game, node.pos)
                        node.moves = ms
                        if expand:
                            expand(ms)
                if not node.terminal:
                    index = len(node.children)
                    here: Any = node.moves
                    child = _Node(play(node.pos, here[index]))
                    node.children.append(child)
                    nodes += 1
                    if emit:
                        emit((EXPAND, index))
                    node = child
                    path.append(node)
            # 3. playout: random moves to the end
            pos = node.pos
            length = 0
            while not is_terminal(pos):
                ms = moves_of(pos)
                if type(ms) is not tuple and type(ms) is not list:
                    ms = _listed(game, pos, ms, False)
                if not ms:
                    raise _no_moves(game, pos)
                pos = play(pos, ms[randbelow(len(ms))])
                length += 1
                if length > max_playout:
                    raise InputError(
                        f"a random playout of {type(game).__name__} passed {max_playout:,} moves without ending "
                        f"(max_playout={max_playout:,}): does the game end? raise max_playout for a longer game"
                    )
            v = score(pos)
            if (type(v) is not int and type(v) is not float) or v != v:
                v = _checked(game, "score", pos, v)
            # The result for the player who moved into the playout's first node: the
            # score is for the side to move at the end, `length` plies later.
            r = v if length & 1 else -v
            if emit:
                emit((PLAYOUT, r, length))
            # 4. backup: the new node first, the root last, negated at each step up
            for nd in reversed(path):
                nd.n += 1
                nd.w += r
                if emit:
                    emit((BACKUP, nd.n, nd.w))
                r = -r
    except KeyboardInterrupt:
        return k, nodes, Stopped.INTERRUPTED
    return k, nodes, None
