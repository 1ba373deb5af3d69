// Compile, with the site's own Pyodide under Node.js, every module the site's kernel
// imports as it starts (negaviz.site.bytecode runs this at build time).
//
//   node bytecode.js PYODIDE_DIR OUT_DIR JOB_JSON
//
// JOB_JSON: {"packages": [...preloaded...], "imports": [...modules to import...]}.
// Each module then in sys.modules whose source is a .py file is compiled into OUT_DIR:
// stdlib/<member>.pyc for the standard library's zip, site/<path>.pyc for site-packages
// (unchecked hash-based .pyc, PEP 552: nothing in the page changes those files).
// Prints one JSON line: {"cache_tag": ..., "stdlib": n, "site": n}.  On failure it exits
// with status 1 and writes one line to stderr: why (e.g. "importing negaviz.widgets:
// ModuleNotFoundError: No module named 'anywidget'").
"use strict";

const { readFileSync } = require("node:fs");
const { pathToFileURL } = require("node:url");

async function main() {
  const [dir, out, jobFile] = process.argv.slice(2);
  const job = JSON.parse(readFileSync(jobFile, "utf8"));
  const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
  const quiet = () => {};
  // A fixed hash seed: a frozenset constant is marshalled in hash order.
  const py = await loadPyodide({
    indexURL: `${dir}/`, env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" }, packages: job.packages, stdout: quiet, stderr: quiet,
  });
  py.FS.mkdirTree("/negaviz-out");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: out }, "/negaviz-out");
  py.globals.set("job", py.toPy(job));
  const summary = py.runPython(`
import importlib, json, os, py_compile, site as sites, sys, warnings, zipfile

saved = sys.stdout, sys.stderr
failed = None
for name in job["imports"]:
    try:
        importlib.import_module(name)
    except BaseException as error:  # said here: once pyodide_kernel is in, Pyodide's PythonError has no message
        failed = f"importing {name}: {type(error).__name__}: " + (str(error).strip().splitlines() or ["(no message)"])[0]
        break
sys.stdout, sys.stderr = saved  # pyodide_kernel takes them over
if failed is None:  # compile what the imports brought in
    site = sites.getsitepackages()[0] + "/"
    stdlib = next(p for p in sys.path if p.endswith(".zip")) + "/"
    counts = {"stdlib": 0, "site": 0}
    warnings.simplefilter("ignore")  # a library's invalid escape sequences are its own business
    with zipfile.ZipFile(stdlib[:-1]) as archive:
        for path in sorted({getattr(m, "__file__", None) or "" for m in list(sys.modules.values())}):
            if not path.endswith(".py"):
                continue
            if path.startswith(stdlib):
                kind, member = "stdlib", path[len(stdlib):]
                with open("/tmp/negaviz-source.py", "wb") as f:
                    f.write(archive.read(member))
                source = "/tmp/negaviz-source.py"
            elif path.startswith(site):
                kind, member, source = "site", path[len(site):], path
            else:
                continue
            target = f"/negaviz-out/{kind}/{member}c"
            os.makedirs(os.path.dirname(target), exist_ok=True)
            py_compile.compile(source, cfile=target, dfile=path, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            counts[kind] += 1
json.dumps({"failed": failed} if failed else {"cache_tag": sys.implementation.cache_tag, **counts})
`);
  py.FS.unmount("/negaviz-out");
  const failed = JSON.parse(summary).failed;
  if (failed) throw new Error(failed);
  process.stdout.write(`${summary}\n`);
}

main().catch((error) => {
  const lines = String((error && error.message) || error).trim().split("\n");
  process.stderr.write(`${lines[lines.length - 1]}\n`);
  process.exit(1);
});
