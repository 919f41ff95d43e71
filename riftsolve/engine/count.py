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

Every DP estimates its work before it starts (from the states it may reach: slot counts,
Might and tax sums up to the cap and budget, in steps of their gcd) and raises
:class:`CountTooLarge` rather than run past :data:`COUNT_WORK` steps.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import accumulate
from math import comb, gcd
from typing import TYPE_CHECKING

from riftsolve.i18n import N_, _
from riftsolve.rules.limits import Refusal

if TYPE_CHECKING:  # (a group's problems: its module loads with its family)
    from riftsolve.rules.families.group import GroupProblem, Member

#: Most steps a counting DP may take (a state carried or updated: about 3 s of Python on a
#: 2-core machine), estimated before it starts; beyond it, :class:`CountTooLarge`.
COUNT_WORK = 2 * 10**7


class CountTooLarge(Refusal, ValueError):
    """An exact count whose dynamic programme would take too long: the message says about
    how many steps it would take, the bound, and what to ask instead.

    >>> error = CountTooLarge("the selections", 10**9, "a smaller Might cap")
    >>> error.work, error.bound
    (1000000000, 20000000)
    >>> print(error)  # doctest: +NORMALIZE_WHITESPACE
    counting the selections exactly needs an estimated 1,000,000,000 DP steps, over the
    bound of 20,000,000: list the first answers with --limit N instead, or ask about a
    smaller Might cap
    """

    def __init__(self, what: str, work: int, instead: str, steps: str = N_("DP steps"),
                 bound: int = COUNT_WORK) -> None:
        self.work = work
        self.bound = bound
        super().__init__(_(
            "counting {what} exactly needs an estimated {work} {steps}, over the bound of "
            "{bound}: list the first answers with --limit N instead, or ask about {instead}"
        ).format(what=_(what), work=f"{work:,}", steps=_(steps), bound=f"{bound:,}",
                 instead=_(instead)))


def _check_work(work: int, what: str, instead: str) -> None:
    if work > COUNT_WORK:
        raise CountTooLarge(what, work, instead)


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


def _binomial_prefixes(n: int, limits: Iterable[int]) -> dict[int, int]:
    """``{j: sum(C(n, i) for i in 0..j)}`` for each ``j`` of ``limits`` (``0 <= j``): the
    terms built one from the previous (no ``comb`` per term), ``2**n`` minus the other side
    past the middle.

    >>> _binomial_prefixes(4, [0, 1, 3, 4, 9])
    {0: 1, 1: 5, 3: 15, 4: 16, 9: 16}
    """
    wanted = set(limits)
    # past the middle, count the complement: sum(i <= j) = 2**n - sum(i <= n - j - 1)
    plain = {j for j in wanted if 2 * j < n}
    mirrored = {n - j - 1 for j in wanted if n > j and 2 * j >= n}
    targets = sorted(plain | mirrored)
    sums: dict[int, int] = {}
    term, total, i = 1, 0, 0
    for j in targets:
        while i <= j:
            total += term
            term = term * (n - i) // (i + 1)
            i += 1
        sums[j] = total
    every = 1 << n
    return {j: every if j >= n else sums[j] if 2 * j < n else every - sums[n - j - 1]
            for j in wanted}


