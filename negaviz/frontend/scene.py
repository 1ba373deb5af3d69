"""A trace made ready for the browser: laid out once, painted at every step.

A :class:`Scene` holds what the front-end (``stepper.js``) needs to show any step of a
trace with no kernel and no further layout:

* **views**: drawings laid out once by dot, each holding at most ``max_nodes`` nodes (the
  folding of :mod:`negaviz.render.fold`).  A trace that fits is one view; a bigger one
  gets a view around each part of the search, laid out when a step first needs it.
  Labels hold fixed-size cells for the texts that change (value, window, marks), so a
  node sits at the same place at every step;
* **lives**: for every drawn node, when it is entered and returns and what changes it
  while it is on the stack (:class:`negaviz.trace.timeline.Timeline`);
* **chunks** of steps: each step's sentence and pseudocode line in both perspectives, and
  the node the search is at;
* the event kind of every step (for the jumps) and the style sheet and legend.

:meth:`Scene.data` is plain JSON-able data.  The widgets send it over the widget comm;
:func:`negaviz.frontend.page.page_html` writes it into a self-contained page.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> scene = Scene(trace)
>>> data = scene.data()
>>> data["n"], data["kinds"], len(data["views"])
(18, 'EEELBELBRBEELBXRCR', 1)
>>> [item[:3] for item in data["views"][0]["items"]][:4]
[['n0', 'n', 0], ['n1', 'n', 1], ['n4', 'n', 4], ['n2', 'n', 2]]
>>> data["chunks"]["0"]["sentences"][0][4]
'D is a leaf: its value is 7.'
"""

from __future__ import annotations

import html
import math
import re
from decimal import Decimal
from typing import Any, Literal

from negaviz.analysis.pseudocode import LISTINGS, line_of, listing_for
from negaviz.analysis.steps import Stepper, first_player, name, sign
from negaviz.errors import InputError
from negaviz.games.protocol import restore
from negaviz.render import labels
from negaviz.render.fold import Sizes, plan, snapshot
from negaviz.render.output import to_svg
from negaviz.render.styles import GREY, OKABE_ITO, NodeKind, NodeView, default_edge_style, default_node_style, tint
from negaviz.render.tree import _Builder, check_max_nodes
from negaviz.search.events import EventKind
from negaviz.trace.timeline import BEST, timeline_of
from negaviz.trace.trace import Ending, Trace
from negaviz.vocabulary import PERSPECTIVES, Perspective, check_perspective, fmt

__all__ = ["Scene"]

CHUNK = 4096
"""Steps per chunk of per-step panel data."""
MAX_PAGE_EVENTS = 100_000
"""The most events one page (or a notebook's static form) holds."""

ItemCode = Literal["n", "f", "g", "p"]
"""A drawn item's kind as the front-end reads it (``items[i][1]``, one letter): ``n`` a
searched node, ``f`` a folded subtree, ``g`` a group of sibling subtrees, ``p`` a ghost
(a move pruned, or not tried yet)."""

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


def scene_node_style(view: NodeView) -> dict[str, str]:
    """The default style, with shapes that do not change with the state (the front-end
    paints states with classes) and a second border every searched node can show when
    it is the current one."""
    attrs = default_node_style(view)
    if view.kind == "node":
        attrs["style"] = "filled"
        attrs["peripheries"] = "2"
        attrs["penwidth"] = "1"
    return attrs


# ------------------------------------------------------------------------------ SVG
_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
_XMLNS = re.compile(r'\s+xmlns(?::xlink)?="[^"]*"')
_SHAPE = re.compile(r"<(polygon|ellipse|path|polyline)\b")
_SLOT_TEXT = re.compile(r'<text text-anchor="start" x="[-\d.]+"([^>]*)>(§[vwm]§)</text>')
_POINTS = re.compile(r'points="([^"]+)"')


def inline_svg(svg: str) -> str:
    """dot's SVG made fit to sit inside HTML: no XML prolog, DOCTYPE or comments, and no
    namespace declarations, so the text names no URL at all."""
    svg = _PROLOG.sub("", svg, count=1)
    svg = _COMMENT.sub("", svg)
    head, sep, rest = svg.partition(">")
    return _XMLNS.sub("", head) + sep + rest.rstrip() + "\n"


def _centre(group: str) -> float | None:
    m = _POINTS.search(group)
    if m is None:
        return None
    xs = [float(p.split(",")[0]) for p in m.group(1).split()]
    return (min(xs) + max(xs)) / 2


