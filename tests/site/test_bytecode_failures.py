"""A Node.js run that fails mid-build: the site is built without bytecode, and says why in one line.

``negaviz.site.bytecode`` promises that the site works without the compiled modules,
only slower to start, so a failed compile run costs no build: the build says, in one
line, what failed and what it costs.  Here the real Node.js fails for real: it runs out
of the memory ``NODE_OPTIONS`` allows it (as in a small CI container), it stops before
the script runs (``NODE_OPTIONS`` preloads a file that is not there), or the kernel
imports a module the site lacks.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from negaviz.site import SiteInfo, build_site
from negaviz.site.bytecode import SCRIPT, STARTUP_IMPORTS, node_program, precompile
from negaviz.site.cache import Cache, cache_folder

pytestmark = pytest.mark.slow
PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
COSTS = "so a student's browser compiles the kernel's modules as Python starts: a few seconds more before the first output"
OUT_OF_MEMORY = "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"


@pytest.fixture(scope="module")
def starved(tmp_path_factory: pytest.TempPathFactory, notebook_text: Callable[..., str]) -> Iterator[tuple[SiteInfo, list[str], Path]]:
    """A site built where Node.js may use 16 MB of heap (Pyodide needs more), with a fresh
    download cache holding the downloads (no network) and no compiled set: the build's
    lines, and that cache."""
    node, _ = node_program()
    if node is None:
        pytest.skip("needs Node.js 18+ (the failure is a real Node.js run)")
    root = tmp_path_factory.mktemp("starved")
    (root / "lecture.ipynb").write_text(notebook_text("import negaviz"), encoding="utf-8")
    user_cache = cache_folder()
    lines: list[str] = []
    with pytest.MonkeyPatch.context() as m:
        m.setenv("NEGAVIZ_CACHE", str(root / "cache"))
        shutil.copytree(user_cache / "wheels", cache_folder() / "wheels")
        for core in user_cache.glob("pyodide-*.tgz"):
            shutil.copy2(core, cache_folder() / core.name)
        m.setenv("PIP_NO_INDEX", "1")
        m.setenv("npm_config_offline", "true")
        m.setenv("NODE_OPTIONS", "--max-old-space-size=16")
        site = build_site([root / "lecture.ipynb"], root / "cs440", say=lines.append)
        cache = cache_folder()
    yield site, lines, cache


def test_out_of_memory_the_site_is_built_without_bytecode_and_the_build_says_so(
    starved: tuple[SiteInfo, list[str], Path],
) -> None:
    site, lines, cache = starved
    _, version = node_program()
    said = [line for line in lines if line.startswith("bytecode: ")]
    assert said == [
        f"bytecode: compiling the kernel's modules with Node.js {version} (once; kept in {cache / 'bytecode'})",
        f"bytecode: compiling under Node.js failed ({OUT_OF_MEMORY}), {COSTS}",
    ], lines
    folder = site.path / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    wheels = sorted(folder.glob("*.whl"))
    assert len(wheels) > 10
    for archive_path in [folder / "python_stdlib.zip", *wheels]:
        with zipfile.ZipFile(archive_path) as archive:
            assert not [n for n in archive.namelist() if n.endswith(".pyc")], archive_path.name
    listed = {entry["file_name"] for entry in lock.values()}
    assert {w.name for w in wheels} <= listed  # the lock names each wheel as it is
    assert sorted(p.name for p in (cache / "bytecode").iterdir()) == []  # no compiled set kept, nothing half-made


@pytest.mark.browser
@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)")
def test_the_site_built_without_bytecode_runs_python(starved: tuple[SiteInfo, list[str], Path], site_browser: Any) -> None:
    site, _, _ = starved
    with site_browser.serve(site.path) as served:
        run = site_browser.run_in_repl(served, "import negaviz\nprint('answer', 6 * 7)", expect="answer 42")
    assert "answer 42" in run.output and "Error" not in run.output, run.output
    assert run.blocked == [] and served.outside == []


def test_a_node_that_stops_before_the_script_runs_is_said_in_one_line(
    starved: tuple[SiteInfo, list[str], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    site, _, _ = starved
    dest = tmp_path / "pyodide"
    shutil.copytree(site.path / "static" / "pyodide", dest)
    before = {p.name: p.read_bytes() for p in dest.iterdir()}
    missing = tmp_path / "no-such-hook.js"
    monkeypatch.setenv("NODE_OPTIONS", f"--require {missing}")
    lines: list[str] = []
    cache = Cache(tmp_path / "cache")
    assert precompile(dest, ["negaviz"], cache, lines.append) == []
    assert len(lines) == 2 and lines[1:] == [f"bytecode: compiling under Node.js failed (Error: Cannot find module '{missing}'), {COSTS}"], lines
    assert {p.name: p.read_bytes() for p in dest.iterdir()} == before  # the site's Python as it was
    assert list((cache.folder / "bytecode").iterdir()) == []


def test_a_node_that_hangs_does_not_hang_the_build(
    starved: tuple[SiteInfo, list[str], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Node.js preloads a file that never returns: the compile is given up after
    COMPILE_TIMEOUT_S (made 3 s here, from 600), and the build goes on without bytecode."""
    from negaviz.site import bytecode

    site, _, _ = starved
    dest = tmp_path / "pyodide"
    shutil.copytree(site.path / "static" / "pyodide", dest)
    before = {p.name: p.read_bytes() for p in dest.iterdir()}
    hang = tmp_path / "hang.js"
    hang.write_text("for (;;) {}\n", encoding="utf-8")
    monkeypatch.setenv("NODE_OPTIONS", f"--require {hang}")
    monkeypatch.setattr(bytecode, "COMPILE_TIMEOUT_S", 3)
    lines: list[str] = []
    cache = Cache(tmp_path / "cache")
    assert precompile(dest, ["negaviz"], cache, lines.append) == []
    assert lines[1:] == [f"bytecode: compiling under Node.js failed (it did not finish in 3 s), {COSTS}"], lines
    assert {p.name: p.read_bytes() for p in dest.iterdir()} == before
    assert list((cache.folder / "bytecode").iterdir()) == []


def test_a_module_the_kernel_cannot_import_is_named_in_one_line(starved: tuple[SiteInfo, list[str], Path], tmp_path: Path) -> None:
    """``bytecode.js`` (run as the build runs it) on the site's own Pyodide, asked to
    import, after what the kernel imports, a module the site lacks."""
    site, _, _ = starved
    node, _ = node_program()
    assert node is not None
    config = json.loads((site.path / "jupyter-lite.json").read_text())["jupyter-config-data"]
    packages = config["litePluginSettings"][PLUGIN]["loadPyodideOptions"]["packages"]
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"packages": packages, "imports": [*STARTUP_IMPORTS, "course_helpers"]}), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    done = subprocess.run([node, str(SCRIPT), str(site.path / "static" / "pyodide"), str(out), str(job)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 1, done
    # after pyodide_kernel is imported, Pyodide's own error had no message: the build said "PythonError"
    assert done.stderr == "importing course_helpers: ModuleNotFoundError: No module named 'course_helpers'\n", done.stderr
    assert done.stdout == "" and list(out.rglob("*")) == []
