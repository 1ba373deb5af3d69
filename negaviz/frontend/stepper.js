// negaviz stepper: one front-end for the widgets, the exported page and static notebook pages.
// Bundled by esbuild (tools/bundle_js.py) from negaviz/frontend/src/: do not edit here.

// negaviz/frontend/src/dom.js
function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}
function injectStyle(root, css) {
  root.prepend(h("style", { text: css }));
}

// negaviz/frontend/src/growing.js
function straightEdge(a, b) {
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
    points: [pt(bx + 1.75 * uy, by - 1.75 * ux), pt(tx, ty), pt(bx - 1.75 * uy, by + 1.75 * ux), pt(bx + 1.75 * uy, by - 1.75 * ux)].join(" ")
  };
}
function attach(built, it, on) {
  if (!!it.on === on) return;
  it.on = on;
  for (const el of [it.edge, it.g]) {
    if (!el) continue;
    if (!on) {
      built.limbo.append(el);
      continue;
    }
    const parts = built.parts;
    let before = null;
    for (let j = built.order.get(el) + 1; j < parts.length && !before; j++) if (parts[j].parentNode === built.graph) before = parts[j];
    built.graph.insertBefore(el, before);
  }
}
function settle(built, step) {
  const moved = /* @__PURE__ */ new Set();
  for (const it of built.items.values()) {
    const s = it.item.settle, dx = s && s.length && step >= s[0] ? s[1] : 0;
    if ((it.dx || 0) === dx) continue;
    it.dx = dx;
    moved.add(it.item.title);
    if (dx) it.g.setAttribute("transform", "translate(" + dx + " 0)");
    else it.g.removeAttribute("transform");
  }
  if (moved.size) {
    for (const it of built.items.values()) if (moved.has(it.item.title) || moved.has(it.item.up)) drawEdge(built, it);
  }
}
var placed = (it) => it.dx ? [it.box[0] + it.dx, it.box[1], it.box[2] + it.dx, it.box[3]] : it.box;
function drawEdge(built, it) {
  const up = it.edge && built.items.get(it.item.up);
  const line = up && up.box && it.box ? straightEdge(placed(up), placed(it)) : null;
  if (!line) return;
  const path = it.edge.querySelector("path"), head = it.edge.querySelector("polygon");
  if (path) path.setAttribute("d", line.d);
  if (head) head.setAttribute("points", line.points);
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
function grow(built) {
  let x1 = -Infinity, y1 = -Infinity;
  for (const it of built.items.values()) {
    if (!it.on || !it.box) continue;
    x1 = Math.max(x1, it.box[2] + (it.dx || 0));
    y1 = Math.max(y1, it.box[3]);
  }
  const size = (far, shift) => far === -Infinity ? 0 : Math.round((far + shift + 4) * 100) / 100;
  const w = size(x1, built.shift[0]), hgt = size(y1, built.shift[1]);
  if (built.full[2] === w && built.full[3] === hgt) return;
  built.full.splice(0, 4, 0, 0, w, hgt);
  built.svg.setAttribute("viewBox", "0 0 " + w + " " + hgt);
  built.svg.style.width = w + "px";
  built.svg.style.height = hgt + "px";
}

// negaviz/frontend/src/drawing.js
var SLOTS = { "§v§": "nv-v", "§w§": "nv-w", "§m§": "nv-m" };
function centreOf(shape) {
  if (shape.tagName === "ellipse") return Number(shape.getAttribute("cx"));
  const points = (shape.getAttribute("points") || "").trim().split(/\s+/).filter(Boolean);
  if (!points.length) return null;
  const xs = points.map((p) => Number(p.split(",")[0]));
  return (Math.min(...xs) + Math.max(...xs)) / 2;
}
function unionBox(a, b) {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
function boxOf(g) {
  const shape = g.querySelector(".nv-shape");
  const points = (shape && shape.getAttribute("points") || "").trim().split(/\s+/).filter(Boolean).map((p) => p.split(",").map(Number));
  if (!points.length) return null;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
function finishDrawing(svg) {
  for (const el of svg.querySelectorAll("[id]")) el.removeAttribute("id");
  const walker = document.createTreeWalker(svg, NodeFilter.SHOW_COMMENT);
  const comments = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const c of comments) c.remove();
  for (const el of svg.querySelectorAll("[font-family]")) el.removeAttribute("font-family");
  for (const g of svg.querySelectorAll("g.node")) {
    const shapes = g.querySelectorAll("polygon, ellipse, path, polyline");
    const slots = Array.from(g.querySelectorAll("text")).filter((t) => SLOTS[t.textContent.trim()]);
    if (!shapes.length) continue;
    shapes[0].classList.add("nv-shape");
    if (slots.length && shapes.length > 1 && shapes[1].tagName === "polygon" && shapes[1].getAttribute("fill") === "none") {
      shapes[1].classList.add("nv-outer");
    }
    const cx = centreOf(shapes[0]);
    for (const t of slots) {
      t.classList.add(SLOTS[t.textContent.trim()]);
      t.textContent = "";
      t.setAttribute("text-anchor", "middle");
      if (cx !== null) t.setAttribute("x", String(Math.round(cx * 100) / 100));
    }
  }
}
var vizLoading = null;
function loadViz(model) {
  if (vizLoading) return vizLoading;
  if (globalThis.Viz && globalThis.Viz.instance) {
    vizLoading = globalThis.Viz.instance();
    return vizLoading;
  }
  vizLoading = new Promise((resolve, reject) => {
    const got = (msg) => {
      if (!msg || msg.type !== "viz") return;
      model.off("msg:custom", got);
      if (msg.error) {
        reject(new Error(msg.error));
        return;
      }
      if (msg.source == null && globalThis.Viz) {
        globalThis.Viz.instance().then(resolve, reject);
        return;
      }
      try {
        const exports = {};
        new Function("exports", "module", "define", msg.source)(exports, { exports }, void 0);
        exports.instance().then(resolve, reject);
      } catch (e) {
        reject(e);
      }
    };
    model.on("msg:custom", got);
    model.send({ type: "need", viz: true });
  });
  vizLoading.catch(() => {
    vizLoading = null;
  });
  return vizLoading;
}
function setShown(built, on) {
  built.box.style.transform = on ? "" : "translateX(-1000000px)";
  if (on) built.svg.removeAttribute("aria-hidden");
  else built.svg.setAttribute("aria-hidden", "true");
}
function blankDrawing(built) {
  if (built.blank) return;
  built.blank = true;
  built.painted.clear();
  for (const it of built.items.values()) {
    if (built.growing) attach(built, it, false);
    else {
      it.g.setAttribute("class", "node");
      for (const t of [it.v, it.w, it.m]) if (t) t.textContent = "";
      if (it.v) it.v.setAttribute("class", "nv-v");
      if (it.edge) it.edge.setAttribute("class", "edge");
    }
  }
  if (built.growing) grow(built);
}
function hasDrawing(view) {
  return view.svg != null || view.dot != null;
}
function buildView(view, viz, moveOf = null) {
  if (view.svg == null) view.svg = viz.renderString(view.dot, { format: "svg" });
  const holder = document.createElement("div");
  holder.innerHTML = view.svg;
  const svg = holder.querySelector("svg");
  finishDrawing(svg);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const full = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  svg.style.width = full[2] + "px";
  svg.style.height = full[3] + "px";
  svg.style.transformOrigin = "0 0";
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "search tree");
  const graph = svg.querySelector("g.graph");
  const m = graph && graph.transform.baseVal.consolidate();
  const shift = m ? [m.matrix.e, m.matrix.f] : [0, 0];
  const items = /* @__PURE__ */ new Map();
  const byNode = { get: (nid) => items.get(view.titleOf.get(nid)) };
  const byTitle = /* @__PURE__ */ new Map();
  for (const t of Array.from(svg.querySelectorAll("title"))) {
    const g = t.parentNode;
    if (g && g.classList && (g.classList.contains("node") || g.classList.contains("edge"))) {
      byTitle.set(t.textContent, g);
      g.dataset.nv = t.textContent;
      if (g.classList.contains("edge")) g.setAttribute("aria-hidden", "true");
    }
    t.remove();
  }
  for (const item of view.items) {
    const g = byTitle.get(item.title);
    if (!g) continue;
    const edge = item.up ? byTitle.get(item.up + "->" + item.title) : null;
    items.set(item.title, {
      g,
      item,
      edge,
      box: boxOf(g),
      v: g.querySelector(".nv-v"),
      w: g.querySelector(".nv-w"),
      m: g.querySelector(".nv-m")
    });
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", item.name);
    if (item.kind === "n" && !view.given) g.dataset.node = String(item.node);
  }
  const box = h("div", { class: "nv-view", "data-view": String(view.index) });
  box.style.position = "absolute";
  box.style.left = "0";
  box.style.top = "0";
  box.append(svg);
  const built = { svg, box, full, shift, items, byNode, painted: /* @__PURE__ */ new Map(), growing: !!view.span, blank: false, moveOf };
  if (built.growing) {
    const keep = /* @__PURE__ */ new Set();
    for (const it of items.values()) {
      keep.add(it.g);
      if (it.edge) keep.add(it.edge);
    }
    built.graph = graph;
    built.limbo = document.createElementNS(svg.namespaceURI, "svg");
    built.parts = Array.from(graph.children).filter((el) => el.classList.contains("node") || el.classList.contains("edge"));
    for (const t of Array.from(graph.childNodes)) if (t.nodeType === 3) t.remove();
    for (const el of Array.from(graph.children)) if (el.tagName === "polygon" || (el.classList.contains("node") || el.classList.contains("edge")) && !keep.has(el)) el.remove();
    built.parts = built.parts.filter((el) => keep.has(el));
    built.order = new Map(built.parts.map((el, i) => [el, i]));
    for (const it of items.values()) {
      it.on = true;
      drawEdge(built, it);
    }
    blankDrawing(built);
  }
  return built;
}
function svgFile(svg, full) {
  const copy = svg.cloneNode(true);
  const from = svg.querySelectorAll("*");
  const to = copy.querySelectorAll("*");
  const props = ["fill", "stroke", "stroke-width", "stroke-dasharray", "opacity", "font-style", "font-weight", "font-size", "font-family", "display"];
  from.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const style = props.map((p) => p + ":" + cs.getPropertyValue(p)).join(";");
    to[i].setAttribute("style", style);
    to[i].removeAttribute("class");
  });
  copy.removeAttribute("style");
  copy.setAttribute("width", full[2] + "pt");
  copy.setAttribute("height", full[3] + "pt");
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy) + "\n";
}
function saveSvg(svg, full, step) {
  const blob = new Blob([svgFile(svg, full)], { type: "image/svg+xml" });
  const a = h("a", { href: URL.createObjectURL(blob), download: "negaviz-step-" + step + ".svg" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1e3);
}
async function renderDrawing({ model, el }) {
  const box = h("div", { class: "negaviz-drawing", role: "img", "aria-label": model.get("label") || "a drawing" });
  el.append(box);
  try {
    const viz = await loadViz(model);
    box.innerHTML = viz.renderString(model.get("drawing"), { format: "svg" });
    const svg = box.querySelector("svg");
    if (svg) {
      for (const el2 of svg.querySelectorAll("[id]")) el2.removeAttribute("id");
      for (const t of svg.querySelectorAll("title")) t.remove();
      svg.style.maxWidth = "100%";
      svg.style.height = "auto";
    }
  } catch (e) {
    box.textContent = "negaviz: the bundled Graphviz could not lay this drawing out here (" + e + ").";
  }
  return () => {
  };
}

// negaviz/frontend/src/controls.js
var JUMPS = [
  ["cutoff", "next cutoff"],
  ["return", "next return"],
  ["tt", "next TT hit"]
];
function makeControls({ scenes, total, state, ui, go, togglePlay, setPresenter, setPerspective, setWindows }) {
  const playButton = h("button", { type: "button", class: "nv-play", title: "play / pause (space)", "aria-label": "play", text: "▶ play" });
  const slider = h("input", { type: "range", min: "0", max: String(total), step: "1", value: String(state.step), class: "nv-slider", "aria-label": "step" });
  const stepLabel = h("span", { class: "nv-steplabel" });
  const prev = h("button", { type: "button", title: "back one event (←)", "aria-label": "back one step", text: "◀" });
  const next = h("button", { type: "button", title: "forward one event (→)", "aria-label": "forward one step", text: "▶" });
  const jumpButtons = JUMPS.map(([kind, text]) => h("button", { type: "button", "data-jump": kind, title: "jump to just after the " + text, "aria-label": "jump to just after the " + text, text, onclick: () => {
    const k = jumpTarget(kind);
    go(k < 0 ? total : k);
  } }));
  const home = h("button", { type: "button", title: "the start (Home)", "aria-label": "go to the start", text: "start", onclick: () => go(0) });
  const end = h("button", { type: "button", "data-jump": "end", title: "the end (End)", "aria-label": "go to the end", text: "end", onclick: () => go(total) });
  const presenter2 = h("button", { type: "button", class: "nv-presenter-button", title: "presenter size: bigger text and tree, for a projector (P)", "aria-label": "presenter size", "aria-pressed": String(ui.presenter), text: "presenter", onclick: () => setPresenter(!ui.presenter) });
  const persp = h(
    "select",
    { class: "nv-perspective", title: "negamax: values for the side to move; minimax: for the first player" },
    ...scenes[0].s.perspectives.map((p) => h("option", { value: p, text: p }))
  );
  const windows = h("input", { type: "checkbox", class: "nv-windows" });
  const windowsLabel = h("label", {}, windows, " windows");
  prev.addEventListener("click", () => go(state.step - 1));
  next.addEventListener("click", () => go(state.step + 1));
  playButton.addEventListener("click", () => togglePlay());
  slider.addEventListener("input", () => go(Number(slider.value)));
  persp.addEventListener("change", () => setPerspective(persp.value));
  windows.addEventListener("change", () => setWindows(windows.checked));
  const bar = h("div", { class: "nv-bar" }, playButton, slider, stepLabel, prev, next);
  const bar2 = h("div", { class: "nv-bar" }, home, ...jumpButtons, end, h("label", {}, "view ", persp), windowsLabel, presenter2);
  function jumpTarget(kind) {
    const found = scenes.map((d) => state.step < d.n ? d.nextStep(state.step, d.s.codes.jumps[kind]) : -1).filter((k) => k >= 0);
    return found.length ? Math.min(...found) : -1;
  }
  function show(panes, practising, hide2) {
    slider.value = String(state.step);
    stepLabel.textContent = "step " + state.step.toLocaleString("en-US") + (hide2.total ? "" : " of " + total.toLocaleString("en-US"));
    slider.setAttribute("aria-valuetext", stepLabel.textContent);
    persp.value = state.perspective;
    windows.checked = state.windows;
    windowsLabel.hidden = !panes.some((p) => p.d.s.windowed !== false);
    prev.disabled = state.step <= 0;
    next.disabled = state.step >= total;
    end.disabled = state.step >= total;
    home.disabled = state.step <= 0;
    JUMPS.forEach(([kind], i) => {
      jumpButtons[i].disabled = practising ? state.step >= total : jumpTarget(kind) < 0;
    });
  }
  return { bars: [bar, bar2], slider, playButton, presenter: presenter2, jumpTarget, show };
}
function makePlayer({ state, total, interval, button, go }) {
  function togglePlay() {
    if (state.timer) {
      clearInterval(state.timer);
      state.timer = null;
      button.textContent = "▶ play";
      button.setAttribute("aria-label", "play");
      return;
    }
    if (state.step >= total) go(0);
    button.textContent = "❚❚ pause";
    button.setAttribute("aria-label", "pause");
    state.timer = setInterval(() => {
      if (state.step >= total) {
        togglePlay();
        return;
      }
      go(state.step + 1);
    }, interval || 600);
  }
  return togglePlay;
}

// negaviz/frontend/src/keys.js
var KEYS = "Keys (click the stepper first): ← → one step · Home / End the start / the end · space play / pause · P presenter size · F fit the tree · + − zoom. Click a node the search has entered: go to where it is entered (shift-click: where it returns). Drag pans; Ctrl+wheel zooms.";
function installKeys(root, { panes, state, total, ui, go, togglePlay, setPresenter }) {
  const KEY_ACTIONS = {
    p: () => setPresenter(!ui.presenter),
    f: () => panes.forEach((p) => p.fit()),
    "+": () => panes.forEach((p) => p.zoom(1 / 1.25)),
    "=": () => panes.forEach((p) => p.zoom(1 / 1.25)),
    "-": () => panes.forEach((p) => p.zoom(1.25))
  };
  root.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type !== "range" && e.target.type !== "checkbox")) return;
    let k = null;
    if (e.key === "ArrowRight") k = state.step + 1;
    else if (e.key === "ArrowLeft") k = state.step - 1;
    else if (e.key === "Home") k = 0;
    else if (e.key === "End") k = total;
    else if (e.key === " " && e.target === root) {
      e.preventDefault();
      e.stopPropagation();
      togglePlay();
      return;
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && KEY_ACTIONS[e.key.toLowerCase()]) {
      e.preventDefault();
      e.stopPropagation();
      KEY_ACTIONS[e.key.toLowerCase()]();
      return;
    }
    if (k === null) return;
    e.preventDefault();
    e.stopPropagation();
    go(k);
  });
  const grabFocus = () => {
    if (document.activeElement !== root && root.contains(document.activeElement)) return;
    root.focus({ preventScroll: true });
    setTimeout(() => {
      if (!root.contains(document.activeElement)) root.focus({ preventScroll: true });
    }, 0);
  };
  root.addEventListener("click", (e) => {
    const g = e.target.closest && e.target.closest("g.node");
    const typing = e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT");
    const pane = g && panes.find((p) => p.el.contains(g));
    const it = pane && pane.items.get(g.dataset.nv);
    if (!it || it.item.kind !== "n") {
      if (!typing) grabFocus();
      return;
    }
    const life = pane.d.lives.get(it.item.node);
    if (!life) return;
    grabFocus();
    if (life.enter >= Math.min(state.step, pane.d.n) && !state.preview) return;
    go(e.shiftKey ? life.exit >= 0 ? life.exit + 1 : pane.d.n : life.enter + 1);
  });
}

