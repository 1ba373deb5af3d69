"""Notebook files a course is given (an assignment, a graded exercise), written as
Jupyter's format 4.5 spells them: each cell with its id, code cells unrun."""

from __future__ import annotations

import json
from typing import Any

__all__: list[str] = []


def cell(kind: str, ident: str, source: str, **extra: Any) -> dict[str, Any]:
    """A ``markdown`` or ``code`` cell with id ``ident``; ``extra`` adds fields (``metadata``)."""
    made: dict[str, Any] = {"cell_type": kind, "id": ident, "metadata": {}, "source": source}
    if kind == "code":
        made.update(execution_count=None, outputs=[])
    made.update(extra)
    return made


def notebook(cells: list[dict[str, Any]], metadata: dict[str, Any]) -> bytes:
    """The notebook file of ``cells``, as Jupyter writes one (one-space indent, UTF-8)."""
    nb = {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}
    return (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
