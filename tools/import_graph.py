"""How negaviz's packages import each other, read from the source with ``ast``.

Every import that runs counts, the ones inside functions too (a lazy import still ties
two packages together: it only moves the moment the tie is felt); an import under
``if TYPE_CHECKING:`` never runs, and does not count.  The units are the packages
(``negaviz.render``, ``negaviz.widgets``, ...), the top-level modules (``negaviz.cli``,
``negaviz.vocabulary``, ...) and the root package ``negaviz`` itself.

A few imports go up the layers on purpose, each lazily, inside one method: the
*hooks* in :data:`HOOKS`.  A trace or a proof shows itself in a notebook through the
display protocol (``_repr_mimebundle_``), which asks :mod:`negaviz.display` how, as
python-chess's ``_repr_svg_`` imports its renderer.  Cycles are counted without them
(what ``tests/test_layers.py`` holds at 0) and with them.

    python tools/import_graph.py                        # this checkout
    python tools/import_graph.py --edges                # also every edge, with where it is made
    python tools/import_graph.py --package OTHER/negaviz  # another checkout, e.g. an older commit's
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = "negaviz"
PACKAGE = Path(__file__).resolve().parents[1] / ROOT

HOOKS = {
    ("negaviz.trace.trace", "Trace._repr_mimebundle_", "negaviz.display"),
    ("negaviz.search.prooftree", "ProofTree._repr_mimebundle_", "negaviz.display"),
    ("negaviz.search.prooftree", "Proofs._repr_mimebundle_", "negaviz.display"),
    ("negaviz.student.check", "Report.stepper", "negaviz.widgets"),
}
"""The imports that go up on purpose: (importing module, the method that imports, the
module it imports).  A trace and a proof show themselves in a notebook by asking the
display layer; a student's report opens a stepper on the student's trace."""


class Import(NamedTuple):
    """One import of a negaviz module, or one use of a private name of another unit."""

    source: str
    """The importing module, e.g. ``negaviz.frontend.scene``."""
    target: str
    """The module imported (for ``from M import name``: ``M.name`` where that is a module, else ``M``)."""
    name: str
    """The name imported or used (``_Builder``), or ``""`` for a whole module."""
    line: int
    """Where, in the importing module's file."""
    package: bool = False
    """Whether the importing module is a package (its file is ``__init__.py``)."""
    function: str = ""
    """The function or method it is made in (``Trace._repr_mimebundle_``), ``""`` at module level."""

    @property
    def where(self) -> str:
        """``path:line`` of the import, from the checkout's root."""
        return f"{self.source.replace('.', '/')}{'/__init__' if self.package else ''}.py:{self.line}"

    @property
    def hook(self) -> bool:
        """Whether it is one of the :data:`HOOKS`."""
        return (self.source, self.function, self.target) in HOOKS


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__.py``)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def unit(module: str) -> str:
    """The package or top-level module ``module`` belongs to: ``negaviz.render.tree`` ->
    ``negaviz.render``; ``negaviz.cli`` -> ``negaviz.cli``; ``negaviz`` -> ``negaviz``."""
    return ".".join(module.split(".")[:2])


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


class _Reader(ast.NodeVisitor):
    """The imports of one module, each with the function it is made in."""

    def __init__(self, source: str, is_package: bool, known: dict[str, Path]) -> None:
        self.source, self.is_package, self.known = source, is_package, known
        self.found: list[Import] = []
        self.bound: dict[str, str] = {}  # local name -> the negaviz module it names
        self.scope: list[str] = []

    def _add(self, target: str, name: str, line: int) -> None:
        function = ".".join(self.scope) if self.scope else ""
        self.found.append(Import(self.source, target, name, line, self.is_package, function))

    def _scoped(self, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _scoped

    def visit_If(self, node: ast.If) -> None:
        if _type_checking(node.test):  # never runs: types only
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name.split(".")[0] == ROOT:
                self._add(alias.name, "", node.lineno)
                if alias.asname:
                    self.bound[alias.asname] = alias.name

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _absolute(node, self.source, self.is_package)
        if base is None or base.split(".")[0] != ROOT:
            return
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            if sub in self.known:  # a module: from negaviz.render import labels
                self._add(sub, "", node.lineno)
                self.bound[alias.asname or alias.name] = sub
            else:
                self._add(base, alias.name, node.lineno)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name) and node.value.id in self.bound and _private(node.attr):
            self._add(self.bound[node.value.id], node.attr, node.lineno)  # labels._table
        self.generic_visit(node)


