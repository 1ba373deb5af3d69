"""Benchmark of saving and loading a big trace: time, and peak memory against the packed size.

Prints one JSON object.  The trace is the full tic-tac-toe game tree searched with plain
negamax (549,946 nodes, about 1.65 million events), or with ``--big`` plain negamax on
Connect Four 4×4 to depth 11 (about 8 million events).  Its packed size is
``Trace.nbytes``: the event stream array and the move lists, as the Recorder keeps them.

Each load runs in a fresh Python process, which reports its time and its peak
resident memory above what it held before loading (``ru_maxrss``, so the imports are
not counted).  Loads are of the current format (version 2: the events as one string)
and of the same trace written as version 1 (a list per event), which is how every
trace was written before.  ``ratio`` figures divide by the packed size.

Run: python benchmarks/bench_load.py [--big] [--skip-v1]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LOAD = """
import json, sys, time
import negaviz
from {module} import load

def peak():  # this process's peak resident memory (ru_maxrss would count the parent's, from before exec)
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:"))

before = peak()
t = time.perf_counter()
trace = load(sys.argv[1])
seconds = time.perf_counter() - t
print(json.dumps({{"seconds": round(seconds, 2), "peak_above_start_bytes": peak() - before,
                  "events": len(trace), "stream_bytes": len(trace.stream) * trace.stream.itemsize, "stream_typecode": trace.stream.typecode}}))
"""


def version_1(path: Path, out: Path) -> None:
    """Rewrite a version 2 file as version 1 wrote it: a list per event."""
    from negaviz.search.events import WIDTH, EventKind

    d = json.loads(path.read_text(encoding="utf-8"))
    nums = d["events"].split(",")
    events, i = [], 0
    while i < len(nums):
        w = WIDTH[EventKind(int(nums[i]))]
        events.append([x if x in ("inf", "-inf") else json.loads(x) for x in nums[i:i + w]])
        i += w
    d["events"], d["version"] = events, 1
    out.write_text(json.dumps(d, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")


def load_in_child(path: Path, module: str = "negaviz.trace") -> dict[str, Any]:
    code = LOAD.format(module=module)
    proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="Connect Four 4x4 to depth 11 (about 8 million events)")
    parser.add_argument("--skip-v1", action="store_true", help="skip loading the version 1 file (slow, large)")
    args = parser.parse_args()
    import negaviz
    from negaviz.games import make_game

    game: Any
    if args.big:
        name, game, depth = "connect4 4x4 negamax depth 11", make_game("connect4", None, cols=4, rows=4), 11
    else:
        name, game, depth = "tic-tac-toe negamax", negaviz.TicTacToe(), None
    t = time.perf_counter()
    trace = negaviz.record(game, algorithm="negamax", depth=depth)
    record_seconds = time.perf_counter() - t
    packed = trace.nbytes
    report: dict[str, Any] = {
        "trace": name, "events": len(trace), "nodes": trace.result.nodes if trace.result else None,
        "packed_bytes": packed, "record_seconds": round(record_seconds, 2),
    }
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.json"
        t = time.perf_counter()
        negaviz.save(trace, path)
        report["save_seconds"] = round(time.perf_counter() - t, 2)
        report["file_bytes"] = os.path.getsize(path)
        del trace
        v2 = load_in_child(path)
        report["load_v2"] = {**v2, "peak_ratio": round(v2["peak_above_start_bytes"] / packed, 2)}
        if not args.skip_v1:
            old = Path(tmp) / "trace-v1.json"
            version_1(path, old)
            report["file_v1_bytes"] = os.path.getsize(old)
            v1 = load_in_child(old)
            report["load_v1"] = {**v1, "peak_ratio": round(v1["peak_above_start_bytes"] / packed, 2)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
