// A scene's data (negaviz.frontend.scene.Scene.data): decoded once, and looked up by step.
//
// Every state here follows the same rules as negaviz.trace.timeline.Timeline
// (tests/frontend/scene-data.test.mjs checks both agree at every step of recorded searches).

import { makeFmt, num } from "./values.js";

// Looks states up in the scene's compact data: the same rules as Timeline.node_at.
export class SceneData {
  constructor(scene) {
    this.s = scene;
    this.schema = scene.schema;
    this.n = scene.n;
    this.kinds = scene.kinds;
    this.fmt = makeFmt(scene.fmt || {});
    this.chunks = new Map();
    this.lives = new Map();
    this.views = [];
    for (const view of scene.views) this.addView(view);
    for (const [k, v] of Object.entries(scene.chunks || {})) this.addChunk(Number(k), v);
  }

  addView(view) {
    this.addLives(view.lives);
    view.index = this.views.length;
    view.items = view.items.map((row) => decode(this.schema.item, row));
    view.byTitle = new Map(view.items.map((it) => [it.title, it]));
    view.titleOf = new Map(); // trace node -> the title of the item drawing it
    for (const it of view.items) if (it.kind === "n") for (const nid of [it.node, ...(it.again || [])]) view.titleOf.set(nid, it.title);
    view.nodeSet = new Set(view.titleOf.keys());
    this.views.push(view);
    return view;
  }

  addLives(lives) {
    for (const [nid, life] of Object.entries(lives || {})) {
      if (!this.lives.has(Number(nid))) this.lives.set(Number(nid), decodeLife(this.schema, life));
    }
  }

  // A chunk of steps, and what it says of a given tree's view (drawn whole, its items
  // named by their place in the tree): which item each trace node entered by the chunk's
  // last step is, and which items are pruned by then (negaviz.frontend.scene.Scene.places).
  addChunk(index, chunk) {
    this.chunks.set(index, chunk);
    this.addLives(chunk.lives);
    for (const [step, v, title, nid, only] of chunk.places || []) {
      const view = this.views[v];
      const item = view && view.byTitle.get(title);
      if (!item) continue;
      item.only = only;
      if (nid < 0) { item.pruned = step; continue; }
      if (view.titleOf.has(nid)) continue; // (every chunk holds what came before it)
      const entries = [...(item.kind === "n" ? [item.node, ...item.again] : []), nid].sort((a, b) => a - b);
      item.kind = "n";
      item.node = entries[0];
      item.again = entries.slice(1);
      view.titleOf.set(nid, title);
      view.nodeSet.add(nid);
    }
  }

  chunkOf(step) {
    return Math.floor(step / this.s.chunk);
  }

  chunk(step) {
    return this.chunks.get(this.chunkOf(step));
  }

  current(step) {
    const c = this.chunk(step);
    return c ? c.current[step - this.chunkOf(step) * this.s.chunk] : undefined;
  }

  passOf(step) {
    let p = 0;
    const passes = this.s.passes;
    for (let i = 0; i < passes.length; i++) if (passes[i][0] <= Math.max(step - 1, 0)) p = i;
    return p;
  }

  // The view showing `step`: one of its pass whose drawn nodes include the current node.
  viewFor(step) {
    const p = this.passOf(step);
    const cur = this.current(step);
    if (cur === undefined) return null;
    let fallback = null;
    for (const v of this.views) {
      if (v.pass !== p) continue;
      // a view of a search drawn as it grows holds a span of steps [from, to) (to < 0: the rest)
      if (v.span) {
        if (v.span[0] <= step && (v.span[1] < 0 || step < v.span[1])) return v;
        continue;
      }
      if (cur < 0 || v.nodeSet.has(cur)) return v;
      fallback = fallback || v;
    }
    return cur < 0 && !(fallback && fallback.span) ? fallback : null;
  }

  // The trace node a drawn item stands for at `step`: its latest entry by then (a node of
  // a given tree entered again, by a PVS re-search), else its first (as fold.latest).
  entryAt(item, step) {
    let nid = item.node;
    for (const again of item.again || []) if (this.lives.get(again).enter < step) nid = again;
    return nid;
  }

  // The same rules as Timeline.node_at (tests/frontend/scene-data.test.mjs checks both agree).
  nodeAt(nid, step) {
    const life = this.lives.get(nid);
    if (!life || step <= life.enter) return { status: "unvisited", value: null, bound: null, alpha: null, beta: null, cut: false, tt: false, bestChild: -1 };
    const cut = life.cut >= 0 && life.cut < step;
    let best = null, alpha = life.alpha, beta = life.beta, bestChild = -1;
    const kinds = this.s.codes.changes; // what a change does (negaviz.trace.timeline.Change)
    for (const ch of life.changes) {
      if (ch.step >= step) break;
      if (ch.kind === kinds.best) { best = ch.value; alpha = ch.alpha; bestChild = ch.child; }
      else if (ch.kind === kinds.sum) best = ch.value; // a chance node: its weighted sum so far, no best child
      else if (ch.kind === kinds.alpha) alpha = Math.max(alpha, ch.value);
      else beta = Math.min(beta, ch.value);
    }
    if (life.exit >= 0 && life.exit < step) {
      return { status: "done", value: life.value, bound: life.bound, alpha: life.alpha, beta: life.beta, cut, tt: life.tt, bestChild };
    }
    const status = this.current(step) === nid ? "current" : "active";
    return { status, value: best, bound: null, alpha, beta, cut, tt: false, bestChild };
  }

