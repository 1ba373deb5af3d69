"""negaviz as a wheel, made from the package that is running (no build tools, no network).

The wheel holds every file of the imported ``negaviz`` folder, front-end scripts and
vendored data included, so the browser's Python gets exactly the negaviz the lecturer
has, whatever the packaging metadata lists as package data.

Kept by hand: ``pip wheel`` and ``python -m build`` need negaviz's source tree, which a
negaviz installed from PyPI does not have, and setuptools 77+: offline they take the
environment's (``pip wheel --no-build-isolation`` with a venv's setuptools 65 refuses
pyproject's license); they also pack only what the package data lists.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path


_WHEEL = "Wheel-Version: 1.0\nGenerator: negaviz-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
_EPOCH = (1980, 1, 1, 0, 0, 0)  # fixed dates: the same package makes the same wheel


def build_wheel(package: Path, version: str, folder: Path) -> Path:
    """Write ``negaviz-VERSION-py3-none-any.whl`` into ``folder`` from the package at
    ``package`` (the folder holding negaviz's ``__init__.py``); return its path."""
    info = f"negaviz-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\nName: negaviz\n"
        f"Version: {version}\nSummary: Game-tree search you can watch.\n"
    )
    entries: list[tuple[str, bytes]] = []
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package)
        if path.is_dir() or "__pycache__" in relative.parts or path.suffix in (".pyc", ".pyo"):
            continue
        entries.append((f"negaviz/{relative.as_posix()}", path.read_bytes()))
    entries += [(f"{info}/METADATA", metadata.encode()), (f"{info}/WHEEL", _WHEEL.encode()),
                (f"{info}/top_level.txt", b"negaviz\n")]
    record = "".join(f"{name},sha256={record_digest(data)},{len(data)}\n" for name, data in entries)
    entries.append((f"{info}/RECORD", (record + f"{info}/RECORD,,\n").encode()))
    wheel = folder / f"negaviz-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            put_member(archive, name, data)
    return wheel


def put_member(archive: zipfile.ZipFile, name: str, data: bytes | str) -> None:
    """Add ``name`` to ``archive`` as every zip the site writes does: a fixed date (the same
    input makes the same bytes), readable wherever it is unpacked (rw-r--r--), deflated."""
    entry = zipfile.ZipInfo(name, date_time=_EPOCH)
    entry.external_attr = 0o644 << 16
    archive.writestr(entry, data, compress_type=zipfile.ZIP_DEFLATED)


def record_digest(data: bytes) -> str:
    """A file's hash as a wheel's RECORD writes it (urlsafe base64 of its sha256, unpadded)."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
