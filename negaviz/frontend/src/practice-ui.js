// Practice on the picture: the student answers on the tree, and the page grades it
// (practice.js, from the key the scene carries; no kernel).  Two modes (the scene's
// practice.mode, negaviz.quiz.practice):
//   tree   type each inner node's value (and window) on it, click the edges of the moves
//          the search never tries, press check; stepping waits until then.
//   steps  stepping pauses where a question applies (practice-steps.js): a node's value
//          just before it returns (typed on the node); which node is entered next (click
//          it, or type its name); the window a node is entered with (typed); which of a
//          node's moves are never tried (its edges clicked).
// This module wires a session together; the whole-tree exercise is practice-tree.js, the
// questions as the search goes practice-flow.js, what is shown of an answer
// practice-verdict.js, the fields on the picture practice-marks.js.

import { h } from "./dom.js";
import { grade } from "./practice.js";
import { ask, asking, close, gate, hide, submit } from "./practice-flow.js";
import { makeMarks } from "./practice-marks.js";
import { stepQuestions } from "./practice-steps.js";
import { advisory, answerLog, makeSubmit } from "./practice-submit.js";
import { checkTree, tryAgain } from "./practice-tree.js";
import { cutting, refresh } from "./practice-verdict.js";

/**
 * Practice for a stepper whose scene carries practice data.
 * @param {{data: object, pane: object, state: object, go: (k: number) => void, pause: () => void, home: HTMLElement,
 *   model: object}} args
 *   home: the stepper's element, where the focus goes back to after an answer (its keys step on);
 *   model: the widget's, which saves a submitted record (practice-submit.js)
 * @returns {{el: HTMLElement, controls: HTMLElement, gate: (from: number, to: number) => number, shown: () => void,
 *   hide: (step: number) => {total: boolean, sentence: boolean, veil: Set<number>|null}}}
 *   el: the task and the verdict, above the picture; controls: the answer bar, below it
 *   (after the fields on the picture, in the order Tab takes)
 */
