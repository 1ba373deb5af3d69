"""The look of every state, in one table: the one owner of a state's colour, line and words.

Every picture of a search reads :data:`LOOKS`: the static drawings
(:func:`negaviz.render.styles.default_node_style` and the legend of
:func:`negaviz.render.draw`), the stepper's style sheet (:func:`stepper_rules`, sent with
every scene, so exported pages and stored notebooks carry it) and the stepper's legend
(:func:`negaviz.frontend.style.legend_html`).  Change an entry here and both pictures
change; no colour of a state is written anywhere else (``tests/render/test_looks.py``).

>>> LOOKS["cut"].line == OKABE_ITO["reddish_purple"], LOOKS["cut"].width
(True, 2.5)
>>> print(stepper_rules()[2])
.negaviz-stepper g.nv-exact .nv-shape { fill: #FFFFFF; stroke: #000000; stroke-width: 1; }

Colours come from the Okabe-Ito palette, which stays distinct for colour-blind readers,
and every colour is doubled by a cue that survives greyscale (border, line style,
corner shape, or a word in the label), so no state is told by colour alone.  The
drawing's paper is white in every theme (the stepper's panels take the notebook's dark
theme, its picture does not), so these colours keep their meaning and contrast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__: list[str] = []  # internal: read through negaviz.render.styles and negaviz.frontend

OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
}
"""The eight colours of Okabe & Ito (2008), safe for the common colour-vision deficiencies."""

PAPER = "#FFFFFF"
"""The drawing's paper (white in every theme)."""

GREY = "#8C8C8C"
"""Moves a cutoff skipped (pruned ghosts) and their edges; the boxes of a scene's layout
before the stepper paints them."""

QUIET = "#595959"
"""Text of what the search has not searched (ghosts, given values): 7:1 on white."""

FAINT = 0.3
"""How much of its colour a previewed (not yet searched) node or edge keeps: a static
drawing fades it towards white (:func:`negaviz.render.styles.faint`), the stepper draws
it at this opacity."""


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: ``amount`` 1 is the colour, 0 is white (for fills under text).

    >>> tint("#0072B2", 0.5)
    '#80B8D8'
    """
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - c) * amount):02X}" for c in (r, g, b))


Dash = Literal["", "dashed", "dotted"]
"""How a line is drawn: solid (``""``), dashed or dotted."""

DASHES: dict[Dash, str] = {"dashed": "6 3", "dotted": "2 2"}
"""The stepper's ``stroke-dasharray`` of each dash (Graphviz draws its own)."""


@dataclass(frozen=True)
class Look:
    """How one state looks, and what the legends say of it.  An empty field is left as
    the state underneath has it (``cut`` and ``tt`` are marks drawn over a main state)."""

    meaning: str
    """What the legends say the state is."""
    fill: str = ""
    """Fill colour."""
    line: str = ""
    """Border colour (an edge's colour, for edge states)."""
    width: float = 0
    """Border (or edge) width in points; 0: as underneath."""
    dash: Dash = ""
    """Line style of the border (or edge)."""
    text: str = ""
    """Colour of its text."""
    style: str = ""
    """Graphviz style words added in static drawings (``bold``, ``diagonals`` for corner
    marks, ``rounded``): the stepper's boxes are laid out once, for every step, so there
    its second cue is in the label (``≥``, ``≤``, ``cut``, ``TT``) or the border."""
    double: bool = False
    """A second border (the current node)."""
    cue: str = ""
    """The cue that survives greyscale, as the static legend names it."""
    step_cue: str | None = None
    """As the stepper's legend names it, where it differs (None: as ``cue``)."""
    sample: str = ""
    """The text in the static legend's swatch."""


_C = OKABE_ITO

LOOKS: dict[str, Look] = {
    # main states of a searched node (negaviz.render.styles.node_key), in legend order
    "current": Look("current node", tint(_C["orange"], 0.45), _C["vermillion"], 2.5, style="bold", double=True,
                    cue="double border", sample="5"),
    "active": Look("on the call stack", tint(_C["orange"], 0.2), _C["orange"], 2.5, style="bold",
                   cue="bold border", sample="5"),
    "exact": Look("finished, exact value", PAPER, _C["black"], 1, cue="square corners", step_cue="", sample="5"),
    "lower": Look("finished, {fail}a lower bound", tint(_C["sky_blue"], 0.35), _C["blue"], 1, style="diagonals",
                  cue="corner marks", step_cue="≥", sample="≥5"),
    "upper": Look("finished, {fail}an upper bound", tint(_C["yellow"], 0.45), _C["black"], 1, style="rounded",
                  cue="rounded corners", step_cue="≤", sample="≤5"),
    # marks drawn over a finished node's main state
    "cut": Look("cutoff here: the remaining moves were skipped", line=_C["reddish_purple"], width=2.5,
                cue="bold border", step_cue="bold border, “cut”", sample="cut"),
    "tt": Look("ended by a transposition-table hit", fill=tint(_C["bluish_green"], 0.3), step_cue="“TT”", sample="TT"),
    # what the search has not searched
    "unvisited": Look("not yet visited", PAPER, "#767676", 1, "dotted", text=QUIET, cue="dotted",
                      step_cue="dotted, all alike"),
    "pruned": Look("pruned: never visited", PAPER, GREY, 1.2, "dashed", text=QUIET, cue="dashed"),
    "folded": Look("folded subtree (n nodes)", "#EEEEEE", "#555555", 1, cue="folder", sample="+n"),
    "given": Look("a leaf's given value, not yet seen by the search", text=QUIET, cue="in italics", sample="7"),
    # edges
    "edge": Look("a move searched", line="#333333"),
    "pv": Look("principal variation", line=_C["blue"], width=3.5, cue="thick line", sample="━━"),
    "transposition": Look("to a position drawn elsewhere (dashed: table hit)", line=_C["bluish_green"], width=1.5,
                          sample="╌╌"),
}
"""Every state's look.  The ``unvisited`` line is 4.5:1 on white and :data:`QUIET` text
7:1; ``pruned`` keeps the lighter grey it has always had, which its dashes and the word
"pruned" double."""

