"""Benchmark: the biggest search's page, laid out by ``dot`` (before) and as ``auto`` lays it out now (issue 54).

The full alpha-beta search of tic-tac-toe (18,297 nodes, 59,127 events) is recorded once
(not timed), then exported in rounds, each round once with ``layout="dot"`` (what
``auto`` chose before, where ``dot`` is installed) and once with ``layout="auto"`` (now:
``browser`` for a search of more than :data:`negaviz.frontend.scene.DOT_NODES` nodes, its
first view laid out by ``dot`` all the same so that the page shows it at once), so
a load on this shared machine falls on both alike.  Each page is then opened in one
headless Chromium (Debian's) ``--opens`` times, in turn, to the first animation frame
with a node of a drawing in the page (as ``bench_open.py`` measures it).

Prints one JSON object: per layout, the seconds of each export (and the CPU seconds, of
this process and the ``dot`` runs it waits for) and their median, the
page's bytes, which layout ``auto`` took, the opening times and their median; and the
ratios after/before of the medians.  Targets (issue 54): at most 10 s and 5 MB, opens in
under a second.

Run: python benchmarks/bench_export_big.py [--rounds 3] [--opens 5] [--no-open]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import negaviz
from negaviz.export import export_html
from negaviz.frontend.scene import auto_layout

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
FIRST_PICTURE = """(() => {
  const look = () => {
    if (document.querySelector('svg g.node')) { window.__firstPicture = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""
LAYOUTS = {"before (dot)": "dot", "after (auto)": "auto"}


def _cpu() -> float:
    """CPU seconds of this process and of the children it has waited for (dot): on a shared
    machine, what the export costs, whatever else runs."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def opening_ms(paths: dict[str, Path], opens: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {k: [] for k in paths}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for _ in range(opens):
                for key, path in paths.items():
                    page = browser.new_page(viewport={"width": 1400, "height": 900})
                    page.add_init_script(FIRST_PICTURE)
                    page.goto(path.as_uri())
                    page.wait_for_function("() => window.__firstPicture !== undefined", timeout=60_000)
                    times[key].append(round(float(page.evaluate("() => window.__firstPicture")), 1))
                    page.close()
        finally:
            browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--no-open", action="store_true", help="time the exports only")
    args = parser.parse_args()
    trace = negaviz.record(negaviz.TicTacToe(), algorithm="alphabeta")
    report: dict[str, Any] = {"search": "tic-tac-toe alpha-beta, the whole search",
                              "nodes": len(trace.nodes), "events": len(trace), "layouts": {}}
    seconds: dict[str, list[float]] = {k: [] for k in LAYOUTS}
    cpu_seconds: dict[str, list[float]] = {k: [] for k in LAYOUTS}  # this process and its dot runs
    with tempfile.TemporaryDirectory() as tmp:
        paths = {k: Path(tmp) / f"{layout}.html" for k, layout in LAYOUTS.items()}
        sizes: dict[str, int] = {}
        for _ in range(args.rounds):
            for key, layout in LAYOUTS.items():
                gc.collect()
                start, cpu = time.perf_counter(), _cpu()
                info = export_html(trace, paths[key], layout=layout)  # type: ignore[arg-type]
                seconds[key].append(round(time.perf_counter() - start, 2))
                cpu_seconds[key].append(round(_cpu() - cpu, 2))
                sizes[key] = info.bytes
        opened = {} if args.no_open else opening_ms(paths, args.opens)
    for key, layout in LAYOUTS.items():
        row: dict[str, Any] = {"layout": layout, "laid_out_by": auto_layout(trace, layout),  # type: ignore[arg-type]
                               "seconds": seconds[key], "seconds_median": statistics.median(seconds[key]),
                               "cpu_seconds": cpu_seconds[key], "cpu_seconds_median": statistics.median(cpu_seconds[key]),
                               "bytes": sizes[key]}
        if opened:
            row["open_ms"] = opened[key]
            row["open_ms_median"] = statistics.median(opened[key])
        report["layouts"][key] = row
    before, after = (report["layouts"][k] for k in LAYOUTS)
    report["after_over_before"] = {
        "seconds": round(after["seconds_median"] / before["seconds_median"], 2),
        "cpu_seconds": round(after["cpu_seconds_median"] / before["cpu_seconds_median"], 2),
        "bytes": round(after["bytes"] / before["bytes"], 2),
        **({"open_ms": round(after["open_ms_median"] / before["open_ms_median"], 2)} if opened else {}),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
