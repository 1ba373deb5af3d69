"""A course site: lecture notebooks that run in any browser, with nothing installed.

``negaviz site notebooks/ -o _site`` (or :func:`build_site`) builds a JupyterLite site:
JupyterLab, Jupyter Notebook and a REPL, with the notebooks under ``files/`` and a Python
kernel (Pyodide) that runs in the reader's browser.  negaviz, ipywidgets and anywidget
are preloaded, so a notebook's ``import negaviz`` just works, and the kernel loads
nothing from outside the site.  Every URL in it is relative: copy the folder to any
static web space (GitHub Pages, ``/~name/cs440/`` on a university server) and it runs.

* :mod:`negaviz.site.notebooks` checks and lists the notebooks;
* :mod:`negaviz.site.wheel` packs the running negaviz as a wheel;
* :mod:`negaviz.site.pyodide` bundles Pyodide and writes the lock the kernel loads from;
* :mod:`negaviz.site.bytecode` compiles what the kernel imports as it starts, ahead;
* :mod:`negaviz.site.loading` tells the student what the wait is while Python starts;
* :mod:`negaviz.site.folder` builds beside DIR and moves the site into place, never
  deleting a file someone else wrote there.

``jupyter lite build`` (from jupyterlite-core, the ``site`` extra) assembles the apps
and copies the widgets' front-ends from this Python environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from negaviz.conventions import FILE, course_file, read_file
from negaviz.errors import InputError
from negaviz.site.fetch import SiteBuildError
from negaviz.site.folder import Target, check_target, put_in_place, staging, write_marker
from negaviz.site.loading import KERNEL_START, STARTING_NOTE, STARTING_SECONDS, add_scripts
from negaviz.site.notebooks import SiteFile, check_notebook, collect, read_pair
from negaviz.site.pyodide import kernel_pyodide, prepare_pyodide
from negaviz.site.pyodide_core import check_pyodide
from negaviz.site.wheel import build_wheel

__all__ = ["build_site", "SiteInfo"]

APPS = ("lab", "notebooks", "tree", "edit", "repl")
"""JupyterLite's apps in a site: JupyterLab, Notebook (its file tree, notebooks and text editor) and the REPL."""

_KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# Lab extensions in this environment that mean nothing in a browser-only site.
_DISABLED = ["jupyterlab-jupytext"]  # pairing and text notebooks need a Jupyter server
STAFF_EXTENSIONS = {
    "@jupyter/nbgrader": "nbgrader's formgrader, create-assignment, course list and assignment list are for "
                         "course staff, and each needs a Jupyter server",
}
"""Lab extensions a course's environment may hold (``requirements-staff.txt``) that are left
out of every site, whatever the environment: a student's site shows no staff tool."""


@dataclass(frozen=True)
class SiteInfo:
    """What :func:`build_site` built."""

    path: Path
    """The site's folder."""
    notebooks: int
    """How many notebooks it holds (under ``files/``)."""
    files: int
    """How many files it holds in all."""
    bytes: int
    """Its size on disk, in bytes (the sum of its files)."""
    seconds: float
    """How long the build took."""
    moved_aside: Path | None
    """Where a folder that was at ``path`` went (``force``), or None."""


