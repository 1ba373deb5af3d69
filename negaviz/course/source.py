"""Where the running negaviz came from, so that a course installs the same negaviz.

pip records how it installed a package (PEP 610, ``direct_url.json`` in its dist-info)
whenever it was given a path or a URL rather than a name to look up:

* a wheel file on this machine: the course gets a copy in ``wheels/``, and its
  requirements find it there (``--find-links wheels``, a plain ``negaviz==X``);
* a source checkout or an sdist on this machine (``pip install -e .``, ``pip install
  ./negaviz``, or a ``git+file://`` URL): a wheel is built from it (``pip wheel
  --no-deps``, with fixed file dates, so the same source gives the same bytes) into
  ``wheels/``, as above;
* a URL or a VCS URL elsewhere: the requirement names it (``negaviz @ URL``), a VCS one
  at the commit that was installed;
* nothing recorded: negaviz came from a package index, which the requirement names by
  version (``negaviz==X``).  (pip records nothing either when it found a wheel with
  ``--find-links``: then ``negaviz init --wheel FILE`` names the wheel.)

:func:`find_source` says which, in one line, and :func:`missing_extras` what the
environment lacks of the extras a course needs (its ``constraints.txt`` pins only what
is installed).
"""

from __future__ import annotations

import email.parser
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
import zlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

from negaviz.errors import InputError
from negaviz.fileio import read_file

__all__: list[str] = []

WHEELS = "wheels"
"""The course's folder of wheels that its requirements find with ``--find-links``."""
OTTER_REQUIREMENTS = "requirements-otter.txt"
"""What otter-grader's autograder installs beside otter (``otter generate -r``)."""
AUTOGRADER_FILES = "/autograder/source/files"
"""Where Gradescope's autograder unpacks the files ``otter generate FILE...`` adds to its zip."""
EXTRAS = ("notebook", "site")
"""The extras a course installs: the notebooks and nbval's run of them, and the site."""
_WHEEL_NAME = re.compile(r"^negaviz-([0-9][^-]*)-[^-]+-[^-]+-[^-]+\.whl$", re.IGNORECASE)
MAX_WHEEL = 256 << 20
"""The largest wheel read (256 MiB): negaviz's is a few MiB."""
_SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest date a zip holds: fixed dates, the same bytes


@dataclass(frozen=True)
class Source:
    """Where the course's requirements take negaviz from."""

    kind: str
    """``index``, ``wheel`` (a wheel copied into the course), ``built`` (a wheel built from a source) or ``url``."""
    requirement: str
    """The requirement with ``{extras}`` where the extras go: ``negaviz[{extras}]==0.1.0``."""
    wheel: str | None
    """The wheel's file name in ``wheels/`` (kinds ``wheel`` and ``built``), else None."""
    data: bytes
    """The wheel's bytes (kinds ``wheel`` and ``built``), else empty."""
    said: str
    """One line for the lecturer: where the course's negaviz comes from."""

    def lines(self, extras: str) -> str:
        """The requirements lines that install negaviz with ``extras`` (``notebook,site``)."""
        find = f"--find-links {WHEELS}\n" if self.wheel else ""
        return find + self.requirement.format(extras=extras) + "\n"

    def autograder_line(self) -> str:
        """The requirement Gradescope's otter autograder installs negaviz by: no extras (the
        tests only grade records), and a course's wheel named where the autograder's zip puts
        it (``otter generate ... wheels/NAME`` stores it under ``files/``), since the zip
        holds neither ``constraints.txt`` nor ``wheels/``."""
        if self.wheel:
            return f"negaviz @ file://{AUTOGRADER_FILES}/{WHEELS}/{self.wheel}"
        return self.requirement.replace("[{extras}]", "")

    def otter_generate(self) -> str:
        """The command, run in the course's folder, that makes Gradescope's ``autograder.zip``
        with negaviz in its environment (``requirements-otter.txt``, and the wheel if any)."""
        return f"otter generate -r {OTTER_REQUIREMENTS}" + (f" {WHEELS}/{self.wheel}" if self.wheel else "")


