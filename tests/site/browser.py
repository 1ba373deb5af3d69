"""Serve a built site under a sub-path and run code in its REPL in Debian's Chromium.

Shared by the site's browser tests (``test_site_browser.py``, ``test_site_notebooks.py``,
``test_site_start_failures.py``) and ``benchmarks/bench_pyodide.py`` (which loads this
file by path).  The server answers only under the sub-path, as a lecturer's
``/~name/cs440/`` would, and records any request outside it; the browser aborts and
counts every request that leaves 127.0.0.1.  Uses ``/usr/bin/chromium`` through
Playwright, never ``playwright install``.
"""

from __future__ import annotations

import fnmatch
import http.server
import re
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
SUB_PATH = "/~lecturer/cs440/"


@dataclass
class Served:
    """A site served at ``url`` (ending in ``/``), with what the server saw outside the sub-path."""

    url: str
    outside: list[str] = field(default_factory=list)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
    }

    def __init__(self, *args: Any, served: Served, **kwargs: Any) -> None:
        self.served = served
        super().__init__(*args, **kwargs)

    def send_head(self) -> Any:
        path = urllib.parse.urlsplit(self.path).path
        if not path.startswith(SUB_PATH):
            self.served.outside.append(self.path)
            self.send_error(404, "outside the site's sub-path")
            return None
        self.path = "/" + self.path[len(SUB_PATH):]
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the test reports what matters
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a page that moved on closes its requests early (broken pipes): not the site's fault


@contextmanager
def serve(site: Path) -> Iterator[Served]:
    """Serve ``site`` from 127.0.0.1 at ``SUB_PATH`` with Python's http.server."""
    served = Served("")
    handler = partial(_Handler, directory=str(site), served=served)
    server = _Server(("127.0.0.1", 0), handler)
    served.url = f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class ReplRun:
    """What one REPL run printed, and how long it took."""

    output: str
    seconds: float
    """From opening the page (cold: a new browser profile) to the output holding ``expect``."""
    first_seconds: float
    """From opening the page to the first output of any kind."""
    blocked: list[str]
    """Requests that tried to leave 127.0.0.1 (all aborted)."""
    stepper_seconds: float | None = None
    """``step=True``: from opening the page to a stepper's tree drawn in it."""
    stepped: tuple[int, int] | None = None
    """``step=True``: the stepper's step before and after three presses of →."""
    names: list[str] | None = None
    """``step=True``: the names of the nodes the stepper draws."""
    status: list[str] = field(default_factory=list)
    """The site's line about Python starting, each state it showed (:func:`status_seen`)."""


ERRORS_WATCH = """window.nvPageErrors = [];
window.addEventListener("error", (e) => window.nvPageErrors.push("page error: " + e.message));
window.addEventListener("unhandledrejection", (e) => window.nvPageErrors.push("page error: " + String(e.reason)));"""
"""Every error the page's scripts throw and nobody catches, in window.nvPageErrors."""

STATUS_WATCH = """(() => {
  const seen = [];
  window.negavizStatusSeen = seen;
  let last = "", heard = "", output = false;
  new MutationObserver(() => {
    const line = document.getElementById("negaviz-python-status");
    if (line) {
      const now = `${line.dataset.stage}|${line.textContent}|${line.style.display === "none" ? "hidden" : "shown"}`;
      if (now !== last) { last = now; seen.push(now); }
      const spoken = line.nextElementSibling;
      if (spoken && spoken.getAttribute("role") === "status" && spoken.textContent !== heard) {
        heard = spoken.textContent;
        seen.push(`spoken|${heard}`);
      }
    }
    if (!output && document.querySelector(".jp-OutputArea-output")) { output = true; seen.push("output"); }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();"""
"""A page's init script: records each new state of the site's line about Python starting
(``stage|text|shown`` or ``...|hidden``), each new text of its status region for screen
readers (``spoken|text``), and ``output`` when the first output shows."""


