"""What a site tells the student while Python starts in the browser.

JupyterLite alone shows "No Kernel | Initializing" in a notebook and "..." in the REPL
for the seconds Python takes to start.  A site says what the wait is, in two places:

* each notebook opens with :data:`STARTING_NOTE`, a line of prose (it reads the same
  before anything runs, and in any view of the notebook);
* the lab, notebook and REPL pages load ``js/loading.js`` first, which shows one line at
  the top of the page from the moment JupyterLite makes the kernel's worker ("Loading
  Python in your browser (the first time takes about 15 s, longer on a busy computer): 3 s
  so far…") until it is
  ready ("Python is ready (it started in 9 s).", then gone), or says why it could not
  start and what to do ("Python could not start: pyodide.asm.wasm did not download (the
  server answered 404 File not found). Reload the page to try again; if it fails again,
  tell your lecturer."), or, after six times the usual wait (a minute at least), that it
  is taking much longer than usual and what to do.  The worker loads Python through
  ``js/kernel-start.js`` (the site's ``pyodideUrl``), which posts each stage to its page
  and watches the worker's downloads until the kernel is ready (Pyodide waits for ever
  when its WebAssembly does not download).

Kept by hand: JupyterLite 0.8 has no option for a message while the kernel starts; its
``pyodideUrl`` (a documented setting) is how ``kernel-start.js`` comes in.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

STARTING_SECONDS = 15
"""About how long a cold start takes, from opening a notebook to its first cell's output:
the one figure every text that tells a student about the wait reads (the site's loading
line, the note atop each notebook, and the course README ``negaviz init`` writes, filled
in as ``@STARTING_SECONDS@``).  ``benchmarks/bench_site_start.py`` opened notebook 01
cold five times on this 2-core machine, taking turns with a site built without bytecode
(medians, in the same run): 7.9 s against 13.6 s at load average 3 to 7 (every open 7.5
to 9.9 s; ratio 0.63), 12.7 s against 20.0 s at load 4 to 8 (0.66), and 15.5 s against
27.7 s at load 9 to 12 (0.53); issue 40 measured 10.5 to 16 s at load 4 to 9.  So 15 s:
what a student on a busy machine meets, and not far off on an idle one.  It is a typical
figure, not a promise: issue 54 saw 26 s and more on a loaded machine, so every text that
gives it adds "longer on a busy computer".  The line that counts the seconds says it is
taking much longer than usual only after six times this."""

STARTING_NOTE = (
    f"*Python is starting in your browser, which usually takes about {STARTING_SECONDS} s (longer on a busy "
    "computer): the first cell's "
    "output comes when it is ready (nothing is installed on your computer).*"
)
"""The line a site adds at the top of each notebook, so a student knows what the wait is."""

KERNEL_START = "static/pyodide/negaviz-start.js"
"""Where the site keeps ``js/kernel-start.js``: beside ``pyodide.mjs``, which it imports
(JupyterLite loads Pyodide's packages from the folder of its ``pyodideUrl``)."""
LOADING = "static/negaviz/loading.js"
"""Where the site keeps ``js/loading.js``."""
PAGES = ("lab", "notebooks", "repl")
"""The apps whose pages start a kernel (the file tree and the text editor start none)."""

_JS = Path(__file__).with_name("js")


def add_scripts(site: Path) -> None:
    """Put the two scripts into the built ``site``, and make each of :data:`PAGES` load
    ``loading.js`` before its own scripts (so it sees the kernel's worker being made).
    The caller points the kernel's ``pyodideUrl`` at :data:`KERNEL_START`."""
    for source, target in (("kernel-start.js", KERNEL_START), ("loading.js", LOADING)):
        (site / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_JS / source, site / target)
    tag = f'<script src="../{html.escape(LOADING)}" data-seconds="{STARTING_SECONDS}"></script>\n    '
    for app in PAGES:
        page = site / app / "index.html"
        text = page.read_text(encoding="utf-8")
        first = re.search(r"<script\b", text)
        if first is None:
            raise ValueError(f"{page} has no <script>: not a JupyterLite page")
        page.write_text(text[: first.start()] + tag + text[first.start():], encoding="utf-8")
