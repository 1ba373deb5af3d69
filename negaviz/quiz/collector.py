"""A vote collector for a lecture hall: the presenter opens a question, the room votes, the presenter reads the tally.

:class:`Collector` holds the votes and decides every answer (plain Python, no network);
:func:`make_app` puts it on tornado (the web server Jupyter runs on, so nothing new is
installed), and ``negaviz class serve`` starts it where the lecturer says.  The API, all
JSON, each error ``{"error": "..."}`` with a status that says its kind, nothing counted:

* ``POST /api/questions`` (the presenter's page): a question as :func:`negaviz.quiz.vote.vote_question`
  gives it (``id``, ``prompt``, ``options``, ``answer``, ``why``, ``stands_for``, ``link``)
  -> ``{code, key}``: the short code the room types, and the key that closes it;
* ``GET /api/find?question=ID``: the code of the latest question opened with that id (a
  follower's page knows its question, not the code);
* ``GET /api/questions/CODE``: the question, its state and round; once closed, the answer;
* ``POST /api/questions/CODE/votes`` ``{student, option}``: one vote per student and
  round (a second one is refused, not counted twice);
* ``GET /api/questions/CODE/tally?key=KEY``: the counts of every round;
* ``POST /api/questions/CODE/close`` and ``.../revote`` ``{key}``: end the round; open a
  second one (Peer Instruction: discuss, then vote again);
* ``GET /`` a page to type a code on; ``GET /c/CODE``: that question's follow link, or a
  page to vote on.

Refused, each with a clear answer and the collector running on: a code that names no
question (404), a closed question (409), an unknown option or student id, malformed JSON
or a missing field (400), a wrong key (403), a body over :data:`MAX_BODY` bytes (413), and
more than ``flood`` votes from one address in :data:`FLOOD_SECONDS` seconds (429: a room
behind one address, a university's NAT, fits in the default).

>>> c = Collector()
>>> made = c.open({"id": "v:C", "prompt": "What does C return?", "options": [{"letter": "A", "text": "3"},
...     {"letter": "B", "text": "−3"}], "answer": "B", "why": "C returns −3.", "stands_for": {}})
>>> c.vote(made["code"], {"student": "s1", "option": "B"}, "10.0.0.7")["round"]
1
>>> c.vote(made["code"], {"student": "s1", "option": "A"}, "10.0.0.7")
Traceback (most recent call last):
...
negaviz.quiz.collector.Refused: this student has voted in round 1 already: one vote each
>>> c.close(made["code"], {"key": made["key"]})["rounds"][0]["counts"]
{'A': 0, 'B': 1}
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from negaviz.errors import InputError

__all__: list[str] = []  # run by `negaviz class serve`

MAX_BODY = 4096
"""The longest request body taken, in bytes (a question with its words is about 1 KB)."""
MAX_QUESTIONS = 1000
"""Questions one collector holds; the oldest closed one is dropped past it."""
FLOOD = 1200
"""Votes one address may send in :data:`FLOOD_SECONDS` (a hall of 500 behind one NAT, voting twice, fits)."""
FLOOD_SECONDS = 60.0
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A code's letters: no 0/O or 1/I to mistake for each other."""
CODE_LENGTH = 4
ROUNDS = 2
"""A solo vote and a re-vote after discussion."""
_STUDENT = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Refused(InputError):
    """A request the collector refuses: ``status`` is its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class _Question:
    code: str
    key: str
    data: dict[str, Any]
    letters: tuple[str, ...]
    rounds: list[dict[str, str]] = field(default_factory=lambda: [{}])
    closed: bool = False

    def counts(self, r: int) -> dict[str, int]:
        votes = list(self.rounds[r].values())
        return {letter: votes.count(letter) for letter in self.letters}


def _text(data: dict[str, Any], name: str, longest: int = 600) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise Refused(400, f"{name} must be text of 1 to {longest} characters")
    return value


class Collector:
    """The questions and their votes; every method returns JSON-able data or raises :class:`Refused`."""

    def __init__(self, *, flood: int = FLOOD) -> None:
        if isinstance(flood, bool) or not isinstance(flood, int) or flood < 1:
            raise InputError(f"flood must be a whole number of votes, 1 or more, not {flood!r}")
        self.flood = flood
        self.questions: dict[str, _Question] = {}
        self.by_id: dict[str, str] = {}
        self.sent: dict[str, deque[float]] = {}

    # --- the presenter ------------------------------------------------------------------
    def open(self, data: Any) -> dict[str, str]:
        if not isinstance(data, dict):
            raise Refused(400, "a question must be a JSON object (id, prompt, options, answer, why, stands_for)")
        qid, prompt = _text(data, "id", 40), _text(data, "prompt")
        options = data.get("options")
        if not isinstance(options, list) or not 2 <= len(options) <= 4 or not all(
                isinstance(o, dict) and isinstance(o.get("letter"), str) and isinstance(o.get("text"), str)
                and len(o["text"]) <= 200 for o in options):
            raise Refused(400, "options must be 2 to 4 objects {letter, text}")
        letters = tuple(o["letter"] for o in options)
        if letters != tuple("ABCD"[: len(letters)]):
            raise Refused(400, f"options must be lettered A, B, ... in order, not {list(letters)}")
        answer = data.get("answer")
        if answer not in letters:
            raise Refused(400, f"answer must be one of the options' letters {list(letters)}")
        link = data.get("link")
        if link is not None and (not isinstance(link, str) or not link.startswith(("http://", "https://"))):
            raise Refused(400, "link must be an http(s) address or null")
        if len(self.questions) >= MAX_QUESTIONS:
            oldest = next((c for c, q in self.questions.items() if q.closed), None)
            if oldest is None:
                raise Refused(503, f"{MAX_QUESTIONS} questions are open: close some first")
            del self.questions[oldest]
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        while code in self.questions:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        kept: dict[str, Any] = {"id": qid, "prompt": prompt, "options": [{"letter": o["letter"], "text": o["text"]} for o in options],
                "answer": answer, "why": data.get("why") if isinstance(data.get("why"), str) else "",
                "stands_for": data.get("stands_for") if isinstance(data.get("stands_for"), dict) else {}, "link": link}
        self.questions[code] = _Question(code, secrets.token_urlsafe(16), kept, letters)
        self.by_id[qid] = code
        return {"code": code, "key": self.questions[code].key}

    def _own(self, code: str, data: Any) -> _Question:
        q = self._find(code)
        key = data.get("key") if isinstance(data, dict) else None
        if not isinstance(key, str) or not secrets.compare_digest(key, q.key):
            raise Refused(403, f"the key does not open question {code}: only the page that opened it may")
        return q

    def tally(self, code: str, data: Any) -> dict[str, Any]:
        q = self._own(code, data)
        return {"code": code, "state": "closed" if q.closed else "open", "round": len(q.rounds),
                "rounds": [{"counts": q.counts(r), "votes": len(q.rounds[r])} for r in range(len(q.rounds))]}

    def close(self, code: str, data: Any) -> dict[str, Any]:
        q = self._own(code, data)
        q.closed = True
        return self.tally(code, data)

    def revote(self, code: str, data: Any) -> dict[str, Any]:
        q = self._own(code, data)
        if not q.closed:
            raise Refused(409, f"question {code} is still open: close the first vote before a re-vote")
        if len(q.rounds) >= ROUNDS:
            raise Refused(409, f"question {code} has had its {ROUNDS} rounds")
        q.rounds.append({})
        q.closed = False
        return self.tally(code, data)

    # --- the room -----------------------------------------------------------------------
    def _find(self, code: str) -> _Question:
        q = self.questions.get(code.upper())
        if q is None:
            raise Refused(404, f"no question has the code {code[:12]!r}: check the code on the screen")
        return q

    def find(self, qid: str) -> dict[str, str]:
        code = self.by_id.get(qid)
        if code is None or code not in self.questions:
            raise Refused(404, f"question {qid[:40]!r} is not open yet: wait for the lecturer to ask it")
        return {"code": code}

    def public(self, code: str) -> dict[str, Any]:
        q = self._find(code)
        out = {"code": q.code, "id": q.data["id"], "prompt": q.data["prompt"], "options": q.data["options"],
               "state": "closed" if q.closed else "open", "round": len(q.rounds), "link": q.data["link"]}
        if q.closed:  # the answer only once the vote is over
            out.update(answer=q.data["answer"], why=q.data["why"], stands_for=q.data["stands_for"])
        return out

    def vote(self, code: str, data: Any, address: str, now: float | None = None) -> dict[str, Any]:
        now = time.monotonic() if now is None else now
        sent = self.sent.setdefault(address, deque())
        while sent and sent[0] <= now - FLOOD_SECONDS:
            sent.popleft()
        if len(sent) >= self.flood:
            raise Refused(429, f"too many votes from this address ({self.flood} in {FLOOD_SECONDS:g} s): wait a minute")
        sent.append(now)
        q = self._find(code)
        if not isinstance(data, dict):
            raise Refused(400, "a vote must be a JSON object {student, option}")
        student, option = data.get("student"), data.get("option")
        if not isinstance(student, str) or not _STUDENT.fullmatch(student):
            raise Refused(400, "student must be the page's id: 1 to 64 letters, digits, - or _")
        if option not in q.letters:
            raise Refused(400, f"unknown option {str(option)[:8]!r}: this question's are {list(q.letters)}")
        if q.closed:
            raise Refused(409, f"question {q.code} is closed: the vote is over")
        votes = q.rounds[-1]
        if student in votes:
            raise Refused(409, f"this student has voted in round {len(q.rounds)} already: one vote each")
        votes[student] = option
        return {"code": q.code, "round": len(q.rounds), "counted": True}


def parse_body(body: bytes) -> Any:
    """A request's JSON body, or :class:`Refused` (413 past :data:`MAX_BODY`, 400 if malformed)."""
    if len(body) > MAX_BODY:
        raise Refused(413, f"the request is {len(body):,} bytes, over the {MAX_BODY:,} taken")
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, "the request is not JSON") from None


