"""``src/parts.js`` under node's test runner (``parts.test.mjs``): the parts of a big trace
a step needs are asked of a page's model at once or of the kernel once each, and kept when
they arrive.  The stepper asking for them as the reader steps is tested in Chromium
(tests/export/test_export_browser.py, a page) and in a real JupyterLab
(tests/browser/test_jupyterlab.py, a kernel)."""

from __future__ import annotations

from typing import Any


def test_parts_module(node_tests: Any) -> None:
    node_tests.run("parts.test.mjs", passes=4)
