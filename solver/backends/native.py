"""The native backend: answers generated directly, streaming, in a deterministic order.

Resolutions are combinations (which targets are kept when damage is short) or
compositions (how the damage is divided), both in lexicographic order. For bulk use,
:func:`resolution_blocks` yields them as numpy matrices, one row per answer and one column
per legal target, built a block at a time without Python work per answer.

>>> from models.split import SplitResolveProblem
>>> [r.as_json()["damage"] for r in resolutions(SplitResolveProblem(("a", "b"), 3))]
[{'a': 1, 'b': 2}, {'a': 2, 'b': 1}]
>>> resolution_blocks(SplitResolveProblem(("a", "b", "c"), 2)).__next__().tolist()
[[1, 1, 0], [1, 0, 1], [0, 1, 1]]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from models.answers import Declaration, Resolution, Selection
from models.group import GroupProblem, Member, fits_alone
from models.split import SplitFinalizeProblem, SplitResolveProblem

NAME = "native"

#: Rows per numpy block: large enough to amortise numpy calls, small enough for memory.
BLOCK_ROWS = 1 << 16

IntArray = npt.NDArray[np.int64]


# --------------------------------------------------------------------------- resolutions


def resolutions(problem: SplitResolveProblem) -> Iterator[Resolution]:
    """Every legal resolution, one :class:`Resolution` at a time: by number of kept
    targets, then kept targets, then total dealt, then split, each in lexicographic order."""
    targets = problem.targets
    for size in problem.legal_kept_counts():
        if size == 0:
            yield Resolution(())
            continue
        low, high = problem.dealt_range(size)
        if size == len(targets) and low == high:  # every target kept
            yield from _compositions(targets, low)
        elif low == high == size:  # each kept target dealt exactly 1
            yield from map(Resolution, combinations(tuple((u, 1) for u in targets), size))
        else:
            for kept in combinations(targets, size):
                for total in range(low, high + 1):
                    yield from _compositions(kept, total)


def _compositions(units: tuple[str, ...], total: int) -> Iterator[Resolution]:
    """``total`` damage split among ``units``, each at least 1, lexicographically.

    The first cuts come from ``itertools.combinations``; the last part is a list
    comprehension over prebuilt ``(unit, amount)`` pairs, so little Python runs per answer.
    """
    parts = len(units)
    pairs = [[(unit, amount) for amount in range(total + 1)] for unit in units]
    if parts == 1:
        yield Resolution((pairs[0][total],))
        return
    heads, second_last, last = pairs[:-2], pairs[-2], pairs[-1]
    for cuts in combinations(range(1, total), parts - 2):
        previous = 0
        prefix: tuple[tuple[str, int], ...] = ()
        for row, cut in zip(heads, cuts, strict=True):
            prefix += (row[cut - previous],)
            previous = cut
        yield from [Resolution((*prefix, second_last[cut - previous], last[total - cut]))
                    for cut in range(previous + 1, total)]


def combination_blocks(n: int, k: int, block_rows: int = BLOCK_ROWS) -> Iterator[IntArray]:
    """All ``k``-combinations of ``range(n)`` in lexicographic order, as blocks of rows.

    >>> [b.tolist() for b in combination_blocks(4, 2, block_rows=3)]
    [[[0, 1], [0, 2], [0, 3]], [[1, 2], [1, 3]], [[2, 3]]]
    """
    if k == 0:
        yield np.zeros((1, 0), dtype=np.int64)
        return
    yield from _combination_blocks(0, n, k, block_rows)


def _combination_blocks(low: int, n: int, k: int, block_rows: int) -> Iterator[IntArray]:
    """Combinations of ``range(low, n)``; splits on the first element until blocks fit."""
    if comb(n - low, k) <= block_rows or k == 1:
        yield from _split_rows(_all_combinations(low, n, k), block_rows)
        return
    for first in range(low, n - k + 1):
        for tail in _combination_blocks(first + 1, n, k - 1, block_rows):
            head = np.full((tail.shape[0], 1), first, dtype=np.int64)
            yield np.hstack((head, tail))


def _split_rows(rows: IntArray, block_rows: int) -> Iterator[IntArray]:
    for start in range(0, rows.shape[0], block_rows):
        yield rows[start:start + block_rows]


def _all_combinations(low: int, n: int, k: int) -> IntArray:
    """Every ``k``-combination of ``range(low, n)``, built column by column in numpy."""
    last = np.arange(low, n - k + 1, dtype=np.int64)
    columns = [last]
    for j in range(1, k):
        top = n - k + j  # the largest value column j may hold
        counts = top - last  # each row continues with last+1 .. top
        total = int(counts.sum())
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        last = np.repeat(last + 1, counts) + (np.arange(total, dtype=np.int64) - starts)
        columns = [np.repeat(col, counts) for col in columns]
        columns.append(last)
    return np.stack(columns, axis=1)


def composition_blocks(total: int, parts: int, block_rows: int = BLOCK_ROWS
                       ) -> Iterator[IntArray]:
    """Every way to write ``total`` as ``parts`` positive integers, lexicographically.

    >>> [b.tolist() for b in composition_blocks(4, 2)]
    [[[1, 3], [2, 2], [3, 1]]]
    """
    for bars in combination_blocks(total - 1, parts - 1, block_rows):
        rows = bars.shape[0]
        edges = np.hstack((np.zeros((rows, 1), dtype=np.int64), bars + 1,
                           np.full((rows, 1), total, dtype=np.int64)))
        yield np.diff(edges, axis=1)


def _split_blocks(size: int, low: int, high: int, block_rows: int) -> Iterator[IntArray]:
    """Every split of ``low..high`` damage among ``size`` kept targets, in order."""
    for total in range(low, high + 1):
        yield from composition_blocks(total, size, block_rows)


def resolution_blocks(problem: SplitResolveProblem, block_rows: int = BLOCK_ROWS
                      ) -> Iterator[IntArray]:
    """Every legal resolution as rows of damage per legal target (``problem.targets``).

    Same answers and order as :func:`resolutions`; a zero means the target is not dealt
    damage (dropped, 355.14.h).
    """
    n = len(problem.targets)
    for size in problem.legal_kept_counts():
        if size == 0:
            yield np.zeros((1, n), dtype=np.int64)
            continue
        low, high = problem.dealt_range(size)
        if size == n:  # every target kept: the splits are the rows
            yield from _split_blocks(size, low, high, block_rows)
            continue
        splits_per_choice = comb(high, size) - comb(low - 1, size)
        if splits_per_choice <= block_rows:
            splits = np.vstack(list(_split_blocks(size, low, high, block_rows)))
            for kept in combination_blocks(n, size, max(1, block_rows // splits_per_choice)):
                yield _place(n, np.repeat(kept, splits_per_choice, axis=0),
                             np.tile(splits, (kept.shape[0], 1)))
            continue
        for kept in combination_blocks(n, size, 1):
            for split in _split_blocks(size, low, high, block_rows):
                yield _place(n, np.repeat(kept, split.shape[0], axis=0), split)


def _place(n: int, columns: IntArray, amounts: IntArray) -> IntArray:
    """Rows of ``n`` columns holding ``amounts`` at ``columns``, zeros elsewhere."""
    rows = np.zeros((columns.shape[0], n), dtype=np.int64)
    np.put_along_axis(rows, columns, amounts, axis=1)
    return rows


# --------------------------------------------------------------------------- declarations


def declarations(problem: SplitFinalizeProblem) -> Iterator[Declaration]:
    """Every legal declaration: per friendly option, subsets by size, then lexicographic."""
    names = problem.candidates
    taxes = problem.taxes
    budget = problem.budget
    for option in problem.options:
        top = min(option.cap, len(names))
        for size in range(top + 1):
            for chosen in combinations(range(len(names)), size):
                cost = sum(taxes[i] for i in chosen)
                if budget is not None and cost > budget:
                    continue
                yield Declaration(tuple(names[i] for i in chosen), option.friendly, cost)


# --------------------------------------------------------------------------- groups


def selections(problem: GroupProblem) -> Iterator[Selection]:
    """Every legal selection: the empty one first, then class by class, searching members
    in order with pruning on slot sizes, the Might cap and the Deflect budget."""
    if problem.whole is not None:
        yield problem.whole
        return
    if not any(problem.least) and not (
            problem.maximal and any(fits_alone(problem, m) for m in problem.members)):
        yield problem.empty
    shortcut = _size_limited_maximal(problem)
    if shortcut is not None:
        yield from shortcut
        return
    if problem.per_class is not None:  # classes combine, a few members from each
        yield from _class_selections(problem, list(problem.members))
        return
    for key in problem.classes():
        yield from _class_selections(problem, [m for m in problem.members if m.key == key])


def _size_limited_maximal(problem: GroupProblem) -> Iterator[Selection] | None:
    """Maximal selections of an uncapped one-slot group of at most ``most`` members with no
    budget (Bellows Breath on resolution): per class, the whole class if it fits, else each
    ``most`` of its members. ``None`` when the problem has another shape."""
    most = problem.size_limited()
    if most is None:
        return None
    classes = [tuple(m.id for m in problem.members if m.key == key) for key in problem.classes()]
    return ((chosen,) for ids in classes for chosen in combinations(ids, min(most, len(ids))))


def _class_selections(problem: GroupProblem, members: list[Member]) -> Iterator[Selection]:
    least, most, cap, budget = problem.least, problem.most, problem.cap, problem.budget
    counts = [0] * len(least)
    per_class = problem.per_class
    in_class = dict.fromkeys(problem.classes(), 0)
    picked: list[tuple[int, int]] = []
    # Fewest members still needed, and how many members remain from each position on.
    needed = sum(least)

    def can_join(index: int, slot: int, might: int, tax: int) -> bool:
        member = members[index]
        return ((most[slot] is None or counts[slot] < most[slot])  # type: ignore[operator]
                and (per_class is None or in_class[member.key] < per_class)
                and (cap is None or might + member.might <= cap)
                and (budget is None or tax + member.tax <= budget))

    def maximal(might: int, tax: int) -> bool:
        taken = {index for index, _ in picked}
        return not any(can_join(i, s, might, tax) for i in range(len(members))
                       if i not in taken for s in members[i].slots)

    def walk(index: int, might: int, tax: int) -> Iterator[Selection]:
        if len(picked) + (len(members) - index) < needed:
            return
        if index == len(members):
            if picked and all(c >= low for c, low in zip(counts, least, strict=True)) and (
                    not problem.maximal or maximal(might, tax)):
                yield tuple(tuple(members[i].id for i, s in picked if s == slot)
                            for slot in range(len(least)))
            return
        yield from walk(index + 1, might, tax)
        member = members[index]
        for slot in member.slots:
            if can_join(index, slot, might, tax):
                counts[slot] += 1
                in_class[member.key] += 1
                picked.append((index, slot))
                yield from walk(index + 1, might + member.might, tax + member.tax)
                picked.pop()
                in_class[member.key] -= 1
                counts[slot] -= 1

    yield from walk(0, 0, 0)