  // minimax view: values for the first player, negated where the second player moves
  // (negaviz.analysis.steps.sign): `player` is an item's or a life's (who moves there,
  // read from the trace and the game, not from the depth's parity).
  signAt(player, perspective) {
    if (perspective !== "minimax") return 1;
    return player ? -1 : 1;
  }

  sign(nid, perspective) {
    const life = this.lives.get(nid);
    return this.signAt(life ? life.player : this.s.first_player, perspective);
  }

  // Nodes entered by `step` in the node ranges [start, end) (node numbers are the order
  // of entry): what a folded summary has taken in so far.
  enteredIn(ranges, step) {
    const c = this.counters(step);
    if (!c) return 0;
    let n = 0;
    for (const [start, end] of ranges) n += Math.max(0, Math.min(end, c.nodes) - start);
    return n;
  }

  counters(step) {
    const c = this.chunk(step);
    if (!c) return null;
    let [nodes, leaves, cutoffs, hits] = c.base;
    const from = this.chunkOf(step) * this.s.chunk;
    const codes = this.s.codes;
    for (let k = from; k < step; k++) {
      const ch = this.kinds[k];
      if (ch === codes.enter) nodes++;
      else if (codes.leaf.includes(ch)) leaves++;
      else if (ch === codes.cutoff) cutoffs++;
      else if (ch === codes.tt_hit) hits++;
    }
    return { nodes, leaves, cutoffs, hits };
  }

  // A comparison pane's title at `step`: its nodes entered so far and, of them, those
  // only this search visits (scene.only_steps: the steps they are entered at, sorted).
  titleAt(step) {
    const c = this.counters(step);
    if (!c) return this.s.title || "";
    const steps = this.s.only_steps || [];
    let only = 0;
    while (only < steps.length && steps[only] < step) only++;
    const n = (x) => x.toLocaleString("en-US");
    return (this.s.title ? this.s.title + ": " : "") + n(c.nodes) + " nodes so far, " + n(only) + " visited only here";
  }

  // The step just after the next event with one of `codes` at or after `step`; -1 if none.
  nextStep(step, codes) {
    let best = -1;
    for (const c of codes) {
      const at = this.kinds.indexOf(c, step);
      if (at >= 0 && (best < 0 || at < best)) best = at;
    }
    return best < 0 ? -1 : best + 1;
  }

  stack(step) {
    const out = [];
    let nid = this.current(step);
    while (nid !== undefined && nid >= 0 && this.lives.has(nid)) {
      out.push(nid);
      nid = this.lives.get(nid).parent;
    }
    return out.reverse();
  }

  // The best line at `step` from `root`: the nodes of it entered by then (down to a
  // veiled node: what lies below it is its answer, look.js).
  bestLine(step, root, veil = null) {
    const out = new Set();
    let nid = root;
    while (nid >= 0 && this.lives.has(nid) && step > this.lives.get(nid).enter) {
      out.add(nid);
      if (veil !== null && veil.has(nid)) break;
      nid = this.nodeAt(nid, step).bestChild;
    }
    return out;
  }

  // The best line of the whole search (the last pass's), for the preview.
  finalLine() {
    if (!this._finalLine) this._finalLine = this.bestLine(this.n, this.s.passes[this.s.passes.length - 1][1]);
    return this._finalLine;
  }
}

/**
 * A drawn item of a view, decoded by the scene's schema (negaviz.frontend.scene.SCHEMA
 * documents each field).
 * @typedef {object} Item
 * @property {string} title  its DOT name
 * @property {"n"|"f"|"g"|"p"} kind  a node, a folded subtree, a group, a ghost
 * @property {number} node  the trace node (-1 for ghosts and groups)
 * @property {number} parent
 * @property {string} up  the title of the item drawn above it
 * @property {number} depth
 * @property {number} pruned  the step a cutoff skipped it (-1: never)
 * @property {string} prefix
 * @property {number} only
 * @property {number|string|null} given
 * @property {string} name
 * @property {number[][]} ranges
 * @property {number[]} again
 * @property {number} appear  the first step it is drawn at
 * @property {number} player  who moves there (0: the first player; a chance node: whose view its value is in)
 * @property {number} chance  1 for a chance node
 */

// Records travel as arrays, their fields named once, in the scene's schema
// (negaviz.frontend.scene.SCHEMA): decoded here into objects, the one place that
// knows the order.
export function decode(fields, row) {
  const out = {};
  fields.forEach((f, i) => { out[f] = row[i]; });
  return out;
}

export function decodeLife(schema, row) {
  const life = decode(schema.life, row);
  for (const k of ["value", "alpha", "beta"]) life[k] = num(life[k]);
  life.tt = !!life.tt;
  life.changes = life.changes.map((c) => {
    const ch = decode(schema.change, c);
    ch.value = num(ch.value);
    ch.alpha = num(ch.alpha);
    return ch;
  });
  return life;
}
