"""The site's download cache, checked before every use, and healed when a file is bad.

``negaviz site`` keeps what it downloads (Pyodide's core from npm, the kernel's wheels
from PyPI, a ``--pyodide`` URL's archive) in :func:`cache_folder`.  A file there can go
bad: a download cut short last week, a full disk, a file replaced by hand.  So no cached
file is used unchecked:

* the cache keeps a manifest (``manifest.json``) of each file's size and sha256, written
  when the file was fetched and checked against the registry (npm's integrity hash, the
  hashes PyPI gives pip); the manifest carries its own checksum, so a damaged manifest
  is noticed and set aside, never believed;
* every file must also open as what it is: a tarball whose members all read back (npm's
  Pyodide core: of the version asked for, with a lock that lists packages), a wheel
  whose every member passes its CRC and whose name and version are the file's;
* a file that fails is fetched again, once; if that fails too (offline), the build stops
  with one line naming the file and ``negaviz site --refresh`` (which fetches every file
  a build needs anew); a site is never built from a file that failed.

Kept by hand: pooch (``retrieve(known_hash=...)``) checks a hash known before the
download, and the wheels taken at the versions installed here (ipywidgets, anywidget, ...)
have none until PyPI is asked, so this cache records each hash once npm or pip has checked
the download; JupyterLite's own cache (``fetch_one``) takes any file already there, unchecked.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     cache = Cache(pathlib.Path(tmp))
...     f = pathlib.Path(tmp) / "a.bin"
...     _ = f.write_bytes(b"hello")
...     cache.record(f, source="test")
...     before = cache.problem(f)
...     _ = f.write_bytes(b"hellO")
...     before, cache.problem(f)
(None, 'its sha256 is not the one recorded when it was fetched')
"""

from __future__ import annotations

import contextlib
import email.parser
import hashlib
import json
import os
import secrets
import tarfile
import zipfile
import zlib
from pathlib import Path
from typing import Any, Callable


MANIFEST = "manifest.json"
"""The cache's own record of what it fetched: path -> size, sha256 and where from."""

_FORMAT = "negaviz-site-cache/1"


def cache_folder() -> Path:
    """Where downloads are kept between builds: ``$NEGAVIZ_CACHE/site``, else
    ``$XDG_CACHE_HOME/negaviz/site``, else ``~/.cache/negaviz/site``."""
    root = os.environ.get("NEGAVIZ_CACHE") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "negaviz"
    return Path(root) / "site"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


