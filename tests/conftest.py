"""Shared test settings, a tic-tac-toe reference that shares no code with negaviz, a
probe of steppers in a browser, Graphviz 16 (under node) to lay out DOT with, and the
front-end's own tests under node, and this checkout built as an sdist and a wheel."""

from __future__ import annotations

import atexit
import json
import re
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Searches are fast but not uniformly so; a deadline would only make the suite flaky.
settings.register_profile("negaviz", deadline=None)
settings.load_profile("negaviz")


def _processes() -> Any:
    """``processes.py`` beside this file (``tests/`` is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("negaviz_test_processes", Path(__file__).with_name("processes.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


processes = _processes()


def _end_what_is_left() -> None:
    left = processes.owned()
    if left:
        processes.end(list(left))


atexit.register(_end_what_is_left)  # however the session ends, in this process (a worker's too)


@pytest.fixture(scope="session", autouse=True)
def no_server_left() -> Iterator[None]:
    """At the end of the session (each xdist worker's too), after every fixture that
    started a server has stopped it: no server or kernel a test started is still running.
    Any that is gets ended, and the session fails, naming it (``processes.py``)."""
    yield
    left = processes.owned()
    if left:
        processes.end(list(left))
        pytest.fail("servers or kernels a test started were still running at the end of the session (ended now):\n"
                    + "\n".join(f"  {pid}: {command[:160]}" for pid, command in sorted(left.items())), pytrace=False)


@pytest.hookimpl(trylast=True)  # after notebooks/conftest.py has marked the slow notebooks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files with browser tests first, then those with slow tests, then the rest,
    each file's tests together and in their order.  ``make test`` runs the suite on two
    workers (pytest-xdist, a file to a worker at a time): started on the long files, both
    end on the many short ones, instead of one working alone through a long file at the end."""
    rank: dict[str, int] = {}
    for item in items:
        here = 0 if item.get_closest_marker("browser") else 1 if item.get_closest_marker("slow") else 2
        file = item.nodeid.partition("::")[0]
        rank[file] = min(rank.get(file, 2), here)
    items.sort(key=lambda item: rank[item.nodeid.partition("::")[0]])  # a stable sort


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def has_line(cells: str, mark: str) -> bool:
    return any(all(cells[c] == mark for c in line) for line in LINES)


def to_move(cells: str) -> str:
    return "x" if cells.count("x") == cells.count("o") else "o"


def is_over(cells: str) -> bool:
    return has_line(cells, "x") or has_line(cells, "o") or "." not in cells


@dataclass(frozen=True)
class TicTacToeReference:
    """Every reachable position as 9 cells of x, o and '.', row by row."""

    values: dict[str, int]
    """Negamax value for the side to move (a terminal position: its score)."""
    terminal: frozenset[str]
    """The positions where the game is over."""

    @property
    def inner(self) -> list[str]:
        """Non-terminal positions, sorted so that samples are reproducible."""
        return sorted(p for p in self.values if p not in self.terminal)


@pytest.fixture(scope="session")
def ttt_reference() -> TicTacToeReference:
    """Plain string enumeration from the empty board, with a memoized negamax."""

    @lru_cache(maxsize=None)
    def value(cells: str) -> int:
        if has_line(cells, "x") or has_line(cells, "o"):
            return -1  # only the player who just moved can have a line
        if "." not in cells:
            return 0
        me = to_move(cells)
        return max(-value(cells[:i] + me + cells[i + 1 :]) for i in range(9) if cells[i] == ".")

    seen = {"." * 9}
    frontier = ["." * 9]
    while frontier:
        cells = frontier.pop()
        if is_over(cells):
            continue
        me = to_move(cells)
        for i in range(9):
            if cells[i] == ".":
                child = cells[:i] + me + cells[i + 1 :]
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
    return TicTacToeReference({p: value(p) for p in seen}, frozenset(p for p in seen if is_over(p)))


# ----------------------------------------------------------------------- browser steppers
PROBE_JS = """root => {
  const out = {step: Number(root.dataset.step), sentence: root.querySelector('.nv-sentence').textContent, nodes: {}};
  const shown = Array.from(root.querySelectorAll('.nv-tree svg')).filter(svg => svg.getAttribute('aria-hidden') !== 'true');
  for (const g of shown.flatMap(svg => Array.from(svg.querySelectorAll('g.node')))) {
    const t = g.dataset.nv;
    const s = g.querySelector('.nv-shape');
    const pos = s ? (s.getAttribute('points') || (s.getAttribute('cx') + ',' + s.getAttribute('cy'))) : '';
    const v = g.querySelector('.nv-v');
    out.nodes[t] = {cls: g.getAttribute('class') || '', pos, value: v ? v.textContent : null};
  }
  return out;
}"""
"""Read a stepper's state off the page: step, sentence, and each node's classes, shape
position and value text in the drawing on show (views shown before stay hidden)."""


# WCAG contrast of every text the stepper shows, against what is behind it.
CONTRAST_JS = """(root) => {
  const rgb = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return m.length > 3 ? [m[0], m[1], m[2], m[3]] : [m[0], m[1], m[2], 1]; };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      if (e instanceof SVGElement && e.tagName !== "svg") continue;
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const worst = [];
  const texts = root.querySelectorAll(".nv-sentence, .nv-steplabel, td, th, caption, .nv-code span, .nv-keys, .nv-legend div, button, label, .nv-note");
  for (const el of texts) {
    if (!el.textContent.trim() || el.disabled) continue;
    const r = ratio(rgb(getComputedStyle(el).color), behind(el));
    if (r < 4.5) worst.push([el.className || el.tagName, el.textContent.trim().slice(0, 30), r.toFixed(2)]);
  }
  const svg = Array.from(root.querySelectorAll(".nv-tree svg")).find((s) => s.getAttribute("aria-hidden") !== "true");
  for (const t of svg.querySelectorAll("g.node text")) {
    if (!t.textContent.trim()) continue;
    const r = ratio(rgb(getComputedStyle(t).fill), [255, 255, 255, 1]);  // the drawing's paper is white
    if (r < 4.5) worst.push(["svg text", t.textContent.trim(), r.toFixed(2)]);
  }
  return worst;
}"""



class StepperProbe:
    """Checks a stepper in a browser against the trace it shows (see ``PROBE_JS``)."""

    js = PROBE_JS
    contrast = CONTRAST_JS
    """Every text the stepper shows with a WCAG contrast under 4.5:1 (none, to pass)."""

    @staticmethod
    def check(shown: dict, trace: object, step: int, perspective: str = "negamax") -> None:
        """The page shows ``step``: the sentence, and every drawn node's state, as the
        trace's own timeline says."""
        from negaviz.frontend.scene import CHUNK, SCHEMA, Scene
        from negaviz.frontend.scene_data import resolved
        from negaviz.trace.timeline import Timeline

        assert shown["step"] == step, (shown["step"], step)
        scene = Scene(trace)  # type: ignore[arg-type]
        sentence = scene.chunk(step // CHUNK)["sentences"][0 if perspective == "negamax" else 1][step % CHUNK]
        assert shown["sentence"] == sentence, (shown["sentence"], sentence)
        timeline = Timeline(trace)  # type: ignore[arg-type]
        want = {"unvisited": "nv-unseen", "current": "nv-current", "active": "nv-active"}
        # a given tree's items are named by their place: the steps say which node each is
        placed: dict[str, int] = {}
        for view in resolved(scene.data())["views"]:
            for row in view["items"]:
                it = dict(zip(SCHEMA["item"], row))
                if it["kind"] == "n" and re.fullmatch(r"t(_\d+)*", it["title"]):
                    entries = [e for e in (it["node"], *it["again"]) if timeline.lives[e].enter < step]
                    placed.setdefault(it["title"], entries[-1] if entries else it["node"])
        checked = 0
        for title, node in shown["nodes"].items():
            nid = int(title[1:]) if title.startswith("n") and title[1:].isdigit() else placed.get(title)
            if nid is None or "nv-folded" in node["cls"]:
                continue  # ghosts and summaries
            at = timeline.node_at(nid, step)
            classes = node["cls"].split()
            if at.status == "done":
                assert any(c in classes for c in ("nv-exact", "nv-lower", "nv-upper")), (title, classes)
            elif at.status == "unvisited":  # drawn alike (a given tree), or not drawn yet (a search as it grows)
                assert "nv-unseen" in classes or "nv-hidden" in classes, (title, at.status, classes)
            else:
                assert want[at.status] in classes, (title, at.status, classes)
            checked += 1
        assert checked > 0

    @staticmethod
    def same_places(before: dict, after: dict) -> int:
        """How many drawn nodes the two readings share; an AssertionError if any moved."""
        common = set(before["nodes"]) & set(after["nodes"])
        moved = [t for t in common if before["nodes"][t]["pos"] != after["nodes"][t]["pos"]]
        assert not moved, f"nodes moved between steps {before['step']} and {after['step']}: {sorted(moved)[:10]}"
        return len(common)

    @staticmethod
    def painted_differently(before: dict, after: dict) -> bool:
        return any(before["nodes"][t]["cls"] != after["nodes"][t]["cls"] or before["nodes"][t]["value"] != after["nodes"][t]["value"]
                   for t in set(before["nodes"]) & set(after["nodes"]))


@pytest.fixture
def stepper_probe() -> type[StepperProbe]:
    return StepperProbe


# ----------------------------------------------------------------------- odd names
class OnePly:
    """A game of one move, for tests of what a game's odd names do: the root ``""`` and
    one leaf per name in ``moves``, each scoring 1."""

    def __init__(self, moves: list[str]) -> None:
        self.root, self._moves = "", list(moves)

    def moves(self, pos: str) -> list[str]:
        return [] if pos else self._moves

    def play(self, pos: str, move: str) -> str:
        return move

    def is_terminal(self, pos: str) -> bool:
        return pos != ""

    def score(self, pos: str) -> int:
        return 1


class NamedOnePly(OnePly):
    """:class:`OnePly` that also names its positions: the root ``label``, a leaf ``leaf <move>``."""

    def __init__(self, label: str, moves: list[str]) -> None:
        super().__init__(moves)
        self._label = label

    def label(self, pos: str) -> str:
        return self._label if pos == "" else "leaf " + pos


@pytest.fixture
def one_ply() -> Callable[..., OnePly]:
    """Makes a one-move game: ``one_ply(moves)``, or ``one_ply(moves, label=...)`` for one
    that names its positions too."""

    def make(moves: list[str], *, label: str | None = None) -> OnePly:
        return OnePly(moves) if label is None else NamedOnePly(label, moves)

    return make


# ----------------------------------------------------------------------- Graphviz 16
VIZ_JS = Path(__file__).resolve().parents[1] / "negaviz" / "frontend" / "vendor" / "viz-global.js"
"""@viz-js/viz (Graphviz compiled to WebAssembly), vendored by tools/refresh_viz.py."""

LAYOUT_JS = """
const Viz = require(process.argv[1]);
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", chunk => input += chunk);
process.stdin.on("end", () => Viz.instance().then(viz => {
  const out = JSON.parse(input).map(dot => viz.renderString(dot, {format: "svg", engine: "dot"}));
  process.stdout.write(JSON.stringify({version: viz.graphvizVersion, svgs: out}));
}));
"""
"""Read a JSON list of DOT sources on stdin; write each laid out as SVG by Graphviz 16."""


class Graphviz16:
    """Lays out DOT with the Graphviz that browsers, conda-forge and Homebrew run today
    (16, from the vendored viz-global.js under node), to test what differs from dot 2.43."""

    def __init__(self, node: str) -> None:
        self.node = node

    def svgs(self, sources: list[str]) -> list[str]:
        """Each DOT source laid out by Graphviz 16 as SVG (one node process for all)."""
        done = subprocess.run(
            [self.node, "-e", LAYOUT_JS, str(VIZ_JS)], input=json.dumps(sources), capture_output=True, text=True,
            timeout=120, check=False,
        )
        assert done.returncode == 0, done.stderr
        reply = json.loads(done.stdout)
        assert reply["version"].startswith("16."), reply["version"]
        return list(reply["svgs"])

    def svg(self, source: str) -> str:
        """One DOT source laid out by Graphviz 16 as SVG."""
        return self.svgs([source])[0]


@pytest.fixture(scope="session")
def graphviz16() -> Graphviz16:
    """Graphviz 16 under node; the test is skipped where node is not installed."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Graphviz 16 runs under node (Node.js), which is not installed: sudo apt-get install nodejs")
    return Graphviz16(node)


FRONTEND_TESTS = Path(__file__).resolve().parent / "frontend"


class NodeTests:
    """Runs the front-end's own tests (``tests/frontend/*.test.mjs``) with ``node --test``,
    with Python's answers written as a JSON fixture the test modules read."""

    def __init__(self, node: str, folder: Path) -> None:
        self.node = node
        self.folder = folder

    def run(self, *modules: str, passes: int, fixture: object = None, env: str = "NEGAVIZ_FIXTURE") -> None:
        """Run ``modules`` (names in tests/frontend/, e.g. ``"look.test.mjs"``), with
        ``fixture`` (if given) as JSON in the file named by ``env``; all must pass, and
        exactly ``passes`` tests."""
        environ = {"PATH": "/usr/bin:/bin"}
        if fixture is not None:
            path = self.folder / f"{env.lower()}.json"
            path.write_text(json.dumps(fixture, ensure_ascii=False), encoding="utf-8")
            environ[env] = str(path)
        run = subprocess.run([self.node, "--test", *(str(FRONTEND_TESTS / m) for m in modules)], env=environ,
                             capture_output=True, text=True, timeout=300, check=False)
        assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
        assert f"# pass {passes}\n" in run.stdout and "# fail 0\n" in run.stdout, run.stdout[-2000:]


@pytest.fixture
def node_tests(tmp_path: Path) -> NodeTests:
    """``node --test`` on the front-end's test modules; the test is skipped where node is not installed."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("the front-end's tests run under node (Node.js), which is not installed: sudo apt-get install nodejs")
    return NodeTests(node, tmp_path)


BUILD_SOURCE = ("pyproject.toml", "README.md", "LICENSE", "negaviz")
"""What the build needs from the checkout (copied, so that no stale build/ folder in the
checkout can slip into the wheel)."""


def _ok(argv: list[str | Path], cwd: Path) -> None:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, argv))}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


@pytest.fixture(scope="session")
def built_dists(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(sdist, wheel) of this checkout: the sdist built from a copy of it, the wheel built
    by ``pip wheel`` from the unpacked sdist, as pip does when it installs from PyPI."""
    root = Path(__file__).resolve().parents[1]
    tmp = tmp_path_factory.mktemp("build")
    source = tmp / "source"
    for name in BUILD_SOURCE:
        if (root / name).is_dir():
            shutil.copytree(root / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(root / name, source / name)
    _ok([sys.executable, "-m", "build", "--sdist", "--outdir", tmp / "dist", source], cwd=tmp)
    (sdist,) = (tmp / "dist").glob("negaviz-*.tar.gz")
    with tarfile.open(sdist) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(tmp / "unpacked", filter="data")
        else:  # pragma: no cover - Python before 3.10.12
            tar.extractall(tmp / "unpacked")
    (unpacked,) = (tmp / "unpacked").iterdir()
    _ok([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", tmp / "dist", unpacked], cwd=tmp)
    (wheel,) = (tmp / "dist").glob("negaviz-*.whl")
    return sdist, wheel
