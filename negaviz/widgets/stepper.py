"""The classroom stepper: one recorded search, one event at a time, stepped in the browser.

:class:`StepperWidget` shows the tree laid out once (nodes never move), painted at each
step; one sentence saying what the last event did; the call stack; the counters; the
pseudocode with the executed line marked.  Controls: Play/Pause, a slider, ◀ ▶, jumps
to the next cutoff, return or table hit, start and end, a negamax/minimax switch and a
windows switch.  Once the stepper has focus (a click), ← → Home End step it and space
plays.  Clicking a node goes to the step where it is entered; shift-click, to where it
returns.  Ctrl+wheel zooms, dragging pans; on big drawings the view follows the
current node.

All of it runs in the browser (:mod:`negaviz.frontend`, an anywidget module), from data
computed once from the trace: a step costs no kernel round trip, and a notebook saved
with its outputs still steps where no kernel runs (its output carries a self-contained
form, see :meth:`StepperWidget._repr_mimebundle_`).  The state is synced both ways:
set :attr:`~StepperWidget.step`, :attr:`~StepperWidget.perspective` or
:attr:`~StepperWidget.windows` from Python and the page follows; step in the page and
Python sees it.  :attr:`sentence`, :attr:`stack_rows`, :attr:`code_line` and
:attr:`counters` read what the page shows, from the same data.

Big traces: each view draws at most ``max_nodes`` nodes.  When a step leaves the view
on show, the front-end asks the kernel for a view around it, laid out once and kept,
and says so in the panel; per-step sentences arrive in chunks the same way.
"""

from __future__ import annotations

import html
from bisect import bisect_right
from typing import Any

from negaviz.extras import require

require("ipywidgets", "anywidget", purpose="a widget")  # before they, or drawing, are imported

import anywidget
import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from negaviz.analysis.steps import Jump, next_step, sign
from negaviz.display.page_values import FromPage
from negaviz.errors import InputError
from negaviz.frontend.page import ESM, viz_source
from negaviz.frontend.scene import CHUNK, Scene
from negaviz.trace.timeline import Counters
from negaviz.trace.trace import Trace, check_trace
from negaviz.vocabulary import (PERSPECTIVES, Perspective, STACK_COLUMNS, check_flag, check_perspective, check_step,
                                check_text, fmt, view_of)
from negaviz.widgets.synced import SyncedState, descendants  # imported from here too

__all__ = ["StepperWidget"]

LAZY_EVENTS = 20_000
"""Beyond this many events a widget sends the first chunk of per-step data and the
first view, and the rest as the reader gets there."""


class RefusedValue(InputError, traitlets.TraitError):
    """A step or perspective the stepper does not have: an InputError for Python callers,
    a TraitError so that traitlets rolls back an update from the page."""


