"""The compiled group cards against the independent reference (``tests/reference/``).

Each card of ``test_conformance.COMPILED`` that chooses a group of units is written here by
hand as an inline group effect, from its text (not from the compiler's output, so that a
compiler mistake shows). On random small boards:

* the engine's finalize lines for the inline effect are the reference's
  (``reference.group_declarations``);
* after the board changes (units moved, buffed, changing hands), its resolve lines for one
  of those declarations are the reference's (``reference.group_resolutions``);
* the compiled card, read from a user card library, answers both questions with the same
  lines as the hand-written inline effect.

Random inline group effects (any slots, what each chooses, requirement, move, Hidden,
Repeat) and the library's group cards written inline are checked against the reference the
same way. Boards hold gear (``"type": "gear"``, no ``might``) as well as units.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import reference
from conftest import TEXTS_FOR_SUBSET
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_conformance import COMPILED

from riftsolve.cards.store import write_library
from riftsolve.compiler.card import compile_card
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.effects.group import GroupTargets
from riftsolve.rules.limits import ScenarioError

Doc = dict[str, Any]

#: The texts of the compiled group cards, as ``test_conformance.COMPILED`` compiles them.
TEXTS: dict[str, str] = {
    "Singularity": "Deal 6 to each of up to two units.",
    "Raider": "When I attack, deal 3 to an enemy unit here.",
    "Bodyguard": "Stun another friendly unit.",
    "Vengeance": "Kill a unit.",
    "Charm": "Move an enemy unit.",
    "Rally": "Buff up to two friendly units at a battlefield.",
    "Cull": "Kill any number of enemy units here each with 2 Might or less.",
    "Detonate": "Kill a gear. Its controller draws 2.",
    "Scrap": "Kill a unit or gear.",
}

#: Each text as an inline group, read by hand. No location word: anywhere on the board
#: (355.9.a.1); "a unit": exactly one (one id); "up to two": 0 to 2 (355.13); "here": the
#: source's battlefield (359.3.f.2); "another": not the source; "Move": to a location
#: chosen at finalization (355.4); "at a battlefield" for a group: one battlefield that they
#: all share (the Fox-Fire reading, 355.11); "any number": no bound (355.13); "each with N
#: Might or less": each member's own Might (143.2.b); "a gear": only a gear, "a unit or
#: gear": either (355.9.b), one slot named for what it chooses; "Its controller draws 2":
#: not a choice (355.10.d), so not modelled.
INLINE: dict[str, dict[str, Any]] = {
    "Singularity": {"action": "deal", "damage": 6, "slots": [
        {"name": "units", "among": "any", "at": "board", "least": 0, "most": 2}]},
    "Raider": {"action": "deal", "damage": 3, "slots": [
        {"name": "units", "among": "enemy", "at": "here", "least": 1, "most": 1}]},
    "Bodyguard": {"action": "stun", "slots": [
        {"name": "units", "among": "friendly", "at": "board", "least": 1, "most": 1,
         "other": True}]},
    "Vengeance": {"action": "kill", "slots": [
        {"name": "units", "among": "any", "at": "board", "least": 1, "most": 1}]},
    "Charm": {"action": "move", "destination": True, "slots": [
        {"name": "units", "among": "enemy", "at": "board", "least": 1, "most": 1}]},
    "Rally": {"action": "affect", "verb": "buff", "share": "battlefield", "slots": [
        {"name": "units", "among": "friendly", "at": "battlefield", "least": 0, "most": 2}]},
    "Cull": {"action": "kill", "slots": [
        {"name": "units", "among": "enemy", "at": "here", "least": 0, "might_at_most": 2}]},
    "Detonate": {"action": "kill", "slots": [
        {"name": "gear", "among": "any", "at": "board", "least": 1, "most": 1,
         "kinds": ["gear"]}]},
    "Scrap": {"action": "kill", "slots": [
        {"name": "units", "among": "any", "at": "board", "least": 1, "most": 1,
         "kinds": ["unit", "gear"]}]},
}

#: The library's group cards (but Elder Dragon, whose slot is a map) written inline, in
#: the reference's slot names; each is checked against the reference's own card.
LIBRARY_INLINE: dict[str, dict[str, Any]] = {
    "Fox-Fire": {"action": "kill", "hidden": True, "might_cap": 4, "share": "battlefield",
                 "slots": [{"name": "units", "at": "battlefield"}]},
    "Tricksy Tentacles": {"action": "move", "destination": True, "might_cap": 8,
                          "same_controller": True,
                          "slots": [{"name": "units", "among": "enemy", "at": "board"}]},
    "Decree of Discord": {"action": "return-to-hand", "might_cap": 5, "slots": [
        {"name": "units", "among": "enemy", "at": "board", "tags": ["Order"]}]},
    "Bellows Breath": {"action": "deal", "damage": 1, "share": "location", "repeat": True,
                       "slots": [{"name": "units", "at": "board", "most": 3}]},
    "Facebreaker": {"action": "stun", "hidden": True, "share": "battlefield", "slots": [
        {"name": "friendly", "among": "friendly", "least": 1, "most": 1},
        {"name": "enemy", "among": "enemy", "least": 1, "most": 1}]},
    "Switcheroo": {"action": "swap-might", "hidden": True, "share": "battlefield", "slots": [
        {"name": "units", "least": 2, "most": 2}]},
}

#: Where units stand: mostly at battlefields, so that most choices are valid.
PLACES = ("north", "south", "north", "base", "offboard")
#: What a slot of a random inline group chooses (None: the field left out, units).
KINDS: tuple[list[str] | None, ...] = (None, ["unit"], ["gear"], ["unit", "gear"])

ORACLE = settings(max_examples=40, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def canonical(line: dict[str, Any]) -> str:
    """A line as the reference writes it."""
    return json.dumps(line, sort_keys=True)


def engine_lines(doc: Doc, question: str, cards: Path | None = None) -> set[str]:
    """The engine's CLI lines for ``question`` (finalize or resolve), each listed once."""
    scenario = parse_scenario(doc, cards=cards)
    legal = finalize(scenario) if question == "finalize" else resolve(scenario)
    lines = [canonical(render.line(legal, answer)) for answer in legal]
    assert len(lines) == len(set(lines)) == legal.count()
    return set(lines)


