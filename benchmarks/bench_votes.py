"""Benchmark of the vote collector: a hall of simulated students voting through a started `negaviz class serve`.

Prints one JSON object: for each hall size, the seconds from the first vote to the last
answer (each student votes once, from ``--workers`` threads, every vote a real HTTP POST
on 127.0.0.1), the votes counted (must equal the students), and ``ratio``: that time over
the issue's target, scaled to 500 students in 10 s (below 1 is within it).  The follow link's
length and its QR code's size for the textbook tree close the object.

    .venv/bin/python benchmarks/bench_votes.py [--workers 24]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import negaviz
from negaviz.frontend.qr import qr_modules
from negaviz.quiz.vote import vote_question
from negaviz.site.share import follow_link

TARGET_S = 10.0
ROOT = Path(__file__).resolve().parents[1]


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        answer: dict[str, Any] = json.loads(r.read())
        return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=24)
    args = parser.parse_args()
    trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    q = vote_question(trace, "w:C")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "negaviz", "class", "serve", "--port", "0", "--flood", "100000"],
                            stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    found = re.search(r"http://[\d.]+:\d+", proc.stdout.readline())
    assert found
    address = found.group(0)
    rows = []
    try:
        for students in (100, 500, 1000):
            made = _post(address + "/api/questions", {**q, "link": None})
            url = f"{address}/api/questions/{made['code']}/votes"
            letters = [o["letter"] for o in q["options"]]
            start = time.perf_counter()
            with ThreadPoolExecutor(max_workers=args.workers) as pool:
                list(pool.map(lambda i: _post(url, {"student": f"s{i}", "option": letters[i % len(letters)]}),
                              range(students)))
            took = time.perf_counter() - start
            with urllib.request.urlopen(f"{address}/api/questions/{made['code']}/tally?key={made['key']}") as r:
                counted = json.loads(r.read())["rounds"][0]["votes"]
            rows.append({"students": students, "seconds": round(took, 3), "counted": counted,
                         "ratio": round(took / TARGET_S * 500 / students, 3)})
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    link = follow_link(trace, site="https://www.example.edu/~lecturer/cs440/", step=q["q"], question=q["id"],
                       collector="http://10.0.0.5:8765")
    print(json.dumps({"votes": rows, "workers": args.workers, "follow_link_chars": len(link),
                      "qr_modules": len(qr_modules(link))}, sort_keys=True))


if __name__ == "__main__":
    main()
