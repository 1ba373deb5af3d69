"""What a course's CI does, done here: a course ``negaviz init`` wrote from a lecturer's
fresh environment (negaviz installed from the wheel built from this checkout) installs in
a TA's fresh environment by its README's command, from the wheel it carries; there the
notebook pairs agree and break no rule, the notebooks pass strict nbval with Debian's
dot, with Graphviz 16 standing in for dot and with no dot at all; the site builds; a
notebook edited to draw another tree fails with a diff that shows what changed, and a
lecture edited in its .py alone fails the pair check.  Slow: see conftest.py for the
shared environments.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import negaviz

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
STAND_IN = ROOT / "tests" / "notebooks" / "graphviz16"
"""Graphviz 16 (the vendored @viz-js/viz under Node.js) as a program named dot."""
CELLS = 6
"""The starter lecture's code cells: nbval tests each."""


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def nbval(installed: Any, course: Path, path: list[str | Path] | None = None) -> subprocess.CompletedProcess[str]:
    return installed.run(["python", "-m", "pytest"], cwd=course, path=path)


def passed(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(rf"\b{CELLS} passed\b", done.stdout) and "failed" not in done.stdout, done.stdout[-2000:]


def test_the_wheel_writes_the_course_the_checkout_writes(installed_course: Any) -> None:
    """The wheel holds the whole template: only the pins and the wheel differ (each names
    its own environment; the checkout's wheel is built from the checkout)."""
    from_wheel, from_checkout = files_in(installed_course.course), files_in(installed_course.from_checkout)
    assert set(from_wheel) == set(from_checkout)
    differ = sorted(name for name in from_wheel if from_wheel[name] != from_checkout[name])
    wheel = f"wheels/negaviz-{negaviz.__version__}-py3-none-any.whl"
    assert set(differ) <= {".negaviz-course.json", "constraints.txt", wheel}, differ
    pins = (installed_course.course / "constraints.txt").read_text(encoding="utf-8")
    assert re.search(r"^nbval==\S+$", pins, re.M) and re.search(r"^jupyterlite-core==0\.8\.6$", pins, re.M)


def test_the_readme_command_installs_the_course_from_the_wheel_it_carries(installed_course: Any) -> None:
    wheel = f"negaviz-{negaviz.__version__}-py3-none-any.whl"
    said, summary = installed_course.said.splitlines()
    assert said == (
        f"requirements.txt installs negaviz {negaviz.__version__} from wheels/{wheel}, a copy of the wheel this "
        f"negaviz was installed from ({installed_course.course.parent / 'dist'}); commit wheels/ with the course")
    assert summary == f"{installed_course.course}: a course of 1 notebook, 16 files written; README.md says what to run next"
    assert (installed_course.course / "wheels" / wheel).read_bytes() == (
        installed_course.course.parent / "dist" / wheel).read_bytes()
    setup = re.search(r"^Set up once per machine.*?^```\n(.*?)^```", (installed_course.course / "README.md").read_text(
        encoding="utf-8"), re.S | re.M)
    assert setup is not None and installed_course.command in setup.group(1).splitlines()  # the README's own command
    assert f"wheels/{wheel}" in installed_course.install_log, installed_course.install_log[-3000:]
    shown = installed_course.run(["python", "-m", "pip", "show", "negaviz"], cwd=installed_course.course)
    assert f"Version: {negaviz.__version__}" in shown.stdout
    assert str(installed_course.bin.parent) in shown.stdout  # in the TA's environment, not this checkout


def test_nbval_passes_with_dot(installed_course: Any) -> None:
    if shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot (apt-get install graphviz)")
    done = nbval(installed_course, installed_course.course)
    passed(done)
    assert "negaviz: Graphviz's dot lays drawings out; they are compared by what they draw" in done.stdout
    assert f"negaviz: nbval sanitizer {installed_course.bin.parent}/lib/" in done.stdout  # the wheel's own copy


def test_nbval_passes_with_graphviz_16_standing_in_for_dot(installed_course: Any) -> None:
    if shutil.which("node") is None:
        pytest.skip("the Graphviz 16 stand-in runs under Node.js, which is not installed")
    path: list[str | Path] = [STAND_IN, installed_course.bin, "/usr/local/bin", "/usr/bin", "/bin"]
    version = subprocess.run(["dot", "-V"], env=installed_course.env(path), capture_output=True, text=True, check=True)
    assert "graphviz version 16." in version.stderr, version.stderr
    passed(nbval(installed_course, installed_course.course, path))


def test_nbval_passes_with_no_dot(installed_course: Any) -> None:
    path: list[str | Path] = [installed_course.bin]
    assert shutil.which("dot", path=str(installed_course.bin)) is None
    done = nbval(installed_course, installed_course.course, path)
    passed(done)
    assert "negaviz: no Graphviz dot here: drawings and steppers are compared by their text only" in done.stdout


def test_the_notebooks_break_no_rule(installed_course: Any) -> None:
    done = installed_course.run(["negaviz", "check-notebooks", "notebooks/"], cwd=installed_course.course)
    assert (done.returncode, done.stdout) == (
        0, "1 notebook: each agrees with its .py, and no cell breaks the rules for stable notebooks\n"), done.stderr


def test_a_lecture_edited_in_its_py_alone_fails_the_pair_check(installed_course: Any, tmp_path: Path) -> None:
    """The course README's reviewers read the .py; an edit made there alone must not pass CI
    while nbval and the site go on with the old notebook."""
    course = tmp_path / "course"
    shutil.copytree(installed_course.course, course)
    text = course / "notebooks" / "01-game-trees.py"
    text.write_text(text.read_text(encoding="utf-8").replace("H:9", "H:8"), encoding="utf-8")
    done = installed_course.run(["negaviz", "check-notebooks", "notebooks/"], cwd=course)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.startswith("notebooks/01-game-trees.ipynb: its cells differ from notebooks/01-game-trees.py "
                                  "from cell 2 on (11 cells in the .ipynb, 11 in the .py)"), done.stdout
    assert done.stderr == "1 notebook of 1 differs from its .py\n"
    nbval_alone = nbval(installed_course, course, [installed_course.bin])
    passed(nbval_alone)  # what the pair check is for: nbval re-runs the old notebook and passes


def test_the_site_builds(installed_course: Any, tmp_path: Path) -> None:
    course = tmp_path / "course"
    shutil.copytree(installed_course.course, course)
    done = installed_course.run(["negaviz", "site", "notebooks/", "-o", "_site", "--quiet"], cwd=course)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "_site: a JupyterLite site of 1 notebook" in done.stdout
    lecture = json.loads((course / "_site" / "files" / "01-game-trees.ipynb").read_text(encoding="utf-8"))
    assert lecture["metadata"]["kernelspec"]["name"] == "python"  # the site's own kernel
    assert (course / "_site" / "files" / "01-game-trees.py").is_file()
    assert (course / "_site" / "lab" / "index.html").is_file() and (course / "_site" / "tree" / "index.html").is_file()


def test_a_notebook_edited_to_draw_another_tree_fails_with_a_readable_diff(
    installed_course: Any, tmp_path: Path,
) -> None:
    """The sanitizer hides where dot put things, never what a drawing shows."""
    if shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot (apt-get install graphviz)")
    course = tmp_path / "course"
    shutil.copytree(installed_course.course, course)
    lecture = course / "notebooks" / "01-game-trees.ipynb"
    data = json.loads(lecture.read_text(encoding="utf-8"))
    (first,) = [c for c in data["cells"] if c["cell_type"] == "code" and "Tree.parse" in "".join(c["source"])]
    first["source"] = "".join(first["source"]).replace("H:9", "H:8")  # a leaf alpha-beta never visits: same value
    lecture.write_text(json.dumps(data, indent=1), encoding="utf-8")
    done = nbval(installed_course, course)
    assert done.returncode == 1, done.stdout[-3000:]
    assert re.search(r"\b2 failed, 4 passed\b", done.stdout), done.stdout[-3000:]
    failure = done.stdout[done.stdout.index("Cell 1: Cell outputs differ"):]
    diff = failure[:failure.index("Cell 2: Cell outputs differ")]
    assert "mismatch 'image/svg+xml'" in diff
    changed = [line for line in diff.splitlines() if line.lstrip().startswith(("- ", "+ "))]
    assert any(">9</text>" in line for line in changed) and any(">8</text>" in line for line in changed), diff
    assert not any(re.search(r"\b(points|cx|cy|x|y)=", line) for line in changed), diff  # no coordinates


def test_an_nbgrader_course_runs_its_readme_in_a_fresh_environment(installed_course: Any, tmp_path: Path) -> None:
    """``negaviz init --nbgrader`` from the lecturer's environment; then the staff's fresh
    environment, in the course's folder, running the README's grading block as written, its
    ``pip install -r requirements-staff.txt`` first (nbgrader from the package index), a
    student handing in where its comment says."""
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "course"))
    from test_nbgrader_course import RIGHT, WARNING, hand_in, readme_commands

    made = subprocess.run([str(installed_course.lecturer / "negaviz"), "init", str(tmp_path / "cs440"), "--nbgrader"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert made.returncode == 0 and made.stderr == "", made.stderr
    course = tmp_path / "cs440"
    staff = tmp_path / "staff"
    subprocess.run([sys.executable, "-m", "venv", str(staff)], check=True, timeout=300)
    path = f"{staff / 'bin'}:/usr/local/bin:/usr/bin:/bin"
    for line in readme_commands(course):
        if line.startswith("#"):
            hand_in(course, "s01", RIGHT)
            continue
        done = subprocess.run(["bash", "-c", line], cwd=course, env=installed_course.env([path]),
                              capture_output=True, text=True, timeout=1800, check=False)
        assert done.returncode == 0, f"{line}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        if not line.startswith("python -m pip"):
            assert not WARNING.search(done.stdout + done.stderr), f"{line}\n{done.stderr[-3000:]}"
    version = subprocess.run([str(staff / "bin" / "nbgrader"), "--version"], capture_output=True, text=True,
                             check=True, env=installed_course.env([path]))
    assert re.search(r"\b0\.9\.\d+", version.stdout + version.stderr)
    grades = (course / "grades.csv").read_text(encoding="utf-8").splitlines()
    assert grades[1].startswith("week1,") and grades[1].endswith(",s01,,,,7.0,0.0,7.0,7.0"), grades
    assert (course / "week1-report.html").is_file()
