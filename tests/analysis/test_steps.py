"""What the stepper says beside the tree (negaviz.analysis.steps): plain negamax speaks of
values only, and windows come in with alpha-beta, as the notebooks teach them (01 has no
window; 03 defines it)."""

from __future__ import annotations

import re

import pytest

import negaviz
from negaviz.analysis.pseudocode import LISTINGS
from negaviz.analysis.steps import Stepper, windowed
from negaviz.frontend.scene import Scene
from negaviz.frontend.style import legend_html
from negaviz.vocabulary import PERSPECTIVES, STACK_COLUMNS, STACK_COLUMNS_PLAIN
from negaviz.widgets.stepper import stack_rows

TREE = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
WINDOW_WORDS = re.compile(r"α|β|window")


def sentences(trace: negaviz.Trace, perspective: str) -> list[str]:
    stepper = Stepper(trace, perspective=perspective)  # type: ignore[arg-type]
    return [stepper.view(k).sentence for k in range(len(trace) + 1)]


@pytest.mark.parametrize("algorithm", ["negamax", "minimax"])
def test_plain_negamax_speaks_of_values_only(algorithm: str) -> None:
    trace = negaviz.record(negaviz.Tree.parse(TREE), algorithm=algorithm)
    assert not windowed(trace)
    for perspective in PERSPECTIVES:
        said = sentences(trace, perspective)
        assert [s for s in said if WINDOW_WORDS.search(s)] == []
        assert "Start at A." in said and "Enter C." in said
        assert "B gets −7 from D (its value negated): a new best." in sentences(trace, "negamax")
    scene = Scene(trace)
    data = scene.data()
    assert data["stack_columns"] == list(STACK_COLUMNS_PLAIN) and data["windowed"] is False
    for perspective in PERSPECTIVES:
        assert not WINDOW_WORDS.search(" ".join(LISTINGS[scene.listings[perspective]]))
        assert not WINDOW_WORDS.search(legend_html(perspective, 0, windowed=False))
        for k in range(len(trace) + 1):
            assert all(len(row) == len(STACK_COLUMNS_PLAIN) for row in stack_rows(scene, k, perspective))
    # at C's first child: A is trying C, C has no best yet (the dash), no α or β column
    assert stack_rows(scene, 12, "negamax")[:2] == [("A", "0", "5", "C"), ("C", "1", "–", "F")]


def test_alpha_beta_brings_the_windows_in() -> None:
    trace = negaviz.record(negaviz.Tree.parse(TREE), algorithm="alphabeta")
    assert windowed(trace)
    said = sentences(trace, "negamax")
    assert "Start at A with window (α, β) = (−∞, ∞)." in said
    assert "Enter C with window (α, β) = (−∞, −5)." in said
    assert "B gets −5 from E (its value negated): a new best; α is now −5." in said
    scene = Scene(trace)
    assert scene.data()["stack_columns"] == list(STACK_COLUMNS) and scene.data()["windowed"] is True
    assert all(len(row) == len(STACK_COLUMNS) for k in range(len(trace) + 1) for row in stack_rows(scene, k, "negamax"))
    assert "(α, β)" in legend_html("negamax", 0)
