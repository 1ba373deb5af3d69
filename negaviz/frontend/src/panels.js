// A pane's side panels at a step: the sentence, the call stack, the counters and the
// pseudocode with its line marked.  stackRows is pure (tests/frontend/panels.test.mjs).

import { h } from "./dom.js";
import { veiled } from "./look.js";
import { seenWindow } from "./values.js";

// The call stack at `step`, one row of texts per running call (the root first), under
// the scene's stack_columns (negaviz.vocabulary.STACK_COLUMNS): as negaviz.widgets.StepperWidget.stack_rows writes them.
// veil: nodes whose best so far and risen α are hidden (look.js), each row then "?" and
// its entry window.
// What the sentence says while it would answer the pending question.
export const HIDDEN_SENTENCE = "(What happened at this step is shown once you answer.)";

export function stackRows(d, step, perspective, veil = null) {
  const fmt = d.fmt;
  const stack = d.stack(step);
  return stack.map((nid, i) => {
    const life = d.lives.get(nid);
    let st = d.nodeAt(nid, step);
    const hidden = veil !== null && veil.has(nid);
    if (hidden) st = veiled(d, nid, st);
    const sg = d.sign(nid, perspective);
    const [a, b] = seenWindow(st.alpha, st.beta, sg);
    const trying = i + 1 < stack.length ? d.lives.get(stack[i + 1]).move : "";
    const window = d.s.windowed ? [a === null ? "–" : fmt(a), b === null ? "–" : fmt(b)] : []; // plain negamax has none
    return [life.name, String(life.depth), ...window, hidden ? "?" : st.value === null ? "–" : fmt(sg * st.value), trying];
  });
}

// hide: {veil, sentence, total} while practising: the nodes veiled, the step's sentence
// hidden (it states the best so far), and no total number of steps.
export function showPanels(pane, step, perspective, hide = {}) {
  const d = pane.d;
  const c = d.chunk(step);
  const p = d.s.perspectives.indexOf(perspective); // sentences and lines are in this order
  const at = step - d.chunkOf(step) * d.s.chunk;
  pane.sentence.textContent = !c ? "…" : hide.sentence ? HIDDEN_SENTENCE : c.sentences[p][at];
  if (pane.titleEl) pane.titleEl.textContent = d.titleAt(step);
  // call stack
  const stack = stackRows(d, step, perspective, hide.veil || null);
  const columns = d.s.stack_columns;
  const rows = [h("tr", {}, ...columns.map((t) => h("th", { text: t })))];
  stack.forEach((cells, i) => {
    rows.push(h("tr", i === stack.length - 1 ? { class: "nv-here" } : {}, ...cells.map((t) => h("td", { text: t }))));
  });
  if (!stack.length) rows.push(h("tr", {}, h("td", { colspan: String(columns.length), class: "nv-empty", text: "(empty: no call running)" })));
  pane.stackTable.replaceChildren(h("caption", { text: "call stack" }), ...rows);
  const counts = d.counters(step);
  const items = [["step", step.toLocaleString("en-US") + (hide.total ? "" : " of " + d.n.toLocaleString("en-US"))]];
  if (counts) items.push(["nodes", counts.nodes], ["leaves", counts.leaves], ["cutoffs", counts.cutoffs], ["TT hits", counts.hits]);
  pane.countersTable.replaceChildren(...items.map(([k, v]) => h("tr", {}, h("th", { text: k }), h("td", { "data-counter": k, text: typeof v === "number" ? v.toLocaleString("en-US") : v }))));
  const listing = d.s.listings[perspective];
  const lineNo = c ? c.lines[p][at] : 0; // 0: no line
  pane.code.replaceChildren(...listing.map((text, i) => {
    const on = i + 1 === lineNo;
    return h("span", { "data-line": String(i + 1), class: on ? "nv-hl" : "" }, (on ? "▶ " : "  ") + text + "\n");
  }));
}
