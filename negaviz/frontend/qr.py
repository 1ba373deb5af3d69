"""A QR code's modules, made here with no network (the vendored encoder, ``vendor/qrcodegen.py``).

A presenter's page shows the QR code of each follow link (:mod:`negaviz.quiz.vote`) so
that a room can open it by camera.  The page carries the code as data, one hex string a
row (:func:`qr_rows`: about 2 KB for a 300-character link), and draws it (``vote.js``):
an SVG drawn here would be ten times that, for every question of the page.  Error
correction is the low level (the smallest code, so the biggest squares on a projector),
with one fixed mask: the encoder's choice of the best of eight masks takes three times
as long, and any reader reads any mask.  The same text gives the same rows.

>>> rows = qr_rows("https://example.edu/cs440/")
>>> len(rows), rows[0]
(25, 'fe6b3f8')
"""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from importlib import resources
from types import ModuleType

from negaviz.errors import InputError

__all__: list[str] = []

MASK = 0
"""The mask every code is drawn with."""


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
    """The QR code of ``text`` (the smallest version that holds it) as rows of dark (True)
    and light modules, with no quiet zone (the page adds it)."""
    if not isinstance(text, str) or not text:
        raise InputError(f"a QR code needs some text, not {text!r}")
    qr = _encoder()
    try:
        code = qr.QrCode.encode_segments(qr.QrSegment.make_segments(text), qr.QrCode.Ecc.LOW, mask=MASK)
    except qr.DataTooLongError:  # over a version 40 code
        raise InputError(f"this link is too long for a QR code ({len(text):,} characters)") from None
    size = code.get_size()
    return [[code.get_module(x, y) for x in range(size)] for y in range(size)]


def qr_rows(text: str) -> list[str]:
    """:func:`qr_modules` as data for the page: each row's modules, left first, as the bits
    of one hex number (most significant first, padded to whole hex digits on the right)."""
    out = []
    for row in qr_modules(text):
        bits = "".join("1" if dark else "0" for dark in row)
        bits += "0" * (-len(bits) % 4)
        out.append(f"{int(bits, 2):0{len(bits) // 4}x}")
    return out
