"""Node and edge labels, per kind of game, with every piece of game text escaped.

Node labels are graphviz HTML-like labels (small tables); every text from a game goes
through :func:`html.escape`, so a label or move name can neither break the table nor
inject markup.  Plain labels (edges, tooltips, the caption) go through
:func:`dot_escape`.

Games are told apart by their optional verbs:

* a textbook tree (``preorder``): the node's name and value;
* a board game with ``cells`` (tic-tac-toe) or ``size`` and ``label`` (Othello): a small
  board with the last move marked;
* anything else: the game's ``label`` text, or the node number without a game.

>>> from negaviz.render.styles import NodeView
>>> value_text(NodeView("n0", "node", value=5.0, bound=Bound.LOWER))
'≥5'
>>> dot_escape('say "hi"\\n')
'say \\\\"hi\\\\"\\\\n'
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from typing import Any, Literal

import graphviz  # type: ignore[import-untyped]

from negaviz.games.protocol import has_verb, is_textbook_tree, size_of, verb
from negaviz.layout.slots import SLOT_MARKS, SLOT_VALUE, SLOT_WINDOW, Slots
from negaviz.render.looks import LOOKS, OKABE_ITO, tint
from negaviz.render.styles import NodeView
from negaviz.search.events import Bound
from negaviz.trace.replay import Status
from negaviz.vocabulary import fmt
from negaviz.vocabulary import window_text as vocabulary_window_text

MAX_LINES = 12
MAX_CHARS = 40
"""Longer label text is cut (with an ellipsis) so one odd label cannot swamp a picture."""
MAX_BOARD = 10
"""Boards wider or taller than this are shown as text."""

_LAST_MOVE_FILL = tint(OKABE_ITO["yellow"], 0.7)
_DISCS = {"x": "●", "o": "○"}  # Othello: black and white discs


# ------------------------------------------------------------------------- escaping
# Control characters are invalid in XML (so in HTML-like labels and in SVG): replace them.
_CONTROL = {c: "\ufffd" for c in [*range(32), *range(127, 160)] if chr(c) not in "\n\t"}  # C0, DEL and C1
_CONTROL[ord("\t")] = " "
# Also invalid: lone surrogates (they cannot even be encoded as UTF-8) and the
# non-characters (U+FFFE, U+FFFF and their twins in every plane, U+FDD0..U+FDEF), which
# make dot fail on an HTML-like label.
_NOT_XML = re.compile(
    "[\ud800-\udfff\ufdd0-\ufdef" + "".join(f"{chr(p + 0xFFFE)}{chr(p + 0xFFFF)}" for p in range(0, 0x110000, 0x10000)) + "]"
)
MAX_TEXT = 1000
"""Longer text is cut (with an ellipsis) before it reaches dot: a quoted DOT string may
hold at most 16,384 bytes (1,000 characters take at most 4,000, escaped).  One line of
an HTML-like label is cut at ``2 * MAX_CHARS``, so one long name cannot swamp a picture."""


def cap(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis if it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def scrub(text: str) -> str:
    """``text`` without characters XML forbids (newlines kept, tabs as spaces, control
    characters, lone surrogates and non-characters as U+FFFD), at most MAX_TEXT long."""
    return _NOT_XML.sub("\ufffd", cap(text).replace("\r\n", "\n").translate(_CONTROL))


def _backslashes(text: str) -> str:
    """Backslashes doubled: dot reads ``\\N``, ``\\G``, ``\\E``, ``\\T``, ``\\H`` and ``\\L`` in
    labels as the node's, graph's, edge's, tail's, head's and object's names, even in an
    HTML-like label."""
    return text.replace("\\", "\\\\")


def dot_escape(text: str) -> str:
    """``text`` as the inside of a quoted DOT string: backslashes and quotes escaped,
    newlines turned into DOT's centred line break."""
    text = _backslashes(scrub(text)).replace('"', '\\"')
    return text.replace("\n", "\\n")


def plain(text: str) -> str:
    """``text`` ready to be a plain (non-HTML) graphviz attribute value (a label)."""
    return graphviz.nohtml(dot_escape(text))


def tooltip(text: str) -> str:
    """``text`` ready to be a tooltip: dot unescapes a tooltip once more than a label
    (``\\\\N`` in DOT is still the node's name there), so its backslashes are doubled twice."""
    return graphviz.nohtml(dot_escape(_backslashes(scrub(text))))


def _clip(text: str) -> list[str]:
    """The lines of ``text``, at most MAX_LINES of at most MAX_CHARS characters."""
    lines = scrub(text).split("\n")
    if len(lines) > MAX_LINES:
        lines = lines[: MAX_LINES - 1] + ["…"]
    return [ln if len(ln) <= MAX_CHARS else ln[: MAX_CHARS - 1] + "…" for ln in lines]


