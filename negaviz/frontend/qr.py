"""A QR code as an SVG, drawn here with no network (the vendored encoder, ``vendor/qrcodegen.py``).

A presenter's page shows the QR code of a follow link (:mod:`negaviz.quiz.vote`) so that
a room can open it by camera.  The SVG is one path of dark runs, row by row, with the
four-module quiet zone the standard asks for; the same text gives the same bytes.

>>> svg = qr_svg("https://example.edu/cs440/")
>>> svg.startswith("<svg") and svg == qr_svg("https://example.edu/cs440/")
True
"""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from importlib import resources
from types import ModuleType

from negaviz.errors import InputError

__all__: list[str] = []

QUIET = 4
"""Light modules around the code (the standard's quiet zone)."""


@lru_cache(maxsize=1)
def _encoder() -> ModuleType:
    name = "negaviz.frontend._qrcodegen"
    path = resources.files("negaviz.frontend").joinpath("vendor").joinpath("qrcodegen.py")
    spec = importlib.util.spec_from_file_location(name, str(path))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def qr_modules(text: str) -> list[list[bool]]:
    """The QR code of ``text`` (error correction M, the smallest version that holds it),
    as rows of dark (True) and light modules."""
    if not isinstance(text, str) or not text:
        raise InputError(f"a QR code needs some text, not {text!r}")
    q = _encoder().QrCode
    try:
        code = q.encode_text(text, q.Ecc.MEDIUM)
    except Exception as exc:  # the encoder's DataTooLongError: over a version 40 code
        raise InputError(f"this link is too long for a QR code ({len(text):,} characters): {exc}") from None
    return [[code.get_module(x, y) for x in range(code.get_size())] for y in range(code.get_size())]


def qr_svg(text: str, *, label: str = "QR code of the link") -> str:
    """The QR code of ``text`` as an SVG (scalable: one unit per module)."""
    rows = qr_modules(text)
    size = len(rows) + 2 * QUIET
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" role="img" '
            f'aria-label="{label}" shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(runs)}"/></svg>')
