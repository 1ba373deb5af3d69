// src/values.js: values written as negaviz.vocabulary.fmt writes them (more values in
// tests/test_vocabulary.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { makeFmt, seenWindow } from "../../negaviz/frontend/src/values.js";
import { fixture, num } from "./fixture.mjs";

test("values are written as Python writes them", () => {
  const fmt = makeFmt(fixture.cases[0].scene.fmt);
  for (const [value, text] of fixture.formats) assert.equal(fmt(num(value)), text, String(value));
  assert.deepEqual(seenWindow(-3, 5, -1), [-5, 3]);
  assert.deepEqual(seenWindow(null, 5, -1), [-5, null]);
  assert.deepEqual(seenWindow(-3, 5, 1), [-3, 5]);
});
