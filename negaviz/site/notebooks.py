"""The notebooks a site holds: checked, then listed with the name each gets under ``files/``.

A notebook given by name lands at the top of ``files/``; a folder's notebooks keep their
place inside it (``week1/01.ipynb``), except those inside an earlier site (a folder with
a site's marker file), which are copies.  Each notebook brings its jupytext pair (the ``.py``
of the same name beside it), so a lecturer's diffable source travels with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterable

from negaviz.errors import InputError
from negaviz.site.folder import MARKER


_SKIPPED_FOLDERS = (".ipynb_checkpoints", "__pycache__")


@dataclass(frozen=True)
class SiteFile:
    """One file to copy into the site's ``files/`` folder."""

    source: Path
    """Where it is now."""
    name: PurePosixPath
    """Where it goes, relative to ``files/``."""


def collect(paths: Iterable[str | Path]) -> list[SiteFile]:
    """The notebooks (and their jupytext pairs) that ``paths`` name, each one checked.

    Raises InputError for a missing path, a file that is not a ``.ipynb`` notebook, a
    notebook that is not valid JSON, a folder with no notebook, or two notebooks that
    would land on the same name.
    """
    files: dict[PurePosixPath, Path] = {}
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise InputError(f"no such notebook or folder: {str(given)!r}")
        if path.is_dir():
            sites = {marker.parent for marker in path.rglob(MARKER)}  # an earlier site's copies are not sources
            found = sorted(
                p for p in path.rglob("*.ipynb")
                if not any(part in _SKIPPED_FOLDERS or part.startswith(".") for part in p.relative_to(path).parts[:-1])
                and not any(folder in p.parents for folder in sites)
            )
            if not found:
                raise InputError(f"folder {str(given)!r} holds no notebook (*.ipynb)")
            pairs = [(p, PurePosixPath(*p.relative_to(path).parts)) for p in found]
        else:
            pairs = [(path, PurePosixPath(path.name))]
        for notebook, name in pairs:
            check_notebook(notebook)
            _add(files, notebook, name)
            paired = notebook.with_suffix(".py")
            if paired.is_file():
                _add(files, paired, name.with_suffix(".py"))
    return [SiteFile(source, name) for name, source in sorted(files.items())]


def check_notebook(path: Path) -> None:
    """Raise InputError unless ``path`` is a ``.ipynb`` file holding a Jupyter notebook."""
    shown = str(path)
    if path.suffix.lower() != ".ipynb":
        raise InputError(f"{shown!r} is not a notebook: give .ipynb files, or folders that hold them")
    try:
        text = path.read_text(encoding="utf-8")
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
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list) or "nbformat" not in data:
        raise InputError(f"{shown!r} is JSON but not a Jupyter notebook (it has no 'cells' list and 'nbformat')")


def _add(files: dict[PurePosixPath, Path], source: Path, name: PurePosixPath) -> None:
    earlier = files.get(name)
    if earlier is not None and earlier.resolve() != source.resolve():
        raise InputError(f"{str(earlier)!r} and {str(source)!r} would both be files/{name} in the site: rename one")
    files[name] = source