def chooses_gear(group: dict[str, Any]) -> bool:
    """Whether a slot of ``group`` may take a gear (355.9.b)."""
    return any("gear" in (s.get("kinds") or ["unit"]) for s in group["slots"])


def needs_source(group: dict[str, Any]) -> bool:
    """"here" and "another" are relative to the source unit (359.3.f.2)."""
    return any(s.get("at") == "here" or s.get("other") for s in group["slots"])


@pytest.fixture(scope="module")
def compiled_library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A user card library holding the compiled cards."""
    folder = tmp_path_factory.mktemp("compiled-cards")
    write_library(folder, [compile_card(name, text) for name, text in TEXTS.items()])
    yield folder


# ---------------------------------------------------------------------------------------------
# Boards
# ---------------------------------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn, name: str, group: dict[str, Any], text: str = "",
           most_units: int = 5) -> Doc:
    """A random board of up to ``most_units`` units for an inline group effect: players A
    (the controller), B and C (sometimes A's teammate, sometimes B's), Deflect, untargetable
    units, tags, a Power budget, a source where the effect needs one, Hidden and Repeat where
    it has them. An entry is a gear (no ``might``) 1 time in 6, 1 in 3 where a slot may
    choose gear.
    """
    odds = 3 if chooses_gear(group) else 6
    units: list[dict[str, Any]] = []
    for index in range(draw(st.integers(1, most_units))):
        unit: dict[str, Any] = {
            "id": f"u{index}",
            "controller": draw(st.sampled_from("AABBC")),
            "might": draw(st.sampled_from((1, 2, 3, 0, 4, -1, 5))),
            "location": draw(st.sampled_from(PLACES)),
            "deflect": draw(st.sampled_from((0, 0, 1, 2))),
            "tags": draw(st.sampled_from(([], ["Order"], ["Order", "Chaos"]))),
        }
        if draw(st.integers(1, odds)) == 1:
            del unit["might"]  # a gear has no Might
            unit["type"] = "gear"
        if draw(st.integers(0, 5)) == 0:
            unit["untargetable"] = draw(st.sampled_from(("enemy", "all")))
        for state in ("exhausted", "stunned", "buffed"):
            if draw(st.integers(0, 3)) == 0:
                unit[state] = True
        units.append(unit)
    doc: Doc = {
        "format": 1, "controller": "A", "battlefields": ["north", "south"], "units": units,
        "effect": {"name": name, "text": text, "group": group},
        "policy": {"group_subset": draw(st.sampled_from(["maximal", "any"]))},
    }
    # 'any' is a reading of texts before 2026-10-09, whose 355.11.b.1 requires 'maximal'
    doc["rules"] = draw(st.sampled_from(TEXTS_FOR_SUBSET[doc["policy"]["group_subset"]]))
    if draw(st.integers(0, 3)) == 0:  # (C A's teammate, or B's: 447.2.b for enemy moves)
        doc["teams"] = draw(st.sampled_from(([["A", "C"]], [["B", "C"]])))
    if draw(st.booleans()):
        doc["available_power"] = draw(st.integers(0, 3))
    if needs_source(group):
        # usually one of A's units at a battlefield (an attacker); sometimes any unit
        mine = [u["id"] for u in units if u["controller"] == "A"
                and u["location"] in ("north", "south")]
        anyone = not mine or draw(st.integers(0, 3)) == 0
        pool = [u["id"] for u in units] if anyone else mine
        doc["source"] = draw(st.sampled_from(pool))
    if group.get("hidden") and draw(st.booleans()):
        doc["from_hidden"] = draw(st.sampled_from(("north", "south")))
    if group.get("repeat") and len(units) <= 4 and draw(st.booleans()):
        doc["repeat"] = True
    return doc


@st.composite
def later(draw: st.DrawFn, doc: Doc, declared: str) -> Doc:
    """The board some time after ``declared`` was finalized: units moved (``offboard``: they
    left the board), buffed or weakened (a unit: a gear has no Might), some changing hands;
    with its targets."""
    units = []
    for u in doc["units"]:
        changed = dict(u)
        if draw(st.integers(0, 2)) == 0:
            changed["location"] = draw(st.sampled_from(PLACES))
        if "might" in u and draw(st.integers(0, 2)) == 0:
            changed["might"] = u["might"] + draw(st.sampled_from((1, 1, 3, -2, 6)))
        if draw(st.integers(0, 7)) == 0:
            changed["controller"] = draw(st.sampled_from("ABC"))
        units.append(changed)
    return {**doc, "units": units, "targets": json.loads(declared)["targets"]}


@st.composite
def inline_slots(draw: st.DrawFn, index: int) -> dict[str, Any]:
    """A random slot: whose, where, how many, tags, "another", each one's Might, what it
    chooses (units, gear or either)."""
    most: int | None = draw(st.sampled_from((None, None, 1, 2, 3)))
    least: int = draw(st.sampled_from((0, 0, 1)))
    slot: dict[str, Any] = {
        "name": f"s{index}",
        "among": draw(st.sampled_from(("any", "enemy", "friendly"))),
        "at": draw(st.sampled_from(("battlefield", "board", "here"))),
        "least": least if most is None else min(least, most),
        "most": most,
        "tags": draw(st.sampled_from(([], [], ["Order"]))),
        "other": draw(st.sampled_from((False, False, True))),
        "might_at_most": draw(st.sampled_from((None, None, 0, 2))),
        "own": draw(st.sampled_from((False, False, True))),
        "states": draw(st.sampled_from(([], [], [], ["buffed"], ["ready"], ["exhausted"],
                                        ["stunned", "buffed"]))),
    }
    kinds = draw(st.sampled_from(KINDS))
    if kinds is not None:
        slot["kinds"] = kinds
    return slot


@st.composite
def inline_groups(draw: st.DrawFn) -> dict[str, Any]:
    """A random inline group effect: one or two slots, any requirement, a move or not,
    Hidden and Repeat or not."""
    slots = [draw(inline_slots(index)) for index in range(draw(st.integers(1, 2)))]
    group: dict[str, Any] = {
        "action": draw(st.sampled_from(("kill", "stun", "affect", "move"))),
        "slots": slots,
        "might_cap": draw(st.sampled_from((None, None, 0, 3, 5))),
        "share": draw(st.sampled_from(("nothing", "battlefield", "location"))),
        "same_controller": draw(st.booleans()),
        "hidden": draw(st.booleans()),
        "repeat": draw(st.sampled_from((False, False, True))),
    }
    group["destination"] = group["action"] == "move"
    return group


# ---------------------------------------------------------------------------------------------
# The compiled cards, written inline
# ---------------------------------------------------------------------------------------------


def test_the_hand_written_cards_are_the_compiled_group_cards() -> None:
    """Every group card of ``COMPILED`` is written inline here, from the same text."""
    groups = [effect for effect in COMPILED if isinstance(effect, GroupTargets)]
    assert sorted(effect.name for effect in groups) == sorted(INLINE) == sorted(TEXTS)
    for effect in groups:
        assert compile_card(effect.name, TEXTS[effect.name]) == effect


@pytest.mark.parametrize("name", sorted(INLINE))
@ORACLE
@given(data=st.data())
def test_inline_declarations_match_the_reference(name: str, data: st.DataObject) -> None:
    doc = data.draw(boards(name, INLINE[name], TEXTS[name]))
    assert engine_lines(doc, "finalize") == reference.group_declarations(doc)


@pytest.mark.parametrize("name", sorted(INLINE))
@ORACLE
@given(data=st.data())
def test_inline_resolutions_match_the_reference(name: str, data: st.DataObject) -> None:
    doc = data.draw(boards(name, INLINE[name], TEXTS[name]))
    declared = sorted(reference.group_declarations(doc))
    assume(declared)
    chosen = data.draw(st.sampled_from(declared))
    now = data.draw(later(doc, chosen))
    assert engine_lines(now, "resolve") == reference.group_resolutions(now)


@pytest.mark.parametrize("name", sorted(INLINE))
@ORACLE
@given(data=st.data())
def test_the_compiled_card_answers_as_its_inline_effect(
        name: str, data: st.DataObject, compiled_library: Path) -> None:
    """The compiled card from a user library, on the same board: the same finalize lines,
    and the same resolve lines for one of them after the board changed."""
    doc = data.draw(boards(name, INLINE[name], TEXTS[name]))
    as_card = {key: value for key, value in doc.items() if key != "effect"} | {"card": name}
    declared = engine_lines(as_card, "finalize", compiled_library)
    assert declared == engine_lines(doc, "finalize") == reference.group_declarations(doc)
    assume(declared)
    chosen = data.draw(st.sampled_from(sorted(declared)))
    now = data.draw(later(doc, chosen))
    now_card = {key: value for key, value in now.items() if key != "effect"} | {"card": name}
    assert (engine_lines(now_card, "resolve", compiled_library)
            == engine_lines(now, "resolve") == reference.group_resolutions(now))


# ---------------------------------------------------------------------------------------------
# Any inline group effect; the library's group cards written inline
# ---------------------------------------------------------------------------------------------


@ORACLE
@given(data=st.data())
def test_random_inline_groups_match_the_reference(data: st.DataObject) -> None:
    """Any inline group: finalize, then resolve one declaration on a changed board."""
    group = data.draw(inline_groups())
    doc = data.draw(boards("Random", group, most_units=4))
    try:
        parse_scenario(doc)
    except ScenarioError:  # a definition the format refuses: not a question
        assume(False)
    declared = reference.group_declarations(doc)
    assert engine_lines(doc, "finalize") == declared
    assume(declared)
    chosen = data.draw(st.sampled_from(sorted(declared)))
    now = data.draw(later(doc, chosen))
    assert engine_lines(now, "resolve") == reference.group_resolutions(now)


@pytest.mark.parametrize("name", sorted(LIBRARY_INLINE))
@ORACLE
@given(data=st.data())
def test_the_library_cards_inline_match_the_card_reference(name: str, data: st.DataObject
                                                           ) -> None:
    """Two readings in the reference agree: the generic inline one and the card's own."""
    group = LIBRARY_INLINE[name]
    doc = data.draw(boards(name, group, most_units=4))
    as_card = {key: value for key, value in doc.items() if key != "effect"} | {"card": name}
    declared = reference.group_declarations(doc)
    assert declared == reference.finalize_lines(as_card)
    assert engine_lines(doc, "finalize") == declared
    assume(declared)
    chosen = data.draw(st.sampled_from(sorted(declared)))
    now = data.draw(later(doc, chosen))
    now_card = {key: value for key, value in now.items() if key != "effect"} | {"card": name}
    assert reference.group_resolutions(now) == reference.resolve_lines(now_card)
    assert engine_lines(now, "resolve") == reference.group_resolutions(now)


