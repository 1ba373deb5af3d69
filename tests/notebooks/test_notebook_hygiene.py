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


NOT_FIGURES = re.compile(r"\]\([^)]*\)|\b\d+ · |\b[Nn]otebooks? \d+(?: (?:and|or|to) \d+)?")
"""Numbers in the prose that are no figure: link targets, a notebook's number in its
title (``# 12 · ...``) and a reference to a notebook (``notebooks 7 and 12``)."""
MAGNITUDE = re.compile(r"\b(?:tens|hundreds|thousands|millions|billions) of (?:thousands|millions|nodes|positions|leaves)\b", re.I)
"""A figure given as a magnitude ("tens of thousands of nodes"): no cell can print it, so
it is checked by no one (issue 53: 11 said "tens of thousands" beside a printed 8,697)."""


def unprinted_numbers(nb: dict[str, Any]) -> list[str]:
    """Each markdown cell's numbers of two digits or more that no output prints, and its
    figures given as magnitudes."""
    shown = numbers(printed(nb))
    problems = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        prose = NOT_FIGURES.sub("]", text(cell["source"]))
        missing = sorted(n for n in numbers(prose) - shown if len(n.replace(".", "")) >= 2 and int(float(n)) >= 10)
        if missing:
            problems.append(f"{cell['id']}: numbers in the text that no cell prints: {missing}")
        problems += [f"{cell['id']}: {m.group(0)!r}: a figure no cell prints; give the printed number"
                     for m in MAGNITUDE.finditer(squash(prose))]
    return problems


@by_name
def test_numbers_in_the_prose_are_printed_by_a_cell(path: Path) -> None:
    """Every number of two digits or more in the text appears in the notebook's outputs,
    and no figure is given as a magnitude instead."""
    assert unprinted_numbers(load(path)) == []


def test_the_number_check_fails_on_figures_no_cell_prints() -> None:
    nb = _notebook(_md("Each board solves in tens of thousands of nodes: 8,697 and 43,916."), _printed("8,697 nodes\n"))
    assert unprinted_numbers(nb) == ["c01: numbers in the text that no cell prints: ['43916']",
                                     "c01: 'tens of thousands': a figure no cell prints; give the printed number"]
    assert unprinted_numbers(_notebook(_md("# 12 · Going further\nas notebooks 7 and 12 show, [x](10-a.ipynb)"))) == []


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
    captions = {view_caption(p, first, chance=c) for p in PERSPECTIVES for first in (0, 1) for c in (False, True)}
    for svg in svgs(load(path)):
        shown = html.unescape(svg)
        if " view: " in shown:
            assert any(c in shown for c in captions), f"{path.name}: a drawing's caption is not the vocabulary's"


# ------------------------------------------- statements checked against the cells (issue 41)
SIDE_STATED = re.compile(r"\b([xo]) to (?:move|play)\b")
EMPTY_STATED = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine) empty squares\b")
NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
POSITION = re.compile(r"TicTacToe\(\s*[\"']([.xo/]+)[\"']\s*\)|\.parse\(\s*[\"'](\d+)[\"']\s*\)"
                      r"|parse_position\(\s*[\"'][^\"':]*:([xo])[\"']\s*\)")
"""A position written in a cell: a tic-tac-toe board, Connect Four's columns played so
far (``game.parse("2332")``), or an Othello board with its side to move (``...:x``)."""


def side_and_empty(found: re.Match[str]) -> tuple[str, int | None]:
    """The side to move in a position :data:`POSITION` found, and its empty squares
    (tic-tac-toe only), worked out from the text itself: x moves first."""
    board, columns, othello = found.groups()
    if board is not None:
        xs, os_ = board.count("x"), board.count("o")
        return ("x" if xs == os_ else "o"), board.count(".")
    if columns is not None:
        return ("x" if len(columns) % 2 == 0 else "o"), None
    return othello, None


