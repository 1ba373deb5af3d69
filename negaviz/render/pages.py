"""A flip-book's pages: which steps a range such as ``3-9`` asks for, the :class:`Page`
value, and the files (one PDF, or a file per step in a folder), every page laid out by
one run of dot (see :mod:`negaviz.render.flipbook`, which draws the pages)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import graphviz  # type: ignore[import-untyped]

from negaviz.errors import InputError
from negaviz.vocabulary import check_flag, check_path, shown

__all__: list[str] = []

MAX_PAGES = 2000
"""The most pages one flip-book holds (dot lays out each page: 2,000 take minutes)."""

PAGE_FORMATS = ("svg", "png", "pdf", "dot")
"""Formats of the one-file-per-step pages :func:`save_pages` writes."""

_RANGE = re.compile(r"(\d+)(-(\d*))?")


class Page(NamedTuple):
    """One page of a flip-book."""

    step: int
    """The step drawn: the search after this many events."""
    digraph: graphviz.Digraph
    """Its drawing; ``digraph.source`` is the DOT source."""


# ------------------------------------------------------------------------------ steps
def parse_steps(text: str, *, what: str = "steps") -> tuple[int, int | None]:
    """``A-B``, ``A-``, ``K`` or ``all`` as (first, last) steps, last None for "to the end";
    an InputError if it is not a range or is reversed (bounds need the trace: :func:`steps_of`)."""
    if not isinstance(text, str):
        raise InputError(f"{what} must be a string such as '3-9' or a range, not {type(text).__name__}")
    shown = text.strip()
    if shown == "all":
        return 0, None
    m = _RANGE.fullmatch(shown)
    if m is None:
        raise InputError(f"{what} {text!r} is not a step range (write A-B, A-, K or all)")
    first = int(m.group(1))
    last = first if not m.group(2) else (int(m.group(3)) if m.group(3) else None)
    if last is not None and last < first:
        raise InputError(f"{what} {text!r} is reversed: write the earlier step first ({last}-{first})")
    if last is not None and last - first + 1 > MAX_PAGES:
        raise InputError(
            f"{what} {text!r} asks for {last - first + 1:,} pages; a flip-book has at most {MAX_PAGES:,} "
            "(ask for a shorter range)"
        )
    return first, last


def steps_of(steps: str | range, events: int, *, what: str = "steps") -> range:
    """The steps ``steps`` asks for, of a trace with ``events`` events, else an InputError.

    ``steps`` is ``A-B`` (A to B, both included), ``A-`` (A to the end), ``K`` (one
    step), ``all``, or a ``range`` of steps one apart.  ``what`` names the option in messages.
    """
    if isinstance(steps, range):
        shown = str(steps)
        if steps.step != 1 or not steps:
            raise InputError(f"{what} {shown} is not a range of consecutive steps (use range(A, B + 1))")
        first, last = steps.start, steps.stop - 1
    else:
        shown = repr(steps)
        first, end = parse_steps(steps, what=what)
        last = events if end is None else end
    if not 0 <= first <= events or not 0 <= last <= events:
        raise InputError(f"{what} {shown} is outside 0..{events} (the trace has {events} events)")
    if last < first:
        raise InputError(f"{what} {shown} is reversed: write the earlier step first")
    if last - first + 1 > MAX_PAGES:
        raise InputError(
            f"{what} {shown} asks for {last - first + 1:,} pages; a flip-book has at most {MAX_PAGES:,} "
            "(ask for a shorter range)"
        )
    return range(first, last + 1)


# ------------------------------------------------------------------------------ files
def page_name(step: int, fmt: str) -> str:
    """The file name of the page of ``step`` in a folder: ``step-0007.svg``."""
    return f"step-{step:04d}.{fmt}"


def _render_into(pages: Sequence[Page], fmt: str, folder: str) -> list[Path]:
    """Every page rendered by one dot run into ``folder``; the files, in page order."""
    book = Path(folder) / "book.gv"
    book.write_text("\n".join(page.digraph.source for page in pages), encoding="utf-8")
    if fmt == "dot":
        files = []
        for i, page in enumerate(pages):
            files.append(Path(folder) / f"page{i}.dot")
            files[-1].write_text(page.digraph.source, encoding="utf-8")
        return files
    try:
        # dot -O names the pages of a many-graph file book.gv.svg, book.gv.2.svg, ...
        graphviz.render("dot", fmt, book, quiet=True)
    except graphviz.ExecutableNotFound:
        raise InputError(
            "rendering needs Graphviz's 'dot' program: install it with 'sudo apt-get install graphviz' "
            "(or 'conda install -c conda-forge graphviz'), or write the pages as .dot files"
        ) from None
    files = [book.with_name(f"book.gv.{fmt}" if i == 0 else f"book.gv.{i + 1}.{fmt}") for i in range(len(pages))]
    missing = [f.name for f in files if not f.exists()]
    if missing:  # pragma: no cover - a dot that names its pages otherwise
        raise RuntimeError(f"dot wrote no {missing[0]} for a {len(pages)}-page book")
    return files


def render_pages(pages: Sequence[Page], fmt: str = "svg") -> list[bytes]:
    """Every page laid out and rendered by dot (one run for the whole book), in order."""
    _check_pages(pages)
    _check_format(fmt)
    with tempfile.TemporaryDirectory(prefix="negaviz-book-") as folder:
        return [f.read_bytes() for f in _render_into(pages, fmt, folder)]


def _check_pages(pages: Any) -> None:
    if isinstance(pages, (str, bytes)) or not isinstance(pages, Sequence) or not all(isinstance(p, Page) for p in pages):
        raise InputError(f"pages must be the list flipbook() returns, not {shown(pages)}")


def _check_format(fmt: str) -> None:
    if not isinstance(fmt, str) or fmt not in PAGE_FORMATS:
        raise InputError(f"cannot write pages as {shown(fmt)} (fmt must be one of {list(PAGE_FORMATS)})")


def _scratch(beside: Path) -> str:
    """A scratch folder beside the files to write, so that renaming into place is atomic."""
    return tempfile.mkdtemp(prefix=".negaviz-", dir=beside)


def save_pages(pages: Sequence[Page], folder: str | os.PathLike[str], fmt: str = "svg", *, force: bool = False) -> list[Path]:
    """Write one file per page into ``folder`` (made if missing), named by :func:`page_name`.

    No file is replaced unless ``force``: if any page would replace one, nothing is
    written.  Each file appears whole (rendered aside, then renamed into place).
    """
    _check_pages(pages)
    _check_format(fmt)
    check_flag(force, "force")
    target = Path(check_path(folder, "folder"))
    if target.exists() and not target.is_dir():
        raise InputError(f"cannot write pages into {str(folder)!r}: it is a file, not a folder")
    if not target.parent.is_dir():
        raise InputError(f"cannot write pages into {str(folder)!r}: folder {str(target.parent)!r} does not exist")
    names = [target / page_name(page.step, fmt) for page in pages]
    there = [p for p in names if os.path.lexists(p)]
    if there and not force:
        more = f" and {len(there) - 1:,} more" if len(there) > 1 else ""
        raise InputError(f"{str(there[0])!r}{more} already exist: use --force (force=True) to replace them")
    target.mkdir(exist_ok=True)
    scratch = _scratch(target)
    try:
        for made, name in zip(_render_into(pages, fmt, scratch), names):
            os.replace(made, name)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return names


def save_pdf(pages: Sequence[Page], path: str | os.PathLike[str]) -> Path:
    """Write the pages as one PDF, a page per step (dot renders each page, pypdf joins
    them); the file appears whole, written aside and renamed into place."""
    try:
        from pypdf import PdfWriter
    except ImportError:  # pragma: no cover - depends on the environment
        raise InputError(
            'a multi-page PDF needs the pypdf package: pip install "negaviz[draw]" (or write one file per '
            "step into a folder: -o DIR/)"
        ) from None
    _check_pages(pages)
    target = Path(check_path(path))
    if target.is_dir():
        raise InputError(f"cannot write {str(path)!r}: it is a folder (name a file in it, or use save_pages)")
    if not target.parent.is_dir():
        raise InputError(f"cannot write {str(path)!r}: folder {str(target.parent)!r} does not exist")
    scratch = _scratch(target.parent)
    try:
        writer = PdfWriter()
        for made in _render_into(pages, "pdf", scratch):
            writer.append(str(made))
        joined = Path(scratch) / "book.pdf"
        with open(joined, "wb") as out:
            writer.write(out)
        os.replace(joined, target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target
