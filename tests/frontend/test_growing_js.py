"""The front-end's drawing rules that need no page (``growing.test.mjs``, under node)."""

from __future__ import annotations

from typing import Any


def test_a_growing_views_edges_are_drawn_from_their_boxes(node_tests: Any) -> None:
    node_tests.run("growing.test.mjs", passes=1)
