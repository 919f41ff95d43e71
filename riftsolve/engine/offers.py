"""What each target slot of a card offers on a board, for the faces: every value of the
slot's kind, those the card allows, and for each of the others the rule it breaks and
why, as the scenario's Core Rules text numbers it and in the language spoken now.

Asked as the card is declared, a value is offered when it may fill the slot on its own
(355.9, 740.1, 757, its Deflect within the Power available, 809); asked on resolution,
when it would still be a legal target now were it the one chosen (359.3.e.2, 758.1,
359.3.f.2), so that a chosen target illegal now is ruled out.

Alpha Strike ("Choose a friendly unit. It deals damage equal to its Might split among
enemy units at battlefields."), controlled by A, with kai (A's) at north, r1 (B's) at
north and r2 (B's) at A's base:

>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [
...         {"id": "kai", "controller": "A", "might": 3, "location": "north"},
...         {"id": "r1", "controller": "B", "might": 1, "location": "north"},
...         {"id": "r2", "controller": "B", "might": 1, "location": "base"}]})
>>> friendly, enemies = slot_offers(s)
>>> [(o.value, o.legal) for o in friendly.options]
[('kai', True), ('r1', False), ('r2', False)]
>>> shown = enemies.as_json()
>>> shown["name"], shown["shape"], shown["kind"], list(shown["options"][0])
('enemies', 'list', 'unit', ['value', 'legal', 'rule', 'reason'])
>>> for option in shown["options"]:
...     print(*option.values(), sep=" | ")
kai | False | 740.1 | kai is not an enemy unit (controlled by A)
r1 | True | None | None
r2 | False | 355.9.b | r2 is not at a battlefield (at base)

On resolution, r1 chosen and since gone to its base is ruled out:

>>> from riftsolve.rules.families.split import SplitChosen
>>> from dataclasses import replace
>>> gone = replace(s, targets=SplitChosen(split=("r1",), friendly="kai"),
...                board=replace(s.board, units=tuple(replace(u, location="base")
...                              if u.id == "r1" else u for u in s.board)))
>>> [(o.value, o.failure and o.failure.rule) for o in slot_offers(gone, True)[1].options]
[('kai', '359.3.e.2'), ('r1', '359.3.e.2'), ('r2', '359.3.e.2')]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from riftsolve._json import JSONOutDoc
from riftsolve.rules.families.registry import slot_options, slot_shapes
from riftsolve.rules.options import Option
from riftsolve.rules.scenario import Scenario


@dataclass(frozen=True)
class SlotOffer:
    """One slot of a card as a scenario writes it (its ``name``, ``shape``: ``one``,
    ``list`` or ``places``; ``kind``: ``unit``, ``battlefield``, ``location``, ``player``,
    ``mode`` ...) and every value of its kind on the board, each allowed or not."""

    name: str
    shape: str
    kind: str
    options: tuple[Option, ...]

    def as_json(self) -> JSONOutDoc:
        """The slot as the faces send it: each option's ``value``, whether it is ``legal``,
        and if not the ``rule`` it breaks (its number in the scenario's Core Rules text)
        and the ``reason``."""
        return {"name": self.name, "shape": self.shape, "kind": self.kind,
                "options": [{"value": option.value, "legal": option.legal,
                             "rule": option.failure.number() if option.failure else None,
                             "reason": option.failure.message if option.failure else None}
                            for option in self.options]}


def slot_offers(scenario: Scenario, resolving: bool = False) -> list[SlotOffer]:
    """Each slot of ``scenario``'s card, in the order it is written, with what it may hold
    on the board (as it is declared, or, ``resolving``, as a chosen target is checked now)
    and why the other values may not, each rule cited as the scenario's Core Rules text
    numbers it. A card with no slot (a combat) offers none."""
    found = slot_options(scenario, resolving)
    return [SlotOffer(slot["name"], slot["shape"], slot["kind"], tuple(
        Option(option.value, option.failure and replace(option.failure,
                                                        version=scenario.rules))
        for option in found[slot["name"]])) for slot in slot_shapes(scenario.effect)]
