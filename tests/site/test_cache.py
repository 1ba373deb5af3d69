"""The site's download cache heals: each kind of cached file (the Pyodide tarball, the
lock inside it, a wheel, the cache's own manifest), truncated, emptied or replaced, is
found out before it is used.

Online, a bad file is fetched again (npm and pip, for real) and the build goes on with
the good one; offline (pip told not to reach an index, npm told to use only an empty
cache) the build stops with one line naming the file and ``negaviz site --refresh``,
and the file is left where it was.  Every test works on a copy of the user's cache
(``$NEGAVIZ_CACHE``), never on the cache itself.
"""

from __future__ import annotations

import json
import os
import shutil
import tarfile
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import pytest

from negaviz import cli
from negaviz.errors import InputError
from negaviz.site import build_site
from negaviz.site.cache import MANIFEST, Cache, cache_folder, sha256_of, tarball_problem, wheel_problem
from negaviz.site.pyodide import SiteBuildError, _npm_core, _pypi_wheels, kernel_pyodide

pytestmark = pytest.mark.slow  # the first run on a machine fetches Pyodide's core and the wheels


def _lock_versions(tarball: Path) -> dict[str, str]:
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/pyodide-lock.json")
        assert member is not None
        packages = json.loads(member.read())["packages"]
    return {name: str(entry["version"]) for name, entry in packages.items()}


@pytest.fixture(scope="module")
def user_cache() -> tuple[Path, list[tuple[str, str]]]:
    """The user's cache, holding the core and three wheels (fetched if it lacks them)."""
    version, python = kernel_pyodide()
    cache = Cache(cache_folder())
    tarball = _npm_core(version, cache, lambda line: None)
    versions = _lock_versions(tarball)
    wanted = [("six", versions["six"]), ("ipython", versions["ipython"]), ("anywidget", metadata.version("anywidget"))]
    _pypi_wheels(wanted, cache, python, lambda line: None)
    return cache.folder, wanted


