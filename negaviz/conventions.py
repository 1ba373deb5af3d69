"""A course's conventions: the rules a course teaches where textbooks differ, set once.

Textbooks and courses agree on what alpha-beta computes, but not on every rule a
student is graded by.  The one that decides grades most often is *when a node stops*:
the lecture notes and AIMA stop as soon as a value reaches β (``≥``); Berkeley's CS188
stops only once a value passes β (``>``), so that students' code explores exactly the
states its autograder expects.  A :class:`Conventions` value holds such rules, and every
part of negaviz that searches, judges or words an answer reads them: the search and its
trace (:attr:`negaviz.SearchOptions.cut`), the catalogue of mistakes (under a strict
cut, *cutting on equality* is the mistake), practice and its key, ``check(fn)``, and the
words of sentences and feedback.

A course sets them once, in the file ``negaviz.toml`` at its root (``negaviz init
--conventions NAME`` writes it), which negaviz finds from the working folder upwards,
as git finds its repository::

    conventions = "cs188"

``NEGAVIZ_CONVENTIONS=cs188`` in the environment, or :func:`use` in a session, sets
them too (in that order of precedence: :func:`use`, the environment, the file).  With
none of them, they are the lecture notes' (:data:`PRESETS`\\ ``["notes"]``).

>>> conventions("cs188").cut, conventions("notes").cut
('>', '>=')
>>> conventions("cs188").cuts(5, 5), conventions("notes").cuts(5, 5)
(False, True)
>>> conventions("pacman")
Traceback (most recent call last):
...
negaviz.errors.InputError: unknown conventions 'pacman' (must be one of 'notes', 'aima', 'cs188')
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Literal, get_args

from negaviz.errors import InputError

__all__ = ["Conventions", "PRESETS", "conventions", "use"]

Cut = Literal[">=", ">"]
"""When a node stops trying moves: once its value reaches β (``>=``), or only once it
passes β (``>``); in the minimax view, MIN once its value falls to α, or below α."""
CUTS: tuple[Cut, ...] = get_args(Cut)
Hardness = Literal["soft", "hard", "either"]
"""What a node that fails high or low returns: its best value (fail-soft), its value
clamped into its window (fail-hard), or either (both are accepted as right answers)."""
HARDNESS: tuple[Hardness, ...] = get_args(Hardness)
View = Literal["negamax", "minimax"]
"""How values are written: for the side to move (negamax), or for the first player (minimax, MAX and MIN)."""
VIEWS: tuple[View, ...] = get_args(View)
Depth = Literal["ply", "round"]
"""What a depth limit counts: plies (each player's move), or rounds (one move of every player)."""
DEPTHS: tuple[Depth, ...] = get_args(Depth)
RootMove = Literal["first", "any"]
"""Which move the root plays among moves of equal best value: the first in the order
tried (as ``max()`` and a ``v > best`` test choose), or any of them."""
ROOT_MOVES: tuple[RootMove, ...] = get_args(RootMove)

FILE = "negaviz.toml"
"""The course's configuration file, at the root of its repository."""
VARIABLE = "NEGAVIZ_CONVENTIONS"
"""The environment variable naming the conventions (it overrides the file)."""


@dataclass(frozen=True)
class Conventions:
    """The rules a course teaches where textbooks differ."""

    name: str
    """The preset's name (``notes``, ``aima``, ``cs188``), or a course's own."""
    title: str
    """Whose conventions they are, as a student is told ("Berkeley CS188")."""
    cut: Cut = ">="
    """When a node stops: ``>=`` once a value reaches β, ``>`` only once it passes β."""
    hardness: Hardness = "either"
    """What a node that fails high or low returns: see :data:`Hardness`."""
    view: View = "negamax"
    """How values are written by default: see :data:`View`."""
    depth: Depth = "ply"
    """What a depth limit counts: see :data:`Depth`."""
    root_move: RootMove = "any"
    """Which move the root plays among equal best values: see :data:`RootMove`
    (``check(fn)`` holds a function that returns its move to it)."""
    source: str = field(default="", compare=False)
    """The sentence of the source these conventions follow, and where it is."""

    def __post_init__(self) -> None:
        for name, allowed in (("cut", CUTS), ("hardness", HARDNESS), ("view", VIEWS), ("depth", DEPTHS),
                              ("root_move", ROOT_MOVES)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise InputError(f"conventions: {name} {value!r} is not one of {', '.join(map(repr, allowed))}")
        if not isinstance(self.name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", self.name):
            raise InputError(f"conventions: name {self.name!r} must be a short lower-case word (letters, digits, - and _)")
        for name in ("title", "source"):
            value = getattr(self, name)
            if not isinstance(value, str) or len(value) > 400:
                raise InputError(f"conventions: {name} must be text of at most 400 characters, not {value!r:.60}")
        if self.cut == ">" and self.hardness == "hard":
            raise InputError(
                "conventions: a strict cut (>) and fail-hard values do not go together (an inner node's value, "
                "clamped into its window, is never past β, so the search would cut only after leaves); choose "
                "cut '>=' with fail-hard, or fail-soft ('soft' or 'either') with cut '>'"
            )

    @property
    def strict(self) -> bool:
        """Whether a value equal to β lets the node go on (``cut == ">"``)."""
        return self.cut == ">"

    def cuts(self, value: float, beta: float) -> bool:
        """Whether a node whose value so far is ``value`` stops, with ``beta`` its β."""
        return value > beta if self.strict else value >= beta

    def plies(self, depth: int | None, players: int = 2) -> int | None:
        """A depth limit in this course's count, as plies (rounds of ``players`` moves, or plies)."""
        if depth is None or self.depth == "ply":
            return depth
        return depth * players

    def described(self) -> str:
        """One line for a lecturer: whose rules, and what they say."""
        cut = "once a value passes β (>)" if self.strict else "once a value reaches β (≥)"
        hard = {"soft": "fail-soft values", "hard": "fail-hard values", "either": "fail-soft or fail-hard values"}
        depth = "depth in plies" if self.depth == "ply" else "depth in rounds (one move of every player)"
        return f"{self.title}: a node stops {cut}; {hard[self.hardness]}; the {self.view} view; {depth}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (what an attempt record carries)."""
        return {"name": self.name, "cut": self.cut, "hardness": self.hardness, "view": self.view,
                "depth": self.depth, "root_move": self.root_move}


PRESETS: dict[str, Conventions] = {
    "notes": Conventions(
        "notes", "the lecture notes", ">=", "either", "negamax", "ply", "any",
        source="The lecture notes' negamax alpha-beta (seeds 002 and 003): 'alpha = max(alpha, so_far); "
               "if alpha >= beta: break', returning the best value so far (fail-soft); the negamax article "
               "(seed 004) gives fail-hard beside it."),
    "aima": Conventions(
        "aima", "AIMA (Russell and Norvig)", ">=", "soft", "minimax", "ply", "first",
        source="aima-python, games.py, alpha_beta_search ('As in [Figure 5.7]'): in max_value, "
               "'if v >= beta: return v', then 'alpha = max(alpha, v)'; min_value likewise with "
               "'if v <= alpha: return v'; the root plays the first move of greatest value."),
    "cs188": Conventions(
        "cs188", "Berkeley CS188", ">", "soft", "minimax", "round", "any",
        source="CS188 Project 2 (Multi-Agent Search), Question 3: 'You must not prune on equality in order "
               "to match the set of states explored by our autograder.'; its pseudocode: 'if v > β return v; "
               "α = max(α, v)'; Question 2: 'A single search ply is considered to be one Pacman move and all "
               "the ghosts' responses'."),
}
"""The conventions of the textbooks and courses negaviz knows by name, each with the
sentence of its source it follows (:attr:`Conventions.source`)."""

DEFAULT = PRESETS["notes"]

_chosen: Conventions | None = None
_found: dict[str, tuple[float, Conventions | None]] = {}


def conventions(which: Any = None) -> Conventions:
    """The conventions ``which`` names: a preset's name, a :class:`Conventions` (as it
    is), or None for the course's (:func:`current`)."""
    if which is None:
        return current()
    if isinstance(which, Conventions):
        return which
    if isinstance(which, str) and which in PRESETS:
        return PRESETS[which]
    raise InputError(f"unknown conventions {which!r} (must be one of {', '.join(map(repr, PRESETS))})")


def use(which: Any) -> Conventions | None:
    """Set this session's conventions (a preset's name or a :class:`Conventions`; None
    goes back to the course's file or the environment) and return them (None for None)."""
    global _chosen
    _chosen = None if which is None else conventions(which)
    return _chosen


@contextmanager
def using(which: Any) -> Iterator[Conventions]:
    """Within the block, the conventions ``which`` names (None: the course's as they are),
    then whatever was set before: what a grader run away from the course's ``negaviz.toml``
    (otter on Gradescope) grades under, named in its call."""
    global _chosen
    before = _chosen
    chosen = conventions(which)
    _chosen = chosen
    try:
        yield chosen
    finally:
        _chosen = before


def current() -> Conventions:
    """The conventions in force: set by :func:`use`, else by ``NEGAVIZ_CONVENTIONS``,
    else by the nearest ``negaviz.toml`` from the working folder up, else the lecture notes'."""
    if _chosen is not None:
        return _chosen
    named = os.environ.get(VARIABLE, "").strip()
    if named:
        if named not in PRESETS:
            raise InputError(f"{VARIABLE}={named!r} names no conventions (must be one of {', '.join(map(repr, PRESETS))})")
        return PRESETS[named]
    found = course_file()
    return DEFAULT if found is None else read_file(found)


def course_file(start: Path | None = None) -> Path | None:
    """The nearest ``negaviz.toml`` from ``start`` (the working folder) up, or None."""
    try:
        here = (start or Path.cwd()).resolve()
    except OSError:  # the working folder was removed
        return None
    for folder in (here, *here.parents):
        candidate = folder / FILE
        if candidate.is_file():
            return candidate
    return None


def read_file(path: Path) -> Conventions:
    """The conventions a course's ``negaviz.toml`` names (read again only when it changes)."""
    try:
        stamp = path.stat().st_mtime
    except OSError as exc:
        raise InputError(f"{path}: cannot read the course's conventions ({exc.strerror})") from None
    cached = _found.get(str(path))
    if cached is not None and cached[0] == stamp and cached[1] is not None:
        return cached[1]
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the course's conventions ({exc})") from None
    match = re.search(r'^\s*conventions\s*=\s*"([^"\n]*)"\s*(#.*)?$', text, re.MULTILINE)
    if match is None:
        raise InputError(f'{path}: no line conventions = "NAME" (NAME one of {", ".join(map(repr, PRESETS))})')
    name = match.group(1)
    if name not in PRESETS:
        raise InputError(f"{path}: unknown conventions {name!r} (must be one of {', '.join(map(repr, PRESETS))})")
    _found[str(path)] = (stamp, PRESETS[name])
    return PRESETS[name]


def file_text(which: Conventions) -> str:
    """What ``negaviz init --conventions`` writes to ``negaviz.toml``."""
    return (
        "# negaviz reads this file from the course's folders: every search, practice page, sheet,\n"
        "# grader and check(fn) of this course follows these conventions.\n"
        f"# {which.described()}.\n"
        f'conventions = "{which.name}"\n'
    )
