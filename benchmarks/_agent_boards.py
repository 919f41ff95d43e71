"""The boards of ``agents.py``: seeded Alpha Strike resolutions (typical and large) and a
Fox-Fire group resolution, each parsed once into a :class:`Board`.

A helper of ``benchmarks/agents.py`` (whose docstring describes the boards), not a script.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from _common import random_units, subset_policy, unmeet_fox_fire

from riftsolve.engine.families.group import GroupResolutions
from riftsolve.engine.families.split import Resolutions
from riftsolve.engine.questions import resolve
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.board import BASE
from riftsolve.rules.scenario import Scenario

BATTLEFIELDS = ("north", "south")


def fmt_count(count: int) -> str:
    """An answer count: with thousands separators below 10^9, else ``1.23e58``."""
    return f"{count:,}" if count < 10**9 else f"{count:.2e}".replace("e+", "e")


# --------------------------------------------------------------------------- boards


def alpha_strike_board(rng: random.Random, enemies: int, pool: int, *, recalled: bool,
                       bystanders: int) -> dict[str, Any]:
    """An Alpha Strike resolution: ``kai`` (Might ``pool``) and ``enemies`` chosen enemy
    units at the battlefields (Might 0-6, some marked damage, some ``value``)."""
    units: list[dict[str, Any]] = [
        {"id": "kai", "controller": "A", "might": pool, "location": "north"}]
    chosen: list[str] = []
    for i in range(enemies):
        might = rng.randint(0, 6)
        unit: dict[str, Any] = {"id": f"e{i:03d}", "controller": "B", "might": might,
                                "location": rng.choice(BATTLEFIELDS)}
        if might >= 2 and rng.random() < 0.35:
            unit["damage"] = rng.randint(1, might - 1)  # marked, not lethal yet
        if rng.random() < 0.5:
            unit["value"] = rng.randint(1, 5)
        units.append(unit)
        chosen.append(unit["id"])
    if recalled:
        units[rng.randint(1, enemies)]["location"] = BASE  # illegal now (359.3.e.2)
    for j in range(bystanders):  # not chosen: the rules must leave them alone
        units.append({"id": f"b{j:02d}", "controller": rng.choice("AB"),
                      "might": rng.randint(0, 6),
                      "location": rng.choice((*BATTLEFIELDS, BASE))})
    return {"format": 1, "controller": "A", "card": "Alpha Strike",
            "battlefields": list(BATTLEFIELDS), "units": units,
            "targets": {"friendly": "kai", "enemies": chosen}}


def typical_board(index: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed * 100_003 + index)
    enemies, pool = rng.randint(2, 10), rng.randint(1, 12)
    return alpha_strike_board(rng, enemies, pool, recalled=rng.random() < 0.1,
                              bystanders=rng.randint(0, 3))


def large_board(targets: int, pool: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed * 100_003 + targets * 1000 + pool)
    return alpha_strike_board(rng, targets, pool, recalled=False, bystanders=3)


def fox_fire_board(units: int, policy: str, seed: int) -> dict[str, Any]:
    """A Fox-Fire resolution whose chosen targets no longer meet "total Might 4 or less
    at a battlefield" together (as ``benchmarks/groups.py`` builds them)."""
    rng = random.Random(seed * 100_003 + units)
    battlefields = ["north", "south", "east"]
    board = random_units(rng, units, battlefields)
    candidates = [u for u in board if u["location"] != BASE]
    chosen = rng.sample(candidates, min(units // 2 + 1, len(candidates)))
    unmeet_fox_fire(rng, chosen, battlefields)  # pumped, spread, one killed, one recalled
    return {"format": 1, "controller": "A", "card": "Fox-Fire", "battlefields": battlefields,
            "units": board, **subset_policy(policy),
            "targets": {"units": sorted(u["id"] for u in chosen)}}


@dataclass
class Board:
    """One parsed scenario and what its resolution question looks like."""

    label: str
    data: dict[str, Any] = field(repr=False)
    scenario: Scenario = field(repr=False)
    count: int
    targets: int
    pool: int | None

    @classmethod
    def of(cls, label: str, data: dict[str, Any]) -> Board:
        scenario = parse_scenario(data)
        legal = resolve(scenario)
        if isinstance(legal, Resolutions):
            return cls(label, data, scenario, legal.count(), len(legal.problem.targets),
                       legal.problem.pool)
        assert isinstance(legal, GroupResolutions)
        return cls(label, data, scenario, legal.count(), len(legal.problem.members), None)
