"""The stepper's style sheet and legend, both written from the one table of looks.

The front-end (``src/render.js``) puts :func:`css` into the page once and each pane's
legend from :func:`legend_html`; both travel with the scene's data, so an exported page or
a notebook's stored stepper carries the look it was made with and needs nothing else.
The states' colours, lines and words are :data:`negaviz.render.looks.LOOKS`, which the
static drawings read too: change an entry there and both pictures change.
"""

from __future__ import annotations

import html
from importlib import resources

from negaviz.render.looks import LOOKS, OKABE_ITO, STEPPER_LEGEND, meaning, stepper_rules, swatch_css, tint
from negaviz.vocabulary import Perspective, check_perspective, view_caption, window_key

__all__: list[str] = []  # internal: the scene sends what these write

_STYLE_SHEET = resources.files("negaviz.frontend").joinpath("stepper.css").read_text(encoding="utf-8")


def css() -> str:
    """The stepper's style sheet: the palette (custom properties), ``stepper.css`` (the
    panels and everything but the states), then the states' rules
    (:func:`negaviz.render.looks.stepper_rules`).

    The panels take the notebook's theme (JupyterLab's CSS variables, with light
    fallbacks; the exported page sets them for a dark system theme); the drawing keeps
    a white paper in every theme, so its colours keep their meaning and contrast.
    """
    props = "; ".join(f"{k}: {v}" for k, v in palette().items())
    return f"\n.negaviz-stepper {{ {props}; }}\n{_STYLE_SHEET}" + "".join(f"{rule}\n" for rule in stepper_rules())


def palette() -> dict[str, str]:
    """The colours ``stepper.css`` names, as CSS custom properties: the Okabe-Ito colours
    (for focus rings, practice marks and a comparison's marks) and the highlight."""
    out = {f"--nv-{name.replace('_', '-')}": colour for name, colour in OKABE_ITO.items()}
    out["--nv-highlight"] = tint(OKABE_ITO["yellow"], 0.6)
    return out


def legend_html(perspective: Perspective, first: int, *, windowed: bool = True) -> str:
    """What the colours, borders and marks mean, and how values are shown; with
    ``windowed`` (a search with windows), what the (α, β) under a node means."""
    check_perspective(perspective)
    swatches = []
    for key in STEPPER_LEGEND:
        look = LOOKS[key]
        cue = look.cue if look.step_cue is None else look.step_cue
        text = meaning(key, perspective) + (f" ({cue})" if cue else "")
        swatches.append(f'<span class="sw" style="{swatch_css(key)}"></span>{html.escape(text)}')
    given, pv = LOOKS["given"], LOOKS["pv"]
    swatches.append(f'<i class="sw" style="color:{given.text}">{given.sample}</i>{html.escape(given.meaning)}')
    view = html.escape(view_caption(perspective, first) + ".")
    line = f'<span style="color:{pv.line}">{pv.sample}</span>'
    window = f"<div>(α, β) under a node, when windows are shown: {html.escape(window_key(perspective))}.</div>" if windowed else ""
    return f"<div>{view} The thick line {line} is the best line so far.</div><div>{''.join(swatches)}</div>" + window
