"""How negaviz's packages import each other, read from the source with ``ast``.

Every import counts, the ones inside functions too (a lazy import still ties two
packages together: it only moves the moment the tie is felt).  The units are the
packages (``negaviz.render``, ``negaviz.widgets``, ...), the top-level modules
(``negaviz.cli``, ``negaviz.vocabulary``, ...) and the root package ``negaviz`` itself.

    python tools/import_graph.py            # cycles and private names, one a line
    python tools/import_graph.py --edges    # also every edge, with where it is made

``tests/test_layers.py`` holds the package to what this finds: no cycles, no private
name used across units, and ``render`` importing neither ``widgets`` nor ``frontend``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = "negaviz"
PACKAGE = Path(__file__).resolve().parents[1] / ROOT


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

    @property
    def where(self) -> str:
        """``path:line`` of the import, from the checkout's root."""
        parts = self.source.split(".")
        return f"{'/'.join(parts)}{'/__init__' if self.package else ''}.py:{self.line}"


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


def imports(known: dict[str, Path] | None = None) -> list[Import]:
    """Every import of a negaviz module made anywhere in a negaviz module, and every private
    name taken from another module (``from M import _x``, or ``m._x`` where ``m`` names an
    imported module)."""
    known = modules() if known is None else known
    found: list[Import] = []
    for source, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        bound: dict[str, str] = {}  # local name -> the negaviz module it names
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == ROOT:
                        found.append(Import(source, alias.name, "", node.lineno, is_package))
                        if alias.asname:
                            bound[alias.asname] = alias.name
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node, source, is_package)
                if base is None or base.split(".")[0] != ROOT:
                    continue
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    if sub in known:  # a module: from negaviz.render import labels
                        found.append(Import(source, sub, "", node.lineno, is_package))
                        bound[alias.asname or alias.name] = sub
                    else:
                        found.append(Import(source, base, alias.name, node.lineno, is_package))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in bound and _private(node.attr)):
                found.append(Import(source, bound[node.value.id], node.attr, node.lineno, is_package))
    return found


def _absolute(node: ast.ImportFrom, source: str, is_package: bool) -> str | None:
    if not node.level:
        return node.module
    parts = source.split(".") if is_package else source.split(".")[:-1]
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def edges(found: list[Import]) -> dict[str, dict[str, list[Import]]]:
    """Unit -> unit it imports -> the imports that make the edge (none from a unit to itself)."""
    out: dict[str, dict[str, list[Import]]] = {}
    for imp in found:
        a, b = unit(imp.source), unit(imp.target)
        if a != b and not (b == ROOT and not imp.name):  # `import negaviz.x` names the root only on the way
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edges", action="store_true", help="also list every edge between units")
    parser.add_argument("--package", type=Path, default=PACKAGE, help="the negaviz folder to read (default: this checkout's)")
    args = parser.parse_args(argv)
    found = imports(modules(args.package))
    graph = edges(found)
    loops = cycles(graph)
    private = private_uses(found)
    if args.edges:
        for a in sorted(graph):
            for b in sorted(graph[a]):
                print(f"{a} -> {b}: " + ", ".join(sorted({i.where for i in graph[a][b]})))
    print(f"{len(loops)} import cycles among negaviz's units")
    for loop in loops:
        print("  " + " -> ".join(loop + [loop[0]]))
    print(f"{len(private)} private names used across units")
    for imp in private:
        print(f"  {imp.where}: {imp.target}{'.' + imp.name if imp.name else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