def status_seen(page: Any, *, until_hidden_s: float = 0.0) -> list[str]:
    """What :data:`STATUS_WATCH` recorded; first waiting up to ``until_hidden_s`` for the
    line to go once it says Python is ready."""
    if until_hidden_s:
        try:
            page.wait_for_function(
                "() => { const l = document.getElementById('negaviz-python-status');"
                " return !l || (l.dataset.stage === 'ready' && l.style.display === 'none'); }",
                timeout=int(until_hidden_s * 1000),
            )
        except Exception:  # Playwright's TimeoutError: the caller sees the line still shown
            pass
    return list(page.evaluate("() => window.negavizStatusSeen || []"))


def offline(blocked: list[str]) -> Any:
    """A Playwright route handler: requests to 127.0.0.1 go on, every other one is
    aborted and its URL added to ``blocked``."""

    def route(r: Any) -> None:
        if urllib.parse.urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    return route


def step_with_keys(page: Any, stepper: Any) -> tuple[int, int]:
    """Give ``stepper`` the keys and press → three times: its step before and after."""
    before = int(stepper.get_attribute("data-step") or -1)
    stepper.locator(".nv-sentence").click()  # the keys are the stepper's
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(250)
    return before, int(stepper.get_attribute("data-step") or -1)


def run_in_repl(served: Served, code: str, *, expect: str, timeout_s: float = 180.0, step: bool = False,
                link: str | None = None, until_hidden_s: float = 0.0) -> ReplRun:
    """Open ``repl/index.html?kernel=python&code=...`` in a fresh headless Chromium and wait
    until an output holding ``expect`` shows; return every output's text.  ``step``: then
    wait for the stepper the code shows, and step it with the keys.  ``link``: open this
    address (a :func:`negaviz.share` link to the served site) instead; ``code`` is unused.
    ``until_hidden_s``: then wait up to that long for the line about Python starting to go."""
    from playwright.sync_api import sync_playwright

    blocked: list[str] = []
    url = link or f"{served.url}repl/index.html?kernel=python&toolbar=1&code={urllib.parse.quote(code)}"

    route = offline(blocked)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            context = browser.new_context()
            context.route("**/*", route)  # the context's route sees the kernel's worker too; a page's does not
            context.add_init_script(STATUS_WATCH)
            page = context.new_page()
            started = time.perf_counter()
            page.goto(url)
            outputs = page.locator(".jp-OutputArea-output")
            deadline = started + timeout_s
            text, first = "", None
            while time.perf_counter() < deadline:
                text = "\n".join(outputs.all_text_contents())
                if text and first is None:
                    first = time.perf_counter() - started
                if expect in text or "Error" in text:
                    break
                page.wait_for_timeout(100)  # not time.sleep: that would stall the routing above
            seconds = time.perf_counter() - started
            stepper_seconds, stepped, names = None, None, None
            if step:
                stepper = page.locator("[data-negaviz-stepper]").first
                stepper.locator("svg g.node").first.wait_for(timeout=int(timeout_s * 1000))  # laid out in the page
                stepper_seconds = time.perf_counter() - started
                names = stepper.locator("svg g.node[aria-label]").evaluate_all(
                    "gs => gs.map(g => g.getAttribute('aria-label'))")
                stepped = step_with_keys(page, stepper)
            status = status_seen(page, until_hidden_s=until_hidden_s)
        finally:
            browser.close()
    return ReplRun(text, seconds, seconds if first is None else first, blocked, stepper_seconds, stepped, names, status)


@dataclass
class Opened:
    """A page of the site opened by :func:`open_site`, and what became of its requests."""

    page: Any
    aborted: list[str] = field(default_factory=list)
    """Requests made to fail (``abort``): their URLs."""
    held: list[Any] = field(default_factory=list)
    """Requests never answered (``hold``): their Playwright routes."""
    blocked: list[str] = field(default_factory=list)
    """Requests that tried to leave 127.0.0.1 (all aborted)."""


