"""Joint choices (CR 1.4 355.5-355.17), hand-worked by a judge: for each of the 13 joint
cards and the 2 group cards of the joint-choice contract, small boards whose every legal
declaration (``finalize``) or resolution (``resolve``) is worked out in the docstring from
the rules, then compared line for line with the engine, and counted.

Players: A is the controller; B, C, D, ... are opponents unless ``teams`` says otherwise
(740.1.a-b). Readings used throughout (the contract's):
- 355.8: every pick not marked "up to one" must hold a valid object, or the card can't be
  declared that way; 355.13: an "up to one" pick may be left empty (null).
- 355.12: a "you may" pick is still made at finalization; declining it is a resolution
  choice.
- 355.4.a: a moved unit can't be moved to where it already is (a chosen destination and
  "at a different location" picks).
- 355.9.b / 355.9.c: links between picks ("there", "at its location", "at a different
  location", "same controller", "another") are checked with the objects chosen earlier.
- 355.10.e: destinations, costs' choices and other players' choices are not targets: no
  Deflect, and untargetability does not stop them.
- 757/758.1: an ``untargetable`` unit can't be a target ("enemy": of an opponent's choice).
- 809: choosing an enemy object as a target costs its Deflect in Power.
- 359.3.e.2: on resolution a target no longer meeting its restrictions (or its link to
  another target) is null; 359.3.e.5 / 811.1.d.2: from Hidden, a target that must be at
  the Hidden battlefield and is not is null.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest

import riftsolve as rs
from riftsolve.faces import render
from riftsolve.faces.cli import main
from riftsolve.rules.answers.group import GroupDeclaration
from riftsolve.rules.answers.joint import Choice, Executed

# ------------------------------------------------------------------ helpers


def _u(uid: str, controller: str, location: str, might: int = 1, **extra: Any
       ) -> dict[str, Any]:
    """A unit of the board."""
    return {"id": uid, "controller": controller, "might": might, "location": location,
            **extra}


def _gear(uid: str, controller: str, location: str, **extra: Any) -> dict[str, Any]:
    """A gear (no Might, never a "unit")."""
    return {"id": uid, "controller": controller, "location": location, "type": "gear",
            **extra}


def _doc(card: str, units: list[dict[str, Any]],
         battlefields: tuple[str, ...] = ("north", "south"), **top: Any) -> dict[str, Any]:
    """A scenario document controlled by player A."""
    return {"format": 1, "controller": "A", "card": card,
            "battlefields": list(battlefields), "units": units, **top}


def _dec(deflect: int, **targets: str | None) -> str:
    """One finalize line: the targets declared and their Deflect cost."""
    return json.dumps({"targets": targets, "deflect_cost": deflect}, sort_keys=True)


def _res(declined: tuple[str, ...] = (), **picks: str | None) -> str:
    """One resolve line: every pick, and the declined "you may" picks (when any)."""
    line: dict[str, Any] = {"picks": picks}
    if declined:
        line["declined"] = list(declined)
    return json.dumps(line, sort_keys=True)


def _group_dec(units: list[str], deflect: int = 0) -> str:
    return json.dumps({"targets": {"units": sorted(units)}, "deflect_cost": deflect},
                      sort_keys=True)


def _line(legal: Any, answer: Any) -> str:
    """An answer's JSON line, keys sorted (group answers need the card's slots)."""
    if isinstance(answer, GroupDeclaration):
        return json.dumps(render.line(legal, answer), sort_keys=True)
    return json.dumps(answer.as_json(), sort_keys=True)


def _check_finalized(doc: dict[str, Any], want: list[str]) -> None:
    """The engine's declarations are exactly ``want``, each once, as many as count()."""
    legal = rs.finalize(rs.parse_scenario(doc))
    assert legal.count() == len(want)
    lines = sorted(_line(legal, a) for a in legal)
    assert lines == sorted(want)
    assert len(set(lines)) == len(lines)


def _check_resolved(doc: dict[str, Any], want: list[str]) -> None:
    """The engine's resolutions are exactly ``want``, each once, as many as count()
    (the count is checked first: it does not list)."""
    legal = rs.resolve(rs.parse_scenario(doc))
    assert legal.count() == len(want)
    lines = sorted(_line(legal, a) for a in legal)
    assert lines == sorted(want)
    assert len(set(lines)) == len(lines)


# ------------------------------------------------------------------ Crescent Strike


def test_crescent_strike_enemy_there_deflect_and_untargetable() -> None:
    """Crescent Strike: battlefield (any; a target), enemy (an enemy unit AT that
    battlefield, 355.9.b; a target).

    north: a1 (A: friendly, not an enemy), b1 (B), b2 (B, Deflect 1), gb (B's gear: a gear
    is never a unit); south: b3 (B, untargetable "enemy": A is its opponent, 757/758.1);
    b4 (B) is at its base, not at a battlefield.
    - battlefield north: enemy b1 (cost 0) or b2 (809: cost 1).
    - battlefield south: its only enemy b3 can't be targeted, so south has no valid
      enemy and can't be declared (355.8: both picks are required).
    2 declarations; with available_power 0, b2's Deflect can't be paid: 1.
    """
    units = [_u("a1", "A", "north"), _u("b1", "B", "north"),
             _u("b2", "B", "north", deflect=1), _gear("gb", "B", "north"),
             _u("b3", "B", "south", untargetable="enemy"), _u("b4", "B", "base")]
    doc = _doc("Crescent Strike", units)
    _check_finalized(doc, [_dec(0, battlefield="north", enemy="b1"),
                           _dec(1, battlefield="north", enemy="b2")])
    _check_finalized({**doc, "available_power": 0},
                     [_dec(0, battlefield="north", enemy="b1")])


def test_crescent_strike_teams_make_a_teammate_no_enemy() -> None:
    """740.1.a-b, teams [[A, C]]: C is A's teammate (friendly), B and D are opponents.
    north: b1 (B); south: c1 (C: friendly, not an enemy), d1 (D: enemy).
    Declarations: (north, b1), (south, d1) = 2; (south, c1) is not one."""
    units = [_u("a1", "A", "base"), _u("b1", "B", "north"), _u("c1", "C", "south"),
             _u("d1", "D", "south")]
    doc = _doc("Crescent Strike", units, teams=[["A", "C"]])
    _check_finalized(doc, [_dec(0, battlefield="north", enemy="b1"),
                           _dec(0, battlefield="south", enemy="d1")])


def test_crescent_strike_enemy_no_longer_there_is_null_on_resolution() -> None:
    """359.3.e.2: declared (north, b2); b2 has since moved to south. The battlefield is
    still a battlefield in play; the enemy's link "there" (355.9.b) fails on the board
    now, so the enemy pick (which carries it) is null. No "you may": 1 resolution."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "north"),
             _u("b2", "B", "south", deflect=1)]
    doc = _doc("Crescent Strike", units, targets={"battlefield": "north", "enemy": "b2"})
    _check_resolved(doc, [_res(battlefield="north", enemy=None)])


def test_crescent_strike_enemy_that_changed_control_is_null() -> None:
    """359.3.e.2: declared (north, b1); b1 is now controlled by A: no longer an enemy
    unit (740.1.b), so the enemy pick is null. 1 resolution."""
    units = [_u("b1", "A", "north"), _u("b2", "B", "north")]
    doc = _doc("Crescent Strike", units, targets={"battlefield": "north", "enemy": "b1"})
    _check_resolved(doc, [_res(battlefield="north", enemy=None)])


def test_crescent_strike_an_illegal_target_still_there_takes_no_splash() -> None:
    """359.3.e.5: declared (north, b1); b1 has since become untargetable by A (758.1) and
    is still an enemy at north. It is unaffected: not dealt the 4, and not one of "each
    other enemy unit there" either (it is still "that unit"). b2 (B, north) is: 1.
    a1 (A) is friendly. Damage dealt: b2 1, and nothing else."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "north", untargetable="enemy"),
             _u("b2", "B", "north")]
    doc = _doc("Crescent Strike", units, targets={"battlefield": "north", "enemy": "b1"})
    legal = rs.resolve(rs.parse_scenario(doc))
    [answer] = list(legal)
    assert [w["detail"] for w in legal.explain(answer) if w["rule"] == "359.3.e.8"] == [
        "damage dealt: b2 1"]


# ------------------------------------------------------------------ Resonating Strike


def test_resonating_strike_battlefield_you_control_and_unit_elsewhere() -> None:
    """Resonating Strike: battlefield (controlled by A), friendly (a unit A controls,
    anywhere on the board, not at that battlefield: 355.4.a, 355.9.c). Both targets.

    battlefield_control: north A, south B. So only north can be chosen.
    a1 (A, north): already there, out. a2 (A, south, untargetable "enemy"): A is not its
    opponent, so A may target it (757). a3 (A, base): fine. a4 (A, offboard): never.
    a5 (A, base, untargetable "all"): no one may target it. b1 (B, north): not friendly.
    Declarations: (north, a2), (north, a3) = 2."""
    units = [_u("a1", "A", "north"), _u("a2", "A", "south", untargetable="enemy"),
             _u("a3", "A", "base"), _u("a4", "A", "offboard"),
             _u("a5", "A", "base", untargetable="all"), _u("b1", "B", "north")]
    doc = _doc("Resonating Strike", units, battlefield_control={"north": "A", "south": "B"})
    _check_finalized(doc, [_dec(0, battlefield="north", friendly="a2"),
                           _dec(0, battlefield="north", friendly="a3")])


