// Practice as the search goes (the scene's practice.mode "steps"): which questions the
// stepper pauses for, in what order, and how each is put.  practice-flow.js asks them on
// the picture; practice.js grades the answers.
//
// A question is asked at step q, the last step before the picture shows its answer:
//   value   "what does X return?", just before X returns;
//   next    "which node is entered next?", just after a child returns while its parent
//           has moves left (textbook trees, whose nodes are all drawn to be clicked);
//   window  "which window is X entered with?", just before X (an inner node below the
//           root) is entered, while windows are shown: after "which node is next?" when
//           both fall on one step, so the one does not tell the other;
//   cut     "which of X's moves are never tried?", as each parent of leaves is entered.
//   leaf    "what is this position worth?", on a board, as a terminal position is entered
//           (a textbook tree's leaves are given, not asked).
//   tt      "the table holds ... for X: does the search stop here, and with what?", just
//           before a table hit is shown.
// The scene's practice.ask lists the kinds a lecturer chose (negaviz.quiz.practice), and
// practice.skip the value questions left out to keep a long search's task short.

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

/** The order of questions asked at one step. */
export const RANK = { value: 0, leaf: 0, tt: 0, next: 1, window: 2, cut: 3 };

/**
 * Every question of a key (answer_key(trace).to_json(); each view asks the same ones), in order.
 * @param {object} key
 * @param {boolean} windows  the search has windows to ask (alpha-beta)
 * @param {string[]} [ask]  the kinds asked (all if not given)
 * @param {string[]} [skip]  value questions left out, by node name
 * @returns {{id: string, q: number, kind: string, name?: string}[]}
 */
export function stepQuestions(key, windows, ask, skip = []) {
  const on = (kind) => !ask || ask.includes(kind);
  const left = new Set(skip || []);
  const questions = [];
  if (on("value")) for (const [name, v] of Object.entries(key.values)) if (!left.has(name)) questions.push({ id: "v:" + name, q: v.step - 1, kind: "value", name });
  if (on("leaf")) for (const [name, v] of Object.entries(key.leaf_values || {})) questions.push({ id: "l:" + name, q: v.ask, kind: "leaf", name });
  if (on("tt")) for (const [name, v] of Object.entries(key.tt || {})) questions.push({ id: "t:" + name, q: v.step - 1, kind: "tt", name });
  if (on("next")) for (const q of key.asks) questions.push({ id: "n:" + q, q, kind: "next" });
  if (windows && on("window")) for (const [name, w] of Object.entries(key.windows)) questions.push({ id: "w:" + name, q: w.step - 1, kind: "window", name });
  if (on("cut")) for (const [q, name] of key.cut_asks) questions.push({ id: "c:" + name, q, kind: "cut", name });
  return questions.sort((a, b) => a.q - b.q || RANK[a.kind] - RANK[b.kind]);
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
  const name = question.name, kind = question.kind;
  const parts = { name, view: W.view[perspective][kind] || "" };
  if (kind === "tt") {
    const t = key.tt[name];
    Object.assign(parts, { entry: t.entry, alpha: writeValue(num(t.window[0])), beta: writeValue(num(t.window[1])) });
  }
  return fill(W.ask[kind], parts) + fill(W.how[kind], parts);
}
