"""Re-execute the lecture notebooks from their jupytext sources and save them deterministically.

Every lecture notebook is a pair in ``notebooks/``: ``NN-name.py`` in jupytext's percent
format (``# %%`` cells, ``# %% [markdown]`` for prose), the source lecturers edit and
review, and ``NN-name.ipynb``, the same cells with their stored outputs
(``notebooks/jupytext.toml`` pairs them, so JupyterLab keeps the two in sync).  This
script does what jupytext and nbclient do not do on their own:

* read the ``.py`` with jupytext and number its cells ``c01``, ``c02``, ...;
* execute it top to bottom in a fresh ``python3`` kernel with nbclient (working
  directory ``notebooks/``, as in JupyterLab);
* clean it: no execution timestamps, neighbouring chunks of one stream joined;
* replace the random ids of widget models (in widget outputs) by ids derived from the
  notebook's name and the widgets' place in it, then drop the saved widget state and the
  views of widgets that have an HTML form (a view without its state could only say
  "model not found"; the steppers' HTML form shows a still picture, or steps, instead);

then writes the ``.ipynb``.  The same sources and package give byte-identical notebooks.

    python tools/build_notebooks.py                  # every notebook (make notebooks)
    python tools/build_notebooks.py 03 05-transposition-tables
    python tools/build_notebooks.py --check          # is every pair in sync? runs nothing
    python tools/build_notebooks.py --course         # the starter lecture `negaviz init` writes

Names may be given as ``03``, ``03-alphabeta``, ``03-alphabeta.py`` or
``03-alphabeta.ipynb``.  ``--check`` compares the cells (type and source) of each
``.py`` with its ``.ipynb`` and reports a notebook with only one half of its pair.
Everything a cell prints must be deterministic (no timings, no unseeded randomness, no
memory addresses); see ``notebooks/README.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import uuid
from pathlib import Path
from typing import Any

import jupytext  # type: ignore[import-untyped]  # no type hints shipped
import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
COURSE = ROOT / "negaviz" / "course" / "template" / "notebooks"
"""The starter lecture that ``negaviz init`` copies into a new course, stored executed
(package data) so that init needs no kernel and no dot: the same build makes it."""
LECTURE = "[0-9][0-9]-*"  # lecture notebooks are named NN-name; conftest.py and the rest are not
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
TIMEOUT = 600  # seconds per cell: generous, the whole sequence runs in well under two minutes
CONVENTIONS = "NEGAVIZ_CONVENTIONS"
"""The environment variable naming a course's conventions, set for each build's kernel."""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MODEL_ID = re.compile(r"[0-9a-f]{32}")
WIDGET_NAMESPACE = uuid.UUID("6f1d2a4e-5b1c-4c8e-9d7a-0e4b3c2a1f00")


def names(folder: Path = NOTEBOOKS) -> list[str]:
    """The lecture notebooks, by their sources: ``00-index``, ``01-negamax``, ..."""
    return sorted(p.stem for p in folder.glob(f"{LECTURE}.py"))


def make(name: str, folder: Path = NOTEBOOKS) -> nbformat.NotebookNode:
    """The notebook ``name`` read from its ``.py``, with fixed cell ids, not executed."""
    nb = jupytext.read(folder / f"{name}.py", fmt="py:percent")
    # Cell ids from the text are random (the .py does not store them): number them instead.
    for i, cell in enumerate(nb.cells, 1):
        cell.id = f"c{i:02d}"
    nb.metadata = nbformat.NotebookNode(kernelspec=dict(KERNEL))  # the jupytext header stays in the .py
    nb.nbformat, nb.nbformat_minor = 4, 5
    return nb


def execute(nb: nbformat.NotebookNode, folder: Path = NOTEBOOKS) -> nbformat.NotebookNode:
    """Run every cell in a fresh kernel, in ``folder``, keeping the outputs."""
    from nbclient import NotebookClient

    client = NotebookClient(
        nb,
        kernel_name=KERNEL["name"],
        timeout=TIMEOUT,
        record_timing=False,  # no timestamps in cell metadata
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute()
    return nb


def _refs(value: Any) -> list[str]:
    """Model ids referred to ("IPY_MODEL_<id>") inside a widget's state, in key order."""
    return re.findall(r"IPY_MODEL_([0-9a-f]{32})", json.dumps(value, sort_keys=True))


