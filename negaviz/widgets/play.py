"""Play against the engine, and see why it played each move.

:class:`PlayWidget` is an ipywidgets ``VBox``.  From top to bottom:

* the board as a grid of buttons: one per cell for tic-tac-toe and Othello (a cell is
  clickable when it is the human's legal move), and for Connect Four one button per
  column above the board; a "pass" button when the only legal move is a pass (Othello);
* "New game" and "Undo" (back to just before the human's last move);
* a status line: whose turn it is, or the result;
* after each engine move, what its search found (value, principal variation, nodes) and
  a :class:`~negaviz.widgets.stepper.StepperWidget` over THAT search, shown finished,
  so the student can step back through why the engine played it.

The engine never searches by itself: each of its moves is one
:func:`negaviz.record` from the current position with the widget's options, and it
plays ``trace.result.move``.  Clicks and :meth:`PlayWidget.play` run the same code, and
the widget changes only widget state (``value``, ``description``, ``children``), so it
is driven headless in tests and passes ``pytest --nbval``.

>>> import negaviz
>>> from negaviz.widgets.play import PlayWidget
>>> w = PlayWidget(negaviz.TicTacToe())
>>> w.play("a1")  # a corner; the engine, solving to the end, takes the centre
>>> [ply.name for ply in w.history], w.last_trace.result.move
(['a1', 'b2'], 4)
>>> w.status
'Your move (you are x).'
>>> w.close()
"""

from __future__ import annotations

import html
from typing import Any, NamedTuple

from negaviz.extras import require
from negaviz.vocabulary import check_int

require("ipywidgets", "anywidget", purpose="a widget")  # before they, or drawing, are imported

import ipywidgets as widgets  # type: ignore[import-untyped]

import negaviz.trace as trace_module
from negaviz.errors import InputError
from negaviz.games.protocol import label, max_score_of, move_name, player, player_names_of
from negaviz.trace.trace import Trace
from negaviz.render.tree import check_max_nodes
from negaviz.widgets.engine import (  # BIG_BOARD_DEPTH and DEFAULT_OPTIONS: imported from here too
    BIG_BOARD_DEPTH, DEFAULT_OPTIONS, _board_kind, engine_options,
)
from negaviz.widgets.stepper import StepperWidget, descendants
from negaviz.vocabulary import fmt

__all__ = ["PlayWidget"]


CELL = "36px"
"""Width and height of a board button."""


class Ply(NamedTuple):
    """One move of the game as played in the widget."""

    player: int
    """0 for the first player, 1 for the second."""
    move: Any
    """The move, as the game's ``moves()`` gives it."""
    name: str
    """The game's name for the move, e.g. ``"b2"`` or ``"pass"``."""
    trace: Trace | None
    """The engine's recorded search that chose the move; None for a human move."""


