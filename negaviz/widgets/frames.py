"""What one step looks like, pre-rendered: the tree as inline SVG, the panels as HTML.

The stepping widgets and the offline HTML export show the same things at step k, and
both get them from here:

* :class:`Views` gives the pure step logic's :class:`~negaviz.analysis.steps.StepView`
  for any step and perspective (one sentence, the call-stack frames, the pseudocode
  line, the counters);
* :class:`FrameCache` renders the tree at a step with :func:`negaviz.render.draw` and dot,
  as inline SVG, and keeps recent frames in an LRU cache keyed by
  ``(step, perspective, windows)``; it can pre-render neighbouring steps on a
  background thread, so stepping forward usually finds its frame ready;
* :func:`stack_rows`, :func:`stack_html`, :func:`code_html`, :func:`counters_html` and
  :func:`sentence_html` turn a view into the panels' HTML (inline styles only, so the
  HTML works inside an ipywidgets ``HTML`` widget and in a page with no stylesheet).

Nothing here imports ipywidgets: the export uses it without a notebook.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> views = Views(trace)
>>> view = views.view(2, "negamax")
>>> view.sentence
'Enter B with window (α, β) = (−∞, ∞).'
>>> stack_rows(trace, view, "negamax")
[('A', '0', '−∞', '∞', '–', 'B'), ('B', '1', '−∞', '∞', '–', '')]
"""

from __future__ import annotations

import copy
import html
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext
from typing import Any, ContextManager

from negaviz.analysis.pseudocode import LISTINGS
from negaviz.analysis.steps import PERSPECTIVES, Stepper, StepView, fmt, sign
from negaviz.errors import InputError
from negaviz.render import default_node_style, draw, to_svg
from negaviz.render.fold import snapshot
from negaviz.render.styles import OKABE_ITO, NodeView, tint
from negaviz.trace.replay import State
from negaviz.trace.trace import Trace

__all__ = [
    "FULL_REPLAY_MAX_EVENTS", "FrameKey", "FrameCache", "Views", "inline_svg", "scope_ids", "scroll_box",
    "stack_rows", "stack_html", "code_html", "counters_html", "sentence_html", "STACK_COLUMNS",
]

FrameKey = tuple[int, str, bool]
"""``(step, perspective, windows)``: what a cached frame depends on (besides the cache's
trace, ``max_nodes`` and node style, which are fixed per cache)."""

FULL_REPLAY_MAX_EVENTS = 50_000
"""Up to this many events, the panels come from :class:`~negaviz.trace.Replay` (the
state of every node); beyond it, from the call stack alone (see :class:`StackReplay`)."""

STACK_COLUMNS = ("node", "depth", "α", "β", "best so far", "trying")
"""Columns of the call-stack table, root first, current node last."""

HIGHLIGHT = tint(OKABE_ITO["yellow"], 0.6)
"""Background of the executed pseudocode line and of the current stack frame."""


# ------------------------------------------------------------------------ step views
class StackReplay:
    """A stand-in for :class:`~negaviz.trace.Replay` that knows only the call stack.

    ``Replay.state_at(k)`` holds every node entered so far, so on a trace with half a
    million nodes it costs a tenth of a second or more per step.  The stepper's panels
    need only the nodes on the stack, which :func:`negaviz.render.fold.snapshot` finds
    from their own events in a few milliseconds.  The returned :class:`State` has the
    same stack and last event, and ``nodes`` holds the stack's nodes only.
    Single-root traces only (``snapshot`` follows the first root).
    """

    def __init__(self, trace: Trace) -> None:
        self.trace = trace

    def __len__(self) -> int:
        return len(self.trace)

    def state_at(self, step: int) -> State:
        snap = snapshot(self.trace, step)
        last = self.trace.event(step - 1) if step else None
        return State(step, dict(snap.live), snap.stack, last)


