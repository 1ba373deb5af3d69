"""Tests of negaviz.render output with the real dot program (skipped without it)."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import negaviz
from negaviz.render import draw, save, svg
from negaviz.trace import Trace

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")


def traces() -> dict[str, Trace]:
    return {
        "textbook": negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta"),
        "ttt": negaviz.record(negaviz.TicTacToe("xo./.x./..."), algorithm="alphabeta", tt=True),
        "othello": negaviz.record(negaviz.Othello(6), algorithm="alphabeta", depth=2),
    }


def run_dot(source: str, fmt: str = "svg") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["dot", f"-T{fmt}"], input=source.encode("utf-8"), capture_output=True, check=False)


def test_dot_and_gv_files_need_no_dot_program(tmp_path: Path) -> None:
    dot = draw(traces()["textbook"])
    for ext in (".dot", ".gv"):
        path = save(dot, tmp_path / f"tree{ext}")
        assert path.read_text(encoding="utf-8") == dot.source
    with pytest.raises(ValueError, match=r"unknown extension '\.jpg' \(must be one of"):
        save(dot, tmp_path / "tree.jpg")


@pytest.mark.slow
@needs_dot
@pytest.mark.parametrize("name", ["textbook", "ttt", "othello"])
def test_svg_renders_without_warnings_and_is_byte_identical(name: str) -> None:
    trace = traces()[name]
    for options in ({}, {"windows": True, "perspective": "minimax"}, {"step": len(trace) // 2}, {"dag": True}):
        source = draw(trace, **options).source
        first, second = run_dot(source), run_dot(source)
        assert first.returncode == 0 and first.stderr == b"", first.stderr.decode()
        assert first.stdout == second.stdout
        assert svg(trace, **options).encode("utf-8") == first.stdout
        ET.fromstring(first.stdout)  # well-formed XML


@needs_dot
def test_svg_keeps_trace_node_ids() -> None:
    text = svg(traces()["textbook"])
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    root = ET.fromstring(text.encode("utf-8"))
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert {"n0", "n1", "n4", "g4_1", "legend"} <= ids


@needs_dot
@pytest.mark.parametrize(("ext", "magic"), [(".svg", b"<?xml"), (".pdf", b"%PDF"), (".png", b"\x89PNG")])
def test_save_writes_each_format(tmp_path: Path, ext: str, magic: bytes) -> None:
    path = save(draw(traces()["ttt"], max_nodes=60), tmp_path / f"tree{ext.upper()}")
    data = path.read_bytes()
    assert len(data) > 500 and data.startswith(magic)
    if ext == ".svg":
        assert b"<svg" in data[:1000]


@pytest.mark.slow
@needs_dot
def test_large_trace_renders_quickly_enough() -> None:
    trace = negaviz.record(negaviz.TicTacToe("x../.../..."), algorithm="alphabeta")
    result = run_dot(draw(trace).source)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.count(b'class="node"') <= 400


@pytest.mark.parametrize("ext", [".svg", ".dot"])
def test_an_interrupted_save_leaves_the_old_drawing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ext: str
) -> None:
    import os

    if ext == ".svg" and shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed")
    path = tmp_path / f"tree{ext}"
    save(draw(negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"))), path)
    old = path.read_bytes()

    def ctrl_c(fd: int) -> None:  # Ctrl-C with the new drawing half on its way to the disk
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        negaviz.save(draw(negaviz.record(negaviz.TicTacToe("xo./.x./..."))), path)
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_saving_where_no_file_can_go_names_the_file_asked_for(tmp_path: Path) -> None:
    """Issue 29: save(drawing, '/proc/x.svg') was a FileNotFoundError about a temporary file."""
    from negaviz.errors import InputError
    from negaviz.render import save

    drawing = draw(negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]")))
    for path, words in [("/proc/x.dot", "cannot write '/proc/x.dot': folder '/proc': it takes no new files"),
                        (str(tmp_path / "no" / "x.dot"), f"folder '{tmp_path / 'no'}' does not exist"),
                        (str(tmp_path), "unknown extension ''")]:
        with pytest.raises(InputError, match=re.escape(words)):
            save(drawing, path)
    (tmp_path / "d.dot").mkdir()
    with pytest.raises(InputError, match="it is a folder"):
        save(drawing, tmp_path / "d.dot")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.dot"]  # no temporary left
