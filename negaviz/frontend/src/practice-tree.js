// The whole-tree exercise (practice mode "tree"): every inner node's value (and window)
// typed on the tree, the cut moves clicked, then checked at once; stepping waits until
// then.  `c` is practice-ui.js's session (see makePractice).

import { mark, markCuts, refresh, say } from "./practice-verdict.js";

// Check: grade every field and toggle, mark them, say the verdict; stepping is free.
export function checkTree(c) {
  if (!c.locked) return;
  const { p, state, marks, tally } = c;
  const answers = { values: {}, cut: [] };
  if (p.windows && state.windows) answers.windows = {}; // asked while windows are shown
  for (const [name, f] of marks.fields) {
    if (f.value.value.trim()) answers.values[name] = f.value.value;
    if (answers.windows && f.window && f.window.value.trim()) answers.windows[name] = f.window.value;
  }
  for (const [name, e] of marks.edges) if (e.on) answers.cut.push(name);
  const g = c.judge(answers);
  c.shownGrade = g;
  if (c.log) c.log.checked();
  tally.tries += 1;
  [tally.right, tally.asked] = g.score;
  for (const [name, f] of marks.fields) {
    mark(f.value, g.wrong_values.includes(name) ? "wrong" : g.unanswered.includes(name) && c.key().values[name] ? "missing" : "");
    if (f.window) mark(f.window, g.wrong_windows.includes(name) ? "wrong" : "");
  }
  markCuts(g, marks.edges);
  say(c, g); // (it sets firstStep, for "show me")
  c.locked = false;
  refresh(c);
  (c.showMe.hidden ? c.home : c.showMe).focus({ preventScroll: true });
}

// Try again: the answers stay, their marks go, and stepping waits for check again.
export function tryAgain(c) {
  c.locked = true;
  c.revealed = false;
  c.firstStep = null;
  for (const f of c.marks.fields.values()) { mark(f.value, ""); if (f.window) mark(f.window, ""); }
  for (const [name, e] of c.marks.edges) c.marks.setCut(name, e.on);
  c.result.textContent = c.W.try_again;
  c.go(0);
  refresh(c);
}
