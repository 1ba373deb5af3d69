// src/look.js: what every drawn item shows at every step of recorded searches, under
// several settings, equals Python's answer (test_stepper_js.python_look): at every step,
// or for a view of a search drawn as it grows, at every step of its span.
import { test } from "node:test";
import assert from "node:assert/strict";
import { look } from "../../negaviz/frontend/src/look.js";
import { SceneData } from "../../negaviz/frontend/src/scene-data.js";
import { fixture } from "./fixture.mjs";

for (const c of fixture.cases) {
  test("look: " + c.name, () => {
    const d = new SceneData(c.scene);
    for (const { settings, views } of c.looks) {
      views.forEach(({ from, looks }, v) => {
        const items = d.views[v].items;
        looks.forEach((want, i) => {
          const k = from + i;
          const line = d.bestLine(k, d.s.passes[d.passOf(k)][1]);
          const got = items.map((item) => {
            const o = look(d, item, k, { ...settings, line });
            return [o.cls, o.v, o.w, o.m, o.edge, String(o.given)].join("|");
          });
          got.forEach((g, j) => assert.equal(g, want[j], `${c.name}, ${JSON.stringify(settings)}, view ${v}, step ${k}, item ${items[j].title}`));
        });
      });
    }
  });
}
