"""The environments a course sets up: pinned pip installs (constraints.txt, the Makefile),
conda and Binder (environment.yml and postBuild, by repo2docker's conventions)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

import negaviz

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest's own dependency
    import tomli as tomllib

ROOT = Path(negaviz.__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
CONDA_NAMES = {"graphviz": "python-graphviz"}
"""PyPI names that conda-forge spells differently (conda's ``graphviz`` is the dot program)."""


def requirements(extra: str | None) -> dict[str, str]:
    """``{name: version spec}`` of the core dependencies (``extra`` None) or of an extra,
    the extras it names included."""
    listed = PROJECT["dependencies"] if extra is None else PROJECT["optional-dependencies"][extra]
    out: dict[str, str] = {}
    for requirement in listed:
        inner = re.fullmatch(r"negaviz\[(\w+)\]", requirement)
        if inner:
            out |= requirements(inner.group(1))
        else:
            name, spec = re.fullmatch(r"([A-Za-z0-9_.-]+)(.*)", requirement).groups()  # type: ignore[union-attr]
            out[name.lower()] = spec.strip()
    return out


def conda_packages() -> dict[str, str]:
    """``{name: version spec}`` of environment.yml's conda packages."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    out = {}
    for item in env["dependencies"]:
        if isinstance(item, str):
            name, spec = re.fullmatch(r"([A-Za-z0-9_.-]+)\s*(.*)", item).groups()  # type: ignore[union-attr]
            out[name] = spec
    return out


# ------------------------------------------------------------------ conda and Binder
def test_environment_yml_does_not_install_negaviz() -> None:
    """repo2docker builds environment.yml before the repository is copied in: `-e .`
    or `.` there would fail (or install nothing)."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert env["channels"] == ["conda-forge"]
    pip_sections = [item["pip"] for item in env["dependencies"] if isinstance(item, dict)]
    for section in pip_sections:
        for line in section:
            assert not re.match(r"^(-e\s+)?\.(\[.*\])?$|^-e\b|negaviz", line.strip()), line


def test_environment_yml_has_the_core_and_the_notebook_extra_with_the_same_bounds() -> None:
    conda = conda_packages()
    wanted = requirements(None) | requirements("notebook")
    for name, spec in wanted.items():
        conda_name = CONDA_NAMES.get(name, name)
        assert conda_name in conda, f"environment.yml lacks {conda_name} ({name}{spec} in pyproject.toml)"
        assert conda[conda_name] == spec, (name, conda[conda_name], spec)
    assert "graphviz" in conda  # the dot program
    assert conda["python"] == PROJECT["requires-python"]
    extra = set(conda) - {CONDA_NAMES.get(n, n) for n in wanted} - {"python", "graphviz", "pip"}
    assert not extra, f"environment.yml installs what pyproject.toml does not ask for: {sorted(extra)}"


def test_postbuild_installs_negaviz_once_the_source_is_there() -> None:
    script = ROOT / "postBuild"
    text = script.read_text(encoding="utf-8")
    assert os.access(script, os.X_OK), "postBuild must be executable"
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text
    commands = [line for line in text.splitlines() if line and not line.startswith("#")]
    installs = [line for line in commands if "pip install" in line]
    assert installs == ["python -m pip install --no-deps ."], installs  # environment.yml has the dependencies


def test_binder_reads_the_top_level_files() -> None:
    """repo2docker ignores top-level configuration when a binder/ (or .binder/) folder exists."""
    assert not (ROOT / "binder").exists() and not (ROOT / ".binder").exists()


# ------------------------------------------------------------------ pinned pip installs
def test_constraints_pin_every_requirement_and_not_negaviz() -> None:
    lines = [line for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    pins = {}
    for line in lines:
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)==([A-Za-z0-9_.+!-]+)", line)
        assert match, f"not a pin: {line!r}"
        pins[match.group(1).lower().replace("_", "-")] = match.group(2)
    assert "negaviz" not in pins
    for name in requirements(None) | requirements("test"):
        assert name.replace("_", "-") in pins, f"constraints.txt does not pin {name}"


def test_make_installs_with_the_constraints_and_can_test_the_newest() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "CONSTRAINTS ?= constraints.txt" in makefile
    assert "-c $(CONSTRAINTS)" in makefile and "-e '.[test]'" in makefile
    for target in ("lab", "test", "setup", "dot", "browser", "bench", "notebooks", "check", "test-latest", "docs"):
        assert re.search(rf"^{re.escape(target)}:", makefile, re.MULTILINE), target
    assert re.search(r"^test-latest:\n(\t.*\n)*\t\$\(MAKE\) test VENV=\S+ CONSTRAINTS=$", makefile, re.MULTILINE)
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
