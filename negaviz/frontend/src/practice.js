// Grading a student's answers in the page, with no kernel, by looking them up in the key
// Python wrote (answer_key(trace).to_json(): negaviz/quiz/key.py).  What is right is
// decided there: per question, the canonical forms accepted (and a range, where any bound
// between two is right), the explanations, what an accepted bound is told, and each
// mistake's answers with where they are right.  Here an answer is read by reading.js's
// rule, put in its canonical form and looked up; the sentence is filled in from the
// templates of negaviz/quiz/words.json (how.words), as negaviz/quiz/judging.py does.
// tests/frontend/practice.test.mjs checks that this grades every fixture answer exactly
// as Python does, and that it follows a key changed on purpose.

import { makeFmt, num } from "./values.js";
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
  const notes = [], bounds = [], wrong = []; // wrong: [step, name, kind, why, said, right]
  const told = []; // [said, right] of each answer graded, in order
  let right = 0, asked = 0, valuesAsked = 0;
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
  // (what the student answered and the right answer: the last told, or for a cut the node's moves)
  const isWrong = (set, step, name, kind, why, pair = told[told.length - 1]) => { set.add(name); wrong.push([step, name, kind, why, ...pair]); };

  if (answers.values) {
    const given = read(answers.values, parseValue, "value");
    const typed = typedAnswers(key, answers.values);
    for (const [name, v] of given) said.set(name, canonical(v));
    for (const [name, want] of Object.entries(key.values)) {
      if (onlyGiven && !given.has(name)) continue;
      asked += 1;
      valuesAsked += 1;
      if (!given.has(name)) { unanswered.add(name); continue; }
      const v = given.get(name);
      told.push([typed.get(name), shown(W, want.accept)]);
      if (!accepts(v, want.accept, want.accepted)) { isWrong(wrongValues, want.step, name, "value", want.why); continue; }
      right += 1;
      rightValues.add(name);
      if ((want.notes || {})[said.get(name)]) bounds.push(want.notes[said.get(name)]); // a bound: which kind
    }
    for (const name of given.keys()) {
      const leaf = (key.leaf_values || {})[name], never = key.never[name];
      if (leaf) { // a board's terminal leaf: asked as the search goes
        asked += 1;
        valuesAsked += 1;
        told.push([typed.get(name), shown(W, [leaf.accept])]);
        if (said.get(name) === leaf.accept) right += 1;
        else isWrong(wrongValues, leaf.step, name, "value", leaf.why);
      } else if (never) {
        valuesAsked += 1;
        told.push([typed.get(name), W.answers.never]);
        isWrong(wrongValues, never.step, name, "never", never.why);
      }
      else if (key.leaves.includes(name)) notes.push(fill(W.leaf, { name }));
      else if (!key.values[name]) notes.push(fill(W.not_inner, { name }));
    }
  }

  if (answers.windows) {
    const given = read(answers.windows, parseWindow, "window");
    for (const [name, w] of given) saidWindows.set(name, canonicalWindow(w));
    const typed = typedAnswers(key, answers.windows);
    for (const [name, want] of Object.entries(key.windows)) {
      if (onlyGiven && !given.has(name)) continue;
      asked += 1;
      if (!given.has(name)) { unanswered.add(name); continue; }
      told.push([typed.get(name), shown(W, [want.accept])]);
      if (saidWindows.get(name) === want.accept) right += 1;
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
      else isWrong(missed, at.step, name, "missed", at.why, cutsTold(key, W, chosen, at.parent));
    }
    for (const name of sorted(chosen).filter((n) => !key.cuts[n])) {
      asked += 1; // a cut marked where the search goes on is a wrong answer too
      isWrong(extra, key.extra[name].step, name, "extra", key.extra[name].why, cutsTold(key, W, chosen, key.extra[name].parent));
    }
    if (answers.cut_of != null) told.push(cutsTold(key, W, chosen, answers.cut_of));
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
    valuesAsked += 1;
    // null: the search goes on (a kernel that hands JavaScript its None as undefined, as
    // Pyodide does, drops the key: the same)
    const accept = want.accept ?? null;
    told.push([strip(answer), accept === null ? W.answers.on : shown(W, [accept])]);
    if (returned === accept) right += 1;
    else isWrong(wrongValues, want.step, name, "value", want.why);
  }

  const wrongNext = new Set();
  for (const [stepText, guess] of Object.entries(answers.next || {}).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const step = Number(stepText);
    asked += 1;
    const [at, want] = nextEntered(key, step);
    const name = blank(guess) || (nodeName(guess, key.names) === null && R.nothing.includes(fold(strip(guess)))) ? null : nameOf(guess);
    told.push([(blank(guess) ? "" : strip(guess)) || W.answers.none, want || W.answers.none]);
    if (name === want) right += 1;
    else {
      wrongNext.add(step);
      wrong.push([at, want || strip(guess), "next", want ? "" : W.search_ends, ...told[told.length - 1]]);
    }
  }

  wrong.sort((a, b) => a[0] - b[0]); // stable, as Python's sort
  const first = wrong.length ? wrong[0] : null;
  const [named, explained] = first === null ? [null, []]
    : mistakeOf(key, said, rightValues, saidWindows, answers.cut != null && answers.cut_of == null ? chosen : null, !!answers.values && !onlyGiven);
  const correct = !wrong.length && !unanswered.size;
  const counts = { values_wrong: wrongValues.size, windows_wrong: wrongWindows.size, missed: missed.size, extra: extra.size,
    next_wrong: wrongNext.size, unanswered: unanswered.size };
  const verdict = verdictOf(W, correct, counts, valuesAsked, first, onlyGiven && told.length === 1 ? told : null);
  const why = first === null ? "" : first[3];
  const pattern = namedText(W, key, named, explained);
  return {
    correct, missed_cuts: sorted(missed), extra_cuts: sorted(extra), wrong_values: sorted(wrongValues),
    wrong_windows: sorted(wrongWindows), wrong_next: [...wrongNext].sort((a, b) => a - b), unanswered: sorted(unanswered),
    first_wrong: first ? first[1] : null, step: first ? first[0] : null, mistake: named,
    sentence: [verdict, why, pattern].filter((p) => p).join(" "), score: [right, asked], notes,
    verdict, why, bounds, explained, pattern,
  };
}

