// src/panels.js: the call stack's rows at every step, in both perspectives, equal
// negaviz.widgets.stepper.stack_rows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { stackRows } from "../../negaviz/frontend/src/panels.js";
import { SceneData } from "../../negaviz/frontend/src/scene-data.js";
import { fixture } from "./fixture.mjs";

for (const c of fixture.cases) {
  test("call stack: " + c.name, () => {
    const d = new SceneData(c.scene);
    for (const [perspective, steps] of Object.entries(c.stacks)) {
      steps.forEach((want, k) => assert.deepEqual(stackRows(d, k, perspective), want, `${c.name}, ${perspective}, step ${k}`));
    }
  });
}
