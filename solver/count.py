"""Exact counts without listing: closed forms and small dynamic programmes (big integers).

Resolutions of a split (355.14.e-h.1): with ``n`` legal targets and ``D`` damage, the
controller keeps ``min(n, D)`` targets, each dealt at least 1, the whole ``D`` dealt.

* ``n <= D``: compositions of ``D`` into ``n`` positive parts, ``C(D-1, n-1)``;
* ``n > D``: choose the ``D`` kept targets, each dealt 1, ``C(n, D)``;
* no legal target, no damage, or a null pool: exactly one answer, nothing dealt.

>>> count_split_resolutions(targets=3, pool=5)     # 3+1+1 and its kin: C(4, 2)
6
>>> count_split_resolutions(targets=5, pool=3)     # drop exactly 2 of 5: C(5, 3)
10
>>> count_split_resolutions(targets=60, pool=40) == comb(60, 40)
True

Declarations: any subset of the candidates no larger than the cap (355.13, 355.14.c) whose
Deflect tax fits the budget (809), counted by a DP over distinct tax values.

>>> count_subsets(4, cap=4, taxes=(0, 0, 0, 0), budget=None)   # sum C(4, k), k = 0..4
16
>>> count_subsets(3, cap=3, taxes=(1, 1, 0), budget=1)         # {} {a} {b} {c} {a,c} {b,c}
6
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import accumulate
from math import comb

from models.group import GroupProblem


def count_split_resolutions(targets: int, pool: int, forfeit: int = 0) -> int:
    """How many ways ``pool`` damage may be split among ``targets`` legal targets.

    With ``forfeit`` illegal targets still sharing the split (policy ``forfeit``), ``a``
    legal targets may be kept alongside ``b = keep - a`` forfeited ones; the legal ones
    are then dealt ``s`` in all, from ``a`` to ``pool - b`` (exactly ``pool`` when
    ``b = 0``), and ``sum(C(s-1, a-1), s = lo..hi) = C(hi, a) - C(lo-1, a)``.

    >>> count_split_resolutions(targets=2, pool=4, forfeit=1)  # 1/1, 1/2, 2/1 (+1 lost)
    3
    """
    if targets == 0 or pool <= 0:
        return 1
    if not forfeit:
        if targets > pool:
            return comb(targets, pool)
        return comb(pool - 1, targets - 1)
    keep = min(targets + forfeit, pool)
    total = 0
    for kept in range(max(0, keep - forfeit), min(keep, targets) + 1):
        if kept == 0:
            total += 1
            continue
        forfeited = keep - kept
        low, high = (pool, pool) if forfeited == 0 else (kept, pool - forfeited)
        total += comb(targets, kept) * (comb(high, kept) - comb(low - 1, kept))
    return total


def _binomial_prefix(n: int, limit: int) -> list[int]:
    """``prefix[j] = sum(C(n, i) for i in 0..j)`` for ``j`` in ``0..limit``."""
    prefix: list[int] = []
    total = 0
    for i in range(limit + 1):
        total += comb(n, i)
        prefix.append(total)
    return prefix


def tax_table(taxes: Sequence[int], budget: int) -> dict[tuple[int, int], int]:
    """Ways to choose taxed units: ``{(how many, total tax): ways}`` with tax <= budget.

    Units are grouped by tax value, so the work grows with the number of distinct values,
    not with the number of units.

    >>> sorted(tax_table((1, 1, 2), budget=2).items())
    [((0, 0), 1), ((1, 1), 2), ((1, 2), 1), ((2, 2), 1)]
    """
    table: dict[tuple[int, int], int] = {(0, 0): 1}
    for tax, units in sorted(Counter(t for t in taxes if t > 0).items()):
        grown: dict[tuple[int, int], int] = {}
        for (k, cost), ways in table.items():
            for j in range(min(units, (budget - cost) // tax) + 1):
                key = (k + j, cost + j * tax)
                grown[key] = grown.get(key, 0) + ways * comb(units, j)
        table = grown
    return table


def count_subsets(n: int, *, cap: int, taxes: Sequence[int], budget: int | None) -> int:
    """Subsets of ``n`` candidates with at most ``cap`` members and tax within ``budget``."""
    return count_subsets_for_caps(n, caps=[cap], taxes=taxes, budget=budget)[0]


def count_subsets_for_caps(
    n: int, *, caps: Sequence[int], taxes: Sequence[int], budget: int | None
) -> list[int]:
    """:func:`count_subsets` for several caps over the same candidates, sharing the DP."""
    top = min(max(caps, default=0), n)
    if budget is None or sum(taxes) <= budget:
        prefix = _binomial_prefix(n, max(top, 0))
        return [prefix[min(cap, n)] if cap >= 0 else 0 for cap in caps]
    free = sum(1 for t in taxes if t <= 0)
    free_prefix = _binomial_prefix(free, max(min(top, free), 0))
    table = tax_table(taxes, budget)
    counts = []
    for cap in caps:
        total = 0
        for (k, _cost), ways in table.items():
            room = min(cap, n) - k
            if room >= 0:
                total += ways * free_prefix[min(room, free, len(free_prefix) - 1)]
        counts.append(total)
    return counts


# --------------------------------------------------------------------------- groups


def count_selections(problem: GroupProblem) -> int:
    """Legal group selections, by a knapsack-style DP per class of members (no listing).

    The state is (members per slot, capped where the count stops mattering; total Might,
    when capped; total tax, when budgeted). Non-empty selections belong to exactly one
    class, so the classes add up; the empty selection counts once.

    Not for ``maximal`` problems (see :func:`count_maximal_selections`).
    """
    return sum(selections_by_tax(problem, exact=False).values())


def selections_by_tax(problem: GroupProblem, exact: bool = True) -> Counter[int]:
    """Legal group selections by their total Deflect tax (``{tax: ways}``), by the DP of
    :func:`count_selections`; with ``exact=False`` every selection is counted under tax 0
    (the tax is tracked only to meet a budget).

    >>> from models.group import GroupProblem, Member
    >>> trio = GroupProblem(tuple(Member(u, 1, t, "north", (0,)) for u, t in
    ...     [("a", 0), ("b", 1), ("c", 2)]), (0,), (2,))
    >>> sorted(selections_by_tax(trio).items())   # {} {a} | {b} {a,b} | {c} {a,c} | {b,c}
    [(0, 2), (1, 2), (2, 2), (3, 1)]
    """
    if problem.whole is not None:
        taxes = {m.id: m.tax for m in problem.members}
        spent = sum(taxes[u] for slot in problem.whole for u in slot)
        return Counter({spent if exact else 0: 1})
    if problem.maximal:
        raise ValueError("count maximal selections with count_maximal_selections")
    if problem.per_class is not None:
        return _count_per_class(problem, exact)
    least, most, cap, budget = problem.least, problem.most, problem.cap, problem.budget
    stop = [m if m is not None else max(low, 1) for low, m in zip(least, most, strict=True)]
    track = exact or budget is not None
    total: Counter[int] = Counter()
    if not any(least):
        total[0] += 1
    for key in problem.classes():
        states: dict[tuple[tuple[int, ...], int, int], int] = {((0,) * len(least), 0, 0): 1}
        for member in (m for m in problem.members if m.key == key):
            grown = dict(states)
            for (counts, might, tax), ways in states.items():
                for slot in member.slots:
                    if most[slot] is not None and counts[slot] >= most[slot]:  # type: ignore[operator]
                        continue
                    new_might = might + member.might if cap is not None else 0
                    new_tax = tax + member.tax if track else 0
                    if (cap is not None and new_might > cap) or (
                            budget is not None and new_tax > budget):
                        continue
                    bumped = list(counts)
                    bumped[slot] = min(bumped[slot] + 1, stop[slot])
                    state = (tuple(bumped), new_might, new_tax)
                    grown[state] = grown.get(state, 0) + ways
            states = grown
        for (counts, _, tax), ways in states.items():
            if any(counts) and all(c >= low for c, low in zip(counts, least, strict=True)):
                total[tax if exact else 0] += ways
    return total


State = tuple[tuple[int, ...], int, int]


def _count_per_class(problem: GroupProblem, exact: bool) -> Counter[int]:
    """Selections taking at most ``per_class`` members from each class, classes combined:
    a DP over classes, each class's own choices counted first, then convolved."""
    least, most, cap, budget = problem.least, problem.most, problem.cap, problem.budget
    per_class = problem.per_class
    assert per_class is not None
    stop = [m if m is not None else max(low, 1) for low, m in zip(least, most, strict=True)]

    def add(counts: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...] | None:
        summed = [a + b for a, b in zip(counts, more, strict=True)]
        if any(m is not None and v > m for v, m in zip(summed, most, strict=True)):
            return None
        return tuple(min(v, top) for v, top in zip(summed, stop, strict=True))

    def fits(might: int, tax: int) -> bool:
        return (cap is None or might <= cap) and (budget is None or tax <= budget)

    track = exact or budget is not None
    zero = (0,) * len(least)
    states: dict[State, int] = {(zero, 0, 0): 1}
    for key in problem.classes():
        local: dict[tuple[tuple[int, ...], int, int, int], int] = {(zero, 0, 0, 0): 1}
        for member in (m for m in problem.members if m.key == key):
            grown = dict(local)
            for (counts, might, tax, taken), ways in local.items():
                if taken == per_class:
                    continue
                for slot in member.slots:
                    bumped = add(counts, tuple(int(i == slot) for i in range(len(least))))
                    new = (might + member.might if cap is not None else 0,
                           tax + member.tax if track else 0)
                    if bumped is not None and fits(*new):
                        option = (bumped, *new, taken + 1)
                        grown[option] = grown.get(option, 0) + ways
            local = grown
        combined: dict[State, int] = {}
        for (counts, might, tax), ways in states.items():
            for (more, extra_might, extra_tax, _), more_ways in local.items():
                summed = add(counts, more)
                if summed is not None and fits(might + extra_might, tax + extra_tax):
                    state = (summed, might + extra_might, tax + extra_tax)
                    combined[state] = combined.get(state, 0) + ways * more_ways
        states = combined
    total: Counter[int] = Counter()
    for (counts, _, tax), ways in states.items():
        if all(c >= low for c, low in zip(counts, least, strict=True)):
            total[tax if exact else 0] += ways
    return total


