// src/edit-keys.js: what each key does on a focused node, and what each node of edited
// trees is called, equal to Python's answers (test_edit_js.py writes them to NEGAVIZ_FIXTURE).
import { test } from "node:test";
import assert from "node:assert/strict";
import { keyAction, leafText, nodeLabel } from "../../negaviz/frontend/src/edit-keys.js";
import { SceneData } from "../../negaviz/frontend/src/scene-data.js";
import { fixture } from "./fixture.mjs";

test("the keys on a focused node: pick, leave, and the edits; the stepper's own keys pass on", () => {
  const want = { Enter: "pick", " ": "pick", Escape: "leave", a: "add", A: "add", Delete: "remove", Backspace: "remove", "[": "left", "]": "right" };
  for (const [key, act] of Object.entries(want)) assert.equal(keyAction(key), act, key);
  for (const key of ["ArrowLeft", "ArrowRight", "Home", "End", "f", "p", "+", "-", "Tab", "toString", "constructor"]) assert.equal(keyAction(key), null, key);
});

for (const c of fixture.cases) {
  test("edit on the picture: " + c.name, () => {
    const d = new SceneData(c.scene);
    const items = d.views[0].items;
    const inner = new Set(items.map((it) => it.up).filter((t) => t));
    const labels = {};
    for (const it of items) if (it.name && (it.kind === "n" || it.kind === "p")) labels[it.name] = nodeLabel(it.name, leafText(d, it, inner.has(it.title)));
    assert.deepEqual(labels, c.labels);
  });
}
