"""Benchmark: ``negaviz grade-attempts`` on a class's records, keys computed once per distinct exercise (issue 54).

Writes ``--records`` sealed attempt records (default 300) of ``--exercises`` exercises each
(default 20) with the real writer (:func:`negaviz.quiz.answers.save_record`), each
exercise issued and sealed under one course salt (:mod:`negaviz.quiz.salt`).  Sheets
are made for ``--sheets`` sections (default 1), section *g*'s as sheet ``week5-g``
issued with no student ID (the whole section shares it), and record *i* is section *i
mod sheets*'s, handed in as its own file (each file one student: the record names none), so
the class has ``sheets × exercises`` distinct exercises.  ``--sheets`` as large as
``--records`` gives every record trees of its own.  The answers are each tree's key,
with a slip in every third record.

Then times the command ``negaviz grade-attempts RECORDS --key-salt-file F --csv OUT``
(in this process, through :func:`negaviz.cli.main`), in rounds, each round once *before*
(every exercise of every record made again from its sheet to check it, and its key
computed afresh: nothing kept, as before issue 54) and once *after* (each distinct
exercise made and keyed once), and checks the two CSVs are the same bytes.  (Before
also gains what is not a cache: a sheet's exercise is made without its sheet questions,
and the totals read the gradebook once, not once per student.)  Prints one JSON object: the seconds of each run, their medians and the ratio.
Target (issue 54): 300 records of 20 exercises in at most 30 s on this machine.

Run: python benchmarks/bench_grade_class.py [--records 300] [--exercises 20] [--sheets 1] [--rounds 1]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from negaviz import Tree, record
from negaviz.cli import main as cli
from negaviz.quiz import gradebook, salt
from negaviz.quiz.answers import save_record
from negaviz.quiz.attempt import FORMAT, SCHEMA, _version
from negaviz.quiz.grading import answer_key
from negaviz.quiz.salt import issued_exercise, seal

SALT = "bench-course-salt-0123456789"
SHEET = {"depth": 3, "branching": 2, "cutoffs": 2, "deep_cutoffs": None, "ties": False,
         "perspective": "minimax"}


def show(x: float) -> str:
    return "∞" if x == float("inf") else "−∞" if x == float("-inf") else str(int(x))


def sheet_answers(sheet: str, count: int) -> list[dict[str, Any]]:
    """Sheet ``sheet`` of ``count`` exercises, issued to no one in particular and sealed,
    each answered as its key says."""
    items = []
    for number in range(1, count + 1):
        variant = {**SHEET, "sheet": sheet, "count": count, "number": number}
        ex = issued_exercise(SALT, None, variant).to_json()
        ex["seal"] = seal(SALT, ex["id"], None, variant)
        key = answer_key(record(Tree.parse(ex["position"]), algorithm="alphabeta"), perspective="minimax",
                         mistakes=False)
        answers = [{"kind": "value", "node": n, "text": show(v["value"])} for n, v in key.values.items()]
        answers += [{"kind": "window", "node": n, "text": f"({show(w['window'][0])}, {show(w['window'][1])})"}
                    for n, w in key.windows.items()]
        answers += [{"kind": "cut", "node": n} for n in sorted(key.cuts)]
        items.append({"exercise": ex, "answers": answers, "verdict": None})
    return items


def write_class(folder: Path, records: int, exercises: int, groups: int) -> list[str]:
    sheets = {i: sheet_answers(f"week5-{i}", exercises) for i in range(groups)}
    paths = []
    for r in range(records):
        items = json.loads(json.dumps(sheets[r % groups]))
        if r % 3 == 2:  # a slip: the first value off by one
            first = next(a for a in items[0]["answers"] if a["kind"] == "value")
            first["text"] = first["text"] + "1" if first["text"][-1].isdigit() else "1"
        path = folder / f"r{r:03}" / "negaviz_answers.json"
        path.parent.mkdir()
        save_record(path, {"format": FORMAT, "schema": SCHEMA, "negaviz": _version(), "student": None,
                           "exercises": items})
        paths.append(str(path))
    return paths


def grade_class(paths: list[str], salt_file: Path, out: Path) -> float:
    start = time.perf_counter()
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        code = cli(["grade-attempts", *paths, "--key-salt-file", str(salt_file), "--csv", str(out), "--force"])
    took = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"grade-attempts exited {code}: {said.getvalue()[-2000:]}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--exercises", type=int, default=20)
    parser.add_argument("--sheets", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    kept, issued = gradebook.KEYS_KEPT, salt._issued
    seconds: dict[str, list[float]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        paths = write_class(folder, args.records, args.exercises, args.sheets)
        written = time.perf_counter() - start
        salt_file = folder / "salt"
        salt_file.write_text(SALT + "\n", encoding="utf-8")
        csvs: dict[str, bytes] = {}
        for _ in range(args.rounds):
            for when, keep in (("before", 0), ("after", kept)):
                gradebook.KEYS_KEPT = keep  # before: no key kept, no sheet's exercise kept
                setattr(salt, "_issued", issued if keep else issued.__wrapped__)
                issued.cache_clear()
                out = folder / f"{when}.csv"
                seconds[when].append(round(grade_class(paths, salt_file, out), 2))
                csvs[when] = out.read_bytes()
        gradebook.KEYS_KEPT = kept
        setattr(salt, "_issued", issued)
    before, after = statistics.median(seconds["before"]), statistics.median(seconds["after"])
    print(json.dumps({
        "records": args.records, "exercises_per_record": args.exercises, "distinct_exercises": args.sheets * args.exercises,
        "writing_records_s": round(written, 1), "seconds": seconds, "before_median_s": before, "after_median_s": after,
        "after_over_before": round(after / before, 2), "same_csv": csvs["before"] == csvs["after"],
    }, indent=1))


if __name__ == "__main__":
    main()
