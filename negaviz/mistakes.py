"""The catalogue of mistakes students make in negamax and alpha-beta, each executable.

It sits below both graders that use it (:mod:`negaviz.quiz`, :mod:`negaviz.student`), as
:mod:`negaviz.vocabulary` does, and records its searches with the trace layer's recorder
(:mod:`negaviz.trace.calls`); users import it from :mod:`negaviz.student.mistakes`, which lists it.

One catalogue serves two graders: a practice answer on a textbook tree is named after
the mistake whose search gives the same answers (:mod:`negaviz.quiz.mistakes`, which
re-exports this), and a student's own search code is named after the mistake whose
search behaves the same on a battery of trees (:func:`negaviz.student.check`).  Each
:class:`Mistake` has its words (a title, and why it is wrong in the negamax view and in
the minimax view), a small tree on which it shows, and its executable variants: the
switches of one student-style search (:class:`How`), run by :func:`run` and recorded by
:func:`~negaviz.student.trace_calls` exactly as a student's own function is.

>>> from negaviz import Tree, record
>>> tree = Tree.parse(mistake("equality").tree)
>>> run(mistake("equality").variants[0], tree).trace.pruned_labels()   # F equals beta: G is tried too
['H']
>>> record(tree, algorithm="alphabeta").pruned_labels()
['G', 'H']
>>> [m.id for m in MISTAKES][:6]
['negation', 'equality', 'window', 'bound', 'hardness', 'continue']
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from negaviz.games.protocol import evaluator, key_of, missing_verbs, player, verb
from negaviz.trace.calls import trace_calls  # the recorder, as for a student's code
from negaviz.trace.trace import StudentTrace
from negaviz.errors import InputError
from negaviz.vocabulary import shown

__all__: list[str] = []  # listed where users import them: negaviz.student.mistakes

INF = math.inf
Need = Literal["window", "depth", "table", "move", "chance"]
"""What a student's function must have for a mistake to be possible: a window (alpha
and beta), a depth limit, a transposition table, a returned best move, or chance nodes
to value (an expectimax, checked on a chance battery)."""


@dataclass(frozen=True)
class How:
    """The switches of one student-style negamax: everything right unless changed."""

    negate: bool = True
    """Negate each child's value (``False``: the minus sign forgotten)."""
    window: Literal["swap", "negate", "same"] = "swap"
    """A child's window: ``(-beta, -alpha)``; negated not swapped; passed on unchanged."""
    cut: Literal[">=", ">", "never"] = ">="
    """When a node stops: ``alpha >= beta``; only ``alpha > beta``; never (no break)."""
    on_cut: Literal["best", "alpha"] = "best"
    """What a node returns when a move reaches beta: its best value; the α it had before."""
    fail_hard: bool = False
    """Clamp an inner node's value into its window."""
    depth: Literal["ply", "move", "deep", "shallow"] = "ply"
    """Depth left, less one per ply; less one per move of both players; evaluated one ply
    too deep (``depth < 0``); one ply too early (``depth <= 1``)."""
    side: Literal["mover", "first"] = "mover"
    """Leaves and evaluations for the side to move; for the first player."""
    table: Literal["right", "position", "no-upper", "no-lower", "depth"] = "right"
    """The table: bounds and depths kept; the value alone keyed on the position (any
    window); an upper bound stored as exact; a lower bound stored as exact; the stored
    depth ignored."""
    narrow: bool = True
    """A table's bound narrows the window (else it is used only when it ends the node)."""
    move: Literal["best", "last"] = "best"
    """The root's move: the first with the best value; the last one tried."""
    chance: Literal["expected", "average", "as-player", "keep-sign", "flip-sign"] = "expected"
    """A chance node's value: its outcomes' probability-weighted sum (each negated where the
    turn passes); their plain average; the best outcome for its player, as if it chose the
    roll (chance taken for MIN); the sum with no outcome negated; the sum with every one
    negated."""


