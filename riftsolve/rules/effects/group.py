"""A group effect's spec (CR 1.4 355.11): slots of units chosen together, and the
requirement they meet together.

>>> GroupSlot("enemies", most=2).single, GroupSlot("one", least=1, most=1).single
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from riftsolve.rules.effects import (
    Action,
    CardFacts,
    Reach,
    Relation,
    Sharing,
    listed,
)


@dataclass(frozen=True)
class GroupSlot:
    """One slot of a group: who may fill it and how many (``most=None``: any number)."""

    name: str
    among: Relation = Relation.ANY
    reach: Reach = Reach.BATTLEFIELD
    least: int = 0
    most: int | None = None
    tags: tuple[str, ...] = ()
    #: "another": any unit but the ability's source (355.9.c: a choice of "another"
    #: object excludes the one it belongs to); the scenario names the source.
    other: bool = False
    #: "each with N Might or less": a cap on each member's own Might (a targeting
    #: restriction, 355.9.b; Might below 0 counts as 0, 143.2.b), not on the total.
    might_at_most: int | None = None
    #: What the slot chooses: ``("unit",)``, ``("gear",)`` or both ("a unit or gear").
    kinds: tuple[str, ...] = ("unit",)
    #: "you control", "your": the controller's own, not a teammate's (740.1.a makes a
    #: teammate's friendly, not controlled by you).
    own: bool = False
    #: states every member is in ("any number of your buffed units": ``("buffed",)``; the
    #: words of :data:`STATE_WORDS`), a targeting restriction (355.9.b)
    states: tuple[str, ...] = ()

    @property
    def single(self) -> bool:
        """A slot taking exactly one unit: declared as one id, not a list."""
        return self.least == 1 and self.most == 1


@dataclass(frozen=True)
class GroupTargets(CardFacts):
    """Choose a group of units that must meet a requirement together (CR 1.4 355.11).

    The requirement is data: a total-Might cap (negative Might counting as 0, 143.2.b),
    what the members share (a battlefield, a location, a controller) and each slot's size.
    On resolution, if the legal targets no longer meet it together, the controller
    chooses a subset of them that does (355.11.b; policy ``group_subset``).
    """

    #: The family answering it (:mod:`riftsolve.rules.families.group`), loaded when
    #: first asked for.
    FAMILY: ClassVar[str] = "group"

    action: Action
    slots: tuple[GroupSlot, ...]
    #: Damage dealt to each affected unit by a :attr:`Action.DEAL` effect.
    damage: int = 0
    might_cap: int | None = None
    sharing: Sharing = Sharing.NOTHING
    same_controller: bool = False
    #: Whether that destination is "an open battlefield": unoccupied and uncontrolled
    #: (170.11.c), never a base.
    destination_open: bool = False
    #: A move's fixed destination, not chosen: ``"base"`` ("to their base").
    moves_to: str = ""
    #: "Up to N ... at each location": at most this many members per location, each
    #: location's choice its own (declared as ``{location: unit}``); ``None``: not so.
    per_place: int | None = None
    #: The card's passive ability, shown with its text (it makes no choice).
    passive: str = ""
    #: The instruction in words for tables, when not the action's own words.
    label: str = ""

    @property
    def listed_text(self) -> str:
        """The card's text as a card library lists it: its passive ability first, and
        where the text comes from when not the official gallery."""
        return listed(" ".join(part for part in (self.passive, self.text) if part),
                      self.text_source)

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The target slots of a declaration, in order (the destination is not a target)."""
        return tuple(slot.name for slot in self.slots)

    @property
    def verb(self) -> str:
        """What the effect does, in words (``'kill'``, ``'deal 1 to'``...)."""
        return self.label or self.action.verb(self.damage)

    @property
    def needs_source(self) -> bool:
        """Whether a slot chooses "here" or "another", or the group moves "to this
        battlefield": the scenario must name the ability's source."""
        return self.moves_to == "here" or self.swaps_with_source or any(
            slot.reach is Reach.HERE or slot.other for slot in self.slots)

    @property
    def swaps_with_source(self) -> bool:
        """Whether the group's unit and the source swap locations ("Move me and a Shadow
        Clone you control to each other's locations", read "swap ... and me")."""
        return self.label == "swap" and " and me" in (self.read or self.text).lower()
