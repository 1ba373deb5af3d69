"""The site's folder: built beside DIR, then moved into place, and never at a lecturer's cost.

A site carries a marker file listing every file it holds.  Building again replaces an
earlier site only if it holds nothing else; a folder that is not an earlier site, or an
earlier site where someone has added files, is refused unless ``force`` is given, and
then it is moved aside (``DIR.old``), not deleted.  The new site is built in a hidden
folder beside DIR and renamed into place at the end, so a build that fails or is
interrupted leaves DIR as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from negaviz.errors import InputError


MARKER = ".negaviz-site.json"
"""The file that says "negaviz site wrote this folder", with the list of what it wrote."""


@dataclass(frozen=True)
class Target:
    """The folder a site goes to, and what is there now."""

    path: Path
    """DIR itself."""
    replaces: bool
    """DIR holds an earlier site and nothing else: it is replaced."""
    moves_aside: Path | None
    """With ``force``: where the folder now at DIR is moved (nothing in it is deleted)."""


def check_target(output: str | Path, *, force: bool = False) -> Target:
    """Check that a site can go to ``output`` (before any work is done).

    A symbolic link is followed (the site goes to the folder it names); a link that
    names nothing, an empty path, and a folder this user cannot write in are refused."""
    shown = str(output)
    if not shown or "\0" in shown:
        raise InputError(f"cannot build a site in {shown!r}: that names no folder (give -o DIR)")
    given = Path(output)
    if given.is_symlink() and not given.exists():
        raise InputError(f"cannot build a site in {shown!r}: it is a symbolic link to "
                         f"{os.readlink(given)!r}, which does not exist")
    path = Path(os.path.realpath(given))  # '.', '..' and links: the folder itself, beside its real parent
    if path == path.parent:
        raise InputError(f"cannot build a site in {shown!r}: it is the root folder; give a folder to build it in")
    if not path.parent.is_dir():
        raise InputError(f"cannot build a site in {shown!r}: folder {str(given.parent)!r} does not exist")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise InputError(f"cannot build a site in {shown!r}: folder {str(path.parent)!r} cannot be written "
                         "(the site is built beside it and moved into place)")
    if not path.exists():
        return Target(path, replaces=False, moves_aside=None)
    if not path.is_dir():
        raise InputError(f"cannot build a site in {shown!r}: it is a file, not a folder")
    present = site_files(path)
    if not present:
        return Target(path, replaces=True, moves_aside=None)
    written = _written(path)
    if written is not None:
        others = sorted(present - written - {MARKER})
        if not others:
            return Target(path, replaces=True, moves_aside=None)
        why = f"it holds an earlier site and files negaviz did not write ({_some(others)})"
    else:
        why = f"it is not a site negaviz built ({_some(sorted(present))})"
    aside = _aside(path)
    if not force:
        raise InputError(
            f"will not build a site in {shown!r}: {why}; choose another folder, or pass --force to move "
            f"this one to {str(aside)!r} first"
        )
    return Target(path, replaces=False, moves_aside=aside)


@contextmanager
def staging(target: Target) -> Iterator[Path]:
    """A hidden work folder beside DIR (same disk, so the final move is a rename),
    removed however the build ends."""
    work = Path(tempfile.mkdtemp(prefix=f".{target.path.name}.building-", dir=target.path.parent)).resolve()
    try:
        yield work
    finally:
        shutil.rmtree(work, ignore_errors=True)


def write_marker(site: Path, *, version: str) -> None:
    """List every file of the finished site in its marker file."""
    files = sorted(site_files(site) - {MARKER})
    (site / MARKER).write_text(
        json.dumps({"negaviz": version, "files": files}, indent=0) + "\n", encoding="utf-8"
    )


def put_in_place(site: Path, target: Target) -> None:
    """Move the finished ``site`` to DIR: an earlier site there is removed, a folder a
    lecturer wrote is moved aside (with ``force``)."""
    path = target.path
    old: Path | None = None
    if target.moves_aside is not None:
        os.rename(path, target.moves_aside)
    elif target.replaces:
        old = Path(tempfile.mkdtemp(prefix=f".{path.name}.old-", dir=path.parent))
        os.rename(path, old / "site")
    os.rename(site, path)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def site_files(folder: Path) -> set[str]:
    """Every file under ``folder``, as POSIX paths relative to it."""
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}


def _written(folder: Path) -> set[str] | None:
    """The files an earlier site lists in its marker, or None if there is no readable marker."""
    try:
        data = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return None
    return set(files)


def _aside(path: Path) -> Path:
    """``DIR.old``, or ``DIR.old-2``, ... : the first name not taken."""
    candidate, n = path.with_name(f"{path.name}.old"), 2
    while candidate.exists():
        candidate, n = path.with_name(f"{path.name}.old-{n}"), n + 1
    return candidate


def _some(names: list[str], shown: int = 3) -> str:
    more = f" and {len(names) - shown:,} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more
