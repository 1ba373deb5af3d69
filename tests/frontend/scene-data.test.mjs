// src/scene-data.js under node's built-in test runner (no npm packages): its state at
// every step of recorded searches equals Python's Timeline at that step.
//
// Run by tests/frontend/test_stepper_js.py, which writes the fixture (the scenes and the
// states Python expects) and names it in NEGAVIZ_FIXTURE; by hand:
//   NEGAVIZ_FIXTURE=fixture.json node --test tests/frontend/scene-data.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { SceneData } from "../../negaviz/frontend/src/scene-data.js";
import { fixture, num } from "./fixture.mjs";

for (const c of fixture.cases) {
  test(c.name, () => {
    const d = new SceneData(c.scene);
    assert.equal(d.n, c.steps.length - 1);
    c.steps.forEach((want, k) => {
      const where = `${c.name}, step ${k}`;
      assert.equal(d.current(k), want.current, where + ": current node");
      assert.deepEqual(d.stack(k), want.stack, where + ": call stack");
      assert.deepEqual(Array.from(d.bestLine(k, want.root)), want.best_line, where + ": best line");
      const counts = d.counters(k);
      assert.deepEqual([counts.nodes, counts.leaves, counts.cutoffs, counts.hits], want.counters, where + ": counters");
      for (const [kind, at] of Object.entries(want.next)) {
        const got = d.nextStep(k, d.s.codes.jumps[kind]);
        assert.equal(got < 0 ? d.n : got, at, where + ": next " + kind);
      }
      for (const [nid, node] of Object.entries(want.nodes)) {
        const st = d.nodeAt(Number(nid), k);
        const got = [st.status, st.value, st.bound, st.alpha, st.beta, st.cut, st.tt, st.bestChild];
        assert.deepEqual(got, node.map(num), `${where}: node ${nid}`);
      }
      for (const [nid, sg] of Object.entries(want.minimax_sign)) {
        assert.equal(d.sign(Number(nid), "minimax"), sg, `${where}: sign of node ${nid}`);
      }
    });
  });
}