// negaviz/frontend/src/values.js
function num(x) {
  if (x === "inf") return Infinity;
  if (x === "-inf") return -Infinity;
  return x;
}
function nullify(x) {
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (v === void 0) x[i] = null;
      else if (v !== null && typeof v === "object") nullify(v);
    }
  } else if (x !== null && typeof x === "object" && !ArrayBuffer.isView(x)) {
    for (const k of Object.keys(x)) {
      const v = x[k];
      if (v === void 0) x[k] = null;
      else if (v !== null && typeof v === "object") nullify(v);
    }
  }
  return x;
}
function fixedHalfEven(v, d) {
  const text = v.toFixed(d);
  const full = Math.abs(v).toFixed(100);
  const dot = full.indexOf(".");
  if (!/^50*$/.test(full.slice(dot + 1 + d))) return text;
  const down = full.slice(0, d ? dot + 1 + d : dot);
  return Number(down[down.length - 1]) % 2 ? text : (v < 0 ? "-" : "") + down;
}
function g4(v) {
  const [mantissa, e] = v.toExponential(3).split("e");
  const exp = Number(e);
  if (exp >= -4 && exp < 4) {
    const fixed = fixedHalfEven(v, 3 - exp);
    return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
  }
  return mantissa.replace(/\.?0+$/, "") + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
}
function makeFmt(table) {
  return (v) => {
    if (v === null || v === void 0) return "?";
    if (v === Infinity) return "∞";
    if (v === -Infinity) return "−∞";
    if (Object.is(v, -0)) v = 0;
    const known = table[String(v)];
    if (known !== void 0) return known;
    const text = !Number.isInteger(v) ? g4(v) : Number.isSafeInteger(v) ? String(v) : BigInt(v).toString();
    return text.replaceAll("-", "−");
  };
}
function seenWindow(alpha, beta, sg) {
  if (sg >= 0) return [alpha, beta];
  return [beta === null ? null : -beta, alpha === null ? null : -alpha];
}

// negaviz/frontend/src/look.js
function look(d, item, step, { perspective, line, preview, windows, veil = null }) {
  const out = paintRule(d, item, step, perspective, line, preview, windows, veil);
  const known = item.kind === "p" ? item.pruned >= 0 && step > item.pruned : d.nodeAt(item.node, step).status !== "unvisited";
  if (item.only && known) out.cls += " nv-only";
  return out;
}
function veiled(d, nid, st) {
  const life = d.lives.get(nid);
  return { ...st, value: null, bestChild: -1, alpha: life.alpha, beta: life.beta };
}
function paintRule(d, item, step, perspective, line, preview, windows, veil) {
  const fmt3 = d.fmt;
  const kind = item.kind;
  const out = { cls: "", v: "", w: "", m: "", edge: "", given: false };
  if (item.appear > step && !preview) {
    out.cls = out.edge = "nv-hidden";
    return out;
  }
  const sg = d.signAt(item.player, perspective);
  const unseen = () => {
    out.cls = "nv-unseen";
    out.edge = "nv-unseen";
    out.v = item.prefix || "";
    if (item.given !== null && item.given !== void 0) {
      out.v += fmt3(sg * num(item.given));
      out.given = true;
    }
  };
  if (kind === "n" || kind === "f") {
    const nid = d.entryAt(item, step);
    const at = d.nodeAt(nid, step);
    let st = at.status === "unvisited" && preview ? d.nodeAt(d.entryAt(item, d.n), d.n) : at;
    if (veil && veil.has(nid) && (st.status === "current" || st.status === "active")) st = veiled(d, nid, st);
    if (st.status === "unvisited") {
      unseen();
    } else {
      let bound = st.bound;
      if (bound && sg < 0) bound = 3 - bound;
      if (kind === "f") out.cls = "nv-folded";
      else if (st.status === "current") out.cls = "nv-current";
      else if (st.status === "active") out.cls = "nv-active";
      else out.cls = ["nv-exact", "nv-lower", "nv-upper"][bound || 0];
      if (kind === "n") {
        if (st.cut) out.cls += " nv-cut";
        if (st.tt) out.cls += " nv-tt";
      }
      const value = st.value === null ? null : sg * st.value;
      if (st.status === "done") {
        const sym = bound === 1 ? "≥" : bound === 2 ? "≤" : windows ? "=" : "";
        out.v = (kind === "f" ? "value " : "") + sym + fmt3(value);
      } else {
        out.v = value === null ? "?" : (item.chance ? "sum " : "best ") + fmt3(value);
      }
      const [a, b] = seenWindow(st.alpha, st.beta, sg);
      out.w = "(" + fmt3(a) + ", " + fmt3(b) + ")";
      out.m = kind === "f" ? "+" + d.enteredIn(item.ranges, preview ? d.n : step).toLocaleString("en-US") + " nodes" : [st.cut ? "cut" : "", st.tt ? "TT" : ""].filter(Boolean).join(" ");
      if (kind === "n") out.v = (item.prefix || "") + out.v;
      if (at.status === "unvisited") {
        out.cls += " nv-preview";
        out.edge = "nv-preview";
      }
    }
    if (line.has(nid)) {
      out.cls += " nv-pv";
      out.edge = "nv-pv";
    } else if (preview && at.status === "unvisited" && d.finalLine().has(d.entryAt(item, d.n))) out.edge = "nv-pv nv-preview";
  } else if (kind === "g") {
    const seen = d.enteredIn(item.ranges, preview ? d.n : step);
    if (!seen) unseen();
    else {
      out.cls = "nv-folded" + (d.enteredIn(item.ranges, step) ? "" : " nv-preview");
      out.m = "+" + seen.toLocaleString("en-US") + " nodes";
    }
  } else {
    const pruned = item.pruned >= 0 && (step > item.pruned || preview);
    unseen();
    if (pruned) {
      out.cls = "nv-pruned" + (step > item.pruned ? "" : " nv-preview");
      out.edge = out.cls;
      if (item.title.indexOf("_") < 0) out.v = "pruned";
      else out.m = "pruned";
    }
  }
  return out;
}

// negaviz/frontend/src/panels.js
var HIDDEN_SENTENCE = "(What happened at this step is shown once you answer.)";
function stackRows(d, step, perspective, veil = null) {
  const fmt3 = d.fmt;
  const stack = d.stack(step);
  return stack.map((nid, i) => {
    const life = d.lives.get(nid);
    let st = d.nodeAt(nid, step);
    const hidden = veil !== null && veil.has(nid);
    if (hidden) st = veiled(d, nid, st);
    const sg = d.sign(nid, perspective);
    const [a, b] = seenWindow(st.alpha, st.beta, sg);
    const trying = i + 1 < stack.length ? d.lives.get(stack[i + 1]).move : "";
    const window2 = d.s.windowed ? [a === null ? "–" : fmt3(a), b === null ? "–" : fmt3(b)] : [];
    return [life.name, String(life.depth), ...window2, hidden ? "?" : st.value === null ? "–" : fmt3(sg * st.value), trying];
  });
}
function showPanels(pane, step, perspective, hide2 = {}) {
  const d = pane.d;
  const c = d.chunk(step);
  const p = d.s.perspectives.indexOf(perspective);
  const at = step - d.chunkOf(step) * d.s.chunk;
  pane.sentence.textContent = !c ? "…" : hide2.sentence ? HIDDEN_SENTENCE : c.sentences[p][at];
  if (pane.titleEl) pane.titleEl.textContent = d.titleAt(step);
  const stack = stackRows(d, step, perspective, hide2.veil || null);
  const columns = d.s.stack_columns;
  const rows = [h("tr", {}, ...columns.map((t) => h("th", { text: t })))];
  stack.forEach((cells, i) => {
    rows.push(h("tr", i === stack.length - 1 ? { class: "nv-here" } : {}, ...cells.map((t) => h("td", { text: t }))));
  });
  if (!stack.length) rows.push(h("tr", {}, h("td", { colspan: String(columns.length), class: "nv-empty", text: "(empty: no call running)" })));
  pane.stackTable.replaceChildren(h("caption", { text: "call stack" }), ...rows);
  const counts = d.counters(step);
  const items = [["step", step.toLocaleString("en-US") + (hide2.total ? "" : " of " + d.n.toLocaleString("en-US"))]];
  if (counts) items.push(["nodes", counts.nodes], ["leaves", counts.leaves], ["cutoffs", counts.cutoffs], ["TT hits", counts.hits]);
  pane.countersTable.replaceChildren(...items.map(([k, v]) => h("tr", {}, h("th", { text: k }), h("td", { "data-counter": k, text: typeof v === "number" ? v.toLocaleString("en-US") : v }))));
  const listing = d.s.listings[perspective];
  const lineNo = c ? c.lines[p][at] : 0;
  pane.code.replaceChildren(...listing.map((text, i) => {
    const on = i + 1 === lineNo;
    return h("span", { "data-line": String(i + 1), class: on ? "nv-hl" : "" }, (on ? "▶ " : "  ") + text + "\n");
  }));
}

