"""A recorded search as one self-contained HTML page, for students without Python.

:func:`export_html` writes a single file: every kept step's tree pre-rendered as inline
SVG (in ``<template>`` elements), with its sentence, call-stack table, counters and
pseudocode line, plus a few lines of script for Play/Pause, a range slider, ◀/▶
buttons and the keys ← → Home End.  The page loads nothing: no CDN, no fonts, no
images (a Content-Security-Policy forbids every request but inline script and style),
so it works from a USB stick or an e-mail attachment.

Which steps are kept (the rule, also stated in the page when it applies):

1. every step ``0..len(trace)`` if there are at most ``max_frames`` of them (2,000);
2. otherwise ``max_frames`` steps evenly spaced, the first and the last included;
3. then, if ``max_bytes`` is set and the frames would add up to more (estimated from
   eight frames spread over the search), fewer steps, again evenly spaced, so that the
   page stays near that size.  A 400-board tic-tac-toe frame is about 0.7 MB: the
   default 50 MB keeps about 70 of them; a textbook tree's frames are a few kB.

The page is deterministic: the same trace and options give the same bytes.

``negaviz export GAME [POSITION] [search options] -o FILE.html`` records the trace and
calls :func:`export_html` with its drawing options.

>>> import negaviz, tempfile, pathlib
>>> trace = negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta")
>>> with tempfile.TemporaryDirectory() as tmp:
...     info = export_html(trace, pathlib.Path(tmp) / "ab.html")
...     info.frames, info.sampled, info.path.read_text(encoding="utf-8").count("<template")
(19, False, 19)
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from negaviz import __version__
from negaviz.analysis.steps import PERSPECTIVES
from negaviz.errors import InputError
from negaviz.render.tree import MIN_NODES
from negaviz.trace.trace import Trace
from negaviz.widgets.frames import (
    HIGHLIGHT,
    FrameCache,
    FrameKey,
    Views,
    code_html,
    counters_html,
    stack_html,
    stack_rows,
)

__all__ = ["export_html", "Export", "frame_steps", "MAX_FRAMES", "MAX_BYTES"]

MAX_FRAMES = 2000
"""Default cap on the steps a page holds."""
MAX_BYTES = 50_000_000
"""Default cap (estimated) on the page's size in bytes."""
PROBES = 8
"""Frames rendered to estimate the size of the rest."""
PANEL_BYTES = 2_500
"""Bytes a frame's sentence, stack table and counters add, roughly (for the estimate)."""
INTERVAL_MS = 600
"""Time between frames while playing."""


@dataclass(frozen=True)
class Export:
    """What :func:`export_html` wrote."""

    path: Path
    """The file written."""
    frames: int
    """Steps the page holds."""
    total: int
    """Steps of the search: ``len(trace) + 1`` (step 0 included)."""
    sampled: bool
    """Whether only some steps are kept (see the module docstring for the rule)."""
    bytes: int
    """Size of the file."""


