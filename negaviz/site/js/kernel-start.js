// The course site's Python, as JupyterLite's kernel worker loads it (the site's
// `pyodideUrl`): Pyodide itself, and a message to the page at each stage, which the
// page's `loading.js` turns into a line the student reads.
//
// Stages: "starting" (Pyodide is asked for), "loaded" (Python runs, its packages are
// in), "ready" (the kernel's module is imported: the worker's last slow step), or
// "failed" with the reason.  The messages go to the page that made the worker, beside
// the kernel's own (which carry other keys, so neither side mistakes one for the other).
import { loadPyodide as loadCore } from "./pyodide.mjs";

const KERNEL_IMPORT = /^\s*import pyodide_kernel\s*$/m; // the worker's initKernel code (jupyterlite-pyodide-kernel 0.8)

function tell(stage, detail) {
  self.postMessage({ negavizKernel: stage, detail: detail ?? null });
}

export async function loadPyodide(options) {
  tell("starting");
  let pyodide;
  try {
    pyodide = await loadCore(options);
  } catch (error) {
    tell("failed", String((error && error.message) || error));
    throw error;
  }
  tell("loaded");
  const run = pyodide.runPythonAsync;
  pyodide.runPythonAsync = async function (code, ...rest) {
    try {
      const result = await run.call(this, code, ...rest);
      if (KERNEL_IMPORT.test(String(code))) {
        tell("ready");
        pyodide.runPythonAsync = run; // nothing more to watch
      }
      return result;
    } catch (error) {
      if (KERNEL_IMPORT.test(String(code))) tell("failed", String((error && error.message) || error));
      throw error;
    }
  };
  return pyodide;
}
