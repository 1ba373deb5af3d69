// The stepper: an anywidget module's render().  Its controls, keys and messages, showing a
// step on every pane, and the views laid out ahead while the reader reads.
//
// Python lays each drawing out once with graphviz and sends a "scene": the SVG (one per
// view, with and without windows), the drawn items, each drawn node's life
// (negaviz/trace/timeline.py: when it is entered and returns, and the steps that change
// what it shows) and per-step panels (sentences, pseudocode lines, the node the search is
// at).  Stepping only repaints: classes on the SVG groups and the value texts.  Nothing
// is searched or laid out here, and nothing is fetched.
//
// The model: get/set/save_changes/on/off (anywidget's), traits `step`, `perspective`,
// `windows`, `preview`, `presenter`, `autofocus`, `scenes` (a list: one scene, or two for
// a comparison), or `drawing` (a still drawing's DOT source).  Big traces arrive in parts:
// a missing chunk of steps or view is asked for with model.send({type: "need", ...}) and
// arrives as a custom message.  The exported page gives a model with everything in it.

import { h, injectStyle } from "./dom.js";
import { hasDrawing, loadViz, renderDrawing } from "./drawing.js";
import { installKeys, KEYS } from "./keys.js";
import { Pane } from "./pane.js";
import { makePractice } from "./practice-ui.js";
import { EDITING, copyTreeBar, pickOnClick, renderStatusLine } from "./edit-ui.js";
import { EDIT_KEYS, editByKeyboard } from "./edit-keys.js";
import { resultLine } from "./edit-result.js";
import { SceneData } from "./scene-data.js";
import { nullify } from "./values.js";
import { makeWarmer } from "./warm.js";
import { showTextTree } from "./text-tree.js";

// The jump buttons: each looks for the event codes the scene names (scene.codes.jumps,
// from negaviz.analysis.steps.JUMP_CODES).
const JUMPS = [
  ["cutoff", "next cutoff"],
  ["return", "next return"],
  ["tt", "next TT hit"],
];
const PREVIEW_NOTE = "<div class=\"nv-preview-note\"><b>Preview is on:</b> the rest of the search is shown faintly, before the search gets there.</div>";

/**
 * anywidget's model, as the widgets, the exported page (page.py's negavizModel) and a
 * static notebook page give it (anywidget's packages/types/index.ts).
 * @typedef {object} Model
 * @property {(name: string) => any} get  a trait: step, perspective, windows, preview,
 *   presenter, autofocus, scenes (Scene.data() each), or drawing (DOT source)
 * @property {(name: string, value: any) => void} set
 * @property {() => void} save_changes
 * @property {(event: string, callback: Function) => void} on  "change:<trait>", "msg:custom"
 * @property {(event: string, callback: Function) => void} off
 * @property {(message: object) => void} send  {type: "need", scene, chunk | view_for | drawing | viz}
 */

/**
 * Show the model's stepper (or still drawing) in `el`.
 * @param {{model: Model, el: HTMLElement}} args
 * @returns {Promise<() => void>} the cleanup: stops playing and listening
 */
