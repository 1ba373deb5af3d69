"""The CI workflows ``negaviz init`` writes: valid YAML, the steps the issue asks for, and
only commands the course's README names (so the staff can run on their machine exactly
what CI runs).  Read from a course written into a temporary folder, as a lecturer pushes it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml  # PyYAML: jupytext's dependency, so the notebook extra brings it

from negaviz.course.init import init_course


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("course") / "cs440"
    init_course(folder)
    return folder


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path
    return data


def commands(script: str) -> list[str]:
    """The shell commands of a step: one per line, split at ``&&``, without ``sudo``."""
    out = []
    for line in script.splitlines():
        for command in line.split("&&"):
            command = command.strip()
            if command:
                out.append(command.removeprefix("sudo "))
    return out


def github_commands(workflow: dict[str, Any]) -> list[str]:
    return [c for job in workflow["jobs"].values() for step in job.get("steps", []) if "run" in step
            for c in commands(step["run"])]


def gitlab_commands(pipeline: dict[str, Any]) -> list[str]:
    return [c for job in pipeline.values() if isinstance(job, dict) and "script" in job
            for line in job["script"] for c in commands(line)]


def readme_commands(course: Path) -> set[str]:
    """Every command the README shows: its code blocks' lines (without comments) and its
    inline code, each split as a workflow's steps are."""
    text = (course / "README.md").read_text(encoding="utf-8")
    shown = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M):
        shown += [line.split("  #")[0] for line in block.splitlines()]
    shown += re.findall(r"`([^`\n]+)`", re.sub(r"^```.*?^```", "", text, flags=re.S | re.M))
    return {c for line in shown for c in commands(line)}


def test_both_workflows_parse_as_yaml(course: Path) -> None:
    github = load(course / ".github" / "workflows" / "course.yml")
    gitlab = load(course / ".gitlab-ci.yml")
    assert set(github["jobs"]) == {"test-and-build", "publish"}
    assert {"test", "pages"} <= set(gitlab)


def test_each_installs_the_course_runs_nbval_builds_the_site_and_publishes_it(course: Path) -> None:
    github = load(course / ".github" / "workflows" / "course.yml")
    run = github_commands(github)
    assert run.index("python -m pip install -r requirements.txt") < run.index("python -m pytest") < run.index(
        "negaviz site notebooks/ -o _site")
    steps = github["jobs"]["test-and-build"]["steps"]
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "_site"  # the folder the site was built in
    assert github["jobs"]["publish"]["steps"][0]["uses"].startswith("actions/deploy-pages@")
    assert github["jobs"]["publish"]["needs"] == "test-and-build" and github["permissions"]["pages"] == "write"

    gitlab = load(course / ".gitlab-ci.yml")
    assert gitlab_commands({"test": gitlab["test"]})[-1] == "python -m pytest"
    assert "negaviz site notebooks/ -o public" in gitlab["pages"]["script"]
    assert gitlab["pages"]["artifacts"]["paths"] == ["public"]  # GitLab Pages publishes public/
    assert gitlab["stages"].index(gitlab["test"]["stage"]) < gitlab["stages"].index(gitlab["pages"]["stage"])


def test_nbval_runs_strictly_with_negaviz_sanitizer(course: Path) -> None:
    ini = (course / "pytest.ini").read_text(encoding="utf-8")
    addopts = re.search(r"^addopts = (.*)$", ini, re.M)
    assert addopts is not None
    options = addopts.group(1).split()
    assert "--nbval" in options and "--nbval-lax" not in options
    assert options[options.index("-p") + 1] == "negaviz.course.nbval_plugin"


def test_the_workflows_name_only_commands_the_readme_names(course: Path) -> None:
    named = readme_commands(course)
    run = github_commands(load(course / ".github" / "workflows" / "course.yml"))
    run += gitlab_commands(load(course / ".gitlab-ci.yml"))
    assert len(set(run)) >= 6
    assert [c for c in run if c not in named] == []
    assert {"jupyter lab notebooks/", "python -m pytest", "negaviz site notebooks/ -o _site"} <= named  # the three
