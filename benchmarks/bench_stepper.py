"""Benchmark of the stepper widget: milliseconds per step, cold, prefetched and cached.

Prints one JSON object.  For each trace a headless :class:`StepperWidget` is stepped
through the same steps (consecutive runs from the start, the middle and near the end)
by setting ``widget.step``, which is what the slider, the buttons and Play do; each
step is timed from the assignment until every panel holds the new step.

* ``cold``: a fresh widget, no prefetching: every step draws its tree and runs dot;
* ``prefetched``: a fresh widget prefetching 3 steps ahead on its background thread,
  stepping forward with a pause after each step (a reader reading: the pause is not
  timed) so the prefetch can finish; the first step of each stretch is a jump, drawn
  cold, and reported apart as ``jumps_with_prefetch``;
* ``cached``: the cold widget again over the same steps, every frame in its cache.

``view_ms`` is the pure step logic alone (sentence, stack, line, counters).
``setup_s`` is building the widget (the step logic's prefix counts, the first frame).

Target: <= 100 ms per step with up to 400 drawn nodes.

Run: python benchmarks/bench_stepper.py [--quick] [--run N]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import shutil
import statistics
import time
from typing import Any

import negaviz
from negaviz.widgets import StepperWidget
from negaviz.widgets.frames import FrameCache, Views


def textbook(branching: int, depth: int, seed: int = 1) -> negaviz.Tree:
    """A complete textbook tree with random leaf values from -9 to 9."""
    rng = random.Random(seed)

    def grow(d: int) -> Any:
        return rng.randint(-9, 9) if d == 0 else [grow(d - 1) for _ in range(branching)]

    return negaviz.Tree.from_lists(grow(depth))


def steps_to_time(n: int, run: int) -> list[int]:
    """Runs of ``run`` consecutive steps from the start, the middle and near the end."""
    if n + 1 <= 3 * run:
        return list(range(n + 1))
    starts = (0, n // 2, n - run)
    return [s + i for s in starts for i in range(run)]


def summary(ms: list[float]) -> dict[str, float]:
    return {"mean_ms": round(statistics.fmean(ms), 2), "max_ms": round(max(ms), 2), "n": len(ms)}


def timed_steps(widget: StepperWidget, steps: list[int], *, settle: bool = False) -> list[float]:
    out = []
    for s in steps:
        start = time.perf_counter()
        widget.step = s
        out.append((time.perf_counter() - start) * 1000)
        if settle:
            widget.cache.wait()  # the reader reads; the prefetch finishes meanwhile
    return out


def measure(name: str, trace: negaviz.Trace, run: int) -> dict[str, Any]:
    _ = trace.nodes  # decoding the trace is not the stepper's work
    steps = steps_to_time(len(trace), run)
    gc.collect()
    start = time.perf_counter()
    cold = StepperWidget(trace, prefetch=0)
    setup = time.perf_counter() - start
    if steps[0] == 0:  # step 0 was drawn by the constructor: start the cold pass from a fresh cache
        cold.cache = FrameCache(trace, max_nodes=cold.cache.max_nodes)
    row: dict[str, Any] = {
        "trace": name, "events": len(trace), "nodes": len(trace.nodes), "setup_s": round(setup, 2),
        "max_nodes": cold.cache.max_nodes,
    }
    row["cold"] = summary(timed_steps(cold, steps))
    row["cached"] = summary(timed_steps(cold, steps))
    row["frames_cached"] = len(cold.cache)
    row["cache_mb"] = round(cold.cache.nbytes / 1e6, 1)
    views = cold.views
    view_ms = []
    for s in steps:
        t = time.perf_counter()
        views.view(s, "negamax")
        view_ms.append((time.perf_counter() - t) * 1000)
    row["view"] = summary(view_ms)
    row["stack_replay"] = not views.full_replay
    cold.close()

    warm = StepperWidget(trace, prefetch=3)
    warm.cache.wait()
    ms = timed_steps(warm, steps, settle=True)
    # A step right after the one before finds its frame prefetched; the first step of
    # each stretch is a jump, drawn cold.
    row["prefetched"] = summary([m for i, m in enumerate(ms) if i and steps[i] == steps[i - 1] + 1])
    row["jumps_with_prefetch"] = summary([m for i, m in enumerate(ms) if not i or steps[i] != steps[i - 1] + 1])
    row["prefetch_hits"] = warm.cache.hits
    warm.close()
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip the full 549,946-node trace")
    parser.add_argument("--run", type=int, default=20, help="consecutive steps per stretch (default 20)")
    args = parser.parse_args()
    if shutil.which("dot") is None:
        raise SystemExit("this benchmark needs Graphviz's dot")
    rows = [
        measure("textbook b3 d4 alphabeta", negaviz.record(textbook(3, 4), algorithm="alphabeta"), args.run),
        measure(
            "ttt x........ alphabeta",
            negaviz.record(negaviz.TicTacToe("x........"), algorithm="alphabeta"), args.run,
        ),
    ]
    if not args.quick:
        t = time.perf_counter()
        full = negaviz.record(negaviz.TicTacToe(), algorithm="negamax")
        _ = full.nodes
        record_s = time.perf_counter() - t
        t = time.perf_counter()
        Views(full)
        views_s = time.perf_counter() - t
        row = measure("ttt full negamax (folded)", full, args.run)
        row["record_and_decode_s"] = round(record_s, 2)
        row["step_logic_setup_s"] = round(views_s, 2)
        rows.append(row)
    print(json.dumps({"benchmark": "stepper", "target_ms": 100, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
