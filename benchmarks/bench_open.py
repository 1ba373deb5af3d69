"""Benchmark of how fast an exported page opens, side by side with a plain page (issue 37).

Prints one JSON object.  Every page is opened in one headless Chromium (Debian's), in
rounds: each round opens each page once, in turn, so a load on this shared machine
falls on all of them alike, and the figures that count are the ratios to the plain page
of the same round's medians.

The pages, for each search:

* ``plain``: the search's finished picture as a static page, ``<body>`` holding the SVG
  that ``negaviz.draw(trace)`` lays out with ``dot``: what a browser takes to show a
  picture and nothing more;
* ``stepper``: ``export_html(trace, ...)``, once per layout asked for (``--layouts``):
  ``auto`` (laid out here by ``dot`` when it is installed, the default), ``browser`` (the
  page lays out each view itself with the WebAssembly Graphviz it carries);
* for textbook trees, ``practice``: the same page with the whole-tree exercise on it.

Each page reports ``first_ms``: from navigation to the first animation frame in which a
node of a drawing is in the page (polled every frame by a script the browser runs
before the page's own, the same script for every page); and ``bytes``.

On a folded search, from the key to the frame that shows the step painted (the
stepper's ``data-step``): ``next_ms``, the step out of the first view (``ArrowRight``
pressed through the first view at once, as fast as the page takes keys); ``End_ms``,
``End`` pressed as soon as the page shows its first picture (the last view not built
yet); ``End_after_idle_ms``, ``End`` once the page has built the views ahead
(``data-warm="done"``: the neighbours of the step shown, and on a page the last and
first steps' views).

Targets (issue 37): a textbook page ≤ 250 ms to its first picture and ≤ 200 KB; the full
alpha-beta tic-tac-toe page ≤ 1 s; a step into a new view ≤ 100 ms.

Run: python benchmarks/bench_open.py [--rounds 5] [--layouts auto browser] [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

import negaviz
from negaviz.render import draw
from negaviz.export import export_html
from negaviz.render.output import to_svg

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

# Runs before the page's own scripts: the time of the first frame with a node drawn.
FIRST_PICTURE = """(() => {
  const look = () => {
    if (document.querySelector('svg g.node')) { window.__firstPicture = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""

NEW_VIEW_JS = """async ([key, count, want]) => {
  const root = document.querySelector('[data-negaviz-stepper]');
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  for (let i = 0; i < count - 1; i++) root.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
  while (root.dataset.step !== String(count - 1) && key === 'ArrowRight') await frame();
  const before = root.dataset.view;
  const t0 = performance.now();
  root.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
  do await frame(); while (root.dataset.step !== String(want));  // painted: the stepper's data-step
  return [performance.now() - t0, before, root.dataset.view];
}"""

WARM_DONE = "() => document.querySelector('[data-negaviz-stepper]').dataset.warm === 'done'"

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
DEEPER = "[[[3,17,2],[12,15,4],[2,5,3]],[[8,4,9],[11,13,6],[1,14,7]],[[20,10,16],[5,18,19],[6,2,4]]]"


def searches(quick: bool) -> list[tuple[str, Any, dict[str, Any], bool]]:
    out: list[tuple[str, Any, dict[str, Any], bool]] = [
        ("textbook 2x3 alpha-beta", negaviz.Tree.parse(TEXTBOOK), {"algorithm": "alphabeta"}, True),
        ("textbook 3x3x3 alpha-beta", negaviz.Tree.parse(DEEPER), {"algorithm": "alphabeta"}, True),
    ]
    if not quick:
        # 18,297 nodes, 59,127 events: views of up to 400 nodes as the search grows.
        out.append(("tic-tac-toe alpha-beta, the whole search", negaviz.TicTacToe(), {"algorithm": "alphabeta"}, False))
    return out


def first_view_end(trace: Any, max_nodes: int = 400) -> int:
    """The last step the page shows in its first view (Scene's views, as the page has them)."""
    from negaviz.frontend.scene import Scene

    scene = Scene(trace, max_nodes=max_nodes)
    scene.cover()
    k = 0
    while k < len(trace) and scene.view_for(k + 1) == scene.view_for(0):
        k += 1
    return k


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--layouts", nargs="+", default=["auto", "browser"], choices=["auto", "browser", "dot"])
    parser.add_argument("--quick", action="store_true", help="textbook trees only")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {"chromium": CHROMIUM, "rounds": args.rounds, "searches": []}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for s, (name, game, options, textbook) in enumerate(searches(args.quick)):
            trace = negaviz.record(game, **options)
            pages: dict[str, Path] = {}
            plain = Path(tmp) / f"{s}-plain.html"
            plain.write_text("<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>plain</title></head><body>\n"
                             + to_svg(draw(trace)) + "\n</body></html>\n", encoding="utf-8")
            pages["plain"] = plain
            for layout in args.layouts:
                pages[f"stepper ({layout})"] = export_html(trace, Path(tmp) / f"{s}-{layout}.html", layout=layout).path
                if textbook:
                    pages[f"practice ({layout})"] = export_html(
                        trace, Path(tmp) / f"{s}-{layout}-practice.html", layout=layout, practice="tree").path
            times: dict[str, list[float]] = {k: [] for k in pages}
            new_view: dict[str, dict[str, Any]] = {}
            for _ in range(args.rounds):
                for key, path in pages.items():
                    page = browser.new_page(viewport={"width": 1400, "height": 900})
                    page.add_init_script(FIRST_PICTURE)
                    page.goto(path.as_uri())
                    page.wait_for_function("() => window.__firstPicture !== undefined", timeout=60_000)
                    times[key].append(float(page.evaluate("() => window.__firstPicture")))
                    page.close()
            if not textbook:  # a folded search: a step into a view not built yet, and End
                for key, path in pages.items():
                    if key == "plain":
                        continue
                    end = first_view_end(trace)
                    got: dict[str, Any] = {"first_view_ends_at_step": end}
                    for label, (k, count, want, idle) in {"next": ("ArrowRight", end + 1, end + 1, False),
                                                          "End": ("End", 1, len(trace), False),
                                                          "End_after_idle": ("End", 1, len(trace), True)}.items():
                        page = browser.new_page(viewport={"width": 1400, "height": 900})
                        page.goto(path.as_uri())
                        page.wait_for_selector("[data-negaviz-stepper] svg g.node")
                        if idle:  # the reader has read a moment: the page has built views ahead
                            page.wait_for_function(WARM_DONE, timeout=60_000)
                        ms, before, after = page.evaluate(NEW_VIEW_JS, [k, count, want])
                        got[f"{label}_ms"] = round(ms, 1)
                        got[f"{label}_views"] = [before, after]
                        page.close()
                    new_view[key] = got
            plain_ms = statistics.median(times["plain"])
            row = {
                "search": name, "nodes": len(trace.nodes), "events": len(trace),
                "pages": {
                    key: {"bytes": path.stat().st_size, "first_ms_median": round(statistics.median(times[key]), 1),
                          "first_ms_all": [round(t, 1) for t in times[key]],
                          "ratio_to_plain": round(statistics.median(times[key]) / plain_ms, 2),
                          **new_view.get(key, {})}
                    for key, path in pages.items()
                },
            }
            results["searches"].append(row)
            print(json.dumps(row), flush=True)
        browser.close()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
