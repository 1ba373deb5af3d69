"""A course as a lecturer makes it and a TA sets it up: negaviz built as a wheel from this
checkout (the session's ``built_dists``, from its sdist, as pip builds it from PyPI) and
installed from that file, with the notebook and site extras at the versions
constraints.txt pins, into the lecturer's fresh environment, which runs ``negaviz init``.
The course then carries the wheel (``wheels/``); a second fresh environment, the TA's,
installs the course by its README's command alone, in the course's folder, where no
other source of negaviz is (pip reaches the package index for the rest, through its
cache).  Made once per session (a few minutes, most of it pip installing the Jupyter
stack twice)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest



README_INSTALL = "python -m pip install -r requirements.txt"
"""The course README's command that installs the course's packages (a test checks the README shows it)."""


@dataclass(frozen=True)
class InstalledCourse:
    """A course written by the wheel's negaviz, and the TA's environment that installed it by its README."""

    bin: Path
    """The TA's fresh environment's ``bin`` folder (python, negaviz, pytest), made by the course's README command."""
    course: Path
    """The course ``negaviz init`` wrote from the lecturer's environment (do not change it: copy it)."""
    from_checkout: Path
    """The course this checkout's negaviz wrote (its wheel built from the checkout)."""
    lecturer: Path
    """The lecturer's environment's ``bin`` folder: negaviz installed from the wheel file, which ran init."""
    said: str
    """What ``negaviz init`` printed in the lecturer's environment."""
    install_log: str
    """What pip printed while the README's command installed the course in the TA's environment."""
    command: str = README_INSTALL
    """The README's command that installed it."""

    def env(self, path: list[str | Path]) -> dict[str, str]:
        """This process's environment with PATH set to ``path`` (and nothing from this checkout)."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
        env["PATH"] = os.pathsep.join(map(str, path))
        return env

    def run(self, argv: list[str | Path], cwd: Path, path: list[str | Path] | None = None,
            timeout: int = 900) -> subprocess.CompletedProcess[str]:
        """``argv`` (its first word a program in :attr:`bin`) run in ``cwd`` with PATH ``path``
        (default: :attr:`bin` and the system's folders)."""
        path = path if path is not None else [self.bin, "/usr/local/bin", "/usr/bin", "/bin"]
        return subprocess.run([str(self.bin / str(argv[0])), *map(str, argv[1:])], cwd=cwd, env=self.env(path),
                              capture_output=True, text=True, timeout=timeout, check=False)


def _run(argv: list[str | Path], cwd: Path, timeout: int = 1200) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, argv))}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="session")
def installed_course(tmp_path_factory: pytest.TempPathFactory, built_dists: tuple[Path, Path]) -> InstalledCourse:
    from negaviz.course.init import init_course

    root = Path(__file__).resolve().parents[2]
    tmp = tmp_path_factory.mktemp("course-ci")
    (tmp / "dist").mkdir()
    wheel = Path(shutil.copy2(built_dists[1], tmp / "dist"))
    from_checkout = tmp / "from-checkout"
    init_course(from_checkout)
    # The lecturer: negaviz from the wheel file (pip records where, PEP 610), with the extras a course needs.
    lecturer = tmp / "lecturer"
    _run([sys.executable, "-m", "venv", lecturer], cwd=tmp)
    _run([lecturer / "bin" / "python", "-m", "pip", "install", "--quiet", "-c", root / "constraints.txt",
          f"negaviz[notebook,site] @ {wheel.as_uri()}", "nbval", "pytest"], cwd=tmp)
    made = subprocess.run([str(lecturer / "bin" / "negaviz"), "init", str(tmp / "course")], cwd=tmp,
                          capture_output=True, text=True, timeout=300, check=False)
    assert made.returncode == 0 and made.stderr == "", made.stderr
    # The TA: a fresh environment, the course's folder, the README's command and nothing else.
    venv = tmp / "ta"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp)
    done = _run([venv / "bin" / str(c) if i == 0 else c for i, c in enumerate(README_INSTALL.split())],
                cwd=tmp / "course")
    return InstalledCourse(venv / "bin", tmp / "course", from_checkout, lecturer / "bin", made.stdout,
                           done.stdout + done.stderr)