def _binomial_row(n: int, top: int) -> list[int]:
    """``[C(n, j) for j in 0..top]``."""
    row = [1]
    for j in range(top):
        row.append(row[-1] * (n - j) // (j + 1))
    return row


def tax_table(taxes: Sequence[int], budget: int) -> dict[tuple[int, int], int]:
    """Ways to choose taxed units: ``{(how many, total tax): ways}`` with tax <= budget.

    Units are grouped by tax value, so the work grows with the number of distinct values,
    not with the number of units. Raises :class:`CountTooLarge` when the table would take
    more than :data:`COUNT_WORK` steps (many distinct taxes under a huge budget).

    >>> sorted(tax_table((1, 1, 2), budget=2).items())
    [((0, 0), 1), ((1, 1), 2), ((1, 2), 1), ((2, 2), 1)]
    """
    return _tax_table(taxes, budget)


def _tax_table(taxes: Sequence[int], budget: int, most: int | None = None,
               sized: bool = True) -> dict[tuple[int, int], int]:
    """:func:`tax_table` of subsets of at most ``most`` taxed units; with ``sized=False``
    every size is recorded as 0 (only the tax is tracked)."""
    groups = sorted(Counter(t for t in taxes if t > 0).items())
    _check_work(_tax_table_work(groups, budget, most, sized),
                N_("the declarations within the Deflect budget"),
                N_("less Power (available_power)"))
    table: dict[tuple[int, int], int] = {(0, 0): 1}
    for tax, units in groups:
        row = _binomial_row(units, min(units, budget // tax))
        grown: dict[tuple[int, int], int] = {}
        for (k, cost), ways in table.items():
            top = min(len(row) - 1, (budget - cost) // tax)
            if most is not None:
                top = min(top, most - k)
            for j in range(top + 1):
                key = (k + j if sized else 0, cost + j * tax)
                grown[key] = grown.get(key, 0) + ways * row[j]
        table = grown
    return table


def _tax_table_work(groups: Sequence[tuple[int, int]], budget: int, most: int | None,
                    sized: bool) -> int:
    """About how many steps :func:`_tax_table` takes: per tax value, the states so far
    times the counts of that value that fit, states bounded by sizes x reachable taxes."""
    work, states, size, cost, step = 0, 1, 0, 0, 0
    for tax, units in groups:
        options = min(units, budget // tax) + 1
        work += states * options
        size += options - 1
        if most is not None:
            size = min(size, most)
        cost = min(budget, cost + (options - 1) * tax)
        step = gcd(step, tax)
        states = min(states * options, ((size + 1) if sized else 1) * (cost // step + 1))
    return work


def count_subsets(n: int, *, cap: int, taxes: Sequence[int], budget: int | None) -> int:
    """Subsets of ``n`` candidates with at most ``cap`` members and tax within ``budget``."""
    return count_subsets_for_caps(n, caps=[cap], taxes=taxes, budget=budget)[0]


def count_subsets_for_caps(
    n: int, *, caps: Sequence[int], taxes: Sequence[int], budget: int | None
) -> list[int]:
    """:func:`count_subsets` for several caps over the same candidates, sharing the DP.

    When the highest taxes of the largest allowed subset fit the budget, the budget binds
    no subset (closed form). A cap of at least ``n`` limits nothing: when no cap limits the
    size, only the tax is tracked (``2**untaxed`` times the taxed subsets within the budget). Raises
    :class:`CountTooLarge` when the DP would take too long.

    >>> count_subsets_for_caps(4, caps=[1, 4, 9, -1], taxes=(0, 0, 2, 3), budget=3)
    [5, 12, 12, 0]
    """
    sizes = [min(cap, n) for cap in caps]
    largest = max(sizes, default=0)
    # the budget binds no subset when the ``largest`` highest taxes fit it
    if budget is None or largest <= 0 or sum(sorted(max(0, t) for t in taxes)[-largest:]) <= budget:
        prefix = _binomial_prefixes(n, (size for size in sizes if size >= 0))
        return [prefix[size] if size >= 0 else 0 for size in sizes]
    free = sum(1 for t in taxes if t <= 0)
    if all(size >= n or size < 0 for size in sizes):
        within = sum(_tax_table(taxes, budget, sized=False).values()) << free
        return [within if size >= 0 else 0 for size in sizes]
    by_size: Counter[int] = Counter()
    for (k, _cost), ways in _tax_table(taxes, budget, most=max(sizes)).items():
        by_size[k] += ways
    free_prefix = _binomial_prefixes(free, {min(size - k, free) for size in sizes
                                            for k in by_size if size - k >= 0})
    return [sum(ways * free_prefix[min(size - k, free)] for k, ways in by_size.items()
                if size - k >= 0) for size in sizes]


# --------------------------------------------------------------------------- groups


def count_selections(problem: GroupProblem) -> int:
    """Legal group selections, by a knapsack-style DP per class of members (no listing).

    The state is (members per slot, capped where the count stops mattering; total Might,
    when the cap can bind; total tax, when the budget can). Non-empty selections belong to
    exactly one class, so the classes add up; the empty selection counts once. A cap (or
    budget) that every subset of a class fits is not tracked at all.

    Not for ``maximal`` problems (see :func:`count_maximal_selections`). Raises
    :class:`CountTooLarge` when the DP would take more than :data:`COUNT_WORK` steps.
    """
    return sum(selections_by_tax(problem, exact=False).values())


#: What to ask instead of a group count that is too large.
GROUP_INSTEAD = N_("a smaller Might cap, less Power (available_power) or fewer units")


def _by_class(members: Iterable[Member]) -> dict[str, list[Member]]:
    by_class: dict[str, list[Member]] = {}
    for member in members:
        by_class.setdefault(member.key, []).append(member)
    return by_class


def _reach(values: Iterable[int]) -> int:
    """The most a subset of ``values`` adds up to (negative values count 0)."""
    return sum(max(0, v) for v in values)


class _Sizes:
    """A bound on the states of a knapsack DP as members are added (:meth:`extend`): slot
    counts x the Might sums it may reach x the tax sums it may reach, each sum up to its
    limit and in steps of the values' gcd."""

    def __init__(self, slot_states: int, cap: int | None, budget: int | None,
                 track_tax: bool) -> None:
        self.slot_states = slot_states
        self.cap, self.budget, self.track_tax = cap, budget, track_tax
        self.might = self.tax = self.might_step = self.tax_step = 0

    def bound(self) -> int:
        mights = 1 if self.cap is None else min(self.cap, self.might) // (
            self.might_step or 1) + 1
        taxes = 1
        if self.track_tax:
            tax = self.tax if self.budget is None else min(self.budget, self.tax)
            taxes = tax // (self.tax_step or 1) + 1
        return self.slot_states * mights * taxes

    def extend(self, members: Iterable[Member]) -> None:
        for member in members:
            might, tax = max(0, member.might), max(0, member.tax)
            self.might += might
            self.might_step = gcd(self.might_step, might)
            self.tax += tax
            self.tax_step = gcd(self.tax_step, tax)


def _knapsack_work(members: Sequence[Member], sizes: _Sizes, taking: int | None = None
                   ) -> tuple[int, int]:
    """``(steps, final states)`` of the DP over ``members`` (a copy of the states and an
    update per slot for each member), at most ``taking`` of them chosen."""
    work, states, widest = 0, 1, 0
    for index, member in enumerate(members):
        work += states * (1 + len(member.slots))
        sizes.extend((member,))
        grown = states * (1 + len(member.slots))
        widest = max(widest, len(member.slots))
        if taking is not None and taking <= min(index, 8):  # at most ``taking`` of them
            grown = min(grown, _at_most(index + 1, taking, widest))
        states = min(grown, sizes.bound())
    return work, states


def _at_most(n: int, taking: int, slots: int) -> int:
    """Ways to put at most ``taking`` of ``n`` members in one of ``slots`` slots each."""
    total, power = 0, 1
    for j in range(taking + 1):
        total += comb(n, j) * power
        power *= slots
    return total


def selections_by_tax(problem: GroupProblem, exact: bool = True) -> Counter[int]:
    """Legal group selections by their total Deflect tax (``{tax: ways}``), by the DP of
    :func:`count_selections`; with ``exact=False`` every selection is counted under tax 0
    (the tax is tracked only to meet a budget).

    >>> from riftsolve.rules.families.group import GroupProblem, Member
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
    slot_states = 1
    for top in stop:
        slot_states *= top + 1
    by_class = _by_class(problem.members)
    plans: list[tuple[list[Member], int | None, int | None, bool]] = []
    rough = 0  # a quick bound on the work; estimated member by member only if too large
    for key in problem.classes():
        members = by_class[key]
        might_reach = _reach(m.might for m in members)
        tax_reach = _reach(m.tax for m in members)
        # a cap (budget) that the whole class fits cannot bind: not tracked
        class_cap = cap if cap is not None and might_reach > cap else None
        class_budget = budget if budget is not None and tax_reach > budget else None
        track = exact or class_budget is not None
        plans.append((members, class_cap, class_budget, track))
        reachable = slot_states * (1 if class_cap is None else class_cap + 1) * (
            1 if not track else (tax_reach if class_budget is None else class_budget) + 1)
        rough += len(members) * (1 + len(least)) * reachable
    if rough > COUNT_WORK:
        _check_work(sum(_knapsack_work(members, _Sizes(slot_states, class_cap, class_budget,
                                                       track))[0]
                        for members, class_cap, class_budget, track in plans),
                    "the selections", GROUP_INSTEAD)
    total: Counter[int] = Counter()
    if not any(least):
        total[0] += 1
    for members, class_cap, class_budget, track in plans:
        states: dict[tuple[tuple[int, ...], int, int], int] = {((0,) * len(least), 0, 0): 1}
        for member in members:
            grown = dict(states)
            for (counts, might, tax), ways in states.items():
                for slot in member.slots:
                    if most[slot] is not None and counts[slot] >= most[slot]:  # type: ignore[operator]
                        continue
                    new_might = might + member.might if class_cap is not None else 0
                    new_tax = tax + member.tax if track else 0
                    if (class_cap is not None and new_might > class_cap) or (
                            class_budget is not None and new_tax > class_budget):
                        continue
                    bumped = list(counts)
                    bumped[slot] = min(bumped[slot] + 1, stop[slot])
                    state = (tuple(bumped), new_might, new_tax)
                    grown[state] = grown.get(state, 0) + ways
            states = grown
        for (counts, _size, tax), ways in states.items():
            if any(counts) and all(c >= low for c, low in zip(counts, least, strict=True)):
                total[tax if exact else 0] += ways
    return total


State = tuple[tuple[int, ...], int, int]


def _count_per_class(problem: GroupProblem, exact: bool) -> Counter[int]:
    """Selections taking at most ``per_class`` members from each class, classes combined:
    a DP over classes, each class's own choices counted first, then convolved."""
    least, most = problem.least, problem.most
    per_class = problem.per_class
    assert per_class is not None
    stop = [m if m is not None else max(low, 1) for low, m in zip(least, most, strict=True)]
    slot_states = 1
    for top in stop:
        slot_states *= top + 1
    by_class = _by_class(problem.members)
    classes = [by_class[key] for key in problem.classes()]

    def most_taken(values: list[int]) -> int:  # the most ``per_class`` of them add up to
        return sum(sorted((max(0, v) for v in values), reverse=True)[:per_class])

    # a cap (budget) that no selection can exceed is not tracked
    cap = problem.cap if problem.cap is not None and sum(
        most_taken([m.might for m in ms]) for ms in classes) > problem.cap else None
    budget = problem.budget if problem.budget is not None and sum(
        most_taken([m.tax for m in ms]) for ms in classes) > problem.budget else None
    track = exact or budget is not None
    # a quick bound on the work; estimated class by class only if too large
    sums = slot_states * (1 if cap is None else cap + 1) * (
        1 if not track else (budget if budget is not None else _reach(
            m.tax for m in problem.members)) + 1)
    rough = sum(len(ms) * (1 + len(least)) * sums * (per_class + 1) + sums * sums * (
        per_class + 1) for ms in classes)
    if rough > COUNT_WORK:
        work, reached = 0, 1  # steps, and a bound on the states of the classes so far
        everyone = _Sizes(slot_states, cap, budget, track)
        for members in classes:
            steps, choices = _knapsack_work(
                members, _Sizes(slot_states * (per_class + 1), cap, budget, track), per_class)
            everyone.extend(members)
            work += steps + reached * choices
            reached = min(reached * choices, everyone.bound())
        _check_work(work, N_("the selections"), GROUP_INSTEAD)

    def add(counts: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...] | None:
        summed = [a + b for a, b in zip(counts, more, strict=True)]
        if any(m is not None and v > m for v, m in zip(summed, most, strict=True)):
            return None
        return tuple(min(v, top) for v, top in zip(summed, stop, strict=True))

    def fits(might: int, tax: int) -> bool:
        return (cap is None or might <= cap) and (budget is None or tax <= budget)

    zero = (0,) * len(least)
    states: dict[State, int] = {(zero, 0, 0): 1}
    for members in classes:
        local: dict[tuple[tuple[int, ...], int, int, int], int] = {(zero, 0, 0, 0): 1}
        for member in members:
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
        collapsed: dict[State, int] = {}  # the number taken no longer matters
        for (more, extra_might, extra_tax, _taken), more_ways in local.items():
            key = (more, extra_might, extra_tax)
            collapsed[key] = collapsed.get(key, 0) + more_ways
        combined_states: dict[State, int] = {}
        for (counts, might, tax), ways in states.items():
            for (more, extra_might, extra_tax), more_ways in collapsed.items():
                summed = add(counts, more)
                if summed is not None and fits(might + extra_might, tax + extra_tax):
                    state = (summed, might + extra_might, tax + extra_tax)
                    combined_states[state] = combined_states.get(state, 0) + ways * more_ways
        states = combined_states
    total: Counter[int] = Counter()
    for (counts, _might, tax), ways in states.items():
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

    >>> from riftsolve.rules.families.group import GroupProblem, Member
    >>> fox = GroupProblem(tuple(Member(u, w, 0, "north", (0,)) for u, w in
    ...     [("a", 2), ("b", 2), ("c", 1), ("d", 1)]), (0,), (None,), cap=4, maximal=True)
    >>> count_maximal_selections(fox)      # {a,b}, {a,c,d}, {b,c,d}
    3
    """
    if problem.whole is not None:
        return 1
    if len(problem.least) != 1 or problem.budget is not None or problem.per_class is not None:
        return None
    by_class = _by_class(problem.members)
    most = problem.size_limited()
    if most is not None:
        sizes = [len(by_class[key]) for key in problem.classes()]
        return sum(1 if size <= most else comb(size, most) for size in sizes)
    if problem.most[0] is not None:
        return None
    if any(problem.least):
        return None
    cap = problem.cap
    classes = [sorted(m.might for m in by_class[key]) for key in problem.classes()]
    if cap is None:  # each whole class is its one maximal subset
        return len(classes) or 1
    _check_work(sum(_maximal_work(weights, cap) for weights in classes),
                N_("the maximal selections"), N_("a smaller Might cap or fewer units"))
    total = sum(_maximal_in_class(weights, cap) for weights in classes)
    nobody_fits = all(weights[0] > cap for weights in classes)
    return total + (1 if nobody_fits else 0)


def _reduced(weights: list[int], cap: int) -> tuple[list[int], int]:
    """``weights`` and ``cap`` divided by the weights' gcd: the same subsets fit (sums are
    multiples of it) and the same ones are maximal."""
    step = 0
    for w in weights:
        step = gcd(step, w)
    if step <= 1:
        return weights, cap
    return [w // step for w in weights], cap // step


def _maximal_work(weights: list[int], cap: int) -> int:
    """The steps of :func:`_maximal_in_class`: a row of the reduced cap per member."""
    if cap < 0 or sum(weights) <= cap:
        return 0
    weights, cap = _reduced(weights, cap)
    return len(weights) * (cap + 1)


def _maximal_in_class(weights: list[int], cap: int) -> int:
    """Non-empty maximal subsets of one class (weights sorted ascending, none negative).

    A suffix subset-sum DP, one row kept at a time, members taken from the last: when the
    row counts the subsets of the members after ``j``, member ``j``'s term is read off it.

    >>> _maximal_in_class([1, 1, 2, 2], 4), _maximal_in_class([2, 4, 6], 6)
    (3, 2)
    >>> _maximal_in_class([1, 2], 9), _maximal_in_class([5], 4)
    (1, 0)
    """
    if cap < 0:
        return 0
    if sum(weights) <= cap:
        return 1  # every member in
    weights, cap = _reduced(weights, cap)
    before = list(accumulate(weights, initial=0))  # before[j]: the weight of weights[:j]
    row = [1] + [0] * cap  # row[s]: subsets of the members after j weighing s
    count = 0
    for j in range(len(weights) - 1, -1, -1):
        w, head = weights[j], before[j]
        if head <= cap:
            low = max(cap - w + 1 - head, 0)  # W(S) = head + s must exceed cap - w
            count += sum(row[low:cap - head + 1])
            if j == 0 and low == 0:
                count -= row[0]  # the empty selection is counted apart
        if w == 0:
            row = [2 * ways for ways in row]
        else:
            row = row[:w] + [a + b for a, b in zip(row[w:], row, strict=False)]
    return count
