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

Counts are exact Python integers of any size. One binomial coefficient is computed with
:func:`math.comb`; every other one from its neighbour by one multiplication and one
division by a small integer, so ranking or unranking costs ``O(n)`` big-integer steps
(a few milliseconds for counts of thousands of digits).

Declarations of split targets are subsets by size, then lexicographic, under an optional
Deflect budget: :class:`BudgetedSubsets` ranks them, with a dynamic programme over the
taxed candidates when the budget binds.

>>> subsets = BudgetedSubsets((1, 0, 1), budget=1)  # {} {0} {1} {2} {0,1} {1,2}
>>> subsets.total(3), subsets.rank((1, 2)), subsets.unrank(4)
(6, 5, (0, 1))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import pairwise
from math import comb, lgamma, log
from typing import TYPE_CHECKING, TypeAlias

from riftsolve._lazy import LazyModule
from riftsolve.i18n import _, number

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:
    np = LazyModule("numpy")  # imported by the first block of answers

IntArray: TypeAlias = "npt.NDArray[np.int64]"


def rank_combination(chosen: Sequence[int], n: int) -> int:
    """Lexicographic rank of the sorted ``chosen`` among the combinations of ``range(n)``.

    Every value below the last chosen one that is passed over adds the combinations that
    take it instead, ``C(n - value - 1, k - position - 1)``; each such binomial follows from
    the previous one by a ratio, so the cost is ``O(n)`` big-integer steps.
    """
    k = len(chosen)
    _check_combination(chosen, n)
    if k == 0:
        return 0
    rank = 0
    position = 0
    ways = comb(n - 1, k - 1)  # C(rest, later): combinations taking the current value
    for value in range(n):
        rest, later = n - value - 1, k - position - 1
        if value == chosen[position]:
            position += 1
            if position == k:
                break
            ways = ways * later // rest  # C(rest - 1, later - 1)
        else:
            rank += ways
            ways = ways * (rest - later) // rest  # C(rest - 1, later)
    return rank


#: From how many values per chosen one a combination is unranked by searching for each
#: chosen value (``O(k)`` binomials) rather than by walking every value (``O(n)`` steps).
SPARSE_FROM = 64


def unrank_combination(index: int, n: int, k: int) -> tuple[int, ...]:
    """The combination of ``range(n)`` with lexicographic rank ``index``, in ``O(n)``
    big-integer steps (see :func:`rank_combination`); or, when the values are many for
    each one chosen (10^6 damage cut among a few targets), ``O(k)`` binomials, each chosen
    value found by a search (:func:`_unrank_sparse`).

    >>> unrank_combination(comb(10**6, 2) - 1, 10**6, 2)
    (999998, 999999)
    """
    total = comb(n, k) if k >= 0 else 0
    if not 0 <= index < total:
        raise index_error(index, total)
    chosen: list[int] = []
    if k == 0:
        return ()
    if n > SPARSE_FROM * k:
        return _unrank_sparse(index, n, k)
    ways = total * k // n  # C(n - 1, k - 1)
    for value in range(n):
        rest, later = n - value - 1, k - len(chosen) - 1
        if index < ways:
            chosen.append(value)
            if len(chosen) == k:
                break
            ways = ways * later // rest
        else:
            index -= ways
            ways = ways * (rest - later) // rest
    return tuple(chosen)


def _unrank_sparse(index: int, n: int, k: int) -> tuple[int, ...]:
    """:func:`unrank_combination` by a search for each chosen value: the combinations of
    the ``r`` still to choose from ``value`` on whose first value is ``f`` or more number
    ``C(n - f, r)`` (decreasing in ``f``); the first value is the last ``f`` where that
    still covers the rank, found from the log-gamma estimate of the binomial and checked
    exactly, a step or two at most; one binomial is computed for each value chosen, the
    others follow from it by a ratio.

    >>> [_unrank_sparse(i, 9, 2) == unrank_combination(i, 9, 2) for i in (0, 17, 35)]
    [True, True, True]
    """
    chosen: list[int] = []
    value, r = 0, k
    top = comb(n, k)  # C(n - value, r): the combinations of what is left to choose
    while r:
        first, ways = _last_covering(n, r, value, top - index)
        index -= top - ways
        chosen.append(first)
        # C(n - first - 1, r - 1) = C(n - first, r) * r / (n - first), exactly
        top = ways * r // (n - first)
        value, r = first + 1, r - 1
    return tuple(chosen)


