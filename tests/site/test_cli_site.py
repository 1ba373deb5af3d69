"""``negaviz site``: bad input is one line on stderr and status 2, and nothing is lost."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from negaviz import cli
from negaviz.site import build_site


def listing(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


@pytest.mark.parametrize("setup, argv, words", [
    ("", ["site", "{tmp}/nowhere.ipynb", "-o", "{tmp}/out"], "no such notebook or folder: '{tmp}/nowhere.ipynb'"),
    ("notes.txt", ["site", "{tmp}/notes.txt", "-o", "{tmp}/out"], "'{tmp}/notes.txt' is not a notebook"),
    ("broken.ipynb", ["site", "{tmp}/broken.ipynb", "-o", "{tmp}/out"], "'{tmp}/broken.ipynb' is not valid JSON"),
    ("lecture.ipynb", ["site", "{tmp}/lecture.ipynb", "-o", "{tmp}/lecturer"], "will not build a site in '{tmp}/lecturer'"),
    ("lecture.ipynb", ["site", "{tmp}/lecture.ipynb", "-o", "{tmp}/no/such/out"], "folder '{tmp}/no/such' does not exist"),
    ("lecture.ipynb", ["site", "{tmp}/lecture.ipynb", "-o", "/proc/negaviz-site"],
     "cannot build a site in '/proc/negaviz-site'"),
    ("lecture.ipynb", ["site", "{tmp}/lecture.ipynb"], "the following arguments are required: -o/--output"),
    ("", ["site", "-o", "{tmp}/out"], "the following arguments are required: NOTEBOOK_OR_FOLDER"),
    ("lecture.ipynb", ["site", "{tmp}/lecture.ipynb", "-o", "{tmp}/out", "--pyodide", "{tmp}/nowhere"],
     "--pyodide '{tmp}/nowhere': no such file or folder"),
])
def test_bad_input_is_one_line_and_status_2_and_nothing_is_lost(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make_notebook: Callable[..., Path],
    setup: str, argv: list[str], words: str,
) -> None:
    if setup == "lecture.ipynb":
        make_notebook("lecture.ipynb")
    elif setup == "broken.ipynb":
        (tmp_path / setup).write_text('{"cells": [')
    elif setup:
        (tmp_path / setup).write_text("hello")
    (tmp_path / "lecturer").mkdir()
    (tmp_path / "lecturer" / "syllabus.pdf").write_text("the lecturer's own")
    before = listing(tmp_path)
    status = cli.main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    out, err = capsys.readouterr()
    assert status == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("negaviz: error: "), err
    assert words.replace("{tmp}", str(tmp_path)) in err
    assert "Traceback" not in out + err
    assert listing(tmp_path) == before  # nothing written, nothing moved, no work folder left
    assert not Path("/proc/negaviz-site").exists()


def test_an_interrupted_build_leaves_nothing(tmp_path: Path, make_notebook: Callable[..., Path]) -> None:
    notebook = make_notebook("lecture.ipynb")
    before = listing(tmp_path)

    def interrupt(line: str) -> None:
        raise KeyboardInterrupt  # Ctrl-C as the first progress line is shown

    with pytest.raises(KeyboardInterrupt):
        build_site([notebook], tmp_path / "out", say=interrupt)
    assert listing(tmp_path) == before


def test_the_site_command_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["site", "--help"]) == 0
    out = capsys.readouterr().out
    for words in ("NOTEBOOK_OR_FOLDER", "--force", "--pyodide", "--quiet", "any static web space"):
        assert words in " ".join(out.split())