class Views:
    """Step views of one trace in either perspective, sharing one replay.

    ``full_replay``: True to compute each step's state with
    :class:`~negaviz.trace.Replay`, False with :class:`StackReplay`, None (the default)
    to choose by size: Replay up to :data:`FULL_REPLAY_MAX_EVENTS` events, and always
    for traces with several roots (iterative deepening, MTD(f)).
    """

    def __init__(self, trace: Trace, *, full_replay: bool | None = None) -> None:
        self.trace = trace
        _ = trace.nodes  # decode once, here, not on a worker thread
        if full_replay is None:
            full_replay = len(trace) <= FULL_REPLAY_MAX_EVENTS or len(trace.roots()) > 1
        self.full_replay = full_replay
        first = Stepper(trace, perspective="negamax")
        if not full_replay:
            first.replay = StackReplay(trace)  # type: ignore[assignment]  # duck-typed: only state_at is used
        self._steppers: dict[str, Stepper] = {"negamax": first}

    def __len__(self) -> int:
        return len(self.trace)

    def stepper(self, perspective: str) -> Stepper:
        """The pure step logic for ``perspective``."""
        if perspective not in PERSPECTIVES:
            raise InputError(f"unknown perspective: {perspective!r} (must be one of {list(PERSPECTIVES)})")
        if perspective not in self._steppers:
            # A Stepper keeps nothing per perspective but `.perspective`: a shallow copy
            # shares the replay's checkpoints and the prefix counts (seconds to rebuild
            # on a big trace).
            other = copy.copy(self._steppers["negamax"])
            other.perspective = perspective
            self._steppers[perspective] = other
        return self._steppers[perspective]

    def view(self, step: int, perspective: str = "negamax") -> StepView:
        """What the stepper shows beside the tree after ``step`` events."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.trace):
            raise InputError(f"step {step!r} is outside 0..{len(self.trace)} (the trace has {len(self.trace)} events)")
        return self.stepper(perspective).view(step)


# ------------------------------------------------------------------------ panels
def stack_rows(trace: Trace, view: StepView, perspective: str) -> list[tuple[str, str, str, str, str, str]]:
    """The call stack as display strings, root first: see :data:`STACK_COLUMNS`.

    Values are shown in ``perspective``; in the minimax view the window of a node where
    the second player moves is negated and swapped, as the step sentences write it.
    """
    rows = []
    for f in view.frames:
        s = sign(trace, f.node, perspective)
        alpha, beta = f.alpha, f.beta
        if s < 0:
            alpha, beta = (None if beta is None else -beta), (None if alpha is None else -alpha)
        best = None if f.best is None else s * f.best
        rows.append((f.name, str(f.depth), fmt(alpha), fmt(beta), fmt(best), f.trying))
    return rows


_TABLE = "border-collapse:collapse;font-size:12px;font-family:inherit;line-height:1.3"
_CELL = "border:1px solid #BBBBBB;padding:1px 6px;text-align:left;white-space:nowrap"


def stack_html(rows: Sequence[Sequence[str]]) -> str:
    """The call-stack table; the current frame (the last row) is bold and shaded."""
    head = "".join(f'<th style="{_CELL};background:#EEEEEE">{html.escape(c)}</th>' for c in STACK_COLUMNS)
    body = []
    for i, row in enumerate(rows):
        current = i == len(rows) - 1
        style = f' style="background:{HIGHLIGHT};font-weight:bold"' if current else ""
        cls = ' class="current"' if current else ""
        cells = "".join(f'<td style="{_CELL}">{html.escape(c)}</td>' for c in row)
        body.append(f"<tr{cls}{style}>{cells}</tr>")
    if not rows:
        body.append(f'<tr><td colspan="{len(STACK_COLUMNS)}" style="{_CELL};color:#666666">(empty: no call running)</td></tr>')
    return (
        f'<table class="negaviz-stack" style="{_TABLE}"><caption style="text-align:left;font-weight:bold">'
        f"call stack</caption><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def code_html(listing: str, line: int | None) -> str:
    """The pseudocode ``listing`` as a ``<pre>``, line ``line`` (1-based) highlighted."""
    out = []
    for i, text in enumerate(LISTINGS[listing], start=1):
        mark = "▶" if i == line else " "
        attrs = f' class="hl" style="background:{HIGHLIGHT};font-weight:bold"' if i == line else ""
        out.append(f'<span data-line="{i}"{attrs}>{mark} {html.escape(text)}</span>')
    return (
        '<pre class="negaviz-code" style="font-size:12px;line-height:1.35;margin:0;padding:4px;white-space:pre;'
        'overflow-x:auto;background:#FAFAFA;border:1px solid #DDDDDD">' + "\n".join(out) + "</pre>"
    )


def counters_html(view: StepView) -> str:
    """Step number and the counters so far, as a small table."""
    c = view.counters
    items = (
        ("step", f"{view.step:,} of {view.total:,}"), ("nodes", f"{c.nodes:,}"), ("leaves", f"{c.leaves:,}"),
        ("cutoffs", f"{c.cutoffs:,}"), ("TT hits", f"{c.tt_hits:,}"),
    )
    rows = "".join(
        f'<tr><th style="{_CELL};background:#EEEEEE">{k}</th><td style="{_CELL}" data-counter="{k}">{v}</td></tr>'
        for k, v in items
    )
    return f'<table class="negaviz-counters" style="{_TABLE}">{rows}</table>'


def sentence_html(view: StepView) -> str:
    """The step's sentence, as one paragraph."""
    return (
        '<p class="negaviz-sentence" style="font-size:14px;line-height:1.4;margin:4px 0;white-space:normal">'
        f"{html.escape(view.sentence)}</p>"
    )


