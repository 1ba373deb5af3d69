"""Jupyter settings `make lab` adds (through JUPYTER_CONFIG_PATH) to the lecturer's own.

The test extras install JupyterLite's Pyodide kernel extension, which `negaviz site`
copies into a course site; JupyterLab would load it too, into a page where it has no
kernel to serve (and logs "Shared module @jupyterlite/services doesn't exist" a dozen
times a page).  JupyterLab reads lab extensions from the first folder that has one of a
name: ``labextensions/`` here comes first and holds a stand-in without a build, which
JupyterLab skips, so the real one is never loaded.  Notebook 7 reads the same setting.
"""

from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (given by Jupyter when it reads this file)
c.LabServerApp.extra_labextensions_path = [str(Path(__file__).resolve().parent / "labextensions")]
