"""The forms of a stored output that show wherever a notebook is opened, decided here.

JupyterLab, Notebook 7 and JupyterLite render an output's SVG only in a trusted notebook,
and a notebook copied to another machine (downloaded from a course page, opened on a
JupyterHub) is untrusted: it shows an HTML output through a sanitiser that drops scripts,
styles and frames, but keeps an ``<img>`` whose ``src`` is a ``data:`` URI (JupyterLab's
``Sanitizer`` checks schemes on ``href`` and ``cite`` only).  So:

* a drawing's output carries, beside its SVG, :func:`img_html`: the same SVG as an image;
* a stepper's HTML form (:func:`stepper_html`) is a *still* (the picture at its step as an
  image, and one line saying how to step it: run the cell, or trust the notebook) and the
  self-contained page that steps, in a frame; a style, which only a trusted notebook
  keeps, hides the still where the frame shows.  Untrusted, the sanitiser leaves the
  still alone.

Both are deterministic: the image is the drawing's own SVG, in base64.

>>> import negaviz
>>> svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8pt" height="8pt"><g/></svg>'
>>> img_html(svg, "a drawn search tree: 1 node")[:74]
'<img class="negaviz-picture" alt="a drawn search tree: 1 node" src="data:i'
>>> svg_of_img(img_html(svg, "x")) == svg
True
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from typing import TYPE_CHECKING

from negaviz.errors import MissingDependency
from negaviz.extras import dot_installed
from negaviz.vocabulary import Perspective

if TYPE_CHECKING:
    from negaviz.frontend.scene import Scene

__all__: list[str] = []

STILL = "negaviz-still"
"""The class of a stepper's still (its picture and its line) in the stored HTML form."""
PICTURE = "negaviz-picture"
"""The class of a drawing's image in the stored HTML form."""
HOW_TO_STEP = (
    "To step through it, run this cell; or trust the notebook (JupyterLab and Notebook 7: "
    "the command “Trust Notebook”, or <code>jupyter trust</code> with the notebook's name), "
    "and it steps here with no kernel."
)
"""What the still's line says after what it shows: how to get the stepper."""
NOT_LOADED = (
    "The stepper's widget has not loaded here. In JupyterLab and Notebook 7, run this cell again (a saved "
    "notebook keeps no widget). In VS Code, the Jupyter extension fetches widget code from a CDN: go online, "
    "allow it (the setting <code>jupyter.widgetScriptSources</code>: <code>[\"jsdelivr.com\", \"unpkg.com\"]</code>) "
    "and run the cell again. In Colab, run <code>from google.colab import output; "
    "output.enable_custom_widget_manager()</code> first. Anywhere, <code>negaviz export</code> (or "
    "<code>negaviz.export.export_html</code>) writes a page that steps offline."
)
"""What a stepper's fallback says where its widget did not load: why, and what to do there."""
FALLBACK = "negaviz-fallback"
"""The class of a stepper's fallback (its still, shown where the widget does not load)."""
FALLBACK_AFTER_MS = 4000
"""How long a stepper's widget may take to show before its fallback shows instead."""

# Shows the fallback (the element before the script) when no stepper has rendered just
# before it within FALLBACK_AFTER_MS: a widget that failed (VS Code or Colab with no CDN, a
# notebook saved without its widgets, anywidget's two-second start missed under load), and
# hides it again if one shows later.  Where the cell's outputs are known (JupyterLab,
# Notebook 7, JupyterLite: .jp-OutputArea) only a stepper among this cell's outputs, before
# this one, counts: a stepper of another cell never hides it.  Elsewhere, the one just
# before it in document order.  A stepper's stored HTML form counts as shown.  Where
# scripts do not run (an untrusted notebook) it stays hidden: the stepper's own output
# shows its still there.
_FALLBACK_SCRIPT = """<script>(() => {
  const me = document.currentScript && document.currentScript.previousElementSibling;
  if (!me || !me.classList.contains("%(fallback)s")) return;
  const area = me.closest(".jp-OutputArea");
  const shown = () => {
    const all = [...(area || document).querySelectorAll("[data-negaviz-stepper], .negaviz-output, .%(fallback)s")];
    const before = all[all.indexOf(me) - 1];
    return !!before && !before.classList.contains("%(fallback)s");
  };
  const start = Date.now();
  const timer = setInterval(() => {
    const ok = shown(), waited = Date.now() - start;
    me.style.display = ok || waited < %(after)d ? "none" : "";
    if (waited > 120000) clearInterval(timer);
  }, 250);
})();</script>"""
_IMG = re.compile(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]*)"')


