"""A recorded search as one self-contained HTML page, for students without Python.

:func:`export_html` writes a single file holding the stepping front-end (the module the
widgets run, :mod:`negaviz.frontend`), each view of the tree laid out by ``dot`` as SVG
(or, where ``dot`` is not installed or the search is big, as its DOT source, laid out once
in the reader's browser by the Graphviz the page then carries), and compact per-step data, in parts
that the page unpacks as the steps need them: it opens at once, whatever the search's size.  The page steps every event of the search (up to
:data:`~negaviz.frontend.MAX_PAGE_EVENTS`): Play/Pause, a slider, ◀/▶, jumps to the
next cutoff, return or table hit, the keys ← → Home End, a negamax/minimax switch, and
clicks on nodes.  Nodes never move between steps.  The page loads nothing (a
Content-Security-Policy forbids every request), so it works from a USB stick or an
e-mail attachment, and it grows with the nodes and events of the search, not with
steps times pictures.

The page is deterministic: the same trace and options give the same bytes.

``negaviz export GAME [POSITION] [search options] -o FILE.html`` records the trace and
calls :func:`export_html`.

>>> import negaviz, tempfile, pathlib
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> with tempfile.TemporaryDirectory() as tmp:
...     info = export_html(trace, pathlib.Path(tmp) / "ab.html")
...     text = info.path.read_text(encoding="utf-8")
>>> info.steps, info.views, text.count('class="negaviz-module"')  # the front-end, gzipped
(19, 1, 1)
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from negaviz import __version__
from negaviz.errors import InputError
from negaviz.fileio import atomic_write
from negaviz.frontend.page import LINE, check_page_size, page_html
from negaviz.frontend.scene import CHUNK, Layout, Scene
from negaviz.games.protocol import spec_of
from negaviz.progress import bar, delay
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import Perspective, check_flag, check_path, check_text, view_of

# Public through the package: negaviz.export lists export_html and Export.


@dataclass(frozen=True)
class Export:
    """What :func:`export_html` wrote."""

    path: Path
    """The file written."""
    steps: int
    """Steps the page holds: ``len(trace) + 1`` (step 0 included), every one."""
    views: int
    """Drawings laid out for it (one, unless the tree was too big for one view)."""
    bytes: int
    """Size of the file."""


def _prepare(scene: Scene) -> None:
    """Lay out the views every step needs and write the per-step text, each with a bar.

    This is the work :func:`~negaviz.frontend.page.page_html` would do (it finds it
    done): ``Scene.cover`` itself, so the page is byte-identical.
    """
    n = len(scene.trace)
    with bar(total=n + 1, desc="laying out views", unit=" steps") as steps:
        scene.cover(on_step=steps.update)
    with bar(total=n // CHUNK + 1, desc="writing each step", unit=" chunks", scale=False) as chunks:
        for index in range(n // CHUNK + 1):
            scene.chunk(index)
            chunks.update()


def describe(trace: Trace, *, one_line: bool = True) -> str:
    """A default title: the algorithm and the position (a textbook tree too long for one
    line named by its size: its text is behind the heading's toggle and in "copy tree").

    >>> import negaviz
    >>> describe(negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta"))
    'negaviz: alphabeta on tree A(B(D:7 E:5) C(F:3 G:1 H:9))'
    >>> describe(negaviz.record(negaviz.Tree.parse("[[[1,2,3],[4,5,6],[7,8,9]]]"), algorithm="alphabeta"))
    'negaviz: alphabeta on a textbook tree of 14 nodes, 9 leaves'
    """
    options = trace.result.options if trace.result is not None else None
    algorithm = options.algorithm if options is not None else "search"
    extras = [w for w, on in (("TT", getattr(options, "tt", False)),) if on]
    what = algorithm + (f" + {', '.join(extras)}" if extras else "")
    s = spec_of(trace.game)
    where = ""
    if s is not None:
        where = str(s.get("tree") or s.get("position") or "") if isinstance(s, dict) else ""
        game = s.get("game", "") if isinstance(s, dict) else ""
        where = f"{game} {where}".strip()
        preorder = getattr(trace.game, "preorder", None)
        if one_line and game == "tree" and len(f"negaviz: {what} on {where}") > LINE and callable(preorder):
            nodes = preorder()
            leaves = sum(1 for pos in nodes if trace.game.is_terminal(pos))
            where = f"a textbook tree of {len(nodes)} nodes, {leaves} leaves"
    return f"negaviz: {what}" + (f" on {where}" if where else "")


def export_html(
    trace: Trace,
    path: str | os.PathLike[str],
    *,
    perspective: Perspective | None = None,
    windows: bool = False,
    max_nodes: int = 400,
    title: str | None = None,
    preview: bool = False,
    presenter: bool = False,
    layout: Layout = "auto",
    progress: bool = False,
    practice: str | None = None,
    ask: object = None,
    vote: object = None,
    site: object = None,
    collector: object = None,
) -> Export:
    """Write ``trace`` as one self-contained HTML page at ``path``; see the module.

    ``perspective`` and ``windows`` are the page's first settings (switchable in it);
    ``max_nodes`` bounds each view of the tree (bigger trees are folded, and the page
    holds a view for every part of the search it steps through).  ``preview``: show the
    rest of the search faintly behind each step (off: nothing from later steps shows).
    ``presenter``: open in presenter size, for a projector (switchable in the page: P).
    ``layout``: ``dot`` (laid out here: each view's SVG in the page, which opens at once),
    ``browser`` (the page carries each view's DOT source and the WebAssembly Graphviz, 1.2 MB,
    and lays a view out when a step first shows it: no ``dot`` needed here, a smaller
    page for a big search, slower to open), or ``auto`` (``dot`` where it is installed, for a search
    of at most :data:`~negaviz.frontend.scene.DOT_NODES` nodes; ``browser`` for a bigger one,
    whose page is then smaller and several times faster to write, its first view still laid
    out by ``dot`` so that it opens as fast).  ``progress``: show
    progress bars (:mod:`negaviz.progress`) while the page is laid out and written, if
    that takes long enough to need them; the page is the same either way.  ``practice``:
    ``tree`` or ``steps``, students do the exercise on the picture, graded in the page
    (:mod:`negaviz.quiz.practice`); ``tree`` on textbook trees only.  ``ask``: the kinds
    of question ``steps`` asks (:data:`negaviz.quiz.practice.ASK_KINDS`).  A textbook tree's page carries
    the tree's text and a *copy tree* button, to paste it into a notebook.  ``vote``:
    ``"presenter"`` (the lecturer's page: ask the room a question at a step) or a question's
    id (a follower's page), with ``site`` (a course site's address, for the presenter's
    follow links and QR codes) and ``collector`` (``negaviz class serve``'s address, where
    votes go): :func:`negaviz.quiz.vote.vote_page`.
    """
    check_trace(trace)
    perspective = view_of(perspective)
    for name, flag in (("windows", windows), ("preview", preview), ("presenter", presenter), ("progress", progress)):
        check_flag(flag, name)
    check_text(title, "title", none=True)
    target = Path(check_path(path))
    if not target.parent.is_dir():
        raise InputError(f"cannot write {str(path)!r}: folder {str(target.parent)!r} does not exist")
    if target.is_dir():
        raise InputError(f"cannot write {str(path)!r}: it is a folder; give the page's file name, e.g. page.html")
    scene = Scene(trace, max_nodes=max_nodes, layout=layout, practice=practice, tree_text=True, ask=ask,
                  vote=vote, site=site, collector=collector, vote_perspective=perspective)  # a tree: its text, to copy
    check_page_size([scene])
    heading = title or describe(trace)
    whole = "" if title else describe(trace, one_line=False)  # behind the heading's toggle, when cut
    about = (
        # the number of steps only: the search's totals belong to its last step, not the heading;
        # and in practice not even that: it would tell how much the search prunes
        ("" if practice else f"{len(trace):,} steps. ") + f"Made by negaviz {__version__}; "
        "this page works offline and loads nothing."
    )
    started = time.monotonic()
    if progress:
        _prepare(scene)
    # The last phase reports only when it ends: a bar from its start, if the work was long so far.
    long = progress and time.monotonic() - started > delay()
    with bar(total=1, desc="writing the page", unit=" page", enabled=long, wait=0, scale=False) as writing:
        page = page_html(
            [scene], title=heading, about=about, perspective=perspective, windows=windows, preview=preview,
            presenter=presenter, whole_title=whole, connect=(scene.vote or {}).get("collector"),
            step=scene.vote["question"]["q"] if scene.vote is not None and scene.vote["role"] == "follower" else 0,
        )
        writing.update()
    data = page.encode("utf-8", errors="replace")  # a game's move name may hold half a character
    atomic_write(target, data)  # an interrupted write leaves the old page, never half a new one
    return Export(target, len(trace) + 1, len(scene.views), len(data))