class StepperView(FromPage, anywidget.AnyWidget):
    """The front-end itself: one or two scenes and the synced state (step, perspective,
    windows).  :class:`StepperWidget` and :class:`~negaviz.widgets.CompareWidget` wrap it."""

    _esm = ESM
    step = traitlets.Int(0).tag(sync=True)
    perspective = traitlets.Unicode("negamax").tag(sync=True)
    windows = traitlets.Bool(False).tag(sync=True)
    preview = traitlets.Bool(False).tag(sync=True)
    presenter = traitlets.Bool(False).tag(sync=True)
    scenes = traitlets.List(traitlets.Dict()).tag(sync=True)
    editable = traitlets.Bool(False).tag(sync=True)
    """Clicking a node picks it for editing (:class:`~negaviz.widgets.TreeEditor`) instead of stepping."""
    picked = traitlets.Unicode("").tag(sync=True)
    """The name of the node last picked by a click (or Enter on it) while ``editable``."""
    edit = traitlets.Dict().tag(sync=True)
    """An edit asked for on the picture from the keyboard while ``editable``: ``kind`` (one
    of :data:`negaviz.games.edit.EDITS`), ``node``, ``value`` and a count ``n`` (so the same
    edit asked twice is a change)."""
    focus = traitlets.Unicode("").tag(sync=True)
    answers_file = traitlets.Unicode("").tag(sync=True)
    """Where a practice stepper's submit saves the record, beside the notebook ("" : the page downloads it)."""
    """The name of the node the page puts the keyboard focus on when it shows the picture
    (after an edit made from the keyboard, so the lecturer carries on from there)."""

    def __init__(
        self, scenes: list[Scene], *, step: int = 0, perspective: Perspective = "negamax", windows: bool = False,
        preview: bool = False, presenter: bool = False, editable: bool = False, focus: str = "",
    ) -> None:
        self._scenes = scenes
        lazy = any(len(s.trace) > LAZY_EVENTS for s in scenes)
        data = [s.data(chunks="first" if lazy else "all") for s in scenes]
        if lazy:  # the first step shown needs its chunk too
            for s, d in zip(scenes, data):
                k = min(step, len(s.trace))
                d["chunks"].setdefault(str(k // CHUNK), s.chunk(k // CHUNK))
        super().__init__(
            scenes=data, step=step, perspective=perspective, windows=check_flag(windows, "windows"),
            preview=check_flag(preview, "preview"), presenter=check_flag(presenter, "presenter"),
            editable=check_flag(editable, "editable"), focus=check_text(focus, "focus"),
        )
        self.on_msg(self._on_msg)

    def __repr__(self) -> str:
        return f"<negaviz stepper view: {len(self._scenes)} scene(s), step {self.step}>"

    # A value that is not allowed is refused and rolled back: traitlets rolls back on a
    # TraitError (an update from the page), and Python callers get an InputError.
    @traitlets.validate("step")
    def _valid_step(self, proposal: Any) -> int:
        try:
            return check_step(proposal["value"], max(len(s.trace) for s in self._scenes))
        except InputError as e:
            raise RefusedValue(str(e)) from None

    @traitlets.validate("perspective")
    def _valid_perspective(self, proposal: Any) -> str:
        try:
            return check_perspective(proposal["value"])
        except InputError as e:
            raise RefusedValue(str(e)) from None

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The front-end asks for a part of a big trace it does not have yet, or submits a record."""
        if isinstance(content, dict) and content.get("type") == "attempt" and self.answers_file:
            from negaviz.quiz.answers import save_record

            try:
                save_record(self.answers_file, content.get("record"))
                self.send({"type": "saved", "file": self.answers_file})
            except (InputError, OSError) as exc:  # a record the page made wrong, or a full disk: say so there
                self.send({"type": "not-saved", "why": str(exc)})
            return
        if not isinstance(content, dict) or content.get("type") != "need":
            return
        if content.get("viz") is True:  # the page lays views out itself and has no Graphviz yet
            self.send({"type": "viz", "source": viz_source()})
            return
        i = content.get("scene")
        if not isinstance(i, int) or not 0 <= i < len(self._scenes):
            return  # ignore what we cannot answer
        scene = self._scenes[i]
        n = len(scene.trace)
        if isinstance(content.get("chunk"), int) and 0 <= content["chunk"] <= n // CHUNK:
            self.send({"type": "chunk", "scene": i, "index": content["chunk"], "data": scene.chunk(content["chunk"])})
        elif isinstance(content.get("view_for"), int) and 0 <= content["view_for"] <= n:
            index = scene.view_for(content["view_for"])
            self.send({"type": "view", "scene": i, "view": scene.view_data(index)})


class StepperWidget(SyncedState, widgets.VBox):
    """Step through ``trace``: the tree, the call stack, the pseudocode, a sentence.

    ``perspective``: ``"negamax"`` or ``"minimax"`` at first (switchable in the widget).
    ``windows``: show each node's alpha-beta window at first (switchable).
    ``preview``: show the rest of the search faintly behind each step (off by default:
    nothing from later steps shows; the legend says when it is on).
    ``presenter``: open in presenter size, for a projector (switchable: the P key).
    ``max_nodes``: the most nodes drawn in one view; bigger trees are folded.
    ``step``: the step shown first.
    ``quiz``: ask the questions of :func:`negaviz.quiz.questions` as the steps come
    (answers are checked by the kernel).
    ``play_interval``: milliseconds between steps while playing.
    ``practice``: ``tree`` or ``steps``: the student does the exercise on the picture,
    graded in the page with no kernel (:mod:`negaviz.quiz.practice`; ``tree`` on textbook
    trees).  ``ask``: the kinds of question ``steps`` asks, some of
    :data:`negaviz.quiz.practice.ASK_KINDS` (default: all but ``leaf``).
    ``answers_file``: where *submit* saves the student's attempt record, beside the
    notebook (:mod:`negaviz.quiz.attempt`; ``tree`` practice), for staff to grade.
    ``vote``: ``"presenter"``, the lecturer asks the room a question at a step (lettered
    options, counts typed or collected, the answer and the misconceptions after the vote
    closes), or a question's id, a follower's stepper showing that question and no
    answer; ``site``: a course site's address, for the follow links and QR codes;
    ``collector``: ``negaviz class serve``'s address (:func:`negaviz.quiz.vote.vote_page`).

    :attr:`step`, :attr:`perspective` and :attr:`windows` are settable and synced with
    the page; :attr:`sentence`, :attr:`stack_rows`, :attr:`code_line` and
    :attr:`counters` read what it shows.
    """

    def __init__(
        self,
        trace: Trace,
        *,
        perspective: Perspective | None = None,
        windows: bool = False,
        max_nodes: int = 400,
        step: int = 0,
        quiz: bool = False,
        play_interval: int = 600,
        title: str = "",
        preview: bool = False,
        presenter: bool = False,
        practice: str | None = None,
        ask: object = None,
        answers_file: str = "negaviz_answers.json",
        vote: object = None,
        site: object = None,
        collector: object = None,
    ) -> None:
        check_trace(trace)
        perspective = view_of(perspective)
        step = check_step(step, len(trace))
        if isinstance(play_interval, bool) or not isinstance(play_interval, int) or not 20 <= play_interval <= 60_000:
            raise InputError(f"play_interval must be a whole number of milliseconds from 20 to 60000, not {play_interval!r}")
        self.trace = trace
        self.scene = Scene(trace, max_nodes=max_nodes, title=title, interval=int(play_interval), practice=practice,
                           ask=ask, vote=vote, site=site, collector=collector, vote_perspective=perspective)
        self.front = StepperView(
            [self.scene], step=step, perspective=perspective, windows=windows, preview=preview, presenter=presenter,
        )
        check_text(answers_file, "answers_file")
        if practice == "tree":  # submit saves the record beside the notebook
            self.front.answers_file = answers_file

        # --- quiz (checked by the kernel) ---------------------------------------------------
        self._quiz_on = check_flag(quiz, "quiz")
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
        super().__init__([self.front, self.quiz_box] if self._quiz_on else [self.front])
        if self._quiz_on:
            self.front.observe(self._on_quiz_change, names=["step", "perspective"])
            self._show_question()

    def __repr__(self) -> str:
        if self.scene.practice is not None:  # no total: it would tell how much the search prunes
            return f"<negaviz StepperWidget: practice, step {self.step}>"
        return f"<negaviz StepperWidget: {len(self.trace)} events, step {self.step}>"

    def _top(self) -> int:
        return len(self.trace)

    def _scenes(self) -> list[Scene]:
        return [self.scene]

    # --- what is shown (read from the data the page shows) -----------------------------------
    @property
    def sentence(self) -> str:
        """The sentence shown: what the last event did."""
        chunk = self.scene.chunk(self.step // CHUNK)
        return str(chunk["sentences"][PERSPECTIVES.index(self.perspective)][self.step % CHUNK])

    @property
    def code_line(self) -> int | None:
        """The highlighted pseudocode line (1-based), None if none."""
        chunk = self.scene.chunk(self.step // CHUNK)
        line: int = chunk["lines"][PERSPECTIVES.index(self.perspective)][self.step % CHUNK]
        return line or None

    @property
    def listing(self) -> str:
        """The name of the pseudocode listing shown (see :mod:`negaviz.analysis.pseudocode`)."""
        return self.scene.listings[self.perspective]

    @property
    def counters(self) -> Counters:
        """Nodes, leaves, cutoffs and table hits so far."""
        return self.scene.timeline.counters(self.step)

    @property
    def stack_rows(self) -> list[tuple[str, ...]]:
        """The call-stack table's rows as shown, root first (see :data:`STACK_COLUMNS`;
        plain negamax's have no window, :data:`STACK_COLUMNS_PLAIN`)."""
        return stack_rows(self.scene, self.step, self.perspective)

    @property
    def question(self) -> Any:
        """The quiz question on show (a :class:`negaviz.quiz.Question`), or None."""
        return self._question

    # --- actions --------------------------------------------------------------------------
    def jump_target(self, kind: Jump) -> int:
        """The step just after the next event of ``kind`` (``cutoff``, ``return``, ``tt``,
        ``end``), or the end if there is none: what the page's jump buttons do."""
        return next_step(self.trace, self.step, kind)

    def jump(self, kind: Jump) -> None:
        """Go to :meth:`jump_target` ``(kind)``."""
        self.step = self.jump_target(kind)

    def answer(self, text: str) -> Any:
        """Check ``text`` against the question on show; show and return the feedback."""
        if self._question is None:
            return None
        feedback = self._question.check(text)
        colour = "#006B4F" if feedback.correct else "#A33C00"
        self.quiz_feedback.value = f'<span style="color:{colour}">{html.escape(str(feedback))}</span>'
        return feedback

    def _on_quiz_change(self, _change: Any) -> None:
        self._show_question()

    def _show_question(self) -> None:
        step, perspective = self.step, self.perspective
        if perspective not in self._questions:
            from negaviz.quiz import questions  # lazily: the quiz is optional

            qs = list(questions(self.trace, perspective=perspective))
            self._questions[perspective] = (qs, [q.step for q in qs])
        qs, asked = self._questions[perspective]
        i = bisect_right(asked, step)  # the latest question asked by now whose answer has not shown
        current = next((q for q in reversed(qs[:i]) if step < q.reveal), None)
        if current is not self._question:
            self._question = current
            self.quiz_answer.value = ""
            self.quiz_feedback.value = ""
            self.quiz_prompt.value = "" if current is None else f"<b>Question:</b> {html.escape(current.prompt)}"
        self.quiz_box.layout.display = "none" if current is None else "flex"

    def close(self) -> None:
        """Close this widget and all its parts (the quiz's too, shown or not)."""
        quiz = getattr(self, "quiz_box", None)
        if quiz is not None and quiz not in self.children:
            for child in [*descendants(quiz), quiz]:
                child.close()
        super().close()


def stack_rows(scene: Scene, step: int, perspective: Perspective) -> list[tuple[str, ...]]:
    """The call stack at ``step`` as display strings, root first, as the page shows it.

    In the minimax view the window of a node where the second player moves is negated
    and swapped, as the sentences write it.  Plain negamax has no window: its rows have
    no α and β (:data:`~negaviz.vocabulary.STACK_COLUMNS_PLAIN`).
    """
    rows: list[tuple[str, ...]] = []
    stepper = scene.stepper("negamax")
    for f in stepper.view(step).frames:
        s = sign(scene.trace, f.node, perspective)
        alpha, beta = f.alpha, f.beta
        if s < 0:
            alpha, beta = (None if beta is None else -beta), (None if alpha is None else -alpha)
        best = None if f.best is None else s * f.best
        window = (_shown(alpha), _shown(beta)) if stepper.windowed else ()
        rows.append((f.name, str(f.depth), *window, _shown(best), f.trying))
    return rows


def _shown(x: float | None) -> str:
    """A value in the call-stack table: a dash while there is nothing yet (as the page writes it)."""
    return "–" if x is None else fmt(x)
