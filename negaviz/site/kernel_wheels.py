"""The wheels the site's kernel loads: pure-Python wheels from PyPI at the versions asked for
(cached and checked), the kernel's own wheels from its lab extension, and each wheel's entry
in Pyodide's lock.

Downloads are ``pip download``'s; names, versions and metadata are ``packaging``'s and
``pkginfo``'s.  Kept by hand: the lock entries, because the kernel preloads only what
Pyodide's lock lists (``loadPyodideOptions.packages``): ``--piplite-wheels`` wheels install
only when a cell runs ``%pip install``, and the kernel's own ``--pyodide-lock`` needs
pyodide-lock 0.1.3+, which needs Python 3.12 (negaviz runs on 3.10).  ``packaging`` and
``pkginfo`` (the site extra) are imported where they are used: ``negaviz init`` imports
:mod:`negaviz.site` in an environment without them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from negaviz.site.cache import Cache, sha256_of, wheel_problem
from negaviz.site.fetch import Say, SiteBuildError, _last_line, _still_bad

if TYPE_CHECKING:
    from packaging.version import Version

__all__: list[str] = []

# The kernel's own wheels, shipped inside its lab extension.
_KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")


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


def _pypi_wheels(wanted: list[tuple[str, str]], cache: Cache, python: str, say: Say,
                 refresh: bool = False) -> dict[str, Path]:
    """A pure-Python wheel per (name, version), from the cache (checked) or PyPI (``pip
    download``, which checks PyPI's hashes); a cached wheel that fails its check is
    fetched again."""
    from packaging.version import Version

    folder = cache.folder / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def find(where: Path, name: str, version: str) -> Path | None:
        return next((w for w in sorted(where.glob("*-none-any.whl")) if _name_version(w) == (_canonical(name), Version(version))), None)

    found: dict[str, Path] = {}
    bad: dict[str, tuple[Path, str]] = {}
    missing: list[tuple[str, str]] = []
    for name, version in wanted:
        wheel = find(folder, name, version)
        if wheel is not None and not refresh:
            why = cache.problem(wheel) or wheel_problem(wheel)
            if why is None:
                if not cache.known(wheel):
                    cache.record(wheel, source="checked when first opened")
                found[name] = wheel
                continue
            say(f"wheels: the cached file {wheel} failed its check ({why}); fetching it again")
            bad[name] = (wheel, why)
        missing.append((name, version))
    if not missing:
        say(f"wheels: {len(wanted)} cached")
        return found
    say(f"wheels: fetching {len(missing)} from PyPI (once; kept in {folder})")
    with tempfile.TemporaryDirectory(dir=folder, prefix=".fetching-") as tmp:
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--python-version", python, "--implementation", "py", "--abi", "none",
             "--dest", tmp, *(f"{name}=={version}" for name, version in missing)],
            capture_output=True, text=True,
        )
        if done.returncode != 0:
            failure = f"pip: {_last_line(done.stderr)}"
            if bad:
                path, why = next(iter(bad.values()))
                raise SiteBuildError(_still_bad(path, why, failure, len(bad) - 1))
            raise SiteBuildError(f"pip could not fetch {', '.join(f'{n}=={v}' for n, v in missing)}: "
                                 f"{_last_line(done.stderr)}")
        for name, version in missing:
            fresh = find(Path(tmp), name, version)
            if fresh is None:
                raise SiteBuildError(f"PyPI has no pure-Python wheel of {name} {version} (py3-none-any)")
            why = wheel_problem(fresh)
            if why is not None:
                raise SiteBuildError(f"{fresh.name} as fetched from PyPI failed its check ({why}); nothing was built from it")
            old = bad.get(name, (None, ""))[0] or find(folder, name, version)
            if old is not None and old.name != fresh.name:
                cache.forget(old)
                old.unlink()
            digest = sha256_of(fresh)
            os.replace(fresh, folder / fresh.name)
            cache.record(folder / fresh.name, source="PyPI (its sha256 checked by pip)", sha256=digest)
            found[name] = folder / fresh.name
    return found


def _kernel_wheels() -> list[Path]:
    """piplite, pyodide-kernel, ipykernel (a stand-in) and widgetsnbextension (a stand-in),
    from the installed kernel's lab extension."""
    from jupyter_core.paths import jupyter_path
    from packaging.version import Version

    for root in [Path(sys.prefix) / "share" / "jupyter", *map(Path, jupyter_path())]:
        pypi = root / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        if pypi.is_dir():
            break
    else:
        raise SiteBuildError("the JupyterLite Pyodide kernel's lab extension is not installed: pip install 'negaviz[site]'")
    wheels = []
    for name in _KERNEL_WHEELS:
        found = sorted((w for w in pypi.glob("*-none-any.whl") if _name_version(w)[0] == name),
                       key=lambda w: _name_version(w)[1] or Version("0"))
        if not found:
            raise SiteBuildError(f"the Pyodide kernel's lab extension has no {name} wheel in {pypi}")
        why = wheel_problem(found[-1])
        if why is not None:  # installed, not downloaded: reinstalling the kernel mends it
            raise SiteBuildError(f"the Pyodide kernel's wheel {found[-1]} failed its check ({why}); nothing was "
                                 "built from it: pip install --force-reinstall jupyterlite-pyodide-kernel")
        wheels.append(found[-1])  # the newest: widgetsnbextension 4.x goes with ipywidgets 8
    return wheels


def _entry(wheel: Path) -> dict[str, Any]:
    """A lock entry for a pure-Python wheel: name, version, imports and dependencies from its metadata."""
    import pkginfo
    from packaging.requirements import Requirement

    meta = pkginfo.Wheel(str(wheel))
    depends = {_canonical(r.name) for r in map(Requirement, meta.requires_dist)
               if r.marker is None or "extra" not in str(r.marker)}
    imports = set()
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            top, _, rest = member.partition("/")
            if top.endswith((".dist-info", ".data")):
                continue
            if rest == "__init__.py" or (not rest and top.endswith(".py")):
                imports.add(top.removesuffix(".py"))
    return {
        "name": _canonical(str(meta.name)), "version": str(meta.version), "file_name": wheel.name, "sha256": sha256_of(wheel),
        "install_dir": "site", "package_type": "package", "imports": sorted(imports), "depends": sorted(depends),
        "unvendored_tests": False, "shared_library": False,
    }


def _canonical(name: str) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def _name_version(wheel: Path) -> tuple[str, Version | None]:
    """The canonical name and the version a wheel's file name gives (``("", None)`` for a name that is not a wheel's)."""
    from packaging.utils import InvalidWheelFilename, parse_wheel_filename
    from packaging.version import InvalidVersion

    try:
        name, version, _, _ = parse_wheel_filename(wheel.name)
    except (InvalidWheelFilename, InvalidVersion):
        return "", None
    return str(name), version
