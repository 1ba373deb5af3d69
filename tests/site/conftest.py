"""Fixtures for the site tests: small notebooks written as real files."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


def notebook_json(*sources: str) -> str:
    """A minimal nbformat-4 notebook with one code cell per source."""
    cells = [
        {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": s}
        for i, s in enumerate(sources)
    ]
    return json.dumps({
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }, indent=1)


@pytest.fixture(scope="session")
def notebook_text() -> Callable[..., str]:
    """:func:`notebook_json`, for fixtures of any scope."""
    return notebook_json


@pytest.fixture
def make_notebook(tmp_path: Path) -> Callable[..., Path]:
    """Write a notebook (and, with ``paired``, its jupytext .py) under tmp_path."""

    def make(name: str = "lecture.ipynb", *sources: str, paired: bool = False) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(notebook_json(*(sources or ("import negaviz",))), encoding="utf-8")
        if paired:
            path.with_suffix(".py").write_text("# %%\nimport negaviz\n", encoding="utf-8")
        return path

    return make


@pytest.fixture(scope="session")
def site_browser() -> ModuleType:
    """``browser.py`` beside this file: serving a site under a sub-path, driving it in
    Chromium (``benchmarks/bench_pyodide.py`` loads it the same way)."""
    spec = importlib.util.spec_from_file_location("negaviz_site_browser", Path(__file__).with_name("browser.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module
