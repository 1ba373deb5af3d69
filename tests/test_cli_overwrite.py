"""One overwrite rule for every command that writes a file (README, "Files"): a file
already there is never replaced unless the command is given ``--force``; without it the
command says so in one line naming the file and ``--force``, exits 2, and writes nothing
(the check comes before the search; proof's files are named after its proofs, so it checks
them once it has proved, before it prints or writes anything).  With ``--force`` the file is
replaced.  Each command is run as a lecturer would, in process, on real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from negaviz import cli

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
OLD = b"a lecturer's own file"

WRITERS = {
    "render svg": (["render", "tree", TEXTBOOK, "-o", "{tmp}/t.svg"], ["t.svg"]),
    "render dot": (["render", "tree", TEXTBOOK, "--step", "3", "-o", "{tmp}/t.dot"], ["t.dot"]),
    "render --steps pdf": (["render", "tree", TEXTBOOK, "--steps", "0-2", "-o", "{tmp}/s.pdf"], ["s.pdf"]),
    "render --steps folder": (["render", "tree", TEXTBOOK, "--steps", "0-2", "--format", "dot", "-o", "{tmp}/"],
                              ["step-0001.dot"]),
    "export": (["export", "tree", TEXTBOOK, "-o", "{tmp}/t.html"], ["t.html"]),
    "proof with one file": (["proof", "tree", "[[1,-1],[-1,-1]]", "-o", "{tmp}/p.dot"], ["p.dot"]),
    "proof with two files": (["proof", "tree", TEXTBOOK, "-o", "{tmp}/p.dot"], ["p-second.dot"]),
    "exercises -o": (["exercises", "--seed", "1", "--count", "1", "--depth", "2", "--branching", "2",
                      "-o", "{tmp}/s.html", "--key", "{tmp}/k.md"], ["s.html"]),
    "exercises --key": (["exercises", "--seed", "1", "--count", "1", "--depth", "2", "--branching", "2",
                         "-o", "{tmp}/s.html", "--key", "{tmp}/k.md"], ["k.md"]),
}


def run(capsys: pytest.CaptureFixture[str], argv: list[str], tmp: Path) -> tuple[int, str, str]:
    status = cli.main([a.replace("{tmp}", str(tmp)) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("argv, there", WRITERS.values(), ids=WRITERS.keys())
def test_a_file_already_there_is_replaced_only_with_force(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         argv: list[str], there: list[str]) -> None:
    if argv[0] == "render" and "--steps" in argv and argv[-1].endswith("/"):
        pytest.importorskip("graphviz")
    for name in there:
        (tmp_path / name).write_bytes(OLD)
    before = sorted(p.name for p in tmp_path.iterdir())
    status, out, err = run(capsys, argv, tmp_path)
    assert status == 2, (out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("negaviz: error: ") and "--force" in lines[0], err
    assert any(str(tmp_path / name) in lines[0] for name in there), lines[0]  # it names the file
    assert out == ""  # nothing searched, nothing written
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert all((tmp_path / name).read_bytes() == OLD for name in there)
    status, out, err = run(capsys, [*argv, "--force"], tmp_path)
    assert status == 0, err
    assert all((tmp_path / name).read_bytes() != OLD for name in there)  # replaced


@pytest.mark.parametrize("argv, there", WRITERS.values(), ids=WRITERS.keys())
def test_a_new_file_needs_no_force(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
                                   there: list[str]) -> None:
    status, _, err = run(capsys, argv, tmp_path)
    assert status == 0, err
    assert all((tmp_path / name).exists() for name in there)


@pytest.mark.parametrize("argv, there", WRITERS.values(), ids=WRITERS.keys())
def test_force_does_not_write_through_a_link(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str],
                                             there: list[str]) -> None:
    """Issue 54: ``--force`` wrote through a symbolic link into the file it points to.  A link
    to a file (or to nothing yet) is refused, even with --force; the file itself, named, is replaced."""
    if argv[0] == "render" and "--steps" in argv and argv[-1].endswith("/"):
        pytest.importorskip("graphviz")
    kept = tmp_path / "kept"
    kept.mkdir()
    for name in there:
        (kept / name).write_bytes(OLD)
        (tmp_path / name).symlink_to(kept / name)
    status, out, err = run(capsys, [*argv, "--force"], tmp_path)
    assert all((kept / name).read_bytes() == OLD for name in there)  # never written through
    if argv[-1].endswith("/"):  # a folder of pages: each link is replaced by its page, as a file is
        assert status == 0 and not any((tmp_path / name).is_symlink() for name in there), err
        return
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and "is a symbolic link to" in err and "even with --force" in err, err
    assert any(str(kept / name) in err for name in there) and all((tmp_path / name).is_symlink() for name in there)
    for name in there:
        (kept / name).unlink()  # the link now names nothing: writing through it would make a file elsewhere
    status, _, err = run(capsys, [*argv, "--force"], tmp_path)
    assert status == 2 and "is a symbolic link to" in err and sorted(p.name for p in kept.iterdir()) == []


def test_every_command_that_writes_a_file_takes_force() -> None:
    """A new command that writes files (an -o, --key or --pdf) must follow the rule."""
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    for name, sub in commands.items():  # type: ignore[union-attr]
        flags = {o for a in sub._actions for o in a.option_strings}
        if {"-o", "--key", "--pdf"} & flags:
            assert "--force" in flags, name
