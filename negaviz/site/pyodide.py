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
``$XDG_CACHE_HOME/negaviz``, else ``~/.cache/negaviz``), so building again needs no network;
:mod:`negaviz.site.cache` checks each one before it is used, and fetches a bad one again.
The core comes from :mod:`negaviz.site.pyodide_core`, the wheels from
:mod:`negaviz.site.kernel_wheels`, each download through :mod:`negaviz.site.fetch`.

Kept by hand, the lock rewriting: JupyterLite's own (``jupyter lite build --pyodide-lock``,
jupyterlite-pyodide-kernel's ``lock`` extra) needs pyodide-lock 0.1.3+, which needs Python
3.12 (negaviz runs on 3.10, and this machine and CI on 3.11).
"""

from __future__ import annotations

import json
import shutil
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

from negaviz.errors import InputError
from negaviz.site.bytecode import precompile
from negaviz.site.cache import Cache, cache_folder, sha256_of
from negaviz.site.fetch import Say, SiteBuildError
from negaviz.site.kernel_wheels import _canonical, _closure, _entry, _kernel_wheels, _name_version, _pypi_wheels
from negaviz.site.pyodide_core import _copy_distribution, _npm_core, _unpack_core
from negaviz.site.wheel import put_member


# What the kernel loads at start (see jupyterlite-pyodide-kernel's worker), with what they need.
_KERNEL_NEEDS = ("micropip", "ipython", "jedi", "typing-extensions")
# Taken at the versions installed here: the front-ends `jupyter lite build` copies belong to them
# (graphviz, the Python package, is pure Python: negaviz.render imports it, Pyodide has no `dot`).
_FROM_HERE = ("comm", "ipywidgets", "anywidget", "psygnal", "graphviz")
# Loaded while Pyodide starts, in parallel: the kernel then installs none of them itself.
# negaviz imports anywidget and graphviz inside functions, where Pyodide's import scan cannot see them.
PRELOAD = ("micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi", "negaviz", "anywidget",
           "graphviz")


def kernel_pyodide() -> tuple[str, str]:
    """The Pyodide version and its Python version the installed JupyterLite kernel expects."""
    try:
        from jupyterlite_pyodide_kernel import constants  # type: ignore[import-untyped]
        import packaging, pkginfo  # noqa: F401  (read the wheels: the site extra has them)
    except ImportError:
        raise SiteBuildError(
            "negaviz site needs JupyterLite: pip install 'negaviz[site]' "
            "(jupyterlite-core and jupyterlite-pyodide-kernel)"
        ) from None
    return constants.PYODIDE_VERSION, constants.PYODIDE_PYTHON_VERSION


def prepare_pyodide(dest: Path, negaviz_wheel: Path, *, pyodide: str | None, say: Say,
                    refresh: bool = False) -> list[str]:
    """Fill ``dest`` (the site's ``static/pyodide``) and return the packages to preload.
    ``refresh`` fetches every cached file this needs anew (a file is replaced only by one
    that passed its checks)."""
    version, python = kernel_pyodide()
    cache = Cache(cache_folder())
    if cache.note:
        say(cache.note)
    dest.mkdir(parents=True)
    if pyodide is None:
        _unpack_core(_npm_core(version, cache, say, refresh), dest)
    else:
        _copy_distribution(pyodide, cache, dest, say, refresh)
    lock_path = dest / "pyodide-lock.json"
    lock = _read_lock(lock_path, pyodide)
    got = str(lock.get("info", {}).get("python", "") if isinstance(lock.get("info"), dict) else "")
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
    wheels = _pypi_wheels(wanted, cache, python, say, refresh)
    added = [*(wheels[name] for name in _FROM_HERE), *_kernel_wheels(), negaviz_wheel]
    for wheel in [*wheels.values(), *added]:
        if wheel.parent != dest:
            shutil.copy2(wheel, dest / wheel.name)

    # The core's own wheels now point at the files beside the lock; extras get new entries.
    for name, wheel in wheels.items():
        if name in keys and name not in _FROM_HERE:
            packages[keys[name]].update(file_name=wheel.name, sha256=sha256_of(wheel))
    for wheel in added:
        name = _name_version(wheel)[0]
        packages.pop(keys.get(name, name), None)
        keys[name] = name
        packages[name] = _entry(wheel)
    for wheel in added:  # only what this lock holds: ipywidgets' jupyterlab-widgets is a front-end
        entry = packages[_name_version(wheel)[0]]
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
    preload = [keys[name] for name in PRELOAD]
    changed = {path.name for path in precompile(dest, preload, cache, say, refresh)}
    if changed:  # wheels that now carry bytecode: the lock names their new hashes
        for entry in packages.values():
            if entry["file_name"] in changed:
                entry["sha256"] = sha256_of(dest / entry["file_name"])
        lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    if cache.unwritten:
        say(cache.unwritten)
    return preload


def _explain_offline(stdlib: Path, online_only: dict[str, str], cdn: str) -> None:
    """Add :mod:`negaviz.site.offline` to Pyodide's standard library as ``sitecustomize``
    (imported as Python starts), set up with the packages only the CDN has."""
    from negaviz.site import offline

    source = Path(offline.__file__).read_text(encoding="utf-8")
    source += f"\n\ninstall({json.dumps(online_only, sort_keys=True)}, {cdn!r})\n"
    with zipfile.ZipFile(stdlib, "a") as archive:
        if "sitecustomize.py" not in archive.namelist():  # a Pyodide that has one keeps it
            put_member(archive, "sitecustomize.py", source)  # the same site, byte for byte


def _read_lock(path: Path, pyodide: str | None) -> dict[str, Any]:
    """The distribution's ``pyodide-lock.json``, or one line saying it is not one."""
    whose = "npm's Pyodide core" if pyodide is None else f"--pyodide {pyodide!r}"
    try:
        lock = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"the pyodide-lock.json of {whose} cannot be read ({type(exc).__name__}): "
                         "not a whole Pyodide distribution") from None
    if not isinstance(lock, dict) or not isinstance(lock.get("packages"), dict) or not all(
            isinstance(e, dict) and isinstance(e.get("file_name"), str) for e in lock["packages"].values()):
        raise InputError(f"the pyodide-lock.json of {whose} has no 'packages' table of files: "
                         "not a Pyodide lock")
    return lock
