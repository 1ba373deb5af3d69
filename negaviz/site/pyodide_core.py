"""Pyodide's core for the site: npm's ``pyodide@VERSION`` tarball (cached, checked, unpacked),
or a full distribution given by ``--pyodide`` (a folder, a ``.tar.bz2`` or its URL).

Kept by hand: ``jupyter lite build --pyodide`` takes only a ``.tar.bz2`` with a top
``pyodide/`` folder, fetches a URL unchecked into the build's own (temporary) cache, and
unpacks it during the build, after the site has rewritten the lock and compiled bytecode;
so it is unpacked here into the folder the build copies from (``static/pyodide``)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
import zlib
from pathlib import Path

from negaviz.errors import InputError
from negaviz.site.cache import Cache, tar_reason, tarball_problem
from negaviz.site.fetch import Say, SiteBuildError, _download, _healed, _last_line

__all__: list[str] = []


def check_pyodide(where: str | None) -> None:
    """Raise InputError unless ``--pyodide`` names a URL or a path that exists (before any work)."""
    if where is not None and (not where or "\0" in where):
        raise InputError(f"--pyodide {where!r} names nothing (give a Pyodide folder, .tar.bz2 or URL)")
    if where is not None and not re.match(r"^https?://", where) and not Path(where).exists():
        raise InputError(f"--pyodide {where!r}: no such file or folder (give a Pyodide folder, .tar.bz2 or URL)")


_CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
               "pyodide.js")


def _npm_core(version: str, cache: Cache, say: Say, refresh: bool = False) -> Path:
    """npm's ``pyodide@VERSION`` tarball, from the cache (checked) or fetched."""
    tarball = cache.folder / f"pyodide-{version}.tgz"

    def fetch(tmp: Path) -> tuple[Path, str]:
        source = f"npm's pyodide@{version}"
        npm = shutil.which("npm")
        if npm:
            done = subprocess.run([npm, "pack", f"pyodide@{version}", "--json"], cwd=tmp,
                                  capture_output=True, text=True)
            if done.returncode != 0:
                try:  # npm --json says why in its JSON; its stderr ends with the path of a log
                    why = str(json.loads(done.stdout)["error"]["summary"])
                except (ValueError, LookupError, TypeError):
                    why = _last_line(done.stderr)
                raise SiteBuildError(f"npm could not fetch pyodide@{version}: {why}")
            try:
                integrity = str(json.loads(done.stdout)[0]["integrity"])
            except (ValueError, LookupError, TypeError):
                integrity = ""
        else:  # what npm would fetch
            _download(f"https://registry.npmjs.org/pyodide/{version}", tmp / "meta.json")
            integrity = json.loads((tmp / "meta.json").read_text(encoding="utf-8"))["dist"]["integrity"]
            _download(f"https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz", tmp / tarball.name)
        got = tmp / tarball.name
        if not got.is_file():
            raise SiteBuildError(f"npm pack wrote no {tarball.name}")
        if integrity:  # npm's registry hash, checked as npm does
            algorithm, _, digest = integrity.partition("-")
            data = got.read_bytes()
            if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != digest:
                raise SiteBuildError(f"{tarball.name} from npm's registry does not match its {algorithm} hash")
        return got, source + (f" ({integrity.partition('-')[0]} checked)" if integrity else "")

    return _healed(tarball, f"Pyodide {version} core", cache, lambda p: _core_problem(p, version), fetch, say, refresh)


def _core_problem(tarball: Path, version: str) -> str | None:
    """What keeps ``tarball`` from being npm's whole ``pyodide@version``, or None."""
    why = tarball_problem(tarball, tuple(f"package/{name}" for name in _CORE_FILES) + ("package/package.json",))
    if why is not None:
        return why
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/package.json")
        try:
            got = json.loads(member.read()).get("version") if member is not None else None
        except (ValueError, AttributeError):
            got = None
        if got != version:
            return f"it is Pyodide {got or '?'}, not {version}"
        member = archive.extractfile("package/pyodide-lock.json")
        try:
            lock = json.loads(member.read()) if member is not None else None
        except ValueError:
            lock = None
    if not isinstance(lock, dict) or not isinstance(lock.get("packages"), dict) or not lock["packages"]:
        return "its pyodide-lock.json is not a whole lock (no 'packages' table)"
    return None


def _unpack_core(tarball: Path, dest: Path) -> None:
    with tarfile.open(tarball) as archive:
        for name in _CORE_FILES:
            source = archive.extractfile(f"package/{name}")
            if source is None:  # pragma: no cover (checked before)
                raise SiteBuildError(f"{tarball} has no package/{name}: not a Pyodide core tarball")
            (dest / name).write_bytes(source.read())


def _copy_distribution(where: str, cache: Cache, dest: Path, say: Say, refresh: bool = False) -> None:
    """A full Pyodide distribution (a folder, a .tar.bz2, or its URL) copied into ``dest``."""
    if re.match(r"^https?://", where):
        name = where.rstrip("/").rsplit("/", 1)[-1] or "pyodide.tar"
        archive = cache.folder / "distributions" / hashlib.sha256(where.encode()).hexdigest()[:12] / name  # one per URL

        def fetch(tmp: Path) -> tuple[Path, str]:
            _download(where, tmp / name)
            return tmp / name, where

        def problem(path: Path) -> str | None:  # a known file matched its hash: it opened when it came
            return None if cache.known(path) and tarfile.is_tarfile(path) else tarball_problem(path)

        source = _healed(archive, f"Pyodide {name}", cache, problem, fetch, say, refresh)
    else:
        check_pyodide(where)
        source = Path(where)
    if source.is_dir():
        root = _distribution_root(source, where)
        shutil.copytree(root, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.map"))
        return
    neither = f"--pyodide {where!r} is neither a folder nor a tar archive of a Pyodide distribution"
    if not source.is_file():
        raise InputError(neither)
    with tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
        try:
            with tarfile.open(source) as archive_file:
                if hasattr(tarfile, "data_filter"):  # Python 3.10.12+: no links or paths outside tmp
                    archive_file.extractall(tmp, filter="data")
                else:  # pragma: no cover
                    archive_file.extractall(tmp)
        except getattr(tarfile, "FilterError", ()) as exc:
            member = getattr(getattr(exc, "tarinfo", None), "name", "?")
            raise InputError(f"--pyodide {where!r} is refused: its member {member!r} is a link or a path that would "
                             "land outside the folder it is unpacked in (nothing was written outside)") from None
        except (tarfile.TarError, EOFError, OSError, zlib.error) as exc:
            why = tar_reason(exc)
            raise InputError(neither if "does not open" in why else f"--pyodide {where!r} cannot be unpacked: {why}") from None
        shutil.copytree(_distribution_root(Path(tmp), where), dest, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("*.map"))


def _distribution_root(folder: Path, where: str) -> Path:
    for lock in sorted(folder.rglob("pyodide-lock.json"), key=lambda p: len(p.parts)):
        if (lock.parent / "pyodide.mjs").is_file():
            return lock.parent
    raise InputError(f"--pyodide {where!r} is not a Pyodide distribution (no pyodide.mjs beside a pyodide-lock.json)")
