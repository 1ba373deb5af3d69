"""Writing attempt records: what a page's *submit* needs, the kernel's save beside the
notebook, and answers typed in a notebook cell (:mod:`negaviz.quiz.attempt` reads them).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "negaviz_answers.json"
>>> _ = write_answers(path, "week1", "A(B:1 C:2)", values={"A": 2}, cut=[])
>>> [a.exercise.id for a in Attempt.load(path).exercises]
['week1']
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from negaviz.conventions import current
from negaviz.errors import InputError
from negaviz.quiz.attempt import ALGORITHMS, FORMAT, MAX_TEXT, SCHEMA, Attempt, _version
from negaviz.quiz.words import WORDS
from negaviz.vocabulary import check_choice, check_path, check_perspective, check_text, shown

__all__ = ["write_answers"]


def submit_data(trace: Any, exercise_id: str | None = None, *, student: str | None = None,
                file: str = "negaviz_answers.json") -> dict[str, Any]:
    """What a practice page needs to write a record of ``trace``'s exercise on submit:
    the record's format, schema and version, the file name, and the exercise (its id:
    ``exercise_id``, else the tree's text), and what the page says as it saves; the page
    adds the view it was answered in."""
    from negaviz.games import GAMES

    game = trace.game
    text = getattr(game, "text", None)
    options = trace.result.options if trace.result is not None else None
    position: str = text() if callable(text) else ""
    kind = "tree"
    if not position or options is None or kind not in GAMES:
        raise InputError("a record needs a textbook tree searched to the end (practice='tree')")
    ident = exercise_id if exercise_id else (position if len(position) <= MAX_TEXT else position[:MAX_TEXT])
    return {"format": FORMAT, "schema": SCHEMA, "negaviz": _version(), "student": student, "file": file,
            "words": WORDS["submit"], "exercise": {"id": ident, "game": kind, "position": position, "algorithm": options.algorithm,
                         "fail_hard": bool(options.fail_hard),
                         **({"cut": options.cut} if options.algorithm == "alphabeta" and options.cut == ">" else {}),
                         **_chance_fields(game, options)}}


def _chance_fields(game: Any, options: Any) -> dict[str, Any]:
    """A chance tree's exercise fields: star1's leaf bounds (the options', else the
    game's), and ``players`` where chance takes the opponent's turn."""
    out: dict[str, Any] = {}
    if options.algorithm == "star1":
        from negaviz.search.chance import leaf_bounds

        out["leaf_bounds"] = list(leaf_bounds(game, options))
    if getattr(game, "players", 2) == 1:
        out["players"] = 1
    return out


def save_record(path: str | os.PathLike[str], data: Any) -> Path:
    """Save the record ``data`` (JSON data, as a page submits it) at ``path``, checked
    as :meth:`Attempt.from_json` checks it; exercises already in the file that ``data``
    does not answer are kept (a notebook's several steppers share one file).

    Several processes may save into one file at once (a notebook's kernel and an
    autograder's, or steppers' submits): each holds a lock while it reads the file, adds
    its exercises and writes it back whole, so none loses another's exercises."""
    from negaviz.fileio import atomic_write

    target = Path(path)
    new = Attempt.from_json(data, source=str(target))
    with _locked(target):
        kept: list[dict[str, Any]] = []
        if target.exists():
            ids = {a.exercise.id for a in new.exercises}
            kept = [a for a in Attempt.load(target).to_json()["exercises"] if a["exercise"]["id"] not in ids]
        out = new.to_json()
        out["exercises"] = kept + out["exercises"]
        Attempt.from_json(out, source=str(target))  # what is saved is a record load() reads
        return atomic_write(target, (json.dumps(out, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))


@contextmanager
def _locked(target: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``.NAME.lock`` beside ``target`` (``fcntl.flock``; the lock
    file stays, as removing it would race with a writer that just opened it).  The record
    itself is replaced whole on each save, so it cannot carry the lock.  Where there is no
    ``flock`` (Windows) or one process only (Pyodide in the course site) nothing is locked."""
    try:
        import fcntl
    except ImportError:
        fcntl = None  # type: ignore[assignment]
    if fcntl is None or sys.platform == "emscripten":  # no lock file left in the site's drive either
        yield
        return
    lock = target.with_name(f".{target.name}.lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise InputError(f"cannot write {str(target)!r}: its lock {lock.name!r} cannot be made "
                         f"({exc.strerror or exc})") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # a file system without locks (some network ones): save as before
            pass
        yield
    finally:
        os.close(fd)  # and the lock with it


def write_answers(path: str | os.PathLike[str], exercise_id: str, tree: str, *, values: Mapping[str, Any] | None = None,
                  windows: Mapping[str, Any] | None = None, cut: Any = (), perspective: str = "minimax",
                  algorithm: str = "alphabeta", student: str | None = None) -> Path:
    """Save answers typed in a notebook cell as a record beside the notebook (what a
    stepper's submit saves), replacing that exercise's answers in the file if it is there;
    an autograder that re-runs the notebook writes the same file again."""
    check_path(path, "path")
    for what, text in (("exercise_id", exercise_id), ("tree", tree)):
        check_text(text, what)
    check_text(student, "student", none=True)
    check_perspective(perspective)
    check_choice(algorithm, ALGORITHMS, "algorithm")
    for what, answers in (("values", values), ("windows", windows)):
        if answers is not None and not isinstance(answers, Mapping):
            raise InputError(f"{what} must map node names to answers, e.g. {{'B': 5}}, or None, not {shown(answers)}")
    if not isinstance(cut, (str, list, tuple, set, frozenset)):
        raise InputError(f"cut must be the names of the moves cut, e.g. ['G', 'H'], not {shown(cut)}")
    given = [("value", str(n), str(v)) for n, v in (values or {}).items()]
    given += [("window", str(n), str(w)) for n, w in (windows or {}).items()]
    given += [("cut", str(n), "") for n in ([cut] if isinstance(cut, str) else cut)]
    item = {"exercise": {"id": exercise_id, "game": "tree", "position": tree, "algorithm": algorithm,
                         "fail_hard": False, "perspective": perspective, "windows": algorithm == "alphabeta",
                         **({"cut": ">"} if algorithm == "alphabeta" and current().cut == ">" else {})},
            "answers": [{"kind": k, "node": n, **({"text": t} if k != "cut" else {})} for k, n, t in given],
            "verdict": None}
    return save_record(path, {"format": FORMAT, "schema": SCHEMA, "negaviz": _version(), "student": student,
                              "exercises": [item]})
