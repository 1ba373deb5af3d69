"""negaviz.site.notebooks: which files a site holds, and the bad inputs it refuses."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath

import pytest

from negaviz.errors import InputError
from negaviz.site.folder import MARKER
from negaviz.site.notebooks import collect


def test_a_notebook_brings_its_jupytext_pair(make_notebook: Callable[..., Path]) -> None:
    notebook = make_notebook("03-alphabeta.ipynb", paired=True)
    files = collect([notebook])
    assert [f.name for f in files] == [PurePosixPath("03-alphabeta.ipynb"), PurePosixPath("03-alphabeta.py")]
    assert files[0].source == notebook


def test_a_folder_keeps_its_layout_and_skips_checkpoints(make_notebook: Callable[..., Path], tmp_path: Path) -> None:
    make_notebook("course/01.ipynb")
    make_notebook("course/week2/02.ipynb", paired=True)
    make_notebook("course/.ipynb_checkpoints/01-checkpoint.ipynb")
    make_notebook("course/.hidden/x.ipynb")
    make_notebook("course/published/files/01.ipynb")  # an earlier site built inside the folder
    (tmp_path / "course" / "published" / MARKER).write_text('{"files": []}')
    (tmp_path / "course" / "notes.txt").write_text("not a notebook")
    names = [str(f.name) for f in collect([tmp_path / "course"])]
    assert names == ["01.ipynb", "week2/02.ipynb", "week2/02.py"]


def test_the_lecture_notebooks_are_all_collected() -> None:
    folder = Path(__file__).resolve().parents[2] / "notebooks"
    files = collect([folder])
    notebooks = [f for f in files if f.name.suffix == ".ipynb"]
    assert len(notebooks) == len(list(folder.glob("*.ipynb"))) >= 14
    assert len(files) == 2 * len(notebooks)  # every lecture notebook has its jupytext pair


@pytest.mark.parametrize("name, text, words", [
    ("notes.txt", "hello", "is not a notebook"),
    ("lecture.py", "# %%\nimport negaviz\n", "is not a notebook"),
    ("broken.ipynb", '{"cells": [', "is not valid JSON (line 1"),
    ("list.ipynb", "[1, 2]", "is JSON but not a Jupyter notebook"),
    ("nocells.ipynb", '{"nbformat": 4}', "is JSON but not a Jupyter notebook"),
    ("latin1.ipynb", b"\xe9t\xe9".decode("latin-1"), "is not UTF-8 text"),
])
def test_a_bad_file_is_named(tmp_path: Path, name: str, text: str, words: str) -> None:
    path = tmp_path / name
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(InputError, match=re.escape(words)) as caught:
        collect([path])
    assert name in str(caught.value)


def test_a_missing_path_and_an_empty_folder_are_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such notebook or folder: '.*nowhere'"):
        collect([tmp_path / "nowhere"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="holds no notebook"):
        collect([tmp_path / "empty"])


def test_two_notebooks_with_one_name_are_refused(make_notebook: Callable[..., Path]) -> None:
    a = make_notebook("a/lecture.ipynb")
    b = make_notebook("b/lecture.ipynb")
    with pytest.raises(InputError, match="would both be files/lecture.ipynb"):
        collect([a, b])
    assert len(collect([a, a])) == 1  # the same file twice is one file


def test_the_site_joins_stored_lines_and_says_that_python_is_starting() -> None:
    """JupyterLite 0.8 shows a stored text kept as a list of lines joined by commas
    (``,best line: B E``, jupyterlite#1105): the site stores each text whole."""
    import json

    from negaviz.site import STARTING_NOTE, _for_pyodide

    cell = {
        "cell_type": "code", "id": "c01", "metadata": {}, "execution_count": 1, "source": ["x = 1\n", "x"],
        "outputs": [
            {"output_type": "stream", "name": "stdout", "text": ["value 5\n", "best line: B E\n"]},
            {"output_type": "execute_result", "execution_count": 1, "metadata": {},
             "data": {"text/plain": ["<negaviz drawing:\n", " 8 nodes>"], "image/svg+xml": ["<svg>\n", "</svg>"],
                      "application/vnd.vegalite.v5+json": {"data": {"values": [1, 2]}}}},
        ],
    }
    given = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    served = json.loads(_for_pyodide(given))
    note, code = served["cells"]
    assert note == {"cell_type": "markdown", "id": "negaviz-site-starting", "metadata": {}, "source": STARTING_NOTE}
    assert STARTING_NOTE.startswith("*Python is starting in your browser") and "\n" not in STARTING_NOTE
    assert code["source"] == "x = 1\nx"
    stream, result = code["outputs"]
    assert stream["text"] == "value 5\nbest line: B E\n"
    assert result["data"]["text/plain"] == "<negaviz drawing:\n 8 nodes>" and result["data"]["image/svg+xml"] == "<svg>\n</svg>"
    assert result["data"]["application/vnd.vegalite.v5+json"] == {"data": {"values": [1, 2]}}  # data, not lines
    assert json.loads(_for_pyodide(served))["cells"] == served["cells"]  # the note comes once
