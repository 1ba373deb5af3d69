// Practice on the picture: the student answers on the tree, and the page grades it
// (practice.js, from the key the scene carries; no kernel).  Two modes (the scene's
// practice.mode, negaviz.quiz.practice):
//   tree   type each inner node's value (and window) on it, click the edges of the moves
//          the search never tries, press check; stepping waits until then.
//   steps  stepping pauses where a question applies (practice-steps.js): a node's value
//          just before it returns (typed on the node); which node is entered next (click
//          it, or type its name); the window a node is entered with (typed); which of a
//          node's moves are never tried (its edges clicked).

import { h } from "./dom.js";
import { grade, nextEntered } from "./practice.js";
import { makeMarks } from "./practice-marks.js";
import { stepQuestions, taskText, VEILS } from "./practice-steps.js";
import { advisory, answerLog, makeSubmit } from "./practice-submit.js";
import { fill } from "./words.js";

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
  let locked = tree;        // tree mode: stepping waits for check
  let open = null;          // steps mode: the question on show
  const done = new Map();   // steps mode: question id -> "right" | "wrong" | "skipped"
  const tally = { right: 0, asked: 0, tries: 0 };
  const soFar = { values: {}, windows: {} }; // steps mode: every value and window answered, first tries
  let firstStep = null;

  const task = h("p", { class: "nv-practice-task", text: tree ? W.tree_task + (p.windows ? W.tree_windows : "") : "" });
  const answerBox = h("input", { type: "text", class: "nv-practice-name", "aria-label": L.next, placeholder: L.next_hint }); // or a window
  const result = h("div", { class: "nv-practice-result", role: "status", "aria-live": "polite" });
  const score = h("span", { class: "nv-practice-score" });
  const button = ([text, label], onclick) => h("button", { type: "button", "aria-label": label, title: label, text, onclick });
  const check = button(L.check, () => (tree ? checkTree() : submit()));
  const none = button(L.none, () => {
    if (open && open.kind === "cut") for (const [name, e] of marks.edges) if (e.parent === open.name) marks.setCut(name, false);
    answerBox.value = "";
    submit(true);
  });
  const showMe = button(L.show_me, () => showStep());
  const again = button(L.again, () => tryAgain());
  const skip = button(L.skip, () => { if (open) { done.set(open.id, "skipped"); close(W.skipped); } });
  const windowsBox = h("div", { class: "nv-practice-windows", role: "group", "aria-label": L.windows });
  windowsBox.hidden = true;
  const log = answerLog(); // submit (practice-submit.js): the answers in the order given, the verdict shown (advisory)
  let shownGrade = null;
  const submitButton = tree && p.submit ? [makeSubmit({ submit: p.submit, model, answers: () => log.list, verdict: () => advisory(shownGrade), perspective: () => state.perspective, windows: () => p.windows && state.windows, say: (t) => { result.textContent = t; } })] : [];
  const el = h("div", { class: "nv-practice", role: "region", "aria-label": L.region }, task, result);
  const controls = h("div", { class: "nv-practice nv-practice-controls", role: "group", "aria-label": L.controls }, windowsBox,
    h("div", { class: "nv-practice-bar" }, answerBox, check, showMe, none, skip, again, ...submitButton, score),
    h("p", { class: "nv-practice-keys", text: W.keys }));
  answerBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); submit(); }
    else if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); leave(); }
  });
  const marks = makeMarks({ p, tree, windowsBox, log, live: (e) => cutting(e), enter: () => (tree ? checkTree() : submit()), leave: () => leave() });
  // Once, on the pane's tree panel (every view's drawing is shown inside it): while
  // practising a click on a node answers, it does not step.
  pane.tree.addEventListener("click", onNodeClick, true);

  // --- questions as the search goes (window questions while windows are shown) ----------
  const questions = tree ? [] : stepQuestions(p.keys.negamax, p.windows, p.ask, p.skip);
  const typed = (kind) => kind === "next" || kind === "window" || kind === "tt"; // in the answer box
  const onNode = (kind) => kind === "value" || kind === "leaf";                  // in the node's field
  const asking = (q) => !done.has(q.id) && (q.kind !== "window" || state.windows);

  // Escape: out of a field, back to the stepper (its keys step), what was typed kept.
  function leave() {
    home.focus({ preventScroll: true });
  }

  function refresh() {
    const steps = !tree;
    answerBox.hidden = !(steps && open && typed(open.kind));
    none.hidden = !(steps && open && (open.kind === "next" || open.kind === "cut"));
    skip.hidden = !(steps && open);
    check.hidden = steps && !open;
    check.textContent = tree ? "check" : "answer";
    again.hidden = !tree || locked || tally.tries === 0;
    showMe.hidden = firstStep === null;
    score.textContent = tally.asked ? "score " + tally.right + " of " + tally.asked + (tree ? " · attempt " + tally.tries : "") : "";
    for (const [name, f] of marks.fields) {
      const on = tree ? locked : open && onNode(open.kind) && open.name === name;
      f.value.parentNode.style.display = on ? "" : "none";
    }
    windowsBox.hidden = !(marks.fields.size && tree && locked && p.windows && state.windows);
    for (const e of marks.edges.values()) {
      if (cutting(e)) { e.g.setAttribute("tabindex", "0"); e.g.removeAttribute("aria-hidden"); } else { e.g.removeAttribute("tabindex"); e.g.setAttribute("aria-hidden", "true"); }
    }
  }

  // Whether an edge's cut toggle is live: the whole tree while answering, or one node's
  // moves while "which of its moves are never tried?" is open.
  function cutting(e) {
    return (tree && locked) || (open !== null && open.kind === "cut" && e.parent === open.name);
  }

  function onNodeClick(ev) {
    if (tree ? !locked : !open) return;
    const g = ev.target.closest && ev.target.closest("g.node");
    const name = g ? marks.nodeNamed(g) : null;
    if (name === null) return;
    ev.stopPropagation(); // while practising a click answers, it does not step
    if (!tree && open.kind === "next") { answerBox.value = name; submit(); }
    else if (marks.fields.has(name)) marks.fields.get(name).value.focus();
  }

  // --- the whole-tree exercise -------------------------------------------------------------
  function checkTree() {
    if (!locked) return;
    const answers = { values: {}, cut: [] };
    if (p.windows && state.windows) answers.windows = {}; // asked while windows are shown
    for (const [name, f] of marks.fields) {
      if (f.value.value.trim()) answers.values[name] = f.value.value;
      if (answers.windows && f.window && f.window.value.trim()) answers.windows[name] = f.window.value;
    }
    for (const [name, e] of marks.edges) if (e.on) answers.cut.push(name);
    const g = judge(answers);
    shownGrade = g;
    tally.tries += 1;
    [tally.right, tally.asked] = g.score;
    for (const [name, f] of marks.fields) {
      mark(f.value, g.wrong_values.includes(name) ? "wrong" : g.unanswered.includes(name) && key().values[name] ? "missing" : "");
      if (f.window) mark(f.window, g.wrong_windows.includes(name) ? "wrong" : "");
    }
    for (const [name, e] of marks.edges) {
      if (g.missed_cuts.includes(name)) e.g.dataset.nvCut = "missed";
      else if (g.extra_cuts.includes(name)) e.g.dataset.nvCut = "extra";
    }
    say(g); // (it sets firstStep, for "show me")
    locked = false;
    refresh();
    (showMe.hidden ? home : showMe).focus({ preventScroll: true });
  }

  function mark(box, how) {
    if (how) box.dataset.mark = how; else delete box.dataset.mark;
    box.setAttribute("aria-invalid", String(how === "wrong"));
  }

  function tryAgain() {
    locked = true;
    firstStep = null;
    for (const f of marks.fields.values()) { mark(f.value, ""); if (f.window) mark(f.window, ""); }
    for (const [name, e] of marks.edges) marks.setCut(name, e.on);
    result.textContent = W.try_again;
    go(0);
    refresh();
  }

  function showStep() {
    if (firstStep === null) return;
    if (open) { done.set(open.id, "skipped"); close(""); }
    go(firstStep);
    home.focus({ preventScroll: true });
  }

  // --- questions as the search goes ---------------------------------------------------------
  function ask(question) {
    open = question;
    pause();
    firstStep = null;
    task.textContent = taskText(question, state.perspective, key(), p.words.steps);
    const label = { window: L.window_of, tt: L.table, next: L.next }[question.kind];
    if (label) answerBox.setAttribute("aria-label", fill(label, { name: question.name }));
    answerBox.placeholder = { window: L.window_hint, tt: L.table_hint, next: L.next_hint }[question.kind] || "";
    refresh();
    if (question.kind === "cut") {
      const mine = [...marks.edges].filter(([, e]) => e.parent === question.name);
      for (const [name, e] of mine) { marks.setCut(name, false); delete e.g.dataset.nvCut; }
      if (mine.length) mine[0][1].g.focus();
      return;
    }
    const f = onNode(question.kind) && marks.fields.get(question.name);
    if (f) { f.value.value = ""; mark(f.value, ""); f.value.focus(); } else { answerBox.value = ""; answerBox.focus(); }
  }

  // nothing: the "none" button (an empty answer to "which node is next?" is none too)
  function submit(nothing = false) {
    if (!open) return;
    let g;
    if (onNode(open.kind)) {
      const f = marks.fields.get(open.name);
      g = judge({ values: { [open.name]: f ? f.value.value : "" } }, true);
      if (f) mark(f.value, g.correct ? "" : "wrong");
    } else if (open.kind === "cut") {
      const mine = [...marks.edges].filter(([, e]) => e.parent === open.name);
      g = judge({ cut: mine.filter(([, e]) => e.on).map(([name]) => name), cut_of: open.name }, true);
      for (const [name, e] of mine) {
        if (g.missed_cuts.includes(name)) e.g.dataset.nvCut = "missed";
        else if (g.extra_cuts.includes(name)) e.g.dataset.nvCut = "extra";
      }
    } else if (open.kind === "window") {
      g = judge({ windows: { [open.name]: answerBox.value } }, true);
    } else if (open.kind === "tt") {
      g = judge({ tt: { [open.name]: answerBox.value } }, true);
    } else g = judge({ next: { [String(open.q)]: nothing ? "" : answerBox.value } });
    if (g.notes.length && !g.score[1]) { say(g); return; } // not read: answer again
    if (open.kind === "value" || open.kind === "window") {
      const f = open.kind === "value" ? marks.fields.get(open.name) : null;
      soFar[open.kind + "s"][open.name] = f ? f.value.value : answerBox.value;
    }
    tally.asked += 1;
    if (g.correct) tally.right += 1;
    done.set(open.id, g.correct ? "right" : "wrong");
    const revealAt = open.kind === "value" ? key().values[open.name].step
      : open.kind === "leaf" ? key().leaf_values[open.name].step
      : open.kind === "tt" ? key().tt[open.name].step
      : open.kind === "window" ? key().windows[open.name].step
        : open.kind === "cut" ? cutShown(open.name) : nextEntered(key(), open.q)[0];
    close("");
    say(g, revealAt);
    // a misconception is named once the answers so far follow it (two or more, none against it)
    const all = judge(soFar, true);
    if (!g.correct && all.mistake !== null) {
      const [title, why] = key().titles[all.mistake];
      result.append(h("p", { class: "nv-pattern", text: fill(W.pattern, { title, why }) }));
    }
    if (!open) home.focus({ preventScroll: true }); // the arrow keys step on (unless a question follows here)
  }

  // The step that shows whether a node's moves are cut: its cutoff, or its return.
  function cutShown(name) {
    const at = Object.values(key().cuts).find((c) => c.parent === name);
    return at ? at.step : key().values[name].step;
  }

  function close(text) {
    open = null;
    task.textContent = W.step_on;
    if (text) result.textContent = text;
    refresh();
    go(state.step, true); // repaint: what the question hid is shown
  }

  function say(g, reveal = null) {
    result.replaceChildren(h("p", { class: g.correct ? "nv-right" : "nv-wrong", text: g.correct && !tree ? W.yes : g.sentence }));
    const verdict = g.sentence.indexOf(". "); // "Not yet: 1 value is wrong. The first ..." says "No. The first ..."
    if (!tree && !g.correct && verdict >= 0) result.firstChild.textContent = W.no + g.sentence.slice(verdict + 2);
    for (const n of g.notes) result.append(h("p", { class: "nv-note", text: n }));
    if (g.first_wrong !== null && tree) result.append(h("p", { text: fill(W.show_me, { step: g.step }) }));
    firstStep = tree ? g.step : reveal;
    refresh();
  }

  return {
    el,
    controls,
    // What the page hides at `step` (practice-steps.js, VEILS): the questions pending
    // there, asked or about to be.
    hide(step) {
      const out = { total: true, sentence: false, veil: null };
      if (tree) return out;
      for (const q of questions) {
        if (q.q !== step || !asking(q)) continue;
        const v = VEILS[q.kind];
        out.sentence = out.sentence || v.sentence;
        const cur = data.current(step);
        if (v.node && cur !== undefined && cur >= 0) (out.veil = out.veil || new Set()).add(cur);
      }
      return out;
    },
    gate(from, to) {
      if (tree && locked) { pause(); result.textContent = W.locked; return from; }
      if (tree || to <= from) return to;
      if (open) { pause(); return from; }
      const next = questions.find((q) => q.q >= from && q.q < to && asking(q));
      if (!next) return to;
      return next.q; // shown() asks it there
    },
    shown() {
      if (marks.attach(pane.items)) refresh();
      refresh();
      if (!tree && !open) {
        const here = questions.find((q) => q.q === state.step && asking(q));
        if (here) ask(here);
      }
    },
  };
}
