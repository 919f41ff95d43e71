"""What each slot of a card offers on a board (``slot_options``, and for the faces
``slot_offers``): every value of the slot's kind, those the card allows, and why the others
are ruled out.

On random boards, for every card of every family (the conformance suite's cards and
boards): the page never hides a legal choice (a value chosen in a slot by any legal
declaration is offered), and never offers what the resolution rules illegal (a chosen
target is ruled out on resolution exactly when the family's resolution finds it illegal,
and each resolution's rule trail then says why, in the same words). Every failure cites
a rule the catalogue knows. By hand, on the built-in examples: which values each slot
offers and why the others are ruled out.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import one_target
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from test_conformance import (
    CARDS,
    CONFORMANCE,
    _changed,
    _example_family_registered,  # noqa: F401  (the example family, registered for the module)
    scenarios,
)

from riftsolve.engine.legal import LegalSet
from riftsolve.engine.offers import slot_offers
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.formats.examples import example_path
from riftsolve.formats.format1 import parse_scenario
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Answer
from riftsolve.rules.board import BASE
from riftsolve.rules.core_rules import cited_as, rule
from riftsolve.rules.effects import Effect
from riftsolve.rules.families import family_of, group, joint, registration_of, split
from riftsolve.rules.families.registry import slot_options, slot_shapes
from riftsolve.rules.options import natural
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure

#: A slot's options as ``{value: failure}`` (``None``: it may fill the slot on its own).
Offered = dict[str, dict[str, Failure | None]]


def _offered(scenario: Scenario, resolving: bool) -> Offered:
    """Each slot's options, checked for what every answer has: the slots ``slot_shapes``
    lists, in order; each value once, in natural order; every failure citing a rule the
    catalogue knows; every unit and gear of the board offered to a unit or gear slot, and
    every battlefield, location or player to a slot of that kind."""
    found = slot_options(scenario, resolving)
    shapes = slot_shapes(scenario.effect)
    assert list(found) == [slot["name"] for slot in shapes]
    board = scenario.board
    kinds = {"unit": {u.id for u in board}, "gear": {u.id for u in board},
             "battlefield": set(board.battlefields),
             "location": {*board.battlefields, BASE}, "player": set(board.players())}
    offered: Offered = {}
    for slot in shapes:
        values = [option.value for option in found[slot["name"]]]
        assert values == sorted(set(values), key=natural), values
        assert kinds.get(slot["kind"], set()) <= set(values), (slot, values)
        for option in found[slot["name"]]:
            if option.failure is not None:
                assert rule(option.failure.rule).number == option.failure.rule
                assert option.failure.message
        offered[slot["name"]] = {o.value: o.failure for o in found[slot["name"]]}
    return offered


def _written(shape: str, value: Any) -> list[str]:
    """The ids a slot's value names as a scenario writes it: one id (or null), a list of
    ids, or one id a location (``{"<location>": "<id>"}``)."""
    if shape == "places":
        return list(value.values())
    if shape == "list":
        return list(value)
    return [] if value is None else [value]


def _chosen(declarations: LegalSet[Answer], declaration: Answer) -> list[tuple[str, str]]:
    """Each value a declaration chooses, with its slot, as its line writes its targets."""
    targets = json.loads(json.dumps(render.line(declarations, declaration)))["targets"]
    return [(slot["name"], value) for slot in slot_shapes(declarations.scenario.effect)
            for value in _written(slot["shape"], targets.get(slot["name"]))]


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.slug or c.name)
@CONFORMANCE
@given(data=st.data())
def test_no_legal_choice_is_hidden(card: Effect, data: st.DataObject) -> None:
    """Every value a legal declaration chooses in a slot is offered there: no value ruled
    out is ever chosen by a legal declaration (the verifier agrees: each is legal)."""
    scenario = data.draw(scenarios(card))
    offered = _offered(scenario, resolving=False)
    declarations = finalize(scenario)
    for declaration in declarations:
        for slot, value in _chosen(declarations, declaration):
            assert value in offered[slot], (slot, value)
            assert offered[slot][value] is None, (slot, value, offered[slot][value])


def _illegal_now(scenario: Scenario) -> set[tuple[str, str]]:
    """The chosen targets the family's resolution question finds illegal now, each with
    its slot (read from each family's own resolve problem)."""
    name = registration_of(scenario.effect).name if not isinstance(
        scenario.effect, one_target.OneTarget) else one_target.NAME
    if name == "split":
        problem = split.resolve_problem(scenario)
        chosen = scenario.targets
        assert isinstance(chosen, split.SplitChosen)
        slot = split.split_effect(scenario).split_slot
        return {(slot, unit) for unit, _failure in problem.illegal} | (
            {("friendly", str(chosen.friendly))} if problem.pool_null else set())
    if name == "group":
        slot_of = {unit: slot for slot, units in group.chosen_group(scenario) for unit in units}
        return {(slot_of[unit], unit) for unit, _f in group.resolve_problem(scenario).illegal}
    if name == "joint":
        made = joint.declared(scenario)
        kept = dict(joint.resolve_problem(scenario).fixed)
        return {(pick, str(value)) for pick, value in made.items()
                if value is not None and kept[pick] is None}
    hit = one_target.resolve_problem(scenario).listed[0]
    return set() if hit.unit else {("unit", one_target._chosen(scenario))}


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.slug or c.name)
@CONFORMANCE
@given(data=st.data())
def test_a_chosen_target_is_ruled_out_exactly_when_it_is_illegal_now(
        card: Effect, data: st.DataObject) -> None:
    """Declare on a random board, change the board, ask on resolution (for a dozen of the
    declarations, spread over the listing): a value chosen is ruled out exactly when the
    family's resolution finds it an illegal target, and each resolution's rule trail then
    says why in the same words (the package's families)."""
    scenario = data.draw(scenarios(card))
    declarations = finalize(scenario)
    count = declarations.count()
    assume(count)
    board = _changed(data, scenario.board)
    for index in sorted({*range(0, count, max(1, count // 12)), count - 1}):
        declaration = declarations[index]
        later = dataclasses.replace(scenario, board=board, targets=family_of(
            card).declared_targets(scenario, declaration))
        offered = _offered(later, resolving=True)
        chosen = _chosen(declarations, declaration)
        ruled_out = {(slot, value) for slot, value in chosen
                     if offered[slot][value] is not None}
        assert ruled_out == _illegal_now(later), declaration
        if not type(card).__module__.startswith("riftsolve.") or not ruled_out:
            continue
        resolutions = resolve(later)
        trail = " ".join(s["detail"] for s in resolutions.explain(resolutions[0]))
        for slot, value in ruled_out:
            failure = offered[slot][value]
            assert failure is not None and failure.message in trail, (failure, trail)


def _why(scenario: Scenario, resolving: bool = False) -> dict[str, dict[str, str | None]]:
    """Each slot's options as ``{value: "rule: reason"}`` (``None`` where offered)."""
    return {slot: {value: f"{failure.rule}: {failure.message}" if failure else None
                   for value, failure in found.items()}
            for slot, found in _offered(scenario, resolving).items()}


def test_alpha_strike_mistargeted_by_hand() -> None:
    """Alpha Strike ("Choose a friendly unit. It deals damage equal to its Might split among
    enemy units at battlefields."), A's, on resolution. kai (A's) moved to its base: a
    friendly unit's location does not matter (740.1.a), it is still legal. Of the split
    targets chosen: r1 is at its base, no battlefield (359.3.e.2); r2 is A's now, no
    enemy (359.3.e.2); r3 became untargetable by A (758.1: mistargeted); r4 left the
    board (359.3.e.2; r4-again is a new object, 359.3.e.4); r5 and r6, B's at
    battlefields, are legal. Never chosen: kai and r2 are A's, no enemy units; r4-again
    would be legal."""
    scenario = load_scenario(example_path("alpha-strike-mistargeted"))
    why = _why(scenario, resolving=True)
    assert why["friendly"]["kai"] is None
    assert why["enemies"] == {
        "kai": "359.3.e.2: kai is no longer an enemy unit (controlled by A)",
        "r1": "359.3.e.2: r1 is no longer at a battlefield (at base)",
        "r2": "359.3.e.2: r2 is no longer an enemy unit (controlled by A)",
        "r3": "758.1: r3 became untargetable and is mistargeted",
        "r4": "359.3.e.2: r4 is no longer on the board",
        "r4-again": None, "r5": None, "r6": None}


def test_alpha_strike_friendly_gone_by_hand() -> None:
    """kai, Alpha Strike's friendly unit, left the board before it resolved: no longer a
    legal target (359.3.e.2), its Might is null (359.3.f.2.a); r1 and r2, B's at north,
    are still legal split targets."""
    scenario = load_scenario(example_path("alpha-strike-friendly-gone"))
    why = _why(scenario, resolving=True)
    assert why["friendly"]["kai"] == "359.3.e.2: kai is no longer on the board"
    assert (why["enemies"]["r1"], why["enemies"]["r2"]) == (None, None)


def test_volibear_target_moved_by_hand() -> None:
    """Volibear's split ("among any number of enemy units here"), its source voli at
    north: e2 moved south, no longer here (359.3.e.2); e1 and e3 are still here; voli is
    A's, never an enemy unit."""
    scenario = load_scenario(example_path("volibear-target-moved"))
    why = _why(scenario, resolving=True)["enemies"]
    assert why["e2"] == ("359.3.e.2: e2 is no longer here (here is north; e2 at south)")
    assert (why["e1"], why["e3"]) == (None, None)
    assert why["voli"] == "359.3.e.2: voli is no longer an enemy unit (controlled by A)"


def test_fox_fire_moved_by_hand() -> None:
    """Fox-Fire ("Kill any number of units at a battlefield with total Might 4 or less"):
    r1 and r2 moved to south, r3 and r4 stayed at north. Each is still a unit at a
    battlefield, a legal target on its own (359.3.e.2): that they no longer share one
    battlefield is the group's requirement (355.11.b, a subset is kept), not a target
    made illegal, so nothing is ruled out."""
    scenario = load_scenario(example_path("fox-fire-moved"))
    assert _why(scenario, resolving=True) == {"units": dict.fromkeys(
        ["r1", "r2", "r3", "r4"])}


def test_dragons_rage_by_hand() -> None:
    """Dragon's Rage ("Move an enemy unit. Then do this: ..."), b1 chosen to move to
    north: b1 is still an enemy unit, legal (359.3.e.2); a1 is A's. The destination is
    chosen, not a target (355.4): it is not checked again; south would not be valid for
    b1 (already there, 355.4.a) but was never chosen, and every location is one."""
    scenario = load_scenario(example_path("dragons-rage-resolve"))
    why = _why(scenario, resolving=True)
    assert why["enemy"] == {
        "a1": "359.3.e.2: a1 is no longer an enemy unit (controlled by A)",
        "b1": None, "b2": None, "b3": None}
    assert why["destination"] == {"base": None, "north": None, "south": None}


def test_what_each_family_offers_as_it_is_declared() -> None:
    """By hand, as the card is declared. Alpha Strike with 1 Power left: r9's Deflect 2 is
    more than that (809), though it is an enemy unit at a battlefield. Fox-Fire (total
    Might 4 or less): r5, Might 5, is over the cap on its own (355.11); g1, a gear, is no
    unit; r2 at a base is at no battlefield. Crescent Strike ("Choose a battlefield and an
    enemy unit there"): each battlefield, and each enemy unit on its own, r2 at its base
    too ("there" links the two picks: no battlefield pairs with r2, but that is the
    pair's requirement, not r2's); a1 is A's."""
    units = [{"id": "a1", "controller": "A", "might": 2, "location": "north"},
             {"id": "r1", "controller": "B", "might": 1, "location": "north"},
             {"id": "r2", "controller": "B", "might": 1, "location": "base"},
             {"id": "r5", "controller": "B", "might": 5, "location": "south"},
             {"id": "r9", "controller": "B", "might": 1, "location": "south", "deflect": 2},
             {"id": "g1", "controller": "B", "type": "gear", "location": "north"}]

    def scenario(card: str, **top: Any) -> Scenario:
        return parse_scenario({"format": 1, "controller": "A", "card": card, "rules": "1.4",
                               "battlefields": ["north", "south"], "units": units, **top})

    alpha = _why(scenario("Alpha Strike", available_power=1))
    assert alpha["friendly"] == {
        "a1": None, "g1": "355.9.b: g1 is not a unit (it is a gear)",
        **{r: f"740.1.a: {r} is not a friendly unit (controlled by B)"
           for r in ("r1", "r2", "r5", "r9")}}
    assert alpha["enemies"] == {
        "a1": "740.1: a1 is not an enemy unit (controlled by A)",
        "g1": "355.9.b: g1 is not a unit (it is a gear)", "r1": None,
        "r2": "355.9.b: r2 is not at a battlefield (at base)", "r5": None,
        "r9": "809: Deflect costs 2 Power but only 1 is available"}
    fox = _why(scenario("Fox-Fire"))["units"]
    assert fox["r5"] == "355.11: total Might 5 is over 4 (negative Might counts as 0, 143.2.b)"
    assert fox["g1"] == "355.9.b: g1 is not a unit (it is a gear)"
    assert fox["r2"] == "355.9.b: r2 is not at a battlefield (at base)"
    assert [unit for unit, why in fox.items() if why is None] == ["a1", "r1", "r9"]
    crescent = _why(scenario("Crescent Strike"))
    assert crescent["battlefield"] == {"north": None, "south": None}
    assert [unit for unit, why in crescent["enemy"].items() if why is None] == [
        "r1", "r2", "r5", "r9"]
    assert crescent["enemy"]["a1"] == "355.9.b: a1 is not an enemy unit (controlled by A)"


def test_the_faces_read_each_slot_with_its_rule_as_the_text_numbers_it() -> None:
    """``slot_offers``: each slot as ``slot_shapes`` writes it, every option JSON-ready,
    a rule cited with the number of the scenario's Core Rules text (1.2 numbers 355.9.b
    352.9.b); a combat has no slot to offer."""
    scenario = dataclasses.replace(load_scenario(example_path("alpha-strike-mistargeted")),
                                   rules="1.2")
    offers = slot_offers(scenario, resolving=False)
    assert [(o.name, o.shape, o.kind) for o in offers] == [
        ("friendly", "one", "unit"), ("enemies", "list", "unit")]
    shown = json.loads(json.dumps(offers[1].as_json()))  # (JSON-ready)
    assert set(shown) == {"name", "shape", "kind", "options"}
    r1 = next(o for o in shown["options"] if o["value"] == "r1")
    assert r1 == {"value": "r1", "legal": False, "rule": cited_as("355.9.b", "1.2")["rule"],
                  "reason": "r1 is not at a battlefield (at base)"}
    assert r1["rule"] != "355.9.b"
    assert all(o["legal"] == (o["rule"] is None) == (o["reason"] is None)
               for o in shown["options"])
    assert slot_offers(load_scenario(example_path("combat-spec-example"))) == []
