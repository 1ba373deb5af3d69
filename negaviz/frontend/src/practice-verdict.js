// What practice shows of an answer: the verdict under the task, the marks on the fields,
// and which controls are live (practice-ui.js's session `c`, see makePractice).

import { h } from "./dom.js";
import { fill } from "./words.js";

// Where a question's answer is given: typed in the answer box, or in the node's field.
export const typed = (kind) => kind === "next" || kind === "window" || kind === "tt";
export const onNode = (kind) => kind === "value" || kind === "leaf";

// Whether an edge's cut toggle is live: the whole tree while answering, or one node's
// moves while "which of its moves are never tried?" is open.
export function cutting(c, e) {
  return (c.tree && c.locked) || (c.open !== null && c.open.kind === "cut" && e.parent === c.open.name);
}

// Show the controls, fields and toggles the moment needs, and the score.
export function refresh(c) {
  const { tree, open, tally, marks } = c;
  const steps = !tree;
  c.answerBox.hidden = !(steps && open && typed(open.kind));
  c.none.hidden = !(steps && open && (open.kind === "next" || open.kind === "cut"));
  c.skip.hidden = !(steps && open);
  c.check.hidden = steps && !open;
  c.check.textContent = tree ? "check" : "answer";
  c.again.hidden = !tree || c.locked || tally.tries === 0;
  c.showMe.hidden = c.firstStep === null;
  c.score.textContent = tally.asked ? "score " + tally.right + " of " + tally.asked + (tree ? " · attempt " + tally.tries : "") : "";
  for (const [name, f] of marks.fields) {
    const on = tree ? c.locked : open && onNode(open.kind) && open.name === name;
    f.value.parentNode.style.display = on ? "" : "none";
  }
  c.windowsBox.hidden = !(marks.fields.size && tree && c.locked && c.p.windows && c.state.windows);
  for (const e of marks.edges.values()) {
    if (cutting(c, e)) { e.g.setAttribute("tabindex", "0"); e.g.removeAttribute("aria-hidden"); } else { e.g.removeAttribute("tabindex"); e.g.setAttribute("aria-hidden", "true"); }
  }
}

// A field marked "wrong", "missing" or not at all ("").
export function mark(box, how) {
  if (how) box.dataset.mark = how; else delete box.dataset.mark;
  box.setAttribute("aria-invalid", String(how === "wrong"));
}

// The cut toggles of `edges` ([name, edge] pairs) marked as the grade `g` found them.
export function markCuts(g, edges) {
  for (const [name, e] of edges) {
    if (g.missed_cuts.includes(name)) e.g.dataset.nvCut = "missed";
    else if (g.extra_cuts.includes(name)) e.g.dataset.nvCut = "extra";
  }
}

// The grade `g` said, to be read in one glance: the verdict first, on one line, with the
// student's answer and the right one (g.verdict); then why (the first wrong answer's
// reason); then the misconception, for the answers it explains (the whole tree's:
// g.pattern; steps mode's: `pattern`, given only for an answer it explains, else null);
// answers that could not be read; and the bound notes folded behind one line (a
// <details>).  `reveal`: the step that shows the answer (steps mode, "show me").
export function say(c, g, reveal = null, pattern = null) {
  const { tree, W, result } = c;
  result.replaceChildren(h("p", { class: g.correct ? "nv-right" : "nv-wrong", text: g.verdict }));
  if (!g.correct && g.why) result.append(h("p", { class: "nv-why", text: g.why }));
  if (tree ? g.pattern : pattern) result.append(h("p", { class: "nv-pattern", text: tree ? g.pattern : pattern }));
  for (const n of g.notes) result.append(h("p", { class: "nv-note", text: n }));
  if (g.bounds.length) {
    result.append(h("details", { class: "nv-bounds" }, h("summary", { text: fill(W.bounds, { n: g.bounds.length }) }),
      ...g.bounds.map((n) => h("p", { class: "nv-note", text: n }))));
  }
  if (g.first_wrong !== null && tree) result.append(h("p", { text: fill(W.show_me, { step: g.step }) }));
  c.firstStep = tree ? g.step : reveal;
  refresh(c);
}
