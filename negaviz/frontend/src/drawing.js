// Drawings: a view's SVG made ready to paint, the bundled Graphviz, a step saved as a file.

import { h } from "./dom.js";
import { attach, drawEdge, grow } from "./growing.js";

// A view's drawing arrives as Graphviz's SVG (laid out by the kernel's dot), or as its
// DOT source, laid out here by the bundled Graphviz (Viz, negaviz/frontend/vendor).
// Either way it is read as a document, never as one Graphviz version's text: each node's
// first shape, its unfilled second border, and the cells whose text is a slot sentinel
// (negaviz.render.labels: §v§ value, §w§ window, §m§ marks) get the classes paint() uses.
const SLOTS = { "§v§": "nv-v", "§w§": "nv-w", "§m§": "nv-m" };

function centreOf(shape) {
  if (shape.tagName === "ellipse") return Number(shape.getAttribute("cx"));
  const points = (shape.getAttribute("points") || "").trim().split(/\s+/).filter(Boolean);
  if (!points.length) return null;
  const xs = points.map((p) => Number(p.split(",")[0]));
  return (Math.min(...xs) + Math.max(...xs)) / 2;
}

// A node's box in its drawing's coordinates, [left, top, right, bottom], from its first
// shape's points (read from the document, not measured: it may be hidden).
// The smallest box holding two boxes ({x, y, width, height}, as getBBox gives them).
export function unionBox(a, b) {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

export function boxOf(g) {
  const shape = g.querySelector(".nv-shape");
  const points = ((shape && shape.getAttribute("points")) || "").trim().split(/\s+/).filter(Boolean).map((p) => p.split(",").map(Number));
  if (!points.length) return null;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function finishDrawing(svg) {
  // ids are per document: two steppers on one page would share them
  for (const el of svg.querySelectorAll("[id]")) el.removeAttribute("id");
  // Graphviz names every node and edge in a comment too: they go with the titles
  const walker = document.createTreeWalker(svg, NodeFilter.SHOW_COMMENT);
  const comments = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const c of comments) c.remove();
  for (const el of svg.querySelectorAll("[font-family]")) el.removeAttribute("font-family"); // the style sheet's
  for (const g of svg.querySelectorAll("g.node")) {
    const shapes = g.querySelectorAll("polygon, ellipse, path, polyline");
    const slots = Array.from(g.querySelectorAll("text")).filter((t) => SLOTS[t.textContent.trim()]);
    if (!shapes.length) continue;
    shapes[0].classList.add("nv-shape");
    if (slots.length && shapes.length > 1 && shapes[1].tagName === "polygon" && shapes[1].getAttribute("fill") === "none") {
      shapes[1].classList.add("nv-outer");
    }
    const cx = centreOf(shapes[0]);
    for (const t of slots) {
      t.classList.add(SLOTS[t.textContent.trim()]);
      t.textContent = "";
      t.setAttribute("text-anchor", "middle");
      if (cx !== null) t.setAttribute("x", String(Math.round(cx * 100) / 100));
    }
  }
}

// The bundled Graphviz: on a page, the page has run its script (globalThis.Viz); in a
// notebook, the kernel sends the script once, on request, and it runs here with
// exports of its own (a page's AMD loader, if any, never sees it).
let vizLoading = null;
export function loadViz(model) {
  if (vizLoading) return vizLoading;
  if (globalThis.Viz && globalThis.Viz.instance) {
    vizLoading = globalThis.Viz.instance();
    return vizLoading;
  }
  vizLoading = new Promise((resolve, reject) => {
    const got = (msg) => {
      if (!msg || msg.type !== "viz") return;
      model.off("msg:custom", got);
      if (msg.error) { reject(new Error(msg.error)); return; }
      // a page's model has run the script it carries (globalThis.Viz): no source
      if (msg.source == null && globalThis.Viz) { globalThis.Viz.instance().then(resolve, reject); return; }
      try {
        const exports = {};
        new Function("exports", "module", "define", msg.source)(exports, { exports }, undefined);
        exports.instance().then(resolve, reject);
      } catch (e) {
        reject(e);
      }
    };
    model.on("msg:custom", got);
    model.send({ type: "need", viz: true });
  });
  vizLoading.catch(() => { vizLoading = null; });
  return vizLoading;
}

// A view's drawing stays in the page once built, in a box of its own; the boxes not
// shown are moved far out of the panel.  A transform of the box restyles nothing inside
// it: hiding with `visibility` or `pointer-events`, which every element inherits, would
// restyle each of a drawing's thousands of elements (60-70 ms for 400 boards).
export function setShown(built, on) {
  built.box.style.transform = on ? "" : "translateX(-1000000px)";
  if (on) built.svg.removeAttribute("aria-hidden");
  else built.svg.setAttribute("aria-hidden", "true");
}

// A drawing not shown holds nothing of any step: a growing view's nodes and edges are
// taken out of it, a given tree's are left unpainted (no value, window or mark, no state).
// Paint puts each back as the step shows it.
export function blankDrawing(built) {
  if (built.blank) return;
  built.blank = true;
  built.painted.clear();
  for (const it of built.items.values()) {
    if (built.growing) attach(built, it, false);
    else {
      it.g.setAttribute("class", "node");
      for (const t of [it.v, it.w, it.m]) if (t) t.textContent = "";
      if (it.v) it.v.setAttribute("class", "nv-v");
      if (it.edge) it.edge.setAttribute("class", "edge");
    }
  }
  if (built.growing) grow(built);
}


// Whether a view's drawing is here: its SVG, or its DOT source to lay out (a page keeps
// each view's drawing packed apart until a step shows it, or the steps near it).
export function hasDrawing(view) {
  return view.svg != null || view.dot != null;
}

// A view's drawing parsed and made ready to paint (laid out here first, by `viz`, when it
// came as DOT): {svg, box, full (its viewBox), shift (its graph's translation), items
// (title -> {g, item, edge, box, v, w, m}), byNode (trace node -> item, as the steps
// reached so far tell: view.titleOf), painted}.
export function buildView(view, viz, moveOf = null) {
  if (view.svg == null) view.svg = viz.renderString(view.dot, { format: "svg" }); // laid out here, once
  const holder = document.createElement("div");
  holder.innerHTML = view.svg;
  const svg = holder.querySelector("svg");
  finishDrawing(svg);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const full = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  // Its size for good, from the start: a drawing laid out at one size and shown at
  // another would be laid out again (pan and zoom only change its transform).
  svg.style.width = full[2] + "px";
  svg.style.height = full[3] + "px";
  svg.style.transformOrigin = "0 0";
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "search tree");
  // graphviz draws inside <g class="graph" transform="... translate(x y)">: node boxes
  // are in that group's coordinates, the view box in the svg's.
  const graph = svg.querySelector("g.graph");
  const m = graph && graph.transform.baseVal.consolidate();
  const shift = m ? [m.matrix.e, m.matrix.f] : [0, 0];
  const items = new Map();
  // trace node -> its item: a given tree names items by their place, and which node each
  // is comes with the steps (scene-data.js, addChunk), so nothing drawn says it
  const byNode = { get: (nid) => items.get(view.titleOf.get(nid)) };
  const byTitle = new Map();
  // graphviz names each node and edge by a <title> holding its DOT id (n0, n0->n1):
  // kept as data-nv, and the titles go, so screen readers and tooltips never say them.
  for (const t of Array.from(svg.querySelectorAll("title"))) {
    const g = t.parentNode;
    if (g && g.classList && (g.classList.contains("node") || g.classList.contains("edge"))) {
      byTitle.set(t.textContent, g);
      g.dataset.nv = t.textContent;
      if (g.classList.contains("edge")) g.setAttribute("aria-hidden", "true");
    }
    t.remove();
  }
  for (const item of view.items) {
    const g = byTitle.get(item.title);
    if (!g) continue;
    const edge = item.up ? byTitle.get(item.up + "->" + item.title) : null;
    items.set(item.title, {
      g, item, edge, box: boxOf(g),
      v: g.querySelector(".nv-v"), w: g.querySelector(".nv-w"), m: g.querySelector(".nv-m"),
    });
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", item.name);
    // a node of a search drawn as it grows (or folded) is named by its trace node, drawn once
    // entered; a given tree's (view.given) by its place only
    if (item.kind === "n" && !view.given) g.dataset.node = String(item.node);
  }
  const box = h("div", { class: "nv-view", "data-view": String(view.index) });
  box.style.position = "absolute";
  box.style.left = "0";
  box.style.top = "0";
  box.append(svg);
  const built = { svg, box, full, shift, items, byNode, painted: new Map(), growing: !!view.span, blank: false, moveOf };
  if (built.growing) {
    // A search drawn as it grows: each node is put in when the search enters it (paint),
    // and the drawing is as big as what it holds (grow).  Graphviz's background, as big as
    // the whole view, and anything not an item (negaviz.layout.growth.ANCHOR) go.
    const keep = new Set();
    for (const it of items.values()) { keep.add(it.g); if (it.edge) keep.add(it.edge); }
    built.graph = graph;
    built.limbo = document.createElementNS(svg.namespaceURI, "svg"); // where the nodes not entered wait, out of the page
    built.parts = Array.from(graph.children).filter((el) => el.classList.contains("node") || el.classList.contains("edge"));
    for (const t of Array.from(graph.childNodes)) if (t.nodeType === 3) t.remove(); // (line breaks between them: one per node)
    for (const el of Array.from(graph.children)) if (el.tagName === "polygon" || ((el.classList.contains("node") || el.classList.contains("edge")) && !keep.has(el))) el.remove();
    built.parts = built.parts.filter((el) => keep.has(el));
    built.order = new Map(built.parts.map((el, i) => [el, i]));
    for (const it of items.values()) {
      it.on = true;
      drawEdge(built, it);
    }
    blankDrawing(built);
  }
  return built;
}