def _last_covering(n: int, r: int, low: int, left: int) -> tuple[int, int]:
    """The last ``f`` in ``[low, n - r]`` with ``C(n - f, r) >= left`` (``left`` is at
    most ``C(n - low, r)``), and that binomial: bisected on ``lgamma`` estimates, then made
    exact a step at a time (each neighbour's binomial by a ratio)."""
    target = log(left)

    def estimate(f: int) -> float:
        return lgamma(n - f + 1) - lgamma(r + 1) - lgamma(n - f - r + 1)

    lo, hi = low, n - r
    while lo < hi:  # (the estimates are within a relative 1e-12: a step at most off)
        mid = (lo + hi + 1) // 2
        if estimate(mid) >= target - 1e-9 * max(1.0, abs(target)):
            lo = mid
        else:
            hi = mid - 1
    ways = comb(n - lo, r)
    while ways < left:  # C(n - f + 1, r) = C(n - f, r) * (n - f + 1) / (n - f + 1 - r)
        lo -= 1
        ways = ways * (n - lo) // (n - lo - r)
    while lo < n - r and (after := ways * (n - lo - r) // (n - lo)) >= left:
        lo, ways = lo + 1, after  # C(n - f - 1, r) = C(n - f, r) * (n - f - r) / (n - f)
    return lo, ways


def _check_combination(chosen: Sequence[int], n: int) -> None:
    if any(not 0 <= c < n for c in chosen) or any(a >= b for a, b in pairwise(chosen)):
        raise ValueError(f"not a sorted combination of range({n}): {tuple(chosen)}")


def binomial_row(n: int, top: int) -> list[int]:
    """``[C(n, i) for i in range(top + 1)]``, each from the previous by a ratio.

    >>> binomial_row(4, 5)
    [1, 4, 6, 4, 1, 0]
    """
    row = [1] if top >= 0 else []
    for i in range(top):
        row.append(row[-1] * (n - i) // (i + 1) if i < n else 0)
    return row


def describe_count(count: int) -> str:
    """A count for a message: exact up to 15 digits, grouped as the language spoken
    writes numbers (:func:`riftsolve.i18n.number`), else its size (Python refuses to
    print integers of more than 4,300 digits by default).

    >>> describe_count(1234567), describe_count(3 * 10**5000 + 7)
    ('1,234,567', 'about 3.0e5000')
    """
    if count < 10**15:
        return number(count)
    exponent = int((count.bit_length() - 1) * 0.30102999566398120)
    while 10**(exponent + 1) <= count:
        exponent += 1
    while 10**exponent > count:
        exponent -= 1
    leading = count // 10**(exponent - 1)  # two digits
    return _("about {size}").format(size=f"{leading // 10}.{leading % 10}e{exponent}")


def index_error(index: int, total: int) -> IndexError:
    """The error for an index outside ``range(total)``, printable at any size.

    >>> index_error(10, 10)
    IndexError('index 10 out of range(0, 10)')
    >>> index_error(-1, 10**5000)
    IndexError('index -1 out of range(0, N), N about 1.0e5000')
    """
    if max(abs(index), total) < 10**15:
        return IndexError(f"index {index} out of range(0, {total})")
    return IndexError(f"index {describe_count(index) if index >= 0 else index} out of "
                      f"range(0, N), N {describe_count(total)}")


def uniform_below(rng: np.random.Generator, n: int) -> int:
    """An integer drawn uniformly from ``range(n)``, for an ``n`` of any size.

    Up to ``2**63`` numpy draws it directly; beyond, just enough random bytes of ``rng``
    make a number of ``n - 1``'s bit length, redrawn while it is ``n`` or more (less than
    half the time), so the draw is exact and reproducible from ``rng``'s state.

    >>> uniform_below(np.random.default_rng(0), 10**100) < 10**100
    True
    """
    if n <= 0:
        raise ValueError(f"nothing to draw from: range(0, {n}) is empty")
    if n <= 2**63:
        return int(rng.integers(n))
    bits = (n - 1).bit_length()
    size = (bits + 7) // 8
    while True:
        drawn = int.from_bytes(rng.bytes(size), "little") >> (8 * size - bits)
        if drawn < n:
            return drawn


#: Rows unranked per numpy pass: small enough to stay in cache.
CHUNK = 8192


def unrank_combinations(indices: IntArray, n: int, k: int) -> IntArray:
    """:func:`unrank_combination` for a numpy array of indices at once (rows x ``k``).

    Uses the combinadic form: with ``d_i = n - 1 - c_i``, the rank ``r`` satisfies
    ``C(n, k) - 1 - r = sum(C(d_i, k - i))`` with ``d_0 > d_1 > ...``, so each position is
    one ``searchsorted`` in a column of binomials: ``k`` numpy passes, whatever ``n``.
    When ``k > n - k`` the complements are unranked instead (see :func:`unrank_masks`), so
    the columns number at most ``n / 2``; binomials past the count are capped at it.

    >>> unrank_combinations(np.array([0, 1, 69]), 70, 69)[:, [0, 1, -1]].tolist()
    [[0, 1, 68], [0, 1, 69], [1, 2, 69]]
    """
    total = comb(n, k) if k >= 0 else 0
    if total >= 2**62:
        raise OverflowError(f"{describe_count(total)} answers do not fit numpy's int64 "
                            "indices: unrank one at a time with Python integers (legal[i])")
    wanted = np.asarray(indices, dtype=np.int64)
    if wanted.size and (wanted.min() < 0 or wanted.max() >= total):
        raise IndexError(f"indices out of range(0, {total})")
    if not 0 <= k <= n:  # no combination: no index either
        return np.empty((0, max(k, 0)), dtype=np.int64)
    if k > n - k:
        return _unrank_complements(wanted, n, k, total)
    out = np.empty((wanted.shape[0], k), dtype=np.int64)
    tables = _binomial_columns(n, k, total)
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


def _unrank_complements(wanted: IntArray, n: int, k: int, total: int) -> IntArray:
    """:func:`unrank_combinations` through the ``(n - k)``-combinations left out, whose
    order is the reverse."""
    out = np.empty((wanted.shape[0], k), dtype=np.int64)
    step = max(1, min(CHUNK, (1 << 24) // max(n, 1)))  # rows x n booleans, a few MB
    for start in range(0, wanted.shape[0], step):
        part = wanted[start:start + step]
        left_out = unrank_combinations((total - 1) - part, n, n - k)
        mask = np.ones((part.shape[0], n), dtype=bool)
        np.put_along_axis(mask, left_out, False, axis=1)
        out[start:start + step] = np.nonzero(mask)[1].reshape(part.shape[0], k)
    return out


def _binomial_columns(n: int, k: int, cap: int) -> list[IntArray]:
    """``columns[j][x] = min(C(x, j), cap)`` for ``x`` in ``range(n)``, ``j`` in ``0..k``:
    each column stops growing (in Python integers) once it reaches ``cap``."""
    columns = []
    for j in range(k + 1):
        column = np.full(n, cap, dtype=np.int64)
        column[:min(j, n)] = 0
        value = 1  # C(x, j), from x = j up
        for x in range(j, n):
            if value >= cap:
                break
            column[x] = value
            value = value * (x + 1) // (x + 1 - j)
        columns.append(column)
    return columns


# --------------------------------------------------------------------------- declarations


class BudgetedSubsets:
    """The subsets of ``range(len(taxes))`` whose total tax is at most ``budget`` (with no
    budget: every subset), ordered by size, then lexicographically: the native order of
    split-damage declarations for one friendly unit. Counted, ranked and unranked without
    listing; only those of at most ``most`` members, when given (a friendly unit's cap).

    With no budget, or one that every tax together fits, the ``k``-subsets are ranked by
    :func:`rank_combination`. When the budget binds, let ``W[j][b]`` be the number of ways
    to choose ``j`` of the taxed candidates of a suffix for a total tax at most ``b``, and
    ``f`` its untaxed candidates: its ``k``-subsets within ``b`` number
    ``sum(W[j][b] * C(f, k - j))``. Walking the candidates in order, each one passed over
    (ranking) or tried (unranking) counts the completions that take it; the table drops one
    taxed candidate at a time and each binomial moves by one step, so the work is
    ``O(taxed x width x budget + n x width)``, ``width`` the most taxed candidates the
    budget affords. Past :attr:`WORK_LIMIT` the ranking is refused (:class:`OverflowError`).

    >>> subsets = BudgetedSubsets((0, 2, 1, 1), budget=2)
    >>> [subsets.unrank(i) for i in range(subsets.total(2))]  # doctest: +NORMALIZE_WHITESPACE
    [(), (0,), (1,), (2,), (3,), (0, 1), (0, 2), (0, 3), (2, 3)]
    >>> subsets.rank((2, 3)), subsets.count(2)
    (8, 4)
    """

    #: Most table cells updated (taxed candidates x width x budget) before refusing:
    #: about a second and a half of work.
    WORK_LIMIT = 6 * 10**6

    def __init__(self, taxes: Sequence[int], budget: int | None,
                 most: int | None = None) -> None:
        self.n = len(taxes)
        #: The largest subsets ranked (``most``, at most ``n``; all of them by default).
        self.most = self.n if most is None else max(min(most, self.n), -1)
        paid = [max(t, 0) for t in taxes]  # as counted (engine.count): no tax is a refund
        #: Whether the budget leaves some subsets out (else: the closed form).
        self.binding = budget is not None and sum(paid) > budget
        self.budget = budget if budget is not None and self.binding else 0
        self.taxes = tuple(paid) if self.binding else (0,) * self.n
        affordable = [t for t in self.taxes if 0 < t <= self.budget]
        self.free = sum(1 for t in self.taxes if t == 0)
        #: Taxed candidates a subset may hold, plus one.
        self.width = 1 + (min(len(affordable), self.budget // min(affordable),
                              max(self.most, 0))
                          if affordable else 0)
        self.work = len(affordable) * self.width * (self.budget + 1) + self.n * self.width
        if self.work > self.WORK_LIMIT:
            raise OverflowError(
                f"ranking these declarations under a Deflect budget of {self.budget} needs "
                f"about {self.work:,} table updates (limit {self.WORK_LIMIT:,}): "
                f"{len(affordable)} taxed candidates, up to {self.width - 1} of them "
                "affordable at once. count() still answers, and iterating (for answer in "
                "legal) streams them in index order; with no available_power, or at least "
                f"{sum(paid)} (every candidate's Deflect), indices have a closed form")
        self._table: list[list[int]] | None = None
        self._below: list[int] | None = None

    # ------------------------------------------------------------------ counts

    def _full_table(self) -> list[list[int]]:
        """``W[j][b]`` over every taxed candidate."""
        if self._table is None:
            cells = max(self.budget + 1, 0)
            rows = [[1] * cells] + [[0] * cells for _ in range(self.width - 1)]
            for tax in self.taxes:
                if 0 < tax <= self.budget:
                    _take_in(rows, tax)
            self._table = rows
        return self._table

    def _cumulative(self) -> list[int]:
        """``below[k]``: the subsets with fewer than ``k`` members, ``k`` in
        ``0..most+1``."""
        if self._below is None:
            weights = [row[self.budget] if row else 0 for row in self._full_table()]
            binomials = binomial_row(self.free, self.most)
            below = [0]
            for size in range(self.most + 1):
                below.append(below[-1] + sum(
                    w * binomials[size - j] for j, w in enumerate(weights[:size + 1]) if w))
            self._below = below
        return self._below

    def count(self, size: int) -> int:
        """The subsets of exactly ``size`` members."""
        if not 0 <= size <= self.n:
            return 0
        self._check_size(size)
        below = self._cumulative()
        return below[size + 1] - below[size]

    def total(self, most: int) -> int:
        """The subsets of at most ``most`` members (0 when ``most`` is negative)."""
        if most < 0:
            return 0
        self._check_size(min(most, self.n))
        return self._cumulative()[min(most, self.n) + 1]

    def _check_size(self, size: int) -> None:
        if size > self.most:
            raise ValueError(f"subsets of {size} members: only those of at most "
                             f"{self.most} are ranked")

    # ------------------------------------------------------------------ ranks

    def rank(self, chosen: Sequence[int]) -> int:
        """The index of the sorted ``chosen`` in the order (smaller sizes first)."""
        _check_combination(chosen, self.n)
        self._check_size(len(chosen))
        if self.binding and sum(self.taxes[c] for c in chosen) > self.budget:
            raise ValueError(f"{tuple(chosen)} costs more than the budget {self.budget}")
        below = self._cumulative()[len(chosen)]
        if not chosen:
            return below
        if not self.binding:
            return below + rank_combination(chosen, self.n)
        walk = _Walk(self, len(chosen))
        rank = 0
        left = self.budget
        position = 0
        for value in range(self.n):
            walk.advance(value, len(chosen) - position)
            if value == chosen[position]:
                position += 1
                left -= self.taxes[value]
                if position == len(chosen):
                    break
            else:
                rank += walk.ways(value, left)
        return below + rank

    def unrank(self, index: int) -> tuple[int, ...]:
        """The subset with this index in the order."""
        below = self._cumulative()
        if not 0 <= index < below[-1]:
            raise index_error(index, below[-1])
        size = bisect_right(below, index) - 1
        index -= below[size]
        if not self.binding:
            return unrank_combination(index, self.n, size)
        walk = _Walk(self, size)
        chosen: list[int] = []
        left = self.budget
        for value in range(self.n):
            if len(chosen) == size:
                break
            walk.advance(value, size - len(chosen))
            ways = walk.ways(value, left)
            if index < ways:
                chosen.append(value)
                left -= self.taxes[value]
            else:
                index -= ways
        assert len(chosen) == size and index == 0, "the counts and the walk disagree"
        return tuple(chosen)


def _take_in(rows: list[list[int]], tax: int) -> None:
    """Add a candidate of this tax to ``W`` (``W[j][b] += W[j-1][b-tax]``)."""
    for j in range(len(rows) - 1, 0, -1):
        shifted = rows[j - 1][:len(rows[j]) - tax]
        rows[j] = rows[j][:tax] + [a + b for a, b in zip(rows[j][tax:], shifted, strict=True)]


def _take_out(rows: list[list[int]], tax: int) -> None:
    """Remove a candidate of this tax from ``W`` (the inverse of :func:`_take_in`)."""
    for j in range(1, len(rows)):
        shifted = rows[j - 1][:len(rows[j]) - tax]
        rows[j] = rows[j][:tax] + [a - b for a, b in zip(rows[j][tax:], shifted, strict=True)]


class _Walk:
    """The candidates after the one being decided, while walking them in order: their
    taxed ones' table ``W``, their untaxed count ``f`` and ``C(f, needed - 1 - j)``."""

    def __init__(self, subsets: BudgetedSubsets, size: int) -> None:
        self.taxes, self.budget = subsets.taxes, subsets.budget
        self.rows = [row[:] for row in subsets._full_table()]
        self.free = subsets.free
        self.binomials = _BinomialWindow(self.free, size - 1, subsets.width)

    def advance(self, value: int, needed: int) -> None:
        """Move past candidate ``value``, ``needed`` members still to choose from it on."""
        tax = self.taxes[value]
        if tax == 0:
            self.free -= 1
        elif tax <= self.budget:
            _take_out(self.rows, tax)
        self.binomials.move(self.free, needed - 1)

    def ways(self, value: int, left: int) -> int:
        """The subsets that take ``value`` next and complete within ``left``."""
        room = left - self.taxes[value]
        if room < 0:
            return 0
        return sum(row[room] * b for row, b in zip(self.rows, self.binomials.values,
                                                   strict=True) if b)


class _BinomialWindow:
    """``values[j] = C(f, q - j)`` for ``j`` in ``range(width)``, kept as ``f`` and ``q``
    each drop by at most 1 a step: a multiplication and a division per entry."""

    def __init__(self, f: int, q: int, width: int) -> None:
        self.f, self.q = f, q
        self.values = [0] * width
        top = min(q, f)
        if top >= 0:
            value = comb(f, top)
            for x in range(top, max(q - width + 1, 0) - 1, -1):
                self.values[q - x] = value
                value = value * x // (f - x + 1)  # C(f, x - 1)

    def move(self, f: int, q: int) -> None:
        dropped_f, dropped_q = self.f - f, self.q - q
        if not (dropped_f or dropped_q):
            return
        if dropped_f not in (0, 1) or dropped_q not in (0, 1):
            raise ValueError("the binomial window moves one step at a time")
        values = self.values
        for j, value in enumerate(values):
            x = q - j
            if x < 0 or x > f:
                values[j] = 0
            elif value == 0:  # was C(f, f + 1): now C(f, f)
                values[j] = comb(f, x)
            elif dropped_f and dropped_q:
                values[j] = value * (x + 1) // (f + 1)  # from C(f + 1, x + 1)
            elif dropped_f:
                values[j] = value * (f + 1 - x) // (f + 1)  # from C(f + 1, x)
            else:
                values[j] = value * (x + 1) // (f - x)  # from C(f, x + 1)
        self.f, self.q = f, q
