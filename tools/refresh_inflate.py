"""Vendor a synchronous gunzip for pages: fflate's gunzipSync, bundled by esbuild.

A page keeps each part of a search (a view's drawing, a chunk of steps) gzipped apart
and unpacks one the moment a step needs it; the browser's own DecompressionStream is
asynchronous, so a step would be painted a frame late.  fflate (MIT) is a small,
fast gzip in plain JavaScript; esbuild (the one the front-end is bundled with, pinned in
``tools/js``: :func:`bundle_js.esbuild`) keeps of it only what ``gunzipSync`` and
``strFromU8`` need (about 5 KB) and writes one classic script that defines
``negavizInflate``.  fflate is installed from the npm registry into a temporary folder
(nothing is left behind); ``inflate.js`` (with fflate's licence notice at its head) and
``LICENSE-fflate`` are written into ``negaviz/frontend/vendor/``.

Run: python tools/refresh_inflate.py
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from bundle_js import TOOLS, esbuild

FFLATE = "0.8.2"
VENDOR = Path(__file__).resolve().parents[1] / "negaviz" / "frontend" / "vendor"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "package.json").write_text('{"private": true}\n', encoding="utf-8")
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", f"fflate@{FFLATE}"], cwd=work, check=True)
        (work / "entry.js").write_text('export { gunzipSync, strFromU8 } from "fflate";\n', encoding="utf-8")
        subprocess.run([str(esbuild()), "entry.js", "--bundle", "--minify", "--format=iife",
                        "--global-name=negavizInflate", "--legal-comments=none", "--outfile=inflate.js"],
                       cwd=work, check=True)
        licence = (work / "node_modules" / "fflate" / "LICENSE").read_text(encoding="utf-8")
        notice = next(line for line in licence.splitlines() if line.startswith("Copyright"))
        code = (work / "inflate.js").read_text(encoding="utf-8")
    pinned = json.loads((TOOLS / "package.json").read_text(encoding="utf-8"))["devDependencies"]["esbuild"]
    (VENDOR / "inflate.js").write_text(
        f"/* fflate {FFLATE} (gunzipSync, strFromU8), MIT, {notice}; bundled by esbuild {pinned}: "
        "tools/refresh_inflate.py */\n" + code, encoding="utf-8")
    (VENDOR / "LICENSE-fflate").write_text(licence, encoding="utf-8")
    print(f"wrote {VENDOR / 'inflate.js'} ({(VENDOR / 'inflate.js').stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
