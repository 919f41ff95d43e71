"""Tests of the combat part of the naive reference (tests/reference/, 465.2).

* Every board of tests/data/combat_cases.json carries answers worked out by hand from the Core
  Rules 1.4 (the working is in each case's "note"); the reference must give exactly that set.
* A few direct checks of ``combat_damage`` and ``combat_lethal``.
* A second, differently built model cross-checks the reference on small random boards: it
  assigns the units one at a time along every order the rules allow (465.2.c.3, c.6-9) instead
  of filtering vectors with predicates. Only the damage and the lethal amounts are shared.

Nothing here imports the engine.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import reference

CASES_FILE = Path(__file__).resolve().parent / "data" / "combat_cases.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text())
NOTHING = json.dumps({"assigned": {}}, sort_keys=True)


def _lines(answers: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(a, sort_keys=True) for a in answers]


def _case(name: str) -> dict[str, Any]:
    return next(c for c in CASES if c["name"] == name)


def test_cases_are_well_formed() -> None:
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))
    assert len(CASES) >= 16
    for case in CASES:
        assert set(case) == {"name", "rule", "note", "scenario", "answers"}
        lines = _lines(case["answers"])
        assert len(lines) == len(set(lines)), f"{case['name']}: an answer is listed twice"
        for answer in case["answers"]:
            assert set(answer) == {"assigned"}
            assert all(v > 0 for v in answer["assigned"].values())


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_reference_matches_hand_worked_case(case: dict[str, Any]) -> None:
    assert reference.combat_answers(case["scenario"]) == set(_lines(case["answers"]))


def test_every_answer_assigns_the_whole_damage() -> None:
    for case in CASES:
        doc = case["scenario"]
        damage = reference.combat_damage(doc)
        if not reference.combat_lethal(doc):
            continue  # no receiver: nothing can be assigned
        for answer in case["answers"]:
            assert sum(answer["assigned"].values()) == damage, case["name"]


# ---------------------------------------------------------------------------------------------
# combat_damage and combat_lethal, directly
# ---------------------------------------------------------------------------------------------


def test_damage_and_lethal_of_the_spec_example() -> None:
    doc = _case("spec-example")["scenario"]
    assert reference.combat_damage(doc) == 5  # 4 + Assault 1; stunned a2 adds 0 (423.1.b)
    # d1: 3 - 1 marked; d2: 2; d3: 1 + prevent 1 (437.5.a)
    assert reference.combat_lethal(doc) == {"d1": 2, "d2": 2, "d3": 2}


def test_shield_and_assault_change_might_only_in_their_role() -> None:
    doc = _case("shield-defender-assigns")["scenario"]
    # B assigns: b1 1 + Shield 2, b2 2 (Assault idle on a defender), b3 stunned.
    assert reference.combat_damage(doc) == 5
    # a1 2 + Assault 1 while attacking (807.1.c); a2's Shield is idle on an attacker.
    assert reference.combat_lethal(doc) == {"a1": 3, "a2": 1}
    raised = _case("shield-raises-lethal")["scenario"]
    assert reference.combat_lethal(raised) == {"s1": 4, "n1": 1}  # 814.1.c


def test_never_lethal_exempt_and_lethal_any() -> None:
    assert reference.combat_lethal(_case("prevent-all")["scenario"]) == {
        "pa": None,
        "n1": 2,
        "n2": 1,
    }
    assert "k" not in reference.combat_lethal(_case("undamageable-exempt")["scenario"])
    assert reference.combat_lethal(_case("lethal-any")["scenario"]) == {"t": 1, "u1": 1, "u2": 2}
    assert reference.combat_lethal(_case("negative-might-assault")["scenario"]) == {
        "d1": 2,
        "d2": 1,
        "d3": 1,
    }
    assert reference.combat_damage(_case("negative-might-assault")["scenario"]) == 3


def test_keyword_instances_add_up_and_bad_input_is_refused() -> None:
    doc: dict[str, Any] = {
        "format": 1,
        "controller": "A",
        "combat": {"battlefield": "north", "attacker": "A"},
        "battlefields": ["north"],
        "units": [
            # Assault without X is Assault 1 (807.1.b.3); instances add up (807.2).
            {"id": "a1", "controller": "A", "might": 1, "location": "north",
             "keywords": ["Assault", "Assault 2", "Shield 5"]},
            {"id": "d1", "controller": "B", "might": 1, "location": "north",
             "keywords": ["Shield 1", "Shield 1", "Tank", "Tank"]},
        ],
    }
    assert reference.combat_damage(doc) == 4
    assert reference.combat_lethal(doc) == {"d1": 3}
    assert reference.combat_answers(doc) == {json.dumps({"assigned": {"d1": 4}})}
    bad = json.loads(json.dumps(doc))
    bad["units"][1]["keywords"] = ["Tanky"]
    with pytest.raises(ValueError):
        reference.combat_answers(bad)
    with pytest.raises(ValueError):
        reference.combat_answers({**doc, "policy": {"combat_excess": "first"}})


# ---------------------------------------------------------------------------------------------
# A second model: assign one unit at a time, along every allowed order
# ---------------------------------------------------------------------------------------------


def _groups(unit: dict[str, Any]) -> list[int]:
    """0 Tank, 1 neither, 2 Backline; with both, either (465.2.c.8)."""
    words = {str(k).split(" ")[0] for k in unit.get("keywords") or []}
    tank, backline = "Tank" in words, "Backline" in words
    if tank and backline:
        return [0, 2]
    return [0] if tank else [2] if backline else [1]


def _spread(total: int, ids: list[str]) -> Iterator[dict[str, int]]:
    """Every way to put ``total`` extra damage on the units of ``ids``."""
    for extra in itertools.product(range(total + 1), repeat=len(ids)):
        if sum(extra) == total:
            yield dict(zip(ids, extra, strict=True))


def walk_answers(doc: dict[str, Any]) -> set[str]:
    damage = reference.combat_damage(doc)
    lethal = reference.combat_lethal(doc)
    if damage == 0 or not lethal:
        return {NOTHING}
    units = {str(u["id"]): u for u in doc["units"]}
    ids = sorted(lethal)
    last = (doc.get("policy") or {}).get("combat_excess", "any") == "last"
    found: set[str] = set()
    for groups in itertools.product(*(_groups(units[i]) for i in ids)):
        group = dict(zip(ids, groups, strict=True))
        for order in itertools.permutations(ids):
            # Within one controller, the groups must come in order (815, 826, 465.2.c.6).
            if any(
                group[a] > group[b]
                for n, a in enumerate(order)
                for b in order[n + 1 :]
                if units[a]["controller"] == units[b]["controller"]
            ):
                continue
            amount = dict.fromkeys(ids, 0)
            left = damage
            for uid in order:
                need = lethal[uid]
                take = left if need is None else min(need, left)
                amount[uid] = take
                left -= take
                if left == 0:
                    break
            if left == 0:
                found.add(json.dumps({"assigned": {k: v for k, v in amount.items() if v}},
                                     sort_keys=True))
                continue
            # Every unit has lethal damage and some is left: the excess (465.2.c.4).
            for extra in _spread(left, [order[-1]] if last else ids):
                total = {k: v + extra.get(k, 0) for k, v in amount.items()}
                found.add(json.dumps({"assigned": {k: v for k, v in total.items() if v}},
                                     sort_keys=True))
    return found


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_walk_model_agrees_with_hand_worked_case(case: dict[str, Any]) -> None:
    assert walk_answers(case["scenario"]) == set(_lines(case["answers"]))


def _random_board(rng: random.Random) -> dict[str, Any]:
    players = ["B", "C"] if rng.random() < 0.3 else ["B"]
    units: list[dict[str, Any]] = []
    for n in range(rng.randint(1, 2)):
        units.append({"id": f"a{n}", "controller": "A", "might": rng.randint(-1, 4),
                      "location": "north",
                      "keywords": rng.choice([[], [], ["Assault 1"], ["Shield 1"]]),
                      "stunned": rng.random() < 0.15})
    for n in range(rng.randint(1, 5)):
        unit: dict[str, Any] = {
            "id": f"d{n}", "controller": rng.choice(players), "might": rng.randint(-1, 3),
            "location": "north" if rng.random() < 0.9 else "south",
            "damage": rng.choice([0, 0, 0, 1]),
            "keywords": rng.choice(
                [[], [], ["Tank"], ["Backline"], ["Tank", "Backline"], ["Shield 1"],
                 ["Assault 1"]]),
        }
        roll = rng.random()
        if roll < 0.1:
            unit["prevent"] = "all"
        elif roll < 0.25:
            unit["prevent"] = 1
        elif roll < 0.3:
            unit["undamageable"] = True
        units.append(unit)
    doc: dict[str, Any] = {
        "format": 1,
        "controller": "A",
        "combat": {"battlefield": "north", "attacker": "A",
                   "lethal_any": rng.random() < 0.15},
        "battlefields": ["north", "south"],
        "units": units,
        "policy": {"combat_excess": rng.choice(["any", "last"])},
    }
    if rng.random() < 0.2:
        doc["combat"]["assigner"] = rng.choice(players)
    return doc


def test_walk_model_agrees_with_reference_on_random_boards() -> None:
    rng = random.Random(465)
    checked = 0
    while checked < 500:
        doc = _random_board(rng)
        if reference.combat_damage(doc) > 8:
            continue
        assert reference.combat_answers(doc) == walk_answers(doc), json.dumps(doc)
        checked += 1
