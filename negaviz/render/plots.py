"""Statistics as charts: nodes and cutoffs per depth, branching, comparisons, the ladder.

Every function takes one trace or a mapping ``{name: trace}`` (e.g. one per algorithm
or option set) and returns a :class:`Plot`: a `Vega-Lite <https://vega.github.io/vega-lite/>`_
chart specification, which is data, like a drawing's DOT source.  A notebook shows it
as ``application/vnd.vegalite.v5+json``, which JupyterLab, Jupyter Notebook 7, VS Code
and the JupyterLite course site draw themselves: no plotting package runs in the
kernel, so the same cell draws the same chart on a laptop and in a browser's Python
(where numpy and matplotlib cannot be shipped), and nbval compares the stored
specification exactly.  :func:`save_figure` writes a plot as SVG, PDF or PNG through
matplotlib (the ``notebook`` extra), byte-identical run to run.

Series differ in the outline's dash pattern (and, in files, in hatching and marker) as
well as in colour (Okabe-Ito), so they survive greyscale printing.  The numbers come
from :mod:`negaviz.analysis.stats`.

>>> import negaviz
>>> tree = negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
>>> traces = {a: negaviz.record(tree, algorithm=a) for a in ("negamax", "alphabeta")}
>>> plot = plot_nodes_per_depth(traces)
>>> plot
<negaviz plot: nodes per depth, 2 series>
>>> [(row["series"], row["depth"], row["nodes"]) for row in plot.rows][3:]
[('alphabeta', 0, 1), ('alphabeta', 1, 2), ('alphabeta', 2, 3)]
>>> sorted(plot._repr_mimebundle_())
['application/vnd.vegalite.v5+json', 'text/plain']
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping, Sequence, get_args

from negaviz.analysis.stats import Table, compare, summary
from negaviz.errors import InputError
from negaviz.render.chart import (  # a chart, its cues and its files (Plot and save_figure are offered here too)
    COLOURS,
    DASHES,
    HATCHES,
    HEIGHT,
    MARKERS,
    POINTS,
    SCHEMA,
    VEGA_LITE,
    WIDTH,
    Plot,
    _figure,
    _grouped_bars,
    save_figure,
)
from negaviz.trace.trace import Trace
from negaviz.vocabulary import check_flag, check_text

if TYPE_CHECKING:  # matplotlib draws files only, and is imported when one is written
    from matplotlib.figure import Figure

__all__ = [
    "Plot", "plot_nodes_per_depth", "plot_cutoffs_per_depth", "plot_branching", "plot_comparison", "plot_ladder",
    "save_figure",
]

Traces = Trace | Mapping[str, Trace]

Metric = Literal["nodes", "leaves", "cutoffs", "tt_hits", "depth", "ebf"]
"""A column of :func:`negaviz.analysis.compare` that :func:`plot_comparison` can show."""
METRICS: tuple[Metric, ...] = get_args(Metric)
"""What :func:`plot_comparison` can show: nodes, leaves, cutoffs, tt_hits, depth, ebf."""


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
    shown: dict[str, object] = {}
    for name, trace in named.items():
        if isinstance(name, bool) or not isinstance(name, (str, int)) or isinstance(name, int) and name.bit_length() > 64 \
                or not str(name).strip() or "\n" in str(name):
            raise InputError(f"a series name must be one line of text or a whole number up to 64 bits (it labels the legend), "
                             f"not {_name_shown(name)}")
        if str(name) in shown:
            raise InputError(f"two series show as {str(name)!r} ({shown[str(name)]!r} and {name!r}): "
                             "give each its own name")
        shown[str(name)] = name
        if not isinstance(trace, Trace):
            raise InputError(f"a plot needs traces; {name!r} is a {type(trace).__name__}")
    return {str(name): trace for name, trace in named.items()}


def _name_shown(name: object) -> str:
    """A series name as an error shows it (short, whatever it is)."""
    import reprlib

    return f"{type(name).__name__} {reprlib.repr(name)}"


def _number(v: float | None) -> float | int | None:
    """A value as JSON holds it: whole numbers as ints, NaN and None as null."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return None
    return int(v) if float(v).is_integer() else round(float(v), 6)


