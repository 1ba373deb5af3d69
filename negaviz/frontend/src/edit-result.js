// The new result after an edit, on the picture (a TreeEditor's scene carries "result":
// negaviz.frontend.edit_result, read from the edit's diff and the new trace).
//
// The stepper keeps its step after an edit, so the picture often shows the new search
// half done.  The result is marked from the first step, as the result of the edit the
// lecturer asked for: the new best line as the thick blue line the final step shows,
// dashed until the search has drawn it (a second cue beside the colour: solid is the best
// line so far), and "result v" on the root until the root returns its value.  One line
// above the picture says what changed ("A's value 5 → 3; best line now A C F").

import { h } from "./dom.js";

/** The legend's note while a result is marked. */
export const RESULT_NOTE = "<div class=\"nv-result-note\">After the edit: the dashed thick blue line is the search's new best line, "
  + "and “result” on the root its new value, until the search gets there.</div>";

/**
 * `o` (look()'s answer for `item` at `step`) with the edit's result marked: an item on
 * the new best line not yet on the best line so far gets the dashed thick blue edge
 * ("nv-pv nv-result"), and the root, until it returns, the mark "result v".
 * @param {import("./scene-data.js").SceneData} d
 * @param {import("./scene-data.js").Item} item
 * @param {number} step
 * @param {{perspective: string, line: Set<number>}} settings
 * @param {import("./look.js").Look} o
 * @returns {import("./look.js").Look}
 */
export function markResult(d, item, step, { perspective, line }, o) {
  const r = d.s.result;
  if (!r || item.kind !== "n" || o.cls === "nv-hidden") return o;
  const final = d.entryAt(item, d.n);
  if (!d.finalLine().has(final)) return o;
  const out = { ...o };
  if (!line.has(d.entryAt(item, step))) {
    out.cls += " nv-result";
    if (item.up) out.edge = "nv-pv nv-result";
  }
  const life = d.lives.get(final);
  if (!item.up && life && (life.exit < 0 || step <= life.exit)) out.m = (out.m ? out.m + " " : "") + "result " + r[perspective].value;
  return out;
}

/**
 * The line above the picture that says what the edit changed, kept to the perspective.
 * @param {any} result  the scene's "result"
 * @returns {{el: HTMLElement, show: (perspective: string) => void}}
 */
export function resultLine(result) {
  const el = h("p", { class: "nv-result", role: "note" });
  return { el, show: (perspective) => { el.textContent = result[perspective].sentence; } };
}