def test_resonating_strike_teammates_battlefield_and_unit() -> None:
    """740.1.a, teams [[A, C]]: a teammate's objects are friendly, but "you control" is
    what A controls itself (C controls its own; the OGN FAQ reads "your" the same way).
    Battlefields north (A), south (C), east (B). Units a1 (A, north), a2 (A, base), c1 (C,
    base), b1 (B, south).
    - north (A's): a unit A controls not at north: a2.
    - south (C's), east (B's): not A's.
    1 declaration."""
    units = [_u("a1", "A", "north"), _u("a2", "A", "base"), _u("c1", "C", "base"),
             _u("b1", "B", "south")]
    doc = _doc("Resonating Strike", units, battlefields=("north", "south", "east"),
               teams=[["A", "C"]],
               battlefield_control={"north": "A", "south": "C", "east": "B"})
    _check_finalized(doc, [_dec(0, battlefield="north", friendly="a2")])


def _resonating_hidden_board() -> list[dict[str, Any]]:
    return [_u("a1", "A", "north"), _u("a2", "A", "base"), _u("a3", "A", "south"),
            _u("b1", "B", "south")]


def test_resonating_strike_not_from_hidden() -> None:
    """A controls north and south; a1 (north), a2 (base), a3 (south); b1 (B, south).
    north with a2 or a3; south with a1 or a2: 4 declarations."""
    doc = _doc("Resonating Strike", _resonating_hidden_board(),
               battlefield_control={"north": "A", "south": "A"})
    _check_finalized(doc, [_dec(0, battlefield="north", friendly="a2"),
                           _dec(0, battlefield="north", friendly="a3"),
                           _dec(0, battlefield="south", friendly="a1"),
                           _dec(0, battlefield="south", friendly="a2")])


def test_resonating_strike_from_hidden_battlefield_is_the_hidden_one() -> None:
    """811.1.d.2 / 811.1.d.2.a, same board played from Hidden at south. The battlefield
    pick's own restriction is only "a battlefield you control": nothing makes the Hidden
    battlefield impossible for it, so it must be south itself. The friendly pick carries
    "at a different location from the battlefield", and that battlefield (south) is the
    Hidden one: exempt, a1 or a2.
    (north, a3) is NOT legal: a3 stands at south, but the battlefield chosen, north, is
    not the Hidden battlefield and no restriction of its own excuses it.
    2 declarations (the engine also lists (north, a3))."""
    doc = _doc("Resonating Strike", _resonating_hidden_board(),
               battlefield_control={"north": "A", "south": "A"}, from_hidden="south")
    _check_finalized(doc, [_dec(0, battlefield="south", friendly="a1"),
                           _dec(0, battlefield="south", friendly="a2")])


def test_resonating_strike_from_hidden_unit_already_there_is_null() -> None:
    """359.3.e.2: from Hidden at south, declared (south, a1); a1 has since moved to south
    itself: the link "at a different location" fails, the friendly pick is null; the
    battlefield (still A's, and the Hidden one) stays. 1 resolution."""
    units = [_u("a1", "A", "south"), _u("b1", "B", "south")]
    doc = _doc("Resonating Strike", units, battlefield_control={"south": "A"},
               from_hidden="south", targets={"battlefield": "south", "friendly": "a1"})
    _check_resolved(doc, [_res(battlefield="south", friendly=None)])


def test_resonating_strike_battlefield_lost_is_null() -> None:
    """359.3.e.2: declared (north, a1) while A controlled north; B controls north now:
    the battlefield no longer meets "you control" and is null; a1 (south) is still a
    friendly unit not at north, so it stays. 1 resolution."""
    units = [_u("a1", "A", "south"), _u("b1", "B", "north")]
    doc = _doc("Resonating Strike", units, battlefield_control={"north": "B"},
               targets={"battlefield": "north", "friendly": "a1"})
    _check_resolved(doc, [_res(battlefield=None, friendly="a1")])


# ------------------------------------------------------------------ Moonfall


def test_moonfall_up_to_one_enemy_anywhere() -> None:
    """Moonfall: battlefield (one where A has at least one UNIT), enemy (up to one, 355.13:
    an enemy unit anywhere on the board; "you may", 355.12: still chosen now). "To that
    battlefield" is a destination the card names, chosen by no one (355.4): an enemy
    already there is a legal target whose move does nothing.

    north: a1 (A), b3 (B); south: ga (A's gear: not a unit, so south doesn't qualify),
    b1 (B, Deflect 2); base: b2 (B); b4 (B) offboard.
    Battlefield: north only. Enemy: null, b1 (cost 2), b2, b3 (cost 0); b4 is off the
    board. 4 declarations; with available_power 1, b1 is out: 3.
    With specified_destination=elsewhere (355.4.a read for every move) b3, already at
    north, is out too: 3, and 2."""
    units = [_u("a1", "A", "north"), _u("b3", "B", "north"), _gear("ga", "A", "south"),
             _u("b1", "B", "south", deflect=2), _u("b2", "B", "base"),
             _u("b4", "B", "offboard")]
    doc = _doc("Moonfall", units)
    _check_finalized(doc, [_dec(0, battlefield="north", enemy=None),
                           _dec(2, battlefield="north", enemy="b1"),
                           _dec(0, battlefield="north", enemy="b2"),
                           _dec(0, battlefield="north", enemy="b3")])
    _check_finalized({**doc, "available_power": 1},
                     [_dec(0, battlefield="north", enemy=None),
                      _dec(0, battlefield="north", enemy="b2"),
                      _dec(0, battlefield="north", enemy="b3")])
    elsewhere = {**doc, "policy": {"specified_destination": "elsewhere"}}
    _check_finalized(elsewhere, [_dec(0, battlefield="north", enemy=None),
                                 _dec(2, battlefield="north", enemy="b1"),
                                 _dec(0, battlefield="north", enemy="b2")])
    _check_finalized({**elsewhere, "available_power": 1},
                     [_dec(0, battlefield="north", enemy=None),
                      _dec(0, battlefield="north", enemy="b2")])


def test_moonfall_an_enemy_whose_move_is_barred_is_still_a_choice() -> None:
    """Three players, no teams: north holds a1 (A) and f (C); c (B) is at south. "To that
    battlefield" is named, not chosen (355.4): under the default policy it restricts no
    target, and c, whose move to north is barred (451.2: units of 2 other players there),
    is recalled instead (449.2.c), not an illegal choice (355.16 bars only illegal ones).
    Battlefield north (A has units only there). Enemy: none, f (already there: its move
    does nothing), c. 3 declarations. With specified_destination=elsewhere 355.4.a is read
    for this move: f (already there) and c (not allowed there) are out: 1."""
    units = [_u("a1", "A", "north"), _u("f", "C", "north"), _u("c", "B", "south")]
    doc = _doc("Moonfall", units)
    _check_finalized(doc, [_dec(0, battlefield="north", enemy=None),
                           _dec(0, battlefield="north", enemy="f"),
                           _dec(0, battlefield="north", enemy="c")])
    _check_finalized({**doc, "policy": {"specified_destination": "elsewhere"}},
                     [_dec(0, battlefield="north", enemy=None)])


def test_moonfall_you_may_decline_on_resolution() -> None:
    """355.12, 359.3.e: declared (north, b1); nothing changed. The enemy pick is a "you
    may" move holding a unit: moved, or declined: 2 resolutions."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "south")]
    doc = _doc("Moonfall", units, targets={"battlefield": "north", "enemy": "b1"})
    _check_resolved(doc, [_res(battlefield="north", enemy="b1"),
                          _res(("enemy",), battlefield="north", enemy="b1")])


def test_moonfall_enemy_already_there() -> None:
    """Declared (north, b1); b1 has since moved to north. The card names the destination
    (355.4: no one chose it), so b1 is still a legal target: its move does nothing, done
    or declined (355.12): 2 resolutions.
    With specified_destination=elsewhere (359.3.e.2): the link "not at that battlefield"
    fails, enemy is null; a null "you may" pick has nothing to decline: 1 resolution."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "north")]
    doc = _doc("Moonfall", units, targets={"battlefield": "north", "enemy": "b1"})
    _check_resolved(doc, [_res(battlefield="north", enemy="b1"),
                          _res(("enemy",), battlefield="north", enemy="b1")])
    _check_resolved(_doc("Moonfall", units, targets={"battlefield": "north", "enemy": "b1"},
                         policy={"specified_destination": "elsewhere"}),
                    [_res(battlefield="north", enemy=None)])


# ------------------------------------------------------------------ Bedeviling Stranger


def _stranger_board() -> list[dict[str, Any]]:
    return [_u("a1", "A", "north"), _u("b1", "B", "north"),
            _u("b2", "B", "north", untargetable="all"), _u("b3", "B", "south", deflect=1),
            _u("b4", "B", "base")]


