"""The vote collector over real HTTP: `negaviz class serve` started as a process, spoken to with urllib."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from negaviz import Tree, record
from negaviz.quiz.collector import MAX_BODY
from negaviz.quiz.vote import vote_question

ROOT = Path(__file__).resolve().parents[2]


def _start(*extra: str) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "negaviz", "class", "serve", "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://[\d.]+:\d+", line)
    assert found, (line, proc.stderr.read() if proc.poll() is not None and proc.stderr else "")
    return proc, found.group(0)


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, address = _start("--flood", "100000")  # every test's votes come from 127.0.0.1
    try:
        yield address
    finally:
        _stop(proc)


def _call(address: str, method: str, path: str, body: Any = None, raw: bytes | None = None) -> tuple[int, Any]:
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    req = urllib.request.Request(address + path, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _question() -> dict[str, Any]:
    trace = record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    return vote_question(trace, "w:C")  # four options


def _open(address: str) -> tuple[str, str, dict[str, Any]]:
    q = _question()
    status, made = _call(address, "POST", "/api/questions", {**q, "link": None})
    assert status == 200, made
    return made["code"], made["key"], q


def test_500_students_vote_each_counted_once(server: str) -> None:
    code, key, q = _open(server)
    letters = [o["letter"] for o in q["options"]]
    chosen = {f"student{i:03d}": letters[i * 7 % len(letters)] for i in range(500)}

    def vote(student: str) -> list[int]:  # each student sends the same vote twice
        return [_call(server, "POST", f"/api/questions/{code}/votes", {"student": student, "option": chosen[student]})[0]
                for _ in range(2)]

    with ThreadPoolExecutor(max_workers=24) as pool:
        statuses = list(pool.map(vote, chosen))
    assert all(sorted(s) == [200, 409] or s == [200, 409] for s in statuses), Counter(map(tuple, statuses))
    status, tally = _call(server, "GET", f"/api/questions/{code}/tally?key={key}")
    assert status == 200 and tally["rounds"][0]["votes"] == 500
    assert tally["rounds"][0]["counts"] == {letter: Counter(chosen.values())[letter] for letter in letters}


def test_the_answer_is_hidden_until_the_vote_closes_then_a_late_vote_is_refused(server: str) -> None:
    code, key, q = _open(server)
    status, shown = _call(server, "GET", f"/api/questions/{code}")
    assert status == 200 and shown["state"] == "open"
    assert not {"answer", "why", "stands_for"} & set(shown)
    assert _call(server, "GET", f"/api/find?question={q['id']}")[1] == {"code": code}
    assert _call(server, "POST", f"/api/questions/{code}/votes", {"student": "early", "option": "A"})[0] == 200
    assert _call(server, "POST", f"/api/questions/{code}/close", {"key": "not-the-key"})[0] == 403
    status, closed = _call(server, "POST", f"/api/questions/{code}/close", {"key": key})
    assert status == 200 and closed["state"] == "closed"
    status, late = _call(server, "POST", f"/api/questions/{code}/votes", {"student": "late", "option": "B"})
    assert status == 409 and "closed" in late["error"]
    status, shown = _call(server, "GET", f"/api/questions/{code}")
    assert shown["answer"] == q["answer"] and shown["stands_for"] == q["stands_for"]
    assert _call(server, "GET", f"/api/questions/{code}/tally?key={key}")[1]["rounds"][0]["votes"] == 1


def test_a_revote_is_a_second_round_with_one_vote_each_again(server: str) -> None:
    code, key, q = _open(server)
    assert _call(server, "POST", f"/api/questions/{code}/revote", {"key": key})[0] == 409  # still open
    for s, o in (("s1", "A"), ("s2", q["answer"])):
        assert _call(server, "POST", f"/api/questions/{code}/votes", {"student": s, "option": o})[0] == 200
    _call(server, "POST", f"/api/questions/{code}/close", {"key": key})
    status, again = _call(server, "POST", f"/api/questions/{code}/revote", {"key": key})
    assert status == 200 and again["round"] == 2 and again["state"] == "open"
    assert "answer" not in _call(server, "GET", f"/api/questions/{code}")[1]  # open again: hidden again
    for s in ("s1", "s2"):
        assert _call(server, "POST", f"/api/questions/{code}/votes", {"student": s, "option": q["answer"]})[0] == 200
    assert _call(server, "POST", f"/api/questions/{code}/votes", {"student": "s1", "option": "A"})[0] == 409
    tally = _call(server, "POST", f"/api/questions/{code}/close", {"key": key})[1]
    assert [r["counts"][q["answer"]] for r in tally["rounds"]] == [1 if q["answer"] != "A" else 2, 2]
    assert _call(server, "POST", f"/api/questions/{code}/revote", {"key": key})[0] == 409  # two rounds at most


@pytest.mark.parametrize("path, body, raw, status, words", [
    ("/api/questions/ZZZZ/votes", {"student": "s", "option": "A"}, None, 404, "no question has the code"),
    ("/api/questions/{code}/votes", {"student": "s", "option": "E"}, None, 400, "unknown option"),
    ("/api/questions/{code}/votes", {"student": "s s", "option": "A"}, None, 400, "student must be"),
    ("/api/questions/{code}/votes", None, b"{not json", 400, "not JSON"),
    ("/api/questions/{code}/votes", None, b'["A"]', 400, "JSON object"),
    ("/api/questions/{code}/votes", None, b'{"student": "s", "option": "' + b"A" * (MAX_BODY + 10) + b'"}', 413, "over the"),
    ("/api/questions", {"id": "x", "prompt": "?", "options": [], "answer": "A"}, None, 400, "options must be"),
    ("/api/nothing", {}, None, 404, "no such address"),
])
def test_bad_requests_get_a_json_error_and_nothing_is_counted(server: str, path: str, body: Any, raw: bytes | None,
                                                              status: int, words: str) -> None:
    code, key, _q = _open(server)
    got, answer = _call(server, "POST", path.format(code=code), body, raw)
    assert got == status and words in answer["error"], answer
    assert _call(server, "GET", f"/api/questions/{code}/tally?key={key}")[1]["rounds"][0]["votes"] == 0
    assert _call(server, "GET", f"/api/questions/{code}")[0] == 200  # and the collector runs on


def test_a_flood_from_one_address_is_refused_and_not_counted() -> None:
    proc, address = _start("--flood", "5")
    try:
        code, key, _q = _open(address)
        statuses = [_call(address, "POST", f"/api/questions/{code}/votes", {"student": f"s{i}", "option": "A"})[0]
                    for i in range(8)]
        assert statuses == [200] * 5 + [429] * 3
        status, err = _call(address, "POST", f"/api/questions/{code}/votes", {"student": "s9", "option": "A"})
        assert status == 429 and "too many votes" in err["error"]
        assert _call(address, "GET", f"/api/questions/{code}/tally?key={key}")[1]["rounds"][0]["votes"] == 5
    finally:
        _stop(proc)


def test_the_code_page_sends_a_typed_code_to_the_follow_link(server: str) -> None:
    q = _question()
    link = "https://example.edu/cs440/repl/index.html?code=x"
    status, made = _call(server, "POST", "/api/questions", {**q, "link": link})
    assert status == 200

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as seen:
        opener.open(f"{server}/?code={made['code'].lower()}", timeout=10)
    assert seen.value.headers["Location"] == f"/c/{made['code']}"
    with pytest.raises(urllib.error.HTTPError) as seen:
        opener.open(f"{server}/c/{made['code']}", timeout=10)
    assert seen.value.headers["Location"] == link
    with pytest.raises(urllib.error.HTTPError) as seen:
        opener.open(f"{server}/c/QQQQ", timeout=10)
    assert seen.value.code == 404 and b"no question has the code" in seen.value.read()


@pytest.mark.parametrize("argv, words", [
    (["--port", "70000"], "--port 70000 is not a port"),
    (["--host", "no.such.host.invalid", "--port", "0"], "cannot listen on no.such.host.invalid:0"),
    (["--flood", "0", "--port", "0"], "--flood 0 is not allowed"),
    (["--port", "x"], "invalid int value: 'x'"),
])
def test_cli_errors_are_one_line_and_exit_2(argv: list[str], words: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "negaviz", "class", "serve", *argv], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("negaviz: error: ") and words in done.stderr


def test_a_port_in_use_is_one_line_and_the_first_collector_runs_on(server: str) -> None:
    port = server.rsplit(":", 1)[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "negaviz", "class", "serve", "--port", port], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert _call(server, "GET", "/api/questions/ZZZZ")[0] == 404  # (a JSON answer: it still runs)
