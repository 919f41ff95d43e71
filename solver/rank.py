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


#: Rows unranked per numpy pass: small enough to stay in cache.
CHUNK = 8192


def unrank_combinations(indices: IntArray, n: int, k: int) -> IntArray:
    """:func:`unrank_combination` for a numpy array of indices at once (rows x ``k``).

    Uses the combinadic form: with ``d_i = n - 1 - c_i``, the rank ``r`` satisfies
    ``C(n, k) - 1 - r = sum(C(d_i, k - i))`` with ``d_0 > d_1 > ...``, so each position is
    one ``searchsorted`` in a column of binomials: ``k`` numpy passes, whatever ``n``.
    """
    total = comb(n, k)
    if total >= 2**62:
        raise OverflowError(f"{total} answers do not fit numpy's int64 indices")
    wanted = np.asarray(indices, dtype=np.int64)
    if wanted.size and (wanted.min() < 0 or wanted.max() >= total):
        raise IndexError(f"indices out of range(0, {total})")
    out = np.empty((wanted.shape[0], k), dtype=np.int64)
    tables = _binomial_columns(n, k)
    for start in range(0, wanted.shape[0], CHUNK):
        dual = (total - 1) - wanted[start:start + CHUNK]
        for position in range(k):
            column = tables[k - position]
            digit = np.searchsorted(column, dual, side="right") - 1
            dual = dual - column[digit]
            out[start:start + CHUNK, position] = n - 1 - digit
    return out


def unrank_masks(indices: IntArray, n: int, k: int) -> npt.NDArray[np.int8]:
    """The combinations with these ranks as 0/1 rows over ``range(n)``.

    Complementing a ``k``-combination reverses lexicographic order among the
    ``(n - k)``-combinations, so the shorter of the two is unranked.
    """
    wanted = np.asarray(indices, dtype=np.int64)
    rows = wanted.shape[0]
    if k <= n - k:
        mask = np.zeros((rows, n), dtype=np.int8)
        np.put_along_axis(mask, unrank_combinations(wanted, n, k), 1, axis=1)
        return mask
    mask = np.ones((rows, n), dtype=np.int8)
    np.put_along_axis(mask, unrank_combinations(comb(n, k) - 1 - wanted, n, n - k), 0, axis=1)
    return mask


def _binomial_columns(n: int, k: int) -> list[IntArray]:
    """``columns[j][x] = C(x, j)`` for ``x`` in ``range(n)``, ``j`` in ``0..k``."""
    return [np.array([comb(x, j) for x in range(n)], dtype=np.int64) for j in range(k + 1)]
