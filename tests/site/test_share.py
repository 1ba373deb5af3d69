"""share(): a link to the course site's REPL that records the tree with the trace's
algorithm and options and shows its stepper.  The code the link carries is run here, as
the site's kernel runs it, and its stepper's trace must equal the shared one; link
lengths are measured on 200-node trees (opening a link in a built site, offline, is
``test_site_browser.py``)."""

from __future__ import annotations

import random
import re

import pytest

import negaviz
from negaviz.errors import InputError
from negaviz.site.share import LIMIT, SHORT, share, shared_code
from negaviz.widgets import StepperWidget

TEXTBOOK = "A(B(D:7 E:5) C(F:3 G:1 H:9))"
SITE = "https://www.example.edu/~lecturer/cs440/"


def run(link: str) -> StepperWidget:
    """Run the link's code as the REPL does: its last line's value is what it shows."""
    code = shared_code(link)
    *body, last = code.splitlines()
    namespace: dict[str, object] = {}
    exec("\n".join(body), namespace)  # the lines a REPL cell runs before the one it shows
    shown = eval(last, namespace)
    assert isinstance(shown, StepperWidget)
    return shown


def same(a: negaviz.Trace, b: negaviz.Trace) -> bool:
    return ([tuple(e) for e in a.events] == [tuple(e) for e in b.events]
            and [a.label(n.id) for n in a.nodes] == [b.label(n.id) for n in b.nodes])


@pytest.mark.parametrize("options", [
    {"algorithm": "alphabeta"}, {"algorithm": "minimax"}, {"algorithm": "pvs", "fail_hard": True},
    {"algorithm": "alphabeta", "window": (-float("inf"), 4)}, {"algorithm": "negamax", "depth": 1},
])
def test_the_link_opens_the_same_search(options: dict[str, object]) -> None:
    tree = negaviz.Tree.parse("A:0(B:2(D:7 E:5) C:-1(F:3 G:1 H:9))" if "depth" in options else TEXTBOOK)
    trace = negaviz.record(tree, **options)  # type: ignore[arg-type]
    w = run(share(trace, site=SITE))
    try:
        assert same(w.trace, trace) and w.trace.result.options == trace.result.options  # type: ignore[union-attr]
    finally:
        w.close()


def test_a_tree_a_subtree_and_options_given_with_a_tree() -> None:
    tree = negaviz.Tree.parse(TEXTBOOK)
    w = run(share(negaviz.record(tree, "C", algorithm="alphabeta"), site=SITE))
    assert same(w.trace, negaviz.record(tree, "C", algorithm="alphabeta"))
    w.close()
    w = run(share(tree, site=SITE.rstrip("/"), algorithm="minimax"))
    assert same(w.trace, negaviz.record(tree, algorithm="minimax"))
    w.close()
    assert share(tree, site=SITE).startswith(SITE + "repl/index.html?kernel=python&toolbar=1&code=import+negaviz")


def _tree(nodes: int, seed: int) -> negaviz.Tree:
    """A random tree of exactly ``nodes`` nodes, leaves of three-digit negative values."""
    rng = random.Random(seed)
    children: list[list[int]] = [[]]
    while len(children) < nodes:
        inner = [i for i, c in enumerate(children) if c] or [0]
        parent = rng.choice(inner + [rng.randrange(len(children))])
        children[parent].append(len(children))
        children.append([])
    labels = [_name(i) for i in range(nodes)]
    values = [None if c else -rng.randrange(100, 1000) for c in children]
    return negaviz.Tree(labels, children, values)


def _name(i: int) -> str:
    name, i = "", i + 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


def test_links_to_200_node_trees_stay_short_and_huge_ones_are_refused() -> None:
    lengths = [len(share(_tree(200, seed), site=SITE, algorithm="alphabeta")) for seed in range(10)]
    print(f"\n200-node trees (3-digit values): links of {min(lengths)} to {max(lengths)} characters")
    assert max(lengths) <= SHORT
    with pytest.raises(InputError, match=r"^the link would be [0-9,]+ characters, over the 8,000 web servers accept "
                                         r"\(1500 nodes\): share a smaller tree, or export a page") as caught:
        share(_tree(1500, 0), site=SITE)
    assert "\n" not in str(caught.value) and LIMIT == 8000