def build_site(
    sources: Iterable[str | os.PathLike[str]],
    output: str | os.PathLike[str],
    *,
    force: bool = False,
    pyodide: str | None = None,
    say: Callable[[str], None] | None = None,
    refresh: bool = False,
) -> SiteInfo:
    """Build a JupyterLite site of the notebooks ``sources`` name (files or folders) at ``output``.

    ``force`` moves a folder at ``output`` that is not an earlier site aside to
    ``output.old`` (nothing is deleted).  ``pyodide`` is a full Pyodide distribution (a
    folder, a ``.tar.bz2`` or its URL) to use instead of npm's core and PyPI's wheels.
    ``say`` receives one line per stage (progress).  ``refresh`` fetches every file the
    build takes from the download cache anew (:mod:`negaviz.site.cache`).  Every input is
    checked before any work starts; a build that fails or is interrupted leaves
    ``output`` as it was.
    """
    from negaviz.vocabulary import check_flag

    started = time.perf_counter()
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]  # one notebook or folder
    elif not isinstance(sources, Iterable):
        raise InputError(f"sources must be paths of notebooks or folders, not {type(sources).__name__}")
    force, refresh = check_flag(force, "force"), check_flag(refresh, "refresh")
    if pyodide is not None and not isinstance(pyodide, (str, os.PathLike)):
        raise InputError(f"pyodide must be a folder, a .tar.bz2 or its URL, or None, not {type(pyodide).__name__}")
    if say is not None and not callable(say):
        raise InputError(f"say must be a function taking a line of text, or None, not {type(say).__name__}")
    if not isinstance(output, (str, os.PathLike)):
        raise InputError(f"output must be the path of the site's folder, not {type(output).__name__}")
    files = collect(list(sources))
    target = check_target(os.fspath(output), force=force)
    pyodide = None if pyodide is None else os.fspath(pyodide)
    check_pyodide(pyodide)
    kernel_pyodide()  # JupyterLite is installed (before any download)
    report = say or (lambda line: None)
    try:
        return _build(files, target, pyodide, report, started, refresh)
    except OSError as exc:  # a full disk, a folder that takes no files: one line, and nothing left behind
        where = f" ({exc.filename})" if exc.filename else ""
        raise SiteBuildError(f"cannot build a site in {str(target.path)!r}: {exc.strerror or exc}{where}") from None


def _build(files: list[SiteFile], target: Target, pyodide: str | None, report: Callable[[str], None],
           started: float, refresh: bool = False) -> SiteInfo:
    import negaviz

    with staging(target) as work:
        lite, site = work / "lite", work / "site"
        for file in files:
            dest = lite / "files" / file.name
            dest.parent.mkdir(parents=True, exist_ok=True)
            if file.name.suffix == ".ipynb":  # read again as checked: it may have changed since
                dest.write_text(_for_pyodide(check_notebook(file.source)), encoding="utf-8")
            else:
                dest.write_bytes(read_pair(file.source))
        notebooks = sum(1 for f in files if f.name.suffix == ".ipynb")
        report(f"notebooks: {notebooks} (with {len(files) - notebooks} jupytext pairs)")
        conventions = course_file(Path(files[0].source).parent) if files else None
        if conventions is not None:  # the course's conventions, found by the kernel above every notebook
            read_file(conventions)  # (checked: a bad name is one line now, not in every student's kernel)
            (lite / "files" / FILE).write_bytes(conventions.read_bytes())
            report(f"conventions: {conventions}")
        wheel = build_wheel(Path(negaviz.__file__).parent, negaviz.__version__, work)
        report(f"negaviz {negaviz.__version__}: {wheel.name}")
        preload = prepare_pyodide(lite / "static" / "pyodide", wheel, pyodide=pyodide, say=report, refresh=refresh)
        _write_config(lite, preload)
        report(f"JupyterLite: building the {', '.join(APPS)} apps")
        _jupyter_lite_build(lite, site)
        for name in leave_out_staff(site):
            report(f"left out: {name} ({STAFF_EXTENSIONS[name]})")
        add_scripts(site)
        _load_python_through(site, KERNEL_START)
        write_marker(site, version=negaviz.__version__)
        count = sum(1 for p in site.rglob("*") if p.is_file())
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        if target.moves_aside is not None:
            report(f"moving the folder at {str(target.path)!r} aside to {str(target.moves_aside)!r}")
        put_in_place(site, target)
    return SiteInfo(target.path, notebooks, count, size, time.perf_counter() - started, target.moves_aside)


