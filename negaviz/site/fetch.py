"""Downloads for the site, fetched once into the cache: a cached file is checked before it is
used and fetched again when it fails (:func:`_healed`), and a download that cannot be made
is one :class:`SiteBuildError` line.

The downloads themselves are ``npm pack`` and ``pip download`` (which check the registries'
hashes); :func:`_download` (the standard library's ``urllib``, as JupyterLite's ``fetch_one``)
is only for a ``--pyodide`` URL and for npm's tarball where npm is missing."""

from __future__ import annotations

import os
import shutil
import tempfile
import urllib.request
from pathlib import Path
from typing import Callable

from negaviz.errors import NegavizError
from negaviz.site.cache import Cache, Problem, sha256_of

__all__: list[str] = []


Say = Callable[[str], None]


class SiteBuildError(NegavizError, RuntimeError):
    """A site could not be built (a download failed, a build tool is missing or failed)."""


def _healed(path: Path, label: str, cache: Cache, problem: Problem, fetch: Callable[[Path], tuple[Path, str]],
            say: Say, refresh: bool) -> Path:
    """``path`` from the cache if it passes its checks (the manifest's size and sha256,
    then ``problem``), else fetched again once with ``fetch(folder) -> (file, source)``;
    a fetched file must pass ``problem`` before it replaces the cached one.  A file that
    failed and could not be fetched again stops the build, naming it."""
    why = None
    if path.is_file() and not refresh:
        why = cache.problem(path) or problem(path)
        if why is None:
            if not cache.known(path):  # cached by an older negaviz: it opens, so it is listed now
                cache.record(path, source="checked when first opened")
            say(f"{label}: cached")
            return path
        say(f"{label}: the cached file {path} failed its check ({why}); fetching it again")
    else:
        say(f"{label}: fetching (once; kept in {path.parent})")
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".fetching-") as tmp:
        try:
            fresh, source = fetch(Path(tmp))
        except SiteBuildError as exc:
            if why is None:
                raise
            raise SiteBuildError(_still_bad(path, why, str(exc))) from None
        fresh_why = problem(fresh)
        if fresh_why is not None:
            raise SiteBuildError(f"{label} as fetched from {source} failed its check too ({fresh_why}); "
                                 "nothing was built from it")
        digest = sha256_of(fresh)
        os.replace(fresh, path)
        cache.record(path, source=source, sha256=digest)
    return path


def _still_bad(path: Path, why: str, failure: str, more: int = 0) -> str:
    """The one line for a cached file that failed its check and could not be fetched again."""
    others = f" (and {more} more cached file{'s' if more > 1 else ''})" if more else ""
    return (f"the cached file {path}{others} failed its check ({why}) and fetching it again failed ({failure}); "
            "nothing was built from it: when online, run negaviz site --refresh (or delete that file) and build again")


def _download(url: str, dest: Path) -> None:
    partial = dest.with_name(dest.name + ".part")
    try:
        with urllib.request.urlopen(url, timeout=60) as response, open(partial, "wb") as out:
            shutil.copyfileobj(response, out)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise SiteBuildError(f"could not fetch {url}: {getattr(exc, 'reason', None) or exc}") from None
    os.replace(partial, dest)


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "no message"