@dataclass(frozen=True)
class Mistake:
    """A misconception both graders can name."""

    id: str
    """A short key, e.g. ``negation``, ``equality``, ``window``."""
    title: str
    """Its name, as the student is told it."""
    why: str
    """The rule it breaks, in one sentence, in the negamax view (values for the side to move)."""
    why_minimax: str = ""
    """The same rule in the minimax view (values for the first player, MAX and MIN)."""
    tree: str = ""
    """A small textbook tree on which it shows (with ``depth`` where it needs a limit)."""
    depth: int | None = None
    """The depth limit the tree is searched to, for a mistake of depth; else None."""
    variants: tuple[How, ...] = ()
    """The executable forms of the mistake in a student's code (none: practice only)."""
    needs: frozenset[Need] = frozenset()
    """What a student's function must have for the mistake to be possible."""
    practice: bool = False
    """Whether practice answers on a textbook tree are named after it."""
    players: int = 2
    """Who moves in :attr:`tree`: 2, or 1 where chance takes the opponent's turn (see :class:`~negaviz.games.Tree`)."""


_WINDOW: frozenset[Need] = frozenset({"window"})
MISTAKES: tuple[Mistake, ...] = (
    Mistake(
        "negation", "mixing up the two views",
        "In negamax every value is for the side to move, so a child's value is negated on the way up; "
        "in minimax every value is for the first player, and nothing is negated.",
        "MAX takes the largest of its children's values and MIN the smallest; a MIN node that takes the "
        "largest plays for its opponent.",
        "A(B(D:7 E:5) C(F:3 G:1 H:9))", None, (How(negate=False),), frozenset(), True),
    Mistake(
        "equality", "not cutting on equality",
        "In this course a node stops as soon as its value reaches β, equal included (α ≥ β): once it does, "
        "nothing left can matter. Stopping only once a value passes β (>) is Berkeley CS188's rule, not this "
        "course's.",
        "In this course MAX stops as soon as its value reaches β and MIN as soon as its value falls to α, "
        "equality included. Stopping only past them (>, <) is Berkeley CS188's rule, not this course's.",
        "A(B(D:7 E:5) C(F:5 G:1 H:9))", None, (How(cut=">"),), _WINDOW, True),
    Mistake(
        "window", "not swapping the window",
        "A child is searched with its parent's window negated and swapped, (−β, −α): not negated alone, "
        "(−α, −β), and not passed on unchanged, (α, β).",
        "A child is searched with its parent's own (α, β), as the parent has narrowed it: MAX raises α, "
        "MIN lowers β.",
        "A(B(D:7 E:5) C(F:3 G:1 H:9))", None, (How(window="negate"), How(window="same")), _WINDOW, True),
    Mistake(
        "bound", "taking a bound for an exact value",
        "After a cutoff a node's value is only a bound: its exact value would need the moves alpha-beta skips.",
        "After a cutoff a MAX node's value is only a lower bound and a MIN node's only an upper bound.",
        "A(B(D:7 E:5) C(F:3 G:1 H:9))", None, (), _WINDOW, True),
    Mistake(
        "hardness", "returning α when a node fails high",
        "A node that fails high returns a value of at least β: its best value (fail-soft) or β itself "
        "(fail-hard). Returning α, the bound it was called with, tells its parent that it failed low.",
        "A MAX node that fails high returns at least β (its best value, or β when fail-hard), and a MIN node "
        "that fails low at most α; returning α where MAX fails high (β where MIN fails low) says the opposite.",
        "A(B(D:7 E:5) C(F:3 G:1 H:9))", None, (How(on_cut="alpha"),), _WINDOW, True),
    Mistake(
        "continue", "going on after a cutoff",
        "Once a node's value reaches β its remaining moves are never tried, and their subtrees have no values.",
        "Once MAX's value reaches β (or MIN's falls to α) its remaining moves are never tried.",
        "A(B(D:7 E:5) C(F:3 G:1 H:9))", None, (How(cut="never"),), _WINDOW, True),
    Mistake(
        "side", "evaluating for the wrong side",
        "A leaf's score and a depth limit's evaluation are for the side to move there, as every negamax value is.",
        "A leaf's score and a depth limit's evaluation are for MAX, the first player, at MIN's nodes too.",
        "A(B(D(H:2 I:8) E(J:7 K:5)) C(F:3 G:1))", None, (How(side="first"),)),
    Mistake(
        "plies", "counting depth in moves, not plies",
        "The depth left drops by one at every ply, each player's move alike, and the search evaluates where it "
        "reaches 0.",
        "The depth left drops by one at MAX's moves and at MIN's alike: depth 2 is MAX's move and MIN's reply.",
        "A(B:1(D:2(H:1 I:3) E:4) C:3(F:5 G:0(J:2 K:6)))", 1, (How(depth="move"),), frozenset({"depth"})),
    Mistake(
        "depth", "depth off by one",
        "A search to depth d evaluates the positions d plies below the root, where the depth left is 0.",
        "A search to depth d evaluates the positions d plies below the root, MAX's and MIN's alike.",
        "A(B:1(D:2(H:1 I:3) E:4) C:3(F:5 G:0(J:2 K:6)))", 2,
        (How(depth="deep"), How(depth="shallow")), frozenset({"depth"})),
    Mistake(
        "tt-key", "a table keyed on the position alone",
        "A value found in one window is only a bound in another: a table entry needs its bound (exact, lower "
        "or upper), not just the position's key.",
        "A value MAX or MIN found in one (α, β) is only a bound in another: a table entry needs its bound, not "
        "just the position.",
        "A(B(C:0 D:3 E:7) F(G(H(I:8 J:9) M(N:9 O:8 P:2)) L(M K:1)))", None, (How(table="position"),), frozenset({"window", "table"})),
    Mistake(
        "tt-exact", "a bound stored as exact",
        "A value at or below α is an upper bound and one at or above β a lower bound: stored as exact, it "
        "answers later searches wrongly.",
        "A value at or below α is an upper bound and one at or above β a lower bound, for MAX and MIN alike: "
        "the table must say which.",
        "A(B(C:1 D:2 E(F(S:6 H:0) I(J:5 K:9 L:3))) M(N:9 O(P(Q:3 R:2 S) T(U:5 E)) W:7))", None,
        (How(table="no-upper"), How(table="no-lower"), How(table="no-upper", narrow=False),
         How(table="no-lower", narrow=False)),
        frozenset({"window", "table"})),
    Mistake(
        "tt-depth", "ignoring the stored depth",
        "An entry found with less depth left than the search now has is a shallower answer: use it only when "
        "its depth is at least the depth left.",
        "An entry found with less depth left is a shallower answer, for MAX and MIN alike: use it only when "
        "its depth is at least the depth left.",
        "A:0(B:0(C:0(X:3(Y:1(Ya:2(Yb:1 Yc:9) Yd:6) Z:8(Za:1 Zb:4)) D:5) E:2) X)", 4,
        (How(table="depth"), How(table="depth", narrow=False)), frozenset({"depth", "table"})),
    Mistake(
        "chance-average", "averaging the outcomes without their probabilities",
        "A chance node is worth the sum of its outcomes' values, each times its probability: the plain "
        "average is right only when every outcome is equally likely.",
        "A chance node is worth the sum of its outcomes' values for MAX, each times its probability: the plain "
        "average is right only when every outcome is equally likely.",
        "A(B?(1/4 D:8 3/4 E:0) C?(1/2 F:3 1/2 G:3))", None, (How(chance="average"),), frozenset({"chance"})),
    Mistake(
        "chance-as-min", "treating chance as an opponent",
        "Nobody chooses a roll: a chance node takes the expected value of its outcomes, not the best of them "
        "for the player who moves after it (as minimax would, taking chance for the opponent).",
        "Nobody chooses a roll: a chance node takes the expected value of its outcomes, not the smallest (as if "
        "MIN chose it) nor the largest.",
        "A(B?(1/2 D:0 1/2 E:10) C?(1/2 F:4 1/2 G:4))", None, (How(chance="as-player"),), frozenset({"chance"})),
    Mistake(
        "chance-sign", "negating an outcome's value where the turn does not pass",
        "An outcome's value is negated on the way up only where the turn passes at the roll, as a player's "
        "child's is; where the same player moves before and after it, it comes up as it is.",
        "Every value is for MAX, and nothing is negated at a chance node: its outcomes' values are weighted "
        "and added as they are.",
        "A(B?(D(H:2 I:6) E(J:5 K:8)) C?(F(L:9 M:1) G(N:6 O:4)))", None,
        (How(chance="flip-sign"),), frozenset({"chance"})),
    Mistake(
        "chance-turn", "not negating an outcome where the turn passes",
        "Where the turn passes at the roll (chance takes the opponent's turn), an outcome's value is for the "
        "other player, so it is negated on the way up, as a player's child's is.",
        "Every value is for MAX, and nothing is negated at a chance node: the outcomes' values are weighted "
        "and added as they are.",
        "A(B?(1/2 D:0 1/2 E:10) C?(1/2 F:4 1/2 G:6))", None, (How(chance="keep-sign"),), frozenset({"chance"}),
        players=1),
    Mistake(
        "last-child", "the root's move taken from the last child",
        "The root plays the move whose value is its best, not the last move it tried.",
        "MAX plays the move whose value is the largest, not the last move it tried.",
        "A(B(D:7 E:5) C(F:3 G:1 H:9))", None, (How(move="last"),), frozenset({"move"})),
)
"""Every mistake, in the order the graders try them."""

