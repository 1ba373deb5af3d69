"""The notebooks a site holds: checked, then listed with the name each gets under ``files/``.

A notebook given by name lands at the top of ``files/``; a folder's notebooks keep their
place inside it (``week1/01.ipynb``), except those inside an earlier site (a folder with
a site's marker file), which are copies.  Each notebook brings its jupytext pair (the ``.py``
of the same name beside it), so a lecturer's diffable source travels with it.

Inputs take the command line's rules: only regular files are read (a named pipe or
``/dev/zero`` is refused before a byte is read), each of at most :data:`MAX_NOTEBOOK`
bytes, nested at most :data:`MAX_NESTING` levels deep; ``.ipynb`` in any letter case is a
notebook, and lands in the site as ``.ipynb`` (which is what JupyterLite opens as one).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Iterable

from negaviz.errors import InputError
from negaviz.fileio import read_file
from negaviz.site.folder import MARKER


_SKIPPED_FOLDERS = (".ipynb_checkpoints", "__pycache__")

MAX_NOTEBOOK = 64 << 20
"""The largest notebook (or jupytext pair) a site takes: 64 MiB (lecture notebooks with
their drawings are well under 1 MiB)."""

MAX_NESTING = 100
"""How deeply a notebook's JSON may nest (a notebook nests about 6 levels, a stored
Vega-Lite chart a dozen more)."""


@dataclass(frozen=True)
class SiteFile:
    """One file to copy into the site's ``files/`` folder."""

    source: Path
    """Where it is now."""
    name: PurePosixPath
    """Where it goes, relative to ``files/``."""


def collect(paths: Iterable[str | os.PathLike[str]]) -> list[SiteFile]:
    """The notebooks (and their jupytext pairs) that ``paths`` name, each one checked.

    Raises InputError for a missing path, a file that is not a ``.ipynb`` notebook, a
    notebook that is not valid JSON, a folder with no notebook, or two notebooks that
    would land on the same name.
    """
    files: dict[PurePosixPath, Path] = {}
    paths = list(paths)
    if not paths:
        raise InputError("no notebook or folder given: a site needs at least one notebook")
    for given in paths:
        if not isinstance(given, (str, os.PathLike)) or not os.fspath(given) or "\0" in os.fspath(given):
            raise InputError(f"no such notebook or folder: {given!r} (give paths of .ipynb files or folders)")
        path = Path(given)
        if not path.exists():
            raise InputError(f"no such notebook or folder: {str(given)!r}")
        if path.is_dir():
            sites = {marker.parent for marker in path.rglob(MARKER)}  # an earlier site's copies are not sources
            found = sorted(
                p for p in path.rglob("*")
                if p.suffix.lower() == ".ipynb" and not p.is_dir()
                and not any(part in _SKIPPED_FOLDERS or part.startswith(".") for part in p.relative_to(path).parts[:-1])
                and not any(folder in p.parents for folder in sites)
            )
            if not found:
                raise InputError(f"folder {str(given)!r} holds no notebook (*.ipynb)")
            pairs = [(p, PurePosixPath(*p.relative_to(path).parts)) for p in found]
        else:
            pairs = [(path, PurePosixPath(path.name))]
        for notebook, name in pairs:
            check_notebook(notebook)
            name = name.with_suffix(".ipynb")  # UP.IPYNB is a notebook, and JupyterLite opens .ipynb as one
            _add(files, notebook, name)
            paired = notebook.with_suffix(".py")
            if paired.is_file() or (paired.exists() and not paired.is_dir()):  # a pipe is refused, not skipped
                read_pair(paired)
                _add(files, paired, name.with_suffix(".py"))
    return [SiteFile(source, name) for name, source in sorted(files.items())]


def check_notebook(path: Path) -> dict[str, Any]:
    """The notebook at ``path``; InputError unless it is a regular ``.ipynb`` file (any
    letter case) holding a Jupyter notebook within the size and nesting limits."""
    shown = str(path)
    if path.suffix.lower() != ".ipynb":
        raise InputError(f"{shown!r} is not a notebook: give .ipynb files, or folders that hold them")
    try:
        text = read_file(path, what="a notebook", limit=MAX_NOTEBOOK).decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"notebook {shown!r} is not UTF-8 text") from None
    except OSError as exc:
        raise InputError(f"cannot read notebook {shown!r}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"notebook {shown!r} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except RecursionError:
        data = None
    if data is None or _depth(data) > MAX_NESTING:
        raise InputError(f"notebook {shown!r} nests more than {MAX_NESTING} levels deep: not a notebook negaviz takes")
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list) or "nbformat" not in data:
        raise InputError(f"{shown!r} is JSON but not a Jupyter notebook (it has no 'cells' list and 'nbformat')")
    return data


def read_pair(path: Path) -> bytes:
    """A notebook's jupytext pair, read as its notebook is (a regular file, the same size cap)."""
    try:
        return read_file(path, what="a notebook's jupytext pair", limit=MAX_NOTEBOOK)
    except OSError as exc:
        raise InputError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None


def _depth(data: Any) -> int:
    """How deeply ``data`` nests (a list or dict is one level), without recursion."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if level > MAX_NESTING:
                break
            todo += [(x, level + 1) for x in (item.values() if isinstance(item, dict) else item)]
    return deepest


def _add(files: dict[PurePosixPath, Path], source: Path, name: PurePosixPath) -> None:
    earlier = files.get(name)
    if earlier is not None and earlier.resolve() != source.resolve():
        raise InputError(f"{str(earlier)!r} and {str(source)!r} would both be files/{name} in the site: rename one")
    files[name] = source
