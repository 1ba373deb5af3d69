"""Edit a textbook tree in the notebook and watch the search change: :class:`TreeEditor`.

A lecturer asks "what if E were 9?": pick E (click it in the picture, or choose it in
the *node* list), type 9 in *value* and press Enter.  The kernel searches the edited tree
again with the trace's own options (:class:`~negaviz.widgets.editing.EditSession`), the
stepper keeps its place (:func:`~negaviz.widgets.editing.kept_step`), the nodes now searched
that were cut off before, and those now cut off, are marked as a comparison marks what only
one search visits (once the search reaches them), and one line says what changed: nodes now
cut or no longer cut, the root's value, the best line (:func:`negaviz.analysis.diff.tree_change`,
the diff :class:`CompareWidget` shows), with the root's value and best line before and after
above the picture, in the view shown (:mod:`negaviz.frontend.edit_result`).

Edits: a leaf's value; *add child*; *remove*; *move left* / *move right* (the order the
search tries the moves in); the tree's text, typed whole (*apply text*).  *undo* and
*redo* walk every edit; *copy tree* (in the stepper's bar) copies the current tree's text.
Every control is a named, focusable form control and every node of the picture a button
(Enter picks it, on a leaf with a field for its value; A, Delete, [ and ] add, remove and
move: ``frontend/src/edit-keys.js``), so all of it works from the keyboard; the status line
is a live region a screen reader reads out.  Bad input (a value that is not a number, text
that is not a tree) is refused in place, in the status line; the last good tree stays and
what was typed stays in its box.

Why a widget of its own rather than ``StepperWidget(editable=True)``: a StepperWidget
shows one trace and its quiz and practice are made for it; an editor's trace changes at
every edit.  Both show the same front-end (:class:`~negaviz.widgets.stepper.StepperView`).
"""

from __future__ import annotations

from typing import Any

from negaviz.extras import require

require("ipywidgets", "anywidget", purpose="a widget")

import anywidget
import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from negaviz.analysis.diff import TreeChange
from negaviz.display.page_values import FromPage
from negaviz.errors import InputError
from negaviz.frontend.page import ESM
from negaviz.frontend.scene import Scene
from negaviz.games.edit import EDITS, Edit
from negaviz.trace.trace import Trace
from negaviz.vocabulary import Perspective, check_flag, check_step, view_of
from negaviz.widgets.editing import EditSession, focus_after, kept_step
from negaviz.widgets.stepper import StepperView
from negaviz.widgets.synced import SyncedState

__all__ = ["TreeEditor"]


class StatusLine(FromPage, anywidget.AnyWidget):
    """The editor's status line: one live region that stays in the page while its text
    changes (``frontend/src/edit-ui.js``), so screen readers read every new line out."""

    _esm = ESM
    status_line = traitlets.Unicode("").tag(sync=True)
    """What changed, or why an edit was refused."""
    refused = traitlets.Bool(False).tag(sync=True)
    """The line says an edit was refused (read out at once, in the warning colour)."""


