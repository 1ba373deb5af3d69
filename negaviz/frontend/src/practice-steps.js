// Practice as the search goes (the scene's practice.mode "steps"): the questions the
// stepper pauses for, and how each is put.  practice-flow.js asks them on the picture;
// practice.js grades the answers.
//
// Which questions, and in what order, Python chose (negaviz/quiz/schedule.py: so that no
// rule of thumb passes, at most negaviz.quiz.practice.DEFAULT_LENGTH of them); the scene's
// practice.questions lists them, each asked at step q, the last step before the picture
// shows its answer:
//   value   "what does X return?", just before X returns;
//   next    "which node is entered next?", just after a node returns (or where a table
//           hit ends a node as it is entered); textbook trees, whose nodes are all drawn
//           to be clicked;
//   window  "which window is X entered with?", just before X (an inner node below the
//           root) is entered, while windows are shown;
//   cut     "which of X's moves are never tried?", as X is entered.
//   leaf    "what is this position worth?", on a board, as a terminal position is entered
//           (a textbook tree's leaves are given, not asked).
//   tt      "the table holds ... for X: does the search stop here, and with what?", just
//           before a table hit is shown.

import { makeFmt, num } from "./values.js";
import { fill } from "./words.js";

// What is hidden while a question is pending, by kind (the rest of the picture is what the
// student needs to answer, and is true to the step):
//   value   the node's best so far and its α as risen to it (its window shows the one it
//           was entered with, on the node and in the call stack), the best line below it,
//           and the step's sentence ("B gets −5 from E: a new best"): each is the answer.
//   next, window, cut, leaf, tt
//           nothing more: their answer is a later event, which no part of the picture
//           shows before it happens (a table hit's entry is told in the question).
// For every kind, in practice: no total number of steps (it tells how much is pruned),
// and the jump buttons are live whatever lies ahead (greyed, "next cutoff" answered
// "none").  practice-flow.js applies this; tests/export/test_practice_veil.py checks in
// Chromium that no question's answer is on the page when it is asked.
export const VEILS = {
  value: { node: true, sentence: true },
  next: { node: false, sentence: false },
  window: { node: false, sentence: false },
  cut: { node: false, sentence: false },
  leaf: { node: false, sentence: false },
  tt: { node: false, sentence: false },
};

const writeValue = makeFmt({});

/**
 * The questions asked as the search goes, in the order asked (the scene's practice data,
 * negaviz.quiz.practice.practice_data: chosen in Python, asked here as they are).
 * @param {{questions?: {id: string, q: number, kind: string, name: string|null}[]}} p
 * @returns {{id: string, q: number, kind: string, name?: string}[]}
 */
export function stepQuestions(p) {
  return (p.questions || []).map((q) => (q.name === null ? { id: q.id, q: q.q, kind: q.kind } : { ...q }));
}

/**
 * What the student is asked: the question in the sentence the notebook asks it in
 * (negaviz.quiz.questions), in the view's words, then how to answer it on the page.
 * @param {{kind: string, name?: string}} question
 * @param {string} perspective  the view shown
 * @param {object} key  the key of that view (a table hit's question tells its entry)
 * @param {object} W  the words' steps section (negaviz/quiz/words.json, in the practice data)
 * @returns {string}
 */
export function taskText(question, perspective, key, W) {
  const name = question.name;
  // at a chance node (its value table says its outcomes' bounds): its expected value, and
  // which outcomes are never searched with every outcome's value within those bounds
  const chance = (question.kind === "value" || question.kind === "cut") && key && key.values[name] ? key.values[name].chance : undefined;
  const kind = chance ? { value: "expected", cut: "cut_chance" }[question.kind] : question.kind;
  const parts = { name, view: W.view[perspective][kind === "expected" ? "value" : kind] || "" };
  if (chance) parts.bounds = "[" + writeValue(num(chance[0])) + ", " + writeValue(num(chance[1])) + "]";
  if (kind === "tt") {
    const t = key.tt[name];
    Object.assign(parts, { entry: t.entry, alpha: writeValue(num(t.window[0])), beta: writeValue(num(t.window[1])) });
  }
  return fill(W.ask[kind], parts) + fill(W.how[kind], parts);
}
