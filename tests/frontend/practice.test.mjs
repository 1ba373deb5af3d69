// src/practice.js: the page grades every answer of the fixture exactly as
// negaviz.quiz.grade does (tests/quiz/test_grading.py writes the fixture, named in
// NEGAVIZ_PRACTICE: Python's keys, the answers and Python's grades).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { grade } from "../../negaviz/frontend/src/practice.js";

const fixture = JSON.parse(readFileSync(process.env.NEGAVIZ_PRACTICE, "utf8"));
const num = (x) => (x === "inf" ? Infinity : x === "-inf" ? -Infinity : x);

test("every fixture answer gets Python's grade", () => {
  for (const [i, c] of fixture.cases.entries()) {
    const answers = { ...c.answers };
    // numbers as a student's typing would carry them: the page reads text, Python got numbers
    if (answers.values) answers.values = Object.fromEntries(Object.entries(answers.values).map(([n, v]) => [n, typeof v === "string" ? v : num(v)]));
    if (answers.windows) answers.windows = Object.fromEntries(Object.entries(answers.windows).map(([n, w]) => [n, Array.isArray(w) ? w.map(num) : w]));
    assert.deepEqual(grade(c.key, answers, { onlyGiven: c.only, words: fixture.words }), c.grade, "case " + i + ": " + JSON.stringify(c.answers));
  }
});

// A kernel that hands the page Python's None as undefined (Pyodide's, on a course site)
// leaves the key out: the grades are the same.
const withoutNulls = (x) => (Array.isArray(x) ? x.map(withoutNulls) : x && typeof x === "object"
  ? Object.fromEntries(Object.entries(x).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)])) : x);

test("a key whose nulls were dropped grades alike", () => {
  let n = 0;
  for (const c of fixture.cases.filter((c) => c.answers.tt)) {
    assert.deepEqual(grade(withoutNulls(c.key), c.answers, { onlyGiven: c.only, words: fixture.words }), c.grade, JSON.stringify(c.answers));
    n += 1;
  }
  assert.ok(n > 0 && fixture.cases.some((c) => c.answers.tt && Object.values(c.key.tt).some((t) => t.accept === null)));
});