class PlayWidget(widgets.VBox):
    """Play ``game`` from its root against an engine that shows its search.

    ``human``: the human's side, a player name (``"x"``, ``"o"``) or 0/1; default the
    first player (the engine moves first otherwise).
    ``depth``: the engine's search depth (None: to the end; 4 on big boards).
    ``options``: the engine's search options as a dict (see :data:`DEFAULT_OPTIONS`).
    ``max_nodes_drawn``: the most nodes drawn in the engine's tree (bigger trees fold).

    :meth:`play` makes the human's move; :attr:`position`, :attr:`history`,
    :attr:`last_trace` and :attr:`status` read back the game.
    """

    def __init__(
        self,
        game: Any,
        *,
        human: str | int | None = None,
        depth: int | None = None,
        options: dict[str, Any] | None = None,
        max_nodes_drawn: int = 150,
    ) -> None:
        check_int(max_nodes_drawn, "max_nodes_drawn", low=1)
        self.game = game
        self.kind = _board_kind(game)
        self.names: tuple[str, ...] = player_names_of(game) or ("first player", "second player")
        self.human = self._check_human(human)
        self.options = engine_options(game, depth, options)
        self.max_nodes_drawn = check_max_nodes(max_nodes_drawn)
        self._plies: list[Ply] = []
        self._positions: list[Any] = [game.root]
        self._stepper: StepperWidget | None = None
        self._shown: Trace | None = None

        rows = label(game, game.root).splitlines()
        self._cols = len(rows[0])
        n_cells = len(rows) * self._cols
        grid = widgets.Layout(grid_template_columns=f"repeat({self._cols}, {CELL})", grid_gap="2px", width="max-content")
        self.cell_buttons = [
            widgets.Button(layout=widgets.Layout(width=CELL, height=CELL, padding="0")) for _ in range(n_cells)
        ]
        self.column_buttons: list[Any] = []
        if self.kind == "cells":
            for i, button in enumerate(self.cell_buttons):
                button.on_click(lambda _b, m=i: self._click(m))
            board = [widgets.GridBox(self.cell_buttons, layout=grid)]
        else:
            self.column_buttons = [
                widgets.Button(description=f"↓{game.move_name(game.root, c)}", tooltip=f"drop a disc in column {c + 1}",
                               layout=widgets.Layout(width=CELL, height=CELL, padding="0"))
                for c in range(self._cols)
            ]
            for c, button in enumerate(self.column_buttons):
                button.on_click(lambda _b, m=c: self._click(m))
            board = [widgets.GridBox(self.column_buttons, layout=grid), widgets.GridBox(self.cell_buttons, layout=grid)]
        self.pass_button = widgets.Button(description="pass", tooltip="you have no legal move: pass",
                                          layout=widgets.Layout(display="none"))
        self.pass_button.on_click(lambda _b: self._click(self._pass_move()))
        self.new_button = widgets.Button(description="New game")
        self.undo_button = widgets.Button(description="Undo", tooltip="take back your last move (and the reply)")
        self.new_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self._safely(self.undo))
        self.status_panel = widgets.HTML()
        self.message_panel = widgets.HTML()
        self.engine_panel = widgets.HTML()
        self.search_box = widgets.VBox([self.engine_panel])
        super().__init__([
            *board,
            widgets.HBox([self.pass_button, self.new_button, self.undo_button]),
            self.status_panel,
            self.message_panel,
            self.search_box,
        ])
        self._engine_to_move()
        self._show()

    def __repr__(self) -> str:
        return f"<negaviz PlayWidget: {len(self._plies)} moves played. {self.status}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, plus a static form for a saved or converted notebook (where no
        kernel plays): the board as it stands and the status line, as plain HTML."""
        from negaviz.display import widget_bundle

        widget: Any = super()  # the ipywidgets box this is
        return widget_bundle(self, widget._repr_mimebundle_(**kwargs))

    def static_html(self) -> str:
        """The board as it stands, the status line, and that playing needs a kernel."""
        board = html.escape(label(self.game, self.position))
        note = "Playing against the engine needs a running kernel: run this cell to play."
        return (f'<div class="negaviz-play"><pre>{board}</pre>'
                f"<p>{html.escape(self.status)} {html.escape(note)}</p></div>")

    # --- what is shown ----------------------------------------------------------------
    @property
    def position(self) -> Any:
        """The current position."""
        return self._positions[-1]

    @property
    def history(self) -> tuple[Ply, ...]:
        """The moves played since the start, both sides', oldest first."""
        return tuple(self._plies)

    @property
    def last_trace(self) -> Trace | None:
        """The recorded search of the engine's latest move still on the board, or None."""
        return next((p.trace for p in reversed(self._plies) if p.trace is not None), None)

    @property
    def stepper(self) -> StepperWidget | None:
        """The stepper showing :attr:`last_trace`, or None."""
        return self._stepper

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_terminal(self.position))

    @property
    def status(self) -> str:
        """The status line: whose turn it is, or the result."""
        pos = self.position
        if not self.over:
            if player(self.game, pos) == self.human:
                return f"Your move (you are {self.names[self.human]})."
            return f"The engine ({self.names[1 - self.human]}) is to move."
        score = self.game.score(pos)
        if score == 0:
            return "Game over: a draw."
        mover = player(self.game, pos)
        winner = mover if score > 0 else 1 - mover
        margin = "" if abs(score) == (max_score_of(self.game) or 1) == 1 else f" by {fmt(abs(score))}"
        who = "you win!" if winner == self.human else "the engine wins."
        return f"Game over: {self.names[winner]} wins{margin}, {who}"

    @property
    def legal_moves(self) -> tuple[str, ...]:
        """The names of the human's legal moves now, as :meth:`play` takes them (none
        when the game is over or the engine is to move)."""
        return tuple(move_name(self.game, self.position, m) for m in self._legal())

    def _legal(self) -> tuple[Any, ...]:
        """The human's legal moves now, as the game's move objects."""
        if self.over or player(self.game, self.position) != self.human:
            return ()
        return tuple(self.game.moves(self.position))

    # --- actions ----------------------------------------------------------------------
    def play(self, move: Any) -> None:
        """Play the human's ``move`` (a move or its name, e.g. ``4`` or ``"b2"``), then the
        engine's reply.  An InputError names the legal moves if ``move`` is not one."""
        pos = self.position
        legal = self._legal()
        names = [move_name(self.game, pos, m) for m in legal]
        if isinstance(move, str) and move.strip().lower() in names:
            move = legal[names.index(move.strip().lower())]
        if self.over:
            raise InputError(f"the game is over ({self.status}); press New game to play again")
        if move not in legal:
            raise InputError(f"{move!r} is not a legal move here (legal: {', '.join(names)})")
        self._apply(move, None)
        self._engine_to_move()
        self._show()

    def undo(self) -> None:
        """Go back to just before the human's last move (taking back the engine's reply)."""
        last = max((i for i, p in enumerate(self._plies) if p.trace is None), default=None)
        if last is None:
            raise InputError("there is no move of yours to undo")
        del self._plies[last:]
        del self._positions[last + 1:]
        self._show()

    def new_game(self) -> None:
        """Start again from the game's root (the engine moves first if it is to move)."""
        self._plies.clear()
        del self._positions[1:]
        self._engine_to_move()
        self._show()

    # --- the game ---------------------------------------------------------------------
    def _apply(self, move: Any, trace: Trace | None) -> None:
        pos = self.position
        self._plies.append(Ply(player(self.game, pos), move, move_name(self.game, pos, move), trace))
        self._positions.append(self.game.play(pos, move))

    def _engine_to_move(self) -> None:
        """Let the engine move while it is its turn: one recorded search per move."""
        while not self.over and player(self.game, self.position) != self.human:
            trace = trace_module.record(self.game, self.position, options=self.options)
            if trace.result is None or trace.result.move is None:
                raise InputError(f"the engine's search found no move (stopped: {trace.result and trace.result.stopped}); "
                                 "raise max_nodes in the options")
            self._apply(trace.result.move, trace)

    def _check_human(self, human: str | int | None) -> int:
        if human is None:
            return 0
        if human in (0, 1) and not isinstance(human, bool):
            return int(human)
        if isinstance(human, str) and human in self.names:
            return self.names.index(human)
        raise InputError(f"unknown human side: {human!r} (must be one of {[*self.names, 0, 1]})")

    def _pass_move(self) -> Any:
        legal = self._legal()
        return legal[0] if len(legal) == 1 else None

    def _click(self, move: Any) -> None:
        self._safely(lambda: self.play(move))

    def _safely(self, action: Any) -> None:
        """Run a button's action; a refused one is explained in the message line
        (an exception in a click handler would only reach the browser's log)."""
        try:
            action()
        except InputError as err:
            self.message_panel.value = f'<span style="color:#A33C00">{html.escape(str(err))}</span>'

    # --- updating ---------------------------------------------------------------------
    def _show(self) -> None:
        pos = self.position
        legal = self._legal()
        cells = "".join(label(self.game, pos).splitlines())
        for i, button in enumerate(self.cell_buttons):
            mark = cells[i]
            button.description = "" if mark == "." else mark
            playable = self.kind == "cells" and i in legal
            button.disabled = not playable
            button.tooltip = move_name(self.game, pos, i) if playable else ""
        for c, button in enumerate(self.column_buttons):
            button.disabled = c not in legal
        only_pass = len(legal) == 1 and move_name(self.game, pos, legal[0]) == "pass"
        self.pass_button.layout.display = "" if only_pass else "none"
        self.undo_button.disabled = all(p.trace is not None for p in self._plies)
        self.status_panel.value = f"<b>{html.escape(self.status)}</b>"
        self.message_panel.value = ""
        self._show_search(self.last_trace)

    def _show_search(self, trace: Trace | None) -> None:
        if trace is self._shown:
            return
        self._shown = trace
        if self._stepper is not None:
            self._stepper.close()
            self._stepper = None
        if trace is None:
            self.engine_panel.value = ""
            self.search_box.children = (self.engine_panel,)
            return
        result = trace.result
        assert result is not None  # recorded by _engine_to_move, which checked it
        depth = "to the end of the game" if result.options.depth is None else f"{result.options.depth} plies deep"
        self.engine_panel.value = (
            f"The engine played <b>{html.escape(result.pv_names[0])}</b>. "
            f"Its search ({html.escape(result.options.algorithm)}, {depth}, {result.nodes} nodes) "
            f"values the position {html.escape(fmt(result.value))} for the engine; "
            f"expected line: {html.escape(' '.join(result.pv_names))}. "
            "Step back through the search below to see why."
        )
        self._stepper = StepperWidget(trace, max_nodes=self.max_nodes_drawn)
        self._stepper.step = len(trace)  # the finished search first
        self.search_box.children = (self.engine_panel, self._stepper)

    def close(self) -> None:
        """Close this widget, its parts and its stepper (stopping its background renderer)."""
        stepper = getattr(self, "_stepper", None)  # absent if __init__ failed
        if stepper is not None:
            stepper.close()
        for child in {id(w): w for w in descendants(self)}.values():
            if child is not stepper:
                child.close()
        super().close()
