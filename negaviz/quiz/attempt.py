"""A student's attempt at practice exercises, as a small versioned JSON record.

A practice page (or a stepper in a notebook) writes one record when the student
presses *submit*: for each exercise, what was set (the game and position, the search,
the view values are written in), the raw answers in the order given, and the verdict
the page showed, kept only as *advisory*: staff grade every record afresh from its
answers (:mod:`negaviz.quiz.gradebook`).  The schema is published with the package
(``negaviz/quiz/attempt.schema.json``) and :meth:`Attempt.load` reads nothing it
cannot trust: each refusal is one line naming the file and what is wrong.

Exercises a course grades can come from a *course salt* kept by staff: each student's
trees are made from an HMAC-SHA256 of the sheet's name and the student's ID under the
salt (:func:`variant_seed`), and the record carries a seal (an HMAC of who and which
exercise), so a record from another course, for another student, or whose tree was
edited is refused.

>>> rec = Attempt.from_json({"format": "negaviz-attempt", "schema": 1, "negaviz": "0.1.0", "student": None,
...     "exercises": [{"exercise": {"id": "ex1", "game": "tree", "position": "A(B(D:7 E:5) C(F:3 G:1 H:9))",
...                                 "algorithm": "alphabeta", "fail_hard": False, "perspective": "negamax"},
...                    "answers": [{"kind": "value", "node": "A", "text": "5"}], "verdict": None}]})
>>> rec.exercises[0].exercise.id, rec.exercises[0].answers[0].text
('ex1', '5')
"""

from __future__ import annotations

import hmac
import itertools
import json
import math
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from negaviz.errors import InputError
from negaviz.quiz.salt import issued_exercise, seal
from negaviz.vocabulary import check_choice, check_path, check_perspective, check_text, fmt, shown

__all__ = ["Attempt"]

FORMAT = "negaviz-attempt"
"""The record's ``format`` field: what kind of file it is."""
SCHEMA = 1
"""The newest record schema this negaviz reads and writes."""
MAX_BYTES = 1 << 20
"""The largest record read (1 MiB): a week's answers are a few kilobytes."""
MAX_DEPTH = 32
"""The deepest nesting of JSON arrays and objects read: a record nests 5 deep (an
exercise's options), so a deeper file is no record, and it is refused before it is
parsed (200,000 brackets would run Python's parser out of stack)."""
MAX_EXERCISES = 100
MAX_ANSWERS = 5000
MAX_TEXT = 200
"""The longest answer text or name kept (a value or a window is a few characters)."""
ANSWER_KINDS = ("value", "window", "cut", "uncut", "checked", "shown")
"""``value`` and ``window``: text typed on a node (empty text clears it); ``cut`` and
``uncut``: an edge to the node marked as never tried, or unmarked again.  Two more are
what the page did, in the same order, and answer nothing (:data:`EVENT_KINDS`)."""
EVENT_KINDS = ("checked", "shown")
"""``checked``: the page graded the answers given so far and marked the wrong ones (no
node); ``shown``: the page showed the search's answers, ``show me`` at ``node`` (the first
wrong node), or the student stepping through the search after a check (no node).  Counted
in the class report (:mod:`negaviz.quiz.integrity`), never graded."""
GAME_OPTIONS = ("size", "cols", "rows", "connect")
ALGORITHMS = ("negamax", "minimax", "alphabeta", "expectimax", "star1")
VARIANT_FIELDS = ("sheet", "number", "count", "depth", "branching", "cutoffs", "deep_cutoffs", "ties", "perspective")


def _version() -> str:
    """This negaviz's version (read from its installed metadata: the quiz sits below the package's top)."""
    from importlib import metadata

    try:
        return metadata.version("negaviz")
    except metadata.PackageNotFoundError:
        return "unknown"


