// What an edit changed, in one line above the picture (a TreeEditor's scene carries
// "result": negaviz.frontend.edit_result, read from the edit's diff and the new trace).
//
// The line is the editor's report on the edit, beside its status line, in the view shown.
// The picture itself marks nothing of it: at each step it shows what the new search knows
// then, as every picture does (the best line turns thick blue as the search finds it).

import { h } from "./dom.js";

/**
 * The line above the picture that says what the edit changed, kept to the perspective.
 * @param {Object<string, string>} result  the scene's "result": perspective -> the sentence
 * @returns {{el: HTMLElement, show: (perspective: string) => void}}
 */
export function resultLine(result) {
  const el = h("p", { class: "nv-result", role: "note" });
  return { el, show: (perspective) => { el.textContent = result[perspective]; } };
}
