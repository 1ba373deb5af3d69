"""Benchmark of the stepping front-end in a real headless Chromium.

Prints one JSON object.  For each case the search is recorded, exported with
:func:`negaviz.export.export_html` (the page the widgets' front-end also runs in), and
opened in Debian's Chromium:

* ``bytes``: the page's size; ``export_s``: recording excluded, laying out and writing;
* ``open_ms``: from navigation to the first step painted (the module's own clock);
* ``step_ms``: one step, from the key press to the page laid out again (the key event is
  dispatched and the layout forced in the page, so the browser's own input latency is
  not counted); median, 95th percentile and worst over every step forward, then back,
  pressed back to back in one task (so no idle time between steps: views are laid out
  ahead only before the first press, once the page reports ``data-warm="done"``);
* ``paced_ms``: steps forward at a reader's fastest pace, a key 50 ms after the last
  frame (about 15 steps a second), each from when its key was due to the next frame
  painted: paint is counted, and so is any work of idle time (a view laid out ahead)
  that delays the key; the first ``--paced`` steps (default 1,500);
* ``moved``: drawn nodes whose shape moved between any two steps showing the same view
  (compared at every step, every 10th beyond 1,000; target 0); a folded search
  switches views as it goes;
* ``views``: drawings laid out for the page (one unless folded).

The widget runs the same module on the same data (its steps also sync the step to the
kernel, asynchronously, after painting).

Targets (issue 9): x.o/x../o.. with a table ≤ 1 MB; the empty board with
threats+heuristic, table and symmetry ≤ 2 MB; a step ≤ 16 ms median and ≤ 50 ms worst on
a 400-board drawing; open ≤ 1 s; 0 nodes moved.  Issue 23: the full alpha-beta search of
tic-tac-toe opens in ≤ 1.5 s, exports in ≤ 10 s and ≤ 5 MB, steps ≤ 16 ms median.

Run: python benchmarks/bench_stepper.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import negaviz
from negaviz.export import export_html

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

STEP_JS = """([key, count]) => {
  const root = document.querySelector('[data-negaviz-stepper]');
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    root.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    void root.offsetHeight;  // force style and layout, as the frame after the key would
    times.push(performance.now() - t0);
  }
  return times;
}"""

PACED_JS = """async ([key, count, pause]) => {
  const root = document.querySelector('[data-negaviz-stepper]');
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  let due = performance.now() + pause;
  for (let i = 0; i < count; i++) {
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    root.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    await frame();
    const done = performance.now();
    times.push(done - due);  // from when the key was due: waiting behind idle work counts
    due = done + pause;
  }
  return times;
}"""

WARM_JS = """() => document.querySelector('[data-negaviz-stepper]').dataset.warm === 'done'"""

POSITIONS_JS = """() => {
  const out = {};
  const svgs = Array.from(document.querySelectorAll('[data-negaviz-stepper] .nv-tree svg'));
  const shown = svgs.filter((svg) => svg.getAttribute('aria-hidden') !== 'true');
  for (const g of shown.flatMap((svg) => Array.from(svg.querySelectorAll('g.node')))) {
    const s = g.querySelector('.nv-shape');
    out[g.dataset.nv] = s ? (s.getAttribute('points') || s.getAttribute('cx')) : '';
  }
  return [document.querySelector('[data-negaviz-stepper]').dataset.view, out];
}"""


def cases(quick: bool) -> list[tuple[str, Any, dict[str, Any]]]:
    out: list[tuple[str, Any, dict[str, Any]]] = [
        ("textbook alpha-beta", negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), {"algorithm": "alphabeta"}),
        ("ttt x.o/x../o.. alphabeta+tt", negaviz.TicTacToe("x.o/x../o.."), {"algorithm": "alphabeta", "tt": True}),
        ("ttt empty threats+heuristic+tt+symmetry", negaviz.TicTacToe(),
         {"algorithm": "alphabeta", "order": "threats+heuristic", "tt": True, "symmetry": True}),
    ]
    if not quick:
        # 438 nodes: one view of 400 boards (and a few small ones around folded parts).
        out.append(("ttt x.......o alphabeta (a 400-board view)", negaviz.TicTacToe("x.......o"), {"algorithm": "alphabeta"}))
        # 2,338 nodes, 7,637 events: views of up to 400 boards, the page switching between them.
        out.append(("ttt x........ alphabeta (400-board views)", negaviz.TicTacToe("x........"), {"algorithm": "alphabeta"}))
        # 18,297 nodes, 59,127 events: the full alpha-beta search of tic-tac-toe, views as it grows (issue 23: open <= 1.5 s).
        out.append(("ttt empty alphabeta (the whole search)", negaviz.TicTacToe(), {"algorithm": "alphabeta"}))
    return out


def summary(ms: list[float]) -> dict[str, float]:
    ms = sorted(ms)
    return {
        "median_ms": round(statistics.median(ms), 2),
        "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2),
        "max_ms": round(ms[-1], 2),
        "n": len(ms),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 400-board case")
    parser.add_argument("--only", type=int, nargs="*", default=None, help="run only these case numbers (from 0)")
    parser.add_argument("--paced", type=int, default=1500, help="steps stepped at a reader's pace (default 1500)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"chromium": CHROMIUM, "cases": []}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        chosen = cases(args.quick)
        if args.only is not None:
            chosen = [chosen[i] for i in args.only]
        for name, game, options in chosen:
            trace = negaviz.record(game, **options)
            t0 = time.perf_counter()
            info = export_html(trace, Path(tmp) / "page.html")
            export_s = time.perf_counter() - t0
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(info.path.as_uri())
            page.wait_for_selector("[data-negaviz-stepper] svg g.node")
            open_ms = float(page.eval_on_selector("[data-negaviz-stepper]", "e => e.dataset.readyMs"))
            n = len(trace)
            page.wait_for_function(WARM_JS, timeout=30_000)
            paced = page.evaluate(PACED_JS, ["ArrowRight", min(n, args.paced), 50])
            page.evaluate(STEP_JS, ["Home", 1])
            page.wait_for_function(WARM_JS, timeout=30_000)
            forward = page.evaluate(STEP_JS, ["ArrowRight", n])
            backward = page.evaluate(STEP_JS, ["ArrowLeft", n])
            # Positions at every step, or every 10th on long searches (a second pass, untimed).
            stride = 1 if n <= 1000 else 10
            page.evaluate(STEP_JS, ["Home", 1])
            seen: dict[str, str] = {}
            moved: set[str] = set()
            for _ in range(0, n + 1, stride):
                view, positions = page.evaluate(POSITIONS_JS)
                for title, pos in positions.items():  # within one view: a new view is a new layout
                    if seen.setdefault(f"{view}/{title}", pos) != pos:
                        moved.add(title)
                page.evaluate(STEP_JS, ["ArrowRight", stride])
            page.close()
            results["cases"].append({
                "case": name, "nodes": len(trace.nodes), "events": n, "views": info.views,
                "bytes": info.bytes, "export_s": round(export_s, 2), "open_ms": round(open_ms, 1),
                "step": summary(forward + backward), "paced": summary(paced), "moved": len(moved),
                "requests_beyond_the_file": len([u for u in requests if u != info.path.as_uri()]),
            })
            print(json.dumps(results["cases"][-1]), flush=True)
        browser.close()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