class TreeEditor(SyncedState, widgets.VBox):
    """A stepper over ``trace`` (a search of a textbook tree) whose tree can be edited.

    :attr:`trace` is always the search of the current tree, so the next cell works on it;
    :attr:`text` is that tree's text.  The edits are also methods (:meth:`set_value`,
    :meth:`add_child`, :meth:`remove`, :meth:`move_left`, :meth:`move_right`,
    :meth:`set_text`, :meth:`undo`, :meth:`redo`): each refuses bad input with an
    InputError, which the widget shows in its status line.
    """

    def __init__(
        self,
        trace: Trace,
        *,
        perspective: Perspective | None = None,
        windows: bool = False,
        max_nodes: int = 400,
        step: int = 0,
        title: str = "",
        preview: bool = False,
        presenter: bool = False,
    ) -> None:
        self.session = EditSession(trace)
        perspective = view_of(perspective)
        step = check_step(step, len(trace))
        self._max_nodes, self._title = max_nodes, title
        self.front = self._view(trace, frozenset(), frozenset(), step=step, perspective=perspective,
                                windows=check_flag(windows, "windows"), preview=check_flag(preview, "preview"),
                                presenter=check_flag(presenter, "presenter"))
        labels = list(self.session.tree.labels)
        self.node = widgets.Dropdown(options=labels, value=labels[-1], description="node",
                                     description_allow_html=False, layout=widgets.Layout(width="170px"))
        self.value = widgets.Text(description="value", placeholder="a number, then Enter", continuous_update=False,
                                  layout=widgets.Layout(width="230px"))
        self.buttons: dict[str, Any] = {  # each named by its text, described by its tooltip
            kind: widgets.Button(description=text, tooltip=tip)
            for kind, text, tip in (
                ("add", "add child", "add a leaf child to the chosen node"),
                ("remove", "remove", "remove the chosen node and its subtree"),
                ("left", "move left", "move the chosen node left: the search tries it earlier"),
                ("right", "move right", "move the chosen node right: the search tries it later"),
                ("undo", "undo", "undo the last edit"),
                ("redo", "redo", "redo the edit undone last"),
            )
        }
        self.text_box = widgets.Textarea(value=self.session.text, description="tree", rows=2,
                                         layout=widgets.Layout(width="95%"))
        self.apply_text = widgets.Button(description="apply text", tooltip="search the tree typed in the text box")
        self.status = StatusLine()
        self._say("Pick a node (click it, or choose it in the list), then edit it.")
        self._text_shown = self.text_box.value
        self._quiet = False
        self._focus_next = ""  # the node the picture focuses after an edit made on it by keyboard
        self.node.observe(self._on_node, names="value")
        self.value.observe(self._on_value, names="value")
        for kind, b in self.buttons.items():
            b.on_click(lambda _b, kind=kind: self._on_button(kind))
        self.apply_text.on_click(lambda _b: self._try(lambda: self.set_text(self.text_box.value)))
        self._on_node({"new": self.node.value})
        self._sync()
        self.controls = widgets.VBox([
            widgets.HBox([self.node, self.value, *(self.buttons[k] for k in ("add", "remove", "left", "right"))]),
            widgets.HBox([self.text_box, self.apply_text]),
            widgets.HBox([self.buttons["undo"], self.buttons["redo"], self.status]),
        ])
        # The stepper sits in a box of its own: a new search swaps the box's one child, and
        # the controls (the live status line among them) stay in the page as they are.
        self.holder = widgets.Box([self.front])
        super().__init__([self.holder, self.controls])

    def __repr__(self) -> str:
        return f"<negaviz TreeEditor: {self.text}, {len(self.trace)} events, step {self.step}>"

    def _top(self) -> int:
        return len(self.trace)

    def _scenes(self) -> list[Scene]:
        return [self.scene]  # the current tree's (a static form steps it; editing needs a kernel)

    # --- what is shown -------------------------------------------------------------------
    @property
    def trace(self) -> Trace:
        """The search of the current tree (a new trace after every edit, undo and redo)."""
        return self.session.trace

    @property
    def text(self) -> str:
        """The current tree's text (what *copy tree* copies)."""
        return self.session.text

    @property
    def change(self) -> TreeChange | None:
        """What the last edit, undo or redo changed (None before any)."""
        return self.session.change

    @property
    def message(self) -> str:
        """The status line as shown: what changed, or why an edit was refused."""
        return self._message

    @property
    def marked(self) -> frozenset[str]:
        """Names of the nodes the picture marks (a dashed, glowing border): the ones the
        current search visits and the one before the last edit, undo or redo cut off (once
        entered), and the ones it now cuts off (once pruned)."""
        return frozenset(self.trace.label(n) for n in self.scene.only) | self.scene.cut_names

    # --- edits -----------------------------------------------------------------------------
    def set_value(self, node: str, value: object) -> TreeChange | None:
        """Leaf ``node``'s value becomes ``value`` (a number, or text such as ``"-2.5"``)."""
        return self._edit("value", node, value)

    def add_child(self, node: str) -> TreeChange | None:
        """Add a leaf child to ``node`` (see :func:`negaviz.games.edit.add_child`)."""
        return self._edit("add", node)

    def remove(self, node: str) -> TreeChange | None:
        """Remove ``node`` and its subtree."""
        return self._edit("remove", node)

    def move_left(self, node: str) -> TreeChange | None:
        """Move ``node`` one place left among its siblings: the search tries it earlier."""
        return self._edit("left", node)

    def move_right(self, node: str) -> TreeChange | None:
        """Move ``node`` one place right among its siblings: the search tries it later."""
        return self._edit("right", node)

    def set_text(self, text: str) -> TreeChange | None:
        """Replace the tree by the one ``text`` writes (either form :meth:`Tree.parse` reads)."""
        return self._edit("text", None, text)

    def undo(self) -> TreeChange | None:
        """Undo the last edit (None if there is none)."""
        old = self.trace
        change = self.session.undo()
        if change is not None:
            self._show(old, change)
        return change

    def redo(self) -> TreeChange | None:
        """Redo the edit undone last (None if there is none)."""
        old = self.trace
        change = self.session.redo()
        if change is not None:
            self._show(old, change)
        return change

    def _edit(self, kind: Edit, node: str | None, value: object = None) -> TreeChange | None:
        old = self.trace
        try:
            change = self.session.apply(kind, node, value)
        except InputError as e:
            self._say(f"Refused: {e}. The tree is as it was.", error=True)
            raise
        if change is None:
            self._say("That leaves the tree as it was: nothing to search again.")
            return None
        if kind == "text":  # the text applied: the box shows it as the tree writes it
            self._text_shown = self.text_box.value
        if kind == "add":  # the new child is the node one edits next
            self._quiet = True
            self.node.options = list(self.session.tree.labels)
            self.node.value = self.session.tree.labels[self.session.tree.children[
                self.session.tree.labels.index(node or "")][-1]]
            self._quiet = False
            self._focus_next = self._focus_next and self.node.value  # added on the picture: focus the child
        self._show(old, change)
        return change

    def _show(self, old: Trace, change: TreeChange) -> None:
        """Show the current trace in a new view, at the kept step, marking what changed."""
        new = self.trace
        marked = frozenset(n.id for n in new.nodes if new.label(n.id) in change.names)
        front = self._view(new, marked, frozenset(change.newly_cut), step=kept_step(old, new, self.step), perspective=self.perspective,
                           windows=self.windows, preview=self.preview, presenter=self.presenter, result=change,
                           focus=self._focus_next)
        previous, self.front = self.front, front
        self.holder.children = [front]
        previous.close()
        names = (*change.no_longer_cut, *change.newly_cut)
        marks = f" In the picture, {', '.join(names)} {'has' if len(names) == 1 else 'have'} a dashed, glowing border " \
            "(once the search gets there)." if names else ""
        self._say(change.sentence + marks)
        self._sync()

    def _view(self, trace: Trace, marked: frozenset[int], cut: frozenset[str], result: TreeChange | None = None,
              **state: Any) -> StepperView:
        self.scene = Scene(trace, max_nodes=self._max_nodes, title=self._title, only=marked, cut_names=cut,
                           tree_text=True, result=result)
        view = StepperView([self.scene], editable=True, **state)
        view.observe(self._on_pick, names="picked")
        view.observe(self._on_picture_edit, names="edit")
        return view

    # --- the controls ------------------------------------------------------------------------
    def _sync(self) -> None:
        """Controls after a change of tree: the node list, the text box, undo and redo."""
        tree = self.session.tree
        self._quiet = True
        chosen = self.node.value if self.node.value in tree.labels else tree.labels[0]
        self.node.options = list(tree.labels)
        self.node.value = chosen
        self._quiet = False
        if self.text_box.value == self._text_shown:  # else it holds typing not applied yet: keep it
            self.text_box.value = self.session.text
        self._text_shown = self.session.text
        self.buttons["undo"].disabled = not self.session.can_undo
        self.buttons["redo"].disabled = not self.session.can_redo
        self._on_node({"new": chosen})

    def _on_pick(self, change: Any) -> None:
        name = change["new"]
        if name in self.session.tree.labels:
            self.node.value = name
            self.front.picked = ""  # so that a second click on the same node picks it again

    def _on_node(self, change: Any) -> None:
        """Show the chosen node's value in the value box (a leaf's; an inner node has none)."""
        tree = self.session.tree
        name = change["new"]
        if name not in tree.labels:
            return
        i = tree.labels.index(name)
        self._quiet = True
        self.value.value = "" if tree.children[i] else str(tree.values[i])
        self.value.disabled = bool(tree.children[i])
        self._quiet = False

    def _on_value(self, change: Any) -> None:
        if self._quiet or not str(change["new"]).strip():
            return
        self._try(lambda: self.set_value(self.node.value, change["new"]))

    def _on_button(self, kind: str) -> None:
        if kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        else:
            self._try(lambda: self._edit(kind, self.node.value))  # type: ignore[arg-type]

    @staticmethod
    def _try(action: Any) -> None:
        """Run an edit from a control: a refusal is already in the status line."""
        try:
            action()
        except InputError:
            pass  # shown in place; the last good tree stays

    def _on_picture_edit(self, change: Any) -> None:
        """An edit asked for on the picture from the keyboard (``frontend/src/edit-keys.js``)."""
        asked, tree = change["new"] if isinstance(change["new"], dict) else {}, self.session.tree
        kind, node, edits = asked.get("kind"), asked.get("node"), [k for k in EDITS if k != "text"]
        if kind not in edits or node not in tree.labels:
            self._say(f"Refused: the picture asked for {kind!r} on {node!r}; an edit there is one of {edits} on a node of the tree.", error=True)
            return
        self._focus_next, self.node.value = focus_after(tree, kind, node), node
        self._try(lambda: self._edit(kind, node, asked.get("value")))
        self._focus_next = ""

    def _say(self, text: str, *, error: bool = False) -> None:
        """Put ``text`` in the status line (a live region: a screen reader reads it out)."""
        self._message = text
        with self.status.hold_sync():
            self.status.status_line = text
            self.status.refused = error
