"""Search options: one frozen value, checked once at the edge."""

from __future__ import annotations

import math
import sys
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, get_args

from negaviz.conventions import CUTS, Cut, current
from negaviz.errors import InputError
from negaviz.vocabulary import check_flag
from negaviz.vocabulary import number_in, number_out

Algorithm = Literal["minimax", "negamax", "alphabeta", "pvs", "mtdf", "id"]
"""A search algorithm (:attr:`SearchOptions.algorithm`): ``minimax``, ``negamax`` (no
pruning), ``alphabeta``, ``pvs`` (principal variation search), ``mtdf`` (MTD(f): null-window
searches), ``id`` (iterative deepening of alpha-beta)."""
ALGORITHMS: tuple[Algorithm, ...] = get_args(Algorithm)

ChanceAlgorithm = Literal["expectimax", "star1"]
"""The searches of games with chance nodes (:mod:`negaviz.search.chance`): ``expectimax``
(expectiminimax where MIN moves too: a chance node's value is its outcomes' expected value)
and ``star1`` (Ballard's Star1: alpha-beta at the players' nodes, and at a chance node a
cut once the outcomes so far, with the leaves' bounds, decide it)."""
CHANCE_ALGORITHMS: tuple[ChanceAlgorithm, ...] = get_args(ChanceAlgorithm)
SEARCHES: tuple[Algorithm | ChanceAlgorithm, ...] = ALGORITHMS + CHANCE_ALGORITHMS
"""Every algorithm a search takes."""
PRUNING: tuple[Algorithm, ...] = ("alphabeta", "pvs", "mtdf", "id")
"""The algorithms that prune (cut off)."""
WINDOWED: tuple[Algorithm, ...] = ("alphabeta", "pvs")
"""The algorithms that take a root window (and ``fail_hard``)."""
TABLED: tuple[Algorithm, ...] = ("mtdf", "id")
"""The algorithms that keep a transposition table even without ``tt`` (the drivers
carry what one search learnt to the next through it)."""

STRICT_ALLOWED: tuple[Algorithm | ChanceAlgorithm, ...] = ("minimax", "negamax", "alphabeta", "expectimax")
"""The algorithms that may cut only past beta (:attr:`SearchOptions.cut` ``">"``): the
two that never cut, and plain alpha-beta."""

TaughtAlgorithm = Literal["negamax", "alphabeta"]
"""The algorithms exercises are set in and students' functions are checked against."""
TAUGHT: tuple[TaughtAlgorithm, ...] = get_args(TaughtAlgorithm)

Order = Literal["natural", "heuristic", "threats", "threats+heuristic"]
"""A move order (:attr:`SearchOptions.order`): the game's, its heuristic's, threats first,
or threats first then by the heuristic."""
ORDERS: tuple[Order, ...] = get_args(Order)

Replacement = Literal["always", "depth"]
"""Which entry keeps a contested table slot (:attr:`SearchOptions.tt_replace`): ``always``
the newer, ``depth`` the deeper."""
REPLACEMENTS: tuple[Replacement, ...] = get_args(Replacement)


def _cli(help: str, **how: Any) -> dict[str, Any]:
    """A field's command-line flag: ``negaviz.cli`` makes one ``--name`` per field
    from this (help text, and optionally choices, metavar, flag and dest)."""
    return {"cli": {"help": help, **how}}


def _shown(value: object) -> str:
    """``repr(value)`` cut to 60 characters, for error messages (a 400-digit int is not echoed)."""
    try:
        text = repr(value)
    except ValueError:  # holds an int beyond Python's digit limit for str()
        return f"an integer of {value.bit_length()} bits" if isinstance(value, int) else "a value holding a huge integer"
    return text if len(text) <= 60 else text[:57] + "..."


def _choice(name: str, value: object, allowed: tuple[str, ...], field: str) -> None:
    if not isinstance(value, str) or value not in allowed:
        named = "" if field == name else f"{field} "
        raise InputError(f"unknown {name}: {_shown(value)} ({named}must be one of {list(allowed)})")


