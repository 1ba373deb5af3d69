"""How a negaviz object shows itself in a notebook, decided in one place (as
``graphviz/jupyter_integration.py`` does for graphviz): the drawing, the search and the
proof know nothing of notebooks, and ask here.

* :func:`picture`: a drawing (from :func:`negaviz.render.draw` or ``draw_proof``) or a
  trace as a notebook shows it: SVG laid out by dot where it runs, else a
  :class:`~negaviz.display.drawing.DrawingView` the page lays out with the Graphviz
  bundled with negaviz (a browser's Python: JupyterLite);
* :func:`bundle`: what a trace or a proof shows (their ``_repr_mimebundle_`` hooks call
  it): its picture wherever one can be made, else its plain text;
* :func:`widget_bundle` and :func:`static_form`: a stepper's or a comparison's output,
  the widget plus a self-contained HTML form that steps where no widget manager runs
  (``jupyter nbconvert --to html``, nbviewer), with a still picture for an untrusted
  notebook (:mod:`negaviz.display.still`: the forms that show wherever a notebook opens);
* :func:`fallback_form`: a stepper's second output, its still where the widget does not
  load (VS Code or Colab with no CDN);
* :func:`register`: in a kernel with no ``dot``, has IPython show a bare
  ``graphviz.Digraph`` through the page too (``import negaviz`` calls it).

Drawing needs the ``draw`` extra and the page's drawings the ``notebook`` extra: both are
imported when used, so this module imports with the core install alone.

>>> import negaviz
>>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> shown = picture(trace, windows=True)  # dot is installed here
>>> shown
<negaviz drawing: 8 nodes>
>>> sorted(shown._repr_mimebundle_())
['image/svg+xml', 'text/html', 'text/plain']
>>> sorted(bundle(trace)), bundle(trace)["text/plain"]
(['image/svg+xml', 'text/html', 'text/plain'], '<negaviz.Trace: 6 nodes, 18 events, complete>')
"""

from __future__ import annotations

import subprocess
import sys
from typing import TYPE_CHECKING, Any
from xml.parsers.expat import ExpatError

from negaviz.errors import InputError, MissingDependency
from negaviz.extras import dot_failed, dot_installed
from negaviz.search.proof import Proofs, ProofTree
from negaviz.trace.mcts import MctsTrace
from negaviz.trace.trace import Trace
from negaviz.vocabulary import Perspective

if TYPE_CHECKING:
    from negaviz.frontend.scene import Scene

__all__ = ["picture"]


class Picture:
    """A drawing laid out by dot, as a notebook shows it: SVG, and a plain-text form that
    says what it is and stays the same run to run (no memory address)."""

    def __init__(self, svg: str, nodes: int) -> None:
        self.svg = svg
        """The ``<svg>`` element (no XML prolog, no Graphviz version comment)."""
        self.nodes = nodes
        """How many nodes it draws."""

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        # The SVG as an image too: an untrusted notebook shows no SVG but keeps an <img>.
        from negaviz.display.still import img_html

        return {"image/svg+xml": self.svg, "text/html": img_html(self.svg, f"a drawn search tree: {self.nodes} nodes"),
                "text/plain": repr(self)}

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<negaviz drawing: {self.nodes} nodes>"


def picture(drawing: Any, **kw: Any) -> Any:
    """What a notebook cell shows for a drawing (from :func:`negaviz.render.draw` or
    :func:`negaviz.render.draw_proof`) or a trace (drawn with ``kw`` as for ``draw``): a
    :class:`Picture` (SVG laid out by dot) where dot runs, else a drawing the page lays out
    with the Graphviz bundled with negaviz, so a lecture notebook draws in either."""
    from negaviz.render import draw, drawn_nodes, svg_element, to_svg  # lazily: drawing needs graphviz

    import graphviz  # type: ignore[import-untyped]  # there, once negaviz.render is

    if isinstance(drawing, MctsTrace):  # a Monte Carlo tree search's tree, as draw_mcts draws it
        from negaviz.render.mcts_tree import draw_mcts

        drawing = draw_mcts(drawing, **kw)
    elif isinstance(drawing, Trace):
        drawing = draw(drawing, **kw)
    elif kw:
        raise InputError(f"picture() takes drawing options only with a trace, not with a {type(drawing).__name__}")
    if not isinstance(drawing, graphviz.Digraph):
        raise InputError(f"picture() shows a drawing (from draw or draw_proof) or a trace, not a {type(drawing).__name__}")
    if dot_installed():
        try:
            return Picture(svg_element(to_svg(drawing)), drawn_nodes(drawing))
        except (InputError, OSError, subprocess.SubprocessError, ExpatError, IndexError) as exc:
            # a dot that fails on this drawing (or writes what is not SVG) is no dot: as below
            dot_failed(f"failed on this drawing ({_why(exc)})")
    # no dot here (a browser's Python): the page lays it out; the widgets come with
    # the notebook extras (lazily: drawing to files needs none of them)
    from negaviz.display.drawing import DrawingView

    return DrawingView(drawing.source, label="a drawn search tree")


