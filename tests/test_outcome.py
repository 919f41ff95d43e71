"""apply(): what an answer does to the board, against the independent reference's metrics
on random boards of every card, and the board that follows by hand."""

from __future__ import annotations

import json
from typing import Any

import reference
from conftest import build, unit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_group_properties import group_boards
from test_properties import boards

from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers import Resolution
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.outcome import apply, metrics

OUTCOMES = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@OUTCOMES
@given(st.one_of(boards(with_targets=True), group_boards(with_targets=True)))
def test_every_answer_does_what_the_reference_says(doc: dict[str, Any]) -> None:
    """For every legal resolution: kills, XP, killed Might, overkill, value and units
    affected of apply() equal the reference's, computed from the raw scenario."""
    if "targets" not in doc:
        return
    s = parse_scenario(doc)
    legal = resolve(s)
    for answer in legal:
        done = metrics(s, apply(s, answer))
        expected = reference.metrics(doc, json.loads(json.dumps(render.line(legal, answer))))
        assert {k: done[k] for k in expected} == expected, render.line(legal, answer)


def test_the_board_after_a_split() -> None:
    """kai deals 4 (r1, Might 2: dies, 2 over) and 1 (r2, Might 4, 1 marked: 2 marked now,
    survives); the dead leave the board, the damage stays on the living."""
    s = build([unit("kai", "A", 5), unit("r1", might=2), unit("r2", might=4, damage=1)],
              targets={"friendly": "kai", "enemies": ["r1", "r2"]})
    done = apply(s, Resolution.of({"r1": 4, "r2": 1}))
    assert (done.killed, done.overkill, done.xp) == (("r1",), 2, 1)
    assert (done.board["r1"].location, done.board["r1"].damage) == ("offboard", 0)
    assert (done.board["r2"].location, done.board["r2"].damage) == ("north", 2)


def test_the_board_after_each_group_action() -> None:
    units = [unit("b1", might=2), unit("b2", might=3, location="south"), unit("a1", "A", 1)]
    moved = apply(build(units, card="Tricksy Tentacles",
                        targets={"units": ["b1", "b2"], "destination": "south"}),
                  Affected.of(["b1"], unmoved=["b2"]))
    assert moved.moved == (("b1", "south"),)
    assert moved.board["b1"].location == "south" and not moved.killed
    # a unit moved away from a combat is out of it (a defender moved to base: no longer
    # defending, else the board after would not be a board), and moved this turn
    fighting = [unit("b1", might=2, combat="defending"), unit("a1", "A", 3, combat="attacking"),
                unit("b2", might=3, location="south")]
    away = apply(build(fighting, card="Tricksy Tentacles",
                       targets={"units": ["b1"], "destination": "south"}), Affected.of(["b1"]))
    assert (away.board["b1"].location, away.board["b1"].combat, away.board["b1"].moved) == (
        "south", "", True)
    killed = apply(build(units, card="Fox-Fire", targets={"units": ["b1"]}),
                   Affected.of(["b1"]))
    assert killed.killed == ("b1",) and killed.overkill == 0
    assert killed.board["b1"].location == "offboard"
    swap = build([unit("x", "A", 1), unit("y", might=4)], card="Switcheroo",
                 targets={"units": ["x", "y"]})
    swapped = apply(swap, Affected.of(["x", "y"]))
    assert (swapped.board["x"].might, swapped.board["y"].might) == (4, 1)
    stun = build([unit("a", "A"), unit("e")], card="Facebreaker",
                 targets={"friendly": "a", "enemy": "e"})
    stunned = apply(stun, Affected.of(["a", "e"]))
    assert stunned.stunned == ("a", "e")
    assert stunned.board["e"].stunned


def test_a_declaration_pays_its_deflect() -> None:
    s = build([unit("r1", deflect=2)], card="Fox-Fire")
    declaration = next(d for d in finalize(s, kind=GroupDeclaration) if d.selection == (("r1",),))
    assert apply(s, declaration).power_paid == 2 == declaration.deflect_cost
    assert apply(s, GroupDeclaration(((),))).power_paid == 0
