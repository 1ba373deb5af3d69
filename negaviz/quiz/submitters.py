"""Who submitted each record, where the gradebook knows it, and who the class is.

A sealed record names the student it was issued to; who *submitted* the file is
another fact, and only the course's tools know it.  :func:`submitters` reads it from
each place a course keeps it, first found wins:

* an LMS export given as ``--submitters FILE.csv``: a header line, then a row per
  submission: the file's or its folder's name, and the student's ID;
* Gradescope's "Export Submissions" layout: a folder per submission beside a
  ``submission_metadata.yml`` that lists each folder's ``:submitters:`` (each with
  ``:sid:``, the student ID, else ``:email:``); a group submission names several;
* Gradescope's autograder: ``/autograder/submission/`` beside ``submission_metadata.json``,
  whose ``users`` submitted (each by ``sid`` where set, else ``email``);
* nbgrader's course layout, ``submitted/STUDENT_ID/ASSIGNMENT/...`` (and
  ``autograded/``, which autograde fills from it): the student's folder names the submitter.

>>> parse_gradescope_metadata('''
... submission_101:
...   :submitters:
...   - :name: Ada Lovelace
...     :sid: 's1'
...     :email: ada@example.org
...   :score: 7.0
... ''')
{'submission_101': ('s1',)}
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from negaviz.errors import InputError
from negaviz.fileio import read_file

__all__: list[str] = []

GRADESCOPE_METADATA = "submission_metadata.yml"
"""The file Gradescope's export puts beside its submission folders."""
AUTOGRADER_METADATA = "submission_metadata.json"
"""The file Gradescope's autograder puts beside ``submission/`` (its ``users``: who submitted)."""
NBGRADER_FOLDERS = ("submitted", "autograded")
"""nbgrader's folders of students' submissions: ``submitted/STUDENT_ID/ASSIGNMENT/``, and autograde's copy."""
ROSTER_HEADERS = ("student_id", "id", "sid", "student", "username", "login", "user")
"""A roster's first line is a header when its first cell is one of these."""


def _read_text(path: str, flag: str) -> str:
    """The file at ``path`` as text, or one line naming ``flag``, the file and why not."""
    try:
        return read_file(path, what=flag).decode("utf-8-sig")  # a regular file only: a named pipe would hang
    except FileNotFoundError:
        raise InputError(f"{flag} {path!r}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{flag} {path!r} is a folder: name the file") from None
    except UnicodeDecodeError:
        raise InputError(f"{flag} {path!r} is not UTF-8 text") from None
    except OSError as exc:
        raise InputError(f"{flag} {path!r}: {exc.strerror or exc}") from None


def read_submitters_csv(path: str) -> dict[str, tuple[str, ...]]:
    """An LMS export as (file or folder name -> student ID): a header line, then two
    columns a row.  A name given two different IDs is refused (which one submitted?)."""
    rows = [r for r in csv.reader(io.StringIO(_read_text(path, "--submitters"))) if any(c.strip() for c in r)]
    if len(rows) < 2:
        raise InputError(f"--submitters {path!r} has no rows: it needs a header line, then a row per submission "
                         "(file or folder name, student ID)")
    out: dict[str, tuple[str, ...]] = {}
    for line, row in enumerate(rows[1:], start=2):
        if len(row) < 2 or not row[0].strip() or not row[1].strip():
            raise InputError(f"--submitters {path!r} row {line} needs two columns: the file or folder name, then "
                             "the student ID")
        name, sid = row[0].strip(), row[1].strip()
        if name in out and out[name] != (sid,):
            raise InputError(f"--submitters {path!r} row {line} names {name!r} again, for {sid} (before: "
                             f"{out[name][0]}): one submitter per file")
        out[name] = (sid,)
    return out


def read_roster(path: str) -> list[str]:
    """The class's student IDs, from the first column of a roster (a header line is
    skipped when its first cell is :data:`ROSTER_HEADERS`' own)."""
    rows = [r for r in csv.reader(io.StringIO(_read_text(path, "--roster"))) if r and r[0].strip()]
    if rows and rows[0][0].strip().lower() in ROSTER_HEADERS:
        rows = rows[1:]
    ids = list(dict.fromkeys(r[0].strip() for r in rows))
    if not ids:
        raise InputError(f"--roster {path!r} lists no student: give a student ID a line (first column)")
    return ids


