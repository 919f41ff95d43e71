"""A stable index for every legal answer: ranking and unranking, no listing.

The index of an answer is its position in the native backend's order (lexicographic),
computed with the combinatorial number system: the number of ``k``-combinations of
``range(n)`` before a given one. Split resolutions are combinations (the kept targets,
when damage is short) or compositions (the cuts between amounts).

>>> rank_combination((1, 3), 4)             # (0,1) (0,2) (0,3) (1,2) (1,3) ...
4
>>> unrank_combination(4, 4, 2)
(1, 3)
>>> unrank_combinations(np.array([0, 4, 5]), 4, 2).tolist()
[[0, 1], [1, 3], [2, 3]]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]


def rank_combination(chosen: Sequence[int], n: int) -> int:
    """Lexicographic rank of the sorted ``chosen`` among the combinations of ``range(n)``."""
    k = len(chosen)
    rank = 0
    previous = -1
    for position, value in enumerate(chosen):
        for skipped in range(previous + 1, value):
            rank += comb(n - skipped - 1, k - position - 1)
        previous = value
    return rank


def unrank_combination(index: int, n: int, k: int) -> tuple[int, ...]:
    """The combination of ``range(n)`` with lexicographic rank ``index``."""
    if not 0 <= index < comb(n, k):
        raise IndexError(f"index {index} out of range(0, {comb(n, k)})")
    chosen = []
    value = 0
    for position in range(k):
        while True:
            below = comb(n - value - 1, k - position - 1)
            if index < below:
                break
            index -= below
            value += 1
        chosen.append(value)
        value += 1
    return tuple(chosen)


def unrank_combinations(indices: IntArray, n: int, k: int) -> IntArray:
    """:func:`unrank_combination` for a numpy array of indices at once (rows x ``k``).

    Works position by position and value by value with masks, so the Python work depends
    on ``n`` and ``k``, not on how many indices are unranked.
    """
    total = comb(n, k)
    if total >= 2**62:
        raise OverflowError(f"{total} answers do not fit numpy's int64 indices")
    remaining = np.asarray(indices, dtype=np.int64).copy()
    if remaining.size and (remaining.min() < 0 or remaining.max() >= total):
        raise IndexError(f"indices out of range(0, {total})")
    rows = remaining.shape[0]
    out = np.empty((rows, k), dtype=np.int64)
    previous = np.full(rows, -1, dtype=np.int64)
    for position in range(k):
        open_rows = np.ones(rows, dtype=bool)
        for value in range(n - k + position + 1):
            below = comb(n - value - 1, k - position - 1)
            candidates = open_rows & (previous < value)
            take = candidates & (remaining < below)
            out[take, position] = value
            skip = candidates & ~take
            remaining[skip] -= below
            open_rows &= ~take
        previous = out[:, position]
    return out
