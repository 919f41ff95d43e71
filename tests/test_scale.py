"""Robustness at scale: every question answers or refuses at once, in bounded memory, with
no recursion that grows with the board, and the answers and their order are unchanged.

Each test is small and fast; none asserts a timing. Where an old implementation would
recurse, hold a huge list or search an exponential dead subtree, the test asks for the
first answers of a board where that would fail (RecursionError, MemoryError, no answer).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from itertools import combinations, islice, pairwise
from math import comb
from typing import Any

import numpy as np
import pytest
from conftest import build, unit

from riftsolve.engine.backends import native
from riftsolve.engine.count import (
    COUNT_WORK,
    CountTooLarge,
    count_maximal_selections,
    count_selections,
    count_subsets_for_caps,
    selections_by_tax,
    tax_table,
)
from riftsolve.engine.questions import finalize
from riftsolve.rules.answers import Declaration, Resolution, Selection
from riftsolve.rules.answers.group import GroupDeclaration
from riftsolve.rules.families.group import GroupProblem, Member
from riftsolve.rules.families.split import (
    FriendlyOption,
    SplitFinalizeProblem,
    SplitResolveProblem,
)


@pytest.fixture
def shallow_stack() -> Iterator[None]:
    """A recursion limit of 200 frames for the test's body (the default is 1,000)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(200, _depth() + 100))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
    return depth


def _ids(n: int, prefix: str = "t") -> tuple[str, ...]:
    return tuple(f"{prefix}{i:04d}" for i in range(n))


def _composition(cuts: tuple[int, ...], total: int) -> list[int]:
    """The composition of ``total`` whose bars are ``cuts`` (values in 0..total-2)."""
    edges = [0, *(c + 1 for c in cuts), total]
    return [b - a for a, b in pairwise(edges)]


# --------------------------------------------------------------------------- blocks


def test_first_compositions_of_4999_choose_999_come_at_once(shallow_stack: None) -> None:
    """Alpha Strike, 5,000 damage among 1,000 targets: C(4999, 999) answers (about 10^1000);
    the first three are the first three of itertools' order, with no recursion."""
    expected = list(islice(combinations(range(4999), 999), 3))
    first = next(native.combination_blocks(4999, 999, block_rows=3))
    assert [tuple(row) for row in first.tolist()] == expected
    block = next(native.composition_blocks(5000, 1000, block_rows=3))
    assert block.tolist() == [_composition(cuts, 5000) for cuts in expected]
    problem = SplitResolveProblem(_ids(1000), 5000)
    rows = next(native.resolution_blocks(problem, block_rows=3))
    assert rows.tolist() == block.tolist()
    objects = list(islice(native.resolutions(problem), 3))
    assert objects == [Resolution.dealt(problem.targets, row) for row in rows.tolist()]


def test_blocks_are_bounded_by_cells_and_by_the_rows_asked() -> None:
    """900 targets, 1,000 damage: a block is at most BLOCK_CELLS cells (not 65,536 rows x
    900 columns); asked for 3 rows, the first block has 3."""
    problem = SplitResolveProblem(_ids(900), 1000)
    first = next(native.resolution_blocks(problem))
    assert first.shape[0] >= 1 and first.size <= native.BLOCK_CELLS
    assert first.shape == (native.block_rows_for(900), 900)
    small = next(native.resolution_blocks(problem, block_rows=3))
    assert small.tolist() == first[:3].tolist()
    assert (small.sum(axis=1) == 1000).all() and (small >= 1).all()


