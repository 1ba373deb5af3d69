"""The rules for stable notebooks (negaviz.course.rules) and ``negaviz check-notebooks``.

Each rule is tried on a notebook written as a real file: a cell that breaks it is named
in one line, and the same cell written the stable way is not.  negaviz's own lecture
notebooks and the starter lecture pass (tests/notebooks/test_notebook_hygiene.py runs
the rules over the lectures).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import negaviz
import negaviz.display
from negaviz import cli
from negaviz.cli import course
from negaviz.course.init import STARTER, TEMPLATE
from negaviz.course.pairs import FIX
from negaviz.course.rules import check_notebook, findings

WIDGET = "application/vnd.jupyter.widget-view+json"


def code(source: str, outputs: list[dict[str, Any]] | None = None, tags: list[str] | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": None, "metadata": {"tags": tags or []},
            "outputs": outputs or [], "source": source}


def rules_of(*cells: dict[str, Any]) -> list[tuple[int, tuple[str, ...]]]:
    for i, cell in enumerate(cells, 1):
        cell["id"] = f"c{i:02d}"
    return [(f.cell, f.rules) for f in findings(cells)]


@pytest.mark.parametrize("source", [
    "import random\nleaves = [random.randint(-9, 9) for _ in range(8)]",
    "from random import choice\nchoice([1, 2])",
    "import random\nrng = random.Random()\nrng.randint(1, 2)",
    "import numpy as np\nnp.random.rand(3)",
    "import numpy\nnumpy.random.default_rng().integers(9)",
])
def test_an_unseeded_draw_is_found(source: str) -> None:
    assert rules_of(code(source)) == [(1, ("unseeded-random",))]


@pytest.mark.parametrize("source", [
    "import random\nrandom.seed(7)\nrandom.randint(-9, 9)",
    "import random\nrng = random.Random(7)\nrng.randint(1, 2)",
    "from negaviz.quiz import random_tree\nrandom_tree(3, 2, seed=1)",
    "import numpy as np\nnp.random.default_rng(3).integers(9)",
])
def test_a_seeded_draw_is_not(source: str) -> None:
    assert rules_of(code(source)) == []


# The rule: a generator or a module's hidden one is seeded only by a seed that is there
# and is not None; seed(), seed(None), Random(None) and their keyword forms seed from the
# clock, and SystemRandom cannot be seeded.
MAKERS = [("import random", "random.seed", "a", "random.randint(1, 6)"),
          ("import random", "rng = random.Random", "x", "rng.randint(1, 6)"),
          ("import numpy as np", "np.random.seed", "seed", "np.random.rand(2)"),
          ("import numpy as np", "rng = np.random.default_rng", "seed", "rng.integers(6)"),
          ("from numpy import random as npr", "rng = npr.RandomState", "seed", "rng.rand(2)")]


@pytest.mark.parametrize("imports, maker, keyword, draw", MAKERS)
@pytest.mark.parametrize("given", ["", "None", "{keyword}=None"])
def test_a_seed_that_is_none_or_missing_is_no_seed(imports: str, maker: str, keyword: str, draw: str,
                                                   given: str) -> None:
    source = f"{imports}\n{maker}({given.format(keyword=keyword)})\n{draw}"
    assert rules_of(code(source)) == [(1, ("unseeded-random",))], source


@pytest.mark.parametrize("imports, maker, keyword, draw", MAKERS)
@pytest.mark.parametrize("given", ["0", "12345", "{keyword}=7", "int('3')"])
def test_a_seed_that_is_there_and_not_none_is_a_seed(imports: str, maker: str, keyword: str, draw: str,
                                                     given: str) -> None:
    source = f"{imports}\n{maker}({given.format(keyword=keyword)})\n{draw}"
    assert rules_of(code(source)) == [], source


def test_an_unseeding_call_undoes_an_earlier_seed_and_system_random_is_never_seeded() -> None:
    assert rules_of(code("import random\nrandom.seed(1)"), code("random.seed(None)\nrandom.randint(1, 6)")) \
        == [(2, ("unseeded-random",))]
    assert rules_of(code("import random\nrandom.seed(1)"), code("random.seed()")) == [(2, ("unseeded-random",))]
    assert rules_of(code("import random\nrandom.SystemRandom().randint(1, 6)")) == [(1, ("unseeded-random",))]


def test_a_seed_holds_for_the_cells_after_it_not_before() -> None:
    draw = "random.randint(1, 6)"
    assert rules_of(code("import random"), code(draw), code("random.seed(1)"), code(draw)) == [(2, ("unseeded-random",))]


@pytest.mark.parametrize("source, shown", [
    ("import time\nt = time.perf_counter()\nprint(t)", "time.perf_counter()"),
    ("from time import perf_counter\nperf_counter()", "time.perf_counter()"),
    ("from datetime import datetime\nprint(datetime.now())", "datetime.now()"),
    ("import datetime\nprint(datetime.datetime.now())", "datetime.now()"),
    ("%timeit negaviz.search(game)", "%timeit"),
    ("r = negaviz.search(game)\nprint(r.value, r.seconds)", "r.seconds"),
])
def test_a_printed_time_is_found(source: str, shown: str) -> None:
    (finding,) = findings([code(source)])
    assert finding.rules == ("printed-time",) and f"shows a time ({shown})" in finding.messages[0]


def test_a_stored_timestamp_or_timing_is_found() -> None:
    stamp = code("print(log)", [{"output_type": "stream", "name": "stdout", "text": "saved 2026-11-26T10:00:01\n"}])
    timed = code("run()", [{"output_type": "stream", "name": "stdout", "text": ["CPU times: user 2 s\n", "Wall time: 1 s\n"]}])
    assert rules_of(stamp, timed, code("print(trace.counts().nodes)")) == [(1, ("printed-time",)), (2, ("printed-time",))]


def test_a_widget_without_a_static_form_is_found_and_one_with_it_is_not() -> None:
    bare = {"output_type": "execute_result", "data": {WIDGET: {"model_id": "x"}, "text/plain": "IntSlider(value=0)"}}
    framed = {"output_type": "execute_result",
              "data": {WIDGET: {"model_id": "y"}, "text/plain": "<negaviz StepperWidget>",
                       "text/html": '<div class="negaviz-still"></div><iframe class="negaviz-static"></iframe>'}}
    found = findings([code("IntSlider()", [bare]), code("StepperWidget(trace)", [framed]),
                      code("from ipywidgets import interact\ninteract(f, x=3)")])
    assert [(f.cell, f.rules) for f in found] == [(1, ("widget-without-static-form",)), (3, ("widget-without-static-form",))]
    assert "(IntSlider(value=0))" in found[0].messages[0]


def test_a_notebook_saved_by_an_older_negaviz_says_in_one_line_to_run_it_again() -> None:
    svg = "<svg><g/></svg>"
    old_drawing = {"output_type": "display_data", "data": {"image/svg+xml": svg, "text/plain": "<negaviz drawing: 8 nodes>"}}
    old_stepper = {"output_type": "display_data", "data": {
        WIDGET: {"model_id": "y"}, "text/plain": "<negaviz StepperWidget: 18 events, step 0>",
        "text/html": '<iframe class="negaviz-static" data-negaviz-static="0123456789ab"></iframe>'}}
    picture = negaviz.display.picture(negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]")))
    new_drawing = {"output_type": "display_data", "data": picture._repr_mimebundle_()}
    other_svg = {"output_type": "display_data", "data": {"image/svg+xml": svg, "text/plain": "<Figure>"}}
    found = findings([code("picture(trace)", [old_drawing]), code("StepperWidget(trace)", [old_stepper]),
                      code("picture(trace)", [new_drawing]), code("plot()", [other_svg])])
    assert [(f.cell, f.rules) for f in found] == [(1, ("older-negaviz-output",)), (2, ("older-negaviz-output",))]
    assert found[0].line("03.ipynb") == ("03.ipynb: cell 1: was saved by an older negaviz: its stored picture does not "
                                         "show in an untrusted notebook; run the notebook again and save it")


def test_output_widgets_and_a_marker_not_alone_are_found() -> None:
    assert rules_of(
        code("import ipywidgets\nout = ipywidgets.Output()\nout"),
        code("# NBVAL_IGNORE_OUTPUT because the time differs\nprint(time.time())"),
        code("# the layout differs between machines\n# NBVAL_IGNORE_OUTPUT\nimport time\nprint(time.time())"),
    ) == [(1, ("output-widget",)), (2, ("printed-time", "ignore-marker"))]


def test_a_cell_nbval_does_not_compare_may_time_and_draw_at_random() -> None:
    source = "import random, time\nprint(random.random(), time.time())"
    assert rules_of(code(source, tags=["nbval-ignore-output"]), code("# NBVAL_SKIP\n" + source), code(source)) == [
        (3, ("unseeded-random", "printed-time"))
    ]


def test_markdown_cells_and_magics_are_read_without_error() -> None:
    cells = [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": "import random\nrandom.random()"},
             code("%%bash\necho hi"), code("!pip list\nx = (")]
    assert findings(cells) == []


def test_one_line_per_cell_naming_notebook_cell_and_id() -> None:
    (finding,) = findings([code("x = 1"), code("import random, time\nprint(random.random(), time.time())")])
    line = finding.line("week1/lecture.ipynb")
    assert "\n" not in line
    assert line.startswith("week1/lecture.ipynb: cell 2: draws random numbers with no seed (random.random): ")
    assert "; shows a time (time.time())" in line


# ------------------------------------------------------------------ the command
def write(path: Path, *cells: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    for i, cell in enumerate(cells, 1):
        cell["id"] = f"c{i:02d}"
    path.write_text(json.dumps({"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return path


def test_check_notebooks_prints_one_line_per_cell_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path / "course" / "01-a.ipynb", code("import random\nrandom.shuffle(moves)"), code("print(1)"),
          code("import time\ntime.time()"))
    write(tmp_path / "course" / "week2" / "02-b.ipynb", code("print('stable')"))
    assert cli.main(["check-notebooks", str(tmp_path / "course")]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{tmp_path}/course/01-a.ipynb: cell 1 (c01): draws random numbers with no seed (random.shuffle)")
    assert lines[1].startswith(f"{tmp_path}/course/01-a.ipynb: cell 3 (c03): shows a time (time.time())")
    assert err == "2 cells in 2 notebooks would make nbval fail for the wrong reason\n"


def test_check_notebooks_of_stable_notebooks_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parents[2]
    lectures = sorted(str(p) for p in (root / "notebooks").glob("*.ipynb"))
    assert cli.main(["check-notebooks", *lectures, str(TEMPLATE / STARTER[0])]) == 0
    out, err = capsys.readouterr()
    assert out == (f"{len(lectures) + 1} notebooks: each agrees with its .py, and no cell breaks the rules for stable "
                   "notebooks\n") and err == ""  # each lecture and the starter has its .py beside it


def test_a_notebook_whose_py_was_edited_alone_fails_the_pair_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """The course README's reviewers read the .py: an edit made there alone would leave nbval
    and the site on the old notebook, so check-notebooks says so first, one line a notebook."""
    shutil.copytree(TEMPLATE / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns("*.*.ipynb"))
    lecture = tmp_path / "notebooks" / "01-game-trees.ipynb"  # (as init writes it: not the other presets' copies)
    assert cli.main(["check-notebooks", str(tmp_path / "notebooks")]) == 0
    capsys.readouterr()
    text = lecture.with_suffix(".py")
    text.write_text(text.read_text(encoding="utf-8") + "\n# %%\nprint('a cell added to the .py alone')\n", encoding="utf-8")
    assert cli.main(["check-notebooks", str(tmp_path / "notebooks")]) == 1
    out, err = capsys.readouterr()
    assert out == (f"{lecture}: its cells differ from {text} from cell 12 on (11 cells in the .ipynb, 12 in the .py), "
                   f"so nbval and the site would use the old notebook: {FIX}\n")
    assert err == "1 notebook of 1 differs from its .py\n"
    text.unlink()  # a notebook with no .py has nothing to disagree with
    assert cli.main(["check-notebooks", str(tmp_path / "notebooks")]) == 0


def test_the_starter_lecture_breaks_no_rule() -> None:
    assert check_notebook(TEMPLATE / STARTER[0]) == []


def test_a_malformed_cell_is_read_without_a_crash() -> None:
    cells = [{"cell_type": "code", "id": "c01", "metadata": [], "outputs": {"x": 1}, "source": ["import time\n", "time.time()"]},
             {"cell_type": "code", "id": "c02", "metadata": {"tags": "nbval-skip"}, "outputs": [{"data": [1]}, 5], "source": 7}]
    assert [(f.cell, f.rules) for f in findings(cells)] == [(1, ("printed-time",))]


def test_the_site_command_says_in_one_line_which_notebook_an_older_negaviz_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    old = {"output_type": "display_data", "data": {"image/svg+xml": "<svg/>", "text/plain": "<negaviz drawing: 8 nodes>"}}
    notebook = {"cells": [code("picture(trace)", [old]), code("print(1)"), code("picture(trace)", [old])],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "03-old.ipynb").write_text(json.dumps(notebook))
    (tmp_path / "04-new.ipynb").write_text(json.dumps({**notebook, "cells": [code("print(1)")]}))
    course._warn_older_outputs([str(tmp_path)])
    assert capsys.readouterr().err.splitlines() == [
        "warning: 03-old.ipynb: cells 1, 3 were saved by an older negaviz and show no picture until the notebook runs: "
        "run it again, save it and build the site again"]
