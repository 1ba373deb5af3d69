"""Export: a recorded search as files that need no Python to view.

:func:`export_html` writes one self-contained HTML page that steps through the search
(every frame pre-rendered, no network); see :mod:`negaviz.export.html`.
"""

from __future__ import annotations

from negaviz.export.html import MAX_BYTES, MAX_FRAMES, Export, export_html, frame_steps

__all__ = ["export_html", "Export", "frame_steps", "MAX_FRAMES", "MAX_BYTES"]
