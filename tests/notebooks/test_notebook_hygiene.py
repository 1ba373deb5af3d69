"""The lecture notebooks: listed, clean, run and stored, and never drifting from their source.

These checks read the saved ``.ipynb`` files and run nothing but
``tools/build_notebooks.py --check`` (which builds cells in memory, without a kernel);
the tests of the practice-task checks themselves make a few small notebooks in memory
with negaviz, to show that the checks fail on bad ones.
Whether the stored outputs still come out is nbval's job:
``pytest --nbval -p negaviz.course.nbval_plugin notebooks/`` (pyproject.toml turns both on).
What breaks nbval (unseeded randomness, times, widgets without a static form, Output
widgets, a marker nbval does not see) is found by :mod:`negaviz.course.rules`, the rules
``negaviz check-notebooks`` applies to a lecturer's own notebooks.
"""

from __future__ import annotations

import html
import math
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from negaviz.course.rules import SKIP_MARKERS, SKIP_TAGS, TIMESTAMP, check_notebook
from negaviz.frontend.page import page_state
from negaviz.vocabulary import CONVENTIONS, MISLEADING, PERSPECTIVES, view_caption

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
INDEX = NOTEBOOKS / "00-index.ipynb"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))

NUMBER = re.compile(r"\d+(?:[,\u202f]\d{3})*(?:\.\d+)?")


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def text(value: Any) -> str:
    """A notebook string field, stored as one string or as a list of lines."""
    return value if isinstance(value, str) else "".join(value)


def cells(path: Path, kind: str) -> list[dict[str, Any]]:
    return [c for c in load(path)["cells"] if c["cell_type"] == kind]


def printed(nb: dict[str, Any]) -> str:
    """Everything the notebook's cells printed or returned as text."""
    parts = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            if output["output_type"] == "stream":
                parts.append(text(output["text"]))
            elif "data" in output:
                parts.append(text(output["data"].get("text/plain", "")))
    return "\n".join(parts)


def numbers(s: str) -> set[str]:
    """Numbers in ``s`` with their thousands separators removed."""
    return {re.sub(r"[,\u202f]", "", n) for n in NUMBER.findall(s)}


def squash(s: str) -> str:
    """``s`` with markdown's quote marks dropped and every run of white space made one space."""
    return " ".join(re.sub(r"^\s*>\s?", "", s, flags=re.M).split())


def prose(path: Path) -> str:
    return squash("\n".join(text(c["source"]) for c in cells(path, "markdown")))


def svgs(nb: dict[str, Any]) -> list[str]:
    """The stored SVG drawings of a notebook."""
    return [text(o["data"]["image/svg+xml"]) for c in nb["cells"] for o in c.get("outputs", [])
            if "image/svg+xml" in o.get("data", {})]


by_name = pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
STATED_IN = ("01-negamax.ipynb", "03-alphabeta.ipynb")
"""Where the conventions are stated, each once, in the vocabulary's words (issue 30)."""


def test_the_sequence_is_there() -> None:
    assert INDEX in PATHS
    assert len(PATHS) >= 9, [p.name for p in PATHS]


def test_index_links_every_notebook() -> None:
    prose = "\n".join(text(c["source"]) for c in cells(INDEX, "markdown"))
    linked = set(re.findall(r"\]\(([^)\s]+\.ipynb)\)", prose))
    assert linked == {p.name for p in PATHS if p != INDEX}


@by_name
def test_no_path_hacks_no_star_imports(path: Path) -> None:
    for cell in cells(path, "code"):
        source = text(cell["source"])
        assert "sys.path" not in source, f"{path.name} {cell['id']}: import the installed package instead"
        assert not re.search(r"^\s*from\s+\S+\s+import\s+\*", source, re.M), f"{path.name} {cell['id']}: star import"


@by_name
def test_no_cell_breaks_a_rule_of_check_notebooks(path: Path) -> None:
    """The rules a lecturer's notebooks are checked by: no unseeded randomness, no times,
    no widget without a static form, no Output widgets, markers alone on their lines."""
    assert [f.line(path.name) for f in check_notebook(path)] == []


@by_name
def test_every_skipped_check_says_why_on_its_first_line(path: Path) -> None:
    for cell in cells(path, "code"):
        source = text(cell["source"])
        lines = source.splitlines()
        marked = any(m in source for m in SKIP_MARKERS) or any(
            t in cell.get("metadata", {}).get("tags", []) for t in SKIP_TAGS
        )
        if not marked:
            continue
        first = lines[0].strip() if lines else ""
        reason = first.lstrip("#").strip()
        assert first.startswith("#") and reason not in SKIP_MARKERS and len(reason.split()) >= 3, (
            f"{path.name} {cell['id']}: a cell whose output is not checked must say why in a comment on its first line"
        )


