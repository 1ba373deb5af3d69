// Editing on the picture from the keyboard (a TreeEditor's stepper: the model's "editable").
//
// Every node of the tree drawn is a button in the tab order, named for what it is ("node D,
// leaf 7", "node B, inner node"), with a focus ring (stepper.css), as practice-ui.js makes
// the edges cut toggles (a role, tabindex, Space and Enter on the focused element):
//   Enter, Space   pick it for the kernel's editor, as a click does; on a leaf, also open a
//                  value field on it: type the new value and press Enter (Escape closes it)
//   A              add a leaf child        Delete, Backspace   remove it and its subtree
//   [  ]           move it left / right: the search tries it earlier / later
//   Escape         leave the tree: the focus goes back to the stepper (the arrows step)
// An edit goes to the kernel as the model's "edit" ({kind, node, value, n}); the kernel
// searches the edited tree and sends a new view whose "focus" names the node to carry on
// from (the one edited, an added child, a removed node's parent).  A refused edit leaves
// the view, and what was typed stays in its field; the status line says why.

import { num } from "./values.js";

/** What the keys line adds while the tree is edited. */
export const EDIT_KEYS = " From the keyboard: Tab to a node of the tree; Enter or Space picks it (on a leaf, type its new value, then Enter);"
  + " A adds a child, Delete removes it, [ and ] move it left and right; Escape leaves the tree.";

/** A key's edit on a focused node: "pick", "leave", an edit kind, or null (not ours). */
const KEY_EDITS = { Enter: "pick", " ": "pick", Escape: "leave", a: "add", A: "add", Delete: "remove", Backspace: "remove", "[": "left", "]": "right" };

/**
 * What `key` (a KeyboardEvent's key) does on a focused node, or null.
 * @param {string} key
 * @returns {"pick"|"leave"|"add"|"remove"|"left"|"right"|null}
 */
export function keyAction(key) {
  return Object.prototype.hasOwnProperty.call(KEY_EDITS, key) ? KEY_EDITS[key] : null;
}

/**
 * A leaf's value as the tree's text writes it (for the first player, as in "D:7"), or
 * null for an inner node.  The scene's given value is for the side to move at the leaf.
 * @param {import("./scene-data.js").SceneData} d
 * @param {import("./scene-data.js").Item} item
 * @param {boolean} inner  the item has children drawn
 * @returns {string|null}
 */
export function leafText(d, item, inner) {
  if (inner || item.given === null || item.given === undefined) return null;
  return String(d.signAt(item.player, "minimax") * num(item.given));
}

/**
 * What a screen reader calls an editable node: "node D, leaf 7", "node B, inner node".
 * @param {string} name
 * @param {string|null} leaf  its value (leafText), or null for an inner node
 * @returns {string}
 */
export function nodeLabel(name, leaf) {
  return "node " + name + (leaf === null ? ", inner node" : ", leaf " + leaf);
}

/**
 * Make the nodes of `pane`'s drawing reachable and editable from the keyboard; call
 * attach() after every show (a new drawing's nodes are made so once).
 * @param {{get: Function, set: Function, save_changes: Function}} model
 * @param {{items: Map<string, any>, d: any}} pane
 * @param {HTMLElement} root  the stepper (Escape gives it the focus)
 * @returns {{attach: () => void}}
 */
export function editByKeyboard(model, pane, root) {
  let items = null;
  let asked = 0;
  let focusWanted = model.get("focus") || "";
  const send = (kind, node, value = null) => {
    model.set("edit", { kind, node, value, n: ++asked });
    model.save_changes();
  };

  function attach() {
    if (items !== pane.items) {
      items = pane.items;
      const inner = new Set([...items.values()].map((it) => it.item.up).filter((t) => t));
      for (const it of items.values()) {
        const item = it.item;
        if (!item || !item.name || (item.kind !== "n" && item.kind !== "p")) continue;
        const leaf = leafText(pane.d, item, inner.has(item.title));
        it.g.setAttribute("tabindex", "0");
        it.g.setAttribute("role", "button");
        it.g.setAttribute("aria-label", nodeLabel(item.name, leaf));
        it.g.dataset.nvName = item.name;
        it.g.addEventListener("keydown", (e) => onKey(e, it, leaf));
      }
    }
    if (focusWanted && items.size) { // the node the last edit leaves the lecturer on
      const it = [...items.values()].find((x) => x.g.dataset.nvName === focusWanted);
      focusWanted = "";
      if (it) focusSoon(it.g, 20);
    }
  }

  // A new view may be shown before its element is in the page (a notebook puts it there
  // after render): try again over the next frames, while nothing else has taken the focus.
  function focusSoon(g, tries) {
    const free = () => !document.activeElement || document.activeElement === document.body || root.contains(document.activeElement);
    if (free()) g.focus();
    if (document.activeElement !== g && free() && tries > 0) setTimeout(() => focusSoon(g, tries - 1), 50);
  }

  function onKey(e, it, leaf) {
    const act = e.target === it.g && !e.ctrlKey && !e.metaKey && !e.altKey ? keyAction(e.key) : null;
    if (act === null) return; // the stepper's own keys (arrows step) go on to it
    e.preventDefault();
    e.stopPropagation(); // nor JupyterLab's command mode (Escape) nor the stepper's keys
    const name = it.item.name;
    if (act === "leave") root.focus({ preventScroll: true });
    else if (act === "pick") {
      model.set("picked", name);
      model.save_changes();
      if (leaf !== null) valueField(it, leaf);
    } else send(act, name);
  }

  // A field on the leaf, over its value (tall enough to hide it): Enter sends the value typed, Escape closes it.
  function valueField(it, leaf) {
    const svg = it.g.ownerSVGElement;
    let fo = svg.querySelector("foreignObject.nv-edit-field");
    if (fo) fo.remove();
    const [l, t, r, b] = it.box || [0, 0, 40, 20];
    const w = Math.max(r - l, 34);
    fo = document.createElementNS(svg.namespaceURI, "foreignObject"); // (no URL in this module)
    for (const [k, v] of Object.entries({ x: (l + r) / 2 - w / 2, y: (t + b) / 2 - 12, width: w, height: 24, class: "nv-field nv-edit-field" })) fo.setAttribute(k, String(v));
    const box = document.createElement("input");
    box.type = "text";
    box.className = "nv-answer";
    box.value = leaf;
    box.setAttribute("aria-label", "new value of " + it.item.name + ", then Enter (Escape: keep " + leaf + ")");
    for (const ev of ["click", "mousedown", "pointerdown", "dblclick", "wheel"]) box.addEventListener(ev, (e) => e.stopPropagation());
    box.addEventListener("keydown", (e) => {
      e.stopPropagation(); // typed keys are the field's, never the stepper's
      if (e.key === "Enter") { e.preventDefault(); send("value", it.item.name, box.value); }
      else if (e.key === "Escape") { e.preventDefault(); fo.remove(); it.g.focus(); }
    });
    fo.append(box);
    it.g.parentNode.append(fo); // beside the node's group, not inside the button
    box.focus();
    box.select();
  }

  return { attach };
}
