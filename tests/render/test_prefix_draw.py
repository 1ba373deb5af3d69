"""draw(trace, step=k) and a flip-book's pages depend on the given data and the first k
events only: two searches that agree for their first d events and then part give the
same picture at every step before d (the flip-book's "of N steps" aside: the number of
steps may show)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import negaviz
from negaviz.render import draw
from negaviz.render.flipbook import flipbook

ORDER_X = "A(B(D:7 E:5) C(F:8 G(K:1(M:3 N:6) L:2(O:4 P:1))))"
ORDER_Y = "A(B(D:7 E:5) C(F:8 G(K:2(M:3 N:6) L:1(O:4 P:1))))"


def parting(a: negaviz.Trace, b: negaviz.Trace) -> int:
    """The number of events two searches share (the same kind at the same position)."""
    def said(t: negaviz.Trace, i: int) -> tuple[Any, ...]:
        e = t.event(i)
        return (e.kind, t.label(e.node), e.value, e.alpha, e.beta, e.bound)
    shorter = min(len(a), len(b))
    return next((i for i in range(shorter) if said(a, i) != said(b, i)), shorter)


def pairs() -> dict[str, tuple[negaviz.Trace, negaviz.Trace]]:
    ttt = negaviz.TicTacToe("x.o/x../o..")
    return {
        "a textbook tree, two move orders": (
            negaviz.record(negaviz.Tree.parse(ORDER_X), algorithm="alphabeta", order="heuristic"),
            negaviz.record(negaviz.Tree.parse(ORDER_Y), algorithm="alphabeta", order="heuristic"),
        ),
        "tic-tac-toe, stopped by a budget": (
            negaviz.record(ttt, algorithm="alphabeta"), negaviz.record(ttt, algorithm="alphabeta", max_nodes=40),
        ),
        "tic-tac-toe with a table, stopped by a budget": (
            negaviz.record(ttt, algorithm="alphabeta", tt=True), negaviz.record(ttt, algorithm="alphabeta", tt=True, max_nodes=30),
        ),
    }


def unsized(source: str) -> str:
    """A page's DOT source without the number of steps in its caption."""
    return re.sub(r"of [\d,]+", "of N", source)


@pytest.mark.parametrize("name", list(pairs()))
def test_draw_at_a_step_before_the_searches_part_is_the_same(name: str) -> None:
    x, y = pairs()[name]
    d = parting(x, y)
    assert 10 < d < max(len(x), len(y))
    # (when one search is the other's start, its last step says it is finished: that may differ)
    last = d if d < min(len(x), len(y)) else d - 1
    for k in range(last + 1):
        assert unsized(draw(x, step=k).source) == unsized(draw(y, step=k).source), f"step {k}"
    if d < min(len(x), len(y)):
        assert draw(x, step=d + 1).source != draw(y, step=d + 1).source


@pytest.mark.parametrize("name", list(pairs()))
def test_flipbook_pages_before_the_searches_part_are_the_same(name: str) -> None:
    x, y = pairs()[name]
    d = parting(x, y)
    # A book of the steps before they part, of each search: page for page the same.
    last = d if d < min(len(x), len(y)) else d - 1
    book_x, book_y = flipbook(x, f"0-{last}"), flipbook(y, f"0-{last}")
    assert [unsized(p.digraph.source) for p in book_x] == [unsized(p.digraph.source) for p in book_y]


def test_a_growing_book_places_each_node_once_and_adds_only_what_is_entered() -> None:
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta")
    pages = flipbook(trace, "0-60")
    seen: dict[str, str] = {}
    for page in pages:
        places = dict(re.findall(r'\t(n\d+) \[.*?pos="([^"]+)"', page.digraph.source))
        entered = sum(1 for i in range(page.step) if trace.event(i).kind.name == "ENTER")
        assert len(places) == max(entered, 1)  # the nodes entered so far (the root from step 0), no more
        for name, pos in places.items():
            assert seen.setdefault(name, pos) == pos, f"{name} moved at step {page.step}"
