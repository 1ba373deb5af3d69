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
import zlib
from importlib import metadata
from pathlib import Path
from typing import Any, Callable

from negaviz.errors import InputError, NegavizError
from negaviz.site.bytecode import precompile
from negaviz.site.cache import Cache, Problem, cache_folder, sha256_of, tar_reason, tarball_problem, wheel_problem


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
    if where is not None and (not where or "\0" in where):
        raise InputError(f"--pyodide {where!r} names nothing (give a Pyodide folder, .tar.bz2 or URL)")
    if where is not None and not re.match(r"^https?://", where) and not Path(where).exists():
        raise InputError(f"--pyodide {where!r}: no such file or folder (give a Pyodide folder, .tar.bz2 or URL)")


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
    preload = [keys[name] for name in PRELOAD]
    changed = {path.name for path in precompile(dest, preload, cache, say, refresh)}
    if changed:  # wheels that now carry bytecode: the lock names their new hashes
        for entry in packages.values():
            if entry["file_name"] in changed:
                entry["sha256"] = _sha256(dest / entry["file_name"])
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
            entry = zipfile.ZipInfo("sitecustomize.py", date_time=(1980, 1, 1, 0, 0, 0))  # the same site, byte for byte
            archive.writestr(entry, source, compress_type=zipfile.ZIP_DEFLATED)


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


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


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


def _pypi_wheels(wanted: list[tuple[str, str]], cache: Cache, python: str, say: Say,
                 refresh: bool = False) -> dict[str, Path]:
    """A pure-Python wheel per (name, version), from the cache (checked) or PyPI (``pip
    download``, which checks PyPI's hashes); a cached wheel that fails its check is
    fetched again."""
    folder = cache.folder / "wheels"
    folder.mkdir(parents=True, exist_ok=True)

    def find(where: Path, name: str, version: str) -> Path | None:
        stem = f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}-"
        return next((w for w in sorted(where.glob("*-none-any.whl")) if w.name.lower().startswith(stem)), None)

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
        why = wheel_problem(found[-1])
        if why is not None:  # installed, not downloaded: reinstalling the kernel mends it
            raise SiteBuildError(f"the Pyodide kernel's wheel {found[-1]} failed its check ({why}); nothing was "
                                 "built from it: pip install --force-reinstall jupyterlite-pyodide-kernel")
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
    return sha256_of(path)


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
