// src/practice-steps.js: the questions practice as the search goes pauses for, against
// what the recorded searches say (test_practice_steps.py writes them to NEGAVIZ_PRACTICE_STEPS).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { RANK, stepQuestions, taskText } from "../../negaviz/frontend/src/practice-steps.js";

const fixture = JSON.parse(readFileSync(process.env.NEGAVIZ_PRACTICE_STEPS, "utf8"));
const W = fixture.words.steps; // negaviz/quiz/words.json, as the practice data carries it

for (const c of fixture.cases) {
  test("questions as the search goes: " + c.name, () => {
    const qs = stepQuestions(c.key, c.windows);
    // asked in step order, and at one step: a value, then the next node, then a window, then cuts
    for (let i = 1; i < qs.length; i++) {
      assert.ok(qs[i - 1].q < qs[i].q || (qs[i - 1].q === qs[i].q && RANK[qs[i - 1].kind] <= RANK[qs[i].kind]), JSON.stringify([qs[i - 1], qs[i]]));
    }
    // a window is asked at the step just before its node is entered (the search's ENTER event), and only with windows
    const windows = Object.fromEntries(qs.filter((q) => q.kind === "window").map((q) => [q.name, q.q]));
    assert.deepEqual(windows, c.windows ? c.entered_inner : {});
    // each question comes before the step that shows its answer
    for (const q of qs) {
      if (q.kind === "value") assert.ok(q.q < c.key.values[q.name].step, q.name);
      if (q.kind === "window") assert.ok(q.q < c.key.windows[q.name].step, q.name);
    }
    // "which node is next?" and "which window?" on one step: the node is asked for first
    for (const q of qs.filter((x) => x.kind === "window")) {
      const next = qs.findIndex((x) => x.kind === "next" && x.q === q.q);
      if (next >= 0) assert.ok(next < qs.indexOf(q), q.name);
    }
    assert.equal(qs.filter((q) => q.kind === "window").length, c.windows ? Object.keys(c.key.windows).length : 0);
  });
}

test("the page asks each question in the notebook's sentence (negaviz.quiz.questions), then says how to answer", () => {
  let n = 0;
  for (const c of fixture.cases) {
    for (const [kind, name, view, prompt] of c.asked) {
      const text = taskText({ kind, name }, view, c.key, W);
      assert.ok(text.startsWith(prompt + " "), JSON.stringify([text, prompt]));
      n += 1;
    }
  }
  assert.ok(n > 50);
});

test("how a window is asked, in each view", () => {
  const q = { kind: "window", name: "B X" };
  assert.equal(taskText(q, "negamax", null, W), "With which window (α, β) is B X entered, for the side to move there? Type it, such as (−∞, 5), then press Enter.");
  assert.equal(taskText(q, "minimax", null, W), "With which window (α, β) is B X entered for the first player (minimax)? Type it, such as (−∞, 5), then press Enter.");
  assert.match(taskText({ kind: "value", name: "C" }, "negamax", null, W), /^What does C return\? Type it on C/);
});
