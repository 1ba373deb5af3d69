// Grading a student's answers in the page, with no kernel: negaviz.quiz.grade's
// Key.grade, line for line, on the key Python wrote (answer_key(trace).to_json()).
// Nothing is searched here: every right answer, every explanation and the answers
// each mistake gives come in the key; every sentence and note is a template of
// negaviz/quiz/words.json (how.words), and answers are read by reading.js's rule.
// tests/frontend/practice.test.mjs checks that this grades every fixture answer exactly
// as Python does.

import { makeFmt, num } from "./values.js";
import { fold, parseLabels, parseValue, parseWindow, pyRepr, strip } from "./reading.js";
import { fill } from "./words.js";

const fmt = makeFmt({});
// grading.py's _same: exact where either is whole, else to the 4 digits values are shown with
const same = (a, b) => a === b || (Number.isFinite(a) && Number.isFinite(b) && !Number.isInteger(a) && !Number.isInteger(b) && fmt(a) === fmt(b));
const samePair = (a, b) => same(a[0], b[0]) && same(a[1], b[1]);
const pair = (w) => [num(w[0]), num(w[1])];
const blank = (a) => a === null || a === undefined || (typeof a === "string" && !strip(a));
const and = (w, parts) => (parts.length === 1 ? parts[0] : parts.slice(0, -1).join(w.comma) + w.and + parts[parts.length - 1]);

function accepts(want, v) {
  if (same(v, num(want.value))) return true;
  const acc = want.accepted;
  return acc != null && num(acc[0]) <= v && v <= num(acc[1]); // (null, undefined or absent: no range)
}

/**
 * Grade answers against a key, as Key.grade does.
 * @param {object} key  answer_key(trace).to_json()
 * @param {{values?: object, windows?: object, cut?: string[]|string, cut_of?: string, next?: object}} answers
 *   values and windows: name -> text; cut: names (cut_of: of that node's moves alone);
 *   next: step -> name ("none": no node)
 * @param {{words: object, onlyGiven?: boolean}} how  the words (negaviz/quiz/words.json, in the practice
 *   data); onlyGiven: grade only what is given (one question at a time)
 * @returns {object} the Grade's fields, sets as sorted arrays
 */
