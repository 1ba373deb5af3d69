"""The words of practice, read from ``words.json`` (beside this module): the grader's
sentences and notes, how unreadable answers are named, and what the page asks and says.
The page gets the same file in the scene's practice data (:func:`negaviz.quiz.practice.practice_data`),
so each sentence is written once, for both.

>>> fill(WORDS["grade"]["leaf"], name="D")
'D is a leaf: its value is given, not asked.'
>>> fill(WORDS["grade"]["missed"], n=2)
'2 cuts are missed'
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from typing import Any

WORDS: dict[str, Any] = json.loads(files("negaviz.quiz").joinpath("words.json").read_text(encoding="utf-8"))
"""The file's sections: ``reading``, ``grade``, ``questions`` (the notebook's), ``steps`` and ``page`` (the
page's; ``about`` says what the file is)."""

_PART = re.compile(r"\{(\w+)\}")


def fill(template: str | list[str], n: int | None = None, **parts: Any) -> str:
    """``template`` with each ``{part}`` filled in (the page's ``fill`` in
    ``frontend/src/words.js`` does the same).  A pair of templates is [one, many],
    chosen by ``n``."""
    if isinstance(template, list):
        template = template[0] if n == 1 else template[1]
    values = {"n": n, **parts}
    return _PART.sub(lambda m: str(values[m.group(1)]), template)
