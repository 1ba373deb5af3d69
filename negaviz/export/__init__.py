"""Export: a recorded search as files that need no Python to view.

:func:`export_html` writes one self-contained HTML page that steps through the search
with the same front-end as the widgets (no network); see :mod:`negaviz.export.html`.
"""

from __future__ import annotations

from negaviz.export.html import Export, export_html

__all__ = ["export_html", "Export"]
