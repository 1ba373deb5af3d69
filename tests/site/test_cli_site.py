"""``negaviz site``: bad input is one line on stderr and status 2, and nothing is lost."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from negaviz import cli
from negaviz.errors import InputError
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
    for words in ("NOTEBOOK_OR_FOLDER", "--force", "--pyodide", "--refresh", "--quiet", "any static web space"):
        assert words in " ".join(out.split())


def _nested(depth: int) -> str:
    return '{"cells": [], "nbformat": 4, "metadata": {"x": ' + "[" * depth + "]" * depth + "}}"


@pytest.mark.parametrize("case, words", [
    ("fifo", "it is not a regular file"),
    ("dev-zero", "it is not a regular file"),
    ("fifo-pair", "it is not a regular file"),
    ("too-big", "more than the 64 MiB negaviz reads"),
    ("too-big-pair", "more than the 64 MiB negaviz reads"),
    ("deep", "nests more than 100 levels deep"),
    ("deep-100000", "nests more than 100 levels deep"),
    ("empty-output", "cannot build a site in '': that names no folder"),
    ("dangling-output", "it is a symbolic link to 'nowhere', which does not exist"),
    ("null-output", "that names no folder"),
    ("broken-lock", "the pyodide-lock.json of --pyodide"),
    ("empty-pyodide", "--pyodide '' names nothing"),
    ("escaping-tarball", "is refused: its member '../escaped.txt' is a link or a path that would land outside"),
    ("not-a-tarball", "is neither a folder nor a tar archive"),
    ("cut-tarball", "cannot be unpacked: it ends too soon"),
])
def test_hostile_site_inputs_end_in_one_line_in_time(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make_notebook: Callable[..., Path], case: str, words: str,
) -> None:
    """Named pipes and devices are refused before a byte is read, nesting is bounded, the
    output path is checked first, and a --pyodide archive is opened safely: each one line."""
    import io
    import json
    import os
    import signal
    import tarfile

    notebook = make_notebook("lecture.ipynb")
    out = str(tmp_path / "out")
    extra: list[str] = []
    if case in ("fifo", "dev-zero"):
        notebook = tmp_path / "pipe.ipynb"
        if case == "fifo":
            os.mkfifo(notebook)  # no writer: reading it would block for ever
        else:
            notebook.symlink_to("/dev/zero")  # reading it would fill memory
    elif case == "fifo-pair":
        os.mkfifo(notebook.with_suffix(".py"))
    elif case.startswith("too-big"):
        big = notebook.with_suffix(".py") if case.endswith("pair") else notebook
        big.touch()
        os.truncate(big, (64 << 20) + 1)  # sparse: nothing is written, the size is what counts
    elif case.startswith("deep"):
        notebook.write_text(_nested(100_000 if case == "deep-100000" else 101))
    elif case == "empty-output":
        out = ""
    elif case == "dangling-output":
        (tmp_path / "out").symlink_to("nowhere")
    elif case == "null-output":
        out = str(tmp_path / "o\0ut")
    elif case == "empty-pyodide":
        extra = ["--pyodide", ""]
    elif case == "broken-lock":
        dist = tmp_path / "dist"
        dist.mkdir()
        (dist / "pyodide.mjs").write_text("")
        (dist / "pyodide-lock.json").write_text('{"info": {"python": "3.')
        extra = ["--pyodide", str(dist)]
    elif case.endswith("tarball"):
        archive = tmp_path / ("dist.tar.gz" if case == "cut-tarball" else "dist.tar.bz2")
        if case == "escaping-tarball":
            with tarfile.open(archive, "w:bz2") as tar:
                info = tarfile.TarInfo("../escaped.txt")
                info.size = 4
                tar.addfile(info, io.BytesIO(b"evil"))
        elif case == "cut-tarball":
            with tarfile.open(archive, "w:gz") as tar:
                data = os.urandom(200_000)
                info = tarfile.TarInfo("pyodide/pyodide.mjs")
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            os.truncate(archive, archive.stat().st_size // 2)
        else:
            archive.write_text(json.dumps({"not": "a tarball"}))
        extra = ["--pyodide", str(archive)]
    before = listing(tmp_path)

    def alarm(signum: int, frame: object) -> None:
        raise TimeoutError("no answer within 60 s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(60)
    try:
        status = cli.main(["site", str(notebook), "-o", out, "--quiet", *extra])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    stdout, err = capsys.readouterr()
    assert status == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("negaviz: error: "), err
    assert words in err, err
    assert "Traceback" not in stdout + err
    assert listing(tmp_path) == before
    assert not (tmp_path.parent / "escaped.txt").exists()


def test_a_notebook_in_any_letter_case_is_counted_and_asks_for_the_sites_kernel(
    tmp_path: Path, notebook_text: Callable[..., str],
) -> None:
    from negaviz.site import _for_pyodide
    from negaviz.site.notebooks import check_notebook, collect

    (tmp_path / "course").mkdir()
    (tmp_path / "course" / "UP.IPYNB").write_text(notebook_text("1"))
    (tmp_path / "course" / "UP.py").write_text("# %%\n1\n")
    (tmp_path / "Two.IpYnB").write_text(notebook_text("2"))
    files = collect([tmp_path / "course", tmp_path / "Two.IpYnB"])
    assert [str(f.name) for f in files] == ["Two.ipynb", "UP.ipynb", "UP.py"]  # JupyterLite opens .ipynb
    written = _for_pyodide(check_notebook(files[1].source))
    assert '"name": "python"' in written and "python3" not in written
    (tmp_path / "course" / "UP.ipynb").write_text(notebook_text("3"))
    with pytest.raises(InputError, match="would both be files/UP.ipynb in the site: rename one"):
        collect([tmp_path / "course"])