def _why(exc: BaseException) -> str:
    """A failed layout's reason, one short line."""
    if isinstance(exc, subprocess.CalledProcessError):
        return f"exit status {exc.returncode}"
    if isinstance(exc, (ExpatError, IndexError)):
        return "its output is not SVG"
    return " ".join(str(exc).split())[:80] or type(exc).__name__


def bundle(obj: Trace | ProofTree | Proofs) -> dict[str, Any]:
    """What a notebook shows for a trace (its tree, folded beyond 400 nodes) or a proof
    (its tree; for a draw's two proofs, what each is), with the object's repr as its plain
    text: a picture wherever one can be made, else the text alone.  Never raises for want
    of graphviz, dot or the widgets: a kernel without them shows the text."""
    text = repr(obj)
    try:
        if isinstance(obj, Trace):
            from negaviz.render import draw  # lazily: drawing needs graphviz, searching does not

            shown = picture(obj if isinstance(obj, MctsTrace) else draw(obj))
        else:
            trees = list(obj.proofs) if isinstance(obj, Proofs) else [obj]
            if len(trees) != 1 or trees[0].game is None:
                return {"text/plain": text}
            from negaviz.render import draw_proof  # lazily: drawing needs graphviz, proving does not

            shown = picture(draw_proof(trees[0]))
        given = shown._repr_mimebundle_()
    except MissingDependency:  # no graphviz, or no dot and no widgets to lay it out in the page
        return {"text/plain": text}
    data = dict(given[0] if isinstance(given, tuple) else given)  # a widget's: (data, metadata)
    data["text/plain"] = text
    return data


# --------------------------------------------------------------------------- the widgets
def static_form(
    scenes: list[Scene], *, step: int, perspective: Perspective, windows: bool, preview: bool = False,
    presenter: bool = False,
) -> str:
    """The self-contained HTML form of a stepper or a comparison of ``scenes`` at ``step``
    (a page in a sandboxed frame), or a note when a trace is too big for a page."""
    from negaviz.display.still import still_html, stepper_html
    from negaviz.frontend.page import MAX_PAGE_EVENTS, check_page_size, page_html, static_html

    try:
        check_page_size(scenes)
    except InputError:
        n = max(len(s.trace) for s in scenes)
        return still_html(scenes, step=step, perspective=perspective, windows=windows, preview=preview, note=(
            f"This search has {n:,} events, more than a stored page holds ({MAX_PAGE_EVENTS:,}): it steps in a "
            "running notebook only."
        ))
    page = page_html(scenes, title=" | ".join(s.title for s in scenes if s.title) or "negaviz stepper",
                     step=step, perspective=perspective, windows=windows, preview=preview, presenter=presenter,
                     autofocus=False)
    still = still_html(scenes, step=step, perspective=perspective, windows=windows, preview=preview)
    return stepper_html(still, static_html(page))


def fallback_form(
    scenes: list[Scene], *, step: int, perspective: Perspective, windows: bool, preview: bool = False,
) -> str:
    """A stepper's or a comparison's second output: its still, shown by a few lines of
    script where the widget has not rendered within a few seconds (VS Code or Colab with no
    CDN, a saved notebook), with a line saying why and what to do there."""
    from negaviz.display.still import NOT_LOADED, fallback_html, still_html

    return fallback_html(still_html(scenes, step=step, perspective=perspective, windows=windows, preview=preview,
                                    how=NOT_LOADED))


def widget_bundle(widget: Any, given: Any) -> Any:
    """A stepper's or a comparison's output: the widget's own bundle (``given``), plus its
    self-contained HTML form (``widget.static_html()``) for viewers without a widget
    manager, where it steps too, and its repr as plain text."""
    if isinstance(given, dict):
        given["text/html"] = widget.static_html()
        given["text/plain"] = repr(widget)
    return given


# --------------------------------------------------------------------------- IPython
def _digraph_bundle(digraph: Any) -> Any:
    """A bare drawing's output: graphviz's own (SVG by dot) where a working dot lays it
    out, else a view the page lays out (no dot, or a dot that failed on it: said once)."""
    if dot_installed():
        try:
            return digraph._repr_mimebundle_()
        except (OSError, subprocess.SubprocessError, ValueError) as exc:  # graphviz's errors for a failed dot
            dot_failed(f"failed on this drawing ({_why(exc)})")
    from negaviz.display.drawing import DrawingView

    return DrawingView(str(digraph.source), label="a drawn search tree")._repr_mimebundle_()


def register() -> bool:
    """Show bare drawings (``graphviz.Digraph``) in this IPython kernel through
    :func:`_digraph_bundle`, if it has the widgets; whether it did.  Where dot works a
    drawing shows as graphviz shows it (SVG); with no dot, or a broken one, the page lays
    it out.  Nothing changes outside IPython.  (Traces and proofs choose for themselves:
    see :func:`bundle`.)"""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    try:
        import negaviz.display.drawing  # noqa: F401  # the widgets, or drawings need dot and say so when shown
    except ImportError:
        return False
    formatter = shell.display_formatter.mimebundle_formatter
    formatter.for_type_by_name("graphviz.graphs", "Digraph", _digraph_bundle)
    return True