export function grade(key, answers, how) {
  const onlyGiven = !!how.onlyGiven;
  const W = how.words.grade, R = how.words.reading;
  const names = new Set(key.names);
  const folded = new Map(key.names.map((n) => [fold(n), n]));
  const notes = [];
  const wrong = [];
  let right = 0, asked = 0;
  const chosen = new Set();
  const wrongValues = new Set(), wrongWindows = new Set(), unanswered = new Set();
  const givenValues = new Map(), givenWindows = new Map();
  const exact = (raw) => {
    const text = strip(raw);
    if (names.has(text)) return text;
    return folded.has(fold(text)) ? folded.get(fold(text)) : null;
  };
  const nameOf = (raw) => {
    const text = strip(raw);
    if (exact(text) !== null) return exact(text);
    if ((key.repeated || []).includes(text)) {
      const drawn = [...key.names].filter((n) => n.split(" ").at(-1) === text).sort();
      notes.push(fill(W.drawn_twice, { text, n: drawn.length, drawn: drawn.join(", ") }));
      return null;
    }
    notes.push(fill(W.no_node, { text: pyRepr(text) }));
    return null;
  };

  // The answers read, by name; a note (and the node unanswered) for each that cannot be.
  const read = (given, parse, what, into) => {
    const raws = new Map();
    for (const [raw, answer] of Object.entries(given)) {
      const name = nameOf(raw);
      if (name === null || blank(answer)) continue;
      raws.set(name, [...(raws.get(name) || []), strip(raw)]);
      try { into.set(name, parse(answer, R)); } catch (e) {
        notes.push(fill(W.unread, { what, name, error: e.message }));
        unanswered.add(name);
      }
    }
    for (const [name, all] of raws) {
      if (all.length < 2) continue; // (which to take would depend on the order given)
      notes.push(fill(W.given_twice, { name, what, n: all.length, raws: all.sort().join(", ") }));
      into.delete(name);
      unanswered.add(name);
    }
  };

  if (answers.values) {
    read(answers.values, parseValue, "value", givenValues);
    for (const [name, want] of Object.entries(key.values)) {
      if (onlyGiven && !givenValues.has(name)) continue;
      asked += 1;
      if (!givenValues.has(name)) { unanswered.add(name); continue; }
      const v = givenValues.get(name);
      if (accepts(want, v)) {
        right += 1;
        if (want.accepted != null) notes.push(boundNote(W, name, v, want));
      } else {
        wrongValues.add(name);
        wrong.push([want.step, name, "value", want.why]);
      }
    }
    for (const name of givenValues.keys()) {
      const leaf = (key.leaf_values || {})[name];
      if (leaf) { // a board's terminal leaf: asked as the search goes
        asked += 1;
        if (same(givenValues.get(name), num(leaf.value))) right += 1;
        else { wrongValues.add(name); wrong.push([leaf.step, name, "value", leaf.why]); }
      } else if (key.never[name]) { wrongValues.add(name); wrong.push([key.never[name].step, name, "never", key.never[name].why]); }
      else if (key.leaves.includes(name)) notes.push(fill(W.leaf, { name }));
      else if (!key.values[name]) notes.push(fill(W.not_inner, { name }));
    }
  }

  if (answers.windows) {
    read(answers.windows, parseWindow, "window", givenWindows);
    for (const [name, want] of Object.entries(key.windows)) {
      if (onlyGiven && !givenWindows.has(name)) continue;
      asked += 1;
      if (!givenWindows.has(name)) { unanswered.add(name); continue; }
      if (samePair(givenWindows.get(name), pair(want.window))) right += 1;
      else { wrongWindows.add(name); wrong.push([want.step, name, "window", want.why]); }
    }
    for (const name of givenWindows.keys()) if (!key.windows[name]) notes.push(fill(W.window_not_asked, { name }));
  }

  const missed = new Set(), extra = new Set();
  const cutGraded = answers.cut != null;
  if (cutGraded) {
    const labels = typeof answers.cut === "string" && exact(answers.cut) !== null ? [answers.cut] : parseLabels(answers.cut, R);
    for (const raw of labels) { const name = nameOf(raw); if (name !== null) chosen.add(name); }
    for (const [name, at] of Object.entries(key.cuts)) {
      if (answers.cut_of != null && at.parent !== answers.cut_of) continue;
      asked += 1;
      if (chosen.has(name)) right += 1;
      else { missed.add(name); wrong.push([at.step, name, "missed", at.why]); }
    }
    for (const name of [...chosen].filter((n) => !key.cuts[n]).sort()) {
      asked += 1; // a cut marked where the search goes on is a wrong answer too
      extra.add(name);
      const hit = key.entered.find((e) => e[1] === name);
      const step = hit ? hit[0] + 1 : key.never[name] ? key.never[name].step : 0;
      wrong.push([step, name, "extra", extraWhy(W, key, name)]);
    }
  }

  if (answers.tt) {
    for (const [raw, answer] of Object.entries(answers.tt)) {
      const name = nameOf(raw);
      if (name === null) continue;
      const want = (key.tt || {})[name];
      if (!want) { notes.push(fill(W.no_table, { name })); continue; }
      let said = null;
      if (!R.goes_on.includes(fold(strip(answer)))) {
        try { said = parseValue(answer, R); } catch (e) {
          notes.push(fill(W.table_unread, { name, error: e.message }));
          continue;
        }
      }
      asked += 1;
      if ((said === null && want.value == null) || (said !== null && want.value != null && same(said, num(want.value)))) right += 1;
      else { wrongValues.add(name); wrong.push([want.step, name, "value", want.why]); }
    }
  }

  const wrongNext = new Set();
  if (answers.next) {
    for (const [stepText, guess] of Object.entries(answers.next).sort((a, b) => Number(a[0]) - Number(b[0]))) {
      const step = Number(stepText);
      asked += 1;
      const [at, want] = nextEntered(key, step);
      const name = blank(guess) || (exact(guess) === null && R.nothing.includes(fold(strip(guess)))) ? null : nameOf(guess);
      if (name === want) right += 1;
      else {
        wrongNext.add(step);
        const why = want ? fill(W.next_is, { name: want }) : W.search_ends;
        wrong.push([at, want || strip(guess), "next", why]);
      }
    }
  }

  wrong.sort((a, b) => a[0] - b[0]); // stable, as Python's sort
  const first = wrong.length ? wrong[0] : null;
  const named = first === null ? null
    : mistakeOf(key, givenValues, givenWindows, cutGraded && answers.cut_of == null ? chosen : null, !!answers.values && !onlyGiven);
  const correct = !wrong.length && !unanswered.size;
  const sorted = (s) => [...s].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    correct, missed_cuts: sorted(missed), extra_cuts: sorted(extra), wrong_values: sorted(wrongValues),
    wrong_windows: sorted(wrongWindows), wrong_next: [...wrongNext].sort((a, b) => a - b), unanswered: sorted(unanswered),
    first_wrong: first ? first[1] : null, step: first ? first[0] : null, mistake: named,
    sentence: sentence(W, key, correct, wrongValues, Object.keys(key.values).length, wrongWindows, missed, extra, wrongNext, unanswered, first, named),
    score: [right, asked], notes,
  };
}

