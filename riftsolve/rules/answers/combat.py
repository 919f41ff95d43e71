"""A combat's answer: the damage an assignment deals each receiver (465.2.c)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from riftsolve._json import JSONOutDoc


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
