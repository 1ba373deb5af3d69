"""Pyodide for the site: the browser's Python, bundled so the kernel loads nothing from outside.

By default the site gets Pyodide's core from npm (``pyodide@VERSION``: the wasm runtime,
the standard library and a lock that lists every package Pyodide knows) at the version
the installed JupyterLite kernel expects, and the pure-Python wheels the kernel loads
(micropip, IPython and what they need) from PyPI at the lock's versions.  The lock is
rewritten to point at those files; every other package (numpy, matplotlib, ...) points at
Pyodide's CDN, where a reader who is online gets it and one who is offline gets an error.

Whatever the core, the lock also lists negaviz, the widgets (ipywidgets and anywidget at
the versions installed here, which match the lab extensions ``jupyter lite build``
copies from here), the graphviz package and the kernel's own wheels, and the kernel
preloads them: a notebook imports negaviz with no install cell.

Downloads are kept in a per-user cache folder (``$NEGAVIZ_CACHE``, else
``$XDG_CACHE_HOME/negaviz``, else ``~/.cache/negaviz``), so building again needs no network.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any, Callable

from negaviz.errors import InputError, NegavizError


# What the kernel loads at start (see jupyterlite-pyodide-kernel's worker), with what they need.
_KERNEL_NEEDS = ("micropip", "ipython", "jedi", "typing-extensions")
# Taken at the versions installed here: the front-ends `jupyter lite build` copies belong to them
# (graphviz, the Python package, is pure Python: negaviz.render imports it, Pyodide has no `dot`).
_FROM_HERE = ("comm", "ipywidgets", "anywidget", "psygnal", "graphviz")
# The kernel's own wheels, shipped inside its lab extension.
_KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
# Loaded while Pyodide starts, in parallel: the kernel then installs none of them itself.
# negaviz imports anywidget and graphviz inside functions, where Pyodide's import scan cannot see them.
PRELOAD = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi", "negaviz", "anywidget",
           "graphviz")
_CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
               "pyodide.js")

Say = Callable[[str], None]


class SiteBuildError(NegavizError, RuntimeError):
    """A site could not be built (a download failed, a build tool is missing or failed)."""


def kernel_pyodide() -> tuple[str, str]:
    """The Pyodide version and its Python version the installed JupyterLite kernel expects."""
    try:
        from jupyterlite_pyodide_kernel import constants  # type: ignore[import-untyped]
    except ImportError:
        raise SiteBuildError(
            "negaviz site needs JupyterLite: pip install 'negaviz[site]' "
            "(jupyterlite-core and jupyterlite-pyodide-kernel)"
        ) from None
    return constants.PYODIDE_VERSION, constants.PYODIDE_PYTHON_VERSION


def check_pyodide(where: str | None) -> None:
    """Raise InputError unless ``--pyodide`` names a URL or a path that exists (before any work)."""
    if where is not None and not re.match(r"^https?://", where) and not Path(where).exists():
        raise InputError(f"--pyodide {where!r}: no such file or folder (give a Pyodide folder, .tar.bz2 or URL)")


def cache_folder() -> Path:
    """Where downloads are kept between builds."""
    root = os.environ.get("NEGAVIZ_CACHE") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "negaviz"
    return Path(root) / "site"


def prepare_pyodide(dest: Path, negaviz_wheel: Path, *, pyodide: str | None, say: Say) -> list[str]:
    """Fill ``dest`` (the site's ``static/pyodide``) and return the packages to preload."""
    version, python = kernel_pyodide()
    cache = cache_folder()
    dest.mkdir(parents=True)
    if pyodide is None:
        _unpack_core(_npm_core(version, cache, say), dest)
    else:
        _copy_distribution(pyodide, cache, dest, say)
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    got = str(lock.get("info", {}).get("python", ""))
    if not got.startswith(python + "."):
        raise InputError(
            f"--pyodide {pyodide!r} is Pyodide for Python {got or '?'}; the installed JupyterLite kernel needs "
            f"Python {python} (Pyodide {version})"
        )
    packages: dict[str, Any] = lock["packages"]
    keys = {_canonical(key): key for key in packages}

    wanted: list[tuple[str, str]] = []
    if pyodide is None:
        for name in _closure(packages, keys, _KERNEL_NEEDS):
            entry = packages[keys[name]]
            wanted.append((name, str(entry["version"])))
    for name in _FROM_HERE:
        try:
            wanted.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            raise SiteBuildError(
                f"negaviz site needs {name} installed here (its front-end goes into the site): "
                "pip install 'negaviz[notebook,site]'"
            ) from None
    wheels = _pypi_wheels(wanted, cache / "wheels", python, say)
    added = [*(wheels[name] for name in _FROM_HERE), *_kernel_wheels(), negaviz_wheel]
    for wheel in [*wheels.values(), *added]:
        if wheel.parent != dest:
            shutil.copy2(wheel, dest / wheel.name)

    # The core's own wheels now point at the files beside the lock; extras get new entries.
    for name, wheel in wheels.items():
        if name in keys and name not in _FROM_HERE:
            packages[keys[name]].update(file_name=wheel.name, sha256=_sha256(wheel))
    for wheel in added:
        name = _canonical(wheel.name.split("-")[0])
        packages.pop(keys.get(name, name), None)
        keys[name] = name
        packages[name] = _entry(wheel)
    for wheel in added:  # only what this lock holds: ipywidgets' jupyterlab-widgets is a front-end
        entry = packages[_canonical(wheel.name.split("-")[0])]
        entry["depends"] = [keys[d] for d in entry["depends"] if d in keys]
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/"
    online_only: dict[str, str] = {}
    for entry in packages.values():
        if "://" not in entry["file_name"] and not (dest / entry["file_name"]).is_file():
            entry["file_name"] = cdn + entry["file_name"]  # compiled packages: online readers only
            online_only.update((name, entry["name"]) for name in entry.get("imports", ()))
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    if online_only:
        _explain_offline(dest / "python_stdlib.zip", online_only, cdn)
    return [keys[name] for name in PRELOAD]


def _explain_offline(stdlib: Path, online_only: dict[str, str], cdn: str) -> None:
    """Add :mod:`negaviz.site.offline` to Pyodide's standard library as ``sitecustomize``
    (imported as Python starts), set up with the packages only the CDN has."""
    from negaviz.site import offline

    source = Path(offline.__file__).read_text(encoding="utf-8")
    source += f"\n\ninstall({json.dumps(online_only, sort_keys=True)}, {cdn!r})\n"
    with zipfile.ZipFile(stdlib, "a") as archive:
        if "sitecustomize.py" not in archive.namelist():  # a Pyodide that has one keeps it
            archive.writestr("sitecustomize.py", source)


def _npm_core(version: str, cache: Path, say: Say) -> Path:
    """npm's ``pyodide@VERSION`` tarball, from the cache or fetched once."""
    tarball = cache / f"pyodide-{version}.tgz"
    if tarball.is_file():
        say(f"Pyodide {version} core: cached")
        return tarball
    say(f"Pyodide {version} core: fetching from npm (once; kept in {cache})")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        npm = shutil.which("npm")
        if npm:
            done = subprocess.run([npm, "pack", f"pyodide@{version}", "--silent"], cwd=tmp, capture_output=True, text=True)
            if done.returncode != 0:
                raise SiteBuildError(f"npm could not fetch pyodide@{version}: {_last_line(done.stderr)}")
        else:  # what npm would fetch, checked against the registry's integrity hash as npm does
            _download(f"https://registry.npmjs.org/pyodide/{version}", Path(tmp) / "meta.json")
            integrity = json.loads((Path(tmp) / "meta.json").read_text(encoding="utf-8"))["dist"]["integrity"]
            _download(f"https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz", Path(tmp) / tarball.name)
            algorithm, _, digest = integrity.partition("-")
            data = (Path(tmp) / tarball.name).read_bytes()
            if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != digest:
                raise SiteBuildError(f"pyodide-{version}.tgz from npm's registry does not match its {algorithm} hash")
        os.replace(Path(tmp) / tarball.name, tarball)
    return tarball


def _unpack_core(tarball: Path, dest: Path) -> None:
    with tarfile.open(tarball) as archive:
        for name in _CORE_FILES:
            source = archive.extractfile(f"package/{name}")
            if source is None:
                raise SiteBuildError(f"{tarball} has no package/{name}: not a Pyodide core tarball")
            (dest / name).write_bytes(source.read())


def _copy_distribution(where: str, cache: Path, dest: Path, say: Say) -> None:
    """A full Pyodide distribution (a folder, a .tar.bz2, or its URL) copied into ``dest``."""
    if re.match(r"^https?://", where):
        name = where.rstrip("/").rsplit("/", 1)[-1]
        archive = cache / "distributions" / hashlib.sha256(where.encode()).hexdigest()[:12] / name  # one per URL
        if not archive.is_file():
            say(f"Pyodide: fetching {where} (once; kept in {archive.parent})")
            archive.parent.mkdir(parents=True, exist_ok=True)
            _download(where, archive)
        else:
            say(f"Pyodide: {archive.name} cached")
        source = archive
    else:
        check_pyodide(where)
        source = Path(where)
    if source.is_dir():
        root = _distribution_root(source, where)
        shutil.copytree(root, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.map"))
        return
    if not tarfile.is_tarfile(source):
        raise InputError(f"--pyodide {where!r} is neither a folder nor a tar archive of a Pyodide distribution")
    with tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
        with tarfile.open(source) as archive_file:
            if hasattr(tarfile, "data_filter"):  # Python 3.10.12+: no links or paths outside tmp
                archive_file.extractall(tmp, filter="data")
            else:  # pragma: no cover
                archive_file.extractall(tmp)
        shutil.copytree(_distribution_root(Path(tmp), where), dest, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("*.map"))


def _distribution_root(folder: Path, where: str) -> Path:
    for lock in sorted(folder.rglob("pyodide-lock.json"), key=lambda p: len(p.parts)):
        if (lock.parent / "pyodide.mjs").is_file():
            return lock.parent
    raise InputError(f"--pyodide {where!r} is not a Pyodide distribution (no pyodide.mjs beside a pyodide-lock.json)")


def _closure(packages: dict[str, Any], keys: dict[str, str], roots: tuple[str, ...]) -> list[str]:
    """The canonical names of ``roots`` and everything they depend on, in the lock."""
    seen: list[str] = []
    todo = [_canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name not in keys:
            continue
        seen.append(name)
        todo += [_canonical(d) for d in packages[keys[name]]["depends"]]
    return sorted(seen)


def _pypi_wheels(wanted: list[tuple[str, str]], folder: Path, python: str, say: Say) -> dict[str, Path]:
    """A pure-Python wheel per (name, version), from ``folder`` or PyPI (``pip download``)."""
    folder.mkdir(parents=True, exist_ok=True)

    def find(name: str, version: str) -> Path | None:
        stem = f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}-"
        return next((w for w in sorted(folder.glob("*-none-any.whl")) if w.name.lower().startswith(stem)), None)

    missing = [f"{name}=={version}" for name, version in wanted if find(name, version) is None]
    if missing:
        say(f"wheels: fetching {len(missing)} from PyPI (once; kept in {folder})")
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--python-version", python, "--implementation", "py", "--abi", "none",
             "--dest", str(folder), *missing],
            capture_output=True, text=True,
        )
        if done.returncode != 0:
            raise SiteBuildError(f"pip could not fetch {', '.join(missing)}: {_last_line(done.stderr)}")
    else:
        say(f"wheels: {len(wanted)} cached")
    found: dict[str, Path] = {}
    for name, version in wanted:
        wheel = find(name, version)
        if wheel is None:
            raise SiteBuildError(f"PyPI has no pure-Python wheel of {name} {version} (py3-none-any)")
        found[name] = wheel
    return found


