"""The 50-minute lecture of ``notebooks/README.md`` (issue 53, item 2): every section it
shows is a heading of its notebook, each segment's estimate is what the README's stated
rule gives for the sections it shows (50 words of prose a minute, one for each output
shown, two for each stepper stepped; a practice stepper is the lab's), the estimate fits
the segment's minutes, the segments follow each other from minute 0 and leave the
minutes the README promises for questions, and each section to cut or add says the
minutes it saves or costs.  The notebooks' ``.py`` pairs are read (the stored ``.ipynb``
are their executed copies: tests/notebooks/test_jupytext_pairs.py)."""

from __future__ import annotations

import math
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
WORDS_A_MINUTE = 50
MINUTES_AN_OUTPUT = 1
MINUTES_A_STEPPER = 2
ITALIC = re.compile(r"\*([^*]+)\*")


def sections(notebook: str) -> dict[str, list[str]]:
    """The cells of each ``## heading`` of ``notebook`` (its ``.py`` pair), split where a heading starts."""
    text = (ROOT / "notebooks" / f"{notebook}.py").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    heading = ""
    for cell in re.split(r"\n(?=# %%)", text):
        if cell.startswith("# %% [markdown]"):
            for part in re.split(r"^(?=# ## )", cell, flags=re.M):
                found = re.match(r"# ## (.+)$", part, re.M)
                heading = found.group(1).strip() if found else heading
                out.setdefault(heading, []).append("md\n" + part)
        else:
            out.setdefault(heading, []).append(cell)
    return out


def minutes(cells: list[str]) -> float:
    """The README's rule: the prose's words (folded answers aside), each output, each stepper stepped."""
    total = 0.0
    for cell in cells:
        if cell.startswith("md\n"):
            prose = re.sub(r"<details>.*?</details>", "", cell[3:], flags=re.S)
            total += len(re.findall(r"[A-Za-z0-9−]+", prose)) / WORDS_A_MINUTE
        elif "practice=" not in cell:  # a practice stepper is left for the lab
            total += MINUTES_A_STEPPER if "StepperWidget(" in cell else MINUTES_AN_OUTPUT
    return total


def rows() -> list[list[str]]:
    part = README[README.index("### A 50-minute lecture"):README.index("### Minutes for a student working alone")]
    lines = [line for line in part.splitlines() if line.startswith("| ") and not line.startswith("| minutes")]
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines]


def test_the_lecture_shows_real_sections_and_fits_its_minutes() -> None:
    table = rows()
    assert len(table) == 4
    start = 0
    for when, notebook, show, estimate, late, early, _lab in table:
        first, last = (int(m) for m in when.split("–"))
        assert first == start, when  # segments follow each other
        start = last
        notebook = notebook.strip("`")
        parts = sections(notebook)
        shown = ITALIC.findall(show)
        assert shown, show
        for name in shown:
            assert name in parts, f"{notebook} has no section {name!r}"
            assert any(not c.startswith("md\n") and "practice=" not in c for c in parts[name]), \
                f"{notebook}'s {name!r} has nothing to show but practice"
        needed = math.ceil(sum(minutes(parts[name]) for name in shown))
        assert int(estimate) == needed, f"{notebook}: the README says {estimate} minutes, the rule gives {needed}"
        assert needed <= last - first, f"{notebook}: {needed} minutes of material in a {last - first}-minute segment"
        for said in (late, early):  # "*Section* (n)": the minutes it saves or costs, by the same rule
            for name, n in re.findall(r"\*([^*]+)\* \((\d+)\)", said):
                assert name in parts, f"{notebook} has no section {name!r}"
                assert int(n) == math.ceil(minutes(parts[name])), f"{notebook}'s {name!r}: {n} minutes said"
        for name in ITALIC.findall(late):
            assert name in shown, f"cut {name!r}, which the segment does not show"
        for name in ITALIC.findall(early):
            assert name not in shown, f"add {name!r}, which the segment shows already"
    promised = re.search(r"That leaves (\d+) minutes for questions", README)
    assert promised is not None and 50 - start == int(promised.group(1))


def test_the_rule_counts_what_the_lecture_shows() -> None:
    """The rule is not blind: a practice stepper costs the lecture nothing, a stepped one two
    minutes, and folded answers are not read out."""
    assert minutes(["StepperWidget(t, practice='tree')"]) == 0
    assert minutes(["StepperWidget(t)"]) == MINUTES_A_STEPPER
    assert minutes(["md\n# one two three\n# <details>four five six seven</details>"]) == 3 / WORDS_A_MINUTE
