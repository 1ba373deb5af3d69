"""Share an exercise as a link: the course site's REPL opens with the tree and its stepper.

:func:`share` writes the few lines that record the tree with the algorithm and options of
the trace, and show its stepper, into a link to the REPL of a course site built with
``negaviz site`` (JupyterLite: its REPL runs the ``code`` of its address when it opens).
Nothing is stored anywhere: the link is the exercise.  Spaces are written ``+`` and the
tree's punctuation as it is, so a link is about the tree's text and 160 characters more
(a 200-node tree: about 1,200 characters; see ``benchmarks/bench_edit.py``).

Browsers take far longer addresses (Chromium: 2 MB), but web servers stop at about 8 KB
for a request line (nginx's default 8 KB, Apache's 8,190 bytes), so a link longer than
:data:`LIMIT` is refused in one line that says what to do instead: an exported page
(``negaviz export``) carries the tree's text and a *copy tree* button.  Links up to
:data:`SHORT` characters also survive the places that cut long addresses (some mail
programs and forums).

>>> import negaviz
>>> link = share(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), site="https://example.edu/cs440/")
>>> link.split("code=")[0]
'https://example.edu/cs440/repl/index.html?kernel=python&toolbar=1&'
>>> print(shared_code(link))
import negaviz
from negaviz.widgets import StepperWidget
tree = negaviz.Tree.parse('A(B(D:7 E:5) C(F:3 G:1 H:9))')
StepperWidget(negaviz.record(tree, algorithm='alphabeta'))
"""

from __future__ import annotations

import math
import urllib.parse
from dataclasses import fields
from typing import Any

from negaviz.errors import InputError
from negaviz.games.tree import Tree
from negaviz.search.options import SearchOptions
from negaviz.trace.trace import Trace

__all__ = ["share", "shared_code"]  # site_base: the address rule, for tests and share

LIMIT = 8000
"""The longest link :func:`share` gives, in characters: web servers refuse longer request lines."""
SHORT = 2000
"""Links up to this long pass everywhere, old browsers and link-cutting mail programs included."""
_SAFE = "():,'/*!~"
"""Characters a query string may carry as they are (URLSearchParams reads them back so)."""


def _literal(value: Any) -> str:
    """``value`` as Python source (infinite floats included)."""
    if isinstance(value, float) and math.isinf(value):
        return "float('inf')" if value > 0 else "-float('inf')"
    if isinstance(value, tuple):
        return "(" + ", ".join(_literal(v) for v in value) + ")"
    return repr(value)


def _code(tree: Tree, root: int, options: SearchOptions, stepper: str = "") -> str:
    """The cell the REPL runs: the tree, its search with only the options that differ from
    the defaults (the algorithm always), and its stepper (with ``stepper``'s arguments)."""
    default = SearchOptions()
    args = [repr(tree.labels[root])] if root != tree.root else []
    # The cut rule is written whenever it is the strict one: the site may not share the
    # conventions (negaviz.toml) of the course the link was made in.
    args += [f"{f.name}={_literal(getattr(options, f.name))}" for f in fields(SearchOptions)
             if f.name == "algorithm" or getattr(options, f.name) != getattr(default, f.name)
             or f.name == "cut" and options.cut == ">"]
    return ("import negaviz\n"
            "from negaviz.widgets import StepperWidget\n"
            f"tree = negaviz.Tree.parse({tree.text()!r}{', players=1' if tree.players == 1 else ''})\n"
            f"StepperWidget(negaviz.record(tree, {', '.join(args)}){stepper})")


def share(trace_or_tree: Trace | Tree, *, site: str, **options: Any) -> str:
    """A link that opens ``site``'s REPL (a course site: ``negaviz site``) with this tree,
    algorithm and options, and shows its stepper.

    ``trace_or_tree``: a trace of a textbook tree (its options are shared), or a
    :class:`~negaviz.Tree` searched with ``options`` (SearchOptions' names; alpha-beta if
    none).  A tree is searched here first, so that a link is made only for a search that
    runs: options the tree cannot take (a depth limit or iterative deepening on a tree
    whose inner nodes have no heuristic values, ``symmetry`` on a tree, which has none)
    are refused in one line, as ``negaviz.record`` would refuse them in the REPL.

    ``site``: the site's folder address (:func:`site_base` says what is taken): ``http://``
    or ``https://``, a host, and the folder the site was copied to.  Spaces around it (a
    trailing newline) are dropped, a fragment (``#...``) is dropped (it never reaches the
    server), and spaces or other characters in the folder's name are percent-encoded; an
    address with a query (``?...``: a page's address, not the folder's), a user name or
    password, a bad port, or spaces, backslashes or control characters where no encoding
    can mend them is refused, naming what to give instead.
    """
    return _link(trace_or_tree, site, options, "")


