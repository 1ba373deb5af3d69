"""negaviz.site.offline: offline, a package only Pyodide's CDN has fails with one clear sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from negaviz.site import offline
from negaviz.site.offline import OnlineOnly

CDN = "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/"


def test_a_cdn_only_module_gets_the_sentence() -> None:
    finder = OnlineOnly({"matplotlib": "matplotlib", "mpl_toolkits": "matplotlib"}, CDN)
    with pytest.raises(ModuleNotFoundError, match="online, a cell that imports mpl_toolkits itself loads it") as caught:
        finder.find_spec("mpl_toolkits")
    assert caught.value.name == "mpl_toolkits"
    assert str(caught.value).startswith("mpl_toolkits is not part of this course site and was not loaded from")
    assert caught.value._render_traceback_() == [f"ModuleNotFoundError: {caught.value}"]  # one line in a notebook
    assert finder.find_spec("json") is None  # not the CDN's: someone else's to find
    assert finder.find_spec("matplotlib.pyplot", ["/lib/matplotlib"]) is None  # a submodule: its parent was found


def test_as_sitecustomize_it_speaks_only_when_nothing_else_found_the_module(tmp_path: Path) -> None:
    # The same file the site adds to Pyodide's standard library, run by a fresh Python.
    source = Path(offline.__file__).read_text(encoding="utf-8")
    source += f"\n\ninstall({{'no_such_pkg_xyz': 'no-such-pkg', 'json': 'json'}}, {CDN!r})\n"
    (tmp_path / "sitecustomize.py").write_text(source, encoding="utf-8")
    code = "import json\ntry:\n    import no_such_pkg_xyz\nexcept ModuleNotFoundError as e:\n    print(e)"
    done = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(tmp_path)},
                          capture_output=True, text=True, check=True)
    assert done.stdout.startswith("no_such_pkg_xyz is not part of this course site and was not loaded")
    assert done.stderr == ""
