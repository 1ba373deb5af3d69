"""A real ``negaviz site`` build of a small notebook: what the site holds (slow: about 20 s).

The first build on a machine downloads Pyodide's core (npm) and about 20 wheels (PyPI)
into the per-user cache; every later build, including the second one here, must not
touch the network.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from negaviz import cli
from negaviz.site import SiteInfo, build_site
from negaviz.site.folder import MARKER
from negaviz.site.bytecode import STARTUP_IMPORTS
from negaviz.site.loading import KERNEL_START, LOADING, PAGES, STARTING_SECONDS
from negaviz.site.pyodide import PRELOAD, cache_folder, kernel_pyodide

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
CDN = "https://cdn.jsdelivr.net/pyodide/"
PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, notebook_text: Callable[..., str]) -> Iterator[tuple[SiteInfo, Path]]:
    root = tmp_path_factory.mktemp("site")
    (root / "course" / "week1").mkdir(parents=True)
    (root / "course" / "week1" / "lecture.ipynb").write_text(notebook_text("import negaviz"), encoding="utf-8")
    (root / "course" / "week1" / "lecture.py").write_text("# %%\nimport negaviz\n", encoding="utf-8")
    (root / "course" / "negaviz.toml").write_text('conventions = "cs188"\n', encoding="utf-8")
    yield build_site([root / "course"], root / "out"), root


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_of(site: Path) -> dict[str, Any]:
    return json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]


def test_the_notebooks_are_under_files_and_ask_for_the_pyodide_kernel(built: tuple[SiteInfo, Path]) -> None:
    info, _ = built
    notebook = json.loads((info.path / "files" / "week1" / "lecture.ipynb").read_text())
    assert notebook["metadata"]["kernelspec"]["name"] == "python"
    assert (info.path / "files" / "week1" / "lecture.py").read_text().startswith("# %%")
    assert info.notebooks == 1
    listed = json.loads((info.path / "api" / "contents" / "week1" / "all.json").read_text())
    assert {c["name"] for c in listed["content"]} == {"lecture.ipynb", "lecture.py"}


def test_the_courses_conventions_sit_above_every_notebook(built: tuple[SiteInfo, Path]) -> None:
    """The course's negaviz.toml, found above the notebooks given, is at the top of the
    site's files, where the kernel finds it from any notebook's folder."""
    info, root = built
    assert (info.path / "files" / "negaviz.toml").read_bytes() == (root / "course" / "negaviz.toml").read_bytes()


def test_the_kernel_loads_everything_from_the_site(built: tuple[SiteInfo, Path]) -> None:
    info, _ = built
    config = json.loads((info.path / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][PLUGIN]
    # Pyodide through the site's start module, beside it (the kernel loads packages from its folder)
    assert kernel["pyodideUrl"] == f"./{KERNEL_START}" == "./static/pyodide/negaviz-start.js"
    start = (info.path / KERNEL_START).read_text()
    assert 'import("./pyodide.mjs")' in start and (info.path / "static" / "pyodide" / "pyodide.mjs").is_file()
    assert kernel["disablePyPIFallback"] is True
    assert set(kernel["loadPyodideOptions"]["packages"]) == set(PRELOAD)
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert {"@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension"} <= extensions
    assert {"lab", "notebooks", "tree", "repl"} <= {p.name for p in info.path.iterdir() if p.is_dir()}
    # relative URLs only: the site runs at any sub-path
    urls = re.findall(r'"((?:https?:)?/[^"]*)"', (info.path / "jupyter-lite.json").read_text())
    assert urls == []


def test_no_staff_extension_is_in_the_site(built: tuple[SiteInfo, Path]) -> None:
    """This environment has nbgrader (the test extra), as a course's staff environment does:
    its lab extension (formgrader, create-assignment) is not in the site (issue 48)."""
    from importlib import metadata

    from negaviz.site import STAFF_EXTENSIONS

    metadata.version("nbgrader")  # installed here: else this test would prove nothing
    info, _ = built
    config = json.loads((info.path / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert not {e["name"] for e in config["federated_extensions"]} & set(STAFF_EXTENSIONS)
    assert set(STAFF_EXTENSIONS) <= set(config["disabledExtensions"])
    assert not any((info.path / "extensions" / name).exists() for name in STAFF_EXTENSIONS)
    schemas = json.loads((info.path / "build" / "schemas" / "all_federated.json").read_text())
    assert not [s["id"] for s in schemas if "nbgrader" in s["id"]]
    marker = json.loads((info.path / MARKER).read_text())
    assert not [f for f in marker["files"] if "nbgrader" in f]


def test_the_pages_that_start_python_load_the_line_about_it_first(built: tuple[SiteInfo, Path]) -> None:
    info, _ = built
    tag = f'<script src="../{LOADING}" data-seconds="{STARTING_SECONDS}"></script>'
    assert (info.path / LOADING).read_text().startswith("// One line, at the top of a course-site page")
    for app in ("lab", "notebooks", "tree", "edit", "repl"):
        page = (info.path / app / "index.html").read_text()
        if app in PAGES:  # before any other script: it must see the kernel's worker being made
            assert page.count(tag) == 1 and page.index(tag) == page.index("<script"), app
        else:  # the file tree and the editor start no kernel
            assert "loading.js" not in page, app


def pyc_flags(data: bytes) -> int:
    """The flags word of a .pyc's header (PEP 552): 1 is hash-based, unchecked."""
    return int.from_bytes(data[4:8], "little")