_BY_ID = {m.id: m for m in MISTAKES}

_STRICT_WORDS: dict[str, tuple[str, str, str]] = {
    "equality": (
        "cutting on equality",
        "In this course a node stops only once its value passes β (α > β), as Berkeley CS188 teaches: a value "
        "equal to β lets it go on trying moves. Stopping on equality (≥) is the lecture notes' and AIMA's rule, "
        "not this course's.",
        "In this course MAX stops only once its value passes β and MIN only once its value falls below α, as "
        "Berkeley CS188 teaches: equality does not stop a node. Stopping on equality is the lecture notes' and "
        "AIMA's rule, not this course's."),
    "continue": (
        "going on after a cutoff",
        "Once a node's value passes β its remaining moves are never tried, and their subtrees have no values.",
        "Once MAX's value passes β (or MIN's falls below α) its remaining moves are never tried."),
}
"""The words of the mistakes that speak of the cut rule, in a course that cuts only past β."""


def mistake(key: str) -> Mistake:
    """The mistake called ``key``; any other key is an InputError naming the ids there are."""
    from negaviz.vocabulary import check_choice  # here: the catalogue's one check of an argument

    return _BY_ID[check_choice(key, tuple(_BY_ID), "mistake")]


def under(m: Mistake, cut: str) -> Mistake:
    """``m`` as a course that stops a node by ``cut`` (``">="`` or ``">"``) sees it: its
    variants search by that rule, and *the equality mistake* is the other rule."""
    if cut == ">=":
        return m
    if m.id == "equality":
        variants: tuple[How, ...] = (How(cut=">="),)
    else:
        variants = tuple(replace(h, cut=">") if h.cut == ">=" else h for h in m.variants)
    words = _STRICT_WORDS.get(m.id)
    if words is None:
        return replace(m, variants=variants)
    title, why, why_minimax = words
    return replace(m, title=title, why=why, why_minimax=why_minimax, variants=variants)


