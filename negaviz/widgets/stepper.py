"""The classroom stepper: one recorded search, one event at a time.

:class:`StepperWidget` is an ipywidgets ``VBox``.  From top to bottom:

* controls: Play, a slider over the steps ``0..len(trace)``, ◀ and ▶ (one event), and
  jumps to just after the next cutoff, the next return, the next table hit, or the end;
  a perspective switch (negamax: values for the side to move; minimax: values for the
  first player) and a switch for the alpha-beta windows in the tree;
* one sentence saying what the last event did;
* the tree as it stands, as inline SVG inside an ``HTML`` widget (so its nodes can be
  found in the page: trace node 17 is the SVG group ``id="n17"``), beside the call-stack
  table (node, depth, α, β, best so far, move being tried; the current call last and
  shaded), the counters so far, and the pseudocode with the executed line marked ▶;
* optionally (``quiz=True``) a question about the step, from :mod:`negaviz.quiz`.

Keyboard: JupyterLab keeps most keys for itself (arrow keys move between cells in
command mode), so the widget cannot listen to the page.  Click the slider's handle:
while it has focus, ← and → step one event back and forth (the slider's own keyboard
support; ipywidgets sends each change to the kernel).  Dragging the slider redraws
when the handle is released, not at every step passed on the way.

Speed: a step costs the step view (a few milliseconds; see
:class:`~negaviz.widgets.frames.Views`) and the tree's frame.  Frames come from a
:class:`~negaviz.widgets.frames.FrameCache` (LRU keyed by step, perspective and windows);
after each step the next ``prefetch`` steps in the direction of travel (and one the
other way) are rendered on a background thread, so a reader stepping through finds
them ready.  A frame nobody asked for before costs one ``dot`` run: 20 ms for a
textbook tree, 0.1 to 0.4 s for 400 tic-tac-toe boards (see benchmarks/bench_stepper.py).

The widget changes only widget state (``.value`` of its ``HTML`` children), never
prints into an ``Output``, so a notebook using it passes ``pytest --nbval`` in strict
mode.  Tests drive it with :attr:`StepperWidget.step` or the buttons' ``click()``.
"""

from __future__ import annotations

import html
from bisect import bisect_right
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from negaviz.analysis.steps import PERSPECTIVES, Counters, StepView, next_step
from negaviz.errors import InputError
from negaviz.render.tree import MIN_NODES
from negaviz.trace.trace import Trace
from negaviz.widgets.frames import (
    FrameCache,
    Views,
    code_html,
    counters_html,
    scroll_box,
    sentence_html,
    stack_html,
    stack_rows,
)

__all__ = ["StepperWidget", "JUMPS", "KEYS_NOTE", "check_max_nodes", "check_perspective", "descendants"]

JUMPS = {"cutoff": "next cutoff", "return": "next return", "tt": "next TT hit", "end": "end"}
"""Jump buttons: the kind passed to :func:`negaviz.analysis.steps.next_step`, and the button's text."""

KEYS_NOTE = (
    "Keys: click the slider's handle, then ← and → step one event "
    "(JupyterLab keeps the other keys for itself)."
)

TREE_HEIGHT = "560px"
"""The tree panel scrolls beyond this height (and beyond its width)."""


def check_max_nodes(max_nodes: int) -> int:
    """``max_nodes`` if :func:`negaviz.render.draw` accepts it, else an InputError now
    (not at the first frame)."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < MIN_NODES:
        raise InputError(f"max_nodes must be a whole number of at least {MIN_NODES}, not {max_nodes!r}")
    return max_nodes


def check_perspective(perspective: str) -> str:
    """``perspective`` if it is one of the step logic's, else an InputError naming them."""
    if perspective not in PERSPECTIVES:
        raise InputError(f"unknown perspective: {perspective!r} (must be one of {list(PERSPECTIVES)})")
    return perspective