export async function render({ model, el }) {
  if (model.get("drawing")) return renderDrawing({ model, el });
  if (typeof model.get("status_line") === "string") return renderStatusLine({ model, el });
  const scenes = model.get("scenes").map((s) => new SceneData(nullify(s)));
  if (scenes.some((d) => d.s.layout === "browser")) {
    try {
      const viz = await loadViz(model);
      for (const d of scenes) d.viz = viz;
    } catch (e) {
      el.append(h("p", { class: "nv-error", text: "negaviz: the bundled Graphviz could not start here, so the tree cannot be laid out (" + e + ")." }));
      return () => {};
    }
  }
  const compare = scenes.length > 1;
  const total = Math.max(...scenes.map((d) => d.n));
  const root = h("div", { class: "negaviz-stepper", "data-negaviz-stepper": "", "data-lm-suppress-shortcuts": "true", tabindex: "0", role: "group", "aria-label": "search stepper" });
  injectStyle(root, scenes[0].s.css);
  const ui = { presenter: !!model.get("presenter") };
  const panes = scenes.map((d, i) => new Pane(d, i, compare, ui));
  const state = {
    step: clamp(model.get("step")), perspective: model.get("perspective"), windows: !!model.get("windows"),
    preview: !!model.get("preview"), timer: null,
  };
  const asked = new Set();

  function clamp(k) {
    k = Number(k);
    if (!Number.isFinite(k)) return 0;
    return Math.min(Math.max(Math.round(k), 0), total);
  }

  // --- controls -------------------------------------------------------------------------
  const playButton = h("button", { type: "button", class: "nv-play", title: "play / pause (space)", "aria-label": "play", text: "▶ play" });
  const slider = h("input", { type: "range", min: "0", max: String(total), step: "1", value: String(state.step), class: "nv-slider", "aria-label": "step" });
  const stepLabel = h("span", { class: "nv-steplabel" });
  const prev = h("button", { type: "button", title: "back one event (←)", "aria-label": "back one step", text: "◀" });
  const next = h("button", { type: "button", title: "forward one event (→)", "aria-label": "forward one step", text: "▶" });
  const jumpButtons = JUMPS.map(([kind, text]) => h("button", { type: "button", "data-jump": kind, title: "jump to just after the " + text, "aria-label": "jump to just after the " + text, text, onclick: () => { const k = jumpTarget(kind); go(k < 0 ? total : k); } }));
  const home = h("button", { type: "button", title: "the start (Home)", "aria-label": "go to the start", text: "start", onclick: () => go(0) });
  const end = h("button", { type: "button", "data-jump": "end", title: "the end (End)", "aria-label": "go to the end", text: "end", onclick: () => go(total) });
  const presenter = h("button", { type: "button", class: "nv-presenter-button", title: "presenter size: bigger text and tree, for a projector (P)", "aria-label": "presenter size", "aria-pressed": String(ui.presenter), text: "presenter", onclick: () => setPresenter(!ui.presenter) });
  const persp = h("select", { class: "nv-perspective", title: "negamax: values for the side to move; minimax: for the first player" },
    ...scenes[0].s.perspectives.map((p) => h("option", { value: p, text: p })));
  const windows = h("input", { type: "checkbox", class: "nv-windows" });
  const windowsLabel = h("label", {}, windows, " windows"); // hidden for plain negamax, which has none
  prev.addEventListener("click", () => go(state.step - 1));
  next.addEventListener("click", () => go(state.step + 1));
  playButton.addEventListener("click", () => togglePlay());
  slider.addEventListener("input", () => go(Number(slider.value)));
  persp.addEventListener("change", () => { state.perspective = persp.value; model.set("perspective", persp.value); model.save_changes(); show(); });
  windows.addEventListener("change", () => { state.windows = windows.checked; model.set("windows", windows.checked); model.save_changes(); show(); });
  const bar = h("div", { class: "nv-bar" }, playButton, slider, stepLabel, prev, next);
  const bar2 = h("div", { class: "nv-bar" }, home, ...jumpButtons, end, h("label", {}, "view ", persp), windowsLabel, presenter);
  const editing = !compare && !!model.get("editable");
  const keys = h("div", { class: "nv-keys", text: KEYS + (editing ? EDITING + EDIT_KEYS : "") });
  const panesBox = h("div", { class: compare ? "nv-panes nv-compare" : "nv-panes" }, ...panes.map((p) => p.el));
  // Practice (the scene's practice data): the student answers on the picture first.
  const practice = !compare && scenes[0].s.practice
    ? makePractice({ data: scenes[0], pane: panes[0], state, model, go: (k) => go(k, true), pause: () => { if (state.timer) togglePlay(); }, home: root })
    : null;
  // (a slider's length and place tell how long the search is: practice has none)
  if (practice) slider.remove();
  // A TreeEditor picks nodes by click; a scene with its tree's text offers to copy it.
  if (editing) pickOnClick(model, panes[0]);
  // ... and makes every node a button for the keyboard; an edited tree's scene says what changed.
  const editKeys = editing ? editByKeyboard(model, panes[0], root) : null;
  const result = !compare && scenes[0].s.result ? resultLine(scenes[0].s.result) : null;
  if (result) panes[0].el.prepend(result.el);
  const treeBar = !compare && scenes[0].s.tree_text ? [copyTreeBar(scenes[0].s.tree_text)] : [];
  root.append(bar, bar2, ...treeBar, ...(practice ? [practice.el] : []), panesBox, ...(practice ? [practice.controls] : []), keys);
  el.append(root);
  root.classList.toggle("nv-presenter", ui.presenter);
  // Side panels go under the tree when the stepper is narrow (a phone, a split screen,
  // a notebook beside its table of contents).
  const narrow = () => {
    const w = root.getBoundingClientRect().width;
    if (w > 0) root.classList.toggle("nv-narrow", w < (compare ? 1300 : 900));
  };
  const resizing = typeof ResizeObserver === "function" ? new ResizeObserver(narrow) : null;
  if (resizing) resizing.observe(root);
  narrow();

  function setPresenter(on) {
    ui.presenter = on;
    root.classList.toggle("nv-presenter", on);
    presenter.setAttribute("aria-pressed", String(on));
    model.set("presenter", on);
    model.save_changes();
    narrow();
    for (const pane of panes) pane.resize();
    show();
  }

  installKeys(root, { panes, state, total, ui, go, togglePlay, setPresenter });

  function jumpTarget(kind) {
    // the nearest such event ahead on any pane; -1 if there is none
    const found = scenes.map((d) => (state.step < d.n ? d.nextStep(state.step, d.s.codes.jumps[kind]) : -1)).filter((k) => k >= 0);
    return found.length ? Math.min(...found) : -1;
  }

  function togglePlay() {
    if (state.timer) { clearInterval(state.timer); state.timer = null; playButton.textContent = "▶ play"; playButton.setAttribute("aria-label", "play"); return; }
    if (state.step >= total) go(0);
    playButton.textContent = "❚❚ pause";
    playButton.setAttribute("aria-label", "pause");
    state.timer = setInterval(() => {
      if (state.step >= total) { togglePlay(); return; }
      go(state.step + 1);
    }, scenes[0].s.interval || 600);
  }

  function go(k, force = false) {
    k = clamp(k);
    if (practice && !force) k = practice.gate(state.step, k);
    if (k === state.step) { if (practice) show(); return; } // (a slider held back by a question)
    state.step = k;
    model.set("step", k);
    model.save_changes();
    show();
  }

  // --- missing parts of big traces -------------------------------------------------------
  function need(i, what) {
    const key = i + ":" + JSON.stringify(what);
    if (asked.has(key)) return;
    asked.add(key);
    model.send({ type: "need", scene: i, ...what });
  }

  // A part asked for: a page's model unpacks it at once (model.part), a kernel sends it.
  // True if it is here now.
  function ask(i, what) {
    const got = model.part ? model.part({ type: "need", scene: i, ...what }) : null;
    if (got) { take(got); return true; }
    need(i, what);
    return false;
  }

  const onMessage = (msg) => { if (take(msg)) show(); };
  // A part of a scene (a chunk of steps, a view, a view's drawing) from a message or a
  // page's model: kept; true if it is ours (the Graphviz's message is loadViz's).
  function take(msg) {
    nullify(msg);
    const d = msg && scenes[msg.scene];
    if (!d) return false; // not ours, or a scene this stepper does not have
    if (msg.type === "chunk") d.chunks.set(msg.index, msg.data);
    else if (msg.type === "drawing") { // a view's drawing, kept apart until a step needed it
      const v = d.views[msg.view];
      if (v && !hasDrawing(v)) { if (msg.svg != null) v.svg = msg.svg; else v.dot = msg.dot; d.drawings = (d.drawings || 0) + 1; }
    } else if (msg.type === "view") {
      msg.view.sayOnce = msg.view.note_new || ""; // laid out on request: said when first shown
      d.addView(msg.view);
    }
    return true;
  }
  model.on("msg:custom", onMessage);

  // --- showing a step ----------------------------------------------------------------------
  function show() {
    const t0 = performance.now();
    slider.value = String(state.step);
    // Practice hides what would answer a pending question, and the total number of steps.
    const hide = practice ? practice.hide(state.step) : {};
    stepLabel.textContent = "step " + state.step.toLocaleString("en-US") + (hide.total ? "" : " of " + total.toLocaleString("en-US"));
    slider.setAttribute("aria-valuetext", stepLabel.textContent);
    persp.value = state.perspective;
    windows.checked = state.windows;
    windowsLabel.hidden = !panes.some((p) => p.d.s.windowed !== false);
    prev.disabled = state.step <= 0;
    next.disabled = state.step >= total;
    end.disabled = state.step >= total;
    home.disabled = state.step <= 0;
    // (in practice a jump's state never tells what lies ahead: live until the end)
    JUMPS.forEach(([kind], i) => { jumpButtons[i].disabled = practice ? state.step >= total : jumpTarget(kind) < 0; });
    // A pane whose step needs a part not here yet asks for it and waits (its answer shows
    // the step again); the stepper's data-step names the step every pane has painted.
    let waiting = false;
    panes.forEach((pane, i) => {
      const d = pane.d;
      const k = Math.min(state.step, d.n);
      if (!d.chunk(k) && !ask(i, { chunk: d.chunkOf(k) })) { pane.sentence.textContent = "…"; waiting = true; return; }
      const view = d.viewFor(k);
      if (!view) {
        need(i, { view_for: k });
        pane.note.textContent = "Laying out a new view of the tree around step " + k.toLocaleString("en-US") + "…";
        waiting = true;
        return;
      }
      if (!pane.built.has(view.index) && !hasDrawing(view) && !ask(i, { drawing: view.index })) { waiting = true; return; }
      const changed = pane.view !== view;
      pane.shownStep = k; // (a view opens on what this step shows)
      pane.setView(view, state.windows);
      if (changed) { pane.note.textContent = view.sayOnce || view.note || ""; view.sayOnce = ""; }
      pane.paint(k, state.perspective, state.preview, hide.veil || null);
      showTextTree(pane, k, state.perspective, state.preview, hide.veil || null); // the same step in words, for screen readers
      pane.panels(k, state.perspective, hide);
      const legendKey = state.perspective + "/" + state.preview;
      if (pane.legendFor !== legendKey) {
        pane.legend.innerHTML = d.s.legend[state.perspective] + (state.preview ? PREVIEW_NOTE : "");
        pane.legendFor = legendKey;
      }
    });
    // Last, after every write: following the current node reads the layout once.
    for (const pane of panes) if (pane.followNode !== null && pane.followNode !== undefined) pane.follow(pane.followNode);
    root.classList.toggle("nv-show-windows", state.windows);
    if (!waiting) {
      root.dataset.step = String(state.step);
      root.dataset.view = panes.map((p) => (p.view ? p.view.index : -1)).join(",");
    }
    root.dataset.paintMs = (performance.now() - t0).toFixed(2);
    if (practice) practice.shown();
    if (editKeys) editKeys.attach();
    if (result) result.show(state.perspective);
    warm();
  }

  // Views laid out ahead, while the reader reads (warm.js).
  const warmer = makeWarmer(root, panes, state, ask, !!model.part); // a page's parts are all here: End and Home too
  const warm = warmer.warm;

  const onStep = () => { const k = clamp(model.get("step")); if (k !== state.step) { state.step = k; show(); } };
  const onPersp = () => { state.perspective = model.get("perspective"); show(); };
  const onWindows = () => { state.windows = !!model.get("windows"); show(); };
  const onPreview = () => { state.preview = !!model.get("preview"); for (const p of panes) for (const b of p.built.values()) b.painted.clear(); show(); };
  const onPresenter = () => { if (!!model.get("presenter") !== ui.presenter) setPresenter(!!model.get("presenter")); };
  model.on("change:step", onStep);
  model.on("change:perspective", onPersp);
  model.on("change:windows", onWindows);
  model.on("change:preview", onPreview);
  model.on("change:presenter", onPresenter);
  show();
  // A page of its own takes the keys at once; in a notebook the stepper takes them once
  // clicked (or on the first key inside it), so running cells is not disturbed.
  if (model.get("autofocus")) root.focus({ preventScroll: true });
  root.dataset.readyMs = performance.now().toFixed(1); // since the page began loading
  return () => {
    warmer.close();
    if (state.timer) clearInterval(state.timer);
    if (resizing) resizing.disconnect();
    model.off("change:step", onStep);
    model.off("change:perspective", onPersp);
    model.off("change:windows", onWindows);
    model.off("change:preview", onPreview);
    model.off("change:presenter", onPresenter);
    model.off("msg:custom", onMessage);
  };
}