@by_name
def test_outputs_are_stored_and_carry_no_timestamps(path: Path) -> None:
    nb = load(path)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    counts = [c["execution_count"] for c in code]
    assert counts == list(range(1, len(code) + 1)), f"{path.name}: run every cell once, top to bottom"
    assert any(c["outputs"] for c in code), f"{path.name}: no outputs stored"
    for cell in nb["cells"]:
        assert "execution" not in cell.get("metadata", {}), f"{path.name} {cell['id']}: execution timestamps"
        assert not TIMESTAMP.search(json.dumps(cell.get("metadata", {}))), f"{path.name} {cell['id']}"
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", f"{path.name} {cell['id']}: the stored run failed"
            assert not (output["output_type"] == "stream" and output["name"] == "stderr"), (
                f"{path.name} {cell['id']}: warnings in the output: {text(output['text'])[:200]}"
            )
    assert not TIMESTAMP.search(json.dumps({k: v for k, v in nb["metadata"].items() if k != "widgets"}))
    assert [c["id"] for c in nb["cells"]] == [f"c{i:02d}" for i in range(1, len(nb["cells"]) + 1)]


@by_name
def test_numbers_in_the_prose_are_printed_by_a_cell(path: Path) -> None:
    """Every number of two digits or more in the text appears in the notebook's outputs."""
    nb = load(path)
    shown = numbers(printed(nb))
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        prose = re.sub(r"\]\([^)]*\)", "]", text(cell["source"]))  # link targets are not prose
        missing = sorted(n for n in numbers(prose) - shown if len(n.replace(".", "")) >= 2 and int(float(n)) >= 10)
        assert not missing, f"{path.name} {cell['id']}: numbers in the text that no cell prints: {missing}"


def test_notebook_sources_match_the_build_script() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_notebooks.py"), "--check"],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert done.returncode == 0, done.stderr or done.stdout


# ------------------------------------------------------------------ the conventions
def test_each_convention_is_stated_once_in_01_or_03_in_the_vocabularys_words() -> None:
    """The words for values, windows, bounds and proofs are negaviz.vocabulary's, stated in
    one place: a notebook that rewords a convention drifts from the captions and messages."""
    assert len(CONVENTIONS) >= 6
    for name, statement in CONVENTIONS.items():
        where = [p.name for p in PATHS if squash(statement) in prose(p)]
        assert len(where) == 1 and where[0] in STATED_IN, (
            f"the {name!r} convention must be stated once, in {' or '.join(STATED_IN)}, word for word as "
            f"negaviz.vocabulary.CONVENTIONS[{name!r}] has it; found in {where or 'no notebook'}"
        )
    stated = {name: next(p.name for p in PATHS if squash(s) in prose(p)) for name, s in CONVENTIONS.items()}
    assert stated["perspective"] == STATED_IN[0]  # values before windows: 01 before 03
    assert {n for n, where in stated.items() if where == STATED_IN[1]} >= {"window", "leaves", "contract", "fail-soft", "proof"}


@by_name
def test_no_notebook_says_what_the_conventions_contradict(path: Path) -> None:
    """Prose, code (its comments too) and stored outputs alike."""
    nb = load(path)
    everything = squash(" ".join([prose(path), *(text(c["source"]) for c in cells(path, "code")), printed(nb)]))
    said = {phrase: why for phrase, why in MISLEADING.items() if squash(phrase) in everything}
    assert not said, f"{path.name}: {said}"


@by_name
def test_stored_drawings_carry_the_vocabularys_captions(path: Path) -> None:
    """A drawing of a search says which view it shows in the vocabulary's words."""
    captions = {view_caption(p, first) for p in PERSPECTIVES for first in (0, 1)}
    for svg in svgs(load(path)):
        shown = html.unescape(svg)
        if " view: " in shown:
            assert any(c in shown for c in captions), f"{path.name}: a drawing's caption is not the vocabulary's"


