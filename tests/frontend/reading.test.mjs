// src/reading.js: a typed answer is read by negaviz.quiz.reading's rule.  The cases are
// tests/quiz/reading.json, the file tests/quiz/test_reading.py checks Python on; and
// every character Unicode assigns is read as Python reads it (tests/frontend/
// test_reading_js.py writes Python's readings, named in NEGAVIZ_READING).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { accepts, canonical, fold, nodeName, parseLabels, parseValue, parseWindow, pyRepr, strip, unnamed } from "../../negaviz/frontend/src/reading.js";

const cases = JSON.parse(readFileSync(new URL("../quiz/reading.json", import.meta.url), "utf8"));
const w = JSON.parse(readFileSync(new URL("../../negaviz/quiz/words.json", import.meta.url), "utf8")).reading;
const num = (x) => (x === "inf" ? Infinity : x === "-inf" ? -Infinity : x);
const reading = (parse, text) => {
  try {
    const v = parse(text, w);
    return Array.isArray(v) ? v : [v];
  } catch (e) {
    return { refused: e.message };
  }
};
const want = (r) => (Array.isArray(r) ? r.map(num) : typeof r === "object" ? r : [num(r)]);

test("the shared cases: values, windows, lists of names, names by case, the node a name means, canonical forms and accepted answers", () => {
  assert.ok(cases.values.length > 40 && cases.windows.length > 10 && cases.labels.length > 10 && cases.names.length > 10);
  for (const [text, r] of cases.values) assert.deepEqual(reading(parseValue, text), want(r), "value " + JSON.stringify(text));
  for (const [text, r] of cases.windows) assert.deepEqual(reading(parseWindow, text), want(r), "window " + JSON.stringify(text));
  for (const [text, r] of cases.labels) assert.deepEqual(parseLabels(text, w), r, "labels " + JSON.stringify(text));
  for (const [a, b, same] of cases.names) assert.equal(fold(a) === fold(b), same, "names " + a + ", " + b);
  assert.ok(cases.canonical.length > 10 && cases.accepts.length > 10);
  for (const [text, form] of cases.canonical) assert.equal(canonical(parseValue(text, w)), form, "canonical " + JSON.stringify(text));
  for (const [typed, names, repeated, name, told] of cases.nodes) {
    assert.equal(nodeName(typed, names), name, "node " + JSON.stringify(typed));
    if (name === null) assert.equal(unnamed(typed, names, repeated, w), told, "unnamed " + JSON.stringify(typed));
  }
  for (const [text, exact, between, ok] of cases.accepts) assert.equal(accepts(parseValue(text, w), exact, between), ok, "accepts " + JSON.stringify(text));
});

test("every character is read as Python reads it", () => {
  const py = JSON.parse(readFileSync(process.env.NEGAVIZ_READING, "utf8"));
  const got = (f) => { try { return f(); } catch { return null; } };
  const wrong = [];
  for (const [cp, value, inNumber, labels, folded, repr, stripped] of py.chars) {
    const c = String.fromCodePoint(cp);
    const mine = [got(() => parseValue(c, w)), got(() => parseValue("1" + c + "2", w)), parseLabels("G" + c + "and" + c + "H", w),
      fold(c), pyRepr(c), strip(c + "x" + c)];
    const theirs = [num(value), num(inNumber), labels, folded, repr, stripped];
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) wrong.push(cp.toString(16) + ": " + JSON.stringify([mine, theirs]));
  }
  assert.ok(py.chars.length > 100000, "Python assigns " + py.chars.length + " characters");
  assert.deepEqual(wrong.slice(0, 20), []);
});
