// src/practice-steps.js: the questions practice as the search goes pauses for, against
// what the recorded searches say (test_practice_steps.py writes them to NEGAVIZ_PRACTICE_STEPS).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { stepQuestions, taskText } from "../../negaviz/frontend/src/practice-steps.js";

const fixture = JSON.parse(readFileSync(process.env.NEGAVIZ_PRACTICE_STEPS, "utf8"));
const W = fixture.words.steps; // negaviz/quiz/words.json, as the practice data carries it

const RANK = { value: 0, leaf: 0, tt: 0, next: 1, window: 2, cut: 3 }; // (negaviz.quiz.schedule.RANK)

for (const c of fixture.cases) {
  test("questions as the search goes: " + c.name, () => {
    const p = c.practice;
    const qs = stepQuestions(p);
    // the page asks what Python chose, as it is
    assert.deepEqual(qs.map((q) => [q.id, q.q, q.kind, q.name ?? null]), p.questions.map((q) => [q.id, q.q, q.kind, q.name]));
    assert.equal(new Set(qs.map((q) => q.id)).size, qs.length);
    // asked in step order, and at one step: a value, then the next node, then a window, then cuts
    for (let i = 1; i < qs.length; i++) {
      assert.ok(qs[i - 1].q < qs[i].q || (qs[i - 1].q === qs[i].q && RANK[qs[i - 1].kind] <= RANK[qs[i].kind]), JSON.stringify([qs[i - 1], qs[i]]));
    }
    // a window is asked at the step just before its node is entered (the search's ENTER event), and only with windows
    for (const q of qs.filter((x) => x.kind === "window")) assert.equal(q.q, c.entered_inner[q.name], q.name);
    if (!c.windows) assert.equal(qs.filter((q) => q.kind === "window").length, 0);
    // a cut is asked as its node is entered
    for (const q of qs.filter((x) => x.kind === "cut")) assert.equal(q.q, c.entered[q.name] + 1, q.name);
    // each question comes before the step that shows its answer
    for (const q of qs) {
      if (q.kind === "value") assert.ok(q.q < c.key.values[q.name].step, q.name);
      if (q.kind === "window") assert.ok(q.q < c.key.windows[q.name].step, q.name);
      if (q.kind === "next") assert.ok(c.key.entered.every(([at]) => at < q.q - 1 || at >= q.q), "next at " + q.q);
    }
    // "which node is next?" and "which window?" on one step: the node is asked for first
    for (const q of qs.filter((x) => x.kind === "window")) {
      const next = qs.findIndex((x) => x.kind === "next" && x.q === q.q);
      if (next >= 0) assert.ok(next < qs.indexOf(q), q.name);
    }
  });
}

test("the page asks each question in the notebook's sentence (negaviz.quiz.questions), then says how to answer", () => {
  let n = 0;
  for (const c of fixture.cases) {
    for (const [kind, name, view, prompt] of c.asked) {
      const text = taskText({ kind, name }, view, c.keys[view], W);
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
