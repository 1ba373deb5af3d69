"""What a stepper page carries for votes (negaviz.quiz.vote.vote_page through Scene): the
presenter's questions with their follow links and QR codes; a follower's question with
nothing that tells the answer; the one address a page may talk to."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.export import export_html
from negaviz.frontend.qr import qr_modules, qr_rows
from negaviz.frontend.scene import Scene
from negaviz.quiz.vote import PUBLIC, vote_question, vote_questions
from negaviz.site.share import shared_code
from negaviz.widgets import StepperWidget

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
SITE = "https://example.edu/cs440/"


@pytest.fixture(scope="module")
def trace() -> negaviz.Trace:
    return negaviz.record(negaviz.Tree.parse(TEXTBOOK), algorithm="alphabeta")


def test_a_presenters_page_carries_every_question_its_link_and_qr_code(trace: negaviz.Trace) -> None:
    vote = Scene(trace, vote="presenter", site=SITE, collector="http://10.0.0.5:8765/").data()["vote"]
    assert vote["role"] == "presenter" and vote["collector"] == "http://10.0.0.5:8765"
    assert [q["id"] for q in vote["questions"]] == [q["id"] for q in vote_questions(trace)]
    for q in vote["questions"]:
        code = shared_code(q["link"])
        assert code.splitlines()[-1].endswith(
            f"step={q['q']}, vote={q['id']!r}, collector='http://10.0.0.5:8765')")
        assert q["qr"] == qr_rows(q["link"]) and len(q["qr"]) in range(21, 178, 4)
    again = Scene(trace, vote="presenter", site=SITE, collector="http://10.0.0.5:8765").data()["vote"]
    assert again == vote  # the same bytes for the same input


def test_the_qr_code_reads_back_as_its_version_and_size() -> None:
    text = "https://example.edu/cs440/repl/index.html?code=x"
    rows = qr_modules(text)
    assert len(rows) in range(21, 178, 4) and all(len(r) == len(rows) for r in rows)
    as_hex = qr_rows(text)  # the page's data: each row's bits, read back
    assert [[b == "1" for b in f"{int(h, 16):0{len(h) * 4}b}"[: len(rows)]] for h in as_hex] == rows
    # the three finder patterns: dark 7x7 rings at three corners
    for top, left in ((0, 0), (0, len(rows) - 7), (len(rows) - 7, 0)):
        ring = [rows[top + i][left + j] for i in range(7) for j in range(7) if i in (0, 6) or j in (0, 6)]
        assert all(ring)


def test_a_followers_page_holds_the_question_and_not_the_answer(trace: negaviz.Trace, tmp_path: Path) -> None:
    q = vote_question(trace, "v:C")
    vote = Scene(trace, vote="v:C", collector="http://127.0.0.1:9").data()["vote"]
    assert vote["role"] == "follower" and tuple(vote["question"]) == PUBLIC
    text = json.dumps({k: v for k, v in vote.items() if k != "words"}, ensure_ascii=False)  # (words: the page's)
    assert set(vote) == {"role", "question", "collector", "words"}
    assert not re.search(r'"(answer|why|stands_for|reveal)"', text)
    assert q["why"] not in text and all(s["title"] not in text for ss in q["stands_for"].values() for s in ss)
    page = export_html(trace, tmp_path / "f.html", vote="v:C", collector="http://127.0.0.1:9").path.read_text()
    csp = re.search(r'Content-Security-Policy" content="([^"]*)"', page)
    assert csp and csp.group(1).endswith("; connect-src http://127.0.0.1:9")
    plain = export_html(trace, tmp_path / "p.html", vote="presenter").path.read_text()
    assert "connect-src" not in plain  # no collector: the page requests nothing


def test_the_widget_takes_the_same_vote(trace: negaviz.Trace) -> None:
    w = StepperWidget(trace, vote="v:C", step=15, collector="http://127.0.0.1:9")
    assert w.scene.vote is not None and w.scene.vote["question"]["id"] == "v:C" and w.step == 15
    p = StepperWidget(trace, vote="presenter")
    assert p.scene.vote is not None and all("link" not in q for q in p.scene.vote["questions"])


@pytest.mark.parametrize("kw, words", [
    ({"vote": "presenter", "practice": "steps"}, "practises or votes"),
    ({"site": SITE}, "give vote='presenter'"),
    ({"vote": "v:C", "site": SITE}, "give vote='presenter' with it"),
    ({"vote": "v:Z"}, "no question 'v:Z'"),
    ({"vote": 3}, "question's id"),
    ({"vote": "presenter", "collector": "10.0.0.5:8765"}, "collector must be the address"),
    ({"vote": "presenter", "collector": "http://10.0.0.5:8765/path"}, "collector must be the address"),
    ({"vote": "presenter", "site": "ftp://x"}, "site must be the course site's address"),
])
def test_bad_vote_arguments_are_refused_in_one_line(trace: negaviz.Trace, kw: dict, words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)) as seen:
        Scene(trace, **kw)
    assert "\n" not in str(seen.value)


def test_questions_are_asked_in_the_pages_view_and_a_follow_link_opens_in_it(trace: negaviz.Trace) -> None:
    p = StepperWidget(trace, vote="presenter", perspective="minimax", site=SITE).scene.vote
    assert p is not None
    assert [q["prompt"] for q in p["questions"]] == [q["prompt"] for q in vote_questions(trace, perspective="minimax")]
    assert any("(minimax)" in q["prompt"] for q in p["questions"])
    assert all(shared_code(q["link"]).endswith(", perspective='minimax')") for q in p["questions"])
    f = StepperWidget(trace, vote="v:C", step=15, perspective="minimax").scene.vote
    assert f is not None and f["question"] == {k: vote_question(trace, "v:C", perspective="minimax")[k] for k in PUBLIC}
    with pytest.raises(InputError, match="vote_perspective must be one of"):
        Scene(trace, vote="presenter", vote_perspective="max")
