// The course site's Python, as JupyterLite's kernel worker loads it (the site's
// `pyodideUrl`): Pyodide itself, and a message to the page at each stage, which the
// page's `loading.js` turns into a line the student reads.
//
// Stages: "starting" (Pyodide is asked for), "loaded" (Python runs, its packages are
// in), "ready" (the kernel's module is imported: the worker's last slow step), or
// "failed" with the reason (then nothing more).  The messages go to the page that made
// the worker, beside the kernel's own (which carry other keys, so neither side mistakes
// one for the other).
//
// A failed download is the reason: Pyodide words a missing file as "Failed to fetch" or
// "exit(1)", or, for its WebAssembly, only logs it and waits for ever.  So until the
// kernel is ready the worker watches its own downloads (all of them from the site's
// Pyodide folder, each one needed: the core files and the preloaded wheels), and the
// first that fails is why Python could not start.

const KERNEL_IMPORT = /^\s*import pyodide_kernel\s*$/m; // the worker's initKernel code (jupyterlite-pyodide-kernel 0.8)

let over = false; // "ready" or "failed" was said: the page hears nothing more from here

function tell(stage, fields) {
  if (over) return;
  over = stage === "ready" || stage === "failed";
  self.postMessage({ negavizKernel: stage, detail: null, ...fields });
}

function failed(error) {
  tell("failed", { detail: String((error && error.message) || error) });
}

/** Wrap the worker's fetch until the returned function is called: the first download
 * that fails (no answer, an HTTP error, or a file other than the one the lock names) is
 * said, with the file and the server's answer. */
function watchDownloads() {
  const fetchAsBefore = self.fetch;
  self.fetch = async function (resource, ...rest) {
    const url = String((resource && resource.url) || resource);
    const file = decodeURIComponent(new URL(url, self.location.href).pathname.split("/").pop());
    let response;
    try {
      response = await fetchAsBefore.call(this, resource, ...rest);
    } catch (error) {
      // Pyodide asks for each package with the lock's checksum, and a file that does not
      // match it fails as a dropped connection does: asked again without, it comes
      const checked = Boolean(rest[0] && rest[0].integrity);
      const differs = checked && await fetchAsBefore.call(this, url).then((again) => again.ok, () => false);
      tell("failed", { detail: String((error && error.message) || error), file, status: null, differs });
      throw error;
    }
    if (!response.ok) tell("failed", { detail: `HTTP ${response.status}`, file, status: `${response.status} ${response.statusText}`.trim() });
    return response;
  };
  return () => { self.fetch = fetchAsBefore; };
}

export async function loadPyodide(options) {
  tell("starting");
  const stopWatching = watchDownloads();
  let pyodide;
  try {
    const { loadPyodide: loadCore } = await import("./pyodide.mjs"); // imported here, so its failing is said too
    pyodide = await loadCore(options);
  } catch (error) {
    failed(error);
    stopWatching();
    throw error;
  }
  tell("loaded");
  const run = pyodide.runPythonAsync;
  pyodide.runPythonAsync = async function (code, ...rest) {
    try {
      const result = await run.call(this, code, ...rest);
      if (KERNEL_IMPORT.test(String(code))) {
        tell("ready");
        stopWatching();
        pyodide.runPythonAsync = run; // nothing more to watch
      }
      return result;
    } catch (error) {
      if (KERNEL_IMPORT.test(String(code))) {
        failed(error);
        stopWatching();
      }
      throw error;
    }
  };
  return pyodide;
}
