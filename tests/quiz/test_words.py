"""The words of practice are written once (``negaviz/quiz/words.json``): no sentence
template is a literal in both a ``.py`` and a ``.js`` source of the package, every word
in the file is used, and the page gets the file in its practice data.

A *template* is a string literal's text (a Python constant, f-strings' fixed parts
included; a JavaScript '…', "…" or `…` literal, split at ``${…}``), stripped, of 25
characters or more with a space in it.  It is *in both* when one language's template
occurs inside a literal of the other."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import negaviz
from negaviz.quiz.practice import practice_data
from negaviz.quiz.words import WORDS

PACKAGE = Path(negaviz.__file__).parent
_JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')


def python_literals(source: str) -> set[str]:
    return {n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def js_literals(source: str) -> set[str]:
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("//", "*", "/*")))
    out: set[str] = set()
    for m in _JS_STRING.finditer(code):
        out.update(re.split(r"\$\{[^}]*\}", next(g for g in m.groups() if g is not None)))
    return out


def templates(literals: Iterable[str]) -> set[str]:
    return {t for t in (s.strip() for s in literals) if len(t) >= 25 and " " in t}


def in_both(py: set[str], js: set[str]) -> list[str]:
    """The templates of one language found inside a literal of the other."""
    return sorted({t for t in templates(js) if any(t in s for s in py)}
                  | {t for t in templates(py) if any(t in s for s in js)})


def package_literals() -> tuple[set[str], set[str]]:
    py: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        py |= python_literals(path.read_text(encoding="utf-8"))
    js: set[str] = set()
    for path in (PACKAGE / "frontend" / "src").glob("*.js"):
        js |= js_literals(path.read_text(encoding="utf-8"))
    return py, js


def test_the_check_finds_a_sentence_written_twice() -> None:
    py = python_literals('def f(name):\n    return f"{name} is a leaf: its value is given, not asked."\n')
    js = js_literals('// "a comment: not code, not a literal here"\nconst t = name + " is a leaf: its value is given, not asked.";\n'
                     'const u = `${name} is never reached, but never mind`;')
    assert in_both(py, js) == ["is a leaf: its value is given, not asked."]
    assert in_both(python_literals('x = "is never reached, but never mind it"'), js) == ["is never reached, but never mind"]
    assert in_both(python_literals('x = "short text"'), js_literals('y = "short text"')) == []


def test_no_sentence_template_is_in_both_languages() -> None:
    py, js = package_literals()
    assert len(templates(py)) > 500 and len(templates(js)) > 20  # (the sources were read)
    assert in_both(py, js) == [], "move these into negaviz/quiz/words.json"


def _leaves(x: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    if isinstance(x, dict):
        return [leaf for k, v in x.items() for leaf in _leaves(v, (*path, k))]
    return [path]


def test_every_word_is_used() -> None:
    sources = "\n".join(p.read_text(encoding="utf-8") for p in [*PACKAGE.rglob("*.py"), *(PACKAGE / "frontend" / "src").glob("*.js")])
    unused = []
    for path in _leaves({k: v for k, v in WORDS.items() if k != "about"}):
        word = path[-1] if path[-2:-1] != ("what",) else path[-2]  # grade.what is looked up by kind
        if path[:1] == ("grade",) and path[-1] in WORDS["grade"]["parts"]:
            word = "parts"  # the sentence's parts: looked up by the names grade.parts lists, in its order
        if not re.search(rf'(\.|\["){re.escape(word)}\b', sources):
            unused.append(".".join(path))
    assert unused == []


def test_the_page_gets_the_words() -> None:
    data = practice_data(negaviz.record(negaviz.Tree.parse("A(B(D:7 E:5) C(F:3 G:1 H:9))"), algorithm="alphabeta"), "tree")
    assert data["words"] == {k: WORDS[k] for k in ("reading", "grade", "steps", "page")}