# ------------------------------------------------------------------------ the order
FIRST_USED_IN = {
    "alpha-beta": ("03-alphabeta.ipynb",
                   re.compile(r"algorithm[\"']?\s*[=:]\s*[\"'](?:alphabeta|pvs|mtdf|id)[\"']|\bfail_hard\s*=|\bwindow\s*=\s*\(")),
    "Othello": ("07-depth-limited-othello.ipynb", re.compile(r"\bOthello\(")),
}
"""What a course meets in a given notebook first, and how a cell that uses it looks (issue 30)."""


@pytest.mark.parametrize("what", sorted(FIRST_USED_IN))
def test_no_notebook_uses_what_a_later_one_introduces(what: str) -> None:
    """The sequence is one a course can follow: no cell searches with alpha-beta before
    notebook 03 explains it, and none plays Othello before notebook 07 gives its rules."""
    introducing, uses = FIRST_USED_IN[what]
    assert any(uses.search(text(c["source"])) for c in cells(NOTEBOOKS / introducing, "code"))
    early = [
        f"{p.name} {c['id']}" for p in PATHS if p.name < introducing
        for c in cells(p, "code") if uses.search(text(c["source"]))
    ]
    assert not early, f"{what} is used before {introducing} introduces it: {early}"


def test_the_index_states_a_learning_goal_for_every_notebook() -> None:
    """00 tells students what each notebook teaches; its maintainers' notes live in notebooks/README.md."""
    prose_00 = "\n".join(text(c["source"]) for c in cells(INDEX, "markdown"))
    rows = [line for line in prose_00.splitlines() if re.match(r"\|\s*\[[^\]]+\]\(\d\d-[^)]+\.ipynb\)\s*\|", line)]
    assert len(rows) == len(PATHS) - 1
    assert all(len(row.split("|")[2].split()) >= 8 for row in rows), "each row says what a student can do after it"
    assert "after it you can" in prose_00
    for maintainer in ("make notebooks", "nbval", "jupytext"):
        assert maintainer not in prose_00, f"00-index: {maintainer!r} is maintainers' material (notebooks/README.md)"


# ------------------------------------------------------------- students act (issue 30)
LECTURES = [p for p in PATHS if re.match(r"(0[1-9]|1[01])-", p.name)]
PRACTICE_CALL = re.compile(r"\bStepperWidget\(.*?\bpractice\s*=\s*[\"'](tree|steps)[\"']", re.S)
SRCDOC = re.compile(r'srcdoc="([^"]*)"')
DEFINED = re.compile(r"^def\s+(\w+)\s*\(", re.M)
NOT_VALUES = re.compile(r"\b\w+:[−-]?\d+(?:\.\d+)?|[(\[][^()\[\]]*,[^()\[\]]*[)\]]")
"""Numbers that are no node's value: a leaf in a tree's labelled form (``D:3``, the
tree's own text) and a window (``(−∞, −3)``, ``[5, ∞]``)."""
TOKEN = re.compile(r"[−-]?\d+(?:\.\d+)?|[−-]?(?:inf|∞)|\w+")
NEAR = 4
"""How many tokens after a node's name a number may come and still be read as its value."""
NEVER_WORDS = ("never visited", "never tried", "pruned", "skipped", "cut")


def practice_pages(cell: dict[str, Any]) -> list[dict[str, Any]]:
    """The practice data of every stepper page in a code cell's stored outputs
    (``negaviz.quiz.practice.practice_data``, read back from the page's own data)."""
    found = []
    for output in cell.get("outputs", []):
        page = text(output.get("data", {}).get("text/html", ""))
        for srcdoc in SRCDOC.findall(page):
            state = page_state(html.unescape(srcdoc))
            found += [s["practice"] for s in state["scenes"] if s.get("practice")]
    return found


def practice_tasks(nb: dict[str, Any]) -> list[tuple[int, str]]:
    """The cells in which a student acts, as (cell index, kind).  A cell is a task when
    * ``practice``: its code makes ``StepperWidget(..., practice="tree"|"steps")`` and its
      stored output is a stepper page that carries practice data of that mode (graded in
      the page); or
    * ``check``: it follows a markdown cell that says "Your turn", defines a function and
      hands that function to ``check`` (directly or through a helper whose name holds
      ``check``), so ``check()`` judges the student's edit of it."""
    tasks = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        source = text(cell["source"])
        call = PRACTICE_CALL.search(source)
        if call and call.group(1) in {p["mode"] for p in practice_pages(cell)}:
            tasks.append((i, "practice"))
            continue
        before = nb["cells"][i - 1] if i else None
        asked = before is not None and before["cell_type"] == "markdown" and "your turn" in text(before["source"]).lower()
        judged = [f for f in DEFINED.findall(source) if re.search(rf"\b\w*check\w*\(\s*{f}\b", source)]
        if asked and judged:
            tasks.append((i, "check"))
    return tasks


