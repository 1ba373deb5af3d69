"""The exercise sheet's trees as an exam to print: one tree a page, A4 landscape.

Each page carries what a student needs with no other sheet at hand: the exercise's
number, a field for their name and ID, the task, the conventions (who moves where, whose
values the leaves give, what a bound may be), and the tree across the page's width with
every node's name under ▲ (MAX, the first player, to move) or ▼ (MIN), each leaf's given
value in dark bold, and two boxes under every inner node for the window (α, β) it is
searched with and its value (named beside the root's; the conventions say so for all).  Every label is :data:`FONT` pt or more, as printed.

The layout is the tree's shape alone: leaves evenly across the width, each parent
centred over its children, one row a level.  Graphviz's ``neato`` places the nodes where
they are pinned (``pos``, in points, no scaling), so the sizes written here are the sizes
printed.  A tree too wide for the page at these sizes (more leaves than
:data:`MAX_LEAVES`, or inner nodes closer than their boxes) is scaled to fit, and its
labels print smaller: exam trees are far smaller.

>>> from negaviz.export.sheet import make_sheet
>>> rows = layout(make_sheet(1, 2, 2, seed=7).exercises[0].tree)
>>> [(name, x) for name, x, _ in rows[:3]]
[('A', 421.0), ('B', 228.5), ('D', 132.25)]
"""

from __future__ import annotations

import html
import io
import textwrap
from typing import Any

from negaviz.games.tree import Tree

__all__: list[str] = []

