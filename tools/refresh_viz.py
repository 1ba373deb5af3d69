"""Vendor Graphviz for the browser: @viz-js/viz (Graphviz compiled to WebAssembly).

Fetches one pinned release with ``npm pack`` (the package's tarball from the npm
registry, nothing installed) into a temporary folder and copies into
``negaviz/frontend/vendor/``:

* ``viz-global.js``: the classic-script build (it defines ``Viz`` globally and works
  from ``file://``, where ES module imports do not), with the WebAssembly inlined;
* ``LICENSE``: its licence, MIT (the package declares it in package.json but ships no
  licence file, so the standard MIT text is written with the copyright notice from the
  script's own banner, which the script keeps as well);
* ``VERSION`` and ``README.md``: which release, its licence and where it came from.

The tests lay out DOT with it under node (``tests/graphviz16.py``), so what another
Graphviz writes is tested here; the browser will use it for in-browser layout.

Run: python tools/refresh_viz.py [VERSION]     (default: the pinned VERSION below)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@viz-js/viz"
VERSION = "3.31.0"
VENDOR = Path(__file__).resolve().parents[1] / "negaviz" / "frontend" / "vendor"
SCRIPT = "package/dist/viz-global.js"
MIT = """{notice}

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of
the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO
THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.

The script also holds, in object code, software under its own licences (listed in its banner):
Graphviz (https://www.graphviz.org, Eclipse Public License 1.0) and Expat (https://libexpat.github.io, MIT).
"""


def fetch(version: str, into: Path) -> Path:
    """The package's tarball, from ``npm pack``."""
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("refresh_viz needs npm (Node.js): install it with 'sudo apt-get install npm'")
    done = subprocess.run(
        [npm, "pack", f"{PACKAGE}@{version}", "--silent"], cwd=into, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"npm pack {PACKAGE}@{version} failed: {' '.join(done.stderr.split())}")
    return into / done.stdout.strip().splitlines()[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("version", nargs="?", default=VERSION, help=f"the release to vendor (default {VERSION})")
    version = parser.parse_args(argv).version
    with tempfile.TemporaryDirectory() as tmp:
        tarball = fetch(version, Path(tmp))
        digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
        with tarfile.open(tarball) as tar:
            script, package = (tar.extractfile(m) for m in (SCRIPT, "package/package.json"))
            if script is None or package is None:
                sys.exit(f"{tarball.name} has no {SCRIPT} or package.json")
            code, licence = script.read(), json.load(package).get("license")
    if licence != "MIT":
        sys.exit(f"{PACKAGE}@{version} declares licence {licence!r}, not MIT: check it before vendoring")
    banner = code.decode("utf-8").split("*/", 1)[0]
    notice = next((line.strip() for line in banner.splitlines() if line.strip().startswith("Copyright")), None)
    if notice is None:
        sys.exit(f"{SCRIPT} has no copyright line in its banner")
    VENDOR.mkdir(parents=True, exist_ok=True)
    (VENDOR / "viz-global.js").write_bytes(code)
    (VENDOR / "LICENSE").write_text(MIT.format(notice=notice), encoding="utf-8")
    (VENDOR / "VERSION").write_text(f"{version}\n", encoding="utf-8")
    (VENDOR / "README.md").write_text(
        f"""# Vendored: {PACKAGE} {version}

Graphviz compiled to WebAssembly, as one classic script (`viz-global.js`, which defines
`Viz`; the WebAssembly is inlined, so it also works from `file://`).

- Source: the npm package [{PACKAGE}](https://www.npmjs.com/package/@viz-js/viz), version {version}
  (tarball sha256 `{digest}`), from https://github.com/mdaines/viz-js
- Licence: MIT (package.json's `license`), in `LICENSE`: the npm package ships no licence
  file, so `LICENSE` is the standard MIT text with the notice from the script's banner.
  The script holds Graphviz (Eclipse Public License 1.0) and Expat (MIT) in object code.
- Files: `dist/viz-global.js`, copied unchanged
- Refresh: `python tools/refresh_viz.py [VERSION]`

The tests use it to lay out DOT with this Graphviz under node (`tests/graphviz16.py`).
""",
        encoding="utf-8",
    )
    for name in sorted(p.name for p in VENDOR.iterdir()):
        print(f"{VENDOR / name}: {(VENDOR / name).stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