def test_bedeviling_stranger_enemy_there_is_required() -> None:
    """Bedeviling Stranger: battlefield (any), enemy (required, 355.8: an enemy unit at it;
    the "4 or more units" condition is read on resolution, for the outcome only).
    north: a1 (A), b1 (B), b2 (B, untargetable "all"); south: b3 (B, Deflect 1);
    b4 (B) at base.
    - north: b1 (b2 can't be targeted): cost 0.
    - south: b3: cost 1 (809).
    2 declarations (north holds only 3 units: no matter for legality)."""
    _check_finalized(_doc("Bedeviling Stranger", _stranger_board()),
                     [_dec(0, battlefield="north", enemy="b1"),
                      _dec(1, battlefield="south", enemy="b3")])


def test_bedeviling_stranger_from_hidden() -> None:
    """811.1.d.2: from Hidden at north. The battlefield pick carries no link: it must be
    north. The enemy carries "at that battlefield", and north is the Hidden battlefield,
    so it must be at north too: (north, b1) only.
    (south, b3) is out: south is not the Hidden battlefield, and "choose a battlefield"
    restricts nothing that would make north impossible (the engine lists it, exempting
    the battlefield because the enemy b3 is elsewhere: circular)."""
    doc = _doc("Bedeviling Stranger", _stranger_board(), from_hidden="north")
    _check_finalized(doc, [_dec(0, battlefield="north", enemy="b1")])


def test_bedeviling_stranger_resolution_may_be_declined() -> None:
    """355.12, 383.3.a.3: declared (north, b1) from Hidden at north. "If there are 4 or more
    units there, you may return ...": the condition is read on resolution.
    - board unchanged, 3 units at north (a1, b1, b2): the instruction is not followed, its
      "you may" never reached: no decision, 1 resolution;
    - a gear at north besides: still 3 units (a gear is no unit), 1 resolution;
    - a fourth unit at north (b4 moved there): returned or declined, 2 resolutions."""
    targets = {"battlefield": "north", "enemy": "b1"}
    doc = _doc("Bedeviling Stranger", _stranger_board(), from_hidden="north", targets=targets)
    _check_resolved(doc, [_res(battlefield="north", enemy="b1")])
    geared = _doc("Bedeviling Stranger", [*_stranger_board(), _gear("g1", "A", "north")],
                  from_hidden="north", targets=targets)
    _check_resolved(geared, [_res(battlefield="north", enemy="b1")])
    four = [*_stranger_board()[:4], _u("b4", "B", "north")]
    doc4 = _doc("Bedeviling Stranger", four, from_hidden="north", targets=targets)
    _check_resolved(doc4, [_res(battlefield="north", enemy="b1"),
                           _res(("enemy",), battlefield="north", enemy="b1")])


def test_bedeviling_stranger_hidden_enemy_moved_away_is_null() -> None:
    """359.3.e.2, 359.3.e.5: from Hidden at north, declared (north, b1); b1 has moved to
    south: no longer at the battlefield nor at the Hidden battlefield: null, and nothing
    to decline. 1 resolution."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "south"), _u("b2", "B", "north")]
    doc = _doc("Bedeviling Stranger", units, from_hidden="north",
               targets={"battlefield": "north", "enemy": "b1"})
    _check_resolved(doc, [_res(battlefield="north", enemy=None)])


def test_bedeviling_stranger_source_gone_chooses_nothing_under_2026_10_09() -> None:
    """811.1.d.3.a (2026-10-09): Bedeviling Stranger is a unit; its play effect reads the
    battlefield it was played to from its source. Played from facedown at north, the
    Stranger (me) has left the board before the play effect is finalized: no battlefield
    to choose at, so no legal target: 0 declarations (the card was played; its play
    effect has no legal choice, not the spell's 811.1.d refusal).
    Under 2026-07-16 (811.1.d.2 only: "at that battlefield") the source is not read:
    (north, b1) as ever, 1 declaration."""
    units = [_u("me", "A", "offboard"), *_stranger_board()]
    doc = _doc("Bedeviling Stranger", units, from_hidden="north", source="me")
    _check_finalized(doc, [])
    legal = rs.finalize(rs.parse_scenario(doc))
    assert [(f.rule, f.said("2026-10-09")) for f in legal.why_none()] == [(
        "811.1.d.3.a", "me has left the board: the play effect of Bedeviling Stranger can "
        "choose no legal target (CR 2026-10-09 811.1.d.3.a)")]
    _check_finalized({**doc, "rules": "2026-07-16"}, [_dec(0, battlefield="north", enemy="b1")])
    # the source on the board: the battlefield it was played to, north, as before
    here = [_u("me", "A", "north"), *_stranger_board()]
    _check_finalized(_doc("Bedeviling Stranger", here, from_hidden="north", source="me"),
                     [_dec(0, battlefield="north", enemy="b1")])


def test_bedeviling_stranger_source_gone_mistargets_under_2026_10_09() -> None:
    """811.1.d.3.a: declared (north, b1) from facedown at north; the Stranger (me) has left
    the board before the play effect resolves: it can't reference where it was played, so
    every target mistargets: 1 resolution, both picks null (nothing to decline).
    Under 2026-07-16, with a fourth unit at north (b5): returned or declined, 2 resolutions
    (as with the source there)."""
    units = [_u("me", "A", "offboard"), *_stranger_board()]
    doc = _doc("Bedeviling Stranger", units, from_hidden="north", source="me",
               targets={"battlefield": "north", "enemy": "b1"})
    _check_resolved(doc, [_res(battlefield=None, enemy=None)])
    explained = rs.resolve(rs.parse_scenario(doc)).explain(next(iter(
        rs.resolve(rs.parse_scenario(doc)))))
    assert [s["rule"] for s in explained][:3] == ["811.1.d.3.a", "811.1.d.3.a", "359.3.e.6"]
    assert "Ignored" in explained[2]["detail"]
    _check_resolved({**doc, "rules": "2026-07-16",
                     "units": [*units, _u("b5", "B", "north")]},
                    [_res(battlefield="north", enemy="b1"),
                     _res(("enemy",), battlefield="north", enemy="b1")])


# ------------------------------------------------------------------ Dragon's Rage


def test_dragons_rage_enemy_and_destination() -> None:
    """Dragon's Rage: enemy (any enemy unit on the board; a target), destination (a
    battlefield or "base" = that unit's own base; not where it is, 355.4.a; not a target,
    355.10.e); enemy2 is chosen later, on resolution: not declared.

    a1 (A, north): friendly. b1 (B, north, Deflect 1); b2 (B, base); c1 (C, south: C is
    an opponent too); b3 (B, offboard): never.
    - b1: south or base, cost 1 each (the destination adds no Deflect).
    - b2: north or south.
    - c1: base (C's base); not north, where units of A and B, two players other than C,
      already are (449.2).
    5 declarations; with available_power 0 the two b1 ones are out: 3."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "north", deflect=1),
             _u("b2", "B", "base"), _u("c1", "C", "south"), _u("b3", "B", "offboard")]
    doc = _doc("Dragon's Rage", units)
    without_b1 = [_dec(0, enemy="b2", destination="north"),
                  _dec(0, enemy="b2", destination="south"),
                  _dec(0, enemy="c1", destination="base")]
    _check_finalized(doc, [_dec(1, enemy="b1", destination="south"),
                           _dec(1, enemy="b1", destination="base"), *without_b1])
    _check_finalized({**doc, "available_power": 0}, without_b1)


def _rage_board() -> list[dict[str, Any]]:
    return [_u("a1", "A", "north"), _u("b1", "B", "north"), _u("c1", "C", "south"),
            _u("b4", "B", "south"), _u("a2", "A", "south"), _u("b2", "B", "base"),
            _u("c2", "C", "base")]


def test_dragons_rage_later_pick_at_the_destination_after_the_move() -> None:
    """359.3.e, later pick: declared (b1, south). b1 moves to south first; then enemy2 is
    another enemy unit at south: c1 (C) or b4 (B); a2 is friendly. A later pick must take
    a value when one is valid: 2 resolutions."""
    doc = _doc("Dragon's Rage", _rage_board(),
               targets={"enemy": "b1", "destination": "south"})
    _check_resolved(doc, [_res(enemy="b1", destination="south", enemy2="c1"),
                          _res(enemy="b1", destination="south", enemy2="b4")])


def test_dragons_rage_later_pick_from_base_to_a_battlefield() -> None:
    """Declared (c2, north): north holds A's a1 and B's b1, units of two players other than
    C, so c2 can't move there (449.2) and is recalled to its base instead (447.2.c);
    enemy2 is another enemy unit at the destination, north: b1 (a1 is A's). 1 resolution."""
    doc = _doc("Dragon's Rage", _rage_board(),
               targets={"enemy": "c2", "destination": "north"})
    _check_resolved(doc, [_res(enemy="c2", destination="north", enemy2="b1")])


def test_dragons_rage_base_destination_is_the_moved_units_own_base() -> None:
    """Declared (b1, base): b1 goes to B's base. enemy2: another enemy unit at B's base:
    b2. c2 is at C's base, another location (each player's base is its own location):
    not there. 1 resolution (the engine also lists c2)."""
    doc = _doc("Dragon's Rage", _rage_board(), targets={"enemy": "b1", "destination": "base"})
    _check_resolved(doc, [_res(enemy="b1", destination="base", enemy2="b2")])


