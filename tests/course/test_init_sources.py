"""Where ``negaviz init`` takes the course's negaviz from, in environments made for it: negaviz
installed from a wheel file with no extras (pip records the file, PEP 610), that wheel
then moved away, a wheel named with ``--wheel``, and the record pip writes for an install
from a git URL.  Each bad case is one line and exit status 2, with nothing written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import negaviz
from negaviz import cli

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
WHEEL = f"negaviz-{negaviz.__version__}-py3-none-any.whl"


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory, built_dists: tuple[Path, Path]) -> Path:
    """A fresh environment with negaviz alone (tqdm its one dependency), installed from a
    wheel file; its ``bin`` folder.  The wheel stays at ``../dist/`` beside it."""
    tmp = tmp_path_factory.mktemp("core")
    (tmp / "dist").mkdir()
    wheel = Path(shutil.copy2(built_dists[1], tmp / "dist"))
    subprocess.run([sys.executable, "-m", "venv", str(tmp / "venv")], check=True, timeout=300)
    subprocess.run([str(tmp / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet", "-c",
                    str(ROOT / "constraints.txt"), str(wheel)], check=True, timeout=600, capture_output=True)
    return tmp / "venv" / "bin"


def init(bin: Path, *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = f"{bin}:/usr/bin:/bin"
    return subprocess.run([str(bin / "negaviz"), "init", *map(str, args)], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300, check=False)


def test_from_a_wheel_without_the_extras_it_copies_the_wheel_and_warns(core: Path, tmp_path: Path) -> None:
    done = init(core, tmp_path / "c", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()[0]
    assert said == (f"requirements.txt installs negaviz {negaviz.__version__} from wheels/{WHEEL}, a copy of the "
                    f"wheel this negaviz was installed from ({core.parent.parent / 'dist'}); commit wheels/ with the course")
    (warning,) = done.stderr.splitlines()
    assert warning.startswith("warning: this environment lacks the notebook extra (graphviz, pypdf, jupyterlab, ")
    assert ("; the site extra (jupyterlite-core, jupyterlite-pyodide-kernel, packaging, pkginfo), so constraints.txt pins "
            "none of it") in warning
    assert (tmp_path / "c" / "wheels" / WHEEL).read_bytes() == (core.parent.parent / "dist" / WHEEL).read_bytes()
    pins = [line for line in (tmp_path / "c" / "constraints.txt").read_text().splitlines() if not line.startswith("#")]
    assert [p.split("==")[0] for p in pins] == ["tqdm"]  # what the warning is about


def test_a_wheel_that_is_gone_is_one_line_and_nothing_is_written(core: Path, tmp_path: Path) -> None:
    dist = core.parent.parent / "dist"
    aside = core.parent.parent / "aside"
    dist.rename(aside)
    try:
        done = init(core, tmp_path / "c", cwd=tmp_path)
    finally:
        aside.rename(dist)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"negaviz: error: this negaviz was installed from the wheel {str(dist / WHEEL)!r}, which "
                           "cannot be read (No such file or directory): reinstall negaviz from a wheel that is there, "
                           "or run init with --wheel FILE\n")
    assert not (tmp_path / "c").exists()


def test_wheel_names_the_wheel_to_copy_and_a_missing_one_is_one_line(core: Path, tmp_path: Path) -> None:
    wheel = core.parent.parent / "dist" / WHEEL
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("the lecturer's")
    done = init(core, mine, "--wheel", tmp_path / WHEEL, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "holds files (notes.txt)" in done.stderr
    done = init(core, tmp_path / "c", "--wheel", tmp_path / WHEEL, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"negaviz: error: --wheel {str(tmp_path / WHEEL)!r}: the wheel cannot be read "
                           "(No such file or directory)\n")
    assert not (tmp_path / "c").exists() and os.listdir(mine) == ["notes.txt"]
    done = init(core, tmp_path / "c", "--wheel", wheel, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(f"requirements.txt installs negaviz {negaviz.__version__} "
                                                           f"from wheels/{WHEEL}, a copy of the wheel given")


def test_an_install_from_a_git_url_is_named_at_its_commit(core: Path, tmp_path: Path) -> None:
    """pip's record (PEP 610) of ``pip install git+https://...``, written where pip writes it."""
    (record,) = core.parent.glob("lib/python*/site-packages/negaviz-*.dist-info/direct_url.json")
    kept = record.read_text()
    commit = "0123456789abcdef0123456789abcdef01234567"
    record.write_text(json.dumps({"url": "https://github.com/example/negaviz",
                                  "vcs_info": {"vcs": "git", "commit_id": commit, "requested_revision": "main"}}))
    try:
        done = init(core, tmp_path / "c", cwd=tmp_path)
    finally:
        record.write_text(kept)
    assert done.returncode == 0, done.stderr
    requirements = (tmp_path / "c" / "requirements.txt").read_text()
    assert f"\nnegaviz[notebook,site] @ git+https://github.com/example/negaviz@{commit}\n" in requirements
    assert "--find-links" not in requirements and not (tmp_path / "c" / "wheels").exists()
    otter = (tmp_path / "c" / "requirements-otter.txt").read_text()  # the autograder's: no extras, no wheel
    assert otter.endswith(f"\nnegaviz @ git+https://github.com/example/negaviz@{commit}\n")
    assert "#   otter generate -r requirements-otter.txt\n" in otter
    assert done.stdout.splitlines()[0] == (f"requirements.txt names negaviz at git+https://github.com/example/negaviz@"
                                           f"{commit}, the commit this negaviz was installed from")


def test_a_wheel_that_is_no_negaviz_wheel_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "tqdm-4.66.0-py3-none-any.whl"
    other.write_bytes(b"PK")
    assert cli.main(["init", str(tmp_path / "c"), "--wheel", str(other)]) == 2
    _, err = capsys.readouterr()
    assert err == (f"negaviz: error: --wheel {str(other)!r}: not a negaviz wheel (a file named "
                   "negaviz-VERSION-...-any.whl)\n")
    assert not (tmp_path / "c").exists()


def test_the_site_job_builds_the_site_from_requirements_site_alone(tmp_path: Path) -> None:
    """What GitLab's ``pages`` job does, in a fresh environment: ``requirements-site.txt``
    (negaviz with the extras the site takes, from the course's own wheel; not the test
    tools) and nothing else builds the site."""
    from negaviz.course.init import init_course

    course = tmp_path / "course"
    init_course(course)  # from this checkout: a wheel built from it, in wheels/
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = f"{venv / 'bin'}:/usr/bin:/bin"
    install = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-r", "requirements-site.txt"],
                             cwd=course, env=env, capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    assert f"wheels/{WHEEL}" in install.stdout
    listed = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "list", "--format=freeze"], env=env,
                            capture_output=True, text=True, check=True).stdout.lower()
    assert "jupyterlite-core==" in listed and "anywidget==" in listed
    assert "nbval==" not in listed and "pytest==" not in listed
    done = subprocess.run([str(venv / "bin" / "negaviz"), "site", "notebooks/", "-o", "public"], cwd=course, env=env,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "public: a JupyterLite site of 1 notebook" in done.stdout
    assert (course / "public" / "lab" / "index.html").is_file()
    if shutil.which("node", path=env["PATH"]):  # as GitLab's job installs it: the kernel's modules compiled ahead
        assert "bytecode: compiling the kernel's modules with Node.js" in done.stderr or "bytecode: cached" in done.stderr