def frame_steps(events: int, frames: int) -> list[int]:
    """``frames`` steps out of ``0..events``, evenly spaced, first and last included
    (all of them if they fit).

    >>> frame_steps(10, 20)
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    >>> frame_steps(10, 4)
    [0, 3, 7, 10]
    """
    if events + 1 <= frames:
        return list(range(events + 1))
    if frames < 2:
        return [events]
    gaps = frames - 1
    return [(i * events + gaps // 2) // gaps for i in range(frames)]


def _describe(trace: Trace) -> str:
    """A default title: the algorithm and the position."""
    options = trace.result.options if trace.result is not None else None
    algorithm = options.algorithm if options is not None else "search"
    extras = [w for w, on in (("TT", getattr(options, "tt", False)),) if on]
    what = algorithm + (f" + {', '.join(extras)}" if extras else "")
    spec = getattr(trace.game, "spec", None)
    where = ""
    if callable(spec):
        s = spec()
        where = str(s.get("tree") or s.get("position") or "") if isinstance(s, dict) else ""
        game = s.get("game", "") if isinstance(s, dict) else ""
        where = f"{game} {where}".strip()
    return f"negaviz: {what}" + (f" on {where}" if where else "")


def _json_for_script(obj: Any) -> str:
    """JSON safe inside ``<script>``: no ``<``, ``>`` or ``&`` left to end the element."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def export_html(
    trace: Trace,
    path: str | os.PathLike[str],
    *,
    perspective: str = "negamax",
    windows: bool = False,
    max_nodes: int = 400,
    title: str | None = None,
    max_frames: int = MAX_FRAMES,
    max_bytes: int | None = MAX_BYTES,
    jobs: int = 2,
) -> Export:
    """Write ``trace`` as a self-contained stepping page to ``path``; see the module docstring.

    ``perspective``, ``windows`` and ``max_nodes`` are :func:`negaviz.render.draw`'s;
    ``title`` defaults to the algorithm and position; ``max_frames`` and ``max_bytes``
    cap the steps kept (``max_bytes=None``: no size cap); ``jobs`` dot processes run at
    once.
    """
    if not isinstance(trace, Trace):
        raise InputError(f"export_html needs a negaviz Trace (from negaviz.record), not {type(trace).__name__}")
    if perspective not in PERSPECTIVES:
        raise InputError(f"unknown perspective: {perspective!r} (must be one of {list(PERSPECTIVES)})")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < MIN_NODES:
        raise InputError(f"max_nodes must be a whole number of at least {MIN_NODES}, not {max_nodes!r}")
    if isinstance(max_frames, bool) or not isinstance(max_frames, int) or max_frames < 2:
        raise InputError(f"max_frames must be a whole number of at least 2, not {max_frames!r}")
    if max_bytes is not None and (isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1):
        raise InputError(f"max_bytes must be a positive whole number or None, not {max_bytes!r}")
    target = Path(path)
    if not target.parent.is_dir():
        raise InputError(f"cannot write {str(path)!r}: folder {str(target.parent)!r} does not exist")

    events = len(trace)
    cache = FrameCache(trace, max_nodes=max_nodes, max_bytes=2**62)  # keeps the probes for reuse

    def key(step: int) -> FrameKey:
        return (step, perspective, bool(windows))

    steps = frame_steps(events, max_frames)
    reason = f"at most {max_frames:,} frames" if len(steps) < events + 1 else ""
    if max_bytes is not None and len(steps) > PROBES:
        probes = [steps[i] for i in frame_steps(len(steps) - 1, PROBES)]
        sizes = [len(svg.encode("utf-8")) for svg in cache.render_many([key(s) for s in probes], jobs=jobs, keep=True)]
        mean = sum(sizes) / len(sizes) + PANEL_BYTES
        fit = max(2, int(max_bytes // mean))
        if fit < len(steps):
            steps = frame_steps(events, fit)
            reason = f"about {max_bytes / 1e6:,.0f} MB (each frame is about {mean / 1e6:,.2f} MB)"
    svgs = cache.render_many([key(s) for s in steps], jobs=jobs)
    cache.close()

    views = Views(trace)
    unique: dict[str, int] = {}
    frames = []
    for step, svg in zip(steps, svgs):
        view = views.view(step, perspective)
        current = view.frames[-1].node if view.frames else -1
        frames.append([
            step, unique.setdefault(svg, len(unique)), view.sentence,
            stack_html(stack_rows(trace, view, perspective)), view.line, counters_html(view), current,
        ])
    listing = views.stepper(perspective).listing
    sampled = len(steps) < events + 1
    note = ""
    if sampled:
        note = (
            f"This page holds {len(steps):,} of the search's {events + 1:,} steps, evenly spaced "
            f"(one in about {events / (len(steps) - 1):,.1f}, the first and the last included), "
            f"to keep it to {reason}. Step numbers are the search's own."
        )
    page = _page(
        title=title if title is not None else _describe(trace),
        data={"total": events, "sampled": sampled, "interval": INTERVAL_MS, "frames": frames},
        svgs=list(unique),
        code=code_html(listing, None),
        note=note,
        perspective=perspective,
    )
    data = page.encode("utf-8")
    target.write_bytes(data)
    return Export(target, len(steps), events + 1, sampled, len(data))


_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:12px;color:#111}
h1{font-size:18px;margin:0 0 6px}
.controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap;position:sticky;top:0;background:#fff;padding:6px 0;z-index:1}
.controls button{min-width:3em;font-size:14px}
#slider{width:min(60vw,640px)}
#step{font-variant-numeric:tabular-nums}
.note{font-size:12px;color:#555;margin:4px 0}
#sentence{font-size:15px;margin:6px 0;min-height:1.4em}
main{display:flex;gap:12px;align-items:flex-start}
#tree{flex:1 1 auto;overflow:auto;max-height:75vh;border:1px solid #ddd;min-width:240px}
#side{flex:0 0 auto;max-width:520px;display:flex;flex-direction:column;gap:8px}
#code .hl{background:HIGHLIGHT;font-weight:bold}
""".replace("HIGHLIGHT", HIGHLIGHT)

_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("negaviz-data").textContent);
  var frames = data.frames;  // [step, svg index, sentence, stack html, line, counters html, current node]
  var svgs = document.querySelectorAll("template.frame-svg");
  var $ = function (id) { return document.getElementById(id); };
  var slider = $("slider"), play = $("play"), tree = $("tree"), stepText = $("step");
  var lines = document.querySelectorAll("#code span[data-line]");
  var at = -1, timer = null;
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    var f = frames[i];
    if (at < 0 || frames[at][1] !== f[1]) tree.replaceChildren(svgs[f[1]].content.cloneNode(true));
    at = i;
    slider.value = String(i);
    stepText.textContent = "step " + f[0] + " of " + data.total +
      (data.sampled ? " (frame " + (i + 1) + " of " + frames.length + ")" : "");
    $("sentence").textContent = f[2];
    $("stack").innerHTML = f[3];
    $("counters").innerHTML = f[5];
    lines.forEach(function (span) {
      var on = Number(span.getAttribute("data-line")) === f[4];
      span.classList.toggle("hl", on);
      span.textContent = (on ? "\\u25b6" : " ") + span.textContent.slice(1);
    });
    var node = f[6] >= 0 ? tree.querySelector("#n" + f[6]) : null;
    if (node && node.scrollIntoView) node.scrollIntoView({block: "nearest", inline: "nearest"});
    $("prev").disabled = i === 0;
    $("next").disabled = i === frames.length - 1;
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    play.textContent = "Play";
  }
  function start() {
    if (at >= frames.length - 1) show(0);
    play.textContent = "Pause";
    timer = setInterval(function () {
      if (at >= frames.length - 1) stop(); else show(at + 1);
    }, data.interval);
  }
  play.addEventListener("click", function () { if (timer === null) start(); else stop(); });
  $("prev").addEventListener("click", function () { stop(); show(at - 1); });
  $("next").addEventListener("click", function () { stop(); show(at + 1); });
  slider.addEventListener("input", function () { stop(); show(Number(slider.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === slider) return;  // the slider steps itself
    var to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: frames.length - 1}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    stop();
    show(to);
  });
  show(0);
})();
"""


def _page(*, title: str, data: dict[str, Any], svgs: list[str], code: str, note: str, perspective: str) -> str:
    n = len(data["frames"])
    view = (
        "negamax view: each value is for the side to move at its node"
        if perspective == "negamax" else "minimax view: values for the first player (max)"
    )
    templates = "\n".join(f'<template class="frame-svg">{svg}</template>' for svg in svgs)
    t = html.escape(title, quote=False)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="negaviz {__version__}">
<link rel="icon" href="data:,">
<title>{t}</title>
<style>{_CSS}</style>
</head>
<body>
<h1>{t}</h1>
<div class="controls">
<button id="play" type="button">Play</button>
<button id="prev" type="button" title="back (←)">◀</button>
<input id="slider" type="range" min="0" max="{n - 1}" step="1" value="0" aria-label="step">
<button id="next" type="button" title="forward (→)">▶</button>
<span id="step">step 0 of {data["total"]}</span>
</div>
<p class="note">{html.escape(view, quote=False)}. Keys: ← → one step, Home and End the first and last.</p>
{f'<p class="note" id="sampling">{html.escape(note, quote=False)}</p>' if note else ""}
<noscript><p>This page needs JavaScript to step through the search.</p></noscript>
<p id="sentence"></p>
<main>
<div id="tree"></div>
<div id="side">
<div id="stack"></div>
<div id="counters"></div>
<div id="code">{code}</div>
</div>
</main>
{templates}
<script type="application/json" id="negaviz-data">{_json_for_script(data)}</script>
<script>{_SCRIPT}</script>
</body>
</html>
"""