def visible_lines(cell: dict[str, Any]) -> list[str]:
    """What a reader sees of a cell without running anything: a markdown cell's text, a
    code cell's printed and returned text, and each node of a stored drawing (the texts
    of one SVG node group make one line)."""
    if cell["cell_type"] == "markdown":
        return text(cell["source"]).splitlines()
    lines = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            lines += text(output["text"]).splitlines()
            continue
        data = output.get("data", {})
        lines += text(data.get("text/plain", "")).splitlines()
        for group in re.findall(r'<g id="[^"]*" class="node">(.*?)</g>', text(data.get("image/svg+xml", "")), re.S):
            lines.append(" ".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", group)))
    return lines


def number_token(token: str) -> float | None:
    t = token.replace("−", "-")
    if t.lstrip("-") in ("inf", "∞"):
        return -math.inf if t.startswith("-") else math.inf
    try:
        return float(t)
    except ValueError:
        return None


def reveals(line: str, practice: dict[str, Any]) -> list[str]:
    """The answers of a practice task on a textbook tree that ``line`` gives away:
    * a value: an inner node's name as a word, followed within NEAR tokens (and before
      any other node's name) by its value in either view, as in "value at A: 5",
      "B returns −5" or a table row "C  1  (−∞, −5)  −3";
    * the cuts: a word for moves never tried, followed by exactly the names of the
      moves the search never tries (no more, no fewer), as in "never visited: G, H"."""
    keys = practice["keys"]
    names = set(keys["negamax"]["names"])
    answers = {(name, float(v["value"])) for key in keys.values() for name, v in key["values"].items()
               if isinstance(v["value"], (int, float))}
    # a shared node is drawn (and named) by its path, "B X": prose names it by its label, X
    names |= set(keys["negamax"].get("repeated", []))
    answers |= {(name.split(" ")[-1], v) for name, v in answers}
    tokens = TOKEN.findall(NOT_VALUES.sub(" ", line))
    found = []
    for i, token in enumerate(tokens):
        if token not in names:
            continue
        for later in tokens[i + 1:i + 1 + NEAR]:
            if later in names:
                break
            value = number_token(later)
            if value is not None and (token, value) in answers:
                found.append(f"{token} = {later}")
    cuts = set(keys["negamax"]["cuts"])
    lowered = line.lower()
    for word in NEVER_WORDS:
        at = lowered.find(word)
        if cuts and at >= 0 and set(TOKEN.findall(line[at + len(word):])) & names == cuts:
            found.append(f"cuts {', '.join(sorted(cuts))}")
    return found


def revealed_before_tasks(nb: dict[str, Any]) -> list[str]:
    """For each practice task on a textbook tree (its answer key names no "the root":
    a board's positions are named by moves), what the cells before it show of its answers."""
    problems = []
    for i, kind in practice_tasks(nb):
        if kind != "practice":
            continue
        for practice in practice_pages(nb["cells"][i]):
            if "the root" in practice["keys"]["negamax"]["names"]:
                continue
            for cell in nb["cells"][:i]:
                for line in visible_lines(cell):
                    problems += [f"{nb['cells'][i]['id']}: {cell['id']} shows {r}: {line.strip()[:80]!r}"
                                 for r in reveals(line, practice)]
    return problems


def test_every_lecture_notebook_has_two_tasks_for_the_student() -> None:
    assert len(LECTURES) == 11, [p.name for p in LECTURES]
    counts = {p.name: practice_tasks(load(p)) for p in LECTURES}
    few = {name: tasks for name, tasks in counts.items() if len(tasks) < 2}
    assert not few, f"each lecture notebook needs at least two tasks where the student acts: {few}"


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.name)
def test_no_visible_output_gives_a_practice_answer_before_its_task(path: Path) -> None:
    """The page carries the answer key (it grades with no kernel); what the reader sees
    before the task (prose, printed text, drawings) must not."""
    assert revealed_before_tasks(load(path)) == []


def _notebook(*cells: dict[str, Any]) -> dict[str, Any]:
    return {"cells": [dict(c, id=f"c{i:02d}") for i, c in enumerate(cells, 1)]}


def _printed(s: str) -> dict[str, Any]:
    return {"cell_type": "code", "source": "print(...)", "outputs": [{"output_type": "stream", "name": "stdout", "text": s}]}


