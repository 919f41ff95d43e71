"""Answers to a question: a target declaration, or a resolution of split damage.

Answers are canonical: unit ids are kept sorted, so two answers are equal exactly when
they choose the same units and deal the same damage.

>>> Resolution.of({"r2": 1, "r1": 2}).as_json()
{'damage': {'r1': 2, 'r2': 1}}
>>> Declaration.of(["r3", "r1"], friendly="kai").key()
('kai', ('r1', 'r3'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, Protocol, SupportsInt, TypeVar, runtime_checkable

from riftsolve._json import JSONOut, JSONOutDoc


@runtime_checkable
class Answer(Protocol):
    """What every answer, of every family and question, says of itself: the question it
    answers, the Deflect it costs (0 for a resolution) and the units it chooses or affects.

    >>> isinstance(Resolution.of({"r1": 2}), Answer), isinstance("r1", Answer)
    (True, False)
    """

    @property
    def question(self) -> str:
        """``"finalize"`` (a declaration of targets) or ``"resolve"``."""
        ...

    @property
    def deflect_cost(self) -> int:
        """The Power paid for Deflect (809.1.c)."""
        ...

    def chosen(self) -> tuple[str, ...]:
        """The units the answer chooses or affects."""
        ...

    def as_json(self) -> JSONOutDoc:
        """The answer's line as the command line prints it (less what only its legal set
        knows: the triggers its choices fire)."""
        ...


@dataclass(frozen=True)
class Declaration:
    """A legal set of choices at finalization: the friendly unit and the split targets."""

    #: The question this answers (every answer type says which).
    question: ClassVar[str] = "finalize"
    split: tuple[str, ...]
    friendly: str | None = None
    deflect_cost: int = 0

    @classmethod
    def of(cls, split: Iterable[str], friendly: str | None = None, deflect_cost: int = 0
           ) -> Declaration:
        """A declaration with its split targets put in canonical (sorted) order."""
        return cls(tuple(sorted(split)), friendly, deflect_cost)

    def key(self) -> tuple[str | None, tuple[str, ...]]:
        """What identifies the declaration (the Deflect cost follows from it)."""
        return (self.friendly, self.split)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Declaration) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def chosen(self) -> tuple[str, ...]:
        """The units the answer chooses: the friendly unit, then the split targets."""
        return ((self.friendly,) if self.friendly else ()) + self.split

    def __lt__(self, other: Declaration) -> bool:
        return (self.friendly or "", self.split) < (other.friendly or "", other.split)

    def as_json(self, split_slot: str = "enemies") -> JSONOutDoc:
        """The CLI contract's finalize line."""
        targets: JSONOutDoc = {}
        if self.friendly is not None:
            targets["friendly"] = self.friendly
        targets[split_slot] = list(self.split)
        return {"targets": targets, "deflect_cost": self.deflect_cost}


@dataclass(frozen=True, order=True, slots=True)
class Resolution:
    """A legal resolution of split damage: the amount each kept target is dealt."""

    question: ClassVar[str] = "resolve"
    #: A resolution pays no Deflect (it is paid on finalization, 809.1.c).
    deflect_cost: ClassVar[int] = 0
    damage: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, damage: Mapping[str, int]) -> Resolution:
        """A resolution from ``{unit id: amount}``; zero amounts are not kept."""
        return cls(tuple(sorted((u, a) for u, a in damage.items() if a != 0)))

    @classmethod
    def dealt(cls, targets: Iterable[str], amounts: Iterable[SupportsInt]) -> Resolution:
        """A resolution from the amounts dealt to ``targets`` (sorted), zeros left out: how
        solvers' values and numpy rows become answers."""
        return cls(tuple((u, int(a)) for u, a in zip(targets, amounts, strict=True) if a))

    @property
    def kept(self) -> tuple[str, ...]:
        """The targets dealt damage."""
        return tuple(unit for unit, _ in self.damage)

    def chosen(self) -> tuple[str, ...]:
        """The units the answer keeps (each dealt damage)."""
        return self.kept

    def as_json(self) -> JSONOutDoc:
        """The CLI contract's resolve line for split damage."""
        return {"damage": dict(self.damage)}


#: The units of a group, slot by slot, each slot's ids sorted.
Selection = tuple[tuple[str, ...], ...]


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


@dataclass(frozen=True, order=True, slots=True)
class Assignment:
    """A legal combat damage assignment (465.2.c): the damage assigned to each receiver
    that gets any, ids sorted.

    >>> Assignment.of({"d2": 2, "d1": 3, "d3": 0}).as_json()
    {'assigned': {'d1': 3, 'd2': 2}}
    """

    question: ClassVar[str] = "resolve"
    #: Assigning combat damage costs no Deflect (Deflect taxes choices of targets, 809).
    deflect_cost: ClassVar[int] = 0
    assigned: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, amounts: Mapping[str, int] | Iterable[tuple[str, int]]) -> Assignment:
        """The assignment of these amounts (zeros dropped, ids sorted)."""
        pairs = amounts.items() if isinstance(amounts, Mapping) else amounts
        return cls(tuple(sorted((u, a) for u, a in pairs if a)))

    def amount(self, unit_id: str) -> int:
        """The damage assigned to ``unit_id`` (0 if none)."""
        return dict(self.assigned).get(unit_id, 0)

    def chosen(self) -> tuple[str, ...]:
        """The units assigned damage."""
        return tuple(u for u, _ in self.assigned)

    def as_json(self) -> JSONOutDoc:
        """The combat line: ``{"assigned": {id: amount}}``."""
        return {"assigned": dict(self.assigned)}


