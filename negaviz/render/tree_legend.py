"""The words around a tree drawing: its caption and its legend (a one-node table whose
swatches are drawn with the drawing's own node style).  :class:`~negaviz.render.builder.Builder`
asks for both as it builds the graph.
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import TYPE_CHECKING

from negaviz.search.chance import has_chance
from negaviz.layout.fold import Plan
from negaviz.render import labels
from negaviz.render.looks import LOOKS
from negaviz.render.looks import meaning as meaning_of
from negaviz.render.styles import EdgeView, LegendKey, NodeView, default_node_style, faint
from negaviz.search.events import Bound
from negaviz.trace.replay import Status
from negaviz.vocabulary import CHANCE_NOTE, mover_marks, view_caption, window_key

if TYPE_CHECKING:
    from negaviz.render.builder import Builder, EdgeStyle, NodeStyle

GIVEN_NOTE = f"{LOOKS['given'].sample} {LOOKS['given'].cue}: {LOOKS['given'].meaning}"
"""What the legend says of a textbook leaf's given value."""
PREVIEW_NOTE = "preview: the rest of the search shown faintly"
"""What the caption and the legend say when a step is drawn with ``preview=True``."""


def caption(builder: Builder, layout: Plan, max_nodes: int) -> str:
    """The caption under a drawing: the perspective, the pass and step drawn, and what is folded."""
    lines = []
    lines.append(view_caption("minimax" if builder.minimax else "negamax", builder.first_player,
                              chance=has_chance(builder.game)))
    if builder.pass_note:
        lines.append(builder.pass_note)
    if builder.snap.step < len(builder.trace):
        lines.append(f"after step {builder.snap.step}")  # (not "of N": how long the search goes is later)
        if builder.later is not None:
            lines.append(PREVIEW_NOTE)
    if builder.dag:
        lines.append("dag: transposed positions drawn once")
    if layout.hidden:
        lines.append(
            f"folded {layout.hidden:,} of {builder.snap.visible:,} nodes into {layout.summaries} summary "
            f"node{'s' if layout.summaries != 1 else ''} (max_nodes={max_nodes})"
        )
    return "\n".join(lines)


def legend(builder: Builder, node_style: NodeStyle, edge_style: EdgeStyle) -> dict[str, str]:
    """A one-node HTML table: a swatch drawn with the node style, and what it means."""
    own = node_style is default_node_style
    perspective = "minimax" if builder.minimax else "negamax"
    done = NodeView("", "node", status=Status.DONE, bound=Bound.EXACT)
    views: dict[LegendKey, NodeView] = {
        "current": NodeView("", "node", status=Status.CURRENT),
        "active": NodeView("", "node", status=Status.ACTIVE),
        "exact": done,
        "lower": replace(done, bound=Bound.LOWER),
        "upper": replace(done, bound=Bound.UPPER),
        "cut": replace(done, cut=True),
        "tt": replace(done, tt=True),
        "unvisited": NodeView("", "unvisited"),
        "pruned": NodeView("", "pruned"),
        "folded": NodeView("", "folded"),
    }
    entries = [
        (key, LOOKS[key].sample, meaning_of(key, perspective), builder.summary_cue if key == "folded" else LOOKS[key].cue, view)
        for key, view in views.items()
    ]
    rows = ['<TR><TD COLSPAN="2"><B>legend</B></TD></TR>']
    for key, sample, meaning, cue, view in entries:
        if key not in builder.used:
            continue
        text = f"{meaning} ({cue})" if own and cue else meaning
        rows.append(f"<TR>{_swatch(node_style(view), sample)}<TD ALIGN=\"LEFT\">{html.escape(text)}</TD></TR>")
    if "given" in builder.used:
        rows.append(f'<TR><TD>{labels.given_text("7")}</TD><TD ALIGN="LEFT">{html.escape(GIVEN_NOTE)}</TD></TR>')
    if "preview" in builder.used:
        faded = faint(node_style(NodeView("", "node", status=Status.DONE, bound=Bound.EXACT)))
        rows.append(f'<TR>{_swatch(faded, "5")}<TD ALIGN="LEFT">{html.escape(PREVIEW_NOTE)}</TD></TR>')
    marks = mover_marks("minimax" if builder.minimax else "negamax")
    rows.append(f'<TR><TD>▲ ▼</TD><TD ALIGN="LEFT">{html.escape(marks)}</TD></TR>')
    if has_chance(builder.game):
        rows.append(f'<TR><TD>○</TD><TD ALIGN="LEFT">{html.escape(CHANCE_NOTE)}</TD></TR>')
    if builder.windows:
        window_meaning = window_key("minimax" if builder.minimax else "negamax")
        rows.append(f'<TR><TD>(α, β)</TD><TD ALIGN="LEFT">{html.escape(window_meaning)}; = ≥ ≤ bound type</TD></TR>')
    edge_entries: tuple[tuple[LegendKey, str, str, EdgeView], ...] = (
        ("pv", LOOKS["pv"].sample, LOOKS["pv"].meaning if builder.snap.step == len(builder.trace) else "best line so far",
         EdgeView("", "", "tree", pv=True)),
        ("transposition", LOOKS["transposition"].sample, LOOKS["transposition"].meaning,
         EdgeView("", "", "transposition", tt=True)),
    )
    for key, sample, meaning, view_e in edge_entries:
        if key in builder.used:
            colour = edge_style(view_e).get("color", "#000000")
            rows.append(
                f'<TR><TD><FONT COLOR="{html.escape(colour)}">{sample}</FONT></TD>'
                f'<TD ALIGN="LEFT">{html.escape(meaning)}</TD></TR>'
            )
    # The frame is the node's own box, not the table's border: Graphviz versions emit a
    # table's border at different places in the SVG, a node's box always first.
    table = '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="1">'
    return {
        "shape": "box", "color": "#999999", "margin": "0.02", "label": table + "".join(rows) + "</TABLE>>",
        "fontsize": "9", "id": "legend",
    }


def _swatch(attrs: dict[str, str], sample: str) -> str:
    """A table cell looking like a node drawn with ``attrs`` (fill, border, line style)."""
    style = attrs.get("style", "")
    cell_style = next((s for s in ("dashed", "dotted", "rounded") if s in style), "")
    parts = [
        'BORDER="{}"'.format(2 if float(attrs.get("penwidth", "1")) >= 2 else 1),
        f'COLOR="{html.escape(attrs.get("color", "#000000"))}"',
    ]
    if "filled" in style and "fillcolor" in attrs:
        parts.append(f'BGCOLOR="{html.escape(attrs["fillcolor"])}"')
    if cell_style:
        parts.append(f'STYLE="{cell_style}"')
    font = attrs.get("fontcolor")
    text = html.escape(sample) if sample else " "
    if font:
        text = f'<FONT COLOR="{html.escape(font)}">{text}</FONT>'
    return f"<TD {' '.join(parts)}>{text}</TD>"