def sides_misstated(nb: dict[str, Any]) -> list[str]:
    """Each markdown cell that says whose move it is ("x to move", "o to play") or how
    many squares are empty, checked against the first position written in the code
    cells after it (up to the next markdown cell)."""
    problems = []
    all_cells = nb["cells"]
    for i, cell in enumerate(all_cells):
        if cell["cell_type"] != "markdown":
            continue
        said = text(cell["source"])
        sides = set(SIDE_STATED.findall(said))
        empties = {NUMBER_WORDS.index(w) + 1 for w in EMPTY_STATED.findall(said)}
        if not sides and not empties:
            continue
        following = []
        for later in all_cells[i + 1:]:
            if later["cell_type"] == "markdown":
                break
            following += list(POSITION.finditer(text(later["source"])))
        if not following:
            continue
        side, empty = side_and_empty(following[0])
        if sides and sides != {side}:
            problems.append(f"{cell['id']}: says {' and '.join(sorted(sides))} to move, but in "
                            f"{following[0].group(0)} {side} is to move")
        if empties and empty is not None and empties != {empty}:
            problems.append(f"{cell['id']}: says {sorted(empties)} empty squares, but {following[0].group(0)} has {empty}")
    return problems


@by_name
def test_the_side_to_move_stated_is_the_positions(path: Path) -> None:
    """A student who trusts "x to move" gets every sign wrong if o moves (issue 41: 05)."""
    assert sides_misstated(load(path)) == []


WINDOW_IN_BRACKETS = re.compile(r"\[[^\[\]\n]*[αβ∞][^\[\]\n]*\]")
"""A window written ``[α, β]`` or ``[−∞, 5]``: every layer writes windows ``(α, β)``
(:func:`negaviz.vocabulary.window_text`), so no reader meets two notations."""


def written(nb: dict[str, Any]) -> list[tuple[str, str]]:
    """(cell id, text) for what a reader reads: prose, code, printed text and the texts
    of stored drawings (not the steppers' pages, which carry data and scripts)."""
    out = []
    for cell in nb["cells"]:
        out.append((cell["id"], text(cell["source"])))
        for output in cell.get("outputs", []):
            if output["output_type"] == "stream":
                out.append((cell["id"], text(output["text"])))
                continue
            data = output.get("data", {})
            out.append((cell["id"], text(data.get("text/plain", ""))))
            svg = text(data.get("image/svg+xml", ""))
            out.append((cell["id"], " ".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg))))
    return out


def windows_in_brackets(nb: dict[str, Any]) -> list[str]:
    return [f"{cid}: {m.group(0)}" for cid, said in written(nb) for m in WINDOW_IN_BRACKETS.finditer(said)]


@by_name
def test_windows_are_written_one_way(path: Path) -> None:
    assert windows_in_brackets(load(path)) == []


WORDING = {
    re.compile(r"\bplayer to move\b", re.I): "say 'side to move', as the conventions do",
    re.compile(r"\bbest line\b(?! so far)", re.I): "say 'principal variation' for a finished search's line "
                                                    "('best line so far' while it runs), as the drawings' legends do",
}
"""Words the notebooks use one way only (issue 41): prose and code, not what the
package prints (its messages are the vocabulary's business)."""


def wording_slips(nb: dict[str, Any]) -> list[str]:
    return [f"{cell['id']}: {m.group(0)!r}: {why}" for cell in nb["cells"]
            for pattern, why in WORDING.items() for m in pattern.finditer(text(cell["source"]))]


@by_name
def test_one_word_for_one_thing(path: Path) -> None:
    assert wording_slips(load(path)) == []


ANSWER = re.compile(r"\*\*Answer\b|<summary>(?:<b>)?Answer\b|^#+\s.*\bAnswer\b", re.M)
"""How an answer is marked: bold **Answer**, a folded <details><summary>Answer, or a heading."""
QUESTION = re.compile(r"\w[*_]*\?(?=[\s*_)]|$)")