def test_what_the_kernel_imports_at_start_is_compiled_ahead(built: tuple[SiteInfo, Path]) -> None:
    info, _ = built
    folder = info.path / "static" / "pyodide"
    with zipfile.ZipFile(folder / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
        compiled = sorted(n for n in names if n.endswith(".pyc"))
        assert len(compiled) > 150 and {"json/__init__.pyc", "asyncio/__init__.pyc", "sitecustomize.pyc"} <= set(compiled)
        assert all(n[:-1] in names for n in compiled)  # each beside its source: tracebacks show code
        assert {pyc_flags(stdlib.read(n)) for n in compiled} == {1}
        assert len(compiled) < len([n for n in names if n.endswith(".py")])  # only what is imported at start
    packages = lock_of(info.path)
    for name in ("negaviz", "ipython", "micropip", "pyodide-kernel", "jedi"):
        wheel = folder / packages[name]["file_name"]
        assert packages[name]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest(), name  # the lock knows it
        with zipfile.ZipFile(wheel) as archive:
            members = archive.namelist()
            compiled = [n for n in members if n.endswith(".pyc")]
            assert compiled, f"{name}: no bytecode"
            record = archive.read(next(n for n in members if n.endswith(".dist-info/RECORD"))).decode()
            for member in compiled:
                folder_name, _, file_name = member.rpartition("/__pycache__/")
                assert f"{folder_name}/{file_name.split('.')[0]}.py" in members, member
                data = archive.read(member)
                assert pyc_flags(data) == 1
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                assert f"{member},sha256={digest},{len(data)}" in record.splitlines(), member
    tag = "cpython-" + kernel_pyodide()[1].replace(".", "")  # the browser's Python looks for this name
    with zipfile.ZipFile(folder / packages["negaviz"]["file_name"]) as archive:
        members = set(archive.namelist())
    for package in [m for m in STARTUP_IMPORTS if m.startswith("negaviz")]:
        assert f"{package.replace('.', '/')}/__pycache__/__init__.{tag}.pyc" in members, package


def test_the_lock_points_at_the_sites_wheels_and_the_cdn_for_the_rest(built: tuple[SiteInfo, Path]) -> None:
    info, _ = built
    packages = lock_of(info.path)
    folder = info.path / "static" / "pyodide"
    local = {name for name, p in packages.items() if not p["file_name"].startswith("http")}
    for name in local:
        assert (folder / packages[name]["file_name"]).is_file(), name
    assert all(p["file_name"].startswith(CDN) for name, p in packages.items() if name not in local)
    # what the kernel preloads, and everything that needs, is in the site
    keys = {canonical(name): name for name in packages}
    todo, needed = list(PRELOAD), set()
    while todo:
        name = keys[canonical(todo.pop())]
        if name not in needed:
            needed.add(name)
            todo += packages[name]["depends"]
    assert needed <= local
    assert {"negaviz", "anywidget", "ipywidgets", "psygnal", "graphviz", "ipython", "micropip"} <= needed
    assert packages["negaviz"]["imports"] == ["negaviz"] and packages["negaviz"]["depends"] == []
    assert {"numpy", "matplotlib"} <= set(packages) - local  # compiled: online readers only
    with zipfile.ZipFile(folder / "python_stdlib.zip") as stdlib:
        assert '"matplotlib": "matplotlib"' in stdlib.read("sitecustomize.py").decode()


def test_the_marker_lists_the_site_and_the_size_is_reported(built: tuple[SiteInfo, Path]) -> None:
    info, _ = built
    marker = json.loads((info.path / MARKER).read_text())
    on_disk = {p.relative_to(info.path).as_posix() for p in info.path.rglob("*") if p.is_file()} - {MARKER}
    assert set(marker["files"]) == on_disk
    assert info.files == len(on_disk) + 1
    assert info.bytes == sum(p.stat().st_size for p in info.path.rglob("*") if p.is_file())
    assert info.bytes < 50e6  # the target
    print(f"site: {info.bytes / 1e6:.1f} MB in {info.files} files, built in {info.seconds:.1f} s")


def test_building_again_replaces_the_site_offline(
    built: tuple[SiteInfo, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    make_notebook: Callable[..., Path],
) -> None:
    info, root = built
    python = {p.name: p.read_bytes() for p in (info.path / "static" / "pyodide").iterdir()}
    # no network: pip may not reach an index, npm may not reach its registry
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("npm_config_offline", "true")
    notebook = make_notebook("other.ipynb")
    assert cli.main(["site", str(notebook), "-o", str(info.path)]) == 0
    out, err = capsys.readouterr()
    assert "cached" in err and "fetching" not in err
    assert "bytecode: cached" in err  # no Node.js run the second time
    # the same Python, byte for byte: the wheels, the standard library, the lock
    assert {p.name: p.read_bytes() for p in (info.path / "static" / "pyodide").iterdir()} == python
    assert out.startswith(f"{info.path}: a JupyterLite site of 1 notebook, ")
    assert sorted(p.name for p in (info.path / "files").iterdir()) == ["other.ipynb"]  # the old one is gone
    assert sorted(p.name for p in root.iterdir()) == ["course", "out"]  # no work or old folder left
    assert cli.main(["site", str(notebook), "-o", str(info.path), "--quiet"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_a_build_stopped_half_way_leaves_nothing(
    tmp_path: Path, make_notebook: Callable[..., Path], sig: signal.Signals,
) -> None:
    notebook = make_notebook("lecture.ipynb")
    old = tmp_path / "out"
    old.mkdir()
    (old / "syllabus.pdf").write_text("the lecturer's own")
    before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "negaviz", "site", str(notebook), "-o", str(old), "--force"],
        stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
    )
    assert process.stderr is not None
    for line in process.stderr:  # stop it while JupyterLite builds
        if "JupyterLite: building" in line:
            time.sleep(1.0)
            process.send_signal(sig)
            break
    rest = process.stderr.read()
    assert process.wait(timeout=60) == 130, rest
    assert rest.strip().endswith("negaviz: interrupted"), rest
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == before


def test_a_full_pyodide_distribution_is_taken_as_a_folder_an_archive_or_a_url(
    built: tuple[SiteInfo, Path], tmp_path: Path, make_notebook: Callable[..., Path], monkeypatch: pytest.MonkeyPatch,
    site_browser: Any,
) -> None:
    # A site's own Pyodide folder is a distribution: pyodide.mjs beside a lock and its wheels.
    info, _ = built
    user_cache = cache_folder()
    dist = tmp_path / "pyodide"
    shutil.copytree(info.path / "static" / "pyodide", dist)
    archive = tmp_path / "pyodide-dist.tar.bz2"
    with tarfile.open(archive, "w:bz2") as tar:
        tar.add(dist, arcname="pyodide")
    notebook = make_notebook("lecture.ipynb")
    # a URL is fetched into the cache: a fresh cache, given the wheels the site needs (no network)
    monkeypatch.setenv("NEGAVIZ_CACHE", str(tmp_path / "cache"))
    shutil.copytree(user_cache / "wheels", cache_folder() / "wheels")
    with site_browser.serve(tmp_path) as served:
        url = f"{served.url}{archive.name}"
        for source in (str(dist), str(archive), url):
            name = f"site-{len(list(tmp_path.glob('site-*')))}"
            site = build_site([notebook], tmp_path / name, pyodide=source)
            packages = lock_of(site.path)
            local = {name for name, p in packages.items() if "://" not in p["file_name"]}
            assert {"negaviz", "anywidget", "ipython"} <= local
            for name in local:
                assert (site.path / "static" / "pyodide" / packages[name]["file_name"]).is_file(), name
    assert len(list(cache_folder().glob("distributions/*/pyodide-dist.tar.bz2"))) == 1  # the URL's archive, kept


def test_without_node_the_site_has_no_bytecode_and_the_build_says_what_that_costs(
    tmp_path: Path, make_notebook: Callable[..., Path], monkeypatch: pytest.MonkeyPatch,
) -> None:
    user_cache = cache_folder()
    monkeypatch.setenv("NEGAVIZ_CACHE", str(tmp_path / "cache"))  # no compiled set cached: a fresh cache
    shutil.copytree(user_cache / "wheels", cache_folder() / "wheels")  # with the downloads (no network)
    for core in user_cache.glob("pyodide-*.tgz"):
        shutil.copy2(core, cache_folder() / core.name)
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs"))  # no node (nor npm: the core is cached)
    lines: list[str] = []
    site = build_site([make_notebook("lecture.ipynb")], tmp_path / "out", say=lines.append)
    said = [line for line in lines if line.startswith("bytecode: ")]
    assert len(said) == 1 and said[0].startswith("bytecode: no Node.js here (Node.js 18+ compiles"), lines
    assert "a few seconds more before the first output" in said[0]
    folder = site.path / "static" / "pyodide"
    for archive_path in [folder / "python_stdlib.zip", *folder.glob("*.whl")]:
        with zipfile.ZipFile(archive_path) as archive:
            assert not [n for n in archive.namelist() if n.endswith(".pyc")], archive_path.name
