// The stepper's keys and clicks: arrows, Home/End, space and letter keys step and zoom;
// clicking a node goes to where it is entered (shift-click: where it returns).

// What the page says of them (under the stepper).
export const KEYS = "Keys (click the stepper first): ← → one step · Home / End the start / the end · space play / pause · "
  + "P presenter size · F fit the tree · + − zoom. Click a node the search has entered: go to where it is entered (shift-click: where it returns). "
  + "Drag pans; Ctrl+wheel zooms.";

// Listen on the stepper's `root` element.  `state` is the stepper's (step, preview, ...);
// go, togglePlay and setPresenter are its actions.
export function installKeys(root, { panes, state, total, ui, go, togglePlay, setPresenter }) {
  // Letter keys (the list the page shows is KEYS, above).
  const KEY_ACTIONS = {
    p: () => setPresenter(!ui.presenter),
    f: () => panes.forEach((p) => p.fit()),
    "+": () => panes.forEach((p) => p.zoom(1 / 1.25)),
    "=": () => panes.forEach((p) => p.zoom(1 / 1.25)),
    "-": () => panes.forEach((p) => p.zoom(1.25)),
  };
  root.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "SELECT" || (e.target.tagName === "INPUT" && e.target.type !== "range" && e.target.type !== "checkbox"))) return;
    let k = null;
    if (e.key === "ArrowRight") k = state.step + 1;
    else if (e.key === "ArrowLeft") k = state.step - 1;
    else if (e.key === "Home") k = 0;
    else if (e.key === "End") k = total;
    else if (e.key === " " && e.target === root) { e.preventDefault(); e.stopPropagation(); togglePlay(); return; }
    else if (!e.ctrlKey && !e.metaKey && !e.altKey && KEY_ACTIONS[e.key.toLowerCase()]) {
      e.preventDefault();
      e.stopPropagation();
      KEY_ACTIONS[e.key.toLowerCase()]();
      return;
    }
    if (k === null) return;
    e.preventDefault();
    e.stopPropagation(); // JupyterLab would move between cells
    go(k);
  });
  // Take the focus on a click, and again just after if it has left the stepper: notebook
  // front-ends (Notebook 7) move the focus to the cell once the click has bubbled up to
  // them.  Focus already inside (a practice field the reader went on to) stays there.
  const grabFocus = () => {
    if (document.activeElement !== root && root.contains(document.activeElement)) return; // a control of ours has it
    root.focus({ preventScroll: true });
    setTimeout(() => { if (!root.contains(document.activeElement)) root.focus({ preventScroll: true }); }, 0);
  };
  root.addEventListener("click", (e) => {
    const g = e.target.closest && e.target.closest("g.node");
    const typing = e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT");
    const pane = g && panes.find((p) => p.el.contains(g));
    const it = pane && pane.items.get(g.dataset.nv);
    if (!it || it.item.kind !== "n") { if (!typing) grabFocus(); return; }
    const life = pane.d.lives.get(it.item.node);
    if (!life) return;
    grabFocus();
    // A node not entered yet goes nowhere, as a move never tried: a jump would tell
    // whether (and when) the search gets there.  Preview shows the future anyway.
    if (life.enter >= Math.min(state.step, pane.d.n) && !state.preview) return;
    go(e.shiftKey ? (life.exit >= 0 ? life.exit + 1 : pane.d.n) : life.enter + 1);
  });
}
