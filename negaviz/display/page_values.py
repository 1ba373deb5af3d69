"""Values from the page, as Python expects them, in every kernel.

A widget's messages from the page reach a kernel as JSON (ipykernel), where JavaScript's
``null`` is ``None``.  The course site's kernel (JupyterLite's Pyodide kernel) instead
converts each message with ``pyodide.toPy``, which leaves ``null`` as
``pyodide.ffi.jsnull``: a record the page submits with ``"student": null`` then fails
every ``is None`` test ("student must be text ... or null, not jsnull").  So every
message from the page passes through :func:`from_page` first, where it crosses into
Python (:class:`FromPage`, mixed into each negaviz widget the page talks to).

>>> from_page({"student": None, "answers": [{"node": "A", "text": "5"}]})
{'student': None, 'answers': [{'node': 'A', 'text': '5'}]}
"""

from __future__ import annotations

from typing import Any

__all__: list[str] = []


def _js_null() -> object:
    """Pyodide's ``jsnull``; outside Pyodide an object no message holds."""
    try:
        from pyodide.ffi import jsnull  # type: ignore[import-not-found]
    except ImportError:  # not a browser's Python: messages are JSON, null is None already
        return object()
    return jsnull


def from_page(value: Any, *, _null: object | None = None) -> Any:
    """``value`` with every JavaScript ``null`` in it (Pyodide's ``jsnull``, at any depth
    of dicts, lists and tuples) made ``None``; everything else is kept as it is."""
    null = _js_null() if _null is None else _null
    if value is null:
        return None
    if isinstance(value, dict):
        return {k: from_page(v, _null=null) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(from_page(v, _null=null) for v in value)
    return value


class FromPage:
    """Mixed into an ipywidgets widget before it: each message from the page (a state
    update or a custom message) passes through :func:`from_page` before the widget reads it."""

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        content = msg.get("content")
        if isinstance(content, dict) and "data" in content:
            msg = {**msg, "content": {**content, "data": from_page(content["data"])}}
        super()._handle_msg(msg)  # type: ignore[misc]
