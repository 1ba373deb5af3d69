// The tree as text: a nested list a screen reader walks (list by list, item by item), one
// item per drawn node: its name, who moves there, its state, its value and window, and its
// marks.  It is made by the painting rule (look.js) from the same data at the same step,
// so it says what the picture shows and hides what the picture hides: a node not yet
// visited says so and shows only a leaf's given value; a search drawn as it grows lists
// only the nodes drawn so far; windows only while they are shown.

import { h } from "./dom.js";
import { look } from "./look.js";

// A state class of look.js's and how the list says it (the first that applies).
const STATES = [
  ["nv-current", "the current node"],
  ["nv-active", "on the call stack"],
  ["nv-pruned", "pruned: never searched"],
  ["nv-folded", "folded"],
  ["nv-unseen", "not yet visited"],
  ["nv-exact", "returned"],
  ["nv-lower", "returned a lower bound"],
  ["nv-upper", "returned an upper bound"],
];
const MARKS = [["nv-pv", "on the best line"], ["nv-preview", "later in the search (preview)"]];
// A value's sign as the picture writes it, in words.
const BOUNDS = [["=", "", " (exact)"], ["≥", "at least ", ""], ["≤", "at most ", ""], ["best ", "best so far ", ""], ["sum ", "sum so far ", ""], ["value ", "", ""]];
// The picture's marks (look.js's m), in words.
const MARK_WORDS = { cut: "cut off", TT: "table hit" };

function valueWords(v) {
  if (v === "?") return "no value yet";
  for (const [sym, before, after] of BOUNDS) if (v.startsWith(sym)) return "value " + before + v.slice(sym.length) + after;
  return "value " + v;
}

/**
 * One drawn item at `step` in words, or null where the picture does not draw it yet.
 * @param {import("./scene-data.js").SceneData} d
 * @param {import("./scene-data.js").Item} item
 * @param {number} step
 * @param {{perspective: string, line: Set<number>, preview: boolean, windows: boolean}} settings
 * @returns {string|null}
 */
export function describe(d, item, step, settings) {
  const o = look(d, item, step, settings);
  const cls = o.cls.split(" ");
  if (cls.includes("nv-hidden")) return null;
  const parts = [item.name];
  if (item.kind === "n" || item.kind === "p") parts.push(item.chance ? "chance node" : (item.player ? "second" : "first") + " player to move");
  const state = STATES.find(([c]) => cls.includes(c));
  if (state) parts.push(state[1]);
  const value = o.v.slice((item.prefix || "").length).trim();
  if (value && value !== "pruned") parts.push(o.given ? "given value " + value : valueWords(value));
  if (settings.windows && o.w && !cls.includes("nv-unseen")) parts.push("window " + o.w);
  if (o.m && o.m !== "pruned") parts.push(o.m.split(" ").map((w) => MARK_WORDS[w] || w).join(", "));
  for (const [c, words] of MARKS) if (cls.includes(c)) parts.push(words);
  return parts.join(", ");
}

/**
 * The drawn items at `step` as a forest: [{title, text, children}], in the drawing's order.
 * @param {import("./scene-data.js").SceneData} d
 * @param {Iterable<import("./scene-data.js").Item>} items
 * @param {number} step
 * @param {{perspective: string, line: Set<number>, preview: boolean, windows: boolean}} settings
 */
export function textForest(d, items, step, settings) {
  const rows = new Map();
  const roots = [];
  for (const item of items) {
    const text = describe(d, item, step, settings);
    if (text !== null) rows.set(item.title, { title: item.title, up: item.up, text, children: [] });
  }
  for (const row of rows.values()) {
    const parent = row.up ? rows.get(row.up) : null;
    (parent ? parent.children : roots).push(row);
  }
  return roots;
}

function list(rows) {
  return h("ul", {}, ...rows.map((r) => h("li", { text: r.text }, ...(r.children.length ? [list(r.children)] : []))));
}

const made = new WeakMap(); // a pane -> {el, key}

/**
 * Keep `pane`'s text tree in step with its picture (call after painting it).
 * @param {any} pane  a Pane (pane.js): its scene data, its view's drawn items, its windows setting
 * @param {Set<number>|null} [veil]  nodes whose result so far a practice question hides
 */
export function showTextTree(pane, step, perspective, preview, veil = null) {
  if (!pane.view || !pane.items) return;
  let it = made.get(pane);
  if (!it) {
    const el = h("div", { class: "nv-text-tree", role: "region", "aria-label": "the search tree as text" });
    pane.el.append(el);
    it = { el, key: "" };
    made.set(pane, it);
  }
  const d = pane.d;
  // (veil: what a pending practice question hides, hidden here too; look.js)
  const settings = { perspective, line: d.bestLine(step, d.s.passes[d.passOf(step)][1], veil), preview, windows: !!pane.windows, veil };
  const forest = textForest(d, [...pane.items.values()].map((x) => x.item), step, settings);
  const key = JSON.stringify(forest);
  if (key === it.key) return;
  it.key = key;
  it.el.replaceChildren(h("p", { text: "The tree at step " + step.toLocaleString("en-US") + ", as text:" }), list(forest));
}
