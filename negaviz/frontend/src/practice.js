// Grading a student's answers in the page, with no kernel: negaviz.quiz.grade's
// Key.grade, line for line, on the key Python wrote (answer_key(trace).to_json()).
// Nothing is searched here: every right answer, every explanation and the answers
// each mistake gives come in the key.  tests/frontend/practice.test.mjs checks that
// this grades every fixture answer exactly as Python does.

import { makeFmt, num } from "./values.js";
import { fold, parseLabels, parseValue, parseWindow, pyRepr, strip } from "./reading.js";

const fmt = makeFmt({});
const NOTHING = new Set(["none", "nothing", "no one", "nobody", "-", "—", "∅"]);
const GOES_ON = new Set(["on", "go on", "goes on", "searches on", "search on", "search", "no"]); // grading.py's _GOES_ON

// grading.py's _same: exact where either is whole, else to the 4 digits values are shown with
const same = (a, b) => a === b || (Number.isFinite(a) && Number.isFinite(b) && !Number.isInteger(a) && !Number.isInteger(b) && fmt(a) === fmt(b));
const samePair = (a, b) => same(a[0], b[0]) && same(a[1], b[1]);
const pair = (w) => [num(w[0]), num(w[1])];
const blank = (a) => a === null || a === undefined || (typeof a === "string" && !strip(a));
const count = (n, one, many) => n + " " + (n === 1 ? one : many);
const and = (parts) => (parts.length === 1 ? parts[0] : parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1]);

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
 * @param {{onlyGiven?: boolean}} [how]  grade only what is given (one question at a time)
 * @returns {object} the Grade's fields, sets as sorted arrays
 */
