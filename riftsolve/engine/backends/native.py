"""The native backend: answers generated directly, streaming, in a deterministic order.

Resolutions are combinations (which targets are kept when damage is short) or
compositions (how the damage is divided), both in lexicographic order. For bulk use,
:func:`resolution_blocks` yields them as numpy matrices, one row per answer and one column
per legal target, built a block at a time without Python work per answer.

Whatever the board, every generator here streams: the first answer comes after work that
grows with the board, not with the number of answers; nothing recurses (explicit stacks);
a numpy block holds at most :data:`BLOCK_CELLS` cells.

>>> from riftsolve.rules.families.split import SplitResolveProblem
>>> [r.as_json()["damage"] for r in resolutions(SplitResolveProblem(("a", "b"), 3))]
[{'a': 1, 'b': 2}, {'a': 2, 'b': 1}]
>>> resolution_blocks(SplitResolveProblem(("a", "b", "c"), 2)).__next__().tolist()
[[1, 1, 0], [1, 0, 1], [0, 1, 1]]
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, combinations, islice
from math import comb
from operator import getitem, sub
from typing import TYPE_CHECKING, TypeAlias

from riftsolve._lazy import LazyModule
from riftsolve.engine.backends import Method, named_shape, shape
from riftsolve.rules.answers import Declaration, Resolution, Selection
from riftsolve.rules.families.split import SplitFinalizeProblem, SplitResolveProblem

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from riftsolve.engine.assign import Table
    from riftsolve.rules.answers.combat import Assignment
    from riftsolve.rules.families.combat import CombatProblem
    from riftsolve.rules.families.group import GroupProblem, Member
else:
    np = LazyModule("numpy")  # imported by the first block of answers

NAME = "native"

#: A problem of a shape this backend has no generator for, but that lists its own answers
#: (a new family's first form, :class:`riftsolve.rules.families.Listing`), is answered by
#: that listing.
LISTS_OWN = True


def refusal(problem: object) -> str | None:
    """Why this backend declines ``problem`` it has a generator for: never."""
    return None

#: Most rows per numpy block: large enough to amortise numpy calls.
BLOCK_ROWS = 1 << 16
#: Most cells (rows x columns) per numpy block, whatever the width: 8 MiB of int64.
BLOCK_CELLS = 1 << 20
#: Combinations of more elements than this, out of at most :data:`ITERTOOLS_MAX_N`, are
#: built by ``itertools.combinations`` (C, a tuple per row): numpy's per-block overhead grows
#: with the number of columns while such blocks may hold few rows.
NUMPY_MAX_K = 12
#: ``itertools.combinations`` holds its whole pool: beyond this, numpy builds every block.
ITERTOOLS_MAX_N = 1 << 16
#: At most this many combinations are built by ``itertools`` (measured 5-8x faster than
#: the numpy build below a few hundred, 2-7x slower above a thousand).
ITERATED_UP_TO = 256
#: ``(unit, amount)`` pairs :func:`_compositions` may build ahead (else built per answer).
PAIR_BUDGET = 1 << 16
#: Answers :func:`_compositions` builds at once in its innermost loop.
CHUNK = 1024
#: Largest table of suffix counts :func:`_least_tax` builds (distinct taxes x candidates).
LEAST_TAX_TABLE = 1 << 22

IntArray: TypeAlias = "npt.NDArray[np.int64]"
#: Rows of 0/1 marks (a unit chosen or not), as ``arrays()`` gives them.
MaskArray: TypeAlias = "npt.NDArray[np.int8]"


def block_rows_for(columns: int, block_rows: int = BLOCK_ROWS) -> int:
    """Rows per block of ``columns`` columns: at most ``block_rows`` and at most
    :data:`BLOCK_CELLS` cells, at least one row.

    >>> block_rows_for(5), block_rows_for(900), block_rows_for(900, 3), block_rows_for(10**7)
    (65536, 1165, 3, 1)
    """
    return max(1, min(block_rows, BLOCK_CELLS // max(1, columns)))


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

    The first cuts come from ``itertools.combinations`` (from numpy blocks when the total
    is large: ``combinations`` holds its whole pool); the last part is a list
    comprehension over ``(unit, amount)`` pairs built ahead when there are few of them
    (:data:`PAIR_BUDGET`), else per answer, at most :data:`CHUNK` answers at a time.

    >>> [r.damage for r in _compositions(("a", "b", "c"), 4)]
    [(('a', 1), ('b', 1), ('c', 2)), (('a', 1), ('b', 2), ('c', 1)), (('a', 2), ('b', 1), ('c', 1))]
    """
    parts = len(units)
    if parts == 1:
        yield Resolution(((units[0], total),))
        return
    if parts > total:
        return
    head_units, second_last, last = units[:-2], units[-2], units[-1]
    if parts * (total + 1) <= PAIR_BUDGET:
        pairs = [[(unit, amount) for amount in range(total + 1)] for unit in units]
        heads, second_pairs, last_pairs = pairs[:-2], pairs[-2], pairs[-1]
        for cuts in combinations(range(1, total), parts - 2):
            previous = cuts[-1] if cuts else 0
            prefix: tuple[tuple[str, int], ...] = tuple(
                map(getitem, heads, map(sub, cuts, (0, *cuts))))
            yield from [Resolution((*prefix, second_pairs[cut - previous],
                                    last_pairs[total - cut]))
                        for cut in range(previous + 1, total)]
        return
    for block in combination_blocks(total - 1, parts - 2, max(1, PAIR_BUDGET // parts)):
        for cuts in (block + 1).tolist():
            previous = cuts[-1] if cuts else 0
            prefix = tuple(zip(head_units, map(sub, cuts, (0, *cuts)), strict=False))
            yield from _last_two(prefix, second_last, last, previous, total)


def _last_two(prefix: tuple[tuple[str, int], ...], second_last: str, last: str,
              previous: int, total: int) -> Iterator[Resolution]:
    """The compositions after ``prefix`` (``previous`` dealt so far): every split of the
    rest between the last two units, :data:`CHUNK` answers at a time."""
    for start in range(previous + 1, total, CHUNK):
        yield from [Resolution((*prefix, (second_last, cut - previous), (last, total - cut)))
                    for cut in range(start, min(start + CHUNK, total))]


def combination_blocks(n: int, k: int, block_rows: int = BLOCK_ROWS) -> Iterator[IntArray]:
    """All ``k``-combinations of ``range(n)`` in lexicographic order, as blocks of at most
    ``block_rows`` rows (and :data:`BLOCK_CELLS` cells).

    The first block comes at once however many combinations there are; nothing recurses.

    >>> [b.tolist() for b in combination_blocks(4, 2, block_rows=3)]
    [[[0, 1], [0, 2], [0, 3]], [[1, 2], [1, 3], [2, 3]]]
    >>> next(combination_blocks(4999, 999, block_rows=2))[:, -3:].tolist()
    [[996, 997, 998], [996, 997, 999]]
    """
    if k == 0:
        yield np.zeros((1, 0), dtype=np.int64)
        return
    if k > n:
        return
    rows = block_rows_for(k, block_rows)
    if (k > NUMPY_MAX_K and n <= ITERTOOLS_MAX_N) or not _exceeds(n, k, ITERATED_UP_TO):
        yield from _iterated_blocks(n, k, rows)
    else:
        yield from _numpy_blocks(n, k, rows)


def _iterated_blocks(n: int, k: int, rows: int) -> Iterator[IntArray]:
    """:func:`combination_blocks` from ``itertools.combinations``, ``rows`` at a time."""
    remaining = comb(n, k)
    source = combinations(range(n), k)
    while remaining:
        take = min(rows, remaining)
        remaining -= take
        flat = np.fromiter(chain.from_iterable(islice(source, take)), dtype=np.int64,
                           count=take * k)
        yield flat.reshape(take, k)


def _numpy_blocks(n: int, k: int, rows: int) -> Iterator[IntArray]:
    """:func:`combination_blocks` built in numpy: an explicit stack of fixed leading values
    (a prefix); under a prefix, the combinations whose next value lies in a range
    ``first..end-1`` are one block, the range as long as ``rows`` allows, descending into a
    value only when the combinations it starts alone are too many."""
    prefix: list[int] = []
    stack = [0]  # stack[d]: the next value to try at position d (after prefix[:d])
    while stack:
        depth = len(stack) - 1
        first = stack[depth]
        r = k - depth  # values still to choose, this one included
        end = n - r + 1  # values this position may take: first .. end-1
        if first >= end:
            stack.pop()
            if prefix:
                prefix.pop()
            continue
        if r > 1 and _exceeds(n - first - 1, r - 1, rows):  # too many under ``first`` alone
            stack[depth] = first + 1
            prefix.append(first)
            stack.append(first + 1)
            continue
        stop = _range_end(n, r, first, end, rows)
        stack[depth] = stop
        yield _prefixed(prefix, _combinations_starting(n, r, first, stop), k)


def _exceeds(n: int, k: int, bound: int) -> bool:
    """Whether ``comb(n, k) > bound``, stopping as soon as it is (no huge integers).

    >>> _exceeds(10**9, 10**5, 10**6), _exceeds(5, 2, 10), _exceeds(5, 2, 9)
    (True, False, True)
    """
    k = min(k, n - k)
    if k < 0:
        return bound < 0
    value = 1
    for i in range(k):
        value = value * (n - i) // (i + 1)
        if value > bound:
            return True
    return value > bound


def _range_end(n: int, r: int, first: int, end: int, rows: int) -> int:
    """The largest ``stop <= end`` such that the ``r``-combinations of ``range(first, n)``
    starting below ``stop`` are at most ``rows`` (at least ``first + 1``)."""
    whole = comb(n - first, r)
    if whole <= rows:
        return end
    if r == 1:
        return min(end, first + rows)
    # the combinations starting below ``stop`` number ``whole - comb(n - stop, r)``
    low, high = first + 1, end  # low is known to fit, high is known not to
    while high - low > 1:
        middle = (low + high) // 2
        if whole - comb(n - middle, r) <= rows:
            low = middle
        else:
            high = middle
    return low


def _prefixed(prefix: Sequence[int], tail: IntArray, k: int) -> IntArray:
    if not prefix:
        return tail
    block = np.empty((tail.shape[0], k), dtype=np.int64)
    block[:, :len(prefix)] = prefix
    block[:, len(prefix):] = tail
    return block


def _combinations_starting(n: int, r: int, first: int, stop: int) -> IntArray:
    """Every ``r``-combination of ``range(first, n)`` whose first value is below ``stop``,
    built column by column in numpy: each column's values once, then each column repeated
    by the number of rows below each of its values."""
    last = np.arange(first, stop, dtype=np.int64)
    values = [last]
    branching = []
    for j in range(1, r):
        top = n - r + j  # the largest value column j may hold
        counts = top - last  # each row continues with last+1 .. top (at least one)
        starts = np.cumsum(counts) - counts
        last = np.repeat(last + 1 - starts, counts) + np.arange(int(counts.sum()),
                                                                dtype=np.int64)
        values.append(last)
        branching.append((counts, starts))
    block = np.empty((last.shape[0], r), dtype=np.int64)
    block[:, r - 1] = last
    below: IntArray | None = None  # rows below each value of the column to the right
    for j in range(r - 2, -1, -1):
        counts, starts = branching[j]
        below = counts if below is None else np.add.reduceat(below, starts)
        block[:, j] = np.repeat(values[j], below)
    return block


def composition_blocks(total: int, parts: int, block_rows: int = BLOCK_ROWS
                       ) -> Iterator[IntArray]:
    """Every way to write ``total`` as ``parts`` positive integers, lexicographically.

    >>> [b.tolist() for b in composition_blocks(4, 2)]
    [[[1, 3], [2, 2], [3, 1]]]
    """
    if parts == 1:
        yield np.full((1, 1), total, dtype=np.int64)
        return
    for bars in combination_blocks(total - 1, parts - 1, block_rows_for(parts, block_rows)):
        block = np.empty((bars.shape[0], parts), dtype=np.int64)
        block[:, 0] = bars[:, 0] + 1
        np.subtract(bars[:, 1:], bars[:, :-1], out=block[:, 1:-1])
        np.subtract(total - 1, bars[:, -1], out=block[:, -1])
        yield block


def _split_blocks(size: int, low: int, high: int, block_rows: int) -> Iterator[IntArray]:
    """Every split of ``low..high`` damage among ``size`` kept targets, in order."""
    for total in range(low, high + 1):
        yield from composition_blocks(total, size, block_rows)


def resolution_blocks(problem: SplitResolveProblem, block_rows: int = BLOCK_ROWS
                      ) -> Iterator[IntArray]:
    """Every legal resolution as rows of damage per legal target (``problem.targets``).

    Same answers and order as :func:`resolutions`; a zero means the target is not dealt
    damage (dropped, 355.14.h). Blocks hold at most ``block_rows`` rows and
    :data:`BLOCK_CELLS` cells: ask for few rows to have the first answers at once.
    """
    n = len(problem.targets)
    rows = block_rows_for(n, block_rows)
    for size in problem.legal_kept_counts():
        if size == 0:
            yield np.zeros((1, n), dtype=np.int64)
            continue
        low, high = problem.dealt_range(size)
        if size == n:  # every target kept: the splits are the rows
            yield from _split_blocks(size, low, high, rows)
            continue
        splits_per_choice = comb(high, size) - comb(low - 1, size)
        if splits_per_choice <= rows:
            splits = np.vstack(list(_split_blocks(size, low, high, rows)))
            for kept in combination_blocks(n, size, max(1, rows // splits_per_choice)):
                if splits_per_choice == 1:  # one split (each dealt 1): a row per choice
                    yield _place(n, kept, splits[0])
                else:
                    yield _place(n, np.repeat(kept, splits_per_choice, axis=0),
                                 np.tile(splits, (kept.shape[0], 1)))
            continue
        for chosen in combinations(range(n), size):
            kept = np.array(chosen, dtype=np.int64)
            for split in _split_blocks(size, low, high, rows):
                yield _place(n, np.broadcast_to(kept, split.shape), split)


def _place(n: int, columns: IntArray, amounts: IntArray) -> IntArray:
    """Rows of ``n`` columns holding ``amounts`` (rows of them, or one row for all) at
    ``columns``, zeros elsewhere."""
    count = columns.shape[0]
    rows = np.zeros((count, n), dtype=np.int64)
    cells = columns + np.arange(0, count * n, n, dtype=np.int64)[:, None]
    rows.reshape(-1)[cells] = amounts
    return rows


# --------------------------------------------------------------------------- declarations


def declarations(problem: SplitFinalizeProblem) -> Iterator[Declaration]:
    """Every legal declaration: per friendly option, subsets by size, then lexicographic.

    Under a binding Deflect budget, subsets are searched with pruning: a partial subset
    is extended only if its tax plus the least tax of the members it still needs fits.

    >>> from riftsolve.rules.families.split import FriendlyOption, SplitFinalizeProblem
    >>> p = SplitFinalizeProblem((FriendlyOption(None, 3),), ("a", "b", "c"), (1, 0, 1), 1)
    >>> [(d.split, d.deflect_cost) for d in declarations(p)]
    [((), 0), (('a',), 1), (('b',), 0), (('c',), 1), (('a', 'b'), 1), (('b', 'c'), 1)]
    """
    names = problem.candidates
    taxes = problem.taxes
    budget = problem.budget
    n = len(names)
    if budget is None or sum(taxes) <= budget or min(taxes, default=0) < 0:
        for option in problem.options:
            for size in range(min(option.cap, n) + 1):
                for chosen in combinations(range(n), size):
                    cost = sum(taxes[i] for i in chosen)
                    if budget is not None and cost > budget:
                        continue
                    yield Declaration(tuple(names[i] for i in chosen), option.friendly, cost)
        return
    least = _least_tax(taxes)
    for option in problem.options:
        for size in range(min(option.cap, n) + 1):
            if least(0, size) > budget:
                break  # larger subsets cost at least as much
            for chosen, cost in _subsets_within(taxes, size, budget, least):
                yield Declaration(tuple(names[i] for i in chosen), option.friendly, cost)



def _least_tax(taxes: Sequence[int]) -> Callable[[int, int], int]:
    """``least(j, r)``: the least total tax of ``r`` candidates among ``j..`` (a lower
    bound of it when the board has very many distinct taxes). Taxes are >= 0.

    >>> least = _least_tax((2, 0, 1, 3))
    >>> least(0, 2), least(0, 3), least(2, 2), least(3, 1)
    (1, 3, 4, 3)
    """
    n = len(taxes)
    zeros = [0] * (n + 1)
    for j in range(n - 1, -1, -1):
        zeros[j] = zeros[j + 1] + (taxes[j] == 0)
    values = sorted({t for t in taxes if t > 0})
    if len(values) * (n + 1) > LEAST_TAX_TABLE:
        cheapest = [0] * (n + 1)  # least positive tax among j.. (0: none)
        for j in range(n - 1, -1, -1):
            t, below = taxes[j], cheapest[j + 1]
            cheapest[j] = below if t == 0 else (t if below == 0 else min(t, below))

        def bound(j: int, r: int) -> int:
            return max(0, r - zeros[j]) * cheapest[j]

        return bound
    # counts[v][j]: candidates among j.. taxed values[v]
    counts = []
    for value in values:
        column = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            column[j] = column[j + 1] + (taxes[j] == value)
        counts.append(column)
    pairs = list(zip(values, counts, strict=True))

    def least(j: int, r: int) -> int:
        need = r - zeros[j]
        total = 0
        for value, column in pairs:
            if need <= 0:
                break
            take = min(need, column[j])
            total += take * value
            need -= take
        return total

    return least


def _subsets_within(taxes: Sequence[int], size: int, budget: int,
                    least: Callable[[int, int], int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """The ``size``-subsets of ``range(len(taxes))`` whose tax is within ``budget``, with
    their tax, lexicographically: an explicit-stack search that extends a partial subset
    only if some completion fits (``least`` gives the cheapest completion)."""
    n = len(taxes)
    if size == 0:
        yield (), 0
        return
    chosen = [0] * size
    spent = [0] * (size + 1)  # spent[p]: tax of chosen[:p]
    last = size - 1
    position, candidate = 0, 0
    while True:
        if position == last:
            base = spent[position]
            room = budget - base
            for j in range(candidate, n):
                if taxes[j] <= room:
                    chosen[last] = j
                    yield tuple(chosen), base + taxes[j]
        else:
            base = spent[position]
            need = size - position - 1
            limit = n - need  # candidates candidate .. limit-1 leave room for the rest
            while candidate < limit:
                cost = base + taxes[candidate]
                if cost + least(candidate + 1, need) <= budget:
                    break
                candidate += 1
            else:
                candidate = -1
            if candidate >= 0:
                chosen[position] = candidate
                spent[position + 1] = cost
                position += 1
                candidate += 1
                continue
        if position == 0:
            return
        position -= 1
        candidate = chosen[position] + 1


# --------------------------------------------------------------------------- groups


def selections(problem: GroupProblem) -> Iterator[Selection]:
    """Every legal selection: the empty one first, then class by class, searching members
    in order with pruning on slot sizes, the Might cap and the Deflect budget."""
    if problem.whole is not None:
        yield problem.whole
        return
    if _empty_comes_first(problem):
        yield problem.empty
    shortcut = _size_limited_maximal(problem)
    if shortcut is not None:
        yield from shortcut
        return
    if problem.per_class is not None:  # classes combine, a few members from each
        yield from _class_selections(problem, list(problem.members))
        return
    by_class = _by_class(problem.members)
    for key in problem.classes():
        yield from _class_selections(problem, by_class[key])


def _empty_comes_first(problem: GroupProblem) -> bool:
    """Whether choosing nobody is an answer (then the first): no slot needs a member, and
    for a ``maximal`` problem no member fits on its own."""
    from riftsolve.rules.families.group import fits_alone

    return not any(problem.least) and not (
        problem.maximal and any(fits_alone(problem, m) for m in problem.members))


#: Most members of a class whose subsets :func:`selection_masks` enumerates as bit masks.
MOST_MASKED = 20


def mask_count(problem: GroupProblem) -> int | None:
    """How many bit masks :func:`selection_masks` would look at: every subset of each
    class. ``None`` for the shapes it does not cover (several slots, a per-class limit, a
    whole group, the size-limited shortcut, a class of more than :data:`MOST_MASKED`
    members)."""
    if (problem.whole is not None or problem.per_class is not None or len(problem.least) != 1
            or problem.size_limited() is not None
            or any(m.slots != (0,) for m in problem.members)):
        return None
    sizes = [len(members) for members in _by_class(problem.members).values()]
    if any(size > MOST_MASKED for size in sizes):
        return None
    return sum(1 << size for size in sizes)


def selection_masks(problem: GroupProblem, columns: Sequence[str], block_rows: int
                    ) -> Iterator[MaskArray]:
    """The selections of a one-slot group (see :func:`mask_count`) as 0/1 rows over
    ``columns``, in the order of :func:`selections`, found in numpy: every subset of each
    class as a bit mask (the class's first member the highest bit, so ascending masks are
    the search's order: leave a member out before taking it), kept when its size, Might,
    tax and, for a ``maximal`` problem, the members that could still join say so."""
    if mask_count(problem) is None:
        raise ValueError("selection_masks: this group's shape is not one of bit masks")
    return _masked(problem, _by_class(problem.members), columns, block_rows)


def _masked(problem: GroupProblem, by_class: dict[str, list[Member]], columns: Sequence[str],
            block_rows: int) -> Iterator[MaskArray]:
    """:func:`selection_masks`' rows, class by class, ``block_rows`` masks at a time."""
    position = {unit: i for i, unit in enumerate(columns)}
    width = len(columns)
    least, most = problem.least[0], problem.most[0]
    cap, budget = problem.cap, problem.budget
    if _empty_comes_first(problem):
        yield np.zeros((1, width), dtype=np.int8)
    for key in problem.classes():
        members = by_class[key]
        m = len(members)
        mights = np.array([member.might for member in members], dtype=np.int64)
        taxes = np.array([member.tax for member in members], dtype=np.int64)
        places = np.array([position[member.id] for member in members], dtype=np.int64)
        shifts = np.arange(m - 1, -1, -1, dtype=np.int64)
        for start in range(1, 1 << m, block_rows):
            masks = np.arange(start, min(start + block_rows, 1 << m), dtype=np.int64)
            bits = ((masks[:, None] >> shifts) & 1).astype(bool)
            size, might, tax = bits.sum(axis=1), bits @ mights, bits @ taxes
            keep = size >= least
            if most is not None:
                keep &= size <= most
            if cap is not None:
                keep &= might <= cap
            if budget is not None:
                keep &= tax <= budget
            if problem.maximal:  # no member left out could still join (355.11.b)
                joins = ~bits
                if most is not None:
                    joins &= (size < most)[:, None]
                if cap is not None:
                    joins &= might[:, None] + mights[None, :] <= cap
                if budget is not None:
                    joins &= tax[:, None] + taxes[None, :] <= budget
                keep &= ~joins.any(axis=1)
            chosen = bits[keep]
            if len(chosen):
                rows = np.zeros((len(chosen), width), dtype=np.int8)
                rows[:, places] = chosen
                yield rows


def _by_class(members: Sequence[Member]) -> dict[str, list[Member]]:
    """The members of each class, in the members' order."""
    by_class: dict[str, list[Member]] = {}
    for member in members:
        by_class.setdefault(member.key, []).append(member)
    return by_class


def _size_limited_maximal(problem: GroupProblem) -> Iterator[Selection] | None:
    """Maximal selections of an uncapped one-slot group of at most ``most`` members with no
    budget (Bellows Breath on resolution): per class, the whole class if it fits, else each
    ``most`` of its members. ``None`` when the problem has another shape."""
    most = problem.size_limited()
    if most is None:
        return None
    by_class = _by_class(problem.members)
    classes = [tuple(m.id for m in by_class[key]) for key in problem.classes()]
    return ((chosen,) for ids in classes for chosen in combinations(ids, min(most, len(ids))))


def _class_selections(problem: GroupProblem, members: list[Member]) -> Iterator[Selection]:
    """The non-empty selections among ``members``: a depth-first search over the members in
    order (leave each out first, then put it in each of its slots), on an explicit stack.

    Pruned: too few members left to fill the slots' minimums; a member that cannot join
    (slot full, class full, over the cap or the budget) is not tried; once no remaining
    member can join, the one completion (leaving them all out) is reached at once. For a
    ``maximal`` problem, a branch is also dropped when a member left out is sure to still
    fit whatever the remaining members do: no leaf below it is maximal.

    Under a Might cap, the members too mighty for what the cap has left are passed over in
    one jump (a table of the next member of at most each Might), not one depth at a time:
    Might only grows down a branch, so they could join no completion. Each answer then
    costs the members it could still take, not every member of its class.
    """
    least, maximal = problem.least, problem.maximal
    unlimited = float("inf")
    cap = unlimited if problem.cap is None else problem.cap
    budget = unlimited if problem.budget is None else problem.budget
    per_class = unlimited if problem.per_class is None else problem.per_class
    most = [unlimited if top is None else top for top in problem.most]
    every_slot_limited = unlimited not in most
    m = len(members)
    n_slots = len(least)
    needed = sum(least)
    ids = [member.id for member in members]
    mights = [member.might for member in members]
    taxes = [member.tax for member in members]
    keys = [member.key for member in members]
    member_slots = [member.slots for member in members]
    counts = [0] * n_slots
    full = 0  # slots holding their most
    in_class = dict.fromkeys(keys, 0)

    # Suffix tables over members[j:]: the least Might and tax (nobody can join once even
    # these do not fit).
    least_might: list[float] = [unlimited] * (m + 1)
    least_tax: list[float] = [unlimited] * (m + 1)
    for j in range(m - 1, -1, -1):
        least_might[j] = min(least_might[j + 1], mights[j])
        least_tax[j] = min(least_tax[j + 1], taxes[j])
    sure_to_fit = _sure_to_fit(problem, members, counts, in_class) if maximal else None
    # next_fit[r][j]: the first member from j on of Might at most r (m: none), for every
    # room r the cap can leave; ``None`` when the cap is absent or too large to tabulate
    next_fit = _next_fitting(mights, problem.cap)

    def is_maximal(might: int, tax: int) -> bool:
        for i in range(m):
            if (taken[i] < 0 and in_class[keys[i]] < per_class and might + mights[i] <= cap
                    and tax + taxes[i] <= budget
                    and any(counts[s] < most[s] for s in member_slots[i])):
                return False
        return True

    picked: list[tuple[int, int]] = []
    taken = [-1] * m  # the slot of each member on the current path, -1: left out
    # the depth each depth was entered from (the members between were passed over)
    came_from = [0] * (m + 1)
    option = [0] * (m + 1)  # the next choice at each depth: 0 leave out, j the j-th slot
    # the left-out member with the least (Might, tax) on the path above each depth
    champion = [-1] * (m + 1)
    might = tax = 0
    index = 0
    entering = True
    while True:
        if entering:
            entering = False
            parent = came_from[index]
            dead = len(picked) + m - index < needed or (
                sure_to_fit is not None and index > 0 and (
                    (taken[parent] < 0 and sure_to_fit(parent, index, might, tax))
                    or (champion[index] >= 0
                        and sure_to_fit(champion[index], index, might, tax))))
            if not dead and (index == m or might + least_might[index] > cap
                             or tax + least_tax[index] > budget
                             or (every_slot_limited and full == n_slots)):
                # a leaf: the members from ``index`` on are all left out
                if picked and all(c >= low for c, low in zip(counts, least, strict=True)) \
                        and (not maximal or is_maximal(might, tax)):
                    if n_slots == 1:
                        yield (tuple(ids[i] for i, _ in picked),)
                    else:
                        yield tuple(tuple(ids[i] for i, s in picked if s == slot)
                                    for slot in range(n_slots))
                dead = True
            if not dead:
                option[index] = 0
        else:
            dead = False
        if not dead:
            choice = option[index]
            option[index] = choice + 1
            if choice == 0:  # leave members[index] out
                after = index + 1
                if next_fit is not None and after < m:
                    after = next_fit[int(cap - might)][after]
                if maximal:
                    best = champion[index]
                    champion[after] = index if best < 0 or (
                        (mights[index], taxes[index]) < (mights[best], taxes[best])) else best
                came_from[after] = index
                index = after
                entering = True
                continue
            slots = member_slots[index]
            if choice <= len(slots):
                slot = slots[choice - 1]
                key = keys[index]
                if (counts[slot] < most[slot] and in_class[key] < per_class
                        and might + mights[index] <= cap and tax + taxes[index] <= budget):
                    taken[index] = slot
                    counts[slot] += 1
                    if counts[slot] == most[slot]:
                        full += 1
                    in_class[key] += 1
                    might += mights[index]
                    tax += taxes[index]
                    picked.append((index, slot))
                    after = index + 1
                    if next_fit is not None and after < m:
                        after = next_fit[int(cap - might)][after]
                    champion[after] = champion[index]
                    came_from[after] = index
                    index = after
                    entering = True
                continue
        # this depth is done: back to the one it was entered from, undoing its choice
        if index == 0:
            return
        index = came_from[index]
        slot = taken[index]
        if slot >= 0:
            taken[index] = -1
            if counts[slot] == most[slot]:
                full -= 1
            counts[slot] -= 1
            in_class[keys[index]] -= 1
            might -= mights[index]
            tax -= taxes[index]
            picked.pop()


#: The largest Might cap :func:`_next_fitting` tabulates (one row per room left).
MOST_TABULATED_CAP = 64


def _next_fitting(mights: Sequence[int], cap: int | None) -> list[list[int]] | None:
    """``table[r][j]``: the first index from ``j`` on whose Might is at most ``r``
    (``len(mights)`` if none), for ``r`` from 0 to ``cap``. ``None`` when there is no cap,
    the cap is larger than :data:`MOST_TABULATED_CAP` or negative, or a Might is negative
    (then Might does not only grow down a branch).

    >>> _next_fitting([3, 1, 0, 2], 2)
    [[2, 2, 2, 4, 4], [1, 1, 2, 4, 4], [1, 1, 2, 3, 4]]
    """
    if cap is None or not 0 <= cap <= MOST_TABULATED_CAP or any(w < 0 for w in mights):
        return None
    m = len(mights)
    table: list[list[int]] = []
    for room in range(cap + 1):
        row = [m] * (m + 1)
        for j in range(m - 1, -1, -1):
            row[j] = j if mights[j] <= room else row[j + 1]
        table.append(row)
    return table


def _sure_to_fit(problem: GroupProblem, members: list[Member], counts: list[int],
                 in_class: dict[str, int]) -> Callable[[int, int, int, int], bool]:
    """``sure_to_fit(left_out, index, might, tax)``: whether ``members[left_out]`` could
    join every completion, by ``members[index:]``, of the current selection (its slot
    ``counts``, members ``in_class``, ``might`` and ``tax``): then no maximal selection
    leaves it out. Suffix tables give the most Might, tax, members per slot and members per
    class that the remaining members could still add."""
    least, most, cap, budget = problem.least, problem.most, problem.cap, problem.budget
    per_class = problem.per_class
    m = len(members)
    n_slots = len(least)
    more_might = [0] * (m + 1)
    more_tax = [0] * (m + 1)
    more_in_slot = [[0] * (m + 1) for _ in range(n_slots)]
    for j in range(m - 1, -1, -1):
        more_might[j] = more_might[j + 1] + max(0, members[j].might)
        more_tax[j] = more_tax[j + 1] + max(0, members[j].tax)
        for s in range(n_slots):
            more_in_slot[s][j] = more_in_slot[s][j + 1] + (s in members[j].slots)
    places: dict[str, list[int]] = {}
    for j, member in enumerate(members):
        places.setdefault(member.key, []).append(j)

    def sure_to_fit(left_out: int, index: int, might: int, tax: int) -> bool:
        member = members[left_out]
        w, t = member.might, member.tax
        if cap is not None and w > 0 and might + more_might[index] + w > cap:
            return False
        if budget is not None and t > 0 and tax + more_tax[index] + t > budget:
            return False
        if per_class is not None:
            spots = places[member.key]
            if in_class[member.key] + len(spots) - bisect_left(spots, index) >= per_class:
                return False
        for s in member.slots:
            limit = most[s]
            if limit is None or counts[s] + more_in_slot[s][index] < limit:
                return True
        return False

    return sure_to_fit


def assignments(problem: CombatProblem) -> Iterator[Assignment]:
    """Every legal combat damage assignment, in ascending order of the amounts (the table
    of :mod:`riftsolve.engine.assign`)."""
    from riftsolve.engine.assign import assignments as listed

    return listed(problem)


#: Most entries of the options' tables a block listing of combat builds (each receiver's
#: options by state and damage left): past it, the table's walk is packed into blocks.
MOST_OPTION_CELLS = 2 * 10**7


def assignment_blocks(table: Table, block_rows: int = BLOCK_ROWS) -> Iterator[IntArray]:
    """Every legal assignment of ``table``'s problem as rows of the amount assigned to
    each receiver (columns in the problem's order), in the listing order of
    :func:`assignments`, at most ``block_rows`` rows and :data:`BLOCK_CELLS` cells a
    block (:func:`assignment_rows`, widened to ``int64``).

    >>> from riftsolve.engine.assign import Table
    >>> from riftsolve.rules.families.combat import CombatProblem, Rank, Receiver
    >>> four = CombatProblem(5, tuple(Receiver(f"d{i}", "B", Rank.NORMAL, 3, 0, 3)
    ...                               for i in range(4)))
    >>> next(assignment_blocks(Table(four), 2)).tolist()
    [[0, 0, 2, 3], [0, 0, 3, 2]]
    """
    order = range(len(table.problem.receivers))
    return (block.astype(np.int64) for block in assignment_rows(table, block_rows, order))


def assignment_rows(table: Table, block_rows: int, place: Sequence[int]
                    ) -> Iterator[npt.NDArray[np.signedinteger]]:
    """The rows of :func:`assignment_blocks` with receiver ``k``'s amounts in column
    ``place[k]``, in the narrowest integers that hold the damage: built in numpy a level
    of the table at a time (:class:`_CombatLevels`, or :class:`_NodeOptions` on a board
    too large to tabulate each receiver's options ahead), the excess's divisions as
    compositions; no Python work per answer."""
    problem = table.problem
    size = len(problem.receivers)
    rows = block_rows_for(size, block_rows)
    if not size:
        yield np.zeros((1, 0), dtype=np.int8)
        return
    narrow = np.min_scalar_type(-max(1, problem.damage))
    if not table.excess:
        levels = _CombatLevels.of(table, narrow) if _CombatLevels.fits(table) else (
            _NodeOptions(table, narrow))
        yield from _rebatched(levels.leaves(rows, np.asarray(place, dtype=np.int64)), rows)
        return
    columns = np.asarray(place, dtype=np.int64)
    for block in _problem_order_rows(table, rows):
        placed = np.empty(block.shape, dtype=narrow)
        placed[:, columns] = block
        yield placed


def _problem_order_rows(table: Table, rows: int) -> Iterator[IntArray]:
    """The rows of :func:`assignment_blocks` once every receiver is filled: the excess
    all on one unit, or divided any way (compositions of excess + n in n parts, less 1
    each)."""
    problem = table.problem
    size = len(problem.receivers)
    filled = np.array([table.filled[r.id] for r in problem.receivers], dtype=np.int64)
    if problem.excess == "last":  # all of it on one unit: few answers
        column = {r.id: i for i, r in enumerate(problem.receivers)}
        extra = np.zeros((len(table.last), size), dtype=np.int64)
        for position, last in enumerate(reversed(table.last)):
            extra[position, column[last.id]] = table.excess
        for start in range(0, len(extra), rows):
            yield filled + extra[start:start + rows]
    else:
        for extra in composition_blocks(table.excess + size, size, rows):
            yield extra + (filled - 1)


#: Most entries of the options' tables a block listing of combat builds ahead (each
#: receiver's options by state and damage left): past it, a node's options are found
#: when it is first reached (:class:`_NodeOptions`).
MOST_OPTION_CELLS = 2 * 10**7


class _CombatLevels:
    """A combat table's answers a level at a time, in numpy. Before each receiver, a node
    is the state and the damage left (one key: ``state * (damage + 1) + left``); its
    children are the amounts the receiver may take that leave a completion, ascending,
    each with the child's key, all nodes' children in one flat array (a node's at
    ``start[key]:start[key] + count[key]``). A listing expands a run of nodes at once,
    their children in order making the next level's nodes, depth first over runs of about
    a block's children, so the leaves come in the order of the table's walk."""

    #: A state is 5 bits (:mod:`riftsolve.engine.assign`).
    STATES = 32

    def __init__(self, root: int, levels: Sequence[tuple[IntArray, IntArray, npt.NDArray[
            np.signedinteger], IntArray]], narrow: np.dtype[np.signedinteger]) -> None:
        self.root, self.narrow = root, narrow
        #: Per receiver: ``(start, count, amount, key)``.
        self.levels = levels

    @staticmethod
    def fits(table: Table) -> bool:
        """Whether the options' tables stay within :data:`MOST_OPTION_CELLS`."""
        damage = table.problem.damage
        cells = sum(len(states) * (damage + 1) * (damage + 1 if r.lethal is None
                                                  else min(r.lethal, damage) + 1)
                    for states, r in zip(table.states(), table.problem.receivers,
                                         strict=False))
        return cells <= MOST_OPTION_CELLS

    @classmethod
    def of(cls, table: Table, narrow: np.dtype[np.signedinteger]) -> _CombatLevels:
        """The options of every receiver, amounts in ``narrow`` integers."""
        from riftsolve.engine.assign import FILL, PARTIAL, START, ZERO, step

        problem = table.problem
        damage, width = problem.damage, problem.damage + 1
        feasible, reached = table.feasible, table.states()
        left = np.arange(width, dtype=np.int64)[:, None]
        levels = []
        for index, receiver in enumerate(problem.receivers):
            after = np.zeros((cls.STATES, width), dtype=bool)
            for state, vector in feasible[index + 1].items():
                after[state] = np.asarray(vector != 0, dtype=bool)
            lethal = receiver.lethal
            top = damage if lethal is None else min(lethal, damage)
            moves = [ZERO] + [PARTIAL] * (top if lethal is None else min(lethal - 1, top))
            if lethal is not None and lethal <= damage:
                moves.append(FILL)
            rest = left - np.arange(len(moves), dtype=np.int64)[None, :]
            keys, kids, kid_keys = [], [], []
            for state in sorted(reached[index]):
                here = table.entering(index, state)
                after_move = {move: step(receiver.rank, here, move) for move in set(moves)}
                nxt = np.array([-1 if after_move[m] is None else after_move[m] for m in moves],
                               dtype=np.int64)
                ok = (nxt >= 0)[None, :] & (rest >= 0)
                ok &= after[np.maximum(nxt, 0)[None, :], np.maximum(rest, 0)]
                have, amount = np.nonzero(ok)  # by damage left, then amount ascending
                keys.append(state * width + have)
                kids.append(amount)
                kid_keys.append(nxt[amount] * width + have - amount)
            key = np.concatenate(keys)  # ascending: the states in order, then damage left
            count = np.bincount(key, minlength=cls.STATES * width).astype(np.int64)
            levels.append((np.cumsum(count) - count, count,
                           np.concatenate(kids).astype(narrow),
                           np.concatenate(kid_keys).astype(np.int64)))
        return cls(START * width + damage, levels, narrow)

    def children(self, index: int, keys: IntArray
                 ) -> tuple[IntArray, IntArray, npt.NDArray[np.signedinteger], IntArray]:
        """Where the children of each node ``keys`` (before receiver ``index``) start in
        the amounts and keys returned, how many they are, the amounts and the keys."""
        start, count, amount, kid_key = self.levels[index]
        return start[keys], count[keys], amount, kid_key

    def expand(self, index: int, keys: IntArray
               ) -> tuple[npt.NDArray[np.signedinteger], IntArray, IntArray]:
        """The children of the nodes ``keys`` before receiver ``index``, in order: each
        child's amount, its parent's position in ``keys``, and its key."""
        start, many, amount, kid_key = self.children(index, keys)
        parent = np.repeat(np.arange(len(keys), dtype=np.int64), many)
        first = np.cumsum(many) - many  # where each parent's children begin
        at = np.arange(len(parent), dtype=np.int64) + np.repeat(start - first, many)
        return amount[at], parent, kid_key[at]

    def runs(self, index: int, keys: IntArray, rows: int) -> IntArray:
        """The bounds of the runs ``keys`` (nodes before receiver ``index``) is cut into:
        as few as hold at most about ``rows`` children each, as even as the nodes allow
        (at least one node a run). Every node has a child, so runs never dwindle down a
        deep table: a run of ``r`` children makes a level of at least ``r`` nodes, cut
        again into runs of at least ``rows / 2`` children, or kept whole."""
        many = self.children(index, keys)[1]
        before = np.cumsum(many) - many
        total = int(before[-1] + many[-1])
        parts = -(-total // rows)
        cuts = np.unique(np.searchsorted(before, np.arange(1, parts) * total // parts))
        cuts = cuts[(cuts > 0) & (cuts < len(keys))]
        return np.concatenate(([0], cuts, [len(keys)])).astype(np.int64)

    def leaves(self, rows: int, place: IntArray) -> Iterator[npt.NDArray[np.signedinteger]]:
        """Every answer's amounts, receiver ``k``'s in column ``place[k]``, in the
        listing order, in blocks of about ``rows``."""
        size = len(self.levels)
        path = _Path(size, self.root, self.narrow)
        level = 0
        while level >= 0:
            if path.run_at[level] + 1 >= len(path.runs[level]):
                level -= 1
                continue
            low, high = path.take_run(level)
            amounts, parents, keys = self.expand(level, path.key[level][low:high])
            if level + 1 < size:
                level += 1
                path.hold(level, amounts, parents, keys, self.runs(level, keys, rows))
                continue
            yield path.rows(amounts, parents, place)


class _NodeOptions(_CombatLevels):
    """The same listing where the options' tables would be too large to build ahead: a
    node's children are found when it is first reached (the table's own options, kept),
    a run's distinct nodes once each."""

    def __init__(self, table: Table, narrow: np.dtype[np.signedinteger]) -> None:
        from riftsolve.engine.assign import MOST_KEPT_OPTIONS, START

        damage = table.problem.damage
        super().__init__(START * (damage + 1) + damage,
                         [_no_options()] * len(table.problem.receivers), narrow)
        self.table, self.width = table, damage + 1
        #: Per receiver, each node reached: its children's amounts and keys; and how many
        #: more nodes may be kept (past it, a node's children are found again each time).
        self.found: list[dict[int, tuple[npt.NDArray[np.signedinteger], IntArray]]] = [
            {} for _ in table.problem.receivers]
        self.room = MOST_KEPT_OPTIONS

    def children(self, index: int, keys: IntArray
                 ) -> tuple[IntArray, IntArray, npt.NDArray[np.signedinteger], IntArray]:
        distinct, which = np.unique(keys, return_inverse=True)
        found, width = self.found[index], self.width
        kids = []
        for key in distinct.tolist():
            known = found.get(key)
            if known is None:
                state, left = divmod(key, width)
                options = list(self.table.options(index, state, left))
                amounts = np.array([a for a, _ in options], dtype=self.narrow)
                known = (amounts, np.array([nxt * width + left - a for a, nxt in options],
                                           dtype=np.int64))
                if self.room:
                    found[key] = known
                    self.room -= 1
            kids.append(known)
        count = np.array([len(amounts) for amounts, _ in kids], dtype=np.int64)
        start = np.cumsum(count) - count
        return (start[which], count[which], np.concatenate([a for a, _ in kids]),
                np.concatenate([k for _, k in kids]))


def _no_options() -> tuple[IntArray, IntArray, MaskArray, IntArray]:
    """A level whose options are found node by node: none built ahead."""
    return (np.zeros(0, dtype=np.int64),) * 2 + (np.zeros(0, dtype=np.int8),
                                                 np.zeros(0, dtype=np.int64))


class _Path:
    """The nodes a combat listing holds, level by level (the nodes before receiver
    ``k``): their amounts, parents (in the run above) and keys, the bounds of their runs,
    the next run and the run being expanded; and, per level, the one amount all of its
    nodes have (``None``: not one) and whether each node above has one child there."""

    def __init__(self, size: int, root: int, narrow: np.dtype[np.signedinteger]) -> None:
        self.amount = [np.zeros(1, dtype=narrow)] * size
        self.parent = [np.zeros(1, dtype=np.int64)] * size
        self.key = [np.array([root], dtype=np.int64)] * size
        self.runs = [np.array([0, 1], dtype=np.int64)] * size
        self.run_at, self.low, self.high = [0] * size, [0] * size, [0] * size
        self.same: list[int | None] = [0] * size
        self.single = [True] * size

    def take_run(self, level: int) -> tuple[int, int]:
        """The next run of ``level``'s nodes, now the one being expanded."""
        at = self.run_at[level]
        self.low[level], self.high[level] = int(self.runs[level][at]), int(
            self.runs[level][at + 1])
        self.run_at[level] = at + 1
        return self.low[level], self.high[level]

    def hold(self, level: int, amounts: npt.NDArray[np.signedinteger], parents: IntArray,
             keys: IntArray, runs: IntArray) -> None:
        """``level``'s nodes: the children of the run being expanded above."""
        self.amount[level], self.parent[level], self.key[level] = amounts, parents, keys
        self.runs[level], self.run_at[level] = runs, 0
        first = amounts[0] if len(amounts) else 0
        self.same[level] = int(first) if (amounts == first).all() else None
        self.single[level] = len(amounts) == self.high[level - 1] - self.low[level - 1]

    def rows(self, amounts: npt.NDArray[np.signedinteger], parents: IntArray,
             place: IntArray) -> npt.NDArray[np.signedinteger]:
        """The leaves ``amounts`` (children of the last run) as rows, up the parents:
        a column a receiver, written as contiguous rows, then turned. A level where
        every node has the same amount is filled, not gathered; one where every node
        above has one child leaves the positions as they are (shifted); once a run is one
        node, every row has the same receivers before it."""
        size = len(self.amount)
        turned = np.empty((size, len(amounts)), dtype=amounts.dtype)
        turned[place[size - 1]] = amounts
        up, shift, k = parents, 0, size - 1  # positions in level k: up + shift + low[k]
        while k and self.high[k] - self.low[k] > 1:
            base = self.low[k] + shift
            same = self.same[k]
            if same is None:
                turned[place[k - 1]] = self.amount[k][up + base]
            else:
                turned[place[k - 1]] = same
            if self.single[k]:
                shift = base
            else:
                up, shift = self.parent[k][up + base], 0
            k -= 1
        node = self.low[k]  # a run of one node: the same receivers before it on every row
        for j in range(k, 0, -1):
            turned[place[j - 1]] = self.amount[j][node]
            node = self.low[j - 1] + int(self.parent[j][node])
        return np.ascontiguousarray(turned.T)


def _rebatched(blocks: Iterator[npt.NDArray[np.signedinteger]], rows: int
               ) -> Iterator[npt.NDArray[np.signedinteger]]:
    """The rows of ``blocks`` again, ``rows`` a block (the last one fewer)."""
    kept: list[npt.NDArray[np.signedinteger]] = []
    held = 0
    for block in blocks:
        kept.append(block)
        held += len(block)
        if held < rows:
            continue
        joined = np.concatenate(kept) if len(kept) > 1 else block
        cut = held - held % rows
        for start in range(0, cut, rows):
            yield joined[start:start + rows]
        kept, held = [joined[cut:]], held - cut
    if held:
        yield np.concatenate(kept)


#: The problems this backend answers, by their type, and how.
#: (a group's and a combat's problems named: their modules load with their families)
ANSWERS: dict[type[object] | str, Method] = dict([
    shape(SplitResolveProblem, resolutions),
    shape(SplitFinalizeProblem, declarations),
    named_shape("riftsolve.rules.families.group.GroupProblem", selections),
    named_shape("riftsolve.rules.families.combat.CombatProblem", assignments),
])
