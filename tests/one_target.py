"""A family written the way "Adding a family" (docs/contributing.md) says, used to prove that path:
one module (its effect, targets, rules, card and shape of card text), nothing else of the
engine edited.

"Deal N to an enemy unit at a battlefield": one target, chosen at finalization (355.8: a
spell that needs a target can't be played without one), dealt the damage on resolution
if it is still legal (359.3.e.2), otherwise the instruction does nothing (359.3.e.7).
Its problems list their own answers (:class:`riftsolve.rules.families.Listing`), so the
engine answers them natively and counts them by listing, with no solver code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from riftsolve.cards.store import slugify
from riftsolve.compiler.families import Rest, Shape
from riftsolve.rules.acts import Acts
from riftsolve.rules.board import Board, Unit
from riftsolve.rules.classify import Role
from riftsolve.rules.effects import CardFacts
from riftsolve.rules.explain import Step, step
from riftsolve.rules.families.slots import distinct, unit_ids
from riftsolve.rules.options import Option, options
from riftsolve.rules.scenario import Scenario, Targets, require_targets
from riftsolve.rules.targeting import Failure

NAME = "one-target"


@dataclass(frozen=True)
class OneTarget(CardFacts):
    """Deal ``damage`` to one enemy unit at a battlefield (the card facts every effect
    states come with :class:`~riftsolve.rules.effects.CardFacts`)."""

    damage: int
    slot_names: tuple[str, ...] = ("unit",)
    needs_source: bool = False


EFFECT = OneTarget


@dataclass(frozen=True)
class OneChosen(Targets):
    """The unit chosen at finalization."""

    unit: str = ""

    def unit_ids(self) -> tuple[str, ...]:
        return (self.unit,)

    def counted(self, targeted: frozenset[str]) -> tuple[str, ...]:
        return (self.unit,) if "unit" in targeted else ()


#: Its cards, as the compiler reads them (:data:`SHAPE`).
CARDS = (OneTarget("Test Bolt", "Deal 3 to an enemy unit at a battlefield.", 3,
                   slug="test-bolt", worded=False),)


def read_card(name: str, text: str, rest: Rest) -> OneTarget | None:
    """Its shape of card text: "Deal N to an enemy unit at a battlefield."."""
    found = re.fullmatch(r"Deal (\d+) to an enemy unit at a battlefield\.", text)
    if found is None:
        return None
    return OneTarget(name, text, int(found.group(1)), slug=slugify(name), worded=False)


#: Its shape, tried before the others (the group's would read the text as a group).
SHAPE = Shape("one enemy unit at a battlefield", NAME, 5, read_card)


@dataclass(frozen=True, order=True)
class Pick:
    """A declaration: the one unit chosen, and the Deflect it costs."""

    question: ClassVar[str] = "finalize"
    unit: str
    deflect_cost: int = 0

    def chosen(self) -> tuple[str, ...]:
        return (self.unit,)

    def as_json(self) -> dict[str, Any]:
        return {"targets": {"unit": self.unit}, "deflect_cost": self.deflect_cost}


@dataclass(frozen=True, order=True)
class Hit:
    """A resolution: the unit dealt the damage, or ``None`` when it is no longer legal."""

    question: ClassVar[str] = "resolve"
    deflect_cost: ClassVar[int] = 0
    unit: str | None

    def chosen(self) -> tuple[str, ...]:
        return (self.unit,) if self.unit else ()

    def as_json(self) -> dict[str, Any]:
        return {"hit": self.unit}


#: Its answer types.
DECLARATION = Pick
RESOLUTION = Hit


@dataclass(frozen=True)
class Answers:
    """A problem that is the list of its answers."""

    listed: tuple[Any, ...]

    def answers(self) -> Iterator[Any]:
        return iter(self.listed)


def _failure(scenario: Scenario, unit: Unit) -> Failure | None:
    """Why ``unit`` is not a valid target now, or ``None``."""
    board = scenario.board
    if not unit.is_unit:
        return Failure("355.9.b", f"{unit.id} is a gear, not a unit")
    if board.friendly_to(unit, scenario.controller):
        return Failure("355.9.b", f"{unit.id} is not an enemy unit")
    if not board.is_battlefield(unit.location):
        return Failure("359.3.e.2", f"{unit.id} is not at a battlefield")
    if not board.can_choose(scenario.controller, unit):
        return Failure("355.9.b", f"{unit.id} can't be chosen")
    return None


def _declared_failure(scenario: Scenario, unit: Unit) -> Failure | None:
    """Why ``unit`` can't be chosen now: not a valid target, or its Deflect unaffordable."""
    found = _failure(scenario, unit)
    budget = scenario.available_power
    tax = scenario.board.deflect_tax(unit, scenario.controller)
    if found is None and budget is not None and tax > budget:
        return Failure("809", f"{unit.id}'s Deflect costs {tax} Power, more than is left")
    return found