export function grade(key, answers, how = {}) {
  const onlyGiven = !!how.onlyGiven;
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
      notes.push(text + " is drawn " + drawn.length + " times; name each by its path: " + drawn.join(", ") + ".");
      return null;
    }
    notes.push("There is no node " + pyRepr(text) + " in this tree.");
    return null;
  };

  // The answers read, by name; a note (and the node unanswered) for each that cannot be.
  const read = (given, parse, what, into) => {
    const raws = new Map();
    for (const [raw, answer] of Object.entries(given)) {
      const name = nameOf(raw);
      if (name === null || blank(answer)) continue;
      raws.set(name, [...(raws.get(name) || []), strip(raw)]);
      try { into.set(name, parse(answer)); } catch (e) {
        notes.push("The " + what + " of " + name + " could not be read: " + e.message + ".");
        unanswered.add(name);
      }
    }
    for (const [name, all] of raws) {
      if (all.length < 2) continue; // (which to take would depend on the order given)
      notes.push(name + "'s " + what + " is given " + all.length + " times (" + all.sort().join(", ") + "): give it once.");
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
        if (want.accepted != null) notes.push(boundNote(name, v, want));
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
      else if (key.leaves.includes(name)) notes.push(name + " is a leaf: its value is given, not asked.");
      else if (!key.values[name]) notes.push(name + " is not searched as an inner node: its value is not asked.");
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
    for (const name of givenWindows.keys()) if (!key.windows[name]) notes.push(name + "'s window is not asked.");
  }

  const missed = new Set(), extra = new Set();
  const cutGraded = answers.cut != null;
  if (cutGraded) {
    const labels = typeof answers.cut === "string" && exact(answers.cut) !== null ? [answers.cut] : parseLabels(answers.cut);
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
      wrong.push([step, name, "extra", extraWhy(key, name)]);
    }
  }

  if (answers.tt) {
    for (const [raw, answer] of Object.entries(answers.tt)) {
      const name = nameOf(raw);
      if (name === null) continue;
      const want = (key.tt || {})[name];
      if (!want) { notes.push("The table does not answer at " + name + ": nothing is asked there."); continue; }
      let said = null;
      if (!GOES_ON.has(fold(strip(answer)))) {
        try { said = parseValue(answer); } catch (e) {
          notes.push("The answer at " + name + " could not be read: " + e.message + " (or write on, if the search goes on).");
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
      const name = blank(guess) || (exact(guess) === null && NOTHING.has(fold(strip(guess)))) ? null : nameOf(guess);
      if (name === want) right += 1;
      else {
        wrongNext.add(step);
        const why = want ? "The next node entered is " + want + "." : "No node is entered after this: the search ends.";
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
    sentence: sentence(key, correct, wrongValues, Object.keys(key.values).length, wrongWindows, missed, extra, wrongNext, unanswered, first, named),
    score: [right, asked], notes,
  };
}

// After `step` events: [the step that shows the next node entered, its name or null].
export function nextEntered(key, step) {
  for (const [at, name] of key.entered) if (at >= step) return [at + 1, name];
  return [key.n, null];
}

function extraWhy(key, name) {
  if (key.searched[name] != null) return key.searched[name];
  if (key.never[name]) return name + " is never reached, but it is not a move a cutoff skips: its parent is never searched.";
  return name + " is the root: it is searched, not cut.";
}

// An accepted answer to a value that is only a bound: which kind of bound it is.
function boundNote(name, v, want) {
  for (const [b, text] of want.bounds || []) if (same(v, num(b))) return text;
  return (name + ": " + fmt(v) + " is accepted. " + (want.between || "")).trimEnd();
}

// Key._mistake's rule: a misconception is named when it predicts two of the student's
// wrong answers or more and no answer contradicts it (see grading.py).
function mistakeOf(key, values, windows, chosen, whole) {
  let best = null, chosenId = null;
  Object.keys(key.titles).forEach((id, order) => {
    const answers = key.mistakes[id];
    if (!answers) return;
    let predicted = 0, contradicted = 0;
    const names = new Set([...values.keys(), ...(whole ? Object.keys(key.never) : [])]);
    for (const name of names) {
      const want = key.values[name] || null;
      const theirs = name in answers.values ? num(answers.values[name]) : null;
      const given = values.has(name) ? values.get(name) : null;
      const mRight = (theirs !== null && want !== null && accepts(want, theirs)) || (theirs === null && want === null);
      const sRight = (given !== null && want !== null && accepts(want, given)) || (given === null && want === null);
      if (!sRight && given !== null && theirs !== null && same(given, theirs)) predicted += 1;
      else if (!sRight && given === null && theirs === null) predicted += 1;
      else if (!mRight) contradicted += 1;
    }
    for (const [name, given] of windows) {
      const right = key.windows[name] ? pair(key.windows[name].window) : null;
      const theirs = name in answers.windows ? pair(answers.windows[name]) : null;
      const mRight = theirs !== null && right !== null && samePair(theirs, right);
      const sRight = right !== null && samePair(given, right);
      if (!sRight && theirs !== null && samePair(given, theirs)) predicted += 1;
      else if (!mRight) contradicted += 1;
    }
    if (chosen !== null) {
      for (const name of new Set([...Object.keys(key.cuts), ...answers.cuts, ...chosen])) {
        const rightC = !!key.cuts[name], theirsC = answers.cuts.includes(name), givenC = chosen.has(name);
        if (givenC !== rightC && givenC === theirsC) predicted += 1;
        else if (theirsC !== rightC) contradicted += 1;
      }
    }
    if (predicted >= 2 && !contradicted && (best === null || predicted > best)) { best = predicted; chosenId = id; }
  });
  return chosenId;
}

function sentence(key, correct, wrongValues, askedValues, wrongWindows, missed, extra, wrongNext, unanswered, first, named) {
  if (correct) return "All right: every answer matches the search.";
  const parts = [];
  if (wrongValues.size) {
    parts.push(wrongValues.size !== 1 ? wrongValues.size + " of " + Math.max(askedValues, wrongValues.size) + " values are wrong"
      : "1 of " + Math.max(askedValues, 1) + " values is wrong");
  }
  if (wrongWindows.size) parts.push(count(wrongWindows.size, "window is wrong", "windows are wrong"));
  if (missed.size) parts.push(count(missed.size, "cut is missed", "cuts are missed"));
  if (extra.size) parts.push(count(extra.size, "cut is extra", "cuts are extra"));
  if (wrongNext.size) parts.push(count(wrongNext.size, "prediction is wrong", "predictions are wrong"));
  if (unanswered.size) parts.push(count(unanswered.size, "answer is missing", "answers are missing"));
  let text = "Not yet: " + and(parts) + ".";
  if (first !== null) {
    const [step, name, kind, why] = first;
    if (kind === "next") text += " The first wrong prediction: " + why[0].toLowerCase() + why.slice(1, -1) + " (step " + step + ").";
    else {
      const what = { value: "wrong node", never: "wrong node", window: "wrong window", missed: "missed cut", extra: "extra cut" }[kind];
      text += " The first " + what + " is " + name + " (step " + step + "): " + why;
    }
  }
  if (named !== null) text += " This is what " + key.titles[named][0] + " gives. " + key.titles[named][1];
  return text;
}
