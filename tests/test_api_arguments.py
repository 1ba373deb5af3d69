"""The public API checks its arguments at the edge: a walk over every package's ``__all__``.

Each public function and class is called once with valid arguments, then once for each
wrong value of each argument (chosen by the argument's annotation: text for a flag, a
float for a count, a number for a path, a tree for a trace, ...).  Every such call must
raise :class:`negaviz.InputError` whose message names the argument: not a TypeError from
deep inside, and not silence (a flag given ``'no'`` that draws windows).

``SKIPPED`` says why a public name is not walked; a new public function or class that
is in neither ``CALLS`` nor ``SKIPPED`` fails :func:`test_every_public_callable_is_walked`.
"""

from __future__ import annotations

import importlib
import inspect
import io
import pkgutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.errors import InputError

SKIPPED: dict[str, str] = {
    # the proof family: prove and draw_proof are walked; the proof itself is passed positionally
    "negaviz.check_proof": "takes its proof positionally (check_proof(proofs), or (game, proof)): each wrong "
                           "form is one InputError in tests/search/test_proof.py",
    **{name: "a value negaviz builds and returns (a proof and its parts)" for name in (
        "negaviz.search.proof.Proofs", "negaviz.search.proof.ProofTree", "negaviz.search.proof.ProofNode",
        "negaviz.search.proof.Claim", "negaviz.render.proof.ProofNodeView", "negaviz.render.proof.ProofEdgeView")},
    **{name: "called by draw_proof for every node and edge: kept off the hot path" for name in (
        "negaviz.render.proof.default_proof_node_style", "negaviz.render.proof.default_proof_edge_style")},
    "negaviz.render.plots.Plot": "a value negaviz builds and returns (a chart's specification)",
    # what negaviz returns or raises: built by negaviz, read by users
    **{name: "a value negaviz builds and returns" for name in (
        "negaviz.SearchResult", "negaviz.Trace", "negaviz.analysis.Table", "negaviz.export.Export",
        "negaviz.quiz.Question", "negaviz.quiz.Exercise", "negaviz.export.sheet.Sheet", "negaviz.site.SiteInfo", "negaviz.student.Report",
        "negaviz.render.NodeView", "negaviz.render.EdgeView", "negaviz.NegavizError", "negaviz.InputError",
        "negaviz.TraceFormatError", "negaviz.SearchInterrupted", "negaviz.analysis.ValueMismatch",
        "negaviz.student.WindowWarning")},
    **{name: "an enumeration" for name in (
        "negaviz.EventKind", "negaviz.search.Stopped", "negaviz.search.Bound", "negaviz.search.CutReason",
        "negaviz.trace.Status", "negaviz.trace.Ending", "negaviz.student.DivergenceKind")},
    "negaviz.Game": "a Protocol: games are the user's own classes",
    "negaviz.Observer": "no arguments: its hooks are the search's hot path, where nothing is checked",
    "negaviz.search.endgame.Progress": "a type alias",
    "negaviz.vocabulary.Perspective": "a type alias",
    "negaviz.cli.main": "argv is checked by the command line's own parser (tests/test_bad_input.py)",
    "negaviz.render.default_node_style": "called by draw for every node: kept off the hot path",
    "negaviz.render.default_edge_style": "called by draw for every edge: kept off the hot path",
    "negaviz.analysis.steps.fmt": "the formatter called for every value shown: kept off the hot path",
    "negaviz.search.endgame.horizon_example": "takes no arguments",
    "negaviz.nbval_sanitize_path": "takes no arguments",
    "negaviz.course.rules.Finding": "a value negaviz builds and returns (a cell's problems)",
    "negaviz.student.mistakes.Mistake": "a value negaviz defines (an entry of the catalogue of mistakes)",
    "negaviz.student.battery.BatteryReport": "a value negaviz builds and returns (check on a battery)",
    "negaviz.student.chance.ChanceReport": "a value negaviz builds and returns (check on a chance battery)",
    **{name: "a value negaviz builds and returns (a Monte Carlo search and its recording)" for name in (
        "negaviz.search.mcts.MctsResult", "negaviz.trace.mcts.MctsTrace")},
    "negaviz.quiz.Attempt": "a value negaviz builds and returns (Attempt.load reads a record; walked as load)",
    **{name: "a value negaviz builds and returns (what two searches differ in)" for name in (
        "negaviz.analysis.diff.Diff", "negaviz.analysis.diff.TreeChange")},
}


