"""``negaviz init DIR``: a course repository a lecturer can push as it is.

The files come from ``template/`` beside this module (package data), with words filled
in: the negaviz version that wrote the course (``@NEGAVIZ_VERSION@``), the Python it ran
on (``@PYTHON_VERSION@``, which the CI workflows install), how long the site's first
start takes (``@STARTING_SECONDS@``, the site's own figure), and the requirement lines
that install negaviz from where the running negaviz came (``@NEGAVIZ_REQUIREMENT@``,
``@NEGAVIZ_SITE_REQUIREMENT@``; :mod:`negaviz.course.source`: an index, a URL, or a
wheel that init copies into ``wheels/``).  Three more are made here: ``constraints.txt``
(every package of the environment that ran init, pinned,
so a term's CI installs what the lecturer's notebooks were made with), the lecture
notebooks (the starter lecture, stored executed, or the notebooks ``--from`` names, each
with its jupytext ``.py`` pair when it has one), and the manifest.

The starter lecture is stored executed, as package data, rather than run at init time:
running it needs a Jupyter kernel and Graphviz's dot, which ``init`` should not (a
lecturer may start a course on a machine with neither), and a stored run is the same
bytes everywhere.  ``tools/build_notebooks.py --course`` makes it from its ``.py``, and a
test checks that the stored notebook is what a fresh build makes.

The manifest (``.negaviz-course.json``) lists every file init wrote with its sha256.  A
folder that holds files is refused unless ``force``; then init writes only files that
are missing, or that it wrote itself and nobody has changed since (by the manifest):
it never replaces a file it did not write.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import Iterable

from negaviz.course.source import EXTRAS, WHEELS, Source, find_source, missing_extras
from negaviz.errors import InputError
from negaviz.fileio import atomic_write

__all__ = ["init_course"]

TEMPLATE = Path(__file__).resolve().parent / "template"
MANIFEST = ".negaviz-course.json"
"""The file that lists what ``negaviz init`` wrote (and its sha256), for ``--force``."""

FILES: dict[str, str] = {
    "README.md": "README.md",
    "requirements.txt": "requirements.txt",
    "requirements-site.txt": "requirements-site.txt",
    "requirements-otter.txt": "requirements-otter.txt",
    "pytest.ini": "pytest.ini",
    "environment.yml": "environment.yml",
    "postBuild": "postBuild",
    "dot-gitignore": ".gitignore",
    "dot-gitlab-ci.yml": ".gitlab-ci.yml",
    "dot-github/workflows/course.yml": ".github/workflows/course.yml",
    "notebooks/jupytext.toml": "notebooks/jupytext.toml",
}
"""Each template file and where it goes in the course (a name starting with a dot is
stored as ``dot-``: package data leaves dot files out)."""
STARTER = ("notebooks/01-game-trees.ipynb", "notebooks/01-game-trees.py")
"""The starter lecture, a jupytext pair stored executed (``tools/build_notebooks.py --course``)."""
EXECUTABLE = frozenset({"postBuild"})
IGNORED = frozenset({".git"})
"""What a folder may hold and still count as empty: ``git init`` first is fine."""
NOT_PINNED = frozenset({"negaviz", "pip", "setuptools", "wheel", "distribute"})
"""Left out of ``constraints.txt``, as ``pip freeze`` leaves them (negaviz is pinned in requirements.txt)."""


@dataclass(frozen=True)
class CourseInfo:
    """What :func:`init_course` did."""

    path: Path
    """The course's folder."""
    written: tuple[str, ...]
    """The files written (new, or replaced because init wrote them and they were unchanged), as POSIX paths."""
    kept: tuple[str, ...]
    """The files already there that init left as they were (``force``): written by someone else, or changed since."""
    notebooks: tuple[str, ...]
    """The course's notebooks (``.ipynb``), as POSIX paths."""
    source: str
    """One line: where the course's requirements take negaviz from."""
    missing: dict[str, list[str]]
    """Each extra of the course's (notebook, site) that the environment lacks packages of: ``constraints.txt`` pins none of them."""


