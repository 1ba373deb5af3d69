// The answer fields and cut toggles practice puts on the picture (practice-ui.js asks
// and grades): a value field on every inner node, a window field per inner node below the
// root in the panel (on the drawing a field that wide would cover the node's edges), and a
// toggle on every edge (click, or Space/Enter on the focused edge).  Built once per drawn
// view; named as the key names nodes.

import { h } from "./dom.js";
import { fill } from "./words.js";

/**
 * @param {{p: object, tree: boolean, windowsBox: HTMLElement, live: (e: object) => boolean,
 *   enter: (box: HTMLInputElement) => void, leave: (box: HTMLInputElement) => void, log: object}} args
 *   p: the scene's practice data; live(edge): whether an edge's toggle is live now;
 *   enter: Enter pressed in a field; leave(box): Escape pressed in one (what was typed stays);
 *   log: told each answer as it is given (practice-submit.js's answerLog)
 */
export function makeMarks({ p, tree, windowsBox, live, enter, leave, log }) {
  const fields = new Map(); // name -> {value, window} inputs (each in a foreignObject)
  const edges = new Map();  // child name -> {g, parent, on}
  let items = null;         // the drawing they are on
  const L = p.words.page.labels; // the fields' and toggles' names (negaviz/quiz/words.json)

  // A drawn node's name as the key spells it (the scene's item.answer, named in Python:
  // the picture shortens long move paths, and names a shared subtree's nodes alike).
  const nameOf = (it) => it.item.answer;

  function keyed(box) {
    box.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); enter(box); }
      else if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); leave(box); }
    });
    return box;
  }

  function input(g, x, y, w, hgt, label) {
    // (the namespace is read from the drawing: no URL in this module, which pages carry)
    const fo = document.createElementNS(g.ownerSVGElement.namespaceURI, "foreignObject");
    for (const [k, v] of Object.entries({ x, y, width: w, height: hgt, class: "nv-field" })) fo.setAttribute(k, String(v));
    const box = document.createElement("input"); // an HTML input inside the drawing
    box.setAttribute("type", "text");
    box.setAttribute("aria-label", label);
    box.setAttribute("placeholder", "?");
    box.className = "nv-answer";
    for (const ev of ["click", "mousedown", "pointerdown", "dblclick", "wheel"]) box.addEventListener(ev, (e) => e.stopPropagation());
    fo.append(keyed(box));
    g.append(fo);
    g.setAttribute("role", "group"); // not "img": an image's content is hidden from screen readers, its field too
    return box;
  }

  function windowField(name) {
    const box = keyed(h("input", { type: "text", class: "nv-answer nv-window-answer", "aria-label": fill(L.window_field, { name }), placeholder: L.window_hint }));
    windowsBox.append(h("label", { class: "nv-window-field" }, name + " ", box));
    return box;
  }

  function setCut(name, on) {
    const e = edges.get(name);
    e.on = on;
    e.g.setAttribute("aria-checked", String(on));
    if (on) e.g.dataset.nvCut = "on"; else delete e.g.dataset.nvCut;
    log.cut(name, on);
  }

  function edge(it, parent, name) {
    const e = { g: it.edge, parent, on: false };
    it.edge.setAttribute("role", "checkbox");
    it.edge.setAttribute("aria-checked", "false");
    it.edge.setAttribute("aria-label", fill(L.cut_edge, { parent, name }));
    const path = it.edge.querySelector("path");
    if (path) {
      const hit = path.cloneNode(false);
      hit.setAttribute("class", "nv-hit");
      it.edge.append(hit);
    }
    const toggle = (ev) => { ev.stopPropagation(); ev.preventDefault(); if (live(e)) setCut(name, !e.on); };
    it.edge.addEventListener("click", toggle);
    // (panning captures the pointer, and the click would go to the panel, not the edge)
    for (const ev of ["pointerdown", "mousedown"]) it.edge.addEventListener(ev, (e2) => { if (live(e)) e2.stopPropagation(); });
    it.edge.addEventListener("keydown", (ev) => { if (ev.key === " " || ev.key === "Enter") toggle(ev); });
    return e;
  }

  // Put them on `drawn` (a pane's items); true if it is a drawing they were not on.
  function attach(drawn) {
    if (items === drawn) return false;
    items = drawn;
    fields.clear();
    edges.clear();
    windowsBox.replaceChildren(h("span", { text: L.windows_heading }));
    const inner = new Set([...items.values()].map((it) => it.item.up).filter((t) => t));
    const cuts = !!p.cut_edges; // cuts may be asked: every edge has a toggle, whichever are asked (negaviz.quiz.practice)
    const leaves = new Set((p.ask || []).includes("leaf") ? Object.keys(p.keys.negamax.leaf_values || {}) : []);
    for (const it of items.values()) {
      const name = nameOf(it);
      if (!name) continue; // a group of moves: no answer names it
      if ((inner.has(it.item.title) || leaves.has(name)) && it.box) {
        const [l, t, r, b] = it.box;
        const w = Math.max(r - l - 4, 26);
        const f = { value: input(it.g, (l + r) / 2 - w / 2, (t + b) / 2 - 1, w, 15, fill(L.value_of, { name })) };
        if (tree && p.windows && it.item.up) f.window = windowField(name);
        f.value.addEventListener("change", () => log.value(name, f.value.value));
        if (f.window) f.window.addEventListener("change", () => log.window(name, f.window.value));
        fields.set(name, f);
      }
      if ((tree || cuts) && it.item.up && it.edge && items.get(it.item.up)) {
        edges.set(name, edge(it, nameOf(items.get(it.item.up)), name));
      }
    }
    inSearchOrder();
    return true;
  }

  // Tab goes through the picture in search order: each node's drawing, with the edge into
  // it just before, moved (within the drawing) into preorder, children left to right.
  function inSearchOrder() {
    const kids = new Map();
    let top = null;
    for (const it of items.values()) {
      if (!it.item.up) { top = top || it; continue; }
      if (!kids.has(it.item.up)) kids.set(it.item.up, []);
      kids.get(it.item.up).push(it);
    }
    const x = (it) => (it.box ? it.box[0] : 0);
    const visit = (it) => {
      if (it.edge && it.edge.parentNode) it.edge.parentNode.append(it.edge);
      if (it.g.parentNode) it.g.parentNode.append(it.g);
      for (const c of (kids.get(it.item.title) || []).sort((a, b) => x(a) - x(b))) visit(c);
    };
    if (top) visit(top);
  }

  // The node an element of the drawing belongs to, by name (null if none).
  function nodeNamed(g) {
    if (!items) return null;
    const it = [...items.values()].find((x) => x.g === g);
    return it ? nameOf(it) || null : null;
  }

  return { fields, edges, attach, setCut, nodeNamed };
}
