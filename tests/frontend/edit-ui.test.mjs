// src/edit-ui.js: which node a click picks, and what "copy tree" says when the clipboard
// takes the text and when the page may not use it (a sandboxed frame).
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyText, nameOf } from "../../negaviz/frontend/src/edit-ui.js";

test("a click on a node's group picks that node, and nothing else picks", () => {
  const gs = [{}, {}, {}];
  const items = new Map([["A", { g: gs[0], item: { name: "A" } }], ["B", { g: gs[1], item: { name: "B" } }],
    ["A->B", { g: gs[2], item: {} }]]);
  assert.equal(nameOf(items, gs[1]), "B");
  assert.equal(nameOf(items, gs[0]), "A");
  assert.equal(nameOf(items, gs[2]), null); // an edge's group names no node
  assert.equal(nameOf(items, {}), null);
});

test("copy tree says it copied, or how to copy where the page may not", async () => {
  const copied = [];
  const ok = { writeText: async (t) => { copied.push(t); } };
  assert.equal(await copyText("A(B:1 C:2)", ok), "Copied the tree: A(B:1 C:2)");
  assert.deepEqual(copied, ["A(B:1 C:2)"]);
  const refused = { writeText: async () => { throw new Error("NotAllowedError"); } };
  for (const clip of [refused, undefined]) {
    assert.match(await copyText("A(B:1 C:2)", clip), /^This page may not use the clipboard: the text is selected, press Ctrl\+C/);
  }
});
