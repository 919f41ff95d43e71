"""Answers to a question: a target declaration, or a resolution of split damage; the
protocol every answer meets. Each other family's answers are in a module of its own,
imported with its family: :mod:`~riftsolve.rules.answers.group`,
:mod:`~riftsolve.rules.answers.combat`, :mod:`~riftsolve.rules.answers.joint`, and a paid
Repeat's pair of executions, :mod:`~riftsolve.rules.answers.repeat`.

Answers are canonical: unit ids are kept sorted, so two answers are equal exactly when
they choose the same units and deal the same damage.

>>> Resolution.of({"r2": 1, "r1": 2}).as_json()
{'damage': {'r1': 2, 'r2': 1}}
>>> Declaration.of(["r3", "r1"], friendly="kai").key()
('kai', ('r1', 'r3'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol, SupportsInt, runtime_checkable

from riftsolve._json import JSONOutDoc


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
