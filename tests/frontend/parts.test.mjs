// src/parts.js: the parts of a big trace a step needs (a chunk of steps, a view, a view's
// drawing), asked of a page's model at once (model.part) or of the kernel once
// (model.send), and kept when they arrive.
import { test } from "node:test";
import assert from "node:assert/strict";
import { makeParts } from "../../negaviz/frontend/src/parts.js";

// A scene as parts.js sees one: its chunks, its views, addView and addChunk.
function scene() {
  const added = [];
  const chunks = new Map();
  return { chunks, views: [{ index: 0 }, { index: 1, svg: "<svg/>" }], added, addView: (v) => added.push(v), addChunk: (i, c) => chunks.set(i, c) };
}

test("a kernel is asked once per part; the part arrives as a message and is kept", () => {
  const sent = [];
  const scenes = [scene(), scene()];
  const parts = makeParts({ send: (m) => sent.push(m) }, scenes);
  assert.equal(parts.ask(1, { chunk: 2 }), false);
  assert.equal(parts.ask(1, { chunk: 2 }), false); // asked already: not sent again
  parts.need(0, { view_for: 9000 });
  parts.need(0, { view_for: 9000 });
  assert.deepEqual(sent, [{ type: "need", scene: 1, chunk: 2 }, { type: "need", scene: 0, view_for: 9000 }]);
  assert.equal(parts.take({ type: "chunk", scene: 1, index: 2, data: { current: [3] } }), true);
  assert.deepEqual(scenes[1].chunks.get(2), { current: [3] });
  assert.equal(scenes[0].chunks.size, 0);
});

test("a page's model gives a part at once, and nothing is sent", () => {
  const sent = [];
  const scenes = [scene()];
  const model = { send: (m) => sent.push(m), part: (m) => (m.drawing === 0 ? { type: "drawing", scene: 0, view: 0, dot: "digraph{}" } : null) };
  const parts = makeParts(model, scenes);
  assert.equal(parts.ask(0, { drawing: 0 }), true);
  assert.equal(scenes[0].views[0].dot, "digraph{}");
  assert.equal(scenes[0].drawings, 1);
  assert.deepEqual(sent, []);
  assert.equal(parts.ask(0, { drawing: 5 }), false); // not in the page: asked of the kernel
  assert.deepEqual(sent, [{ type: "need", scene: 0, drawing: 5 }]);
});

test("a drawing already here is kept as it is; a view laid out on request says its note once", () => {
  const scenes = [scene()];
  const parts = makeParts({ send: () => {} }, scenes);
  assert.equal(parts.take({ type: "drawing", scene: 0, view: 1, svg: "<svg>new</svg>" }), true);
  assert.equal(scenes[0].views[1].svg, "<svg/>");
  assert.equal(scenes[0].drawings, undefined);
  const view = { index: 2, note_new: "A new view from step 9." };
  assert.equal(parts.take({ type: "view", scene: 0, view }), true);
  assert.deepEqual(scenes[0].added, [view]);
  assert.equal(view.sayOnce, "A new view from step 9.");
});

test("a message for no scene of this stepper is not taken", () => {
  const scenes = [scene()];
  const parts = makeParts({ send: () => {} }, scenes);
  assert.equal(parts.take({ type: "chunk", scene: 3, index: 0, data: {} }), false);
  assert.equal(parts.take({ type: "viz", data: "..." }), false); // the Graphviz's message is loadViz's
  assert.equal(parts.take(null), false);
  assert.equal(scenes[0].chunks.size, 0);
});
