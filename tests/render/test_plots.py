"""Tests of negaviz.render.plots: the Vega-Lite specifications notebooks show, the same
numbers in the matplotlib figures files are drawn from, and reproducible files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

import negaviz
from negaviz.analysis import branching_ratios, compare, cutoffs_per_depth, effective_branching_factor, nodes_per_depth
from negaviz.errors import InputError
from negaviz.render.plots import (
    plot_branching,
    plot_comparison,
    plot_cutoffs_per_depth,
    plot_nodes_per_depth,
    VEGA_LITE,
    save_figure,
)
from negaviz.trace import Trace


def traces() -> dict[str, Trace]:
    game = negaviz.TicTacToe("x.o/x../o..")
    return {
        "negamax": negaviz.record(game, algorithm="negamax"),
        "alphabeta": negaviz.record(game, algorithm="alphabeta"),
        "alphabeta+tt": negaviz.record(game, algorithm="alphabeta", tt=True),
    }


def heights(container: object) -> list[float]:
    return [float(bar.get_height()) for bar in container]  # type: ignore[attr-defined]


def test_nodes_per_depth_has_one_bar_per_depth_and_trace() -> None:
    named = traces()
    fig = plot_nodes_per_depth(named).figure()
    (ax,) = fig.axes
    assert len(ax.containers) == 3
    for container, trace in zip(ax.containers, named.values()):
        assert heights(container) == nodes_per_depth(trace)
    assert len(ax.patches) == sum(len(nodes_per_depth(t)) for t in named.values())
    assert ax.get_yscale() == "linear" and [t.get_text() for t in ax.get_legend().get_texts()] == list(named)
    assert isinstance(fig.canvas, FigureCanvasAgg)
    assert plot_nodes_per_depth(named, log=True).figure().axes[0].get_yscale() == "log"


def test_a_single_trace_is_named_after_its_algorithm() -> None:
    trace = traces()["alphabeta"]
    fig = plot_cutoffs_per_depth(trace).figure()
    (ax,) = fig.axes
    (container,) = ax.containers
    assert heights(container) == cutoffs_per_depth(trace) and sum(heights(container)) == 17
    assert container.get_label() == "alphabeta"


def test_branching_plot_has_a_point_per_level_and_the_effective_factor() -> None:
    named = traces()
    fig = plot_branching(named).figure()
    (ax,) = fig.axes
    per_level = [line for line in ax.lines if line.get_label().endswith("per level")]
    levels = [line for line in ax.lines if "effective" in line.get_label()]
    assert len(per_level) == len(levels) == 3
    for line, trace in zip(per_level, named.values()):
        assert list(line.get_ydata()) == branching_ratios(trace)
        assert list(line.get_xdata()) == list(range(1, len(branching_ratios(trace)) + 1))
    for line, trace in zip(levels, named.values()):
        assert line.get_ydata()[0] == pytest.approx(effective_branching_factor(trace))


@pytest.mark.parametrize("metric", ["nodes", "cutoffs", "ebf"])
def test_comparison_has_one_bar_per_trace(metric: str) -> None:
    named = traces()
    fig = plot_comparison(named, metric=metric).figure()
    (ax,) = fig.axes
    (container,) = ax.containers
    assert heights(container) == pytest.approx(compare(named).column(metric))
    assert [t.get_text() for t in ax.get_xticklabels()] == list(named)
    labels = [t.get_text() for t in ax.texts]
    assert len(labels) == 3 and (metric != "nodes" or labels[0] == "174")


def test_comparison_refuses_an_unknown_metric() -> None:
    with pytest.raises(InputError, match=r"unknown metric: 'time' \(must be one of"):
        plot_comparison(traces(), metric="time")


@pytest.mark.slow
def test_svg_is_byte_identical_and_undated(tmp_path: Path) -> None:
    named = traces()
    for i, make in enumerate((lambda: plot_nodes_per_depth(named, log=True), lambda: plot_branching(named))):
        first, second = tmp_path / f"a{i}.svg", tmp_path / f"b{i}.svg"
        fig = make()
        save_figure(fig, first)
        save_figure(fig, second)
        assert first.read_bytes() == second.read_bytes()
        save_figure(make(), second)  # a new figure of the same numbers: the same bytes
        assert first.read_bytes() == second.read_bytes()
        text = first.read_text(encoding="utf-8")
        assert text.lstrip().startswith("<?xml") and "<dc:date>" not in text


def test_png_and_pdf_are_written_and_other_extensions_refused(tmp_path: Path) -> None:
    fig = plot_comparison(traces()).figure()
    assert save_figure(fig, tmp_path / "f.png").read_bytes().startswith(b"\x89PNG")
    assert save_figure(fig, tmp_path / "f.pdf").read_bytes().startswith(b"%PDF")
    with pytest.raises(InputError, match=r"unknown extension '\.jpg'"):
        save_figure(fig, tmp_path / "f.jpg")


# ---------------------------------------------------------------------------- what a notebook shows
def test_a_plot_shows_as_vega_lite_with_a_stable_plain_text_form() -> None:
    named = traces()
    plot = plot_nodes_per_depth(named, log=True)
    bundle = plot._repr_mimebundle_()
    assert set(bundle) == {VEGA_LITE, "text/plain"}
    assert bundle["text/plain"] == "<negaviz plot: nodes per depth, 3 series>"  # no memory address
    spec = bundle[VEGA_LITE]
    assert spec["$schema"].endswith("/vega-lite/v5.json") and spec["title"] == "nodes per depth"
    json.dumps(spec, allow_nan=False)  # plain JSON: the front-end reads it as data
    assert spec["encoding"]["y"]["scale"] == {"type": "log"}
    for name, trace in named.items():
        assert [r["nodes"] for r in plot.rows if r["series"] == name] == nodes_per_depth(trace)
    assert plot_nodes_per_depth(named).spec == plot_nodes_per_depth(named).spec  # the same numbers, the same spec


def test_every_series_has_a_colour_and_a_dash_pattern() -> None:
    enc = plot_cutoffs_per_depth(traces()).spec["encoding"]
    colours, dashes = enc["color"]["scale"]["range"], enc["strokeDash"]["scale"]["range"]
    assert len(set(colours)) == len({tuple(d) for d in dashes}) == 3
    assert enc["color"]["scale"]["domain"] == list(traces())


def test_branching_and_comparison_specs_hold_the_numbers() -> None:
    named = traces()
    plot = plot_branching(named)
    for name, trace in named.items():
        assert [r["ratio"] for r in plot.rows if r["series"] == name] == pytest.approx(branching_ratios(trace))
    (rule,) = [layer for layer in plot.spec["layer"] if layer["mark"]["type"] == "rule"]
    assert [r["ebf"] for r in rule["data"]["values"]] == pytest.approx(
        [effective_branching_factor(t) for t in named.values()])
    bars = plot_comparison(named, metric="nodes")
    assert [(r["name"], r["nodes"], r["text"]) for r in bars.rows][0] == ("negamax", 174, "174")
    assert repr(bars) == "<negaviz plot: nodes by search, 3 series>"


def test_a_plot_needs_traces() -> None:
    with pytest.raises(InputError, match="traces must be a trace, or a mapping of names to traces, not list"):
        plot_nodes_per_depth([traces()["negamax"]])  # type: ignore[arg-type]
    with pytest.raises(InputError, match="fig must be a plot from negaviz.render.plots, not str"):
        save_figure("plot", "x.svg")  # type: ignore[arg-type]
