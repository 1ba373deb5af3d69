"""check(fn) on students' code that fights back: it exits, raises what is not an Exception,
loops around a bare ``except:``, or is checked from a thread; and the user's own Ctrl-C.

Budgets are short and bounds generous: each test asserts what the run ends with, and
that it ends at all (within ``BOUND`` seconds), never how fast."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from negaviz import Tree
from negaviz.student import check
from negaviz.student.battery import BatteryReport

sys.path.insert(0, str(Path(__file__).parent))
import students  # noqa: E402

BOUND = 60.0
"""Seconds a stopped check must end within, however loaded the machine."""
TREE = "A(B(D:7 E:5) C(F:5 G:1 H:9))"


def checked(fn: Any, **options: Any) -> BatteryReport:
    """``check(fn)`` on one textbook tree (in a thread, so that a check that never ends
    fails the test instead of hanging it)."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(check(fn, battery=[Tree.parse(TREE)], **options))
        except BaseException as exc:  # noqa: B036 - reported by the test below
            out.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(BOUND)
    assert not thread.is_alive(), f"check({fn.__name__}) did not end within {BOUND:g} s"
    assert isinstance(out[0], BatteryReport), out[0]
    return out[0]


def stop_of(report: BatteryReport) -> str:
    (result,) = report.results
    assert result.outcome.stopped is not None and not report.ok
    return result.outcome.stopped


def labels(trace: Any) -> list[str]:
    return [trace.label(n.id) for n in trace.nodes]


def one_sentence(text: str) -> bool:
    return text.endswith(".") and ". " not in text and "\n" not in text


@pytest.mark.parametrize("fn, says", [
    (students.exits, "exits called sys.exit(3) at D, which would end Python itself: a search must return its value."),
    (students.quits, "quits called exit() at A, which would end Python itself: a search must return its value."),
    (students.closes, "closes raised GeneratorExit at A."),
    (students.interrupts, "interrupts raised KeyboardInterrupt itself at D (no Ctrl-C was pressed)."),
])
def test_what_is_not_an_exception_is_contained_and_told_in_one_sentence(fn: Any, says: str) -> None:
    report = check(fn, battery=[Tree.parse(TREE)])  # in this thread, the main one: nothing escapes
    assert stop_of(report) == says and one_sentence(says)
    trace = report.results[0].outcome.trace
    assert trace is not None and labels(trace) == ["A", "B", "D"][:len(trace.nodes)]


def test_exit_is_made_harmless_for_the_run_and_put_back() -> None:
    before = dict(vars(students))
    stdin = sys.stdin
    check(students.quits, battery=[Tree.parse(TREE)])
    assert sys.stdin is stdin and not getattr(sys.stdin, "closed", False)  # Python's exit() closes it first
    assert "exit" not in vars(students) and dict(vars(students)) == before


@pytest.mark.parametrize("fn", [students.swallows, students.swallows_deep, students.spins_on_one_line])
def test_a_function_that_swallows_the_stop_and_loops_is_still_stopped(fn: Any) -> None:
    report = checked(fn, seconds=0.5)
    assert stop_of(report) == f"{fn.__name__} ran for more than 0.5 s without finishing."


def test_a_stopped_run_keeps_the_calls_it_made() -> None:
    report = checked(students.swallows_deep, seconds=0.5)
    trace = report.results[0].outcome.trace
    assert trace is not None
    assert labels(trace) == ["A", "B", "D"]  # stuck at the first leaf


def test_the_budget_of_calls_stops_a_function_that_catches_everything_without_a_time_limit() -> None:
    report = checked(students.retries, max_calls=2000, seconds=0)
    stop = stop_of(report)
    assert stop.startswith("retries made more than 2,000 calls without finishing"), stop
    assert one_sentence(stop)


def test_check_from_a_thread_stops_an_endless_loop() -> None:
    """The time budget works off the main thread (there is no SIGALRM there)."""
    assert threading.current_thread() is threading.main_thread() or True
    report = checked(students.spins, seconds=0.5)  # checked() runs check in a thread of its own
    assert stop_of(report) == "spins ran for more than 0.5 s without finishing."


def test_a_stopped_run_leaves_python_as_it_found_it() -> None:
    trace, handler = sys.gettrace(), signal.getsignal(signal.SIGINT)
    threads = threading.active_count()
    for fn in (students.swallows, students.exits, students.interrupts):
        checked(fn, seconds=0.3)
        check(fn, battery=[Tree.parse(TREE)], seconds=0.3)
    assert sys.gettrace() is trace and signal.getsignal(signal.SIGINT) is handler
    assert students.swallows.__name__ == "swallows" and vars(students)["exits"] is students.exits
    deadline = time.monotonic() + BOUND
    while threading.active_count() > threads and time.monotonic() < deadline:
        time.sleep(0.05)  # a watchdog ends with its run
    assert threading.active_count() == threads


CTRL_C = textwrap.dedent("""
    import sys
    sys.path.insert(0, {here!r})
    import students
    from negaviz import Tree
    from negaviz.student import check
    check(students.says_started, battery=[Tree.parse("[[1,2],[3,4]]")], seconds=0, max_calls=10**9)
    print("check returned")
""")


def test_the_users_ctrl_c_stops_check_even_when_the_function_swallows_it() -> None:
    """A real SIGINT in the main thread: the run stops, and check raises KeyboardInterrupt
    (the function's bare except: catches KeyboardInterrupt, and there is no time limit)."""
    script = CTRL_C.format(here=str(Path(__file__).parent))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "started"  # the function is running
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=BOUND)
    finally:
        proc.kill()
    assert "check returned" not in out
    assert proc.returncode != 0
    assert err.strip().splitlines()[-1] == "KeyboardInterrupt: check() was interrupted (Ctrl-C) while says_started ran"