def find_source(wheel: str | os.PathLike[str] | None = None) -> Source:
    """Where the course takes negaviz from: ``wheel`` if given (a negaviz wheel file), else
    where pip installed the running negaviz from."""
    import negaviz

    if wheel is not None:
        return _wheel_file(_path(wheel), given=True)
    text = _installed_record()
    if not text:
        return Source("index", f"negaviz[{{extras}}]=={negaviz.__version__}", None, b"",
                      f"requirements.txt names negaviz {negaviz.__version__} from the package index (pip recorded "
                      "no other source for this negaviz; if no index holds it, run init again with --wheel FILE)")
    try:
        record = json.loads(text)
        url = str(record["url"])
    except (ValueError, KeyError, TypeError):
        raise InputError("cannot tell where this negaviz came from: its direct_url.json is not PEP 610's "
                         "(reinstall it, or run init with --wheel FILE)") from None
    vcs = record.get("vcs_info") if isinstance(record.get("vcs_info"), dict) else None
    local = urlparse(url).scheme == "file"
    if vcs is not None:
        pinned = f"{vcs.get('vcs', 'git')}+{url}@{vcs.get('commit_id') or vcs.get('requested_revision') or ''}".rstrip("@")
        if local:
            return _built(pinned, f"the {vcs.get('vcs', 'git')} repository {_local(url)}")
        return Source("url", f"negaviz[{{extras}}] @ {pinned}", None, b"",
                      f"requirements.txt names negaviz at {pinned}, the commit this negaviz was installed from")
    if not local:
        return Source("url", f"negaviz[{{extras}}] @ {url}", None, b"",
                      f"requirements.txt names negaviz at {url}, where this negaviz was installed from")
    path = Path(_local(url))
    if path.suffix.lower() == ".whl":
        return _wheel_file(path, given=False)
    editable = isinstance(record.get("dir_info"), dict) and record["dir_info"].get("editable")
    return _built(str(path), f"the {'editable checkout' if editable else 'source'} {path}")


def _installed_record() -> str | None:
    """The ``direct_url.json`` of the installed negaviz, if pip wrote one.  An installer
    writes ``INSTALLER`` beside it; a ``negaviz.egg-info`` that a build left in a checkout
    (found first when the checkout is the current folder) has none, and is passed over."""
    for dist in metadata.distributions(name="negaviz"):
        if dist.read_text("INSTALLER") is not None:
            return dist.read_text("direct_url.json")
    return None


def _local(url: str) -> str:
    return unquote(urlparse(url).path)


def _path(value: object) -> Path:
    if not isinstance(value, (str, os.PathLike)) or not os.fspath(value) or "\0" in str(os.fspath(value)):
        raise InputError(f"wheel must be the path of a negaviz wheel file (.whl), not {value!r}")
    return Path(os.fspath(value))


def _wheel_file(path: Path, *, given: bool) -> Source:
    """A negaviz wheel on this machine, read to copy into the course."""
    import negaviz

    whence = "--wheel" if given else "this negaviz was installed from"
    match = _WHEEL_NAME.match(path.name)
    if match is None:
        raise InputError(f"{whence} {str(path)!r}: not a negaviz wheel (a file named negaviz-VERSION-...-any.whl)")
    try:
        if path.exists() and not path.is_file():  # a folder, a named pipe: never read one
            raise IsADirectoryError(0, "not a regular file")
        data = read_file(path, what="a wheel", limit=MAX_WHEEL)
    except InputError as exc:  # larger than any wheel of negaviz
        raise InputError(f"{whence} {str(path)!r}: not a negaviz wheel ({exc})") from None
    except OSError as exc:
        why = exc.strerror or str(exc)
        if given:
            raise InputError(f"--wheel {str(path)!r}: the wheel cannot be read ({why})") from None
        raise InputError(f"this negaviz was installed from the wheel {str(path)!r}, which cannot be read ({why}): "
                         "reinstall negaviz from a wheel that is there, or run init with --wheel FILE") from None
    version = match.group(1)
    why = _not_a_wheel(data, version)
    if why:
        raise InputError(f"{whence} {str(path)!r}: not a negaviz wheel: {why}")
    how = "the wheel given" if given else "the wheel this negaviz was installed from"
    if not given and version != negaviz.__version__:
        raise InputError(f"this negaviz is {negaviz.__version__} but was installed from {str(path)!r} "
                         f"({version}): run init with --wheel FILE")
    return Source("wheel", f"negaviz[{{extras}}]=={version}", path.name, data,
                  f"requirements.txt installs negaviz {version} from wheels/{path.name}, a copy of {how} "
                  f"({path.parent}); commit wheels/ with the course")