class StepperWidget(widgets.VBox):
    """Step through ``trace``: the tree, the call stack, the pseudocode, a sentence.

    ``perspective``: ``"negamax"`` or ``"minimax"`` at first (switchable in the widget).
    ``windows``: show each node's alpha-beta window in the tree at first (switchable).
    ``max_nodes``: the most nodes drawn per frame; bigger trees are folded.
    ``prefetch``: steps rendered ahead on a background thread (0: none, e.g. in tests).
    ``quiz``: ask the questions of :func:`negaviz.quiz.questions` as the steps come.
    ``play_interval``: milliseconds between steps while playing.

    A ``VBox``: display it as it is.  :attr:`step` is the step shown (settable);
    :attr:`sentence`, :attr:`svg`, :attr:`stack_rows`, :attr:`code_line` and
    :attr:`counters` read back what is shown.
    """

    def __init__(
        self,
        trace: Trace,
        *,
        perspective: str = "negamax",
        windows: bool = False,
        max_nodes: int = 400,
        prefetch: int = 3,
        quiz: bool = False,
        play_interval: int = 700,
    ) -> None:
        if not isinstance(trace, Trace):
            raise InputError(f"StepperWidget needs a negaviz Trace (from negaviz.record), not {type(trace).__name__}")
        check_perspective(perspective)
        self.trace = trace
        self.views = Views(trace)
        self.cache = FrameCache(trace, max_nodes=check_max_nodes(max_nodes))
        self.prefetch = max(0, int(prefetch))
        self._total = self.views.stepper("negamax").counters(len(trace))
        self._last_step = 0
        n = len(trace)

        # --- controls -------------------------------------------------------------------
        self.play = widgets.Play(value=0, min=0, max=n, step=1, interval=play_interval, description="play")
        self.slider = widgets.IntSlider(
            value=0, min=0, max=n, step=1, description="step", continuous_update=False,
            layout=widgets.Layout(width="420px"),
        )
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.prev_button = widgets.Button(description="◀", tooltip="back one event", layout=widgets.Layout(width="40px"))
        self.next_button = widgets.Button(description="▶", tooltip="forward one event", layout=widgets.Layout(width="40px"))
        self.prev_button.on_click(lambda _b: self._nudge(-1))
        self.next_button.on_click(lambda _b: self._nudge(+1))
        self.jump_buttons: dict[str, Any] = {}
        for kind, text in JUMPS.items():
            button = widgets.Button(
                description=text, tooltip=f"jump to just after the {text}" if kind != "end" else "jump to the end",
                layout=widgets.Layout(width="auto"),
            )
            button.on_click(lambda _b, k=kind: self.jump(k))
            self.jump_buttons[kind] = button
        self.perspective_buttons = widgets.ToggleButtons(
            options=list(PERSPECTIVES),  # negamax first
            value=perspective,
            tooltips=["values for the side to move at each node", "values for the first player (max)"],
            style={"button_width": "auto"},
        )
        self.windows_box = widgets.Checkbox(value=bool(windows), description="windows", indent=False,
                                            layout=widgets.Layout(width="90px"))

        # --- panels ---------------------------------------------------------------------
        self.sentence_panel = widgets.HTML()
        self.tree_panel = widgets.HTML(layout=widgets.Layout(
            flex="1 1 0%", border="1px solid #DDDDDD", min_width="240px",
        ))
        self.stack_panel = widgets.HTML()
        self.counters_panel = widgets.HTML()
        self.code_panel = widgets.HTML()
        self.keys_note = widgets.HTML(f'<span style="font-size:11px;color:#555555">{html.escape(KEYS_NOTE)}</span>')
        side = widgets.VBox(
            [self.stack_panel, self.counters_panel, self.code_panel],
            layout=widgets.Layout(flex="0 0 auto", max_width="520px", padding="0 0 0 8px"),
        )
        rows = [
            widgets.HBox([self.play, self.slider, self.prev_button, self.next_button]),
            widgets.HBox([*self.jump_buttons.values(), self.perspective_buttons, self.windows_box]),
            self.sentence_panel,
            widgets.HBox([self.tree_panel, side], layout=widgets.Layout(align_items="flex-start")),
        ]

        # --- quiz -----------------------------------------------------------------------
        self._quiz_on = bool(quiz)
        self._questions: dict[str, tuple[list[Any], list[int]]] = {}
        self._question: Any = None
        self.quiz_prompt = widgets.HTML()
        self.quiz_answer = widgets.Text(placeholder="your answer", layout=widgets.Layout(width="220px"))
        self.quiz_button = widgets.Button(description="check")
        self.quiz_feedback = widgets.HTML()
        self.quiz_button.on_click(lambda _b: self.answer(self.quiz_answer.value))
        self.quiz_box = widgets.VBox(
            [self.quiz_prompt, widgets.HBox([self.quiz_answer, self.quiz_button]), self.quiz_feedback],
            layout=widgets.Layout(display="none", border="1px solid #DDDDDD", padding="4px"),
        )
        if self._quiz_on:
            rows.append(self.quiz_box)
        rows.append(self.keys_note)
        super().__init__(rows)

        self._view: StepView | None = None
        self._svg = ""
        self._rows: list[tuple[str, ...]] = []
        self.slider.observe(self._on_change, names="value")
        self.perspective_buttons.observe(self._on_change, names="value")
        self.windows_box.observe(self._on_change, names="value")
        self._show()

    # --- what is shown ----------------------------------------------------------------
    @property
    def step(self) -> int:
        """The step shown: events applied, 0..len(trace)."""
        return int(self.slider.value)

    @step.setter
    def step(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= len(self.trace):
            raise InputError(f"step {value!r} is outside 0..{len(self.trace)} (the trace has {len(self.trace)} events)")
        self.slider.value = value

    @property
    def perspective(self) -> str:
        """``negamax`` or ``minimax`` (settable)."""
        return str(self.perspective_buttons.value)

    @perspective.setter
    def perspective(self, value: str) -> None:
        self.perspective_buttons.value = check_perspective(value)

    @property
    def windows(self) -> bool:
        """Whether the tree shows each node's window (settable)."""
        return bool(self.windows_box.value)

    @windows.setter
    def windows(self, value: bool) -> None:
        self.windows_box.value = bool(value)

    @property
    def view(self) -> StepView:
        """The pure step view shown (:class:`~negaviz.analysis.steps.StepView`)."""
        assert self._view is not None
        return self._view

    @property
    def sentence(self) -> str:
        """The sentence shown: what the last event did."""
        return self.view.sentence

    @property
    def svg(self) -> str:
        """The tree shown, as inline SVG."""
        return self._svg

    @property
    def stack_rows(self) -> list[tuple[str, ...]]:
        """The call-stack table's rows as shown, root first (see ``frames.STACK_COLUMNS``)."""
        return list(self._rows)

    @property
    def code_line(self) -> int | None:
        """The highlighted pseudocode line (1-based), None if none."""
        return self.view.line

    @property
    def counters(self) -> Counters:
        """Nodes, leaves, cutoffs and table hits so far."""
        return self.view.counters

    @property
    def question(self) -> Any:
        """The quiz question on show (a :class:`negaviz.quiz.Question`), or None."""
        return self._question

    # --- actions ----------------------------------------------------------------------
    def jump_target(self, kind: str) -> int:
        """The step a jump button goes to: just after the next event of ``kind`` (see
        :data:`JUMPS`), or the end if there is none."""
        if kind == "end":
            return len(self.trace)  # what next_step(..., "end") returns, without scanning to it
        return next_step(self.trace, self.step, kind)

    def jump(self, kind: str) -> None:
        """Go to :meth:`jump_target` ``(kind)``."""
        self.step = self.jump_target(kind)

    def _nudge(self, delta: int) -> None:
        self.step = min(max(self.step + delta, 0), len(self.trace))

    def answer(self, text: str) -> Any:
        """Check ``text`` against the question on show; show and return the feedback."""
        if self._question is None:
            return None
        feedback = self._question.check(text)
        colour = "#006B4F" if feedback.correct else "#A33C00"
        self.quiz_feedback.value = f'<span style="color:{colour}">{html.escape(str(feedback))}</span>'
        return feedback

    # --- updating ---------------------------------------------------------------------
    def _on_change(self, _change: Any = None) -> None:
        self._show()

    def _show(self) -> None:
        step, perspective, windows = self.step, self.perspective, self.windows
        with self.cache.lock:
            view = self.views.view(step, perspective)
        svg = self.cache.get(step, perspective, windows)
        self._view, self._svg = view, svg
        self._rows = list(stack_rows(self.trace, view, perspective))
        self.tree_panel.value = scroll_box(svg, TREE_HEIGHT)
        self.sentence_panel.value = sentence_html(view)
        self.stack_panel.value = stack_html(self._rows)
        self.counters_panel.value = counters_html(view)
        self.code_panel.value = code_html(view.listing, view.line)
        self._enable(view)
        if self._quiz_on:
            self._show_question(step, perspective)
        self._prefetch(step, perspective, windows)

    def _enable(self, view: StepView) -> None:
        n = len(self.trace)
        at_end = view.step >= n
        self.prev_button.disabled = view.step <= 0
        self.next_button.disabled = at_end
        self.jump_buttons["return"].disabled = at_end
        self.jump_buttons["end"].disabled = at_end
        # No such event ahead when the count so far already equals the total.
        self.jump_buttons["cutoff"].disabled = view.counters.cutoffs >= self._total.cutoffs
        self.jump_buttons["tt"].disabled = view.counters.tt_hits >= self._total.tt_hits

    def _prefetch(self, step: int, perspective: str, windows: bool) -> None:
        if not self.prefetch:
            return
        way = -1 if step < self._last_step else 1
        self._last_step = step
        ahead = [step + way * i for i in range(1, self.prefetch + 1)]
        self.cache.prefetch((s, perspective, windows) for s in (*ahead, step - way))

    def _show_question(self, step: int, perspective: str) -> None:
        if perspective not in self._questions:
            from negaviz.quiz import questions  # lazily: the quiz is optional

            qs = list(questions(self.trace, perspective=perspective))
            self._questions[perspective] = (qs, [q.step for q in qs])
        qs, asked = self._questions[perspective]
        # The latest question asked by now whose answer has not shown yet.
        i = bisect_right(asked, step)
        current = next((q for q in reversed(qs[:i]) if step < q.reveal), None)
        if current is not self._question:
            self._question = current
            self.quiz_answer.value = ""
            self.quiz_feedback.value = ""
            self.quiz_prompt.value = "" if current is None else f"<b>Question:</b> {html.escape(current.prompt)}"
        self.quiz_box.layout.display = "none" if current is None else "flex"

    def close(self) -> None:
        """Stop the background renderer and close this widget and all its parts."""
        cache = getattr(self, "cache", None)  # absent if __init__ failed (ipywidgets closes in __del__)
        if cache is not None:
            cache.close()
        parts = [*descendants(self)]
        quiz = getattr(self, "quiz_box", None)
        if quiz is not None:
            parts += [*descendants(quiz), quiz]
        for child in {id(w): w for w in parts}.values():
            child.close()
        super().close()


def descendants(box: Any) -> list[Any]:
    """Every widget inside ``box``, innermost first."""
    out = []
    for child in getattr(box, "children", ()):
        out.extend(descendants(child))
        out.append(child)
    return out
