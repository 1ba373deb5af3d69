"""Statistics as matplotlib figures: nodes and cutoffs per depth, branching, comparisons.

Every function takes one trace or a mapping ``{name: trace}`` (e.g. one per algorithm
or option set) and returns a ``matplotlib.figure.Figure`` drawn on the Agg canvas; no
pyplot, so nothing is shown or kept in global state: display the figure in a notebook
or write it with :func:`save_figure`, which makes SVG output byte-identical run to run.
Series differ in hatch or marker as well as colour (Okabe-Ito), so they survive
greyscale printing.  The numbers come from :mod:`negaviz.analysis.stats`.

>>> import negaviz
>>> tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
>>> traces = {a: negaviz.record(tree, algorithm=a) for a in ("negamax", "alphabeta")}
>>> fig = plot_nodes_per_depth(traces)
>>> [[int(bar.get_height()) for bar in bars] for bars in fig.axes[0].containers]
[[1, 2, 5], [1, 2, 3]]
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Literal, Mapping, Sequence, get_args

from negaviz.extras import require
from negaviz.vocabulary import check_flag, check_path, check_text

require("matplotlib", purpose="plotting")

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from negaviz.analysis.stats import Table, compare, summary
from negaviz.errors import InputError
from negaviz.render.styles import OKABE_ITO
from negaviz.trace.trace import Trace

__all__ = [
    "plot_nodes_per_depth", "plot_cutoffs_per_depth", "plot_branching", "plot_comparison", "plot_ladder",
    "save_figure", "SVG_SALT",
]

Traces = Trace | Mapping[str, Trace]

COLOURS = tuple(OKABE_ITO[c] for c in ("blue", "orange", "bluish_green", "vermillion", "reddish_purple", "sky_blue", "black"))
HATCHES = ("", "//", "..", "xx", "\\\\", "++", "--")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
Metric = Literal["nodes", "leaves", "cutoffs", "tt_hits", "depth", "ebf"]
"""A column of :func:`negaviz.analysis.compare` that :func:`plot_comparison` can show."""
METRICS: tuple[Metric, ...] = get_args(Metric)
"""What :func:`plot_comparison` can show: nodes, leaves, cutoffs, tt_hits, depth, ebf."""
FIGURE_FORMATS = {".svg": {"Date": None}, ".pdf": {"CreationDate": None}, ".png": None}
"""Extensions :func:`save_figure` writes, with the metadata that keeps them reproducible."""
SVG_SALT = "negaviz"
"""``svg.hashsalt``: fixes the ids matplotlib writes into SVG (random otherwise)."""


def _check(log: bool = False, title: str | None = None) -> None:
    check_flag(log, "log")
    check_text(title, "title", none=True)


def _named(traces: Traces) -> dict[str, Trace]:
    """A mapping of traces; a single trace is named after its algorithm."""
    if isinstance(traces, Trace):
        result = traces.result
        return {result.options.algorithm if result is not None else "trace": traces}
    if not isinstance(traces, Mapping):
        raise InputError(f"traces must be a trace, or a mapping of names to traces, not {type(traces).__name__}")
    named = dict(traces)
    if not named:
        raise InputError("a plot needs at least one trace, e.g. {'alphabeta': trace}")
    for name, trace in named.items():
        if not isinstance(trace, Trace):
            raise InputError(f"a plot needs traces; {name!r} is a {type(trace).__name__}")
    return named


def _figure() -> tuple[Figure, Axes]:
    fig = Figure(figsize=(6.4, 4.0), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)  # draw with Agg whatever backend the session uses
    return fig, fig.add_subplot()


def _grouped_bars(ax: Axes, series: dict[str, Sequence[float]], *, log: bool) -> None:
    """One bar per level and series, series side by side within each level."""
    k = len(series)
    width = 0.8 / k
    longest = max((len(v) for v in series.values()), default=0)
    for i, (name, values) in enumerate(series.items()):
        xs = [d - 0.4 + width * (i + 0.5) for d in range(len(values))]
        ax.bar(
            xs, values, width, label=name, color=COLOURS[i % len(COLOURS)],
            hatch=HATCHES[i % len(HATCHES)], edgecolor="#333333", linewidth=0.6,
        )
    ax.set_xticks(range(longest))
    ax.set_xlabel("depth (plies below the root)")
    if log:
        ax.set_yscale("log")  # clips at the axis: a zero count draws no bar
    if k > 1:
        ax.legend(frameon=False)


def plot_nodes_per_depth(traces: Traces, *, log: bool = False, title: str | None = None) -> Figure:
    """Bars of nodes entered at each depth, one series per trace; ``log`` for a log scale
    (full game trees grow by orders of magnitude per level)."""
    _check(log, title)
    named = _named(traces)
    fig, ax = _figure()
    _grouped_bars(ax, {n: summary(t).nodes_per_depth for n, t in named.items()}, log=log)
    ax.set_ylabel("nodes" + (" (log scale)" if log else ""))
    ax.set_title(title if title is not None else "nodes per depth")
    return fig


def plot_cutoffs_per_depth(traces: Traces, *, log: bool = False, title: str | None = None) -> Figure:
    """Bars of cutoffs (nodes that skipped moves) at each depth, one series per trace."""
    _check(log, title)
    named = _named(traces)
    fig, ax = _figure()
    _grouped_bars(ax, {n: summary(t).cutoffs_per_depth for n, t in named.items()}, log=log)
    ax.set_ylabel("cutoffs" + (" (log scale)" if log else ""))
    ax.set_title(title if title is not None else "cutoffs per depth")
    return fig


def plot_branching(traces: Traces, *, title: str | None = None) -> Figure:
    """Per-level branching (nodes at depth d / nodes at depth d-1) as points on a line,
    and the effective branching factor as a dashed level line, per trace."""
    _check(title=title)
    named = _named(traces)
    fig, ax = _figure()
    longest = 0
    for i, (name, trace) in enumerate(named.items()):
        s = summary(trace)
        colour = COLOURS[i % len(COLOURS)]
        xs = list(range(1, len(s.ratios) + 1))
        longest = max(longest, len(xs))
        ax.plot(xs, s.ratios, marker=MARKERS[i % len(MARKERS)], color=colour, label=f"{name}: per level")
        if s.ebf is not None:
            ax.axhline(s.ebf, color=colour, linestyle="--", linewidth=1, label=f"{name}: effective {s.ebf:.2f}")
    ax.set_xticks(range(1, longest + 1))
    ax.set_xlabel("depth d")
    ax.set_ylabel("nodes at d / nodes at d - 1")
    ax.set_ylim(bottom=0)
    ax.set_title(title if title is not None else "branching factor")
    ax.legend(frameon=False, fontsize="small")
    return fig


def plot_comparison(
    traces: Mapping[str, Trace], *, metric: Metric = "nodes", log: bool = False, title: str | None = None,
) -> Figure:
    """One bar per named trace for ``metric`` (one of :data:`METRICS`), labelled with its value."""
    _check(log, title)
    if metric not in METRICS:
        raise InputError(f"unknown metric: {metric!r} (must be one of {list(METRICS)})")
    table = compare(_named(traces))
    names = table.column("name")
    values = [float("nan") if v is None else v for v in table.column(metric)]
    fig, ax = _figure()
    bars = ax.bar(
        range(len(names)), values, 0.6, color=[COLOURS[i % len(COLOURS)] for i in range(len(names))],
        edgecolor="#333333", linewidth=0.6,
    )
    for bar, hatch in zip(bars, HATCHES * (len(names) // len(HATCHES) + 1)):
        bar.set_hatch(hatch)
    ax.bar_label(bars, labels=[_value_text(v, metric) for v in values], padding=2, fontsize="small")
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel(metric + (" (log scale)" if log else ""))
    if log:
        ax.set_yscale("log")
    ax.set_title(title if title is not None else f"{metric} by search")
    return fig


def _value_text(v: float, metric: Metric) -> str:
    if v != v:
        return "-"
    return f"{v:.2f}" if metric == "ebf" else f"{int(v):,}"


def save_figure(fig: Figure, path: str | os.PathLike[str]) -> Path:
    """Write ``fig`` as SVG, PDF or PNG (by extension) with no date in it; return the path.

    SVG ids are salted with a fixed :data:`SVG_SALT`, so the same figure gives the same
    bytes every time.
    """
    if not isinstance(fig, Figure):
        raise InputError(f"fig must be a figure from negaviz.render.plots, not {type(fig).__name__}")
    target = Path(check_path(path))
    ext = target.suffix.lower()
    if ext not in FIGURE_FORMATS:
        raise InputError(
            f"cannot save a figure as {str(path)!r}: unknown extension {ext!r} (must be one of {sorted(FIGURE_FORMATS)})"
        )
    with matplotlib.rc_context({"svg.hashsalt": SVG_SALT}):
        fig.savefig(target, format=ext[1:], metadata=FIGURE_FORMATS[ext])
    return target


def plot_ladder(table: Table, *, title: str | None = None) -> Figure:
    """Bars of nodes per rung of a :func:`ladder` table, on a log scale, each labelled
    with its count (``skipped`` for a skipped rung).  Deterministic: write it with
    :func:`negaviz.render.plots.save_figure` for the same SVG bytes every time."""
    _check(title=title)
    if not isinstance(table, Table):
        raise InputError(f"table must be a ladder table (from negaviz.analysis.ladder), not {type(table).__name__}")
    if "name" not in table.columns or "nodes" not in table.columns:
        raise InputError(f"plot_ladder() needs a ladder table (with name and nodes columns), not {list(table.columns)}")
    names = table.column("name")
    nodes = table.column("nodes")
    if not any(n for n in nodes):
        raise InputError("plot_ladder() needs a ladder with at least one rung that was searched")
    fig = Figure(figsize=(6.4, 4.0), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)  # Agg whatever backend the session uses: no pyplot, no global state
    ax = fig.add_subplot()
    heights = [float(n) if n else float("nan") for n in nodes]
    bars = ax.bar(
        range(len(names)), heights, 0.6, color=[COLOURS[i % len(COLOURS)] for i in range(len(names))],
        edgecolor="#333333", linewidth=0.6,
    )
    for i, bar in enumerate(bars):
        bar.set_hatch(HATCHES[i % len(HATCHES)])
    ax.set_yscale("log")
    top = max(h for h in heights if not math.isnan(h))
    ax.set_ylim(0.8, top * 3)  # room above the tallest bar for its label
    for i, n in enumerate(nodes):
        if n:
            ax.annotate(f"{n:,}", (i, n), xytext=(0, 2), textcoords="offset points", ha="center", va="bottom",
                        fontsize="small")
        else:  # upright, so neighbouring skipped rungs do not overlap
            ax.annotate("skipped", (i, 1.0), xytext=(0, 2), textcoords="offset points", ha="center", va="bottom",
                        fontsize="small", rotation=90, color="#555555")
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_ylabel("nodes (log scale)")
    ax.set_title(title if title is not None else "the enhancement ladder")
    return fig
