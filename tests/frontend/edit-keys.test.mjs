// src/edit-keys.js and src/edit-result.js: what each key does on a focused node, what a
// node is called, and, at every step of edited trees' searches, which items the edit's
// result marks, equal to Python's answers (test_edit_js.py writes them to NEGAVIZ_FIXTURE).
import { test } from "node:test";
import assert from "node:assert/strict";
import { keyAction, leafText, nodeLabel } from "../../negaviz/frontend/src/edit-keys.js";
import { markResult } from "../../negaviz/frontend/src/edit-result.js";
import { look } from "../../negaviz/frontend/src/look.js";
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
    for (const perspective of ["negamax", "minimax"]) {
      c.marks.forEach(([nodes, root], k) => {
        const line = d.bestLine(k, d.s.passes[d.passOf(k)][1]);
        const looks = items.map((it) => [it, markResult(d, it, k, { perspective, line }, look(d, it, k, { perspective, line, preview: false, windows: false }))]);
        const marked = looks.filter(([, o]) => o.cls.split(" ").includes("nv-result")).map(([it]) => it.name).sort();
        assert.deepEqual(marked, nodes, `${c.name}, step ${k}`);
        for (const [it, o] of looks) {
          assert.equal(o.edge === "nv-pv nv-result", marked.includes(it.name) && !!it.up, `${c.name}, step ${k}, ${it.name}`);
          const mark = "result " + c.scene.result[perspective].value;
          assert.equal(o.m.includes(mark), root && !it.up && it.kind === "n", `${c.name}, step ${k}, ${it.name}: ${o.m}`);
        }
      });
    }
  });
}
