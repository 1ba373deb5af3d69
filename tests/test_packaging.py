"""What a user installs is what we test: the sdist and the wheel hold everything the
package reads, and the wheel, installed (not editable) in a fresh virtual environment,
records, exports, builds every widget, draws and runs every command.

The fresh environment borrows this one's dependencies through a ``.pth`` file naming
this environment's site-packages, so nothing is downloaded but the build backend.  A
``.pth`` file in a folder added that way is not processed, so this environment's
editable install of negaviz (a ``.pth`` or finder in its site-packages) stays out, and
the test checks that ``negaviz`` is imported from the fresh environment.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import negaviz

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest's own dependency
    import tomli as tomllib

ROOT = Path(negaviz.__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def runtime_files() -> set[str]:
    """Every file under negaviz/ that is not Python source: the wheel needs each."""
    return {
        p.relative_to(ROOT).as_posix() for p in (ROOT / "negaviz").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    }


# ------------------------------------------------------------------ metadata
def test_the_licence_is_mit_by_spdx_with_its_file() -> None:
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n\nCopyright (c) 2026 the negaviz authors\n")
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]  # the first to take an SPDX license


def test_the_version_is_written_once() -> None:
    assert PYPROJECT["project"]["dynamic"] == ["version"] and "version" not in PYPROJECT["project"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "negaviz.__version__"}


def test_the_front_end_is_among_the_runtime_files() -> None:
    assert {"negaviz/py.typed", "negaviz/frontend/stepper.js", "negaviz/frontend/stepper.css", "negaviz/frontend/vendor/viz-global.js",
            "negaviz/frontend/vendor/inflate.js"} <= runtime_files()


# ------------------------------------------------------------------ the wheel, installed
SMOKE = r"""
import json, re, sys
from pathlib import Path

import negaviz
from negaviz.export import export_html
from negaviz.render import draw, save
from negaviz.widgets import CompareWidget, PlayWidget, StepperWidget

trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
page = export_html(trace, "page.html")
game = negaviz.TicTacToe("x.o/x../o..")
stepper = StepperWidget(trace)
stepper.step = 4
compare = CompareWidget(negaviz.record(game, order="natural"), negaviz.record(game, order="threats"))
play = PlayWidget(negaviz.TicTacToe())
save(draw(trace, step=15, windows=True), "tree.svg")
for widget in (stepper, compare, play):
    widget.close()
print(json.dumps({
    "negaviz": negaviz.__file__, "version": negaviz.__version__, "value": trace.value,
    "steps": page.steps, "sentence": stepper.sentence, "prefix": sys.prefix,
    "svg": len(re.findall(r"<title>n[0-9]+</title>", Path("tree.svg").read_text(encoding="utf-8"))),
}))
"""

COMMANDS = {
    "solve": ["solve", "ttt", "x.o/x../o..", "--record", "--json"],
    "render": ["render", "tree", "[[7,5],[3,1,9]]", "--step", "15", "--windows", "-o", "cutoff.svg"],
    "proof": ["proof", "ttt", "x.o/x../o..", "-o", "proof.svg"],
    "export": ["export", "tree", "A(B(D:7 E:5) C(F:3 G:1 H:9))", "-o", "exported.html"],  # (page.html: the smoke set's)
}


def run(argv: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(map(str, argv))}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.mark.slow
def test_the_sdist_and_the_wheel_hold_every_runtime_file(built_dists: tuple[Path, Path]) -> None:
    sdist, wheel = built_dists
    with tarfile.open(sdist) as tar:
        in_sdist = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    wanted = runtime_files()
    assert "negaviz/frontend/stepper.js" in in_wheel
    assert wanted <= in_wheel, sorted(wanted - in_wheel)
    assert wanted | {"LICENSE", "pyproject.toml", "README.md"} <= in_sdist, sorted(wanted - in_sdist)
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in in_wheel)
    metadata = zipfile.ZipFile(wheel).read(f"negaviz-{negaviz.__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata and f"Version: {negaviz.__version__}" in metadata


@pytest.mark.slow
def test_the_wheel_installed_in_a_fresh_venv_runs_the_smoke_set(built_dists: tuple[Path, Path], tmp_path: Path) -> None:
    _, wheel = built_dists
    # No PYTHONPATH: a checkout on it would be "negaviz, already installed" to pip, and imported first.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path, env=env)
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel], cwd=tmp_path, env=env)
    inside = run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=tmp_path, env=env)
    site_packages = Path(inside.stdout.strip())
    assert (site_packages / "negaviz" / "frontend" / "stepper.js").is_file()
    # This environment's packages for the dependencies, after the fresh one's own.
    (site_packages / "borrowed-dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    work = tmp_path / "work"  # outside the checkout: nothing can come from its source tree
    work.mkdir()

    report = json.loads(run([python, "-c", SMOKE], cwd=work, env=env).stdout)
    assert Path(report["negaviz"]).resolve().is_relative_to(venv.resolve()), report["negaviz"]
    assert report["prefix"] == str(venv)
    assert (report["version"], report["value"], report["steps"]) == (negaviz.__version__, 5, 19)
    assert report["sentence"] == "D is a leaf: its value is 7."
    assert report["svg"] == 6  # A to F visited; G and H are drawn as pruned ghosts
    assert 'class="negaviz-module"' in (work / "page.html").read_text(encoding="utf-8")  # the front-end, gzipped

    negaviz_command = venv / "bin" / "negaviz"
    version = run([negaviz_command, "--version"], cwd=work, env=env).stdout
    assert version == f"negaviz {negaviz.__version__}\n"
    out = {}
    for name, argv in COMMANDS.items():
        done = run([negaviz_command, *argv], cwd=work, env=env)
        assert done.stderr == "", (name, done.stderr)
        out[name] = done.stdout
    assert json.loads(out["solve"])["value"] == 1
    assert "proof" in out["proof"] and "every one of 19 steps" in out["export"]
    for written in ("cutoff.svg", "proof.svg", "exported.html"):
        assert (work / written).stat().st_size > 1000, written