ON_STACK = ("active", "current")
"""The main states a cut is not drawn over: on the stack a node's own border says more (and
its label says "cut" at once); the mark shows once it returns, in both pictures."""

FAIL = {"lower": "fail-high: ", "upper": "fail-low: "}
"""What a negamax legend puts before a bound's meaning (``{fail}`` in :data:`LOOKS`)."""


def meaning(key: str, perspective: str) -> str:
    """What the legends say of state ``key`` seen from ``perspective``.

    >>> meaning("lower", "negamax"), meaning("lower", "minimax")
    ('finished, fail-high: a lower bound', 'finished, a lower bound')
    """
    return LOOKS[key].meaning.format(fail=FAIL.get(key, "") if perspective == "negamax" else "")


def pen(width: float) -> str:
    """A width as Graphviz and CSS write it: ``1``, ``2.5``."""
    return f"{width:g}"


# ---------------------------------------------------------------------------- the stepper
_S = ".negaviz-stepper"


def _decl(look: Look, *, fill: bool = True) -> str:
    """The CSS declarations of a drawn shape's look (only what the look sets)."""
    parts = []
    if fill and look.fill:
        parts.append(f"fill: {look.fill}")
    if look.line:
        parts.append(f"stroke: {look.line}")
    if look.width:
        parts.append(f"stroke-width: {pen(look.width)}")
    if look.dash:
        parts.append(f"stroke-dasharray: {DASHES[look.dash]}")
    return "".join(f"{p}; " for p in parts)


def _edge_rules(cls: str, look: Look) -> list[str]:
    """An edge's line and arrowhead in ``look`` (``cls``: the edge's class selector)."""
    head = f"fill: {look.line}; " if look.line else ""
    return [
        f"{_S} g.edge{cls} path {{ {_decl(look, fill=False)}}}",
        f"{_S} g.edge{cls} polygon {{ stroke: {look.line}; {head}}}",
    ]


def stepper_rules() -> list[str]:
    """The stepper's CSS rules for the states, from :data:`LOOKS`
    (:func:`negaviz.frontend.style.css` puts them after ``stepper.css``, so they need no
    more specificity than the sheet's rules of the panels).  The front-end gives each
    drawn item the classes of its state (``src/look.js``): ``nv-unseen`` is ``unvisited``
    (every item not visited yet, alike), ``nv-active`` is ``active``; marks come after
    main states, so they win."""
    L = LOOKS
    unseen, pv, pruned = L["unvisited"], L["pv"], L["pruned"]
    rules = [
        f"{_S} g.nv-unseen .nv-shape {{ {_decl(unseen)}}}",
        f"{_S} g.nv-unseen text {{ fill: {unseen.text}; }}",
    ]
    rules += [f"{_S} g.nv-{key} .nv-shape {{ {_decl(L[key])}}}" for key in ("exact", "lower", "upper", "active", "current")]
    rules += [
        f"{_S} g.nv-current .nv-outer {{ stroke: {L['current'].line}; stroke-width: 1.5; }}",  # the double border
        f"{_S} g.nv-folded .nv-shape {{ {_decl(L['folded'])}}}",
        f"{_S} g.nv-tt .nv-shape {{ {_decl(L['tt'])}}}",
        # (:where adds no specificity: a focus ring still wins, as over every state)
        f"{_S} g.nv-cut:where(:not({', '.join(f'.nv-{k}' for k in ON_STACK)})) .nv-shape {{ {_decl(L['cut'])}}}",
        f"{_S} g.nv-pruned .nv-shape {{ {_decl(pruned)}}}",
        f"{_S} g.nv-pruned text {{ fill: {pruned.text}; }}",
        f"{_S} text.nv-given {{ font-style: italic; fill: {L['given'].text}; }}",
        *_edge_rules(".nv-unseen", unseen),
        *_edge_rules("", L["edge"]),
        f"{_S} g.edge.nv-pv path, {_S} g.edge.nv-pv polygon {{ {_decl(pv, fill=False)}}}",
        f"{_S} g.edge.nv-pv polygon {{ fill: {pv.line}; }}",
        *_edge_rules(".nv-pruned", Look("", line=pruned.line, dash=pruned.dash)),
        f"{_S} g.nv-preview, {_S} g.edge.nv-preview {{ opacity: {pen(FAINT)}; }}",
    ]
    return rules


STEPPER_LEGEND = ("current", "active", "exact", "lower", "upper", "cut", "tt", "unvisited", "pruned")
"""The states the stepper's legend shows, in order (then the given value and the best line)."""


def swatch_css(key: str) -> str:
    """The inline style of the stepper legend's swatch of ``key``: its fill and its border
    (a mark's over an exact node's look, as the picture draws it).

    >>> swatch_css("current")
    'background:#F4D48C;border:2.5px double #D55E00'
    """
    look, base = LOOKS[key], LOOKS["exact"]
    line = "double" if look.double else look.dash or "solid"
    width = look.width or base.width
    return f"background:{look.fill or base.fill};border:{pen(width)}px {line} {look.line or base.line}"