// negaviz/frontend/src/pane.js
var READABLE = 9;
var NATURAL = 1.34;
var Pane = class {
  constructor(data, index, compare, ui) {
    this.d = data;
    this.index = index;
    this.compare = compare;
    this.ui = ui;
    this.view = null;
    this.windows = null;
    this.svg = null;
    this.built = /* @__PURE__ */ new Map();
    this.items = /* @__PURE__ */ new Map();
    this.byNode = /* @__PURE__ */ new Map();
    this.painted = /* @__PURE__ */ new Map();
    this.el = h("div", { class: "nv-pane" });
    this.titleEl = compare ? h("div", { class: "nv-title", text: data.s.title || "" }) : null;
    if (compare) this.el.append(this.titleEl);
    this.sentence = h("p", { class: "nv-sentence", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    this.note = h("div", { class: "nv-note" });
    const button = (text, label, onclick, extra = {}) => h("button", { type: "button", title: label, "aria-label": label, text, onclick, ...extra });
    this.toolBar = h("div", { class: "nv-treebar" }, this.note, h(
      "span",
      { class: "nv-zoom" },
      button("+", "zoom in (+)", () => this.zoom(1 / 1.25)),
      button("−", "zoom out (−)", () => this.zoom(1.25)),
      button("fit", "show the whole tree (F)", () => this.fit()),
      button("1:1", "natural size", () => this.natural()),
      button("save SVG", "save the picture of this step as an SVG file", () => this.save(), { class: "nv-save" })
    ));
    this.tree = h("div", { class: "nv-tree" });
    this.stackTable = h("table", { class: "nv-stack" });
    this.countersTable = h("table", { class: "nv-counters" });
    this.code = h("pre", { class: "nv-code", "aria-label": "pseudocode" });
    const side = h("div", { class: "nv-side" }, this.stackTable, this.countersTable, this.code);
    if (compare) side.classList.add("nv-side-compact");
    this.el.append(this.sentence, h("div", { class: "nv-main" }, h("div", { class: "nv-treebox" }, this.toolBar, this.tree), side));
    this.legend = h("div", { class: "nv-legend" });
    this.el.append(this.legend);
    this.installPanZoom();
  }
  // --- the picture ------------------------------------------------------------------
  setView(view, windows) {
    if (this.view === view) {
      if (this.windows !== windows) {
        this.windows = windows;
        for (const b of this.built.values()) b.painted.clear();
      }
      return;
    }
    const first = this.view === null;
    this.view = view;
    this.windows = windows;
    let built = this.built.get(view.index);
    if (!built) {
      built = this.build(view);
      this.built.set(view.index, built);
    }
    if (built.box.parentNode !== this.tree) this.tree.append(built.box);
    for (const other of this.built.values()) {
      setShown(other, other === built);
      if (other !== built) blankDrawing(other);
    }
    this.drawing = built;
    this.svg = built.svg;
    this.full = built.full;
    this.shift = built.shift;
    this.items = built.items;
    this.byNode = built.byNode;
    this.painted = built.painted;
    if (first || !this.vb) this.open();
    else {
      this.place(this.height());
      this.applyViewBox();
    }
  }
  // Parse and lay out `view`'s drawing now, hidden, so that showing it only paints it: for
  // 400 boards, parsing and laying out take 100-250 ms.  Only the geometry is made ahead:
  // the drawing stays blank (no value, no state, and no node of a growing view) until a
  // step shows it, so the page holds nothing the step shown has not reached.
  prebuild(view) {
    const built = this.build(view);
    this.built.set(view.index, built);
    blankDrawing(built);
    setShown(built, false);
    this.tree.append(built.box);
    void this.tree.offsetHeight;
  }
  build(view) {
    return buildView(view, this.d.viz, (nid) => (this.d.lives.get(nid) || {}).move || "");
  }
  // Pan and zoom move the drawing with a CSS transform, never its viewBox: the browser
  // then only moves pixels, instead of laying the whole SVG out again at each step the
  // view follows the current node.  this.vb = [tx, ty, scale]: the drawing's top-left
  // corner in the panel, in pixels, and pixels per graphviz point.
  applyViewBox() {
    if (!this.svg || !this.vb) return;
    const [tx, ty, k] = this.vb;
    this.svg.style.transform = `translate(${tx.toFixed(1)}px, ${ty.toFixed(1)}px) scale(${k.toFixed(4)})`;
  }
  place(height) {
    this.tree.style.height = Math.round(height) + "px";
  }
  // The tallest the tree panel grows: in presenter size, the window below the panel's top;
  // else 560 px up to a window 820 px tall (a notebook's stored frame), the window less
  // 260 px in a taller one (controls above, legend below), less in a short one (>= 240 px).
  maxHeight() {
    const win = window.innerHeight || 800;
    if (this.ui.presenter) {
      const top = this.tree.getBoundingClientRect().top + (window.scrollY || 0);
      return Math.max(240, win - Math.min(Math.max(top, 0), 300) - 12);
    }
    return Math.max(240, Math.min(Math.max(560, win - 260), win - 120));
  }
  height() {
    if (this.view && this.view.span) return this.maxHeight();
    return Math.min(this.maxHeight(), Math.max(160, this.full[3] * (this.vb ? this.vb[2] : 1)));
  }
  width() {
    return this.tree.getBoundingClientRect().width || this.tree.clientWidth || 600;
  }
  // The scale that shows the whole drawing (capped: a small tree is not blown up past
  // what reads well, more in presenter size).
  fitScale() {
    const cap = this.ui.presenter ? 3 : 1.6;
    const [, , w, h2] = this.full;
    return Math.min(this.width() / w, this.maxHeight() / h2, cap);
  }
  // The whole drawing in the panel (text under READABLE px: the note says how to read a part);
  // `done`: a growing view's search has ended: the panel as tall as the fitted drawing.
  fit(done = false) {
    const k = this.fitScale(), px = k * this.d.s.text_size;
    this.note.textContent = (this.view && this.view.note || "") + (px < READABLE ? " Fitted whole, its text is " + px.toFixed(1) + " px, too small to read: press 1:1 or + to read a part, and drag the tree to move to it." : "");
    const [, , w, h2] = this.full;
    this.place(this.view && this.view.span && !done ? this.maxHeight() : Math.max(120, h2 * k));
    this.vb = [(this.width() - w * k) / 2, 0, k];
    this.applyViewBox();
  }
  natural(k = this.ui.presenter ? 2 * NATURAL : NATURAL) {
    this.place(this.maxHeight());
    this.vb = [0, 0, k];
    const root = this.byNode.get(this.d.s.passes[this.d.passOf(0)][1]) || this.items.values().next().value;
    this.reveal(root, true);
    this.applyViewBox();
  }
  // A new pane opens fitted when the whole tree then reads (labels of READABLE px or more),
  // else at a readable size on the root; a growing search's view, at a readable size with
  // what is drawn so far at its top left (the room it will take is the future).
  open() {
    this.opened = null;
    if (this.view && this.view.span) {
      const k = this.ui.presenter ? 2 * NATURAL : NATURAL;
      this.place(this.maxHeight());
      this.vb = [8, 8, k];
      this.applyViewBox();
    } else if (this.fitScale() * this.d.s.text_size >= READABLE) this.fit();
    else this.natural();
    this.opened = [this.vb.join(), this.width()];
  }
  // Presenter size changed: the same view, opened again at the new sizes.
  resize() {
    if (this.svg) this.open();
  }
  zoom(factor, cx, cy) {
    if (!this.vb) return;
    const box = this.tree.getBoundingClientRect();
    const px = cx === void 0 ? box.width / 2 : cx;
    const py = cy === void 0 ? box.height / 2 : cy;
    const [tx, ty, k] = this.vb;
    const nk = Math.min(Math.max(k / factor, 0.05), 8);
    this.vb = [px - (px - tx) * (nk / k), py - (py - ty) * (nk / k), nk];
    this.applyViewBox();
  }
  installPanZoom() {
    let drag = null;
    if (typeof ResizeObserver === "function") new ResizeObserver(() => {
      const o = this.opened;
      if (o && this.vb && o[0] === this.vb.join() && o[1] !== this.width()) this.open();
    }).observe(this.tree);
    this.tree.addEventListener("wheel", (e) => {
      if (!this.svg || !(e.ctrlKey || e.metaKey || e.altKey)) return;
      e.preventDefault();
      const box = this.tree.getBoundingClientRect();
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX - box.left, e.clientY - box.top);
    }, { passive: false });
    this.tree.addEventListener("pointerdown", (e) => {
      if (!this.svg || e.button !== 0 || e.target.closest("g.node")) return;
      drag = { x: e.clientX, y: e.clientY, vb: this.vb.slice() };
      this.tree.setPointerCapture(e.pointerId);
    });
    this.tree.addEventListener("pointermove", (e) => {
      if (!drag) return;
      this.vb = [drag.vb[0] + (e.clientX - drag.x), drag.vb[1] + (e.clientY - drag.y), drag.vb[2]];
      this.applyViewBox();
    });
    const end = () => {
      drag = null;
    };
    this.tree.addEventListener("pointerup", end);
    this.tree.addEventListener("pointercancel", end);
  }
  // Move the drawing just enough that item `it` is in the panel, with a margin; `top`:
  // put it at the top centre (a view opening on its root).
  reveal(it, top = false) {
    const b = this.boxOf(it);
    if (b) this.revealBox(b, top);
  }
  boxOf(it) {
    let b = null;
    try {
      b = it ? it.g.getBBox() : null;
    } catch (e) {
      return null;
    }
    return !b || b.width === 0 && b.height === 0 ? null : b;
  }
  revealBox(b, top = false) {
    if (!this.vb) return;
    const [tx, ty, k] = this.vb;
    const x = tx + (b.x + this.shift[0] - this.full[0]) * k;
    const y = ty + (b.y + this.shift[1] - this.full[1]) * k;
    const seen = (window.innerHeight || 800) - this.tree.getBoundingClientRect().top;
    const w = this.tree.clientWidth, hgt = seen > 120 && seen < this.tree.clientHeight ? seen : this.tree.clientHeight;
    const bw = b.width * k, bh = b.height * k;
    if (top) {
      this.vb = [tx + (w / 2 - (x + bw / 2)), ty + (8 - y), k];
      return;
    }
    const clear = Math.min(8, w / 16, hgt / 16);
    if (x >= clear && y >= clear && x + bw <= w - clear && y + bh <= hgt - clear) return;
    const margin = Math.min(24, w / 8, hgt / 8);
    let dx = 0, dy = 0;
    if (x < margin) dx = margin - x;
    else if (x + bw > w - margin) dx = Math.max(w - margin - (x + bw), margin - x);
    if (y < margin) dy = margin - y;
    else if (y + bh > hgt - margin) dy = Math.max(hgt - margin - (y + bh), margin - y);
    if (dx || dy) this.vb = [tx + dx, ty + dy, k];
  }
  // Keep the current node in sight, with its parent (where the search came from) whenever
  // both fit: the view moves only when one would leave it, and only as far as it must.
  follow(nid) {
    const before = this.vb && this.vb.join(), life = this.d.lives.get(nid);
    const node = this.boxOf(this.byNode.get(nid));
    const up = life && life.parent >= 0 ? this.boxOf(this.byNode.get(life.parent)) : null;
    const both = node && up && this.vb ? unionBox(node, up) : null;
    const m = 2 * Math.min(24, this.tree.clientWidth / 8, this.tree.clientHeight / 8), k = this.vb ? this.vb[2] : 1;
    const fits = both && both.width * k <= this.tree.clientWidth - m && both.height * k <= this.tree.clientHeight - m;
    if (node) this.revealBox(fits ? both : node);
    if (this.vb && this.vb.join() !== before) this.applyViewBox();
  }
  // --- painting ---------------------------------------------------------------------
  // Paint `step` onto the drawing shown: a growing view's nodes not entered by then are
  // not in it at all (nor their edges), and it is as big as the rest.  veil: nodes whose
  // result so far a pending practice question hides (look.js).
  paint(step, perspective, preview, veil = null) {
    const drawing = this.drawing;
    drawing.blank = false;
    const d = this.d;
    const cur = d.current(step);
    const passRoot = d.s.passes[d.passOf(step)][1];
    const line = d.bestLine(step, passRoot, veil);
    const settings = { perspective, line, preview, windows: this.windows, veil };
    for (const [title, it] of drawing.items) {
      const o = look(d, it.item, step, settings);
      const key = o.cls + "|" + o.v + "|" + o.w + "|" + o.m + "|" + o.edge + "|" + o.given;
      if (drawing.painted.get(title) === key) continue;
      drawing.painted.set(title, key);
      if (drawing.growing) {
        attach(drawing, it, o.cls !== "nv-hidden");
        if (!it.on) continue;
      }
      it.g.setAttribute("class", "node " + o.cls);
      if (it.v) {
        it.v.textContent = o.v;
        it.v.setAttribute("class", o.given ? "nv-v nv-given" : "nv-v");
      }
      if (it.w) it.w.textContent = o.w;
      if (it.m) it.m.textContent = o.m;
      if (it.edge) it.edge.setAttribute("class", "edge " + o.edge);
    }
    if (drawing.growing) {
      settle(drawing, step);
      grow(drawing);
    }
    this.followNode = cur !== void 0 && cur >= 0 ? cur : null;
  }
  save() {
    if (this.svg) saveSvg(this.svg, this.full, this.shownStep || 0);
  }
  panels(step, perspective, hide2 = {}) {
    showPanels(this, step, perspective, hide2);
  }
};

// negaviz/frontend/src/parts.js
function makeParts(model, scenes) {
  const asked = /* @__PURE__ */ new Set();
  function need(i, what) {
    const key = i + ":" + JSON.stringify(what);
    if (asked.has(key)) return;
    asked.add(key);
    model.send({ type: "need", scene: i, ...what });
  }
  function ask2(i, what) {
    const got = model.part ? model.part({ type: "need", scene: i, ...what }) : null;
    if (got) {
      take(got);
      return true;
    }
    need(i, what);
    return false;
  }
  function take(msg) {
    nullify(msg);
    const d = msg && scenes[msg.scene];
    if (!d) return false;
    if (msg.type === "chunk") d.addChunk(msg.index, msg.data);
    else if (msg.type === "drawing") {
      const v = d.views[msg.view];
      if (v && !hasDrawing(v)) {
        if (msg.svg != null) v.svg = msg.svg;
        else v.dot = msg.dot;
        d.drawings = (d.drawings || 0) + 1;
      }
    } else if (msg.type === "view") {
      msg.view.sayOnce = msg.view.note_new || "";
      d.addView(msg.view);
    }
    return true;
  }
  return { need, ask: ask2, take };
}

// negaviz/frontend/src/words.js
function fill(template, parts = {}) {
  const text = Array.isArray(template) ? template[parts.n === 1 ? 0 : 1] : template;
  return text.replace(/\{(\w+)\}/g, (_, part) => String(parts[part]));
}

// negaviz/frontend/src/reading.js
var fmt = makeFmt({});
var SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
var EDGES = new RegExp("^[" + SPACE + "]+|[" + SPACE + "]+$", "g");
var WINDOW_EDGES = /^[()[\]{} ]+|[()[\]{} ]+$/g;
var WINDOW_SPLIT = new RegExp("[" + SPACE + "]*[,;][" + SPACE + "]*|[" + SPACE + "]+");
var LABEL_SPLIT = new RegExp("[" + SPACE + "]*(?:,|;|/|(?<![\\p{L}\\p{N}_])and(?![\\p{L}\\p{N}_])|[" + SPACE + "])[" + SPACE + "]*", "u");
var NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/;
var FRACTION = /^([+-]?)(\d{1,15})\/(\d{1,15})$/;
var DECIMAL = /\p{Nd}/u;
var OTHER_NUMBER = /\p{No}/u;
var strip = (text) => String(text).replace(EDGES, "");
function digit(ch) {
  let cp = ch.codePointAt(0), k = 0;
  while (DECIMAL.test(String.fromCodePoint(cp - 1))) {
    cp -= 1;
    k += 1;
  }
  return String(k % 10);
}
function typed(text) {
  let out = "";
  for (const ch of String(text)) out += DECIMAL.test(ch) ? digit(ch) : OTHER_NUMBER.test(ch) ? ch : ch.normalize("NFKC");
  return out;
}
var CHEROKEE = /[\u13a0-\u13f5\u13f8-\u13fd\uab70-\uabbf]/u;
var foldChar = (ch) => CHEROKEE.test(ch) ? ch.toUpperCase() : ch === "ı" ? ch : ch.toLowerCase().toUpperCase().toLowerCase();
var fold = (text) => Array.from(String(text).normalize("NFKC"), foldChar).join("");
function pyRepr(x) {
  if (typeof x !== "string") return String(x);
  const q = x.includes("'") && !x.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of x) {
    const cp = ch.codePointAt(0);
    if (ch === q || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "	") out += "\\t";
    else if (ch !== " " && /[\p{C}\p{Z}]/u.test(ch)) {
      out += cp < 256 ? "\\x" + cp.toString(16).padStart(2, "0") : cp < 65536 ? "\\u" + cp.toString(16).padStart(4, "0") : "\\U" + cp.toString(16).padStart(8, "0");
    } else out += ch;
  }
  return q + out + q;
}
function parseValue(answer, w) {
  if (typeof answer === "number") {
    if (Number.isNaN(answer)) throw new Error(w.nan);
    return answer;
  }
  const text = strip(typed(answer)).replace(/[−–]/g, "-").replaceAll("∞", "inf").replaceAll(" ", "").toLowerCase();
  let v;
  const ratio = FRACTION.exec(text);
  if (ratio) {
    if (Number(ratio[3]) === 0) throw new Error(fill(w.zero_denominator, { answer: pyRepr(answer) }));
    v = Number(ratio[2]) / Number(ratio[3]);
    return ratio[1] === "-" ? -v : v;
  }
  if (NUMBER.test(text)) v = Number(text);
  else if (/^[+-]?(inf|infinity)$/.test(text)) v = text.startsWith("-") ? -Infinity : Infinity;
  else throw new Error(fill(w.not_number, { answer: pyRepr(answer) }));
  if (!Number.isFinite(v) && !text.includes("inf")) throw new Error(fill(w.too_large, { answer: pyRepr(answer) }));
  return v;
}
function parseWindow(answer, w) {
  let parts;
  if (Array.isArray(answer)) parts = answer;
  else parts = strip(typed(answer)).replace(WINDOW_EDGES, "").split(WINDOW_SPLIT).filter((p) => p);
  if (parts.length !== 2) throw new Error(fill(w.not_window, { answer: pyRepr(answer) }));
  return [parseValue(parts[0], w), parseValue(parts[1], w)];
}
function parseLabels(answer, w) {
  if (answer === null || answer === void 0) return [];
  if (Array.isArray(answer)) return answer.map(strip).filter((p) => p);
  const text = strip(answer);
  if (w.none.includes(fold(text))) return [];
  return text.split(LABEL_SPLIT).map(strip).filter((p) => p);
}
var canonical = (v) => Number.isInteger(v) || !Number.isFinite(v) ? fmt(v) : "~" + fmt(v);
var canonicalWindow = (w) => "(" + canonical(w[0]) + ", " + canonical(w[1]) + ")";
var accepts = (v, exact, between = null) => exact.includes(canonical(v)) || between != null && num(between[0]) <= v && v <= num(between[1]);
function nodeName(raw, names) {
  const text = strip(raw);
  if (names.includes(text)) return text;
  const folded = fold(text);
  let hit = null;
  for (const n of names) if (fold(n) === folded) hit = n;
  return hit;
}
function unnamed(raw, names, repeated, w) {
  const text = strip(raw);
  if (!repeated.includes(text)) return fill(w.no_node, { text: pyRepr(text) });
  const drawn = names.filter((n) => n.split(" ").at(-1) === text).sort();
  return fill(w.drawn_twice, { text, n: drawn.length, drawn: drawn.join(", ") });
}

