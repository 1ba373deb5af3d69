"""negaviz render --steps and --preview: flip-books written through the command line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from negaviz.cli import main
from negaviz.render.tree import PREVIEW_NOTE

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")


@needs_dot
@pytest.mark.parametrize("steps, pages", [("all", 19), ("3-7", 5), ("15-", 4), ("9", 1)])
def test_steps_into_a_pdf_make_one_page_per_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], steps: str, pages: int,
) -> None:
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "slides.pdf"
    assert main(["render", "tree", TEXTBOOK, "--steps", steps, "-o", str(out)]) == 0
    assert len(pypdf.PdfReader(out).pages) == pages
    assert capsys.readouterr().out.startswith(f"{out}: {pages} pages")


@needs_dot
def test_steps_into_a_folder_write_one_file_per_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "frames"
    assert main(["render", "tree", TEXTBOOK, "--steps", "16-", "-o", f"{folder}/"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["step-0016.svg", "step-0017.svg", "step-0018.svg"]
    assert "step-0016.svg .. step-0018.svg" in capsys.readouterr().out
    assert main(["render", "tree", TEXTBOOK, "--steps", "16-17", "--format", "png", "-o", str(folder)]) == 0
    assert (folder / "step-0017.png").read_bytes().startswith(b"\x89PNG")


@needs_dot
def test_a_folder_of_pages_is_not_overwritten_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["render", "tree", TEXTBOOK, "--steps", "1-2", "-o", f"{tmp_path}/"]
    (tmp_path / "step-0002.svg").write_text("my notes")
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "step-0002.svg' already exist: use --force" in err
    assert (tmp_path / "step-0002.svg").read_text() == "my notes"
    assert not (tmp_path / "step-0001.svg").exists()  # nothing written at all
    assert main([*args, "--force"]) == 0
    assert (tmp_path / "step-0002.svg").read_text().lstrip().startswith("<?xml")


@needs_dot
def test_preview_on_one_step_says_so_in_the_caption(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    assert main(["render", "tree", TEXTBOOK, "--step", "4", "--preview", "-o", str(out)]) == 0
    assert PREVIEW_NOTE in out.read_text()
    plain = tmp_path / "q.svg"
    assert main(["render", "tree", TEXTBOOK, "--step", "4", "-o", str(plain)]) == 0
    assert PREVIEW_NOTE not in plain.read_text()


@pytest.mark.parametrize("args, message", [
    (["--steps", "3-99", "-o", "{tmp}/b.pdf"], "--steps '3-99' is outside 0..18 (the trace has 18 events)"),
    (["--steps", "9-3", "-o", "{tmp}/b.pdf"], "--steps '9-3' is reversed: write the earlier step first (3-9)"),
    (["--steps", "3..9", "-o", "{tmp}/b.pdf"], "--steps '3..9' is not a step range (write A-B, A-, K or all)"),
    (["--steps", "0-5000", "-o", "{tmp}/b.pdf"], "a flip-book has at most 2,000 (ask for a shorter range)"),
    (["--steps", "1-3", "-o", "{tmp}/x.svg"], "--steps writes several pages, and '{tmp}/x.svg' holds one"),
    (["--steps", "1-3", "-o", "{tmp}/x.png"], "holds one: write a PDF (-o steps.pdf) or a folder (-o DIR/)"),
    (["--steps", "1-3", "-o", "{tmp}/x.dot"], "'{tmp}/x.dot' holds one"),
    (["--steps", "1-3", "--step", "2", "-o", "{tmp}/b.pdf"], "--steps and --step cannot go together"),
    (["--steps", "1-3", "--format", "png", "-o", "{tmp}/b.pdf"], "--format goes with a folder (-o DIR/)"),
    (["--step", "3", "--format", "png", "-o", "{tmp}/b.svg"], "--format goes with --steps and a folder"),
    (["--steps", "1-3", "-o", "{tmp}/no/such/"], "folder '{tmp}/no' does not exist"),
])
def test_bad_flip_book_options_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str,
) -> None:
    argv = ["render", "tree", TEXTBOOK, *(a.replace("{tmp}", str(tmp_path)) for a in args)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert message.replace("{tmp}", str(tmp_path)) in captured.err
    assert list(tmp_path.iterdir()) == []  # nothing written
