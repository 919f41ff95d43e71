"""Effect specifications: what a card asks for, as frozen data (no board, no solver).

A card of the library is an instance of one of these specs; an inline ``effect`` in a
scenario builds one too, so a new card of a known family is a new entry, not new code.

>>> from models.cards import card
>>> alpha = card("alpha-strike")
>>> alpha.slots, alpha.pool is Pool.FRIENDLY_MIGHT
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

    @property
    def split_slot(self) -> str:
        """The name of the slot holding the split targets."""
        return "enemies" if self.among is Relation.ENEMY else "units"

    @property
    def slots(self) -> tuple[str, ...]:
        """The target slots of a declaration, in order."""
        if self.pool is Pool.FRIENDLY_MIGHT:
            return ("friendly", self.split_slot)
        return (self.split_slot,)

    @property
    def needs_source(self) -> bool:
        """Whether the scenario must name the ability's source (for "here")."""
        return self.zone is Zone.HERE


#: Every effect family the engine knows.
Effect = SplitDamage