# ------------------------------------------------------------------------ SVG frames
_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->\n?", re.DOTALL)
_XMLNS = re.compile(r'\s+xmlns(?::xlink)?="[^"]*"')


def scroll_box(svg: str, max_height: str = "560px") -> str:
    """``svg`` in a box that scrolls when the drawing is larger (for ``HTML`` widgets).

    ``width:0;min-width:100%``: the box fills its widget but does not widen it, so a
    wide drawing scrolls instead of spilling over the panels beside it.
    """
    return (
        '<div class="negaviz-tree" style="overflow:auto;width:0;min-width:100%;'
        f'max-height:{max_height};line-height:normal">{svg}</div>'
    )


def inline_svg(svg: str) -> str:
    """dot's SVG document made fit to sit inside HTML: no XML prolog, DOCTYPE or
    comments, and no namespace declarations (HTML puts ``<svg>`` in its namespace by
    itself), so the text names no URL at all."""
    svg = _PROLOG.sub("", svg, count=1)
    svg = _COMMENT.sub("", svg)
    head, sep, rest = svg.partition(">")
    return _XMLNS.sub("", head) + sep + rest.rstrip() + "\n"


_ID = re.compile(r'\b(id="|url\(#|href="#)([^")]+)')


def scope_ids(svg: str, prefix: str) -> str:
    """Every ``id`` in ``svg`` and every reference to one prefixed with ``prefix``, so two
    drawings on one page cannot take each other's gradients (ids are document-wide)."""
    return _ID.sub(lambda m: m.group(1) + prefix + m.group(2), svg)


NodeStyle = Callable[[NodeView], dict[str, str]]


