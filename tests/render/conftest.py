"""The truth check shared by the drawing tests: a picture of step k tells nothing of later steps.

It reads only the DOT source and the trace's timeline (never negaviz's drawing code), so
it checks draw() and the flip-book the same way.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest

from negaviz.trace import Trace
from negaviz.trace.timeline import timeline_of

_ATTR = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|<(?:[^<>]|<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)*>|[^\s\]]+)')
LOOK = ("fillcolor", "color", "penwidth", "style", "fontcolor")
"""The attributes that make a node's look (shape aside: a ghost standing for several moves is a box)."""
RESULT_WORDS = ("≥", "≤", "best", "cut", "TT", "value")


def parse_dot(dot: Any) -> tuple[dict[str, dict[str, str]], list[tuple[str, str, dict[str, str]]]]:
    """Node and edge statements of a digraph's body: ``{id: attrs}``, ``[(tail, head, attrs)]``."""
    nodes: dict[str, dict[str, str]] = {}
    edges: list[tuple[str, str, dict[str, str]]] = []
    for line in dot.body:
        m = re.match(r"\t(\w+)(?: -> (\w+))? \[(.*)\]$", line, re.DOTALL)
        if not m or m.group(1) == "graph":
            continue
        attrs = {k: v.strip('"') for k, v in _ATTR.findall(m.group(3))}
        if m.group(2):
            edges.append((m.group(1), m.group(2), attrs))
        else:
            nodes[m.group(1)] = attrs
    return nodes, edges


def check_truth(trace: Trace, step: int, dot: Any, *, look: tuple[str, ...] = LOOK) -> None:
    """Assert that ``dot``, a drawing of ``trace`` at ``step``, shows nothing of later steps."""
    timeline = timeline_of(trace)
    nodes, edges = parse_dot(dot)
    thick = {(t, h) for t, h, a in edges if float(a.get("penwidth", "1")) >= 3}
    best = {(f"n{a}", f"n{b}") for a, b in itertools.pairwise(timeline.best_line(step))}
    assert thick == best, f"step {step}: thick edges {sorted(thick)}, best line so far {sorted(best)}"

    def cut_by_now(parent: int) -> bool:
        return timeline.node_at(parent, step).cut

    looks: dict[str, tuple[str | None, ...]] = {}
    for name, attrs in nodes.items():
        if name == "legend":
            continue
        if name.startswith("n"):
            unvisited = trace.nodes[int(name[1:])].enter_step >= step
        elif name.startswith("g"):  # a ghost: g{parent}_{move} or g{parent}
            parent = int(name[1:].split("_")[0])
            unvisited = not cut_by_now(parent)
            if "dashed" in attrs.get("style", ""):
                assert cut_by_now(parent), f"step {step}: {name} drawn pruned before its parent's cutoff"
        else:
            continue
        if unvisited:
            looks[name] = tuple(attrs.get(a) for a in look)
            shown = re.sub(r"<I>.*?</I>", "", attrs["label"])  # a given value may show, in italics
            shown = re.sub(r"\d+ moves not yet visited", "", shown)  # how many moves: the game's data
            assert not re.search(r"\d", re.sub(r"<[^>]*>", "", shown)), f"step {step}: {name} shows a number"
            assert not any(w in shown for w in RESULT_WORDS), f"step {step}: {name} shows a result: {shown}"
    assert len(set(looks.values())) <= 1, f"step {step}: unvisited nodes differ: {looks}"
    for tail, head, attrs in edges:
        if "dashed" in attrs.get("style", "") and head.startswith("g"):
            assert cut_by_now(int(tail[1:])), f"step {step}: edge {tail}->{head} drawn pruned before the cutoff"


@pytest.fixture
def parse() -> Callable[[Any], tuple[dict[str, dict[str, str]], list[tuple[str, str, dict[str, str]]]]]:
    """:func:`parse_dot`: a digraph's nodes and edges with their attributes."""
    return parse_dot


@pytest.fixture
def truth() -> Callable[..., None]:
    """:func:`check_truth`: ``truth(trace, step, digraph)`` asserts the drawing tells no future."""
    return check_truth


def node_boxes(svg: str) -> dict[str, tuple[float, float, float, float]]:
    """Each node's box in an SVG from dot: ``{title: (x0, x1, y0, y1)}`` of its first shape."""
    out = {}
    for part in svg.split('class="node">')[1:]:
        title = re.search(r"<title>([^<]*)</title>", part)
        shape = re.search(r'<(?:polygon|path|ellipse)\b[^>]*?(?:points|d)="([^"]*)"', part)
        assert title and shape
        nums = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", shape.group(1))]
        out[title.group(1)] = (min(nums[0::2]), max(nums[0::2]), min(nums[1::2]), max(nums[1::2]))
    return out


@pytest.fixture
def boxes() -> Callable[[str], dict[str, tuple[float, float, float, float]]]:
    """:func:`node_boxes`: where dot put each node of an SVG."""
    return node_boxes