def esc(text: str) -> str:
    """One line of ``text`` escaped for an HTML-like label."""
    return _backslashes(html.escape(cap(scrub(text).replace("\n", " "), 2 * MAX_CHARS)))


def html_text(text: str) -> str:
    """``text`` escaped for an HTML-like label, newlines as ``<BR/>``."""
    return "<BR/>".join(_backslashes(html.escape(ln)) for ln in _clip(text))


# ------------------------------------------------------------------------- numbers
def value_text(view: NodeView, *, explicit: bool = False) -> str:
    """``5``, ``≥5`` or ``≤5`` for a finished node (``=5`` if ``explicit``); ``best 3``
    on the stack (``sum 1.5`` at a chance node: its outcomes' weighted sum so far); ``?``
    before anything is known."""
    if view.status in (Status.ACTIVE, Status.CURRENT):
        if view.chance:  # a chance node's weighted sum of the outcomes returned so far
            return "?" if view.value is None else f"sum {fmt(view.value)}"
        return "?" if view.value is None else f"best {fmt(view.value)}"
    if view.value is None:
        return "?"
    if view.bound is None or (view.bound is Bound.EXACT and not explicit):
        return fmt(view.value)
    return f"{view.bound.symbol}{fmt(view.value)}"


def window_text(view: NodeView) -> str:
    """The window ``(α, β)``, as :func:`negaviz.vocabulary.window_text` writes every window."""
    return vocabulary_window_text(view.alpha, view.beta)


def marker(player: int | None) -> str:
    """▲ when the first player (max) is to move, ▼ for the second (min)."""
    return "" if player is None else ("▲" if player == 0 else "▼")


# ------------------------------------------------------------------------- families
Family = Literal["textbook", "board", "text"]
"""How a game's nodes are labelled (:func:`family`): ``textbook``, a named tree (letters and
leaf values); ``board``, a drawn board; ``text``, the game's own label text."""


def family(game: Any) -> Family:
    """How nodes of ``game`` are labelled: ``textbook``, ``board`` or ``text``."""
    if game is None:
        return "text"
    if is_textbook_tree(game):
        return "textbook"
    if has_verb(game, "cells"):
        return "board"
    if size_of(game) is not None and has_verb(game, "label"):
        return "board"
    return "text"


def board_rows(game: Any, pos: Any) -> list[str]:
    """The board as rows of ``x``, ``o`` and ``.`` (square boards only)."""
    cells = verb(game, "cells")
    if cells is not None:
        flat = str(cells(pos))
        n = math.isqrt(len(flat))
        return [flat[r * n : (r + 1) * n] for r in range(n)]
    return str(game.label(pos)).split("\n")


# ------------------------------------------------------------------------- tables
def row(content: str, size: int | None = None, colspan: int = 1) -> str:
    """One table row of one cell; BORDER="0" so rows under a bordered board stay plain."""
    span = f' COLSPAN="{colspan}"' if colspan > 1 else ""
    if size is not None:
        content = f'<FONT POINT-SIZE="{size}">{content}</FONT>'
    return f'<TR><TD BORDER="0"{span}>{content}</TD></TR>'


_MARK_CHARS = 6  # "cut TT"


def _slot(text: str, chars: int, size: int) -> str:
    """A fixed-size cell for ``chars`` characters at font ``size`` holding ``text``."""
    width = int(chars * size * 0.62) + 4
    return f'<TD BORDER="0" WIDTH="{width}" HEIGHT="{size + 3}" FIXEDSIZE="TRUE"><FONT POINT-SIZE="{size}">{text}</FONT></TD>'


def slot_row(text: str, chars: int, size: int, colspan: int = 1) -> str:
    """One table row of one fixed-size cell (a slot the front-end fills in: see :mod:`negaviz.layout.slots`)."""
    cell = _slot(text, chars, size)
    if colspan > 1:
        cell = cell.replace("<TD ", f'<TD COLSPAN="{colspan}" ', 1)
    return f"<TR>{cell}</TR>"


def _marks(view: NodeView) -> str:
    """Words for the marks colour also shows: a cutoff, a table hit."""
    words = [w for w, on in (("cut", view.cut), ("TT", view.tt)) if on]
    return " ".join(words)


def table(rows: Sequence[str]) -> str:
    """Rows as an HTML-like label: a table with no borders and no spacing."""
    return '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">' + "".join(rows) + "</TABLE>>"


def _footer(view: NodeView, windows: bool, colspan: int = 1, slots: Slots | None = None) -> list[str]:
    if slots is not None:
        rows = [slot_row(SLOT_WINDOW, slots.window, 8, colspan)] if windows else []
        return rows + [slot_row(SLOT_MARKS, _MARK_CHARS, 8, colspan)]
    rows = []
    if windows and view.kind == "node":
        rows.append(row(esc(window_text(view)), 8, colspan))
    marks = _marks(view)
    if marks:
        rows.append(row(f"<B>{marks}</B>", 8, colspan))
    return rows


