"""Effect specifications: what a card asks for, as frozen data (no board, no solver).

A card of the library is an instance of one of these specs; an inline ``effect`` in a
scenario builds one too, so a new card of a known family is a new entry, not new code.

>>> from models.cards import card
>>> alpha = card("alpha-strike")
>>> alpha.slot_names, alpha.pool is Pool.FRIENDLY_MIGHT
(('friendly', 'enemies'), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Pool(StrEnum):
    """Where the amount of damage to split comes from."""

    #: A printed amount, e.g. Volibear's 5; Bonus Damage adds to it (CR 1.4 715.3).
    FIXED = "fixed"
    #: "It deals damage equal to its Might": the chosen friendly unit's Might, checked when
    #: the instruction executes (CR 1.4 359.3.f.2); the unit is the source (417.6.b.3).
    FRIENDLY_MIGHT = "friendly-might"


class Relation(StrEnum):
    """Whose units a slot may choose, relative to the effect's controller (CR 1.4 740.1)."""

    ENEMY = "enemy"
    FRIENDLY = "friendly"
    ANY = "any"

    def admits(self, unit_controller: str, controller: str) -> bool:
        """Whether a unit controlled by ``unit_controller`` stands in this relation."""
        if self is Relation.ANY:
            return True
        return (unit_controller == controller) is (self is Relation.FRIENDLY)


class Zone(StrEnum):
    """Where the split targets must be."""

    #: "at battlefields": any battlefield in play.
    BATTLEFIELDS = "battlefields"
    #: "here": the battlefield of the ability's source, checked on execution (359.3.f.2).
    HERE = "here"


@dataclass(frozen=True)
class SplitDamage:
    """Deal an amount of damage split among chosen units (CR 1.4 355.14).

    ``amount`` is the printed amount of a :attr:`Pool.FIXED` pool. With
    :attr:`Pool.FRIENDLY_MIGHT` the effect also has a ``friendly`` slot: the unit whose Might
    is split and which deals the damage.
    """

    name: str
    text: str
    pool: Pool
    among: Relation
    zone: Zone
    amount: int = 0
    bonus_applies: bool = True
    slug: str = ""
    #: Whether ``text`` is the card's wording, from which the roles of its slots are read
    #: (:mod:`models.choosing`); an inline effect's text only describes it.
    worded: bool = True

    @property
    def split_slot(self) -> str:
        """The name of the slot holding the split targets."""
        return "enemies" if self.among is Relation.ENEMY else "units"

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The target slots of a declaration, in order."""
        if self.pool is Pool.FRIENDLY_MIGHT:
            return ("friendly", self.split_slot)
        return (self.split_slot,)

    @property
    def needs_source(self) -> bool:
        """Whether the scenario must name the ability's source (for "here")."""
        return self.zone is Zone.HERE


class Reach(StrEnum):
    """Where a group member must be, on its own."""

    #: "at a battlefield" (or "at the same battlefield"): any battlefield in play.
    BATTLEFIELD = "battlefield"
    #: anywhere on the board: a base or a battlefield.
    BOARD = "board"


class Sharing(StrEnum):
    """What the members of a group must share (CR 1.4 355.11)."""

    NOTHING = "nothing"
    #: all at one battlefield ("at a battlefield", "at the same battlefield").
    BATTLEFIELD = "battlefield"
    #: all at one location: a battlefield or one player's base ("at the same location").
    LOCATION = "location"


@dataclass(frozen=True)
class GroupSlot:
    """One slot of a group: who may fill it and how many (``most=None``: any number)."""

    name: str
    among: Relation = Relation.ANY
    reach: Reach = Reach.BATTLEFIELD
    least: int = 0
    most: int | None = None
    tags: tuple[str, ...] = ()

    @property
    def single(self) -> bool:
        """A slot taking exactly one unit: declared as one id, not a list."""
        return self.least == 1 and self.most == 1


@dataclass(frozen=True)
class GroupTargets:
    """Choose a group of units that must meet a requirement together (CR 1.4 355.11).

    The requirement is data: a total-Might cap (negative Might counting as 0, 143.2.b),
    what the members share (a battlefield, a location, a controller) and each slot's size.
    On resolution, if the legal targets no longer meet it together, the controller
    chooses a subset of them that does (355.11.b; policy ``group_subset``).
    """

    name: str
    text: str
    verb: str
    slots: tuple[GroupSlot, ...]
    might_cap: int | None = None
    sharing: Sharing = Sharing.NOTHING
    same_controller: bool = False
    #: Whether the card has [Hidden] (a scenario may then say it was played from Hidden).
    hidden: bool = False
    #: Whether the effect moves the group to a location chosen at finalization (355.4).
    destination: bool = False
    #: "Up to N ... at each location": at most this many members per location, each
    #: location's choice its own (declared as ``{location: unit}``); ``None``: not so.
    per_place: int | None = None
    #: Whether the card's text is from the official gallery (False: third-party text).
    verified: bool = True
    slug: str = ""
    #: Whether ``text`` is the card's wording, from which the roles of its slots are read.
    worded: bool = True

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The target slots of a declaration, in order (the destination is not a target)."""
        return tuple(slot.name for slot in self.slots)

    @property
    def needs_source(self) -> bool:
        """Group effects refer to no source."""
        return False


#: Every effect family the engine knows.
Effect = SplitDamage | GroupTargets
