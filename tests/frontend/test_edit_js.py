"""The editing front-end's own module (``src/edit-ui.js``) under node's test runner:
``edit-ui.test.mjs``.  What the page does with it (a click picks a node, copy tree) is
tested in a real JupyterLab (tests/browser/test_tree_editor_lab.py) and in an exported
page (tests/export/test_export_browser.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="needs node (Debian's nodejs) for node --test")
def test_edit_ui_module() -> None:
    assert NODE is not None
    run = subprocess.run([NODE, "--test", str(HERE / "edit-ui.test.mjs")], env={"PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# pass 2" in run.stdout and "# fail 0" in run.stdout, run.stdout[-2000:]