// The picture of this step as a file of its own: the drawing with every painted
// style written on its elements (the page's style sheet does not travel with it).
export function svgFile(svg, full) {
  const copy = svg.cloneNode(true);
  const from = svg.querySelectorAll("*");
  const to = copy.querySelectorAll("*");
  const props = ["fill", "stroke", "stroke-width", "stroke-dasharray", "opacity", "font-style", "font-weight", "font-size", "font-family", "display"];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = props.map((p) => p + ":" + cs.getPropertyValue(p)).join(";");
    to[i].setAttribute("style", style);
    to[i].removeAttribute("class");
  });
  copy.removeAttribute("style");
  // (XMLSerializer writes the SVG namespace: no URL in this module, which pages carry)
  copy.setAttribute("width", full[2] + "pt");
  copy.setAttribute("height", full[3] + "pt");
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy) + "\n";
}

export function saveSvg(svg, full, step) {
  const blob = new Blob([svgFile(svg, full)], { type: "image/svg+xml" });
  const a = h("a", { href: URL.createObjectURL(blob), download: "negaviz-step-" + step + ".svg" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// A still drawing (negaviz.display.drawing): its DOT source laid out here, once.  What a
// notebook shows for a drawing or a trace where the kernel has no dot (a browser's Python).
export async function renderDrawing({ model, el }) {
  const box = h("div", { class: "negaviz-drawing", role: "img", "aria-label": model.get("label") || "a drawing" });
  el.append(box);
  try {
    const viz = await loadViz(model);
    box.innerHTML = viz.renderString(model.get("drawing"), { format: "svg" });
    const svg = box.querySelector("svg");
    if (svg) {
      for (const el2 of svg.querySelectorAll("[id]")) el2.removeAttribute("id");
      for (const t of svg.querySelectorAll("title")) t.remove();
      svg.style.maxWidth = "100%";
      svg.style.height = "auto";
    }
  } catch (e) {
    box.textContent = "negaviz: the bundled Graphviz could not lay this drawing out here (" + e + ").";
  }
  return () => {};
}
