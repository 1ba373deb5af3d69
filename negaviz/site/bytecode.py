"""Bytecode compiled ahead, so the site's Python does not compile its modules as it starts.

npm's Pyodide core ships the standard library as source, and PyPI's wheels are source
too, so a student's browser would compile every module the kernel imports (IPython,
prompt_toolkit, jedi, negaviz, a few hundred of the standard library) each time it opens
the site: seconds of a Chromebook's time before the first output.  At build time, the
site's own Pyodide runs under Node.js (``js/bytecode.js``), imports what the kernel
imports as it starts (:data:`STARTUP_IMPORTS`), and compiles each of those modules.
Their ``.pyc`` files go into the site beside their sources:

* into ``python_stdlib.zip`` as ``name.pyc`` (zipimport takes it before ``name.py``);
* into each wheel as ``__pycache__/name.<cache tag>.pyc``, listed in its ``RECORD``.

They are unchecked hash-based ``.pyc`` (PEP 552): the page never changes those files, so
Python need not read the source to check them.  The sources stay, so tracebacks and
``inspect.getsource`` still show code; the bytecode carries no column ranges
(``PYTHONNODEBUGRANGES``), which makes it a fifth smaller.  Only modules the kernel
imports are compiled, so the site grows by what it then uses (about 5 MB).

The compiled files are kept in the download cache, keyed by everything that went into
them, so building again costs no Node.js run.  Without Node.js 18 or newer the site is
built as before and the build says what that costs.

Kept by hand: bytecode belongs to the Python that reads it (3.14 for this Pyodide), and
pyodide-build's ``py-compile`` compiles with the host's Python (3.11 here and in CI);
JupyterLite has no option for it.  So the site's own Pyodide compiles, under Node.js.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path, PurePosixPath
from typing import Callable, Mapping

from negaviz.site.cache import Cache
from negaviz.site.wheel import put_member, record_digest

STARTUP_IMPORTS = ("micropip", "piplite.piplite", "pyodide_kernel", "negaviz", "negaviz.widgets", "negaviz.render",
                   "negaviz.student")
"""What the kernel imports before a notebook's first cell (its package manager and
kernel), and what a lecture notebook's first cell imports."""

SCRIPT = Path(__file__).with_name("js") / "bytecode.js"
KEPT = 4
COMPILE_TIMEOUT_S = 600
"""The longest a Node.js compile may run before the build gives up on it (it takes about
5 s here): a Node.js that hangs must not hang the build, which goes on without bytecode."""
"""How many compiled sets the cache keeps (about 5 MB each): the newest."""
_NODE_MAJOR = 18  # what Pyodide's package.json asks for

Say = Callable[[str], None]


def node_program() -> tuple[str | None, str]:
    """Node.js's path (None if missing or older than 18) and its version or why not."""
    node = shutil.which("node")
    if node is None:
        return None, "no Node.js here"
    try:
        done = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"Node.js does not run ({exc})"
    found = re.match(r"v(\d+)\.", done.stdout.strip())
    if done.returncode != 0 or found is None:
        return None, "Node.js does not say its version"
    if int(found.group(1)) < _NODE_MAJOR:
        return None, f"Node.js {done.stdout.strip()} is older than {_NODE_MAJOR}"
    return node, done.stdout.strip()


def precompile(dest: Path, packages: list[str], cache: Cache, say: Say, refresh: bool = False) -> list[Path]:
    """Add bytecode to the standard library and the wheels in ``dest`` (the site's
    ``static/pyodide``, its lock written) for every module the kernel imports as it
    starts, with ``packages`` preloaded; return the files changed (the caller updates
    the lock's hashes of the wheels among them).  ``refresh`` compiles anew, as it
    fetches every download anew."""
    job = {"packages": packages, "imports": list(STARTUP_IMPORTS)}
    key = hashlib.sha256()
    for part in (SCRIPT, dest / "pyodide.asm.wasm", dest / "python_stdlib.zip", dest / "pyodide-lock.json"):
        key.update(part.read_bytes())
    key.update(json.dumps(job, sort_keys=True).encode())
    compiled = cache.folder / "bytecode" / f"{key.hexdigest()[:24]}.zip"
    if not refresh and compiled.is_file() and cache.problem(compiled) is None and _opens(compiled):
        say(f"bytecode: cached ({compiled.name})")
    else:
        node, version = node_program()
        if node is None:
            say(f"bytecode: {version} (Node.js {_NODE_MAJOR}+ compiles the kernel's modules ahead), so a student's "
                "browser compiles them as Python starts: a few seconds more before the first output")
            return []
        say(f"bytecode: compiling the kernel's modules with Node.js {version} (once; kept in {compiled.parent})")
        compiled.parent.mkdir(parents=True, exist_ok=True)
        failure = _compile(node, dest, job, compiled)
        if failure is not None:  # the site works without it, only slower to start: say so, and build it
            say(f"bytecode: compiling under Node.js failed ({failure}), so a student's browser compiles the "
                "kernel's modules as Python starts: a few seconds more before the first output")
            return []
        cache.record(compiled, source=f"compiled with Node.js {version} from {dest.name}")
        _prune(cache, compiled)
    return _apply(compiled, dest)