def count_pairs_within(first: Counter[int], second: Counter[int], budget: int | None) -> int:
    """Pairs of one answer of each distribution whose taxes add up to at most ``budget``
    (every pair with no budget): a Repeat's two executions paying Deflect each (820.2).

    >>> count_pairs_within(Counter({0: 2, 1: 1}), Counter({0: 2, 1: 1}), budget=1)
    8
    """
    if budget is None:
        return sum(first.values()) * sum(second.values())
    ordered = sorted(second.items())
    taxes = [tax for tax, _ in ordered]
    prefix = list(accumulate(ways for _, ways in ordered))
    total = 0
    for tax, ways in first.items():
        index = bisect_right(taxes, budget - tax)
        if index:
            total += ways * prefix[index - 1]
    return total


def count_maximal_selections(problem: GroupProblem) -> int | None:
    """Maximal selections of a one-slot group with no budget, without listing.

    A size-limited, uncapped group (Bellows Breath) has a closed form: per class, 1 if the
    whole class fits, else ``C(size, most)``. A capped one with no size limit (Fox-Fire) a DP:

    Within a class, sort Mights ascending; a subset ``S`` is maximal exactly when its first
    excluded member ``j`` does not fit: ``W(S) > cap - w_j``. So, for each ``j``: members
    before ``j`` are in, ``j`` is out, and a subset ``T`` of those after ``j`` makes
    ``cap - w_j < W(before j) + W(T) <= cap``, counted by a suffix subset-sum DP. The empty
    selection counts once, when nobody fits alone. ``None`` when the shape does not apply.

    >>> from models.group import GroupProblem, Member
    >>> fox = GroupProblem(tuple(Member(u, w, 0, "north", (0,)) for u, w in
    ...     [("a", 2), ("b", 2), ("c", 1), ("d", 1)]), (0,), (None,), cap=4, maximal=True)
    >>> count_maximal_selections(fox)      # {a,b}, {a,c,d}, {b,c,d}
    3
    """
    if problem.whole is not None:
        return 1
    if len(problem.least) != 1 or problem.budget is not None or problem.per_class is not None:
        return None
    most = problem.size_limited()
    if most is not None:
        sizes = [sum(1 for m in problem.members if m.key == key) for key in problem.classes()]
        return sum(1 if size <= most else comb(size, most) for size in sizes)
    if problem.most[0] is not None:
        return None
    if any(problem.least):
        return None
    cap = problem.cap
    total = 0
    nobody_fits = True
    for key in problem.classes():
        weights = sorted(m.might for m in problem.members if m.key == key)
        if cap is None:
            total += 1  # the whole class is the one maximal subset
            nobody_fits = False
            continue
        if weights[0] <= cap:
            nobody_fits = False
        total += _maximal_in_class(weights, cap)
    return total + (1 if nobody_fits else 0)


def _maximal_in_class(weights: list[int], cap: int) -> int:
    """Non-empty maximal subsets of one class (weights sorted ascending)."""
    n = len(weights)
    # suffix[j][s]: subsets of weights[j:] summing to s (s <= cap).
    suffix = [[0] * (cap + 1) for _ in range(n + 1)]
    suffix[n][0] = 1
    for j in range(n - 1, -1, -1):
        row, below, w = suffix[j], suffix[j + 1], weights[j]
        for s in range(cap + 1):
            row[s] = below[s] + (below[s - w] if s >= w else 0)
    count = 0
    before = 0
    for j, w in enumerate(weights):
        if before > cap:
            break
        low = max(cap - w + 1, 0)  # W(S) must exceed cap - w_j
        for s in range(max(low - before, 0), cap - before + 1):
            if before + s > 0 or j > 0:
                count += suffix[j + 1][s]
        before += w
    if before <= cap:
        count += 1  # every member in
    return count