def unanswered_questions(nb: dict[str, Any]) -> list[str]:
    """A task's prose (a "Your turn" cell, or the prose just before a practice stepper)
    that asks a question must be followed, before the next "Your turn", by a cell
    marked as its answer."""
    all_cells = nb["cells"]
    turns = [i for i, c in enumerate(all_cells) if c["cell_type"] == "markdown" and "your turn" in text(c["source"]).lower()]
    before_practice = [i - 1 for i, kind in practice_tasks(nb) if kind == "practice" and i and all_cells[i - 1]["cell_type"] == "markdown"]
    problems = []
    for i in sorted(set(turns) | set(before_practice)):
        asked = QUESTION.findall(text(all_cells[i]["source"]))
        if not asked:
            continue
        until = min([j for j in turns if j > i] + [len(all_cells)])
        if not any(c["cell_type"] == "markdown" and ANSWER.search(text(c["source"])) for c in all_cells[i + 1:until]):
            problems.append(f"{all_cells[i]['id']}: asks a question that no later cell answers (mark the answer **Answer**)")
    return problems


@by_name
def test_every_question_a_task_asks_is_answered_later(path: Path) -> None:
    assert unanswered_questions(load(path)) == []


def _md(source: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "source": source}


def _code(source: str, printed: str = "") -> dict[str, Any]:
    outputs = [{"output_type": "stream", "name": "stdout", "text": printed}] if printed else []
    return {"cell_type": "code", "source": source, "outputs": outputs}


def test_the_statement_checks_fail_on_the_slips_they_are_for() -> None:
    """Each rule above catches the slip it was written for (issue 41) and passes its fix."""
    # 05's slip: o moves in oo./x../.xx
    wrong = _notebook(_md("x to move, four empty squares."), _code('record(TicTacToe("oo./x../.xx"))'))
    assert sides_misstated(wrong) == ['c01: says x to move, but in TicTacToe("oo./x../.xx") o is to move']
    assert sides_misstated(_notebook(_md("o to move, four empty squares."), _code('TicTacToe("oo./x../.xx")'))) == []
    assert sides_misstated(_notebook(_md("o to move, three empty squares."), _code('TicTacToe("oo./x../.xx")')))
    assert sides_misstated(_notebook(_md("o to move."), _code('game.parse("1133443411")')))  # ten moves: x moves
    # windows in brackets, in prose or a drawing's text
    assert windows_in_brackets(_notebook(_md("clamps it into [α, β]"), _code("print(w)", "(−∞, 5)\n")))
    assert windows_in_brackets(_notebook(_code("print(w)", "[−∞, 5]\n"))) == ["c01: [−∞, 5]"]
    assert windows_in_brackets(_notebook(_md("the tree [[7,5],[3,1,9]] with window (α, β)"))) == []
    # words used one way
    assert wording_slips(_notebook(_md("scored for the player to move"), _code('print("best line:", pv)')))
    assert wording_slips(_notebook(_md("the best line so far, then the principal variation"))) == []
    # a question with no answer after it, and the same with one
    ask = _md("## Your turn\nWhich of x's moves win?")
    assert unanswered_questions(_notebook(ask, _code("search()"))) == [
        "c01: asks a question that no later cell answers (mark the answer **Answer**)"]
    assert unanswered_questions(_notebook(ask, _code("search()"), _md("<details><summary><b>Answer</b></summary>c3</details>"))) == []
    assert unanswered_questions(_notebook(ask, _md("## Your turn: next"), _md("**Answer.** c3"))) != []