def _public() -> dict[str, Any]:
    names = [m.name for m in pkgutil.walk_packages(negaviz.__path__, "negaviz.") if not m.name.endswith("__main__")]
    found: dict[str, Any] = {}
    seen: set[int] = set()
    for module in [negaviz] + [importlib.import_module(n) for n in sorted(names)]:
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if callable(obj) and id(obj) not in seen and not isinstance(obj, str):
                seen.add(id(obj))
                found[f"{module.__name__}.{name}"] = obj
    return found


PUBLIC = _public()


class F:
    """What valid calls are made of, built once."""

    def __init__(self, tmp: Path) -> None:
        from negaviz.render import draw
        from negaviz.render.flipbook import flipbook

        self.tmp = tmp
        self.tree = negaviz.Tree.parse("[[7,5],[3,1,9]]")
        self.trace = negaviz.record(self.tree, algorithm="alphabeta")
        self.other = negaviz.record(self.tree, algorithm="negamax")
        from negaviz.trace.mcts import record_mcts

        self.mcts = record_mcts(self.tree, iterations=30, seed=0)
        self.drawing = draw(self.trace)
        self.pages = flipbook(self.trace, "0-1")
        self.notebook = tmp / "n.ipynb"
        self.notebook.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')


def _calls(f: F) -> dict[str, dict[str, Any]]:
    """A valid call of each walked name: its keyword arguments (all of them passed by name)."""
    from negaviz.analysis import DEFAULT_STEPS, Step, node_types
    from negaviz.analysis.ladder import climb
    from negaviz.frontend import Scene
    from negaviz.render.plots import plot_nodes_per_depth

    from negaviz.export.sheet import make_sheet

    from negaviz.analysis.mcts import convergence
    from negaviz.trace.mcts import state_at

    scene = Scene(f.trace)
    game = negaviz.TicTacToe("xo.xo..../")
    sheet = make_sheet(1, 2, 2, seed=1)
    from negaviz.quiz import grade_attempts
    from negaviz.quiz.answers import write_answers

    write_answers(f.tmp / "a.json", "w1", "A(B:1 C:2)", values={"A": 2})  # a record to grade

    def student(game: Any, pos: Any, alpha: float, beta: float) -> float:
        return 0.0

    return {
        "negaviz.search": dict(game=f.tree, position=None, options=None, observer=None),
        "negaviz.record": dict(game=f.tree, position=None, options=None, progress=None),
        "negaviz.SearchOptions": dict(),
        "negaviz.conventions.Conventions": dict(name="mine", title="my course", cut=">", hardness="soft",
                                                view="minimax", depth="round", root_move="first", source=""),
        "negaviz.conventions.conventions": dict(which="cs188"),
        "negaviz.conventions.use": dict(which=None),
        "negaviz.load": dict(path=f.tmp / "t.json"),
        "negaviz.loads": dict(text=negaviz.trace.dumps(f.trace)),
        "negaviz.save": dict(obj=f.trace, path=f.tmp / "t.json"),
        "negaviz.Tree": dict(labels=["A", "B"], children=[[1], []], values=[None, 1]),
        "negaviz.TicTacToe": dict(position=None),
        "negaviz.Othello": dict(size=4, position=None),
        "negaviz.ConnectFour": dict(cols=4, rows=4, position=None, connect=3),
        "negaviz.MutableGame": dict(obj=object(), key=None, evaluate=None, max_score=None, label=None),
        "negaviz.from_aima": dict(game=object(), state=None, key=None, label=None, evaluate=None, max_score=None),
        "negaviz.from_easyai": dict(game=object(), key=None, label=None, max_score=None),
        "negaviz.analysis.nodes_per_depth": dict(trace=f.trace),
        "negaviz.analysis.leaves_per_depth": dict(trace=f.trace),
        "negaviz.analysis.cutoffs_per_depth": dict(trace=f.trace),
        "negaviz.analysis.tt_hits_per_depth": dict(trace=f.trace),
        "negaviz.analysis.effective_branching_factor": dict(trace=f.trace),
        "negaviz.analysis.branching_ratios": dict(trace=f.trace),
        "negaviz.analysis.summary": dict(trace=f.trace),
        "negaviz.analysis.compare": dict(traces={"a": f.trace, "b": f.other}),
        "negaviz.analysis.node_types": dict(trace=f.trace),
        "negaviz.analysis.observed_types": dict(trace=f.trace),
        "negaviz.analysis.with_node_types": dict(style=lambda v: {}, types=node_types(f.trace), observed=None),
        "negaviz.analysis.minimal_leaf_count": dict(b=2, d=2),
        "negaviz.analysis.full_tree": dict(game=f.tree, position=None, depth=None, max_nodes=1000),
        "negaviz.analysis.minimal_tree": dict(full=f.other, max_score=None),
        "negaviz.analysis.compare_with_minimal": dict(trace=f.trace, game=None),
        "negaviz.analysis.ladder": dict(game=f.tree, position=None, steps=DEFAULT_STEPS[:2]),
        "negaviz.analysis.climb": dict(game=f.tree, position=None, steps=DEFAULT_STEPS[:2]),
        "negaviz.analysis.Step": dict(name="x", options={}, needs=(), cumulative=True, fallback=None),
        "negaviz.analysis.ladder.tabulate": dict(rungs=climb(f.tree, None, DEFAULT_STEPS[:2])),
        "negaviz.analysis.nodetypes.type_counts": dict(types=node_types(f.trace)),
        "negaviz.analysis.steps.Stepper": dict(trace=f.trace, perspective="negamax"),
        "negaviz.export.export_html": dict(trace=f.trace, path=f.tmp / "p.html", perspective="negamax",
                                           windows=False, max_nodes=400, title=None, preview=False),
        "negaviz.fileio.read_file": dict(path=f.notebook, what="a notebook", limit=1 << 20),
        "negaviz.fileio.atomic_write": dict(path=f.tmp / "w.bin", data=b"x"),
        "negaviz.frontend.Scene": dict(trace=f.trace, max_nodes=400, title="", only=frozenset(), interval=600),
        "negaviz.frontend.page_html": dict(scenes=[scene], title="negaviz", about="", step=0,
                                           perspective="negamax", windows=False, preview=False),
        "negaviz.frontend.static_html": dict(page="<html></html>", height=820),
        "negaviz.games.make_game": dict(name="ttt", position=None, size=None, cols=None, rows=None, connect=None),
        "negaviz.progress.wanted": dict(quiet=False, stream=io.StringIO()),
        "negaviz.quiz.questions": dict(trace=f.trace, kinds=None, steps=None, limit=None, perspective="negamax"),
        "negaviz.quiz.grade": dict(trace=f.trace, values=None, windows=None, cut=None, next_nodes=None,
                                   perspective="negamax"),
        "negaviz.quiz.grading.answer_key": dict(trace=f.trace, perspective="negamax", mistakes=True),
        "negaviz.quiz.practice.practice_data": dict(trace=f.trace, mode="tree"),
        "negaviz.quiz.random_tree": dict(depth=2, branching=2, seed=1, values=(-9, 9), exact_branching=True),
        "negaviz.quiz.exercise": dict(depth=2, branching=2, seed=1, algorithm="alphabeta", perspective="negamax",
                                      values=(-9, 9), exact_branching=True),
        "negaviz.quiz.difficulty.possible": dict(depth=2, branching=2),
        "negaviz.quiz.difficulty.limits": dict(depth=2, branching=2),
        "negaviz.export.sheet.make_sheet": dict(count=1, depth=2, branching=2, seed=1, cutoffs=None, deep_cutoffs=None,
                                                ties=False, student=None, perspective="minimax"),
        "negaviz.export.sheet.exercise_html": dict(exercise=sheet.exercises[0], number=1),
        "negaviz.export.sheet.sheet_html": dict(sheet=sheet, title=None),
        "negaviz.export.sheet.key_markdown": dict(sheet=sheet),
        "negaviz.export.sheet.trees_pdf": dict(sheet=sheet),
        "negaviz.render.draw": dict(trace=f.trace, step=None, perspective="negamax", windows=False, dag=False,
                                    max_nodes=400, legend=True, preview=False),
        "negaviz.display.picture": dict(drawing=f.trace),
        "negaviz.prove": dict(game=negaviz.TicTacToe("x.o/x../o.."), position=None, minimal=False),
        # the proof is positional (draw_proof(proofs)); the keywords are checked before it is read
        "negaviz.render.draw_proof": dict(max_nodes=400, node_style=lambda v: {}, edge_style=lambda v: {}),
        "negaviz.render.to_svg": dict(digraph=f.drawing),
        "negaviz.render.render": dict(digraph=f.drawing, fmt="svg"),
        "negaviz.render.save": dict(digraph=f.drawing, path=f.tmp / "d.svg"),
        "negaviz.render.flipbook.flipbook": dict(trace=f.trace, steps="0-2", perspective="negamax", windows=False,
                                                 max_nodes=400, preview=False, legend=True),
        "negaviz.render.flipbook.save_pdf": dict(pages=f.pages, path=f.tmp / "f.pdf"),
        "negaviz.render.flipbook.save_pages": dict(pages=f.pages, folder=f.tmp / "pages", fmt="svg", force=True),
        "negaviz.render.plots.plot_nodes_per_depth": dict(traces=f.trace, log=False, title=None),
        "negaviz.render.plots.plot_cutoffs_per_depth": dict(traces=f.trace, log=False, title=None),
        "negaviz.render.plots.plot_branching": dict(traces=f.trace, title=None),
        "negaviz.render.plots.plot_comparison": dict(traces={"a": f.trace, "b": f.other}, metric="nodes", log=False,
                                                     title=None),
        "negaviz.render.plots.plot_ladder": dict(table=negaviz.analysis.ladder(f.tree, None, DEFAULT_STEPS[:2]),
                                                 title=None),
        "negaviz.render.plots.save_figure": dict(fig=plot_nodes_per_depth(f.trace), path=f.tmp / "fig.svg"),
        "negaviz.search.endgame.solve": dict(game=f.tree, position=None, options=None, progress=None),
        "negaviz.search.endgame.bar_callback": dict(widget=None),
        "negaviz.search.endgame.othello_endgame": dict(empties=4, seed=0, size=4),
        "negaviz.search.ordering.orderer": dict(game=f.tree, order="natural"),
        "negaviz.course.init.init_course": dict(folder=f.tmp / "course", notebooks=[f.notebook], force=False),
        "negaviz.course.rules.check_notebook": dict(path=f.notebook),
        "negaviz.site.build_site": dict(sources=[f.notebook], output=f.tmp / "no" / "site", force=False,
                                        pyodide=None, say=None),
        "negaviz.student.trace_calls": dict(game=game, position=0, alpha=None, beta=None, returns="value", key=None),
        "negaviz.student.capture": dict(fn=student, game=game, position=0, alpha=None, beta=None, returns="value",
                                        key=None),
        "negaviz.student.check": dict(student_trace=f.trace, algorithm=None),
        "negaviz.student.battery.Case": dict(game=f.tree, root=None, depth=None, name="", hidden=False),
        "negaviz.trace.Recorder": dict(progress=None),
        "negaviz.trace.Replay": dict(trace=f.trace, every=None),
        "negaviz.trace.save": dict(trace=f.trace, path=f.tmp / "t2.json"),
        "negaviz.trace.dumps": dict(trace=f.trace),
        "negaviz.widgets.StepperWidget": dict(trace=f.trace, perspective="negamax", windows=False, max_nodes=400,
                                              step=0, quiz=False, play_interval=600, title="", preview=False),
        "negaviz.widgets.CompareWidget": dict(trace_a=f.trace, trace_b=f.other, titles=("A", "B"),
                                              perspective="negamax", windows=False, max_nodes=400,
                                              play_interval=900),
        "negaviz.widgets.PlayWidget": dict(game=negaviz.TicTacToe(), human=None, depth=None, options=None,
                                           max_nodes_drawn=150),
        "negaviz.display.drawing.DrawingView": dict(source="digraph { a }", label=""),
        "negaviz.share": dict(trace_or_tree=f.trace, site="https://example.edu/cs440/"),
        "negaviz.site.share.shared_code": dict(link="https://example.edu/repl/index.html?code=import+negaviz"),
        "negaviz.widgets.TreeEditor": dict(trace=f.trace, perspective="negamax", windows=False, max_nodes=400, step=0,
                                           title="", preview=False, presenter=False),
        "negaviz.widgets.editing.EditSession": dict(trace=f.trace),
        "negaviz.widgets.editing.kept_step": dict(old=f.trace, new=f.trace, step=3),
        "negaviz.analysis.diff.diff": dict(trace_a=f.trace, trace_b=f.other),
        "negaviz.games.dice.DiceRace": dict(position="2 2 3"),
        "negaviz.search.mcts.MctsOptions": dict(algorithm="uct", c=1.4, iterations=20, max_nodes=None, seconds=None,
                                                seed=0, max_playout=100),
        "negaviz.search.mcts.mcts": dict(game=f.tree, position=None, observer=None, options=None),
        "negaviz.trace.mcts.record_mcts": dict(game=f.tree, position=None, options=None),
        "negaviz.trace.mcts.state_at": dict(trace=f.mcts, step=3),
        "negaviz.trace.mcts.phases": dict(trace=f.mcts, iteration=2),
        "negaviz.trace.mcts.ucb_table": dict(trace=f.mcts, state=state_at(f.mcts, 10), nid=0),
        "negaviz.analysis.mcts.convergence": dict(trace=f.mcts, proven=f.trace),
        "negaviz.analysis.mcts.proven_share": dict(runs=[convergence(f.mcts, f.trace)]),
        "negaviz.render.mcts_plot.plot_convergence": dict(runs=convergence(f.mcts, f.trace), log=False, title=None),
        "negaviz.render.mcts_tree.draw_mcts": dict(trace=f.mcts, step=None, max_nodes=60, ucb=True),
        "negaviz.analysis.diff.tree_change": dict(old=f.trace, new=f.other),
        "negaviz.games.edit.set_value": dict(tree=f.tree, name="D", text="4"),
        "negaviz.games.edit.add_child": dict(tree=f.tree, name="D"),
        "negaviz.games.edit.remove": dict(tree=f.tree, name="D"),
        "negaviz.games.edit.move": dict(tree=f.tree, name="D", by=1),
        "negaviz.quiz.answers.write_answers": dict(path=f.tmp / "a.json", exercise_id="w1", tree="A(B:1 C:2)",
                                                  values={"A": 2}, windows=None, cut=(), perspective="minimax",
                                                  algorithm="alphabeta", student=None),
        "negaviz.quiz.grade_attempts": dict(paths=[f.tmp / "a.json"], key_salt=None, expect=None),
        "negaviz.quiz.grade_file": dict(path=f.tmp / "a.json", expect={"w1": "A(B:1 C:2)"}, key_salt=None, points=None),
        "negaviz.quiz.report.class_report": dict(book=grade_attempts([f.tmp / "a.json"])),
        "negaviz.export.graded.graded_sheet_html": dict(count=1, depth=2, branching=2, sheet="w3", student="s1",
                                                        key_salt="a course salt of 16+", cutoffs=None, deep_cutoffs=None,
                                                        ties=False, perspective="minimax", title=None, file=None),
    }


