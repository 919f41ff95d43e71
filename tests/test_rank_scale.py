"""Indices at any scale: ranking and unranking are exact against listing and against the
``math.comb`` reference on small cases, and answer without listing on counts of thousands
of digits (split resolutions) and past the listing budget (declarations, with or without a
binding Deflect budget); sampling draws from the whole range of any count."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import pytest
from conftest import build, unit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import boards

from riftsolve.engine.families.split import Declarations, Resolutions
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.engine.rank import (
    BudgetedSubsets,
    binomial_row,
    rank_combination,
    uniform_below,
    unrank_combination,
    unrank_combinations,
    unrank_masks,
)
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers import Declaration, Resolution
from riftsolve.rules.scenario import Scenario

SMALL = settings(max_examples=150, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --------------------------------------------------------------------------- references


def reference_rank(chosen: Sequence[int], n: int) -> int:
    """The combinatorial number system, one ``math.comb`` per value passed over."""
    k, rank, previous = len(chosen), 0, -1
    for position, value in enumerate(chosen):
        for skipped in range(previous + 1, value):
            rank += comb(n - skipped - 1, k - position - 1)
        previous = value
    return rank


def listed_subsets(taxes: Sequence[int], budget: int | None, most: int
                   ) -> list[tuple[int, ...]]:
    """The native order of declarations for one cap: by size, then lexicographic."""
    return [c for size in range(min(most, len(taxes)) + 1)
            for c in combinations(range(len(taxes)), size)
            if budget is None or sum(taxes[i] for i in c) <= budget]


@pytest.fixture
def no_listing(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail any test that falls back to listing the answers."""
    def refuse(self: LegalSet[Any]) -> list[Any]:
        raise AssertionError("listed the answers")
    monkeypatch.setattr(LegalSet, "_listed", refuse)
    yield


# --------------------------------------------------------------------------- combinations


def test_combinations_round_trip_against_listing() -> None:
    for n in range(9):
        for k in range(n + 1):
            for index, chosen in enumerate(combinations(range(n), k)):
                assert rank_combination(chosen, n) == index
                assert unrank_combination(index, n, k) == chosen


@SMALL
@given(st.integers(1, 90).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, n)).flatmap(lambda nk: st.tuples(
        st.just(nk[0]), st.just(nk[1]), st.integers(0, comb(nk[0], nk[1]) - 1)))))
def test_combinations_match_the_math_comb_reference(case: tuple[int, int, int]) -> None:
    n, k, index = case
    chosen = unrank_combination(index, n, k)
    assert len(chosen) == k and list(chosen) == sorted(set(chosen))
    assert all(0 <= c < n for c in chosen)
    assert reference_rank(chosen, n) == index == rank_combination(chosen, n)


@SMALL
@given(st.integers(65, 3000).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(1, n // 64)).flatmap(lambda nk: st.tuples(
        st.just(nk[0]), st.just(nk[1]), st.integers(0, comb(nk[0], nk[1]) - 1)))))
def test_sparse_unranking_matches_the_reference(case: tuple[int, int, int]) -> None:
    """Many values for each one chosen (a split of much damage among few targets): each
    chosen value is searched for (log-gamma estimate, then exact), and the combination
    ranks back to its index, by the reference's one binomial per value passed over."""
    n, k, index = case
    chosen = unrank_combination(index, n, k)
    assert len(chosen) == k and list(chosen) == sorted(set(chosen))
    assert all(0 <= c < n for c in chosen)
    assert reference_rank(chosen, n) == index


def test_sparse_unranking_of_a_million_values() -> None:
    """10^6 damage cut among 1,000 targets: 999 cuts among 1,000,998 values. The first, a
    third of the way, and the last combination rank back to their indices (walking every
    value took 0.7 s each; a ruling spreads several)."""
    n, k = 10**6 + 998, 999
    total = comb(n, k)
    assert unrank_combination(0, n, k) == tuple(range(k))
    assert unrank_combination(total - 1, n, k) == tuple(range(n - k, n))
    third = total // 3
    assert rank_combination(unrank_combination(third, n, k), n) == third