def test_dragons_rage_to_c_base_meets_c_units_only() -> None:
    """Declared (c1, base): c1 goes to C's base, where c2 is: enemy2 = c2 only; b2 is at
    B's base (the engine also lists b2). 1 resolution."""
    doc = _doc("Dragon's Rage", _rage_board(), targets={"enemy": "c1", "destination": "base"})
    _check_resolved(doc, [_res(enemy="c1", destination="base", enemy2="c2")])


def test_dragons_rage_later_pick_with_nothing_valid_is_null() -> None:
    """Declared (c1, base) with c2 gone from the board: C's base holds no other enemy
    unit after the move (b2 is at B's base): no valid value, enemy2 is null. 1 resolution
    (the engine picks b2)."""
    board = [u for u in _rage_board() if u["id"] != "c2"]
    doc = _doc("Dragon's Rage", board, targets={"enemy": "c1", "destination": "base"})
    _check_resolved(doc, [_res(enemy="c1", destination="base", enemy2=None)])


def test_447_2_b_dragons_rage_no_destination_a_teammate_occupies() -> None:
    """447.2.b: teams [A], [B, D]. b1 (B) at north, d1 (D) at south, both enemies of A.
    - b1: south holds D's d1 (B's teammate): out; base: 1;
    - d1: north holds B's b1: out; base: 1.
    2 declarations (without the teams, each could go to the other battlefield too: 4)."""
    units = [_u("b1", "B", "north"), _u("d1", "D", "south")]
    doc = _doc("Dragon's Rage", units, teams=[["A"], ["B", "D"]])
    _check_finalized(doc, [_dec(0, enemy="b1", destination="base"),
                           _dec(0, enemy="d1", destination="base")])
    assert rs.finalize(rs.parse_scenario({**doc, "teams": []})).count() == 4
    legal = rs.finalize(rs.parse_scenario(doc))
    wrong = Choice((("enemy", "b1"), ("destination", "south")), 0)
    assert [f.rule for f in legal.verify(wrong)] == ["447.2.b"]


def test_447_2_c_dragons_rage_barred_destination_is_a_recall() -> None:
    """447.2.c: declared (c1, north) on the Dragon's Rage board: north holds units of A and
    B, two players other than C (449.2): c1 (C, south), still a legal target, is recalled to
    C's base instead of moving; enemy2 is b1, at the destination; the outcome puts c1 at
    its base (with 5 Might, it survives the fight with b1), and the explanation says why."""
    board = [_u("c1", "C", "south", might=5) if u["id"] == "c1" else u for u in _rage_board()]
    doc = _doc("Dragon's Rage", board, targets={"enemy": "c1", "destination": "north"},
               rules="1.4")  # (the steps numbered as 1.4)
    _check_resolved(doc, [_res(enemy="c1", destination="north", enemy2="b1")])
    s = rs.parse_scenario(doc)
    legal = rs.resolve(s)
    (answer,) = list(legal)
    assert rs.apply(s, answer).board["c1"].location == "base"
    assert [step["rule"] for step in legal.explain(answer)].count("447.2.c") == 1


# ------------------------------------------------------------------ Zenith Blade


def test_zenith_blade_friendly_not_at_the_enemys_battlefield() -> None:
    """Zenith Blade: enemy (an enemy unit at a battlefield), friendly (required, 355.8; a
    friendly unit anywhere; "you may", 355.12). "To that enemy unit's battlefield" is named
    by the card, chosen by no one (355.4): a friendly unit already there is legal, its
    move does nothing.

    b1 (B, north), b2 (B, south, Deflect 1), b3 (B, base: not at a battlefield);
    a1 (A, north), a2 (A, base), a3 (A, south, exhausted: no matter for a move).
    - b1: a1, a2 or a3.
    - b2: a1, a2 or a3, cost 1 each.
    6 declarations. With specified_destination=elsewhere (355.4.a for every move): not at
    the enemy's location: b1 with a2 or a3, b2 with a1 or a2: 4."""
    units = [_u("b1", "B", "north"), _u("b2", "B", "south", deflect=1),
             _u("b3", "B", "base"), _u("a1", "A", "north"), _u("a2", "A", "base"),
             _u("a3", "A", "south", exhausted=True)]
    _check_finalized(_doc("Zenith Blade", units),
                     [_dec(0, enemy="b1", friendly="a1"),
                      _dec(0, enemy="b1", friendly="a2"),
                      _dec(0, enemy="b1", friendly="a3"),
                      _dec(1, enemy="b2", friendly="a1"),
                      _dec(1, enemy="b2", friendly="a2"),
                      _dec(1, enemy="b2", friendly="a3")])
    _check_finalized(_doc("Zenith Blade", units, policy={"specified_destination": "elsewhere"}),
                     [_dec(0, enemy="b1", friendly="a2"),
                      _dec(0, enemy="b1", friendly="a3"),
                      _dec(1, enemy="b2", friendly="a1"),
                      _dec(1, enemy="b2", friendly="a2")])


def test_zenith_blade_your_only_unit_at_the_enemys_battlefield() -> None:
    """A's only unit a1 is at north with b1. The destination is named, not chosen (355.4):
    (b1, a1) is legal, a1's move does nothing; (b2, a1): 2 declarations.
    With specified_destination=elsewhere, 355.8: choosing b1 leaves no friendly unit
    elsewhere, so b1 can't be declared: 1 declaration."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "north"), _u("b2", "B", "south")]
    _check_finalized(_doc("Zenith Blade", units), [_dec(0, enemy="b1", friendly="a1"),
                                                   _dec(0, enemy="b2", friendly="a1")])
    _check_finalized(_doc("Zenith Blade", units, policy={"specified_destination": "elsewhere"}),
                     [_dec(0, enemy="b2", friendly="a1")])


def test_zenith_blade_resolution_move_or_decline() -> None:
    """355.12: declared (b2, a1), board unchanged: move a1 or decline: 2 resolutions."""
    units = [_u("a1", "A", "north"), _u("b2", "B", "south")]
    doc = _doc("Zenith Blade", units, targets={"enemy": "b2", "friendly": "a1"})
    _check_resolved(doc, [_res(enemy="b2", friendly="a1"),
                          _res(("friendly",), enemy="b2", friendly="a1")])


def test_zenith_blade_friendly_already_there() -> None:
    """Declared (b2, a1); a1 has since moved to south, where b2 is: still a legal target
    (the destination is named, 355.4), its move does nothing: done or declined, 2.
    With specified_destination=elsewhere (359.3.e.2): the link fails, friendly is null,
    nothing to decline: 1 resolution."""
    units = [_u("a1", "A", "south"), _u("b2", "B", "south")]
    targets = {"enemy": "b2", "friendly": "a1"}
    _check_resolved(_doc("Zenith Blade", units, targets=targets),
                    [_res(enemy="b2", friendly="a1"),
                     _res(("friendly",), enemy="b2", friendly="a1")])
    _check_resolved(_doc("Zenith Blade", units, targets=targets,
                         policy={"specified_destination": "elsewhere"}),
                    [_res(enemy="b2", friendly=None)])


# ------------------------------------------------------------------ Heroic Charge


def test_heroic_charge_enemy_at_the_friendly_units_location() -> None:
    """Heroic Charge: friendly (a friendly unit anywhere), enemy (an enemy unit at its
    location, 355.9.b; two players' bases are never one location).

    a1 (A, north), a2 (A, base), a3 (A, south, untargetable "all"); b1 (B, north,
    Deflect 2), b2 (B, north), b3 (B, base), b4 (B, south).
    - a1: b1 (cost 2) or b2.
    - a2: at A's base, no enemy unit there (b3 is at B's base): no declaration.
    - a3: can't be targeted; so b4 is never chosen.
    2 declarations; with available_power 1: 1."""
    units = [_u("a1", "A", "north"), _u("a2", "A", "base"),
             _u("a3", "A", "south", untargetable="all"), _u("b1", "B", "north", deflect=2),
             _u("b2", "B", "north"), _u("b3", "B", "base"), _u("b4", "B", "south")]
    doc = _doc("Heroic Charge", units)
    _check_finalized(doc, [_dec(2, friendly="a1", enemy="b1"),
                           _dec(0, friendly="a1", enemy="b2")])
    _check_finalized({**doc, "available_power": 1}, [_dec(0, friendly="a1", enemy="b2")])


def test_heroic_charge_teammates_unit_is_friendly() -> None:
    """740.1.a, teams [[A, C]]: c1 (C, south) is friendly, with b4 (B, south): (c1, b4);
    a1 (A, north) with b2 (B, north): (a1, b2); c2 (C, base) and b3 (B, base) stand at two
    different bases. 2 declarations."""
    units = [_u("a1", "A", "north"), _u("b2", "B", "north"), _u("c1", "C", "south"),
             _u("b4", "B", "south"), _u("c2", "C", "base"), _u("b3", "B", "base")]
    doc = _doc("Heroic Charge", units, teams=[["A", "C"]])
    _check_finalized(doc, [_dec(0, friendly="a1", enemy="b2"),
                           _dec(0, friendly="c1", enemy="b4")])


def test_heroic_charge_friendly_moved_away_leaves_the_enemy_null() -> None:
    """359.3.e.2: declared (a1, b2) at north; a1 has since gone to base; b2 is still at
    north, no longer at a1's location: enemy null, friendly stays. 1 resolution."""
    units = [_u("a1", "A", "base"), _u("b2", "B", "north")]
    doc = _doc("Heroic Charge", units, targets={"friendly": "a1", "enemy": "b2"})
    _check_resolved(doc, [_res(friendly="a1", enemy=None)])


