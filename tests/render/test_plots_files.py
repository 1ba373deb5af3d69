"""What a plot does at the edges: a series name that cannot label a legend is refused when
the plot is built (not when a notebook shows it or a file is drawn), and save_figure
writes as every negaviz writer does: whole or not at all, with the old file kept and a
one-line error naming the path when the file system says no (a full disk, a read-only
file system, a folder where the file should be)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.render.plots import plot_branching, plot_comparison, plot_cutoffs_per_depth, plot_nodes_per_depth, save_figure

TREE = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
TRACE = negaviz.record(TREE, algorithm="alphabeta")
BUILDERS = [plot_nodes_per_depth, plot_cutoffs_per_depth, plot_branching, plot_comparison]

ODD_KEYS = [None, "", "  ", "a\nb", b"ab", True, 1.5, float("nan"), (1, 2), frozenset(), 2**70, -(2**70), object()]


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("key", ODD_KEYS, ids=lambda k: type(k).__name__ + ":" + repr(k)[:12])
def test_a_plot_either_refuses_a_name_when_built_or_shows_and_draws(build: object, key: object) -> None:
    """The rule: a name is one line of text or a whole number (up to 64 bits); anything
    else is an InputError from the plot function itself, in one line."""
    with pytest.raises(InputError, match="a series name must be one line of text or a whole number") as caught:
        build({key: TRACE, "alphabeta": TRACE})  # type: ignore[operator]
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("names", [(1, 2), (-3, "x y"), ("é ≤ ∞", "<b>&amp;</b>"), (2**63, "0")])
def test_names_the_rule_allows_show_as_json_and_draw(build: object, names: tuple[object, object]) -> None:
    plot = build({names[0]: TRACE, names[1]: TRACE})  # type: ignore[operator]
    json.dumps(plot._repr_mimebundle_(), allow_nan=False)  # what a notebook stores and the page reads
    (ax,) = plot.figure().axes
    legend = ax.get_legend()
    shown = [t.get_text() for t in ax.get_xticklabels()] + ([t.get_text() for t in legend.get_texts()] if legend else [])
    for name in names:  # each series is labelled by its name, in the legend or under its bars
        assert any(text == str(name) or text.startswith(f"{name}: ") for text in shown), (name, shown)


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_two_names_that_show_alike_are_refused(build: object) -> None:
    with pytest.raises(InputError, match=r"two series show as '7'"):
        build({7: TRACE, "7": TRACE})  # type: ignore[operator]


# ---------------------------------------------------------------------------- files
@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs of its own (root only: mount), unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root; this test fills a disk of its own, never a shared one")
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path) -> None:
    """Fill the file system holding ``folder`` to the last byte (unbuffered: nothing is
    left to fail when the file is closed)."""
    with open(folder / "filler", "wb", buffering=0) as out:
        for size in (65536, 4096, 1):
            try:
                while True:
                    out.write(b"\0" * size)
            except OSError:
                pass


def test_a_full_disk_keeps_the_old_figure_whole_and_says_so_in_one_line(tmpfs: Path) -> None:
    target = tmpfs / "branching.svg"
    save_figure(plot_nodes_per_depth(TRACE), target)
    old = target.read_bytes()
    fill(tmpfs)
    bigger = plot_comparison({f"search {i}": TRACE for i in range(6)})  # a different figure, not the same bytes
    with pytest.raises(InputError, match=r"^cannot write '.*branching\.svg': No space left on device") as caught:
        save_figure(bigger, target)
    assert "\n" not in str(caught.value)
    assert target.read_bytes() == old  # the old figure, whole
    assert sorted(p.name for p in tmpfs.iterdir()) == ["branching.svg", "filler"]  # no temporary left


def test_a_full_disk_leaves_no_file_where_there_was_none(tmpfs: Path) -> None:
    fill(tmpfs)
    with pytest.raises(InputError, match="No space left on device"):
        save_figure(plot_branching(TRACE), tmpfs / "new.png")
    assert sorted(p.name for p in tmpfs.iterdir()) == ["filler"]


def test_a_read_only_file_system_keeps_the_old_figure(tmpfs: Path) -> None:
    target = tmpfs / "nodes.pdf"
    save_figure(plot_nodes_per_depth(TRACE), target)
    old = target.read_bytes()
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    with pytest.raises(InputError, match=r"^cannot write '.*nodes\.pdf': folder '.*': read-only file system") as caught:
        save_figure(plot_cutoffs_per_depth(TRACE), target)
    assert "\n" not in str(caught.value) and target.read_bytes() == old


def test_a_read_only_folder_keeps_the_old_figure(tmp_path: Path) -> None:
    """Without root a folder's mode stops the write; root is stopped by a read-only
    file system instead (the test above), so here root skips."""
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder; the read-only file system test covers root")
    target = tmp_path / "nodes.svg"
    save_figure(plot_nodes_per_depth(TRACE), target)
    old = target.read_bytes()
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(InputError, match=r"^cannot write '.*nodes\.svg': folder '.*': permission denied"):
            save_figure(plot_branching(TRACE), target)
    finally:
        tmp_path.chmod(0o755)
    assert target.read_bytes() == old


@pytest.mark.parametrize("where, words", [
    ("a-folder", "it is a folder"),
    ("missing/f.svg", "folder '.*missing' does not exist"),
])
def test_a_folder_or_a_missing_folder_is_one_line(tmp_path: Path, where: str, words: str) -> None:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-folder.svg").mkdir()
    target = tmp_path / ("a-folder.svg" if where == "a-folder" else where)
    with pytest.raises(InputError, match=words) as caught:
        save_figure(plot_branching(TRACE), target)
    assert "\n" not in str(caught.value)
