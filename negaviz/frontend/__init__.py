"""The browser front-end: one ES module that steps a recorded search with no kernel.

* :mod:`negaviz.frontend.scene`: a trace laid out once and turned into compact per-step
  data (:class:`~negaviz.frontend.scene.Scene`);
* ``src/``: the front-end's ES modules, one concern each (``index.js`` lists what they
  export), bundled by esbuild (``tools/bundle_js.py``) into ``stepper.js``, the one module
  (an anywidget module) every front-end loads to paint each step;
* :mod:`negaviz.frontend.page`: a self-contained HTML page holding the module and the
  data, used by :func:`negaviz.export.export_html` and by the widgets' static form.

The widgets (:mod:`negaviz.widgets`), the exported page and static notebook pages all
run the same module on the same data.
"""

from __future__ import annotations

from negaviz.frontend.page import ESM, page_html, static_html
from negaviz.frontend.scene import MAX_PAGE_EVENTS, Scene

__all__ = ["Scene", "ESM", "page_html", "static_html"]

BROWSER_LAYOUT = True
"""The front-end lays views and drawings out itself, with the Graphviz bundled in
``vendor/``, where the kernel has no ``dot`` (a browser's Python): steppers, exported
pages, and (through :mod:`negaviz.display`) a notebook's drawings and traces."""
