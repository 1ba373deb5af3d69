// src/practice-flow.js: where stepping stops for a question (gate) and what the page hides
// at a step (hide), on the practice data of recorded searches (test_practice_flow_js.py
// writes them to NEGAVIZ_PRACTICE_FLOW: each scene's practice data and the node the search
// is at, step by step).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { gate, hide } from "../../negaviz/frontend/src/practice-flow.js";
import { stepQuestions, VEILS } from "../../negaviz/frontend/src/practice-steps.js";

const fixture = JSON.parse(readFileSync(process.env.NEGAVIZ_PRACTICE_FLOW, "utf8"));

// A practice session as practice-ui.js makes one, without its page: what gate and hide read.
function session(c, { windows = true, tree = false } = {}) {
  const p = c.practice;
  const s = {
    p, tree, W: p.words.page, locked: tree, open: null, done: new Map(), pauses: 0,
    state: { step: 0, windows, perspective: "negamax" }, result: { textContent: "" },
    questions: tree ? [] : stepQuestions(p),
    data: { current: (k) => c.current[k] },
  };
  s.pause = () => { s.pauses += 1; };
  return s;
}

for (const c of fixture.cases) {
  for (const windows of [true, false]) {
    test("stepping stops at every question, answered or not: " + c.name + (windows ? "" : ", windows hidden"), () => {
      const s = session(c, { windows });
      const asked = s.questions.filter((q) => q.kind !== "window" || windows);
      assert.ok(asked.length > 0);
      // (a window question waits while windows are hidden)
      if (!windows) assert.ok(asked.length < s.questions.length || !c.practice.windows);
      const stops = [];
      for (let from = 0; ;) {
        const k = gate(s, from, c.n);
        if (k === c.n) break;
        stops.push(k);
        const here = asked.filter((q) => q.q === k);
        assert.ok(here.length > 0, "a stop with no question at step " + k);
        // what the page hides there: the total, and the current node for a value question
        const veil = hide(s, k);
        assert.equal(veil.total, true);
        const node = here.some((q) => VEILS[q.kind].node) && c.current[k] >= 0;
        assert.deepEqual(veil.veil ? [...veil.veil] : [], node ? [c.current[k]] : [], "veil at step " + k);
        assert.equal(veil.sentence, here.some((q) => VEILS[q.kind].sentence));
        // a question not answered yet holds the step where it is, asked or not
        assert.equal(gate(s, k, c.n), k);
        s.open = here[0];
        assert.equal(gate(s, k, k + 1), k);
        s.open = null;
        for (const q of here) s.done.set(q.id, "right");
        assert.deepEqual(hide(s, k), { total: true, sentence: false, veil: null }, "answered: nothing hidden at " + k);
        from = k;
      }
      assert.deepEqual(stops, [...new Set(asked.map((q) => q.q))].sort((a, b) => a - b));
      assert.equal(s.pauses, stops.length); // (once per question held open)
      assert.equal(gate(s, 5, 2), 2); // stepping back is never held
    });
  }
}

test("the whole-tree exercise holds every step until it is checked, then none", () => {
  const s = session(fixture.cases[0], { tree: true });
  assert.equal(gate(s, 0, 3), 0);
  assert.equal(s.pauses, 1);
  assert.equal(s.result.textContent, s.W.locked);
  assert.deepEqual(hide(s, 0), { total: true, sentence: false, veil: null });
  s.locked = false;
  assert.equal(gate(s, 0, 3), 3);
});