def _spec(title: str, data: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    return {
        "$schema": SCHEMA, "title": title, "width": WIDTH, "height": HEIGHT,
        "data": {"values": data}, **body,
        "config": {"font": "sans-serif", "legend": {"orient": "top", "title": None}},
    }


def _scale(log: bool) -> dict[str, Any]:
    return {"type": "log"} if log else {"zero": True}


def _series_encoding(names: Sequence[str]) -> dict[str, Any]:
    """Colour and dash pattern by series, in the order given."""
    k = len(names)
    return {
        "color": {"field": "series", "type": "nominal", "sort": list(names),
                  "scale": {"domain": list(names), "range": [COLOURS[i % len(COLOURS)] for i in range(k)]}},
        "strokeDash": {"field": "series", "type": "nominal", "sort": list(names),
                       "scale": {"domain": list(names), "range": [list(DASHES[i % len(DASHES)]) for i in range(k)]}},
    }


def _per_depth(named: dict[str, Trace], column: str, *, log: bool, kind: str, title: str | None,
               values: Callable[[Trace], Sequence[int]]) -> Plot:
    series = {n: list(values(t)) for n, t in named.items()}
    rows = [{"series": n, "depth": d, column: v} for n, vs in series.items() for d, v in enumerate(vs)]
    label = column + (" (log scale)" if log else "")
    shown = title if title is not None else kind
    body: dict[str, Any] = {"transform": [{"filter": f"datum['{column}'] > 0"}]} if log else {}  # log: 0 draws no bar
    spec = _spec(shown, rows, **body, mark={"type": "bar", "stroke": "#333333", "strokeWidth": 0.8}, encoding={
        "x": {"field": "depth", "type": "ordinal", "title": "depth (plies below the root)", "axis": {"labelAngle": 0}},
        "xOffset": {"field": "series", "type": "nominal", "sort": list(series)},
        "y": {"field": column, "type": "quantitative", "title": label, "scale": _scale(log)},
        **_series_encoding(list(series)),
        "tooltip": [{"field": "series"}, {"field": "depth"}, {"field": column}],
    })

    def draw() -> Figure:
        fig, ax = _figure()
        _grouped_bars(ax, series, log=log)
        ax.set_ylabel(label)
        ax.set_title(shown)
        return fig

    return Plot(shown, kind, spec, len(series), draw)


def plot_nodes_per_depth(traces: Traces, *, log: bool = False, title: str | None = None) -> Plot:
    """Bars of nodes entered at each depth, one series per trace; ``log`` for a log scale
    (full game trees grow by orders of magnitude per level)."""
    _check(log, title)
    return _per_depth(_named(traces), "nodes", log=log, kind="nodes per depth", title=title,
                      values=lambda t: summary(t).nodes_per_depth)


def plot_cutoffs_per_depth(traces: Traces, *, log: bool = False, title: str | None = None) -> Plot:
    """Bars of cutoffs (nodes that skipped moves) at each depth, one series per trace."""
    _check(log, title)
    return _per_depth(_named(traces), "cutoffs", log=log, kind="cutoffs per depth", title=title,
                      values=lambda t: summary(t).cutoffs_per_depth)


def plot_branching(traces: Traces, *, title: str | None = None) -> Plot:
    """Per-level branching (nodes at depth d / nodes at depth d-1) as points on a line,
    and the effective branching factor as a dashed level line, per trace."""
    _check(title=title)
    named = _named(traces)
    stats = {n: summary(t) for n, t in named.items()}
    names = list(stats)
    rows = [{"series": n, "depth": d, "ratio": _number(r)} for n, s in stats.items() for d, r in enumerate(s.ratios, 1)]
    levels = [{"series": n, "ebf": _number(s.ebf), "label": f"{n}: effective {s.ebf:.2f}"}
              for n, s in stats.items() if s.ebf is not None]
    shown = title if title is not None else "branching factor"
    colour = _series_encoding(names)["color"]
    spec = _spec(shown, rows, layer=[
        {"mark": {"type": "line", "point": False},
         "encoding": {
             "x": {"field": "depth", "type": "quantitative", "title": "depth d", "axis": {"tickMinStep": 1}},
             "y": {"field": "ratio", "type": "quantitative", "title": "nodes at d / nodes at d - 1",
                   "scale": {"zero": True}},
             "color": colour, "detail": {"field": "series"}}},
        {"mark": {"type": "point", "filled": True, "size": 60},
         "encoding": {
             "x": {"field": "depth", "type": "quantitative"}, "y": {"field": "ratio", "type": "quantitative"},
             "color": colour,
             "shape": {"field": "series", "type": "nominal", "sort": names,
                       "scale": {"domain": names, "range": [POINTS[i % len(POINTS)] for i in range(len(names))]}},
             "tooltip": [{"field": "series"}, {"field": "depth"}, {"field": "ratio"}]}},
        {"data": {"values": levels}, "mark": {"type": "rule", "strokeDash": [6, 3], "strokeWidth": 1},
         "encoding": {"y": {"field": "ebf", "type": "quantitative"}, "color": colour,
                      "tooltip": [{"field": "label", "title": "effective branching factor"}]}},
    ])

    def draw() -> Figure:
        fig, ax = _figure()
        longest = 0
        for i, (name, s) in enumerate(stats.items()):
            c = COLOURS[i % len(COLOURS)]
            xs = list(range(1, len(s.ratios) + 1))
            longest = max(longest, len(xs))
            ax.plot(xs, s.ratios, marker=MARKERS[i % len(MARKERS)], color=c, label=f"{name}: per level")
            if s.ebf is not None:
                ax.axhline(s.ebf, color=c, linestyle="--", linewidth=1, label=f"{name}: effective {s.ebf:.2f}")
        ax.set_xticks(range(1, longest + 1))
        ax.set_xlabel("depth d")
        ax.set_ylabel("nodes at d / nodes at d - 1")
        ax.set_ylim(bottom=0)
        ax.set_title(shown)
        ax.legend(frameon=False, fontsize="small")
        return fig

    return Plot(shown, "branching factor", spec, len(stats), draw)


def _bars_by_name(shown: str, kind: str, rows: list[dict[str, Any]], column: str, *, log: bool,
                  y_title: str, draw: Callable[[], Figure], extra: Sequence[dict[str, Any]] = ()) -> Plot:
    """One labelled bar per row (a search, or a ladder's rung), in the rows' order."""
    names = [r["name"] for r in rows]
    x = {"field": "name", "type": "nominal", "sort": names, "title": None, "axis": {"labelAngle": -30 if len(names) > 4 else 0}}
    y = {"field": column, "type": "quantitative", "title": y_title, "scale": _scale(log)}
    colour = {"field": "name", "type": "nominal", "sort": names, "legend": None,
              "scale": {"domain": names, "range": [COLOURS[i % len(COLOURS)] for i in range(len(names))]}}
    dash = {"field": "name", "type": "nominal", "sort": names, "legend": None,
            "scale": {"domain": names, "range": [list(DASHES[i % len(DASHES)]) for i in range(len(names))]}}
    spec = _spec(shown, rows, layer=[
        {"transform": [{"filter": f"isValid(datum['{column}']) && datum['{column}'] > 0"}] if log else [],
         "mark": {"type": "bar", "stroke": "#333333", "strokeWidth": 0.8, "width": {"band": 0.6}},
         "encoding": {"x": x, "y": y, "color": colour, "strokeDash": dash,
                      "tooltip": [{"field": "name"}, {"field": column}]}},
        {"transform": [{"filter": f"isValid(datum['{column}'])"}],
         "mark": {"type": "text", "baseline": "bottom", "dy": -3, "fontSize": 11},
         "encoding": {"x": x, "y": y, "text": {"field": "text"}}},
        *extra,
    ])
    return Plot(shown, kind, spec, len(rows), draw)


def plot_comparison(
    traces: Mapping[str, Trace], *, metric: Metric = "nodes", log: bool = False, title: str | None = None,
) -> Plot:
    """One bar per named trace for ``metric`` (one of :data:`METRICS`), labelled with its value."""
    _check(log, title)
    if metric not in METRICS:
        raise InputError(f"unknown metric: {metric!r} (must be one of {list(METRICS)})")
    table = compare(_named(traces))
    names = table.column("name")
    values = [float("nan") if v is None else v for v in table.column(metric)]
    shown = title if title is not None else f"{metric} by search"
    y_title = metric + (" (log scale)" if log else "")
    rows = [{"name": n, metric: _number(v), "text": _value_text(v, metric)} for n, v in zip(names, values)]

    def draw() -> Figure:
        fig, ax = _figure()
        bars = ax.bar(
            range(len(names)), values, 0.6, color=[COLOURS[i % len(COLOURS)] for i in range(len(names))],
            edgecolor="#333333", linewidth=0.6,
        )
        for bar, hatch in zip(bars, HATCHES * (len(names) // len(HATCHES) + 1)):
            bar.set_hatch(hatch)
        ax.bar_label(bars, labels=[_value_text(v, metric) for v in values], padding=2, fontsize="small")
        ax.set_xticks(range(len(names)), names)
        ax.set_ylabel(y_title)
        if log:
            ax.set_yscale("log")
        ax.set_title(shown)
        return fig

    return _bars_by_name(shown, f"{metric} by search", rows, metric, log=log, y_title=y_title, draw=draw)


def _value_text(v: float, metric: str) -> str:
    if v != v:
        return "-"
    return f"{v:.2f}" if metric == "ebf" else f"{int(v):,}"


def plot_ladder(table: Table, *, title: str | None = None) -> Plot:
    """Bars of nodes per rung of a :func:`~negaviz.analysis.ladder` table, on a log scale,
    each labelled with its count (``skipped`` for a skipped rung)."""
    _check(title=title)
    if not isinstance(table, Table):
        raise InputError(f"table must be a ladder table (from negaviz.analysis.ladder), not {type(table).__name__}")
    if "name" not in table.columns or "nodes" not in table.columns:
        raise InputError(f"plot_ladder() needs a ladder table (with name and nodes columns), not {list(table.columns)}")
    names = table.column("name")
    nodes = table.column("nodes")
    if not any(n for n in nodes):
        raise InputError("plot_ladder() needs a ladder with at least one rung that was searched")
    shown = title if title is not None else "the enhancement ladder"
    rows = [{"name": n, "nodes": c if c else None, "text": f"{c:,}" if c else ""} for n, c in zip(names, nodes)]
    skipped = [{"name": n, "nodes": 1, "text": "skipped"} for n, c in zip(names, nodes) if not c]
    x = {"field": "name", "type": "nominal", "sort": list(names), "title": None}
    extra = [{"data": {"values": skipped}, "mark": {"type": "text", "angle": 270, "align": "left", "dx": 3,
                                                    "fontSize": 11, "color": "#555555"},
              "encoding": {"x": x, "y": {"field": "nodes", "type": "quantitative"}, "text": {"field": "text"}}}]

    def draw() -> Figure:
        fig, ax = _figure()
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
        ax.set_title(shown)
        return fig

    return _bars_by_name(shown, "the enhancement ladder", rows, "nodes", log=True, y_title="nodes (log scale)",
                         draw=draw, extra=extra)


