"""A chart: :class:`Plot` (a Vega-Lite specification a notebook draws itself, with the
same chart drawn by matplotlib for files), the cues that tell its series apart, and
:func:`save_figure`, which writes one as SVG, PDF or PNG, byte-identical run to run.
The charts themselves are made in :mod:`negaviz.render.plots`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from negaviz.errors import InputError
from negaviz.extras import require
from negaviz.fileio import atomic_write
from negaviz.render.looks import OKABE_ITO
from negaviz.vocabulary import check_path

if TYPE_CHECKING:  # matplotlib draws files only, and is imported when one is written
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

VEGA_LITE = "application/vnd.vegalite.v5+json"
"""The MIME type a notebook output of a plot has (Vega-Lite 5, drawn by the front-end)."""
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
"""The ``$schema`` of every specification (an identifier: nothing is fetched)."""
COLOURS = tuple(OKABE_ITO[c] for c in ("blue", "orange", "bluish_green", "vermillion", "reddish_purple", "sky_blue", "black"))
DASHES = ((1, 0), (6, 3), (2, 2), (8, 2, 2, 2), (4, 4), (1, 3), (10, 4))
"""Outline dash patterns of the series, in order: the cue beside colour in a chart."""
HATCHES = ("", "//", "..", "xx", "\\\\", "++", "--")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
POINTS = ("circle", "square", "triangle-up", "diamond", "triangle-down", "cross", "stroke")
"""Vega-Lite point shapes matching :data:`MARKERS`."""
FIGURE_FORMATS = {".svg": {"Date": None}, ".pdf": {"CreationDate": None}, ".png": None}
"""Extensions :func:`save_figure` writes, with the metadata that keeps them reproducible."""
SVG_SALT = "negaviz"
"""``svg.hashsalt``: fixes the ids matplotlib writes into SVG (random otherwise)."""
WIDTH, HEIGHT = 480, 280
"""A chart's plotting area in CSS pixels (about a notebook column)."""


@dataclass(frozen=True, eq=False)
class Plot:
    """A chart: a Vega-Lite 5 specification, shown by the notebook's front-end."""

    title: str
    """What the chart shows (its title)."""
    kind: str
    """What it plots: ``nodes per depth``, ``branching factor``, ...  (its plain-text form)."""
    spec: dict[str, Any]
    """The Vega-Lite specification (JSON-able; its data inline, so it draws offline)."""
    series: int
    """How many searches (or rungs) it shows."""
    _draw: Callable[[], Figure] = field(repr=False)

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The plotted numbers, one dict per mark (the specification's inline data)."""
        return list(self.spec["data"]["values"])

    def figure(self) -> Figure:
        """The same chart drawn by matplotlib (the ``notebook`` extra), on the Agg canvas,
        for files: see :func:`save_figure`."""
        require("matplotlib", purpose="saving a plot as a file")
        return self._draw()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return {VEGA_LITE: self.spec, "text/plain": repr(self)}

    def __repr__(self) -> str:
        return f"<negaviz plot: {self.kind}, {self.series} series>"


# ---------------------------------------------------------------------------- files (matplotlib)
def _figure() -> tuple[Figure, Axes]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 4.0), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)  # draw with Agg whatever backend the session uses: no pyplot, no global state
    return fig, fig.add_subplot()


def _grouped_bars(ax: Axes, series: dict[str, list[int]], *, log: bool) -> None:
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


def save_figure(fig: Plot | Figure, path: str | os.PathLike[str]) -> Path:
    """Write ``fig`` (a plot from this module, or a matplotlib figure) as SVG, PDF or PNG
    (by extension), drawn by matplotlib with no date in it; return the path.  SVG ids are
    salted with a fixed :data:`SVG_SALT`, so the same plot gives the same bytes every time.

    The figure is drawn in memory and written as every negaviz file is
    (:func:`negaviz.fileio.atomic_write`: a temporary file beside it, renamed into place),
    so a full disk or Ctrl-C leaves the old file whole; a folder, a missing folder or one
    that takes no files is an InputError naming the path."""
    if not isinstance(fig, Plot) and not hasattr(fig, "savefig"):
        raise InputError(f"fig must be a plot from negaviz.render.plots, not {type(fig).__name__}")
    target = Path(check_path(path))
    ext = target.suffix.lower()
    if ext not in FIGURE_FORMATS:
        raise InputError(
            f"cannot save a figure as {str(path)!r}: unknown extension {ext!r} (must be one of {sorted(FIGURE_FORMATS)})"
        )
    figure = fig.figure() if isinstance(fig, Plot) else fig
    import io

    import matplotlib

    drawn = io.BytesIO()  # drawn whole first, then written as the other files are: never half a figure
    with matplotlib.rc_context({"svg.hashsalt": SVG_SALT}):
        figure.savefig(drawn, format=ext[1:], metadata=FIGURE_FORMATS[ext])
    try:
        atomic_write(target, drawn.getvalue())
    except OSError as exc:  # a full disk, a read-only folder: the old file, if any, is kept
        raise InputError(f"cannot write {str(path)!r}: {exc.strerror or exc} (any file there is left as it was)") from None
    return target