@pytest.mark.parametrize("force_numpy", [False, True])
def test_combination_blocks_equal_itertools(force_numpy: bool,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Every block size, small and large k, numpy- or itertools-built: itertools' order."""
    if force_numpy:
        monkeypatch.setattr(native, "ITERTOOLS_MAX_N", 0)
    for n in range(0, 12):
        for k in range(0, n + 2):
            for block_rows in (1, 3, 97):
                blocks = list(native.combination_blocks(n, k, block_rows))
                assert all(0 < b.shape[0] <= block_rows and b.shape[1] == k for b in blocks)
                rows = [tuple(row) for b in blocks for row in b.tolist()]
                assert rows == list(combinations(range(n), k))
    # k above NUMPY_MAX_K, n near k (small blocks, long prefixes)
    n, k = 18, native.NUMPY_MAX_K + 3
    rows = [tuple(r) for b in native.combination_blocks(n, k, 7) for r in b.tolist()]
    assert rows == list(combinations(range(n), k))


def test_combinations_of_huge_pools_stream(shallow_stack: None) -> None:
    """Pools far beyond what itertools could hold (it materialises its pool)."""
    first = next(native.combination_blocks(10**9, 20, block_rows=2))
    assert first.tolist() == [[*range(19), 19], [*range(19), 20]]
    assert native.block_rows_for(20) * 20 <= native.BLOCK_CELLS


def test_forfeited_splits_and_small_blocks_equal_objects() -> None:
    """Blocks of every size equal the objects, forfeited targets included."""
    rng = random.Random(4)
    for _ in range(60):
        problem = SplitResolveProblem(_ids(rng.randint(0, 7)), rng.randint(0, 10),
                                      forfeit=rng.choice([0, 1, 3]))
        block_rows = rng.choice([1, 2, 3, 50])
        blocks = list(native.resolution_blocks(problem, block_rows))
        assert all(b.shape[0] <= block_rows for b in blocks)
        rows = [row for b in blocks for row in b.tolist()]
        assert [Resolution.dealt(problem.targets, row) for row in rows] == list(
            native.resolutions(problem))


# --------------------------------------------------------------------------- objects


def test_a_million_damage_gives_its_first_resolutions_at_once() -> None:
    """10^6 damage: no (unit, amount) pair is built per amount, no list of 10^6 answers."""
    three = SplitResolveProblem(("a", "b", "c"), 10**6)
    first = list(islice(native.resolutions(three), 2))
    assert [r.damage for r in first] == [(("a", 1), ("b", 1), ("c", 999_998)),
                                         (("a", 1), ("b", 2), ("c", 999_997))]
    wide = SplitResolveProblem(_ids(1000), 10**6)
    answer = next(native.resolutions(wide))
    assert answer.damage[-1] == ("t0999", 10**6 - 999) and len(answer.damage) == 1000


def test_compositions_built_lazily_equal_the_prebuilt_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-answer path (large totals) lists what the prebuilt-pairs path lists."""
    problems = [SplitResolveProblem(_ids(t), pool, forfeit=f)
                for t in range(0, 5) for pool in range(0, 9) for f in (0, 2)]
    prebuilt = [list(native.resolutions(p)) for p in problems]
    monkeypatch.setattr(native, "PAIR_BUDGET", 0)
    monkeypatch.setattr(native, "CHUNK", 2)
    assert [list(native.resolutions(p)) for p in problems] == prebuilt


# --------------------------------------------------------------------------- declarations


def _filtered(problem: SplitFinalizeProblem) -> list[Declaration]:
    """The declarations as listed before pruning: every subset, filtered on the budget."""
    names, taxes, budget = problem.candidates, problem.taxes, problem.budget
    listed = []
    for option in problem.options:
        for size in range(min(option.cap, len(names)) + 1):
            for chosen in combinations(range(len(names)), size):
                cost = sum(taxes[i] for i in chosen)
                if budget is None or cost <= budget:
                    listed.append(Declaration(tuple(names[i] for i in chosen),
                                              option.friendly, cost))
    return listed


@pytest.mark.parametrize("few_distinct", [False, True])
def test_pruned_declarations_equal_the_filtered_ones(few_distinct: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Random small boards: same declarations, same order (exact least-tax bound, and the
    coarser one used when the board has too many distinct taxes)."""
    if few_distinct:
        monkeypatch.setattr(native, "LEAST_TAX_TABLE", 0)
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(0, 8)
        problem = SplitFinalizeProblem(
            tuple(FriendlyOption(rng.choice([None, "f", "g"]), rng.randint(0, 9))
                  for _ in range(rng.randint(1, 2))),
            _ids(n, "c"), tuple(rng.choice([0, 0, 1, 1, 2, 3, 5]) for _ in range(n)),
            rng.choice([None, 0, 1, 2, 3, 5, 8]))
        assert list(native.declarations(problem)) == _filtered(problem)


def test_two_declarations_among_a_hundred_taxed_units() -> None:
    """99 units with Deflect 1 and no Power: only {} and the untaxed unit, found without
    listing the 2^100 subsets."""
    names = _ids(100, "c")
    problem = SplitFinalizeProblem((FriendlyOption(None, 100),), names, (1,) * 99 + (0,), 0)
    assert [d.split for d in native.declarations(problem)] == [(), ("c0099",)]
    budget_two = SplitFinalizeProblem((FriendlyOption(None, 100),), names, (1,) * 100, 2)
    listed = list(native.declarations(budget_two))
    assert len(listed) == 1 + 100 + comb(100, 2) and listed[-1].split == ("c0098", "c0099")


# --------------------------------------------------------------------------- groups


def _fox(mights: list[int], cap: int = 4, maximal: bool = False, key: str = "north"
         ) -> GroupProblem:
    members = tuple(Member(f"u{i:04d}", w, 0, key, (0,)) for i, w in enumerate(mights))
    return GroupProblem(members, (0,), (None,), cap=cap, maximal=maximal)


def test_fox_fire_on_a_thousand_units_streams(shallow_stack: None) -> None:
    """1,000 members in one class: the search is an explicit stack, not 1,000 frames."""
    first = list(islice(native.selections(_fox([1] * 1000)), 5))
    assert first == [((),), (("u0999",),), (("u0998",),), (("u0998", "u0999"),),
                     (("u0997",),)]


def test_maximal_fox_fire_skips_dead_branches(shallow_stack: None) -> None:
    """998 units of Might 0 and two of Might 3 under a cap of 4: the two maximal groups
    (every 0 and one 3) are all the answers; no branch leaving out a 0 is searched."""
    mights = [3, 3] + [0] * 998
    everyone_else = tuple(f"u{i:04d}" for i in range(2, 1000))
    assert list(native.selections(_fox(mights, maximal=True))) == [
        (("u0001", *everyone_else),), (("u0000", *everyone_else),)]
    assert count_maximal_selections(_fox(mights, maximal=True)) == 2


def test_elder_dragon_on_a_thousand_locations(shallow_stack: None) -> None:
    """One member per location, up to one at each (per_class): 1,000 deep, streamed."""
    members = tuple(Member(f"u{i:04d}", 1, 0, f"bf{i:04d}", (0,)) for i in range(1000))
    problem = GroupProblem(members, (0,), (None,), per_class=1)
    first: list[Selection] = list(islice(native.selections(problem), 4))
    assert first == [((),), (("u0999",),), (("u0998",),), (("u0998", "u0999"),)]
    assert count_selections(problem) == 2**1000


def test_scenario_with_a_thousand_battlefields_lists_its_first_declarations(
        shallow_stack: None) -> None:
    """End to end: Elder Dragon on a board of 1,000 battlefields."""
    fields = tuple(f"bf{i:04d}" for i in range(1000))
    units = [unit(f"e{i:04d}", location=bf) for i, bf in enumerate(fields)]
    legal = finalize(build(units, card="Elder Dragon", battlefields=fields), kind=GroupDeclaration)
    first = [a.selection for a in islice(iter(legal), 3)]
    assert first == [((),), (("e0999",),), (("e0998",),)]


def test_group_searches_equal_their_counts_on_random_boards() -> None:
    """The iterative search lists exactly as many answers as the DPs count, on boards
    where caps and budgets bind, do not bind, and classes combine."""
    rng = random.Random(3)
    for _ in range(250):
        n_slots = rng.choice([1, 2])
        members = tuple(Member(f"u{i}", rng.choice([0, 1, 2, 3]), rng.choice([0, 0, 1, 2]),
                               rng.choice("xy"), tuple(sorted(rng.sample(
                                   range(n_slots), rng.randint(1, n_slots)))))
                        for i in range(rng.randint(0, 8)))
        problem = GroupProblem(
            members, tuple(rng.choice([0, 0, 1]) for _ in range(n_slots)),
            tuple(rng.choice([None, 1, 2]) for _ in range(n_slots)),
            cap=rng.choice([None, 3, 6, 100]), budget=rng.choice([None, 1, 2, 100]),
            per_class=rng.choice([None, None, 1]))
        listed = list(native.selections(problem))
        assert len(set(listed)) == len(listed) == count_selections(problem)
        by_tax = selections_by_tax(problem)
        assert sum(by_tax.values()) == len(listed)
    for _ in range(250):
        step = rng.choice([1, 2, 5])
        problem = _fox([step * rng.choice([0, 1, 2, 3]) for _ in range(rng.randint(0, 9))],
                       cap=rng.choice([0, 3, 4, 7, 10, 100]), maximal=True)
        listed = list(native.selections(problem))
        assert len(set(listed)) == len(listed) == count_maximal_selections(problem)


# --------------------------------------------------------------------------- counts


def _refusal(call: Any) -> CountTooLarge:
    with pytest.raises(CountTooLarge) as caught:
        call()
    return caught.value


def test_a_cap_of_a_million_on_a_thousand_distinct_mights_is_refused() -> None:
    """Might sums up to 10^6 per member: estimated before starting, then refused with the
    estimate, the bound and what to ask instead."""
    mights = [1000 + i for i in range(1000)]  # 1,499,500 in all: the cap binds
    error = _refusal(lambda: count_selections(_fox(mights, cap=10**6)))
    assert error.work > error.bound == COUNT_WORK
    message = str(error)
    assert f"{error.work:,}" in message and f"{COUNT_WORK:,}" in message
    assert "--limit" in message and "Might cap" in message
    assert isinstance(error, ValueError)
    maximal = _refusal(lambda: count_maximal_selections(_fox(mights, cap=10**6,
                                                             maximal=True)))
    assert "maximal selections" in str(maximal) and maximal.work > COUNT_WORK


def test_a_cap_every_subset_fits_is_not_tracked() -> None:
    """Total Might within the cap: the cap cannot bind, counted in closed DP form."""
    mights = [1 + i % 7 for i in range(1000)]
    assert count_selections(_fox(mights, cap=10**6)) == 2**1000
    assert count_maximal_selections(_fox(mights, cap=10**6, maximal=True)) == 1
    taxed = tuple(Member(f"u{i}", 1, 1, "north", (0,)) for i in range(1000))
    assert count_selections(GroupProblem(taxed, (0,), (None,), budget=10**4)) == 2**1000
    assert selections_by_tax(GroupProblem(taxed[:3], (0,), (None,), budget=10**4)) == {
        0: 1, 1: 3, 2: 3, 3: 1}


def test_maximal_counts_divide_by_the_gcd() -> None:
    """Mights in thousands, a cap in the millions: the DP runs on the reduced cap."""
    mights = [1000 * (1 + i % 5) for i in range(12)]
    problem = _fox(mights, cap=7000, maximal=True)
    assert count_maximal_selections(problem) == len(list(native.selections(problem)))
    big = _fox([1000 * (1 + i % 5) for i in range(1000)], cap=10**6, maximal=True)
    counted = count_maximal_selections(big)  # 1,000 x 1,001 steps, not 1,000 x 10^6
    assert counted is not None and counted > 0


def test_declaration_counts_with_huge_budgets() -> None:
    """Many distinct taxes under a huge budget: refused when the DP is too large, exact
    when no subset the caps allow can exceed the budget."""
    taxes = tuple(range(1, 1001))
    error = _refusal(lambda: count_subsets_for_caps(1000, caps=[1000], taxes=taxes,
                                                    budget=250_000))
    assert "Deflect" in str(error) and error.work > COUNT_WORK
    _refusal(lambda: tax_table(taxes, 250_000))
    # ten members at most: the ten highest taxes (9,955) fit the budget, nothing binds
    assert count_subsets_for_caps(1000, caps=[10], taxes=taxes, budget=250_000) == [
        sum(comb(1000, j) for j in range(11))]
    few = count_subsets_for_caps(6, caps=[2, 6], taxes=(0, 0, 1, 1, 3, 3), budget=2)
    brute = [sum(1 for size in range(cap + 1) for chosen in combinations(
        (0, 0, 1, 1, 3, 3), size) if sum(chosen) <= 2) for cap in (2, 6)]
    assert few == brute


def test_counts_do_not_recurse(shallow_stack: None) -> None:
    """The counts and their work estimates on 1,000-member boards under 200 frames."""
    members = tuple(Member(f"u{i:04d}", i % 5, i % 3, f"bf{i % 100}", (0,))
                    for i in range(1000))
    assert count_selections(GroupProblem(members, (0,), (None,), cap=4, budget=3)) > 0
    assert count_selections(GroupProblem(members, (0,), (None,), per_class=1)) > 0
    assert count_maximal_selections(GroupProblem(members, (0,), (None,), cap=4,
                                                 maximal=True)) is not None
    assert np.int64(native.block_rows_for(1000)) * 1000 <= native.BLOCK_CELLS