@dataclass(frozen=True, order=True)
class Choice:
    """A legal declaration of a joint choice: each pick's object in the card's order
    (``None``: an optional pick left empty, 355.13) and the Deflect it costs.

    >>> Choice((("battlefield", "north"), ("enemy", "r1")), 1).as_json()
    {'targets': {'battlefield': 'north', 'enemy': 'r1'}, 'deflect_cost': 1}
    """

    question: ClassVar[str] = "finalize"
    picks: tuple[tuple[str, str | None], ...]
    deflect_cost: int = 0

    def __getitem__(self, name: str) -> str | None:
        return dict(self.picks)[name]

    def chosen(self) -> tuple[str, ...]:
        """The objects picked, in order."""
        return tuple(v for _, v in self.picks if v is not None)

    def as_json(self) -> JSONOutDoc:
        """The finalize line: ``{"targets": {pick: object}, "deflect_cost": n}``."""
        return {"targets": dict(self.picks), "deflect_cost": self.deflect_cost}


@dataclass(frozen=True, order=True)
class Executed:
    """A legal resolution of a joint choice: each pick's object as the instruction acts
    on it (``None``: an illegal target, unaffected, 359.3.e.5; or nothing to pick), the
    picks made now included (355.17), and the "you may" actions declined (355.12).

    >>> Executed((("enemy", "r1"), ("second", None)), ("enemy",)).as_json()
    {'picks': {'enemy': 'r1', 'second': None}, 'declined': ['enemy']}
    """

    question: ClassVar[str] = "resolve"
    #: A resolution pays no Deflect (it is paid on finalization, 809.1.c).
    deflect_cost: ClassVar[int] = 0
    picks: tuple[tuple[str, str | None], ...]
    declined: tuple[str, ...] = ()

    def __getitem__(self, name: str) -> str | None:
        return dict(self.picks)[name]

    def chosen(self) -> tuple[str, ...]:
        """The objects acted on, in order."""
        return tuple(v for _, v in self.picks if v is not None)

    def as_json(self) -> JSONOutDoc:
        """The resolve line: ``{"picks": {pick: object}}`` and any ``declined`` picks."""
        line: JSONOutDoc = {"picks": dict(self.picks)}
        if self.declined:
            line["declined"] = list(self.declined)
        return line


Part = TypeVar("Part", GroupDeclaration, Affected, Choice, Executed)


@dataclass(frozen=True, order=True)
class Repeated(Generic[Part]):
    """A card whose Repeat was paid executes twice (820.1.d): the answer of the first
    execution and the ``again`` of the second, whose choices are its own (820.2.a).

    >>> twice = Repeated(Affected.of(["r1"]), Affected.of(["r1", "r2"]))
    >>> twice.as_json()
    {'affected': ['r1'], 'repeat': {'affected': ['r1', 'r2']}}
    """

    first: Part
    again: Part

    @property
    def question(self) -> str:
        """The question both executions answer."""
        return self.first.question

    @property
    def parts(self) -> tuple[Part, Part]:
        """Each execution's answer, in order."""
        return (self.first, self.again)

    def chosen(self) -> tuple[str, ...]:
        """The units either execution chooses, each once, the first's first."""
        return tuple(dict.fromkeys((*self.first.chosen(), *self.again.chosen())))

    @property
    def deflect_cost(self) -> int:
        """The Deflect of both executions' choices: paid for each choice (809.1.c)."""
        return self.first.deflect_cost + self.again.deflect_cost

    def as_json(self) -> JSONOutDoc:
        """The line of both executions (:meth:`join` of each part's own line)."""
        return Repeated.join(self.first.as_json(), self.again.as_json())

    @staticmethod
    def join(first: JSONOutDoc, again: JSONOutDoc) -> JSONOutDoc:
        """A line from the two executions' lines: the second nested under ``repeat``
        (inside ``targets`` for a declaration, whose Deflect cost adds up)."""
        if "targets" not in first:
            return {**first, "repeat": again}
        line: JSONOutDoc = {"targets": {**_mapping(first["targets"]),
                                        "repeat": again["targets"]},
                            "deflect_cost": _count(first["deflect_cost"])
                            + _count(again["deflect_cost"])}
        other: str
        for other in [k for k in first if k not in line]:  # what both choices fire
            line[other] = [*_sequence(first[other]),
                           *(_sequence(again[other]) if other in again else ())]
        return line


def _mapping(value: JSONOut) -> Mapping[str, JSONOut]:
    if not isinstance(value, Mapping):
        raise TypeError(f"not a JSON object: {value!r}")
    return value


def _sequence(value: JSONOut) -> Sequence[JSONOut]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise TypeError(f"not a JSON list: {value!r}")
    return value


def _count(value: JSONOut) -> int:
    if not isinstance(value, int):
        raise TypeError(f"not a count: {value!r}")
    return value
