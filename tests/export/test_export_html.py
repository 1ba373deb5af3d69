"""Tests of the offline HTML export: every step, self-containment, size, determinism."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import negaviz
import negaviz.frontend.page
from negaviz.analysis.steps import PERSPECTIVES, Stepper
from negaviz.cli import main
from negaviz.errors import InputError
from negaviz.export import Export, export_html
from negaviz.frontend.page import ESM, _json, page_module, page_state
from negaviz.frontend.scene import CHUNK
from negaviz.frontend.scene_data import resolved

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@pytest.fixture(scope="module")
def textbook() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


def check_every_step(text: str, trace: negaviz.Trace) -> dict[str, Any]:
    """The page's one scene holds every step's sentence, line and current node, and a
    view drawing each step's current node."""
    (scene,) = page_state(text)["scenes"]
    n = len(trace)
    assert scene["n"] == n and len(scene["kinds"]) == n
    assert sorted(scene["chunks"], key=int) == [str(i) for i in range(n // CHUNK + 1)]
    chunks = [scene["chunks"][str(i)] for i in range(n // CHUNK + 1)]
    for p in range(len(PERSPECTIVES)):
        assert sum(len(c["sentences"][p]) for c in chunks) == n + 1
        assert sum(len(c["lines"][p]) for c in chunks) == n + 1
    current = [nid for c in chunks for nid in c["current"]]
    assert len(current) == n + 1
    drawn = [{item[2] for item in view["items"] if item[1] == "n"} for view in resolved(scene)["views"]]
    for k, nid in enumerate(current):
        assert nid < 0 or any(nid in nodes for nodes in drawn), k  # some view draws the current node
    return dict(scene)


def test_every_step_is_on_the_page(textbook: negaviz.Trace, tmp_path: Path) -> None:
    info = export_html(textbook, tmp_path / "ab.html")
    assert isinstance(info, Export) and info.path == tmp_path / "ab.html"
    text = info.path.read_text(encoding="utf-8")
    assert info.bytes == len(text.encode("utf-8"))
    assert (info.steps, info.views) == (19, 1)
    scene = check_every_step(text, textbook)
    view = scene["views"][0]  # laid out here, by dot (installed): the page opens without a Graphviz of its own
    assert view["svg"].lstrip().startswith("<svg") and "dot" not in view
    assert text.count("<script") == 4 and page_module(text) == ESM and 'class="negaviz-viz"' not in text
    in_browser = export_html(textbook, tmp_path / "browser.html", layout="browser").path.read_text(encoding="utf-8")
    source = check_every_step(in_browser, textbook)["views"][0]["dot"]  # laid out by the Graphviz the page carries
    assert source.startswith("digraph") and 'class="negaviz-viz"' in in_browser and in_browser.count("<script") == 5


def test_the_page_carries_the_step_panels(textbook: negaviz.Trace, tmp_path: Path) -> None:
    text = export_html(textbook, tmp_path / "ab.html").path.read_text(encoding="utf-8")
    chunk = page_state(text)["scenes"][0]["chunks"]["0"]
    stepper = Stepper(textbook)
    negamax = PERSPECTIVES.index("negamax")
    for k in range(len(textbook) + 1):
        view = stepper.view(k)
        assert chunk["sentences"][negamax][k] == view.sentence, k
        assert (chunk["lines"][negamax][k] or None) == view.line, k
        assert chunk["current"][k] == (view.frames[-1].node if view.frames else -1), k
    assert "cutoff, G and H are never visited" in chunk["sentences"][negamax][15] and chunk["current"][15] == 4
    items = resolved(page_state(text)["scenes"][0])["views"][0]["items"]  # (which item each node is: the steps say)
    assert {i[2] for i in items if i[1] == "n"} == set(range(6))  # A B D E C F, each drawn once
    assert len([i for i in items if i[1] == "n"]) == 6
    assert [i[0] for i in items if i[1] == "p"] == ["t_1_1", "t_1_2"]  # C's pruned children G and H


def test_page_requests_nothing(textbook: negaviz.Trace, tmp_path: Path) -> None:
    text = export_html(textbook, tmp_path / "ab.html").path.read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text and "//cdn" not in text
    assert "http" not in text.replace("http-equiv", "")  # no URL anywhere, not even an SVG namespace
    for attr, value in re.findall(r'\b(src|href)\s*=\s*["\']([^"\']*)', text):
        assert value.startswith(("data:", "#")), (attr, value)
    for ref in re.findall(r"url\(([^)]*)\)", text):
        assert ref.startswith("#"), ref
    assert "@import" not in text and "@font-face" not in text
    assert "<script src" not in text and '<link rel="stylesheet"' not in text
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text)
    assert csp and "default-src 'none'" in csp.group(1)  # the page's CSP forbids loading anything


def test_same_input_gives_the_same_bytes(textbook: negaviz.Trace, tmp_path: Path) -> None:
    one = export_html(textbook, tmp_path / "one.html", windows=True).path.read_bytes()
    again = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")  # recorded afresh
    two = export_html(again, tmp_path / "two.html", windows=True).path.read_bytes()
    assert one == two
    other = export_html(textbook, tmp_path / "three.html", windows=False).path.read_bytes()
    assert other != one


@pytest.mark.slow
def test_same_big_input_gives_the_same_bytes(tmp_path: Path) -> None:
    def make() -> negaviz.Trace:
        return negaviz.record(negaviz.TicTacToe("x...o...."), algorithm="alphabeta", tt=True)

    one = export_html(make(), tmp_path / "one.html", max_nodes=40)
    two = export_html(make(), tmp_path / "two.html", max_nodes=40)
    assert one.views > 1  # several views laid out, in the same order both times
    assert one.path.read_bytes() == two.path.read_bytes()
    check_every_step(one.path.read_text(encoding="utf-8"), make())


def test_the_smallest_views_still_show_every_step(textbook: negaviz.Trace, tmp_path: Path) -> None:
    info = export_html(textbook, tmp_path / "small.html", max_nodes=4)
    check_every_step(info.path.read_text(encoding="utf-8"), textbook)


def test_title_and_perspective(textbook: negaviz.Trace, tmp_path: Path) -> None:
    text = export_html(textbook, tmp_path / "t.html", title="<b>Alpha & beta</b>", perspective="minimax").path.read_text(
        encoding="utf-8"
    )
    assert "<title>&lt;b&gt;Alpha &amp; beta&lt;/b&gt;</title>" in text and "<b>Alpha" not in text
    state = page_state(text)
    assert (state["perspective"], state["windows"], state["step"]) == ("minimax", False, 0)
    assert "minimax view" in state["scenes"][0]["legend"]["minimax"]
    default = export_html(textbook, tmp_path / "d.html").path.read_text(encoding="utf-8")
    assert "<title>negaviz: alphabeta on tree A(B(D:7 E:5) C(F:3 G:1 H:9))</title>" in default
    assert "18 steps." in default
    assert "6 nodes" not in default  # the search's totals are the last step's, not the heading's


def test_bad_arguments(textbook: negaviz.Trace, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="unknown perspective"):
        export_html(textbook, tmp_path / "x.html", perspective="max")
    with pytest.raises(InputError, match="does not exist"):
        export_html(textbook, tmp_path / "nowhere" / "x.html")
    with pytest.raises(InputError, match="max_nodes"):
        export_html(textbook, tmp_path / "x.html", max_nodes=0)
    with pytest.raises(InputError, match="needs a negaviz Trace"):
        export_html("[[7,5],[3,1,9]]", tmp_path / "x.html")  # type: ignore[arg-type]
    assert not (tmp_path / "x.html").exists()


def test_a_trace_too_big_for_a_page_says_how_to_shrink_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta", tt=True)  # 281 events
    monkeypatch.setattr(negaviz.frontend.page, "MAX_PAGE_EVENTS", 200)
    with pytest.raises(InputError, match="this search has 281 events; a page holds at most 200") as err:
        export_html(trace, tmp_path / "big.html")
    for hint in ("depth=", "max_nodes=", "--budget", "tt=True", "StepperWidget"):
        assert hint in str(err.value), hint
    assert not (tmp_path / "big.html").exists()


def test_script_data_cannot_close_the_script() -> None:
    text = _json({"s": "</script><script>alert(1)</script>"})
    assert "</" not in text
    assert json.loads(text) == {"s": "</script><script>alert(1)</script>"}


def test_script_data_with_a_comment_opener_is_still_json() -> None:
    text = _json({"s": "<!-- a title -->"})
    assert "<!--" not in text
    assert json.loads(text) == {"s": "<!-- a title -->"}


# ------------------------------------------------------------------------ sizes, through the command line
def test_cli_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str], textbook: negaviz.Trace) -> None:
    out = tmp_path / "ab.html"
    assert main(["export", "tree", TEXTBOOK, "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"{out}: every one of 19 steps, {out.stat().st_size:,} bytes"
    assert out.read_bytes() == export_html(textbook, tmp_path / "api.html").path.read_bytes()
    assert main(["export", "tree", TEXTBOOK, "-o", str(tmp_path / "ab.svg")]) == 2
    assert "should end with .html" in capsys.readouterr().err


def test_tic_tac_toe_with_a_table_fits_in_a_megabyte(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ttt.html"
    assert main(["export", "ttt", "x.o/x../o..", "--tt", "-o", str(out)]) == 0
    trace = negaviz.record(negaviz.TicTacToe("x.o/x../o.."), algorithm="alphabeta", tt=True)
    size = out.stat().st_size
    assert capsys.readouterr().out.strip() == f"{out}: every one of {len(trace) + 1:,} steps, {size:,} bytes"
    assert size <= 1_000_000
    check_every_step(out.read_text(encoding="utf-8"), trace)


def test_the_empty_board_with_every_enhancement_fits_in_two_megabytes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "empty.html"
    argv = ["export", "ttt", "--order", "threats+heuristic", "--tt", "--symmetry", "-o", str(out)]
    assert main(argv) == 0
    capsys.readouterr()
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta", order="threats+heuristic", tt=True, symmetry=True)
    assert out.stat().st_size <= 2_000_000
    text = out.read_text(encoding="utf-8")
    check_every_step(text, trace)
    assert "http" not in text.replace("http-equiv", "")


def test_an_interrupted_export_leaves_the_old_page(
    textbook: negaviz.Trace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    page = tmp_path / "page.html"
    export_html(textbook, page)
    old = page.read_bytes()

    def ctrl_c(fd: int) -> None:  # Ctrl-C with the new page half on its way to the disk
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        export_html(negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta"), page)
    assert page.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


def test_a_move_name_holding_half_a_character_still_exports(tmp_path: Path, one_ply: Any) -> None:
    info = export_html(negaviz.record(one_ply(["a\ud800", "b"])), tmp_path / "half.html")
    info.path.read_bytes().decode("utf-8")  # valid UTF-8 throughout


def test_flags_titles_and_paths_are_checked_and_titles_made_printable(
    textbook: negaviz.Trace, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 29: export_html took progress='x' and a folder as given, failed on title=5,
    and put control characters from --title raw into the page's <title> and heading."""
    out = tmp_path / "page.html"
    for kwargs, words in [({"progress": "x"}, "progress must be True or False, not 'x'"),
                          ({"windows": "no"}, "windows must be True or False, not 'no'"),
                          ({"title": 5}, "title must be text (a str) or None, not 5")]:
        with pytest.raises(InputError, match=re.escape(words)):
            export_html(textbook, out, **kwargs)
    with pytest.raises(InputError, match=r"it is a folder; give the page's file name"):
        export_html(textbook, tmp_path)
    assert list(tmp_path.iterdir()) == []
    hostile = "Lecture\x01 3\x1b[31m red\x7f\x9b end"
    export_html(textbook, out, title=hostile)
    page = out.read_text(encoding="utf-8")
    assert "<title>Lecture 3[31m red end</title>" in page and "<h1>Lecture 3[31m red end</h1>" in page
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", page.split("<script", 1)[0])  # the page's text
    assert main(["export", "tree", "[[7,5],[3,1,9]]", "--title", hostile, "-o", str(tmp_path / "cli.html")]) == 0
    assert "<h1>Lecture 3[31m red end</h1>" in (tmp_path / "cli.html").read_text(encoding="utf-8")


def test_reading_a_page_that_is_not_text_is_one_line() -> None:
    """Issue 54: page_state(None) was a TypeError from the regular expression."""
    for page in (None, b"<html>", 5):
        for read in (page_state, page_module):
            with pytest.raises(InputError) as err:
                read(page)  # type: ignore[arg-type]
            assert str(err.value) == f"page must be text (a str), not {page!r}"
    with pytest.raises(InputError, match="not a page made by negaviz"):
        page_state("<html></html>")


def fan(leaves: int) -> negaviz.Trace:
    """A root with ``leaves`` leaves (``leaves + 1`` nodes), searched."""
    return negaviz.record(negaviz.Tree.parse("[" + ",".join(str(i % 7) for i in range(leaves)) + "]"),
                          algorithm="alphabeta")


def test_auto_lays_out_with_dot_up_to_dot_nodes_and_in_the_browser_beyond(textbook: negaviz.Trace, tmp_path: Path) -> None:
    """Issue 54: with dot installed, ``auto`` laid out every view of any search with dot, so
    the full alpha-beta search of tic-tac-toe took 35 s and 8.2 MB to export.  Now a search
    of more than DOT_NODES nodes takes the browser's path; a smaller one's page is the
    same bytes as before (dot's)."""
    from negaviz.frontend.scene import DOT_NODES, Scene

    assert Scene(fan(DOT_NODES - 1)).layout == "dot"  # DOT_NODES nodes
    assert Scene(fan(DOT_NODES)).layout == "browser"
    assert Scene(fan(DOT_NODES), layout="dot").layout == "dot"  # asked by name: as asked
    small = export_html(textbook, tmp_path / "auto.html").path.read_bytes()
    assert small == export_html(textbook, tmp_path / "dot.html", layout="dot").path.read_bytes()


def test_the_whole_alphabeta_search_of_tictactoe_exports_within_five_megabytes(tmp_path: Path) -> None:
    """Issue 54: the biggest search's page (18,297 nodes, 59,127 events) carries each
    view's DOT source and the Graphviz to lay it out, not 47 views of SVG (8.2 MB); its
    first view only is laid out here, so the page shows it before Graphviz has started."""
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta")
    info = export_html(trace, tmp_path / "ttt.html")
    text = info.path.read_text(encoding="utf-8")
    assert info.bytes <= 5_000_000
    assert 'class="negaviz-viz"' in text
    assert re.findall(r'class="negaviz-layout" data-for="[^"]+" data-view="([^"]+)"', text) == ["0/0"]
    assert text.count('class="negaviz-dot"') == info.views - 1 > 40
    assert page_state(text)["scenes"][0]["viz_later"] is True
    check_every_step(text, trace)
