"""Families of effects: one module each, one protocol, one registry.

A family is a kind of choice an effect makes: split damage among targets (355.14,
:mod:`.split`), a group of targets meeting a requirement together (355.11, :mod:`.group`).
Each family is a module that states its rules plainly, with no solver:

* the question of each step, as a plain problem every backend answers
  (``finalize_problem``, ``resolve_problem``);
* the verifier of an answer, every rule it breaks with its number
  (``verify_declaration``, ``verify_resolution``);
* the rule trail of a legal answer (``explain_declaration``, ``explain_resolution``);
* the targets a declaration chooses, as the resolution question reads them
  (``declared_targets``);
* where an older Core Rules text rules otherwise (``older_rules_reason``);
* what a resolution does to the board (``acts``: damage and actions, from which
  :func:`riftsolve.models.outcome.apply` makes the outcome);
* how the scenario format declares its targets (``read_targets``).

The registry maps an effect's type to its family: the engine looks a card's family up
instead of asking what type it is, so a new family is a new module and its cards as data
(see ``TEMPLATE.py`` beside this file, and the manual's "Adding a family", docs/contributing.md).

>>> from riftsolve.models.cards import card
>>> family_of(card("Fox-Fire")).NAME, family_of(card("Alpha Strike")).NAME
('group', 'split')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Protocol, runtime_checkable

from riftsolve.models.acts import Acts
from riftsolve.models.board import Board
from riftsolve.models.effects import CombatDamage, Effect, GroupTargets, JointChoice, SplitDamage
from riftsolve.models.explain import Step
from riftsolve.models.families import TEMPLATE as TEMPLATE  # the family to copy
from riftsolve.models.families import combat, group, joint, split
from riftsolve.models.scenario import Scenario, Targets
from riftsolve.models.targeting import Failure


class Family(Protocol):
    """What a family module provides (its module-level names)."""

    #: The family's name: the solver's registry of legal sets is keyed by it.
    NAME: str
    #: The type of its declarations (the answers at finalization) and of its resolutions:
    #: each an :class:`~riftsolve.models.answers.Answer`.
    DECLARATION: type[Any]
    RESOLUTION: type[Any]

    def read_targets(self, raw: Mapping[str, Any], effect: Any, board: Board,
                     field_prefix: str) -> Targets:
        """The targets a scenario declares (format 1), checked slot by slot; errors name
        the field (``field_prefix`` and the slot)."""

    def finalize_problem(self, scenario: Scenario) -> Any:
        """The finalization question, as a plain problem for the backends."""

    def resolve_problem(self, scenario: Scenario) -> Any:
        """The resolution question of the targets chosen, on the board now."""

    def verify_declaration(self, scenario: Scenario, declaration: Any) -> list[Failure]:
        """Every rule a declaration breaks; empty when it is legal."""

    def verify_resolution(self, scenario: Scenario, answer: Any) -> list[Failure]:
        """Every rule a resolution breaks; empty when it is legal."""

    def explain_declaration(self, scenario: Scenario, declaration: Any) -> list[Step]:
        """The rule trail of a legal declaration."""

    def explain_resolution(self, scenario: Scenario, answer: Any) -> list[Step]:
        """The rule trail of a legal resolution."""

    def declared_targets(self, scenario: Scenario, declaration: Any) -> Targets:
        """The targets a legal declaration chooses, as the resolution question reads
        them."""

    def older_rules_reason(self, scenario: Scenario, question: str, version: str
                           ) -> str | None:
        """Why the question can't be answered under an older Core Rules ``version`` (its
        text rules otherwise, or is silent on what decides the answer), or ``None``."""

    def acts(self, scenario: Scenario, answer: Any) -> Acts:
        """What a legal resolution does, before anything dies (142.4 is decided by
        :func:`riftsolve.models.outcome.apply`, the same for every family)."""


@runtime_checkable
class Listing(Protocol):
    """A problem that lists its own answers: the first form of a new family's questions,
    answered by the native backend (and counted by listing) until the solver has
    generators, counting formulas and models for its shape."""

    def answers(self) -> Iterator[Any]:
        """Every answer of the problem, each once, in a stable order."""


#: Every family, by the type of effect it answers.
FAMILIES: dict[type[Any], Family] = {SplitDamage: split, GroupTargets: group,
                                     CombatDamage: combat, JointChoice: joint}


def family_of(effect: Effect) -> Family:
    """The family answering ``effect``'s questions."""
    for kind, family in FAMILIES.items():
        if isinstance(effect, kind):
            return family
    raise KeyError(f"no family answers {type(effect).__name__} effects")