# ------------------------------------------------------------------ Temptation


def test_temptation_destination_needs_another_unit_of_that_controller() -> None:
    """Temptation: enemy (any enemy unit on the board), destination (a battlefield or its
    base; not where it is, 355.4.a; holding another UNIT controlled by its controller;
    not a target, 355.10.e).

    b1 (B, north, Deflect 1), b2 (B, south), bg (B's gear at base: a gear is no unit),
    c1 (C, base), c2 (C, north), a1 (A, south: friendly).
    - b1 (north): south (b2) yes; base (only the gear bg) no. Cost 1.
    - b2 (south): north (b1) yes; base no.
    - c1 (C's base): north (c2) yes; south (no C unit) no.
    - c2 (north): base (c1 at C's base) yes; south no.
    4 declarations; with available_power 0: 3."""
    units = [_u("b1", "B", "north", deflect=1), _u("b2", "B", "south"),
             _gear("bg", "B", "base"), _u("c1", "C", "base"), _u("c2", "C", "north"),
             _u("a1", "A", "south")]
    doc = _doc("Temptation", units)
    rest = [_dec(0, enemy="b2", destination="north"),
            _dec(0, enemy="c1", destination="north"),
            _dec(0, enemy="c2", destination="base")]
    _check_finalized(doc, [_dec(1, enemy="b1", destination="south"), *rest])
    _check_finalized({**doc, "available_power": 0}, rest)


def test_temptation_destination_is_never_nulled() -> None:
    """359.3.e (non-target picks are never nulled): declared (b1, south); b2 has left the
    board, so south no longer holds a B unit, but the destination is not a target: it
    stays. b1 is still an enemy unit on the board. 1 resolution."""
    units = [_u("b1", "B", "north"), _u("b2", "B", "offboard"), _u("a1", "A", "south")]
    doc = _doc("Temptation", units, targets={"enemy": "b1", "destination": "south"})
    _check_resolved(doc, [_res(enemy="b1", destination="south")])


# ------------------------------------------------------------------ Smoke and Mirrors


def _smoke_board() -> list[dict[str, Any]]:
    return [_u("a1", "A", "north"), _u("a4", "A", "north"),
            _u("a2", "A", "south", untargetable="enemy"), _u("a3", "A", "base"),
            _u("b1", "B", "south")]


def test_smoke_and_mirrors_two_locations() -> None:
    """Smoke and Mirrors: friendly, friendly2 (friendly units anywhere; friendly2 at a
    different location from friendly, 355.9.c). Both targets.

    a1, a4 (A, north), a2 (A, south, untargetable "enemy": A may target it), a3 (A, base);
    b1 (B, south) is not A's.
    Ordered pairs of distinct units: 4 x 3 = 12, less (a1, a4) and (a4, a1) at the same
    location: 10."""
    where = {"a1": "north", "a4": "north", "a2": "south", "a3": "base"}
    want = [_dec(0, friendly=x, friendly2=y) for x in where for y in where
            if where[x] != where[y]]
    assert len(want) == 10
    _check_finalized(_doc("Smoke and Mirrors", _smoke_board()), want)


def test_smoke_and_mirrors_from_hidden() -> None:
    """811.1.d.2 / 811.1.d.2.a, same board from Hidden at north. friendly ("a unit you
    control") carries no restriction that makes north impossible: it must be at north,
    a1 or a4. friendly2 carries "at a different location" from a unit at the Hidden
    battlefield: exempt, and elsewhere: a2 or a3. 4 declarations.
    (The engine lists 8: also (a2 | a3) with (a1 | a4), the first unit away from the
    Hidden battlefield.)"""
    doc = _doc("Smoke and Mirrors", _smoke_board(), from_hidden="north")
    _check_finalized(doc, [_dec(0, friendly=x, friendly2=y)
                           for x in ("a1", "a4") for y in ("a2", "a3")])


@pytest.mark.parametrize(("rules", "exempt"), [("2026-10-09", "355.17.b"),
                                               ("1.4", "811.1.d.2")])
def test_smoke_and_mirrors_hidden_trail(rules: str, exempt: str) -> None:
    """The trail of (a1, a2) from Hidden at north: a1 is at north, where the card was
    played from (811.1.d.2); a2 is elsewhere, its restriction making north impossible.
    2026-10-09 reads the Hidden rule as a mandatory requirement that a restriction
    overrides (355.17.b; its 355.17.a example plays a card to the facedown battlefield);
    1.4 says it in 811.1.d.2 itself."""
    doc = _doc("Smoke and Mirrors", _smoke_board(), from_hidden="north", rules=rules)
    legal = rs.finalize(rs.parse_scenario(doc))
    answer = next(a for a in legal if a.chosen() == ("a1", "a2"))
    trail = [(s["rule"], s["detail"]) for s in legal.explain(answer)]
    assert ("811.1.d.2", "friendly: a1 is at north, where the card was played from Hidden"
            ) in trail
    assert [rule for rule, detail in trail if detail.startswith("friendly2: a2 is not at "
                                                                "north")] == [exempt]


def test_smoke_and_mirrors_hidden_target_gone_from_the_battlefield_is_null() -> None:
    """359.3.e.5: from Hidden at north, declared (a1, a2); a1 has gone to base: it had to
    be at the Hidden battlefield (nothing exempts the first unit), so it is null. a2 has
    come to north (at the Hidden battlefield anyway), but its restriction "at a different
    location" reads a1, no longer a legal target: a1's location is null and the
    instructions based on it are ignored (359.3.e.12, 359.3.f.2.a): a2 is null too.
    1 resolution."""
    units = [_u("a1", "A", "base"), _u("a2", "A", "north")]
    doc = _doc("Smoke and Mirrors", units, from_hidden="north",
               targets={"friendly": "a1", "friendly2": "a2"})
    _check_resolved(doc, [_res(friendly=None, friendly2=None)])


def test_smoke_and_mirrors_second_unit_now_with_the_first_is_null() -> None:
    """359.3.e.2: declared (a1, a2); a2 has joined a1 at north: friendly2's link "at a
    different location" fails: null. 1 resolution."""
    units = [_u("a1", "A", "north"), _u("a2", "A", "north")]
    doc = _doc("Smoke and Mirrors", units, targets={"friendly": "a1", "friendly2": "a2"})
    _check_resolved(doc, [_res(friendly="a1", friendly2=None)])


# ------------------------------------------------------------------ Angle Shot


def test_angle_shot_equipment_is_a_gear_with_the_same_controller() -> None:
    """Angle Shot: unit (any unit on the board), equipment (a gear tagged Equipment with
    the unit's controller, 355.9.b). Both targets.

    a1 (A, north); ue (A, base: a UNIT tagged Equipment, a unit, not an Equipment);
    b1 (B, south, Deflect 1); b2 (B, base, untargetable "enemy"); ea (A's gear, Equipment,
    base); eb (B's gear, Equipment, north, Deflect 2); gb (B's gear, no Equipment tag);
    eo (A's gear, Equipment, offboard).
    - a1 or ue with ea: cost 0 each.
    - b1 with eb: both enemy targets, 1 + 2 = 3 (809).
    - b2: can't be targeted. A gear is never the unit pick.
    3 declarations; with available_power 2: the first 2; with 3: all 3."""
    units = [_u("a1", "A", "north"), _u("ue", "A", "base", tags=["Equipment"]),
             _u("b1", "B", "south", deflect=1), _u("b2", "B", "base", untargetable="enemy"),
             _gear("ea", "A", "base", tags=["Equipment"]),
             _gear("eb", "B", "north", tags=["Equipment"], deflect=2),
             _gear("gb", "B", "south"), _gear("eo", "A", "offboard", tags=["Equipment"])]
    doc = _doc("Angle Shot", units)
    cheap = [_dec(0, unit="a1", equipment="ea"), _dec(0, unit="ue", equipment="ea")]
    _check_finalized(doc, [*cheap, _dec(3, unit="b1", equipment="eb")])
    _check_finalized({**doc, "available_power": 2}, cheap)
    _check_finalized({**doc, "available_power": 3},
                     [*cheap, _dec(3, unit="b1", equipment="eb")])