def _kernel_wheels() -> list[Path]:
    """piplite, pyodide-kernel, ipykernel (a stand-in) and widgetsnbextension (a stand-in),
    from the installed kernel's lab extension."""
    from jupyter_core.paths import jupyter_path

    for root in [Path(sys.prefix) / "share" / "jupyter", *map(Path, jupyter_path())]:
        pypi = root / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if pypi.is_dir():
            break
    else:
        raise SiteBuildError("the JupyterLite Pyodide kernel's lab extension is not installed: pip install 'negaviz[site]'")
    wheels = []
    for name in _KERNEL_WHEELS:
        stem = re.sub(r"[-_.]+", "_", name)
        found = sorted(pypi.glob(f"{stem}-*-none-any.whl"), key=lambda w: _version_key(w.name.split("-")[1]))
        if not found:
            raise SiteBuildError(f"the Pyodide kernel's lab extension has no {name} wheel in {pypi}")
        wheels.append(found[-1])  # the newest: widgetsnbextension 4.x goes with ipywidgets 8
    return wheels


def _entry(wheel: Path) -> dict[str, Any]:
    """A lock entry for a pure-Python wheel: name, version, imports and dependencies from its metadata."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = archive.read(meta_name).decode("utf-8")
    fields = [line.split(":", 1) for line in meta.splitlines() if ":" in line and not line.startswith(" ")]
    name = _canonical(next(v.strip() for k, v in fields if k == "Name"))
    version = next(v.strip() for k, v in fields if k == "Version")
    depends: set[str] = set()
    for key, value in fields:
        requirement, _, marker = value.partition(";")
        found = re.match(r"\s*([A-Za-z0-9._-]+)", requirement)
        if key == "Requires-Dist" and found and "extra" not in marker:
            depends.add(_canonical(found.group(1)))
    imports = set()
    for member in names:
        top, _, rest = member.partition("/")
        if top.endswith((".dist-info", ".data")):
            continue
        if rest == "__init__.py" or (not rest and top.endswith(".py")):
            imports.add(top.removesuffix(".py"))
    return {
        "name": name, "version": version, "file_name": wheel.name, "sha256": _sha256(wheel),
        "install_dir": "site", "package_type": "package", "imports": sorted(imports), "depends": sorted(depends),
        "unvendored_tests": False, "shared_library": False,
    }


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
