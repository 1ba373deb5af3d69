"""The course salt: each student's graded trees, and the seal on each exercise issued.

Staff keep one secret per course.  A student's sheet is made from an HMAC-SHA256 of the
sheet's name and the student's ID under it (:func:`variant_seed`), so no one without the
salt can make another student's trees, and each exercise issued carries a seal (an HMAC of
who and which exercise, :func:`seal`), so a record from another course or for another
student is refused (:meth:`negaviz.quiz.Attempt.check`).

>>> variant_seed("a course's secret", "week3", "s1") == variant_seed("a course's secret", "week3", "s1")
True
>>> variant_seed("a course's secret", "week3", "s1") != variant_seed("another course's secret", "week3", "s1")
True
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from negaviz.errors import InputError
from negaviz.vocabulary import check_perspective, check_seed

if TYPE_CHECKING:
    from negaviz.quiz.attempt import Exercise

__all__: list[str] = []  # check_salt, SALT_RULE: for the command line


MIN_SALT = 16
"""The shortest salt taken, in characters: 16 random characters, or 128 bits written
as 32 hex digits (``secrets.token_hex(16)``), are beyond guessing."""
SALT_RULE = (f"at least {MIN_SALT} characters, e.g. 128 bits as hex from "
             "`python -c 'import secrets; print(secrets.token_hex(16))'`")
"""The salt's strength rule, as every refusal states it."""


def check_salt(key_salt: str | bytes, where: str = "the key salt") -> str | bytes:
    """``key_salt`` if it keeps the rule (:data:`SALT_RULE`), else one InputError line
    naming ``where`` it came from and the rule."""
    if not isinstance(key_salt, (str, bytes)):
        raise InputError(f"{where} must be the course's secret salt (text), not {type(key_salt).__name__}")
    if len(key_salt) < MIN_SALT:
        raise InputError(f"{where} is too short ({len(key_salt)} characters): a salt must be {SALT_RULE}")
    return key_salt


def _key(key_salt: str | bytes) -> bytes:
    check_salt(key_salt)
    return key_salt.encode("utf-8") if isinstance(key_salt, str) else key_salt


def _canonical(x: Any) -> bytes:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seal(key_salt: str | bytes, exercise_id: str, student: str | None, variant: Mapping[str, Any]) -> str:
    """The seal of an exercise issued to ``student``: HMAC-SHA256 under the salt of the
    exercise's id, the student and how the exercise was made, in hex."""
    return hmac.new(_key(key_salt), _canonical(["seal", exercise_id, student, dict(variant)]), hashlib.sha256).hexdigest()


def variant_seed(key_salt: str | bytes, sheet: str, student: str | None) -> int:
    """The seed of ``student``'s sheet ``sheet``: the first 4 bytes of HMAC-SHA256 under
    the course salt, so no one without the salt can make another student's trees."""
    digest = hmac.new(_key(key_salt), _canonical(["sheet", sheet, student]), hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big")


def issued_exercise(key_salt: str | bytes, student: str | None, variant: Mapping[str, Any]) -> Exercise:
    """The exercise a graded sheet made with ``variant`` gives ``student`` (unsealed).

    Each is made once per salt, student, variant and course conventions (the last
    :data:`ISSUED_KEPT` are kept): a class's records are checked against their sheets
    exercise by exercise, and a sheet shared by a section repeats its exercises."""
    from dataclasses import replace

    from negaviz.conventions import current

    v = dict(variant)
    number = v["number"]
    if not 1 <= number <= v["count"]:
        raise InputError(f"exercise number {number} is not on a sheet of {v['count']}")
    made = _issued(_key(key_salt), student, _canonical(v), current())
    return replace(made, variant=dict(v))  # each caller its own copy of the variant (the same as made's)


ISSUED_KEPT = 4096
"""How many exercises :func:`issued_exercise` keeps made (a class's sheets' worth)."""


@functools.lru_cache(maxsize=ISSUED_KEPT)
def _issued(key: bytes, student: str | None, variant: bytes, conventions: Any) -> Exercise:
    """:func:`issued_exercise`'s exercise, ``variant`` in its canonical JSON; made under
    ``conventions`` (the course's, which the tree's cutoffs are counted by)."""
    import random

    from negaviz.quiz.attempt import Exercise
    from negaviz.quiz.exercises import random_tree

    v = json.loads(variant)
    # As negaviz.export.sheet.make_sheet draws its exercises' seeds (a test keeps the two the same).
    rng = random.Random(variant_seed(key, v["sheet"], student))
    seeds = [rng.randrange(2**32) for _ in range(v["number"])]
    check_perspective(v["perspective"])
    # negaviz.quiz.exercises.exercise's tree (its questions are not needed to check a record)
    tree = random_tree(v["depth"], v["branching"], seed=check_seed(seeds[-1]), cutoffs=v["cutoffs"],
                       deep_cutoffs=v["deep_cutoffs"], ties=v["ties"])
    return Exercise(f"{v['sheet']}#{v['number']}", "tree", tree.text(), "alphabeta", False, v["perspective"], {}, v,
                    None, True)
