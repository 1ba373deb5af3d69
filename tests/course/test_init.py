"""``negaviz init``: the course repository it writes, and what it never overwrites.

Courses are written into temporary folders by the package in this environment; the
course run from a fresh environment with the built wheel is tests/course/test_course_ci.py.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest

import negaviz
from negaviz import cli
from negaviz.course.init import FILES, MANIFEST, STARTER, TEMPLATE, init_course
from negaviz.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
LECTURES = ROOT / "notebooks"


def files_in(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (POSIX paths relative to it) and its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_template_list_names_every_template_file() -> None:
    stored = {name for name in files_in(TEMPLATE) if "__pycache__" not in name}
    # the starter executed under AIMA's and CS188's conventions (their view, minimax; CS188's cut rule)
    variants = {"notebooks/01-game-trees.aima.ipynb", "notebooks/01-game-trees.cs188.ipynb"}
    assert stored == set(FILES) | set(STARTER) | variants


def test_init_writes_the_course_and_a_manifest_of_it(tmp_path: Path) -> None:
    info = init_course(tmp_path / "cs440")
    course = files_in(tmp_path / "cs440")
    wheels = [name for name in course if name.startswith("wheels/")]
    wanted = set(FILES.values()) | set(STARTER) | {"constraints.txt", "negaviz.toml", MANIFEST, *wheels}
    assert set(course) == wanted
    assert info.written == tuple(sorted(wanted - {MANIFEST})) and info.kept == ()
    assert info.notebooks == ("notebooks/01-game-trees.ipynb",)
    manifest = json.loads(course[MANIFEST])
    assert manifest["negaviz"] == negaviz.__version__
    assert manifest["files"] == {name: hashlib.sha256(data).hexdigest() for name, data in course.items() if name != MANIFEST}
    for name, data in course.items():
        assert b"@NEGAVIZ_VERSION@" not in data and b"@PYTHON_VERSION@" not in data, name
        assert b"@STARTING_SECONDS@" not in data and b"@OTTER_GENERATE@" not in data, name
    # This environment runs negaviz from its checkout (pip install -e .): a wheel built from it.
    assert wheels == [f"wheels/negaviz-{negaviz.__version__}-py3-none-any.whl"]
    assert f"\n--find-links wheels\nnegaviz[notebook,site]=={negaviz.__version__}\n" in course["requirements.txt"].decode()
    assert course["requirements-site.txt"].decode().endswith(
        f"\n--find-links wheels\nnegaviz[notebook,site]=={negaviz.__version__}\n")
    otter = course["requirements-otter.txt"].decode()  # what Gradescope's autograder installs: nothing outside its zip
    assert otter.endswith(f"\nnegaviz @ file:///autograder/source/files/{wheels[0]}\n") and "\n-" not in otter
    assert f"#   otter generate -r requirements-otter.txt {wheels[0]}\n" in otter
    assert info.source.startswith(f"requirements.txt installs negaviz {negaviz.__version__} from {wheels[0]}, a wheel "
                                  f"built from the editable checkout {ROOT}")
    assert course["notebooks/01-game-trees.ipynb"] == (TEMPLATE / STARTER[0]).read_bytes()
    assert os.access(tmp_path / "cs440" / "postBuild", os.X_OK)
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert f'python-version: "{python}"' in course[".github/workflows/course.yml"].decode()
    assert f"image: python:{python}\n" in course[".gitlab-ci.yml"].decode()


def test_constraints_pin_this_environment_as_pip_freeze_would(tmp_path: Path) -> None:
    init_course(tmp_path / "c")
    lines = (tmp_path / "c" / "constraints.txt").read_text(encoding="utf-8").splitlines()
    pins = [line for line in lines if not line.startswith("#")]
    assert pins == sorted(pins, key=lambda line: line.split("==")[0].lower().replace("_", "-").replace(".", "-"))
    assert f"nbval=={metadata.version('nbval')}" in pins and f"pytest=={metadata.version('pytest')}" in pins
    assert not any(line.lower().startswith(("negaviz==", "pip==", "setuptools==")) for line in pins)


def test_the_same_environment_writes_the_same_course_byte_for_byte(tmp_path: Path) -> None:
    init_course(tmp_path / "a")
    init_course(tmp_path / "b")
    assert files_in(tmp_path / "a") == files_in(tmp_path / "b")


def test_a_folder_holding_only_git_counts_as_empty(tmp_path: Path) -> None:
    (tmp_path / "cs440" / ".git").mkdir(parents=True)
    (tmp_path / "cs440" / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    init_course(tmp_path / "cs440")
    assert (tmp_path / "cs440" / "README.md").is_file()
    assert (tmp_path / "cs440" / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"


def test_from_takes_the_named_notebooks_with_their_pairs_instead_of_the_starter(tmp_path: Path) -> None:
    week = tmp_path / "mine" / "week2"
    week.mkdir(parents=True)
    (week / "05-tables.ipynb").write_bytes((LECTURES / "05-transposition-tables.ipynb").read_bytes())
    info = init_course(tmp_path / "c", notebooks=[LECTURES / "03-alphabeta.ipynb", tmp_path / "mine"])
    course = files_in(tmp_path / "c")
    assert info.notebooks == ("notebooks/03-alphabeta.ipynb", "notebooks/week2/05-tables.ipynb")
    assert {n for n in course if n.startswith("notebooks/")} == {
        "notebooks/03-alphabeta.ipynb", "notebooks/03-alphabeta.py", "notebooks/week2/05-tables.ipynb",
        "notebooks/jupytext.toml",
    }
    assert course["notebooks/03-alphabeta.py"] == (LECTURES / "03-alphabeta.py").read_bytes()


# ------------------------------------------------------------------ --force
def test_a_folder_holding_files_is_refused_without_force_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine\n")
    with pytest.raises(InputError, match=r"it holds files \(notes.txt\); choose an empty folder, or pass --force"):
        init_course(tmp_path)
    assert os.listdir(tmp_path) == ["notes.txt"]


def test_force_never_replaces_a_file_init_did_not_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    course = tmp_path / "c"
    course.mkdir()
    (course / "pytest.ini").write_text("[pytest]\n# the lecturer's own\n")
    assert cli.main(["init", str(course), "--force"]) == 0
    out, err = capsys.readouterr()
    assert (course / "pytest.ini").read_text() == "[pytest]\n# the lecturer's own\n"
    assert err == "kept pytest.ini (not written by negaviz init, or changed since)\n"
    said, summary = out.splitlines()
    assert said.startswith("requirements.txt installs negaviz ") and said.endswith("; commit wheels/ with the course")
    assert summary == f"{course}: a course of 1 notebook, 15 files written, 1 kept; README.md says what to run next"
    assert "pytest.ini" not in json.loads((course / MANIFEST).read_text())["files"]


def test_force_adds_what_is_missing_and_keeps_what_the_lecturer_changed(tmp_path: Path) -> None:
    course = tmp_path / "c"
    init_course(course)
    (course / "README.md").write_text("# CS 440\nour own words\n")
    (course / ".gitlab-ci.yml").unlink()
    (course / "notebooks" / "02-mine.ipynb").write_text("{}")
    info = init_course(course, force=True)
    assert info.written == (".gitlab-ci.yml",) and info.kept == ("README.md",)
    assert (course / "README.md").read_text() == "# CS 440\nour own words\n"
    assert (course / ".gitlab-ci.yml").read_bytes() == (TEMPLATE / "dot-gitlab-ci.yml").read_bytes().replace(
        b"@PYTHON_VERSION@", f"{sys.version_info.major}.{sys.version_info.minor}".encode())
    assert (course / "notebooks" / "02-mine.ipynb").read_text() == "{}"
    listed = json.loads((course / MANIFEST).read_text())["files"]
    assert "README.md" not in listed and ".gitlab-ci.yml" in listed


def test_force_updates_a_file_an_earlier_init_wrote_and_nobody_changed(tmp_path: Path) -> None:
    course = tmp_path / "c"
    init_course(course)
    # as an older negaviz would have left it: its own requirements, listed in the manifest
    old = b"negaviz[notebook,site]==0.0.9\n"
    (course / "requirements.txt").write_bytes(old)
    manifest = json.loads((course / MANIFEST).read_text())
    manifest["files"]["requirements.txt"] = hashlib.sha256(old).hexdigest()
    (course / MANIFEST).write_text(json.dumps(manifest))
    info = init_course(course, force=True)
    assert info.written == ("requirements.txt",) and info.kept == ()
    assert f"=={negaviz.__version__}\n".encode() in (course / "requirements.txt").read_bytes()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder (the /proc and /sys cases run as root)")
def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(InputError, match=r"cannot make a course in '.*ro': the folder cannot be written \(Permission denied\)"):
            init_course(folder)
    finally:
        folder.chmod(0o755)
    assert os.listdir(folder) == []


def _zip(path: Path, files: dict[str, str]) -> Path:
    import zipfile

    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def test_init_wheel_refuses_a_zip_that_is_not_a_negaviz_wheel(tmp_path: Path) -> None:
    """Issue 54: any zip named like negaviz's wheel was copied into the course, and its
    requirements installed it.  Now a wheel is a zip with negaviz-VERSION.dist-info's WHEEL
    and METADATA, naming negaviz at the version in its file name; anything else is one line,
    exit status 2, and no course."""
    version = negaviz.__version__
    info = f"negaviz-{version}.dist-info"
    name = f"negaviz-{version}-py3-none-any.whl"
    wheel_file = "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    cases = {
        "text": ("not a zip file that can be read (File is not a zip file)", None),
        "other zip": (f"it holds no {info}/WHEEL (a wheel of negaviz {version} has one)", {"evil/__init__.py": ""}),
        "another package": (f"its METADATA names 'evil' '{version}', not negaviz '{version}'",
                            {f"{info}/WHEEL": wheel_file, f"{info}/METADATA": f"Name: evil\nVersion: {version}\n"}),
        "no WHEEL header": (f"its {info}/WHEEL does not start with Wheel-Version (PEP 427)",
                            {f"{info}/WHEEL": "hello\n", f"{info}/METADATA": f"Name: negaviz\nVersion: {version}\n"}),
    }
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    for case, (why, files) in cases.items():
        folder = tmp_path / case.replace(" ", "-")
        folder.mkdir()
        wheel = folder / name
        if files is None:
            wheel.write_text("print('not a wheel')\n")
        else:
            _zip(wheel, files)
        done = subprocess.run([sys.executable, "-m", "negaviz", "init", str(folder / "course"), "--wheel", str(wheel)],
                              env=env, capture_output=True, text=True, timeout=300, check=False)
        assert (done.returncode, done.stdout) == (2, ""), (case, done.stderr)
        assert done.stderr == f"negaviz: error: --wheel {str(wheel)!r}: not a negaviz wheel: {why}\n", case
        assert not (folder / "course").exists()
    good = _zip(tmp_path / name, {"negaviz/__init__.py": "", f"{info}/WHEEL": wheel_file,
                                  f"{info}/METADATA": f"Metadata-Version: 2.1\nName: negaviz\nVersion: {version}\n"})
    made = init_course(tmp_path / "course", wheel=good)
    assert made.source.startswith(f"requirements.txt installs negaviz {version} from wheels/{name}, a copy of "
                                  "the wheel given")
    assert (tmp_path / "course" / "wheels" / name).read_bytes() == good.read_bytes()


# ------------------------------------------------------------------ the starter lecture
def build_notebooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_starter_lecture_pair_is_in_sync() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_notebooks.py"), "--course", "--check"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and done.stdout == "1 notebook pairs (.py and .ipynb) in sync\n", done.stderr


@pytest.mark.parametrize("conventions", ["notes", "aima", "cs188"])
def test_the_stored_starter_lecture_passes_nbval_here(tmp_path: Path, conventions: str) -> None:
    """The quick tier's guard against a stale starter (a change to drawings or to the
    front-end changes its stored outputs): strict nbval with negaviz's plugin, under
    whatever Graphviz this machine has, or none, in a course of each preset's conventions
    (its negaviz.toml, and the starter init writes for it).  ``make notebooks`` rebuilds it."""
    from negaviz.conventions import PRESETS, file_text
    from negaviz.course.init import _starter

    (tmp_path / "notebooks").mkdir()
    for name in STARTER:
        (tmp_path / name).write_bytes(_starter(name, conventions))
    (tmp_path / "negaviz.toml").write_text(file_text(PRESETS[conventions]), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "NEGAVIZ_CONVENTIONS"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "--nbval",
         "--nbval-current-env", "-p", "negaviz.course.nbval_plugin", f"notebooks/{Path(STARTER[0]).name}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False, env=env,
    )
    assert done.returncode == 0, done.stdout[-4000:] + "\nrebuild it: python tools/build_notebooks.py --course"
    assert re.search(r"\b6 passed\b", done.stdout), done.stdout[-2000:]


@pytest.mark.slow
def test_the_stored_starter_lecture_is_what_a_fresh_build_makes(tmp_path: Path) -> None:
    """init copies the stored .ipynb (no kernel, no dot needed); it must be byte for byte
    what tools/build_notebooks.py --course makes from the .py now."""
    tool = build_notebooks()
    name = Path(STARTER[0]).stem
    fresh = tool.build(name, tool.COURSE, out=tmp_path)
    assert fresh.read_bytes() == (TEMPLATE / STARTER[0]).read_bytes()
    for preset in ("aima", "cs188"):  # AIMA's and CS188's, stored beside it
        variant = tool.build(name, tool.COURSE, out=tmp_path, conventions=preset)
        assert variant.read_bytes() == (TEMPLATE / "notebooks" / f"{name}.{preset}.ipynb").read_bytes()


def test_init_from_a_notebook_that_breaks_a_rule_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lecture = tmp_path / "timed.ipynb"
    cell = {"cell_type": "code", "id": "c01", "metadata": {}, "outputs": [], "execution_count": None,
            "source": "import time\nprint(time.perf_counter())"}
    lecture.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    assert cli.main(["init", str(tmp_path / "c"), "--from", str(lecture)]) == 0
    _, err = capsys.readouterr()
    assert err.startswith("warning: notebooks/timed.ipynb: cell 1 (c01): shows a time (time.perf_counter())")
    assert len(err.splitlines()) == 1


def test_every_text_about_the_first_start_gives_the_sites_one_figure(tmp_path: Path) -> None:
    """The course README, the site's loading line and note, and negaviz's README say how
    long Python's first start in the browser takes: all with ``STARTING_SECONDS``."""
    import re

    from negaviz.site.loading import STARTING_NOTE, STARTING_SECONDS

    init_course(tmp_path / "cs440")
    texts = {
        "course README": (tmp_path / "cs440" / "README.md").read_text(encoding="utf-8"),
        "negaviz README": (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8"),
        "notebook note": STARTING_NOTE,
    }
    for name, text in texts.items():
        said = re.findall(r"(?:first (?:start|time) takes|usually takes) about (\d+) s", " ".join(text.split()))
        assert said and set(said) == {str(STARTING_SECONDS)}, (name, said)


def test_init_writes_the_courses_conventions_which_its_folders_follow(tmp_path: Path, monkeypatch) -> None:
    from negaviz.conventions import current, use

    with pytest.raises(InputError, match=r"unknown conventions 'pacman' \(must be one of 'notes', 'aima', 'cs188'\)"):
        init_course(tmp_path / "bad", conventions="pacman")
    assert not (tmp_path / "bad").exists()  # refused before anything was written
    init_course(tmp_path / "cs188", conventions="cs188")
    text = (tmp_path / "cs188" / "negaviz.toml").read_text(encoding="utf-8")
    assert 'conventions = "cs188"' in text and "a node stops once a value passes β (>)" in text
    monkeypatch.delenv("NEGAVIZ_CONVENTIONS", raising=False)
    use(None)
    monkeypatch.chdir(tmp_path / "cs188" / "notebooks")  # where nbval and JupyterLab run the lectures
    assert current().name == "cs188"
    assert negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:5 G:1 H:9))")).pruned_labels() == ["H"]
    # The starter lecture as stored executed under CS188's conventions, so the course's nbval passes.
    written = (tmp_path / "cs188" / STARTER[0]).read_bytes()
    assert written == (TEMPLATE / "notebooks" / "01-game-trees.cs188.ipynb").read_bytes() != (TEMPLATE / STARTER[0]).read_bytes()
