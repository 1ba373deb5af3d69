"""Vendor a synchronous gunzip for pages: fflate's gunzipSync, bundled by esbuild.

A page keeps each part of a search (a view's drawing, a chunk of steps) gzipped apart
and unpacks one the moment a step needs it; the browser's own DecompressionStream is
asynchronous, so a step would be painted a frame late.  fflate (MIT) is a small,
fast gzip in plain JavaScript; esbuild keeps of it only what ``gunzipSync`` and
``strFromU8`` need (about 5 KB) and writes one classic script that defines
``negavizInflate``.  Both are installed from the npm registry into a temporary folder
(nothing is left behind) and copied into ``negaviz/frontend/vendor/``:
``inflate.js`` (with fflate's licence notice at its head) and ``LICENSE-fflate``.

Run: python tools/refresh_inflate.py
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

FFLATE = "0.8.2"
ESBUILD = "0.24.0"
VENDOR = Path(__file__).resolve().parents[1] / "negaviz" / "frontend" / "vendor"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "package.json").write_text('{"private": true}\n', encoding="utf-8")
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", f"fflate@{FFLATE}",
                        f"esbuild@{ESBUILD}"], cwd=work, check=True)
        (work / "entry.js").write_text('export { gunzipSync, strFromU8 } from "fflate";\n', encoding="utf-8")
        subprocess.run(["npx", "esbuild", "entry.js", "--bundle", "--minify", "--format=iife",
                        "--global-name=negavizInflate", "--legal-comments=none", "--outfile=inflate.js"],
                       cwd=work, check=True)
        licence = (work / "node_modules" / "fflate" / "LICENSE").read_text(encoding="utf-8")
        notice = next(line for line in licence.splitlines() if line.startswith("Copyright"))
        code = (work / "inflate.js").read_text(encoding="utf-8")
    (VENDOR / "inflate.js").write_text(
        f"/* fflate {FFLATE} (gunzipSync, strFromU8), MIT, {notice}; bundled by esbuild {ESBUILD}: "
        "tools/refresh_inflate.py */\n" + code, encoding="utf-8")
    (VENDOR / "LICENSE-fflate").write_text(licence, encoding="utf-8")
    print(f"wrote {VENDOR / 'inflate.js'} ({(VENDOR / 'inflate.js').stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