// Accepted canonical forms as the right answer is written: −3, −3 or −5, (5, ∞) (judging._shown).
const shown = (W, accept) => accept.map((a) => a.replaceAll("~", "")).join(W.or);

// Each answer as the student gave it: text stripped, a number (or a pair) as written (judging._typed).
function typedAnswers(key, answers) {
  const out = new Map();
  for (const [raw, answer] of Object.entries(answers)) {
    const name = nodeName(raw, key.names);
    if (name === null || blank(answer)) continue;
    out.set(name, typeof answer === "string" ? strip(answer)
      : Array.isArray(answer) && answer.length === 2 ? "(" + fmt(num(answer[0])) + ", " + fmt(num(answer[1])) + ")"
        : typeof answer === "number" ? fmt(answer) : String(answer));
  }
  return out;
}

// [the moves of `parent` the student cut, the moves it never tries], as written (judging._cuts_told).
function cutsTold(key, W, chosen, parent) {
  const of = (name) => { const at = key.cuts[name] || key.extra[name]; return at ? at.parent : undefined; };
  const said = sorted([...chosen].filter((n) => of(n) === parent));
  const right = Object.entries(key.cuts).filter(([, at]) => at.parent === parent).map(([n]) => n);
  return [said.join(", ") || W.answers.none, right.join(", ") || W.answers.none];
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
  let best = 0, chosenId = null, explains = [];
  for (const [id, m] of Object.entries(key.mistakes)) {
    const wrongValues = new Set(m.wrong_values), rightWindows = new Set(m.right_windows), wrongCuts = new Set(m.wrong_cuts);
    const predicted = [];
    let contradicted = 0;
    for (const name of new Set([...said.keys(), ...(whole ? Object.keys(key.never) : [])])) {
      const sRight = rightValues.has(name) || (!said.has(name) && !key.values[name]);
      if (!sRight && said.has(name) && said.get(name) === m.gives[name]) predicted.push(["value", name]);
      else if (wrongValues.has(name)) contradicted += 1;
    }
    for (const [name, given] of saidWindows) {
      const sRight = !!key.windows[name] && given === key.windows[name].accept;
      if (!sRight && given === m.gives_windows[name]) predicted.push(["window", name]);
      else if (!rightWindows.has(name)) contradicted += 1;
    }
    if (chosen !== null) {
      for (const name of new Set([...Object.keys(key.cuts), ...m.cuts, ...chosen])) {
        const rightC = !!key.cuts[name], theirsC = m.cuts.includes(name), givenC = chosen.has(name);
        if (givenC !== rightC && givenC === theirsC) predicted.push(["cut", name]);
        else if (wrongCuts.has(name)) contradicted += 1;
      }
    }
    if (predicted.length >= 2 && !contradicted && predicted.length > best) {
      best = predicted.length; chosenId = id;
      explains = predicted.map((p) => [stepOf(key, ...p), ...p]).sort(byStep).map(([, kind, name]) => [kind, name]);
    }
  }
  return [chosenId, explains];
}

// Where an answer stands in search order: the step that shows it (judging._step_of).
function stepOf(key, kind, name) {
  const at = { value: key.values, window: key.windows, cut: key.cuts }[kind][name] || key.never[name] || key.extra[name] || { step: 0 };
  return at.step;
}
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const byStep = (a, b) => a[0] - b[0] || cmp(a[1], b[1]) || cmp(a[2], b[2]);

// judging._verdict: the verdict's line.  `one`: the [said, right] of the one answer graded,
// as the page asks them one at a time: then the line is that answer's, with no counts.
function verdictOf(W, correct, counts, valuesAsked, first, one) {
  if (one !== null && (correct || first !== null)) {
    const [said, right] = one[0];
    return correct ? fill(W.yes_one, { said }) : fill(W.no_one, { said, right });
  }
  if (correct) return W.all_right;
  const parts = W.parts.filter((p) => counts[p]).map((p) => fill(W[p], { n: counts[p], asked: Math.max(valuesAsked, counts[p]) }));
  let text = fill(W.not_yet, { parts: parts.length === 1 ? parts[0] : parts.slice(0, -1).join(W.comma) + W.and + parts[parts.length - 1] });
  if (first !== null) {
    const [step, name, kind, , said, right] = first;
    text += fill(kind === "next" ? W.first_next : W.first, { what: W.what[kind], name, step, said, right });
  }
  return text;
}

// judging._named: the misconception named, for the answers it explains.
function namedText(W, key, named, explained) {
  if (named === null) return "";
  return fill(W.named, { names: listed(W, explained.map(([, name]) => name)), title: key.titles[named][0], why: key.titles[named][1] }).trim();
}

/** judging.listed: "B", "B and C", "B, C and F": each name once, in the order given. */
export function listed(W, names) {
  const once = [...new Set(names)];
  return once.length === 1 ? once[0] : once.slice(0, -1).join(W.comma) + W.and + once[once.length - 1];
}
