"""Questions for a room to vote on: one step, one question, at most four lettered options.

A lecturer stops the stepper at a step and asks the room one question of a kind practice
already asks (:mod:`negaviz.quiz.schedule` says when each applies): which node is entered
next (``next``), which of a node's moves are never tried (``cut``), what a node returns
(``value``), with which window a node is entered (``window``).  The right answer is the
answer key's (:func:`negaviz.quiz.grading.answer_keys`); each wrong option is the answer a
named misconception of the catalogue gives (the key's per-mistake tables,
:mod:`negaviz.quiz.mistakes`), or where too few of them differ from the right one, a named
slip (``words.json``'s ``vote.slips``).  Several mistakes that give the same answer share
its option.  The right answer takes a place drawn from ``seed`` and the question's id, so
the same question is lettered the same way every time, and not always alike.

Everything is decided here; the page only shows it.  :func:`public` is what a follower's
page may carry: the question and its options, nothing that tells which is right.

>>> from negaviz import record
>>> trace = record(Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> q = vote_question(trace, "v:C", seed=1)
>>> q["prompt"], [(o["letter"], o["text"]) for o in q["options"]]
('What does C return?', [('A', '3'), ('B', '−3'), ('C', '−1')])
>>> q["answer"], [s["id"] for s in q["stands_for"]["A"]], [s["id"] for s in q["stands_for"]["C"]]
('B', ['negation'], ['bound', 'continue'])

(−5, fail-hard's bound, is right too, so it is no wrong option.)
>>> sorted(public(q))
['id', 'kind', 'name', 'options', 'prompt', 'q']
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import Any

from negaviz.analysis.steps import sign
from negaviz.checks import check_seed
from negaviz.errors import InputError
from negaviz.games.tree import Tree
from negaviz.quiz.grading import answer_keys, check_gradable
from negaviz.quiz.key import Key
from negaviz.quiz.reading import canonical, canonical_window
from negaviz.quiz.schedule import RANK, _Facts
from negaviz.quiz.words import WORDS, fill
from negaviz.trace.names import qualified
from negaviz.trace.trace import Trace
from negaviz.vocabulary import Perspective, check_perspective, fmt

__all__: list[str] = []  # reached through the stepper's presenter mode and `negaviz class`

VOTE_KINDS = ("next", "cut", "value", "window")
"""The kinds of question a room votes on (practice's, less those of boards and tables)."""
_W = WORDS["vote"]
_SLIPS = _W["slips"]
LETTERS: str = _W["letters"]
"""The options' letters, for a show of hands or cards: at most four options."""
PUBLIC = ("id", "kind", "name", "q", "prompt", "options")
"""What a follower's page carries of a question: nothing that tells the answer."""


def vote_questions(trace: Trace, *, perspective: Perspective = "negamax", seed: int = 0) -> list[dict[str, Any]]:
    """Every question the room can vote on in ``trace`` (a textbook tree searched by
    negamax, minimax or alpha-beta), in the order of the steps they are asked at: each as
    :func:`vote_question` gives it.  A question with no wrong answer to offer (none of the
    mistakes and slips differs from the right one) is left out."""
    keys, view = _keys(trace, perspective)
    seed = check_seed(seed)
    facts = _Facts(trace, keys)
    out = []
    for kind in VOTE_KINDS:
        if kind == "window" and not keys[view].windows:
            continue
        for c in facts.candidates(kind):
            qid = f"{kind[0]}:{c.name if kind != 'next' else c.q}"
            q = _build(trace, keys[view], view, kind, c.name, c.q, seed, qid)
            if q is not None:
                out.append(q)
    out.sort(key=lambda q: (q["q"], RANK[q["kind"]]))
    return out


def vote_question(trace: Trace, qid: str, *, perspective: Perspective = "negamax", seed: int = 0) -> dict[str, Any]:
    """The question ``qid`` of ``trace``: ``v:NAME`` (what NAME returns), ``w:NAME`` (its
    window), ``c:NAME`` (its moves never tried), ``n:STEP`` (the node entered next after
    STEP events).  A dict: ``id``, ``kind``, ``name`` (None for ``next``), ``q`` (the step
    it is asked at), ``prompt``, ``options`` (``[{letter, text}]``, two to four),
    ``answer`` (the right letter), ``reveal`` (the step that shows the answer), ``why``,
    and ``stands_for`` (letter of each wrong option -> ``[{id, title, why}]``: the
    mistakes that give it, or the slip).  InputError for an id that names no such
    question, naming what is allowed."""
    if not isinstance(qid, str) or ":" not in qid:
        raise InputError(f"question must be an id such as 'v:C', 'w:C', 'c:C' or 'n:9', not {qid!r}")
    for q in vote_questions(trace, perspective=perspective, seed=seed):
        if q["id"] == qid:
            return q
    some = [q["id"] for q in vote_questions(trace, perspective=perspective, seed=seed)]
    raise InputError(f"no question {qid!r} in this search (there are: {', '.join(some) or 'none'})")


def twin_tree(tree: Tree, *, seed: int) -> Tree:
    """An isomorphic tree for a re-vote (Peer Instruction): the same shape and names, other
    numbers in the same order (ties kept, drawn from ``seed``), so that every comparison
    the search makes comes out the same: the same cutoffs, the same questions, the same
    concept, and answers a student cannot carry over from the first vote.

    >>> from negaviz import record
    >>> tree = Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))")
    >>> twin = twin_tree(tree, seed=2)
    >>> twin.text(), record(twin, algorithm="alphabeta").pruned_labels()
    ('A(B(D:4 E:2) C(F:-7 G:-8 H:8))', ['G', 'H'])
    """
    if not isinstance(tree, Tree):
        raise InputError(f"twin_tree needs a negaviz.Tree, not {type(tree).__name__}")
    seed = check_seed(seed)
    if tree.players != 2 or any(p is not None for p in tree.probabilities):
        raise InputError("twin_tree takes a tree with no chance nodes (its numbers are compared, not averaged)")
    numbers = sorted({v for v in tree.values if v is not None})
    span = 9 if len(numbers) <= 19 else 99 if len(numbers) <= 199 else 999
    if len(numbers) > 2 * span + 1:
        raise InputError(f"twin_tree takes at most {2 * span + 1} different numbers, not {len(numbers)}")
    rng = random.Random(seed)
    drawn = sorted(rng.sample(range(-span, span + 1), len(numbers)))
    if drawn == numbers:  # (the same numbers again: draw once more)
        drawn = sorted(rng.sample(range(-span, span + 1), len(numbers)))
    new = dict(zip(numbers, drawn))
    return Tree(tree.labels, tree.children, [None if v is None else new[v] for v in tree.values])


def public(question: dict[str, Any]) -> dict[str, Any]:
    """What a follower's page may carry of ``question``: :data:`PUBLIC`, not the answer."""
    return {k: question[k] for k in PUBLIC}


def _keys(trace: Trace, perspective: Any) -> tuple[dict[Perspective, Key], Perspective]:
    check_gradable(trace)
    view = check_perspective(perspective)
    if not trace.names.textbook:
        game = type(trace.game).__name__ if trace.game is not None else "unknown"
        raise InputError(f"votes are asked on a textbook tree (negaviz.Tree); this trace's game is {game}")
    return dict(answer_keys(trace)), view


# ------------------------------------------------------------------- one question
class _Options:
    """The right answer and the wrong ones, each once, in the order they were offered."""

    def __init__(self, right: str) -> None:
        self.right = right
        self.wrong: dict[str, list[dict[str, str]]] = {}

    def offer(self, text: str | None, who: dict[str, str]) -> None:
        if text is None or text == self.right:
            return
        self.wrong.setdefault(text, []).append(who)


def _mistake(m_id: str, key: Key) -> dict[str, str]:
    title, why = key.titles()[m_id]
    return {"id": m_id, "title": title, "why": why}


def _slip(s_id: str, words: list[str]) -> dict[str, str]:
    """A slip's entry: its id and words (``_SLIPS[s_id]``, looked up where it is offered)."""
    title, why = words
    return {"id": s_id, "title": title, "why": why}


def _build(trace: Trace, key: Key, view: Perspective, kind: str, name: str | None, q: int, seed: int,
           qid: str) -> dict[str, Any] | None:
    maker: Callable[..., tuple[_Options, str, int] | None] = {
        "value": _value, "window": _window, "cut": _cut, "next": _next}[kind]
    made = maker(trace, key, view, name, q)
    if made is None:
        return None
    opts, why, reveal = made
    wrong = list(opts.wrong.items())[: len(LETTERS) - 1]
    if not wrong:
        return None
    rng = random.Random(seed * 1_000_003 + zlib.crc32(qid.encode()))
    texts = [t for t, _ in wrong]
    at = rng.randrange(len(texts) + 1)
    texts.insert(at, opts.right)
    ask = WORDS["steps"]["ask"][kind]
    prompt = fill(ask, name=name, view=WORDS["steps"]["view"][view].get(kind, ""))
    stands = {LETTERS[i]: opts.wrong[t] for i, t in enumerate(texts) if i != at}
    return {"id": qid, "kind": kind, "name": name, "q": q, "prompt": prompt,
            "options": [{"letter": LETTERS[i], "text": t} for i, t in enumerate(texts)],
            "answer": LETTERS[at], "reveal": reveal, "why": why, "stands_for": stands}


def _value(trace: Trace, key: Key, view: Perspective, name: str, q: int) -> tuple[_Options, str, int]:
    want = key.values[name]
    opts = _Options(fmt(want["value"]))
    accepted = set(want["accept"])
    for m_id, table in key.mistakes.items():
        v = table["values"].get(name)
        if v is not None and canonical(v) not in accepted:
            opts.offer(fmt(v), _mistake(m_id, key))
    nid = {n: i for i, n in key.ids.items()}[name]
    node = trace.nodes[nid]
    s = sign(trace, nid, view)
    lo, hi = (node.alpha, node.beta) if s > 0 else (-node.beta, -node.alpha)
    for edge, slip in ((lo, _slip("alpha", _SLIPS["alpha"])), (hi, _slip("beta", _SLIPS["beta"]))):
        if canonical(edge) not in accepted and abs(edge) != float("inf"):
            opts.offer(fmt(edge), slip)
    return opts, want["why"], want["step"]


def _window_text(w: tuple[float, float]) -> str:
    return f"({fmt(w[0])}, {fmt(w[1])})"


def _window(trace: Trace, key: Key, view: Perspective, name: str, q: int) -> tuple[_Options, str, int]:
    want = key.windows[name]
    opts = _Options(_window_text(want["window"]))
    for m_id, table in key.mistakes.items():
        w = table["windows"].get(name)
        if w is not None and canonical_window(w) != want["accept"]:
            opts.offer(_window_text(w), _mistake(m_id, key))
    nid = {n: i for i, n in key.ids.items()}[name]
    parent = trace.nodes[trace.nodes[nid].parent]
    lo, hi = -parent.beta, -parent.alpha  # the parent's window as entered, α never risen
    s = sign(trace, nid, view)
    opts.offer(_window_text((lo, hi) if s > 0 else (-hi, -lo)), _slip("unrisen", _SLIPS["unrisen"]))
    opts.offer(_window_text((-float("inf"), float("inf"))), _slip("full", _SLIPS["full"]))
    return opts, want["why"], want["step"]


def _children(trace: Trace, name: str) -> list[str]:
    names = trace.names
    root = names.label(0)
    out = []
    for path, _inner in names.unfolded:
        if path and (qualified(path[:-1], names.repeated) if len(path) > 1 else root) == name:
            out.append(qualified(path, names.repeated))
    return out


def _names_text(chosen: list[str]) -> str:
    return ", ".join(chosen) or _W["none"]


def _cut(trace: Trace, key: Key, view: Perspective, name: str, q: int) -> tuple[_Options, str, int]:
    moves = _children(trace, name)
    right = [c for c in moves if c in key.cuts]
    opts = _Options(_names_text(right))
    for m_id, table in key.mistakes.items():
        opts.offer(_names_text([c for c in moves if c in table["cuts"]]), _mistake(m_id, key))
    opts.offer(_names_text([]), _slip("no_cut", _SLIPS["no_cut"]))
    opts.offer(_names_text(moves[1:]), _slip("all_cut", _SLIPS["all_cut"]))
    if right:
        first = key.cuts[right[0]]
        return opts, first["why"], first["step"]
    nid = {n: i for i, n in key.ids.items()}[name]
    return opts, fill(_W["no_cut_why"], name=name), trace.nodes[nid].exit_step + 1


def _next(trace: Trace, key: Key, view: Perspective, name: str | None, q: int) -> tuple[_Options, str, int]:
    shows, want = key.next_entered(q)
    opts = _Options(want or _W["none"])
    order = [qualified(p, trace.names.repeated) if p else trace.names.label(0) for p, _ in trace.names.unfolded]
    parent = {c: p for p in order for c in _children(trace, p)}
    entered = {n: at for at, n in key.entered}
    returned = {key.ids[n.id] for n in trace.nodes if 0 <= n.exit_step < q}
    opened = {key.ids[n.id] for n in trace.nodes if 0 <= n.enter_step < q}
    # the cuts that can matter by step q: of moves of nodes entered by then (the cutoff
    # that ends a node just after its child returns is what the question is about)
    live = {c for c in order[1:] if parent[c] in opened}

    def leftmost(cuts: set[str]) -> str | None:
        """The leftmost node not entered by step q, outside the parts the search is done with
        (returned, or skipped by one of ``cuts``)."""
        for n in order[1:]:
            if entered.get(n, len(trace)) < q:
                continue
            at: str | None = n
            while at is not None and at not in returned and at not in cuts:
                at = parent.get(at)
            if at is None:
                return n
        return None

    for m_id, table in key.mistakes.items():
        guess = leftmost(live & set(table["cuts"]))
        opts.offer(guess or _W["none"], _mistake(m_id, key))
    opts.offer(leftmost(set()) or _W["none"], _slip("leftmost", _SLIPS["leftmost"]))
    opts.offer(_W["none"], _slip("ended", _SLIPS["ended"]))
    why = key.extra[want]["why"] if want is not None and want in key.extra else _W["ended_why"]
    return opts, why, shows



# ------------------------------------------------------------------- the page's data
def check_collector(collector: object, what: str = "collector") -> str | None:
    """``collector`` (``negaviz class serve``'s address, ``http://HOST:PORT``) without a
    trailing slash, or None; InputError for anything else."""
    if collector is None:
        return None
    import urllib.parse

    if isinstance(collector, str):
        parts = urllib.parse.urlsplit(collector.strip())
        try:
            ok = parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port is not None
        except ValueError:
            ok = False
        if ok and not parts.query and not parts.fragment and parts.path in ("", "/") and parts.username is None:
            return f"{parts.scheme}://{parts.netloc}"
    raise InputError(f"{what} must be the address negaviz class serve prints, such as http://10.0.0.5:8765, "
                     f"not {collector!r}")


def vote_page(trace: Trace, vote: object, *, site: object = None, collector: object = None,
              perspective: Perspective = "negamax") -> dict[str, Any]:
    """What a stepper page carries to run votes on ``trace``.

    ``vote="presenter"``: the lecturer's page, with every question (:func:`vote_questions`,
    answers included: the projector shows them once the vote closes) and, given ``site``
    (a course site's address, :func:`negaviz.site.share.share`), each question's follow
    link.  ``vote=`` a question's id (``"v:C"``): a follower's page, with that question's
    :func:`public` part only.  ``collector``: where votes go (``negaviz class serve``);
    without one, the options' letters are for a show of hands or cards, and the
    presenter types the counts.  ``perspective``: the view the questions are asked in
    (the page's first view; a follow link opens in it)."""
    address = check_collector(collector)
    words = {**WORDS["vote"]["page"], "slips": sorted(WORDS["vote"]["slips"])}
    if vote == "presenter":
        questions = vote_questions(trace, perspective=perspective)
        if site is not None:
            from negaviz.site.share import follow_link  # (the site's link rule, in one place)

            for q in questions:
                q["link"] = follow_link(trace, site=str(site), step=q["q"], question=q["id"], collector=address,
                                        perspective=perspective)
        return {"role": "presenter", "questions": questions, "collector": address, "words": words}
    if site is not None:
        raise InputError("site gives the presenter's page its follow links: give vote='presenter' with it")
    if not isinstance(vote, str):
        raise InputError(f"vote must be 'presenter' or a question's id such as 'v:C', not {vote!r}")
    q = vote_question(trace, vote, perspective=perspective)
    return {"role": "follower", "question": public(q), "collector": address, "words": words}