// negaviz/frontend/src/practice.js
var fmt2 = makeFmt({});
var blank = (a) => a === null || a === void 0 || typeof a === "string" && !strip(a);
var sorted = (s) => [...s].sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
function grade(key, answers, how) {
  const onlyGiven = !!how.onlyGiven;
  const W = how.words.grade, R = how.words.reading;
  const notes = [], bounds = [], wrong = [];
  const told2 = [];
  let right = 0, asked = 0, valuesAsked = 0;
  const said = /* @__PURE__ */ new Map(), saidWindows = /* @__PURE__ */ new Map();
  const rightValues = /* @__PURE__ */ new Set(), wrongValues = /* @__PURE__ */ new Set(), wrongWindows = /* @__PURE__ */ new Set(), unanswered = /* @__PURE__ */ new Set();
  const nameOf2 = (raw) => {
    const name = nodeName(raw, key.names);
    if (name === null) notes.push(unnamed(raw, key.names, key.repeated || [], R));
    return name;
  };
  const read = (given, parse, what) => {
    const into = /* @__PURE__ */ new Map(), raws = /* @__PURE__ */ new Map();
    for (const [raw, answer] of Object.entries(given)) {
      const name = nameOf2(raw);
      if (name === null || blank(answer)) continue;
      raws.set(name, [...raws.get(name) || [], strip(raw)]);
      try {
        into.set(name, parse(answer, R));
      } catch (e) {
        notes.push(fill(W.unread, { what, name, error: e.message }));
        unanswered.add(name);
      }
    }
    for (const [name, all] of raws) {
      if (all.length < 2) continue;
      notes.push(fill(W.given_twice, { name, what, n: all.length, raws: all.sort().join(", ") }));
      into.delete(name);
      unanswered.add(name);
    }
    return into;
  };
  const isWrong = (set, step, name, kind, why2, pair = told2[told2.length - 1]) => {
    set.add(name);
    wrong.push([step, name, kind, why2, ...pair]);
  };
  if (answers.values) {
    const given = read(answers.values, parseValue, "value");
    const typed3 = typedAnswers(key, answers.values);
    for (const [name, v] of given) said.set(name, canonical(v));
    for (const [name, want] of Object.entries(key.values)) {
      if (onlyGiven && !given.has(name)) continue;
      asked += 1;
      valuesAsked += 1;
      if (!given.has(name)) {
        unanswered.add(name);
        continue;
      }
      const v = given.get(name);
      told2.push([typed3.get(name), shown(W, want.accept)]);
      if (!accepts(v, want.accept, want.accepted)) {
        isWrong(wrongValues, want.step, name, "value", want.why);
        continue;
      }
      right += 1;
      rightValues.add(name);
      if ((want.notes || {})[said.get(name)]) bounds.push(want.notes[said.get(name)]);
    }
    for (const name of given.keys()) {
      const leaf = (key.leaf_values || {})[name], never = key.never[name];
      if (leaf) {
        asked += 1;
        valuesAsked += 1;
        told2.push([typed3.get(name), shown(W, [leaf.accept])]);
        if (said.get(name) === leaf.accept) right += 1;
        else isWrong(wrongValues, leaf.step, name, "value", leaf.why);
      } else if (never) {
        valuesAsked += 1;
        told2.push([typed3.get(name), W.answers.never]);
        isWrong(wrongValues, never.step, name, "never", never.why);
      } else if (key.leaves.includes(name)) notes.push(fill(W.leaf, { name }));
      else if (!key.values[name]) notes.push(fill(W.not_inner, { name }));
    }
  }
  if (answers.windows) {
    const given = read(answers.windows, parseWindow, "window");
    for (const [name, w] of given) saidWindows.set(name, canonicalWindow(w));
    const typed3 = typedAnswers(key, answers.windows);
    for (const [name, want] of Object.entries(key.windows)) {
      if (onlyGiven && !given.has(name)) continue;
      asked += 1;
      if (!given.has(name)) {
        unanswered.add(name);
        continue;
      }
      told2.push([typed3.get(name), shown(W, [want.accept])]);
      if (saidWindows.get(name) === want.accept) right += 1;
      else isWrong(wrongWindows, want.step, name, "window", want.why);
    }
    for (const name of given.keys()) if (!key.windows[name]) notes.push(fill(W.window_not_asked, { name }));
  }
  const missed = /* @__PURE__ */ new Set(), extra = /* @__PURE__ */ new Set(), chosen = /* @__PURE__ */ new Set();
  if (answers.cut != null) {
    const labels = typeof answers.cut === "string" && nodeName(answers.cut, key.names) !== null ? [answers.cut] : parseLabels(answers.cut, R);
    for (const raw of labels) {
      const name = nameOf2(raw);
      if (name !== null) chosen.add(name);
    }
    for (const [name, at] of Object.entries(key.cuts)) {
      if (answers.cut_of != null && at.parent !== answers.cut_of) continue;
      asked += 1;
      if (chosen.has(name)) right += 1;
      else isWrong(missed, at.step, name, "missed", at.why, cutsTold(key, W, chosen, at.parent));
    }
    for (const name of sorted(chosen).filter((n) => !key.cuts[n])) {
      asked += 1;
      isWrong(extra, key.extra[name].step, name, "extra", key.extra[name].why, cutsTold(key, W, chosen, key.extra[name].parent));
    }
    if (answers.cut_of != null) told2.push(cutsTold(key, W, chosen, answers.cut_of));
  }
  for (const [raw, answer] of Object.entries(answers.tt || {})) {
    const name = nameOf2(raw);
    if (name === null) continue;
    const want = (key.tt || {})[name];
    if (!want) {
      notes.push(fill(W.no_table, { name }));
      continue;
    }
    let returned = null;
    if (!R.goes_on.includes(fold(strip(answer)))) {
      try {
        returned = canonical(parseValue(answer, R));
      } catch (e) {
        notes.push(fill(W.table_unread, { name, error: e.message }));
        continue;
      }
    }
    asked += 1;
    valuesAsked += 1;
    const accept = want.accept ?? null;
    told2.push([strip(answer), accept === null ? W.answers.on : shown(W, [accept])]);
    if (returned === accept) right += 1;
    else isWrong(wrongValues, want.step, name, "value", want.why);
  }
  const wrongNext = /* @__PURE__ */ new Set();
  for (const [stepText, guess] of Object.entries(answers.next || {}).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const step = Number(stepText);
    asked += 1;
    const [at, want] = nextEntered(key, step);
    const name = blank(guess) || nodeName(guess, key.names) === null && R.nothing.includes(fold(strip(guess))) ? null : nameOf2(guess);
    told2.push([(blank(guess) ? "" : strip(guess)) || W.answers.none, want || W.answers.none]);
    if (name === want) right += 1;
    else {
      wrongNext.add(step);
      wrong.push([at, want || strip(guess), "next", want ? "" : W.search_ends, ...told2[told2.length - 1]]);
    }
  }
  wrong.sort((a, b) => a[0] - b[0]);
  const first = wrong.length ? wrong[0] : null;
  const [named, explained] = first === null ? [null, []] : mistakeOf(key, said, rightValues, saidWindows, answers.cut != null && answers.cut_of == null ? chosen : null, !!answers.values && !onlyGiven);
  const correct = !wrong.length && !unanswered.size;
  const counts = {
    values_wrong: wrongValues.size,
    windows_wrong: wrongWindows.size,
    missed: missed.size,
    extra: extra.size,
    next_wrong: wrongNext.size,
    unanswered: unanswered.size
  };
  const verdict = verdictOf(W, correct, counts, valuesAsked, first, onlyGiven && told2.length === 1 ? told2 : null);
  const why = first === null ? "" : first[3];
  const pattern = namedText(W, key, named, explained);
  return {
    correct,
    missed_cuts: sorted(missed),
    extra_cuts: sorted(extra),
    wrong_values: sorted(wrongValues),
    wrong_windows: sorted(wrongWindows),
    wrong_next: [...wrongNext].sort((a, b) => a - b),
    unanswered: sorted(unanswered),
    first_wrong: first ? first[1] : null,
    step: first ? first[0] : null,
    mistake: named,
    sentence: [verdict, why, pattern].filter((p) => p).join(" "),
    score: [right, asked],
    notes,
    verdict,
    why,
    bounds,
    explained,
    pattern
  };
}
var shown = (W, accept) => accept.map((a) => a.replaceAll("~", "")).join(W.or);
function typedAnswers(key, answers) {
  const out = /* @__PURE__ */ new Map();
  for (const [raw, answer] of Object.entries(answers)) {
    const name = nodeName(raw, key.names);
    if (name === null || blank(answer)) continue;
    out.set(name, typeof answer === "string" ? strip(answer) : Array.isArray(answer) && answer.length === 2 ? "(" + fmt2(num(answer[0])) + ", " + fmt2(num(answer[1])) + ")" : typeof answer === "number" ? fmt2(answer) : String(answer));
  }
  return out;
}
function cutsTold(key, W, chosen, parent) {
  const of = (name) => {
    const at = key.cuts[name] || key.extra[name];
    return at ? at.parent : void 0;
  };
  const said = sorted([...chosen].filter((n) => of(n) === parent));
  const right = Object.entries(key.cuts).filter(([, at]) => at.parent === parent).map(([n]) => n);
  return [said.join(", ") || W.answers.none, right.join(", ") || W.answers.none];
}
function nextEntered(key, step) {
  for (const [at, name] of key.entered) if (at >= step) return [at + 1, name];
  return [key.n, null];
}
function mistakeOf(key, said, rightValues, saidWindows, chosen, whole) {
  let best = 0, chosenId = null, explains = [];
  for (const [id, m] of Object.entries(key.mistakes)) {
    const wrongValues = new Set(m.wrong_values), rightWindows = new Set(m.right_windows), wrongCuts = new Set(m.wrong_cuts);
    const predicted = [];
    let contradicted = 0;
    for (const name of /* @__PURE__ */ new Set([...said.keys(), ...whole ? Object.keys(key.never) : []])) {
      const sRight = rightValues.has(name) || !said.has(name) && !key.values[name];
      if (!sRight && said.has(name) && said.get(name) === m.gives[name]) predicted.push(["value", name]);
      else if (wrongValues.has(name)) contradicted += 1;
    }
    for (const [name, given] of saidWindows) {
      const sRight = !!key.windows[name] && given === key.windows[name].accept;
      if (!sRight && given === m.gives_windows[name]) predicted.push(["window", name]);
      else if (!rightWindows.has(name)) contradicted += 1;
    }
    if (chosen !== null) {
      for (const name of /* @__PURE__ */ new Set([...Object.keys(key.cuts), ...m.cuts, ...chosen])) {
        const rightC = !!key.cuts[name], theirsC = m.cuts.includes(name), givenC = chosen.has(name);
        if (givenC !== rightC && givenC === theirsC) predicted.push(["cut", name]);
        else if (wrongCuts.has(name)) contradicted += 1;
      }
    }
    if (predicted.length >= 2 && !contradicted && predicted.length > best) {
      best = predicted.length;
      chosenId = id;
      explains = predicted.map((p) => [stepOf(key, ...p), ...p]).sort(byStep).map(([, kind, name]) => [kind, name]);
    }
  }
  return [chosenId, explains];
}
function stepOf(key, kind, name) {
  const at = { value: key.values, window: key.windows, cut: key.cuts }[kind][name] || key.never[name] || key.extra[name] || { step: 0 };
  return at.step;
}
var cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
var byStep = (a, b) => a[0] - b[0] || cmp(a[1], b[1]) || cmp(a[2], b[2]);
function verdictOf(W, correct, counts, valuesAsked, first, one) {
  if (one !== null && (correct || first !== null)) {
    const [said, right] = one[0];
    return correct ? fill(W.yes_one, { said }) : fill(W.no_one, { said, right });
  }
  if (correct) return W.all_right;
  const parts = W.parts.filter((p) => counts[p]).map((p) => fill(W[p], { n: counts[p], asked: Math.max(valuesAsked, counts[p]) }));
  let text = fill(W.not_yet, { parts: parts.length === 1 ? parts[0] : parts.slice(0, -1).join(W.comma) + W.and + parts[parts.length - 1] });
  if (first !== null) {
    const [step, name, kind, , said, right] = first;
    text += fill(kind === "next" ? W.first_next : W.first, { what: W.what[kind], name, step, said, right });
  }
  return text;
}
function namedText(W, key, named, explained) {
  if (named === null) return "";
  return fill(W.named, { names: listed(W, explained.map(([, name]) => name)), title: key.titles[named][0], why: key.titles[named][1] }).trim();
}
function listed(W, names) {
  const once = [...new Set(names)];
  return once.length === 1 ? once[0] : once.slice(0, -1).join(W.comma) + W.and + once[once.length - 1];
}

// negaviz/frontend/src/practice-steps.js
var VEILS = {
  value: { node: true, sentence: true },
  next: { node: false, sentence: false },
  window: { node: false, sentence: false },
  cut: { node: false, sentence: false },
  leaf: { node: false, sentence: false },
  tt: { node: false, sentence: false }
};
var writeValue = makeFmt({});
function stepQuestions(p) {
  return (p.questions || []).map((q) => q.name === null ? { id: q.id, q: q.q, kind: q.kind } : { ...q });
}
function taskText(question, perspective, key, W) {
  const name = question.name;
  const chance = (question.kind === "value" || question.kind === "cut") && key && key.values[name] ? key.values[name].chance : void 0;
  const kind = chance ? { value: "expected", cut: "cut_chance" }[question.kind] : question.kind;
  const parts = { name, view: W.view[perspective][kind === "expected" ? "value" : kind] || "" };
  if (chance) parts.bounds = "[" + writeValue(num(chance[0])) + ", " + writeValue(num(chance[1])) + "]";
  if (kind === "tt") {
    const t = key.tt[name];
    Object.assign(parts, { entry: t.entry, alpha: writeValue(num(t.window[0])), beta: writeValue(num(t.window[1])) });
  }
  return fill(W.ask[kind], parts) + fill(W.how[kind], parts);
}