export function makePractice({ data, pane, state, go, pause, home, model }) {
  const p = data.s.practice;
  const tree = p.mode === "tree";
  const key = () => p.keys[state.perspective];
  const W = p.words.page, L = W.labels; // what the page says (negaviz/quiz/words.json)
  const judge = (answers, onlyGiven = false) => grade(key(), answers, { onlyGiven, words: p.words });
  // The session the practice-*.js modules share: what the page shows and what was answered.
  const c = {
    p, tree, key, W, L, judge, data, state, go, pause, home,
    locked: tree,           // tree mode: stepping waits for check
    open: null,             // steps mode: the question on show
    done: new Map(),        // steps mode: question id -> "right" | "wrong" | "skipped"
    tally: { right: 0, asked: 0, tries: 0 },
    soFar: { values: {}, windows: {} }, // steps mode: every value and window answered, first tries
    firstStep: null,        // the step "show me" goes to
    revealed: false,        // tree mode: the search's answers shown since the last check (logged once)
    shownGrade: null,       // tree mode: the grade shown last (a submitted record's verdict)
    // questions as the search goes (window questions while windows are shown)
    questions: tree ? [] : stepQuestions(p),
  };

  const chance = !!(p.keys && p.keys.negamax && p.keys.negamax.chance); // a tree with chance nodes: its own task
  c.task = h("p", { class: "nv-practice-task", text: tree ? (chance ? W.tree_task_chance : W.tree_task) + (p.windows ? W.tree_windows : "") : "" });
  c.answerBox = h("input", { type: "text", class: "nv-practice-name", "aria-label": L.next, placeholder: L.next_hint }); // or a window
  c.result = h("div", { class: "nv-practice-result", role: "status", "aria-live": "polite" });
  c.score = h("span", { class: "nv-practice-score" });
  const button = ([text, label], onclick) => h("button", { type: "button", "aria-label": label, title: label, text, onclick });
  c.check = button(L.check, () => (tree ? checkTree(c) : submit(c)));
  c.none = button(L.none, () => {
    if (c.open && c.open.kind === "cut") for (const [name, e] of c.marks.edges) if (e.parent === c.open.name) c.marks.setCut(name, false);
    c.answerBox.value = "";
    submit(c, true);
  });
  c.showMe = button(L.show_me, () => showStep());
  c.again = button(L.again, () => tryAgain(c));
  c.skip = button(L.skip, () => { if (c.open) { c.done.set(c.open.id, "skipped"); close(c, W.skipped); } });
  c.windowsBox = h("div", { class: "nv-practice-windows", role: "group", "aria-label": L.windows });
  c.windowsBox.hidden = true;
  const log = answerLog(); // submit (practice-submit.js): the answers in the order given, the verdict shown (advisory)
  c.log = log; // what the page did goes in it too: each check, each answer shown
  const submitButton = tree && p.submit ? [makeSubmit({ submit: p.submit, model, answers: () => log.list, verdict: () => advisory(c.shownGrade), perspective: () => state.perspective, windows: () => p.windows && state.windows, say: (t) => { c.result.textContent = t; } })] : [];
  const el = h("div", { class: "nv-practice", role: "region", "aria-label": L.region }, c.task, c.result);
  const controls = h("div", { class: "nv-practice nv-practice-controls", role: "group", "aria-label": L.controls }, c.windowsBox,
    h("div", { class: "nv-practice-bar" }, c.answerBox, c.check, c.showMe, c.none, c.skip, c.again, ...submitButton, c.score),
    h("p", { class: "nv-practice-keys", text: W.keys }));
  c.answerBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); submit(c); }
    else if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); leave(c.answerBox); }
  });
  c.marks = makeMarks({ p, tree, windowsBox: c.windowsBox, log, live: (e) => cutting(c, e), enter: () => (tree ? checkTree(c) : submit(c)), leave: (box) => leave(box) });
  // Once, on the pane's tree panel (every view's drawing is shown inside it): while
  // practising a click on a node answers, it does not step.
  pane.tree.addEventListener("click", onNodeClick, true);

  // Escape: out of a field, back to the stepper (its keys step), what was typed kept.  Tab
  // then goes on from that field, to the next answer control, as if the focus had stayed
  // there in the tab order (not to the stepper's first control, play); Shift+Tab goes back
  // to the field.  Any other focus forgets the field.
  let leftFrom = null;
  function leave(box) {
    leftFrom = box || null;
    home.focus({ preventScroll: true });
  }
  home.addEventListener("focusin", (e) => { if (e.target !== home) leftFrom = null; });
  home.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || !leftFrom || e.target !== home || e.altKey || e.ctrlKey || e.metaKey) return;
    const from = leftFrom;
    leftFrom = null;
    const order = tabOrder(home);
    const to = e.shiftKey ? from : order[order.indexOf(from) + 1];
    if (!to || !from.isConnected) return; // the last control: Tab leaves the stepper, as it would have
    e.preventDefault();
    to.focus({ preventScroll: false });
  });

  function onNodeClick(ev) {
    if (tree ? !c.locked : !c.open) return;
    const g = ev.target.closest && ev.target.closest("g.node");
    const name = g ? c.marks.nodeNamed(g) : null;
    if (name === null) return;
    ev.stopPropagation(); // while practising a click answers, it does not step
    if (!tree && c.open.kind === "next") { c.answerBox.value = name; submit(c); }
    else if (c.marks.fields.has(name)) c.marks.fields.get(name).value.focus();
  }

  // "show me": the step that shows the (first wrong) answer.
  function showStep() {
    if (c.firstStep === null) return;
    if (c.open) { c.done.set(c.open.id, "skipped"); close(c, ""); }
    if (tree && !c.revealed) { c.revealed = true; log.shown(c.shownGrade ? c.shownGrade.first_wrong : null); }
    go(c.firstStep);
    home.focus({ preventScroll: true });
  }

  return {
    el,
    controls,
    hide: (step) => hide(c, step),
    gate: (from, to) => gate(c, from, to),
    shown() {
      if (c.marks.attach(pane.items)) refresh(c);
      refresh(c);
      if (!tree && !c.open) {
        const here = c.questions.find((q) => q.q === state.step && asking(c, q));
        if (here) ask(c, here);
      }
    },
  };
}

// The controls inside `root` that Tab reaches, in the order it reaches them (document
// order: the stepper sets no positive tabindex), shown and enabled.
function tabOrder(root) {
  const all = root.querySelectorAll("input:not([type=hidden]), button, select, textarea, a[href], [tabindex]");
  return [...all].filter((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0
    && el.getAttribute("aria-hidden") !== "true");
}
