"""Huge but valid questions, each a whole process under the README's bounds (10 s, 1 GiB,
no traceback): exact arithmetic, no listing."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from bounded import bounded, riftsolve


def _split(damage: int, targets: int) -> dict[str, Any]:
    """Alpha Strike: kai (Might ``damage``) and ``targets`` chosen enemies of Might 1 to 7
    at north."""
    units = [{"id": "kai", "controller": "A", "might": damage, "location": "north"}]
    units += [{"id": f"t{i:04d}", "controller": "B", "might": 1 + i % 7,
               "location": "north"} for i in range(targets)]
    return {"format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": ["north"],
            "units": units, "targets": {"friendly": "kai",
                                        "enemies": [u["id"] for u in units[1:]]}}


@pytest.mark.parametrize("targets", [3, 1000])
def test_a_ruling_on_a_million_damage(targets: int, tmp_path: Path) -> None:
    """`rule` at 10^6 damage gave no ruling in 40 s: it unranked 32 answers spread over
    the listing, each walking a million values. Each chosen cut is now searched for, and
    past 10^100 answers 8 are spread."""
    path = tmp_path / "split.json"
    path.write_text(json.dumps(_split(10**6, targets)))
    run = riftsolve("rule", path)
    run.check((0,))
    text = " ".join(run.out.decode().split())
    assert text.startswith("Alpha Strike, on resolution.")
    assert "divides 1000000 damage among" in text


def test_the_best_of_a_million_damage_among_a_thousand(tmp_path: Path) -> None:
    """Every death affordable: killing all 1,000 (Mights 1 to 7: 142 runs of 1+...+7 =
    3,976, and 1+...+6 = 21 more: 3,997) costs 3,997 of the damage; all die, and the rest,
    10^6 - 3,997 = 996,003, is overkill, exact, without CP-SAT (which ran past 10 s
    loaded)."""
    path = tmp_path / "split.json"
    path.write_text(json.dumps(_split(10**6, 1000)))
    run = riftsolve("best", path, "--objective", "kills,-overkill")
    run.check((0,))
    [line] = run.out.decode().splitlines()
    assert json.loads(line)["objective"] == {"kills": 1000, "overkill": 996_003}


@pytest.mark.parametrize("excess", ["any", "last"])
def test_a_ruling_on_a_thousand_receivers(excess: str, tmp_path: Path) -> None:
    """A combat of 5,000 damage on 1,000 receivers (Might 1 to 7: 3,997 to kill all): under
    `combat_excess=last` the ruling took no answer in 40 s, each answer's row built in
    O(receivers^2) (the amount looked up by rebuilding a map per receiver)."""
    units = [{"id": "a1", "controller": "A", "might": 5000, "location": "north"}]
    units += [{"id": f"d{i:04d}", "controller": "B", "might": 1 + i % 7,
               "location": "north"} for i in range(1000)]
    path = tmp_path / "combat.json"
    path.write_text(json.dumps({"format": 1, "controller": "A", "battlefields": ["north"],
                                "combat": {"battlefield": "north", "attacker": "A"},
                                "units": units, "policy": {"combat_excess": excess}}))
    run = riftsolve("rule", path)
    run.check((0,))
    assert " ".join(run.out.decode().split()).startswith(
        "Combat damage at north, on resolution. A, the attacker, assigns 5000 damage")


def test_a_hidden_pair_on_fifty_thousand_units(tmp_path: Path) -> None:
    """Smoke and Mirrors from Hidden at north (the example's reading: the first unit you
    control at north, 811.1.d.2.a; the other at a different location, 811.1.d.4) on 50,000
    units of yours, 25,000 at north and 25,000 at south: 25,000 x 25,000 = 625,000,000
    declarations. Counted pair by pair (its Hidden test reads empty picks too), it gave no
    count in 60 s; now by key."""
    units = [{"id": f"u{i}", "controller": "A", "might": 1,
              "location": "north" if i % 2 else "south"} for i in range(50_000)]
    path = tmp_path / "smoke.json"
    path.write_text(json.dumps({"format": 1, "controller": "A", "card": "Smoke and Mirrors",
                                "battlefields": ["north", "south"], "from_hidden": "north",
                                "units": units}))
    run = riftsolve("finalize", path, "--count")
    run.check((0,))
    assert json.loads(run.out) == {"count": 625_000_000}


def test_two_alike_among_fifty_thousand(tmp_path: Path) -> None:
    """Two objects chosen alike ("Choose two units"), each pair once: the second after the
    first in id order. Among 50,000 units: 50,000 x 49,999 / 2 = 1,249,975,000 pairs,
    summed over the sorted ids (pair by pair, 2.5 x 10^9 tests)."""
    program = (
        "from riftsolve.rules.families.picks import Check, JointProblem\n"
        "ids = tuple(f'u{i:05d}' for i in range(50_000))\n"
        "keys = tuple((0, v) for v in ids)\n"
        "print(JointProblem(('a', 'b'), (ids, ids), (Check('after', 1, 0, keys, keys),))"
        ".count())\n")
    run = bounded([sys.executable, "-c", program])
    run.check((0,))
    assert int(run.out) == 1_249_975_000