def _missing(path: str) -> Any:
    raise Refused(404, f"no such address: {path[:80]} (the API is under /api/questions)")


def make_app(collector: Collector) -> Any:
    """A tornado application serving ``collector`` (tornado is imported here: only the
    server needs it)."""
    import tornado.web

    class Api(tornado.web.RequestHandler):
        def set_default_headers(self) -> None:
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.set_header("Access-Control-Allow-Origin", "*")  # an exported page (file://) or the course site
            self.set_header("Cache-Control", "no-store")

        def options(self, *_args: str) -> None:  # the browser's preflight for a JSON POST
            self.set_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
            self.set_header("Access-Control-Allow-Headers", "Content-Type")
            self.set_header("Access-Control-Allow-Private-Network", "true")
            self.set_status(204)

        def answer(self, make: Any) -> None:
            try:
                out, status = make(), 200
            except Refused as exc:
                out, status = {"error": str(exc)}, exc.status
            self.set_status(status)
            self.finish(json.dumps(out, ensure_ascii=False, sort_keys=True))

        def body(self) -> Any:
            return parse_body(self.request.body)

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            self.finish(json.dumps({"error": self._reason or f"HTTP {status_code}"}))

    class Questions(Api):
        def post(self) -> None:
            self.answer(lambda: collector.open(self.body()))

    class Find(Api):
        def get(self) -> None:
            self.answer(lambda: collector.find(self.get_query_argument("question", "")))

    class One(Api):
        def get(self, code: str) -> None:
            self.answer(lambda: collector.public(code))

    class Votes(Api):
        def post(self, code: str) -> None:
            self.answer(lambda: collector.vote(code, self.body(), self.request.remote_ip or "?"))

    class Tally(Api):
        def get(self, code: str) -> None:
            self.answer(lambda: collector.tally(code, {"key": self.get_query_argument("key", "")}))

    class Close(Api):
        def post(self, code: str) -> None:
            self.answer(lambda: collector.close(code, self.body()))

    class Revote(Api):
        def post(self, code: str) -> None:
            self.answer(lambda: collector.revote(code, self.body()))

    class Missing(Api):
        def get(self, *_args: str) -> None:
            self.answer(lambda: _missing(self.request.path))

        def post(self, *_args: str) -> None:
            self.answer(lambda: _missing(self.request.path))

    class Home(tornado.web.RequestHandler):
        def get(self) -> None:
            code = self.get_query_argument("code", "").strip().upper()
            if code:
                self.redirect(f"/c/{tornado.escape.url_escape(code)}")
                return
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(_HOME)

    class Code(tornado.web.RequestHandler):
        def get(self, code: str) -> None:
            try:
                q = collector.public(code)
            except Refused as exc:
                self.set_status(exc.status)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.finish(_HOME.replace("<!--error-->", f"<p>{tornado.escape.xhtml_escape(str(exc))}</p>"))
                return
            if q["link"]:
                self.redirect(q["link"])  # the stepper at that step, with the question
                return
            self.set_header("Content-Type", "text/html; charset=utf-8")
            data = json.dumps(q, ensure_ascii=False).replace("</", "<\\/")  # (a script's text ends at </)
            self.finish(_VOTE.replace("{{question}}", data))

    import tornado.escape

    return tornado.web.Application([
        (r"/api/questions", Questions),
        (r"/api/find", Find),
        (r"/api/questions/([A-Za-z0-9]{1,12})", One),
        (r"/api/questions/([A-Za-z0-9]{1,12})/votes", Votes),
        (r"/api/questions/([A-Za-z0-9]{1,12})/tally", Tally),
        (r"/api/questions/([A-Za-z0-9]{1,12})/close", Close),
        (r"/api/questions/([A-Za-z0-9]{1,12})/revote", Revote),
        (r"/api/(.*)", Missing),
        (r"/", Home),
        (r"/c/([A-Za-z0-9]{1,12})", Code),
    ])