@dataclass(frozen=True)
class SearchOptions:
    """How to search.  Every variant is the same negamax core with these switches."""

    algorithm: Algorithm | ChanceAlgorithm = field(default="alphabeta", metadata=_cli("default: alphabeta", choices=SEARCHES))
    """``minimax`` and ``negamax`` visit every node; ``alphabeta`` prunes.  ``minimax``
    differs from ``negamax`` only in reporting values for the first player.  ``pvs``
    searches all but the first move with a null window, re-searching when one fails
    high; ``mtdf`` is a sequence of null-window alpha-beta searches converging on the
    value; ``id`` deepens iteratively, one alpha-beta search per depth.  ``expectimax`` and
    ``star1`` search games with chance nodes (see :data:`ChanceAlgorithm`)."""
    depth: int | None = field(default=None, metadata=_cli("plies before evaluating (default: to the end)", metavar="N"))
    """Plies to search before evaluating (``None``: to the end of the game)."""
    order: Order = field(default="natural", metadata=_cli("move order (default: natural)", choices=ORDERS))
    """``natural`` (as generated), ``heuristic`` (the game's ``order`` or its
    evaluation), ``threats`` (winning moves, then blocks, then the rest as generated),
    ``threats+heuristic`` (winning moves, then blocks, then the rest in heuristic order)."""
    tt: bool = field(default=False, metadata=_cli("use a transposition table"))
    """Use a transposition table with EXACT, LOWER and UPPER entries."""
    tt_size: int | None = field(
        default=None,
        metadata=_cli("transposition-table slots (default: one entry per position, at most 524,288)", metavar="N"),
    )
    """Slots in the table.  ``None`` (the default): one entry per position, at most
    524,288 entries (:data:`negaviz.search.tt.DEFAULT_ENTRIES`, about 190 MB on
    Connect Four 6×4); once full, each new position evicts the oldest entry."""
    tt_replace: Replacement = field(
        default="always",
        metadata=_cli("which entry keeps a contested slot (default: always the newer)", choices=REPLACEMENTS),
    )
    """When two positions want one slot: ``always`` the newer, ``depth`` the deeper."""
    symmetry: bool = field(default=False, metadata=_cli("try symmetric moves once; canonical table keys"))
    """Canonicalise positions under the game's symmetries: symmetric sibling moves are
    tried once, and table keys are canonical."""
    fail_hard: bool = field(default=False, metadata=_cli("clamp values into the window (alphabeta, pvs)"))
    """Clamp returned values into the window (fail-hard) instead of fail-soft."""
    cut: Cut | None = field(
        default=None,
        metadata=_cli("when a node stops: once a value reaches beta (>=) or only once it passes beta (>); "
                      "default: the course's conventions (negaviz.toml), else >=", choices=CUTS),
    )
    """When a node stops trying moves (``alphabeta``): ``">="`` once its value reaches β,
    ``">"`` only once it passes β, as Berkeley CS188 teaches.  ``None`` (the default): the
    course's conventions (:func:`negaviz.conventions.current`) for ``alphabeta`` and
    ``minimax``/``negamax``; ``">="`` for ``pvs``, ``mtdf`` and ``id``, whose null windows
    need it."""
    window: tuple[float, float] = field(
        default=(-math.inf, math.inf),
        metadata=_cli("the root's alpha-beta window; numbers, inf or -inf (default: -inf inf)", metavar=("LO", "HI")),
    )
    """The root's initial (alpha, beta) window."""
    stop_at_win: bool = field(default=False, metadata=_cli("stop at the first proven win"))
    """Stop trying moves once one reaches the game's ``max_score``."""
    forced: bool = field(
        default=False,
        metadata=_cli("threat search: play a win at once, else only moves that block the opponent's win"),
    )
    """Threat search (needs the game's ``threats``): with a winning move, try only it;
    else, when the opponent threatens to win next move, try only the blocking moves
    (any other move loses at once).  The value is unchanged; the tree shrinks."""
    bounds: bool = field(
        default=False,
        metadata=_cli("use the game's value bounds (e.g. an early draw once no line can be completed)"),
    )
    """Use the game's ``value_bounds(pos)`` (the least and most the side to move can
    still get, e.g. a draw once no line can be completed): a position whose bounds
    meet is valued at once, and bounds outside the window end the node."""
    max_nodes: int | None = field(
        default=None, metadata=_cli("node budget; the result is then partial", metavar="N", flag="--max-nodes", dest="budget")
    )
    """Stop after this many nodes; the result is then partial."""
    aspiration: float | None = field(
        default=None,
        metadata=_cli(
            "with --algorithm id: search each depth in (previous value - A, previous value + A) first; "
            "A is a positive finite number",
            metavar="A",
        ),
    )
    """With ``id``: search each iteration in (previous value - a, previous value + a)
    first, and again with the full window when the value falls outside."""
    leaf_bounds: tuple[float, float] | None = field(
        default=None,
        metadata=_cli("with --algorithm star1: the least and most any leaf is worth, for the first player "
                      "(default: the game's max_score either way)", metavar=("L", "U")),
    )
    """With ``star1``: every leaf's value (and evaluation) lies in ``[L, U]``, for the
    first player; ``None``: ``[-max_score, max_score]`` when the game has a ``max_score``."""

    def __post_init__(self) -> None:
        _choice("algorithm", self.algorithm, SEARCHES, "algorithm")
        _choice("move order", self.order, ORDERS, "order")
        _choice("table replacement", self.tt_replace, REPLACEMENTS, "tt_replace")
        for name in ("tt", "symmetry", "fail_hard", "stop_at_win", "forced", "bounds"):
            check_flag(getattr(self, name), name)  # 'no' is true to Python: a flag takes only True or False
        for name in ("depth", "tt_size", "max_nodes"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InputError(f"{name} must be a whole number or None, not {_shown(value)}")
        if self.depth is not None and self.depth < 0:
            raise InputError(f"depth must be 0 or more, not {self.depth}")
        if self.tt_size is not None and self.tt_size < 1:
            raise InputError(f"tt_size must be at least 1, not {self.tt_size}")
        if self.max_nodes is not None and self.max_nodes < 1:
            raise InputError(f"max_nodes must be at least 1, not {self.max_nodes}")
        try:
            lo, hi = (float(x) for x in self.window)
        except (TypeError, ValueError, OverflowError):
            raise InputError(
                f"window must be two numbers (alpha, beta) up to about 1.8e308, inf or -inf, not {_shown(self.window)}"
            ) from None
        if math.isnan(lo) or math.isnan(hi) or not lo < hi:
            raise InputError(f"window ({self.window[0]}, {self.window[1]}) must have alpha < beta")
        if self.algorithm not in WINDOWED and (lo, hi) != (-math.inf, math.inf):
            raise InputError(f"a window needs algorithm 'alphabeta' or 'pvs', not {self.algorithm!r}")
        if self.fail_hard and self.algorithm not in WINDOWED:
            raise InputError(f"fail-hard needs algorithm 'alphabeta' or 'pvs', not {self.algorithm!r}")
        if not self.tt and self.algorithm not in TABLED:  # options that cannot apply are refused, not ignored
            for name, what, on in (("tt_size", "a table size", self.tt_size is not None),
                                   ("tt_replace", "a replacement rule", self.tt_replace != "always")):
                if on:
                    raise InputError(
                        f"{what} ({name}, --{name.replace('_', '-')}) needs a transposition table: tt=True (--tt), "
                        f"or algorithm {' or '.join(map(repr, TABLED))}, which always keep one"
                    )
        if self.aspiration is not None:
            if self.algorithm != "id":
                raise InputError(f"aspiration windows need algorithm 'id', not {self.algorithm!r}")
            a = self.aspiration
            if isinstance(a, bool) or not isinstance(a, (int, float)) or not 0 < a <= sys.float_info.max:
                raise InputError(f"aspiration must be a positive finite number (the window's half-width), not {_shown(a)}")
        object.__setattr__(self, "window", (lo, hi))
        self._check_chance()
        cut = self.cut
        if cut is None:
            cut = current().cut if self.algorithm in STRICT_ALLOWED else ">="
        _choice("cut rule", cut, CUTS, "cut")
        if cut == ">" and self.algorithm not in STRICT_ALLOWED:
            raise InputError(
                f"the strict cut (>) is for plain alpha-beta: {self.algorithm!r} searches null windows, which need "
                "the cut on equality (>=); use algorithm 'alphabeta', or cut '>='"
            )
        if cut == ">" and self.fail_hard:
            raise InputError(
                "a strict cut (>) and fail-hard values do not go together: an inner node's value, clamped into "
                "its window, is never past beta, so such a search cuts only after leaves; use fail-soft with "
                "cut '>', or cut '>=' with fail_hard"
            )
        object.__setattr__(self, "cut", cut)

    def _check_chance(self) -> None:
        """The chance searches' own options: bounds only for star1, and none of the
        options they do not apply (a table, symmetry, threats, ...), refused, not ignored."""
        if self.leaf_bounds is not None:
            if self.algorithm != "star1":
                raise InputError(f"leaf_bounds (--leaf-bounds) are for algorithm 'star1', not {self.algorithm!r}")
            try:
                lo, hi = (float(x) for x in self.leaf_bounds)
            except (TypeError, ValueError, OverflowError):
                raise InputError(f"leaf_bounds must be two numbers (L, U), not {_shown(self.leaf_bounds)}") from None
            if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
                raise InputError(f"leaf_bounds ({self.leaf_bounds[0]}, {self.leaf_bounds[1]}) must be finite with L < U")
            object.__setattr__(self, "leaf_bounds", tuple(int(x) if x.is_integer() else x for x in (lo, hi)))
        if self.algorithm in CHANCE_ALGORITHMS:
            for name, on in (("tt", self.tt), ("symmetry", self.symmetry), ("stop_at_win", self.stop_at_win),
                             ("forced", self.forced), ("bounds", self.bounds)):
                if on:
                    raise InputError(f"{name} does not apply to algorithm {self.algorithm!r} (a chance search has no "
                                     "table, symmetry, threats or value bounds yet); search without it")

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (infinite window ends written as strings; the cut rule only
        when it is the strict one, so traces made before it existed read the same)."""
        d = asdict(self)
        d["window"] = [number_out(x) for x in self.window]
        if d["cut"] == ">=":
            del d["cut"]
        if d["leaf_bounds"] is None:  # written only for star1, so earlier traces read the same
            del d["leaf_bounds"]
        else:
            d["leaf_bounds"] = list(d["leaf_bounds"])
        return d

    @classmethod
    def of(cls, values: dict[str, Any]) -> SearchOptions:
        """Options from keywords, e.g. ``SearchOptions.of({"tt": True})``; an unknown name
        is an InputError listing the known ones (not Python's TypeError)."""
        cls._check_names(values)
        return cls(**values)

    @classmethod
    def _check_names(cls, d: dict[str, Any]) -> None:
        unknown = sorted(set(d) - set(cls.__dataclass_fields__))
        if unknown:
            raise InputError(
                f"unknown search option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} "
                f"(known: {', '.join(cls.__dataclass_fields__)})"
            )

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SearchOptions:
        cls._check_names(d)
        d = dict(d)
        d.setdefault("cut", ">=")  # written only when strict: a saved search without it cut on equality
        if "window" in d:
            d["window"] = tuple(number_in(x, what="window") for x in d["window"])
        if isinstance(d.get("leaf_bounds"), list):
            d["leaf_bounds"] = tuple(d["leaf_bounds"])
        return cls(**d)
