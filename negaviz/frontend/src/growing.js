// A search drawn as it grows, in the page: its nodes and edges put in as the search
// enters them, finished nodes centred over their children, and the drawing as big as
// what it holds (negaviz.layout.growth lays the view out; drawing.js builds it).

// A straight edge from box `a` to box `b` ([left, top, right, bottom] each), as Graphviz
// draws one with splines=line and arrowsize 0.5: from border to border on the line between
// the centres, the last 5 points an arrowhead 3.5 wide.  {d, points} for its path and its
// arrowhead's polygon, or null for boxes with one centre.  A growing view's edges are
// drawn by this rule, from their nodes' boxes alone: Graphviz works an edge out from
// the whole drawing's middle, so its last digits would change with nodes drawn later.
export function straightEdge(a, b) {
  const [px, py] = [(a[0] + a[2]) / 2, (a[1] + a[3]) / 2], [qx, qy] = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
  const dx = qx - px, dy = qy - py, len = Math.hypot(dx, dy);
  if (!len) return null;
  const border = (box) => Math.min(dx ? (box[2] - box[0]) / 2 / Math.abs(dx) : Infinity, dy ? (box[3] - box[1]) / 2 / Math.abs(dy) : Infinity);
  const s = border(a), e = 1 - border(b);
  const ux = dx / len, uy = dy / len;
  const tx = px + dx * e, ty = py + dy * e, bx = tx - 5 * ux, by = ty - 5 * uy;
  const f = (v) => String(Math.round(v * 100) / 100 + 0);
  const pt = (x, y) => f(x) + "," + f(y);
  return {
    d: "M" + pt(px + dx * s, py + dy * s) + "L" + pt(bx, by),
    points: [pt(bx + 1.75 * uy, by - 1.75 * ux), pt(tx, ty), pt(bx - 1.75 * uy, by + 1.75 * ux), pt(bx + 1.75 * uy, by - 1.75 * ux)].join(" "),
  };
}

// Put item `it`'s node and the edge into it in the drawing (on), or take them out; back in
// their place in Graphviz's order, so a step's drawing is the same however it was reached.
export function attach(built, it, on) {
  if (!!it.on === on) return;
  it.on = on;
  for (const el of [it.edge, it.g]) {
    if (!el) continue;
    if (!on) { built.limbo.append(el); continue; } // (out of the page, still in an svg: practice writes on it)
    const parts = built.parts;
    let before = null;
    for (let j = built.order.get(el) + 1; j < parts.length && !before; j++) if (parts[j].parentNode === built.graph) before = parts[j];
    built.graph.insertBefore(el, before);
  }
}

// A finished node of a growing view centred over its children (negaviz.layout.growth's
// Placer.settle): from the step after it returns, it is drawn `dx` points right of where
// it was entered (item.settle = [step, dx]), and the edges at it follow.
export function settle(built, step) {
  const moved = new Set();
  for (const it of built.items.values()) {
    const s = it.item.settle, dx = s && s.length && step >= s[0] ? s[1] : 0;
    if ((it.dx || 0) === dx) continue;
    it.dx = dx;
    moved.add(it.item.title);
    if (dx) it.g.setAttribute("transform", "translate(" + dx + " 0)");
    else it.g.removeAttribute("transform");
  }
  if (moved.size) for (const it of built.items.values()) if (moved.has(it.item.title) || moved.has(it.item.up)) drawEdge(built, it);
}

const placed = (it) => (it.dx ? [it.box[0] + it.dx, it.box[1], it.box[2] + it.dx, it.box[3]] : it.box);

export function drawEdge(built, it) {
  const up = it.edge && built.items.get(it.item.up);
  const line = up && up.box && it.box ? straightEdge(placed(up), placed(it)) : null;
  if (!line) return;
  const path = it.edge.querySelector("path"), head = it.edge.querySelector("polygon");
  if (path) path.setAttribute("d", line.d);
  if (head) head.setAttribute("points", line.points);
  // the move's name beside the edge, half way down it, as a textbook writes it
  const move = built.moveOf ? built.moveOf(it.item.node) : "";
  if (!move) return;
  let text = it.edge.querySelector("text.nv-move");
  if (!text) {
    text = document.createElementNS(it.edge.namespaceURI, "text");
    text.setAttribute("class", "nv-move");
    text.setAttribute("font-size", "8");
    text.textContent = move;
    it.edge.append(text);
  }
  const [x0, y0, x1, y1] = line.d.slice(1).split(/[L,]/).map(Number);
  const sx = Math.round(((x0 + x1) / 2 + 3) * 100) / 100, sy = Math.round(((y0 + y1) / 2 + 3) * 100) / 100;
  text.setAttribute("x", String(sx));
  text.setAttribute("y", String(sy));
}

// A growing view's size is what it draws: its view box, from the top-left corner to the
// furthest node put in (the root is the top-left node of every view), and 4 points more
// (Graphviz's margin).  Changed in place (built.full is the pane's too).
export function grow(built) {
  let x1 = -Infinity, y1 = -Infinity;
  for (const it of built.items.values()) {
    if (!it.on || !it.box) continue;
    x1 = Math.max(x1, it.box[2] + (it.dx || 0));
    y1 = Math.max(y1, it.box[3]);
  }
  const size = (far, shift) => (far === -Infinity ? 0 : Math.round((far + shift + 4) * 100) / 100);
  const w = size(x1, built.shift[0]), hgt = size(y1, built.shift[1]);
  if (built.full[2] === w && built.full[3] === hgt) return;
  built.full.splice(0, 4, 0, 0, w, hgt);
  built.svg.setAttribute("viewBox", "0 0 " + w + " " + hgt);
  built.svg.style.width = w + "px";
  built.svg.style.height = hgt + "px";
}
