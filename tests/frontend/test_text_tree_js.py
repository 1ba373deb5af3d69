"""The tree as text (``src/text-tree.js``), at every step of the recorded searches of
``test_stepper_js.py``, against Python's painting rule there: run under node."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from negaviz.frontend.scene import Scene
from negaviz.frontend.scene_data import resolved

_spec = importlib.util.spec_from_file_location("negaviz_stepper_js_tests", Path(__file__).with_name("test_stepper_js.py"))
assert _spec is not None and _spec.loader is not None
stepper_js = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stepper_js)


def test_the_text_tree_says_what_the_picture_shows_at_every_step(node_tests: Any) -> None:
    fixture: dict[str, Any] = {"cases": [], "formats": []}
    for label, trace, kw in stepper_js.cases():
        scene = Scene(trace, **kw)
        scene.cover()
        data = scene.data()
        fixture["cases"].append({"name": label, "scene": data, "looks": stepper_js.looks(trace, scene, resolved(data))})
    node_tests.run("text-tree.test.mjs", passes=len(fixture["cases"]), fixture=fixture)
