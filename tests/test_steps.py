"""Split damage step by step (riftsolve.engine.steps): the moves offered are exact.

A depth-first search over every sequence of legal moves (each with every amount offered)
reaches each legal answer exactly once, and nothing else: the answers reached are compared
with the independent reference (tests/reference/, which never imports the engine) and with
the engine's own legal sets, on random Alpha Strike and Volibear boards, with and without a
board change between the declaration and the resolution, the damage dealt a point a move
and a target's share a move.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from conftest import scenario_dict, unit
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import finalize_lines, resolve_lines
from test_group_properties import group_boards

from riftsolve.engine.questions import finalize, resolve
from riftsolve.engine.steps import DONE, Steps, first_step
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers import Answer


def reached(state: Steps) -> list[Answer]:
    """Every complete answer a depth-first search over the legal moves, each with every
    amount offered, reaches (with repeats, if two sequences reached one answer); no dead
    end is allowed."""
    if state.phase == "done":
        assert state.answer is not None and state.moves() == ()
        return [state.answer]
    moves, amounts = state.moves(), state.amounts()
    assert moves and amounts, f"a dead end: no legal move in phase {state.phase}"
    assert len(set(moves)) == len(moves)
    return [answer for move in moves for amount in amounts
            for answer in reached(state.play(move, amount))]


def line(answer: Any) -> str:
    """The answer's JSON line, as the reference writes it."""
    return json.dumps(answer.as_json(), sort_keys=True)


@st.composite
def split_docs(draw: st.DrawFn, least_enemies: int = 0) -> dict[str, Any]:
    """An Alpha Strike or Volibear board: a few friendly and enemy units (at least
    ``least_enemies`` enemies), Deflect, marked damage, untargetable units, units away from
    the source, sometimes a Power budget."""
    card = draw(st.sampled_from(["Alpha Strike", "Volibear, Furious"]))
    units = []
    for i in range(draw(st.integers(1, 2))):
        units.append(unit(f"a{i}", "A", draw(st.integers(-1, 5)),
                          draw(st.sampled_from(["north", "north", "south", "base"]))))
    for i in range(draw(st.integers(least_enemies, 4))):
        extra: dict[str, Any] = {"deflect": draw(st.sampled_from([0, 0, 1, 2])),
                                 "damage": draw(st.sampled_from([0, 0, 1]))}
        if draw(st.integers(0, 5)) == 0:
            extra["untargetable"] = "enemy"
        units.append(unit(f"e{i}", "B", draw(st.integers(0, 4)),
                          draw(st.sampled_from(["north", "north", "south", "base"])), **extra))
    top: dict[str, Any] = {}
    if card.startswith("Volibear"):
        top["source"] = "a0"
        top["bonus_damage"] = draw(st.sampled_from([0, 0, 1]))
    if draw(st.booleans()):
        top["available_power"] = draw(st.integers(0, 3))
    return scenario_dict(units, card=card, **top)


@st.composite
def changes(draw: st.DrawFn) -> dict[str, tuple[int, str]]:
    """A board change between finalization and resolution: units' Might and place."""
    return draw(st.dictionaries(
        st.sampled_from(["a0", "a1", "e0", "e1", "e2", "e3"]),
        st.tuples(st.integers(-1, 4), st.sampled_from(["north", "base", "offboard"])),
        max_size=3))


def changed(doc: dict[str, Any], change: dict[str, tuple[int, str]]) -> dict[str, Any]:
    units = [{**u, "might": change[u["id"]][0], "location": change[u["id"]][1]}
             if u["id"] in change else u for u in doc["units"]]
    return {**doc, "units": units}


@settings(max_examples=150, deadline=None)
@given(split_docs(), changes())
def test_every_sequence_of_legal_moves_is_one_legal_answer(
        doc: dict[str, Any], change: dict[str, tuple[int, str]]) -> None:
    scenario = parse_scenario(doc)
    declarations = finalize(scenario)
    walked = reached(first_step(declarations)) if declarations.any_legal() else []
    # each declaration reached once, and exactly the legal ones (the reference's lines)
    assert len(set(walked)) == len(walked)
    assert {line(d) for d in walked} == finalize_lines(doc)
    assert set(walked) == set(declarations)
    for declaration in walked:
        for board in (doc, changed(doc, change)):
            targets = json.loads(line(declaration))["targets"]
            resolving = {**board, "targets": targets}
            resolutions = resolve(parse_scenario(resolving))
            for shares in (False, True):
                answers = reached(first_step(resolutions, shares=shares))
                assert len(set(answers)) == len(answers)
                assert {line(a) for a in answers} == resolve_lines(resolving)
                assert set(answers) == set(resolutions)


