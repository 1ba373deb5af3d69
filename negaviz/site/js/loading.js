// One line, at the top of a course-site page, saying what the wait is while Python
// starts in the browser, and then that it is ready (JupyterLite alone shows only
// "No Kernel | Initializing" in a notebook, and "..." in the REPL), or why it could not
// start and what to do.
//
// The site loads this classic script first in its notebook, lab and REPL pages, with
// data-seconds (how long a cold start usually takes).  It wraps the page's Worker: the
// line starts when JupyterLite makes its Pyodide kernel's worker, and the worker's stage
// messages (kernel-start.js) move it on.  It asks nothing of JupyterLab's own code; it
// knows two things of the kernel's: where its worker script lives, and how a failed
// call comes back from the worker (before the site's start script runs, nothing else
// can say that the start failed).
(function () {
  "use strict";
  const script = document.currentScript;
  const usual = Number(script && script.dataset.seconds) || 0;
  const READY_SHOWN_MS = 6000;
  const SLOW_AFTER_S = Math.max(60, 6 * usual); // then it is not only slow: say what to do
  const KERNEL_WORKER = "/pyodide-kernel-extension/"; // in the URL of the kernel's worker script (jupyterlite-pyodide-kernel 0.8)
  const WHAT_TO_DO = "Reload the page to try again; if it fails again, tell your lecturer.";
  let line = null;
  let spoken = null;
  let started = 0;
  let ticking = 0;
  let hiding = 0;

  // The line counts seconds; a screen reader hears each stage once, from a status
  // region of its own (a live region that changed every second would talk all along).
  function box() {
    if (line === null) {
      line = document.createElement("div");
      line.id = "negaviz-python-status";
      line.setAttribute("aria-hidden", "true");
      line.style.cssText = [
        "position:fixed", "top:2px", "left:50%", "transform:translateX(-50%)", "z-index:100000",
        "width:max-content", "max-width:90vw", "padding:3px 12px", "border-radius:6px", "border:1px solid #b8a44c",
        "background:#fff8d6", "color:#222", "font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif",
        "box-shadow:0 2px 8px rgba(0,0,0,.15)", "pointer-events:none",
      ].join(";");
      spoken = document.createElement("div");
      spoken.setAttribute("role", "status");
      spoken.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap";
    }
    if (!line.isConnected && document.body) document.body.append(line, spoken);
    return line;
  }

  function say(stage, text, heard) {
    const el = box();
    if (el.dataset.stage !== stage) spoken.textContent = heard || text;
    el.dataset.stage = stage;
    el.textContent = text;
    el.style.display = "";
  }

  function seconds() {
    return Math.round((performance.now() - started) / 1000);
  }

  function starting() {
    const first = usual ? `the first time takes about ${usual} s, longer on a busy computer` : "the first time takes a while";
    if (seconds() < SLOW_AFTER_S) {
      say("starting", `Loading Python in your browser (${first}): ${seconds()} s so far…`,
        `Loading Python in your browser: ${first}.`);
    } else { // a file the site lacks makes Pyodide wait for ever; a slow connection only for long
      say("slow", `Python is taking much longer than usual to start (${seconds()} s so far): on a slow `
        + "connection it may still come; if not, reload the page or tell your lecturer.");
    }
  }

  function begin() {
    clearTimeout(hiding);
    clearInterval(ticking);
    started = performance.now();
    ticking = setInterval(starting, 1000);
    starting();
  }

  // What failed, in one clause a student can pass on: a file that did not download (and
  // the server's answer) or came other than the site's lock says, a module or worker
  // script that did not load, or the last line of a Python traceback
  // ("ModuleNotFoundError: ...").
  function reason({ detail, file, status, differs }) {
    if (file && differs) return `${file} is not the file the site expects (its checksum differs)`;
    if (file) return `${file} did not download (${status ? `the server answered ${status}` : "the connection failed"})`;
    const text = String(detail || "");
    const module = text.match(/Failed to fetch dynamically imported module: (\S+)/);
    if (module) return `${fileOf(module[1])} did not load`;
    const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
    const error = lines.filter((l) => /^[A-Za-z_.]*(Error|Exception|Exit)\b.*:/.test(l)).pop();
    return (error || lines[0] || "no reason given").replace(/[.\s]+$/, "");
  }

  function fileOf(url) {
    return decodeURIComponent(String(url).split(/[?#]/)[0].split("/").pop());
  }

  function stage(name, facts) {
    const now = line === null ? null : line.dataset.stage;
    if (name === "starting" || name === "loaded") {
      if (now === "starting" || now === "slow") starting();
      else if (now !== "failed") begin(); // a kernel worker the page did not see made
    } else if (name === "ready") {
      clearInterval(ticking);
      say("ready", `Python is ready (it started in ${seconds()} s).`);
      hiding = setTimeout(() => { box().style.display = "none"; spoken.textContent = ""; }, READY_SHOWN_MS);
    } else if (name === "failed" && now !== "failed" && now !== "ready") { // the first reason stays
      clearInterval(ticking);
      say("failed", `Python could not start: ${reason(facts)}. ${WHAT_TO_DO}`);
    }
  }

  const Base = window.Worker;
  if (typeof Base !== "function") return;
  class Worker extends Base {
    constructor(url, ...rest) {
      super(url, ...rest);
      let kernel = String(url).includes(KERNEL_WORKER);
      if (kernel) begin(); // the student's wait starts here: the worker script, then Python
      this.addEventListener("error", (event) => { // its script did not load, or threw as it ran
        if (kernel) stage("failed", { detail: event.message || `${fileOf(url)} did not load` });
      });
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (!data || typeof data !== "object") return;
        if (typeof data.negavizKernel === "string") {
          kernel = true;
          stage(data.negavizKernel, data);
        } else if (kernel && data.type === "HANDLER" && data.name === "throw") {
          // comlink's answer to a call that threw: before "ready", the kernel's start
          // failed (e.g. the worker could not import the site's start script)
          const thrown = data.value && data.value.value;
          stage("failed", { detail: (thrown && (thrown.message || thrown)) || "the kernel's worker failed" });
        }
      });
    }
  }
  window.Worker = Worker;
})();