A4 = (842.0, 595.0)
"""A page: A4 landscape, in points."""
MARGIN = 36.0
"""The space kept free at each edge of a page, in points (half an inch)."""
FONT = 11
"""The smallest letters' size in points: the task, the boxes' words, the leaves' names (names
over boxes and leaf values are a point larger, the heading 14)."""
TITLE = 14
"""The heading's size in points."""
INK = "#111111"
"""The one colour of every line and letter: dark enough to photocopy."""
BOX = (64, 18)
"""Width and height of an answer box, in points (room for ``(−∞, 12)`` written by hand: 22 by 6 mm)."""
INNER_WIDTH = 70.0
"""The width an inner node takes with its two boxes, in points (the root's words have room of their own)."""
LEAF_WIDTH = 24.0
"""The width a leaf takes (a name over a value of up to three characters), in points."""
HEADER = 116.0
"""The height the heading, task and conventions take at the top of a page, in points."""
LEAF_HEIGHT = 34.0
"""The height of a leaf's label, in points."""
MAX_LEAVES = int((A4[0] - 2 * MARGIN) // (LEAF_WIDTH + 4))
"""The most leaves a page holds at :data:`FONT` pt."""
CHARS = 132
"""Characters on a line of the task at :data:`FONT` pt across the page (Helvetica's average width)."""


def marker(tree: Tree, node: int) -> str:
    """▲ where the first player (MAX) is to move, ▼ where the second (MIN) is: the drawings' marker."""
    from negaviz.render.labels import marker as player_marker

    return player_marker(tree.player(node))


def layout(tree: Tree, width: float = A4[0]) -> list[tuple[str, float, int]]:
    """Each node (tree order) as its name, its centre's x on a page ``width`` points wide and
    its depth: leaves evenly across the width inside the margins, each parent over the middle
    of its children."""
    leaves = [n for n in tree.preorder() if not tree.children[n]]
    step = (width - 2 * MARGIN) / len(leaves)
    x: dict[int, float] = {leaf: MARGIN + (i + 0.5) * step for i, leaf in enumerate(leaves)}
    for node in reversed(tree.preorder()):  # children come after their parent in tree order
        kids = tree.children[node]
        if kids:
            x[node] = (x[kids[0]] + x[kids[-1]]) / 2
    return [(tree.labels[n], x[n], tree.depth(n)) for n in tree.preorder()]


def fit(tree: Tree) -> float:
    """The scale the page needs for ``tree`` (1 when every label fits at its size, else less)."""
    rows = layout(tree)
    scale = 1.0
    for depth in {d for _, _, d in rows}:
        level = sorted((x, tree.children[i] != ()) for i, (_, x, d) in enumerate(rows) if d == depth)
        for (x1, inner1), (x2, inner2) in zip(level, level[1:]):
            need = ((INNER_WIDTH if inner1 else LEAF_WIDTH) + (INNER_WIDTH if inner2 else LEAF_WIDTH)) / 2 + 4
            scale = min(scale, (x2 - x1) / need)
    return scale


def _text(text: str, size: int = FONT, bold: bool = False) -> str:
    body = html.escape(text)
    return f'<FONT POINT-SIZE="{size}">{"<B>" + body + "</B>" if bold else body}</FONT>'


def _inner_label(tree: Tree, node: int, *, words: bool) -> str:
    """Name and marker over two boxes, the window's and the value's; ``words`` names the
    boxes beside them (the root, where there is room: the conventions say it for the rest)."""
    box = f'<TD BORDER="1" WIDTH="{BOX[0]}" HEIGHT="{BOX[1]}" FIXEDSIZE="TRUE"> </TD>'
    head = _text(f"{marker(tree, node)} {tree.labels[node]}", FONT + 1, bold=True)
    if not words:
        return (f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1"><TR><TD>{head}</TD></TR>'
                f"<TR>{box}</TR><TR>{box}</TR></TABLE>>")
    return (
        '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1">'
        f'<TR><TD></TD><TD>{head}</TD><TD></TD></TR>'
        f'<TR><TD ALIGN="RIGHT">{_text("window (α, β)")}</TD>{box}<TD WIDTH="70"></TD></TR>'
        f'<TR><TD ALIGN="RIGHT">{_text("value")}</TD>{box}<TD></TD></TR></TABLE>>'
    )


def _leaf_label(tree: Tree, node: int, value: str) -> str:
    return (
        '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">'
        f'<TR><TD>{_text(f"{marker(tree, node)}{tree.labels[node]}")}</TD></TR>'
        f'<TR><TD>{_text(value, FONT + 1, bold=True)}</TD></TR></TABLE>>'
    )


def _lines(text: str, size: int = FONT) -> str:
    """``text`` wrapped across the page, as lines of an HTML-like label aligned left."""
    wrapped = textwrap.wrap(text, width=int(CHARS * FONT / size), break_on_hyphens=False)
    return "".join(f'{_text(line, size)}<BR ALIGN="LEFT"/>' for line in wrapped)


def page(tree: Tree, *, number: int, task: str, conventions: str, who: str, scale: float = 1.0) -> Any:
    """One exam page: a ``graphviz.Digraph`` for ``neato``, every node pinned in points on A4
    (on a page ``1 / scale`` times A4, for a tree that :func:`fit` says needs it)."""
    import graphviz  # type: ignore[import-untyped]  # (trees_pdf has said in one line if it is missing)

    from negaviz.vocabulary import fmt

    width, height = A4[0] / scale, A4[1] / scale
    dot = graphviz.Digraph(engine="neato")
    dot.attr("graph", notranslate="true", inputscale="72", splines="line", pad="0", margin="0",
             outputorder="edgesfirst", bgcolor="white")
    dot.attr("node", shape="plaintext", fontname="Helvetica", fontsize=str(FONT), fontcolor=INK, pin="true",
             margin="0")
    dot.attr("edge", color=INK, penwidth="1.1", arrowhead="none")
    for name, (x, y) in (("corner-low", (0.0, 0.0)), ("corner-high", (width, height))):  # the page's extent
        dot.node(name, label="", shape="point", width="0", height="0", style="invis", pos=f"{x},{y}!")
    top = height - MARGIN
    half = int((width - 2 * MARGIN) / 2)
    dot.node("heading", pos=f"{width / 2},{top - 9}!", label=(
        '<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0"><TR>'
        f'<TD ALIGN="LEFT" WIDTH="{half}" HEIGHT="20" FIXEDSIZE="TRUE">'
        f'{_text(f"Exercise {number}: alpha-beta by hand", TITLE, bold=True)}</TD>'
        f'<TD ALIGN="RIGHT" WIDTH="{half}" HEIGHT="20" FIXEDSIZE="TRUE">'
        f'{_text("Name: ______________________   Student ID: ____________", FONT + 1)}</TD>'
        "</TR></TABLE>>"))
    words = _lines(task) + _lines("Conventions: " + conventions)
    dot.node("task", pos=f"{width / 2},{top - 24 - (HEADER - 24) / 2}!", label=(
        '<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">'
        f'<TR><TD ALIGN="LEFT" BALIGN="LEFT" WIDTH="{2 * half}" HEIGHT="{int(HEADER - 28)}" FIXEDSIZE="TRUE">'
        f'{words}</TD></TR></TABLE>>'))
    dot.node("who", pos=f"{width - MARGIN - 120},{MARGIN / 2}!", label=_text_label(who))
    rows = layout(tree, width)
    depth = max(d for _, _, d in rows) or 1
    first = top - HEADER - 30  # the root's centre: its label is about 60 points high
    gap = (first - MARGIN - LEAF_HEIGHT / 2) / depth
    for node, (name, x, d) in enumerate(rows):
        leaf = not tree.children[node]
        value = tree.values[node]
        label = (_leaf_label(tree, node, fmt(value)) if leaf and value is not None
                 else _inner_label(tree, node, words=node == tree.root))
        y = first - d * gap if not leaf else MARGIN + LEAF_HEIGHT / 2
        dot.node(f"n{node}", label=label, pos=f"{x:.2f},{y:.2f}!")
    for node in tree.preorder():
        for kid in tree.children[node]:
            dot.edge(f"n{node}", f"n{kid}")
    return dot


def _text_label(text: str) -> str:
    return f"<{_text(text)}>"


def exam_pdf(pages: list[tuple[Any, float]], title: str, producer: str) -> bytes:
    """``pages`` (each from :func:`page`, with the scale it was laid out for) drawn by neato,
    joined into one PDF of A4 pages."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    from negaviz.render.output import render

    writer = PdfWriter()
    for drawing, scale in pages:
        drawn = PdfReader(io.BytesIO(render(drawing, "pdf", engine="neato"))).pages[0]
        w, h = float(drawn.mediabox.width), float(drawn.mediabox.height)
        scale = min(scale, A4[0] / w, A4[1] / h, 1.0)
        sheet = PageObject.create_blank_page(width=A4[0], height=A4[1])
        sheet.merge_transformed_page(drawn, Transformation().scale(scale).translate(
            (A4[0] - w * scale) / 2, (A4[1] - h * scale) / 2))
        writer.add_page(sheet)
    writer.add_metadata({"/Title": title, "/Producer": producer})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
