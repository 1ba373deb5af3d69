// Editing on the picture, and the tree's text one click away.
//
// - A TreeEditor's stepper (the model's "editable"): clicking a node picks it for the
//   kernel's editor (the model's "picked": its name) instead of stepping; the kernel then
//   searches each edit again and sends a new scene.  (From the keyboard: edit-keys.js, or
//   the editor's own "node" list.)
// - A scene that carries its textbook tree's text (scene.tree_text: a TreeEditor, an
//   exported page) shows it, read-only, with a "copy tree" button, to paste into a lecture
//   notebook.
// - The editor's status line (a model with "status_line"): one live region that stays in
//   the page while its text changes, so screen readers read each new line out (a region
//   drawn anew with its text is often not read).

import { h } from "./dom.js";

/** What the keys line adds while the tree is being edited. */
export const EDITING = " While the tree is edited, a click on a node picks it to edit instead (from the keyboard: Tab to it and press Enter, or the node list).";

/**
 * The name of the drawn node `g` is the group of, or null.
 * @param {Map<string, {g: any, item: {name: string, kind?: string}}>} items  a pane's items
 * @param {any} g  an SVG group (g.node)
 * @returns {string|null}
 */
export function nameOf(items, g) {
  for (const it of items.values()) if (it.g === g && it.item && it.item.name) return it.item.name;
  return null;
}

/**
 * Copy `text` with the clipboard given (navigator.clipboard); say what happened.
 * @param {string} text
 * @param {{writeText: (t: string) => Promise<void>}|undefined} clipboard
 * @returns {Promise<string>} the sentence to announce
 */
export async function copyText(text, clipboard) {
  if (clipboard && typeof clipboard.writeText === "function") {
    try {
      await clipboard.writeText(text);
      return "Copied the tree: " + text;
    } catch (e) { /* a sandboxed frame or a page without the permission: say how instead */ }
  }
  return "This page may not use the clipboard: the text is selected, press Ctrl+C (⌘C) to copy it.";
}

/**
 * Clicking a node of `pane` sets the model's "picked" to its name.
 * @param {{get: Function, set: Function, save_changes: Function}} model
 * @param {{tree: HTMLElement, items: Map<string, any>}} pane
 */
export function pickOnClick(model, pane) {
  const pick = (ev) => {
    const g = ev.target && ev.target.closest ? ev.target.closest("g.node") : null;
    const name = g ? nameOf(pane.items, g) : null;
    if (name === null) return;
    ev.stopPropagation(); // while editing a click picks; it does not step
    model.set("picked", name);
    model.save_changes();
  };
  pane.tree.addEventListener("click", pick, true);
}

/**
 * The tree's text, read-only, and the "copy tree" button with a line that says it copied.
 * @param {string} text
 * @returns {HTMLElement}
 */
export function copyTreeBar(text) {
  const field = h("input", { type: "text", class: "nv-tree-text", readonly: "", value: text, "aria-label": "the tree's text", size: String(Math.min(Math.max(text.length, 20), 80)) });
  const said = h("span", { class: "nv-copied", role: "status", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "nv-copy-tree", title: "copy the tree's text, to paste into a notebook", "aria-label": "copy tree", text: "copy tree" });
  button.addEventListener("click", async () => {
    field.select();
    const clip = typeof navigator !== "undefined" ? navigator.clipboard : undefined;
    const sentence = await copyText(text, clip);
    if (!sentence.startsWith("Copied") && typeof document.execCommand === "function") {
      try { if (document.execCommand("copy")) { said.textContent = "Copied the tree: " + text; return; } } catch (e) { /* as said */ }
    }
    said.textContent = sentence;
  });
  return h("div", { class: "nv-bar nv-tree-bar" }, h("label", {}, "tree ", field), button, said);
}

/**
 * The editor's status line: a live region kept in the page; its text is the model's
 * "status_line", read out politely, or at once when "refused" (an edit refused).
 * @param {{model: {get: Function, on: Function, off: Function}, el: HTMLElement}} args
 * @returns {() => void} the cleanup
 */
export function renderStatusLine({ model, el }) {
  const line = h("div", { class: "nv-edit-status", role: "status", "aria-live": "polite" });
  const show = () => {
    const refused = !!model.get("refused");
    line.textContent = model.get("status_line");
    line.dataset.refused = String(refused);
    line.setAttribute("aria-live", refused ? "assertive" : "polite");
    line.style.color = refused ? "#A33C00" : "";
  };
  show();
  model.on("change:status_line", show);
  model.on("change:refused", show);
  el.append(line);
  return () => { model.off("change:status_line", show); model.off("change:refused", show); };
}