// negaviz/frontend/src/practice-verdict.js
var typed2 = (kind) => kind === "next" || kind === "window" || kind === "tt";
var onNode = (kind) => kind === "value" || kind === "leaf";
function cutting(c, e) {
  return c.tree && c.locked || c.open !== null && c.open.kind === "cut" && e.parent === c.open.name;
}
function refresh(c) {
  const { tree, open, tally, marks } = c;
  const steps = !tree;
  c.answerBox.hidden = !(steps && open && typed2(open.kind));
  c.none.hidden = !(steps && open && (open.kind === "next" || open.kind === "cut"));
  c.skip.hidden = !(steps && open);
  c.check.hidden = steps && !open;
  c.check.textContent = tree ? "check" : "answer";
  c.again.hidden = !tree || c.locked || tally.tries === 0;
  c.showMe.hidden = c.firstStep === null;
  c.score.textContent = tally.asked ? "score " + tally.right + " of " + tally.asked + (tree ? " · attempt " + tally.tries : "") : "";
  for (const [name, f] of marks.fields) {
    const on = tree ? c.locked : open && onNode(open.kind) && open.name === name;
    f.value.parentNode.style.display = on ? "" : "none";
  }
  c.windowsBox.hidden = !(marks.fields.size && tree && c.locked && c.p.windows && c.state.windows);
  for (const e of marks.edges.values()) {
    if (cutting(c, e)) {
      e.g.setAttribute("tabindex", "0");
      e.g.removeAttribute("aria-hidden");
    } else {
      e.g.removeAttribute("tabindex");
      e.g.setAttribute("aria-hidden", "true");
    }
  }
}
function mark(box, how) {
  if (how) box.dataset.mark = how;
  else delete box.dataset.mark;
  box.setAttribute("aria-invalid", String(how === "wrong"));
}
function markCuts(g, edges) {
  for (const [name, e] of edges) {
    if (g.missed_cuts.includes(name)) e.g.dataset.nvCut = "missed";
    else if (g.extra_cuts.includes(name)) e.g.dataset.nvCut = "extra";
  }
}
function say(c, g, reveal = null, pattern = null) {
  const { tree, W, result } = c;
  result.replaceChildren(h("p", { class: g.correct ? "nv-right" : "nv-wrong", text: g.verdict }));
  if (!g.correct && g.why) result.append(h("p", { class: "nv-why", text: g.why }));
  if (tree ? g.pattern : pattern) result.append(h("p", { class: "nv-pattern", text: tree ? g.pattern : pattern }));
  for (const n of g.notes) result.append(h("p", { class: "nv-note", text: n }));
  if (g.bounds.length) {
    result.append(h(
      "details",
      { class: "nv-bounds" },
      h("summary", { text: fill(W.bounds, { n: g.bounds.length }) }),
      ...g.bounds.map((n) => h("p", { class: "nv-note", text: n }))
    ));
  }
  if (g.first_wrong !== null && tree) result.append(h("p", { text: fill(W.show_me, { step: g.step }) }));
  c.firstStep = tree ? g.step : reveal;
  refresh(c);
}

// negaviz/frontend/src/practice-flow.js
var asking = (c, q) => !c.done.has(q.id) && (q.kind !== "window" || c.state.windows);
function hide(c, step) {
  const out = { total: true, sentence: false, veil: null };
  if (c.tree) return out;
  for (const q of c.questions) {
    if (q.q !== step || !asking(c, q)) continue;
    const v = VEILS[q.kind];
    out.sentence = out.sentence || v.sentence;
    const cur = c.data.current(step);
    if (v.node && cur !== void 0 && cur >= 0) (out.veil = out.veil || /* @__PURE__ */ new Set()).add(cur);
  }
  return out;
}
function gate(c, from, to) {
  if (c.tree && c.locked) {
    c.pause();
    c.result.textContent = c.W.locked;
    return from;
  }
  if (c.tree && to > from && !c.revealed) {
    c.revealed = true;
    if (c.log) c.log.shown();
  }
  if (c.tree || to <= from) return to;
  if (c.open) {
    c.pause();
    return from;
  }
  const next = c.questions.find((q) => q.q >= from && q.q < to && asking(c, q));
  if (!next) return to;
  return next.q;
}
function ask(c, question) {
  const { L, answerBox, marks } = c;
  c.open = question;
  c.pause();
  c.firstStep = null;
  c.task.textContent = taskText(question, c.state.perspective, c.key(), c.p.words.steps);
  const label = { window: L.window_of, tt: L.table, next: L.next }[question.kind];
  if (label) answerBox.setAttribute("aria-label", fill(label, { name: question.name }));
  answerBox.placeholder = { window: L.window_hint, tt: L.table_hint, next: L.next_hint }[question.kind] || "";
  refresh(c);
  if (question.kind === "cut") {
    const mine = [...marks.edges].filter(([, e]) => e.parent === question.name);
    for (const [name, e] of mine) {
      marks.setCut(name, false);
      delete e.g.dataset.nvCut;
    }
    if (mine.length) mine[0][1].g.focus();
    return;
  }
  const f = onNode(question.kind) && marks.fields.get(question.name);
  if (f) {
    f.value.value = "";
    mark(f.value, "");
    f.value.focus();
  } else {
    answerBox.value = "";
    answerBox.focus();
  }
}
function judgeOpen(c, nothing) {
  const { open, marks, answerBox, judge } = c;
  let g;
  if (onNode(open.kind)) {
    const f = marks.fields.get(open.name);
    g = judge({ values: { [open.name]: f ? f.value.value : "" } }, true);
    if (f) mark(f.value, g.correct ? "" : "wrong");
  } else if (open.kind === "cut") {
    const mine = [...marks.edges].filter(([, e]) => e.parent === open.name);
    g = judge({ cut: mine.filter(([, e]) => e.on).map(([name]) => name), cut_of: open.name }, true);
    markCuts(g, mine);
  } else if (open.kind === "window") {
    g = judge({ windows: { [open.name]: answerBox.value } }, true);
  } else if (open.kind === "tt") {
    g = judge({ tt: { [open.name]: answerBox.value } }, true);
  } else g = judge({ next: { [String(open.q)]: nothing ? "" : answerBox.value } }, true);
  return g;
}
function submit(c, nothing = false) {
  const { open, tally, key } = c;
  if (!open) return;
  const g = judgeOpen(c, nothing);
  if (g.notes.length && !g.score[1]) {
    say(c, g);
    return;
  }
  if (open.kind === "value" || open.kind === "window") {
    const f = open.kind === "value" ? c.marks.fields.get(open.name) : null;
    c.soFar[open.kind + "s"][open.name] = f ? f.value.value : c.answerBox.value;
  }
  tally.asked += 1;
  if (g.correct) tally.right += 1;
  c.done.set(open.id, g.correct ? "right" : "wrong");
  const revealAt = open.kind === "value" ? key().values[open.name].step : open.kind === "leaf" ? key().leaf_values[open.name].step : open.kind === "tt" ? key().tt[open.name].step : open.kind === "window" ? key().windows[open.name].step : open.kind === "cut" ? cutShown(c, open.name) : nextEntered(key(), open.q)[0];
  close(c, "");
  const all = c.judge(c.soFar, true);
  const kind = open.kind === "window" ? "window" : "value";
  const explains = !g.correct && all.mistake !== null && all.explained.some(([k, n]) => k === kind && n === open.name);
  const pattern = explains ? fill(c.W.pattern, {
    names: listed(c.p.words.grade, all.explained.map(([, n]) => n)),
    title: key().titles[all.mistake][0],
    why: key().titles[all.mistake][1]
  }) : null;
  say(c, g, revealAt, pattern);
  if (!c.open) c.home.focus({ preventScroll: true });
}
function cutShown(c, name) {
  const at = Object.values(c.key().cuts).find((cut) => cut.parent === name);
  return at ? at.step : c.key().values[name].step;
}
function close(c, text) {
  c.open = null;
  c.task.textContent = c.W.step_on;
  if (text) c.result.textContent = text;
  refresh(c);
  c.go(c.state.step, true);
}

// negaviz/frontend/src/practice-marks.js
function makeMarks({ p, tree, windowsBox, live, enter, leave, log }) {
  const fields = /* @__PURE__ */ new Map();
  const edges = /* @__PURE__ */ new Map();
  let items = null;
  const L = p.words.page.labels;
  const nameOf2 = (it) => it.item.answer;
  function keyed(box) {
    box.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        enter(box);
      } else if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        leave(box);
      }
    });
    return box;
  }
  function input(g, x, y, w, hgt, label) {
    const fo = document.createElementNS(g.ownerSVGElement.namespaceURI, "foreignObject");
    for (const [k, v] of Object.entries({ x, y, width: w, height: hgt, class: "nv-field" })) fo.setAttribute(k, String(v));
    const box = document.createElement("input");
    box.setAttribute("type", "text");
    box.setAttribute("aria-label", label);
    box.setAttribute("placeholder", "?");
    box.className = "nv-answer";
    for (const ev of ["click", "mousedown", "pointerdown", "dblclick", "wheel"]) box.addEventListener(ev, (e) => e.stopPropagation());
    fo.append(keyed(box));
    g.append(fo);
    g.setAttribute("role", "group");
    return box;
  }
  function windowField(name) {
    const box = keyed(h("input", { type: "text", class: "nv-answer nv-window-answer", "aria-label": fill(L.window_field, { name }), placeholder: L.window_hint }));
    windowsBox.append(h("label", { class: "nv-window-field" }, name + " ", box));
    return box;
  }
  function setCut(name, on) {
    const e = edges.get(name);
    e.on = on;
    e.g.setAttribute("aria-checked", String(on));
    if (on) e.g.dataset.nvCut = "on";
    else delete e.g.dataset.nvCut;
    log.cut(name, on);
  }
  function edge(it, parent, name) {
    const e = { g: it.edge, parent, on: false };
    it.edge.setAttribute("role", "checkbox");
    it.edge.setAttribute("aria-checked", "false");
    it.edge.setAttribute("aria-label", fill(L.cut_edge, { parent, name }));
    const path = it.edge.querySelector("path");
    if (path) {
      const hit = path.cloneNode(false);
      hit.setAttribute("class", "nv-hit");
      it.edge.append(hit);
    }
    const toggle = (ev) => {
      ev.stopPropagation();
      ev.preventDefault();
      if (live(e)) setCut(name, !e.on);
    };
    it.edge.addEventListener("click", toggle);
    for (const ev of ["pointerdown", "mousedown"]) it.edge.addEventListener(ev, (e2) => {
      if (live(e)) e2.stopPropagation();
    });
    it.edge.addEventListener("keydown", (ev) => {
      if (ev.key === " " || ev.key === "Enter") toggle(ev);
    });
    return e;
  }
  function attach2(drawn) {
    if (items === drawn) return false;
    items = drawn;
    fields.clear();
    edges.clear();
    windowsBox.replaceChildren(h("span", { text: L.windows_heading }));
    const inner = new Set([...items.values()].map((it) => it.item.up).filter((t) => t));
    const cuts = !!p.cut_edges;
    const leaves = new Set((p.ask || []).includes("leaf") ? Object.keys(p.keys.negamax.leaf_values || {}) : []);
    for (const it of items.values()) {
      const name = nameOf2(it);
      if (!name) continue;
      if ((inner.has(it.item.title) || leaves.has(name)) && it.box) {
        const [l, t, r, b] = it.box;
        const w = Math.max(r - l - 4, 26);
        const f = { value: input(it.g, (l + r) / 2 - w / 2, (t + b) / 2 - 1, w, 15, fill(L.value_of, { name })) };
        if (tree && p.windows && it.item.up) f.window = windowField(name);
        f.value.addEventListener("change", () => log.value(name, f.value.value));
        if (f.window) f.window.addEventListener("change", () => log.window(name, f.window.value));
        fields.set(name, f);
      }
      if ((tree || cuts) && it.item.up && it.edge && items.get(it.item.up)) {
        edges.set(name, edge(it, nameOf2(items.get(it.item.up)), name));
      }
    }
    inSearchOrder();
    return true;
  }
  function inSearchOrder() {
    const kids = /* @__PURE__ */ new Map();
    let top = null;
    for (const it of items.values()) {
      if (!it.item.up) {
        top = top || it;
        continue;
      }
      if (!kids.has(it.item.up)) kids.set(it.item.up, []);
      kids.get(it.item.up).push(it);
    }
    const x = (it) => it.box ? it.box[0] : 0;
    const visit = (it) => {
      if (it.edge && it.edge.parentNode) it.edge.parentNode.append(it.edge);
      if (it.g.parentNode) it.g.parentNode.append(it.g);
      for (const c of (kids.get(it.item.title) || []).sort((a, b) => x(a) - x(b))) visit(c);
    };
    if (top) visit(top);
  }
  function nodeNamed(g) {
    if (!items) return null;
    const it = [...items.values()].find((x) => x.g === g);
    return it ? nameOf2(it) || null : null;
  }
  return { fields, edges, attach: attach2, setCut, nodeNamed };
}

// negaviz/frontend/src/practice-submit.js
function answerLog() {
  const list2 = [];
  return {
    list: list2,
    value: (node, text) => list2.push({ kind: "value", node, text: String(text) }),
    window: (node, text) => list2.push({ kind: "window", node, text: String(text) }),
    cut: (node, on) => list2.push({ kind: on ? "cut" : "uncut", node }),
    checked: () => list2.push({ kind: "checked" }),
    shown: (node = null) => list2.push(node ? { kind: "shown", node } : { kind: "shown" })
  };
}
function attemptRecord(submit2, answered) {
  return {
    format: submit2.format,
    schema: submit2.schema,
    negaviz: submit2.negaviz,
    student: submit2.student ?? null,
    exercises: answered.map((a) => ({ exercise: a.exercise, answers: a.answers.slice(), verdict: a.verdict ?? null }))
  };
}
function advisory(g) {
  return g ? { advisory: true, correct: !!g.correct, score: g.score.slice(), mistake: g.mistake ?? null, sentence: g.sentence } : null;
}
function downloadRecord(record, filename) {
  const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}
var told = (template, part) => template.replace(/\{\w+\}/, () => part);
function saveRecord(model, record, submit2) {
  const file = model && typeof model.get === "function" ? model.get("answers_file") : "";
  if (file) {
    model.send({ type: "attempt", record });
    return told(submit2.words.submitting, file);
  }
  downloadRecord(record, submit2.file);
  return told(submit2.words.downloaded, submit2.file);
}
function makeSubmit({ submit: submit2, model, answers, verdict, perspective, windows, say: say2 }) {
  const el = document.createElement("button");
  el.type = "button";
  el.textContent = submit2.words.button[0];
  el.title = submit2.words.button[1];
  el.setAttribute("aria-label", el.title);
  if (model && typeof model.on === "function") {
    model.on("msg:custom", (msg) => {
      if (msg && msg.type === "saved") say2(told(submit2.words.saved, msg.file));
      else if (msg && msg.type === "not-saved") say2(told(submit2.words.not_saved, msg.why));
    });
  }
  el.addEventListener("click", () => {
    const exercise = { ...submit2.exercise, perspective: perspective(), windows: !!windows() };
    say2(saveRecord(model, attemptRecord(submit2, [{ exercise, answers: answers(), verdict: verdict() }]), submit2));
  });
  return el;
}

// negaviz/frontend/src/practice-tree.js
function checkTree(c) {
  if (!c.locked) return;
  const { p, state, marks, tally } = c;
  const answers = { values: {}, cut: [] };
  if (p.windows && state.windows) answers.windows = {};
  for (const [name, f] of marks.fields) {
    if (f.value.value.trim()) answers.values[name] = f.value.value;
    if (answers.windows && f.window && f.window.value.trim()) answers.windows[name] = f.window.value;
  }
  for (const [name, e] of marks.edges) if (e.on) answers.cut.push(name);
  const g = c.judge(answers);
  c.shownGrade = g;
  if (c.log) c.log.checked();
  tally.tries += 1;
  [tally.right, tally.asked] = g.score;
  for (const [name, f] of marks.fields) {
    mark(f.value, g.wrong_values.includes(name) ? "wrong" : g.unanswered.includes(name) && c.key().values[name] ? "missing" : "");
    if (f.window) mark(f.window, g.wrong_windows.includes(name) ? "wrong" : "");
  }
  markCuts(g, marks.edges);
  say(c, g);
  c.locked = false;
  refresh(c);
  (c.showMe.hidden ? c.home : c.showMe).focus({ preventScroll: true });
}
function tryAgain(c) {
  c.locked = true;
  c.revealed = false;
  c.firstStep = null;
  for (const f of c.marks.fields.values()) {
    mark(f.value, "");
    if (f.window) mark(f.window, "");
  }
  for (const [name, e] of c.marks.edges) c.marks.setCut(name, e.on);
  c.result.textContent = c.W.try_again;
  c.go(0);
  refresh(c);
}