def imports(known: dict[str, Path] | None = None) -> list[Import]:
    """Every import of a negaviz module made anywhere in a negaviz module (but under
    ``TYPE_CHECKING``), and every private name taken from another module (``from M import
    _x``, or ``m._x`` where ``m`` names an imported module)."""
    known = modules() if known is None else known
    found: list[Import] = []
    for source, path in known.items():
        reader = _Reader(source, path.name == "__init__.py", known)
        reader.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found += reader.found
    return found


def _absolute(node: ast.ImportFrom, source: str, is_package: bool) -> str | None:
    if not node.level:
        return node.module
    parts = source.split(".") if is_package else source.split(".")[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def edges(found: list[Import], *, hooks: bool = False) -> dict[str, dict[str, list[Import]]]:
    """Unit -> unit it imports -> the imports that make the edge (none from a unit to
    itself; the :data:`HOOKS` only if ``hooks``)."""
    out: dict[str, dict[str, list[Import]]] = {}
    for imp in found:
        a, b = unit(imp.source), unit(imp.target)
        if a != b and not (b == ROOT and not imp.name) and (hooks or not imp.hook):  # `import negaviz.x` only passes the root
            out.setdefault(a, {}).setdefault(b, []).append(imp)
    return out


def cycles(graph: dict[str, dict[str, list[Import]]]) -> list[list[str]]:
    """Every elementary cycle of the unit graph, each starting at its smallest unit, sorted."""
    nodes = sorted(set(graph) | {b for targets in graph.values() for b in targets})
    out: list[list[str]] = []
    for start in nodes:
        stack: list[tuple[str, list[str]]] = [(start, [start])]
        while stack:
            here, path = stack.pop()
            for nxt in sorted(graph.get(here, {})):
                if nxt == start:
                    out.append(path)
                elif nxt > start and nxt not in path:
                    stack.append((nxt, path + [nxt]))
    return sorted(out)


def private_uses(found: list[Import]) -> list[Import]:
    """The private names (``_x``, or a module ``_m``) one unit takes from another.  A name is
    private to the unit that holds it; a private module right under the root
    (``negaviz._startup``) is private to negaviz as a whole, so any unit may import it."""
    out = []
    for imp in found:
        if not imp.name and "." not in imp.target:
            continue  # import negaviz
        holder, name = (imp.target, imp.name) if imp.name else imp.target.rsplit(".", 1)
        if _private(name) and holder != ROOT and unit(imp.source) != unit(holder):
            out.append(imp)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--edges", action="store_true", help="also list every edge between units")
    parser.add_argument("--package", type=Path, default=PACKAGE, help="the negaviz folder to read (default: this checkout's)")
    args = parser.parse_args(argv)
    found = imports(modules(args.package))
    graph = edges(found)
    if args.edges:
        for a in sorted(graph):
            for b in sorted(graph[a]):
                print(f"{a} -> {b}: " + ", ".join(sorted({i.where for i in graph[a][b]})))
    loops = cycles(graph)
    print(f"{len(loops)} import cycles among negaviz's units")
    for loop in loops:
        print("  " + " -> ".join(loop + [loop[0]]))
    hooks = sorted({(i.where, i.function, i.target) for i in found if i.hook})
    print(f"{len(cycles(edges(found, hooks=True)))} with the {len(hooks)} hooks counted too:")
    for where, function, target in hooks:
        print(f"  {where}: {function} imports {target}")
    private = private_uses(found)
    print(f"{len(private)} private names used across units")
    for imp in private:
        print(f"  {imp.where}: {imp.target}{'.' + imp.name if imp.name else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
