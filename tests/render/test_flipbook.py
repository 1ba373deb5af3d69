"""negaviz.render.flipbook: one page per step, laid out alike, telling no future."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.games.tictactoe import TicTacToe
from negaviz.render.flipbook import MAX_PAGES, flipbook, render_pages, save_pages, save_pdf, steps_of
from negaviz.render.tree import PREVIEW_NOTE
from negaviz.trace import Trace
from negaviz.vocabulary import view_caption

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
Boxes = Callable[[str], dict[str, tuple[float, float, float, float]]]


def textbook(**options: Any) -> Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta", **options)


def ttt_tt() -> Trace:
    game = TicTacToe()
    return negaviz.record(game, game.parse("x.o/x../o.."), tt=True)


# ------------------------------------------------------------------- the pages
@pytest.mark.parametrize("options", [{}, {"windows": True, "perspective": "minimax"}])
def test_every_page_of_the_textbook_book_tells_no_future(options: dict[str, Any], truth: Callable[..., None]) -> None:
    trace = textbook()
    pages = flipbook(trace, "all", **options)
    assert [p.step for p in pages] == list(range(len(trace) + 1))
    for page in pages:
        # Every node is a box here, so the shape is part of the look too.
        truth(trace, page.step, page.digraph, look=("fillcolor", "color", "penwidth", "style", "fontcolor", "shape"))


def test_every_page_of_a_tt_book_tells_no_future(truth: Callable[..., None]) -> None:
    trace = ttt_tt()
    for page in flipbook(trace, "0-120", max_nodes=60):
        truth(trace, page.step, page.digraph, look=("fillcolor", "color", "penwidth", "style", "fontcolor", "shape"))


def test_a_node_not_yet_reached_looks_like_a_move_that_will_be_pruned(parse: Callable[..., Any]) -> None:
    nodes, _ = parse(flipbook(textbook(), "all")[0].digraph)
    c, g = nodes["n4"], nodes["g4_1"]  # C is searched later; G is pruned later: at step 0, alike
    assert {k: c[k] for k in ("shape", "style", "color")} == {k: g[k] for k in ("shape", "style", "color")}
    assert c["label"].count("<TR>") == g["label"].count("<TR>")  # the same rows, the marker and name


def test_hover_texts_of_nodes_not_reached_tell_nothing(parse: Callable[..., Any]) -> None:
    nodes, _ = parse(flipbook(textbook(), "all")[3].digraph)  # D entered; E, C, F, G, H not yet
    assert {n: nodes[n]["tooltip"] for n in ("n3", "n4", "n5", "g4_1")} == dict.fromkeys(
        ("n3", "n4", "n5", "g4_1"), "not yet visited",
    )
    assert nodes["n2"]["tooltip"] == "node 2: B D"


def test_pages_hold_the_same_statements_and_the_same_legend(parse: Callable[..., Any]) -> None:
    pages = flipbook(textbook(), "all")
    legends = {parse(p.digraph)[0]["legend"]["label"] for p in pages}
    assert len(legends) == 1
    shapes = {tuple(sorted(parse(p.digraph)[0])) for p in pages}
    assert len(shapes) == 1


@needs_dot
@pytest.mark.parametrize("options", [{}, {"windows": True}, {"preview": True}, {"perspective": "minimax"}])
def test_node_positions_are_identical_on_every_page(options: dict[str, Any], boxes: Boxes) -> None:
    pages = flipbook(textbook(), "all", **options)
    svgs = [s.decode() for s in render_pages(pages)]
    assert len(svgs) == len(pages) == 19
    first = boxes(svgs[0])
    assert len(first) == 9  # 8 tree nodes and the legend
    for page, svg in zip(pages, svgs):
        assert boxes(svg) == first, f"page of step {page.step} moved a node"


@needs_dot
def test_a_big_board_book_grows_view_by_view_and_no_node_moves_within_one(boxes: Boxes) -> None:
    # 30 nodes a view: a new view starts, from the call stack, when one fills (as the stepper's).
    pages = flipbook(ttt_tt(), "60-140", max_nodes=30, windows=True)
    svgs = [s.decode() for s in render_pages(pages)]

    def placed(svg: str) -> dict[str, tuple[float, ...]]:
        """Each node's box on the page (Graphviz's translation of the drawing added)."""
        dx, dy = map(float, re.search(r'class="graph" transform="[^"]*translate\(([-\d.]+) ([-\d.]+)\)', svg).groups())  # type: ignore[union-attr]
        return {t: (x0 + dx, x1 + dx, y0 + dy, y1 + dy) for t, (x0, x1, y0, y1) in boxes(svg).items()}

    views = [re.search(r"a view from step ([\d,]+)", p.digraph.source).group(1) for p in pages]  # type: ignore[union-attr]
    assert len(set(views)) >= 2  # it filled a view on the way
    seen: dict[tuple[str, str], tuple[float, ...]] = {}
    for view, svg, page in zip(views, svgs, pages):
        shown = placed(svg)
        assert len(shown) <= 30 + 1  # (the legend)
        for title, box in shown.items():
            assert seen.setdefault((view, title), box) == box, f"{title} moved at step {page.step}"


def test_preview_pages_say_so_and_check_their_option(parse: Callable[..., Any]) -> None:
    page = flipbook(textbook(), "4", preview=True)[0]
    assert PREVIEW_NOTE in parse(page.digraph)[0]["legend"]["label"]
    assert PREVIEW_NOTE in page.digraph.source.split("graph [label=")[-1]
    with pytest.raises(InputError, match="preview must be True or False"):
        flipbook(textbook(), "4", preview="on")  # type: ignore[arg-type]


def test_each_pass_of_a_driver_keeps_its_own_layout() -> None:
    game = TicTacToe()
    trace = negaviz.record(game, game.parse("x.o/x../o.."), algorithm="mtdf")
    pages = flipbook(trace, "all", max_nodes=30)
    assert len(pages) == len(trace) + 1
    second = trace.passes()[1][0]
    assert "pass 1 of 2" in pages[5].digraph.source and "pass 2 of 2" in pages[second + 2].digraph.source


# ------------------------------------------------------------------- steps
@pytest.mark.parametrize("text, want", [
    ("all", range(0, 19)), ("3-7", range(3, 8)), ("7-", range(7, 19)), ("4", range(4, 5)), (" 0-18 ", range(0, 19)),
    (range(2, 5), range(2, 5)),
])
def test_steps_of_reads_ranges(text: Any, want: range) -> None:
    assert steps_of(text, 18) == want


@pytest.mark.parametrize("text, message", [
    ("3-19", r"'3-19' is outside 0\.\.18 \(the trace has 18 events\)"),
    ("19", "outside 0..18"),
    ("9-3", r"'9-3' is reversed: write the earlier step first \(3-9\)"),
    ("three", r"'three' is not a step range \(write A-B, A-, K or all\)"),
    ("-3", "not a step range"),
    ("3-5-7", "not a step range"),
    ("", "not a step range"),
    (f"0-{MAX_PAGES}", rf"asks for {MAX_PAGES + 1:,} pages; a flip-book has at most {MAX_PAGES:,}"),
    (range(0, 10, 2), "not a range of consecutive steps"),
    (range(5, 5), "not a range of consecutive steps"),
    (7, "must be a string such as '3-9' or a range, not int"),
])
def test_bad_steps_are_one_line_input_errors(text: Any, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        steps_of(text, 18)
    assert "\n" not in str(info.value)


def test_more_pages_than_the_limit_in_a_long_trace() -> None:
    with pytest.raises(InputError, match=f"at most {MAX_PAGES:,}"):
        steps_of("all", 5000)
    assert len(steps_of("0-1999", 5000)) == MAX_PAGES


# ------------------------------------------------------------------- files
@needs_dot
def test_save_pdf_writes_one_page_per_step(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    out = save_pdf(flipbook(textbook(), "2-9"), tmp_path / "book.pdf")
    assert len(pypdf.PdfReader(out).pages) == 8
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]  # no scratch left behind


@needs_dot
def test_save_pages_names_files_by_step_and_never_replaces_without_force(tmp_path: Path) -> None:
    pages = flipbook(textbook(), "0-3")
    written = save_pages(pages, tmp_path / "frames", "png")
    assert [p.name for p in written] == ["step-0000.png", "step-0001.png", "step-0002.png", "step-0003.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in written)
    assert sorted(p.name for p in (tmp_path / "frames").iterdir()) == [p.name for p in written]
    (tmp_path / "frames" / "step-0002.png").write_bytes(b"mine")
    with pytest.raises(InputError, match=r"step-0000\.png' and 3 more already exist: use --force"):
        save_pages(pages, tmp_path / "frames", "png")
    assert (tmp_path / "frames" / "step-0002.png").read_bytes() == b"mine"  # nothing written
    save_pages(pages, tmp_path / "frames", "png", force=True)
    assert (tmp_path / "frames" / "step-0002.png").read_bytes().startswith(b"\x89PNG")
    assert len(list((tmp_path / "frames").iterdir())) == 4


def test_save_pages_as_dot_needs_no_dot_program(tmp_path: Path) -> None:
    pages = flipbook(textbook(), "5-6")
    written = save_pages(pages, tmp_path, "dot")
    assert [p.read_text() for p in written] == [p.digraph.source for p in pages]


def test_save_pages_refuses_a_bad_format_or_folder(tmp_path: Path) -> None:
    pages = flipbook(textbook(), "5")
    with pytest.raises(InputError, match=r"cannot write pages as 'gif' \(fmt must be one of"):
        save_pages(pages, tmp_path, "gif")
    (tmp_path / "file").write_text("")
    with pytest.raises(InputError, match="it is a file, not a folder"):
        save_pages(pages, tmp_path / "file", "svg")
    with pytest.raises(InputError, match="does not exist"):
        save_pages(pages, tmp_path / "no" / "such", "svg")


def test_captions_wrap_and_are_never_cut() -> None:
    """The perspective line is longer than a label line: it goes on over the next rows."""
    import re

    from negaviz.render.flipbook import CAPTION_CHARS

    trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    for perspective in ("negamax", "minimax"):
        (page,) = flipbook(trace, "3", perspective=perspective)
        (caption,) = [line for line in page.digraph.body if line.lstrip().startswith("graph [label=")]
        rows = re.findall(r'<TD ALIGN="LEFT">([^<]*)</TD>', caption)
        assert len(rows) >= 2 and all(len(r) <= CAPTION_CHARS for r in rows)
        text = " ".join(rows)
        assert "…" not in caption
        assert text == view_caption(perspective)
