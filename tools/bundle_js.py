"""The front-end's one module, bundled by esbuild from its sources (``negaviz/frontend/src/*.js``).

The widgets (anywidget's ``_esm``), exported pages and static notebook pages load one ES
module, ``stepper.js``.  esbuild (pinned in ``tools/js/package.json`` and its lock file,
installed there with ``npm ci`` the first time it is needed) bundles it from ``index.js``
and the modules it imports, as anywidget's own projects do; the same sources give the
same bytes.

``stepper.js`` is committed, not built at install or import: the wheel, the sdist and the
course site carry a plain file that needs no build step and no write into site-packages
(and no node on a student's machine), a review shows what users run, and
``tests/frontend/test_bundle.py`` checks it equals a fresh build.  After changing a source
(``make js`` runs the first)::

    python tools/bundle_js.py          # writes negaviz/frontend/stepper.js
    python tools/bundle_js.py --check  # exit 1 if it is stale
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRONTEND = ROOT / "negaviz" / "frontend"
SOURCES = FRONTEND / "src"
"""The source modules; ``index.js`` is the entry."""
BUILT = FRONTEND / "stepper.js"
"""The bundled module every front-end loads."""
TOOLS = ROOT / "tools" / "js"
"""Where esbuild is pinned (package.json, package-lock.json) and installed (node_modules)."""
BANNER = ("// negaviz stepper: one front-end for the widgets, the exported page and static notebook pages.\n"
          "// Bundled by esbuild (tools/bundle_js.py) from negaviz/frontend/src/: do not edit here.")


def esbuild() -> Path:
    """The pinned esbuild, installed with ``npm ci`` if it is not yet."""
    exe = TOOLS / "node_modules" / ".bin" / "esbuild"
    if not exe.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("bundling the front-end needs npm (Debian: apt-get install npm) to install esbuild")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=TOOLS, check=True, timeout=600)
    return exe


def build() -> str:
    """``stepper.js`` as esbuild bundles the sources (the same text for the same sources)."""
    done = subprocess.run(
        [str(esbuild()), "negaviz/frontend/src/index.js", "--bundle", "--format=esm", "--charset=utf8",
         "--log-level=warning", f"--banner:js={BANNER}"],
        cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=120,
    )
    if done.returncode != 0:
        raise SystemExit(f"esbuild failed:\n{done.stderr}")
    return done.stdout


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
