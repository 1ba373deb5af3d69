"""Exercise sheets: the page, the key and the PDF, made with the real dot and pypdf and
read back; the same arguments give the same bytes; the command's bad input is one line."""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import negaviz
from negaviz import cli
from negaviz.export.sheet import MAX_COUNT, cuts, exercise_html, key_markdown, make_sheet, practice_html, sheet_html, student_seed, trees_pdf
from negaviz.quiz import exercise, random_tree
from negaviz.quiz.difficulty import cutoffs_of

ARGS = ["--count", "4", "--depth", "3", "--branching", "3", "--cutoffs", "3", "--deep-cutoffs", "1", "--seed", "7"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(["exercises", *argv])
    out, err = capsys.readouterr()
    return status, out, err


class _Tags(HTMLParser):
    """Every tag with its attributes, and the text, of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(page: str) -> _Tags:
    p = _Tags()
    p.feed(page)
    return p


def test_the_command_writes_page_key_and_pdf_and_the_same_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pypdf = pytest.importorskip("pypdf")
    files = [tmp_path / "sheet.html", tmp_path / "key.md", tmp_path / "trees.pdf"]
    status, out, err = run(capsys, *ARGS, "-o", str(files[0]), "--key", str(files[1]), "--pdf", str(files[2]),
                           "--paper")
    assert (status, err) == (0, "")
    assert out.startswith("4 exercises (seed 7): ")
    first = [f.read_bytes() for f in files]
    status, _, _ = run(capsys, *ARGS, "-o", str(files[0]), "--key", str(files[1]), "--pdf", str(files[2]), "--force",
                       "--paper")
    assert status == 0 and [f.read_bytes() for f in files] == first  # byte-identical

    page = parsed(first[0].decode("utf-8"))
    sections = [a for tag, a in page.tags if tag == "section"]
    assert [a["id"] for a in sections] == [f"exercise-{i}" for i in range(1, 5)]
    assert sum(1 for tag, _ in page.tags if tag == "svg") == 4  # each tree drawn, by dot
    assert not any(a.get("src") or (a.get("href") or "").startswith("http") for _, a in page.tags)
    assert not any(tag == "script" for tag, _ in page.tags)
    text = "".join(page.text)
    assert "seed" not in text and "sheet " in text and "3 cutoffs, at least 1 above the leaves' parents, no tied leaf values" in text

    # The trees on the page are the key's, and each meets the difficulty on its recorded trace.
    key = first[1].decode("utf-8")
    trees = re.findall(r"tree `([^`]+)`", key)
    assert len(trees) == 4
    for number, text_form in enumerate(trees, 1):
        tree = negaviz.Tree.parse(text_form)
        got, deep = cutoffs_of(negaviz.record(tree, algorithm="alphabeta"), 3)
        assert got == 3 and deep >= 1
        leaves = [tree.values[n] for n in tree.preorder() if tree.is_terminal(n)]
        assert len(set(leaves)) == len(leaves) == 27
        assert f"<code>{text_form}</code>" in first[0].decode("utf-8")

    reader = pypdf.PdfReader(io.BytesIO(first[2]))
    assert len(reader.pages) == 4  # one page per tree
    assert {(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages} == {(842.0, 595.0)}  # A4
    assert "Exercise 3" in reader.pages[2].extract_text()


def test_the_key_holds_values_windows_and_cut_edges() -> None:
    sheet = make_sheet(1, 2, 3, seed=1, cutoffs=2)
    ex = sheet.exercises[0]
    key = key_markdown(sheet)
    t = ex.trace
    assert f"Root value: **{negaviz.vocabulary.fmt(t.value)}**" in key
    for n in t.nodes:
        if n.moves:
            assert re.search(rf"^\| {t.label(n.id)} \| \(", key, re.M), t.label(n.id)
    # Every cut edge is named, and the children it names are exactly the ones never visited.
    edges = cuts(ex)
    assert len(edges) >= 2 and all(re.fullmatch(r"cut [A-Z]+ to [A-Z]+", e) for e in edges)
    assert sorted(e.split()[-1] for e in edges) == sorted(t.pruned_labels())  # depth 2: skipped are leaves
    assert ", ".join(edges) in key


def test_a_student_gets_a_sheet_of_their_own_that_says_whose_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = make_sheet(2, 3, 2, seed=7, cutoffs=1, student="s1234567")
    b = make_sheet(2, 3, 2, seed=7, cutoffs=1, student="s7654321")
    assert a.seed == student_seed(7, "s1234567") != b.seed
    assert [e.text for e in a.exercises] != [e.text for e in b.exercises]
    assert [e.text for e in a.exercises] == [e.text for e in make_sheet(2, 3, 2, seed=7, cutoffs=1, student="s1234567").exercises]
    # A sheet's seed rebuilds that sheet, and so its key, with no ID: the page shows an opaque id instead.
    assert [e.text for e in make_sheet(2, 3, 2, seed=a.seed, cutoffs=1).exercises] == [e.text for e in a.exercises]
    page = html.unescape(sheet_html(a))
    assert re.fullmatch(r"[0-9a-f]{10}", a.id) and a.id != b.id
    assert f"student s1234567, sheet {a.id}." in page
    assert "seed" not in page.lower() and str(a.seed) not in page and "seed 7" not in page
    assert f"student s1234567, sheet {a.id}, seed {a.seed} (made from seed 7 and the student's ID)." in key_markdown(a)
    # The seed from an ID does not depend on the process (no salted hash()).
    code = "from negaviz.export.sheet import student_seed; print(student_seed(7, 's1234567'))"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}).stdout.strip()
    assert int(other) == a.seed


def test_one_exercise_is_one_function_of_the_exercise_and_its_number() -> None:
    ex = exercise(2, 2, 5, perspective="minimax", cutoffs=1, ties=False)
    one = exercise_html(ex, 3)
    assert one.startswith('<section class="exercise" id="exercise-3">') and one.endswith("</section>\n")
    assert 'id="ex3-n0"' in one and 'id="n0"' not in one  # ids stay unique on a page of many trees
    sheet = make_sheet(2, 2, 2, seed=3)
    page = sheet_html(sheet, practice=False)
    assert all(exercise_html(e, i) in page for i, e in enumerate(sheet.exercises, 1))
    page = sheet_html(sheet)  # each tree in a practice stepper
    assert all(practice_html(e, i) in page for i, e in enumerate(sheet.exercises, 1))
    assert page.count('class="negaviz-data"') == 2 and page.count('<script type="module">') == 1


@pytest.mark.parametrize("argv, message", [
    (["--count", str(MAX_COUNT + 1)], f"--count {MAX_COUNT + 1} is not allowed: a sheet holds 1 to {MAX_COUNT} exercises"),
    (["--count", "0"], "--count 0 is not allowed"),
    (["--cutoffs", "7"], "a tree of depth 3 and branching 3 has at most 6 cutoffs in alpha-beta's search, not 7 "
     "(0 to 6 are possible)"),
    (["--cutoffs", "6", "--deep-cutoffs", "1"], "with 6 cutoffs has at most 0 of them above the leaves' parents"),
    (["--deep-cutoffs", "3"], "at most 2 cutoffs above the leaves' parents, not 3"),
    (["--depth", "8"], "exercise trees have at most 2000"),
    (["--student", "a\nb"], "student must be an ID of 1 to 64 printable characters on one line"),
    (["--cutoffs", "two"], "argument --cutoffs: invalid int value: 'two'"),
    (["--key", "key.txt"], "--key 'key.txt' should end with .md"),
    (["--pdf", "trees.png"], "--pdf 'trees.png' should end with .pdf"),
])
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str,
) -> None:
    status, out, err = run(capsys, "--seed", "7", "-o", str(tmp_path / "sheet.html"), *argv)
    assert status == 2 and out == ""
    assert err.startswith("negaviz: error: ") and err.count("\n") == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_nothing_is_overwritten_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page, key = tmp_path / "sheet.html", tmp_path / "key.md"
    key.write_text("last week's key")
    status, _, err = run(capsys, "--seed", "7", "--count", "1", "-o", str(page), "--key", str(key))
    assert status == 2 and err == f"negaviz: error: {str(key)!r} already exists: use --force to replace it\n"
    assert key.read_text() == "last week's key" and not page.exists()
    status, _, err = run(capsys, "--seed", "7", "--count", "1", "-o", str(page), "--key", str(page.with_suffix(".md")),
                         "--pdf", str(tmp_path / "sheet.html.pdf"))
    assert status == 0


def test_the_command_as_a_real_process(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "negaviz", "exercises", "--seed", "7", "--cutoffs", "9", "-o", str(tmp_path / "s.html")],
        capture_output=True, text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("negaviz: error: a tree of depth 3 and branching 3 has at most 6 cutoffs in alpha-beta's "
                           "search, not 9 (0 to 6 are possible)\n")


def test_the_page_draws_what_random_tree_makes() -> None:
    sheet = make_sheet(1, 3, 2, seed=11, cutoffs=2, deep_cutoffs=1, ties=True)
    ex = sheet.exercises[0]
    assert ex.text == random_tree(3, 2, seed=ex.seed, cutoffs=2, deep_cutoffs=1, ties=True).text()
    assert trees_pdf(sheet)[:5] == b"%PDF-"