@pytest.mark.parametrize("call, message", [
    (lambda: share(negaviz.record(negaviz.TicTacToe(), depth=1), site=SITE), "share needs a textbook tree"),
    (lambda: share("A(B:1)", site=SITE), "share needs a negaviz.Tree or a trace of one, not str"),  # type: ignore[arg-type]
    (lambda: share(negaviz.Tree.parse(TEXTBOOK), site="example.edu/cs440"), "site must be the course site's address"),
    (lambda: share(negaviz.Tree.parse(TEXTBOOK), site=SITE, algorithm="best"), "unknown algorithm"),
    (lambda: share(negaviz.record(negaviz.Tree.parse(TEXTBOOK)), site=SITE, tt=True), "share takes search options with a tree only"),
    (lambda: shared_code(SITE), "not a share\\(\\) link"),
])
def test_bad_input_is_one_line(call: object, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        call()  # type: ignore[operator]
    assert "\n" not in str(caught.value)


# ------------------------------------------------------------------ the site's address: one rule
# share()'s rule (its docstring): spaces around the address and a fragment are dropped,
# the folder's name is percent-encoded; a query, a user name or password, a bad port,
# a space in the host, a backslash or a control character is refused in one line.
FOLDERS = ["cs440", "~lecturer/cs440", "my course", "Kurs für KI", "a%20b", "x/y/z", "", "(2025) a+b"]


@pytest.mark.parametrize("folder", FOLDERS)
@pytest.mark.parametrize("around", ["{}", "{}/", "  {}/\n", "{}/#top", "{}#", "\t{}/\r\n"])
def test_a_link_opens_the_sites_repl_whatever_the_address_looks_like(folder: str, around: str) -> None:
    import urllib.parse

    site = around.format(f"https://example.edu/{folder}".rstrip("/") if folder else "https://example.edu")
    link = share(negaviz.Tree.parse(TEXTBOOK), site=site)
    parts = urllib.parse.urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.fragment) == ("https", "example.edu", "")
    # the path the server is asked for is the folder's own, then the REPL's page
    want = "/" + urllib.parse.unquote(folder).strip("/") + ("/" if folder else "") + "repl/index.html"
    assert urllib.parse.unquote(parts.path) == want.replace("//", "/"), (site, link)
    assert all(c.isascii() and c.isprintable() and c != " " for c in link), link  # a link, not text with spaces
    assert urllib.parse.parse_qs(parts.query)["kernel"] == ["python"]
    assert shared_code(link).startswith("import negaviz\n")


@pytest.mark.parametrize("site, words", [
    ("https://example.edu/cs440/?x=1", "has a query"),
    ("https://example.edu/cs440/lab/index.html?path=a.ipynb", "has a query"),
    ("https://example.edu/cs440/?", "has a query"),
    ("https://me:secret@example.edu/cs440/", "user name or password"),
    ("https://example.edu:99999/cs440/", "is not a web address"),
    ("https://exa mple.edu/cs440/", "spaces, backslashes or control characters"),
    ("https://example.edu/cs\\440/", "spaces, backslashes or control characters"),
    ("https://example.edu/cs\n440/", "spaces, backslashes or control characters"),
    ("https://example.edu/cs\t440/", "spaces, backslashes or control characters"),
    ("ftp://example.edu/cs440/", "starting http:// or https://"),
    ("https:///cs440/", "starting http:// or https://"),
    ("", "starting http:// or https://"),
])
def test_an_address_no_link_can_be_made_from_is_refused_in_one_line(site: str, words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)) as caught:
        share(negaviz.Tree.parse(TEXTBOOK), site=site)
    assert "\n" not in str(caught.value) and "e.g. https://example.edu/cs440/" in str(caught.value)


# ------------------------------------------------------------------ a link only for a search that runs
OPTION_SETS = [
    {}, {"algorithm": "minimax"}, {"algorithm": "negamax", "depth": 1}, {"algorithm": "alphabeta", "depth": 2},
    {"algorithm": "id"}, {"algorithm": "id", "depth": 1}, {"algorithm": "mtdf"}, {"algorithm": "mtdf", "depth": 1},
    {"algorithm": "pvs", "depth": 1, "fail_hard": True}, {"algorithm": "id", "aspiration": 2.5},
    {"symmetry": True}, {"forced": True}, {"bounds": True}, {"order": "heuristic"}, {"stop_at_win": True},
    {"tt": True, "tt_size": 2, "tt_replace": "depth"}, {"max_nodes": 3},
]


@pytest.mark.parametrize("text", [TEXTBOOK, "A:0(B:2(D:7 E:5) C:-1(F:3 G:1 H:9))", "A(B:1(D:7 E:5) C(F:3 G:1))"])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "none")
def test_share_makes_a_link_exactly_when_its_code_runs(text: str, options: dict[str, object]) -> None:
    """Whether share() gives a link is whether the link's code runs (here, as the REPL runs
    it), for every option: a depth limit on a tree without inner values is refused."""
    tree = negaviz.Tree.parse(text)
    try:
        link = share(tree, site=SITE, **options)
    except InputError as refused:
        assert "\n" not in str(refused)
        with pytest.raises(InputError):
            run_code_of(tree, options)
        return
    w = run(link)
    try:
        assert same(w.trace, negaviz.record(tree, **options))  # type: ignore[arg-type]
    finally:
        w.close()


def run_code_of(tree: negaviz.Tree, options: dict[str, object]) -> None:
    """What the link's code would run, had share() made one."""
    negaviz.record(tree, **options)  # type: ignore[arg-type]
