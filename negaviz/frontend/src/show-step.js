// Showing a step on every pane: its view (asking for the parts not here yet), the
// painted tree, the same step in words, the side panels and the legend.

import { hasDrawing } from "./drawing.js";
import { showTextTree } from "./text-tree.js";

const PREVIEW_NOTE = "<div class=\"nv-preview-note\"><b>Preview is on:</b> the rest of the search is shown faintly, before the search gets there.</div>";

/**
 * Show the stepper's step on each pane.  A pane whose step needs a part not here yet asks
 * for it and waits (its answer shows the step again).
 * @param {object[]} panes  Pane each (pane.js)
 * @param {{step: number, perspective: string, windows: boolean, preview: boolean}} state
 * @param {{veil: Set<number>|null}} hide  what practice hides at this step
 * @param {{need: Function, ask: Function}} parts  parts.js's
 * @returns {boolean} whether a pane is waiting for a part
 */
export function showPanes(panes, state, hide, parts) {
  let waiting = false;
  panes.forEach((pane, i) => {
    const d = pane.d;
    const k = Math.min(state.step, d.n);
    if (!d.chunk(k) && !parts.ask(i, { chunk: d.chunkOf(k) })) { pane.sentence.textContent = "…"; waiting = true; return; }
    const view = d.viewFor(k);
    if (!view) {
      parts.need(i, { view_for: k });
      pane.note.textContent = "Laying out a new view of the tree around step " + k.toLocaleString("en-US") + "…";
      waiting = true;
      return;
    }
    if (!pane.built.has(view.index) && !hasDrawing(view) && !parts.ask(i, { drawing: view.index })) { waiting = true; return; }
    if (!pane.built.has(view.index) && view.svg == null && !d.viz) { // to lay out here, once Graphviz has started
      pane.note.textContent = "Starting Graphviz, to lay out the view of the tree around step " + k.toLocaleString("en-US") + "…";
      waiting = true;
      return;
    }
    const changed = pane.view !== view;
    pane.shownStep = k; // (a view opens on what this step shows)
    pane.setView(view, state.windows);
    if (changed) { pane.note.textContent = view.sayOnce || view.note || ""; view.sayOnce = ""; }
    pane.paint(k, state.perspective, state.preview, hide.veil || null);
    // the end of the search: its whole drawing, where one view holds it all (drawn whole,
    // or grown from the first step of its pass)
    const first = d.s.passes[d.passOf(k)][0];
    if (showEnd(pane, k === d.n, !view.span || (view.span[0] <= first && view.span[1] < 0))) pane.followNode = null;
    showTextTree(pane, k, state.perspective, state.preview, hide.veil || null); // the same step in words, for screen readers
    pane.panels(k, state.perspective, hide);
    const legendKey = state.perspective + "/" + state.preview;
    if (pane.legendFor !== legendKey) {
      pane.legend.innerHTML = d.s.legend[state.perspective] + (state.preview ? PREVIEW_NOTE : "");
      pane.legendFor = legendKey;
    }
  });
  // Last, after every write: following the current node reads the layout once.
  for (const pane of panes) if (pane.followNode !== null && pane.followNode !== undefined) pane.follow(pane.followNode);
  return waiting;
}

// The end of the search shows all of it, fitted (if the view holds it `whole`; the note
// says if its text is then too small); a step back opens the view again, unless the
// reader has moved it since.  Returns whether it fitted (then nothing follows a node).
function showEnd(pane, atEnd, whole) {
  const was = pane.endVb;
  if (!atEnd) {
    pane.endVb = null;
    if (was && pane.vb && was === pane.vb.join()) pane.open();
    return false;
  }
  if (!whole || was) return false;
  pane.fit(true);
  pane.endVb = pane.vb.join();
  return true;
}