def schema() -> dict[str, Any]:
    """The published JSON Schema of a record (``attempt.schema.json``)."""
    text = resources.files("negaviz.quiz").joinpath("attempt.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@dataclass(frozen=True)
class Exercise:
    """What was set: enough to record its search again."""

    id: str
    """The exercise's name in the course (a sheet's exercises: ``sheet#number``)."""
    game: str
    """A game of :data:`negaviz.games.GAMES`; ``tree`` for a textbook tree."""
    position: str | None
    """The tree's text, or the position (None: the game's start)."""
    algorithm: str
    """``negamax``, ``minimax`` or ``alphabeta``; on a tree with chance nodes, ``expectimax`` or ``star1``."""
    fail_hard: bool
    """Whether the search clamps values into the window."""
    perspective: str
    """The view values are written in: ``negamax`` or ``minimax``."""
    options: Mapping[str, int] = field(default_factory=dict)
    """The game's size options (``size``, ``cols``, ``rows``, ``connect``)."""
    variant: Mapping[str, Any] | None = None
    """How a course's sheet made it for this student (:data:`VARIANT_FIELDS`), or None."""
    seal: str | None = None
    """HMAC-SHA256 (hex) of who and which exercise under the course salt, or None."""
    windows: bool = True
    """Whether each node's window is asked (alpha-beta; a practice page asks it while windows are shown)."""
    cut: str = ">="
    """When the search stops a node (:mod:`negaviz.conventions`): ``>=`` on reaching β,
    ``>`` only past it (written only when ``>``, so records made before it read the same)."""
    leaf_bounds: tuple[float, float] | None = None
    """Star1's bounds on every leaf's value, for the first player (``star1`` only; else None)."""
    players: int = 2
    """Who moves in a tree with chance nodes: 2, or 1 where chance takes the opponent's
    turn (:class:`~negaviz.games.Tree`; written only when 1)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "game": self.game, "position": self.position,
                               "algorithm": self.algorithm, "fail_hard": self.fail_hard,
                               "perspective": self.perspective, "windows": self.windows}
        if self.cut != ">=":
            out["cut"] = self.cut
        if self.leaf_bounds is not None:
            out["leaf_bounds"] = list(self.leaf_bounds)
        if self.players != 2:
            out["players"] = self.players
        if self.options:
            out["options"] = dict(self.options)
        if self.variant is not None:
            out["variant"] = dict(self.variant)
        if self.seal is not None:
            out["seal"] = self.seal
        return out


@dataclass(frozen=True)
class Answer:
    """One answer, as given."""

    kind: str
    """One of :data:`ANSWER_KINDS`."""
    node: str
    """The node's name, as the page names it (empty for an event that names none)."""
    text: str = ""
    """What was typed (values and windows), exactly."""


@dataclass(frozen=True)
class Answered:
    """One exercise of a record: what was set, the answers, and the page's verdict."""

    exercise: Exercise
    answers: tuple[Answer, ...]
    """In the order given; a later answer on the same node replaces an earlier one."""
    verdict: Mapping[str, Any] | None = None
    """What the page said (``advisory``: never used to grade), or None."""

    def given(self) -> tuple[dict[str, str], dict[str, str], set[str]]:
        """The last value and window typed on each node, and the edges marked cut."""
        values: dict[str, str] = {}
        windows: dict[str, str] = {}
        cut: set[str] = set()
        for a in self.answers:
            if a.kind in ("value", "window"):
                into = values if a.kind == "value" else windows
                if a.text.strip():
                    into[a.node] = a.text
                else:
                    into.pop(a.node, None)
            elif a.kind == "cut":
                cut.add(a.node)
            elif a.kind == "uncut":
                cut.discard(a.node)
        return values, windows, cut

    def events(self) -> tuple[int, int, bool]:
        """What the page did before the answers were submitted: how many times it checked
        them, how many times it showed the search's answers, and whether the answers
        submitted differ from those given when it first showed them (:data:`EVENT_KINDS`;
        a field typed again with the same text, or marks put back, is no change)."""
        kinds = [a.kind for a in self.answers]
        if "shown" not in kinds:
            return kinds.count("checked"), 0, False
        before = Answered(self.exercise, self.answers[:kinds.index("shown")]).given()
        return kinds.count("checked"), kinds.count("shown"), before != self.given()

    def to_json(self) -> dict[str, Any]:
        return {"exercise": self.exercise.to_json(),
                "answers": [{"kind": a.kind, **({"node": a.node} if a.node else {}),
                             **({"text": a.text} if a.kind in ("value", "window") else {})} for a in self.answers],
                "verdict": None if self.verdict is None else dict(self.verdict)}


@dataclass(frozen=True)
class Attempt:
    """A student's submitted record: one or more exercises answered."""

    student: str | None
    """The student's ID where the course set one."""
    exercises: tuple[Answered, ...]
    writer: str
    """The negaviz version that wrote the record."""
    source: str = "<record>"
    """Where it was read from (in messages)."""

    # ------------------------------------------------------------------ reading
    @classmethod
    def load(cls, path: str | os.PathLike[str], *, key_salt: str | bytes | None = None,
             expect: Mapping[str, Any] | None = None) -> Attempt:
        """The record in ``path``, checked: its form against the schema, and, where it is
        sealed, its seal and trees against ``key_salt``; exercises without a seal are
        checked against ``expect`` (exercise id -> the tree's text, or a dict of the
        exercise's fields) where given.  Anything else is an InputError of one line,
        naming the file."""
        name = check_path(path, "path")
        _check_trust_args(key_salt, expect)
        raw = read_json(name, shown=name, what="an attempt record")
        record = cls.from_json(raw, source=name)
        record.check(key_salt=key_salt, expect=expect)
        return record

    @classmethod
    def from_json(cls, raw: Any, *, source: str = "<record>") -> Attempt:
        """A record from its JSON data (form only; :meth:`check` checks seals and trees)."""
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise InputError(f"{source}: not a negaviz attempt record (it has no \"format\": \"{FORMAT}\")")
        version = raw.get("schema")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise InputError(f"{source}: schema is {version!r}; it must be a whole number from 1")
        writer = raw.get("negaviz")
        if version > SCHEMA:
            raise InputError(f"{source}: written with record schema {version} (negaviz {writer}); this negaviz "
                             f"({_version()}) reads schema {SCHEMA} and older: upgrade negaviz to grade it")
        r = _Reader(source)
        r.keys(raw, "", {"format", "schema", "negaviz", "student", "exercises"})
        writer = r.text(raw, "negaviz", "")
        student = r.text(raw, "student", "", none=True)
        items = raw.get("exercises")
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_EXERCISES:
            raise InputError(f"{source}: exercises must be a list of 1 to {MAX_EXERCISES} exercises answered")
        answered = tuple(r.answered(item, f"exercises[{i}]") for i, item in enumerate(items))
        ids = [a.exercise.id for a in answered]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise InputError(f"{source}: exercise {twice[0]!r} is answered twice in one record")
        return cls(student, answered, writer, source)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (what :meth:`from_json` reads)."""
        return {"format": FORMAT, "schema": SCHEMA, "negaviz": self.writer, "student": self.student,
                "exercises": [a.to_json() for a in self.exercises]}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"

    # ------------------------------------------------------------------ trust
    def check(self, *, key_salt: str | bytes | None = None, expect: Mapping[str, Any] | None = None) -> None:
        """Refuse (InputError, one line naming the file) a sealed exercise without
        ``key_salt`` or whose seal or tree is not the one the salt makes, and an
        unsealed one that ``expect`` does not set or whose tree (game, position, options;
        the view, where ``expect`` names one) differs from the one set.  What an unsealed
        record says the exercise asked (search, cut rule, windows) is not trusted: it is
        graded on the exercise as set (:func:`as_issued`)."""
        for item in self.exercises:
            ex = item.exercise
            if ex.seal is not None or ex.variant is not None:
                if key_salt is None:
                    raise InputError(f"{self.source}: exercise {ex.id!r} is sealed with the course's salt: "
                                     "give the key salt (--key-salt) to check it")
                if ex.seal is None or ex.variant is None or not hmac.compare_digest(
                        ex.seal, seal(key_salt, ex.id, self.student, ex.variant)):
                    raise InputError(f"{self.source}: exercise {ex.id!r}'s seal does not match this course's key "
                                     "salt: it was made with another salt, or for another student or exercise")
                try:
                    issued = issued_exercise(key_salt, self.student, ex.variant)
                except InputError as exc:
                    raise InputError(f"{self.source}: exercise {ex.id!r} was edited: its variant makes no "
                                     f"exercise ({exc})") from None
                if ex.to_json() != {**issued.to_json(), "seal": ex.seal}:
                    diff = [k for k, v in issued.to_json().items() if ex.to_json().get(k) != v]
                    raise InputError(f"{self.source}: exercise {ex.id!r} was edited: its {', '.join(diff)} "
                                     "is not what was issued to this student")
            if expect is not None:
                if ex.id not in expect:
                    raise InputError(f"{self.source}: exercise {ex.id!r} is not one of this assignment's "
                                     f"({', '.join(sorted(expect)) or 'none'})")
                want = expected_exercise(ex.id, expect[ex.id])
                diff = [k for k in TREE_FIELDS if getattr(ex, k) != getattr(want, k)]
                if "perspective" in _spec(expect[ex.id]) and ex.perspective != want.perspective:
                    diff.append("perspective")
                if diff:
                    raise InputError(f"{self.source}: exercise {ex.id!r} was edited: its {', '.join(diff)} "
                                     "is not the one set")


TREE_FIELDS = ("game", "position", "options", "players")
"""What an exercise is searched on: a record whose tree differs from the one set answers
another exercise, and is refused (:meth:`Attempt.check`)."""
TASK_FIELDS = ("algorithm", "fail_hard", "cut", "windows", "leaf_bounds")
"""What an exercise asks of its tree: an unsealed record's claim is never trusted; it is
graded on the exercise as set (:func:`as_issued`)."""
SPEC_FIELDS = ("game", "position", "algorithm", "fail_hard", "perspective", "windows", "options", "cut", "leaf_bounds",
               "players")
"""The fields an exercises set (``--expect``) may give an exercise."""


def _spec(spec: Any) -> dict[str, Any]:
    """An exercises set's entry as fields: a tree's text is ``{"game": "tree", "position": text}``."""
    return {"game": "tree", "position": spec} if isinstance(spec, str) else dict(spec)


def expected_exercise(ex_id: str, spec: Any, *, where: str = "expect") -> Exercise:
    """The exercise an exercises set (``expect``, ``--expect``) issues as ``ex_id``.

    ``spec`` is the tree's text, or a dict of the exercise's fields (:data:`SPEC_FIELDS`).
    What it leaves out is the course's default task, the same whichever way it is given:
    a game tree (``game``: ``tree``) searched with fail-soft alpha-beta, a node stopping as
    the course's conventions say (``negaviz.toml``: ``cut``), every inner node's value and
    window asked, and every move never tried.  A spec that names no view (``perspective``)
    accepts values in either: the record's view is kept (:func:`as_issued`).  A field that
    is not one of these, or a value no record could hold, is an InputError of one line.

    >>> ex = expected_exercise("week1", "A(B(D:7 E:5) C(F:3 G:1 H:9))")
    >>> ex.algorithm, ex.fail_hard, ex.windows, ex.cut
    ('alphabeta', False, True, '>=')
    """
    from negaviz.conventions import current

    if not isinstance(spec, (str, Mapping)):
        raise InputError(f"{where}: exercise {ex_id!r} must be the tree's text or a JSON object of the exercise's "
                         f"fields, not {shown(spec)}")
    fields = _spec(spec)
    extra = sorted(set(fields) - set(SPEC_FIELDS))
    if extra:
        raise InputError(f"{where}: exercise {ex_id!r} has {extra[0]!r}, which is not a field of an exercise "
                         f"(allowed: {', '.join(SPEC_FIELDS)})")
    algorithm = fields.get("algorithm", "alphabeta")
    fail_hard = fields.get("fail_hard", False)
    alphabeta = algorithm == "alphabeta"
    full: dict[str, Any] = {"id": ex_id, "game": fields.get("game", "tree"), "position": fields.get("position"),
            "algorithm": algorithm, "fail_hard": fail_hard, "perspective": fields.get("perspective", "minimax"),
            "windows": fields.get("windows", alphabeta),
            "cut": fields.get("cut", current().cut if alphabeta and fail_hard is False else ">="),
            "options": fields.get("options", {}),
            **{k: fields[k] for k in ("leaf_bounds", "players") if k in fields}}
    return _Reader(where).exercise(full, f"[{json.dumps(ex_id, ensure_ascii=False)}]")


def as_issued(item: Answered, spec: Any) -> tuple[Answered, tuple[str, ...]]:
    """``item``'s answers on the exercise as set (:func:`expected_exercise`), whatever the
    record says the exercise asked, and a line for each part of the task (:data:`TASK_FIELDS`)
    the record claims otherwise: a record edited to ``"windows": false`` or to another
    search is graded on every question the exercise set asks, never on fewer.  The view is
    the spec's where it names one, else the record's.  (The tree itself is checked by
    :meth:`Attempt.check`: a record of another tree is refused.)"""
    want = expected_exercise(item.exercise.id, spec)
    got = item.exercise
    if "perspective" not in _spec(spec):
        want = replace(want, perspective=got.perspective)
    said = []
    if got.algorithm != want.algorithm or got.fail_hard != want.fail_hard:
        said.append(f"the record says the search was {_search(got)}, but the exercise set asks {_search(want)}: "
                    "graded on the exercise as set")
    elif got.cut != want.cut and want.algorithm == "alphabeta":
        said.append(f"the record says a node stops {_CUT[got.cut]}, but the exercise set says {_CUT[want.cut]}: "
                    "graded on the exercise as set")
    elif got.leaf_bounds != want.leaf_bounds:
        said.append(f"the record says star1's leaf bounds were {_bounds(got)}, but the exercise set gives "
                    f"{_bounds(want)}: graded on the exercise as set")
    if got.windows != want.windows and want.windows:
        said.append("the record says the windows were not asked (the page hid them), but the exercise set asks "
                    "them: they are graded")
    return Answered(want, item.answers, item.verdict), tuple(said)


_CUT = {">=": "on reaching β (≥)", ">": "only past β (>)"}


def _bounds(ex: Exercise) -> str:
    return "none" if ex.leaf_bounds is None else f"[{fmt(ex.leaf_bounds[0])}, {fmt(ex.leaf_bounds[1])}]"


def _search(ex: Exercise) -> str:
    return {"negamax": "negamax", "minimax": "minimax", "expectimax": "expectimax", "star1": "star1"}.get(ex.algorithm) or (
        "fail-hard alpha-beta" if ex.fail_hard else "fail-soft alpha-beta")


_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"))
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^][{}]")


def read_json(path: str, *, shown: str, what: str) -> Any:
    """The JSON data in the regular file at ``path``, of at most :data:`MAX_BYTES` and
    nested at most :data:`MAX_DEPTH` deep; anything else (no file, a folder, a named
    pipe or a device, too large, too deep, not JSON) is an InputError of one line:
    ``{shown}: not {what}: why``.  Used for attempt records and ``--expect``'s exercises."""
    from negaviz.fileio import read_file

    try:
        info = os.stat(path)  # before opening: a named pipe would wait for a writer, /dev/zero never end
    except FileNotFoundError:
        raise InputError(f"{shown}: no such file") from None
    except OSError as exc:
        raise InputError(f"{shown}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(f"{shown}: is a folder, not {what}")
    if not stat.S_ISREG(info.st_mode):
        kind = next((k for test, k in _KINDS if test(info.st_mode)), "not a regular file")
        raise InputError(f"{shown}: not {what}: it is {kind}, and only a regular file is read")
    if info.st_size > MAX_BYTES:
        raise InputError(f"{shown}: not {what}: {info.st_size:,} bytes, more than the {MAX_BYTES >> 20} MiB read")
    try:
        data = read_file(path, what=what, limit=MAX_BYTES)  # checks again, on the file opened
    except InputError as exc:  # replaced meanwhile by a pipe, or grown past the limit
        raise InputError(f"{shown}: not {what}: {exc}") from None
    except OSError as exc:
        raise InputError(f"{shown}: cannot be read ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{shown}: not {what}: not UTF-8 text") from None
    if _depth(text) > MAX_DEPTH:
        raise InputError(f"{shown}: not {what}: JSON nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{shown}: not {what}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:  # a stack smaller than MAX_DEPTH needs (a thread's)
        raise InputError(f"{shown}: not {what}: JSON nested too deeply to read") from None
    except ValueError as exc:  # a number of more than 4,300 digits: Python will not read it
        raise InputError(f"{shown}: not {what}: not JSON ({str(exc).split(':')[0]})") from None


def _depth(text: str) -> int:
    """How deep ``text``'s arrays and objects nest, counted on its brackets outside strings
    (cheap, and without recursion: so a file is measured before it is parsed)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(1 if c in "[{" else -1 for c in brackets), default=0)


def _check_trust_args(key_salt: Any, expect: Any) -> None:
    if key_salt is not None and not isinstance(key_salt, (str, bytes)):
        raise InputError(f"key_salt must be the course's secret salt (text) or None, not {shown(key_salt)}")
    if expect is not None and not isinstance(expect, Mapping):
        raise InputError(f"expect must map each exercise's id to its tree's text (or None), not {shown(expect)}")


# ---------------------------------------------------------------------- the form
class _Reader:
    """Reads a record's fields, naming the first one that is not as the schema says."""

    def __init__(self, source: str) -> None:
        self.source = source

    def bad(self, where: str, what: str) -> InputError:
        return InputError(f"{self.source}: {where} {what}")

    def keys(self, obj: Any, where: str, allowed: set[str], required: set[str] | frozenset[str] = frozenset()) -> None:
        if not isinstance(obj, dict):
            raise self.bad(where or "the record", "must be a JSON object")
        extra = sorted(set(obj) - allowed)
        if extra:
            raise self.bad(f"{where}.{extra[0]}" if where else extra[0], f"is not a field of a record (allowed: {', '.join(sorted(allowed))})")
        missing = sorted(required - set(obj))
        if missing:
            raise self.bad(where or "the record", f"has no {missing[0]!r}")

    def text(self, obj: dict[str, Any], key: str, where: str, *, none: bool = False, empty: bool = False) -> Any:
        x = obj.get(key)
        at = f"{where}.{key}" if where else key
        if x is None and none:
            return None
        if not isinstance(x, str) or len(x) > MAX_TEXT or (not empty and not x.strip()):
            raise self.bad(at, f"must be {'empty or ' if empty else ''}text of at most {MAX_TEXT} characters"
                           f"{' or null' if none else ''}, not {shown(x)}")
        return x

    def answered(self, item: Any, where: str) -> Answered:
        self.keys(item, where, {"exercise", "answers", "verdict"}, {"exercise", "answers"})
        ex = self.exercise(item["exercise"], f"{where}.exercise")
        answers = item["answers"]
        if not isinstance(answers, list) or len(answers) > MAX_ANSWERS:
            raise self.bad(f"{where}.answers", f"must be a list of at most {MAX_ANSWERS} answers")
        out = []
        for i, a in enumerate(answers):
            at = f"{where}.answers[{i}]"
            self.keys(a, at, {"kind", "node", "text"}, {"kind"})
            if a["kind"] not in ANSWER_KINDS:
                raise self.bad(f"{at}.kind", f"is {shown(a['kind'])} (must be one of {list(ANSWER_KINDS)})")
            if a["kind"] == "checked" and "node" in a:
                raise self.bad(f"{at}.node", "is not given for a check (it checks every answer)")
            node = self.text(a, "node", at) if a["kind"] != "checked" and ("node" in a or a["kind"] != "shown") else ""
            text = self.text(a, "text", at, empty=True) if a["kind"] in ("value", "window") else ""
            if a["kind"] not in ("value", "window") and "text" in a:
                raise self.bad(f"{at}.text", f"is not given for a {a['kind']}")
            out.append(Answer(a["kind"], node, text))
        verdict = item.get("verdict")
        if verdict is not None:
            self.keys(verdict, f"{where}.verdict", {"advisory", "correct", "score", "mistake", "sentence"}, {"advisory"})
            if verdict["advisory"] is not True:
                raise self.bad(f"{where}.verdict.advisory", "must be true: the page's verdict is never a grade")
        return Answered(ex, tuple(out), verdict)

    def exercise(self, ex: Any, where: str) -> Exercise:
        from negaviz.games import GAMES

        self.keys(ex, where, {"id", "game", "position", "algorithm", "fail_hard", "perspective", "windows", "options",
                              "variant", "seal", "cut", "leaf_bounds", "players"},
                  {"id", "game", "position", "algorithm", "fail_hard", "perspective"})
        ident = self.text(ex, "id", where)
        if ex["game"] not in GAMES:
            raise self.bad(f"{where}.game", f"is {shown(ex['game'])} (must be one of {list(GAMES)})")
        position = ex["position"]
        if position is not None and (not isinstance(position, str) or len(position) > 100_000):
            raise self.bad(f"{where}.position", "must be the tree's text or the position, or null")
        if ex["algorithm"] not in ALGORITHMS:
            raise self.bad(f"{where}.algorithm", f"is {shown(ex['algorithm'])} (must be one of {list(ALGORITHMS)})")
        if not isinstance(ex["fail_hard"], bool):
            raise self.bad(f"{where}.fail_hard", "must be true or false")
        if ex["perspective"] not in ("negamax", "minimax"):
            raise self.bad(f"{where}.perspective", f"is {shown(ex['perspective'])} (must be negamax or minimax)")
        windows = ex.get("windows", ex["algorithm"] == "alphabeta")
        if not isinstance(windows, bool) or (windows and ex["algorithm"] != "alphabeta"):
            raise self.bad(f"{where}.windows", "must be true or false (true for alpha-beta only: windows are asked)")
        cut = ex.get("cut", ">=")
        if cut not in (">=", ">") or (cut == ">" and (ex["algorithm"] != "alphabeta" or ex["fail_hard"])):
            raise self.bad(f"{where}.cut", "must be \">=\" or \">\" (\">\": fail-soft alpha-beta only)")
        bounds = ex.get("leaf_bounds")
        if bounds is not None or ex["algorithm"] == "star1":
            if ex["algorithm"] != "star1" or not isinstance(bounds, list) or len(bounds) != 2 or any(
                    isinstance(b, bool) or not isinstance(b, (int, float)) or not math.isfinite(b) for b in bounds) \
                    or bounds[0] > bounds[1]:
                raise self.bad(f"{where}.leaf_bounds", "must be two numbers, lowest first, for star1 only (the bounds "
                                                       "on every leaf's value)")
            bounds = (bounds[0], bounds[1])
        players = ex.get("players", 2)
        if isinstance(players, bool) or players not in (1, 2) or (players == 1 and ex["game"] != "tree"):
            raise self.bad(f"{where}.players", "must be 1 or 2 (1: a tree where chance takes the opponent's turn)")
        options = ex.get("options", {})
        self.keys(options, f"{where}.options", set(GAME_OPTIONS))
        for k, v in options.items():
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 64:
                raise self.bad(f"{where}.options.{k}", "must be a whole number from 1 to 64")
        variant = ex.get("variant")
        if variant is not None:
            self.keys(variant, f"{where}.variant", set(VARIANT_FIELDS), set(VARIANT_FIELDS))
            self.text(variant, "sheet", f"{where}.variant")
            for k in ("number", "count", "depth", "branching"):
                if isinstance(variant[k], bool) or not isinstance(variant[k], int) or not 0 <= variant[k] <= 1000:
                    raise self.bad(f"{where}.variant.{k}", "must be a whole number")
        sealed = ex.get("seal")
        if sealed is not None and (not isinstance(sealed, str) or len(sealed) != 64
                                   or any(c not in "0123456789abcdef" for c in sealed)):
            raise self.bad(f"{where}.seal", "must be 64 hexadecimal digits (an HMAC-SHA256)")
        return Exercise(ident, ex["game"], position, ex["algorithm"], ex["fail_hard"], ex["perspective"],
                        dict(options), variant, sealed, windows, cut, bounds, players)
