"""A scene's records as the front-end decodes them (``decode`` in ``src/scene-data.js``):
the fields of each record (:data:`SCHEMA`), the event codes it counts and jumps by
(:data:`CODES`), and numbers written as JSON and as JavaScript's ``String`` writes them.
"""

from __future__ import annotations

import copy
import math
from decimal import Decimal
from typing import Any, Literal

from negaviz.analysis.steps import JUMP_CODES
from negaviz.render.styles import NodeKind
from negaviz.trace.timeline import BEST, LEAF_CODES, LOWER_ALPHA, LOWER_BETA, SUM, Code

ItemCode = Literal["n", "f", "g", "p"]
"""A drawn item's kind as the front-end reads it (``items[i][1]``, one letter): ``n`` a
searched node, ``f`` a folded subtree, ``g`` a group of sibling subtrees, ``p`` a ghost
(a move pruned, or not tried yet)."""

CODES: dict[str, Any] = {
    "enter": Code.ENTER, "leaf": LEAF_CODES, "cutoff": Code.CUTOFF, "tt_hit": Code.TT_HIT,
    "jumps": {k: "".join(sorted(v)) for k, v in JUMP_CODES.items() if k != "end"},
    "changes": {"best": BEST, "alpha": LOWER_ALPHA, "beta": LOWER_BETA, "sum": SUM},
}
"""The event codes of :attr:`Timeline.kinds` the front-end counts and jumps by, and the
kinds of a life's changes (named here once, from :mod:`negaviz.trace.timeline` and
:data:`negaviz.analysis.steps.JUMP_CODES`)."""

SCHEMA: dict[str, tuple[str, ...]] = {
    "item": (
        "title", "kind", "node", "parent", "up", "depth", "pruned", "prefix", "only", "given", "name", "answer",
        "ranges", "again", "appear", "settle", "player", "chance",
    ),
    "life": ("parent", "depth", "enter", "exit", "value", "bound", "tt", "cut", "alpha", "beta", "changes", "name", "move",
             "player", "chance"),
    "change": ("step", "kind", "value", "alpha", "child"),
}
"""The fields of the records a scene sends as arrays, in order; the front-end decodes
them by these names (``decode`` in ``src/scene-data.js``), so a field is added in one place.

* ``item``, one drawn thing of a view: ``title`` its DOT name; ``kind`` an
  :data:`ItemCode`; ``node`` the trace node (-1 for ghosts and groups) and ``parent``
  (in a given tree's view every item is sent as a ghost named by its place, ``t_1_0``,
  with ``node``, ``parent`` and ``pruned`` -1: the chunks of steps tell which node it is
  and when it is pruned, ``Scene.places``; :func:`resolved` applies them)
  (for a ghost, the nearest entered node above it); ``up`` the title of the item drawn
  above it (its edge's tail; empty for the root); ``depth`` its depth in the tree;
  ``pruned`` the step a cutoff skipped it (ghosts; -1: never); ``prefix`` text before its value (▲/▼ on boards);
  ``only`` 1 if only this search of a comparison visits it (for a ghost: if this search
  cuts off a node the other one visits, as an edit's new cutoffs); ``given`` a textbook leaf's
  value as the tree gives it (for the side to move there), or None; ``name`` how the
  sentences name it; ``answer`` the name the practice's answer key gives it (see
  :mod:`negaviz.trace.names`: empty where the scene has no practice, or for a group or
  several moves, which no answer names); ``ranges`` the node numbers ``[start, end)`` a summary stands for;
  ``again`` the later entries of a node of a given tree the search enters more than once
  (a PVS re-search), shown from the step each is entered; ``appear`` the first step it
  is drawn at (a growing search's nodes appear as they are entered; 0: from the start);
  ``player`` the player to move there (0 the first; at a chance node, the player whose
  view its value is in), which the minimax view negates by (not the depth's parity: a
  chance node's outcomes may keep the turn); ``chance`` 1 for a chance node (a circle,
  its sum so far while searched).
* ``life``, one node's story (:class:`~negaviz.trace.timeline.NodeLife`), with its
  sentence ``name``, the ``move`` that leads to it, its ``player`` and ``chance`` as an item's.
* ``change``, one :class:`~negaviz.trace.timeline.Change`.
"""


def resolved(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a scene's ``data`` (:meth:`Scene.data`) as the front-end holds it once
    every chunk of steps it carries is in (``addChunk`` in ``src/scene-data.js``): each
    item of a given tree's view told which trace node it is (``kind`` ``n``, ``node``,
    ``parent``, ``again``) and when it is pruned (``pruned``), and the lives that came
    with the chunks in its view's ``lives``.  For readers and tests of a scene's data."""
    out = copy.deepcopy(data)
    col = {k: i for i, k in enumerate(SCHEMA["item"])}
    up = SCHEMA["life"].index("parent")
    for _, chunk in sorted(out.get("chunks", {}).items(), key=lambda kv: int(kv[0])):
        lives = chunk.get("lives", {})
        for step, v, title, nid, only in chunk.get("places", []):
            view = out["views"][v]
            row = next(r for r in view["items"] if r[col["title"]] == title)
            row[col["only"]] = only
            if nid < 0:
                row[col["pruned"]] = step
                continue
            view["lives"][str(nid)] = lives[str(nid)]
            before = [row[col["node"]], *row[col["again"]]] if row[col["kind"]] == "n" else []
            entries = sorted({*before, nid})
            row[col["kind"]], row[col["node"]], row[col["again"]] = "n", entries[0], entries[1:]
            row[col["parent"]] = view["lives"][str(entries[0])][up]
    return out


def _record(record: str, **fields: Any) -> list[Any]:
    """A record of :data:`SCHEMA` as the array the front-end decodes."""
    names = SCHEMA[record]
    if set(fields) != set(names):
        raise AssertionError(f"a {record} record has the fields {names}, not {tuple(fields)}")
    return [fields[n] for n in names]


_KINDS: dict[NodeKind, ItemCode] = {"node": "n", "folded": "f", "group": "g", "pruned": "p", "unvisited": "p"}


def _jv(x: Any) -> Any:
    """A number for JSON: infinities as strings (JSON has none), ints as ints."""
    if x is None:
        return None
    if isinstance(x, float):
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        if x.is_integer():
            return int(x)
    return x


def js_string(x: float) -> str:
    """What JavaScript's ``String(x)`` gives for the finite float ``x``: the shortest
    digits that read back as ``x`` (as ``repr``), laid out by ECMAScript's rules
    (exponent from 1e21 up and below 1e-6).  The front-end looks values up by it.

    >>> [js_string(x) for x in (0.5, -2.25, 1e-05, 1.5e-07, 1e21, 123456.75, 1e16)]
    ['0.5', '-2.25', '0.00001', '1.5e-7', '1e+21', '123456.75', '10000000000000000']
    """
    if x == 0:
        return "0"
    sign, digits, exponent = Decimal(repr(x)).as_tuple()
    text = "".join(map(str, digits)).rstrip("0")
    assert isinstance(exponent, int)
    k = len(text)
    n = exponent + len(digits)  # the value is 0.<text> times 10**n
    if k <= n <= 21:
        out = text + "0" * (n - k)
    elif 0 < n <= 21:
        out = text[:n] + "." + text[n:]
    elif -6 < n <= 0:
        out = "0." + "0" * -n + text
    else:
        e = n - 1
        out = text[0] + ("." + text[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return ("-" if sign else "") + out
