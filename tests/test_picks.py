"""The plain question of a joint choice (:mod:`riftsolve.rules.families.picks`): its
exact count, summed over keys along the links, equals the number of assignments listed,
and the listing equals the brute force over every combination of values, on random
questions (domains with empty picks, same / differ / member / or tests, budgets)."""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from hypothesis import given
from hypothesis import strategies as st

from riftsolve.rules.answers.joint import Choice
from riftsolve.rules.families.picks import EMPTY, Check, JointProblem

KEYS = ("north", "south", "base")


@st.composite
def problems(draw: st.DrawFn) -> JointProblem:
    n = draw(st.integers(1, 4))
    domains = []
    for k in range(n):
        size = draw(st.integers(0, 6))
        values: list[str | None] = [f"v{k}_{i}" for i in range(size)]
        if draw(st.booleans()):
            values.insert(0, None)
        domains.append(tuple(values))
    tests = []
    for _ in range(draw(st.integers(0, 4))):
        i, j = draw(st.sampled_from([(a, b) for a in range(n) for b in range(n) if a != b]
                                    or [(0, 0)]))
        if i == j:
            continue
        mode = draw(st.sampled_from(("same", "differ", "member", "or", "after", "gate")))
        left: tuple[Hashable, ...]
        right: tuple[Hashable, ...]
        if mode == "member":  # (kind, id) pairs held, and the (kind, id) looked for
            pairs = [(k, f"u{n}") for k in KEYS for n in range(2)]
            left = tuple(frozenset(draw(st.sets(st.sampled_from(pairs), max_size=3)))
                         for _ in domains[i])
            right = tuple(draw(st.sampled_from(pairs)) for _ in domains[j])
        elif mode == "or":
            left = tuple(draw(st.booleans()) for _ in domains[i])
            right = tuple(draw(st.booleans()) for _ in domains[j])
        elif mode == "gate":  # a pick made exactly when the mode chosen is "m1"
            left = tuple("none" if v is None else "some" for v in domains[i])
            right = tuple(draw(st.sampled_from(("m1", "m2"))) for _ in domains[j])
        elif mode == "after":  # ids in order, the empty key after every id
            left = tuple(EMPTY if v is None else (0, v) for v in domains[i])
            right = tuple(EMPTY if v is None else (0, v) for v in domains[j])
        else:
            left = tuple(draw(st.sampled_from(KEYS)) for _ in domains[i])
            right = tuple(draw(st.sampled_from(KEYS)) for _ in domains[j])
        exempt: tuple[Hashable, ...] = (tuple(draw(st.sets(st.booleans()))) if mode == "or"
                                        else ("m1", draw(st.booleans())) if mode == "gate"
                                        else ())
        tests.append(Check(mode, i, j, left, right, exempt))
    taxes = tuple(tuple(draw(st.sampled_from((0, 0, 1, 2))) for _ in d) for d in domains)
    budget = draw(st.sampled_from((None, 0, 1, 3)))
    return JointProblem(tuple(f"x{k}" for k in range(n)), tuple(domains), tuple(tests),
                        taxes, budget, make=lambda picks, declined, cost: Choice(picks, cost))


def _brute(problem: JointProblem) -> list[tuple[int, ...]]:
    """Every combination of positions passing every test (an empty pick passes) and the
    budget."""
    found = []
    for positions in itertools.product(*(range(len(d)) for d in problem.domains)):
        ok = all((t.mode not in ("after", "or", "gate")
                  and (problem.domains[t.i][positions[t.i]] is None
                       or problem.domains[t.j][positions[t.j]] is None))
                 or t.holds(positions[t.i], positions[t.j]) for t in problem.tests)
        paid = sum(problem.taxes[i][p] for i, p in enumerate(positions))
        if ok and (problem.budget is None or paid <= problem.budget):
            found.append(positions)
    return found


@given(problems())
def test_the_listing_is_the_brute_force(problem: JointProblem) -> None:
    assert sorted(problem.positions()) == _brute(problem)


@given(problems())
def test_the_exact_count_is_the_listing_when_it_counts(problem: JointProblem) -> None:
    counted = problem.count()
    listed = sum(1 for _ in problem.positions())
    if counted is not None:
        assert counted == listed
    else:  # only a taxed budget or a cycle of links is counted by listing
        edges = {frozenset((t.i, t.j)) for t in problem.tests}
        assert problem.taxed or len(edges) >= 3


def test_a_thousand_units_are_counted_without_listing() -> None:
    """"another unit at a different location" on 1,000 units at 4 places: counted by
    key, 1000 * 750 = 750,000 answers (each unit, then any unit at one of the 3 other
    places)."""
    units = tuple(f"u{i}" for i in range(1000))
    places = tuple(KEYS[i % 3] if i % 4 else "east" for i in range(1000))
    problem = JointProblem(("a", "b"), (units, units), (
        Check("differ", 1, 0, units, units), Check("differ", 1, 0, places, places)))
    assert problem.count() == 1000 * 750


def test_the_cross_checking_backends_decline_a_joint_choice_by_its_size() -> None:
    """python-constraint2 searches every assignment: two picks of 400 units each make
    160,000, past its 100,000 (a third of them, 133 x 400 = 53,200, it searches); CP-SAT
    states a test of two picks as a table of value pairs: 400 x 400 = 160,000 past its
    50,000 (200 x 200 = 40,000 it states). Each refusal says the size and the way out."""
    from riftsolve.engine.backends import backend

    def pair(left: int, right: int) -> JointProblem:
        a, b = (tuple(f"u{i}" for i in range(n)) for n in (left, right))
        return JointProblem(("a", "b"), (a, b), (Check("differ", 1, 0, b, a),))

    assert pair(400, 400).search_size == 160_000 and pair(400, 400).largest_table == 160_000
    assert backend("pyconstraint").refusal(pair(400, 400)) == (
        "python-constraint2 would search 160,000 assignments of this joint choice (it is the "
        "cross-check for at most 100,000): use --backend native or cpsat")
    assert backend("pyconstraint").refusal(pair(133, 400)) is None
    assert backend("cpsat").refusal(pair(400, 400)) == (
        "a link of this joint choice would be a table of 160,000 value pairs (at most "
        "50,000): use --backend native")
    assert backend("cpsat").refusal(pair(200, 200)) is None
    assert JointProblem(("a",), (("u1", "u2"),)).largest_table == 0
