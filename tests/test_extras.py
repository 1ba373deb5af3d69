"""Tests of negaviz.extras: the core needs no optional package, and a missing one is one
line naming the ``pip install`` to run (exit status 2 on the command line).

"Missing" is made real in a subprocess: ``sys.modules[name] = None`` makes ``import name``
fail as for a package that is not installed, and a folder first on PYTHONPATH holding a
``graphviz`` package that raises ImportError stands for a broken install.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import negaviz
from negaviz.errors import MissingDependency, NegavizError
from negaviz.extras import EXTRAS, extra_for, require

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest's own dependency
    import tomli as tomllib

ROOT = Path(negaviz.__file__).resolve().parents[1]
OPTIONAL = ("graphviz", "matplotlib", "ipywidgets", "anywidget", "traitlets", "IPython", "jupyterlab", "jupytext")
TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


def python(code: str, *argv: str, cwd: Path = ROOT, pythonpath: tuple[Path, ...] = ()) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(map(str, [*pythonpath, ROOT]))
    return subprocess.run(
        [sys.executable, "-c", code, *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def without(*modules: str) -> str:
    """A bootstrap that runs ``negaviz ARGV`` as if ``modules`` were not installed."""
    return "".join(f"import sys; sys.modules[{m!r}] = None\n" for m in modules) + (
        "from negaviz.cli import main\nsys.exit(main())\n"
    )


# ------------------------------------------------------------------ the extras
def test_the_extras_are_those_pyproject_declares() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]

    def names(extra: str) -> set[str]:
        out: set[str] = set()
        for requirement in extras[extra]:
            name = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0]
            inner = re.fullmatch(r"negaviz\[(\w+)\]", requirement)
            out |= names(inner.group(1)) if inner else {name}
        return out

    for extra, modules in EXTRAS.items():
        assert names(extra) == set(modules), extra
    assert set(EXTRAS["draw"]) <= set(EXTRAS["notebook"])


def test_each_package_is_installed_by_the_smallest_extra() -> None:
    assert extra_for("graphviz") == "draw"
    assert {extra_for(m) for m in ("ipywidgets", "anywidget", "matplotlib")} == {"notebook"}


def test_a_missing_package_is_an_import_error_and_a_negaviz_error() -> None:
    with pytest.raises(MissingDependency) as caught:
        require("negaviz_no_such_package", purpose="this test")
    assert isinstance(caught.value, ImportError) and isinstance(caught.value, NegavizError)
    assert str(caught.value) == (
        'this test needs the negaviz_no_such_package Python package, which is not installed: pip install "negaviz[notebook]"'
    )


# ------------------------------------------------------------------ the core needs none of them
CORE = f"""
import json, sys, tempfile, pathlib
import negaviz
from negaviz.cli import main
trace = negaviz.record(negaviz.Tree.parse({TEXTBOOK!r}), algorithm="alphabeta")
with tempfile.TemporaryDirectory() as tmp:
    negaviz.save(trace, pathlib.Path(tmp) / "t.json")
    assert negaviz.load(pathlib.Path(tmp) / "t.json").value == 5
