"""A paid Repeat's answer (820): the answers of the card's two executions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from riftsolve._json import JSONOut, JSONOutDoc
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.answers.joint import Choice, Executed

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