_SUBMISSION = re.compile(r"^(\S[^:]*):\s*$")
_FIELD = re.compile(r"^\s*(?:-\s+)?:(sid|email):\s*(.*?)\s*$")


def parse_gradescope_metadata(text: str) -> dict[str, tuple[str, ...]]:
    """Each submission folder's submitters in a Gradescope ``submission_metadata.yml``:
    the ``:sid:`` of each (its ``:email:`` where no ID is set).  Only these lines are
    read, so no YAML library is needed."""
    out: dict[str, list[tuple[str, str]]] = {}
    folder: str | None = None
    for line in text.splitlines():
        top = _SUBMISSION.match(line)
        if top:
            folder = top.group(1).strip().strip("'\"")
            out[folder] = []
            continue
        if folder is None:
            continue
        if line.lstrip().startswith("- "):  # the next submitter of the list
            out[folder].append(("", ""))
        field = _FIELD.match(line)
        if field:
            key, value = field.group(1), field.group(2).strip("'\"")
            if not out[folder]:
                out[folder].append(("", ""))
            sid, email = out[folder][-1]
            out[folder][-1] = (value, email) if key == "sid" else (sid, value)
    return {f: tuple(sid or email for sid, email in people if sid or email) for f, people in out.items()}


def _gradescope(path: Path, cache: dict[Path, dict[str, tuple[str, ...]]]) -> tuple[str, ...] | None:
    """The submitters Gradescope's export names for the folder ``path`` sits in."""
    for folder in path.parents:
        meta = folder.parent / GRADESCOPE_METADATA
        if folder == folder.parent or not meta.is_file():
            continue
        if meta not in cache:
            cache[meta] = parse_gradescope_metadata(_read_text(str(meta), "Gradescope's"))
        if folder.name in cache[meta]:
            return cache[meta][folder.name]
    return None


def _autograder(path: Path) -> tuple[str, ...] | None:
    """On Gradescope's autograder, ``/autograder/submission/...`` beside
    ``/autograder/submission_metadata.json``: its ``users``, each by ``sid`` where set, else ``email``."""
    for folder in path.parents:
        meta = folder.parent / AUTOGRADER_METADATA
        if folder.name == "submission" and meta.is_file():
            try:
                users = json.loads(_read_text(str(meta), "Gradescope's")).get("users") or []
            except (ValueError, AttributeError):
                raise InputError(f"Gradescope's {str(meta)!r} is not the submission metadata JSON it documents") from None
            who = tuple(str(u.get("sid") or u.get("email") or "") for u in users if isinstance(u, dict))
            return tuple(w for w in who if w) or None
    return None


def _nbgrader(path: Path) -> tuple[str, ...] | None:
    """The student folder of nbgrader's ``submitted/STUDENT_ID/ASSIGNMENT/...`` (or ``autograded/``)."""
    parts = path.parts
    for i in range(len(parts) - 4, -1, -1):  # submitted, the student, the assignment, at least a file
        if parts[i] in NBGRADER_FOLDERS:
            return (parts[i + 1],)
    return None


def _listed(path: Path, given: str, listed: Mapping[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The LMS export's submitters for the record: by the path as given, its file name, or a folder's name."""
    for name in (given, path.name, *(p.name for p in path.parents)):
        if name in listed:
            return listed[name]
    return None


def submitters(paths: Iterable[str], listed: Mapping[str, tuple[str, ...]] | None = None) -> dict[str, tuple[str, ...]]:
    """Who submitted each record of ``paths`` (path as given -> student IDs), where the
    course's tools say: ``listed`` (an LMS export), Gradescope's export, nbgrader's folders."""
    cache: dict[Path, dict[str, tuple[str, ...]]] = {}
    out: dict[str, tuple[str, ...]] = {}
    for given in paths:
        path = Path(os.path.abspath(given))
        who = (_listed(path, given, listed) if listed else None) or _gradescope(path, cache) or _autograder(path) \
            or _nbgrader(path)
        if who:
            out[given] = who
    return out


def submission_name(path: str) -> str | None:
    """The Gradescope submission folder (or nbgrader student folder) a record sits in, if any."""
    p = Path(os.path.abspath(path))
    for folder in p.parents:
        if (folder.parent / GRADESCOPE_METADATA).is_file():
            return folder.name
    return None