@contextmanager
def open_site(served: Served, path: str, *, abort: tuple[str, ...] = (), hold: tuple[str, ...] = (),
              clock: bool = False) -> Iterator[Opened]:
    """Open ``path`` (a page of the site) in a fresh headless Chromium, offline, with
    :data:`STATUS_WATCH`.  A request whose file name (the URL's last segment) matches a
    pattern of ``abort`` fails as a dropped connection does (Playwright's ``abort``: no
    answer); one matching ``hold`` is never answered.  ``clock``: the page's clock is
    Playwright's (``page.clock``), so a test moves time on instead of waiting."""
    from playwright.sync_api import sync_playwright

    opened = Opened(None)
    offline_route = offline(opened.blocked)

    def route(r: Any) -> None:
        name = urllib.parse.unquote(urllib.parse.urlsplit(r.request.url).path.rsplit("/", 1)[-1])
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in abort):
            opened.aborted.append(r.request.url)
            r.abort()
        elif any(fnmatch.fnmatchcase(name, pattern) for pattern in hold):
            opened.held.append(r)  # never continued, fulfilled or aborted: the request stays open
        else:
            offline_route(r)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            context.route("**/*", route)  # the context's route sees the kernel's worker too; a page's does not
            context.add_init_script(STATUS_WATCH)
            opened.page = context.new_page()
            if clock:
                opened.page.clock.install()
            opened.page.goto(f"{served.url}{path}")
            yield opened
        finally:
            browser.close()


def wait_for_stage(page: Any, stages: tuple[str, ...], *, timeout_s: float) -> None:
    """Wait until the site's line about Python starting shows one of ``stages`` (or the
    time is up: the caller sees the states so far)."""
    try:
        page.wait_for_function(
            "(stages) => stages.includes(document.getElementById('negaviz-python-status')?.dataset.stage)",
            arg=list(stages), timeout=int(timeout_s * 1000),
        )
    except Exception:  # Playwright's TimeoutError
        pass


def watch_start(served: Served, path: str, *, timeout_s: float = 180.0, abort: tuple[str, ...] = ()) -> list[str]:
    """Open ``path`` (a page of the site, e.g. ``repl/index.html?kernel=python``) with
    :func:`open_site` (``abort``: requests made to fail), wait until the site's line says
    Python is ready (or could not start, or is much slower than usual), and return each
    state the line showed (:func:`status_seen`)."""
    with open_site(served, path, abort=abort) as opened:
        wait_for_stage(opened.page, ("ready", "failed", "slow"), timeout_s=timeout_s)
        if abort and not opened.aborted:
            raise AssertionError(f"no request matched {abort}: nothing was made to fail")
        return status_seen(opened.page)


@dataclass
class NotebookRun:
    """What Run All Cells did to a notebook in JupyterLite's JupyterLab."""

    code_cells: int
    cells_run: int
    """Code cells that got an execution count."""
    errors: list[str]
    """The text of every error output (first line each)."""
    seconds: float
    blocked: list[str]
    drawings: int = 0
    """Still drawings the page laid out (no dot in the browser's Python)."""
    stepped: tuple[int, int] | None = None
    """The first stepper's step before and after three presses of → (None: no stepper)."""
    text: str = ""
    """Every output's text, for what a cell printed."""
    plots: int = 0
    """Vega-Lite plots the page drew (a canvas or SVG inside Vega's output)."""
    steppers: int = 0
    """Steppers shown."""
    first_output_seconds: float | None = None
    """From opening the page to the first output of a code cell (cold for the first notebook of a browser)."""
    note: str = ""
    """The text of the notebook's first Markdown cell (the site's line saying Python is starting)."""
    status: list[str] = field(default_factory=list)
    """The page's line about Python starting, each state it showed (:func:`status_seen`)."""
    practising: int = 0
    """Practice steppers shown with their practice panel."""
    practice_problems: list[str] = field(default_factory=list)
    """What went wrong answering the practice steppers (:func:`answer_practice`)."""
    practice_verdicts: int = 0
    """Practice steppers answered (each kind of question wrong, then right)."""