class Cache:
    """The cache folder and its manifest."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.note: str | None = None
        """Why the manifest was set aside, if it was (for a progress line)."""
        self.unwritten: str | None = None
        """Why the manifest could not be written, if it could not (a read-only cache)."""
        self._files = self._read()

    def _read(self) -> dict[str, dict[str, Any]]:
        path = self.folder / MANIFEST
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            self.note = f"the cache's {MANIFEST} could not be read ({type(exc).__name__}); every file is checked as it opens"
            return {}
        files = data.get("files") if isinstance(data, dict) else None
        if (not isinstance(data, dict) or data.get("format") != _FORMAT or not isinstance(files, dict)
                or data.get("check") != _checksum(files)
                or not all(isinstance(e, dict) and isinstance(e.get("size"), int) and isinstance(e.get("sha256"), str)
                           for e in files.values())):
            self.note = f"the cache's {MANIFEST} is not one negaviz wrote whole; every file is checked as it opens"
            return {}
        return files

    def _key(self, path: Path) -> str:
        return path.relative_to(self.folder).as_posix()

    def known(self, path: Path) -> bool:
        return self._key(path) in self._files

    def problem(self, path: Path) -> str | None:
        """What is wrong with ``path`` by the manifest (size, then sha256), or None:
        a file the manifest does not list has nothing to compare (see :func:`check_file`)."""
        entry = self._files.get(self._key(path))
        if entry is None:
            return None
        size = path.stat().st_size
        if size != entry["size"]:
            return f"it has {size:,} bytes, not the {entry['size']:,} it had when it was fetched"
        if sha256_of(path) != entry["sha256"]:
            return "its sha256 is not the one recorded when it was fetched"
        return None

    def record(self, path: Path, *, source: str, sha256: str | None = None) -> None:
        """List ``path`` (a file that passed its checks) in the manifest, written whole or not at all."""
        self._files[self._key(path)] = {
            "size": path.stat().st_size, "sha256": sha256 or sha256_of(path), "from": source,
        }
        self._write()

    def forget(self, path: Path) -> None:
        if self._files.pop(self._key(path), None) is not None:
            self._write()

    def _write(self) -> None:
        data = {"format": _FORMAT, "files": self._files, "check": _checksum(self._files)}
        temp = self.folder / f".{MANIFEST}.{secrets.token_hex(4)}.tmp"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            os.replace(temp, self.folder / MANIFEST)
        except OSError as exc:  # a read-only cache still serves files that pass their checks
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)
            self.unwritten = f"the cache's {MANIFEST} cannot be written ({exc.strerror or exc}); its files are checked as they open"
            return
        self.note = None


def _checksum(files: Any) -> str:
    return hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()


# --- does the file open as what it is? ----------------------------------------------------
def tarball_problem(path: Path, needs: tuple[str, ...] = ()) -> str | None:
    """What keeps ``path`` from being a whole tar archive holding ``needs``, or None.
    Every member is read to its end, so a truncated archive is found here, not half-way
    through a build."""
    if path.stat().st_size == 0:
        return "it is empty"
    try:
        names = set()
        with tarfile.open(path) as archive:
            for member in archive:
                names.add(member.name)
                if member.isfile():
                    source = archive.extractfile(member)
                    if source is not None:
                        while source.read(1 << 20):
                            pass
    except (tarfile.TarError, EOFError, OSError, zlib.error) as exc:
        return tar_reason(exc)
    missing = [n for n in needs if n not in names]
    if missing:
        return f"it has no {missing[0]}"
    return None


def wheel_problem(path: Path) -> str | None:
    """What keeps ``path`` from being a whole wheel of the name and version its file name
    says, or None."""
    # packaging is the site extra's: `negaviz init` imports this package without it
    from packaging.utils import InvalidWheelFilename, canonicalize_name, canonicalize_version, parse_wheel_filename
    from packaging.version import InvalidVersion

    if path.stat().st_size == 0:
        return "it is empty"
    try:
        wanted, wanted_version, _, _ = parse_wheel_filename(path.name)
    except (InvalidWheelFilename, InvalidVersion):
        return "its name is not a wheel's (NAME-VERSION-PY-ABI-PLATFORM.whl)"
    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()  # reads every member: a CRC error or a cut file shows here
            if bad is not None:
                return f"its member {bad} is damaged"
            names = archive.namelist()
            meta = next((n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1), None)
            if meta is None:
                return "it has no .dist-info/METADATA"
            text = archive.read(meta).decode("utf-8", "replace")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, zlib.error, ValueError) as exc:
        if isinstance(exc, zipfile.BadZipFile) and "not a zip file" in str(exc):
            return "it does not open as a zip archive (cut short, or not a wheel)"
        return f"it is not a whole wheel ({_reason(exc)})"
    fields = email.parser.HeaderParser().parsestr(text)
    name, version = str(fields.get("Name", "")).strip(), str(fields.get("Version", "")).strip()
    if canonicalize_name(name) != wanted or canonicalize_version(version) != canonicalize_version(wanted_version):
        return f"it holds {name or '?'} {version or '?'}, not {wanted} {wanted_version}"
    return None


def tar_reason(exc: BaseException) -> str:
    """Why a tar archive failed to open or read, in words."""
    text = str(exc)
    if isinstance(exc, EOFError) or "unexpected end" in text or "ended before" in text:
        return "it ends too soon (cut short)"
    if isinstance(exc, tarfile.ReadError) and ("could not be opened" in text or "not a gzip" in text):
        return "it does not open as a tar archive (plain, gzip, bzip2 or xz)"
    if isinstance(exc, (zlib.error, tarfile.CompressionError)) or "decompress" in text or "Invalid data" in text:
        return f"its compressed data is damaged ({_reason(exc)})"
    return f"it is not a whole tar archive ({_reason(exc)})"


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 80 else text[:77] + "..."


Problem = Callable[[Path], "str | None"]
