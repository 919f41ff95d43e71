"""The legal set of a card whose Repeat was paid: every pair of its two executions' answers.

Declarations are pairs of the card's own declarations whose Deflect adds up within the
Power available (809.1.c, 820.2.a); resolutions are pairs of each execution's resolutions,
each on the board as it is (820.1.d). Counts multiply, or, under a budget, add up over
the two executions' Deflect distributions; nothing is listed to count.

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.formats.examples import example_path
>>> from riftsolve.engine.questions import finalize
>>> legal = finalize(load_scenario(example_path("bellows-breath-repeat-finalize")))
>>> legal.count(), next(iter(legal)).deflect_cost
(21, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, Protocol

from riftsolve._json import JSONOutDoc
from riftsolve.engine.count import count_pairs_within
from riftsolve.engine.families.registry import legal_sets
from riftsolve.engine.legal import LegalSet
from riftsolve.i18n import _
from riftsolve.rules.answers import Answer
from riftsolve.rules.answers.repeat import Repeated
from riftsolve.rules.core_rules import renumber
from riftsolve.rules.explain import Step, step
from riftsolve.rules.repeat import (
    execution,
    verify_repeated_declaration,
    verify_repeated_resolution,
)
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure

#: The prefix of the second execution's columns in :meth:`LegalSet.arrays` masks.
AGAIN = "repeat:"


class Twice(Protocol):
    """What is read of an answer of both executions (a :class:`Repeated`, whatever its
    family's answers): each execution's answer and the Deflect paid for both."""

    @property
    def first(self) -> Answer: ...

    @property
    def again(self) -> Answer: ...

    @property
    def deflect_cost(self) -> int: ...


class RepeatedDeclarations(LegalSet[Repeated[Any]]):
    """Every legal pair of declarations of a card whose Repeat is paid (820.2, 820.2.a),
    each the card's own family's declaration."""

    question = "finalize"
    _answer_type = Repeated

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self._kind = legal_sets(scenario)[0]
        self.first = self._kind(execution(scenario, again=False), backend_name)
        self.problem = getattr(self.first, "problem", None)
        self._budgeted: dict[int, LegalSet[Answer]] = {}

    def _by_tax(self, exact: bool) -> Counter[int]:
        """The first execution's declarations by Deflect cost (listed when its legal set
        has no count of them)."""
        by_tax = getattr(self.first, "by_tax", None)
        if by_tax is not None:
            spread: Counter[int] = by_tax(exact=exact)
            return spread
        return Counter(answer.deflect_cost for answer in self.first)

    def count(self) -> int:
        budget = self.scenario.available_power
        spread = self._by_tax(exact=budget is not None)
        return count_pairs_within(spread, spread, budget)

    def _second(self, spent: int) -> LegalSet[Answer]:
        """The second execution's declarations once the first spent ``spent`` Power."""
        budget = self.scenario.available_power
        if budget is None:
            return self.first
        if spent not in self._budgeted:
            left = replace(execution(self.scenario, again=False), available_power=budget - spent)
            self._budgeted[spent] = self._kind(left, self.backend.name)
        return self._budgeted[spent]

    def __iter__(self) -> Iterator[Repeated[Any]]:
        for first in self.first:
            for again in self._second(first.deflect_cost):
                yield Repeated(first, again)

    def verify(self, answer: object) -> list[Failure]:
        return verify_repeated_declaration(self.scenario, self._own(answer))

    def _explain(self, answer: Twice) -> list[Step]:
        return [step("820.1.d", _("Repeat is paid: the effect is executed twice")),
                *self.first._explain(answer.first),
                step("820.2.a", _("the second execution's choices, made now, need not be the "
                                  "first's")),
                *self.first._explain(answer.again),
                step("809.1.c", _("Deflect is paid for each choice: {cost} in all").format(
                    cost=answer.deflect_cost))]

    def _units(self, answer: Twice) -> tuple[str, ...]:
        return (*self.first._units(answer.first),
                *(AGAIN + u for u in self.first._units(answer.again)))

    def _columns(self) -> tuple[str, ...]:
        ids = tuple(self.first.columns)
        return (*ids, *(AGAIN + u for u in ids))

    def _why_none(self) -> list[Failure]:
        return self.first.why_none() if not self.first.count() else super()._why_none()

    def problems(self) -> list[object]:
        return [self.problem, self.problem]

    # ------------------------------------------------------------ what the faces read

    def line(self, answer: Twice) -> JSONOutDoc:
        return Repeated.join(self.first.line(answer.first), self.first.line(answer.again))

    def headers(self) -> list[str]:
        first = self.first.headers()
        again = (_("repeat: {header}").format(header=h) for h in first[:-1])
        return [*first[:-1], *again, "Deflect"]

    def cells(self, answer: Twice) -> list[str]:
        first, again = self.first.cells(answer.first), self.first.cells(answer.again)
        return [*first[:-1], *again[:-1], str(answer.deflect_cost)]


class RepeatedResolutions(LegalSet[Repeated[Any]]):
    """Every legal pair of resolutions of a card whose Repeat is paid (820.1.d)."""

    question = "resolve"
    _answer_type = Repeated

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        kind = legal_sets(scenario)[1]
        self.first = kind(execution(scenario, again=False), backend_name)
        self.again = kind(execution(scenario, again=True), backend_name)
        self.problem = getattr(self.first, "problem", None)

    def count(self) -> int:
        return self.first.count() * self.again.count()

    def __iter__(self) -> Iterator[Repeated[Any]]:
        for first in self.first:
            for again in self.again:
                yield Repeated(first, again)

    def verify(self, answer: object) -> list[Failure]:
        return verify_repeated_resolution(self.scenario, self._own(answer))

    def _explain(self, answer: Twice) -> list[Step]:
        return [step("820.1.d", _("Repeat is paid: the first execution")),
                *self.first._explain(answer.first),
                step("820.1.d", renumber(_("the second execution, with its own targets "
                                           "(820.2.a)"), self.scenario.rules)),
                *self.again._explain(answer.again)]

    def _units(self, answer: Twice) -> tuple[str, ...]:
        return (*answer.first.chosen(), *(AGAIN + u for u in answer.again.chosen()))

    def _columns(self) -> tuple[str, ...]:
        return (*self.first.columns, *(AGAIN + u for u in self.again.columns))

    def problems(self) -> list[object]:
        return [*self.first.problems(), *self.again.problems()]

    # ------------------------------------------------------------ what the faces read

    def line(self, answer: Twice) -> JSONOutDoc:
        return Repeated.join(answer.first.as_json(), answer.again.as_json())

    def extras(self, answer: Twice) -> JSONOutDoc:
        return {**self.first.extras(answer.first), "repeat": self.again.extras(answer.again)}

    def headers(self) -> list[str]:
        again = (_("repeat: {header}").format(header=h) for h in self.again.headers())
        return [*self.first.headers(), *again]

    def cells(self, answer: Twice) -> list[str]:
        return [*self.first.cells(answer.first), *self.again.cells(answer.again)]