PLOT_DRAWN = ".jp-RenderedVegaCommon5 canvas, .jp-RenderedVegaCommon5 svg.marks"
"""A Vega-Lite plot drawn by JupyterLite's own renderer."""
DRAWING_DRAWN = ".negaviz-drawing svg"
"""A still drawing laid out by the page."""
STEPPER_DRAWN = "[data-negaviz-stepper]:has(svg g.node)"
PRACTICE_SHOWN = "[data-negaviz-stepper] .nv-practice-task"
"""A practice stepper's task line (one a stepper; its answer bar is below the picture)."""
"""A stepper whose tree is laid out (one match per stepper)."""


def run_notebook(served: Served, path: str, *, timeout_s: float = 300.0, screenshot: Path | None = None) -> NotebookRun:
    """Open ``path`` (under ``files/``) in JupyterLite's lab in a fresh headless Chromium,
    clear its outputs, run all cells through the menus and collect errors."""
    (run,) = run_notebooks(served, [path], timeout_s=timeout_s, screenshot=screenshot)
    return run


def run_notebooks(served: Served, paths: list[str], *, timeout_s: float = 300.0, screenshot: Path | None = None,
                  say: Any = None, expect: dict[str, dict[str, int]] | None = None,
                  plans: dict[str, list[dict[str, Any]]] | None = None) -> list[NotebookRun]:
    """:func:`run_notebook` for each of ``paths``, one after another in one browser: each in
    a context of its own (a fresh profile, as a student opening the link: JupyterLite keeps
    its open tabs and edited notebooks in the browser's storage), so each starts cold.
    ``say`` gets a line per notebook as it finishes; ``expect`` (per path: how many
    ``drawings``, ``steppers`` and ``plots`` it shows) says how many to wait for; ``plans``
    (per path: :func:`practice_plans`) has each practice stepper answered."""
    from playwright.sync_api import sync_playwright

    blocked: list[str] = []
    runs = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            for path in paths:
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                context.route("**/*", offline(blocked))  # the context's route sees the kernel's worker too
                context.add_init_script(STATUS_WATCH)
                context.add_init_script(ERRORS_WATCH)
                try:
                    shot = None if screenshot is None else screenshot.with_name(f"{Path(path).stem}-{screenshot.name}")
                    runs.append(_run_in_page(context.new_page(), served, path, timeout_s, shot,
                                             None if expect is None else expect.get(path),
                                             None if plans is None else plans.get(path)))
                finally:
                    context.close()  # the page's kernel (a worker of the page) goes with it
                if say is not None:
                    say(path, runs[-1])
        finally:
            browser.close()
    for run in runs:
        run.blocked = blocked
    return runs