def img_html(svg: str, alt: str) -> str:
    """``svg`` (an ``<svg>`` element) as an ``<img>`` holding it in a ``data:`` URI, with
    ``alt`` as its text alternative: an HTML form a sanitiser keeps."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img class="{PICTURE}" alt="{html.escape(alt, quote=True)}" '
            f'src="data:image/svg+xml;base64,{data}">')


def svg_of_img(text: str) -> str:
    """The SVG inside the first image :func:`img_html` made in ``text`` ('' if none)."""
    m = _IMG.search(text)
    return base64.b64decode(m.group(1)).decode("utf-8") if m else ""


def _still_svg(scene: Scene, *, step: int, perspective: Perspective, windows: bool, preview: bool) -> str | None:
    """The picture of ``scene`` at ``step``, drawn by dot, or None where dot cannot draw it."""
    if not dot_installed():
        return None  # a browser's Python (JupyterLite): the frame lays the picture out itself
    try:
        from negaviz.render import draw, svg_element, to_svg  # lazily: drawing needs graphviz
    except MissingDependency:
        return None
    trace = scene.trace
    drawing = draw(trace, step=min(step, len(trace)), perspective=perspective, windows=windows,
                   max_nodes=scene.max_nodes, preview=preview)
    return str(svg_element(to_svg(drawing)))


def still_html(
    scenes: list[Scene], *, step: int, perspective: Perspective, windows: bool, preview: bool = False,
    note: str = "", how: str = HOW_TO_STEP,
) -> str:
    """A stepper's still: the picture of each scene at ``step`` as an image, and one line
    saying what it is and ``how`` to step it (``note`` first, if given)."""
    pictures = []
    # Practice says no total: the number of steps tells how much the search prunes.
    practice = any(scene.practice is not None for scene in scenes)
    for scene in scenes:
        svg = _still_svg(scene, step=step, perspective=perspective, windows=windows, preview=preview)
        n = len(scene.trace)
        alt = (f"{scene.title + ': ' if scene.title else ''}the search tree at step {min(step, n)}"
               f"{'' if practice else f' of {n}'} ({perspective} view{', with windows' if windows else ''})")
        if svg is not None:
            pictures.append(img_html(svg, alt))
    top = max(len(s.trace) for s in scenes)
    what = f"A negaviz stepper, shown still at step {min(step, top)}{'' if practice else f' of {top}'}."
    line = " ".join(part for part in (note, what, how) if part)
    return (f'<div class="{STILL}">' + "".join(f"<div>{p}</div>" for p in pictures)
            + f'<p style="font-style: italic">{line}</p></div>')


def fallback_html(still: str) -> str:
    """A stepper's second output: ``still`` (made with ``how=NOT_LOADED``), hidden, and a
    script that shows it if the widget has not rendered within :data:`FALLBACK_AFTER_MS`."""
    return (f'<div class="{FALLBACK}" style="display: none">{still}</div>'
            + _FALLBACK_SCRIPT % {"fallback": FALLBACK, "after": FALLBACK_AFTER_MS})


def stepper_html(still: str, frame: str) -> str:
    """A stepper's stored HTML form: ``still`` and the stepping ``frame``, with a style
    (kept only where the notebook is trusted, where the frame runs too) hiding the still."""
    # The same under any Graphviz: the frame's own tag leaves its layout out, and the
    # still is named without its picture.
    framed = re.search(r'data-negaviz-static="([0-9a-f]+)"', frame)
    basis = _IMG.sub("", still) + (framed.group(1) if framed else frame)
    tag = hashlib.sha256(basis.encode("utf-8")).hexdigest()[:12]
    return (f'<div class="negaviz-output" id="negaviz-{tag}">'
            f"<style>#negaviz-{tag} > .{STILL} {{display: none}}</style>"
            f"{still}{frame}</div>")
