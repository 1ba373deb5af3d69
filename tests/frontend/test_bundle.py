"""The one module every front-end loads (``negaviz/frontend/stepper.js``) is its sources
bundled by esbuild (``tools/bundle_js.py``): committed, and equal to a fresh build."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from negaviz.frontend.page import ESM

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bundle_js.py"
_spec = importlib.util.spec_from_file_location("bundle_js", TOOL)
assert _spec is not None and _spec.loader is not None
bundle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bundle)


def test_the_built_module_equals_a_fresh_build_of_the_sources() -> None:
    assert bundle.BUILT.read_text(encoding="utf-8") == bundle.build(), "run: python tools/bundle_js.py"
    assert ESM == bundle.build()


def test_the_build_is_deterministic_and_holds_every_source_once() -> None:
    text = bundle.build()
    assert text == bundle.build()
    # esbuild names each module it takes in a comment: every source, once (none left out)
    taken = [line.removeprefix("// negaviz/frontend/src/") for line in text.splitlines()
             if line.startswith("// negaviz/frontend/src/")]
    assert sorted(taken) == sorted(p.name for p in bundle.SOURCES.glob("*.js"))
    assert taken[-1] == "index.js" and len(set(taken)) == len(taken)
    # one export, the default (anywidget warns of a module that also exports a named render)
    assert text.rstrip().endswith("export {\n  src_default as default\n};") and text.count("export ") == 1
    assert "\nimport " not in text


def test_the_check_command_says_whether_the_module_is_fresh() -> None:
    done = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_each_source_is_small_enough_to_read_in_one_sitting() -> None:
    long = {p.name: n for p in bundle.SOURCES.glob("*.js") if (n := len(p.read_text(encoding="utf-8").splitlines())) > 330}
    assert not long, long


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to parse the module")
def test_the_built_module_parses_as_an_es_module(tmp_path) -> None:
    path = tmp_path / "stepper.mjs"
    path.write_text(bundle.build(), encoding="utf-8")
    subprocess.run(["node", "--check", str(path)], check=True, capture_output=True, timeout=60)