_HOME = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>negaviz: vote</title></head>
<body style="font: 20px sans-serif; margin: 2em"><h1>Vote</h1><!--error-->
<form action="/" method="get"><label>Code on the screen <input name="code" size="6" autofocus
autocomplete="off" style="font-size: 1.2em; text-transform: uppercase"></label> <button>go</button></form></body></html>
"""

_VOTE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>negaviz: vote</title></head>
<body style="font: 20px sans-serif; margin: 2em"><p id="prompt"></p><div id="options"></div><p id="status" role="status"></p>
<script type="application/json" id="question">{{question}}</script>
<script>
const q = JSON.parse(document.getElementById("question").textContent);
let me;
try { me = localStorage.getItem("negaviz-student") || Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""); localStorage.setItem("negaviz-student", me); }
catch (_) { me = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(""); }
document.getElementById("prompt").textContent = q.prompt;
for (const o of q.options) {
  const b = document.createElement("button");
  b.textContent = o.letter + "  " + o.text; b.style.fontSize = "1.2em"; b.style.margin = "4px";
  b.onclick = async () => {
    const r = await fetch("/api/questions/" + q.code + "/votes", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ student: me, option: o.letter }) });
    const a = await r.json();
    document.getElementById("status").textContent = r.ok ? o.letter + " \\u2713" : a.error;
  };
  document.getElementById("options").append(b);
}
</script></body></html>
"""