def test_combination_errors() -> None:
    with pytest.raises(IndexError):
        unrank_combination(comb(10, 3), 10, 3)
    with pytest.raises(IndexError):
        unrank_combination(-1, 10, 3)
    with pytest.raises(IndexError):
        unrank_combination(0, 3, 4)
    assert unrank_combination(0, 0, 0) == () and rank_combination((), 0) == 0
    with pytest.raises(ValueError, match="sorted combination"):
        rank_combination((2, 1), 4)
    with pytest.raises(ValueError, match="sorted combination"):
        rank_combination((1, 4), 4)


def test_out_of_range_past_printable_integers() -> None:
    """Counts of more than 4,300 digits cannot be printed by default: the error still
    is an IndexError, saying the count's size."""
    total = comb(16_000, 8_000)
    with pytest.raises(IndexError, match=r"range\(0, N\), N about 1\.\de4814"):
        unrank_combination(total, 16_000, 8_000)
    with pytest.raises(IndexError, match="about"):
        BudgetedSubsets((0,) * 16_000, None).unrank(2**16_000)


def test_numpy_unranking_matches_listing_on_both_sides_of_half() -> None:
    for n in range(11):
        for k in range(n + 1):
            listed = list(combinations(range(n), k))
            rows = unrank_combinations(np.arange(len(listed), dtype=np.int64), n, k)
            assert rows.shape == (len(listed), k)
            assert [tuple(r) for r in rows.tolist()] == listed
            masks = unrank_masks(np.arange(len(listed), dtype=np.int64), n, k)
            assert [tuple(np.flatnonzero(m).tolist()) for m in masks] == listed


def test_numpy_unranking_of_almost_every_target(no_listing: None) -> None:
    """5,000 damage among 4,999 targets: C(4999, 4998) compositions, whose binomial columns
    (C(x, j) up to j = 4998) overflowed int64; the complements are unranked instead."""
    legal = _huge_split(5_000, 4_999)
    assert isinstance(legal, Resolutions)
    total = legal.count()
    assert total == 4_999
    picks = np.array([0, 1, 2_500, total - 1], dtype=np.int64)
    rows = legal.unrank(picks)
    for index, row in zip(picks.tolist(), rows, strict=True):
        assert Resolution.dealt(legal.columns, row) == legal[index]
    with pytest.raises(OverflowError, match=r"about .*legal\[i\]"):
        unrank_combinations(np.array([0]), 200, 100)


def test_binomial_row() -> None:
    for n in range(12):
        assert binomial_row(n, 14) == [comb(n, i) for i in range(15)]
    assert binomial_row(3, -1) == []


