"""negaviz render, proof and export: real files written through the command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from negaviz.cli import main

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")


@needs_dot
def test_render_writes_the_tree_at_a_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cut.svg"
    assert main(["render", "tree", TEXTBOOK, "--step", "15", "--windows", "-o", str(out)]) == 0
    text = out.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert "after step 15\n" in text or "after step 15<" in text  # the caption says which step is drawn (not how many follow)
    assert capsys.readouterr().out.strip() == str(out)
    again = tmp_path / "again.svg"
    main(["render", "tree", TEXTBOOK, "--step", "15", "--windows", "-o", str(again)])
    assert again.read_bytes() == out.read_bytes()  # deterministic


@needs_dot
@pytest.mark.parametrize("suffix, magic", [(".pdf", b"%PDF"), (".png", b"\x89PNG"), (".dot", b"digraph")])
def test_render_picks_the_format_from_the_extension(tmp_path: Path, suffix: str, magic: bytes) -> None:
    out = tmp_path / f"t{suffix}"
    assert main(["render", "ttt", "x.o/x../o..", "--tt", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(magic)


def test_proof_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["proof", "ttt", "x.o/x../o..", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] == 1
    assert [(p["prover"], p["claim"], p["nodes"]) for p in report["proofs"]] == [("x", ">= 1", 10)]


@pytest.mark.slow
def test_a_draw_has_two_minimal_proofs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["proof", "ttt", "--minimal", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] == 0
    assert [(p["prover"], p["claim"]) for p in report["proofs"]] == [("x", ">= 0"), ("o", "<= 0")]
    assert all(p["nodes"] > 1 for p in report["proofs"])


@needs_dot
def test_proof_of_a_draw_draws_one_file_per_prover(tmp_path: Path) -> None:
    out = tmp_path / "empty.svg"
    assert main(["proof", "ttt", "..x/.o./x..", "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty-o.svg", "empty-x.svg"]


def test_export_writes_one_offline_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from negaviz.frontend.page import page_module, page_state

    out = tmp_path / "ab.html"
    assert main(["export", "tree", TEXTBOOK, "-o", str(out)]) == 0
    page = out.read_text()
    (scene,) = page_state(page)["scenes"]
    # one view, laid out once (here, by dot: the page carries its SVG), painted at each of the 19 steps
    assert len(scene["views"]) == 1 and scene["views"][0]["svg"].lstrip().startswith("<svg") and scene["n"] == 18
    assert "data-negaviz-stepper" in page_module(page)  # the front-end, gzipped in the page
    assert "http://" not in page and "https://" not in page
    assert "every one of 19 steps" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["render", "ttt", "-o", "x.foo"], "cannot tell the format of 'x.foo'"),
        (["render", "tree", "[[1,2]]", "--step", "99", "-o", "x.svg"], "--step 99 is outside"),
        (["export", "tree", "[[1,2]]", "-o", "x.svg"], "should end with .html"),
        (["proof", "ttt", "xxx/ooo/...", "--json"], "illegal tic-tac-toe position"),
        (["render", "ttt"], "required"),
    ],
)
def test_bad_drawing_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("negaviz: error: ") and message in err


@pytest.mark.slow
def test_connect_four_4x4_is_a_draw(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "connect4", "--cols", "4", "--rows", "4", "--order", "threats+heuristic",
            "--tt", "--symmetry", "--forced", "--bounds", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] == 0 and report["complete"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "ttt", "--cols", "4"], "--cols applies to connect4 only"),
        (["solve", "connect4", "--cols", "3"], "connect four cols 3 is not allowed"),
        (["solve", "connect4", "--cols", "4", "--rows", "4", "--progress", "--record"], "--progress"),
    ],
)
def test_bad_connect_four_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "ttt", "x.o/x../o..", "--tt", "--progress", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["value"] == 1
    assert captured.err.endswith("\n") and "5/5" in captured.err  # one tick per root move


def test_export_needs_no_dot(tmp_path: Path) -> None:
    """The page lays its views out in the browser: ``negaviz export`` runs with no Graphviz
    on PATH, and ``render`` to SVG there says in one line what it needs."""
    import subprocess
    import sys

    no_dot = {"PATH": str(Path(sys.executable).parent)}  # this environment's programs: no Graphviz
    out = tmp_path / "ab.html"
    run = subprocess.run(
        [sys.executable, "-m", "negaviz", "export", "tree", TEXTBOOK, "-o", str(out)],
        capture_output=True, text=True, env=no_dot, timeout=120,
    )
    assert run.returncode == 0 and "every one of 19 steps" in run.stdout, run.stderr
    from negaviz.frontend.page import page_module, page_state

    (scene,) = page_state(out.read_text(encoding="utf-8"))["scenes"]
    assert scene["layout"] == "browser" and scene["views"][0]["dot"].startswith("digraph")
    svg = subprocess.run(
        [sys.executable, "-m", "negaviz", "render", "tree", TEXTBOOK, "-o", str(tmp_path / "ab.svg")],
        capture_output=True, text=True, env=no_dot, timeout=120,
    )
    assert svg.returncode == 2 and len(svg.stderr.strip().splitlines()) == 1 and "dot" in svg.stderr, svg.stderr
