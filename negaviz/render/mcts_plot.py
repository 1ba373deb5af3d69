"""Monte Carlo tree search beside alpha-beta, as a chart: the root's value after each
iteration (one line per run, e.g. per seed), the value alpha-beta proves as a dashed
level line, and a mark wherever the move MCTS would play changes, filled when that
move is a proven best move and hollow when it is not.  The numbers come from
:func:`negaviz.analysis.mcts.convergence`; the chart is a :class:`~negaviz.render.chart.Plot`
like every other (Vega-Lite in a notebook, matplotlib for files).

>>> import negaviz
>>> from negaviz.trace.mcts import record_mcts
>>> from negaviz.analysis.mcts import convergence
>>> game = negaviz.TicTacToe("xo./.x./..o")
>>> proven = negaviz.record(game, algorithm="negamax")
>>> runs = {f"seed {s}": convergence(record_mcts(game, iterations=200, seed=s), proven) for s in (0, 1)}
>>> plot = plot_convergence(runs)
>>> plot
<negaviz plot: MCTS against the proven value, 2 series>
>>> [(r["series"], r["iteration"], r["move"], r["proven_best"]) for r in plot.spec["layer"][2]["data"]["values"]][:3]
[('seed 0', 1, 'c1', False), ('seed 0', 9, 'a2', True), ('seed 0', 12, 'c1', False)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from negaviz.analysis.mcts import Convergence
from negaviz.errors import InputError
from negaviz.render.chart import COLOURS, DASHES, MARKERS, Plot, _figure
from negaviz.render.looks import LOOKS, PAPER
from negaviz.render.plots import _check, _number, _series_encoding, _spec
from negaviz.vocabulary import fmt

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["plot_convergence"]

KIND = "MCTS against the proven value"


def plot_convergence(runs: Convergence | Mapping[str, Convergence], *, log: bool = False, title: str | None = None) -> Plot:
    """The chart of one run or of ``{name: run}`` (``log``: iterations on a log scale)."""
    _check(log, title)
    named = {"MCTS": runs} if isinstance(runs, Convergence) else dict(runs) if isinstance(runs, Mapping) else {}
    if not named or not all(isinstance(r, Convergence) for r in named.values()):
        raise InputError("plot_convergence needs a convergence (negaviz.analysis.mcts.convergence) or a mapping of names to them")
    for name in named:
        if not isinstance(name, str) or not name.strip() or "\n" in name:
            raise InputError(f"a run's name labels the legend: it must be one line of text, not {name!r}")
    proven = {r.proven_value for r in named.values()}
    if len(proven) != 1:
        raise InputError(f"the runs are of positions with different proven values ({sorted(proven)}): plot one position at a time")
    value = proven.pop()
    names = [str(n) for n in named]
    rows = [{"series": str(n), "iteration": p.iteration, "value": _number(p.value)} for n, r in named.items() for p in r.points]
    changes = [{"series": str(n), "iteration": p.iteration, "value": _number(p.value), "move": p.move,
                "proven_best": p.proven_best}
               for n, r in named.items() for i, p in enumerate(r.points) if i == 0 or p.move != r.points[i - 1].move]
    shown = title if title is not None else "MCTS against the proven value"
    moves = ", ".join(next(iter(named.values())).proven_moves) or "none proven"
    proven_label = f"alpha-beta: proven value {fmt(value)} ({moves})"
    enc = _series_encoding(names)
    x = {"field": "iteration", "type": "quantitative", "title": "iterations", "scale": {"type": "log"} if log else {}}
    y = {"field": "value", "type": "quantitative", "title": "value of the root (its most visited move's Q)"}
    spec = _spec(shown, rows, layer=[
        {"mark": {"type": "line"}, "encoding": {"x": x, "y": y, **enc}},
        {"data": {"values": [{"proven": _number(value), "label": proven_label}]},
         "mark": {"type": "rule", "strokeDash": [6, 3], "color": "black"},
         "encoding": {"y": {"field": "proven", "type": "quantitative"}, "tooltip": [{"field": "label"}]}},
        {"data": {"values": changes}, "mark": {"type": "point", "size": 70},
         "encoding": {"x": {"field": "iteration", "type": "quantitative"}, "y": {"field": "value", "type": "quantitative"},
                      "color": enc["color"],
                      "fill": {"field": "proven_best", "type": "nominal", "scale": {"domain": [True, False], "range": [LOOKS["edge"].line, PAPER]},
                               "title": "the move played is proven best"},
                      "tooltip": [{"field": "series"}, {"field": "iteration"}, {"field": "move"}, {"field": "proven_best"}]}},
    ])

    def draw() -> Figure:
        fig, ax = _figure()
        for i, (name, run) in enumerate(named.items()):
            c = COLOURS[i % len(COLOURS)]
            ax.plot([p.iteration for p in run.points], [p.value for p in run.points], color=c,
                    dashes=DASHES[i % len(DASHES)], label=str(name), linewidth=1.2)
            for j, p in enumerate(run.points):
                if j == 0 or p.move != run.points[j - 1].move:
                    ax.plot([p.iteration], [p.value], marker=MARKERS[i % len(MARKERS)], color=c,
                            markerfacecolor=c if p.proven_best else PAPER, linestyle="none")
                    ax.annotate(p.move, (p.iteration, p.value), textcoords="offset points", xytext=(3, 4), fontsize="x-small")
        ax.axhline(value, color="black", linestyle="--", linewidth=1, label=proven_label)
        if log:
            ax.set_xscale("log")
        ax.set_xlabel("iterations (marks: the move played changes; filled: proven best)")
        ax.set_ylabel("value of the root")
        ax.set_title(shown)
        ax.legend(frameon=False, fontsize="small")
        return fig

    return Plot(shown, KIND, spec, len(named), draw)
