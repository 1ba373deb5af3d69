"""Benchmark: negaviz's search under Pyodide (the course site's browser Python) against CPython.

Runs the full tic-tac-toe negamax (``negaviz.search(negaviz.TicTacToe(),
algorithm="negamax")``, 549,946 nodes) here in CPython and in the REPL of a site built by
``negaviz site``, served from 127.0.0.1 under a sub-path and opened in Debian's Chromium
(headless, every request leaving 127.0.0.1 refused).  Each side reports the best wall
time of ``--repeat`` searches (CPython's rounds run before and after the browser's, so a
busy spell on a shared machine does not land on one side only); the page also gives the
cold REPL time to first output.
Prints one JSON object.

Run: python benchmarks/bench_pyodide.py [--site DIR] [--repeat N]
(without --site it builds a site of notebook 03 into a temporary folder first).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

import negaviz

ROOT = Path(__file__).resolve().parents[1]
NODES = 549_946

SEARCH = """import time, negaviz
print("ready", flush=True)
best = float("inf")
for _ in range({repeat}):
    t = time.perf_counter()
    result = negaviz.search(negaviz.TicTacToe(), algorithm="negamax")
    best = min(best, time.perf_counter() - t)
print("BENCH", result.nodes, result.value, best)
"""


def helper() -> ModuleType:
    """tests/site/browser.py (as tests/site/conftest.py loads it): serving a site under a sub-path, driving its REPL."""
    spec = importlib.util.spec_from_file_location("negaviz_site_browser", ROOT / "tests" / "site" / "browser.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def cpython(repeat: int) -> tuple[int, float]:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        result = negaviz.search(negaviz.TicTacToe(), algorithm="negamax")
        best = min(best, time.perf_counter() - t)
    return result.nodes, best


def pyodide(site: Path, repeat: int) -> tuple[int, float, float, list[str]]:
    """Nodes, best search time, cold time to the first output ("ready"), and blocked requests."""
    browser = helper()
    with browser.serve(site) as served:
        run = browser.run_in_repl(served, SEARCH.format(repeat=repeat), expect="BENCH", timeout_s=900)
    line = next((line for line in run.output.splitlines() if line.startswith("BENCH")), None)
    if line is None:
        raise SystemExit(f"the REPL printed no result: {run.output[-500:]!r}")
    _, nodes, _, seconds = line.split()
    return int(nodes), float(seconds), run.first_seconds, run.blocked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built by `negaviz site` (default: build one)")
    parser.add_argument("--repeat", type=int, default=3, help="searches on each side; the best counts (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        build_seconds = None
        if site is None:
            from negaviz.site import build_site

            info = build_site([ROOT / "notebooks" / "03-alphabeta.ipynb"], Path(tmp) / "site")
            site, build_seconds = info.path, round(info.seconds, 1)
        nodes_c, before = cpython(args.repeat)
        nodes_p, pyodide_s, cold_s, blocked = pyodide(site, args.repeat)
        cpython_s = min(before, cpython(args.repeat)[1])  # before and after: the machine is shared and noisy
    assert nodes_c == nodes_p == NODES, (nodes_c, nodes_p)
    print(json.dumps({
        "search": "negaviz.search(TicTacToe(), algorithm='negamax')",
        "nodes": NODES,
        "cpython_s": round(cpython_s, 3),
        "pyodide_s": round(pyodide_s, 3),
        "pyodide_over_cpython": round(pyodide_s / cpython_s, 2),
        "cold_repl_to_output_s": round(cold_s, 1),
        "site_build_s": build_seconds,
        "requests_blocked": len(blocked),
        "cpython": sys.version.split()[0],
    }, indent=1))


if __name__ == "__main__":
    main()
