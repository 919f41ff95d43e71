"""The combat count by generating functions (:mod:`riftsolve.engine.combat_count`) against
the table's automaton (:class:`riftsolve.engine.assign.Table`, itself held to the
reference's brute force in ``test_combat_properties.py``, where ``count()`` is this count
too), on problems larger than the brute force lists: up to three controllers, every rank,
receivers no amount is lethal to (437.5.b) and receivers of lethal 1 (no partial amount).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riftsolve.engine import assign
from riftsolve.engine.assign import START, Table
from riftsolve.engine.combat_count import count_assignments
from riftsolve.rules.families.combat import CombatProblem, Rank, Receiver


@st.composite
def problems(draw: st.DrawFn) -> CombatProblem:
    """Receivers listed as the problem lists them (by controller, then rank), and damage
    that never fills them all with some left (the excess has its own closed form)."""
    receivers: list[Receiver] = []
    for owner in "BCD"[:draw(st.integers(1, 3))]:
        own = [Receiver(f"{owner}{i}", owner, draw(st.sampled_from(list(Rank))),
                        draw(st.one_of(st.none(), st.integers(1, 7), st.just(1))), 0, 1)
               for i in range(draw(st.integers(0, 7)))]
        receivers += sorted(own, key=lambda r: (r.rank, r.id))
    lethal = [r.lethal for r in receivers]
    most = 40 if None in lethal else sum(x for x in lethal if x is not None)
    return CombatProblem(draw(st.integers(0, most)), tuple(receivers))


def _table_count(problem: CombatProblem) -> int:
    """The automaton's count: the table of completions, built whole."""
    if not problem.receivers:
        return 1
    return int(Table(problem).completions[0][START][problem.damage])


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_the_count_by_classes_is_the_tables(problem: CombatProblem) -> None:
    assert count_assignments(problem) == _table_count(problem)


def test_a_large_board_counted_both_ways() -> None:
    """60 receivers of two controllers, every rank, lethal 1-9 and a few never filled,
    damage 150: billions of answers, the same count both ways."""
    ranks = list(Rank)
    receivers = tuple(
        Receiver(f"{owner}{i:02d}", owner, ranks[(i * 7) % 4], None if i % 13 == 5 else
                 1 + (i * 5) % 9, 0, 1)
        for owner in "BC" for i in range(30))
    problem = CombatProblem(150, tuple(sorted(receivers, key=lambda r: (r.controller,
                                                                        r.rank, r.id))))
    counted = count_assignments(problem)
    assert counted is not None and counted > 10**9
    assert counted == _table_count(problem)


def test_receivers_out_of_the_tables_order_are_left_to_the_table() -> None:
    """A Backline unit listed before a Tank of its controller, or a lethal amount of 0:
    not the shape the classes read, so the table counts (and agrees with the count of
    the same receivers in order)."""
    back, tank = (Receiver("b", "B", Rank.BACKLINE, 2, 0, 2),
                  Receiver("t", "B", Rank.TANK, 2, 0, 2))
    unordered = CombatProblem(3, (back, tank))
    assert count_assignments(unordered) is None
    assert count_assignments(CombatProblem(3, (Receiver("z", "B", Rank.NORMAL, 0, 0, 0),
                                               tank))) is None
    ordered = CombatProblem(3, (tank, back))
    assert Table(unordered).count() == _table_count(unordered)
    assert count_assignments(ordered) == _table_count(ordered)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_past_its_bounds_the_table_counts_or_refuses(problem: CombatProblem) -> None:
    """With the bound of the work a count may make at zero, count() is the table's (kept
    whole, or a row at a time), never this count's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(assign, "MOST_COUNTED_CELLS", 10**9)
        patch.setattr(assign, "count_assignments", lambda problem: -1)  # (never asked)
        patch.setattr(assign, "work", lambda problem: 10**9 + 1)
        assert Table(problem).count() == _table_count(problem)
