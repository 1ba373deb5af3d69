// The stepper: an anywidget module's render().  It wires the model to the panes (pane.js),
// the controls (controls.js), the keys (keys.js), the parts of big traces (parts.js),
// showing a step (show-step.js), practice (practice-ui.js) and the views laid out ahead
// while the reader reads (warm.js).
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
import { loadViz, renderDrawing } from "./drawing.js";
import { makeControls, makePlayer } from "./controls.js";
import { installKeys, KEYS } from "./keys.js";
import { Pane } from "./pane.js";
import { makeParts } from "./parts.js";
import { makePractice } from "./practice-ui.js";
import { EDITING, copyTreeBar, pickOnClick, renderStatusLine } from "./edit-ui.js";
import { EDIT_KEYS, editByKeyboard } from "./edit-keys.js";
import { resultLine } from "./edit-result.js";
import { SceneData } from "./scene-data.js";
import { showPanes } from "./show-step.js";
import { nullify } from "./values.js";
import { makeVote } from "./vote.js";
import { makeWarmer } from "./warm.js";

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
  // Views laid out here need the bundled Graphviz; a big search's first view comes laid
  // out (viz_later), so its stepper shows at once and Graphviz starts after it.
  let vizLater = null;
  if (scenes.some((d) => d.s.layout === "browser")) {
    const noViz = (e) => h("p", { class: "nv-error", text: "negaviz: the bundled Graphviz could not start here, so the tree cannot be laid out (" + e + ")." });
    if (scenes.every((d) => d.s.viz_later)) {
      vizLater = () => loadViz(model).then((viz) => { for (const d of scenes) d.viz = viz; show(); }, (e) => el.append(noViz(e)));
    } else {
      try {
        const viz = await loadViz(model);
        for (const d of scenes) d.viz = viz;
      } catch (e) {
        el.append(noViz(e));
        return () => {};
      }
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
  const parts = makeParts(model, scenes);

  function clamp(k) {
    k = Number(k);
    if (!Number.isFinite(k)) return 0;
    return Math.min(Math.max(Math.round(k), 0), total);
  }

  // A trait changed here: saved on the model, and shown.
  function save(name, value) {
    state[name] = value;
    model.set(name, value);
    model.save_changes();
    show();
  }

  const controls = makeControls({
    scenes, total, state, ui, go, togglePlay: () => togglePlay(), setPresenter: (on) => setPresenter(on),
    setPerspective: (p) => save("perspective", p), setWindows: (on) => save("windows", on),
  });
  const togglePlay = makePlayer({ state, total, interval: scenes[0].s.interval, button: controls.playButton, go });
  const editing = !compare && !!model.get("editable");
  const keys = h("div", { class: "nv-keys", text: KEYS + (editing ? EDITING + EDIT_KEYS : "") });
  const panesBox = h("div", { class: compare ? "nv-panes nv-compare" : "nv-panes" }, ...panes.map((p) => p.el));
  // Practice (the scene's practice data): the student answers on the picture first.
  const practice = !compare && scenes[0].s.practice
    ? makePractice({ data: scenes[0], pane: panes[0], state, model, go: (k) => go(k, true), pause: () => { if (state.timer) togglePlay(); }, home: root })
    : null;
  // Votes (the scene's vote data): the presenter asks the room, or a follower answers.
  const vote = !compare && scenes[0].s.vote ? makeVote({ data: scenes[0], state, go: (k) => go(k, true) }) : null;
  // (a slider's length and place tell how long the search is: practice has none)
  if (practice) controls.slider.remove();
  // A TreeEditor picks nodes by click; a scene with its tree's text offers to copy it.
  if (editing) pickOnClick(model, panes[0]);
  // ... and makes every node a button for the keyboard; an edited tree's scene says what changed.
  const editKeys = editing ? editByKeyboard(model, panes[0], root) : null;
  const result = !compare && scenes[0].s.result ? resultLine(scenes[0].s.result) : null;
  if (result) panes[0].el.prepend(result.el);
  const treeBar = !compare && scenes[0].s.tree_text ? [copyTreeBar(scenes[0].s.tree_text)] : [];
  root.append(...controls.bars, ...treeBar, ...(practice ? [practice.el] : []), ...(vote ? [vote.el] : []), panesBox, ...(practice ? [practice.controls] : []), keys);
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
    controls.presenter.setAttribute("aria-pressed", String(on));
    model.set("presenter", on);
    model.save_changes();
    narrow();
    for (const pane of panes) pane.resize();
    show();
  }

  installKeys(root, { panes, state, total, ui, go, togglePlay, setPresenter });

  function go(k, force = false) {
    k = clamp(k);
    if (practice && !force) k = practice.gate(state.step, k);
    if (vote) k = vote.gate(k); // (an open vote: the steps after its question would answer it)
    if (k === state.step) { if (practice) show(); return; } // (a slider held back by a question)
    state.step = k;
    model.set("step", k);
    model.save_changes();
    show();
  }

  // --- showing a step ----------------------------------------------------------------------
  function show() {
    const t0 = performance.now();
    // Practice hides what would answer a pending question, and the total number of steps.
    const hide = practice ? practice.hide(state.step) : {};
    controls.show(panes, !!practice, hide);
    // the stepper's data-step names the step every pane has painted
    const waiting = showPanes(panes, state, hide, parts);
    root.classList.toggle("nv-show-windows", state.windows);
    if (!waiting) {
      root.dataset.step = String(state.step);
      root.dataset.view = panes.map((p) => (p.view ? p.view.index : -1)).join(",");
    }
    root.dataset.paintMs = (performance.now() - t0).toFixed(2);
    if (practice) practice.shown();
    if (vote) vote.shown();
    if (editKeys) editKeys.attach();
    if (result) result.show(state.perspective);
    warm();
  }

  // Views laid out ahead, while the reader reads (warm.js).
  const warmer = makeWarmer(root, panes, state, parts.ask, !!model.part); // a page's parts are all here: End and Home too
  const warm = warmer.warm;

  // The model's side: its traits changed by the kernel (or a page), and the parts it sends.
  const listeners = {
    "change:step": () => { const k = clamp(model.get("step")); if (k !== state.step) { state.step = k; show(); } },
    "change:perspective": () => { state.perspective = model.get("perspective"); show(); },
    "change:windows": () => { state.windows = !!model.get("windows"); show(); },
    "change:preview": () => { state.preview = !!model.get("preview"); for (const p of panes) for (const b of p.built.values()) b.painted.clear(); show(); },
    "change:presenter": () => { if (!!model.get("presenter") !== ui.presenter) setPresenter(!!model.get("presenter")); },
    "msg:custom": (msg) => { if (parts.take(msg)) show(); },
  };
  for (const [event, listener] of Object.entries(listeners)) model.on(event, listener);
  show();
  // (after the frame that paints the first picture: starting Graphviz holds the page a moment)
  if (vizLater) requestAnimationFrame(() => setTimeout(vizLater, 0));
  // A page of its own takes the keys at once; in a notebook the stepper takes them once
  // clicked (or on the first key inside it), so running cells is not disturbed.
  if (model.get("autofocus")) root.focus({ preventScroll: true });
  root.dataset.readyMs = performance.now().toFixed(1); // since the page began loading
  return () => {
    warmer.close();
    if (vote) vote.close();
    if (state.timer) clearInterval(state.timer);
    if (resizing) resizing.disconnect();
    for (const [event, listener] of Object.entries(listeners)) model.off(event, listener);
  };
}