def _for_pyodide(data: dict[str, Any]) -> str:
    """The notebook as the site serves it:

    * asking for the site's kernel (a saved ``python3`` kernelspec would make JupyterLite
      ask the student to pick a kernel first);
    * with every stored text joined into one string: nbformat lets a text be a list of
      lines, which JupyterLite 0.8 shows joined by commas (jupyterlite#1105) (by hand:
      ``nbformat.writes(split_lines=False)`` would join them too, but nbformat is no
      dependency of the site, and its reader validates and repairs what it reads);
    * opening with :data:`STARTING_NOTE`, one line saying that Python is starting.
    """
    if not isinstance(data.get("metadata"), dict):
        data["metadata"] = {}
    data["metadata"]["kernelspec"] = dict(_KERNELSPEC)
    cells = data.get("cells", [])
    for cell in cells:
        if not isinstance(cell, dict):
            continue
        if isinstance(cell.get("source"), list):
            cell["source"] = "".join(map(str, cell["source"]))
        for output in cell.get("outputs", []) if isinstance(cell.get("outputs"), list) else []:
            if not isinstance(output, dict):
                continue
            if isinstance(output.get("text"), list):
                output["text"] = "".join(map(str, output["text"]))
            shown = output.get("data")
            if isinstance(shown, dict):
                for mime, value in shown.items():
                    if isinstance(value, list) and all(isinstance(line, str) for line in value) and not mime.endswith("json"):
                        shown[mime] = "".join(value)
    note = {"cell_type": "markdown", "id": "negaviz-site-starting", "metadata": {}, "source": STARTING_NOTE}
    if not (cells and isinstance(cells[0], dict) and cells[0].get("id") == note["id"]):
        data["cells"] = [note, *cells]
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _write_config(lite: Path, preload: list[str]) -> None:
    """``jupyter-lite.json``: the kernel never falls back to PyPI, and preloads ``preload`` from the
    lock (``jupyter lite build`` points ``pyodideUrl`` at the site's Pyodide itself)."""
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "negaviz",
            "disabledExtensions": _DISABLED,
            "litePluginSettings": {
                _KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                }
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def leave_out_staff(site: Path) -> list[str]:
    """Take :data:`STAFF_EXTENSIONS` out of a built site: their files, their entries in
    ``jupyter-lite.json`` (which JupyterLab loads) and their settings' schemas; and name
    them in ``disabledExtensions``, so that a copy left elsewhere loads nothing either.
    Returns the names left out (those the environment had)."""
    import shutil

    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    listed = data.get("federated_extensions", [])
    found = sorted({e.get("name") for e in listed if e.get("name") in STAFF_EXTENSIONS})
    found += sorted(n for n in STAFF_EXTENSIONS if n not in found and (site / "extensions" / n).exists())
    data["federated_extensions"] = [e for e in listed if e.get("name") not in STAFF_EXTENSIONS]
    data["disabledExtensions"] = [*data.get("disabledExtensions", []),
                                  *(n for n in STAFF_EXTENSIONS if n not in data.get("disabledExtensions", []))]
    config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    for name in STAFF_EXTENSIONS:
        folder = site / "extensions" / name
        if folder.exists():
            shutil.rmtree(folder)
            if folder.parent != site / "extensions" and not any(folder.parent.iterdir()):
                folder.parent.rmdir()  # the scope's folder (@jupyter/), when it held only these
    schemas = site / "build" / "schemas" / "all_federated.json"
    if schemas.is_file():
        kept = [s for s in json.loads(schemas.read_text(encoding="utf-8"))
                if not (isinstance(s, dict) and str(s.get("id", "")).split(":")[0] in STAFF_EXTENSIONS)]
        schemas.write_text(json.dumps(kept), encoding="utf-8")
    return found


def _load_python_through(site: Path, module: str) -> None:
    """Point the built site's kernel at ``module`` to load Pyodide (``jupyter lite build``
    points it at ``pyodide.mjs`` itself)."""
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["litePluginSettings"][_KERNEL_PLUGIN]["pyodideUrl"] = f"./{module}"
    config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def _jupyter_lite_build(lite: Path, site: Path) -> None:
    command = [
        sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite), "--output-dir", str(site),
        "--contents", str(lite / "files"), "--no-sourcemaps", "--no-unused-shared-packages",
        *(f"--apps={app}" for app in APPS),
    ]
    env = {k: v for k, v in os.environ.items() if k != "JUPYTERLITE_PYODIDE_URL"}  # the site's own Pyodide only
    done = subprocess.run(command, cwd=lite, env=env, capture_output=True, text=True)
    if done.returncode != 0 or not (site / "jupyter-lite.json").is_file():
        lines = [line.strip() for line in (done.stderr + done.stdout).splitlines() if line.strip()]
        raise SiteBuildError(f"jupyter lite build failed: {lines[-1] if lines else f'exit status {done.returncode}'}")