def _mark_group(group: str) -> str:
    """One node's SVG: the shape and its second border get classes; slot texts become
    empty centred texts with classes the front-end fills in."""
    count = 0

    def shape(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        if count == 1:
            return f'<{m.group(1)} class="nv-shape"'
        if count == 2 and m.group(1) == "polygon" and "peripheries" in group_flags:
            return f'<{m.group(1)} class="nv-outer"'
        return m.group(0)

    group_flags = "peripheries" if "§v§" in group and _has_outer(group) else ""
    group = _SHAPE.sub(shape, group)
    cx = _centre(group)
    if cx is None:
        return group
    names = {"§v§": "nv-v", "§w§": "nv-w", "§m§": "nv-m"}
    return _SLOT_TEXT.sub(
        lambda m: f'<text class="{names[m.group(2)]}" text-anchor="middle" x="{cx:g}"{m.group(1)}></text>', group,
    )


def _has_outer(group: str) -> bool:
    """Whether the node was drawn with two borders (its first two shapes are polygons,
    the second unfilled)."""
    shapes = re.findall(r"<polygon[^>]*>", group)[:2]
    return len(shapes) == 2 and 'fill="none"' in shapes[1]


def finish_svg(svg: str) -> str:
    """dot's SVG of a scene view, ready for the front-end (see :func:`_mark_group`)."""
    parts = re.split(r"(?=<!-- )", svg)
    out = []
    for part in parts:
        if 'class="node"' in part:
            part = _mark_group(part)
        out.append(part)
    # The font goes in the style sheet, not on each of thousands of texts.
    svg = inline_svg("".join(out)).replace(' font-family="Helvetica,sans-Serif"', "")
    # ids are per document: two steppers on one page would share them, so drop them
    # (the front-end finds nodes by their <title>, which graphviz always writes).
    return re.sub(r'\sid="[^"]*"', "", svg)


# ------------------------------------------------------------------------------ the scene
class Scene:
    """Everything the browser needs to step through ``trace``; see the module docstring.

    ``max_nodes``: the most nodes in one view.  ``title``: shown above a comparison's
    panes and in a page's heading.  ``only``: node numbers to mark as visited by this
    search only (a comparison).  ``interval``: milliseconds between steps while playing.
    """

    def __init__(
        self, trace: Trace, *, max_nodes: int = 400, title: str = "", only: frozenset[int] = frozenset(),
        interval: int = 600,
    ) -> None:
        if not isinstance(trace, Trace):
            raise InputError(f"a stepper needs a negaviz Trace (from negaviz.record), not {type(trace).__name__}")
        check_max_nodes(max_nodes)
        self.trace = trace
        self.max_nodes = max_nodes
        self.title = title
        self.only = only
        self.interval = interval
        self.timeline = timeline_of(trace)  # shared with the step logic, which reads it too
        self.first_player = first_player(trace)
        """0 if the first player moves at the root."""
        passes = trace.passes()
        roots = trace.roots()
        self.passes = [(first, roots[i] if i < len(roots) else 0, part) for i, (first, part) in enumerate(passes)]
        self.views: list[dict[str, Any]] = []
        self._drawn: list[set[int]] = [set() for _ in self.passes]  # per pass: nodes drawn in any view
        opts = trace.result.options if trace.result is not None else None
        algorithm, tt = (opts.algorithm if opts else "alphabeta"), bool(opts and opts.tt)
        self.listings: dict[str, str] = {p: listing_for(algorithm, tt, perspective=p) for p in PERSPECTIVES}
        self._steppers: dict[str, Stepper] = {}
        self._chunks: dict[int, dict[str, Any]] = {}
        self._fmt: dict[str, str] = {}
        for p in range(len(self.passes)):
            self._add_view(p, ())  # the whole pass, folded to fit, its best line kept

    # --- views -----------------------------------------------------------------------
    def covers(self, step: int) -> int | None:
        """The index of a view showing ``step`` (one drawing the current node), or None."""
        cur = self.timeline.current[step]
        p = self.pass_of(step)
        for i, view in enumerate(self.views):
            if view["pass"] == p and (cur < 0 or cur in view["_nodes"]):
                return i
        return None

    def pass_of(self, step: int) -> int:
        """The pass (search call of a driver) that step ``step`` falls in."""
        at = max(step - 1, 0)
        return max(i for i, (first, _, _) in enumerate(self.passes) if first <= at)

    def view_for(self, step: int) -> int:
        """The index of a view showing ``step``, laid out now if none does yet."""
        found = self.covers(step)
        if found is not None:
            return found
        p = self.pass_of(step)
        first, root, part = self.passes[p]
        local = self.timeline.current[step] - root
        nodes = part.nodes
        sizes = Sizes(nodes, len(nodes))
        path = part.path(local)
        # The highest node on the path whose whole subtree fits (with the path and its
        # folded siblings) is drawn whole, so the view serves every step the search spends
        # inside it; nothing else is opened, so views overlap little and a page stays small.
        top = next((n for n in path if sizes(n) + 3 * len(path) <= self.max_nodes), local)
        keep = [*part.path(top), *range(top, sizes.end(top))]
        # A deep path may not fit a small budget with its siblings folded: give the view
        # room until it draws the current node (the step would have no view otherwise).
        budget = self.max_nodes
        while True:
            index = self._add_view(p, keep, note_new=step, budget=budget)
            if self.timeline.current[step] in self.views[index]["_nodes"] or budget > 4 * len(nodes) + 16:
                return index
            self.views.pop()
            self._drawn[p] = set().union(*(v["_nodes"] for v in self.views if v["pass"] == p))
            budget *= 2

    def cover(self) -> None:
        """Lay out views until every step is shown by one (for pages, which have no kernel)."""
        current = self.timeline.current
        for step in range(len(self.trace) + 1):
            cur = current[step]
            if cur >= 0 and cur not in self._drawn[self.pass_of(step)]:
                self.view_for(step)

    def _add_view(self, p: int, keep: Any, note_new: int | None = None, budget: int | None = None) -> int:
        budget = self.max_nodes if budget is None else budget
        first, root, part = self.passes[p]
        trace = part
        snap = snapshot(trace, len(trace))
        textbook = labels.family(trace.game) == "textbook"
        layout = plan(trace, snap, budget, ghosts=None if textbook else 2, also_keep=keep, fill=not keep)
        slots = self._slots(layout, root)
        builder = _Builder(trace, snap, perspective="negamax", windows=True, dag=False)
        builder.slots = slots
        try:
            dot = builder.build(layout, scene_node_style, default_edge_style, legend=False, max_nodes=budget)
            prefixes = {it.name: self._prefix(builder, it) for it in layout.items}
        finally:
            restore(trace.game)
        dot.attr("graph", label="")
        svg = finish_svg(to_svg(dot))
        tl = self.timeline
        items: list[list[Any]] = []
        drawn: set[int] = set()
        lives: dict[str, list[Any]] = {}
        for it in layout.items:
            kind = _KINDS[it.kind]
            nid = it.node + root if it.node >= 0 else -1
            parent = it.parent + root if it.parent >= 0 else -1
            appear = tl.lives[parent].enter + 1 if parent >= 0 else 0
            pruned = tl.lives[parent].cut if parent >= 0 and kind == "p" and it.kind == "pruned" else -1
            if kind == "p" and it.kind == "pruned" and pruned < 0 and parent >= 0:
                pruned = tl.lives[parent].exit  # pruned by the game's bounds or a win at once
            items.append([it.name, kind, nid, parent, appear, pruned, prefixes[it.name], int(nid in self.only)])
            if nid >= 0:
                lives[str(nid)] = self._life(nid)
                if kind == "n":
                    drawn.add(nid)
        for n in list(drawn):  # ancestors (the stack) are always drawn, but make sure
            while n >= 0 and str(n) not in lives:
                lives[str(n)] = self._life(n)
                n = tl.lives[n].parent
        note = ""
        if layout.hidden:
            note = (
                f"Folded {layout.hidden:,} of {len(trace.nodes):,} nodes into {layout.summaries} summary "
                f"node{'s' if layout.summaries != 1 else ''} (max_nodes={budget})."
            )
        view = {"pass": p, "svg": svg, "items": items, "lives": lives, "note": note, "_nodes": drawn}
        if note_new is not None:
            view["note_new"] = f"Laid out a new view of the tree for step {note_new:,} (the search left the last one). {note}"
        self.views.append(view)
        self._drawn[p] |= drawn
        return len(self.views) - 1

    def _prefix(self, builder: _Builder, item: Any) -> str:
        """Text the front-end writes before a value: the ▲/▼ marker on boards and text labels."""
        if item.kind != "node" or builder.family == "textbook":
            return ""
        view = builder.node_view(item)
        mark = labels.marker(view.player)
        return f"{mark} " if mark else ""

    def _slots(self, layout: Any, root: int) -> labels.Slots:
        """Widths of the changing texts: the longest any drawn node shows, in either view."""
        longest = 1
        for it in layout.items:
            if it.node < 0:
                continue
            life = self.timeline.lives[it.node + root]
            values = [life.value, life.alpha, life.beta]
            for ch in life.changes:
                values += [ch.value, ch.alpha] if ch.kind == BEST else [ch.value]
            for v in values:
                if v is not None:
                    longest = max(longest, len(fmt(v)), len(fmt(-v)))
        return labels.Slots(value=longest + 5, window=2 * longest + 4)

    def _life(self, nid: int) -> list[Any]:
        life = self.timeline.lives[nid]
        changes = []
        for ch in life.changes:
            changes.append([ch.step, ch.kind, _jv(ch.value), _jv(ch.alpha), ch.child])
            for v in (ch.value, ch.alpha):
                self._remember(v)
        for x in (life.value, life.alpha, life.beta):
            self._remember(x)
        return [
            life.parent, life.depth, life.enter, life.exit, _jv(life.value),
            None if life.bound is None else int(life.bound), int(life.tt), life.cut,
            _jv(life.alpha), _jv(life.beta), changes, name(self.trace, nid), self.trace.move_name(nid),
        ]

    def _remember(self, v: float | None) -> None:
        """Non-whole values are formatted here, so the page shows them as Python does,
        keyed by the text JavaScript's ``String(v)`` gives."""
        if v is None or isinstance(v, int) or math.isinf(v) or float(v).is_integer():
            return
        for x in (v, -v):
            self._fmt[js_string(float(x))] = fmt(x)

    # --- per-step panels -----------------------------------------------------------------
    def stepper(self, perspective: Perspective) -> Stepper:
        """The pure step logic that writes the sentences."""
        if perspective not in self._steppers:
            self._steppers[perspective] = Stepper(self.trace, perspective=perspective)
        return self._steppers[perspective]

    def chunk(self, index: int) -> dict[str, Any]:
        """Sentences, pseudocode lines and current nodes of steps ``index * CHUNK`` on."""
        if index in self._chunks:
            return self._chunks[index]
        n = len(self.trace)
        if not 0 <= index * CHUNK <= n:
            raise InputError(f"chunk {index!r} is outside 0..{n // CHUNK}")
        start, stop = index * CHUNK, min((index + 1) * CHUNK, n + 1)
        trace, tl = self.trace, self.timeline
        sentences: list[list[str]] = []
        lines: list[str] = []
        for p in PERSPECTIVES:
            stepper = self.stepper(p)
            texts, codes = [], []
            listing = self.listings[p]
            for k in range(start, stop):
                ev = trace.event(k - 1) if k else None
                texts.append(stepper.sentence(ev))
                if ev is None:
                    codes.append(chr(48))
                    continue
                hit = ev.kind == EventKind.EXIT and trace.nodes[ev.node].ending == Ending.TT
                maximizing = sign(trace, ev.node, "minimax") > 0
                line = line_of(listing, ev, exit_of_tt_hit=hit, maximizing=maximizing)
                codes.append(chr(48 + (line or 0)))
            sentences.append(texts)
            lines.append("".join(codes))
        c = tl.counters(start)
        out = {
            "current": tl.current[start:stop], "sentences": sentences, "lines": lines,
            "base": [c.nodes, c.leaves, c.cutoffs, c.tt_hits],
        }
        self._chunks[index] = out
        return out

    # --- all of it -------------------------------------------------------------------------
    def data(self, *, chunks: Literal["all", "first"] = "all") -> dict[str, Any]:
        """The scene as JSON-able data.  ``chunks``: ``all`` (a page), or ``first`` (a
        widget on a big trace, which asks for the rest as the reader goes)."""
        n = len(self.trace)
        wanted = range(n // CHUNK + 1) if chunks == "all" else range(1)
        chunk_data = {str(i): self.chunk(i) for i in wanted}
        return {
            "v": 1,
            "n": n,
            "kinds": self.timeline.kinds,
            "first_player": self.first_player,
            "title": self.title,
            "interval": self.interval,
            "chunk": CHUNK,
            "chunks": chunk_data,
            "passes": [[first, root] for first, root, _ in self.passes],
            "views": [self.view_data(i) for i in range(len(self.views))],
            "listings": {p: list(LISTINGS[self.listings[p]]) for p in PERSPECTIVES},
            "fmt": dict(sorted(self._fmt.items())),
            "legend": {p: legend_html(p, self.first_player) for p in PERSPECTIVES},
            "css": css(),
        }

    def view_data(self, index: int) -> dict[str, Any]:
        """View ``index`` as JSON-able data."""
        return {k: v for k, v in self.views[index].items() if not k.startswith("_")}


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


# ------------------------------------------------------------------------------ look
def css() -> str:
    """The stepper's style sheet: every state a colour from :mod:`negaviz.render.styles`
    and a second cue (border, double border, dashes, faintness, a word in the label)."""
    c = OKABE_ITO
    hl = tint(c["yellow"], 0.6)
    return f"""
.negaviz-stepper {{ font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; font-size: 13px; color: #222; outline: none; }}
.negaviz-stepper:focus-visible {{ box-shadow: 0 0 0 2px {c["blue"]}; }}
.negaviz-stepper button {{ font: inherit; padding: 2px 8px; margin: 0 2px; cursor: pointer; }}
.negaviz-stepper button:disabled {{ cursor: default; opacity: .45; }}
.negaviz-stepper .nv-bar {{ display: flex; flex-wrap: wrap; align-items: center; gap: 4px; margin: 2px 0; }}
.negaviz-stepper .nv-slider {{ width: 380px; max-width: 60vw; }}
.negaviz-stepper .nv-steplabel {{ min-width: 130px; font-variant-numeric: tabular-nums; }}
.negaviz-stepper .nv-sentence {{ font-size: 14px; margin: 4px 0; min-height: 2.8em; }}
.negaviz-stepper .nv-main {{ display: flex; align-items: flex-start; gap: 8px; }}
.negaviz-stepper .nv-treebox {{ flex: 1 1 0%; min-width: 240px; border: 1px solid #DDD; position: relative; contain: layout paint; }}
.negaviz-stepper .nv-tree {{ overflow: hidden; cursor: grab; touch-action: none; }}
.negaviz-stepper .nv-tree {{ position: relative; }}
.negaviz-stepper .nv-tree svg {{ display: block; position: absolute; left: 0; top: 0; will-change: transform; }}
.negaviz-stepper .nv-tree text {{ font-family: Helvetica, Arial, sans-serif; }}
.negaviz-stepper .nv-zoom {{ position: absolute; right: 2px; top: 2px; z-index: 1; }}
.negaviz-stepper .nv-zoom button {{ padding: 0 6px; font-size: 12px; opacity: .85; }}
.negaviz-stepper .nv-note {{ font-size: 12px; color: #555; padding: 2px 4px; }}
.negaviz-stepper .nv-side {{ flex: 0 0 460px; width: 460px; overflow-x: auto; display: flex; flex-direction: column; gap: 6px; }}
.negaviz-stepper table {{ border-collapse: collapse; font-size: 12px; }}
.negaviz-stepper caption {{ text-align: left; font-weight: bold; }}
.negaviz-stepper th, .negaviz-stepper td {{ border: 1px solid #BBB; padding: 1px 6px; text-align: left; white-space: nowrap; }}
.negaviz-stepper th {{ background: #EEE; }}
.negaviz-stepper tr.nv-here {{ background: {hl}; font-weight: bold; }}
.negaviz-stepper .nv-empty {{ color: #666; }}
.negaviz-stepper .nv-code {{ font-size: 12px; line-height: 1.35; margin: 0; padding: 4px; background: #FAFAFA; border: 1px solid #DDD; overflow-x: auto; }}
.negaviz-stepper .nv-code .nv-hl {{ background: {hl}; font-weight: bold; }}
.negaviz-stepper .nv-keys, .negaviz-stepper .nv-legend {{ font-size: 11px; color: #555; margin-top: 4px; }}
.negaviz-stepper .nv-legend span.sw {{ display: inline-block; width: 14px; height: 10px; vertical-align: middle; margin: 0 3px 0 10px; border: 1px solid #000; }}
.negaviz-stepper .nv-panes.nv-compare {{ display: flex; gap: 12px; }}
.negaviz-stepper .nv-panes.nv-compare > .nv-pane {{ flex: 1 1 0%; min-width: 0; }}
.negaviz-stepper .nv-title {{ font-weight: bold; }}
.negaviz-stepper .nv-side-compact {{ flex-basis: 300px; width: 300px; }}
.negaviz-stepper .nv-side-compact .nv-code {{ display: none; }}
.negaviz-stepper g.node {{ cursor: pointer; }}
.negaviz-stepper g.nv-faint {{ opacity: .16; }}
.negaviz-stepper g.edge.nv-faint {{ opacity: .16; }}
.negaviz-stepper .nv-outer {{ stroke: none; }}
.negaviz-stepper g.nv-exact .nv-shape {{ fill: #FFFFFF; stroke: {c["black"]}; stroke-width: 1; }}
.negaviz-stepper g.nv-lower .nv-shape {{ fill: {tint(c["sky_blue"], 0.35)}; stroke: {c["blue"]}; stroke-width: 1; }}
.negaviz-stepper g.nv-upper .nv-shape {{ fill: {tint(c["yellow"], 0.45)}; stroke: {c["black"]}; stroke-width: 1; }}
.negaviz-stepper g.nv-active .nv-shape {{ fill: {tint(c["orange"], 0.2)}; stroke: {c["orange"]}; stroke-width: 2.5; }}
.negaviz-stepper g.nv-current .nv-shape {{ fill: {tint(c["orange"], 0.45)}; stroke: {c["vermillion"]}; stroke-width: 2.5; }}
.negaviz-stepper g.nv-current .nv-outer {{ stroke: {c["vermillion"]}; stroke-width: 1.5; }}
.negaviz-stepper g.nv-tt .nv-shape {{ fill: {tint(c["bluish_green"], 0.3)}; }}
.negaviz-stepper g.nv-cut .nv-shape {{ stroke: {c["reddish_purple"]}; stroke-width: 2.5; }}
.negaviz-stepper g.nv-only .nv-shape {{ stroke-dasharray: 6 2; }}
.negaviz-stepper g.nv-only {{ filter: drop-shadow(0 0 2px {c["reddish_purple"]}); }}
.negaviz-stepper g.nv-ghost .nv-shape {{ stroke: {GREY}; fill: none; }}
.negaviz-stepper g.nv-waiting .nv-shape {{ stroke-dasharray: 1.5 2.5; }}
.negaviz-stepper g.nv-pruned .nv-shape {{ stroke-dasharray: 5 3; }}
.negaviz-stepper g.edge.nv-pv path, .negaviz-stepper g.edge.nv-pv polygon {{ stroke: {c["blue"]}; stroke-width: 3.5; }}
.negaviz-stepper g.edge.nv-pv polygon {{ fill: {c["blue"]}; }}
.negaviz-stepper g.edge.nv-pruned path {{ stroke-dasharray: 5 3; }}
.negaviz-stepper g.edge.nv-waiting path {{ stroke-dasharray: 1.5 2.5; }}
.negaviz-stepper:not(.nv-show-windows) .nv-w {{ display: none; }}
"""


def legend_html(perspective: Perspective, first: int) -> str:
    """What the colours, borders and marks mean, and how values are shown."""
    check_perspective(perspective)
    c = OKABE_ITO
    entries = [
        (tint(c["orange"], 0.45), c["vermillion"], "2.5px double", "current node (double border)"),
        (tint(c["orange"], 0.2), c["orange"], "2.5px solid", "on the call stack (bold border)"),
        ("#FFFFFF", c["black"], "1px solid", "returned, exact"),
        (tint(c["sky_blue"], 0.35), c["blue"], "1px solid", "returned a lower bound (≥)"),
        (tint(c["yellow"], 0.45), c["black"], "1px solid", "returned an upper bound (≤)"),
        ("#FFFFFF", c["reddish_purple"], "2.5px solid", "cutoff here (“cut”)"),
        (tint(c["bluish_green"], 0.3), c["black"], "1px solid", "ended by a table hit (“TT”)"),
        ("#FFFFFF", GREY, "1px dotted", "move not tried yet"),
        ("#FFFFFF", GREY, "1px dashed", "pruned: never visited"),
    ]
    swatches = "".join(
        f'<span class="sw" style="background:{bg};border:{line} {border}"></span>{html.escape(text)}'
        for bg, border, line, text in entries
    )
    if perspective == "minimax":
        odd = "odd" if first == 0 else "even"
        view = f"minimax view: values for the first player (▲ max); values at ▼ min nodes ({odd} depth) negated."
    else:
        view = "negamax view: each value is for the side to move there (▲ first player, ▼ second)."
    return (
        f"<div>{html.escape(view)} Faint: not visited yet. The thick blue line is the best line so far.</div>"
        f"<div>{swatches}</div>"
    )