def _link(trace_or_tree: Trace | Tree, site: str, options: dict[str, Any], stepper: str) -> str:
    if isinstance(trace_or_tree, Trace):
        game = trace_or_tree.game
        if not isinstance(game, Tree):
            kind = "unknown" if game is None else type(game).__name__
            raise InputError(f"share needs a textbook tree (negaviz.Tree) or a trace of one; this trace's game is {kind}")
        if options:
            raise InputError("share takes search options with a tree only: a trace is shared with its own options")
        if trace_or_tree.result is None:
            raise InputError("share needs a trace from negaviz.record (this one has no search options)")
        tree, root, opts = game, int(trace_or_tree.root), trace_or_tree.result.options
    elif isinstance(trace_or_tree, Tree):
        tree, root, opts = trace_or_tree, trace_or_tree.root, SearchOptions.of(options)
    else:
        raise InputError(f"share needs a negaviz.Tree or a trace of one, not {type(trace_or_tree).__name__}")
    base = site_base(site)
    if isinstance(trace_or_tree, Tree):
        from negaviz.trace import record  # the search the link's code runs, run here first

        try:
            record(tree, options=opts)
        except InputError as exc:
            raise InputError(f"share makes no link for a search that cannot run: {exc}") from None
    scheme, netloc, path = base
    query = urllib.parse.urlencode([("kernel", "python"), ("toolbar", "1"), ("code", _code(tree, root, opts, stepper))],
                                   safe=_SAFE, quote_via=urllib.parse.quote_plus)
    link = urllib.parse.urlunsplit((scheme, netloc, path + "repl/index.html", query, ""))
    if len(link) > LIMIT:
        raise InputError(f"the link would be {len(link):,} characters, over the {LIMIT:,} web servers accept "
                         f"({len(tree.labels)} nodes): share a smaller tree, or export a page (negaviz export), "
                         "which carries the tree's text and a copy tree button")
    return link


_SITE_EXAMPLE = "e.g. https://example.edu/cs440/"


def site_base(site: object) -> tuple[str, str, str]:
    """The scheme, host (and port) and folder path (ending in ``/``, percent-encoded) of a
    course site's address, by the rule :func:`share` states; InputError otherwise.

    >>> site_base("https://example.edu/my course#top\\n")
    ('https', 'example.edu', '/my%20course/')
    """
    if not isinstance(site, str):
        raise InputError(f"site must be the course site's address (a str), not {type(site).__name__}")
    given = site.strip()
    shown = given if len(given) <= 60 else given[:57] + "..."
    try:
        parts = urllib.parse.urlsplit(given)
        port = parts.port  # a bad port is a ValueError here
    except ValueError:
        raise InputError(f"site {shown!r} is not a web address ({_SITE_EXAMPLE})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InputError(f"site must be the course site's address, starting http:// or https://, not {shown!r} "
                         f"({_SITE_EXAMPLE})")
    if parts.username is not None or parts.password is not None:
        raise InputError(f"site {shown!r} holds a user name or password: give the site's public address "
                         f"({_SITE_EXAMPLE})")
    if parts.query or given.split("#", 1)[0].endswith("?"):
        raise InputError(f"site {shown!r} has a query ('?...'): give the site's folder, where negaviz site put it, "
                         f"not a page's address ({_SITE_EXAMPLE})")
    if any(c.isspace() for c in parts.netloc) or any(ord(c) < 32 or c in "\\\x7f" for c in given):
        # (urlsplit drops tabs and newlines inside an address: seen in the text as given)
        raise InputError(f"site {shown!r} holds spaces, backslashes or control characters that no link can carry "
                         f"({_SITE_EXAMPLE})")
    try:
        host = parts.hostname.encode("idna").decode("ascii")
    except UnicodeError:
        raise InputError(f"site {shown!r} has a host name that is not a web address ({_SITE_EXAMPLE})") from None
    netloc = f"[{host}]" if ":" in host else host  # an IPv6 address keeps its brackets
    if port is not None:
        netloc += f":{port}"
    path = urllib.parse.quote(parts.path, safe="/%:@!$&'()*+,;=~")  # spaces, é: encoded; %20 kept as it is
    return parts.scheme, netloc, path if path.endswith("/") else path + "/"


def follow_link(trace: Trace, *, site: str, step: int, question: str, collector: str | None = None,
                perspective: str = "negamax") -> str:
    """A link that opens ``site``'s REPL with ``trace``'s stepper at ``step``, asking the
    vote question ``question`` (:mod:`negaviz.quiz.vote`: the follower's page, which shows
    the question and its options, not the answer) and sending the vote to ``collector``
    (``negaviz class serve``'s address) if given, in ``perspective`` (the view the question
    is asked in).

    >>> import negaviz
    >>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
    >>> print(shared_code(follow_link(trace, site="https://example.edu/cs440/", step=15, question="v:C")).splitlines()[-1])
    StepperWidget(negaviz.record(tree, algorithm='alphabeta'), step=15, vote='v:C')
    """
    extra = (f", step={int(step)}, vote={question!r}" + (f", collector={collector!r}" if collector else "")
             + (f", perspective={perspective!r}" if perspective != "negamax" else ""))
    return _link(trace, site, {}, extra)


def shared_code(link: str) -> str:
    """The code a :func:`share` link runs (as the REPL reads it: URLSearchParams)."""
    if not isinstance(link, str):
        raise InputError(f"link must be a share() link (a str), not {type(link).__name__}")
    query = urllib.parse.urlsplit(link).query
    codes = urllib.parse.parse_qs(query).get("code")
    if not codes:
        raise InputError(f"not a share() link: it has no code= part ({link[:60]!r})")
    return codes[0]
