"""Tests of the offline HTML export: frames, self-containment, sampling, determinism."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import negaviz
from negaviz.analysis.steps import Stepper
from negaviz.errors import InputError
from negaviz.export import Export, export_html, frame_steps
from negaviz.export.html import _json_for_script

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"


@pytest.fixture(scope="module")
def textbook() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


def page_data(text: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="negaviz-data">(.*?)</script>', text, re.DOTALL)
    assert m
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def templates(text: str) -> list[str]:
    return re.findall(r'<template class="frame-svg">(.*?)</template>', text, re.DOTALL)


def test_every_step_becomes_a_frame(textbook: negaviz.Trace, tmp_path: Path) -> None:
    info = export_html(textbook, tmp_path / "ab.html")
    assert isinstance(info, Export) and info.path == tmp_path / "ab.html"
    text = info.path.read_text(encoding="utf-8")
    assert info.bytes == len(text.encode("utf-8"))
    data = page_data(text)
    frames = data["frames"]
    assert (info.frames, info.total, info.sampled) == (19, 19, False)
    assert [f[0] for f in frames] == list(range(19)) and data["total"] == 18
    svgs = templates(text)
    assert len(svgs) == len({f[1] for f in frames}) and sorted({f[1] for f in frames}) == list(range(len(svgs)))
    assert all(s.lstrip().startswith("<svg") for s in svgs)
    assert 'id="sampling"' not in text


def test_frames_carry_the_step_panels(textbook: negaviz.Trace, tmp_path: Path) -> None:
    text = export_html(textbook, tmp_path / "ab.html").path.read_text(encoding="utf-8")
    frames = page_data(text)["frames"]
    stepper = Stepper(textbook)
    for step, svg_index, sentence, stack, line, counters, current in frames:
        view = stepper.view(step)
        assert (sentence, line) == (view.sentence, view.line)
        assert current == (view.frames[-1].node if view.frames else -1)
        assert f'data-counter="cutoffs">{view.counters.cutoffs}<' in counters
    step, svg_index, sentence, stack, line, counters, current = frames[15]
    assert "cutoff, G and H are never visited" in sentence and line == 10 and current == 4
    assert re.search(r'<tr class="current"[^>]*><td[^>]*>C</td>', stack)
    svg = templates(text)[svg_index]
    assert 'id="n4"' in svg and 'id="g4_1"' in svg  # C, and its pruned ghost G


def test_page_requests_nothing(textbook: negaviz.Trace, tmp_path: Path) -> None:
    text = export_html(textbook, tmp_path / "ab.html").path.read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text and "//cdn" not in text
    for attr, value in re.findall(r'\b(src|href)\s*=\s*["\']([^"\']*)', text):
        assert value.startswith(("data:", "#")), (attr, value)
    for ref in re.findall(r"url\(([^)]*)\)", text):
        assert ref.startswith("#"), ref
    assert "@import" not in text and "@font-face" not in text
    assert "<script src" not in text and "<link rel=\"stylesheet\"" not in text
    assert "default-src 'none'" in text  # the page's CSP forbids loading anything


def test_same_input_gives_the_same_bytes(textbook: negaviz.Trace, tmp_path: Path) -> None:
    one = export_html(textbook, tmp_path / "one.html", windows=True).path.read_bytes()
    again = negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")  # recorded afresh
    two = export_html(again, tmp_path / "two.html", windows=True).path.read_bytes()
    assert one == two
    other = export_html(textbook, tmp_path / "three.html", windows=False).path.read_bytes()
    assert other != one


def test_long_traces_are_sampled_evenly_with_a_note(textbook: negaviz.Trace, tmp_path: Path) -> None:
    info = export_html(textbook, tmp_path / "s.html", max_frames=5, max_bytes=None)
    text = info.path.read_text(encoding="utf-8")
    data = page_data(text)
    assert [f[0] for f in data["frames"]] == frame_steps(18, 5) == [0, 5, 9, 14, 18]
    assert (info.frames, info.total, info.sampled, data["sampled"]) == (5, 19, True, True)
    note = re.search(r'<p class="note" id="sampling">(.*?)</p>', text)
    assert note and "5 of the search's 19 steps" in note.group(1) and "at most 5 frames" in note.group(1)


def test_byte_budget_keeps_fewer_frames(tmp_path: Path) -> None:
    trace = negaviz.record(negaviz.TicTacToe("xo.x.o..."), algorithm="alphabeta", tt=True)
    full = export_html(trace, tmp_path / "full.html", max_nodes=40, max_frames=40, max_bytes=None)
    capped = export_html(trace, tmp_path / "capped.html", max_nodes=40, max_frames=40, max_bytes=full.bytes // 4)
    assert full.frames == 40 and 2 <= capped.frames < 20
    assert capped.bytes < full.bytes // 2
    assert "MB" in capped.path.read_text(encoding="utf-8").split('id="sampling">')[1].split("</p>")[0]


def test_title_and_perspective(textbook: negaviz.Trace, tmp_path: Path) -> None:
    text = export_html(textbook, tmp_path / "t.html", title="<b>Alpha & beta</b>", perspective="minimax").path.read_text(
        encoding="utf-8"
    )
    assert "<title>&lt;b&gt;Alpha &amp; beta&lt;/b&gt;</title>" in text and "<b>Alpha" not in text
    assert "minimax view" in text
    default = export_html(textbook, tmp_path / "d.html").path.read_text(encoding="utf-8")
    assert "<title>negaviz: alphabeta on tree A(B(D:7 E:5) C(F:3 G:1 H:9))</title>" in default


def test_bad_arguments(textbook: negaviz.Trace, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="unknown perspective"):
        export_html(textbook, tmp_path / "x.html", perspective="max")
    with pytest.raises(InputError, match="does not exist"):
        export_html(textbook, tmp_path / "nowhere" / "x.html")
    with pytest.raises(InputError, match="max_frames"):
        export_html(textbook, tmp_path / "x.html", max_frames=1)
    with pytest.raises(InputError, match="max_nodes"):
        export_html(textbook, tmp_path / "x.html", max_nodes=0)
    assert not (tmp_path / "x.html").exists()


def test_script_data_cannot_close_the_script() -> None:
    text = _json_for_script({"s": "</script><script>alert(1)</script> & <!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"s": "</script><script>alert(1)</script> & <!--"}


@given(st.integers(0, 5000), st.integers(2, 300))
def test_frame_steps_are_even_and_keep_both_ends(events: int, frames: int) -> None:
    steps = frame_steps(events, frames)
    assert steps[0] == 0 and steps[-1] == events
    assert len(steps) == min(frames, events + 1)
    assert all(a < b for a, b in zip(steps, steps[1:]))
    gaps = [b - a for a, b in zip(steps, steps[1:])]
    assert not gaps or max(gaps) - min(gaps) <= 1  # evenly spaced
