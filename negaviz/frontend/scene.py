"""A trace made ready for the browser: laid out once, painted at every step.

A :class:`Scene` holds what the front-end (``stepper.js``) needs to show any step of a
trace with no kernel and no further layout:

* **views**: drawings laid out once (by dot here, or in the browser by the bundled
  Graphviz: see ``layout``), each holding at most ``max_nodes`` nodes (the folding of
  :mod:`negaviz.layout.fold`).  A trace that fits is one view; a bigger one gets a view
  around each part of the search, laid out when a step first needs it.  A view is drawn
  from the tree's shape and the game's labels alone (:mod:`negaviz.frontend.scene_layout`): no value,
  bound, cut, best line or pruned move is in it, since it is shown from its first step
  on.  Labels hold fixed-size cells for the texts that change (value, window, marks),
  which the front-end fills in at each step, so a node sits at the same place at every
  step;
* **lives**: for every drawn node, when it is entered and returns and what changes it
  while it is on the stack (:class:`negaviz.trace.timeline.Timeline`);
* **chunks** of steps: each step's sentence and pseudocode line in both perspectives, and
  the node the search is at.  A given tree (a textbook tree drawn whole from step 0)
  names its items by their place in the tree (``t``, ``t_0``, ``t_1_2``), alike for the
  nodes the search enters and those it never does, and its view holds no life: which
  item each trace node is, when an item is pruned, and the lives come with the chunk of
  steps that reaches them (:attr:`Scene.places`), so nothing drawn tells the order of
  entry or what is pruned;
* the event kind of every step (for the jumps) and the style sheet and legend.

The views are laid out by :mod:`negaviz.frontend.scene_views`; the records are written as
:mod:`negaviz.frontend.scene_data` names their fields.

:meth:`Scene.data` is plain JSON-able data.  The widgets send it over the widget comm;
:func:`negaviz.frontend.page.page_html` writes it into a self-contained page.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> scene = Scene(trace)
>>> data = scene.data()
>>> data["n"], data["kinds"], len(data["views"])
(18, 'EEELBELBRBEELBXRCR', 1)
>>> [item[:3] for item in data["views"][0]["items"]][:4]  # a given tree's items: named by their place only
[['t', 'p', -1], ['t_0', 'p', -1], ['t_1', 'p', -1], ['t_0_0', 'p', -1]]
>>> data["chunks"]["0"]["places"][:3]  # (step, view, item, trace node): the steps say which item is which node
[[0, 0, 't', 0, 0], [1, 0, 't_0', 1, 0], [2, 0, 't_0_0', 2, 0]]
>>> data["chunks"]["0"]["sentences"][0][4]
'D is a leaf: its value is 7.'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal, cast, get_args

from negaviz.analysis.diff import TreeChange
from negaviz.analysis.pseudocode import LISTINGS, line_of, listing_for
from negaviz.analysis.steps import Stepper, first_player, opts_cut, sign, windowed
from negaviz.errors import InputError
from negaviz.extras import dot_installed
from negaviz.frontend.edit_result import result_data
from negaviz.frontend.scene_data import CODES, SCHEMA, _jv, _record, js_string
from negaviz.frontend.scene_views import add_view, grow_view
from negaviz.layout.growth import Spans
from negaviz.render import labels
from negaviz.layout.fold import Sizes, given_plan, snapshot
from negaviz.quiz.answers import submit_data
from negaviz.quiz.practice import check_practice, practice_data
from negaviz.quiz.vote import vote_page
from negaviz.frontend.qr import qr_rows
from negaviz.frontend.style import css, legend_html
from negaviz.render.builder import NODE_ATTR, Builder
from negaviz.render.tree import check_max_nodes
from negaviz.search.events import EventKind
from negaviz.trace.timeline import timeline_of
from negaviz.trace.trace import Ending, Trace, check_trace
from negaviz.vocabulary import PERSPECTIVES, STACK_COLUMNS, STACK_COLUMNS_PLAIN, Perspective, check_flag, check_int, check_text, fmt, printable

__all__ = ["Scene"]

CHUNK = 4096
"""Steps per chunk of per-step panel data."""
MAX_PAGE_EVENTS = 100_000
"""The most events one page (or a notebook's static form) holds."""

Layout = Literal["auto", "dot", "browser"]
"""Where a scene's views are laid out (:class:`Scene`'s ``layout``)."""
LAYOUTS: tuple[Layout, ...] = get_args(Layout)

DOT_NODES = 4_000
"""The most nodes a search may have for ``layout="auto"`` to lay it out with ``dot``.

Every node is laid out about once, in one view or another, so dot's work grows with the
search's nodes (about 0.8 ms a node).  A view's SVG takes about 340 bytes a node more
than its DOT source, and a page laid out in the browser carries the 1.2 MB Graphviz
once: beyond about 3,500 nodes that page is the smaller one, and much the faster to
write (the full alpha-beta search of tic-tac-toe, 18,297 nodes: 8.2 MB and three times
the time with dot; ``benchmarks/bench_export_big.py``).  Its first view is laid out by
``dot`` all the same (:attr:`Scene.first_by_dot`), so the page opens as fast.  Every search
a notebook stores is far below this, so its steppers keep their SVG."""


def auto_layout(trace: Trace, layout: Layout) -> Layout:
    """Where ``layout`` lays out ``trace``'s views: ``auto`` is ``dot`` where the program
    is installed and the search has at most :data:`DOT_NODES` nodes, else ``browser``.

    >>> import negaviz
    >>> auto_layout(negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta"), "auto")
    'browser'
    >>> auto_layout(negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta"), "dot")
    'dot'
    """
    if layout != "auto":
        return layout
    return "dot" if len(trace.nodes) <= DOT_NODES and dot_installed() else "browser"


TEXT_SIZE = float(NODE_ATTR["fontsize"])
"""Graphviz points of a node's label text: the front-end opens a view fitted only when
its labels then read."""

# ------------------------------------------------------------------------------ the scene
class Scene:
    """Everything the browser needs to step through ``trace``; see the module docstring.

    ``max_nodes``: the most nodes in one view.  ``title``: shown above a comparison's
    panes and in a page's heading.  ``only``: node numbers to mark as visited by this
    search only (a comparison).  ``interval``: milliseconds between steps while playing.
    ``layout``: where views are laid out: ``dot`` (here, by Graphviz's ``dot``: each
    view carries its SVG), ``browser`` (in the reader's browser, by the Graphviz bundled
    with the front-end: each view carries its DOT source, a fraction of the size), or
    ``auto`` (``dot`` where the program is installed and the search has at most
    :data:`DOT_NODES` nodes, else ``browser``: a big search's page is smaller and much
    faster to write laid out in the browser).
    ``tree_text``: carry a textbook tree's text, which the page offers to copy ("copy tree").
    ``cut_names``: names of nodes this search cuts off and the one it is compared with
    visits (an edit's new cutoffs, :class:`~negaviz.widgets.TreeEditor`): marked as
    ``only`` is, once pruned.  ``result``: what an edit changed (the TreeEditor's
    :class:`~negaviz.analysis.diff.TreeChange`): the page says it in a line above the
    picture (:mod:`negaviz.frontend.edit_result`).
    """

    def __init__(
        self, trace: Trace, *, max_nodes: int = 400, title: str = "", only: frozenset[int] = frozenset(),
        interval: int = 600, layout: Layout = "auto", practice: str | None = None, tree_text: bool = False,
        ask: object = None, vote: object = None, site: object = None, collector: object = None,
        vote_perspective: object = "negamax",
        cut_names: frozenset[str] = frozenset(), result: TreeChange | None = None,
    ) -> None:
        check_trace(trace)
        mode = check_practice(trace, practice)
        check_max_nodes(max_nodes)
        title = printable(check_text(title, "title"))
        if not isinstance(only, frozenset):
            raise InputError(f"only must be a frozenset of node numbers, not {type(only).__name__}")
        if not isinstance(cut_names, frozenset):
            raise InputError(f"cut_names must be a frozenset of node names, not {type(cut_names).__name__}")
        check_int(interval, "interval", low=1)
        if layout not in LAYOUTS:
            raise InputError(f"unknown layout: {layout!r} (must be one of {list(LAYOUTS)})")
        self.layout: Layout = auto_layout(trace, layout)
        """``dot`` or ``browser``: where this scene's views are laid out."""
        self.first_by_dot = layout == "auto" and self.layout == "browser" and dot_installed()
        """A big search that ``auto`` lays out in the browser, where ``dot`` is installed:
        its first view is laid out here all the same, so the page shows it at once, while
        the Graphviz it carries starts (for the views after it)."""
        self.trace = trace
        self.max_nodes = max_nodes
        self.title = title
        self.only = only
        self.cut_names = cut_names
        if result is not None and not isinstance(result, TreeChange):
            raise InputError(f"result must be a TreeChange (negaviz.analysis.diff.tree_change), not {type(result).__name__}")
        self.result: dict[str, str] | None = None if result is None else result_data(result, trace)
        """Per perspective, the sentence saying what an edit changed, for the line above the picture (or None)."""
        self.interval = interval
        if ask is not None and mode is None:
            raise InputError("ask chooses the questions of practice: give practice='steps' with it")
        self.practice: dict[str, Any] | None = practice_data(trace, mode, ask) if mode is not None else None
        if self.practice is not None and mode == "tree":  # submit: the record's frame (negaviz.quiz.attempt)
            self.practice["submit"] = submit_data(trace, title or None)
        """What the page needs for practice on the picture (:mod:`negaviz.quiz.practice`), or None."""
        if (site is not None or collector is not None) and vote is None:
            raise InputError("site and collector are for votes: give vote='presenter' (or a question's id) with them")
        if vote is not None and mode is not None:
            raise InputError("a page either practises or votes: give practice or vote, not both")
        if vote_perspective not in PERSPECTIVES:
            raise InputError(f"vote_perspective must be one of {list(PERSPECTIVES)}, not {vote_perspective!r}")
        self.vote: dict[str, Any] | None = None if vote is None else vote_page(
            trace, vote, site=site, collector=collector, perspective=cast(Perspective, vote_perspective))
        """What the page needs for a vote (:func:`negaviz.quiz.vote.vote_page`: the presenter's
        questions, with each follow link's QR code as rows of modules, or a follower's question), or None."""
        for q in self.vote["questions"] if self.vote is not None and self.vote["role"] == "presenter" else []:
            if "link" in q:
                q["qr"] = qr_rows(q["link"])
        text = getattr(trace.game, "text", None)
        self.tree_text: str | None = (
            text() if check_flag(tree_text, "tree_text") and callable(text) and labels.family(trace.game) == "textbook"
            else None)
        """The textbook tree's text the page offers to copy, or None."""
        self.timeline = timeline_of(trace)  # shared with the step logic, which reads it too
        self.first_player = first_player(trace)
        """0 if the first player moves at the root."""
        self.windowed = windowed(trace)
        """Whether the search has windows (plain negamax has none: no α, β on the stack)."""
        passes = trace.passes()
        roots = trace.roots()
        self.passes = [(first, roots[i] if i < len(roots) else 0, part) for i, (first, part) in enumerate(passes)]
        self.views: list[dict[str, Any]] = []
        self._drawn: list[set[int]] = [set() for _ in self.passes]  # per pass: nodes drawn in any view
        opts = trace.result.options if trace.result is not None else None
        algorithm, tt = (opts.algorithm if opts else "alphabeta"), bool(opts and opts.tt)
        hard = bool(opts and opts.fail_hard)
        self.listings: dict[str, str] = {p: listing_for(algorithm, tt, perspective=p, fail_hard=hard, cut=opts_cut(trace))
                                         for p in PERSPECTIVES}
        self._steppers: dict[str, Stepper] = {}
        self._chunks: dict[int, dict[str, Any]] = {}
        self._fmt: dict[str, str] = {}
        self._spans: dict[int, Spans] = {}  # per pass laid out as it grows: its views' spans of steps
        self._grown_views: dict[tuple[int, int], int] = {}  # (pass, first step of a span) -> its view
        self.places: list[tuple[int, int, str, int, int]] = []
        """Where a given tree's view (drawn whole, its items named by place) shows what the
        search does: ``(step, view, title, node, only)``, the trace node ``node`` entered
        at event ``step`` is item ``title`` of view ``view`` (``node`` -1: the item is
        pruned at event ``step``); ``only`` as the item's field.  Sent with the chunks of
        steps that reach them (:meth:`chunk`), never with the view."""
        for p in range(len(self.passes)):
            first, root, part = self.passes[p]
            given = labels.family(part.game) == "textbook" and given_plan(part, snapshot(part, 0), max_nodes)
            if not given:
                self._spans[p] = Spans(self.timeline, root=root, end=root + len(part.nodes), first=first, budget=max_nodes)
            if mode == "tree" and not given:
                raise InputError(f"practice needs the tree drawn whole, and this one has more than max_nodes={max_nodes} "
                                 "nodes: raise max_nodes, or practise on a smaller tree")
            if given:
                add_view(self, p, ())  # the given tree, whole
            else:
                grow_view(self, p, first)  # the start of the search, growing

    # --- views -----------------------------------------------------------------------
    def by_dot(self, index: int) -> bool:
        """Whether view ``index`` is laid out here, by ``dot`` (else in the browser)."""
        return self.layout == "dot" or (self.first_by_dot and index == 0)

    def covers(self, step: int) -> int | None:
        """The index of a view showing ``step`` (one drawing the current node), or None."""
        cur = self.timeline.current[step]
        p = self.pass_of(step)
        if p in self._spans:  # views of a growing search each hold a span of steps
            return self._grown_views.get((p, self._spans[p].start_of(step)))
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
        if p in self._spans:  # the view of the span of steps that holds it
            return grow_view(self, p, self._spans[p].start_of(step), note_new=True)
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
            index = add_view(self, p, keep, note_new=step, budget=budget)
            if self.timeline.current[step] in self.views[index]["_nodes"] or budget > 4 * len(nodes) + 16:
                return index
            self.views.pop()
            self._drawn[p] = set().union(*(v["_nodes"] for v in self.views if v["pass"] == p))
            budget *= 2

    def cover(self, *, on_step: Callable[[], Any] | None = None) -> None:
        """Lay out views until every step is shown by one (for pages, which have no kernel).
        ``on_step``: called once per step looked at (a progress bar's ``update``)."""
        current = self.timeline.current
        for step in range(len(self.trace) + 1):
            cur = current[step]
            p = self.pass_of(step)
            if (cur >= 0 and cur not in self._drawn[p]) or (p in self._spans and self.covers(step) is None):
                self.view_for(step)
            if on_step is not None:
                on_step()

    def _item_name(self, builder: Builder, item: Any, root: int) -> str:
        """How the sentences name a drawn item (screen readers read it)."""
        if item.node >= 0:
            base = self.trace.names.short(item.node + root)
            return base if item.kind == "node" else f"{base} and the nodes below it"
        parent = self.trace.names.short(item.parent + root)
        if item.kind == "group":
            return f"{item.covers:,} nodes in folded subtrees below {parent}"
        if len(item.moves) > 1:
            return f"{len(item.moves)} more moves at {parent}"
        if builder.family == "textbook":
            return builder.item_label(item)
        move = printable(builder.move_text(item.parent, item.moves[0]))
        return move if parent == "the root" else f"{parent} {move}"

    def _life(self, nid: int) -> list[Any]:
        life = self.timeline.lives[nid]
        changes = []
        for ch in life.changes:
            changes.append(_record("change", step=ch.step, kind=ch.kind, value=_jv(ch.value), alpha=_jv(ch.alpha), child=ch.child))
            for v in (ch.value, ch.alpha):
                self._remember(v)
        for x in (life.value, life.alpha, life.beta):
            self._remember(x)
        return _record(
            "life", parent=life.parent, depth=life.depth, enter=life.enter, exit=life.exit, value=_jv(life.value),
            bound=None if life.bound is None else int(life.bound), tt=int(life.tt), cut=life.cut,
            alpha=_jv(life.alpha), beta=_jv(life.beta), changes=changes, name=self.trace.names.short(nid),
            move=printable(self.trace.names.move(nid)), player=(self.first_player + self.trace.side(nid)) % 2,
            chance=int(self.trace.nodes[nid].chance is not None),
        )

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
        lines: list[list[int]] = []
        for p in PERSPECTIVES:
            stepper = self.stepper(p)
            texts: list[str] = []
            codes: list[int] = []
            listing = self.listings[p]
            for k in range(start, stop):
                ev = trace.event(k - 1) if k else None
                texts.append(stepper.sentence(ev))
                if ev is None:
                    codes.append(0)
                    continue
                hit = ev.kind == EventKind.EXIT and trace.nodes[ev.node].ending == Ending.TT
                maximizing = sign(trace, ev.node, "minimax") > 0
                line = line_of(listing, ev, exit_of_tt_hit=hit, maximizing=maximizing,
                               chance=trace.nodes[ev.node].chance is not None)
                codes.append(line or 0)
            sentences.append(texts)
            lines.append(codes)
        c = tl.counters(start)
        out = {
            "current": tl.current[start:stop], "sentences": sentences, "lines": lines,
            "base": [c.nodes, c.leaves, c.cutoffs, c.tt_hits],
        }
        # What a given tree's view shows by the chunk's last step (all of it, so that any
        # chunk serves on its own): nothing of the steps after it.
        reached = [pl for pl in self.places if pl[0] < stop - 1]
        if reached:
            out["places"] = [list(pl) for pl in reached]
            out["lives"] = {str(pl[3]): self._life(pl[3]) for pl in reached if pl[3] >= 0}
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
            "v": 2,
            "layout": self.layout,
            **({"viz_later": True} if self.first_by_dot else {}),  # the first view is here: Graphviz may come after
            "schema": {k: list(v) for k, v in SCHEMA.items()},
            "n": n,
            "kinds": self.timeline.kinds,
            "codes": CODES,
            "perspectives": list(PERSPECTIVES),
            "stack_columns": list(STACK_COLUMNS if self.windowed else STACK_COLUMNS_PLAIN),
            "windowed": self.windowed,
            "text_size": TEXT_SIZE,
            "first_player": self.first_player,
            "title": self.title,
            "only_steps": sorted(self.timeline.lives[n].enter for n in self.only),
            "interval": self.interval,
            "chunk": CHUNK,
            "chunks": chunk_data,
            "passes": [[first, root] for first, root, _ in self.passes],
            "views": [self.view_data(i) for i in range(len(self.views))],
            "listings": {p: list(LISTINGS[self.listings[p]]) for p in PERSPECTIVES},
            "fmt": dict(sorted(self._fmt.items())),
            "legend": {p: legend_html(p, self.first_player, windowed=self.windowed) for p in PERSPECTIVES},
            "css": css(),
            "practice": self.practice,
            **({"vote": self.vote} if self.vote is not None else {}),
            **({"tree_text": self.tree_text} if self.tree_text is not None else {}),
            **({"result": self.result} if self.result is not None else {}),
        }

    def view_data(self, index: int) -> dict[str, Any]:
        """View ``index`` as JSON-able data."""
        return {k: v for k, v in self.views[index].items() if not k.startswith("_")}

