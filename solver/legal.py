"""The lazy legal set: count, iterate, test membership, verify and explain.

Asking a question costs nothing until you use the answer: :meth:`LegalSet.count` uses a
closed form (never a listing), iteration streams from a backend, membership runs the
rules verifier (no solver).

>>> from models import load_scenario
>>> from solver.examples import example_path
>>> legal = resolve(load_scenario(example_path("alpha-strike-shrunk-5-to-3")))
>>> legal.count()
10
>>> first = next(iter(legal))
>>> first.as_json()
{'damage': {'r1': 1, 'r2': 1, 'r3': 1}}
>>> first in legal, Resolution.of({"r1": 3}) in legal
(True, False)
>>> [f.rule for f in legal.verify(Resolution.of({"r1": 3}))]
['355.14.h.1']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

import numpy as np

from models.answers import Declaration, Resolution
from models.explain import Step, explain_declaration, explain_resolution
from models.scenario import Scenario
from models.split import (
    SplitFinalizeProblem,
    SplitResolveProblem,
    finalize_problem,
    resolve_problem,
    verify_declaration,
    verify_resolution,
)
from models.targeting import Failure
from solver.backends import backend, native
from solver.count import count_split_resolutions, count_subsets_for_caps

A = TypeVar("A", Declaration, Resolution)


class LegalSet(Generic[A]):
    """Every legal answer of one question about one scenario."""

    question: str

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        self.scenario = scenario
        self.backend = backend(backend_name)

    def count(self) -> int:
        """The exact number of legal answers, without listing them."""
        raise NotImplementedError

    def verify(self, answer: A) -> list[Failure]:
        """Every rule ``answer`` breaks (empty when legal); pure rules, no solver."""
        raise NotImplementedError

    def explain(self, answer: A) -> list[Step]:
        """The rule trail of a legal answer."""
        raise NotImplementedError

    def __iter__(self) -> Iterator[A]:
        raise NotImplementedError

    def __contains__(self, answer: object) -> bool:
        return isinstance(answer, self._answer_type) and not self.verify(answer)

    def __bool__(self) -> bool:
        return self.count() > 0

    _answer_type: type[Any] = object


class Resolutions(LegalSet[Resolution]):
    """Every legal resolution of the chosen targets on the board as it is now."""

    question = "resolve"
    _answer_type = Resolution

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.problem: SplitResolveProblem = resolve_problem(scenario)

    def count(self) -> int:
        if self.problem.pool_null is not None:
            return 1
        return count_split_resolutions(len(self.problem.targets), self.problem.pool,
                                       self.problem.forfeit)

    def __iter__(self) -> Iterator[Resolution]:
        return self.backend.resolutions(self.problem)

    def blocks(self) -> Iterator[np.ndarray[Any, np.dtype[np.int64]]]:
        """Every answer as numpy rows of damage per legal target (:attr:`columns`)."""
        return native.resolution_blocks(self.problem)

    @property
    def columns(self) -> tuple[str, ...]:
        """The legal targets, in the column order of :meth:`blocks`."""
        return self.problem.targets

    def verify(self, answer: Resolution) -> list[Failure]:
        return verify_resolution(self.scenario, answer)

    def explain(self, answer: Resolution) -> list[Step]:
        return explain_resolution(self.scenario, answer)


class Declarations(LegalSet[Declaration]):
    """Every legal target declaration at finalization."""

    question = "finalize"
    _answer_type = Declaration

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.problem: SplitFinalizeProblem = finalize_problem(scenario)

    def count(self) -> int:
        problem = self.problem
        return sum(count_subsets_for_caps(
            len(problem.candidates), caps=[o.cap for o in problem.options],
            taxes=problem.taxes, budget=problem.budget))

    def __iter__(self) -> Iterator[Declaration]:
        return self.backend.declarations(self.problem)

    def verify(self, answer: Declaration) -> list[Failure]:
        return verify_declaration(self.scenario, answer)

    def explain(self, answer: Declaration) -> list[Step]:
        return explain_declaration(self.scenario, answer)


def resolve(scenario: Scenario, backend: str = "auto") -> Resolutions:
    """Every legal resolution of ``scenario``'s chosen targets."""
    return Resolutions(scenario, backend)


def finalize(scenario: Scenario, backend: str = "auto") -> Declarations:
    """Every legal target declaration for ``scenario``'s board."""
    return Declarations(scenario, backend)