@pytest.fixture
def cache_copy(user_cache: tuple[Path, list[tuple[str, str]]], tmp_path: Path,
               monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the user's cache, as ``$NEGAVIZ_CACHE``."""
    folder, _ = user_cache
    shutil.copytree(folder, tmp_path / "cache" / "site", ignore=shutil.ignore_patterns(".fetching-*", "distributions"))
    monkeypatch.setenv("NEGAVIZ_CACHE", str(tmp_path / "cache"))
    assert cache_folder() == tmp_path / "cache" / "site"
    return cache_folder()


def offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("npm_config_offline", "true")
    (tmp_path / "npm-cache").mkdir(exist_ok=True)
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-cache"))  # npm's own cache would heal it offline


def damage(path: Path, how: str, other: Path) -> None:
    """Truncate ``path`` to half, empty it, or replace it with ``other`` (a whole file of another kind or name)."""
    if how == "truncated":
        os.truncate(path, path.stat().st_size // 2)
    elif how == "empty":
        path.write_bytes(b"")
    else:
        shutil.copyfile(other, path)


def fetch(kind: str, cache: Path, wanted: list[tuple[str, str]], say: Callable[[str], None]) -> Path:
    version, python = kernel_pyodide()
    if kind == "tarball":
        return _npm_core(version, Cache(cache), say)
    return _pypi_wheels(wanted, Cache(cache), python, say)["six"]


def bad_file(kind: str, cache: Path) -> tuple[Path, Path]:
    """The file damaged for ``kind``, and a whole file to replace it with."""
    if kind == "tarball":
        tarball = next(cache.glob("pyodide-*.tgz"))
        other = cache.parent / "other.tgz"
        with tarfile.open(other, "w:gz") as archive:  # a whole tarball, but not Pyodide's core
            archive.add(next(cache.glob("wheels/six-*.whl")), arcname="package/six.whl")
        return tarball, other
    return next(cache.glob("wheels/six-*.whl")), next(cache.glob("wheels/ipython-*.whl"))


DAMAGES = ["truncated", "empty", "replaced"]


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("kind", ["tarball", "wheel"])
def test_a_bad_cached_file_is_fetched_again_online(
    cache_copy: Path, user_cache: tuple[Path, list[tuple[str, str]]], kind: str, how: str,
) -> None:
    path, other = bad_file(kind, cache_copy)
    good = sha256_of(path)
    damage(path, how, other)
    lines: list[str] = []
    got = fetch(kind, cache_copy, user_cache[1], lines.append)
    assert got == path and sha256_of(path) == good  # the same file as the registry's
    assert any(f"the cached file {path} failed its check" in line for line in lines), lines
    assert not list(path.parent.glob(".fetching-*"))
    assert Cache(cache_copy).problem(path) is None  # the manifest lists the good file
    lines.clear()
    fetch(kind, cache_copy, user_cache[1], lines.append)
    assert any(line.endswith("cached") for line in lines) and not any("fetching" in line for line in lines), lines


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("kind", ["tarball", "wheel"])
def test_offline_a_bad_cached_file_stops_the_build_in_one_line(
    cache_copy: Path, user_cache: tuple[Path, list[tuple[str, str]]], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, kind: str, how: str,
) -> None:
    path, other = bad_file(kind, cache_copy)
    damage(path, how, other)
    damaged = path.read_bytes()
    offline(monkeypatch, tmp_path)
    with pytest.raises(SiteBuildError) as caught:
        fetch(kind, cache_copy, user_cache[1], lambda line: None)
    message = str(caught.value)
    assert "\n" not in message
    assert f"the cached file {path} " in message and "negaviz site --refresh" in message, message
    assert "failed its check (" in message and "fetching it again failed" in message
    assert path.read_bytes() == damaged  # left for the lecturer to see; never used


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_manifest_is_set_aside_and_every_file_checked(
    cache_copy: Path, user_cache: tuple[Path, list[tuple[str, str]]], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, how: str,
) -> None:
    manifest = cache_copy / MANIFEST
    assert manifest.is_file()
    if how == "replaced":  # valid JSON, listing a wrong hash, without its own checksum
        data = json.loads(manifest.read_text())
        for entry in data["files"].values():
            entry["sha256"] = "0" * 64
        data["check"] = "0" * 64
        manifest.write_text(json.dumps(data))
    else:
        damage(manifest, how, manifest)
    offline(monkeypatch, tmp_path)  # the files are whole: nothing needs the network
    lines: list[str] = []
    cache = Cache(cache_copy)
    assert cache.note is not None and "every file is checked" in cache.note
    version, python = kernel_pyodide()
    _npm_core(version, cache, lines.append)
    _pypi_wheels(user_cache[1], cache, python, lines.append)
    assert lines == [f"Pyodide {version} core: cached", "wheels: 3 cached"]
    fresh = Cache(cache_copy)  # written whole again, with the files' true hashes
    assert fresh.note is None
    wheel = next(cache_copy.glob("wheels/six-*.whl"))
    assert fresh.known(wheel) and fresh.problem(wheel) is None
    # and it is believed again: a file that changes after this is caught by its hash
    with open(wheel, "r+b") as f:
        f.seek(100)
        byte = f.read(1)
        f.seek(100)
        f.write(bytes([byte[0] ^ 1]))
    assert Cache(cache_copy).problem(wheel) == "its sha256 is not the one recorded when it was fetched"


def test_a_whole_file_of_the_wrong_name_or_version_is_refused(cache_copy: Path) -> None:
    six = next(cache_copy.glob("wheels/six-*.whl"))
    moved = six.with_name(six.name.replace("six-", "comm-"))
    shutil.copyfile(six, moved)
    assert wheel_problem(moved) is not None and "not comm" in str(wheel_problem(moved))
    tarball = next(cache_copy.glob("pyodide-*.tgz"))
    assert tarball_problem(tarball, ("package/pyodide.mjs",)) is None
    assert tarball_problem(tarball, ("package/nothing.js",)) == "it has no package/nothing.js"


def test_a_build_offline_with_a_bad_wheel_builds_nothing_and_says_so(
    cache_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    make_notebook: Callable[..., Path],
) -> None:
    # the worst case: a cut `six` wheel used to ship, its lock hash recomputed from it
    notebook = make_notebook("lecture.ipynb")
    six = next(cache_copy.glob("wheels/six-*.whl"))
    os.truncate(six, six.stat().st_size // 2)
    offline(monkeypatch, tmp_path)
    status = cli.main(["site", str(notebook), "-o", str(tmp_path / "out"), "--quiet"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("negaviz: error: the cached file "), err
    assert six.name in err and "negaviz site --refresh" in err
    assert not (tmp_path / "out").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []


def test_refresh_fetches_anew_and_offline_leaves_the_cache_as_it_was(
    cache_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    make_notebook: Callable[..., Path],
) -> None:
    notebook = make_notebook("lecture.ipynb")
    before = {p: sha256_of(p) for p in cache_copy.rglob("*") if p.is_file()}
    with monkeypatch.context() as m:
        offline(m, tmp_path)
        assert cli.main(["site", str(notebook), "-o", str(tmp_path / "out"), "--refresh"]) == 2
        out, err = capsys.readouterr()
        assert err.splitlines()[-1].startswith("negaviz: error: npm could not fetch pyodide@"), err
        assert {p: sha256_of(p) for p in cache_copy.rglob("*") if p.is_file()} == before
        assert not (tmp_path / "out").exists()
    info = build_site([notebook], tmp_path / "out", refresh=True, say=print)
    out = capsys.readouterr().out
    assert "fetching" in out and "cached" not in out, out
    assert "bytecode: compiling" in out, out  # compiled anew too (where Node.js is), not taken from the cache
    assert info.notebooks == 1
    fetched = {p: sha256_of(p) for p in cache_copy.rglob("*")
               if p.is_file() and p.name != MANIFEST and "bytecode" not in p.relative_to(cache_copy).parts}
    assert {p: h for p, h in before.items() if p in fetched} == fetched  # the same files, fetched again


def test_build_site_checks_its_flags(make_notebook: Callable[..., Path], tmp_path: Path) -> None:
    notebook = make_notebook("lecture.ipynb")
    for kwargs, words in [({"refresh": "yes"}, "refresh must be True or False"),
                          ({"force": 1}, "force must be True or False"),
                          ({"pyodide": 5}, "pyodide must be"), ({"say": "loud"}, "say must be"),
                          ({"sources": []}, "no notebook or folder given"), ({"sources": 5}, "sources must be")]:
        with pytest.raises(InputError, match=words):
            build_site(**{"sources": [notebook], "output": tmp_path / "out", **kwargs})
    assert not (tmp_path / "out").exists()


def _with_lock(tarball: Path, how: str) -> None:
    """Rewrite npm's core tarball with its pyodide-lock.json truncated, emptied or replaced."""
    import gzip
    import io

    with tarfile.open(tarball) as archive:
        members = [(m, archive.extractfile(m).read() if m.isfile() else None) for m in archive]  # type: ignore[union-attr]
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as out:
        for member, data in members:
            if member.name == "package/pyodide-lock.json" and data is not None:
                data = {"truncated": data[: len(data) // 2], "empty": b"",
                        "replaced": json.dumps({"info": {"python": "3.14.0"}, "packages": {}}).encode()}[how]
                member.size = len(data)
            out.addfile(member, None if data is None else io.BytesIO(data))
    tarball.write_bytes(gzip.compress(buffer.getvalue(), mtime=0))


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("listed", [True, False], ids=["in-the-manifest", "cached-before-manifests"])
def test_a_bad_lock_inside_the_core_is_found_and_fetched_again(
    cache_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, listed: bool,
) -> None:
    """The lock the site is built from (pyodide-lock.json in npm's core): a tarball that
    opens whole but holds a cut, empty or emptied lock fails its check, even for a file
    the manifest does not list (cached by a negaviz before manifests)."""
    tarball = next(cache_copy.glob("pyodide-*.tgz"))
    good = sha256_of(tarball)
    _with_lock(tarball, how)
    if not listed:
        Cache(cache_copy).forget(tarball)
    version, _ = kernel_pyodide()
    with monkeypatch.context() as m:
        offline(m, tmp_path)
        why = "it has .* bytes, not the|sha256 is not the one" if listed else r"its pyodide-lock\.json is not a whole lock"
        with pytest.raises(SiteBuildError, match=why):
            _npm_core(version, Cache(cache_copy), lambda line: None)
    lines: list[str] = []
    assert _npm_core(version, Cache(cache_copy), lines.append) == tarball  # online: npm's file again
    assert sha256_of(tarball) == good and "fetching it again" in lines[0]


def test_a_manifest_that_cannot_be_written_leaves_the_files_usable(
    cache_copy: Path, user_cache: tuple[Path, list[tuple[str, str]]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cache that takes no writes (here: a folder where the manifest goes) still
    serves files that pass their checks, and says once that it keeps no manifest."""
    (cache_copy / MANIFEST).unlink()
    (cache_copy / MANIFEST).mkdir()
    offline(monkeypatch, tmp_path)
    cache = Cache(cache_copy)
    assert cache.note is not None and "could not be read" in cache.note
    version, python = kernel_pyodide()
    lines: list[str] = []
    _npm_core(version, cache, lines.append)
    _pypi_wheels(user_cache[1], cache, python, lines.append)
    assert lines == [f"Pyodide {version} core: cached", "wheels: 3 cached"]
    assert cache.unwritten is not None and "cannot be written" in cache.unwritten
    assert not [p for p in cache_copy.iterdir() if p.name.startswith(f".{MANIFEST}")]  # no temporary left
