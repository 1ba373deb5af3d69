"""A course as a lecturer gets it: negaviz built as a wheel from this checkout (the
session's ``built_dists``, from its sdist, as pip builds it from PyPI), installed
with the course's pinned requirements into a fresh virtual environment, and ``negaviz
init`` run from there.  Made once per session (about two minutes, most of it pip
fetching the Jupyter stack from PyPI at the versions constraints.txt pins)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest



@dataclass(frozen=True)
class InstalledCourse:
    """A course written by the wheel's negaviz, in a fresh environment that installed it."""

    bin: Path
    """The fresh environment's ``bin`` folder (python, negaviz, pytest)."""
    course: Path
    """The course ``negaviz init`` wrote from that environment (do not change it: copy it)."""
    from_checkout: Path
    """The course this checkout's negaviz wrote, whose requirements the environment installed."""

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

    tmp = tmp_path_factory.mktemp("course-ci")
    (tmp / "dist").mkdir()
    shutil.copy2(built_dists[1], tmp / "dist")  # the wheel alone: pip finds nothing else there
    from_checkout = tmp / "from-checkout"
    init_course(from_checkout)
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp)
    # The course's own requirements (pinned by its constraints.txt), negaviz from the wheel of this checkout.
    _run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--find-links", tmp / "dist",
          "-r", "requirements.txt"], cwd=from_checkout)
    installed = InstalledCourse(venv / "bin", tmp / "course", from_checkout)
    done = installed.run(["negaviz", "init", installed.course], cwd=tmp)
    assert done.returncode == 0, done.stderr
    return installed
