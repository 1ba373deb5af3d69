// The stepper's controls: the bars of buttons (play, one step, jumps, start and end,
// perspective, windows, presenter), the slider and the step label, what each does, and
// how they show a step.

import { h } from "./dom.js";

// The jump buttons: each looks for the event codes the scene names (scene.codes.jumps,
// from negaviz.analysis.steps.JUMP_CODES).
const JUMPS = [
  ["cutoff", "next cutoff"],
  ["return", "next return"],
  ["tt", "next TT hit"],
];

/**
 * The controls of a stepper showing `scenes`, `total` steps long.
 * @param {{scenes: object[], total: number, state: object, ui: {presenter: boolean},
 *   go: (k: number) => void, togglePlay: () => void, setPresenter: (on: boolean) => void,
 *   setPerspective: (p: string) => void, setWindows: (on: boolean) => void}} args
 *   state: the stepper's (step, perspective, windows, ...); the functions are its actions
 * @returns {{bars: HTMLElement[], slider: HTMLElement, playButton: HTMLElement, presenter: HTMLElement,
 *   jumpTarget: (kind: string) => number, show: (panes: object[], practising: boolean, hide: object) => void}}
 */
export function makeControls({ scenes, total, state, ui, go, togglePlay, setPresenter, setPerspective, setWindows }) {
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
  persp.addEventListener("change", () => setPerspective(persp.value));
  windows.addEventListener("change", () => setWindows(windows.checked));
  const bar = h("div", { class: "nv-bar" }, playButton, slider, stepLabel, prev, next);
  const bar2 = h("div", { class: "nv-bar" }, home, ...jumpButtons, end, h("label", {}, "view ", persp), windowsLabel, presenter);

  function jumpTarget(kind) {
    // the nearest such event ahead on any pane; -1 if there is none
    const found = scenes.map((d) => (state.step < d.n ? d.nextStep(state.step, d.s.codes.jumps[kind]) : -1)).filter((k) => k >= 0);
    return found.length ? Math.min(...found) : -1;
  }

  // The controls at the stepper's step; `hide` is what practice hides there (the total).
  function show(panes, practising, hide) {
    slider.value = String(state.step);
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
    JUMPS.forEach(([kind], i) => { jumpButtons[i].disabled = practising ? state.step >= total : jumpTarget(kind) < 0; });
  }

  return { bars: [bar, bar2], slider, playButton, presenter, jumpTarget, show };
}

/**
 * Play and pause: a step every scene's interval (600 ms unless it says), until the end.
 * @param {{state: object, total: number, interval: number, button: HTMLElement, go: (k: number) => void}} args
 * @returns {() => void} the toggle
 */
export function makePlayer({ state, total, interval, button, go }) {
  function togglePlay() {
    if (state.timer) { clearInterval(state.timer); state.timer = null; button.textContent = "▶ play"; button.setAttribute("aria-label", "play"); return; }
    if (state.step >= total) go(0);
    button.textContent = "❚❚ pause";
    button.setAttribute("aria-label", "pause");
    state.timer = setInterval(() => {
      if (state.step >= total) { togglePlay(); return; }
      go(state.step + 1);
    }, interval || 600);
  }
  return togglePlay;
}
