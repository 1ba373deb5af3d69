"""The exercise PDF as an exam, read back as a student's printer and a photocopier see it:
its text by poppler's ``pdftotext`` (the task, the conventions, the name and ID field, ▲/▼
beside every node), its letters' sizes, fonts and colours, and its answer boxes by
pdfplumber.  Made with the real ``neato`` and pypdf."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from negaviz import cli
from negaviz.export.exam import A4, BOX, fit
from negaviz.export.sheet import conventions, make_sheet, trees_pdf
from negaviz.games.tree import Tree

pdfplumber = pytest.importorskip("pdfplumber")
ARGS = ["--count", "3", "--depth", "3", "--branching", "3", "--cutoffs", "3", "--deep-cutoffs", "1", "--seed", "7"]


def pdftotext(pdf: Path, *args: str) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.fail("the tests read PDFs with poppler's pdftotext: sudo apt-get install poppler-utils (make test and make check do)")
    done = subprocess.run([tool, *args, str(pdf), "-"], capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


@pytest.fixture(scope="module")
def exam(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """The command's PDF of three exercises, and the sheet it was made from."""
    folder = tmp_path_factory.mktemp("exam")
    pdf = folder / "trees.pdf"
    assert cli.main(["exercises", *ARGS, "-o", str(folder / "sheet.html"), "--pdf", str(pdf), "--paper"]) == 0
    return pdf, make_sheet(3, 3, 3, seed=7, cutoffs=3, deep_cutoffs=1)


def pages_text(pdf: Path) -> list[str]:
    return pdftotext(pdf, "-layout").split("\f")[:-1]


def test_each_page_holds_the_task_the_conventions_and_the_name_field(exam: tuple[Path, Any]) -> None:
    pdf, sheet = exam
    pages = pages_text(pdf)
    assert len(pages) == 3  # one tree a page
    for number, (text, ex) in enumerate(zip(pages, sheet.exercises), 1):
        flat = " ".join(text.split())
        assert flat.startswith(f"Exercise {number}: alpha-beta by hand Name: ")
        assert re.search(r"Name: _{10,} Student ID: _{8,}", flat), flat[:200]
        assert "Search this tree with alpha-beta, children left to right, starting with the window (−∞, ∞) at A." in flat
        assert "cross out every edge alpha-beta never follows" in flat
        assert "Conventions: " + " ".join(conventions(ex).split()) in flat
        assert "write its window (α, β) in the upper box and its value in the lower one" in flat
        assert flat.endswith(f"sheet {sheet.id}") and "seed" not in flat.lower()  # no seed: it rebuilds the key


def test_every_node_has_its_marker_and_every_leaf_its_value(exam: tuple[Path, Any]) -> None:
    pdf, sheet = exam
    for text, ex in zip(pages_text(pdf), sheet.exercises):
        tree: Tree = ex.tree
        tokens = text.split()
        for node in tree.preorder():
            mark = "▲" if tree.player(node) == 0 else "▼"
            name = tree.labels[node]
            assert f"{mark}{name}" in tokens or re.search(rf"{mark}\s+{name}\b", text), (name, mark)
        leaves = [n for n in tree.preorder() if not tree.children[n]]
        rows = [line.split() for line in text.splitlines() if re.fullmatch(r"[\s−\d]+", line) and line.strip()]
        assert rows[-1] == [str(tree.values[n]).replace("-", "−") for n in leaves]  # the leaves' values, left to right


def test_the_smallest_letter_is_10_pt_and_every_letter_is_dark_and_upright(exam: tuple[Path, Any]) -> None:
    pdf, _ = exam
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            assert (page.width, page.height) == A4
            chars = page.chars
            assert len(chars) > 500
            assert min(c["size"] for c in chars) >= 10
            assert all(max(c["non_stroking_color"]) <= 0.2 for c in chars)  # no grey: it photocopies
            assert not any(re.search("italic|oblique", c["fontname"], re.I) for c in chars)
            values = [w for w in page.extract_words(x_tolerance=1) if re.fullmatch(r"−?\d+", w["text"]) and 500 < w["top"] < 560]
            assert len(values) == 27
            for word in values:  # the leaves' given values: bold, 12 pt
                ink = [c for c in chars if c["top"] == word["top"] and word["x0"] <= c["x0"] < word["x1"]]
                assert all("Bold" in c["fontname"] and round(c["size"]) == 12 for c in ink), word


def test_the_tree_spans_the_page_and_each_inner_node_has_two_boxes(exam: tuple[Path, Any]) -> None:
    pdf, sheet = exam
    with pdfplumber.open(pdf) as doc:
        for page, ex in zip(doc.pages, sheet.exercises):
            leaves = [w for w in page.extract_words(x_tolerance=1) if w["text"][:1] in "▲▼" and w["top"] > 480]
            assert len(leaves) == 27
            span = max(w["x1"] for w in leaves) - min(w["x0"] for w in leaves)
            assert span > 0.85 * A4[0], span
            boxes = [r for r in page.rects if (round(r["width"]), round(r["height"])) == BOX]
            inner = [n for n in ex.tree.preorder() if ex.tree.children[n]]
            assert len(boxes) == 2 * len(inner) == 26
    assert all(fit(ex.tree) == 1.0 for ex in sheet.exercises)  # drawn at the sizes written, no scaling


def test_a_tree_too_wide_for_the_page_is_scaled_to_fit_and_says_nothing_false(tmp_path: Path) -> None:
    """Four levels of three (81 leaves) do not fit A4 at 11 pt: the page shrinks, and still holds everything."""
    sheet = make_sheet(1, 4, 3, seed=3)
    assert fit(sheet.exercises[0].tree) < 1
    pdf = tmp_path / "wide.pdf"
    pdf.write_bytes(trees_pdf(sheet))
    with pdfplumber.open(pdf) as doc:
        (page,) = doc.pages
        assert (page.width, page.height) == A4
        assert all(0 <= c["x0"] and c["x1"] <= A4[0] for c in page.chars)
    assert "Student ID" in pdftotext(pdf)


def test_the_same_sheet_gives_the_same_pdf() -> None:
    sheet = make_sheet(2, 3, 2, seed=5, cutoffs=1)
    assert trees_pdf(sheet) == trees_pdf(make_sheet(2, 3, 2, seed=5, cutoffs=1))