def test_the_fixed_order_makes_each_answer_one_sequence() -> None:
    # 4 damage among 2 kept targets of 3 (pool 4 >= 3 targets: all 3 kept, each >= 1):
    # the compositions of 4 into 3 positive parts, C(3, 2) = 3, each reached once.
    doc = scenario_dict([unit("kai", "A", 4), unit("r1"), unit("r2"), unit("r3")],
                        targets={"friendly": "kai", "enemies": ["r1", "r2", "r3"]})
    answers = reached(first_step(resolve(parse_scenario(doc))))
    assert Counter(line(a) for a in answers) == Counter(
        {line_: 1 for line_ in resolve_lines(doc)})
    assert len(answers) == 3


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.lists(st.sampled_from(["north", "base", "south"]), max_size=5))
def test_shares_reach_every_split_of_larger_pools_once(
        pool: int, places: list[str]) -> None:
    # every composition of the pool among the kept targets, each once: against the
    # reference, with pools larger than split_docs' (and targets that have left)
    units = [unit("kai", "A", pool)] + [unit(f"r{i}", location=place)
                                        for i, place in enumerate(places)]
    doc = scenario_dict(units, targets={"friendly": "kai",
                                        "enemies": [f"r{i}" for i in range(len(places))]})
    answers = reached(first_step(resolve(parse_scenario(doc)), shares=True))
    assert Counter(line(a) for a in answers) == Counter(
        {line_: 1 for line_ in resolve_lines(doc)})


def test_shares_split_a_large_pool_in_one_move_a_target() -> None:
    doc = scenario_dict([unit("kai", "A", 1000), unit("r1"), unit("r2"), unit("r3")],
                        targets={"friendly": "kai", "enemies": ["r1", "r2", "r3"]})
    legal = resolve(parse_scenario(doc))
    state = first_step(legal, shares=True)
    assert (state.moves(), state.amounts()) == (("r1",), range(1, 999))
    state = state.play("r1", 500)
    assert (state.moves(), state.amounts()) == (("r2",), range(1, 500))
    state = state.play("r2", 499)
    assert (state.moves(), state.amounts()) == (("r3",), range(1, 2))
    with pytest.raises(ValueError, match=r"2 is not a legal amount now \(phase share\): the "
                       r"legal amounts are 1 to 1"):
        state.play("r3", 2)
    state = state.play("r3", 1)
    assert state.phase == "done" and state.moves() == ()
    assert state.answer is not None and legal.verify(state.answer) == []
    assert line(state.answer) == '{"damage": {"r1": 500, "r2": 499, "r3": 1}}'


def test_a_move_that_is_not_legal_is_refused() -> None:
    doc = scenario_dict([unit("kai", "A", 2), unit("r1"), unit("r2"), unit("r3")],
                        targets={"friendly": "kai", "enemies": ["r1", "r2", "r3"]})
    state = first_step(resolve(parse_scenario(doc)))
    # pool 2 among 3 targets: keep 2, so r3 cannot be the first kept (nothing after it)
    assert state.moves() == ("r1", "r2")
    with pytest.raises(ValueError, match="'r3' is not a legal move now"):
        state.play("r3")
    with pytest.raises(ValueError, match="done is not a legal move now"):
        state.play(DONE)


@settings(max_examples=120, deadline=None)
@given(group_boards(with_targets=True))
def test_group_moves_reach_every_legal_answer_once(doc: dict[str, Any]) -> None:
    scenario = parse_scenario(doc)
    questions = [("finalize", finalize(scenario), finalize_lines)]
    if "targets" in doc:
        questions.append(("resolve", resolve(scenario), resolve_lines))
    for _question, legal, lines in questions:
        try:
            state = first_step(legal)
        except ValueError as refusal:  # a move to a destination of choice, a paid Repeat
            assert "not told apart by the units" in str(refusal) or (
                doc.get("repeat") and "is not answered step by step" in str(refusal))
            return
        walked = reached(state) if legal.any_legal() else []
        assert len(set(map(line_of(legal), walked))) == len(walked)
        assert set(map(line_of(legal), walked)) == lines(doc)


def line_of(legal: Any) -> Any:
    """The CLI's line of an answer of ``legal`` (a group's names its slots)."""
    from riftsolve.faces.render import line as rendered

    return lambda answer: json.dumps(rendered(legal, answer), sort_keys=True)


def test_other_families_and_forfeit_are_refused_by_name() -> None:
    from riftsolve.formats.examples import example_path
    from riftsolve.formats.reading import load_scenario

    joint = load_scenario(example_path("crescent-strike-finalize"))
    with pytest.raises(ValueError, match=r"\(joint family\) is not answered step by step"):
        first_step(finalize(joint))
    moving = load_scenario(example_path("tricksy-tentacles-finalize"))
    with pytest.raises(ValueError, match="Tricksy Tentacles's answers are not told apart by "
                       "the units they choose"):
        first_step(finalize(moving))
    doc = scenario_dict([unit("kai", "A", 3), unit("r1"), unit("r2", location="base")],
                        targets={"friendly": "kai", "enemies": ["r1", "r2"]},
                        policy={"split_illegal": "forfeit"})
    for shares in (False, True):
        with pytest.raises(ValueError, match="split_illegal=forfeit"):
            first_step(resolve(parse_scenario(doc)), shares=shares)
