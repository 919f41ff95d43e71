"""A group's answers: the units each slot chooses at finalization (and a move's
destination), and the units an effect affects on resolution."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from riftsolve._json import JSONOutDoc
from riftsolve.rules.answers import Selection


@dataclass(frozen=True, order=True)
class GroupDeclaration:
    """A legal group declaration: each slot's units and, for a move, the destination."""

    question: ClassVar[str] = "finalize"
    selection: Selection
    destination: str | None = None
    deflect_cost: int = field(default=0, compare=False)
    #: each slot's name and whether it takes a single id, as the card's slots say (the
    #: legal set fills it in): ``as_json()`` writes the line with them
    slots: tuple[tuple[str, bool], ...] = field(default=(), compare=False, repr=False)

    def chosen(self) -> tuple[str, ...]:
        """The units the answer chooses, slot by slot."""
        return tuple(u for slot in self.selection for u in slot)

    def as_json(self, slots: tuple[tuple[str, bool], ...] | None = None,
                place_of: Callable[[str], str] | None = None) -> JSONOutDoc:
        """The CLI contract's finalize line; ``slots`` gives each slot's name and whether
        it takes a single id (by default the card's, as the legal set gave them; a slot
        named ``units`` a list, without them); ``place_of``, for "at each location" cards,
        each unit's location (the slot is then written ``{location: id}``).

        >>> GroupDeclaration((("r1", "r2"),), slots=(("units", False),)).as_json()
        {'targets': {'units': ['r1', 'r2']}, 'deflect_cost': 0}
        """
        named = slots or self.slots or tuple(
            ("units" if len(self.selection) == 1 else f"units{i}", False)
            for i in range(1, len(self.selection) + 1))
        targets: JSONOutDoc = {}
        for (name, single), units in zip(named, self.selection, strict=True):
            if place_of is not None:
                targets[name] = {place_of(u): u for u in units}
            else:
                targets[name] = units[0] if single and units else list(units)
        if self.destination is not None:
            targets["destination"] = self.destination
        return {"targets": targets, "deflect_cost": self.deflect_cost}


@dataclass(frozen=True, order=True)
class Affected:
    """A legal resolution of a group effect: the units it affects, sorted; for a move, the
    kept targets already at the destination are ``unmoved`` (355.4.a): they count toward
    the requirement but are not moved.

    >>> Affected.of(["r2", "r1"]).as_json()
    {'affected': ['r1', 'r2']}
    >>> Affected.of(["r1"], unmoved=["r3"]).as_json()
    {'affected': ['r1'], 'unmoved': ['r3']}
    """

    question: ClassVar[str] = "resolve"
    #: A resolution pays no Deflect (it is paid on finalization, 809.1.c).
    deflect_cost: ClassVar[int] = 0
    units: tuple[str, ...]
    unmoved: tuple[str, ...] = ()

    @classmethod
    def of(cls, units: Iterable[str], unmoved: Iterable[str] = ()) -> Affected:
        """The answer affecting ``units`` (and keeping ``unmoved`` where they are)."""
        return cls(tuple(sorted(units)), tuple(sorted(unmoved)))

    @property
    def kept(self) -> tuple[str, ...]:
        """Every target the answer keeps: the affected and the unmoved ones."""
        return tuple(sorted((*self.units, *self.unmoved)))

    def chosen(self) -> tuple[str, ...]:
        """The units the answer keeps: :attr:`kept`."""
        return self.kept

    def as_json(self) -> JSONOutDoc:
        """The CLI contract's resolve line for a group effect."""
        line: JSONOutDoc = {"affected": list(self.units)}
        if self.unmoved:
            line["unmoved"] = list(self.unmoved)
        return line