class _Tree:
    """Not a trace (a wrong value for a trace argument)."""


def wrong_values(annotation: str) -> list[Any]:
    """Values of the wrong type for an argument annotated ``annotation`` (a string)."""
    a = annotation.replace(" ", "")
    optional = a.endswith("|None") or a.startswith("None|")
    a = a.removesuffix("|None")
    values: list[Any]
    if a == "bool":
        values = ["yes", "False", 1]
    elif a in ("int",):
        values = ["3", 2.5, True]
    elif a in ("float", "Number"):
        values = ["x", [1]]
    elif a == "str":
        values = [5, b"bytes"]
    elif a == "Perspective":
        values = ["max", 5]
    elif a in ("Trace",):
        values = [_Tree(), "trace"]
    elif a.startswith(("Sequence", "Iterable")):
        values = [5]
    elif "PathLike" in a or a in ("Path", "str|Path"):
        values = [5, ["a"]]
    elif "Callable" in a or a.endswith("Style") or a == "Progress":
        values = [5, "print"]
    elif a.startswith(("Sequence", "Iterable", "Mapping", "tuple", "list", "dict", "frozenset")):
        values = [5]
    elif a == "bytes":
        values = [5, "text"]
    elif a in ("Algorithm", "Order", "Replacement", "Layout", "GameName", "TaughtAlgorithm", "Metric", "Returns"):
        values = ["nonsense", 5]  # one of a few words
    elif a in ("str|bytes", "str|range"):
        values = [5, 2.5]
    elif a in ("Traces", "Table", "Figure", "graphviz.Digraph", "SearchOptions"):
        values = [5, "text"]
    else:
        values = []  # Any, a game, a position: anything may be one
    return values + ([] if optional or not values else [None])