class FrameCache:
    """Rendered frames of one trace: inline SVG, least recently used dropped first.

    ``max_nodes`` and ``node_style`` go to :func:`negaviz.render.draw`;
    ``max_bytes`` bounds the cache, counted in characters of SVG (a tic-tac-toe frame of
    400 boards is about 0.7 MB, a textbook frame a few kB).  :meth:`prefetch` renders steps on one background
    thread; :meth:`get` returns a cached frame at once, waits for one being rendered,
    or renders it.  Games that move one object (``MutableGame``) are drawn one at a
    time: hold :attr:`lock` around anything else that reads positions.
    """

    def __init__(
        self,
        trace: Trace,
        *,
        max_nodes: int = 400,
        node_style: NodeStyle = default_node_style,
        max_bytes: int = 96 * 2**20,
        id_prefix: str = "",
    ) -> None:
        _ = trace.nodes  # decode once, before any worker thread reads the trace
        self.trace = trace
        self.max_nodes = max_nodes
        self.node_style = node_style
        self.max_bytes = max_bytes
        self.id_prefix = id_prefix
        self._frames: OrderedDict[FrameKey, str] = OrderedDict()
        self._bytes = 0
        self._mutex = threading.Lock()  # guards _frames, _bytes, _pending and the counts
        self._pending: dict[FrameKey, Future[str]] = {}
        self._executor: ThreadPoolExecutor | None = None
        mutable = callable(getattr(trace.game, "restore", None))
        self.lock: ContextManager[Any] = threading.RLock() if mutable else nullcontext()
        """Held while drawing; a no-op unless the game moves one object to answer."""
        self.hits = 0
        """Frames served from the cache (or from a prefetch already under way)."""
        self.misses = 0
        """Frames rendered on demand."""

    # --- rendering ------------------------------------------------------------------
    def check_key(self, step: int, perspective: str, windows: bool) -> FrameKey:
        """The cache key of a frame, or an InputError naming what is allowed."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.trace):
            raise InputError(f"step {step!r} is outside 0..{len(self.trace)} (the trace has {len(self.trace)} events)")
        if perspective not in PERSPECTIVES:
            raise InputError(f"unknown perspective: {perspective!r} (must be one of {list(PERSPECTIVES)})")
        return (step, perspective, bool(windows))

    def digraph(self, key: FrameKey) -> Any:
        """The ``graphviz.Digraph`` of frame ``key`` (not laid out yet)."""
        step, perspective, windows = key
        with self.lock:
            return draw(
                self.trace, step=step, perspective=perspective, windows=windows,
                max_nodes=self.max_nodes, node_style=self.node_style,
            )

    def finish(self, digraph: Any) -> str:
        """Lay ``digraph`` out with dot and make it inline SVG (thread-safe: no trace access)."""
        svg = inline_svg(to_svg(digraph))
        return scope_ids(svg, self.id_prefix) if self.id_prefix else svg

    def render(self, key: FrameKey) -> str:
        """Frame ``key`` rendered now, bypassing (and not filling) the cache."""
        return self.finish(self.digraph(key))

    # --- the cache ------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._frames)

    def __contains__(self, key: object) -> bool:
        return key in self._frames

    @property
    def nbytes(self) -> int:
        """Characters of SVG held."""
        return self._bytes

    def _store(self, key: FrameKey, svg: str) -> None:
        with self._mutex:
            if key in self._frames:
                return
            self._frames[key] = svg
            self._bytes += len(svg)
            while self._bytes > self.max_bytes and len(self._frames) > 1:
                _, old = self._frames.popitem(last=False)
                self._bytes -= len(old)

    def get(self, step: int, perspective: str = "negamax", windows: bool = False) -> str:
        """The frame after ``step`` events, as inline SVG."""
        key = self.check_key(step, perspective, windows)
        with self._mutex:
            svg = self._frames.get(key)
            if svg is not None:
                self._frames.move_to_end(key)
                self.hits += 1
                return svg
            pending = self._pending.get(key)
            if pending is not None and pending.cancel():  # queued, not started: draw it here
                del self._pending[key]
                pending = None
            if pending is not None:
                self.hits += 1
            else:
                self.misses += 1
        if pending is not None:
            return pending.result()  # a prefetch is drawing it right now
        svg = self.render(key)
        self._store(key, svg)
        return svg

    def prefetch(self, keys: Iterable[FrameKey]) -> None:
        """Render ``keys`` in the background, in order; pending prefetches not among
        them are dropped (the reader has moved on)."""
        wanted = [k for k in dict.fromkeys(keys) if 0 <= k[0] <= len(self.trace)]
        with self._mutex:
            for key, fut in list(self._pending.items()):
                if key not in wanted and fut.cancel():
                    del self._pending[key]
            todo = [k for k in wanted if k not in self._frames and k not in self._pending]
            if not todo:
                return
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="negaviz-frames")
            for key in todo:
                self._pending[key] = self._executor.submit(self._background, key)

    def _background(self, key: FrameKey) -> str:
        try:
            svg = self.render(key)
            self._store(key, svg)
            return svg
        finally:
            with self._mutex:
                self._pending.pop(key, None)

    def wait(self) -> None:
        """Block until every prefetch under way has finished (for tests and benchmarks)."""
        while True:
            with self._mutex:
                futures = list(self._pending.values())
            if not futures:
                return
            for fut in futures:
                if not fut.cancelled():
                    fut.exception()  # waits; errors surface when the frame is asked for

    def render_many(self, keys: Sequence[FrameKey], *, jobs: int = 2, keep: bool = False) -> list[str]:
        """Frames ``keys`` in order, with up to ``jobs`` dot processes at once (for export).

        Graphs are built on this thread and laid out on ``jobs`` threads.  Frames already
        cached are reused; new ones are kept only if ``keep`` (an export of thousands of
        frames would only flush the cache).
        """
        out: list[str | Future[str]] = []
        with ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="negaviz-export") as pool:
            for key in keys:
                cached = self._frames.get(key)
                out.append(cached if cached is not None else pool.submit(self.finish, self.digraph(key)))
            svgs = [x if isinstance(x, str) else x.result() for x in out]
        if keep:
            for key, svg in zip(keys, svgs):
                self._store(key, svg)
        return svgs

    def close(self) -> None:
        """Stop the background thread (pending prefetches are dropped)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
            with self._mutex:
                self._pending.clear()