def _run_in_page(page: Any, served: Served, path: str, timeout_s: float, screenshot: Path | None,
                 expect: dict[str, int] | None = None, plans: list[dict[str, Any]] | None = None) -> NotebookRun:
    def menu(top: str, item: str) -> None:
        page.locator("#jp-MainMenu").get_by_text(top, exact=True).click()
        page.locator(".lm-Menu-content").get_by_text(item, exact=True).first.click()

    started = time.perf_counter()
    page.goto(f"{served.url}lab/index.html?path={urllib.parse.quote(path)}")
    page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=120_000)
    first_cell = (  # the notebook's first cell, as the page shows it (prose is rendered a moment later)
        "() => { const c = document.querySelector('.jp-Notebook .jp-Cell');"
        " return c && c.classList.contains('jp-MarkdownCell') ? (c.querySelector('.jp-RenderedMarkdown') || c).textContent.trim() : ''; }"
    )
    try:
        page.wait_for_function(f"({first_cell})().length > 0", timeout=30_000)
    except Exception:  # Playwright's TimeoutError: the caller sees no note
        pass
    note = str(page.evaluate(first_cell))
    menu("Edit", "Clear Outputs of All Cells")
    menu("Run", "Run All Cells")
    prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt")
    outputs = page.locator(".jp-Notebook .jp-CodeCell .jp-OutputArea-output")
    deadline = started + timeout_s
    asked_again = started + 90  # on a loaded machine a first Run All can land before the kernel takes it
    first: float | None = None
    while time.perf_counter() < deadline:
        texts = [t.strip() for t in prompts.all_text_contents()]
        if first is None and outputs.count():
            first = time.perf_counter() - started
        if texts and all(t[1:-2].isdigit() for t in texts):
            break
        if asked_again and time.perf_counter() > asked_again:
            asked_again = 0
            if all(t == "[ ]:" for t in texts):  # nothing queued, nothing run: ask once more
                menu("Run", "Run All Cells")
        stopped = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() > 0
        if stopped and not any(t == "[*]:" for t in texts):
            break  # Run All stops at an error; the cells after it stay unrun
        page.wait_for_timeout(250)  # not time.sleep: that would stall the routing above
    texts = [t.strip() for t in prompts.all_text_contents()]
    errors = [
        t.strip().splitlines()[-1] if t.strip() else "(empty error)"
        for t in page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]').all_text_contents()
    ]
    seconds = time.perf_counter() - started
    # Drawings and steppers lay themselves out once the page has the bundled Graphviz
    # (asked of the kernel, then started), and plots once Vega has run: after the cells.
    # With ``expect`` (how many of each the notebook shows), wait for that many, else for one.
    for kind, shown in (("drawings", DRAWING_DRAWN), ("steppers", STEPPER_DRAWN), ("plots", PLOT_DRAWN),
                        ("practice", PRACTICE_SHOWN)):
        want = 1 if expect is None else expect.get(kind, 0)
        if want:
            try:
                page.wait_for_function(
                    "([selector, n]) => document.querySelectorAll(selector).length >= n", arg=[shown, want],
                    timeout=60_000,
                )
            except Exception:  # Playwright's TimeoutError: fewer than that (the caller counts them)
                pass
    page.wait_for_timeout(500)  # the last of several drawings
    drawings = page.locator(DRAWING_DRAWN).count()
    plots = page.locator(PLOT_DRAWN).count()
    steppers = page.locator("[data-negaviz-stepper]").count()
    practising = page.locator(PRACTICE_SHOWN).count()
    stepped = None
    # the first plain stepper (a compare widget holds two sentences: it steps both at once;
    # a practice stepper holds its steps back until the student answers)
    plain = page.evaluate(
        "() => [...document.querySelectorAll('[data-negaviz-stepper]')]"
        ".findIndex(s => s.querySelectorAll('.nv-sentence').length === 1 && !s.querySelector('.nv-practice'))"
    )
    stepper = page.locator("[data-negaviz-stepper]").nth(max(plain, 0))
    if steppers and plain >= 0:
        stepper.locator("svg g.node").first.wait_for(timeout=60_000)  # laid out in the page
        stepper.scroll_into_view_if_needed()
        stepped = step_with_keys(page, stepper)
    text = "\n".join(page.locator(".jp-OutputArea-output").all_text_contents())
    practice_problems: list[str] = []
    answered = 0
    if plans is not None:
        shown = page.locator("[data-negaviz-stepper]:has(.nv-practice)")
        if shown.count() != len(plans):
            practice_problems.append(f"{shown.count()} practice steppers shown, {len(plans)} stored")
        for i, plan in enumerate(plans[: shown.count()]):
            root = shown.nth(i)
            root.locator("svg g.node").first.wait_for(timeout=60_000)
            root.scroll_into_view_if_needed()
            practice_problems += [f"practice stepper {i + 1} ({plan['mode']}): {p}" for p in answer_practice(page, root, plan)]
            answered += 1
        errors += [e for e in page.evaluate("() => window.nvPageErrors || []")]
    if screenshot is not None:
        page.screenshot(path=str(screenshot), full_page=True)
    return NotebookRun(
        len(texts), sum(t[1:-2].isdigit() for t in texts), errors, seconds, [], drawings, stepped, text,
        plots=plots, steppers=steppers, first_output_seconds=first, note=note, status=status_seen(page),
        practising=practising, practice_problems=practice_problems, practice_verdicts=answered,
    )