def _prune(cache: Cache, newest: Path) -> None:
    """Keep the :data:`KEPT` most recent compiled sets: each negaviz edit makes a new one."""
    others = sorted((p for p in newest.parent.glob("*.zip") if p != newest), key=lambda p: p.stat().st_mtime)
    for old in others[: max(0, len(others) - (KEPT - 1))]:
        cache.forget(old)
        old.unlink(missing_ok=True)


def _compile(node: str, dest: Path, job: Mapping[str, object], compiled: Path) -> str | None:
    """Run ``js/bytecode.js`` and pack what it wrote into ``compiled``; why it failed, or None."""
    with tempfile.TemporaryDirectory(dir=compiled.parent, prefix=".compiling-") as tmp:
        out, job_file = Path(tmp) / "out", Path(tmp) / "job.json"
        out.mkdir()
        job_file.write_text(json.dumps(job), encoding="utf-8")
        try:
            done = subprocess.run([node, str(SCRIPT), str(dest), str(out), str(job_file)], capture_output=True,
                                  text=True, timeout=COMPILE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return f"it did not finish in {COMPILE_TIMEOUT_S} s"
        if done.returncode != 0:
            return _why(done.stderr, done.returncode)
        try:
            tag = str(json.loads(done.stdout.strip().splitlines()[-1])["cache_tag"])
        except (ValueError, LookupError, TypeError):
            return f"it printed no summary: {done.stdout.strip()[-200:]!r}"
        packed = Path(tmp) / "bytecode.zip"
        with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
            put_member(archive, "cache_tag", tag.encode())
            for path in sorted(p for p in out.rglob("*.pyc") if p.is_file()):
                put_member(archive, path.relative_to(out).as_posix(), path.read_bytes())
        os.replace(packed, compiled)
    return None


def _why(stderr: str, status: int) -> str:
    """The line of a failed Node.js run's ``stderr`` that says why.  ``bytecode.js`` ends
    it with one line of its own; Node.js, when it stops first, writes a ``FATAL ERROR:``
    line (out of memory) and native frames, or an uncaught ``Error: ...`` with its stack,
    and then its version."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    fatal = [line for line in lines if line.startswith("FATAL ERROR:")]
    if fatal:
        return fatal[0]
    if lines and re.fullmatch(r"Node\.js v[\d.]+", lines[-1]):
        lines.pop()  # uncaught: the error's first line, not its stack
        thrown = [line for line in lines if re.match(r"[A-Za-z_.]*(Error|Exception)\b[^:]*: ", line)]
        lines = thrown or lines
    return lines[-1] if lines else f"exit status {status}"


def _apply(compiled: Path, dest: Path) -> list[Path]:
    """Put the compiled files beside their sources in ``dest``'s stdlib zip and wheels."""
    stdlib: dict[str, bytes] = {}
    site: dict[str, bytes] = {}
    with zipfile.ZipFile(compiled) as archive:
        tag = archive.read("cache_tag").decode()
        for name in archive.namelist():
            kind, _, member = name.partition("/")
            if kind == "stdlib":
                stdlib[member] = archive.read(name)
            elif kind == "site":
                site[member[:-1]] = archive.read(name)  # keyed by its source, name.py
    changed = []
    if stdlib and _add(dest / "python_stdlib.zip", stdlib, record=False):
        changed.append(dest / "python_stdlib.zip")
    for wheel in sorted(dest.glob("*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            sources = [name for name in archive.namelist() if name in site]
        if sources and _add(wheel, {_cached_name(name, tag): site[name] for name in sources}, record=True):
            changed.append(wheel)
    return changed


def _cached_name(source: str, tag: str) -> str:
    """Where Python looks for a source file's bytecode: ``pkg/__pycache__/mod.TAG.pyc``."""
    path = PurePosixPath(source)
    return (path.parent / "__pycache__" / f"{path.stem}.{tag}.pyc").as_posix()


def _add(archive_path: Path, files: dict[str, bytes], *, record: bool) -> bool:
    """Rewrite the zip at ``archive_path`` with ``files`` added (its own entries first, as
    they were; one it holds already stays as it is); ``record``: also list them in the
    wheel's ``RECORD``.  Whether anything was added."""
    with zipfile.ZipFile(archive_path) as old:
        files = {name: body for name, body in files.items() if name not in set(old.namelist())}  # a site's own, again
    if not files:
        return False
    new = archive_path.with_name(archive_path.name + ".new")
    with zipfile.ZipFile(archive_path) as old, zipfile.ZipFile(new, "w", zipfile.ZIP_DEFLATED) as out:
        for info in old.infolist():
            data = old.read(info)
            if record and info.filename.endswith(".dist-info/RECORD"):
                data += "".join(f"{name},sha256={record_digest(body)},{len(body)}\n" for name, body in sorted(files.items())).encode()
            out.writestr(info, data)
        for name, body in sorted(files.items()):
            put_member(out, name, body)
    os.replace(new, archive_path)
    return True


def _opens(path: Path) -> bool:
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.testzip() is None and "cache_tag" in archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return False