# ------------------------------------------------------------------------ the order
FIRST_USED_IN = {
    "alpha-beta": ("03-alphabeta.ipynb",
                   re.compile(r"algorithm[\"']?\s*[=:]\s*[\"'](?:alphabeta|pvs|mtdf|id)[\"']|\bfail_hard\s*=|\bwindow\s*=\s*\(")),
    "Othello": ("07-depth-limited-othello.ipynb", re.compile(r"\bOthello\(")),
    "PVS, MTD(f) and iterative deepening": ("08-search-drivers.ipynb",
                                           re.compile(r"algorithm[\"']?\s*[=:]\s*[\"'](?:pvs|mtdf|id)[\"']")),
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
LECTURES = [p for p in PATHS if re.match(r"(0[1-9]|1[0-2])-", p.name)]
"""The lecture notebooks, 01 to 12 (13 is the lecturers' appendix: no tasks)."""
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
    assert len(LECTURES) == 12, [p.name for p in LECTURES]
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
    nb = load(NOTEBOOKS / "12-write-your-own-alphabeta.ipynb")
    assert revealed_before_tasks(nb) == []
    task = next(i for i, kind in practice_tasks(nb) if kind == "practice")
    cells = nb["cells"]
    answer = next(j for j in range(task + 1, len(cells)) if "never visited" in "\n".join(visible_lines(cells[j])))
    nb["cells"] = cells[:task] + [cells[answer]] + cells[task:answer] + cells[answer + 1:]
    found = revealed_before_tasks(nb)
    assert any("shows A = 7" in p for p in found) and any("shows cuts H, I" in p for p in found), found


# ------------------------------------------- nothing answered before it is asked (issue 53)
DETAILS = re.compile(r"<details>.*?</details>", re.S)
FOLD = re.compile(r"<details>\s*<summary>(?:<b>)?Answer\b")
HEADING = re.compile(r"^#+\s", re.M)
FENCED = re.compile(r"```\w*\n(.*?)```", re.S)
KEYWORDS = frozenset("return for in if else not and or lambda def while break yield".split())


def hidden(cell: dict[str, Any]) -> bool:
    """A code cell whose outputs are folded (``# %% jupyter={"outputs_hidden": true}``)."""
    return cell["cell_type"] == "code" and bool(cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden"))


def folds(cell: dict[str, Any]) -> bool:
    """A cell that folds an answer: a markdown ``<details><summary>Answer`` or a code cell with its outputs hidden."""
    return hidden(cell) or (cell["cell_type"] == "markdown" and bool(FOLD.search(text(cell["source"]))))


def in_the_clear(cell: dict[str, Any]) -> list[str]:
    """The lines of a cell a reader sees without opening a fold."""
    if hidden(cell):
        return []
    if cell["cell_type"] == "markdown":
        return DETAILS.sub(" ", text(cell["source"])).splitlines()
    return visible_lines(cell)


def shows_window(line: str, practice: dict[str, Any]) -> list[str]:
    """The windows of a practice task's answer key that ``line`` writes beside their node's name,
    as in "X's window is (−∞, 5)" (the root's (−∞, ∞) says nothing)."""
    found = []
    for key in practice["keys"].values():
        for name, window in key.get("windows", {}).items():
            accept, short = window["accept"], name.split(" ")[-1]
            if accept != "(−∞, ∞)" and re.search(rf"\b{re.escape(short)}\b[^()\n]{{0,40}}{re.escape(accept)}", line):
                found.append(f"{short} {accept}")
    return sorted(set(found))


def skeleton(line: str) -> str:
    """A line of code with its names made anonymous (``move`` or ``m``, ``my_negamax`` or
    ``negamax``): what a solution's line looks like whatever its names."""
    line = line.split("#")[0].strip()
    return re.sub(r"(?<![.\w])[A-Za-z_]\w*", lambda m: m.group(0) if m.group(0) in KEYWORDS else "_", "".join(line.split()))


def answers_in_the_clear(nb: dict[str, Any]) -> list[str]:
    """What a reader sees of an answer without opening its fold:
    * an answer marked **Answer** (bold or a heading) but not folded: its words are in the clear
      (a bold mark is a fold only when the code cell after it has its outputs hidden);
    * a practice task on a textbook tree: between the task and the first fold after it (or,
      with none, the next task), a value, a window or the cut moves of its answer key; and
      after a folded answer cell, the prose that follows it up to the next heading;
    * a task whose folded answer holds code: a line of that code (names aside) in a code
      cell a reader sees before the fold."""
    all_cells = nb["cells"]
    problems = []
    for i, cell in enumerate(all_cells):
        if cell["cell_type"] != "markdown":
            continue
        for mark in ANSWER.finditer(DETAILS.sub(" ", text(cell["source"]))):
            if not (i + 1 < len(all_cells) and hidden(all_cells[i + 1])):
                problems.append(f"{cell['id']}: {mark.group(0)!r} unfolded: fold it in <details><summary>Answer</summary>")
    tasks = practice_tasks(nb)
    for n, (i, kind) in enumerate(tasks):
        if kind != "practice":
            continue
        following = [j for j, _ in tasks[n + 1:]] + [len(all_cells)]
        fold = next((j for j in range(i + 1, following[0]) if folds(all_cells[j])), None)
        region = [(j, line) for j in range(i + 1, fold if fold is not None else following[0]) for line in in_the_clear(all_cells[j])]
        if fold is not None and hidden(all_cells[fold]) and fold + 1 < len(all_cells) and all_cells[fold + 1]["cell_type"] == "markdown":
            after = HEADING.split(DETAILS.sub(" ", text(all_cells[fold + 1]["source"])))[0]
            region += [(fold + 1, line) for line in after.splitlines()]
        for practice in practice_pages(all_cells[i]):
            if "the root" in practice["keys"]["negamax"]["names"]:
                continue
            for j, line in region:
                problems += [f"{all_cells[i]['id']}: {all_cells[j]['id']} shows {r} before its fold: {line.strip()[:80]!r}"
                             for r in reveals(line, practice) + shows_window(line, practice)]
    for f, cell in enumerate(all_cells):
        if cell["cell_type"] != "markdown" or not FOLD.search(text(cell["source"])):
            continue
        solution = {skeleton(line) for fold in DETAILS.findall(text(cell["source"]))
                    for block in FENCED.findall(fold) for line in block.splitlines()}
        solution = {s for s in solution if len(s) >= 12}
        for earlier in all_cells[:f]:
            if earlier["cell_type"] == "code" and not earlier.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
                for line in text(earlier["source"]).splitlines():
                    if skeleton(line) in solution:
                        problems.append(f"{cell['id']}: {earlier['id']} shows the answer's code before it: {line.strip()[:80]!r}")
    return problems


@by_name
def test_no_answer_is_in_the_clear_before_its_fold(path: Path) -> None:
    """Every answer folded, and nothing of it (values, windows, cut moves, code lines) shown
    between its task and its fold."""
    assert answers_in_the_clear(load(path)) == []


def test_the_fold_check_fails_on_answers_in_the_clear() -> None:
    tree = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
    task = _practice_cell(tree)
    fold = _md("<details><summary><b>Answer</b></summary>\n\nA returns 5; C's window is (−∞, −5).\n</details>")
    assert answers_in_the_clear(_notebook(task, fold, _printed("value at A: 5\n"))) == []
    assert answers_in_the_clear(_notebook(task, _printed("value at A: 5\n"), fold)) == [
        "c01: c02 shows A = 5 before its fold: 'value at A: 5'"]
    assert answers_in_the_clear(_notebook(task, _md("C is entered with the window (−∞, −5)."), fold)) == [
        "c01: c02 shows C (−∞, −5) before its fold: 'C is entered with the window (−∞, −5).'"]
    assert answers_in_the_clear(_notebook(task, _printed("value at A: 5\n")))  # no fold at all
    # a bold Answer in the clear, and one whose code cell is folded
    assert answers_in_the_clear(_notebook(_md("Why?\n\n**Answer.** Because."))) == [
        "c01: '**Answer' unfolded: fold it in <details><summary>Answer</summary>"]
    folded_cell = dict(_printed("value at A: 5\n"), metadata={"jupyter": {"outputs_hidden": True}})
    assert answers_in_the_clear(_notebook(task, _md("**Answer** (folded)"), folded_cell)) == []
    assert answers_in_the_clear(_notebook(task, _md("**Answer** (folded)"), folded_cell, _md("So C's window is (−∞, −5).\n## Next")))
    # the code of a folded solution, shown before the fold under other names
    ask = _md("## Your turn\nWrite it.")
    solution = _md("<details><summary><b>Answer</b></summary>\n\n```python\n"
                   "return max(-my_negamax(tree.play(node, move)) for move in tree.moves(node))\n```\n</details>")
    shown = _code("def negamax(n):\n    return max(-negamax(tree.play(n, m)) for m in tree.moves(n))\n")
    assert answers_in_the_clear(_notebook(ask, shown, solution)) == [
        "c03: c02 shows the answer's code before it: 'return max(-negamax(tree.play(n, m)) for m in tree.moves(n))'"]
    assert answers_in_the_clear(_notebook(ask, solution, shown)) == []
