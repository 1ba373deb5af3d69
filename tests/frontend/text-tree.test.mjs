// src/text-tree.js: the tree as text lists, at every step, exactly the items the picture
// draws then (Python's look: not "nv-hidden"), each under the item drawn above it, and says
// what the picture shows of each (its value, its window only while windows are shown, "not
// yet visited" and a leaf's given value before the search gets there, "pruned" once cut).
import { test } from "node:test";
import assert from "node:assert/strict";
import { textForest } from "../../negaviz/frontend/src/text-tree.js";
import { SceneData } from "../../negaviz/frontend/src/scene-data.js";
import { fixture } from "./fixture.mjs";

function flatten(rows, up, out) {
  for (const r of rows) { out.set(r.title, { text: r.text, up }); flatten(r.children, r.title, out); }
  return out;
}

for (const c of fixture.cases) {
  test("text tree: " + c.name, () => {
    const d = new SceneData(c.scene);
    let checked = 0;
    for (const { settings, views } of c.looks) {
      views.forEach(({ from, looks }, v) => {
        const items = d.views[v].items;
        looks.forEach((want, i) => {
          const k = from + i;
          const line = d.bestLine(k, d.s.passes[d.passOf(k)][1]);
          const listed = flatten(textForest(d, items, k, { ...settings, line }), null, new Map());
          const where = `${c.name}, ${JSON.stringify(settings)}, view ${v}, step ${k}`;
          items.forEach((item, j) => {
            const [cls, value, windowText] = want[j].split("|");
            const classes = cls.split(" ");
            const row = listed.get(item.title);
            if (classes.includes("nv-hidden")) { assert.equal(row, undefined, `${where}: ${item.title} is not drawn yet`); return; }
            assert.ok(row, `${where}: ${item.title} is drawn but not listed`);
            assert.ok(row.text.startsWith(item.name), `${where}: ${row.text}`);
            // the value's number as the picture writes it (its sign, =, ≥, ≤ or "best", said in words)
            const shown = value.slice((item.prefix || "").length).trim().replace(/^(value |best |=|≥|≤)/, "");
            if (shown && shown !== "pruned" && shown !== "?") assert.ok(row.text.includes(shown), `${where}: ${row.text} lacks ${shown}`);
            if (shown === "?") assert.ok(row.text.includes("no value yet"), `${where}: ${row.text}`);
            if (classes.includes("nv-unseen")) assert.ok(row.text.includes("not yet visited"), `${where}: ${row.text}`);
            if (classes.includes("nv-pruned")) assert.ok(row.text.includes("pruned"), `${where}: ${row.text}`);
            const windowShown = settings.windows && !classes.includes("nv-unseen") && windowText;
            assert.equal(row.text.includes("window " + windowText), !!windowShown, `${where}: ${row.text}`);
            const up = item.up && listed.has(item.up) ? item.up : null;
            assert.equal(row.up, up, `${where}: ${item.title} listed under ${row.up}`);
            checked += 1;
          });
        });
      });
    }
    assert.ok(checked > 0);
  });
}
