"""A self-contained HTML page that steps one or two scenes, with no network and no kernel.

The page holds the front-end module (``stepper.js``, the same file the widgets load),
the scenes' data as JSON, the views' SVG apart from it (all three gzipped, unpacked by
the browser; the module is imported from a ``blob:`` of its text), and a few lines, an
inline module script, that hand the module a model holding that data.  Gzipped, the
module is a quarter of its size.  A Content-Security-Policy forbids every request but
the page's own inline script and style, so it works from a USB stick, an e-mail
attachment or a sandboxed frame.

A notebook stores one copy of the module per stepper: every viewer runs each output in
a sandboxed frame of its own, so no output can lend its module to another.  A front-end
change still need not rewrite a notebook: nbval leaves the page's script out of the
comparison (``negaviz/course/sanitize.cfg``), and a stored page runs with the module it
was stored with, which reads the data stored beside it.

:func:`static_html` wraps such a page in a sandboxed ``<iframe>``: the form a widget
leaves in a notebook's outputs for viewers without a widget manager (``jupyter nbconvert
--to html``, nbviewer, GitHub).

>>> import negaviz
>>> from negaviz.frontend.scene import Scene
>>> trace = negaviz.record(negaviz.Tree.parse("[[7,5],[3,1,9]]"), algorithm="alphabeta")
>>> page = page_html([Scene(trace)], title="alpha-beta")
>>> "data-negaviz-stepper" in ESM, page.count("<script"), "http" in page.replace("http-equiv", "")
(True, 4, False)
"""

from __future__ import annotations

import base64
import functools
import gzip
import hashlib
import html
import json
import re
from importlib import resources
from typing import Any

from negaviz.errors import InputError
from negaviz.frontend.scene import CHUNK, MAX_PAGE_EVENTS, Scene
from negaviz.quiz.vote import check_collector
from negaviz.vocabulary import Perspective, check_flag, check_int, check_perspective, check_step, check_text, printable, shown

__all__ = ["ESM", "page_html", "static_html"]

ESM = resources.files("negaviz.frontend").joinpath("stepper.js").read_text(encoding="utf-8")
"""The front-end ES module's source."""

CSP = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval' blob:; style-src 'unsafe-inline'; img-src data:"
"""Nothing may be fetched: no scripts, styles, fonts or images from anywhere.  The page's own
scripts run, the bundled Graphviz among them (WebAssembly, started from a ``blob:`` the page
makes of the script it carries)."""

VIZ = resources.files("negaviz.frontend").joinpath("vendor").joinpath("viz-global.js")
"""Graphviz for the browser (@viz-js/viz, see ``vendor/README.md``): lays out the views of
a scene whose layout is ``browser``."""


def viz_source() -> str:
    """The bundled Graphviz's script (1.3 MB), read when a page or a widget needs it."""
    return VIZ.read_text(encoding="utf-8")

# The page runs the module as it is, in an inline module script (nothing is fetched, so
# file:// pages run it too), followed by these lines, which call its render().
_BOOT = """
// The page's model: anywidget's, holding the state.  A part of the scene a step needs
// (a chunk of steps, a view's drawing) is unpacked from the page the moment it is asked
// for (part), in the same frame; the bundled Graphviz arrives as a kernel's message would.
function negavizModel(state, id) {
  const handlers = {};
  const emit = (msg) => (handlers["msg:custom"] || []).forEach((cb) => cb(msg));
  return {
    get: (k) => state[k],
    set: (k, v) => { state[k] = v; },
    save_changes: () => {},
    on: (ev, cb) => { (handlers[ev] = handlers[ev] || []).push(cb); },
    off: (ev, cb) => { handlers[ev] = (handlers[ev] || []).filter((f) => f !== cb); },
    send: (msg) => {
      if (msg && msg.type === "need" && msg.viz) {
        negavizViz().then(() => emit({ type: "viz", source: null }), (e) => emit({ type: "viz", source: null, error: String(e) }));
      }
    },
    part: (msg) => negavizPart(id, msg),
  };
}
function negavizPart(id, msg) {
  const kind = typeof msg.chunk === "number" ? "part" : typeof msg.drawing === "number" ? "view" : null;
  const holder = kind && document.querySelector(`script[data-for="${id}"][data-${kind}="${msg.scene}/${kind === "part" ? msg.chunk : msg.drawing}"]`);
  if (!holder) return null;
  const text = negavizGunzip(holder.textContent);
  if (kind === "part") return { type: "chunk", scene: msg.scene, index: msg.chunk, data: JSON.parse(text) };
  return { type: "drawing", scene: msg.scene, view: msg.drawing, [holder.classList.contains("negaviz-dot") ? "dot" : "svg"]: text };
}
// Every part travels gzipped (base64), unpacked by fflate's gunzipSync (vendored,
// inflate.js): the sentences of 60,000 steps shrink tenfold.
function negavizGunzip(text) {
  const raw = atob(text), bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return new TextDecoder().decode(negavizInflate.gunzipSync(bytes));
}
// The bundled Graphviz, run as a script of its own (it defines Viz); started at once, in
// parallel with the module, on a page that lays its views out itself.
let negavizVizLoading = null;
function negavizViz() {
  if (!negavizVizLoading) negavizVizLoading = new Promise((resolve, reject) => {
    const holder = document.querySelector("script.negaviz-viz");
    if (!holder || globalThis.Viz) { resolve(); return; }
    const url = URL.createObjectURL(new Blob([negavizGunzip(holder.textContent)], { type: "text/javascript" }));
    const script = document.createElement("script");
    script.onload = () => { URL.revokeObjectURL(url); resolve(); };
    script.onerror = () => reject(new Error("the bundled Graphviz did not load"));
    script.src = url;
    document.head.append(script);
  });
  return negavizVizLoading;
}
// The front-end module, imported from its own text (it travels gzipped: a notebook keeps
// one copy in every stepper's static form).
async function negavizModule() {
  const holder = document.querySelector("script.negaviz-module");
  const url = URL.createObjectURL(new Blob([negavizGunzip(holder.textContent)], { type: "text/javascript" }));
  try {
    return (await import(url)).default;
  } finally {
    URL.revokeObjectURL(url);
  }
}
(async () => {
  if (document.querySelector("script.negaviz-viz")) negavizViz().catch(() => {}); // (its error is shown where it is needed)
  const { render } = await negavizModule();
  for (const holder of document.querySelectorAll("script.negaviz-data")) {
    const state = JSON.parse(negavizGunzip(holder.textContent));
    const el = document.getElementById(holder.dataset.for);
    await render({ model: negavizModel(state, holder.dataset.for), el });
  }
})();
"""