def _picks(scenario: Scenario) -> tuple[Pick, ...]:
    return tuple(Pick(unit.id, scenario.board.deflect_tax(unit, scenario.controller))
                 for unit in scenario.board if _declared_failure(scenario, unit) is None)


def _chosen(scenario: Scenario) -> str:
    return require_targets(scenario, OneChosen).unit


def _hit(scenario: Scenario) -> Hit:
    unit = scenario.board[_chosen(scenario)]
    return Hit(unit.id if _failure(scenario, unit) is None else None)


def finalize_problem(scenario: Scenario) -> Answers:
    return Answers(_picks(scenario))


def resolve_problem(scenario: Scenario) -> Answers:
    return Answers((_hit(scenario),))


def verify_declaration(scenario: Scenario, declaration: Any) -> list[Failure]:
    if declaration not in _picks(scenario):  # the unit and its Deflect cost
        return [Failure("355.8", f"{declaration} is not a valid choice of one enemy unit")]
    return []


def verify_resolution(scenario: Scenario, answer: Any) -> list[Failure]:
    if answer != _hit(scenario):
        return [Failure("359.3.e.2", f"{answer} is not what the instruction does now")]
    return []


def explain_declaration(scenario: Scenario, declaration: Any) -> list[Step]:
    return [step("355.8", f"{declaration.unit} is chosen, a valid target")]


def explain_resolution(scenario: Scenario, answer: Any) -> list[Step]:
    if answer.unit is None:
        return [step("359.3.e.7", "its target is illegal: the instruction does nothing")]
    return [step("359.3.e.2", f"{answer.unit} is still a legal target")]


def declared_targets(scenario: Scenario, declaration: Pick) -> OneChosen:
    return OneChosen(unit=declaration.unit)


def older_rules_reason(scenario: Scenario, question: str, version: str) -> str | None:
    return None


def slot_roles(effect: Any) -> dict[str, tuple[Role, str]] | None:
    """None: each slot's role is read from the card's words."""
    return None


def acts(scenario: Scenario, answer: Any) -> Acts:
    if answer.unit is None:
        return Acts()
    effect = scenario.effect
    assert isinstance(effect, OneTarget)
    amount = effect.damage + scenario.bonus_damage
    return Acts(dealt=((answer.unit, amount),), affected=(answer.unit,))


def read_targets(raw: Mapping[str, object], effect: Any, board: Board, field_prefix: str
                 ) -> OneChosen:
    field = f"{field_prefix}unit"
    (unit,) = unit_ids(raw.get("unit"), field, single=True)
    distinct([unit], field, board, set(), "355.9")
    return OneChosen(unit=unit)


def slot_shapes(effect: Any) -> list[dict[str, str]]:
    return [{"name": "unit", "shape": "one", "kind": "unit"}]


def slot_options(scenario: Scenario, resolving: bool) -> dict[str, tuple[Option, ...]]:
    check = _failure if resolving else _declared_failure
    return {"unit": options([u.id for u in scenario.board],
                            lambda unit: check(scenario, scenario.board[unit]))}
