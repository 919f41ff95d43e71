"""Repeat (CR 1.4 820): a card whose Repeat cost is paid executes its effect twice.

Both executions' choices are made when the card is played (820.2) and may differ (820.2.a);
Deflect is paid for each choice, so the two executions' taxes add up against the Power
available (809.1.c). On resolution each execution resolves on its own, on the board as it
is. Each execution is the card's own question, asked of :func:`execution`.

>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Bellows Breath",
...     "repeat": True, "battlefields": ["north"], "units": [
...         {"id": "r1", "controller": "B", "might": 1, "location": "north"}],
...     "targets": {"units": ["r1"], "repeat": {"units": []}}})
>>> execution(s, again=True).targets.unit_ids(), execution(s, again=False).repeat
((), False)
"""

from __future__ import annotations

from dataclasses import replace

from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.answers.joint import Choice, Executed
from riftsolve.rules.answers.repeat import Repeated
from riftsolve.rules.choosing import deflect_failures
from riftsolve.rules.families import family_of
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure


def execution(scenario: Scenario, again: bool) -> Scenario:
    """The scenario of one execution: the first (``again=False``) or the second; for a
    declaration with no budget of its own (the two share ``available_power``)."""
    targets = scenario.targets
    if targets is not None:
        targets = targets.repeat if again else replace(targets, repeat=None)
    return replace(scenario, repeat=False, targets=targets)


def verify_repeated_declaration(scenario: Scenario,
                                answer: Repeated[GroupDeclaration] | Repeated[Choice]
                                ) -> list[Failure]:
    """Every rule the pair of declarations breaks: each on its own (820.2.a), by the
    card's family, and their Deflect together against the Power available (809.1.c)."""
    family = family_of(scenario.effect)
    unbudgeted = replace(execution(scenario, again=False), available_power=None)
    failures = [*family.verify_declaration(unbudgeted, answer.first),
                *family.verify_declaration(unbudgeted, answer.again)]
    if failures:
        return failures
    from riftsolve.rules.families.group import selection_tax  # (a group's, with its family)

    tax = sum(selection_tax(unbudgeted, part.selection) if isinstance(part, GroupDeclaration)
              else part.deflect_cost for part in (answer.first, answer.again))
    return failures + deflect_failures(scenario, tax)


def verify_repeated_resolution(scenario: Scenario,
                               answer: Repeated[Affected] | Repeated[Executed]
                               ) -> list[Failure]:
    """Every rule the pair of resolutions breaks: each execution on its own (820.1.d)."""
    family = family_of(scenario.effect)
    return [*family.verify_resolution(execution(scenario, again=False), answer.first),
            *family.verify_resolution(execution(scenario, again=True), answer.again)]
