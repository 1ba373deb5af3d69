// Questions as the search goes (practice mode "steps"): stepping stops where a question
// applies (practice-steps.js lists them), the page hides what would answer it, asks it,
// reads the answer, says the verdict and steps on.  `c` is practice-ui.js's session (see
// makePractice).

import { listed, nextEntered } from "./practice.js";
import { taskText, VEILS } from "./practice-steps.js";
import { mark, markCuts, onNode, refresh, say } from "./practice-verdict.js";
import { fill } from "./words.js";

// Whether a question is still to be asked (window questions while windows are shown).
export const asking = (c, q) => !c.done.has(q.id) && (q.kind !== "window" || c.state.windows);

// What the page hides at `step` (practice-steps.js, VEILS): the questions pending
// there, asked or about to be.
export function hide(c, step) {
  const out = { total: true, sentence: false, veil: null };
  if (c.tree) return out;
  for (const q of c.questions) {
    if (q.q !== step || !asking(c, q)) continue;
    const v = VEILS[q.kind];
    out.sentence = out.sentence || v.sentence;
    const cur = c.data.current(step);
    if (v.node && cur !== undefined && cur >= 0) (out.veil = out.veil || new Set()).add(cur);
  }
  return out;
}

// Where a step from `from` to `to` stops: at the first question on the way.
export function gate(c, from, to) {
  if (c.tree && c.locked) { c.pause(); c.result.textContent = c.W.locked; return from; }
  if (c.tree && to > from && !c.revealed) { c.revealed = true; if (c.log) c.log.shown(); } // the search shows its answers
  if (c.tree || to <= from) return to;
  if (c.open) { c.pause(); return from; }
  const next = c.questions.find((q) => q.q >= from && q.q < to && asking(c, q));
  if (!next) return to;
  return next.q; // shown() asks it there
}

export function ask(c, question) {
  const { L, answerBox, marks } = c;
  c.open = question;
  c.pause();
  c.firstStep = null;
  c.task.textContent = taskText(question, c.state.perspective, c.key(), c.p.words.steps);
  const label = { window: L.window_of, tt: L.table, next: L.next }[question.kind];
  if (label) answerBox.setAttribute("aria-label", fill(label, { name: question.name }));
  answerBox.placeholder = { window: L.window_hint, tt: L.table_hint, next: L.next_hint }[question.kind] || "";
  refresh(c);
  if (question.kind === "cut") {
    const mine = [...marks.edges].filter(([, e]) => e.parent === question.name);
    for (const [name, e] of mine) { marks.setCut(name, false); delete e.g.dataset.nvCut; }
    if (mine.length) mine[0][1].g.focus();
    return;
  }
  const f = onNode(question.kind) && marks.fields.get(question.name);
  if (f) { f.value.value = ""; mark(f.value, ""); f.value.focus(); } else { answerBox.value = ""; answerBox.focus(); }
}

// The open question's answer as the grader reads it (and the fields it marks).
// nothing: the "none" button (an empty answer to "which node is next?" is none too)
function judgeOpen(c, nothing) {
  const { open, marks, answerBox, judge } = c;
  let g;
  if (onNode(open.kind)) {
    const f = marks.fields.get(open.name);
    g = judge({ values: { [open.name]: f ? f.value.value : "" } }, true);
    if (f) mark(f.value, g.correct ? "" : "wrong");
  } else if (open.kind === "cut") {
    const mine = [...marks.edges].filter(([, e]) => e.parent === open.name);
    g = judge({ cut: mine.filter(([, e]) => e.on).map(([name]) => name), cut_of: open.name }, true);
    markCuts(g, mine);
  } else if (open.kind === "window") {
    g = judge({ windows: { [open.name]: answerBox.value } }, true);
  } else if (open.kind === "tt") {
    g = judge({ tt: { [open.name]: answerBox.value } }, true);
  } else g = judge({ next: { [String(open.q)]: nothing ? "" : answerBox.value } }, true);
  return g;
}

// nothing: the "none" button (an empty answer to "which node is next?" is none too)
export function submit(c, nothing = false) {
  const { open, tally, key } = c;
  if (!open) return;
  const g = judgeOpen(c, nothing);
  if (g.notes.length && !g.score[1]) { say(c, g); return; } // not read: answer again
  if (open.kind === "value" || open.kind === "window") {
    const f = open.kind === "value" ? c.marks.fields.get(open.name) : null;
    c.soFar[open.kind + "s"][open.name] = f ? f.value.value : c.answerBox.value;
  }
  tally.asked += 1;
  if (g.correct) tally.right += 1;
  c.done.set(open.id, g.correct ? "right" : "wrong");
  const revealAt = open.kind === "value" ? key().values[open.name].step
    : open.kind === "leaf" ? key().leaf_values[open.name].step
    : open.kind === "tt" ? key().tt[open.name].step
    : open.kind === "window" ? key().windows[open.name].step
      : open.kind === "cut" ? cutShown(c, open.name) : nextEntered(key(), open.q)[0];
  close(c, "");
  // a misconception is named once the answers so far follow it (two or more, none against
  // it), and only for an answer it explains: a slip after it is told as the slip it is
  const all = c.judge(c.soFar, true);
  const kind = open.kind === "window" ? "window" : "value";
  const explains = !g.correct && all.mistake !== null && all.explained.some(([k, n]) => k === kind && n === open.name);
  const pattern = explains ? fill(c.W.pattern, { names: listed(c.p.words.grade, all.explained.map(([, n]) => n)),
    title: key().titles[all.mistake][0], why: key().titles[all.mistake][1] }) : null;
  say(c, g, revealAt, pattern);
  if (!c.open) c.home.focus({ preventScroll: true }); // the arrow keys step on (unless a question follows here)
}

// The step that shows whether a node's moves are cut: its cutoff, or its return.
function cutShown(c, name) {
  const at = Object.values(c.key().cuts).find((cut) => cut.parent === name);
  return at ? at.step : c.key().values[name].step;
}

// The open question closed (`text`: what the verdict line says, if anything).
export function close(c, text) {
  c.open = null;
  c.task.textContent = c.W.step_on;
  if (text) c.result.textContent = text;
  refresh(c);
  c.go(c.state.step, true); // repaint: what the question hid is shown
}
