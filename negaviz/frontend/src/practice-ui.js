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
import { stepQuestions, taskText } from "./practice-steps.js";
import { advisory, answerLog, makeSubmit } from "./practice-submit.js";

const TREE_TASK = "Do the search by hand: type each inner node's value on it (for the view shown), "
  + "and click the edge of every move the search never tries (Space or Enter on a focused edge). Then press check.";
const TREE_WINDOWS = " While windows are shown, type each inner node's window too, (α, β), the window it is entered with.";

/**
 * Practice for a stepper whose scene carries practice data.
 * @param {{data: object, pane: object, state: object, go: (k: number) => void, pause: () => void, model: object}} args
 * @returns {{el: HTMLElement, gate: (from: number, to: number) => number, shown: () => void}}
 */
export function makePractice({ data, pane, state, go, pause, model }) {
  const p = data.s.practice;
  const tree = p.mode === "tree";
  const key = () => p.keys[state.perspective];
  const fields = new Map(); // name -> {value, window} inputs (each in a foreignObject)
  const edges = new Map();  // child name -> {g, parent, on}
  let items = null;         // the drawing the fields are on
  let locked = tree;        // tree mode: stepping waits for check
  let open = null;          // steps mode: the question on show
  const done = new Map();   // steps mode: question id -> "right" | "wrong" | "skipped"
  const tally = { right: 0, asked: 0, tries: 0 };

  const task = h("p", { class: "nv-practice-task", text: tree ? TREE_TASK + (p.windows ? TREE_WINDOWS : "") : "" });
  const answerBox = h("input", { type: "text", class: "nv-practice-name", "aria-label": "name of the next node entered", placeholder: "node" }); // or a window
  const result = h("div", { class: "nv-practice-result", role: "status", "aria-live": "polite" });
  const score = h("span", { class: "nv-practice-score" });
  const button = (text, label, onclick) => h("button", { type: "button", "aria-label": label, title: label, text, onclick });
  const check = button("check", "check my answers", () => (tree ? checkTree() : submit()));
  const none = button("none", "none: no node is entered next, or no move is cut", () => {
    if (open && open.kind === "cut") for (const [name, e] of edges) if (e.parent === open.name) setCut(name, false);
    answerBox.value = "none";
    submit();
  });
  const again = button("try again", "try again: hide the search and keep my answers", () => tryAgain());
  const showMe = button("show me", "show me: go to the step where the search shows the answer", () => showStep());
  const skip = button("skip", "skip this question", () => { if (open) { done.set(open.id, "skipped"); close("Skipped."); } });
  const windowsBox = h("div", { class: "nv-practice-windows", role: "group", "aria-label": "windows (α, β)" });
  windowsBox.hidden = true;
  const log = answerLog(); // submit (practice-submit.js): the answers in the order given, the verdict shown (advisory)
  let shownGrade = null;
  const submitButton = tree && p.submit ? [makeSubmit({ submit: p.submit, model, answers: () => log.list, verdict: () => advisory(shownGrade), perspective: () => state.perspective, windows: () => p.windows && state.windows, say: (t) => { result.textContent = t; } })] : [];
  const el = h("div", { class: "nv-practice", role: "region", "aria-label": "practice" }, task, windowsBox,
    h("div", { class: "nv-practice-bar" }, answerBox, check, none, skip, again, showMe, ...submitButton, score), result);
  let firstStep = null;
  answerBox.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); submit(); } });
  // Once, on the pane's tree panel (every view's drawing is shown inside it): while
  // practising a click on a node answers, it does not step.
  pane.tree.addEventListener("click", onNodeClick, true);

  // --- questions as the search goes (window questions while windows are shown) ----------
  const questions = tree ? [] : stepQuestions(p.keys.negamax, p.windows);
  const asking = (q) => !done.has(q.id) && (q.kind !== "window" || state.windows);

  function refresh() {
    const steps = !tree;
    answerBox.hidden = !(steps && open && (open.kind === "next" || open.kind === "window"));
    none.hidden = !(steps && open && (open.kind === "next" || open.kind === "cut"));
    skip.hidden = !(steps && open);
    check.hidden = steps && !open;
    check.textContent = tree ? "check" : "answer";
    again.hidden = !tree || locked || tally.tries === 0;
    showMe.hidden = firstStep === null;
    score.textContent = tally.asked ? "score " + tally.right + " of " + tally.asked + (tree ? " · attempt " + tally.tries : "") : "";
    for (const [name, f] of fields) {
      const on = tree ? locked : open && open.kind === "value" && open.name === name;
      f.value.parentNode.style.display = on ? "" : "none";
    }
    windowsBox.hidden = !(fields.size && tree && locked && p.windows && state.windows);
    for (const e of edges.values()) {
      if (cutting(e)) { e.g.setAttribute("tabindex", "0"); e.g.removeAttribute("aria-hidden"); } else { e.g.removeAttribute("tabindex"); e.g.setAttribute("aria-hidden", "true"); }
    }
  }

  // --- fields and cut toggles on the drawing ---------------------------------------------
  function attach() {
    if (items === pane.items) return;
    items = pane.items;
    fields.clear();
    edges.clear();
    windowsBox.replaceChildren(h("span", { text: "Windows (α, β): " }));
    const inner = new Set([...items.values()].map((it) => it.item.up).filter((t) => t));
    for (const it of items.values()) {
      const name = nameOf(it);
      if (inner.has(it.item.title) && it.box) {
        const [l, t, r, b] = it.box;
        const w = Math.max(r - l - 4, 26);
        const cx = (l + r) / 2;
        const f = { value: input(it.g, cx - w / 2, (t + b) / 2 - 1, w, 15, "value of " + name) };
        if (tree && p.windows && it.item.up) f.window = windowField(name);
        f.value.addEventListener("change", () => log.value(name, f.value.value));
        if (f.window) f.window.addEventListener("change", () => log.window(name, f.window.value));
        fields.set(name, f);
      }
      if ((tree || p.keys.negamax.cut_asks.length) && it.item.up && it.edge && items.get(it.item.up)) {
        const parent = nameOf(items.get(it.item.up));
        const e = { g: it.edge, parent, on: false };
        it.edge.setAttribute("role", "checkbox");
        it.edge.setAttribute("aria-checked", "false");
        it.edge.setAttribute("aria-label", "cut " + parent + " to " + name);
        const path = it.edge.querySelector("path");
        if (path) {
          const hit = path.cloneNode(false);
          hit.setAttribute("class", "nv-hit");
          it.edge.append(hit);
        }
        const toggle = (ev) => { ev.stopPropagation(); ev.preventDefault(); if (cutting(e)) setCut(name, !e.on); };
        it.edge.addEventListener("click", toggle);
        // (panning captures the pointer, and the click would go to the panel, not the edge)
        for (const ev of ["pointerdown", "mousedown"]) it.edge.addEventListener(ev, (e2) => { if (cutting(e)) e2.stopPropagation(); });
        it.edge.addEventListener("keydown", (ev) => { if (ev.key === " " || ev.key === "Enter") toggle(ev); });
        edges.set(name, e);
      }
    }
    refresh();
  }

  // A drawn node's name as the key spells it: the picture shortens long move paths, and
  // a node of a shared subtree, drawn under each parent, is named by its labels from below the root.
  function nameOf(it) {
    const key = p.keys.negamax;
    if (it.item.node >= 0 && key.ids[it.item.node] !== undefined) return key.ids[it.item.node];
    if (!(key.repeated || []).includes(it.item.name)) return it.item.name;
    const path = [];
    for (let at = it; at && at.item.up; at = items.get(at.item.up)) path.unshift(at.item.name);
    return path.join(" ");
  }

  function input(g, x, y, w, hgt, label) {
    // (the namespace is read from the drawing: no URL in this module, which pages carry)
    const fo = document.createElementNS(g.ownerSVGElement.namespaceURI, "foreignObject");
    for (const [k, v] of Object.entries({ x, y, width: w, height: hgt, class: "nv-field" })) fo.setAttribute(k, String(v));
    const box = document.createElement("input"); // an HTML input inside the drawing
    box.setAttribute("type", "text");
    box.setAttribute("aria-label", label);
    box.setAttribute("placeholder", "?");
    box.className = "nv-answer";
    for (const ev of ["click", "mousedown", "pointerdown", "dblclick", "wheel"]) box.addEventListener(ev, (e) => e.stopPropagation());
    box.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); tree ? checkTree() : submit(); } });
    fo.append(box);
    g.append(fo);
    return box;
  }

  // A window, (α, β), is typed in the panel, one field a node named after it: on the
  // drawing a field that wide would cover the node's edges.
  function windowField(name) {
    const box = h("input", { type: "text", class: "nv-answer nv-window-answer", "aria-label": "window of " + name, placeholder: "(α, β)" });
    box.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); checkTree(); } });
    windowsBox.append(h("label", { class: "nv-window-field" }, name + " ", box));
    return box;
  }

  // Whether an edge's cut toggle is live: the whole tree while answering, or one node's
  // moves while "which of its moves are never tried?" is open.
  function cutting(e) {
    return (tree && locked) || (open !== null && open.kind === "cut" && e.parent === open.name);
  }

  function setCut(name, on) {
    const e = edges.get(name);
    e.on = on;
    log.cut(name, on);
    e.g.setAttribute("aria-checked", String(on));
    if (on) e.g.dataset.nvCut = "on"; else delete e.g.dataset.nvCut;
  }

  function onNodeClick(ev) {
    if (tree ? !locked : !open) return;
    const g = ev.target.closest && ev.target.closest("g.node");
    if (!g || !items) return;
    ev.stopPropagation(); // while practising a click answers, it does not step
    const it = [...items.values()].find((x) => x.g === g);
    if (!it) return;
    if (!tree && open.kind === "next") { answerBox.value = nameOf(it); submit(); }
    else if (fields.has(nameOf(it))) fields.get(nameOf(it)).value.focus();
  }

  // --- the whole-tree exercise -------------------------------------------------------------
  function checkTree() {
    if (!locked) return;
    const answers = { values: {}, cut: [] };
    if (p.windows && state.windows) answers.windows = {}; // asked while windows are shown
    for (const [name, f] of fields) {
      if (f.value.value.trim()) answers.values[name] = f.value.value;
      if (answers.windows && f.window && f.window.value.trim()) answers.windows[name] = f.window.value;
    }
    for (const [name, e] of edges) if (e.on) answers.cut.push(name);
    const g = grade(key(), answers);
    shownGrade = g;
    tally.tries += 1;
    [tally.right, tally.asked] = g.score;
    for (const [name, f] of fields) {
      mark(f.value, g.wrong_values.includes(name) ? "wrong" : g.unanswered.includes(name) && key().values[name] ? "missing" : "");
      if (f.window) mark(f.window, g.wrong_windows.includes(name) ? "wrong" : "");
    }
    for (const [name, e] of edges) {
      if (g.missed_cuts.includes(name)) e.g.dataset.nvCut = "missed";
      else if (g.extra_cuts.includes(name)) e.g.dataset.nvCut = "extra";
    }
    say(g); // (it sets firstStep, for "show me")
    locked = false;
    refresh();
  }

  function mark(box, how) {
    if (how) box.dataset.mark = how; else delete box.dataset.mark;
    box.setAttribute("aria-invalid", String(how === "wrong"));
  }

  function tryAgain() {
    locked = true;
    firstStep = null;
    for (const f of fields.values()) { mark(f.value, ""); if (f.window) mark(f.window, ""); }
    for (const [name, e] of edges) setCut(name, e.on);
    result.textContent = "Try again: your answers are kept; the search is hidden until you check.";
    go(0);
    refresh();
  }

  function showStep() {
    if (firstStep === null) return;
    if (open) { done.set(open.id, "skipped"); close(""); }
    go(firstStep);
  }

  // --- questions as the search goes ---------------------------------------------------------
  function ask(question) {
    open = question;
    pause();
    firstStep = null;
    task.textContent = taskText(question, state.perspective);
    const windowAsked = question.kind === "window";
    answerBox.setAttribute("aria-label", windowAsked ? "window of " + question.name + ", (α, β)" : "name of the next node entered");
    answerBox.placeholder = windowAsked ? "(α, β)" : "node";
    refresh();
    if (question.kind === "cut") {
      const mine = [...edges].filter(([, e]) => e.parent === question.name);
      for (const [name, e] of mine) { setCut(name, false); delete e.g.dataset.nvCut; }
      if (mine.length) mine[0][1].g.focus();
      return;
    }
    const f = question.kind === "value" && fields.get(question.name);
    if (f) { f.value.value = ""; mark(f.value, ""); f.value.focus(); } else { answerBox.value = ""; answerBox.focus(); }
  }

  function submit() {
    if (!open) return;
    let g;
    if (open.kind === "value") {
      const f = fields.get(open.name);
      g = grade(key(), { values: { [open.name]: f ? f.value.value : "" } }, { onlyGiven: true });
      if (f) mark(f.value, g.correct ? "" : "wrong");
    } else if (open.kind === "cut") {
      const mine = [...edges].filter(([, e]) => e.parent === open.name);
      g = grade(key(), { cut: mine.filter(([, e]) => e.on).map(([name]) => name), cut_of: open.name }, { onlyGiven: true });
      for (const [name, e] of mine) {
        if (g.missed_cuts.includes(name)) e.g.dataset.nvCut = "missed";
        else if (g.extra_cuts.includes(name)) e.g.dataset.nvCut = "extra";
      }
    } else if (open.kind === "window") {
      g = grade(key(), { windows: { [open.name]: answerBox.value } }, { onlyGiven: true });
    } else g = grade(key(), { next: { [String(open.q)]: answerBox.value } });
    if (g.notes.length && !g.score[1]) { say(g); return; } // not read: answer again
    tally.asked += 1;
    if (g.correct) tally.right += 1;
    done.set(open.id, g.correct ? "right" : "wrong");
    const revealAt = open.kind === "value" ? key().values[open.name].step
      : open.kind === "window" ? key().windows[open.name].step
        : open.kind === "cut" ? cutShown(open.name) : nextEntered(key(), open.q)[0];
    close("");
    say(g, revealAt);
  }

  // The step that shows whether a node's moves are cut: its cutoff, or its return.
  function cutShown(name) {
    const at = Object.values(key().cuts).find((c) => c.parent === name);
    return at ? at.step : key().values[name].step;
  }

  function close(text) {
    open = null;
    task.textContent = "Step on (→): the search pauses at the next question.";
    if (text) result.textContent = text;
    refresh();
  }

  function say(g, reveal = null) {
    result.replaceChildren(h("p", { class: g.correct ? "nv-right" : "nv-wrong", text: g.correct && !tree ? "Yes." : g.sentence }));
    if (!tree && !g.correct) result.firstChild.textContent = g.sentence.replace(/^Not yet: [^.]*\. /, "No. ");
    for (const n of g.notes) result.append(h("p", { class: "nv-note", text: n }));
    if (g.first_wrong !== null && tree) result.append(h("p", { text: "“show me” goes to step " + g.step + ", where the search shows it." }));
    firstStep = tree ? g.step : reveal;
    refresh();
  }

  return {
    el,
    gate(from, to) {
      if (tree && locked) { pause(); result.textContent = "Stepping starts once you check your answers."; return from; }
      if (tree || to <= from) return to;
      if (open) { pause(); return from; }
      const next = questions.find((q) => q.q >= from && q.q < to && asking(q));
      if (!next) return to;
      return next.q; // shown() asks it there

    },
    shown() {
      attach();
      refresh();
      if (!tree && !open) {
        const here = questions.find((q) => q.q === state.step && asking(q));
        if (here) ask(here);
      }
    },
  };
}
