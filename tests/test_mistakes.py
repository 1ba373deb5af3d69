"""The catalogue of mistakes (negaviz/mistakes.py) at its edge: an id it does not hold is
one line naming the ids it does, never a KeyError."""

from __future__ import annotations

import pytest

from negaviz.errors import InputError
from negaviz.mistakes import MISTAKES, How, mistake, run
from negaviz.quiz.mistakes import mistake as quiz_mistake


@pytest.mark.parametrize("key", ["bogus", 5, None, ["negation"], "Negation"])
def test_an_unknown_mistake_names_the_known_ids(key: object) -> None:
    with pytest.raises(InputError) as err:
        mistake(key)  # type: ignore[arg-type]
    ids = ", ".join(repr(m.id) for m in MISTAKES)
    assert str(err.value) == f"unknown mistake {key!r} (must be one of {ids})"
    with pytest.raises(InputError):
        quiz_mistake(key)  # type: ignore[arg-type]  # the one the quiz re-exports


def test_every_known_id_is_found() -> None:
    assert [mistake(m.id) for m in MISTAKES] == list(MISTAKES)


def test_run_without_a_game_is_one_line() -> None:
    with pytest.raises(InputError, match=r"^run\(\) needs a negaviz game .*not None: it lacks "):
        run(How(), None)