_PAGE_STYLE = (
    ":root{color-scheme:light dark}"
    "body{margin:12px;font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#1a1a1a;background:#fff}"
    "h1{font-size:20px;margin:0 0 4px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
    "details.nv-title-full{font-size:13px;margin:0 0 4px;overflow-wrap:anywhere}p.nv-about{font-size:14px;color:#4a4a4a;margin:0 0 8px}"
    # A dark system theme: the page sets the variables a JupyterLab theme would, and the
    # stepper (which reads them) follows.
    "@media (prefers-color-scheme: dark){body{background:#111;color:#eee;"
    "--jp-ui-font-color0:#eeeeee;--jp-ui-font-color1:#c8c8c8;--jp-layout-color0:#111111;"
    "--jp-layout-color1:#1e1e1e;--jp-border-color1:#5a5a5a;--jp-brand-color1:#56B4E9}"
    "p.nv-about{color:#c8c8c8}}"
)


def check_page_size(scenes: list[Scene]) -> None:
    """An InputError if the scenes hold more events than one page does."""
    for scene in scenes:
        n = len(scene.trace)
        if n > MAX_PAGE_EVENTS:
            raise InputError(
                f"this search has {n:,} events; a page holds at most {MAX_PAGE_EVENTS:,}. Record a smaller search: "
                "a depth limit (depth=, --depth), a node budget (max_nodes=, --budget), or the enhancements that "
                "shrink it (order='threats', tt=True, symmetry=True); or step it in a notebook, where a StepperWidget "
                "lays out views of a big search as you go"
            )


@functools.cache
def _esm_packed() -> str:
    """The front-end module as a page carries it (packed once per process)."""
    return _gz64(ESM)


@functools.lru_cache(maxsize=1)
def _viz_packed() -> str:
    """The bundled Graphviz as a page carries it (packed once per process)."""
    return _gz64(viz_source())


def _gz64(text: str) -> str:
    """``text`` gzipped, in base64.  Deterministic: no time stamp in the gzip header."""
    data = text.encode("utf-8", errors="replace")  # a game's move name may hold half a character
    return base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode("ascii")


_DATA = re.compile(r'<script type="application/octet-stream" class="negaviz-data" data-for="([^"]*)">([^<]*)</script>')
_MODULE = re.compile(r'<script type="application/octet-stream" class="negaviz-module">([^<]*)</script>')
_PART = re.compile(r'<script type="application/octet-stream" class="(negaviz-layout|negaviz-dot|negaviz-chunk)" '
                   r'data-for="([^"]*)" data-(view|part)="([0-9]+/[0-9]+)">([^<]*)</script>\n')


def page_module(page: str) -> str:
    """The front-end module a page made by :func:`page_html` carries, unpacked (it
    equals :data:`ESM`).  For readers and tests of a page."""
    check_text(page, "page")
    m = _MODULE.search(page)
    if m is None:
        raise InputError("this is not a page made by negaviz (it holds no front-end module)")
    return _gunzip(m.group(1))


