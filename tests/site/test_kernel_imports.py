"""What the site's kernel loads: ``import negaviz`` and a recorded search need nothing compiled.

Pyodide has numpy and matplotlib only on its CDN, and ``graphviz`` cannot run ``dot``
there, so the core must import none of them.  A fresh Python shows what is imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numpy", "matplotlib", "graphviz", "ipywidgets", "anywidget", "IPython")


def test_import_and_record_import_nothing_heavy() -> None:
    code = (
        "import sys, negaviz\n"
        "trace = negaviz.record(negaviz.Tree.parse('A(B(D:7 E:5) C(F:3 G:1 H:9))'), algorithm='alphabeta')\n"
        "negaviz.search(negaviz.TicTacToe('x.o/x../o..'), algorithm='negamax')\n"
        "print(trace.value, trace.pruned_labels())\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.splitlines() == ["5 ['G', 'H']", "[]"]
