// src/growing.js: a growing view's edges, drawn from their nodes' boxes alone (the same
// text whatever else the view holds), as Graphviz draws straight edges with arrowsize 0.5.
import { test } from "node:test";
import assert from "node:assert/strict";
import { straightEdge } from "../../negaviz/frontend/src/growing.js";

const numbers = (text) => text.match(/-?[\d.]+/g).map(Number);

test("an edge runs from border to border between the centres, its last 5 points an arrowhead", () => {
  // a child right below its parent: from the parent's bottom to the child's top
  const down = straightEdge([0, 0, 40, 20], [0, 50, 40, 70]);
  assert.equal(down.d, "M20,20L20,45");
  assert.deepEqual(numbers(down.points), [21.75, 45, 20, 50, 18.25, 45, 21.75, 45]);
  // a child down and to the right: the line leaves the parent's bottom edge and meets the
  // child's top edge, on the line between the centres
  const slant = straightEdge([0, 0, 40, 20], [100, 60, 140, 80]);
  const [sx, sy, ex, ey] = numbers(slant.d);
  assert.equal(sy, 20);
  assert.ok(Math.abs((sx - 20) / (sy - 10) - 100 / 60) < 0.01);
  const [, , tx, ty] = numbers(slant.points);
  assert.equal(ty, 60);
  assert.ok(Math.abs(Math.hypot(tx - ex, ty - ey) - 5) < 0.02);
  // the same boxes give the same text, and one centre gives none
  assert.deepEqual(straightEdge([0, 0, 40, 20], [100, 60, 140, 80]), slant);
  assert.equal(straightEdge([0, 0, 10, 10], [0, 0, 10, 10]), null);
});
