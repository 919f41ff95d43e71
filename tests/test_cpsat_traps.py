"""The CP-SAT enumeration traps (research §1.2), each guarded by a test."""

from __future__ import annotations

from collections.abc import Generator
from math import comb

import pytest
from ortools.sat.python import cp_model

from riftsolve.engine.backends import cpsat
from riftsolve.engine.compile import compile_declaration, compile_resolution
from riftsolve.engine.count import count_split_resolutions, count_subsets_for_caps
from riftsolve.engine.params import enumeration_solver
from riftsolve.rules.families.split import (
    FriendlyOption,
    SplitFinalizeProblem,
    SplitResolveProblem,
)


def test_enumeration_uses_exactly_one_worker() -> None:
    """More workers repeat and lose solutions while reporting OPTIMAL (§1.1)."""
    params = enumeration_solver().parameters
    assert params.num_workers == 1 and params.enumerate_all_solutions


def test_compiled_models_have_no_objective() -> None:
    """An objective is optimised, not enumerated: one answer instead of all (§1.2.4)."""
    resolution = compile_resolution(SplitResolveProblem(("a", "b"), 3)).model
    declaration = compile_declaration(
        SplitFinalizeProblem((FriendlyOption(None, 2),), ("a", "b"), (0, 0), None)).model
    assert not resolution.has_objective() and not declaration.has_objective()


def test_stream_refuses_a_model_with_an_objective() -> None:
    compiled = compile_resolution(SplitResolveProblem(("a", "b"), 3))
    compiled.model.maximize(compiled.amounts[0])
    with pytest.raises(ValueError, match="objective"):
        list(cpsat.stream(compiled.model, lambda cb: 0))


def test_every_variable_is_determined_by_the_answer() -> None:
    """A free helper would multiply the count (§1.2.2): the callback count equals the
    closed form, 12 damage among 5 targets C(11, 4) = 330, with no duplicate."""
    problem = SplitResolveProblem(tuple("abcde"), 12)
    compiled = compile_resolution(problem)
    everything = [*compiled.amounts, *compiled.kept]
    seen = list(cpsat.stream(compiled.model, lambda cb: tuple(cb.value(v) for v in everything)))
    assert len(seen) == len(set(seen)) == count_split_resolutions(5, 12) == comb(11, 4)


def test_empty_declaration_appears_once_per_friendly_option() -> None:
    """The empty choice must not repeat (§1.2.2): two friendly options, each with its own
    empty declaration, and 1 + 2 + 1 = 4 or 1 + 2 = 3 subsets of two candidates."""
    problem = SplitFinalizeProblem(
        (FriendlyOption("k", 2), FriendlyOption("j", 1)), ("a", "b"), (0, 0), None)
    answers = list(cpsat.declarations(problem))
    assert len(answers) == len(set(answers)) == 7
    assert sum(count_subsets_for_caps(2, caps=[2, 1], taxes=(0, 0), budget=None)) == 7
    assert sum(1 for a in answers if not a.split) == 2


def test_nothing_to_deal_is_one_answer_not_zero() -> None:
    """No legal target (or no damage): exactly one answer, nothing dealt."""
    for problem in (SplitResolveProblem((), 4), SplitResolveProblem(("a", "b"), 0)):
        assert [r.damage for r in cpsat.resolutions(problem)] == [()]


def test_stopping_early_stops_the_search() -> None:
    """A consumer that takes 3 answers of C(59, 39) ends the solver thread cleanly."""
    stream = cpsat.resolutions(SplitResolveProblem(tuple(f"t{i}" for i in range(40)), 60))
    assert isinstance(stream, Generator)
    taken = [next(stream) for _ in range(3)]
    stream.close()
    assert len(set(taken)) == 3


def test_model_proto_access_does_not_add_an_objective() -> None:
    """Reading ``model.proto.objective`` creates an empty objective in OR-Tools >= 9.15,
    which silently turns enumeration into optimisation: we never touch it."""
    model = compile_resolution(SplitResolveProblem(("a", "b", "c"), 5)).model
    assert not model.has_objective()
    solver = enumeration_solver()

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1

    counter = Count()
    solver.solve(model, counter)
    assert counter.n == 6


def test_group_empty_selection_is_not_repeated_per_location() -> None:
    """§1.2.2: without tying each location literal to a chosen member, the empty group
    would appear once per location. Three battlefields, one unit each (Might 1, cap 4):
    the empty group once + 3 singles = 4, as the DP counts."""
    from riftsolve.engine.count import count_selections
    from riftsolve.rules.families.group import GroupProblem, Member

    problem = GroupProblem(tuple(Member(f"u{k}", 1, 0, f"bf{k}", (0,)) for k in range(3)),
                           (0,), (None,), cap=4)
    answers = list(cpsat.selections(problem))
    assert len(answers) == len(set(answers)) == count_selections(problem) == 4
    assert answers.count(((),)) == 1


def test_group_maximality_literals_add_no_answers() -> None:
    """The blocking literals of the maximal model are reified both ways: Fox-Fire's rule
    example (2, 2, 1, 1 under cap 4) gives exactly its 3 maximal subsets, once each."""
    from riftsolve.rules.families.group import GroupProblem, Member

    problem = GroupProblem(tuple(Member(u, w, 0, "north", (0,)) for u, w in
                                 [("r1", 2), ("r2", 2), ("r3", 1), ("r4", 1)]),
                           (0,), (None,), cap=4, maximal=True)
    answers = list(cpsat.selections(problem))
    assert sorted(answers) == [(("r1", "r2"),), (("r1", "r3", "r4"),), (("r2", "r3", "r4"),)]
