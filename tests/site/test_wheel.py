"""negaviz.site.wheel: the running negaviz as a valid wheel, every package file included."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import negaviz
from negaviz.site.wheel import build_wheel

PACKAGE = Path(negaviz.__file__).parent


def test_the_wheel_holds_every_package_file_and_a_true_record(tmp_path: Path) -> None:
    wheel = build_wheel(PACKAGE, "0.1.0", tmp_path)
    assert wheel.name == "negaviz-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        expected = {
            f"negaviz/{p.relative_to(PACKAGE).as_posix()}" for p in PACKAGE.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        }
        assert expected <= names
        assert "negaviz/frontend/stepper.js" in names  # the front-end the stepper needs (issue 14)
        assert not any("__pycache__" in n for n in names)
        record = archive.read("negaviz-0.1.0.dist-info/RECORD").decode()
        for line in record.splitlines():
            name, digest, size = line.rsplit(",", 2)
            if name.endswith("RECORD"):
                continue
            data = archive.read(name)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        assert names - expected == {
            f"negaviz-0.1.0.dist-info/{n}" for n in ("METADATA", "WHEEL", "RECORD", "top_level.txt")
        }
        assert "Name: negaviz\nVersion: 0.1.0" in archive.read("negaviz-0.1.0.dist-info/METADATA").decode()


def test_the_same_package_makes_the_same_wheel(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = build_wheel(PACKAGE, "0.1.0", tmp_path / "a").read_bytes()
    assert build_wheel(PACKAGE, "0.1.0", tmp_path / "b").read_bytes() == first
