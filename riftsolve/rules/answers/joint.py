"""A joint choice's answers: each pick's object at finalization, and as the instruction
acts on resolution."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from riftsolve._json import JSONOutDoc


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