negaviz.search(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True)
negaviz.prove(negaviz.TicTacToe("x.o/x../o.."))
for argv in (["solve", "tree", {TEXTBOOK!r}], ["solve", "ttt", "x.o/x../o..", "--record", "--json"],
             ["solve", "connect4", "--cols", "4", "--rows", "4", "--tt", "--progress", "--quiet"]):
    assert main(argv) == 0
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {OPTIONAL!r})))
"""


def test_import_record_save_load_and_solve_import_no_optional_package() -> None:
    done = python(CORE)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == []


def test_the_core_runs_with_every_optional_package_missing() -> None:
    blocked = "".join(f"sys.modules[{m!r}] = None; " for m in OPTIONAL)
    done = python(f"import sys; {blocked}\n" + CORE)
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------------ a bare environment
DRAWING = {
    "render": ["render", "tree", TEXTBOOK, "-o", "x.svg"],
    "proof -o": ["proof", "ttt", "x.o/x../o..", "-o", "p.svg"],
    "export": ["export", "tree", TEXTBOOK, "-o", "x.html"],
}


@pytest.mark.parametrize("argv", DRAWING.values(), ids=DRAWING.keys())
def test_drawing_without_graphviz_is_one_line_and_status_2(argv: list[str], tmp_path: Path) -> None:
    done = python(without("graphviz"), *argv, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        'negaviz: error: drawing needs the graphviz Python package, which is not installed: pip install "negaviz[draw]"\n'
    )
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_graphviz_that_cannot_be_imported_is_one_line_too(tmp_path: Path) -> None:
    broken = tmp_path / "site" / "graphviz"
    broken.mkdir(parents=True)
    (broken / "__init__.py").write_text('raise ImportError("libgvc.so.6: cannot open shared object file")\n')
    work = tmp_path / "work"
    work.mkdir()
    done = python("from negaviz.cli import main; import sys; sys.exit(main())", *DRAWING["render"], cwd=work,
                  pythonpath=(tmp_path / "site",))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "graphviz Python package, which cannot be imported (libgvc.so.6: cannot open shared object file)" in done.stderr
    assert 'pip install "negaviz[draw]"' in done.stderr


@pytest.mark.parametrize("missing", ["ipywidgets", "anywidget"])
@pytest.mark.parametrize("widget", ["StepperWidget", "CompareWidget", "PlayWidget"])
def test_widgets_without_their_packages_name_the_notebook_extra(missing: str, widget: str) -> None:
    done = python(
        f"import sys; sys.modules[{missing!r}] = None\n"
        f"from negaviz.errors import MissingDependency\n"
        f"try:\n    from negaviz.widgets import {widget}\nexcept MissingDependency as e:\n    print(e)\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        f'a widget needs the {missing} Python package, which is not installed: pip install "negaviz[notebook]"\n'
    )


def test_widgets_say_at_import_that_their_packages_are_missing() -> None:
    """The cell that imports the widgets is the one that fails, not a later one."""
    done = python(
        "import sys; sys.modules['ipywidgets'] = None\n"
        "from negaviz.errors import MissingDependency\n"
        "try:\n    import negaviz.widgets\nexcept MissingDependency as e:\n    print(e._render_traceback_())\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "['MissingDependency: a widget needs the ipywidgets Python package, which is not installed: "
        "pip install \"negaviz[notebook]\"']\n"
    )


def test_a_notebook_shows_a_missing_package_in_one_line() -> None:
    """IPython shows the error's one line, not a traceback through negaviz."""
    done = python(
        "import sys; sys.modules['anywidget'] = None\n"
        "from IPython.testing.globalipapp import get_ipython\n"
        "shell = get_ipython()\n"
        "shell.run_cell('from negaviz.widgets import StepperWidget')\n"
    )
    assert done.returncode == 0, done.stderr
    shown = [line for line in done.stdout.splitlines() if line.strip()]
    assert shown == [
        'MissingDependency: a widget needs the anywidget Python package, which is not installed: pip install "negaviz[notebook]"'
    ], done.stdout


def test_plots_need_no_plotting_package_and_files_name_the_notebook_extra() -> None:
    """The site's Python has no matplotlib (nor numpy): plots are made without them, and
    only writing a file asks for matplotlib, in one line."""
    done = python(
        "import sys; sys.modules['matplotlib'] = None; sys.modules['numpy'] = None\n"
        "import negaviz\n"
        "from negaviz.render.plots import plot_comparison, save_figure\n"
        "from negaviz.errors import MissingDependency\n"
        "game = negaviz.TicTacToe('x.o/x../o..')\n"
        "plot = plot_comparison({'a': negaviz.record(game), 'b': negaviz.record(game, tt=True)})\n"
        "print(plot)\n"
        "try:\n    save_figure(plot, 'x.svg')\nexcept MissingDependency as e:\n    print(e)\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "<negaviz plot: nodes by search, 2 series>\n"
        'saving a plot as a file needs the matplotlib Python package, which is not installed: pip install "negaviz[notebook]"\n'
    )