# --- practice steppers in the site ------------------------------------------------------
def practice_plans(notebook: Path) -> list[dict[str, Any]]:
    """What each practice stepper of a lecture notebook asks, in the order the notebook
    shows them: its mode, view, whether windows show, the kinds asked and the answer key
    (read from the page its stored output carries: the same search the site records)."""
    import html as html_lib
    import json

    from negaviz.frontend.page import page_state

    plans = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code" or "practice=" not in "".join(cell["source"]):
            continue
        for output in cell.get("outputs", []):
            found = re.search(r'srcdoc="([^"]*)"', "".join(output.get("data", {}).get("text/html", "")))
            if not found:
                continue
            state = page_state(html_lib.unescape(found.group(1)))
            practice = state["scenes"][0].get("practice")
            if practice:
                plans.append({"mode": practice["mode"], "perspective": state["perspective"], "windows": state["windows"],
                              "key": practice["keys"][state["perspective"]],
                              "exercise": practice.get("submit", {}).get("exercise")})  # what submit records
    return plans


def _fmt(x: Any) -> str:
    from negaviz.vocabulary import fmt

    return fmt(float(x) if isinstance(x, str) else x)


def answer_practice(page: Any, root: Any, plan: dict[str, Any], *, most: int = 14) -> list[str]:
    """Answer a practice stepper as a student would, each kind of question wrong the
    first time and right after, and say what went wrong (an empty list: a verdict every
    time, the right one).  Whole tree: one slip, checked; then try again, all right."""
    key = plan["key"]
    problems: list[str] = []
    verdict = root.locator(".nv-practice-result p").first

    def said(want: str, what: str) -> None:
        try:
            verdict.wait_for(timeout=10_000)
        except Exception:  # Playwright's TimeoutError
            problems.append(f"{what}: no verdict")
            return
        text = verdict.inner_text()
        if not text.startswith(want):
            problems.append(f"{what}: the verdict is {text[:120]!r}, expected {want!r}")

    def value_field(name: str) -> Any:
        return root.locator(f'input[aria-label="value of {name}"]')

    if plan["mode"] == "tree":
        names = sorted(key["values"])
        for i, name in enumerate(names):
            value_field(name).fill("999" if i == 0 else _fmt(key["values"][name]["value"]))
        for child in key["cuts"]:
            root.locator(f'g.edge[aria-label="cut {key["cuts"][child]["parent"]} to {child}"]').click()
        if plan["windows"]:
            for name, w in key["windows"].items():
                root.locator(f'input[aria-label="window of {name}"]').fill(f"({_fmt(w['window'][0])}, {_fmt(w['window'][1])})")
        root.locator(".nv-practice button", has_text="check").click()
        said("Not yet", "whole tree, one slip")
        root.locator(".nv-practice button", has_text="try again").click()
        value_field(names[0]).fill(_fmt(key["values"][names[0]]["value"]))
        root.locator(".nv-practice button", has_text="check").click()
        said("All right", "whole tree, right")
        return problems

    box = root.locator("input.nv-practice-name")
    seen: set[str] = set()
    asked = 0
    root.locator(".nv-sentence").click()
    for _ in range(400):
        if asked >= most:
            break
        page.keyboard.press("End")
        task = root.locator(".nv-practice-task").inner_text()
        if not task or task.startswith("Step on"):
            break  # the end: no question left
        wrong = False
        if task.startswith(("What does ", "The game is over at ")) or re.match(r"What is .+?'s expected value", task):
            kind = "value"
            name = task.split(" return")[0][len("What does "):] if task.startswith("What does ") else \
                task[len("What is "):task.index("'s expected value")] if task.startswith("What is ") else \
                task[len("The game is over at "):task.index(". What")]
            want = (key["values"].get(name) or key["leaf_values"][name])["value"]
            wrong = kind not in seen
            value_field(name).fill("999" if wrong else _fmt(want))
            value_field(name).press("Enter")
        elif task.startswith("Which node is entered next?"):
            kind = "next"
            step = int(root.locator(".nv-steplabel").inner_text().split()[1])
            nxt = next((n for at, n in key["entered"] if at >= step), None)
            wrong = kind not in seen
            box.fill(("none" if nxt else key["names"][0]) if wrong else (nxt or "none"))
            box.press("Enter")
        elif task.startswith("With which window (α, β) is "):
            kind = "window"
            name = task.removeprefix("With which window (α, β) is ").split(" entered")[0]
            lo, hi = key["windows"][name]["window"]
            wrong = kind not in seen
            box.fill("(1, 2)" if wrong else f"({_fmt(lo)}, {_fmt(hi)})")
            box.press("Enter")
        elif task.startswith("The table holds "):
            kind = "tt"
            name = next(n for n in key["tt"] if f" for {n}, entered" in task)
            want = key["tt"][name]["value"]
            wrong = kind not in seen
            right = "on" if want is None else _fmt(want)
            box.fill(("0" if want is None else "on") if wrong else right)
            box.press("Enter")
        elif "moves are never tried" in task or "outcomes are never searched" in task:
            kind = "cut"  # a player's moves, or (star1) a chance node's outcomes
            parent = re.split(r"[Ww]hich of ", task)[1].split("'s ")[0]
            cuts = [c for c, at in key["cuts"].items() if at["parent"] == parent]
            wrong = kind not in seen
            if wrong and cuts:
                root.locator(".nv-practice button", has_text="none").click()
            elif wrong:
                edges = root.locator(f'g.edge[aria-label^="cut {parent} to "]')
                edges.first.click()
                root.locator(".nv-practice button", has_text="answer").click()
            else:
                for c in cuts:
                    root.locator(f'g.edge[aria-label="cut {parent} to {c}"]').click()
                root.locator(".nv-practice button", has_text="none" if not cuts else "answer").click()
        else:
            problems.append(f"an unknown question: {task[:80]!r}")
            break
        said("No: you answered " if wrong else "Yes: ", f"{kind} {'wrong' if wrong else 'right'}: {task[:60]!r}")
        seen.add(kind)
        asked += 1
        root.locator(".nv-sentence").click()
    if not asked:
        problems.append("no question was asked")
    return problems


