"""Every option share() accepts, opened in a built course site in Chromium and run.

One site is built (``negaviz site``, one lecture notebook) and served under a sub-path,
offline; each link below is made by ``negaviz.share`` from the served address, written
in one of the ways the rule normalises (a trailing newline, no final slash, a fragment,
spaces around it), and opened cold in the site's REPL.  The page must show the stepper
with the shared search's number of steps, and no error.  Each option ``SearchOptions``
has (and each algorithm) is given, away from its default, in at least one link, and the
test checks that it is so, so a new option cannot be left untried.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import negaviz
from negaviz.search.options import SEARCHES, SearchOptions
from negaviz.site import SiteInfo, build_site

ROOT = Path(__file__).resolve().parents[2]
TREE = "A:0(B:2(D:7 E:5 I:2) C:-1(F:3 G:1 H:9))"  # inner values: depth-limited searches can run
LINKS: list[tuple[dict[str, Any], str]] = [
    ({"algorithm": "minimax", "depth": 1}, "{url}\n"),
    ({"algorithm": "negamax", "order": "heuristic"}, "{url_no_slash}"),
    ({"algorithm": "alphabeta", "window": (-10, 1), "fail_hard": True, "stop_at_win": True}, "{url}#exercise"),
    ({"algorithm": "pvs", "depth": 2, "tt": True, "tt_size": 3, "tt_replace": "depth"}, "  {url}  "),
    ({"algorithm": "mtdf", "depth": 1}, "{url}"),
    ({"algorithm": "id", "aspiration": 2.5, "order": "threats+heuristic"}, "{url}"),
    ({"algorithm": "alphabeta", "max_nodes": 4, "order": "threats", "cut": ">"}, "{url}"),
    ({"algorithm": "expectimax"}, "{url}"),  # a tree without chance: as negamax
    ({"algorithm": "star1", "leaf_bounds": (-10, 10)}, "{url}"),
]
NOT_FOR_TREES = {"symmetry", "forced", "bounds"}
"""Options a textbook tree cannot take (it has no symmetries, threats or bounds):
share() refuses them, as record() does (test_share.py)."""

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]


def test_the_links_give_every_option_and_algorithm() -> None:
    default = SearchOptions()
    given = {name for options, _ in LINKS for name, value in options.items() if value != getattr(default, name)}
    fields = {f.name for f in dataclasses.fields(SearchOptions)}
    assert given | NOT_FOR_TREES == fields, fields - given - NOT_FOR_TREES
    assert {options["algorithm"] for options, _ in LINKS} == set(SEARCHES)
    tree = negaviz.Tree.parse(TREE)
    for name in NOT_FOR_TREES:
        with pytest.raises(negaviz.InputError):
            negaviz.share(tree, site="https://example.edu/cs440/", **{name: True})


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteInfo]:
    yield build_site([ROOT / "notebooks" / "03-alphabeta.ipynb"], tmp_path_factory.mktemp("site") / "cs440")


@pytest.mark.parametrize("options, address", LINKS, ids=[o["algorithm"] + "-" + "-".join(o)[10:] for o, _ in LINKS])
def test_a_shared_search_opens_and_runs_in_the_site(site: SiteInfo, site_browser: Any, options: dict[str, Any],
                                                    address: str) -> None:
    tree = negaviz.Tree.parse(TREE)
    steps = len(negaviz.record(tree, **options))
    with site_browser.serve(site.path) as served:
        written = address.format(url=served.url, url_no_slash=served.url.rstrip("/"))
        link = negaviz.share(tree, site=written, **options)
        run = site_browser.run_in_repl(served, "", link=link, expect=f"of {steps}", step=True)
    assert "Error" not in run.output, run.output[-2000:]
    assert f"step 0 of {steps}" in run.output, run.output[-2000:]  # this search: its own number of steps
    assert run.stepped is not None and run.stepped[1] > run.stepped[0], run.stepped  # and it steps
    assert run.blocked == [] and served.outside == []  # offline, and nothing asked outside the site
