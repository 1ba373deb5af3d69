// The painting rule: what a drawn item shows at a step.  A pure function of the item, the
// step, the reader's settings and the scene's data (no DOM): pane.js applies it, and
// tests/frontend/look.test.mjs compares it with Python's answer at every step.

import { num, seenWindow } from "./values.js";

// What a drawn item shows at `step`: its classes, value, window and mark texts, and the
// class of the edge into it.  Only what the search knows after `step` events: an item not
// visited yet shows nothing but its given value (a textbook leaf's), in one style for all
// (the layout carries no result: negaviz.frontend.scene).
//
// d: the scene's SceneData; item: one of its views' decoded items.
// perspective: "negamax" or "minimax".  line: the best line at `step` (d.bestLine).
// preview: the final search shown faintly behind the unvisited items.
// windows: windows are shown (an exact value then reads "=v").
// veil: nodes whose running result is hidden while a practice question about it is
// pending (practice-steps.js, VEILS): until it returns, such a node shows "?" for its best
// so far and the window it was entered with, not its α as risen to that best.
// Returns {cls, v, w, m, edge, given}: the item's classes, its value, window and mark
// texts, its edge's classes, and whether the value is a given one (grey italics).
/**
 * @typedef {object} Look
 * @property {string} cls  the item's classes (nv-current, nv-exact, nv-pv, ...)
 * @property {string} v  its value text
 * @property {string} w  its window text
 * @property {string} m  its marks (cut, TT, pruned, +n nodes)
 * @property {string} edge  the classes of the edge into it
 * @property {boolean} given  the value is the tree's given one (grey italics)
 */

/**
 * @param {import("./scene-data.js").SceneData} d
 * @param {import("./scene-data.js").Item} item
 * @param {number} step
 * @param {{perspective: string, line: Set<number>, preview: boolean, windows: boolean}} settings
 * @returns {Look}
 */
export function look(d, item, step, { perspective, line, preview, windows, veil = null }) {
  const out = paintRule(d, item, step, perspective, line, preview, windows, veil);
  // "only here" is known once the node is entered, or for a ghost (cut off here, searched
  // there) once it is pruned: never before, it would tell the future
  const known = item.kind === "p" ? item.pruned >= 0 && step > item.pruned : d.nodeAt(item.node, step).status !== "unvisited";
  if (item.only && known) out.cls += " nv-only";
  return out;
}

// A running node's state with its result so far taken out: no best, no best child, and
// the window it was entered with.
export function veiled(d, nid, st) {
  const life = d.lives.get(nid);
  return { ...st, value: null, bestChild: -1, alpha: life.alpha, beta: life.beta };
}

function paintRule(d, item, step, perspective, line, preview, windows, veil) {
  const fmt = d.fmt;
  const kind = item.kind;
  const out = { cls: "", v: "", w: "", m: "", edge: "", given: false };
  if (item.appear > step && !preview) { // not entered yet in a search drawn as it grows: not drawn at all
    out.cls = out.edge = "nv-hidden";
    return out;
  }
  const sg = d.signAt(item.player, perspective);
  const unseen = () => {
    out.cls = "nv-unseen";
    out.edge = "nv-unseen";
    out.v = item.prefix || ""; // who moves there is the game's shape, not a result
    if (item.given !== null && item.given !== undefined) {
      out.v += fmt(sg * num(item.given));
      out.given = true;
    }
  };
  if (kind === "n" || kind === "f") {
    const nid = d.entryAt(item, step);
    const at = d.nodeAt(nid, step);
    let st = at.status === "unvisited" && preview ? d.nodeAt(d.entryAt(item, d.n), d.n) : at;
    if (veil && veil.has(nid) && (st.status === "current" || st.status === "active")) st = veiled(d, nid, st);
    if (st.status === "unvisited") {
      unseen();
    } else {
      let bound = st.bound;
      if (bound && sg < 0) bound = 3 - bound; // negating swaps lower and upper
      if (kind === "f") out.cls = "nv-folded";
      else if (st.status === "current") out.cls = "nv-current";
      else if (st.status === "active") out.cls = "nv-active";
      else out.cls = ["nv-exact", "nv-lower", "nv-upper"][bound || 0];
      if (kind === "n") {
        if (st.cut) out.cls += " nv-cut";
        if (st.tt) out.cls += " nv-tt";
      }
      const value = st.value === null ? null : sg * st.value;
      if (st.status === "done") {
        const sym = bound === 1 ? "≥" : bound === 2 ? "≤" : windows ? "=" : "";
        out.v = (kind === "f" ? "value " : "") + sym + fmt(value);
      } else {
        out.v = value === null ? "?" : (item.chance ? "sum " : "best ") + fmt(value); // a chance node: its sum so far
      }
      const [a, b] = seenWindow(st.alpha, st.beta, sg);
      out.w = "(" + fmt(a) + ", " + fmt(b) + ")"; // as negaviz.vocabulary.window_text writes it
      out.m = kind === "f" ? "+" + d.enteredIn(item.ranges, preview ? d.n : step).toLocaleString("en-US") + " nodes"
        : [st.cut ? "cut" : "", st.tt ? "TT" : ""].filter(Boolean).join(" ");
      if (kind === "n") out.v = (item.prefix || "") + out.v;
      if (at.status === "unvisited") { out.cls += " nv-preview"; out.edge = "nv-preview"; }
    }
    if (line.has(nid)) { out.cls += " nv-pv"; out.edge = "nv-pv"; }
    else if (preview && at.status === "unvisited" && d.finalLine().has(d.entryAt(item, d.n))) out.edge = "nv-pv nv-preview";
  } else if (kind === "g") {
    // a group of folded sibling subtrees: how many nodes they have taken in so far
    const seen = d.enteredIn(item.ranges, preview ? d.n : step);
    if (!seen) unseen();
    else {
      out.cls = "nv-folded" + (d.enteredIn(item.ranges, step) ? "" : " nv-preview");
      out.m = "+" + seen.toLocaleString("en-US") + " nodes";
    }
  } else {
    // an untried move (or several): pruned once the cutoff that skips it has happened
    const pruned = item.pruned >= 0 && (step > item.pruned || preview);
    unseen();
    if (pruned) {
      out.cls = "nv-pruned" + (step > item.pruned ? "" : " nv-preview");
      out.edge = out.cls;
      if (item.title.indexOf("_") < 0) out.v = "pruned";
      else out.m = "pruned";
    }
  }
  return out;
}