def page_state(page: str) -> dict[str, Any]:
    """The state a page made by :func:`page_html` hands the front-end (its first stepper's),
    whole: ``step``, ``perspective``, ``windows``, ``preview``, ``presenter``, ``autofocus`` and
    ``scenes`` (:meth:`Scene.data` each, with every chunk of steps and every view's
    drawing put back in).  For readers and tests of a page."""
    check_text(page, "page")
    m = _DATA.search(page)
    if m is None:
        raise InputError("this is not a page made by negaviz (it holds no stepper data)")
    element = m.group(1)
    state = dict(json.loads(_gunzip(m.group(2))))
    for part in _PART.finditer(page):
        if part.group(2) != element:
            continue
        i, j = (int(x) for x in part.group(4).split("/"))
        scene = state["scenes"][i]
        if part.group(1) == "negaviz-chunk":
            scene["chunks"][str(j)] = json.loads(_gunzip(part.group(5)))
        else:
            scene["views"][j]["svg" if part.group(1) == "negaviz-layout" else "dot"] = _gunzip(part.group(5))
    for scene in state["scenes"]:
        scene["chunks"] = dict(sorted(scene["chunks"].items(), key=lambda kv: int(kv[0])))
    return state


def _gunzip(text: str) -> str:
    return gzip.decompress(base64.b64decode(text)).decode("utf-8")


def _json(data: Any) -> str:
    """JSON safe inside a <script> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")  # both valid JSON escapes


LINE = 72
"""Characters a page's heading holds on one line: a longer title goes behind a toggle."""


def heading_html(title: str, whole: str = "") -> str:
    """A page's heading on one line: a title longer than that is cut there, and shown
    whole behind a toggle (a tree's text can take eight lines, and push the tree down);
    ``whole``: the title at length, when ``title`` is its short form.

    >>> heading_html("negaviz: alphabeta")
    '<h1>negaviz: alphabeta</h1>'
    >>> print(heading_html("x" * 100))  # doctest: +ELLIPSIS
    <h1 title="xxx...">xxx...…</h1><details class="nv-title-full"><summary>the whole title</summary>xxx...</details>
    """
    one = " ".join(title.split())
    whole = " ".join(whole.split()) or one
    if len(one) > LINE:
        one = one[:LINE - 1] + "…"
    if whole == one:
        return f"<h1>{html.escape(one)}</h1>"
    return (f'<h1 title="{html.escape(whole)}">{html.escape(one)}</h1><details class="nv-title-full">'
            f"<summary>the whole title</summary>{html.escape(whole)}</details>")


def page_html(
    scenes: list[Scene], *, title: str = "negaviz", about: str = "", step: int = 0,
    perspective: Perspective = "negamax", windows: bool = False, preview: bool = False, presenter: bool = False,
    autofocus: bool = True, whole_title: str = "", connect: str | None = None,
) -> str:
    """One page stepping ``scenes`` (one, or two side by side) from ``step``.

    ``title``: the heading, on one line (cut there if longer); ``whole_title``: the
    title at length (a textbook tree's text), behind a toggle under it.

    ``preview``: show the rest of the search faintly (off: nothing from later steps shows).
    ``presenter``: open in presenter size (bigger text and tree, for a projector).
    ``autofocus``: the stepper takes the keys at once (a page of its own; not a page
    framed in a notebook's output, which would take the focus from the notebook).
    ``connect``: the one address the page may talk to (a vote collector's, ``http://HOST:PORT``,
    :func:`negaviz.quiz.vote.check_collector`); otherwise it requests nothing.
    """
    if not isinstance(scenes, (list, tuple)) or not all(isinstance(scene, Scene) for scene in scenes):
        raise InputError(f"scenes must be a list of one or two Scene, not {shown(scenes)}")
    if not 1 <= len(scenes) <= 2:
        raise InputError(f"a page steps one scene, or two side by side; got {len(scenes)}")
    title, about = printable(check_text(title, "title")), printable(check_text(about, "about"))
    check_flag(windows, "windows")
    check_page_size(scenes)
    check_perspective(perspective)
    check_step(step, max(len(scene.trace) for scene in scenes))
    check_flag(preview, "preview")
    check_flag(presenter, "presenter")
    block = stepper_block(scenes, "negaviz-0", step=step, perspective=perspective, windows=windows, preview=preview,
                          presenter=presenter, autofocus=autofocus)
    about_html = f'<p class="nv-about">{html.escape(about)}</p>' if about else ""
    address = check_collector(connect, "connect")
    csp = CSP if address is None else f"{CSP}; connect-src {html.escape(address)}"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_PAGE_STYLE}</style>\n</head>\n<body>\n"
        f"{heading_html(title, printable(check_text(whole_title, 'whole_title')))}\n{about_html}\n"
        f"{block}{stepper_script()}</body>\n</html>\n"
    )


