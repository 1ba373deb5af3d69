"""A ``dot`` on PATH that does not work is taken as a missing one: a trace, a drawing, a
proof and a stepper still show (laid out by the page), nothing raises, and one line on
standard error says why.  Each ``dot`` here is a real program on a real PATH: a script
that fails as a broken install does, run by negaviz as it runs Graphviz."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REAL_DOT = shutil.which("dot")

BROKEN = {
    "exits 1": "#!/bin/sh\necho 'dot: cannot load plugins' >&2\nexit 1\n",
    "prints garbage": "#!/bin/sh\ncat >/dev/null\necho 'Segmentation fault? no: garbage'\n",
    "prints half an svg": "#!/bin/sh\ncat >/dev/null\nprintf '<svg xmlns=\"http://www.w3.org/2000/svg\"><g>'\n",
    # lays out the one-node look but fails on a real drawing: caught when a picture is made
    "fails on big graphs": f"#!/bin/sh\nin=$(cat)\nif [ ${{#in}} -lt 40 ]; then printf '%s' \"$in\" | {REAL_DOT} \"$@\"; else exit 3; fi\n",
}

SHOW = """
import json, os
os.environ["PATH"] = {path!r} + os.pathsep + os.environ["PATH"]
from IPython.testing.globalipapp import start_ipython
ip = start_ipython()
import negaviz
from negaviz.render import draw
from negaviz.render.proof import draw_proof
from negaviz.widgets import StepperWidget
from negaviz.display import picture
tree = negaviz.Tree.parse("[[7,5],[3,1,9]]")
t = negaviz.record(tree, algorithm="alphabeta")
out = {{}}
for name, obj in (("trace", t), ("drawing", draw(t)), ("proof", negaviz.prove(tree).proofs[0]),
                  ("picture", picture(t)), ("stepper", StepperWidget(t))):
    # (a stepper shows itself with _ipython_display_: its widget output, then its fallback)
    data = obj._repr_mimebundle_() if name == "stepper" else ip.display_formatter.format(obj)[0]
    out[name] = sorted(data)
print(json.dumps(out))
"""


@pytest.mark.skipif(REAL_DOT is None, reason="needs Graphviz's dot for the one that works on small graphs")
@pytest.mark.parametrize("kind", BROKEN)
def test_a_broken_dot_shows_as_a_missing_one_and_says_so_once(tmp_path: Path, kind: str) -> None:
    fake = tmp_path / "dot"
    fake.write_text(BROKEN[kind])
    fake.chmod(0o755)
    done = subprocess.run([sys.executable, "-c", SHOW.format(path=str(tmp_path))], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    widget = "application/vnd.jupyter.widget-view+json"
    for name in ("trace", "drawing", "picture", "stepper"):
        assert widget in shown[name], (name, shown)  # laid out by the page, as with no dot at all
    assert "text/plain" in shown["proof"]
    said = [line for line in done.stderr.splitlines() if line.startswith("negaviz: Graphviz's dot")]
    assert len(said) == 1, done.stderr  # once, however many things were shown
    assert said[0].endswith("drawings are laid out by the page instead (files need a working dot)")
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(REAL_DOT is None, reason="compares with Graphviz's dot")
def test_a_working_dot_is_still_used(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SHOW.format(path=str(Path(REAL_DOT).parent))],  # type: ignore[arg-type]
                          capture_output=True, text=True, timeout=300)
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert all("image/svg+xml" in shown[name] for name in ("trace", "drawing", "proof", "picture")), shown
    assert "negaviz: Graphviz's dot" not in done.stderr


def test_writing_a_file_with_a_broken_dot_is_one_line(tmp_path: Path) -> None:
    fake = tmp_path / "bin" / "dot"
    fake.parent.mkdir()
    fake.write_text(BROKEN["exits 1"])
    fake.chmod(0o755)
    import os

    env = {**os.environ, "PATH": f"{fake.parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run([sys.executable, "-m", "negaviz", "render", "tree", "[[7,5],[3,1,9]]", "-o",
                           str(tmp_path / "t.svg")], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [
        "negaviz: error: Graphviz's 'dot' failed (exit status 1): dot: cannot load plugins; check the dot on PATH, "
        "or save as .dot"]
    assert not (tmp_path / "t.svg").exists()
