"""The layers import one way: games -> search -> trace -> analysis, layout -> render ->
frontend -> display -> widgets, export and the command line.

Read from the source by ``tools/import_graph.py`` (lazy imports inside functions
included, ``TYPE_CHECKING`` imports not: they never run).  The few imports that go up on
purpose are its ``HOOKS``, each made lazily inside one method (a trace showing itself in
a notebook asks :mod:`negaviz.display` how).
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "import_graph.py"
_spec = importlib.util.spec_from_file_location("import_graph", TOOL)
assert _spec is not None and _spec.loader is not None
graph = importlib.util.module_from_spec(_spec)
sys.modules["import_graph"] = graph  # NamedTuple looks its module up
_spec.loader.exec_module(graph)

FOUND = graph.imports()


def test_no_import_cycles_among_negaviz_units() -> None:
    loops = graph.cycles(graph.edges(FOUND))
    assert loops == [], "\n".join(" -> ".join(loop + [loop[0]]) for loop in loops[:10])


def test_no_unit_imports_a_private_name_from_another() -> None:
    taken = graph.private_uses(FOUND)
    assert taken == [], [f"{i.where}: {i.target}.{i.name}" for i in taken]


@pytest.mark.parametrize("upper", ["negaviz.widgets", "negaviz.frontend", "negaviz.display", "negaviz.export", "negaviz.cli"])
def test_render_imports_nothing_above_it(upper: str) -> None:
    up = [i.where for i in FOUND if graph.unit(i.source) == "negaviz.render" and graph.unit(i.target) == upper]
    assert up == []


def test_neither_grader_imports_the_other() -> None:
    """Practice (quiz) records its mistaken searches with the trace layer's recorder
    (negaviz.trace.calls) and reads the catalogue of mistakes from negaviz.mistakes, which
    the student checker reads too: quiz and student share them from below."""
    across = [i.where for i in FOUND if {graph.unit(i.source), graph.unit(i.target)} == {"negaviz.quiz", "negaviz.student"}]
    assert across == []
    below = {graph.unit(i.target) for i in FOUND if graph.unit(i.source) == "negaviz.mistakes"}
    assert below <= {"negaviz.games", "negaviz.trace", "negaviz.errors", "negaviz.vocabulary"}, below


def test_layout_needs_neither_render_nor_frontend_nor_graphviz() -> None:
    assert [i.where for i in FOUND if graph.unit(i.source) == "negaviz.layout"
            and graph.unit(i.target) in ("negaviz.render", "negaviz.frontend", "negaviz.display")] == []
    for path in (graph.PACKAGE / "layout").glob("*.py"):
        names = {a.name.split(".")[0] for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
        modules = {n.module.split(".")[0] for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(n, ast.ImportFrom) and n.module}
        assert "graphviz" not in names | modules, path.name


def test_the_hooks_are_there_each_a_lazy_import_in_its_method() -> None:
    made = {(i.source, i.function, i.target) for i in FOUND if i.hook}
    assert made == graph.HOOKS  # a hook that went away leaves the list
    assert all(i.function for i in FOUND if i.hook)  # inside the method, never at module level


def test_the_graph_sees_lazy_private_and_type_checking_imports(tmp_path: Path) -> None:
    """The reader itself, on a made-up package: what it must count, and what not."""
    pkg = tmp_path / "negaviz"
    (pkg / "low").mkdir(parents=True)
    (pkg / "high").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "low" / "__init__.py").write_text("")
    (pkg / "low" / "core.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from negaviz.high.view import View\n"
        "def show():\n    from negaviz.high import view\n    return view\n"
    )
    (pkg / "high" / "__init__.py").write_text("")
    (pkg / "high" / "view.py").write_text("from negaviz.low import core\nfrom negaviz.low.core import _secret\nx = core._hidden\n")
    found = graph.imports(graph.modules(pkg))
    assert graph.cycles(graph.edges(found)) == [["negaviz.high", "negaviz.low"]]  # the lazy import counts
    assert not any(i.line == 3 and i.source == "negaviz.low.core" for i in found)  # TYPE_CHECKING does not
    assert sorted(i.name for i in graph.private_uses(found)) == ["_hidden", "_secret"]
    lazy = [i for i in found if i.source == "negaviz.low.core"]
    assert [(i.function, i.target) for i in lazy] == [("show", "negaviz.high.view")]