def test_angle_shot_equipment_changed_control_is_null() -> None:
    """359.3.e.2: declared (b1, eb); eb is A's now: no longer with the unit's controller,
    so the equipment pick (which carries "same controller") is null; b1 stays. "Attach or
    detach" needs eb: Ignored, so its controller has no choice of which to make (either:
    null). Both still legal: attach or detach, chosen as it resolves (355.17): 2."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "south"),
             _gear("eb", "A", "north", tags=["Equipment"])]
    doc = _doc("Angle Shot", units, targets={"unit": "b1", "equipment": "eb"})
    _check_resolved(doc, [_res(unit="b1", equipment=None, either=None)])
    units[2] = _gear("eb", "B", "north", tags=["Equipment"])
    doc = _doc("Angle Shot", units, targets={"unit": "b1", "equipment": "eb"})
    _check_resolved(doc, [_res(unit="b1", equipment="eb", either="attach"),
                          _res(unit="b1", equipment="eb", either="detach")])


# ------------------------------------------------------------------ Forgotten Signpost


def test_forgotten_signpost_cost_needs_a_ready_unit() -> None:
    """Forgotten Signpost: friendly (the cost: a friendly unit not exhausted; not a target,
    355.10.c: untargetability does not stop it), friendly2 (a target: a friendly unit not
    at friendly's location, 355.4.a).

    a1 (A, north), a2 (A, south, exhausted), a3 (A, base, untargetable "all"), b1 (B).
    - cost a1: friendly2 not at north: a2 (being exhausted is no matter for a target);
      a3 can't be targeted.
    - cost a2: exhausted, can't pay.
    - cost a3: friendly2 a1 or a2.
    3 declarations, no Deflect."""
    units = [_u("a1", "A", "north"), _u("a2", "A", "south", exhausted=True),
             _u("a3", "A", "base", untargetable="all"), _u("b1", "B", "south")]
    _check_finalized(_doc("Forgotten Signpost", units),
                     [_dec(0, friendly="a1", friendly2="a2"),
                      _dec(0, friendly="a3", friendly2="a1"),
                      _dec(0, friendly="a3", friendly2="a2")])


def test_forgotten_signpost_target_gone_is_null_cost_stays() -> None:
    """359.3.e: declared (a1, a2); a1 is exhausted now (it paid the cost): a cost's choice
    is never nulled. a2 has left the board: friendly2 null. 1 resolution."""
    units = [_u("a1", "A", "north", exhausted=True), _u("a2", "A", "offboard")]
    doc = _doc("Forgotten Signpost", units, targets={"friendly": "a1", "friendly2": "a2"})
    _check_resolved(doc, [_res(friendly="a1", friendly2=None)])


def test_forgotten_signpost_link_to_the_cost_is_not_checked_again() -> None:
    """359.3.e: declared (a1, a2); a2 has joined a1 at north. The link "not at the
    exhausted unit's location" ties a target to a cost's choice, not two targets, so it
    is not checked again: a2 stays. 1 resolution."""
    units = [_u("a1", "A", "north", exhausted=True), _u("a2", "A", "north")]
    doc = _doc("Forgotten Signpost", units, targets={"friendly": "a1", "friendly2": "a2"})
    _check_resolved(doc, [_res(friendly="a1", friendly2="a2")])


# ------------------------------------------------------------------ Call to Battle


def test_call_to_battle_destination_and_opponent() -> None:
    """Call to Battle: friendly (a unit A controls itself; a target), destination (a
    battlefield A controls, not where the unit is; not a target), opponent (an opponent
    among the players named on the board), their_unit later (not declared).

    teams [[A, C], [B, F]]; north controlled by A; south by C (A's teammate: friendly,
    but not a battlefield A controls, 740.1.a); east uncontrolled.
    a1 (A, south), a2 (A, north: already at the only possible destination), c1 (C, base:
    C's, not A's), a4 (A, base, untargetable "all": can't be the target), b1 (B, base).
    Players named: A, C, B, F (F only in the teams). Opponents: B, F.
    a1 to north x (B | F) = 2 declarations."""
    units = [_u("a1", "A", "south"), _u("a2", "A", "north"), _u("c1", "C", "base"),
             _u("a4", "A", "base", untargetable="all"), _u("b1", "B", "base")]
    doc = _doc("Call to Battle", units, teams=[["A", "C"], ["B", "F"]],
               battlefields=("north", "south", "east"),
               battlefield_control={"north": "A", "south": "C"})
    _check_finalized(doc, [_dec(0, friendly="a1", destination="north", opponent=p)
                           for p in ("B", "F")])


def test_call_to_battle_battlefield_controller_is_a_named_player() -> None:
    """No teams. North is A's, south is E's (E has no unit but is named by
    battlefield_control). a1 (A, base), b1 (B, south), d1 (D, north).
    friendly a1 -> north (south is not A's); opponents B, D, E: 3 declarations."""
    units = [_u("a1", "A", "base"), _u("b1", "B", "south"), _u("d1", "D", "north")]
    doc = _doc("Call to Battle", units, battlefield_control={"north": "A", "south": "E"})
    _check_finalized(doc, [_dec(0, friendly="a1", destination="north", opponent=p)
                           for p in ("B", "D", "E")])


def test_call_to_battle_their_unit_is_chosen_later_by_the_opponent() -> None:
    """359.3.e, 355.10.e: declared (a1, north, B). a1 moves to north; then B moves a unit
    B controls (B's own: its teammate F's f1 is friendly to B, not B's, 740.1.a): b1 (B,
    base, untargetable "all": this is not a target, so allowed); b2 (B, north), already
    there: "that battlefield" is named by the card, not chosen for B's move (355.4), so
    b2 may be the one, moving nowhere; d1 (D, south) is not B's; a1, a2 are A's.
    2 resolutions; with specified_destination=elsewhere (355.4.a), b1 only: 1."""
    units = [_u("a1", "A", "south"), _u("a2", "A", "north"),
             _u("b1", "B", "base", untargetable="all"), _u("b2", "B", "north"),
             _u("f1", "F", "south"), _u("d1", "D", "south")]
    doc = _doc("Call to Battle", units, teams=[["B", "F"]],
               battlefield_control={"north": "A"},
               targets={"friendly": "a1", "destination": "north", "opponent": "B"})
    _check_resolved(doc, [_res(friendly="a1", destination="north", opponent="B",
                               their_unit="b1"),
                          _res(friendly="a1", destination="north", opponent="B",
                               their_unit="b2")])
    _check_resolved({**doc, "policy": {"specified_destination": "elsewhere"}},
                    [_res(friendly="a1", destination="north", opponent="B",
                          their_unit="b1")])


def test_call_to_battle_opponent_with_nothing_to_move() -> None:
    """Declared (a1, north, D): D's only unit d1 is already at north. "That battlefield"
    is named, not chosen for D's move (355.4): d1 is D's one choice, and moves nowhere;
    with specified_destination=elsewhere (355.4.a) their_unit is null (a later pick with
    no valid value). A has lost north since: the destination is not a target, never
    nulled. 1 resolution either way."""
    units = [_u("a1", "A", "base"), _u("d1", "D", "north"), _u("b1", "B", "base")]
    doc = _doc("Call to Battle", units, battlefield_control={"north": "B"},
               targets={"friendly": "a1", "destination": "north", "opponent": "D"})
    _check_resolved(doc, [_res(friendly="a1", destination="north", opponent="D",
                               their_unit="d1")])
    _check_resolved({**doc, "policy": {"specified_destination": "elsewhere"}},
                    [_res(friendly="a1", destination="north", opponent="D",
                          their_unit=None)])


def test_447_2_b_call_to_battle_not_to_a_battlefield_a_teammate_occupies() -> None:
    """447.2.b: teams [A, C]. North is A's but C's c1 is there: no destination for A's
    units; south is A's and empty. a1 (A, base): to south only; opponent B (the only one
    named). 1 declaration."""
    units = [_u("a1", "A", "base"), _u("c1", "C", "north"), _u("b1", "B", "base")]
    doc = _doc("Call to Battle", units, teams=[["A", "C"]],
               battlefield_control={"north": "A", "south": "A"})
    _check_finalized(doc, [_dec(0, friendly="a1", destination="south", opponent="B")])


def test_447_2_c_call_to_battle_their_move_after_mine_is_a_recall() -> None:
    """Declared (a1, north, B) with C's c1 at north. a1 moves to north first (one other
    player there, C); then B moves b1 (B, south) to north, which now holds A's and C's
    units, two players other than B (449.2): b1 is recalled to B's base instead (447.2.c).
    B still chooses b1 (its only unit not at north). 1 resolution."""
    units = [_u("a1", "A", "base"), _u("c1", "C", "north"), _u("b1", "B", "south")]
    doc = _doc("Call to Battle", units, battlefield_control={"north": "A"},
               targets={"friendly": "a1", "destination": "north", "opponent": "B"})
    _check_resolved(doc, [_res(friendly="a1", destination="north", opponent="B",
                               their_unit="b1")])
    s = rs.parse_scenario(doc)
    (answer,) = list(rs.resolve(s))
    after = rs.apply(s, answer).board
    assert (after["a1"].location, after["b1"].location) == ("north", "base")


# ------------------------------------------------------------------ Piercing Light


def test_piercing_light_up_to_one_other_unit() -> None:
    """Piercing Light: unit (any unit at a battlefield), unit2 (up to one, 355.13: any unit
    on the board other than unit). Both targets.

    a1 (A, north); b1 (B, south, Deflect 1); b2 (B, base, Deflect 1); b3 (B, north,
    untargetable "enemy"); g1 (B's gear, north: not a unit).
    - unit a1: unit2 null, b1 (1), b2 (1).
    - unit b1 (1): unit2 null (1), a1 (1), b2 (1 + 1 = 2).
    - b2 is not at a battlefield; b3 can't be targeted by A.
    6 declarations; with available_power 1, (b1, b2) is out: 5."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "south", deflect=1),
             _u("b2", "B", "base", deflect=1), _u("b3", "B", "north", untargetable="enemy"),
             _gear("g1", "B", "north")]
    doc = _doc("Piercing Light", units)
    cheap = [_dec(0, unit="a1", unit2=None), _dec(1, unit="a1", unit2="b1"),
             _dec(1, unit="a1", unit2="b2"), _dec(1, unit="b1", unit2=None),
             _dec(1, unit="b1", unit2="a1")]
    _check_finalized(doc, [*cheap, _dec(2, unit="b1", unit2="b2")])
    _check_finalized({**doc, "available_power": 1}, cheap)


def test_piercing_light_first_unit_gone_to_base_is_null() -> None:
    """359.3.e.2: declared (b1, b2); b1 has gone to base: no longer at a battlefield,
    null. b2 is still a unit on the board other than b1: stays. 1 resolution."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "base"), _u("b2", "B", "base")]
    doc = _doc("Piercing Light", units, targets={"unit": "b1", "unit2": "b2"})
    _check_resolved(doc, [_res(unit=None, unit2="b2")])


# ------------------------------------------------------------------ Emperor's Divide


def _divide_board() -> list[dict[str, Any]]:
    return [_u("a1", "A", "north"), _u("a2", "A", "south"),
            _u("a3", "A", "south", untargetable="enemy"), _u("a4", "A", "base"),
            _u("a5", "A", "south", untargetable="all"), _u("b1", "B", "south")]


def test_emperors_divide_friendly_units_at_one_battlefield() -> None:
    """Emperor's Divide: any number (355.13: none too) of friendly units at a battlefield,
    all at that one battlefield (355.11.a); moved to their base (no destination pick).
    a1 (north); a2, a3 (south; a3 untargetable "enemy": A may target it); a4 at base (not
    at a battlefield); a5 (south, untargetable "all"); b1 is B's.
    {} + {a1} + {a2}, {a3}, {a2, a3} = 5 declarations."""
    _check_finalized(_doc("Emperor's Divide", _divide_board()),
                     [_group_dec(g) for g in ([], ["a1"], ["a2"], ["a3"], ["a2", "a3"])])


def test_emperors_divide_from_hidden() -> None:
    """811.1.d.2: from Hidden at south: every target at south: {}, {a2}, {a3}, {a2, a3}."""
    doc = _doc("Emperor's Divide", _divide_board(), from_hidden="south")
    _check_finalized(doc, [_group_dec(g) for g in ([], ["a2"], ["a3"], ["a2", "a3"])])


def test_emperors_divide_hidden_target_moved_away_is_not_affected() -> None:
    """359.3.e.5: from Hidden at south, declared {a2, a3}; a3 has moved to north: no longer
    at the Hidden battlefield, illegal; a2 alone is moved: 1 resolution."""
    units = [_u("a2", "A", "south"), _u("a3", "A", "north")]
    doc = _doc("Emperor's Divide", units, from_hidden="south",
               targets={"units": ["a2", "a3"]})
    _check_resolved(doc, [json.dumps({"affected": ["a2"]})])


# ------------------------------------------------------------------ Hexplosive Minefield


def _bombs() -> list[dict[str, Any]]:
    return [_gear("k1", "A", "north", tags=["Bomb"], token=True),
            _gear("k2", "A", "base", tags=["Bomb"], token=True),
            _gear("k3", "B", "north", tags=["Bomb"], token=True),
            _gear("k4", "A", "south", token=True),
            _gear("k5", "A", "offboard", tags=["Bomb"], token=True),
            _gear("k6", "A", "south", tags=["Bomb"], untargetable="all", token=True),
            _gear("k7", "A", "north", tags=["Bomb"]),
            _u("u1", "A", "north", tags=["Bomb"], token=True)]


def _bomb_dec(gear: list[str]) -> str:
    return json.dumps({"targets": {"gear": sorted(gear)}, "deflect_cost": 0}, sort_keys=True)


def test_hexplosive_minefield_friendly_bombs_anywhere() -> None:
    """Hexplosive Minefield: any number of friendly Bomb tokens, anywhere on the board, no
    shared location. Bomb tokens are gear (every card that makes them says "play a Bomb gear
    token"): a unit tagged Bomb is not one (355.9.b).
    k1 (A, north, Bomb), k2 (A, base, Bomb), k3 (B, north, Bomb: an enemy's), k4 (A,
    south, no tag), k5 (A, offboard, Bomb), k6 (A, south, Bomb, untargetable "all"), all
    gear tokens; k7 (A, north, Bomb), a gear that is not a token; u1 (A, north), a unit
    token tagged Bomb. Subsets of {k1, k2}: 4."""
    _check_finalized(_doc("Hexplosive Minefield", _bombs()),
                     [_bomb_dec(g) for g in ([], ["k1"], ["k2"], ["k1", "k2"])])


def test_hexplosive_minefield_teammates_bombs() -> None:
    """740.1.a: with teams [[A, C]] and c1 (C, south, a Bomb gear), friendly bombs are k1,
    k2, c1: every subset, 2^3 = 8."""
    doc = _doc("Hexplosive Minefield", [*_bombs(), _gear("c1", "C", "south", tags=["Bomb"],
                                                         token=True)],
               teams=[["A", "C"]])
    picks = ["k1", "k2", "c1"]
    _check_finalized(doc, [_bomb_dec([p for i, p in enumerate(picks) if mask >> i & 1])
                           for mask in range(8)])


def test_hexplosive_minefield_bomb_taken_over_is_not_killed() -> None:
    """359.3.e.2: declared {k1, k2}; k1 is now B's (no longer friendly): illegal; k2 is
    killed alone. 1 resolution."""
    units = [_gear("k1", "B", "north", tags=["Bomb"], token=True),
             _gear("k2", "A", "base", tags=["Bomb"], token=True)]
    doc = _doc("Hexplosive Minefield", units, targets={"gear": ["k1", "k2"]})
    _check_resolved(doc, [json.dumps({"affected": ["k2"]})])


# ------------------------------------------------------------------ the CLI


def _write(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_cli_resolve_line_lists_every_pick_in_the_cards_order(tmp_path: Path) -> None:
    """The resolve line names every pick of the card in its order: Dragon's Rage's enemy,
    destination, then the later enemy2 (declared (c2, north): enemy2 b1)."""
    path = _write(tmp_path, _doc("Dragon's Rage", _rage_board(),
                                 targets={"enemy": "c2", "destination": "north"}))
    out = io.StringIO()
    assert main(["resolve", path], out=out) == 0
    assert out.getvalue() == (
        '{"picks": {"enemy": "c2", "destination": "north", "enemy2": "b1"}}\n')


def test_cli_finalize_prints_null_for_an_empty_up_to_one_pick(tmp_path: Path) -> None:
    """355.13: Moonfall with no enemy unit elsewhere, 355.4.a read for its named
    destination too: the one declaration leaves the "up to one" enemy pick empty,
    printed as null."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "north")]
    out = io.StringIO()
    doc = _doc("Moonfall", units, policy={"specified_destination": "elsewhere"})
    assert main(["finalize", _write(tmp_path, doc)], out=out) == 0
    assert out.getvalue() == (
        '{"targets": {"battlefield": "north", "enemy": null}, "deflect_cost": 0}\n')


def test_cli_resolve_a_declined_you_may(tmp_path: Path) -> None:
    """`riftsolve resolve` on Moonfall declared (north, b1), nothing changed: 2 lines,
    "declined" only on the second."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "south")]
    doc = _doc("Moonfall", units, targets={"battlefield": "north", "enemy": "b1"})
    out = io.StringIO()
    assert main(["resolve", _write(tmp_path, doc)], out=out) == 0
    assert out.getvalue().splitlines() == [
        '{"picks": {"battlefield": "north", "enemy": "b1"}}',
        '{"picks": {"battlefield": "north", "enemy": "b1"}, "declined": ["enemy"]}']


# ------------------------------------------------------------------ malformed input


def _crescent(**top: Any) -> dict[str, Any]:
    units = [_u("a1", "A", "north"), _u("b1", "B", "north")]
    return _doc("Crescent Strike", units, **top)


BAD: list[tuple[str, str, dict[str, Any], tuple[str, ...]]] = [
    ("battlefield pick naming a unit", "resolve",
     _crescent(targets={"battlefield": "b1", "enemy": "b1"}),
     ("targets.battlefield", "b1")),
    ("missing required pick", "resolve",
     _crescent(targets={"battlefield": "north"}), ("targets.enemy",)),
    ("unknown unit id", "resolve",
     _crescent(targets={"battlefield": "north", "enemy": "zz"}), ("targets.enemy", "zz")),
    ("battlefield_control of an unknown battlefield", "finalize",
     _crescent(battlefield_control={"east": "A"}), ("battlefield_control", "east")),
    ("destination that is not a location", "resolve",
     _doc("Dragon's Rage", _rage_board(), targets={"enemy": "b1", "destination": "mars"}),
     ("targets.destination", "mars")),
    ("a card object with no zone", "finalize",
     _crescent(objects=[{"id": "c1", "kind": "card", "controller": "A"}]),
     ("objects[c1].zone",)),
    ("an object id that is a unit's", "finalize",
     _crescent(objects=[{"id": "b1", "kind": "rune", "controller": "B"}]),
     ("objects[b1].id", "duplicate")),
    ("an object of no known kind", "finalize",
     _crescent(objects=[{"id": "x1", "kind": "buff", "controller": "A"}]),
     ("objects", "kind")),
    ("a rune on the Chain", "finalize",
     _crescent(objects=[{"id": "r1", "kind": "rune", "controller": "A", "zone": "chain"}]),
     ("objects[r1].zone", "chain")),
    ("a source that is neither a unit nor a battlefield", "finalize",
     _crescent(source="nowhere"), ("source", "nowhere")),
]


@pytest.mark.parametrize(("command", "doc", "names"), [b[1:] for b in BAD],
                         ids=[b[0] for b in BAD])
def test_malformed_joint_scenario_exits_2_with_one_line(
        tmp_path: Path, command: str, doc: dict[str, Any], names: tuple[str, ...]) -> None:
    """Exit code 2, nothing on standard output, one line on standard error naming the
    field (and the offending value)."""
    err = io.StringIO()
    out = io.StringIO()
    with redirect_stderr(err):
        code = main([command, _write(tmp_path, doc)], out=out)
    text = err.getvalue()
    assert code == 2, text
    assert out.getvalue() == ""
    assert text.count("\n") == 1 and text.startswith("riftsolve: error: "), text
    assert all(name in text for name in names), text


def test_a_joint_choice_is_a_table_of_its_picks() -> None:
    """A table shows one column per pick (and the Deflect paid, or the actions declined),
    an empty pick as "-", not each answer's JSON."""
    from riftsolve.faces import render

    doc = _doc("Crescent Strike", [_u("r1", "B", "north"), _u("r2", "B", "south")])
    legal = rs.finalize(rs.parse_scenario(doc))
    assert render.headers(legal) == ["battlefield", "enemy", "deflect"]
    assert [render.cells(legal, a) for a in legal] == [["north", "r1", "0"],
                                                        ["south", "r2", "0"]]


def test_a_reflexive_triggers_choice_is_cited_as_one() -> None:
    """Dragon's Rage's "Then do this: Choose another enemy unit at its destination" is a
    reflexive trigger: its choice is made when that trigger is finalized (355.5.b), which
    the declaration's trail cites (not 355.5, the choices made now)."""
    doc = _doc("Dragon's Rage", [_u("a1", "A", "north"), _u("b1", "B", "north"),
                                 _u("b2", "B", "south")], rules="2026-10-09")
    legal = rs.finalize(rs.parse_scenario(doc))
    trail = legal.explain(next(iter(legal)))
    [later] = [s for s in trail if "chosen later" in s["detail"]]
    assert later["rule"] == "355.5.b" and "reflexive trigger" in later["detail"]


def test_a_card_played_from_hidden_with_nothing_there_cites_811_1_d() -> None:
    """Smoke and Mirrors played from Hidden at south, where A has no unit: its first unit
    must be chosen there (811.1.d.2 / 2026-10-09 811.1.d.4: each target on its own), so it
    has no valid target and cannot be played from Hidden (811.1.d), although it could be
    played otherwise; the reason cites 811.1.d, not 355.8 (no legal choice at all)."""
    units = [_u("a1", "A", "north"), _u("a2", "A", "base"), _u("b1", "B", "north")]
    doc = _doc("Smoke and Mirrors", units, rules="2026-10-09", from_hidden="south")
    legal = rs.finalize(rs.parse_scenario(doc))
    assert legal.count() == 0
    [reason] = legal.why_none()
    assert reason.rule == "811.1.d" and str(reason).endswith("(CR 2026-10-09 811.1.d)")
    elsewhere = dict(doc)
    del elsewhere["from_hidden"]
    assert rs.finalize(rs.parse_scenario(elsewhere)).count() > 0
    nowhere = rs.finalize(rs.parse_scenario(_doc("Smoke and Mirrors", [_u("b1", "B", "north")],
                                                 rules="2026-10-09", from_hidden="south")))
    assert [f.rule for f in nowhere.why_none()] == ["355.8"]  # not playable anywhere


# ------------------------------------------------------------------ null information


def test_heroic_charge_friendly_gone_leaves_its_location_null() -> None:
    """359.3.e.12, 359.3.f.2.a: declared (a1, b2) at north; a1 has left the board: it is no
    longer a legal target (359.3.e.2), so "its location" is null and the stun based on it
    is ignored: b2, still at north, is not stunned (enemy null too). 1 resolution."""
    units = [_u("a1", "A", "offboard"), _u("b2", "B", "north")]
    doc = _doc("Heroic Charge", units, targets={"friendly": "a1", "enemy": "b2"})
    _check_resolved(doc, [_res(friendly=None, enemy=None)])
    # a1 still at north but taken over by B: no longer friendly, illegal all the same
    units = [_u("a1", "B", "north"), _u("b2", "B", "north")]
    doc = _doc("Heroic Charge", units, targets={"friendly": "a1", "enemy": "b2"})
    _check_resolved(doc, [_res(friendly=None, enemy=None)])


def test_dragons_rage_moved_target_gone_chooses_nobody_at_its_destination() -> None:
    """359.3.e.12, 359.3.f.2.a: declared (b1, south); b1 has left the board: illegal, not
    moved, and "its destination" is null: the reflexive "another enemy unit at its
    destination" is not chosen, though b4 and c1 (enemy units) are at south. 1 resolution
    (enemy2 null)."""
    units = [u for u in _rage_board() if u["id"] != "b1"] + [_u("b1", "B", "offboard")]
    doc = _doc("Dragon's Rage", units, targets={"enemy": "b1", "destination": "south"})
    _check_resolved(doc, [_res(enemy=None, destination="south", enemy2=None)])


def test_zenith_blade_enemy_gone_one_resolution() -> None:
    """355.12, 359.3.f.2.a: declared (b2, a1); b2 has left the board: illegal, not stunned;
    "that enemy unit's battlefield" is null, so the "you may" move can do nothing: no
    decision, 1 resolution (friendly stays a legal target, nothing declined)."""
    units = [_u("a1", "A", "north"), _u("b2", "B", "offboard")]
    doc = _doc("Zenith Blade", units, targets={"enemy": "b2", "friendly": "a1"})
    _check_resolved(doc, [_res(enemy=None, friendly="a1")])
    from riftsolve.rules.families.joint import explain_resolution
    scenario = rs.parse_scenario(doc)
    answer = next(iter(rs.resolve(scenario)))
    assert isinstance(answer, Executed)
    rules = [s["rule"] for s in explain_resolution(scenario, answer)]
    assert "359.3.f.2.a" in rules and "355.12" in rules


def test_moonfall_battlefield_lost_one_resolution() -> None:
    """355.12, 359.3.f.2.a: declared (north, b1); A's units have left north: the battlefield
    is no longer "where you have units", illegal, so "that battlefield" is null: the "you
    may" move of b1 can do nothing. 1 resolution (b1 stays, nothing declined)."""
    units = [_u("a1", "A", "south"), _u("b1", "B", "south")]
    doc = _doc("Moonfall", units, targets={"battlefield": "north", "enemy": "b1"})
    _check_resolved(doc, [_res(battlefield=None, enemy="b1")])


RELENTLESS_PURSUIT = (
    "[Action] Move a friendly unit. You may attach an Equipment with the same controller to "
    "it. This turn, that unit has \"When I conquer, you may move me to my base.\"")


def _pursuit(tmp_path: Path, units: list[dict[str, Any]], **targets: str | None
             ) -> rs.Scenario:
    from riftsolve.cards.store import write_library
    from riftsolve.compiler.card import compile_card
    write_library(tmp_path, [compile_card("Relentless Pursuit", RELENTLESS_PURSUIT)])
    return rs.parse_scenario(_doc("Relentless Pursuit", units, targets=targets),
                             cards=tmp_path)


def test_relentless_pursuit_attach_or_decline(tmp_path: Path) -> None:
    """355.12: declared (a1 to south, equipment e1 of A); nothing changed: attach or
    decline. 2 resolutions."""
    units = [_u("a1", "A", "north"), _gear("e1", "A", "north", tags=["Equipment"])]
    s = _pursuit(tmp_path, units, friendly="a1", destination="south", equipment="e1")
    assert len(list(rs.resolve(s))) == rs.resolve(s).count() == 2


def test_relentless_pursuit_unit_gone_one_resolution(tmp_path: Path) -> None:
    """359.3.e.12, 359.3.f.2.a, 355.12: declared (a1 to south, e1); a1 has left the board:
    illegal, not moved; "with the same controller" and "to it" read a1: null, so the
    Equipment is not attached, and there is no "you may" to decline. 1 resolution."""
    units = [_u("a1", "A", "offboard"), _gear("e1", "A", "north", tags=["Equipment"])]
    s = _pursuit(tmp_path, units, friendly="a1", destination="south", equipment="e1")
    lines = [json.dumps(a.as_json(), sort_keys=True) for a in rs.resolve(s)
             if isinstance(a, Executed)]
    assert rs.resolve(s).count() == 1
    assert lines == [_res(destination="south", equipment=None, friendly=None)]


@pytest.mark.parametrize("value", ["nowhere", None, 1])
def test_a_bad_specified_destination_is_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 value: Any) -> None:
    """The policy takes "unrestricted" or "elsewhere" (355.4, 355.4.a); anything else exits
    2 with one line naming the field."""
    units = [_u("a1", "A", "north"), _u("b1", "B", "north")]
    doc = _doc("Zenith Blade", units, policy={"specified_destination": value})
    assert main(["finalize", _write(tmp_path, doc)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("riftsolve: error: policy.specified_destination: "), err
