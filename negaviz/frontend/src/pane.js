// One pane of a stepper: its DOM (the tree panel, its tool bar, the side panels), the
// views' drawings shown in it, pan and zoom, and painting a step (the rule is look.js's).

import { h } from "./dom.js";
import { blankDrawing, buildView, saveSvg, setShown, unionBox } from "./drawing.js";
import { attach, grow, settle } from "./growing.js";
import { look } from "./look.js";
import { showPanels } from "./panels.js";

const READABLE = 9;       // px: the smallest label text a view opens fitted at
const NATURAL = 1.34;     // graphviz points to CSS pixels at "1:1"

export class Pane {
  constructor(data, index, compare, ui) {
    this.d = data;
    this.index = index;
    this.compare = compare;
    this.ui = ui;             // the stepper's shared settings: presenter size
    this.view = null;
    this.windows = null;
    this.svg = null;
    this.built = new Map();   // view index -> its drawing, parsed and laid out
    this.items = new Map();   // title -> {g, item, edge}
    this.byNode = new Map();  // trace node -> the same entries
    this.painted = new Map(); // title -> class string painted last
    this.el = h("div", { class: "nv-pane" });
    // A comparison's title counts what this side has visited so far (its final totals
    // belong to its last step).
    this.titleEl = compare ? h("div", { class: "nv-title", text: data.s.title || "" }) : null;
    if (compare) this.el.append(this.titleEl);
    // The step's sentence is announced to screen readers as it changes.
    this.sentence = h("p", { class: "nv-sentence", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    this.note = h("div", { class: "nv-note" });
    const button = (text, label, onclick, extra = {}) => h("button", { type: "button", title: label, "aria-label": label, text, onclick, ...extra });
    this.toolBar = h("div", { class: "nv-treebar" }, this.note, h("span", { class: "nv-zoom" },
      button("+", "zoom in (+)", () => this.zoom(1 / 1.25)),
      button("−", "zoom out (−)", () => this.zoom(1.25)),
      button("fit", "show the whole tree (F)", () => this.fit()),
      button("1:1", "natural size", () => this.natural()),
      button("save SVG", "save the picture of this step as an SVG file", () => this.save(), { class: "nv-save" })));
    this.tree = h("div", { class: "nv-tree" });
    this.stackTable = h("table", { class: "nv-stack" });
    this.countersTable = h("table", { class: "nv-counters" });
    this.code = h("pre", { class: "nv-code", "aria-label": "pseudocode" });
    const side = h("div", { class: "nv-side" }, this.stackTable, this.countersTable, this.code);
    if (compare) side.classList.add("nv-side-compact");
    this.el.append(this.sentence, h("div", { class: "nv-main" }, h("div", { class: "nv-treebox" }, this.toolBar, this.tree), side));
    this.legend = h("div", { class: "nv-legend" });
    this.el.append(this.legend);
    this.installPanZoom();
  }

  // --- the picture ------------------------------------------------------------------
  setView(view, windows) {
    if (this.view === view) {
      if (this.windows !== windows) { this.windows = windows; for (const b of this.built.values()) b.painted.clear(); }
      return;
    }
    const first = this.view === null;
    this.view = view;
    this.windows = windows;
    // Each view's drawing is parsed once and kept (often ahead of time, see prebuild):
    // going back to a view only swaps it in.
    let built = this.built.get(view.index);
    if (!built) {
      built = this.build(view);
      this.built.set(view.index, built);
    }
    // Views already built stay in the page, hidden and blank (drawing.js's blank): showing
    // one again only paints it (a drawing taken out of the page and put back would be
    // laid out anew).
    if (built.box.parentNode !== this.tree) this.tree.append(built.box);
    for (const other of this.built.values()) {
      setShown(other, other === built);
      if (other !== built) blankDrawing(other);
    }
    this.drawing = built;
    this.svg = built.svg;
    this.full = built.full;
    this.shift = built.shift;
    this.items = built.items;
    this.byNode = built.byNode;
    this.painted = built.painted;
    if (first || !this.vb) this.open();
    else {
      this.place(this.height());
      this.applyViewBox();
    }
  }

  // Parse and lay out `view`'s drawing now, hidden, so that showing it only paints it: for
  // 400 boards, parsing and laying out take 100-250 ms.  Only the geometry is made ahead:
  // the drawing stays blank (no value, no state, and no node of a growing view) until a
  // step shows it, so the page holds nothing the step shown has not reached.
  prebuild(view) {
    const built = this.build(view);
    this.built.set(view.index, built);
    blankDrawing(built);
    setShown(built, false);
    this.tree.append(built.box);
    void this.tree.offsetHeight; // style and layout, here rather than at the step that shows it
  }

  build(view) {
    return buildView(view, this.d.viz, (nid) => (this.d.lives.get(nid) || {}).move || "");
  }

  // Pan and zoom move the drawing with a CSS transform, never its viewBox: the browser
  // then only moves pixels, instead of laying the whole SVG out again at each step the
  // view follows the current node.  this.vb = [tx, ty, scale]: the drawing's top-left
  // corner in the panel, in pixels, and pixels per graphviz point.
  applyViewBox() {
    if (!this.svg || !this.vb) return;
    const [tx, ty, k] = this.vb;
    this.svg.style.transform = `translate(${tx.toFixed(1)}px, ${ty.toFixed(1)}px) scale(${k.toFixed(4)})`;
  }

  place(height) {
    this.tree.style.height = Math.round(height) + "px";
  }

  // The tallest the tree panel grows: in presenter size, the window below the panel's top;
  // else 560 px up to a window 820 px tall (a notebook's stored frame), the window less
  // 260 px in a taller one (controls above, legend below), less in a short one (>= 240 px).
  maxHeight() {
    const win = window.innerHeight || 800;
    if (this.ui.presenter) {
      const top = this.tree.getBoundingClientRect().top + (window.scrollY || 0);
      return Math.max(240, win - Math.min(Math.max(top, 0), 300) - 12);
    }
    return Math.max(240, Math.min(Math.max(560, win - 260), win - 120));
  }

  height() {
    if (this.view && this.view.span) return this.maxHeight(); // a growing view: its final size is the future
    return Math.min(this.maxHeight(), Math.max(160, this.full[3] * (this.vb ? this.vb[2] : 1)));
  }

  width() {
    return this.tree.getBoundingClientRect().width || this.tree.clientWidth || 600;
  }

  // The scale that shows the whole drawing (capped: a small tree is not blown up past
  // what reads well, more in presenter size).
  fitScale() {
    const cap = this.ui.presenter ? 3 : 1.6;
    const [, , w, h] = this.full; // (a growing view's: what it holds at the step, drawing.js's grow)
    return Math.min(this.width() / w, this.maxHeight() / h, cap);
  }

  // The whole drawing in the panel (text under READABLE px: the note says how to read a part);
  // `done`: a growing view's search has ended: the panel as tall as the fitted drawing.
  fit(done = false) {
    const k = this.fitScale(), px = k * this.d.s.text_size;
    this.note.textContent = ((this.view && this.view.note) || "") + (px < READABLE ? " Fitted whole, its text is " + px.toFixed(1)
      + " px, too small to read: press 1:1 or + to read a part, and drag the tree to move to it." : "");
    const [, , w, h] = this.full;
    this.place(this.view && this.view.span && !done ? this.maxHeight() : Math.max(120, h * k));
    this.vb = [(this.width() - w * k) / 2, 0, k];
    this.applyViewBox();
  }

  natural(k = this.ui.presenter ? 2 * NATURAL : NATURAL) {
    this.place(this.maxHeight());
    this.vb = [0, 0, k];
    const root = this.byNode.get(this.d.s.passes[this.d.passOf(0)][1]) || this.items.values().next().value;
    this.reveal(root, true);
    this.applyViewBox();
  }

  // A new pane opens fitted when the whole tree then reads (labels of READABLE px or more),
  // else at a readable size on the root; a growing search's view, at a readable size with
  // what is drawn so far at its top left (the room it will take is the future).
  open() {
    this.opened = null;
    if (this.view && this.view.span) {
      const k = this.ui.presenter ? 2 * NATURAL : NATURAL;
      this.place(this.maxHeight());
      this.vb = [8, 8, k];
      this.applyViewBox();
    } else if (this.fitScale() * this.d.s.text_size >= READABLE) this.fit();
    else this.natural();
    this.opened = [this.vb.join(), this.width()]; // (opened again if the panel's width changes before anything moves it)
  }

  // Presenter size changed: the same view, opened again at the new sizes.
  resize() {
    if (this.svg) this.open();
  }

  zoom(factor, cx, cy) {
    if (!this.vb) return;
    const box = this.tree.getBoundingClientRect();
    const px = cx === undefined ? box.width / 2 : cx;
    const py = cy === undefined ? box.height / 2 : cy;
    const [tx, ty, k] = this.vb;
    const nk = Math.min(Math.max(k / factor, 0.05), 8);
    this.vb = [px - (px - tx) * (nk / k), py - (py - ty) * (nk / k), nk];
    this.applyViewBox();
  }

  installPanZoom() {
    let drag = null;
    // A panel laid out after the pane opened (a notebook's output, a narrow window) opens
    // its tree again at its real width, as long as nothing has moved the tree since.
    if (typeof ResizeObserver === "function") new ResizeObserver(() => { const o = this.opened; if (o && this.vb && o[0] === this.vb.join() && o[1] !== this.width()) this.open(); }).observe(this.tree);
    this.tree.addEventListener("wheel", (e) => {
      if (!this.svg || !(e.ctrlKey || e.metaKey || e.altKey)) return; // plain wheel scrolls the page
      e.preventDefault();
      const box = this.tree.getBoundingClientRect();
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX - box.left, e.clientY - box.top);
    }, { passive: false });
    this.tree.addEventListener("pointerdown", (e) => {
      if (!this.svg || e.button !== 0 || e.target.closest("g.node")) return;
      drag = { x: e.clientX, y: e.clientY, vb: this.vb.slice() };
      this.tree.setPointerCapture(e.pointerId);
    });
    this.tree.addEventListener("pointermove", (e) => {
      if (!drag) return;
      this.vb = [drag.vb[0] + (e.clientX - drag.x), drag.vb[1] + (e.clientY - drag.y), drag.vb[2]];
      this.applyViewBox();
    });
    const end = () => { drag = null; };
    this.tree.addEventListener("pointerup", end);
    this.tree.addEventListener("pointercancel", end);
  }

  // Move the drawing just enough that item `it` is in the panel, with a margin; `top`:
  // put it at the top centre (a view opening on its root).
  reveal(it, top = false) {
    const b = this.boxOf(it);
    if (b) this.revealBox(b, top);
  }

  boxOf(it) { // an item's box in the drawing (null if it has none drawn)
    let b = null;
    try { b = it ? it.g.getBBox() : null; } catch (e) { return null; }
    return !b || (b.width === 0 && b.height === 0) ? null : b;
  }

  revealBox(b, top = false) {
    if (!this.vb) return;
    const [tx, ty, k] = this.vb;
    const x = tx + (b.x + this.shift[0] - this.full[0]) * k;
    const y = ty + (b.y + this.shift[1] - this.full[1]) * k;
    // (the panel as far as the window shows it: a tall panel's foot may be below the window)
    const seen = (window.innerHeight || 800) - this.tree.getBoundingClientRect().top;
    const w = this.tree.clientWidth, hgt = seen > 120 && seen < this.tree.clientHeight ? seen : this.tree.clientHeight;
    const bw = b.width * k, bh = b.height * k;
    if (top) {
      this.vb = [tx + (w / 2 - (x + bw / 2)), ty + (8 - y), k];
      return;
    }
    const clear = Math.min(8, w / 16, hgt / 16);
    if (x >= clear && y >= clear && x + bw <= w - clear && y + bh <= hgt - clear) return; // in sight, clear of the edges: nothing moves
    const margin = Math.min(24, w / 8, hgt / 8);
    let dx = 0, dy = 0;
    if (x < margin) dx = margin - x;
    else if (x + bw > w - margin) dx = Math.max(w - margin - (x + bw), margin - x);
    if (y < margin) dy = margin - y;
    else if (y + bh > hgt - margin) dy = Math.max(hgt - margin - (y + bh), margin - y);
    if (dx || dy) this.vb = [tx + dx, ty + dy, k];
  }

  // Keep the current node in sight, with its parent (where the search came from) whenever
  // both fit: the view moves only when one would leave it, and only as far as it must.
  follow(nid) {
    const before = this.vb && this.vb.join(), life = this.d.lives.get(nid);
    const node = this.boxOf(this.byNode.get(nid));
    const up = life && life.parent >= 0 ? this.boxOf(this.byNode.get(life.parent)) : null;
    const both = node && up && this.vb ? unionBox(node, up) : null;
    const m = 2 * Math.min(24, this.tree.clientWidth / 8, this.tree.clientHeight / 8), k = this.vb ? this.vb[2] : 1;
    const fits = both && both.width * k <= this.tree.clientWidth - m && both.height * k <= this.tree.clientHeight - m;
    if (node) this.revealBox(fits ? both : node);
    if (this.vb && this.vb.join() !== before) this.applyViewBox();
  }

  // --- painting ---------------------------------------------------------------------
  // Paint `step` onto the drawing shown: a growing view's nodes not entered by then are
  // not in it at all (nor their edges), and it is as big as the rest.  veil: nodes whose
  // result so far a pending practice question hides (look.js).
  paint(step, perspective, preview, veil = null) {
    const drawing = this.drawing;
    drawing.blank = false;
    const d = this.d;
    const cur = d.current(step);
    const passRoot = d.s.passes[d.passOf(step)][1];
    const line = d.bestLine(step, passRoot, veil);
    const settings = { perspective, line, preview, windows: this.windows, veil };
    for (const [title, it] of drawing.items) {
      const o = look(d, it.item, step, settings);
      const key = o.cls + "|" + o.v + "|" + o.w + "|" + o.m + "|" + o.edge + "|" + o.given;
      if (drawing.painted.get(title) === key) continue;
      drawing.painted.set(title, key);
      if (drawing.growing) {
        attach(drawing, it, o.cls !== "nv-hidden");
        if (!it.on) continue;
      }
      it.g.setAttribute("class", "node " + o.cls);
      if (it.v) {
        it.v.textContent = o.v;
        it.v.setAttribute("class", o.given ? "nv-v nv-given" : "nv-v");
      }
      if (it.w) it.w.textContent = o.w;
      if (it.m) it.m.textContent = o.m;
      if (it.edge) it.edge.setAttribute("class", "edge " + o.edge);
    }
    if (drawing.growing) { settle(drawing, step); grow(drawing); }
    this.followNode = cur !== undefined && cur >= 0 ? cur : null;
  }

  save() {
    if (this.svg) saveSvg(this.svg, this.full, this.shownStep || 0);
  }

  panels(step, perspective, hide = {}) {
    showPanels(this, step, perspective, hide);
  }
}
