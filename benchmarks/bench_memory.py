"""Benchmark of memory: peak resident set size of table searches, bounded and not.

Prints one JSON object.  Each search runs in a fresh Python process, and its peak RSS
is that process's own (``os.wait4``), so the figures do not mix.  Cases:

* ``connect4_6x4``: ``negaviz solve connect4 --cols 6 --rows 4 --order heuristic --tt``
  with the default table (at most ``DEFAULT_ENTRIES`` entries, oldest evicted);
* ``connect4_6x4_unbounded``: the same search with a table that never evicts (what
  the default was before), unless ``--skip-unbounded``;
* ``ttt``: tic-tac-toe negamax with a table, default against unbounded: the node
  counts must be equal (5,478 positions never fill the default table).

Run: python benchmarks/bench_memory.py [--skip-unbounded]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

SEARCH = """
import json, sys, time
from negaviz import search
from negaviz.games import make_game
from negaviz.search import tt
if {unbounded}:
    tt.TranspositionTable.__init__.__kwdefaults__["capacity"] = None  # never evict
game = make_game({game!r}, None, **{kwargs!r})
t = time.perf_counter()
r = search(game, **{options!r})
print(json.dumps({{"value": r.value, "nodes": r.nodes, "seconds": round(time.perf_counter() - t, 2)}}))
"""


def measure(code: str) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter: its JSON output plus its own peak RSS."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"benchmark child failed with status {proc.returncode}")
    report: dict[str, Any] = json.loads(out)
    report["peak_rss_mb"] = round(usage.ru_maxrss / 1024, 1)  # Linux reports kilobytes
    report["wall_seconds"] = round(time.perf_counter() - start, 2)
    return report


def case(game: str, kwargs: dict[str, Any], options: dict[str, Any], unbounded: bool) -> dict[str, Any]:
    return measure(SEARCH.format(game=game, kwargs=kwargs, options=options, unbounded=unbounded))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-unbounded", action="store_true", help="skip the unbounded Connect Four run (750 MB)")
    args = parser.parse_args()
    from negaviz.search.tt import DEFAULT_ENTRIES

    c4: tuple[str, dict[str, Any], dict[str, Any]] = (
        "connect4", {"cols": 6, "rows": 4}, {"algorithm": "alphabeta", "order": "heuristic", "tt": True}
    )
    ttt: tuple[str, dict[str, Any], dict[str, Any]] = ("ttt", {}, {"algorithm": "negamax", "tt": True})
    report: dict[str, Any] = {"default_entries": DEFAULT_ENTRIES}
    report["connect4_6x4"] = case(*c4, unbounded=False)
    if not args.skip_unbounded:
        report["connect4_6x4_unbounded"] = case(*c4, unbounded=True)
    report["ttt"] = case(*ttt, unbounded=False)
    report["ttt_unbounded"] = case(*ttt, unbounded=True)
    report["ttt_unaffected"] = report["ttt"]["nodes"] == report["ttt_unbounded"]["nodes"]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
