// Votes: the stepper as the lecture (the scene's vote data, negaviz/quiz/vote.py's vote_page).
// Python built every question, its lettered options, the right letter and which mistake
// each wrong option stands for; this module only shows them and counts.
//   presenter  at a step with a question, "ask the room" shows it with its letters, the
//              follow link and its QR code; the counts are typed (hands or cards) or
//              come live from a collector (negaviz class serve); "close vote" shows the
//              answer and what each wrong option stands for; "re-vote" opens a second
//              round after discussion, and both are shown side by side.
//   follower   the same step, the question and its options as buttons; a vote goes to
//              the collector (one per student and round: a random id kept in the page's
//              storage); the answer shows once the collector says the vote is closed.
// While a vote is open, stepping stays at or before the question's step: the picture
// after it would give the answer away.

import { h } from "./dom.js";
import { fill } from "./words.js";

/**
 * @param {{data: object, state: object, go: (k: number) => void}} args
 * @returns {{el: HTMLElement, gate: (to: number) => number, shown: () => void, close: () => void}}
 */
export function makeVote({ data, state, go }) {
  const v = data.s.vote;
  return v.role === "presenter" ? presenter(v, state, go) : follower(v, state);
}

async function call(collector, method, path, body, W) {
  const r = await fetch(collector + path, {
    method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await r.json().catch(() => ({ error: W.unreadable }));
  if (!r.ok) throw new Error(answer.error || String(r.status));
  return answer;
}

const share = (counts, letter) => {
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  return all ? Math.round((100 * (counts[letter] || 0)) / all) : 0;
};

function presenter(v, state, go) {
  const W = v.words;
  const el = h("div", { class: "nv-vote nv-vote-presenter", "data-vote-role": "presenter" });
  const picker = h("div", { class: "nv-vote-bar" });
  const stage = h("div", { class: "nv-vote-stage" });
  el.append(picker, stage);
  let active = null; // {q, rounds: [{counts, closed}], code, key, timer}

  const here = () => v.questions.filter((q) => q.q === state.step);
  const nextAt = () => v.questions.find((q) => q.q > state.step);

  function renderPicker() {
    picker.replaceChildren();
    if (active) return;
    for (const q of here()) {
      picker.append(h("button", { type: "button", class: "nv-vote-ask", "data-question": q.id, text: `${W.ask}: ${q.prompt}`, onclick: () => ask(q) }));
    }
    const later = nextAt();
    if (later) picker.append(h("button", { type: "button", class: "nv-vote-next", text: "› " + later.prompt, title: W.next_title, onclick: () => go(later.q) }));
  }

  async function ask(q) {
    active = { q, rounds: [{ counts: {}, closed: false }], code: null, key: null, timer: null, error: "" };
    if (v.collector) {
      try {
        const made = await call(v.collector, "POST", "/api/questions", {
          id: q.id, prompt: q.prompt, options: q.options, answer: q.answer, why: q.why, stands_for: q.stands_for, link: q.link || null,
        }, W);
        active.code = made.code; active.key = made.key;
        active.timer = setInterval(poll, 1000);
      } catch (e) { active.error = String(e.message || e); }
    }
    renderPicker();
    renderStage();
  }

  async function poll() {
    if (!active || !active.code) return;
    try {
      const t = await call(v.collector, "GET", `/api/questions/${active.code}/tally?key=${encodeURIComponent(active.key)}`, undefined, W);
      t.rounds.forEach((r, i) => { if (active.rounds[i] && !active.rounds[i].closed) active.rounds[i].counts = r.counts; });
      renderCounts();
    } catch (e) { active.error = String(e.message || e); renderCounts(); }
  }

  const round = () => active.rounds[active.rounds.length - 1];

  async function closeVote() {
    if (v.collector && active.code) {
      try {
        const t = await call(v.collector, "POST", `/api/questions/${active.code}/close`, { key: active.key }, W);
        round().counts = t.rounds[active.rounds.length - 1].counts;
      } catch (e) { active.error = String(e.message || e); }
    }
    round().closed = true;
    renderStage();
  }

  async function revote() {
    if (v.collector && active.code) {
      try { await call(v.collector, "POST", `/api/questions/${active.code}/revote`, { key: active.key }, W); } catch (e) { active.error = String(e.message || e); }
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
      const row = h("tr", { class: right ? "nv-vote-right" : "", "data-option": o.letter },
        h("td", { class: "nv-vote-letter", text: o.letter }), h("td", { class: "nv-vote-text", text: o.text }));
      active.rounds.forEach((r, i) => {
        let cell;
        if (live || r.closed) cell = h("span", { "data-letter": o.letter, text: String(r.counts[o.letter] || 0) });
        else {
          cell = h("input", { type: "number", min: "0", step: "1", value: String(r.counts[o.letter] || 0), "data-letter": o.letter, "aria-label": fill(W.count, { letter: o.letter }), class: "nv-vote-count" });
          cell.addEventListener("input", () => { r.counts[o.letter] = Math.max(0, Math.floor(Number(cell.value) || 0)); });
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

  // What the room sees once the vote is closed: the answer, each wrong option's mistake,
  // and after a re-vote, the share right in each round.
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
    gate: (to) => (active && !active.rounds.every((r) => r.closed) ? Math.min(to, active.q.q) : to),
    shown: () => { if (!active) renderPicker(); },
    close: () => { if (active && active.timer) clearInterval(active.timer); },
  };
}

// A QR code from its rows (negaviz/frontend/qr.py's qr_rows: each row's modules as the bits
// of a hex number), as one SVG path of dark runs, with the standard's quiet zone of four.
export function qrSvg(rows, label) {
  const quiet = 4, n = rows.length, size = n + 2 * quiet;
  let d = "";
  rows.forEach((hex, y) => {
    const bits = Array.from(hex, (c) => parseInt(c, 16).toString(2).padStart(4, "0")).join("").slice(0, n);
    for (let x = 0; x < n;) {
      if (bits[x] !== "1") { x += 1; continue; }
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
    if (!id) { id = make(); localStorage.setItem("negaviz-student", id); }
    return id;
  } catch (_) {
    return make(); // (storage refused, e.g. in a sandboxed frame: one id for this page's life)
  }
}

function follower(v, state) {
  const W = v.words, q = v.question;
  const el = h("div", { class: "nv-vote nv-vote-follower", "data-vote-role": "follower" });
  const status = h("p", { class: "nv-vote-status", role: "status", "aria-live": "polite" });
  const answer = h("div", { class: "nv-vote-result" });
  const me = v.collector ? studentId() : null;
  let code = null, closed = false, round = 0, voted = new Map(), timer = null;
  const buttons = q.options.map((o) => h("button", { type: "button", class: "nv-vote-option", "data-option": o.letter, text: `${o.letter}  ${o.text}`, onclick: () => cast(o.letter) }));
  el.append(h("p", { class: "nv-vote-prompt", text: q.prompt }), h("div", { class: "nv-vote-bar" }, ...buttons), status, answer);

  async function cast(letter) {
    if (!v.collector) { status.textContent = `${letter}: ${W.votes}`; return; }
    if (!code) { status.textContent = "…"; await find(); if (!code) return; }
    try {
      const r = await call(v.collector, "POST", `/api/questions/${code}/votes`, { student: me, option: letter }, W);
      voted.set(r.round, letter);
      status.textContent = `${letter} ✓`;
    } catch (e) { status.textContent = String(e.message || e); }
    mark();
  }

  function mark() {
    for (const b of buttons) {
      b.disabled = closed || voted.has(round);
      b.classList.toggle("nv-vote-mine", voted.get(round) === b.dataset.option);
    }
  }

  async function find() {
    try {
      const found = await call(v.collector, "GET", `/api/find?question=${encodeURIComponent(q.id)}`, undefined, W);
      code = found.code;
    } catch (e) { status.textContent = String(e.message || e); }
  }

  async function poll() {
    if (!code) await find();
    if (!code) return;
    try {
      const s = await call(v.collector, "GET", `/api/questions/${code}`, undefined, W);
      round = s.round; closed = s.state === "closed";
      if (closed && s.answer && !answer.firstChild) {
        answer.append(h("p", { class: "nv-vote-answer", text: fill(W.answer, { letter: s.answer }) + " " + s.why }));
      }
      if (!closed) answer.replaceChildren();
      mark();
    } catch (e) { status.textContent = String(e.message || e); }
  }

  if (v.collector) { poll(); timer = setInterval(poll, 1000); }
  return {
    el,
    gate: (to) => (closed ? to : Math.min(to, q.q)),
    shown: () => {},
    close: () => { if (timer) clearInterval(timer); },
  };
}