def stable_widget_ids(nb: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """Replace the random widget model ids by ids made from the notebook's name and
    each model's place: widgets shown by cells first (in cell order, each followed by
    the models it refers to), then the rest (links and hidden parts) by content."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    order: list[str] = []

    def visit(model: str) -> None:
        if model in state and model not in order:
            order.append(model)
            for ref in _refs(state[model]):
                visit(ref)

    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view:
                visit(view["model_id"])
    while len(order) < len(state):
        rest = [m for m in state if m not in order]
        referred = {ref for m in rest for ref in _refs(state[m])}
        roots = [m for m in rest if m not in referred] or rest

        def content(model: str) -> str:
            text = json.dumps(state[model], sort_keys=True)
            for i, known in enumerate(order):
                text = text.replace(known, f"#{i}")
            return MODEL_ID.sub("?", text)

        visit(min(roots, key=content))
    new = {old: uuid.uuid5(WIDGET_NAMESPACE, f"{name}/{i}").hex for i, old in enumerate(order)}
    text = json.dumps(nb)
    for old, replacement in new.items():
        text = text.replace(old, replacement)
    return nbformat.from_dict(json.loads(text))


def still_widgets(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop the widget view from every output that has an HTML form beside it (a stepper's:
    its still and its stepping page).  The widget's state is not saved (see :func:`build`),
    so the view could only say "Error displaying widget: model not found"; without it the
    notebook shows the HTML form, trusted or not, until the cell runs again.  (nbval does
    not compare widget views.)"""
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and "text/html" in data:
                del data[WIDGET_VIEW]
    return nb


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop what changes from run to run and says nothing about the notebook."""
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        merged: list[Any] = []
        for output in cell.get("outputs", []):
            # A long cell's prints arrive in several chunks, split wherever the kernel
            # happened to flush: join neighbouring chunks of one stream (nbval does too).
            last = merged[-1] if merged else None
            if (output.output_type == "stream" and last is not None and last.output_type == "stream"
                    and last.name == output.name):
                last.text += output.text
            else:
                merged.append(output)
        if cell.cell_type == "code":
            cell.outputs = merged
    return nb


def build(name: str, folder: Path = NOTEBOOKS, out: Path | None = None, conventions: str = "notes") -> Path:
    """Execute ``folder/name.py`` under a course's ``conventions`` (:mod:`negaviz.conventions`:
    the kernel is started with ``NEGAVIZ_CONVENTIONS`` set, so nothing of this machine's own
    setting leaks in) and save it as ``name.ipynb`` in ``out`` (default: ``folder``), or as
    ``name.CONVENTIONS.ipynb`` for conventions other than the lecture notes'."""
    path = (out or folder) / (f"{name}.ipynb" if conventions == "notes" else f"{name}.{conventions}.ipynb")
    before = os.environ.get(CONVENTIONS)
    os.environ[CONVENTIONS] = conventions  # the kernel inherits the environment
    try:
        nb = execute(make(name, folder), folder)
    finally:
        if before is None:
            os.environ.pop(CONVENTIONS, None)
        else:
            os.environ[CONVENTIONS] = before
    nb = stable_widget_ids(clean(nb), name)
    # No saved widget state: with it, `jupyter nbconvert --to html` would show the widget
    # views, which need a CDN, instead of the steppers' self-contained HTML form.
    nb.metadata.pop("widgets", None)
    nb = still_widgets(nb)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return path


def build_course(name: str) -> list[Path]:
    """The starter lecture under every preset's conventions: ``name.ipynb`` (the lecture
    notes'), and ``name.PRESET.ipynb`` for each preset whose outputs differ from it (a
    course made with ``negaviz init --conventions PRESET`` gets that one, so its CI's
    nbval passes under its own conventions); a variant that no longer differs is removed."""
    from negaviz.conventions import PRESETS

    made = [build(name, COURSE)]
    plain = made[0].read_bytes()
    for preset in PRESETS:
        if preset == "notes":
            continue
        variant = build(name, COURSE, conventions=preset)
        if variant.read_bytes() == plain:
            variant.unlink()
        else:
            made.append(variant)
    return made


def check(folder: Path = NOTEBOOKS) -> list[str]:
    """Pairs out of sync: a half missing, or cells (type and source) that differ."""
    problems = []
    sources = set(names(folder))
    saved = {p.stem for p in folder.glob(f"{LECTURE}.ipynb") if "." not in p.stem}  # not a preset's variant
    where = folder.relative_to(ROOT).as_posix()
    again = "tools/build_notebooks.py" + (" --course" if folder == COURSE else "")
    for name in sorted(saved - sources):
        problems.append(f"{where}/{name}.ipynb has no {where}/{name}.py: run jupytext --sync {where}/{name}.ipynb")
    for name in sorted(sources - saved):
        problems.append(f"{where}/{name}.py has no {where}/{name}.ipynb: run python {again} {name}")
    for name in sorted(sources & saved):
        want = [(c.cell_type, c.source) for c in jupytext.read(folder / f"{name}.py", fmt="py:percent").cells]
        have = [(c.cell_type, c.source) for c in nbformat.read(folder / f"{name}.ipynb", as_version=4).cells]
        if want != have:
            first = next((i for i, (a, b) in enumerate(zip(want, have)) if a != b), min(len(want), len(have)))
            problems.append(
                f"{where}/{name}.ipynb and {where}/{name}.py differ from cell {first + 1} on "
                f"({len(have)} cells in the .ipynb, {len(want)} in the .py): run python {again} {name}"
            )
    return problems


def resolve(arg: str, folder: Path = NOTEBOOKS) -> str:
    stem = Path(arg).name.removesuffix(".ipynb").removesuffix(".py")
    known = names(folder)
    matches = [n for n in known if n == stem or n.startswith(stem + "-") or n.split("-")[0] == stem]
    if len(matches) != 1:
        raise SystemExit(f"unknown notebook {arg!r} (one of: {', '.join(known)})")
    return matches[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="notebooks to build (default: all), e.g. 03 or 03-alphabeta")
    parser.add_argument("--check", action="store_true", help="check that every .py/.ipynb pair is in sync; run nothing")
    parser.add_argument("--course", action="store_true",
                        help=f"the starter lecture of `negaviz init` ({COURSE.relative_to(ROOT).as_posix()}/) instead")
    args = parser.parse_args(argv)
    folder = COURSE if args.course else NOTEBOOKS
    where = folder.relative_to(ROOT).as_posix()
    if args.check:
        problems = check(folder)
        for p in problems:
            print(p, file=sys.stderr)
        if not problems:
            print(f"{len(names(folder))} notebook pairs (.py and .ipynb) in sync")
        return 1 if problems else 0
    for name in [resolve(a, folder) for a in args.names] or names(folder):
        print(f"building {where}/{name}.ipynb from {where}/{name}.py", flush=True)
        if folder == COURSE:
            build_course(name)
        else:
            build(name, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