def test_a_group_sharing_a_battlefield_is_at_a_battlefield() -> None:
    """``share: "battlefield"`` is "at the same battlefield" (355.11): every member at one
    battlefield. A unit at a base is at no battlefield (a base is a location, not a
    battlefield: 198.1, 107.1.b), so even with slots "anywhere on the board" it can't be
    in such a group (nor could several units at one base): the one declaration is
    the empty group (355.13). On resolution, a kept target now at a base is out too."""
    group = {"action": "kill", "share": "battlefield",
             "slots": [{"name": "units", "among": "enemy", "at": "board"}]}
    doc: Doc = {"format": 1, "controller": "A", "battlefields": ["north", "south"],
                "units": [{"id": "r1", "controller": "B", "might": 1, "location": "base"}],
                "effect": {"name": "Test", "text": "", "group": group}}
    assert reference.group_declarations(doc) == {canonical(
        {"targets": {"units": []}, "deflect_cost": 0})}
    assert engine_lines(doc, "finalize") == reference.group_declarations(doc)
    now = {**doc, "units": [*doc["units"], {"id": "r2", "controller": "B", "might": 1,
                                            "location": "north"}],
           "targets": {"units": ["r1", "r2"]}}
    assert reference.group_resolutions(now) == {canonical({"affected": ["r2"]})}
    assert engine_lines(now, "resolve") == reference.group_resolutions(now)
