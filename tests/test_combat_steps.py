"""Combat damage assigned one point a move (riftsolve.engine.families.combat_steps): the
moves offered are exact.

A depth-first search over every sequence of legal moves reaches each legal assignment
exactly once, and nothing else: the assignments reached are the independent reference's
(tests/reference/, which never imports the engine) and the engine's legal set's, on the
random small combats of ``tests/test_combat_properties.py`` (Tank, Backline, both,
prevention, undamageable units, ``lethal_any``, both ``combat_excess`` policies, the
attacker or a defender assigning). An assignment is forced exactly when no state on its
way offers two moves.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
import reference
from hypothesis import event, given, settings
from test_combat_properties import combats
from test_steps import reached

import riftsolve as rs
from riftsolve.engine.families.combat_steps import AssignCombat
from riftsolve.engine.steps import DONE, Steps, first_step
from riftsolve.rules.families.combat import CombatProblem


def _line(answer: Any) -> str:
    return json.dumps(answer.as_json(), sort_keys=True)


def _choices(state: Steps) -> int:
    """How many states on the way to any answer offer more than one move."""
    if state.phase == "done":
        return 0
    moves = state.moves()
    return int(len(moves) > 1) + sum(_choices(state.play(move)) for move in moves)


@settings(max_examples=300, deadline=None)
@given(combats())
def test_every_sequence_of_legal_moves_is_one_legal_assignment(doc: dict[str, Any]) -> None:
    legal = rs.resolve(rs.parse_scenario(doc), kind=rs.Assignment)
    answers = reached(first_step(legal))
    lines = Counter(_line(a) for a in answers)
    assert set(lines.values()) == {1}, "an assignment reached by two sequences"
    assert set(lines) == reference.combat_answers(doc)
    assert set(answers) == set(legal) and len(answers) == legal.count()
    # forced (one answer) exactly when no state offers a choice
    assert (_choices(first_step(legal)) == 0) is legal.is_forced()
    event(f"{len(answers)} assignments" if len(answers) < 4 else "4+ assignments")
    problem = legal.problems()[0]
    assert isinstance(problem, CombatProblem)
    event(f"excess policy {problem.excess}" if problem.excess_damage else "no excess")


def test_the_points_go_in_the_problems_order() -> None:
    """465.2.c.3's example, 5 damage among four units of lethal 3 (u1 to u4): one filled,
    the 2 left on another, 12 ways; each assignment is its receivers in order, each as
    many times as its amount."""
    state = first_step(rs.resolve(rs.load_scenario(rs.example_path("combat-lethal-in-full"))))
    # not u4 first: the 5 would all be u4's, over its lethal 3 while the others lack
    # lethal damage (465.2.c.4)
    assert state.phase == "assign" and state.moves() == ("u1", "u2", "u3")
    state = state.play("u1")
    # u1 left at 1, the 4 left fill no unit exactly, and a second unit below lethal is
    # not allowed (465.2.c.3): u1 goes on
    assert state.moves() == ("u1",)
    state = state.play("u1")
    assert state.moves() == ("u1", "u2", "u3", "u4")  # u1 2 and 3 on a later one, or fill it
    state = state.play("u4")
    assert state.moves() == ("u4",)  # u1 is below lethal: u4 must be filled
    state = state.play("u4").play("u4")
    assert state.moves() == (DONE,)
    assert isinstance(state, AssignCombat) and state.remaining == 0
    state = state.play(DONE)
    assert state.phase == "done" and state.answer == rs.Assignment.of({"u1": 2, "u4": 3})
    with pytest.raises(ValueError, match="not a legal move now"):
        state.play("u1")


def test_nowhere_to_assign_is_one_move() -> None:
    """No receiver (the other side's one unit cannot be dealt damage, 465.2.c.10): the
    empty assignment, reached by the one move :data:`DONE`."""
    doc = {"format": 1, "controller": "A", "battlefields": ["north"],
           "combat": {"battlefield": "north", "attacker": "A"},
           "units": [{"id": "a", "controller": "A", "might": 3, "location": "north"},
                     {"id": "d", "controller": "B", "might": 2, "location": "north",
                      "undamageable": True}]}
    state = first_step(rs.resolve(rs.parse_scenario(doc)))
    assert state.moves() == (DONE,)
    assert state.play(DONE).answer == rs.Assignment(())