INFLATE = resources.files("negaviz.frontend").joinpath("vendor").joinpath("inflate.js")
"""A synchronous gunzip (fflate's, see ``vendor/README.md``, 5 KB): a page unpacks its parts with it."""


def stepper_script() -> str:
    """The script that runs every stepper block of a page (:func:`stepper_block`): the
    front-end's module and the lines that call its render() for each; once a page."""
    return (f'<script type="application/octet-stream" class="negaviz-module">{_esm_packed()}</script>\n'
            f'<script type="module">\n{_inflate()}{_BOOT}</script>\n')


@functools.cache
def _inflate() -> str:
    code = INFLATE.read_text(encoding="utf-8")
    assert "</" not in code and "<!--" not in code, "inflate.js must be safe inside a <script> element"
    return code


def stepper_block(
    scenes: list[Scene], element_id: str, *, step: int = 0, perspective: Perspective = "negamax",
    windows: bool = False, preview: bool = False, presenter: bool = False, autofocus: bool = True,
) -> str:
    """One stepper of a page: its element and its data (run by :func:`stepper_script`,
    which a page holding one block or several carries once).

    The data is in parts, each gzipped on its own and unpacked only when a step needs
    it, so a page opens as fast for a search of 60,000 steps as for one of twenty: the
    scenes without their drawings and with the steps' panels of the first step shown;
    each view's drawing (``negaviz-layout``: its SVG, laid out by ``dot``; or
    ``negaviz-dot``: its DOT source, laid out in the page); each further chunk of steps
    (``negaviz-chunk``).  The page's model answers the front-end's requests for them as
    a kernel answers a widget's."""
    for scene in scenes:
        scene.cover()  # no kernel to lay out views later: every step needs one now
    datas = [scene.data(chunks="all") for scene in scenes]
    parts: list[str] = []

    def part(cls: str, where: str, data: Any) -> None:
        parts.append(f'<script type="application/octet-stream" class="{cls}" data-for="{element_id}" {where}>'
                     f"{_gz64(data if isinstance(data, str) else _json(data))}</script>\n")

    for i, data in enumerate(datas):
        # The views' SVG (laid out by dot) is the one part of a page that depends on which
        # Graphviz is installed: apart, a notebook's stored stepper can be compared without
        # it (negaviz/course/sanitize.cfg, the nbval sanitizer).
        for j, view in enumerate(data["views"]):
            if "svg" in view:
                part("negaviz-layout", f'data-view="{i}/{j}"', view.pop("svg"))
            elif "dot" in view:
                part("negaviz-dot", f'data-view="{i}/{j}"', view.pop("dot"))
        first = {0, min(step, data["n"]) // CHUNK}
        for index in sorted(int(k) for k in data["chunks"]):
            if index not in first:
                part("negaviz-chunk", f'data-part="{i}/{index}"', data["chunks"].pop(str(index)))
    state = {
        "step": step, "perspective": perspective, "windows": windows, "preview": preview, "presenter": presenter,
        "autofocus": check_flag(autofocus, "autofocus"), "scenes": datas,
    }
    if any(scene.layout == "browser" for scene in scenes):
        parts.append(f'<script type="application/octet-stream" class="negaviz-viz">{_viz_packed()}</script>\n')
    return (
        f'<div id="{element_id}"></div>\n'
        f'<script type="application/octet-stream" class="negaviz-data" data-for="{element_id}">{_gz64(_json(state))}</script>\n'
        + "".join(parts)
    )


FRAME_TITLE = "A negaviz stepper: step through the search with its buttons or the arrow keys"
"""What a stored stepper's frame is called, for screen readers (WCAG 2.1's frame-title rule)."""


def static_html(page: str, *, height: int = 820) -> str:
    """``page`` in a sandboxed frame (scripts run, nothing else is allowed), for a
    notebook output viewed where no widget manager runs."""
    check_text(page, "page")
    check_int(height, "height", low=1)
    # The tag names the stepper by what it steps: the same under any Graphviz (the views dot
    # laid out are left out) and under any front-end (the script running the page too).
    laid_out = _PART.sub(lambda m: "" if m.group(1) == "negaviz-layout" else m.group(0), page)
    tag = hashlib.sha256(laid_out.replace(stepper_script(), "").encode("utf-8")).hexdigest()[:12]
    return (
        f'<iframe class="negaviz-static" data-negaviz-static="{tag}" title="{FRAME_TITLE}" '
        'sandbox="allow-scripts allow-downloads" '
        f'style="width:100%;height:{height}px;border:1px solid #DDDDDD" srcdoc="{html.escape(page, quote=True)}"></iframe>'
    )