def _not_a_wheel(data: bytes, version: str) -> str:
    """Why ``data`` is not a wheel of negaviz ``version`` (PEP 427: a zip holding
    ``negaviz-VERSION.dist-info/`` with its ``WHEEL`` and ``METADATA`` naming negaviz at that
    version), or "" when it is one.  Only the zip's directory and those two small files are read."""
    info = f"negaviz-{version}.dist-info"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            names = set(wheel.namelist())
            missing = [f"{info}/{n}" for n in ("WHEEL", "METADATA") if f"{info}/{n}" not in names]
            if missing:
                return f"it holds no {missing[0]} (a wheel of negaviz {version} has one)"
            if any(wheel.getinfo(f"{info}/{n}").file_size > 1 << 20 for n in ("WHEEL", "METADATA")):
                return f"its {info} files are larger than a wheel's"
            fields = email.parser.HeaderParser().parsestr(wheel.read(f"{info}/METADATA").decode("utf-8", "replace"))
            if not wheel.read(f"{info}/WHEEL").startswith(b"Wheel-Version:"):
                return f"its {info}/WHEEL does not start with Wheel-Version (PEP 427)"
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, OSError, ValueError, EOFError, RuntimeError) as exc:
        return f"not a zip file that can be read ({exc})"
    if (fields.get("Name") or "").lower() != "negaviz" or fields.get("Version") != version:
        return (f"its METADATA names {fields.get('Name')!r} {fields.get('Version')!r}, not negaviz {version!r}")
    return ""


def _built(source: str, what: str) -> Source:
    name, data = _build_wheel(source)
    version = _WHEEL_NAME.match(name)
    assert version is not None, name  # pip names the wheels it builds
    return Source("built", f"negaviz[{{extras}}]=={version.group(1)}", name, data,
                  f"requirements.txt installs negaviz {version.group(1)} from wheels/{name}, a wheel built from "
                  f"{what}; commit wheels/ with the course")


_JUNK = shutil.ignore_patterns(".*", "build", "dist", "*.egg-info", "__pycache__", "node_modules", "venv")
"""What a checkout holds that is not its source, where git cannot say (a folder that is no repository)."""


def _copy_source(folder: Path, dest: Path) -> None:
    """``folder``'s source files into ``dest``: what git tracks or would track (ignored files
    left out), else all but :data:`_JUNK`.  The build runs on the copy, so it leaves nothing
    (``build/``, ``*.egg-info``) in the lecturer's checkout."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=folder,
                                capture_output=True, timeout=120, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        shutil.copytree(folder, dest, ignore=_JUNK, symlinks=True)
        return
    for name in sorted(set(filter(None, listed.decode("utf-8", "surrogateescape").split("\0")))):
        if (folder / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(folder / name, dest / name)


@lru_cache(maxsize=None)
def _build_wheel(source: str) -> tuple[str, bytes]:
    """``pip wheel --no-deps`` of ``source`` (a folder, an sdist, a VCS URL): the wheel's name and bytes.
    Built once per process (init may run many times in one test session)."""
    with tempfile.TemporaryDirectory(prefix="negaviz-wheel-") as out:
        env = dict(os.environ, SOURCE_DATE_EPOCH=_SOURCE_DATE_EPOCH, PIP_NO_INPUT="1")
        target = source
        if Path(source).is_dir():
            target = os.path.join(out, "source")
            _copy_source(Path(source), Path(target))
        try:
            done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", out,
                                   target], capture_output=True, text=True, env=env, timeout=900, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise InputError(f"cannot build a wheel of negaviz from {source!r} for the course: {exc}") from None
        wheels = sorted(Path(out).glob("negaviz-*.whl"))
        if done.returncode != 0 or len(wheels) != 1:
            last = (done.stderr.strip().splitlines() or ["pip wheel failed"])[-1]
            raise InputError(f"cannot build a wheel of negaviz from {source!r} for the course ({last}); "
                             "build one (python -m build --wheel) and run init with --wheel FILE")
        return wheels[0].name, wheels[0].read_bytes()


def missing_extras() -> dict[str, list[str]]:
    """Each of the course's extras (:data:`EXTRAS`) that this environment lacks a package of,
    with the packages it lacks (empty when every one is installed)."""
    try:
        requires = metadata.requires("negaviz") or []
    except metadata.PackageNotFoundError:
        return {}
    by_extra: dict[str, list[str]] = {}
    for line in requires:
        match = re.match(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?[^;]*(?:;.*extra\s*==\s*[\"']([^\"']+)[\"'])?",
                         line)
        if match and match.group(3):
            by_extra.setdefault(match.group(3), []).append(match.group(1) + (match.group(2) or ""))

    def lacking(extra: str, seen: frozenset[str] = frozenset()) -> list[str]:
        out = []
        for req in by_extra.get(extra, []):
            name, _, inner = req.partition("[")
            if name.lower() == "negaviz":  # negaviz[draw] inside the notebook extra
                out += [m for e in inner.rstrip("]").split(",") if e not in seen for m in lacking(e, seen | {extra})]
                continue
            try:
                metadata.version(name)
            except metadata.PackageNotFoundError:
                out.append(name)
        return out

    return {extra: lacks for extra in EXTRAS if (lacks := lacking(extra))}
