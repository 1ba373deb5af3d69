"""The eight symmetries of a square Othello board (four rotations, four reflections) as
lookup tables, so that a board's image is ``n`` table reads instead of a loop over every
square (:meth:`negaviz.games.othello.Othello.symmetries`).
"""

from __future__ import annotations

import functools

@functools.cache
def symmetry_tables(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each of the 8 board symmetries, per row, the image of every row pattern.

    Looking up whole rows keeps a transform to ``n`` table reads instead of a
    Python loop over every square; cached because building them for 8x8 takes a few ms.
    """
    last = n - 1

    def where(symmetry: int, r: int, c: int) -> tuple[int, int]:
        """Where square (r, c) goes: 4 rotations, then 4 reflections."""
        return (
            (r, c), (c, last - r), (last - r, last - c), (last - c, r),
            (r, last - c), (last - r, c), (c, r), (last - c, last - r),
        )[symmetry]

    tables = []
    for symmetry in range(8):
        rows = []
        for r in range(n):
            images = [0] * (1 << n)
            for c in range(n):
                tr, tc = where(symmetry, r, c)
                image = 1 << (tr * n + tc)
                step = 1 << c
                for pattern in range(1 << n):
                    if pattern & step:
                        images[pattern] |= image
            rows.append(tuple(images))
        tables.append(tuple(rows))
    return tuple(tables)


def transform(bits: int, table: tuple[tuple[int, ...], ...], n: int) -> int:
    """``bits`` (an ``n`` by ``n`` board) mapped square by square through one symmetry table."""
    row_mask = (1 << n) - 1
    result = 0
    for row, images in enumerate(table):
        result |= images[(bits >> (row * n)) & row_mask]
    return result
