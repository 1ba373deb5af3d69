"""Benchmark: a course site's cold start, from opening a notebook to its first output.

Each site given is served from 127.0.0.1 under a sub-path (as ``tests/site/browser.py``
serves it; every request leaving 127.0.0.1 refused) and opened in Debian's Chromium,
headless, in a fresh browser context each time (a student's first visit: nothing
cached).  The page opens ``lab/index.html?path=NOTEBOOK``, clears the outputs and runs
all cells as soon as the notebook shows, and the clock stops at the first output of a
code cell.  Sites take turns, round after round, so a busy spell on this shared machine
falls on all of them; the report gives each site's median and its ratio to the first
site's, per round and overall.

Also timed, from opening the page: when the kernel's worker asks for Pyodide, and when
the site's line says Python is ready (sites built before that line: none).

Run: python benchmarks/bench_site_start.py NAME=SITE_DIR [NAME=SITE_DIR ...]
     [--notebook 01-negamax.ipynb] [--rounds 5]
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import urllib.parse
from pathlib import Path
from types import ModuleType
from typing import Any

from bench_pyodide import helper  # tests/site/browser.py, loaded as tests/site/conftest.py loads it


RUN_OUTPUT = """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')].some(cell =>
    /\\[\\d+\\]/.test(cell.querySelector('.jp-InputPrompt')?.textContent || '')
    && cell.querySelector('.jp-OutputArea-output'))"""
"""A code cell that has run (its prompt holds a number) shows an output: not a stored
output the page drew before Clear Outputs took effect."""


def cold_open(browser: Any, browser_helper: ModuleType, url: str, notebook: str, timeout_s: float) -> dict[str, Any]:
    """One cold open: seconds from opening the page to the worker asking for Pyodide, to
    the site's "ready" line, and to the first output."""
    blocked: list[str] = []
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.route("**/*", browser_helper.offline(blocked))
    times: dict[str, float | None] = {"pyodide_asked": None, "ready_line": None, "first_output": None}
    try:
        page = context.new_page()
        started = time.perf_counter()

        def asked(request: Any) -> None:
            if times["pyodide_asked"] is None and request.url.split("?")[0].endswith("/pyodide.mjs"):
                times["pyodide_asked"] = time.perf_counter() - started

        context.on("request", asked)
        page.goto(f"{url}lab/index.html?path={urllib.parse.quote(notebook)}")
        page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=int(timeout_s * 1000))
        for top, item in (("Edit", "Clear Outputs of All Cells"), ("Run", "Run All Cells")):
            page.locator("#jp-MainMenu").get_by_text(top, exact=True).click()
            page.locator(".lm-Menu-content").get_by_text(item, exact=True).first.click()
        while time.perf_counter() - started < timeout_s and times["first_output"] is None:
            if times["ready_line"] is None and page.evaluate(
                    "() => document.getElementById('negaviz-python-status')?.dataset.stage === 'ready'"):
                times["ready_line"] = time.perf_counter() - started
            if page.evaluate(RUN_OUTPUT):
                times["first_output"] = time.perf_counter() - started
            page.wait_for_timeout(50)  # not time.sleep: that would stall the routing
    finally:
        context.close()
    return {**{k: None if v is None else round(v, 2) for k, v in times.items()}, "blocked": len(blocked)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", help="NAME=SITE_DIR, a site built by `negaviz site` (the first is the base)")
    parser.add_argument("--notebook", default="01-negamax.ipynb", help="the notebook to open (under files/)")
    parser.add_argument("--rounds", type=int, default=5, help="cold opens of each site, taking turns (default 5)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for a first output")
    args = parser.parse_args()
    sites = dict(item.split("=", 1) for item in args.sites)
    browser_helper = helper()
    from playwright.sync_api import sync_playwright

    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(browser_helper.CHROMIUM), headless=True,
                                    args=browser_helper.ARGS)
        try:
            for round_ in range(args.rounds):
                order = list(sites) if round_ % 2 == 0 else list(reversed(sites))  # neither always goes first
                for name in order:
                    with browser_helper.serve(Path(sites[name])) as served:
                        run = cold_open(browser, browser_helper, served.url, args.notebook, args.timeout)
                    runs[name].append(run)
                    print(f"round {round_ + 1} {name}: {run}", file=sys.stderr, flush=True)
        finally:
            browser.close()
    base = next(iter(sites))

    def median(name: str, key: str) -> float | None:
        values = [r[key] for r in runs[name] if r[key] is not None]
        return round(statistics.median(values), 2) if values else None

    report = {"notebook": args.notebook, "rounds": args.rounds, "sites": {}}
    for name in sites:
        firsts = [r["first_output"] for r in runs[name]]
        ratios = [round(a / b, 2) for a, b in zip(firsts, (r["first_output"] for r in runs[base])) if a and b]
        report["sites"][name] = {
            "first_output_s": firsts,
            "median_first_output_s": median(name, "first_output"),
            "median_pyodide_asked_s": median(name, "pyodide_asked"),
            "median_ready_line_s": median(name, "ready_line"),
            f"ratio_to_{base}_per_round": ratios,
            f"median_ratio_to_{base}": round(statistics.median(ratios), 2) if ratios else None,
            "requests_blocked": sum(r["blocked"] for r in runs[name]),
        }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