# --- files the kernel saved in the site's drive --------------------------------------------
READ_DRIVE = """async (name) => {
  const dbs = (await indexedDB.databases()).filter((d) => d.name.startsWith('JupyterLite Storage'));
  for (const d of dbs) {
    const db = await new Promise((ok, no) => { const r = indexedDB.open(d.name); r.onsuccess = () => ok(r.result); r.onerror = no; });
    if (![...db.objectStoreNames].includes('files')) { db.close(); continue; }
    const got = db.transaction('files').objectStore('files').get(name);
    const model = await new Promise((ok, no) => { got.onsuccess = () => ok(got.result); got.onerror = no; });
    db.close();
    if (model) return model;
  }
  return null;
}"""
"""The contents model JupyterLite keeps for a file of its drive (IndexedDB's
``JupyterLite Storage…``, store ``files``), or null."""


def drive_file(page: Any, name: str) -> str | None:
    """The text of ``name`` as the site's drive holds it (what a kernel saved there, in
    this browser profile), or None when there is no such file."""
    import base64
    import json

    model = page.evaluate(READ_DRIVE, name)
    if model is None:
        return None
    content = model["content"]
    if model.get("format") == "base64":
        return base64.b64decode(content).decode("utf-8")
    return content if isinstance(content, str) else json.dumps(content)