// negaviz/frontend/src/practice-ui.js
function makePractice({ data, pane, state, go, pause, home, model }) {
  const p = data.s.practice;
  const tree = p.mode === "tree";
  const key = () => p.keys[state.perspective];
  const W = p.words.page, L = W.labels;
  const judge = (answers, onlyGiven = false) => grade(key(), answers, { onlyGiven, words: p.words });
  const c = {
    p,
    tree,
    key,
    W,
    L,
    judge,
    data,
    state,
    go,
    pause,
    home,
    locked: tree,
    // tree mode: stepping waits for check
    open: null,
    // steps mode: the question on show
    done: /* @__PURE__ */ new Map(),
    // steps mode: question id -> "right" | "wrong" | "skipped"
    tally: { right: 0, asked: 0, tries: 0 },
    soFar: { values: {}, windows: {} },
    // steps mode: every value and window answered, first tries
    firstStep: null,
    // the step "show me" goes to
    revealed: false,
    // tree mode: the search's answers shown since the last check (logged once)
    shownGrade: null,
    // tree mode: the grade shown last (a submitted record's verdict)
    // questions as the search goes (window questions while windows are shown)
    questions: tree ? [] : stepQuestions(p)
  };
  const chance = !!(p.keys && p.keys.negamax && p.keys.negamax.chance);
  c.task = h("p", { class: "nv-practice-task", text: tree ? (chance ? W.tree_task_chance : W.tree_task) + (p.windows ? W.tree_windows : "") : "" });
  c.answerBox = h("input", { type: "text", class: "nv-practice-name", "aria-label": L.next, placeholder: L.next_hint });
  c.result = h("div", { class: "nv-practice-result", role: "status", "aria-live": "polite" });
  c.score = h("span", { class: "nv-practice-score" });
  const button = ([text, label], onclick) => h("button", { type: "button", "aria-label": label, title: label, text, onclick });
  c.check = button(L.check, () => tree ? checkTree(c) : submit(c));
  c.none = button(L.none, () => {
    if (c.open && c.open.kind === "cut") {
      for (const [name, e] of c.marks.edges) if (e.parent === c.open.name) c.marks.setCut(name, false);
    }
    c.answerBox.value = "";
    submit(c, true);
  });
  c.showMe = button(L.show_me, () => showStep());
  c.again = button(L.again, () => tryAgain(c));
  c.skip = button(L.skip, () => {
    if (c.open) {
      c.done.set(c.open.id, "skipped");
      close(c, W.skipped);
    }
  });
  c.windowsBox = h("div", { class: "nv-practice-windows", role: "group", "aria-label": L.windows });
  c.windowsBox.hidden = true;
  const log = answerLog();
  c.log = log;
  const submitButton = tree && p.submit ? [makeSubmit({ submit: p.submit, model, answers: () => log.list, verdict: () => advisory(c.shownGrade), perspective: () => state.perspective, windows: () => p.windows && state.windows, say: (t) => {
    c.result.textContent = t;
  } })] : [];
  const el = h("div", { class: "nv-practice", role: "region", "aria-label": L.region }, c.task, c.result);
  const controls = h(
    "div",
    { class: "nv-practice nv-practice-controls", role: "group", "aria-label": L.controls },
    c.windowsBox,
    h("div", { class: "nv-practice-bar" }, c.answerBox, c.check, c.showMe, c.none, c.skip, c.again, ...submitButton, c.score),
    h("p", { class: "nv-practice-keys", text: W.keys })
  );
  c.answerBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      submit(c);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      leave(c.answerBox);
    }
  });
  c.marks = makeMarks({ p, tree, windowsBox: c.windowsBox, log, live: (e) => cutting(c, e), enter: () => tree ? checkTree(c) : submit(c), leave: (box) => leave(box) });
  pane.tree.addEventListener("click", onNodeClick, true);
  let leftFrom = null;
  function leave(box) {
    leftFrom = box || null;
    home.focus({ preventScroll: true });
  }
  home.addEventListener("focusin", (e) => {
    if (e.target !== home) leftFrom = null;
  });
  home.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || !leftFrom || e.target !== home || e.altKey || e.ctrlKey || e.metaKey) return;
    const from = leftFrom;
    leftFrom = null;
    const order = tabOrder(home);
    const to = e.shiftKey ? from : order[order.indexOf(from) + 1];
    if (!to || !from.isConnected) return;
    e.preventDefault();
    to.focus({ preventScroll: false });
  });
  function onNodeClick(ev) {
    if (tree ? !c.locked : !c.open) return;
    const g = ev.target.closest && ev.target.closest("g.node");
    const name = g ? c.marks.nodeNamed(g) : null;
    if (name === null) return;
    ev.stopPropagation();
    if (!tree && c.open.kind === "next") {
      c.answerBox.value = name;
      submit(c);
    } else if (c.marks.fields.has(name)) c.marks.fields.get(name).value.focus();
  }
  function showStep() {
    if (c.firstStep === null) return;
    if (c.open) {
      c.done.set(c.open.id, "skipped");
      close(c, "");
    }
    if (tree && !c.revealed) {
      c.revealed = true;
      log.shown(c.shownGrade ? c.shownGrade.first_wrong : null);
    }
    go(c.firstStep);
    home.focus({ preventScroll: true });
  }
  return {
    el,
    controls,
    hide: (step) => hide(c, step),
    gate: (from, to) => gate(c, from, to),
    shown() {
      if (c.marks.attach(pane.items)) refresh(c);
      refresh(c);
      if (!tree && !c.open) {
        const here = c.questions.find((q) => q.q === state.step && asking(c, q));
        if (here) ask(c, here);
      }
    }
  };
}
function tabOrder(root) {
  const all = root.querySelectorAll("input:not([type=hidden]), button, select, textarea, a[href], [tabindex]");
  return [...all].filter((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0 && el.getAttribute("aria-hidden") !== "true");
}

// negaviz/frontend/src/edit-ui.js
var EDITING = " While the tree is edited, a click on a node picks it to edit instead (from the keyboard: Tab to it and press Enter, or the node list).";
function nameOf(items, g) {
  for (const it of items.values()) if (it.g === g && it.item && it.item.name) return it.item.name;
  return null;
}
async function copyText(text, clipboard) {
  if (clipboard && typeof clipboard.writeText === "function") {
    try {
      await clipboard.writeText(text);
      return "Copied the tree: " + text;
    } catch (e) {
    }
  }
  return "This page may not use the clipboard: the text is selected, press Ctrl+C (⌘C) to copy it.";
}
function pickOnClick(model, pane) {
  const pick = (ev) => {
    const g = ev.target && ev.target.closest ? ev.target.closest("g.node") : null;
    const name = g ? nameOf(pane.items, g) : null;
    if (name === null) return;
    ev.stopPropagation();
    model.set("picked", name);
    model.save_changes();
  };
  pane.tree.addEventListener("click", pick, true);
}
function copyTreeBar(text) {
  const field = h("input", { type: "text", class: "nv-tree-text", readonly: "", value: text, "aria-label": "the tree's text", size: String(Math.min(Math.max(text.length, 20), 80)) });
  const said = h("span", { class: "nv-copied", role: "status", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "nv-copy-tree", title: "copy the tree's text, to paste into a notebook", "aria-label": "copy tree", text: "copy tree" });
  button.addEventListener("click", async () => {
    field.select();
    const clip = typeof navigator !== "undefined" ? navigator.clipboard : void 0;
    const sentence = await copyText(text, clip);
    if (!sentence.startsWith("Copied") && typeof document.execCommand === "function") {
      try {
        if (document.execCommand("copy")) {
          said.textContent = "Copied the tree: " + text;
          return;
        }
      } catch (e) {
      }
    }
    said.textContent = sentence;
  });
  return h("div", { class: "nv-bar nv-tree-bar" }, h("label", {}, "tree ", field), button, said);
}
function renderStatusLine({ model, el }) {
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
  return () => {
    model.off("change:status_line", show);
    model.off("change:refused", show);
  };
}

// negaviz/frontend/src/edit-keys.js
var EDIT_KEYS = " From the keyboard: Tab to a node of the tree; Enter or Space picks it (on a leaf, type its new value, then Enter); A adds a child, Delete removes it, [ and ] move it left and right; Escape leaves the tree.";
var KEY_EDITS = { Enter: "pick", " ": "pick", Escape: "leave", a: "add", A: "add", Delete: "remove", Backspace: "remove", "[": "left", "]": "right" };
function keyAction(key) {
  return Object.prototype.hasOwnProperty.call(KEY_EDITS, key) ? KEY_EDITS[key] : null;
}
function leafText(d, item, inner) {
  if (inner || item.given === null || item.given === void 0) return null;
  return String(d.signAt(item.player, "minimax") * num(item.given));
}
function nodeLabel(name, leaf) {
  return "node " + name + (leaf === null ? ", inner node" : ", leaf " + leaf);
}
function editByKeyboard(model, pane, root) {
  let items = null;
  let asked = 0;
  let focusWanted = model.get("focus") || "";
  const send = (kind, node, value = null) => {
    model.set("edit", { kind, node, value, n: ++asked });
    model.save_changes();
  };
  function attach2() {
    if (items !== pane.items) {
      items = pane.items;
      const inner = new Set([...items.values()].map((it) => it.item.up).filter((t) => t));
      for (const it of items.values()) {
        const item = it.item;
        if (!item || !item.name || item.kind !== "n" && item.kind !== "p") continue;
        const leaf = leafText(pane.d, item, inner.has(item.title));
        it.g.setAttribute("tabindex", "0");
        it.g.setAttribute("role", "button");
        it.g.setAttribute("aria-label", nodeLabel(item.name, leaf));
        it.g.dataset.nvName = item.name;
        it.g.addEventListener("keydown", (e) => onKey(e, it, leaf));
      }
    }
    if (focusWanted && items.size) {
      const it = [...items.values()].find((x) => x.g.dataset.nvName === focusWanted);
      focusWanted = "";
      if (it) focusSoon(it.g, 20);
    }
  }
  function focusSoon(g, tries) {
    const free = () => !document.activeElement || document.activeElement === document.body || root.contains(document.activeElement);
    if (free()) g.focus();
    if (document.activeElement !== g && free() && tries > 0) setTimeout(() => focusSoon(g, tries - 1), 50);
  }
  function onKey(e, it, leaf) {
    const act = e.target === it.g && !e.ctrlKey && !e.metaKey && !e.altKey ? keyAction(e.key) : null;
    if (act === null) return;
    e.preventDefault();
    e.stopPropagation();
    const name = it.item.name;
    if (act === "leave") root.focus({ preventScroll: true });
    else if (act === "pick") {
      model.set("picked", name);
      model.save_changes();
      if (leaf !== null) valueField(it, leaf);
    } else send(act, name);
  }
  function valueField(it, leaf) {
    const svg = it.g.ownerSVGElement;
    let fo = svg.querySelector("foreignObject.nv-edit-field");
    if (fo) fo.remove();
    const [l, t, r, b] = it.box || [0, 0, 40, 20];
    const w = Math.max(r - l, 34);
    fo = document.createElementNS(svg.namespaceURI, "foreignObject");
    for (const [k, v] of Object.entries({ x: (l + r) / 2 - w / 2, y: (t + b) / 2 - 12, width: w, height: 24, class: "nv-field nv-edit-field" })) fo.setAttribute(k, String(v));
    const box = document.createElement("input");
    box.type = "text";
    box.className = "nv-answer";
    box.value = leaf;
    box.setAttribute("aria-label", "new value of " + it.item.name + ", then Enter (Escape: keep " + leaf + ")");
    for (const ev of ["click", "mousedown", "pointerdown", "dblclick", "wheel"]) box.addEventListener(ev, (e) => e.stopPropagation());
    box.addEventListener("keydown", (e) => {
      e.stopPropagation();
      if (e.key === "Enter") {
        e.preventDefault();
        send("value", it.item.name, box.value);
      } else if (e.key === "Escape") {
        e.preventDefault();
        fo.remove();
        it.g.focus();
      }
    });
    fo.append(box);
    it.g.parentNode.append(fo);
    box.focus();
    box.select();
  }
  return { attach: attach2 };
}

// negaviz/frontend/src/edit-result.js
function resultLine(result) {
  const el = h("p", { class: "nv-result", role: "note" });
  return { el, show: (perspective) => {
    el.textContent = result[perspective];
  } };
}

// negaviz/frontend/src/scene-data.js
var SceneData = class {
  constructor(scene) {
    this.s = scene;
    this.schema = scene.schema;
    this.n = scene.n;
    this.kinds = scene.kinds;
    this.fmt = makeFmt(scene.fmt || {});
    this.chunks = /* @__PURE__ */ new Map();
    this.lives = /* @__PURE__ */ new Map();
    this.views = [];
    for (const view of scene.views) this.addView(view);
    for (const [k, v] of Object.entries(scene.chunks || {})) this.addChunk(Number(k), v);
  }
  addView(view) {
    this.addLives(view.lives);
    view.index = this.views.length;
    view.items = view.items.map((row) => decode(this.schema.item, row));
    view.byTitle = new Map(view.items.map((it) => [it.title, it]));
    view.titleOf = /* @__PURE__ */ new Map();
    for (const it of view.items) if (it.kind === "n") for (const nid of [it.node, ...it.again || []]) view.titleOf.set(nid, it.title);
    view.nodeSet = new Set(view.titleOf.keys());
    this.views.push(view);
    return view;
  }
  addLives(lives) {
    for (const [nid, life] of Object.entries(lives || {})) {
      if (!this.lives.has(Number(nid))) this.lives.set(Number(nid), decodeLife(this.schema, life));
    }
  }
  // A chunk of steps, and what it says of a given tree's view (drawn whole, its items
  // named by their place in the tree): which item each trace node entered by the chunk's
  // last step is, and which items are pruned by then (negaviz.frontend.scene.Scene.places).
  addChunk(index, chunk) {
    this.chunks.set(index, chunk);
    this.addLives(chunk.lives);
    for (const [step, v, title, nid, only] of chunk.places || []) {
      const view = this.views[v];
      const item = view && view.byTitle.get(title);
      if (!item) continue;
      item.only = only;
      if (nid < 0) {
        item.pruned = step;
        continue;
      }
      if (view.titleOf.has(nid)) continue;
      const entries = [...item.kind === "n" ? [item.node, ...item.again] : [], nid].sort((a, b) => a - b);
      item.kind = "n";
      item.node = entries[0];
      item.again = entries.slice(1);
      view.titleOf.set(nid, title);
      view.nodeSet.add(nid);
    }
  }
  chunkOf(step) {
    return Math.floor(step / this.s.chunk);
  }
  chunk(step) {
    return this.chunks.get(this.chunkOf(step));
  }
  current(step) {
    const c = this.chunk(step);
    return c ? c.current[step - this.chunkOf(step) * this.s.chunk] : void 0;
  }
  passOf(step) {
    let p = 0;
    const passes = this.s.passes;
    for (let i = 0; i < passes.length; i++) if (passes[i][0] <= Math.max(step - 1, 0)) p = i;
    return p;
  }
  // The view showing `step`: one of its pass whose drawn nodes include the current node.
  viewFor(step) {
    const p = this.passOf(step);
    const cur = this.current(step);
    if (cur === void 0) return null;
    let fallback = null;
    for (const v of this.views) {
      if (v.pass !== p) continue;
      if (v.span) {
        if (v.span[0] <= step && (v.span[1] < 0 || step < v.span[1])) return v;
        continue;
      }
      if (cur < 0 || v.nodeSet.has(cur)) return v;
      fallback = fallback || v;
    }
    return cur < 0 && !(fallback && fallback.span) ? fallback : null;
  }
  // The trace node a drawn item stands for at `step`: its latest entry by then (a node of
  // a given tree entered again, by a PVS re-search), else its first (as fold.latest).
  entryAt(item, step) {
    let nid = item.node;
    for (const again of item.again || []) if (this.lives.get(again).enter < step) nid = again;
    return nid;
  }
  // The same rules as Timeline.node_at (tests/frontend/scene-data.test.mjs checks both agree).
  nodeAt(nid, step) {
    const life = this.lives.get(nid);
    if (!life || step <= life.enter) return { status: "unvisited", value: null, bound: null, alpha: null, beta: null, cut: false, tt: false, bestChild: -1 };
    const cut = life.cut >= 0 && life.cut < step;
    let best = null, alpha = life.alpha, beta = life.beta, bestChild = -1;
    const kinds = this.s.codes.changes;
    for (const ch of life.changes) {
      if (ch.step >= step) break;
      if (ch.kind === kinds.best) {
        best = ch.value;
        alpha = ch.alpha;
        bestChild = ch.child;
      } else if (ch.kind === kinds.sum) best = ch.value;
      else if (ch.kind === kinds.alpha) alpha = Math.max(alpha, ch.value);
      else beta = Math.min(beta, ch.value);
    }
    if (life.exit >= 0 && life.exit < step) {
      return { status: "done", value: life.value, bound: life.bound, alpha: life.alpha, beta: life.beta, cut, tt: life.tt, bestChild };
    }
    const status = this.current(step) === nid ? "current" : "active";
    return { status, value: best, bound: null, alpha, beta, cut, tt: false, bestChild };
  }
  // minimax view: values for the first player, negated where the second player moves
  // (negaviz.analysis.steps.sign): `player` is an item's or a life's (who moves there,
  // read from the trace and the game, not from the depth's parity).
  signAt(player, perspective) {
    if (perspective !== "minimax") return 1;
    return player ? -1 : 1;
  }
  sign(nid, perspective) {
    const life = this.lives.get(nid);
    return this.signAt(life ? life.player : this.s.first_player, perspective);
  }
  // Nodes entered by `step` in the node ranges [start, end) (node numbers are the order
  // of entry): what a folded summary has taken in so far.
  enteredIn(ranges, step) {
    const c = this.counters(step);
    if (!c) return 0;
    let n = 0;
    for (const [start, end] of ranges) n += Math.max(0, Math.min(end, c.nodes) - start);
    return n;
  }
  counters(step) {
    const c = this.chunk(step);
    if (!c) return null;
    let [nodes, leaves, cutoffs, hits] = c.base;
    const from = this.chunkOf(step) * this.s.chunk;
    const codes = this.s.codes;
    for (let k = from; k < step; k++) {
      const ch = this.kinds[k];
      if (ch === codes.enter) nodes++;
      else if (codes.leaf.includes(ch)) leaves++;
      else if (ch === codes.cutoff) cutoffs++;
      else if (ch === codes.tt_hit) hits++;
    }
    return { nodes, leaves, cutoffs, hits };
  }
  // A comparison pane's title at `step`: its nodes entered so far and, of them, those
  // only this search visits (scene.only_steps: the steps they are entered at, sorted).
  titleAt(step) {
    const c = this.counters(step);
    if (!c) return this.s.title || "";
    const steps = this.s.only_steps || [];
    let only = 0;
    while (only < steps.length && steps[only] < step) only++;
    const n = (x) => x.toLocaleString("en-US");
    return (this.s.title ? this.s.title + ": " : "") + n(c.nodes) + " nodes so far, " + n(only) + " visited only here";
  }
  // The step just after the next event with one of `codes` at or after `step`; -1 if none.
  nextStep(step, codes) {
    let best = -1;
    for (const c of codes) {
      const at = this.kinds.indexOf(c, step);
      if (at >= 0 && (best < 0 || at < best)) best = at;
    }
    return best < 0 ? -1 : best + 1;
  }
  stack(step) {
    const out = [];
    let nid = this.current(step);
    while (nid !== void 0 && nid >= 0 && this.lives.has(nid)) {
      out.push(nid);
      nid = this.lives.get(nid).parent;
    }
    return out.reverse();
  }
  // The best line at `step` from `root`: the nodes of it entered by then (down to a
  // veiled node: what lies below it is its answer, look.js).
  bestLine(step, root, veil = null) {
    const out = /* @__PURE__ */ new Set();
    let nid = root;
    while (nid >= 0 && this.lives.has(nid) && step > this.lives.get(nid).enter) {
      out.add(nid);
      if (veil !== null && veil.has(nid)) break;
      nid = this.nodeAt(nid, step).bestChild;
    }
    return out;
  }
  // The best line of the whole search (the last pass's), for the preview.
  finalLine() {
    if (!this._finalLine) this._finalLine = this.bestLine(this.n, this.s.passes[this.s.passes.length - 1][1]);
    return this._finalLine;
  }
};
function decode(fields, row) {
  const out = {};
  fields.forEach((f, i) => {
    out[f] = row[i];
  });
  return out;
}
function decodeLife(schema, row) {
  const life = decode(schema.life, row);
  for (const k of ["value", "alpha", "beta"]) life[k] = num(life[k]);
  life.tt = !!life.tt;
  life.changes = life.changes.map((c) => {
    const ch = decode(schema.change, c);
    ch.value = num(ch.value);
    ch.alpha = num(ch.alpha);
    return ch;
  });
  return life;
}

// negaviz/frontend/src/text-tree.js
var STATES = [
  ["nv-current", "the current node"],
  ["nv-active", "on the call stack"],
  ["nv-pruned", "pruned: never searched"],
  ["nv-folded", "folded"],
  ["nv-unseen", "not yet visited"],
  ["nv-exact", "returned"],
  ["nv-lower", "returned a lower bound"],
  ["nv-upper", "returned an upper bound"]
];
var MARKS = [["nv-pv", "on the best line"], ["nv-preview", "later in the search (preview)"]];
var BOUNDS = [["=", "", " (exact)"], ["≥", "at least ", ""], ["≤", "at most ", ""], ["best ", "best so far ", ""], ["sum ", "sum so far ", ""], ["value ", "", ""]];
var MARK_WORDS = { cut: "cut off", TT: "table hit" };
function valueWords(v) {
  if (v === "?") return "no value yet";
  for (const [sym, before, after] of BOUNDS) if (v.startsWith(sym)) return "value " + before + v.slice(sym.length) + after;
  return "value " + v;
}
function describe(d, item, step, settings) {
  const o = look(d, item, step, settings);
  const cls = o.cls.split(" ");
  if (cls.includes("nv-hidden")) return null;
  const parts = [item.name];
  if (item.kind === "n" || item.kind === "p") parts.push(item.chance ? "chance node" : (item.player ? "second" : "first") + " player to move");
  const state = STATES.find(([c]) => cls.includes(c));
  if (state) parts.push(state[1]);
  const value = o.v.slice((item.prefix || "").length).trim();
  if (value && value !== "pruned") parts.push(o.given ? "given value " + value : valueWords(value));
  if (settings.windows && o.w && !cls.includes("nv-unseen")) parts.push("window " + o.w);
  if (o.m && o.m !== "pruned") parts.push(o.m.split(" ").map((w) => MARK_WORDS[w] || w).join(", "));
  for (const [c, words] of MARKS) if (cls.includes(c)) parts.push(words);
  return parts.join(", ");
}
function textForest(d, items, step, settings) {
  const rows = /* @__PURE__ */ new Map();
  const roots = [];
  for (const item of items) {
    const text = describe(d, item, step, settings);
    if (text !== null) rows.set(item.title, { title: item.title, up: item.up, text, children: [] });
  }
  for (const row of rows.values()) {
    const parent = row.up ? rows.get(row.up) : null;
    (parent ? parent.children : roots).push(row);
  }
  return roots;
}
function list(rows) {
  return h("ul", {}, ...rows.map((r) => h("li", { text: r.text }, ...r.children.length ? [list(r.children)] : [])));
}
var made = /* @__PURE__ */ new WeakMap();
function showTextTree(pane, step, perspective, preview, veil = null) {
  if (!pane.view || !pane.items) return;
  let it = made.get(pane);
  if (!it) {
    const el = h("div", { class: "nv-text-tree", role: "region", "aria-label": "the search tree as text" });
    pane.el.append(el);
    it = { el, key: "" };
    made.set(pane, it);
  }
  const d = pane.d;
  const settings = { perspective, line: d.bestLine(step, d.s.passes[d.passOf(step)][1], veil), preview, windows: !!pane.windows, veil };
  const forest = textForest(d, [...pane.items.values()].map((x) => x.item), step, settings);
  const key = JSON.stringify(forest);
  if (key === it.key) return;
  it.key = key;
  it.el.replaceChildren(h("p", { text: "The tree at step " + step.toLocaleString("en-US") + ", as text:" }), list(forest));
}

// negaviz/frontend/src/show-step.js
var PREVIEW_NOTE = '<div class="nv-preview-note"><b>Preview is on:</b> the rest of the search is shown faintly, before the search gets there.</div>';
function showPanes(panes, state, hide2, parts) {
  let waiting = false;
  panes.forEach((pane, i) => {
    const d = pane.d;
    const k = Math.min(state.step, d.n);
    if (!d.chunk(k) && !parts.ask(i, { chunk: d.chunkOf(k) })) {
      pane.sentence.textContent = "…";
      waiting = true;
      return;
    }
    const view = d.viewFor(k);
    if (!view) {
      parts.need(i, { view_for: k });
      pane.note.textContent = "Laying out a new view of the tree around step " + k.toLocaleString("en-US") + "…";
      waiting = true;
      return;
    }
    if (!pane.built.has(view.index) && !hasDrawing(view) && !parts.ask(i, { drawing: view.index })) {
      waiting = true;
      return;
    }
    if (!pane.built.has(view.index) && view.svg == null && !d.viz) {
      pane.note.textContent = "Starting Graphviz, to lay out the view of the tree around step " + k.toLocaleString("en-US") + "…";
      waiting = true;
      return;
    }
    const changed = pane.view !== view;
    pane.shownStep = k;
    pane.setView(view, state.windows);
    if (changed) {
      pane.note.textContent = view.sayOnce || view.note || "";
      view.sayOnce = "";
    }
    pane.paint(k, state.perspective, state.preview, hide2.veil || null);
    const first = d.s.passes[d.passOf(k)][0];
    if (showEnd(pane, k === d.n, !view.span || view.span[0] <= first && view.span[1] < 0)) pane.followNode = null;
    showTextTree(pane, k, state.perspective, state.preview, hide2.veil || null);
    pane.panels(k, state.perspective, hide2);
    const legendKey = state.perspective + "/" + state.preview;
    if (pane.legendFor !== legendKey) {
      pane.legend.innerHTML = d.s.legend[state.perspective] + (state.preview ? PREVIEW_NOTE : "");
      pane.legendFor = legendKey;
    }
  });
  for (const pane of panes) if (pane.followNode !== null && pane.followNode !== void 0) pane.follow(pane.followNode);
  return waiting;
}
function showEnd(pane, atEnd, whole) {
  const was = pane.endVb;
  if (!atEnd) {
    pane.endVb = null;
    if (was && pane.vb && was === pane.vb.join()) pane.open();
    return false;
  }
  if (!whole || was) return false;
  pane.fit(true);
  pane.endVb = pane.vb.join();
  return true;
}

// negaviz/frontend/src/vote.js
function makeVote({ data, state, go }) {
  const v = data.s.vote;
  return v.role === "presenter" ? presenter(v, state, go) : follower(v, state);
}
async function call(collector, method, path, body, W) {
  const r = await fetch(collector + path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : void 0
  });
  const answer = await r.json().catch(() => ({ error: W.unreadable }));
  if (!r.ok) throw new Error(answer.error || String(r.status));
  return answer;
}
var share = (counts, letter) => {
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  return all ? Math.round(100 * (counts[letter] || 0) / all) : 0;
};
function presenter(v, state, go) {
  const W = v.words;
  const el = h("div", { class: "nv-vote nv-vote-presenter", "data-vote-role": "presenter" });
  const picker = h("div", { class: "nv-vote-bar" });
  const stage = h("div", { class: "nv-vote-stage" });
  el.append(picker, stage);
  let active = null;
  const here = () => v.questions.filter((q) => q.q === state.step);
  const nextAt = () => v.questions.find((q) => q.q > state.step);
  function renderPicker() {
    picker.replaceChildren();
    if (active) return;
    for (const q of here()) {
      picker.append(h("button", { type: "button", class: "nv-vote-ask", "data-question": q.id, text: `${W.ask}: ${q.prompt}`, onclick: () => ask2(q) }));
    }
    const later = nextAt();
    if (later) picker.append(h("button", { type: "button", class: "nv-vote-next", text: "› " + later.prompt, title: W.next_title, onclick: () => go(later.q) }));
  }
  async function ask2(q) {
    active = { q, rounds: [{ counts: {}, closed: false }], code: null, key: null, timer: null, error: "" };
    if (v.collector) {
      try {
        const made2 = await call(v.collector, "POST", "/api/questions", {
          id: q.id,
          prompt: q.prompt,
          options: q.options,
          answer: q.answer,
          why: q.why,
          stands_for: q.stands_for,
          link: q.link || null
        }, W);
        active.code = made2.code;
        active.key = made2.key;
        active.timer = setInterval(poll, 1e3);
      } catch (e) {
        active.error = String(e.message || e);
      }
    }
    renderPicker();
    renderStage();
  }
  async function poll() {
    if (!active || !active.code) return;
    try {
      const t = await call(v.collector, "GET", `/api/questions/${active.code}/tally?key=${encodeURIComponent(active.key)}`, void 0, W);
      t.rounds.forEach((r, i) => {
        if (active.rounds[i] && !active.rounds[i].closed) active.rounds[i].counts = r.counts;
      });
      renderCounts();
    } catch (e) {
      active.error = String(e.message || e);
      renderCounts();
    }
  }
  const round = () => active.rounds[active.rounds.length - 1];
  async function closeVote() {
    if (v.collector && active.code) {
      try {
        const t = await call(v.collector, "POST", `/api/questions/${active.code}/close`, { key: active.key }, W);
        round().counts = t.rounds[active.rounds.length - 1].counts;
      } catch (e) {
        active.error = String(e.message || e);
      }
    }
    round().closed = true;
    renderStage();
  }
  async function revote() {
    if (v.collector && active.code) {
      try {
        await call(v.collector, "POST", `/api/questions/${active.code}/revote`, { key: active.key }, W);
      } catch (e) {
        active.error = String(e.message || e);
      }
    }
    active.rounds.push({ counts: {}, closed: false });
    renderStage();
  }
  function done() {
    if (active && active.timer) clearInterval(active.timer);
    active = null;
    stage.replaceChildren();
    renderPicker();
  }
  let countCells = [];
  function renderCounts() {
    if (!active) return;
    for (const [i, cell] of countCells) {
      const c = active.rounds[i].counts;
      for (const o of active.q.options) {
        const span = cell.querySelector(`[data-letter="${o.letter}"]`);
        if (span && span.tagName !== "INPUT") span.textContent = String(c[o.letter] || 0);
      }
    }
    const err = stage.querySelector(".nv-vote-error");
    if (err) err.textContent = active.error ? fill(W.error, { error: active.error }) : "";
  }
  function renderStage() {
    const q = active.q;
    const closed = active.rounds.every((r) => r.closed);
    const live = !!(v.collector && active.code);
    countCells = [];
    const table = h("table", { class: "nv-vote-options" });
    const head = h("tr", {}, h("th", { text: "" }), h("th", { text: "" }));
    active.rounds.forEach((_, i) => head.append(h("th", { text: active.rounds.length > 1 ? [W.first, W.second][i] : W.votes })));
    table.append(head);
    for (const o of q.options) {
      const right = closed && o.letter === q.answer;
      const row = h(
        "tr",
        { class: right ? "nv-vote-right" : "", "data-option": o.letter },
        h("td", { class: "nv-vote-letter", text: o.letter }),
        h("td", { class: "nv-vote-text", text: o.text })
      );
      active.rounds.forEach((r, i) => {
        let cell;
        if (live || r.closed) cell = h("span", { "data-letter": o.letter, text: String(r.counts[o.letter] || 0) });
        else {
          cell = h("input", { type: "number", min: "0", step: "1", value: String(r.counts[o.letter] || 0), "data-letter": o.letter, "aria-label": fill(W.count, { letter: o.letter }), class: "nv-vote-count" });
          cell.addEventListener("input", () => {
            r.counts[o.letter] = Math.max(0, Math.floor(Number(cell.value) || 0));
          });
        }
        const td = h("td", {}, cell);
        row.append(td);
        countCells.push([i, td]);
      });
      table.append(row);
    }
    const parts = [h("p", { class: "nv-vote-prompt", text: q.prompt }), table];
    if (q.link || active.code) {
      const follow = h("div", { class: "nv-vote-follow" });
      if (active.code) follow.append(h("p", { class: "nv-vote-code", text: fill(W.code, { code: active.code }) }));
      if (q.qr) follow.append(h("div", { class: "nv-vote-qr" }, qrSvg(q.qr, W.follow)));
      if (q.link) follow.append(h("a", { href: q.link, class: "nv-vote-link", target: "_blank", rel: "noopener", text: W.follow }));
      parts.push(follow);
    }
    parts.push(h("p", { class: "nv-vote-error", role: "status" }));
    const bar = h("div", { class: "nv-vote-bar" });
    if (!closed) bar.append(h("button", { type: "button", class: "nv-vote-close", text: W.close, onclick: closeVote }));
    else {
      if (active.rounds.length === 1) bar.append(h("button", { type: "button", class: "nv-vote-revote", text: W.revote, onclick: revote }));
      bar.append(h("button", { type: "button", class: "nv-vote-done", text: "✓", title: W.done_title, onclick: done }));
    }
    parts.push(bar);
    if (closed) parts.push(result(q));
    stage.replaceChildren(...parts);
    renderCounts();
  }
  function result(q) {
    const box = h("div", { class: "nv-vote-result", role: "status" });
    box.append(h("p", { class: "nv-vote-answer", text: fill(W.answer, { letter: q.answer }) + " " + q.why }));
    for (const o of q.options) {
      const who = q.stands_for[o.letter];
      if (!who) continue;
      const what = who.map((m) => (W.slips.includes(m.id) ? fill(W.slip, { title: m.title }) : m.title) + " (" + m.why + ")").join("; ");
      box.append(h("p", { class: "nv-vote-stands", "data-option": o.letter, text: fill(W.stands, { letter: o.letter, text: o.text, what }) }));
    }
    if (active.rounds.length > 1) {
      const [a, b] = active.rounds.map((r) => share(r.counts, q.answer));
      box.append(h("p", { class: "nv-vote-moved", text: fill(W.moved, { first: a + "%", second: b + "%", moved: (b - a >= 0 ? "+" : "") + (b - a) }) }));
    }
    return box;
  }
  return {
    el,
    gate: (to) => active && !active.rounds.every((r) => r.closed) ? Math.min(to, active.q.q) : to,
    shown: () => {
      if (!active) renderPicker();
    },
    close: () => {
      if (active && active.timer) clearInterval(active.timer);
    }
  };
}
function qrSvg(rows, label) {
  const quiet = 4, n = rows.length, size = n + 2 * quiet;
  let d = "";
  rows.forEach((hex, y) => {
    const bits = Array.from(hex, (c) => parseInt(c, 16).toString(2).padStart(4, "0")).join("").slice(0, n);
    for (let x = 0; x < n; ) {
      if (bits[x] !== "1") {
        x += 1;
        continue;
      }
      const start = x;
      while (x < n && bits[x] === "1") x += 1;
      d += `M${start + quiet} ${y + quiet}h${x - start}v1h${start - x}z`;
    }
  });
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  for (const [k, v] of Object.entries({ viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": label, "shape-rendering": "crispEdges" })) svg.setAttribute(k, v);
  const back = document.createElementNS(NS, "rect");
  for (const [k, v] of Object.entries({ width: size, height: size, fill: "#fff" })) back.setAttribute(k, String(v));
  const path = document.createElementNS(NS, "path");
  path.setAttribute("fill", "#000");
  path.setAttribute("d", d);
  svg.append(back, path);
  return svg;
}
function studentId() {
  const make = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    let id = localStorage.getItem("negaviz-student");
    if (!id) {
      id = make();
      localStorage.setItem("negaviz-student", id);
    }
    return id;
  } catch (_) {
    return make();
  }
}
function follower(v, state) {
  const W = v.words, q = v.question;
  const el = h("div", { class: "nv-vote nv-vote-follower", "data-vote-role": "follower" });
  const status = h("p", { class: "nv-vote-status", role: "status", "aria-live": "polite" });
  const answer = h("div", { class: "nv-vote-result" });
  const me = v.collector ? studentId() : null;
  let code = null, closed = false, round = 0, voted = /* @__PURE__ */ new Map(), timer = null;
  const buttons = q.options.map((o) => h("button", { type: "button", class: "nv-vote-option", "data-option": o.letter, text: `${o.letter}  ${o.text}`, onclick: () => cast(o.letter) }));
  el.append(h("p", { class: "nv-vote-prompt", text: q.prompt }), h("div", { class: "nv-vote-bar" }, ...buttons), status, answer);
  async function cast(letter) {
    if (!v.collector) {
      status.textContent = `${letter}: ${W.votes}`;
      return;
    }
    if (!code) {
      status.textContent = "…";
      await find();
      if (!code) return;
    }
    try {
      const r = await call(v.collector, "POST", `/api/questions/${code}/votes`, { student: me, option: letter }, W);
      voted.set(r.round, letter);
      status.textContent = `${letter} ✓`;
    } catch (e) {
      status.textContent = String(e.message || e);
    }
    mark2();
  }
  function mark2() {
    for (const b of buttons) {
      b.disabled = closed || voted.has(round);
      b.classList.toggle("nv-vote-mine", voted.get(round) === b.dataset.option);
    }
  }
  async function find() {
    try {
      const found = await call(v.collector, "GET", `/api/find?question=${encodeURIComponent(q.id)}`, void 0, W);
      code = found.code;
    } catch (e) {
      status.textContent = String(e.message || e);
    }
  }
  async function poll() {
    if (!code) await find();
    if (!code) return;
    try {
      const s = await call(v.collector, "GET", `/api/questions/${code}`, void 0, W);
      round = s.round;
      closed = s.state === "closed";
      if (closed && s.answer && !answer.firstChild) {
        answer.append(h("p", { class: "nv-vote-answer", text: fill(W.answer, { letter: s.answer }) + " " + s.why }));
      }
      if (!closed) answer.replaceChildren();
      mark2();
    } catch (e) {
      status.textContent = String(e.message || e);
    }
  }
  if (v.collector) {
    poll();
    timer = setInterval(poll, 1e3);
  }
  return {
    el,
    gate: (to) => closed ? to : Math.min(to, q.q),
    shown: () => {
    },
    close: () => {
      if (timer) clearInterval(timer);
    }
  };
}

// negaviz/frontend/src/warm.js
var WARM_REACH = 5e3;
function nextToBuild(pane, step, ends) {
  if (!pane.view) return null;
  const d = pane.d;
  const toBuild = (k) => {
    if (!d.chunk(k)) return { need: { chunk: d.chunkOf(k) } };
    const v = d.viewFor(k);
    if (!v) return { need: { view_for: k } };
    if (v === pane.view || pane.built.has(v.index)) return v;
    if (!hasDrawing(v)) return { need: { drawing: v.index } };
    return v.svg == null && !d.viz ? {} : { build: [v, k] };
  };
  for (const dir of [1, -1]) {
    for (let k = step + dir, seen = 0; k >= 0 && k <= d.n && seen < WARM_REACH; k += dir, seen++) {
      const next = toBuild(k);
      if (next !== pane.view) {
        if (next.build || next.need) return next;
        break;
      }
    }
  }
  if (ends) {
    for (const k of [d.n, 0]) {
      const next = toBuild(k);
      if (next.build || next.need) return next;
    }
  }
  return null;
}
function makeWarmer(root, panes, state, need, ends = false) {
  const idle = window.requestIdleCallback ? (f) => window.requestIdleCallback(f, { timeout: 300 }) : (f) => setTimeout(f, 100);
  let warming = false;
  let closed = false;
  let warmedFor = "";
  const warmKey = () => panes.map((p) => [p.view ? p.view.index : -1, p.d.views.length, p.d.chunks.size, p.d.drawings || 0, p.d.viz ? 1 : 0].join("/")).join(",");
  function warm() {
    if (warming || closed || warmKey() === warmedFor) return;
    warming = true;
    idle(() => {
      warming = false;
      if (closed) return;
      let asking2 = false;
      for (const [i, pane] of panes.entries()) {
        const next = nextToBuild(pane, Math.min(state.step, pane.d.n), ends);
        if (next && next.build) {
          pane.prebuild(next.build[0]);
          warm();
          return;
        }
        if (next) {
          if (need(i, next.need)) {
            warm();
            return;
          }
          asking2 = true;
        }
      }
      warmedFor = warmKey();
      root.dataset.warm = asking2 ? "asked" : "done";
    });
    delete root.dataset.warm;
  }
  return { warm, close: () => {
    closed = true;
  } };
}

// negaviz/frontend/src/render.js
async function render({ model, el }) {
  if (model.get("drawing")) return renderDrawing({ model, el });
  if (typeof model.get("status_line") === "string") return renderStatusLine({ model, el });
  const scenes = model.get("scenes").map((s) => new SceneData(nullify(s)));
  let vizLater = null;
  if (scenes.some((d) => d.s.layout === "browser")) {
    const noViz = (e) => h("p", { class: "nv-error", text: "negaviz: the bundled Graphviz could not start here, so the tree cannot be laid out (" + e + ")." });
    if (scenes.every((d) => d.s.viz_later)) {
      vizLater = () => loadViz(model).then((viz) => {
        for (const d of scenes) d.viz = viz;
        show();
      }, (e) => el.append(noViz(e)));
    } else {
      try {
        const viz = await loadViz(model);
        for (const d of scenes) d.viz = viz;
      } catch (e) {
        el.append(noViz(e));
        return () => {
        };
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
    step: clamp(model.get("step")),
    perspective: model.get("perspective"),
    windows: !!model.get("windows"),
    preview: !!model.get("preview"),
    timer: null
  };
  const parts = makeParts(model, scenes);
  function clamp(k) {
    k = Number(k);
    if (!Number.isFinite(k)) return 0;
    return Math.min(Math.max(Math.round(k), 0), total);
  }
  function save(name, value) {
    state[name] = value;
    model.set(name, value);
    model.save_changes();
    show();
  }
  const controls = makeControls({
    scenes,
    total,
    state,
    ui,
    go,
    togglePlay: () => togglePlay(),
    setPresenter: (on) => setPresenter(on),
    setPerspective: (p) => save("perspective", p),
    setWindows: (on) => save("windows", on)
  });
  const togglePlay = makePlayer({ state, total, interval: scenes[0].s.interval, button: controls.playButton, go });
  const editing = !compare && !!model.get("editable");
  const keys = h("div", { class: "nv-keys", text: KEYS + (editing ? EDITING + EDIT_KEYS : "") });
  const panesBox = h("div", { class: compare ? "nv-panes nv-compare" : "nv-panes" }, ...panes.map((p) => p.el));
  const practice = !compare && scenes[0].s.practice ? makePractice({ data: scenes[0], pane: panes[0], state, model, go: (k) => go(k, true), pause: () => {
    if (state.timer) togglePlay();
  }, home: root }) : null;
  const vote = !compare && scenes[0].s.vote ? makeVote({ data: scenes[0], state, go: (k) => go(k, true) }) : null;
  if (practice) controls.slider.remove();
  if (editing) pickOnClick(model, panes[0]);
  const editKeys = editing ? editByKeyboard(model, panes[0], root) : null;
  const result = !compare && scenes[0].s.result ? resultLine(scenes[0].s.result) : null;
  if (result) panes[0].el.prepend(result.el);
  const treeBar = !compare && scenes[0].s.tree_text ? [copyTreeBar(scenes[0].s.tree_text)] : [];
  root.append(...controls.bars, ...treeBar, ...practice ? [practice.el] : [], ...vote ? [vote.el] : [], panesBox, ...practice ? [practice.controls] : [], keys);
  el.append(root);
  root.classList.toggle("nv-presenter", ui.presenter);
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
    if (vote) k = vote.gate(k);
    if (k === state.step) {
      if (practice) show();
      return;
    }
    state.step = k;
    model.set("step", k);
    model.save_changes();
    show();
  }
  function show() {
    const t0 = performance.now();
    const hide2 = practice ? practice.hide(state.step) : {};
    controls.show(panes, !!practice, hide2);
    const waiting = showPanes(panes, state, hide2, parts);
    root.classList.toggle("nv-show-windows", state.windows);
    if (!waiting) {
      root.dataset.step = String(state.step);
      root.dataset.view = panes.map((p) => p.view ? p.view.index : -1).join(",");
    }
    root.dataset.paintMs = (performance.now() - t0).toFixed(2);
    if (practice) practice.shown();
    if (vote) vote.shown();
    if (editKeys) editKeys.attach();
    if (result) result.show(state.perspective);
    warm();
  }
  const warmer = makeWarmer(root, panes, state, parts.ask, !!model.part);
  const warm = warmer.warm;
  const listeners = {
    "change:step": () => {
      const k = clamp(model.get("step"));
      if (k !== state.step) {
        state.step = k;
        show();
      }
    },
    "change:perspective": () => {
      state.perspective = model.get("perspective");
      show();
    },
    "change:windows": () => {
      state.windows = !!model.get("windows");
      show();
    },
    "change:preview": () => {
      state.preview = !!model.get("preview");
      for (const p of panes) for (const b of p.built.values()) b.painted.clear();
      show();
    },
    "change:presenter": () => {
      if (!!model.get("presenter") !== ui.presenter) setPresenter(!!model.get("presenter"));
    },
    "msg:custom": (msg) => {
      if (parts.take(msg)) show();
    }
  };
  for (const [event, listener] of Object.entries(listeners)) model.on(event, listener);
  show();
  if (vizLater) requestAnimationFrame(() => setTimeout(vizLater, 0));
  if (model.get("autofocus")) root.focus({ preventScroll: true });
  root.dataset.readyMs = performance.now().toFixed(1);
  return () => {
    warmer.close();
    if (vote) vote.close();
    if (state.timer) clearInterval(state.timer);
    if (resizing) resizing.disconnect();
    for (const [event, listener] of Object.entries(listeners)) model.off(event, listener);
  };
}

// negaviz/frontend/src/index.js
var src_default = { render, SceneData };
export {
  src_default as default
};
