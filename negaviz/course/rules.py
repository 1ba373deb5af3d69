"""What makes a notebook cell break strict nbval, found by reading the notebook (nothing runs).

nbval runs every cell again and compares its outputs with the stored ones, so a cell must
show the same thing every run, on every machine.  Each rule here reads one cell (its
source, and its stored outputs where it has them) and says, in one sentence, what will
differ and what to do instead:

* ``unseeded-random``: random numbers drawn with no seed (``random.randint``,
  ``random.Random()``, ``np.random.rand``), where a seed of ``None`` or none at all
  (``random.seed()``, ``random.Random(None)``, ``default_rng(seed=None)``) is no seed:
  another tree every run;
* ``printed-time``: a clock read or timed (``time.perf_counter()``, ``%timeit``,
  ``datetime.now()``, a search's ``.seconds``), or a stored output holding a timestamp;
* ``widget-without-static-form``: a widget whose stored output has no HTML form (nbval
  compares only its text, and a saved or converted notebook shows nothing), or
  ``interact``, which makes one;
* ``older-negaviz-output``: a stored drawing or stepper saved by a negaviz older than the
  forms that show in an untrusted notebook (:mod:`negaviz.display.still`): it opens, but
  shows no picture until the notebook runs again;
* ``output-widget``: ``Output()`` widgets, whose displays leak into the cell's outputs
  under nbval;
* ``ignore-marker``: ``# NBVAL_IGNORE_OUTPUT`` with anything else on its line (nbval only
  recognises the marker alone).

A cell whose output nbval does not compare (``# NBVAL_IGNORE_OUTPUT`` or ``# NBVAL_SKIP``
alone on a line, or the tags ``nbval-ignore-output`` and ``nbval-skip``) may time and draw
at random: only the last two rules apply to it.

:func:`check_notebook` gives one :class:`Finding` per cell with a problem;
``negaviz check-notebooks PATH...`` prints each as one line.  negaviz's own lecture
notebooks are held to the same rules (``tests/notebooks/test_notebook_hygiene.py``).

>>> cell = {"cell_type": "code", "id": "c01", "source": "import random\\nrandom.randint(1, 9)", "outputs": []}
>>> [f.rules for f in findings([cell])]
[('unseeded-random',)]
>>> cell["source"] = "import random\\nrandom.seed(4)\\nrandom.randint(1, 9)"
>>> findings([cell])
[]
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from negaviz.errors import InputError

__all__ = ["Finding", "check_notebook"]

SKIP_MARKERS = ("NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP", "PYTEST_VALIDATE_IGNORE_OUTPUT")
"""nbval's cell markers that leave a cell's output unchecked."""
MARKERS = (*SKIP_MARKERS, "NBVAL_RAISES_EXCEPTION", "NBVAL_CHECK_OUTPUT")
"""Every nbval cell marker: a comment holding one alone on its line (``# NBVAL_SKIP``)."""
SKIP_TAGS = ("nbval-ignore-output", "nbval-skip")
"""nbval's cell tags that leave a cell's output unchecked."""
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")
"""An ISO date and time, as a clock or a file's modification time prints it."""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
OLDER = "older-negaviz-output"
"""The rule a stored drawing or stepper saved by an older negaviz breaks."""

_RANDOM_DRAWS = frozenset({
    "random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "gauss",
    "normalvariate", "triangular", "betavariate", "expovariate", "getrandbits", "randbytes",
})
"""The functions of Python's ``random`` module that draw from its hidden generator."""
_NUMPY_DRAWS = frozenset({
    "rand", "randn", "randint", "random", "random_sample", "random_integers", "choice", "shuffle", "permutation",
    "uniform", "normal", "integers",
})
_CLOCKS = {
    "time.time": "time.time()", "time.perf_counter": "time.perf_counter()", "time.monotonic": "time.monotonic()",
    "time.process_time": "time.process_time()", "time.time_ns": "time.time_ns()",
    "time.perf_counter_ns": "time.perf_counter_ns()", "time.ctime": "time.ctime()",
    "time.localtime": "time.localtime()", "time.strftime": "time.strftime()",
    "datetime.now": "datetime.now()", "datetime.today": "datetime.today()", "date.today": "date.today()",
    "datetime.utcnow": "datetime.utcnow()",
}
_TIMING_MAGICS = re.compile(r"^\s*%{1,2}(time|timeit|prun)\b", re.M)
_TIMING_OUTPUT = re.compile(r"^(Wall time|CPU times): |\bper loop \(mean ± std\. dev\. of", re.M)


@dataclass(frozen=True)
class Finding:
    """The problems of one cell, as ``negaviz check-notebooks`` prints them."""

    cell: int
    """The cell's number in the notebook, from 1 (markdown cells counted)."""
    cell_id: str | None
    """The cell's id, if the notebook gives cells ids."""
    rules: tuple[str, ...]
    """Which rules the cell breaks (``unseeded-random``, ``printed-time``, ...)."""
    messages: tuple[str, ...]
    """One sentence per rule: what differs from run to run, and what to do instead."""

    def line(self, where: str) -> str:
        """One line naming the notebook ``where``, the cell and everything wrong with it."""
        named = f"cell {self.cell}" + (f" ({self.cell_id})" if self.cell_id else "")
        return f"{where}: {named}: {'; '.join(self.messages)}"


def text(value: Any) -> str:
    """A notebook string field, stored as one string or as a list of lines."""
    if isinstance(value, str):
        return value
    return "".join(map(str, value)) if isinstance(value, list) else ""


def check_notebook(path: str | Path) -> list[Finding]:
    """The findings of the notebook at ``path`` (a ``.ipynb``, read as JSON; nothing runs).

    Raises InputError if ``path`` is not a readable Jupyter notebook."""
    from negaviz.site.notebooks import check_notebook as read_notebook  # the site's reader: the same limits
    from negaviz.vocabulary import check_path

    cells = read_notebook(Path(check_path(path)))["cells"]
    try:
        return findings(cells)
    except InputError as exc:
        raise InputError(f"notebook {str(path)!r}: {exc}") from None


def findings(cells: Iterable[dict[str, Any]]) -> list[Finding]:
    """One :class:`Finding` per cell that breaks a rule, in cell order.

    A seed set in a cell (``random.seed(N)``, ``np.random.seed(N)``) holds for the cells
    after it, as it does when the notebook runs top to bottom."""
    out: list[Finding] = []
    seeded: set[str] = set()
    for number, cell in enumerate(cells, 1):
        if not isinstance(cell, dict):
            raise InputError(f"cell {number} is not a notebook cell (a JSON object), but {type(cell).__name__}")
        if cell.get("cell_type") != "code":
            continue
        source = text(cell.get("source", ""))
        metadata = cell.get("metadata")
        tags = metadata.get("tags") if isinstance(metadata, dict) else None
        tags = [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []
        unchecked = any(t in SKIP_TAGS for t in tags) or any(
            line.strip().startswith("#") and line.strip().lstrip("#").strip() in SKIP_MARKERS for line in source.splitlines()
        )
        outputs = cell.get("outputs")
        found = list(_cell_problems(source, outputs if isinstance(outputs, list) else [], seeded, unchecked))
        if found:
            cell_id = cell.get("id") if isinstance(cell.get("id"), str) else None
            out.append(Finding(number, cell_id, tuple(r for r, _ in found), tuple(m for _, m in found)))
    return out


def _cell_problems(source: str, outputs: list[Any], seeded: set[str], unchecked: bool) -> Iterator[tuple[str, str]]:
    """(rule, message) for each rule the cell breaks; ``unchecked``: nbval does not
    compare its outputs (a marker or a tag says so), so only its form is checked."""
    calls = _calls(source)
    draws = list(_random_draws(calls, seeded))
    if draws and not unchecked:
        yield ("unseeded-random", f"draws random numbers with no seed ({draws[0]}): the tree or values differ every "
               "run; seed it first (random.seed(N), random.Random(N), negaviz.quiz.random_tree(..., seed=N))")
    clocks = [_CLOCKS[c.name] for c in calls if c.name in _CLOCKS]
    clocks += [c.name for c in calls if c.name.endswith(".seconds")]  # a search's time, as SearchResult keeps it
    magic = _TIMING_MAGICS.search(source)
    if magic:
        clocks.insert(0, magic.group(0).strip())
    stamp = next((m.group(0) for m in map(TIMESTAMP.search, _output_texts(outputs)) if m), None)
    timing = next((m.group(0).strip(": (") for m in map(_TIMING_OUTPUT.search, _output_texts(outputs)) if m), None)
    if (clocks or stamp or timing) and not unchecked:
        what = clocks[0] if clocks else f"the output holds {stamp!r}" if stamp else f"the output holds {timing!r}"
        yield ("printed-time", f"shows a time ({what}), which differs every run; print counts (nodes, events) "
               "instead, or mark the cell '# NBVAL_IGNORE_OUTPUT' (alone on its line, after a comment saying why)")
    bare = [data for data in map(_data, outputs) if WIDGET_VIEW in data and "text/html" not in data]
    interact = any(c.name.split(".")[-1] in ("interact", "interactive", "interact_manual") for c in calls)
    if (bare or interact) and not unchecked:
        shown = text(bare[0].get("text/plain", "")) if bare else "interact"
        yield ("widget-without-static-form", f"shows a widget with no static form ({shown[:40] or 'a widget'}): "
               "nbval compares only its text, and a saved or converted notebook shows nothing; show a picture "
               "(negaviz.render.picture) or a negaviz widget, which carry one")
    if any(map(_older_negaviz, map(_data, outputs))):
        yield (OLDER, "was saved by an older negaviz: its stored picture does not show in an "
               "untrusted notebook; run the notebook again and save it")
    if any(c.name.split(".")[-1] == "Output" for c in calls):
        yield ("output-widget", "makes an Output widget: what it displays leaks into the cell's outputs under nbval; "
               "make a widget the last expression of its cell and change it through its state")
    for line in source.splitlines():
        marker = next((m for m in MARKERS if m in line), None)
        alone = line.strip().startswith("#") and line.strip().lstrip("#").strip() in MARKERS  # as nbval reads it
        if marker and not alone:
            yield ("ignore-marker", f"'{line.strip()[:60]}': nbval only recognises '# {marker}' alone on its line")
            break


@dataclass(frozen=True)
class _Call:
    name: str
    """The dotted name called or read (``random.randint``, ``np.random.rand``, ``result.seconds``)."""
    args: int
    """How many arguments it is called with (-1: an attribute read, not a call)."""
    seed: bool = False
    """It is given a seed: a first argument (or ``a=``, ``x=``, ``seed=``) that is not ``None``
    (``random.seed()``, ``random.seed(None)`` and ``random.Random(None)`` seed from the clock)."""


def _calls(source: str) -> list[_Call]:
    """Every call (and every ``.seconds`` read) in ``source``, by dotted name; names
    imported with ``from M import f`` are written ``M.f``.  IPython's magics and shell
    lines are left out; a cell that is not Python finds nothing."""
    python = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
    try:
        tree = ast.parse(python)
    except SyntaxError:
        return []
    imported: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    imported[alias.asname] = alias.name
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _dotted(node.func, imported)
            if name:
                out.append(_Call(name, len(node.args) + len(node.keywords), _seeded(node)))
        elif isinstance(node, ast.Attribute) and node.attr == "seconds" and isinstance(node.ctx, ast.Load):
            out.append(_Call((_dotted(node.value, imported) or "result") + ".seconds", -1))
    out.sort(key=lambda c: c.name)  # ast.walk's order is breadth-first: report the same one every time
    return out


def _seeded(call: ast.Call) -> bool:
    """Whether ``call`` passes a seed: its first argument, or a keyword ``a``, ``x`` or
    ``seed`` (the names random.seed, random.Random and numpy use), other than ``None``."""
    given = call.args[:1] + [k.value for k in call.keywords if k.arg in ("a", "x", "seed")]
    return any(not (isinstance(g, ast.Constant) and g.value is None) for g in given[:1])


def _dotted(node: ast.expr, imported: dict[str, str]) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(imported.get(node.id, node.id))
    name = ".".join(reversed(parts))
    return name.replace("datetime.datetime.", "datetime.").replace("datetime.date.", "date.")


_SEEDS = ("random.seed", "numpy.random.seed", "np.random.seed")
"""Calls that seed a module's hidden generator (with no seed, or ``None``: from the clock)."""
_GENERATORS = ("random.Random", "random.SystemRandom", "np.random.default_rng", "numpy.random.default_rng",
               "np.random.RandomState", "numpy.random.RandomState")
"""Calls that make a generator: unseeded without a seed (``SystemRandom`` cannot be seeded)."""


def _random_draws(calls: list[_Call], seeded: set[str]) -> Iterator[str]:
    """The unseeded draws among ``calls``; seeds set here are added to ``seeded``, and a
    seed from the clock (``random.seed()``, ``random.seed(None)``) is itself unseeded and
    undoes an earlier seed."""
    for call in calls:
        if call.name in _SEEDS:
            module = call.name.rsplit(".", 1)[0]
            if call.seed:
                seeded.add(module)
            else:
                seeded.discard(module)
                yield f"{call.name}(None)"  # seed() is seed(None): the clock
    for call in calls:
        module, _, function = call.name.rpartition(".")
        if module == "random" and function in _RANDOM_DRAWS and "random" not in seeded:
            yield call.name
        elif call.name in _GENERATORS and (not call.seed or function == "SystemRandom"):
            yield f"{call.name}()" if function == "SystemRandom" else f"{call.name}(None)"
        elif module in ("np.random", "numpy.random") and function in _NUMPY_DRAWS and module not in seeded:
            yield call.name


def _older_negaviz(data: dict[str, Any]) -> bool:
    """A negaviz drawing or stepper stored without the forms an untrusted notebook shows:
    an SVG with no image beside it, or a stepper's frame with no still."""
    from negaviz.display.still import PICTURE, STILL

    if not text(data.get("text/plain", "")).startswith("<negaviz"):
        return False
    shown = text(data.get("text/html", ""))
    if "image/svg+xml" in data:
        return PICTURE not in shown
    return "negaviz-static" in shown and STILL not in shown


def _data(output: Any) -> dict[str, Any]:
    """A stored output's data by MIME type ({} for a stream, an error or a malformed output)."""
    data = output.get("data") if isinstance(output, dict) else None
    return data if isinstance(data, dict) else {}


def _output_texts(outputs: list[Any]) -> Iterator[str]:
    """The text of each stored output: a stream's, or a result's plain text."""
    for output in outputs:
        if not isinstance(output, dict):
            continue
        if output.get("output_type") == "stream":
            yield text(output.get("text", ""))
        elif isinstance(output.get("data"), dict):
            yield text(output["data"].get("text/plain", ""))

