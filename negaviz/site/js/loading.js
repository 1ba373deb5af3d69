// One line, at the top of a course-site page, saying what the wait is while Python
// starts in the browser, and then that it is ready (JupyterLite alone shows only
// "No Kernel | Initializing" in a notebook, and "..." in the REPL).
//
// The site loads this classic script first in its notebook, lab and REPL pages, with
// data-seconds (how long a cold start usually takes).  It wraps the page's Worker so
// that the kernel worker's stage messages (kernel-start.js) reach it; it asks nothing
// of JupyterLab's own code.
(function () {
  "use strict";
  const script = document.currentScript;
  const usual = Number(script && script.dataset.seconds) || 0;
  const READY_SHOWN_MS = 6000;
  const SLOW_AFTER_S = Math.max(60, 6 * usual); // then it is not only slow: say what to do
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
    const first = usual ? `the first time takes about ${usual} s` : "the first time takes a while";
    if (seconds() < SLOW_AFTER_S) {
      say("starting", `Loading Python in your browser (${first}): ${seconds()} s so far…`,
        `Loading Python in your browser: ${first}.`);
    } else { // a file the site lacks makes Pyodide wait for ever; a slow connection only for long
      say("slow", `Python is taking much longer than usual to start (${seconds()} s so far): on a slow `
        + "connection it may still come; if not, reload the page or tell your lecturer.");
    }
  }

  function stage(name, detail) {
    clearTimeout(hiding);
    if (name === "starting") {
      started = performance.now();
      clearInterval(ticking);
      ticking = setInterval(starting, 1000);
      starting();
    } else if (name === "loaded") {
      starting();
    } else if (name === "ready") {
      clearInterval(ticking);
      say("ready", `Python is ready (it started in ${seconds()} s).`);
      hiding = setTimeout(() => { box().style.display = "none"; spoken.textContent = ""; }, READY_SHOWN_MS);
    } else if (name === "failed") {
      clearInterval(ticking);
      say("failed", `Python could not start: ${detail || "no reason given"}. Reload the page to try again.`);
    }
  }

  const Base = window.Worker;
  if (typeof Base !== "function") return;
  class Worker extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("error", () => {
        if (line !== null && ["starting", "slow"].includes(line.dataset.stage)) stage("failed", "its worker did not load");
      });
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (data && typeof data === "object" && typeof data.negavizKernel === "string") {
          stage(data.negavizKernel, data.detail);
        }
      });
    }
  }
  window.Worker = Worker;
})();