def _cases() -> Iterator[tuple[str, str, Any]]:
    for qualified, obj in sorted(PUBLIC.items()):
        if qualified in SKIPPED:
            continue
        target = obj.__init__ if inspect.isclass(obj) else obj
        for param in inspect.signature(target).parameters.values():
            if param.name == "self" or param.kind in (param.VAR_KEYWORD, param.VAR_POSITIONAL):
                continue
            annotation = param.annotation if isinstance(param.annotation, str) else getattr(
                param.annotation, "__name__", str(param.annotation))
            for value in wrong_values(annotation):
                yield qualified, param.name, value


CASES = list(_cases())


def test_every_public_callable_is_walked(tmp_path: Path) -> None:
    calls = _calls(F(tmp_path))
    unknown = sorted(set(PUBLIC) - set(calls) - set(SKIPPED))
    assert unknown == [], "add a valid call to _calls, or a reason to SKIPPED"
    assert sorted(set(calls) - set(PUBLIC)) == []


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[F, dict[str, dict[str, Any]]]:
    f = F(tmp_path_factory.mktemp("api"))
    negaviz.save(f.trace, f.tmp / "t.json")
    return f, _calls(f)


def _short(value: Any) -> str:
    return f"{type(value).__name__}:{value!r}"[:24]


@pytest.mark.parametrize("qualified, argument, value", CASES,
                         ids=[f"{q.removeprefix('negaviz.')}-{a}-{_short(v)}" for q, a, v in CASES])
def test_a_wrong_argument_is_an_input_error_naming_it(
    made: tuple[F, dict[str, dict[str, Any]]], qualified: str, argument: str, value: Any,
) -> None:
    f, calls = made
    kwargs = {**calls[qualified], argument: value}
    if qualified == "negaviz.render.plots.save_figure":
        pytest.importorskip("matplotlib")
    with pytest.raises(InputError) as caught:
        PUBLIC[qualified](**kwargs)
    assert argument in str(caught.value), str(caught.value)
