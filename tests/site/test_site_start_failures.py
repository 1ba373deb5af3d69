"""When Python cannot start in the course site, the line at the top of the page says so.

The real built site, served under a sub-path, in Debian's Chromium, offline.  A file the
start needs is made to fail for real (Playwright aborts its request, or the site's copy
lacks it or holds half of it), and the line must say that Python could not start, which file did not come,
and what to do.  A start that never ends (a request held open) is told, after six times
the usual wait, that it is taking much longer than usual: the page's clock is
Playwright's, so the test moves it on a minute instead of waiting one.  Nothing here
reads how long anything took.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from negaviz.site import STARTING_SECONDS, SiteInfo, build_site

pytestmark = [
    pytest.mark.browser, pytest.mark.slow,
    pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"),
]

REPL = "repl/index.html?kernel=python"
WHAT_TO_DO = "Reload the page to try again; if it fails again, tell your lecturer."
LOADING = re.compile(rf"starting\|Loading Python in your browser \(the first time takes about {STARTING_SECONDS} s, longer on a busy computer\): "
                     r"(\d+) s so far…\|shown")
SLOW_AFTER_S = max(60, 6 * STARTING_SECONDS)  # loading.js: six times the usual start, a minute at least


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, notebook_text: Callable[..., str]) -> Iterator[SiteInfo]:
    root = tmp_path_factory.mktemp("site")
    (root / "lecture.ipynb").write_text(notebook_text("print(6 * 7)"), encoding="utf-8")
    yield build_site([root / "lecture.ipynb"], root / "cs440")


def only_file(site: Path, pattern: str) -> str:
    """The name of the one file of the site that ``pattern`` (a glob under it) matches."""
    (found,) = site.glob(pattern)
    return found.name


def assert_could_not_start(seen: list[str], why: str) -> None:
    """The line counted the wait, then said Python could not start, why, and what to do;
    a screen reader heard that once, and nothing came after it."""
    said = f"Python could not start: {why}. {WHAT_TO_DO}"
    shown = [s for s in seen if not s.startswith("spoken|") and s != "output"]
    assert shown[-1] == f"failed|{said}|shown", shown
    assert shown[:-1] and all(LOADING.fullmatch(s) for s in shown[:-1]), shown
    spoken = [s for s in seen if s.startswith("spoken|")]
    assert spoken[-1] == f"spoken|{said}" and spoken.count(spoken[-1]) == 1, spoken


@pytest.mark.parametrize(("pattern", "said"), [
    ("static/pyodide/pyodide-lock.json", "did not download (the connection failed)"),
    ("static/pyodide/python_stdlib.zip", "did not download (the connection failed)"),
    # Pyodide itself only logs this one, and waits for ever
    ("static/pyodide/pyodide.asm.wasm", "did not download (the connection failed)"),
    ("static/pyodide/negaviz-*.whl", "did not download (the connection failed)"),  # a preloaded package
    ("static/pyodide/negaviz-start.js", "did not load"),  # the site's start script (the kernel's pyodideUrl)
    ("static/pyodide/pyodide.mjs", "did not load"),  # Pyodide's loader
    ("static/pyodide/pyodide.asm.mjs", "did not load"),  # the script that runs the WebAssembly
    ("extensions/@jupyterlite/pyodide-kernel-extension/static/comlink.worker.*.js", "did not load"),  # the kernel's worker
], ids=["lock", "stdlib", "wasm", "wheel", "start-script", "loader", "asm", "worker"])
def test_a_file_that_does_not_come_is_named(site: SiteInfo, site_browser: Any, pattern: str, said: str) -> None:
    """A download aborted, or a script that does not load: the line names the file."""
    name = only_file(site.path, pattern)
    with site_browser.serve(site.path) as served:
        seen = site_browser.watch_start(served, REPL, timeout_s=120, abort=(name,))
    assert_could_not_start(seen, f"{name} {said}")


@pytest.mark.parametrize("page", [REPL, "notebooks/index.html?path=lecture.ipynb"], ids=["repl", "notebook-7"])
def test_a_file_the_site_lacks_is_named_with_the_servers_answer(
    site: SiteInfo, site_browser: Any, tmp_path: Path, page: str,
) -> None:
    broken = tmp_path / "cs440"
    shutil.copytree(site.path, broken)
    (broken / "static" / "pyodide" / "pyodide.asm.wasm").unlink()  # a copy to a web space that lost a file
    with site_browser.serve(broken) as served:
        seen = site_browser.watch_start(served, page, timeout_s=120)
    assert_could_not_start(seen, "pyodide.asm.wasm did not download (the server answered 404 File not found)")


def test_a_file_cut_short_is_named_as_not_the_one_the_site_expects(site: SiteInfo, site_browser: Any, tmp_path: Path) -> None:
    broken = tmp_path / "cs440"
    shutil.copytree(site.path, broken)
    wheel = broken / "static" / "pyodide" / only_file(site.path, "static/pyodide/negaviz-*.whl")
    wheel.write_bytes(wheel.read_bytes()[: wheel.stat().st_size // 2])  # an upload cut short: served whole, 200 OK
    with site_browser.serve(broken) as served:
        seen = site_browser.watch_start(served, REPL, timeout_s=120)
    assert_could_not_start(seen, f"{wheel.name} is not the file the site expects (its checksum differs)")


def test_a_start_that_never_ends_is_called_much_longer_than_usual(site: SiteInfo, site_browser: Any) -> None:
    """The WebAssembly's request is held open, so Python never starts and nothing fails;
    the page's clock is moved on by six times the usual start."""
    with site_browser.serve(site.path) as served, site_browser.open_site(
        served, REPL, hold=("pyodide.asm.wasm",), clock=True,
    ) as opened:
        page = opened.page
        site_browser.wait_for_stage(page, ("starting",), timeout_s=120)
        for _ in range(1200):  # until the worker asks for it (a bound, not a time read)
            if opened.held:
                break
            page.wait_for_timeout(100)
        before = [s for s in site_browser.status_seen(page) if not s.startswith("spoken|")]
        page.clock.run_for(SLOW_AFTER_S * 1000)
        seen = site_browser.status_seen(page)
        held = len(opened.held)
    assert held == 1  # the one request held open, never answered
    shown = [s for s in seen if not s.startswith("spoken|")]
    assert LOADING.fullmatch(before[-1]), before  # counting, before the clock moved on
    slow = [s for s in shown if s.startswith("slow|")]
    assert slow and shown[-1] == slow[-1], shown  # it says so, and stays so
    counted = [int(m.group(1)) for s in shown[: shown.index(slow[0])] if (m := LOADING.fullmatch(s))]
    assert len(counted) == len(shown[: shown.index(slow[0])]), shown  # only the count came before
    assert counted == sorted(counted) and counted[-1] < SLOW_AFTER_S, counted  # counting up, each below the limit
    for state in slow:
        found = re.fullmatch(r"slow\|Python is taking much longer than usual to start \((\d+) s so far\): on a slow "
                             r"connection it may still come; if not, reload the page or tell your lecturer\.\|shown", state)
        assert found and int(found.group(1)) >= SLOW_AFTER_S, state
    spoken = [s for s in seen if s.startswith("spoken|")]
    assert spoken == [f"spoken|Loading Python in your browser: the first time takes about {STARTING_SECONDS} s, longer on a busy computer.",
                      f"spoken|{slow[0].split('|')[1]}"], spoken  # each stage heard once
