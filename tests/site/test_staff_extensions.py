"""A student's site shows no staff tool (issue 48, item 5): nbgrader's lab extension (its
formgrader, create-assignment panel, course and assignment lists), installed in a course's
environment by ``requirements-staff.txt``, is taken out of a built site: its files, its entry
in ``jupyter-lite.json``, its settings' schemas; and it is named in ``disabledExtensions``.
Here on a site's files as ``jupyter lite build`` leaves them; a real build
(``test_build.py``) and the built site in Chromium (``test_site_browser.py``) check the rest."""

from __future__ import annotations

import json
from pathlib import Path

from negaviz.site import STAFF_EXTENSIONS, leave_out_staff

NBGRADER = "@jupyter/nbgrader"


def built_site(folder: Path, *extensions: str) -> Path:
    """The files ``jupyter lite build`` writes for ``extensions``: each one's folder, its
    entry in jupyter-lite.json, and a settings schema per extension."""
    for name in extensions:
        (folder / "extensions" / name / "static").mkdir(parents=True)
        (folder / "extensions" / name / "static" / "remoteEntry.js").write_text("// js", encoding="utf-8")
    config = {"jupyter-config-data": {
        "disabledExtensions": ["jupyterlab-jupytext"],
        "federated_extensions": [{"name": n, "load": "static/remoteEntry.js", "extension": "./extension"}
                                 for n in extensions]}}
    (folder / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    (folder / "build" / "schemas").mkdir(parents=True)
    (folder / "build" / "schemas" / "all_federated.json").write_text(
        json.dumps([{"id": f"{n}:plugin", "schema": {}} for n in extensions]), encoding="utf-8")
    return folder


def test_nbgraders_extension_is_taken_out_of_the_site(tmp_path: Path) -> None:
    site = built_site(tmp_path, "anywidget", NBGRADER, "@jupyter-widgets/jupyterlab-manager")
    assert leave_out_staff(site) == [NBGRADER]
    data = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert [e["name"] for e in data["federated_extensions"]] == ["anywidget", "@jupyter-widgets/jupyterlab-manager"]
    assert data["disabledExtensions"] == ["jupyterlab-jupytext", NBGRADER]
    assert not (site / "extensions" / "@jupyter").exists()  # the scope's folder held nbgrader only
    assert (site / "extensions" / "@jupyter-widgets" / "jupyterlab-manager").is_dir()
    schemas = json.loads((site / "build" / "schemas" / "all_federated.json").read_text(encoding="utf-8"))
    assert [s["id"] for s in schemas] == ["anywidget:plugin", "@jupyter-widgets/jupyterlab-manager:plugin"]
    assert "formgrader" in STAFF_EXTENSIONS[NBGRADER] and "create-assignment" in STAFF_EXTENSIONS[NBGRADER]


def test_a_site_without_staff_extensions_is_left_as_it_was_but_for_the_disabled_list(tmp_path: Path) -> None:
    site = built_site(tmp_path, "anywidget")
    assert leave_out_staff(site) == []
    data = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert [e["name"] for e in data["federated_extensions"]] == ["anywidget"]
    assert data["disabledExtensions"] == ["jupyterlab-jupytext", NBGRADER]  # a copy added by hand loads nothing


def test_another_extension_of_the_same_scope_stays(tmp_path: Path) -> None:
    site = built_site(tmp_path, NBGRADER, "@jupyter/other")
    assert leave_out_staff(site) == [NBGRADER]
    assert (site / "extensions" / "@jupyter" / "other").is_dir() and not (site / "extensions" / NBGRADER).exists()
