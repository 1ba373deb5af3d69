// Missing parts of big traces: a chunk of steps, a view, or a view's drawing that a step
// needs and the stepper does not have yet.  A page's model unpacks it at once
// (model.part); a widget asks the kernel with model.send({type: "need", ...}) and the
// part arrives as a custom message.

import { hasDrawing } from "./drawing.js";
import { nullify } from "./values.js";

/**
 * Asking for and taking in the parts of `scenes` (SceneData each).
 * @param {object} model  anywidget's (render.js's Model), or a page's with `part`
 * @param {object[]} scenes
 * @returns {{need: (i: number, what: object) => void, ask: (i: number, what: object) => boolean,
 *   take: (msg: object) => boolean}}
 */
export function makeParts(model, scenes) {
  const asked = new Set();

  // Ask the kernel once for a part of scene `i`.
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

  // A part of a scene (a chunk of steps, a view, a view's drawing) from a message or a
  // page's model: kept; true if it is ours (the Graphviz's message is loadViz's).
  function take(msg) {
    nullify(msg);
    const d = msg && scenes[msg.scene];
    if (!d) return false; // not ours, or a scene this stepper does not have
    if (msg.type === "chunk") d.addChunk(msg.index, msg.data);
    else if (msg.type === "drawing") { // a view's drawing, kept apart until a step needed it
      const v = d.views[msg.view];
      if (v && !hasDrawing(v)) { if (msg.svg != null) v.svg = msg.svg; else v.dot = msg.dot; d.drawings = (d.drawings || 0) + 1; }
    } else if (msg.type === "view") {
      msg.view.sayOnce = msg.view.note_new || ""; // laid out on request: said when first shown
      d.addView(msg.view);
    }
    return true;
  }

  return { need, ask, take };
}
