// Grading a student's answers in the page, with no kernel, by looking them up in the key
// Python wrote (answer_key(trace).to_json(): negaviz/quiz/key.py).  What is right is
// decided there: per question, the canonical forms accepted (and a range, where any bound
// between two is right), the explanations, what an accepted bound is told, and each
// mistake's answers with where they are right.  Here an answer is read by reading.js's
// rule, put in its canonical form and looked up; the sentence is filled in from the
// templates of negaviz/quiz/words.json (how.words), as negaviz/quiz/judging.py does.
// tests/frontend/practice.test.mjs checks that this grades every fixture answer exactly
// as Python does, and that it follows a key changed on purpose.

import { makeFmt } from "./values.js";
import { accepts, canonical, canonicalWindow, fold, nodeName, parseLabels, parseValue, parseWindow, strip, unnamed } from "./reading.js";
import { fill } from "./words.js";

const fmt = makeFmt({});
const blank = (a) => a === null || a === undefined || (typeof a === "string" && !strip(a));
const sorted = (s) => [...s].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Grade answers against a key, as Key.grade does.
 * @param {object} key  answer_key(trace).to_json()
 * @param {{values?: object, windows?: object, cut?: string[]|string, cut_of?: string, next?: object, tt?: object}} answers
 *   values and windows: name -> text; cut: names (cut_of: of that node's moves alone);
 *   next: step -> name ("none": no node); tt: name -> what it returns, or "on"
 * @param {{words: object, onlyGiven?: boolean}} how  the words (negaviz/quiz/words.json, in the practice
 *   data); onlyGiven: grade only what is given (one question at a time)
 * @returns {object} the Grade's fields, sets as sorted arrays
 */
export function grade(key, answers, how) {
  const onlyGiven = !!how.onlyGiven;
  const W = how.words.grade, R = how.words.reading;
  const notes = [], wrong = []; // wrong: [step, name, kind, why]
  let right = 0, asked = 0;
  const said = new Map(), saidWindows = new Map(); // name -> the canonical form given
  const rightValues = new Set(), wrongValues = new Set(), wrongWindows = new Set(), unanswered = new Set();
  const nameOf = (raw) => {
    const name = nodeName(raw, key.names);
    if (name === null) notes.push(unnamed(raw, key.names, key.repeated || [], R));
    return name;
  };

  // The answers read, by name; a note (and the node unanswered) for each that cannot be.
  const read = (given, parse, what) => {
    const into = new Map(), raws = new Map();
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
    return into;
  };
  const isWrong = (set, step, name, kind, why) => { set.add(name); wrong.push([step, name, kind, why]); };

  if (answers.values) {
    const given = read(answers.values, parseValue, "value");
    for (const [name, v] of given) said.set(name, canonical(v));
    for (const [name, want] of Object.entries(key.values)) {
      if (onlyGiven && !given.has(name)) continue;
      asked += 1;
      if (!given.has(name)) { unanswered.add(name); continue; }
      const v = given.get(name);
      if (!accepts(v, want.accept, want.accepted)) { isWrong(wrongValues, want.step, name, "value", want.why); continue; }
      right += 1;
      rightValues.add(name);
      if ((want.notes || {})[said.get(name)]) notes.push(want.notes[said.get(name)]); // a bound: which kind
    }
    for (const name of given.keys()) {
      const leaf = (key.leaf_values || {})[name], never = key.never[name];
      if (leaf) { // a board's terminal leaf: asked as the search goes
        asked += 1;
        if (said.get(name) === leaf.accept) right += 1;
        else isWrong(wrongValues, leaf.step, name, "value", leaf.why);
      } else if (never) isWrong(wrongValues, never.step, name, "never", never.why);
      else if (key.leaves.includes(name)) notes.push(fill(W.leaf, { name }));
      else if (!key.values[name]) notes.push(fill(W.not_inner, { name }));
    }
  }

  if (answers.windows) {
    const given = read(answers.windows, parseWindow, "window");
    for (const [name, w] of given) saidWindows.set(name, canonicalWindow(w));
    for (const [name, want] of Object.entries(key.windows)) {
      if (onlyGiven && !given.has(name)) continue;
      asked += 1;
      if (!given.has(name)) unanswered.add(name);
      else if (saidWindows.get(name) === want.accept) right += 1;
      else isWrong(wrongWindows, want.step, name, "window", want.why);
    }
    for (const name of given.keys()) if (!key.windows[name]) notes.push(fill(W.window_not_asked, { name }));
  }

  const missed = new Set(), extra = new Set(), chosen = new Set();
  if (answers.cut != null) {
    const labels = typeof answers.cut === "string" && nodeName(answers.cut, key.names) !== null ? [answers.cut] : parseLabels(answers.cut, R);
    for (const raw of labels) { const name = nameOf(raw); if (name !== null) chosen.add(name); }
    for (const [name, at] of Object.entries(key.cuts)) {
      if (answers.cut_of != null && at.parent !== answers.cut_of) continue;
      asked += 1;
      if (chosen.has(name)) right += 1;
      else isWrong(missed, at.step, name, "missed", at.why);
    }
    for (const name of sorted(chosen).filter((n) => !key.cuts[n])) {
      asked += 1; // a cut marked where the search goes on is a wrong answer too
      isWrong(extra, key.extra[name].step, name, "extra", key.extra[name].why);
    }
  }

  for (const [raw, answer] of Object.entries(answers.tt || {})) {
    const name = nameOf(raw);
    if (name === null) continue;
    const want = (key.tt || {})[name];
    if (!want) { notes.push(fill(W.no_table, { name })); continue; }
    let returned = null; // the canonical value returned; null: the search goes on
    if (!R.goes_on.includes(fold(strip(answer)))) {
      try { returned = canonical(parseValue(answer, R)); } catch (e) {
        notes.push(fill(W.table_unread, { name, error: e.message }));
        continue;
      }
    }
    asked += 1;
    if (returned === want.accept) right += 1;
    else isWrong(wrongValues, want.step, name, "value", want.why);
  }

  const wrongNext = new Set();
  for (const [stepText, guess] of Object.entries(answers.next || {}).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const step = Number(stepText);
    asked += 1;
    const [at, want] = nextEntered(key, step);
    const name = blank(guess) || (nodeName(guess, key.names) === null && R.nothing.includes(fold(strip(guess)))) ? null : nameOf(guess);
    if (name === want) right += 1;
    else {
      wrongNext.add(step);
      wrong.push([at, want || strip(guess), "next", want ? fill(W.next_is, { name: want }) : W.search_ends]);
    }
  }

  wrong.sort((a, b) => a[0] - b[0]); // stable, as Python's sort
  const first = wrong.length ? wrong[0] : null;
  const named = first === null ? null
    : mistakeOf(key, said, rightValues, saidWindows, answers.cut != null && answers.cut_of == null ? chosen : null, !!answers.values && !onlyGiven);
  const correct = !wrong.length && !unanswered.size;
  const counts = { values_wrong: wrongValues.size, windows_wrong: wrongWindows.size, missed: missed.size, extra: extra.size,
    next_wrong: wrongNext.size, unanswered: unanswered.size };
  return {
    correct, missed_cuts: sorted(missed), extra_cuts: sorted(extra), wrong_values: sorted(wrongValues),
    wrong_windows: sorted(wrongWindows), wrong_next: [...wrongNext].sort((a, b) => a - b), unanswered: sorted(unanswered),
    first_wrong: first ? first[1] : null, step: first ? first[0] : null, mistake: named,
    sentence: sentence(W, key, correct, counts, first, named), score: [right, asked], notes,
  };
}

// After `step` events: [the step that shows the next node entered, its name or null].
export function nextEntered(key, step) {
  for (const [at, name] of key.entered) if (at >= step) return [at + 1, name];
  return [key.n, null];
}

// judging._mistake's rule (its docstring says it in full): a misconception is named when
// it predicts two of the student's wrong answers or more and no answer contradicts it.
// Only lookups: whether each of the student's answers is right comes from the grading
// above, and each mistake's answers (canonical) and where they are right from the key.
function mistakeOf(key, said, rightValues, saidWindows, chosen, whole) {
  let best = 0, chosenId = null;
  for (const [id, m] of Object.entries(key.mistakes)) {
    const wrongValues = new Set(m.wrong_values), rightWindows = new Set(m.right_windows), wrongCuts = new Set(m.wrong_cuts);
    let predicted = 0, contradicted = 0;
    for (const name of new Set([...said.keys(), ...(whole ? Object.keys(key.never) : [])])) {
      const sRight = rightValues.has(name) || (!said.has(name) && !key.values[name]);
      if (!sRight && said.has(name) && said.get(name) === m.gives[name]) predicted += 1;
      else if (wrongValues.has(name)) contradicted += 1;
    }
    for (const [name, given] of saidWindows) {
      const sRight = !!key.windows[name] && given === key.windows[name].accept;
      if (!sRight && given === m.gives_windows[name]) predicted += 1;
      else if (!rightWindows.has(name)) contradicted += 1;
    }
    if (chosen !== null) {
      for (const name of new Set([...Object.keys(key.cuts), ...m.cuts, ...chosen])) {
        const rightC = !!key.cuts[name], theirsC = m.cuts.includes(name), givenC = chosen.has(name);
        if (givenC !== rightC && givenC === theirsC) predicted += 1;
        else if (wrongCuts.has(name)) contradicted += 1;
      }
    }
    if (predicted >= 2 && !contradicted && predicted > best) { best = predicted; chosenId = id; }
  }
  return chosenId;
}

// judging._sentence: the templates filled in, in the order words.json gives.
function sentence(W, key, correct, counts, first, named) {
  if (correct) return W.all_right;
  const parts = W.parts.filter((p) => counts[p]).map((p) => fill(W[p], { n: counts[p], asked: Math.max(Object.keys(key.values).length, counts[p]) }));
  let text = fill(W.not_yet, { parts: parts.length === 1 ? parts[0] : parts.slice(0, -1).join(W.comma) + W.and + parts[parts.length - 1] });
  if (first !== null) {
    const [step, name, kind, why] = first;
    text += fill(kind === "next" ? W.first_next : W.first, { what: W.what[kind], name, step, why });
  }
  if (named !== null) text += fill(W.named, { title: key.titles[named][0], why: key.titles[named][1] });
  return text;
}