def _practice_cell(tree: str, mode: str = "tree") -> dict[str, Any]:
    from negaviz import Tree, record
    from negaviz.widgets import StepperWidget

    widget = StepperWidget(record(Tree.parse(tree), algorithm="alphabeta"), practice=mode, windows=True)
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    source = f"StepperWidget(negaviz.record(Tree.parse({tree!r}), algorithm='alphabeta'), practice={mode!r})"
    return {"cell_type": "code", "source": source,
            "outputs": [{"output_type": "display_data", "data": {k: v for k, v in data.items() if k.startswith("text/")}}]}


def test_the_answer_check_fails_on_notebooks_that_give_answers_away() -> None:
    """The checks above can fail: a printed value, a drawing of the finished search, a
    list of the moves never visited or a sentence of the prose before the task is found;
    the same text after the task, or about another tree's nodes, is not."""
    tree = "A(B(D:7 E:5) C(F:3 G:1 H:9))"  # A 5, B −5, C −3 (minimax: B 5, C 3); G and H never visited
    task = _practice_cell(tree)
    nb = _notebook(_printed("value at A: 5\n"), task)
    assert practice_tasks(nb) == [(1, "practice")]
    assert revealed_before_tasks(nb) == ["c02: c01 shows A = 5: 'value at A: 5'"]
    assert revealed_before_tasks(_notebook(_printed("never visited: G, H\n"), task)) == [
        "c02: c01 shows cuts G, H: 'never visited: G, H'"]
    assert revealed_before_tasks(_notebook({"cell_type": "markdown", "source": "Then C returns 3 to A."}, task))
    assert revealed_before_tasks(_notebook(_printed("C  1  (−∞, −5)  −3  lower  G, H\n"), task))
    from negaviz import Tree, record
    from negaviz.display import picture

    drawing = picture(record(Tree.parse(tree), algorithm="alphabeta"))._repr_mimebundle_()
    drawing = drawing[0] if isinstance(drawing, tuple) else drawing
    shown = {"cell_type": "code", "source": "picture(trace)", "outputs": [
        {"output_type": "display_data", "data": {"image/svg+xml": drawing["image/svg+xml"], "text/plain": "<drawing>"}}]}
    assert any("shows B = " in p for p in revealed_before_tasks(_notebook(shown, task)))
    # Not answers: the same line after the task, a leaf's number, other values, a lone cut name.
    assert revealed_before_tasks(_notebook(task, _printed("value at A: 5\n"))) == []
    assert revealed_before_tasks(_notebook(_printed("A(B(D:7 E:5) C(F:3 G:1 H:9))\nvalue at A: 4, never visited: G\n"), task)) == []
    # A stepper without practice, or one whose output was not stored, is no task.
    plain = dict(task, source=task["source"].replace("practice='tree'", "windows=True"))
    assert practice_tasks(_notebook(plain)) == [] and practice_tasks(_notebook(dict(task, outputs=[]))) == []


def test_a_check_task_is_code_the_student_changes_and_check_judges() -> None:
    ask = {"cell_type": "markdown", "source": "## Your turn\nFix it."}
    code = {"cell_type": "code", "source": "def fix_me(node, alpha, beta):\n    ...\n\n\nreport = check_search(fix_me)\n",
            "outputs": []}
    assert practice_tasks(_notebook(ask, code)) == [(1, "check")]
    assert practice_tasks(_notebook({"cell_type": "markdown", "source": "The classic bugs"}, code)) == []
    unjudged = dict(code, source="def fix_me(node, alpha, beta):\n    ...\n")
    assert practice_tasks(_notebook(ask, unjudged)) == []


def test_the_answer_check_fails_when_an_answer_moves_before_its_task() -> None:
    """Notebook 11 as it would be with its "Answer" cell (the reference's value, cuts and
    drawing) before the practice stepper instead of after it."""
    nb = load(NOTEBOOKS / "11-write-your-own-alphabeta.ipynb")
    assert revealed_before_tasks(nb) == []
    task = next(i for i, kind in practice_tasks(nb) if kind == "practice")
    cells = nb["cells"]
    answer = next(j for j in range(task + 1, len(cells)) if "never visited" in "\n".join(visible_lines(cells[j])))
    nb["cells"] = cells[:task] + [cells[answer]] + cells[task:answer] + cells[answer + 1:]
    found = revealed_before_tasks(nb)
    assert any("shows A = 7" in p for p in found) and any("shows cuts H, I" in p for p in found), found
