"""The board: units with their state now, the battlefields in play (immutable).

>>> board = Board(("north",), (Unit("kai", "A", 5, "north"), Unit("r1", "B", -1, "base")))
>>> board["kai"].effective_might, board["r1"].effective_might
(5, 0)
>>> board.is_battlefield("north"), board["r1"].on_board
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

#: The location of a unit at its controller's base.
BASE = "base"
#: The location of a unit that left the board (trash, hand, banishment, deck).
OFFBOARD = "offboard"

Untargetable = Literal["enemy", "all"]


@dataclass(frozen=True)
class ChosenTrigger:
    """A "when ... choose(s) me" Targeting Effect on a unit (CR 1.4 383.4.b).

    ``by`` says whose choice fires it: ``"you"`` (the unit's controller, "When you choose
    me"), ``"opponent"`` or ``"any"`` player.
    """

    text: str
    by: Literal["you", "opponent", "any"] = "you"

    def fires_for(self, chooser: str, owner_controller: str) -> bool:
        """Whether ``chooser`` targeting the unit fires it."""
        if self.by == "any":
            return True
        return (chooser == owner_controller) is (self.by == "you")


@dataclass(frozen=True)
class Unit:
    """One unit and its state now.

    ``untargetable`` is ``"enemy"`` (can't be chosen by enemy spells and abilities),
    ``"all"`` (by any) or ``None`` (CR 1.4 757).
    """

    id: str
    controller: str
    might: int
    location: str
    damage: int = 0
    deflect: int = 0
    untargetable: Untargetable | None = None
    tags: tuple[str, ...] = ()
    on_chosen: tuple[ChosenTrigger, ...] = ()
    #: What killing this unit is worth to the controller (objective ``value``).
    value: int = 0

    @property
    def on_board(self) -> bool:
        """Whether the unit is on the board (at a base or a battlefield)."""
        return self.location != OFFBOARD

    @property
    def effective_might(self) -> int:
        """Might as spells and abilities see it: below 0 counts as 0 (CR 1.4 143.2.b)."""
        return max(0, self.might)

    @property
    def place(self) -> str:
        """The location as a place to share: a battlefield, or ``base:<controller>`` (each
        player's base is a location of its own, CR 1.4 107.1.b)."""
        return f"{BASE}:{self.controller}" if self.location == BASE else self.location

    def can_be_chosen_by(self, player: str) -> bool:
        """Whether ``player``'s spells and abilities may choose this unit (CR 1.4 757-758)."""
        if self.untargetable == "all":
            return False
        return not (self.untargetable == "enemy" and player != self.controller)

    def deflect_tax_for(self, player: str) -> int:
        """Power ``player`` pays to choose this unit: Deflect taxes opponents only (CR 1.4 809)."""
        return self.deflect if player != self.controller else 0


@dataclass(frozen=True)
class Board:
    """The battlefields in play and every unit the scenario mentions, by id."""

    battlefields: tuple[str, ...]
    units: tuple[Unit, ...]
    _by_id: dict[str, Unit] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {unit.id: unit for unit in self.units})

    def __getitem__(self, unit_id: str) -> Unit:
        return self._by_id[unit_id]

    def __contains__(self, unit_id: object) -> bool:
        return unit_id in self._by_id

    def __iter__(self) -> Iterator[Unit]:
        return iter(self.units)

    def is_battlefield(self, location: str) -> bool:
        """Whether ``location`` names a battlefield in play."""
        return location in self.battlefields
