// The fixture tests/frontend/test_stepper_js.py writes (the scenes and Python's answers),
// named in NEGAVIZ_FIXTURE; by hand:
//   NEGAVIZ_FIXTURE=fixture.json node --test tests/frontend/*.test.mjs
import { readFileSync } from "node:fs";

export const fixture = JSON.parse(readFileSync(process.env.NEGAVIZ_FIXTURE, "utf8"));

// A number as JSON carries it (infinities as "inf", "-inf").
export const num = (x) => (x === "inf" ? Infinity : x === "-inf" ? -Infinity : x);
