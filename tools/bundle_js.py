"""The front-end's one module, joined from its sources (``negaviz/frontend/src/*.js``).

The widgets (anywidget's ``_esm``), exported pages and static notebook pages load one ES
module, ``stepper.js``; it is written here from the source modules, each one concern, by a
deterministic step with nothing to install: the sources in import order (each once, the
modules it imports before it), their ``import`` lines and named ``export`` lists dropped and
``export`` taken off their declarations, so one scope holds them all, and the index's
``export default`` kept as the module's last statement.

``stepper.js`` is committed, not built at install or import: the wheel, the sdist and the
course site carry a plain file that needs no build step and no write into site-packages,
a review shows what users run, and ``tests/frontend/test_bundle.py`` checks it equals a
fresh build.  After changing a source (``make js`` runs the first)::

    python tools/bundle_js.py          # writes negaviz/frontend/stepper.js
    python tools/bundle_js.py --check  # exit 1 if it is stale
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

FRONTEND = Path(__file__).resolve().parents[1] / "negaviz" / "frontend"
SOURCES = FRONTEND / "src"
"""The source modules; ``index.js`` is the entry."""
BUILT = FRONTEND / "stepper.js"
"""The joined module every front-end loads."""

_IMPORT = re.compile(r'^import \{[^}]*\} from "\./([\w-]+\.js)";\n', re.M)
_REEXPORT = re.compile(r'^export \{[^}]*\}( from "\./([\w-]+\.js)")?;\n', re.M)
_DECLARED = re.compile(r"^export (?=(async function|function|class|const|let) )", re.M)
_TOP_NAME = re.compile(r"^(?:async function|function|class|const|let) (\w+)", re.M)


def _order(name: str, done: list[str], busy: tuple[str, ...] = ()) -> list[str]:
    """``name`` after every module it imports (depth first, in the order of its imports)."""
    if name in done:
        return done
    if name in busy:
        raise ValueError(f"import cycle: {' -> '.join(busy + (name,))}")
    text = (SOURCES / name).read_text(encoding="utf-8")
    for dep in [m.group(1) for m in _IMPORT.finditer(text)] + [m.group(2) for m in _REEXPORT.finditer(text) if m.group(2)]:
        _order(dep, done, busy + (name,))
    done.append(name)
    return done


def build() -> str:
    """``stepper.js`` as the sources make it (the same text for the same sources)."""
    parts = [
        "// negaviz stepper: one front-end for the widgets, the exported page and static notebook pages.\n"
        "// Built by tools/bundle_js.py from negaviz/frontend/src/: do not edit here.\n"
    ]
    seen: dict[str, str] = {}
    for name in _order("index.js", []):
        text = (SOURCES / name).read_text(encoding="utf-8")
        text = _REEXPORT.sub("", _IMPORT.sub("", text))
        if name != "index.js":
            text = _DECLARED.sub("", text)
            if "export " in "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//")):
                raise ValueError(f"{name}: an export the bundle cannot take (export declarations and lists only)")
        for m in _TOP_NAME.finditer(text):
            if m.group(1) in seen:
                raise ValueError(f"{name} and {seen[m.group(1)]} both declare {m.group(1)}: names are shared in the bundle")
            seen[m.group(1)] = name
        parts.append(f"\n// {'-' * 60} src/{name}\n" + re.sub(r"\n{3,}", "\n\n", text.strip("\n")) + "\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    text = build()
    if argv[1:] == ["--check"]:
        stale = not BUILT.is_file() or BUILT.read_text(encoding="utf-8") != text
        if stale:
            print(f"{BUILT} is stale: run python tools/bundle_js.py", file=sys.stderr)
        return int(stale)
    BUILT.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {BUILT} ({len(text.encode('utf-8')):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