def test_huge_combinations_round_trip() -> None:
    """A combination of a count of over 3,000 digits, both ways, without ``math.comb`` in
    the loop (66 s before, milliseconds now)."""
    n, k = 12_000, 6_000
    total = comb(n, k)
    assert total.bit_length() > 10_000
    for index in (0, 1, total // 3, total - 2, total - 1):
        chosen = unrank_combination(index, n, k)
        assert rank_combination(chosen, n) == index
    assert unrank_combination(total - 1, n, k) == tuple(range(n - k, n))


# --------------------------------------------------------------------------- sampling


def test_uniform_below_any_size() -> None:
    huge = 3 * 2**200 + 1
    draws = [uniform_below(np.random.default_rng(5), huge) for _ in range(2)]
    assert draws[0] == draws[1]  # reproducible from the generator's state
    rng = np.random.default_rng(11)
    many = [uniform_below(rng, huge) for _ in range(400)]
    assert all(0 <= d < huge for d in many)
    assert max(many) > 2 * 2**200 and min(many) < 2**200  # the whole range is reached
    assert len(set(many)) == len(many)
    # just above a power of two: about half the draws are rejected, none out of range
    edge = 2**64 + 1
    assert all(0 <= uniform_below(rng, edge) < edge for _ in range(200))
    # numpy's own draw where it fits
    assert uniform_below(np.random.default_rng(3), 10) == int(
        np.random.default_rng(3).integers(10))
    assert uniform_below(rng, 1) == 0
    with pytest.raises(ValueError, match="empty"):
        uniform_below(rng, 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(0, 2**32))
def test_uniform_below_is_uniform_on_small_ranges(n: int, seed: int) -> None:
    """Through the byte path: every value of ``range(n)`` shifted past ``2**63`` comes up."""
    rng = np.random.default_rng(seed)
    base = 2**70
    seen = {uniform_below(rng, base * n) // base for _ in range(60 * n)}
    assert seen == set(range(n))


# --------------------------------------------------------------------------- subsets


@SMALL
@given(st.lists(st.sampled_from([0, 0, 0, 1, 1, 2, 3, 7]), max_size=9),
       st.one_of(st.none(), st.integers(0, 9)), st.integers(-1, 10))
def test_budgeted_subsets_match_listing(taxes: list[int], budget: int | None,
                                        most: int) -> None:
    subsets = BudgetedSubsets(taxes, budget, most=most)
    listed = listed_subsets(taxes, budget, most)
    assert subsets.total(min(most, len(taxes))) == len(listed)
    assert [subsets.count(size) for size in range(min(most, len(taxes)) + 1)] == [
        sum(1 for c in listed if len(c) == size) for size in range(min(most, len(taxes)) + 1)]
    for index, chosen in enumerate(listed):
        assert subsets.unrank(index) == chosen
        assert subsets.rank(chosen) == index
    with pytest.raises(IndexError):
        subsets.unrank(len(listed))


def test_budgeted_subsets_refuse_what_they_do_not_rank() -> None:
    subsets = BudgetedSubsets((1, 2, 0), budget=1, most=1)
    with pytest.raises(ValueError, match="budget"):
        subsets.rank((1,))
    with pytest.raises(ValueError, match="at most 1"):
        subsets.rank((0, 2))
    with pytest.raises(OverflowError, match=r"Deflect budget of 600.*available_power"):
        BudgetedSubsets((1,) * 2000, budget=600)


# --------------------------------------------------------------------------- declarations


@st.composite
def declaration_boards(draw: st.DrawFn) -> Scenario:
    """Alpha Strike at finalization: up to 3 friendly units (the caps), up to 9 enemy
    candidates, some with Deflect, some illegal, often a Power budget."""
    units = [unit(f"f{i}", "A", draw(st.integers(-1, 7)),
                  location=draw(st.sampled_from(["north", "north", "base"])))
             for i in range(draw(st.integers(1, 3)))]
    units += [unit(f"e{i}", draw(st.sampled_from("BBBA")), draw(st.integers(0, 4)),
                   location=draw(st.sampled_from(["north", "north", "south", "base"])),
                   deflect=draw(st.sampled_from([0, 0, 1, 2, 3])))
              for i in range(draw(st.integers(0, 9)))]
    power = draw(st.one_of(st.none(), st.integers(0, 6)))
    return build(units, **({} if power is None else {"available_power": power}))


def assert_indices_match_native(legal: Declarations) -> None:
    listed = list(finalize(legal.scenario, "native"))
    assert legal.count() == len(listed)
    for index, answer in enumerate(listed):
        got = legal[index]
        assert got == answer and got.deflect_cost == answer.deflect_cost
        assert legal[index - len(listed)] == answer
        assert legal.index(answer) == index
    with pytest.raises(IndexError):
        legal[len(listed)]
    with pytest.raises(IndexError):
        legal[-len(listed) - 1]


@SMALL
@given(declaration_boards())
def test_declaration_indices_match_the_native_order(s: Scenario) -> None:
    legal = finalize(s)
    assert isinstance(legal, Declarations)
    assert_indices_match_native(legal)


@SMALL
@given(boards(with_targets=False))
def test_declaration_indices_match_the_native_order_on_property_boards(
        doc: dict[str, Any]) -> None:
    legal = finalize(parse_scenario(doc))
    if isinstance(legal, Declarations):
        assert_indices_match_native(legal)


def test_a_declaration_index_rejects_illegal_answers() -> None:
    legal = finalize(build([unit("kai", "A", 2), unit("r1"), unit("r2", deflect=2),
                            unit("r3")], available_power=1))
    with pytest.raises(ValueError, match="809"):
        legal.index(Declaration.of(["r2"], friendly="kai"))
    with pytest.raises(ValueError, match=r"355\.14\.c"):
        legal.index(Declaration.of(["r1", "r3", "r2"], friendly="kai"))
    with pytest.raises(ValueError, match="740"):
        legal.index(Declaration.of(["kai"], friendly="kai"))
    assert legal.index(Declaration.of(["r3", "r1"], friendly="kai")) == legal.count() - 1


def _alpha_strike(might: int, enemies: int, deflect: dict[int, int] | None = None,
                  power: int | None = None, friends: dict[str, int] | None = None) -> Scenario:
    deflect = deflect or {}
    units = [unit(name, "A", m) for name, m in (friends or {"kai": might}).items()]
    units += [unit(f"e{i:04d}", deflect=deflect.get(i, 0)) for i in range(enemies)]
    return build(units, **({} if power is None else {"available_power": power}))


def _key(legal: Declarations, answer: Declaration) -> tuple[str, int, tuple[int, ...]]:
    """The native order's key: friendly option, size, then the candidates' positions."""
    position = {u: i for i, u in enumerate(legal.problem.candidates)}
    return (answer.friendly or "", len(answer.split), tuple(position[u] for u in answer.split))


def check_without_listing(legal: Declarations, seed: int) -> None:
    total = legal.count()
    rng = np.random.default_rng(seed)
    picks = sorted({0, 1, total // 2, total - 2, total - 1,
                    *(uniform_below(rng, total) for _ in range(20))})
    answers = [legal[i] for i in picks]
    for index, answer in zip(picks, answers, strict=True):
        assert not legal.verify(answer)
        assert legal.index(answer) == index
    keys = [_key(legal, a) for a in answers]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    drawn = legal.sample(np.random.default_rng(seed))
    assert drawn in legal and drawn == legal.sample(np.random.default_rng(seed))


def test_declarations_past_the_listing_budget_no_deflect(no_listing: None) -> None:
    """Two friendly units, 30 candidates: 601,080,390 + 4,526 declarations, indexed in
    closed form."""
    legal = finalize(_alpha_strike(0, 30, friends={"ivy": 3, "kai": 15}))
    assert isinstance(legal, Declarations)
    ivy = sum(comb(30, k) for k in range(4))
    assert legal.count() == ivy + sum(comb(30, k) for k in range(16)) > 10**6
    assert legal[0] == Declaration((), "ivy") and legal[ivy - 1].split[0] == "e0027"
    assert legal[ivy] == Declaration((), "kai")
    assert legal[ivy + 31] == Declaration(("e0000", "e0001"), "kai")
    assert legal[-1] == Declaration(tuple(f"e{i:04d}" for i in range(15, 30)), "kai")
    check_without_listing(legal, 1)


def test_declarations_past_the_listing_budget_with_a_binding_budget(
        no_listing: None) -> None:
    """40 candidates, 12 with Deflect, 3 Power: ranked by the DP, not listed."""
    deflect = {i: 1 + i % 2 for i in range(0, 40, 3)}
    legal = finalize(_alpha_strike(20, 40, deflect, power=3))
    assert isinstance(legal, Declarations)
    assert legal.count() > 10**6
    assert legal[-1].deflect_cost <= 3
    check_without_listing(legal, 2)


def test_a_binding_budget_agrees_with_listing_on_a_medium_board() -> None:
    deflect = {1: 1, 4: 2, 5: 1, 9: 3, 10: 1, 12: 2}
    legal = finalize(_alpha_strike(9, 13, deflect, power=3))
    assert isinstance(legal, Declarations)
    assert_indices_match_native(legal)


def test_huge_declarations(no_listing: None) -> None:
    """1,000 candidates (count of about 300 digits), with and without a binding budget."""
    for deflect, power in (({}, None), ({i: 1 + i % 3 for i in range(0, 1000, 20)}, 9)):
        legal = finalize(_alpha_strike(1000, 1000, deflect, power))
        assert isinstance(legal, Declarations)
        assert legal.count() > 10**290
        check_without_listing(legal, 3)


def test_a_dp_too_large_is_listed_when_small_and_refused_when_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BudgetedSubsets, "WORK_LIMIT", 0)
    small = finalize(_alpha_strike(3, 6, {0: 1, 2: 2}, power=2))
    assert isinstance(small, Declarations)
    assert_indices_match_native(small)  # listed instead
    big = finalize(_alpha_strike(20, 40, {i: 1 for i in range(0, 40, 3)}, power=3))
    with pytest.raises(OverflowError, match=r"declarations, too many to list.*available_power"):
        big[5]


# --------------------------------------------------------------------------- resolutions


def _huge_split(damage: int, targets: int) -> LegalSet[Any]:
    ids = [f"t{i:05d}" for i in range(targets)]
    return resolve(build([unit("kai", "A", damage)] + [unit(u) for u in ids],
                         targets={"friendly": "kai", "enemies": ids}))


def test_huge_split_indices_and_samples(no_listing: None) -> None:
    """Alpha Strike splitting 10,000 damage among 3,000 targets: C(9999, 2999), 2,651
    digits, the index is exact both ways and sample draws from the whole range."""
    legal = _huge_split(10_000, 3_000)
    total = legal.count()
    assert total == comb(9_999, 2_999) and total.bit_length() > 8_000
    last = legal[total - 1]
    assert last.damage[0] == ("t00000", 7_001) and all(a == 1 for _, a in last.damage[1:])
    assert legal.index(last) == total - 1
    first = legal[0]
    assert first.damage[-1] == ("t02999", 7_001) and legal.index(first) == 0
    middle = legal[total // 3]
    assert legal.index(middle) == total // 3
    drawn = legal.sample(np.random.default_rng(4))
    assert drawn in legal and drawn == legal.sample(np.random.default_rng(4))
    assert legal.index(drawn) > 2**64  # not numpy's int64 range: the whole range


def test_huge_kept_targets_indices_and_samples(no_listing: None) -> None:
    """1,000 damage among 3,000 targets: which 1,000 are kept, C(3000, 1000)."""
    legal = _huge_split(1_000, 3_000)
    total = legal.count()
    assert total == comb(3_000, 1_000)
    last = legal[-1]
    assert [u for u, _ in last.damage] == [f"t{i:05d}" for i in range(2_000, 3_000)]
    assert legal.index(last) == total - 1
    drawn = legal.sample(np.random.default_rng(6))
    assert drawn in legal and legal[legal.index(drawn)] == drawn


def test_sampling_an_empty_set_says_so() -> None:
    legal = finalize(build([unit("kai", "B", 2)]))  # no friendly unit for Alpha Strike
    assert legal.count() == 0
    with pytest.raises(ValueError, match="no legal declarations"):
        legal.sample(np.random.default_rng(0))
    with pytest.raises(IndexError):
        legal[0]
    small = resolve(build([unit("kai", "A", 3), unit("r1"), unit("r2")],
                          targets={"friendly": "kai", "enemies": ["r1", "r2"]}))
    assert isinstance(small.sample(np.random.default_rng(0)), Resolution)
