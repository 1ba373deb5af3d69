"""The CI workflows ``negaviz init`` writes: valid YAML that passes actionlint and the
published schemas, the steps the issue asks for (the pair check first, Pages' rights and
concurrency on the publish job only, current action majors, the default branch), and only
commands the course's README names (so the staff can run on their machine exactly what CI
runs).  Read from a course written into a temporary folder, as a lecturer pushes it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
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
    assert github["jobs"]["publish"]["needs"] == "test-and-build"

    gitlab = load(course / ".gitlab-ci.yml")
    assert gitlab_commands({"test": gitlab["test"]})[-1] == "python -m pytest"
    assert gitlab["pages"]["script"][-1] == "negaviz site notebooks/ -o public"
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


# ------------------------------------------------------------------ the checks
MAJORS = {
    "actions/checkout": 6, "actions/setup-python": 6, "actions/cache": 6,
    "actions/upload-pages-artifact": 5, "actions/deploy-pages": 5,
}
"""The newest major of each action the workflow uses (November 2026), each on Node 24: GitHub
drops Node 20 from its runners in September 2026 (actionlint says so of the older majors)."""
PAIR_CHECK = "negaviz check-notebooks notebooks/"


def test_pages_rights_and_concurrency_belong_to_the_publish_job_alone(course: Path) -> None:
    """Pull requests must not queue behind a deploy, nor run notebooks with a job that can mint an OIDC token."""
    github = load(course / ".github" / "workflows" / "course.yml")
    assert github["permissions"] == {"contents": "read"} and "concurrency" not in github
    publish, test = github["jobs"]["publish"], github["jobs"]["test-and-build"]
    assert publish["permissions"] == {"pages": "write", "id-token": "write"}
    assert publish["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    assert "permissions" not in test and "concurrency" not in test
    assert publish["environment"]["name"] == "github-pages"


def test_it_publishes_from_the_default_branch_whatever_its_name(course: Path) -> None:
    github = load(course / ".github" / "workflows" / "course.yml")
    triggers = github[True] if True in github else github["on"]  # YAML 1.1 reads the key `on` as true
    assert triggers["push"] is None and "pull_request" in triggers  # every branch is tested
    condition = github["jobs"]["publish"]["if"]
    assert "github.ref_name == github.event.repository.default_branch" in condition
    assert "github.event_name != 'pull_request'" in condition and "main" not in condition
    gitlab = load(course / ".gitlab-ci.yml")
    assert gitlab["pages"]["rules"] == [{"if": "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH"}]


def test_every_action_is_at_its_current_major(course: Path) -> None:
    github = load(course / ".github" / "workflows" / "course.yml")
    used = [step["uses"] for job in github["jobs"].values() for step in job["steps"] if "uses" in step]
    assert {u.split("@")[0] for u in used} == set(MAJORS)
    assert sorted(used) == sorted(f"{name}@v{major}" for name, major in MAJORS.items())


def test_both_check_the_notebook_pairs_right_after_installing(course: Path) -> None:
    github = github_commands(load(course / ".github" / "workflows" / "course.yml"))
    assert github[github.index("python -m pip install -r requirements.txt") + 1] == PAIR_CHECK
    gitlab = gitlab_commands({"test": load(course / ".gitlab-ci.yml")["test"]})
    assert gitlab[gitlab.index("python -m pip install -r requirements.txt") + 1] == PAIR_CHECK
    assert gitlab.index(PAIR_CHECK) < gitlab.index("python -m pytest")


def test_gitlab_pages_builds_with_node_and_installs_what_the_site_needs(course: Path) -> None:
    pages = gitlab_commands({"pages": load(course / ".gitlab-ci.yml")["pages"]})
    assert "apt-get install -y nodejs" in pages
    assert pages.index("apt-get install -y nodejs") < pages.index("negaviz site notebooks/ -o public")
    assert "python -m pip install -r requirements-site.txt" in pages
    assert "python -m pip install -r requirements.txt" not in pages
    site = (course / "requirements-site.txt").read_text(encoding="utf-8")
    wanted = [line for line in site.splitlines() if line and not line.startswith(("#", "-"))]
    # negaviz site needs the notebook extra too (the widgets' front-ends go into the site); not nbval or pytest
    assert len(wanted) == 1 and re.fullmatch(r"negaviz\[notebook,site\](==\S+| @ \S+)", wanted[0]), site
    assert "graphviz" not in " ".join(pages)  # the site lays drawings out in the page: no dot


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    assert found is not None, f"{name} is not installed: it is in negaviz's test extra (make setup)"
    return found


def test_the_github_workflow_passes_actionlint(course: Path, tmp_path: Path) -> None:
    """actionlint checks the workflow's syntax, expressions, job keys and each action's inputs,
    and says when an action's major runs on a Node.js that GitHub is dropping."""
    repo = tmp_path / "repo"
    shutil.copytree(course, repo)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)  # actionlint looks for the repository's root
    done = subprocess.run([_tool("actionlint"), "-no-color"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_actionlint_fails_on_a_node_20_action(course: Path, tmp_path: Path) -> None:
    """The check above can fail: the majors this template had before fail it."""
    repo = tmp_path / "repo"
    shutil.copytree(course, repo)
    workflow = repo / ".github" / "workflows" / "course.yml"
    workflow.write_text(workflow.read_text(encoding="utf-8").replace("actions/checkout@v6", "actions/checkout@v4"))
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    done = subprocess.run([_tool("actionlint"), "-no-color"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and 'runtime "node20" is deprecated' in done.stdout, done.stdout


@pytest.mark.parametrize("file, schema", [
    (".github/workflows/course.yml", "vendor.github-workflows"),
    (".gitlab-ci.yml", "vendor.gitlab-ci"),
])
def test_each_workflow_passes_its_published_schema(course: Path, file: str, schema: str) -> None:
    done = subprocess.run([_tool("check-jsonschema"), "--builtin-schema", schema, str(course / file)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "ok -- validation done" in done.stdout, done.stdout + done.stderr
