"""The group questions of ``groups.py``: generated boards and scenarios, one per card,
board size, question and policy.

A helper of ``benchmarks/groups.py`` (whose docstring describes the boards and the
questions), not a script. Every scenario is a plain dict read by
:func:`formats.format1.parse_scenario`, kept for ``--json``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from _common import random_units, subset_policy, unmeet_fox_fire

from riftsolve.engine.families.group import GroupDeclarations, GroupResolutions
from riftsolve.engine.questions import finalize, resolve
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.board import BASE
from riftsolve.rules.families.group import GroupProblem, group_effect, member_failure
from riftsolve.rules.scenario import Scenario

#: The board size of the speed target (native vs brute force); the brute force always runs
#: on boards up to this size.
TARGET_UNITS = 25
#: The board size of the count-latency target.
COUNT_UNITS = 60

CARDS = ("Fox-Fire", "Tricksy Tentacles", "Bellows Breath")
SHORT = {"Fox-Fire": "Fox-Fire", "Tricksy Tentacles": "Tricksy", "Bellows Breath": "Bellows"}
KINDS = ("finalize", "resolve")
POLICIES = ("maximal", "any")
BATTLEFIELDS = ("north", "south", "east")
#: Power available at finalization: Deflect (809) binds.
AVAILABLE_POWER = 2

#: A group question's legal set.
GroupLegal = GroupDeclarations | GroupResolutions


# --------------------------------------------------------------------------- questions


@dataclass
class Question:
    """One group question, asked of every method."""

    units: int
    card: str
    kind: str
    policy: str
    data: dict[str, Any] = field(repr=False)
    scenario: Scenario = field(repr=False)
    count: int = 0
    members: int = 0
    candidates: int = 0

    @property
    def label(self) -> str:
        return f"{self.units}u {SHORT[self.card]} {self.kind} {self.policy}"

    @property
    def subsets(self) -> int:
        return 1 << self.candidates

    def legal(self, backend: str = "native") -> GroupLegal:
        """The question's legal set (applies the rules)."""
        ask = finalize if self.kind == "finalize" else resolve
        legal = ask(self.scenario, backend)
        assert isinstance(legal, GroupLegal), type(legal)
        return legal


def battlefield_count(units: int) -> int:
    """1 battlefield below 20 units, 2 below 40, else 3."""
    return 1 + min(2, units // 20)


def generated_board(units: int, seed: int) -> tuple[list[str], list[dict[str, Any]]]:
    """``units`` units over 1-3 battlefields: Might 0..5, controllers A (the caster), B
    and C, about one in five at its controller's base, one in ten with Deflect 1 or 2."""
    battlefields = list(BATTLEFIELDS[:battlefield_count(units)])
    return battlefields, random_units(random.Random(seed), units, battlefields)


def finalize_data(units: int, card: str, policy: str) -> dict[str, Any]:
    battlefields, board = generated_board(units, seed=units)
    return {"format": 1, "controller": "A", "card": card, "battlefields": battlefields,
            "units": board, "available_power": AVAILABLE_POWER,
            **subset_policy(policy)}


def resolve_data(units: int, card: str, policy: str) -> dict[str, Any]:
    """A board whose chosen targets no longer meet the requirement together."""
    battlefields, board = generated_board(units, seed=units)
    rng = random.Random(units * 10 + CARDS.index(card))
    if card == "Fox-Fire":
        pool = [u for u in board if u["location"] != BASE]
    elif card == "Tricksy Tentacles":
        pool = [u for u in board if u["controller"] != "A"]
    else:
        pool = list(board)
    wanted = 3 if card == "Bellows Breath" else units // 2 + 1
    chosen = rng.sample(pool, min(wanted, len(pool)))
    if card == "Fox-Fire":
        unmeet_fox_fire(rng, chosen, battlefields)  # pumped, spread, one killed, one recalled
    elif card == "Tricksy Tentacles":
        for unit in chosen:  # control changed between the two opponents, pumped
            unit["controller"] = "B" if rng.random() < 0.6 else "C"
            unit["might"] += rng.choice((0, 1))
        chosen[-1]["controller"] = "A"  # now the caster's: no longer an enemy
        chosen[-2]["location"] = "offboard"
    else:
        for unit in chosen:  # three units at one location; one moved away since
            unit["location"] = battlefields[0]
        chosen[0]["location"] = battlefields[1] if len(battlefields) > 1 else BASE
    targets: dict[str, Any] = {"units": sorted(u["id"] for u in chosen)}
    if card == "Tricksy Tentacles":
        targets["destination"] = battlefields[0]
    return {"format": 1, "controller": "A", "card": card, "battlefields": battlefields,
            "units": board, **subset_policy(policy), "targets": targets}


def brute_candidates(question: Question) -> list[str]:
    """The units the brute force takes subsets of (sorted ids)."""
    scenario = question.scenario
    if question.kind == "resolve":
        assert scenario.targets is not None
        return sorted(scenario.targets.unit_ids())
    slots = group_effect(scenario).slots
    return sorted(u.id for u in scenario.board
                  if any(member_failure(scenario, u, slot, resolving=False) is None
                         for slot in slots))


def make_question(units: int, card: str, kind: str, policy: str) -> Question:
    data = (finalize_data if kind == "finalize" else resolve_data)(units, card, policy)
    question = Question(units, card, kind, policy, data, parse_scenario(data))
    legal = question.legal()
    problem: GroupProblem = legal.problem
    if kind == "resolve":
        # The benchmark is about re-choosing: the group must no longer be whole.
        assert problem.whole is None, f"{question.label}: the group still meets it"
    question.count = legal.count()
    question.members = len(problem.members)
    question.candidates = len(brute_candidates(question))
    return question


def make_questions(sizes: Iterable[int]) -> list[Question]:
    return [make_question(units, card, kind, policy) for units in sizes for card in CARDS
            for kind in KINDS for policy in POLICIES]
