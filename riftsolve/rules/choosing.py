"""What targeting brings: which slots of a card are targets, the Deflect they cost, the
"when you choose me" triggers they fire, and how other spells count them.

The roles come from the card's own text through the instruction grammar
(:mod:`rules.classify`), so a card's effect and its wording cannot disagree.

>>> from riftsolve.cards import card
>>> sorted(targeted_slots(card("Alpha Strike")))
['enemies', 'friendly']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from riftsolve.i18n import _
from riftsolve.rules.board import Unit
from riftsolve.rules.effects import Effect
from riftsolve.rules.roles import Role
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure
from riftsolve.rules.versions import before

if TYPE_CHECKING:  # (the classifier is imported when a card's slots are first read)
    from riftsolve.rules.classify import Mention


@cache
def slot_roles(effect: Effect) -> dict[str, tuple[Role, str]]:
    """Each slot's role and the rule deciding it, from the card's text.

    The slots correspond, in order, to the unit mentions that make a choice. An inline
    effect declares its slots as chosen targets (355.7); its text only describes it.
    """
    from riftsolve.rules.families.registry import family_of

    slots = effect.slot_names
    stated = family_of(effect).slot_roles(effect)
    if stated is not None:  # (a joint choice: each pick says whether it is a target)
        return stated
    if not effect.worded:  # an inline effect: its slots are chosen targets
        return {slot: (Role.TARGET, "355.7") for slot in slots}
    return {slot: (m.role, m.rule) for slot, m in slot_mentions(effect).items()}


@cache
def slot_mentions(effect: Effect) -> dict[str, Mention]:
    """The mention of its card's text each slot is, in order (a card's slots are the unit
    and gear mentions of its text that make a choice); empty for a joint choice or an
    inline effect, whose slots are not read from words.

    >>> from riftsolve.cards import card
    >>> slot_mentions(card("Alpha Strike"))["enemies"].words
    'enemy units'
    """
    from riftsolve.rules.classify import classify
    from riftsolve.rules.families.registry import family_of

    if not effect.worded or family_of(effect).slot_roles(effect) is not None:
        return {}
    slots = effect.slot_names
    read = getattr(effect, "read", "") or effect.text
    # the slots are the choices the card makes: its mentions in these roles
    choices = (Role.TARGET, Role.RESOLUTION_CHOICE, Role.AUTOMATIC, Role.COST)
    mentions = [m for m in classify(read).mentions
                if m.kind in ("unit", "gear") and m.role in choices]
    if len(mentions) < len(slots):
        raise ValueError(f"{effect.name}: its text names {len(mentions)} choices of units or "
                         f"gear, its slots are {', '.join(slots)}")
    return dict(zip(slots, mentions, strict=False))


def targeted_slots(effect: Effect) -> frozenset[str]:
    """The slots whose choices are targets (Deflect and Targeting Effects apply)."""
    return frozenset(s for s, (role, _) in slot_roles(effect).items() if role is Role.TARGET)


def deflect_tax(scenario: Scenario, unit: Unit, slots: Iterable[str]) -> int:
    """Power that choosing ``unit`` for one of ``slots`` costs: its Deflect, when that is
    targeting an opponent's unit (809), unless the card itself ignores Deflect."""
    tax = scenario.board.deflect_tax(unit, scenario.controller)  # (most units: none)
    if not tax or scenario.effect.ignores_deflect or not (
            targeted_slots(scenario.effect) & set(slots)):
        return 0
    return tax


def deflect_failures(scenario: Scenario, tax: int) -> list[Failure]:
    """The 809 failure of a declaration whose Deflect costs more Power than is left."""
    if scenario.available_power is not None and tax > scenario.available_power:
        return [Failure("809", _("Deflect costs {tax} Power but only {power} is available"
                                 ).format(tax=tax, power=scenario.available_power))]
    return []


def deflect_failure(scenario: Scenario, unit: Unit, slots: Iterable[str]) -> Failure | None:
    """The 809 failure of choosing ``unit`` alone for one of ``slots``, when its Deflect
    costs more Power than is left (no declaration choosing it is then legal), or ``None``."""
    return next(iter(deflect_failures(scenario, deflect_tax(scenario, unit, slots))), None)


def fired_triggers(scenario: Scenario, chosen: Iterable[tuple[str, Iterable[str]]]
                   ) -> list[dict[str, str]]:
    """The Targeting Effects a declaration fires (383.4.b): each targeted unit's "when ...
    choose(s) me" triggers whose chooser matches; each split target on its own (355.14.d).
    """
    targeted = targeted_slots(scenario.effect)
    fired: list[dict[str, str]] = []  # each {"unit": id, "text": its trigger's text}
    for slot, units in chosen:
        if slot not in targeted:
            continue
        for unit_id in units:
            unit = scenario.board[unit_id]
            for trigger in unit.on_chosen:
                opponents = not scenario.board.friendly_to(unit, scenario.controller)
                if trigger.fires_for(scenario.controller, unit.controller, opponents):
                    fired.append({"unit": unit_id, "text": trigger.text})
    return fired


def has_chosen_triggers(scenario: Scenario) -> bool:
    """Whether any unit of the scenario has a Targeting Effect."""
    return scenario.board.watched


def counted_targets(scenario: Scenario) -> list[str] | None:
    """The chosen targets another spell counts (359.3.e.9.a): mistargeted ones still count,
    ones that moved to a non-board zone do not. ``None`` under an older rules version,
    which does not say (359.3.e.9.a is new in 1.4)."""
    if before(scenario.rules, "1.4"):
        return None
    if scenario.targets is None:
        return []
    board = scenario.board
    return [chosen for chosen in scenario.targets.counted(targeted_slots(scenario.effect))
            if chosen not in board or board[chosen].on_board]
