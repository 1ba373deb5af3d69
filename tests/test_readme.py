"""The README's examples run: the notebook snippet builds its widgets (no browser), and
each figure in docs/ is what the command stated next to it draws today.

(The README's ``>>>`` quickstart is a doctest, run by ``--doctest-glob=README.md``.)
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import negaviz

ROOT = Path(negaviz.__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def snippet_after(words: str) -> str:
    """The first ```python block after ``words`` in the README."""
    start = README.index(words)
    begin = README.index("```python\n", start) + len("```python\n")
    return README[begin:README.index("```", begin)]


def run_cells(code: str, cwd: Path) -> list[Any]:
    """Run ``code`` statement by statement, as notebook cells would, in ``cwd``; the value
    of each expression statement (what a notebook would display), in order."""
    namespace: dict[str, Any] = {}
    shown = []
    here = Path.cwd()
    os.chdir(cwd)
    try:
        for node in ast.parse(code).body:
            if isinstance(node, ast.Expr):
                shown.append(eval(compile(ast.Expression(node.value), "README.md", "eval"), namespace))
            else:
                exec(compile(ast.Module([node], type_ignores=[]), "README.md", "exec"), namespace)
    finally:
        os.chdir(here)
    return shown


def test_the_notebook_snippet_runs_and_builds_every_widget(tmp_path: Path) -> None:
    from negaviz.trace import Trace
    from negaviz.widgets import CompareWidget, PlayWidget, StepperWidget

    from negaviz.display import Picture

    shown = run_cells(snippet_after("In a notebook, a trace shows itself"), tmp_path)
    assert [type(x) for x in shown] == [Trace, Picture, type(tmp_path), StepperWidget, CompareWidget, PlayWidget]
    trace = shown[0]
    assert trace._repr_mimebundle_()["image/svg+xml"].count("<svg") == 1  # "drawn inline"
    assert "after step 15" in shown[1].svg  # the step's picture, by dot here
    assert (tmp_path / "cutoff.pdf").read_bytes().startswith(b"%PDF")
    for widget in shown[3:]:
        widget.close()


def dot_version() -> str:
    try:
        return subprocess.run(["dot", "-V"], capture_output=True, text=True, timeout=30).stderr.strip()
    except OSError:
        return "no dot"


@pytest.mark.skipif(dot_version() == "no dot", reason="drawing docs/ figures needs Graphviz's dot")
def test_each_docs_figure_is_what_its_stated_command_draws() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_docs.py"), "--check"], cwd=ROOT, capture_output=True, text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr + " (run make docs)"
    checked = [line for line in done.stdout.splitlines() if line.startswith("checked docs/")]
    assert sorted(p.name for p in (ROOT / "docs").iterdir() if p.suffix == ".svg") == sorted(
        line.split(":")[0].split("/")[-1] for line in checked
    ), "every figure in docs/ has a command stated in README.md"
