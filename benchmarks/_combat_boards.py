"""The boards of ``combat.py``: seeded random combats (CR 1.4 465.2) of 10, 40 and 200
receivers, each parsed once into a :class:`Board`.

A helper of ``benchmarks/combat.py`` (whose docstring describes the boards), not a script.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import riftsolve as rs
from riftsolve.engine.families.combat import CombatResolutions

#: Receivers per board, smallest first: python-constraint2 lists the smallest only.
SIZES = (10, 40, 200)
BATTLEFIELDS = ("north", "south")
#: What a receiver's keywords are drawn from, weighted: mostly none, some Tank, some
#: Backline, a few both (465.2.c.8-9).
ORDER_KEYWORDS: tuple[tuple[str, ...], ...] = ((),) * 13 + (("Tank",),) * 3 + (
    ("Backline",),) * 3 + (("Tank", "Backline"),)


def fmt_count(count: int) -> str:
    """An answer count: with thousands separators below 10^9, else ``1.23e58``."""
    return f"{count:,}" if count < 10**9 else f"{count:.2e}".replace("e+", "e")


# --------------------------------------------------------------------------- boards


def receiver(rng: random.Random, uid: str, controller: str) -> dict[str, Any]:
    """A defending unit at the battlefield: Might 1-6, its order keywords, one in ten with
    Shield 1 or 2 (814: raises its lethal amount), about one in five with marked damage
    (never lethal already), one in ten with ``prevent`` 1 or 2, one in fifty with
    ``prevent: "all"`` (437.5.b: never filled, it holds up its controller's later units)."""
    might = rng.randint(1, 6)
    unit: dict[str, Any] = {"id": uid, "controller": controller, "might": might,
                            "location": "north"}
    keywords = list(rng.choice(ORDER_KEYWORDS))
    if rng.random() < 0.1:
        keywords.append(f"Shield {rng.randint(1, 2)}")
    if keywords:
        unit["keywords"] = keywords
    if might >= 2 and rng.random() < 0.2:
        unit["damage"] = rng.randint(1, might - 1)
    draw = rng.random()
    if draw < 0.1:
        unit["prevent"] = rng.randint(1, 2)
    elif draw < 0.12:
        unit["prevent"] = "all"
    return unit


def attackers(rng: random.Random, damage: int) -> list[dict[str, Any]]:
    """The attacker A's units at the battlefield adding up to ``damage`` (Might 2-8 each,
    a quarter of them as Might plus Assault 1, 807), and a stunned one adding nothing
    (423.1.b)."""
    units: list[dict[str, Any]] = []
    left = damage
    while left > 0:
        adds = min(left, rng.randint(2, 8))
        unit: dict[str, Any] = {"id": f"a{len(units):02d}", "controller": "A",
                                "might": adds, "location": "north"}
        if adds >= 2 and rng.random() < 0.25:
            unit["might"], unit["keywords"] = adds - 1, ["Assault 1"]
        units.append(unit)
        left -= adds
    units.append({"id": "a_stunned", "controller": "A", "might": rng.randint(1, 6),
                  "location": "north", "stunned": True})
    return units


def combat_board(receivers: int, index: int, seed: int) -> dict[str, Any]:
    """A combat at ``north`` where A attacks and assigns: 2 or 3 players (one in three
    with a second defender, C), ``receivers`` defending units, A's damage a random 1/4 to
    1/2 of their total Might (so answers are many and no damage is left over), and two
    bystanders at ``south``."""
    rng = random.Random(seed * 100_003 + receivers * 1_000 + index)
    defenders = "BC" if rng.random() < 1 / 3 else "B"
    units = [receiver(rng, f"d{i:03d}", rng.choice(defenders)) for i in range(receivers)]
    damage = max(1, round(rng.uniform(0.25, 0.5) * sum(u["might"] for u in units)))
    units += attackers(rng, damage)
    units += [{"id": f"x{j}", "controller": rng.choice("AB"), "might": rng.randint(1, 6),
               "location": "south"} for j in range(2)]
    return {"format": 1, "rules": "1.4", "controller": "A",
            "combat": {"battlefield": "north", "attacker": "A", "assigner": "A"},
            "battlefields": list(BATTLEFIELDS), "units": units}


@dataclass
class Board:
    """One parsed combat and what its question looks like."""

    label: str
    receivers: int
    data: dict[str, Any] = field(repr=False)
    scenario: rs.Scenario = field(repr=False)
    count: int
    damage: int
    players: int
    #: Receivers that are Tank, Backline, both, and that have ``prevent: "all"``.
    shape: str

    @classmethod
    def of(cls, label: str, data: dict[str, Any]) -> Board:
        scenario = rs.parse_scenario(data)
        legal = rs.resolve(scenario)
        assert isinstance(legal, CombatResolutions)
        problem = legal.problem
        units = [u for u in data["units"] if u["id"] in set(legal.columns)]
        tanks = sum("Tank" in u.get("keywords", ()) for u in units)
        back = sum("Backline" in u.get("keywords", ()) for u in units)
        both = sum({"Tank", "Backline"} <= set(u.get("keywords", ())) for u in units)
        walls = sum(u.get("prevent") == "all" for u in units)
        assert problem.excess_damage == 0, "the boards leave no damage over"
        return cls(label, len(problem.receivers), data, scenario, legal.count(),
                   problem.damage, 1 + len({u["controller"] for u in units}),
                   f"{tanks - both}T {back - both}B {both}TB {walls}P")


def make_boards(sizes: tuple[int, ...], per_size: int, seed: int) -> list[Board]:
    """``per_size`` boards of each size, smallest size first."""
    return [Board.of(f"{size}r #{index}", combat_board(size, index, seed))
            for size in sizes for index in range(per_size)]


def listing_boards(boards: list[Board]) -> list[Board]:
    """Per size, the board with the most answers: the one the backends list."""
    chosen: dict[int, Board] = {}
    for board in boards:
        if board.receivers not in chosen or board.count > chosen[board.receivers].count:
            chosen[board.receivers] = board
    return list(chosen.values())
