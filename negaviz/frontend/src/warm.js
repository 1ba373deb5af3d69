// Views laid out ahead, while the reader reads.
//
// When the page is idle, the view the steps just after (then just before) the current
// view show is built, hidden: one per idle period, so a key press waits for one at most.
// (Within 300 ms at the latest: some browsers, headless ones among them, hardly ever
// report an idle period.)

import { hasDrawing } from "./drawing.js";

const WARM_REACH = 5000;  // steps looked through, either way, for the next view to lay out ahead

// What the steps around `step` need next, either way (after, then before): the nearest
// view they show that is not built yet, as {build: [view, first step showing it]}; or,
// in a widget sent a big trace in parts, the part of it the kernel has not sent yet, as
// {need: {chunk}} or {need: {view_for}}, or in a page a view's drawing still packed, as
// {need: {drawing}}; null when both neighbours are built.  With `ends` (a page, which
// holds every part), then the views of the first and last steps (Home, End).
function nextToBuild(pane, step, ends) {
  if (!pane.view) return null;
  const d = pane.d;
  const toBuild = (k) => {
    if (!d.chunk(k)) return { need: { chunk: d.chunkOf(k) } };
    const v = d.viewFor(k);
    if (!v) return { need: { view_for: k } };
    if (v === pane.view || pane.built.has(v.index)) return v;
    if (!hasDrawing(v)) return { need: { drawing: v.index } };
    return v.svg == null && !d.viz ? {} : { build: [v, k] }; // (nothing to build until Graphviz has started)
  };
  for (const dir of [1, -1]) {
    for (let k = step + dir, seen = 0; k >= 0 && k <= d.n && seen < WARM_REACH; k += dir, seen++) {
      const next = toBuild(k);
      if (next !== pane.view) {
        if (next.build || next.need) return next;
        break;
      }
    }
  }
  if (ends) {
    for (const k of [d.n, 0]) {
      const next = toBuild(k);
      if (next.build || next.need) return next;
    }
  }
  return null;
}

// makeWarmer(root, panes, state, need, ends): warm() (called after each step shown) builds
// the neighbouring views of every pane when the page is idle (and with `ends`, the views
// of the first and last steps), or asks for what is not here yet (`need`: true if it is
// here at once, a page's part); close() stops it.
export function makeWarmer(root, panes, state, need, ends = false) {
  const idle = window.requestIdleCallback ? (f) => window.requestIdleCallback(f, { timeout: 300 }) : (f) => setTimeout(f, 100);
  let warming = false;
  let closed = false;
  let warmedFor = ""; // the views shown (and known) when the neighbours were last all built
  const warmKey = () => panes.map((p) => [p.view ? p.view.index : -1, p.d.views.length, p.d.chunks.size, p.d.drawings || 0, p.d.viz ? 1 : 0].join("/")).join(",");
  function warm() {
    if (warming || closed || warmKey() === warmedFor) return; // steps within a view: nothing new
    warming = true;
    idle(() => {
      warming = false;
      if (closed) return;
      let asking = false;
      for (const [i, pane] of panes.entries()) {
        const next = nextToBuild(pane, Math.min(state.step, pane.d.n), ends);
        if (next && next.build) {
          pane.prebuild(next.build[0]);
          warm();
          return;
        }
        // Ask now, while the reader reads: a page's part is here at once (build it in the
        // next idle period); a kernel's answer shows no step by itself, and once it is
        // here the next idle period builds the view.
        if (next) {
          if (need(i, next.need)) { warm(); return; }
          asking = true;
        }
      }
      warmedFor = warmKey();
      // "done": every neighbouring view is built (tests and benchmarks wait for it)
      root.dataset.warm = asking ? "asked" : "done";
    });
    delete root.dataset.warm;
  }
  return { warm, close: () => { closed = true; } };
}
