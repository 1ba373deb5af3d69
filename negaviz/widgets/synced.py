"""What every widget wrapping the stepper's front-end shares (:class:`SyncedState`): its
step, perspective, windows, preview and presenter, checked here and synced with the page
both ways, and the forms it shows where no widget manager runs.
:class:`~negaviz.widgets.StepperWidget`, :class:`~negaviz.widgets.CompareWidget` and
:class:`~negaviz.widgets.TreeEditor` mix it in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from negaviz.display import fallback_form, static_form, widget_bundle
from negaviz.vocabulary import Perspective, check_flag, check_perspective, check_step

if TYPE_CHECKING:  # types only: the view is the stepper module's
    from negaviz.frontend.scene import Scene
    from negaviz.widgets.stepper import StepperView

__all__: list[str] = []


class SyncedState:
    """``step``, ``perspective``, ``windows``, ``preview`` and ``presenter`` of a widget
    wrapping a :class:`StepperView` (``self.front``): synced with the page both ways,
    checked here."""

    front: StepperView

    def _top(self) -> int:
        """The last step."""
        raise NotImplementedError

    def _scenes(self) -> list[Scene]:
        """The scenes the page shows (one, or two side by side)."""
        raise NotImplementedError

    # --- where no widget manager runs --------------------------------------------------------
    def static_html(self) -> str:
        """A self-contained form of what the widget shows (a page in a sandboxed frame)."""
        return static_form(
            self._scenes(), step=self.step, perspective=self.perspective, windows=self.windows,
            preview=self.preview, presenter=self.presenter,
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, plus a self-contained HTML form for viewers without a widget
        manager (``jupyter nbconvert --to html``, nbviewer): it steps there too."""
        widget: Any = super()  # the ipywidgets box this is mixed into
        return widget_bundle(self, widget._repr_mimebundle_(**kwargs))

    def _ipython_display_(self) -> None:
        """Shown by IPython: the widget's output, then a second, hidden at first, that
        shows the still where the widget has not rendered within a few seconds (VS Code or
        Colab when their CDN fails, a notebook reopened without its widgets)."""
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)
        fallback = fallback_form(self._scenes(), step=self.step, perspective=self.perspective, windows=self.windows,
                                 preview=self.preview)
        display({"text/html": fallback}, raw=True)

    def close(self) -> None:
        """Close this widget and all its parts."""
        for child in descendants(self):
            child.close()
        widget: Any = super()
        widget.close()

    @property
    def step(self) -> int:
        """The step shown: events applied, 0..the last step (settable)."""
        return int(self.front.step)

    @step.setter
    def step(self, value: int) -> None:
        self.front.step = check_step(value, self._top())

    @property
    def perspective(self) -> Perspective:
        """``negamax`` or ``minimax`` (settable)."""
        return check_perspective(str(self.front.perspective))  # validated when set: typed here

    @perspective.setter
    def perspective(self, value: Perspective) -> None:
        self.front.perspective = check_perspective(value)

    @property
    def windows(self) -> bool:
        """Whether the tree shows each node's window (settable)."""
        return bool(self.front.windows)

    @windows.setter
    def windows(self, value: bool) -> None:
        self.front.windows = check_flag(value, "windows")

    @property
    def preview(self) -> bool:
        """Whether the rest of the search shows faintly behind the step (settable; off:
        nothing from later steps shows)."""
        return bool(self.front.preview)

    @preview.setter
    def preview(self, value: bool) -> None:
        self.front.preview = check_flag(value, "preview")

    @property
    def presenter(self) -> bool:
        """Presenter size: bigger text and tree, for a projector (settable; the P key)."""
        return bool(self.front.presenter)

    @presenter.setter
    def presenter(self, value: bool) -> None:
        self.front.presenter = check_flag(value, "presenter")


def descendants(box: Any) -> list[Any]:
    """Every widget inside ``box``, innermost first."""
    out = []
    for child in getattr(box, "children", ()):
        out.extend(descendants(child))
        out.append(child)
    return out