def catalogue(cut: str = ">=") -> tuple[Mistake, ...]:
    """Every mistake, as a course that stops a node by ``cut`` sees it (see :func:`under`)."""
    return MISTAKES if cut == ">=" else tuple(under(m, cut) for m in MISTAKES)


class Run(NamedTuple):
    """A variant's search of one position, recorded."""

    trace: StudentTrace
    """The search, as :func:`~negaviz.student.trace_calls` records a student's function."""
    move: Any
    """The move it chose at the root (None at a leaf)."""


def run(how: How, game: Any, root: Any = None, *, windowed: bool = True, depth: int | None = None,
        table: bool = False) -> Run:
    """Record the search ``how`` describes on ``game`` from ``root`` (default: the game's
    root), with a window (alpha-beta) or without (negamax), to ``depth`` (None: to the
    end), with a transposition table or without."""
    missing = missing_verbs(game)
    if missing:
        raise InputError(f"run() needs a negaviz game (a Tree, TicTacToe, ... or a class with the game protocol's "
                         f"verbs), not {shown(game)}: it lacks {', '.join(missing)}")
    pos = game.root if root is None else root
    entries: dict[Any, tuple[float, int, int]] | None = {} if table else None
    evaluate = evaluator(game)

    def leaf(node: Any, over: bool) -> float:
        v = game.score(node) if over else evaluate(node) if evaluate is not None else game.score(node)
        return -v if how.side == "first" and player(game, node) == 1 else v

    def at_limit(d: int | None) -> bool:
        if d is None:
            return False
        return d < 0 if how.depth == "deep" else d <= 1 if how.depth == "shallow" else d <= 0

    def probe(node: Any, alpha: float, beta: float, d: int | None) -> tuple[float | None, float, float]:
        """A value from the table that ends the node (or None), and the window after it."""
        if entries is None:
            return None, alpha, beta
        key = key_of(game, node)
        found = entries.get(key)
        if found is None:
            return None, alpha, beta
        v, flag, stored = found
        if how.table == "position":
            return v, alpha, beta
        if d is not None and stored < d and how.table != "depth":
            return None, alpha, beta
        if flag == 0:
            return v, alpha, beta
        if how.narrow:
            alpha, beta = (max(alpha, v), beta) if flag > 0 else (alpha, min(beta, v))
            return (v if alpha >= beta else None), alpha, beta
        ends = v >= beta if flag > 0 else v <= alpha
        return (v if ends else None), alpha, beta

    def store(node: Any, value: float, alpha0: float, beta: float, d: int | None) -> None:
        if entries is None:
            return
        flag = -1 if value <= alpha0 else 1 if value >= beta else 0  # upper, lower, exact
        if (how.table == "no-upper" and flag < 0) or (how.table == "no-lower" and flag > 0):
            flag = 0  # the mistake: a bound kept as if it were the value
        entries[key_of(game, node)] = (value, flag, -1 if d is None else d)

    chosen: list[Any] = []
    outcomes = verb(game, "outcomes")

    def chance(node: Any, outs: list[tuple[Any, Any]], d: int | None) -> float:
        """A chance node's value, as ``how.chance`` says."""
        me = player(game, node)
        values = []
        for outcome, p in outs:
            child = game.play(node, outcome)
            v = search(child, -INF, INF, None if d is None else d - 1)
            passes = player(game, child) != me
            negate = passes if how.chance in ("expected", "average", "as-player") else how.chance == "flip-sign"
            values.append((float(p), -v if negate else v))
        if how.chance == "average":
            return sum(v for _, v in values) / len(values)
        if how.chance == "as-player":
            return max(v for _, v in values)
        return sum(p * v for p, v in values)

    def search(node: Any, alpha: float, beta: float, d: int | None) -> float:
        if not windowed:
            alpha, beta = -INF, INF
        if game.is_terminal(node):
            return leaf(node, True)
        if at_limit(d):
            return leaf(node, False)
        outs = outcomes(node) if outcomes is not None else None
        if outs is not None:
            return chance(node, list(outs), d)
        alpha0 = alpha
        hit, alpha, beta = probe(node, alpha, beta, d)
        if hit is not None:
            return hit
        best, best_move = -INF, None
        child_depth = None if d is None else d - 1 if how.depth != "move" or player(game, node) == 1 else d
        for move in game.moves(node):
            lo, hi = {"swap": (-beta, -alpha), "negate": (-alpha, -beta), "same": (alpha, beta)}[how.window]
            v = search(game.play(node, move), lo, hi, child_depth)
            value = -v if how.negate else v
            if how.move == "last" or value > best:
                best_move = move
            if windowed and how.on_cut == "alpha" and (value > beta if how.cut == ">" else value >= beta):
                best = alpha  # the mistake: α returned where the node failed high
                break
            best = max(best, value)
            alpha = max(alpha, value)
            if windowed and (alpha > beta if how.cut == ">" else how.cut == ">=" and alpha >= beta):
                break  # beta cutoff
        if windowed and how.fail_hard:
            best = min(max(best, alpha0), beta)
        if node == pos and not chosen:
            chosen.append(best_move)
        store(node, best, alpha0, beta, d)
        return best

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # without a window, alpha and beta are not one: no WindowWarning
        traced = trace_calls(game, position="node", alpha="alpha" if windowed else None,
                             beta="beta" if windowed else None)(search)
    search = traced  # its recursive calls are recorded too
    traced(pos, -INF, INF, depth)
    trace = traced.last_trace
    assert trace is not None
    return Run(trace, chosen[0] if chosen else None)