def textbook_label(view: NodeView, name: str, *, windows: bool = False, slots: Slots | None = None) -> str:
    """Marker and name over the value, e.g. ``▲ A`` / ``5``."""
    head = f"{marker(view.player)} <B>{esc(name)}</B>".strip()
    value = slot_row(SLOT_VALUE, slots.value, 10) if slots else row(esc(value_text(view, explicit=windows)))
    return table([row(head), value] + _footer(view, windows, slots=slots))


def board_label(
    view: NodeView, rows: Sequence[str], last: int | None, *, windows: bool = False, slots: Slots | None = None,
) -> str:
    """A small board, the cell of the move that led here shaded and bold."""
    width = max((len(r) for r in rows), default=1)
    if width > MAX_BOARD or len(rows) > MAX_BOARD:  # not a board we can draw: show the text
        return text_label(view, "\n".join(rows), windows=windows, slots=slots)
    cell = 14 if width <= 3 else 11
    size = 10 if width <= 3 else 8
    if slots is not None:  # the marker goes into the slot's text, written by the front-end
        out = [slot_row(SLOT_VALUE, slots.value + 2, 10, width)]
    else:
        out = [row(f"{marker(view.player)} {esc(value_text(view, explicit=windows))}".strip(), None, width)]
    for r, line in enumerate(rows):
        tds = []
        for c, ch in enumerate(line):
            glyph = esc(_DISCS.get(ch, ch) if width > 3 else ch.upper()) if ch not in ". " else ""
            fill = ""
            if last is not None and r * width + c == last:
                fill = f' BGCOLOR="{_LAST_MOVE_FILL}"'
                glyph = f"<B>{glyph}</B>" if glyph else glyph
            font = f'<FONT POINT-SIZE="{size}">{glyph}</FONT>' if glyph else ""
            tds.append(f'<TD WIDTH="{cell}" HEIGHT="{cell}" FIXEDSIZE="TRUE"{fill}>{font}</TD>')
        out.append("<TR>" + "".join(tds) + "</TR>")
    out += _footer(view, windows, width, slots)
    return (
        '<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" COLOR="#999999">'
        + "".join(out) + "</TABLE>>"
    )


def text_label(view: NodeView, text: str, *, windows: bool = False, slots: Slots | None = None) -> str:
    """The game's own label text, escaped, over the marker and value."""
    if slots is not None:
        value = slot_row(SLOT_VALUE, slots.value + 2, 10)
    else:
        value = row(f"{marker(view.player)} {esc(value_text(view, explicit=windows))}".strip())
    rows = ([row(html_text(text))] if text else []) + [value]
    return table(rows + _footer(view, windows, slots=slots))


def summary_label(view: NodeView, slots: Slots | None = None) -> str:
    """A folded subtree (``+4,312 nodes``, its value) or a group of them."""
    if view.kind == "group":
        return table([row(f"+{view.count:,} nodes"), row("in folded subtrees", 8)])
    if slots is not None:
        return table([row(f"+{view.count:,} nodes"), slot_row(SLOT_VALUE, slots.value + 8, 9)])
    value = f"{marker(view.player)} value {esc(value_text(view))}".strip()
    return table([row(f"+{view.count:,} nodes"), row(value, 9)])


def ghost_label(view: NodeView, name: str | None) -> str:
    """A move never tried (yet): the child's name for textbook trees, else a count."""
    if view.count > 1:
        word = "pruned" if view.kind == "pruned" else "not yet visited"
        return table([row(f"{view.count} moves {word}", 9)])
    return table([row(esc(name) if name else " ", 9)])


# ------------------------------------------------------------------------- given data
def given_text(text: str) -> str:
    """A textbook leaf's given value (the exercise's data, not a result of the search):
    italic and grey, so it never reads as a value the search returned."""
    return f'<I><FONT COLOR="{LOOKS["given"].text}">{esc(text)}</FONT></I>'


def given_ghost_label(view: NodeView, name: str | None, given: str) -> str:
    """A textbook leaf not visited: its name over its given value (see :func:`given_text`)."""
    return table([row(esc(name) if name else " ", 9), row(given_text(given), 9)])


def fixed_row(content: str, chars: int, size: int) -> str:
    """A row whose one cell keeps the size of ``chars`` characters at font ``size``
    whatever ``content`` (markup) it holds: pages of a flip-book keep their layout."""
    return slot_row(content or " ", chars, size)  # graphviz rejects an empty FONT


def fixed_table(rows: Sequence[str]) -> str:
    """Rows as an HTML-like label (a plain table, no borders)."""
    return table(rows)
