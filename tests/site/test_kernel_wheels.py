"""negaviz.site.kernel_wheels: a wheel's entry in Pyodide's lock, read with pkginfo and packaging,
and the kernel's own wheels found in its lab extension by their parsed names."""

from __future__ import annotations

import zipfile
from pathlib import Path

from packaging.utils import parse_wheel_filename

from negaviz.site.cache import sha256_of, wheel_problem
from negaviz.site.kernel_wheels import _KERNEL_WHEELS, _entry, _kernel_wheels, _name_version

METADATA = """Metadata-Version: 2.1
Name: Demo.Pkg
Version: 1.0
Requires-Dist: Foo.Bar>=1
Requires-Dist: baz; extra == "test"
Requires-Dist: qux; python_version >= "3.8"
Provides-Extra: test
"""


def _wheel(folder: Path) -> Path:
    wheel = folder / "demo_pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("demo_pkg/__init__.py", "")
        archive.writestr("demo_pkg/sub/__init__.py", "")
        archive.writestr("top.py", "")
        archive.writestr("demo_pkg-1.0.dist-info/METADATA", METADATA)
        archive.writestr("demo_pkg-1.0.dist-info/RECORD", "")
    return wheel


def test_a_wheels_lock_entry_names_its_imports_and_its_dependencies_but_not_its_extras(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path)
    assert wheel_problem(wheel) is None
    entry = _entry(wheel)
    assert entry == {
        "name": "demo-pkg", "version": "1.0", "file_name": wheel.name, "sha256": sha256_of(wheel),
        "install_dir": "site", "package_type": "package", "imports": ["demo_pkg", "top"],
        "depends": ["foo-bar", "qux"], "unvendored_tests": False, "shared_library": False,
    }


def test_a_file_whose_name_is_not_a_wheels_is_named_nothing(tmp_path: Path) -> None:
    assert _name_version(tmp_path / "notes-none-any.whl") == ("", None)
    assert wheel_problem(_wheel(tmp_path).rename(tmp_path / "notes-none-any.whl")) == (
        "its name is not a wheel's (NAME-VERSION-PY-ABI-PLATFORM.whl)")


def test_the_kernels_own_wheels_are_the_newest_of_each_name() -> None:
    wheels = _kernel_wheels()
    assert [str(parse_wheel_filename(w.name)[0]) for w in wheels] == list(_KERNEL_WHEELS)
    widgets = [w for w in wheels[-1].parent.glob("widgetsnbextension-*.whl")]
    assert len(widgets) >= 1 and wheels[-1] == max(widgets, key=lambda w: parse_wheel_filename(w.name)[1])
