"""What a slot of a card may hold on a board: each value of the slot's kind (a unit, a
battlefield, a location, a player, a mode ...), and for each value the card does not
allow, the rule it breaks and why. Each family gives its slots' options
(:meth:`riftsolve.rules.families.registry.Family.slot_options`) from its own checks of
one candidate.

>>> from riftsolve.rules.targeting import Failure
>>> ruled_out = {"kai": Failure("740.1", "kai is not an enemy unit (controlled by A)")}
>>> [(o.value, o.legal) for o in options(["r10", "r2", "kai"], ruled_out.get)]
[('kai', False), ('r2', True), ('r10', True)]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from riftsolve.rules.targeting import Failure


def natural(name: str) -> tuple[tuple[int, int | str], ...]:
    """A key ordering names as people count them: ``e2`` before ``e10``.

    >>> sorted(["e10", "e2", "kai", "e1"], key=natural)
    ['e1', 'e2', 'e10', 'kai']
    """
    return tuple((0, int(part)) if part.isdigit() else (1, part)
                 for part in re.split(r"(\d+)", name) if part)


@dataclass(frozen=True)
class Option:
    """One value a slot may be given: the id as the scenario writes it (a unit, a gear, a
    battlefield, a location, a player, a mode) and, unless it may fill the slot on its
    own, the rule it breaks and why."""

    value: str
    #: ``None``: it may fill the slot on its own; else the rule it breaks and why.
    failure: Failure | None

    @property
    def legal(self) -> bool:
        """Whether the value may fill the slot on its own."""
        return self.failure is None


def options(values: Iterable[str], failure: Callable[[str], Failure | None]
            ) -> tuple[Option, ...]:
    """Each of ``values`` once, in natural order, with ``failure(value)``: why it may not
    fill the slot on its own, or ``None``."""
    return tuple(Option(value, failure(value)) for value in sorted(set(values), key=natural))