// After `step` events: [the step that shows the next node entered, its name or null].
export function nextEntered(key, step) {
  for (const [at, name] of key.entered) if (at >= step) return [at + 1, name];
  return [key.n, null];
}

function extraWhy(W, key, name) {
  if (key.searched[name] != null) return key.searched[name];
  return fill(key.never[name] ? W.extra_never : W.extra_root, { name });
}

// An accepted answer to a value that is only a bound: which kind of bound it is.
function boundNote(W, name, v, want) {
  for (const [b, text] of want.bounds || []) if (same(v, num(b))) return text;
  return fill(W.accepted, { name, value: fmt(v), between: want.between || "" }).trimEnd();
}

// Key._mistake's rule: a misconception is named when it predicts two of the student's
// wrong answers or more and no answer contradicts it (see grading.py).  Where each
// mistake's own answers are right comes decided in the key (wrong_values, right_windows,
// wrong_cuts); what is compared here is the student's answers.
function mistakeOf(key, values, windows, chosen, whole) {
  let best = null, chosenId = null;
  for (const id of Object.keys(key.titles)) {
    const answers = key.mistakes[id];
    if (!answers) continue;
    const wrongValues = new Set(answers.wrong_values), rightWindows = new Set(answers.right_windows);
    const wrongCuts = new Set(answers.wrong_cuts);
    let predicted = 0, contradicted = 0;
    for (const name of new Set([...values.keys(), ...(whole ? Object.keys(key.never) : [])])) {
      const want = key.values[name] || null;
      const theirs = name in answers.values ? num(answers.values[name]) : null;
      const given = values.has(name) ? values.get(name) : null;
      const sRight = (given !== null && want !== null && accepts(want, given)) || (given === null && want === null);
      if (!sRight && given !== null && theirs !== null && same(given, theirs)) predicted += 1;
      else if (wrongValues.has(name)) contradicted += 1;
    }
    for (const [name, given] of windows) {
      const right = key.windows[name] ? pair(key.windows[name].window) : null;
      const theirs = name in answers.windows ? pair(answers.windows[name]) : null;
      const sRight = right !== null && samePair(given, right);
      if (!sRight && theirs !== null && samePair(given, theirs)) predicted += 1;
      else if (!rightWindows.has(name)) contradicted += 1;
    }
    if (chosen !== null) {
      for (const name of new Set([...Object.keys(key.cuts), ...answers.cuts, ...chosen])) {
        const rightC = !!key.cuts[name], theirsC = answers.cuts.includes(name), givenC = chosen.has(name);
        if (givenC !== rightC && givenC === theirsC) predicted += 1;
        else if (wrongCuts.has(name)) contradicted += 1;
      }
    }
    if (predicted >= 2 && !contradicted && (best === null || predicted > best)) { best = predicted; chosenId = id; }
  }
  return chosenId;
}

function sentence(W, key, correct, wrongValues, askedValues, wrongWindows, missed, extra, wrongNext, unanswered, first, named) {
  if (correct) return W.all_right;
  const parts = [];
  if (wrongValues.size) parts.push(fill(W.values_wrong, { n: wrongValues.size, asked: Math.max(askedValues, wrongValues.size) }));
  for (const [kind, wrong] of [["windows_wrong", wrongWindows], ["missed", missed], ["extra", extra], ["next_wrong", wrongNext], ["unanswered", unanswered]]) {
    if (wrong.size) parts.push(fill(W[kind], { n: wrong.size }));
  }
  let text = fill(W.not_yet, { parts: and(W, parts) });
  if (first !== null) {
    const [step, name, kind, why] = first;
    if (kind === "next") text += fill(W.first_next, { why: why[0].toLowerCase() + why.slice(1, -1), step });
    else text += fill(W.first, { what: W.what[kind], name, step, why });
  }
  if (named !== null) text += fill(W.named, { title: key.titles[named][0], why: key.titles[named][1] });
  return text;
}
