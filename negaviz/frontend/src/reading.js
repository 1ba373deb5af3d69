// How a typed answer is read: numbers, windows, lists of names, and names matched
// regardless of case, by negaviz.quiz.reading's rule (its docstring says what the rule
// is and why).  tests/quiz/reading.json holds the cases both sides are tested on, and
// tests/frontend/reading.test.mjs compares the two on every character Unicode assigns.
// `w` is the words' reading section (negaviz/quiz/words.json, in the practice data).

import { makeFmt, num } from "./values.js";
import { fill } from "./words.js";

const fmt = makeFmt({});

// Python's str.isspace characters (JavaScript's \s has U+FEFF and lacks U+001C-001F, U+0085).
const SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const EDGES = new RegExp("^[" + SPACE + "]+|[" + SPACE + "]+$", "g");
const WINDOW_EDGES = /^[()[\]{} ]+|[()[\]{} ]+$/g;
const WINDOW_SPLIT = new RegExp("[" + SPACE + "]*[,;][" + SPACE + "]*|[" + SPACE + "]+");
// Python's \b around "and": a letter, digit or underscore on neither side.
const LABEL_SPLIT = new RegExp("[" + SPACE + "]*(?:,|;|/|(?<![\\p{L}\\p{N}_])and(?![\\p{L}\\p{N}_])|[" + SPACE + "])[" + SPACE + "]*", "u");
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/;
// A fraction of whole numbers, each exact as a double: divided as Python divides it.
const FRACTION = /^([+-]?)(\d{1,15})\/(\d{1,15})$/;
const DECIMAL = /\p{Nd}/u;
const OTHER_NUMBER = /\p{No}/u;

/** Python's str.strip(). */
export const strip = (text) => String(text).replace(EDGES, "");

// A decimal digit's value: Unicode assigns them in runs of ten, 0 to 9.
function digit(ch) {
  let cp = ch.codePointAt(0), k = 0;
  while (DECIMAL.test(String.fromCodePoint(cp - 1))) { cp -= 1; k += 1; }
  return String(k % 10);
}

/** negaviz.quiz.reading.typed: digits of any script as ASCII, No kept, the rest NFKC. */
export function typed(text) {
  let out = "";
  for (const ch of String(text)) out += DECIMAL.test(ch) ? digit(ch) : OTHER_NUMBER.test(ch) ? ch : ch.normalize("NFKC");
  return out;
}

// Case folding as Python's str.casefold, a character at a time (tested on every one):
// lower, upper, lower again (ß and ẞ to ss), but Cherokee folds to its capitals and the
// dotless ı stays itself.
const CHEROKEE = /[\u13a0-\u13f5\u13f8-\u13fd\uab70-\uabbf]/u;
const foldChar = (ch) => (CHEROKEE.test(ch) ? ch.toUpperCase() : ch === "ı" ? ch : ch.toLowerCase().toUpperCase().toLowerCase());

/** negaviz.quiz.reading.fold: NFKC, then Python's str.casefold(). */
export const fold = (text) => Array.from(String(text).normalize("NFKC"), foldChar).join("");

/** Python's repr() of a string (for the notes that quote an answer). */
export function pyRepr(x) {
  if (typeof x !== "string") return String(x);
  const q = x.includes("'") && !x.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of x) {
    const cp = ch.codePointAt(0);
    if (ch === q || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch !== " " && /[\p{C}\p{Z}]/u.test(ch)) {
      out += cp < 0x100 ? "\\x" + cp.toString(16).padStart(2, "0") : cp < 0x10000 ? "\\u" + cp.toString(16).padStart(4, "0")
        : "\\U" + cp.toString(16).padStart(8, "0");
    } else out += ch;
  }
  return q + out + q;
}

/** negaviz.quiz.reading.parse_value: a number, or an Error saying what was wrong. */
export function parseValue(answer, w) {
  if (typeof answer === "number") {
    if (Number.isNaN(answer)) throw new Error(w.nan);
    return answer;
  }
  const text = strip(typed(answer)).replace(/[−–]/g, "-").replaceAll("∞", "inf").replaceAll(" ", "").toLowerCase();
  let v;
  const ratio = FRACTION.exec(text);
  if (ratio) {
    if (Number(ratio[3]) === 0) throw new Error(fill(w.zero_denominator, { answer: pyRepr(answer) }));
    v = Number(ratio[2]) / Number(ratio[3]);
    return ratio[1] === "-" ? -v : v;
  }
  if (NUMBER.test(text)) v = Number(text);
  else if (/^[+-]?(inf|infinity)$/.test(text)) v = text.startsWith("-") ? -Infinity : Infinity;
  else throw new Error(fill(w.not_number, { answer: pyRepr(answer) }));
  if (!Number.isFinite(v) && !text.includes("inf")) throw new Error(fill(w.too_large, { answer: pyRepr(answer) }));
  return v;
}

/** parse_window: two numbers, from text like "(5, inf)" or a pair. */
export function parseWindow(answer, w) {
  let parts;
  if (Array.isArray(answer)) parts = answer;
  else parts = strip(typed(answer)).replace(WINDOW_EDGES, "").split(WINDOW_SPLIT).filter((p) => p);
  if (parts.length !== 2) throw new Error(fill(w.not_window, { answer: pyRepr(answer) }));
  return [parseValue(parts[0], w), parseValue(parts[1], w)];
}

/** parse_labels: names from a list, or text like "G, H" or "none". */
export function parseLabels(answer, w) {
  if (answer === null || answer === undefined) return [];
  if (Array.isArray(answer)) return answer.map(strip).filter((p) => p);
  const text = strip(answer);
  if (w.none.includes(fold(text))) return [];
  return text.split(LABEL_SPLIT).map(strip).filter((p) => p);
}

/** negaviz.quiz.reading.canonical: a number as answers are compared (whole ones and
 * infinities exactly, others at the 4 digits values are shown with, tagged "~"). */
export const canonical = (v) => (Number.isInteger(v) || !Number.isFinite(v) ? fmt(v) : "~" + fmt(v));

/** negaviz.quiz.reading.canonical_window. */
export const canonicalWindow = (w) => "(" + canonical(w[0]) + ", " + canonical(w[1]) + ")";

/** negaviz.quiz.reading.accepts: `v`'s canonical form is in `exact`, or v lies in `between` (if given). */
export const accepts = (v, exact, between = null) => exact.includes(canonical(v)) || (between != null && num(between[0]) <= v && v <= num(between[1]));

/** negaviz.quiz.reading.node_name: the node a typed name means, as `names` (in Python's
 * sorted order, as the key lists them) spells it; of two alike but for case, the last. */
export function nodeName(raw, names) {
  const text = strip(raw);
  if (names.includes(text)) return text;
  const folded = fold(text);
  let hit = null;
  for (const n of names) if (fold(n) === folded) hit = n;
  return hit;
}

/** negaviz.quiz.reading.unnamed: what a student is told when `raw` names no node. */
export function unnamed(raw, names, repeated, w) {
  const text = strip(raw);
  if (!repeated.includes(text)) return fill(w.no_node, { text: pyRepr(text) });
  const drawn = names.filter((n) => n.split(" ").at(-1) === text).sort();
  return fill(w.drawn_twice, { text, n: drawn.length, drawn: drawn.join(", ") });
}
