"""negaviz.site.folder: an earlier site is replaced, anything else is kept, a failed build leaves nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from negaviz.errors import InputError
from negaviz.site.folder import MARKER, check_target, put_in_place, staging, write_marker


def fake_site(folder: Path, *names: str) -> Path:
    """A folder holding ``names`` (default: an index page), as a finished site would."""
    for name in names or ("index.html",):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(name)
    return folder


def test_a_new_folder_is_built_and_marked(tmp_path: Path) -> None:
    target = check_target(tmp_path / "site")
    assert not target.replaces and target.moves_aside is None
    with staging(target) as work:
        built = fake_site(work / "site", "index.html", "static/pyodide/pyodide.mjs")
        write_marker(built, version="9.9")
        put_in_place(built, target)
    marker = json.loads((tmp_path / "site" / MARKER).read_text())
    assert marker == {"negaviz": "9.9", "files": ["index.html", "static/pyodide/pyodide.mjs"]}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # the work folder is gone


def test_an_earlier_site_is_replaced(tmp_path: Path) -> None:
    old = fake_site(tmp_path / "site", "index.html", "old.js")
    write_marker(old, version="0.1")
    target = check_target(old)
    assert target.replaces
    with staging(target) as work:
        put_in_place(fake_site(work / "new", "index.html"), target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == ["index.html"]


def test_an_empty_folder_is_used(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    assert check_target(tmp_path / "site").replaces


def test_a_lecturers_folder_is_refused_and_moved_aside_with_force(tmp_path: Path) -> None:
    mine = fake_site(tmp_path / "site", "syllabus.pdf", "slides/1.pdf")
    with pytest.raises(InputError, match=r"not a site negaviz built \(slides/1.pdf, syllabus.pdf\).*--force"):
        check_target(mine)
    target = check_target(mine, force=True)
    assert target.moves_aside == tmp_path / "site.old"
    with staging(target) as work:
        put_in_place(fake_site(work / "new"), target)
    assert (tmp_path / "site.old" / "syllabus.pdf").read_text() == "syllabus.pdf"  # nothing deleted
    assert (tmp_path / "site.old" / "slides" / "1.pdf").exists()
    assert (tmp_path / "site" / "index.html").exists()
    fake_site(tmp_path / "site", "notes.md")  # the next one goes to site.old-2
    assert check_target(tmp_path / "site", force=True).moves_aside == tmp_path / "site.old-2"


def test_an_earlier_site_with_a_lecturers_file_is_refused(tmp_path: Path) -> None:
    old = fake_site(tmp_path / "site", "index.html")
    write_marker(old, version="0.1")
    (old / "exam.pdf").write_text("mine")
    with pytest.raises(InputError, match=r"earlier site and files negaviz did not write \(exam.pdf\)"):
        check_target(old)
    assert check_target(old, force=True).moves_aside == tmp_path / "site.old"


def test_a_damaged_marker_is_no_marker(tmp_path: Path) -> None:
    old = fake_site(tmp_path / "site", "index.html")
    (old / MARKER).write_text("{not json")
    with pytest.raises(InputError, match="not a site negaviz built"):
        check_target(old)


@pytest.mark.parametrize("case", ["file", "no parent"])
def test_an_impossible_target_is_named(tmp_path: Path, case: str) -> None:
    if case == "file":
        (tmp_path / "site").write_text("x")
        path, words = tmp_path / "site", "it is a file, not a folder"
    else:
        path, words = tmp_path / "missing" / "site", "does not exist"
    with pytest.raises(InputError, match=words):
        check_target(path)


def test_a_failed_build_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    old = fake_site(tmp_path / "site", "index.html")
    write_marker(old, version="0.1")
    before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    target = check_target(old)
    with pytest.raises(KeyboardInterrupt):
        with staging(target) as work:
            fake_site(work / "new", "half.js")
            raise KeyboardInterrupt  # Ctrl-C half-way through
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == before