def init_course(
    folder: str | os.PathLike[str], *, notebooks: Iterable[str | os.PathLike[str]] = (), force: bool = False,
    wheel: str | os.PathLike[str] | None = None, assignments: Iterable[str] = (), nbgrader: bool = False,
    conventions: str = "notes",
) -> CourseInfo:
    """Write a course repository into ``folder`` (made if missing).

    ``notebooks`` (files or folders of ``.ipynb``, as ``negaviz site`` takes them) replace
    the starter lecture; each brings its jupytext ``.py`` pair.  ``folder`` must be empty
    (a ``.git`` folder aside) unless ``force``, which adds the course's files beside what
    is there and never replaces a file init did not write.  The course's requirements
    install negaviz from where the running negaviz came (:mod:`negaviz.course.source`),
    or from ``wheel``, a negaviz wheel file copied into the course.  ``assignments``
    (``alphabeta``, ``tt``, ``depth-limited``) add "write your own" notebooks graded on
    negaviz's battery (:mod:`negaviz.course.assignment`).  ``conventions`` names the rules
    the course teaches where textbooks differ (``notes``, ``aima``, ``cs188``:
    :mod:`negaviz.conventions`), written to ``negaviz.toml``, which every search, practice
    page, grader and ``check(fn)`` run in the course's folders reads.  Every input is
    checked before any file is written."""
    from negaviz.conventions import FILE, PRESETS, file_text
    from negaviz.course.assignment import assignment_files, check_kind

    from negaviz.site.notebooks import collect, read_pair
    from negaviz.vocabulary import check_flag, shown

    force = check_flag(force, "force")
    if not isinstance(conventions, str) or conventions not in PRESETS:
        raise InputError(f"unknown conventions {shown(conventions)} (must be one of {', '.join(map(repr, PRESETS))})")
    if not isinstance(folder, (str, os.PathLike)) or not os.fspath(folder) or "\0" in str(os.fspath(folder)):
        raise InputError(f"folder must be the path of the course's folder (text or a pathlib.Path), not {shown(folder)}")
    if isinstance(notebooks, (str, os.PathLike)):
        notebooks = [notebooks]
    elif not isinstance(notebooks, Iterable):
        raise InputError(f"notebooks must be paths of notebooks or folders, not {type(notebooks).__name__}")
    given = list(notebooks)
    lectures: dict[str, bytes] = {}
    if given:
        for file in collect(given):  # each notebook checked: a regular .ipynb file holding a notebook
            lectures[f"notebooks/{file.name}"] = read_pair(file.source)
    else:
        lectures = {name: _starter(name, conventions) for name in STARTER}
    if isinstance(assignments, str):
        assignments = [assignments]
    elif not isinstance(assignments, Iterable):
        raise InputError(f"assignments must be names of assignments (alphabeta, tt, depth-limited), not {shown(assignments)}")
    kinds = [check_kind(k) for k in assignments]
    written_for: dict[str, bytes] = {}  # made before the folder: an assignment the conventions refuse writes nothing
    for kind in kinds:
        written_for.update(assignment_files(kind, conventions))
    made = not os.path.lexists(folder)
    root = _check_folder(Path(folder), force)
    try:
        source = find_source(wheel)
    except InputError:
        if made:
            root.rmdir()  # the folder this call made, still empty: leave nothing behind
        raise
    files = {dest: _fill((TEMPLATE / name).read_bytes(), source) for name, dest in FILES.items()}
    files["constraints.txt"] = constraints().encode("utf-8")
    files[FILE] = file_text(PRESETS[conventions]).encode("utf-8")
    if source.wheel is not None:
        files[f"{WHEELS}/{source.wheel}"] = source.data
    files.update(lectures)
    files.update(written_for)
    if check_flag(nbgrader, "nbgrader"):  # a graded first assignment (negaviz.course.graded)
        from negaviz.course.graded import IGNORED, nbgrader_files

        files.update(nbgrader_files())
        files[".gitignore"] += IGNORED.encode("utf-8")
    return _write(root, files, force, source.said, missing_extras())


def _starter(name: str, conventions: str) -> bytes:
    """The starter lecture's file ``name``, as stored executed under ``conventions``
    (``01-game-trees.cs188.ipynb`` beside the lecture notes' where the outputs differ)."""
    variant = TEMPLATE / PurePosixPath(name).with_suffix(f".{conventions}{PurePosixPath(name).suffix}")
    if name.endswith(".ipynb") and variant.is_file():
        return variant.read_bytes()
    return (TEMPLATE / name).read_bytes()


def constraints() -> str:
    """``constraints.txt``: every package of this environment at its version, sorted,
    as ``pip freeze`` would list it (negaviz, pip and setuptools left out)."""
    pins: dict[str, str] = {}
    for dist in metadata.distributions():
        name = dist.metadata["Name"] if dist.metadata else None
        if not name:
            continue
        key = name.lower().replace("_", "-").replace(".", "-")
        if key not in NOT_PINNED and key not in pins:
            pins[key] = f"{name}=={dist.version}"
    import negaviz

    head = (
        f"# Every package of the environment that ran `negaviz init` (negaviz {negaviz.__version__}, Python "
        f"{_python()}), pinned for the term.\n"
        "# requirements.txt names what the course needs; pip takes these versions of it (-c constraints.txt).\n"
        "# A new term: see README.md, \"Pinning a term\".\n"
    )
    return head + "".join(f"{pins[key]}\n" for key in sorted(pins))


def _python() -> str:
    return f"{sys.version_info.major}.{sys.version_info.minor}"


def _fill(data: bytes, source: Source) -> bytes:
    import negaviz

    text = data.decode("utf-8")
    from negaviz.site.loading import STARTING_SECONDS  # the one figure for the wait (the site's line says it too)

    for word, value in (("@NEGAVIZ_REQUIREMENT@", source.lines(",".join(EXTRAS)).rstrip("\n")),
                        ("@NEGAVIZ_SITE_REQUIREMENT@", source.lines(",".join(EXTRAS)).rstrip("\n")),
                        ("@NEGAVIZ_OTTER_REQUIREMENT@", source.autograder_line()),
                        ("@OTTER_GENERATE@", source.otter_generate()),
                        ("@NEGAVIZ_VERSION@", negaviz.__version__), ("@PYTHON_VERSION@", _python()),
                        ("@STARTING_SECONDS@", str(STARTING_SECONDS))):
        text = text.replace(word, value)
    return text.encode("utf-8")


def _check_folder(path: Path, force: bool) -> Path:
    """``path`` made if missing, and checked: a folder this user can write files in, empty unless ``force``."""
    shown = str(path)
    if path.is_symlink() and not path.exists():
        raise InputError(f"cannot make a course in {shown!r}: it is a symbolic link to {os.readlink(path)!r}, "
                         "which does not exist")
    if path.exists() and not path.is_dir():
        raise InputError(f"cannot make a course in {shown!r}: it is a file, not a folder")
    if not path.exists():
        try:
            path.mkdir(parents=True)
        except OSError as exc:
            where = next((p for p in path.parents if p.exists()), path.parent)
            raise InputError(f"cannot make a course in {shown!r}: folder {str(where)!r} takes no new folders "
                             f"({exc.strerror or exc})") from None
    try:
        fd, probe = tempfile.mkstemp(prefix=".negaviz-init-", dir=path)  # the folder takes files: try it
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise InputError(f"cannot make a course in {shown!r}: the folder cannot be written ({exc.strerror or exc})") from None
    present = sorted(p.name for p in path.iterdir() if p.name not in IGNORED)
    if present and not force:
        more = f" and {len(present) - 3} more" if len(present) > 3 else ""
        raise InputError(
            f"will not make a course in {shown!r}: it holds files ({', '.join(present[:3])}{more}); choose an empty "
            "folder, or pass --force to add the course's files beside them (a file init did not write is never replaced)"
        )
    return path


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _written_before(root: Path) -> dict[str, str]:
    """The manifest of an earlier init here: each file it wrote and that file's sha256."""
    try:
        data = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)}


def _write(root: Path, files: dict[str, bytes], force: bool, said: str, missing: dict[str, list[str]]) -> CourseInfo:
    import negaviz

    before = _written_before(root) if force else {}
    written, kept, manifest = [], [], {}
    for name in sorted(files):
        data, target = files[name], root / PurePosixPath(name)
        if os.path.lexists(target):
            current = _read(target)
            if current is None or before.get(name) != _digest(current):
                kept.append(name)  # not init's, or changed since init wrote it: the lecturer's now
                continue
            if current == data:
                manifest[name] = _digest(data)
                continue
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(target, data)
            if name in EXECUTABLE:
                target.chmod(target.stat().st_mode | 0o111)
        except OSError as exc:
            raise InputError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
        written.append(name)
        manifest[name] = _digest(data)
    record = {"negaviz": negaviz.__version__, "files": manifest}
    atomic_write(root / MANIFEST, (json.dumps(record, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    notebooks = tuple(n for n in sorted(files) if n.endswith(".ipynb"))
    return CourseInfo(root, tuple(written), tuple(kept), notebooks, said, missing)


def _read(path: Path) -> bytes | None:
    """A regular file's bytes, or None (a folder, a link to nothing, unreadable)."""
    try:
        return path.read_bytes() if path.is_file() else None
    except OSError:
        return None
