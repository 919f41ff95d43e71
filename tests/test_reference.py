"""Tests of the naive reference (tests/reference/) on small hand-made boards.

Every expected answer below was worked out by hand from the Core Rules (1.4) and the reference
spec; the reasoning is in the comments. Nothing here imports the engine.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from reference import finalize_lines, metrics, resolve_lines


def unit(uid: str, controller: str, might: int, location: str, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": uid,
        "controller": controller,
        "might": might,
        "location": location,
        "damage": 0,
        "deflect": 0,
        "tags": [],
        "value": 0,
    }
    base.update(extra)
    return base


def scenario(card: str, units: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": 1,
        "rules": "1.4",
        "controller": "A",
        "card": card,
        "battlefields": ["north", "south"],
        "units": units,
    }
    doc.update(extra)
    return doc


def canon(*lines: dict[str, Any]) -> set[str]:
    return {json.dumps(line, sort_keys=True) for line in lines}


def fin(cost: int = 0, **targets: Any) -> dict[str, Any]:
    return {"targets": targets, "deflect_cost": cost}


def dmg(**amounts: int) -> dict[str, Any]:
    return {"damage": amounts}


def aff(*ids: str, **extra: Any) -> dict[str, Any]:
    return {"affected": sorted(ids), **extra}


# ---------------------------------------------------------------------------------------------
# Card names
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Alpha Strike", "alpha-strike", "ALPHA STRIKE", "alpha_strike"])
def test_card_names_are_normalised(name: str) -> None:
    # The card has no friendly unit to choose, so nothing can be declared, whatever the spelling.
    doc = scenario(name, [unit("b1", "B", 1, "north")])
    assert finalize_lines(doc) == set()


def test_unknown_card_is_rejected() -> None:
    with pytest.raises(ValueError):
        finalize_lines(scenario("Not A Card", []))


# ---------------------------------------------------------------------------------------------
# Alpha Strike: finalization (355.14.a-c, 809.1.c)
# ---------------------------------------------------------------------------------------------


def alpha_board() -> list[dict[str, Any]]:
    return [
        unit("a1", "A", 2, "base", deflect=1),  # friendly anywhere; own Deflect is free
        unit("a2", "A", 1, "north"),
        unit("a3", "A", 4, "north", untargetable="all"),  # can't be chosen at all
        unit("a4", "A", -1, "base", untargetable="enemy"),  # A is not its enemy: choosable
        unit("b1", "B", 3, "north", deflect=1),
        unit("b2", "B", 1, "south"),
        unit("b3", "B", 2, "base"),  # not at a battlefield
        unit("b4", "B", 2, "north", untargetable="enemy"),  # A is its enemy: not choosable
    ]


def test_alpha_strike_finalize_unlimited_power() -> None:
    # Friendly candidates: a1 (cap 2), a2 (cap 1), a4 (Might -1 -> 0, cap 0). a3 is untargetable.
    # Enemy candidates: b1, b2 (b3 at base, b4 untargetable by enemies).
    # a1: {}, {b1}, {b2}, {b1,b2}; a2: {}, {b1}, {b2}; a4: {} -> 8 declarations.
    # Costs: b1 costs 1 (B is A's opponent); a1's own Deflect costs 0.
    doc = scenario("Alpha Strike", alpha_board())
    assert finalize_lines(doc) == canon(
        fin(0, friendly="a1", enemies=[]),
        fin(1, friendly="a1", enemies=["b1"]),
        fin(0, friendly="a1", enemies=["b2"]),
        fin(1, friendly="a1", enemies=["b1", "b2"]),
        fin(0, friendly="a2", enemies=[]),
        fin(1, friendly="a2", enemies=["b1"]),
        fin(0, friendly="a2", enemies=["b2"]),
        fin(0, friendly="a4", enemies=[]),
    )


def test_alpha_strike_finalize_with_budget() -> None:
    # Budget 1: every declaration above costs <= 1, all 8 remain.
    # Budget 0: the four declarations that choose b1 go; 4 remain.
    doc = scenario("Alpha Strike", alpha_board(), available_power=1)
    assert len(finalize_lines(doc)) == 8
    doc["available_power"] = 0
    assert finalize_lines(doc) == canon(
        fin(0, friendly="a1", enemies=[]),
        fin(0, friendly="a1", enemies=["b2"]),
        fin(0, friendly="a2", enemies=[]),
        fin(0, friendly="a2", enemies=["b2"]),
        fin(0, friendly="a4", enemies=[]),
    )


def test_alpha_strike_needs_a_friendly_unit() -> None:
    # 355.8: the friendly target is required; A has only an offboard unit -> no declaration.
    doc = scenario("Alpha Strike", [unit("a1", "A", 3, "offboard"), unit("b1", "B", 1, "north")])
    assert finalize_lines(doc) == set()


def test_alpha_strike_bonus_damage_does_not_raise_the_cap() -> None:
    # 417.6.b.3: the unit deals the damage, so bonus_damage does not apply; a1 Might 1 -> cap 1.
    # {} , {b1}, {b2} -> 3 (not 4).
    units = [unit("a1", "A", 1, "north"), unit("b1", "B", 1, "north"), unit("b2", "B", 1, "south")]
    doc = scenario("Alpha Strike", units, bonus_damage=1)
    assert len(finalize_lines(doc)) == 3


# ---------------------------------------------------------------------------------------------
# Alpha Strike: resolution (355.14.e-h.1, 359.3.e-f)
# ---------------------------------------------------------------------------------------------


def recruits_board(friend_might: int) -> list[dict[str, Any]]:
    # Rule 355.14.h.1's example: five 1-Might Recruits; one became 3-Might (Feral Strength).
    return [
        unit("f", "A", friend_might, "north"),
        unit("r1", "B", 3, "north"),
        unit("r2", "B", 1, "north"),
        unit("r3", "B", 1, "south"),
        unit("r4", "B", 1, "north"),
        unit("r5", "B", 1, "south"),
    ]


RECRUITS = {"friendly": "f", "enemies": ["r1", "r2", "r3", "r4", "r5"]}


def test_alpha_strike_pool_below_number_of_targets() -> None:
    # Pool shrank to 3 (Frigid Touch), 5 legal targets: exactly 2 cease (355.14.h.1), the 3 kept
    # each get >= 1 and the 3 damage add up to 3, so each kept target gets exactly 1.
    # Which 3 are kept: C(5,3) = 10 answers; dealing 3 to r1 alone is not one of them.
    doc = scenario("Alpha Strike", recruits_board(3), targets=RECRUITS)
    ids = RECRUITS["enemies"]
    expected = canon(
        *({"damage": dict.fromkeys(trio, 1)} for trio in itertools.combinations(ids, 3))
    )
    assert len(expected) == 10
    assert resolve_lines(doc) == expected
    assert json.dumps(dmg(r1=3), sort_keys=True) not in resolve_lines(doc)


def test_alpha_strike_pool_split_over_two_targets() -> None:
    # Pool 4, legal targets r1, r2 only (others offboard): keep both, 4 = 1+3 = 2+2 = 3+1.
    units = [
        unit("f", "A", 4, "north"),
        unit("r1", "B", 1, "north"),
        unit("r2", "B", 1, "south"),
        unit("r3", "B", 1, "offboard"),
    ]
    doc = scenario("Alpha Strike", units, targets={"friendly": "f", "enemies": ["r1", "r2", "r3"]})
    assert resolve_lines(doc) == canon(dmg(r1=1, r2=3), dmg(r1=2, r2=2), dmg(r1=3, r2=1))


def test_alpha_strike_friendly_unit_gone() -> None:
    # 359.3.e.12, 359.3.f.2.a: "its Might" is null, no damage to anyone: one empty answer.
    board = recruits_board(5)
    board[0]["location"] = "offboard"
    doc = scenario("Alpha Strike", board, targets=RECRUITS)
    assert resolve_lines(doc) == canon(dmg())
    # Same when it changed control (no longer friendly), also under the forfeit policy.
    board[0].update(location="north", controller="B")
    doc["policy"] = {"split_illegal": "forfeit"}
    assert resolve_lines(doc) == canon(dmg())


def test_alpha_strike_friendly_at_base_still_deals_damage() -> None:
    # The friendly slot has no location requirement: moved to base, pool 1 with 1 legal target.
    units = [unit("f", "A", 1, "base"), unit("r1", "B", 1, "north")]
    doc = scenario("Alpha Strike", units, targets={"friendly": "f", "enemies": ["r1"]})
    assert resolve_lines(doc) == canon(dmg(r1=1))


def test_alpha_strike_zero_pool() -> None:
    # Might dropped to -2 -> pool 0 (143.2.b): all targets are dropped, nothing dealt.
    board = recruits_board(-2)
    doc = scenario("Alpha Strike", board, targets=RECRUITS)
    assert resolve_lines(doc) == canon(dmg())


def forfeit_board(friend_might: int) -> list[dict[str, Any]]:
    return [
        unit("f", "A", friend_might, "base"),
        unit("e1", "B", 1, "north"),  # legal
        unit("e2", "B", 1, "south"),  # legal
        unit("e3", "B", 1, "base"),  # illegal (moved to base), still on the board
        unit("e4", "B", 1, "offboard"),  # left the board: no share under either policy
    ]


FORFEIT_TARGETS = {"friendly": "f", "enemies": ["e1", "e2", "e3", "e4"]}


def test_split_redistribute_vs_forfeit_pool_4() -> None:
    # Redistribute: L = {e1, e2}, keep 2, 4 = 1+3 = 2+2 = 3+1 -> 3 answers.
    # Forfeit: F = 1 (e3), keep = min(2 + 1, 4) = 3 -> e1, e2 and e3 all kept, each >= 1, sum 4:
    # (2,1,1), (1,2,1), (1,1,2); e3's share is not dealt -> {e1:2,e2:1}, {e1:1,e2:2}, {e1:1,e2:1}.
    doc = scenario("Alpha Strike", forfeit_board(4), targets=FORFEIT_TARGETS)
    assert resolve_lines(doc) == canon(dmg(e1=1, e2=3), dmg(e1=2, e2=2), dmg(e1=3, e2=1))
    doc["policy"] = {"split_illegal": "forfeit"}
    assert resolve_lines(doc) == canon(dmg(e1=2, e2=1), dmg(e1=1, e2=2), dmg(e1=1, e2=1))


def test_split_redistribute_vs_forfeit_pool_2() -> None:
    # Redistribute: keep min(2, 2) = 2 -> {e1:1, e2:1} only.
    # Forfeit: keep min(3, 2) = 2 places: (k=2, f=0) {e1:1,e2:1}; (k=1, f=1) {e1:1} or {e2:1}.
    doc = scenario("Alpha Strike", forfeit_board(2), targets=FORFEIT_TARGETS)
    assert resolve_lines(doc) == canon(dmg(e1=1, e2=1))
    doc["policy"] = {"split_illegal": "forfeit"}
    assert resolve_lines(doc) == canon(dmg(e1=1, e2=1), dmg(e1=1), dmg(e2=1))


def test_split_forfeit_pool_1() -> None:
    # Forfeit, keep min(3, 1) = 1 place: e1 gets 1, e2 gets 1, or e3 takes it (nothing dealt).
    doc = scenario(
        "Alpha Strike",
        forfeit_board(1),
        targets=FORFEIT_TARGETS,
        policy={"split_illegal": "forfeit"},
    )
    assert resolve_lines(doc) == canon(dmg(e1=1), dmg(e2=1), dmg())


def test_split_forfeit_only_illegal_targets_left() -> None:
    # Only e3 (on board, illegal) and e4 (gone): e3 takes the whole pool, nothing dealt.
    doc = scenario(
        "Alpha Strike",
        forfeit_board(4),
        targets={"friendly": "f", "enemies": ["e3", "e4"]},
        policy={"split_illegal": "forfeit"},
    )
    assert resolve_lines(doc) == canon(dmg())


# ---------------------------------------------------------------------------------------------
# Volibear, Furious: "here" (359.3.f.2)
# ---------------------------------------------------------------------------------------------


def volibear_board(source_location: str) -> list[dict[str, Any]]:
    return [
        unit("v", "A", 9, source_location, deflect=2),
        unit("b1", "B", 2, "north"),
        unit("b2", "B", 3, "north", deflect=2),
        unit("b3", "B", 1, "south"),
        unit("b4", "B", 1, "base"),
    ]


def test_volibear_finalize_here() -> None:
    # Source at north: enemies here are b1, b2 (cap 5): {}, {b1}, {b2}, {b1,b2}; b2 costs 2.
    doc = scenario("Volibear, Furious", volibear_board("north"), source="v")
    assert finalize_lines(doc) == canon(
        fin(0, enemies=[]),
        fin(0, enemies=["b1"]),
        fin(2, enemies=["b2"]),
        fin(2, enemies=["b1", "b2"]),
    )
    doc["available_power"] = 1
    assert finalize_lines(doc) == canon(fin(0, enemies=[]), fin(0, enemies=["b1"]))


@pytest.mark.parametrize("where", ["base", "offboard"])
def test_volibear_source_not_at_battlefield(where: str) -> None:
    # A unit at a base is never "here"; with the source at a base (or gone), nothing is here,
    # not even b4, which is also at a base. Only the empty choice (355.13).
    doc = scenario("volibear-furious", volibear_board(where), source="v")
    assert finalize_lines(doc) == canon(fin(0, enemies=[]))


def test_volibear_resolution_follows_the_source() -> None:
    # Chosen b1 (north) and b3 (south). Volibear is now at south: only b3 is here -> b3 gets 5.
    doc = scenario(
        "Volibear, Furious", volibear_board("south"), source="v", targets={"enemies": ["b1", "b3"]}
    )
    assert resolve_lines(doc) == canon(dmg(b3=5))
    # 715.3: bonus damage is added to the amount split -> 6.
    doc["bonus_damage"] = 1
    assert resolve_lines(doc) == canon(dmg(b3=6))
    # Volibear moved to base: nothing is here, nothing is dealt.
    doc["units"][0]["location"] = "base"
    assert resolve_lines(doc) == canon(dmg())


def test_volibear_split_five_over_two() -> None:
    # Both b1 and b2 still here: 5 = 1+4 = 2+3 = 3+2 = 4+1 -> 4 answers.
    doc = scenario(
        "Volibear, Furious", volibear_board("north"), source="v", targets={"enemies": ["b1", "b2"]}
    )
    assert resolve_lines(doc) == canon(
        dmg(b1=1, b2=4), dmg(b1=2, b2=3), dmg(b1=3, b2=2), dmg(b1=4, b2=1)
    )


# ---------------------------------------------------------------------------------------------
# Fox-Fire (355.11, 811.1.d)
# ---------------------------------------------------------------------------------------------


def fox_board() -> list[dict[str, Any]]:
    return [
        unit("f1", "A", 1, "north", deflect=2),  # own Deflect: free
        unit("f2", "B", 2, "north"),
        unit("f3", "B", 3, "north", deflect=1),
        unit("s1", "B", 4, "south"),
        unit("s2", "A", 1, "south"),
        unit("x", "B", 1, "base"),  # not at a battlefield
    ]


def test_fox_fire_finalize() -> None:
    # Units at ONE battlefield, total Might <= 4, any controller.
    # north: {f1}=1, {f2}=2, {f3}=3, {f1,f2}=3, {f1,f3}=4; {f2,f3}=5 and all three=6 fail.
    # south: {s1}=4, {s2}=1; {s1,s2}=5 fails. Plus the empty group (355.13): 8 in all.
    # Costs: f3 costs 1 (B's Deflect 1), f1 costs 0 (A's own unit).
    doc = scenario("Fox-Fire", fox_board())
    assert finalize_lines(doc) == canon(
        fin(0, units=[]),
        fin(0, units=["f1"]),
        fin(0, units=["f2"]),
        fin(1, units=["f3"]),
        fin(0, units=["f1", "f2"]),
        fin(1, units=["f1", "f3"]),
        fin(0, units=["s1"]),
        fin(0, units=["s2"]),
    )
    # Budget 0: the two groups with f3 go -> 6.
    doc["available_power"] = 0
    assert len(finalize_lines(doc)) == 6


def test_fox_fire_from_hidden() -> None:
    # From Hidden at south: only s1 and s2 may be chosen (811.1.d.2) -> {}, {s1}, {s2} = 3.
    doc = scenario("Fox-Fire", fox_board(), from_hidden="south")
    assert finalize_lines(doc) == canon(
        fin(0, units=[]), fin(0, units=["s1"]), fin(0, units=["s2"])
    )


def test_fox_fire_from_hidden_at_empty_battlefield() -> None:
    # No unit at south: no non-empty group exists, so it cannot be played from Hidden (811.1.d):
    # zero declarations, not even the empty one.
    units = [unit("n1", "B", 1, "north")]
    doc = scenario("Fox-Fire", units, from_hidden="south")
    assert finalize_lines(doc) == set()
    # Only a 5-Might unit at the Hidden battlefield: no group fits, again 0.
    doc = scenario("Fox-Fire", [unit("n1", "B", 5, "north")], from_hidden="north")
    assert finalize_lines(doc) == set()


def test_fox_fire_from_hidden_budget_is_not_part_of_playability() -> None:
    # n1 (Deflect 1) at the Hidden battlefield is a valid group, so the card can be played, but
    # with 0 Power only the empty declaration is affordable -> 1.
    units = [unit("n1", "B", 1, "north", deflect=1)]
    doc = scenario("Fox-Fire", units, from_hidden="north", available_power=0)
    assert finalize_lines(doc) == canon(fin(0, units=[]))


def four_recruits(mights: list[int]) -> list[dict[str, Any]]:
    return [unit(f"r{i + 1}", "B", m, "north") for i, m in enumerate(mights)]


ALL_FOUR = {"units": ["r1", "r2", "r3", "r4"]}


def test_fox_fire_rule_355_11_b_example() -> None:
    # Four 1-Might Recruits chosen; two get +1: Mights 1,1,2,2 (total 6 > 4).
    # Maximal subsets with total <= 4: {r3,r4} (the two 2s), {r1,r2,r3}, {r1,r2,r4}
    # (the two 1s plus one 2) -> 3 answers.
    doc = scenario("Fox-Fire", four_recruits([1, 1, 2, 2]), targets=ALL_FOUR)
    assert resolve_lines(doc) == canon(
        aff("r3", "r4"), aff("r1", "r2", "r3"), aff("r1", "r2", "r4")
    )
    # Policy "any": every subset with total <= 4: size 0: 1; size 1: 4; size 2: all 6 pairs
    # (sums 2, 3, 3, 3, 3, 4); size 3: the two (1,1,2) triples; size 4: none -> 13.
    doc["policy"] = {"group_subset": "any"}
    assert len(resolve_lines(doc)) == 13


def test_fox_fire_faq_examples() -> None:
    # OGN-FAQ: one Recruit gets +3 (1,1,1,4): kill the other three, or just the 4 -> 2 answers.
    doc = scenario("Fox-Fire", four_recruits([1, 1, 1, 4]), targets=ALL_FOUR)
    assert resolve_lines(doc) == canon(aff("r1", "r2", "r3"), aff("r4"))
    # All get +6 (7,7,7,7): no unit fits, only the empty subset -> nothing happens.
    doc = scenario("Fox-Fire", four_recruits([7, 7, 7, 7]), targets=ALL_FOUR)
    assert resolve_lines(doc) == canon(aff())


def test_fox_fire_group_still_fits() -> None:
    # r4 left the board (illegal); r1..r3 total 3 <= 4 at one battlefield: the one answer.
    board = four_recruits([1, 1, 1, 1])
    board[3]["location"] = "offboard"
    doc = scenario("Fox-Fire", board, targets=ALL_FOUR)
    assert resolve_lines(doc) == canon(aff("r1", "r2", "r3"))


def test_fox_fire_units_moved_together() -> None:
    # r1 and r2 moved to south, r3 and r4 stay north: L fails "one battlefield".
    # Maximal subsets: {r1,r2} and {r3,r4} -> 2 answers (units that left may be chosen if they
    # are together, 355.11.b).
    board = four_recruits([1, 1, 1, 1])
    board[0]["location"] = board[1]["location"] = "south"
    doc = scenario("Fox-Fire", board, targets=ALL_FOUR)
    assert resolve_lines(doc) == canon(aff("r1", "r2"), aff("r3", "r4"))


# ---------------------------------------------------------------------------------------------
# Tricksy Tentacles (355.11, 355.4.a)
# ---------------------------------------------------------------------------------------------


def tricksy_board() -> list[dict[str, Any]]:
    return [
        unit("b1", "B", 3, "north"),
        unit("b2", "B", 5, "base"),
        unit("b3", "B", 1, "south"),
        unit("c1", "C", 4, "north"),
        unit("a1", "A", 1, "north"),  # friendly: never chosen
    ]


def test_tricksy_tentacles_finalize() -> None:
    # Groups: enemy units, one shared controller, total Might <= 8.
    # B: {b1}3 {b2}5 {b3}1 {b1,b2}8 {b1,b3}4 {b2,b3}6; {b1,b2,b3}=9 fails. C: {c1}4.
    # Destinations (north, south, base) other than any chosen unit's location (355.4.a):
    # {b1}@north: south, base (2); {b2}@base: north, south (2); {b3}@south: north, base (2);
    # {b1,b2}: south (1); {b1,b3}: base (1); {b2,b3}: north (1); {c1}@north: south, base (2).
    # 11 non-empty declarations + the empty one = 12; but B's units never go north, where
    # units of A and C, two players other than B, are (449.2): {b2}, {b3}, {b2,b3} to north
    # are out: 9.
    doc = scenario("Tricksy Tentacles", tricksy_board())
    expected = canon(
        fin(0, units=[]),
        fin(0, units=["b1"], destination="south"),
        fin(0, units=["b1"], destination="base"),
        fin(0, units=["b2"], destination="south"),
        fin(0, units=["b3"], destination="base"),
        fin(0, units=["b1", "b2"], destination="south"),
        fin(0, units=["b1", "b3"], destination="base"),
        fin(0, units=["c1"], destination="south"),
        fin(0, units=["c1"], destination="base"),
    )
    assert len(expected) == 9
    assert finalize_lines(doc) == expected


def test_tricksy_tentacles_teams() -> None:
    # With A and C teammates, c1 is friendly and can't be chosen: 9 - 2 = 7 (north is still
    # barred to B's units: A's and C's are there, 449.2).
    doc = scenario("Tricksy Tentacles", tricksy_board(), teams=[["A", "C"]])
    assert len(finalize_lines(doc)) == 7


def test_tricksy_tentacles_unit_already_at_destination() -> None:
    # Chosen {b1 (north), b3 (south)} -> base. b3 has since moved to B's base. L = {b1, b3}
    # still fits (one controller, 4 <= 8); b3 is already at the destination, so it is unmoved.
    board = tricksy_board()
    board[2]["location"] = "base"
    doc = scenario(
        "Tricksy Tentacles", board, targets={"units": ["b1", "b3"], "destination": "base"}
    )
    assert resolve_lines(doc) == canon({"affected": ["b1"], "unmoved": ["b3"]})


def test_tricksy_tentacles_over_cap_at_resolution() -> None:
    # Same, and b1 grew to 8: total 9 > 8. Maximal subsets: {b1} (8) and {b3} (1) -> 2 answers.
    board = tricksy_board()
    board[2]["location"] = "base"
    board[0]["might"] = 8
    doc = scenario(
        "Tricksy Tentacles", board, targets={"units": ["b1", "b3"], "destination": "base"}
    )
    assert resolve_lines(doc) == canon(aff("b1"), {"affected": [], "unmoved": ["b3"]})


def test_tricksy_tentacles_controllers_split() -> None:
    # b3 changed control to C (still an enemy): no longer one controller -> {b1} or {b3}.
    board = tricksy_board()
    board[2]["controller"] = "C"
    doc = scenario(
        "Tricksy Tentacles", board, targets={"units": ["b1", "b3"], "destination": "base"}
    )
    assert resolve_lines(doc) == canon(aff("b1"), aff("b3"))


# ---------------------------------------------------------------------------------------------
# Decree of Discord, Facebreaker, Switcheroo
# ---------------------------------------------------------------------------------------------


def test_decree_of_discord_finalize() -> None:
    # Enemy Order units, total Might <= 5, no shared location or controller:
    # {}, {b1}3, {b2}2, {c3}1, {b1,b2}5, {b1,c3}4, {b2,c3}3; all three = 6 fails -> 7.
    units = [
        unit("b1", "B", 3, "north", tags=["Order"]),
        unit("b2", "B", 2, "base", tags=["Order", "Chaos"]),
        unit("c3", "C", 1, "south", tags=["Order"]),
        unit("b4", "B", 1, "north"),  # no Order tag
        unit("a1", "A", 1, "north", tags=["Order"]),  # friendly
    ]
    assert len(finalize_lines(scenario("Decree of Discord", units))) == 7


def facebreaker_board() -> list[dict[str, Any]]:
    return [
        unit("a1", "A", 2, "north"),
        unit("a2", "A", 2, "south"),
        unit("a3", "A", 2, "base"),
        unit("b1", "B", 2, "north"),
        unit("b2", "B", 2, "north"),
        unit("b3", "B", 2, "south"),
    ]


def test_facebreaker_finalize() -> None:
    # Friendly and enemy at the same battlefield: (a1,b1), (a1,b2) at north, (a2,b3) at south.
    doc = scenario("Facebreaker", facebreaker_board())
    assert finalize_lines(doc) == canon(
        fin(0, friendly="a1", enemy="b1"),
        fin(0, friendly="a1", enemy="b2"),
        fin(0, friendly="a2", enemy="b3"),
    )
    doc["from_hidden"] = "north"
    assert len(finalize_lines(doc)) == 2


def test_facebreaker_resolution() -> None:
    # a1 moved to base: illegal (friendly slot needs a battlefield); the enemy is still stunned.
    board = facebreaker_board()
    board[0]["location"] = "base"
    doc = scenario("Facebreaker", board, targets={"friendly": "a1", "enemy": "b1"})
    assert resolve_lines(doc) == canon(aff("b1"))
    # a1 moved to south instead: both legal but apart -> maximal {a1} or {b1}; "any" adds {}.
    board[0]["location"] = "south"
    assert resolve_lines(doc) == canon(aff("a1"), aff("b1"))
    doc["policy"] = {"group_subset": "any"}
    assert resolve_lines(doc) == canon(aff("a1"), aff("b1"), aff())


def switcheroo_board() -> list[dict[str, Any]]:
    return [
        unit("n1", "A", 1, "north"),
        unit("n2", "B", 5, "north"),
        unit("n3", "C", 2, "north"),
        unit("s1", "B", 3, "south"),
        unit("x", "B", 3, "base"),
    ]


def test_switcheroo_finalize() -> None:
    # Exactly two units at one battlefield: pairs of {n1, n2, n3} -> 3; s1 has no partner.
    doc = scenario("Switcheroo", switcheroo_board())
    assert finalize_lines(doc) == canon(
        fin(0, units=["n1", "n2"]), fin(0, units=["n1", "n3"]), fin(0, units=["n2", "n3"])
    )
    # From Hidden at south: no pair -> cannot be played (811.1.d).
    doc["from_hidden"] = "south"
    assert finalize_lines(doc) == set()


def test_switcheroo_resolution() -> None:
    doc = scenario("Switcheroo", switcheroo_board(), targets={"units": ["n1", "n2"]})
    assert resolve_lines(doc) == canon(aff("n1", "n2"))
    # n2 gone: a swap needs two units (433.1) -> nothing happens.
    doc["units"][1]["location"] = "offboard"
    assert resolve_lines(doc) == canon(aff())
    # n2 back but at another battlefield: not together -> nothing happens.
    doc["units"][1]["location"] = "south"
    assert resolve_lines(doc) == canon(aff())
    doc["policy"] = {"group_subset": "any"}
    assert resolve_lines(doc) == canon(aff())


# ---------------------------------------------------------------------------------------------
# Bellows Breath and Repeat (820.2)
# ---------------------------------------------------------------------------------------------


def bellows_board() -> list[dict[str, Any]]:
    return [
        unit("n1", "B", 2, "north", deflect=1),
        unit("n2", "A", 3, "north", deflect=1),  # own Deflect: free
        unit("x", "A", 1, "base"),
        unit("y", "B", 1, "base"),  # at B's base: not the same location as x
    ]


def test_bellows_breath_finalize() -> None:
    # Up to three units at one location: {}, {n1}, {n2}, {n1,n2}, {x}, {y} -> 6 ({x,y} is two
    # different bases). Costs: n1 1, others 0.
    doc = scenario("Bellows Breath", bellows_board())
    assert finalize_lines(doc) == canon(
        fin(0, units=[]),
        fin(1, units=["n1"]),
        fin(0, units=["n2"]),
        fin(1, units=["n1", "n2"]),
        fin(0, units=["x"]),
        fin(0, units=["y"]),
    )
    doc["available_power"] = 0
    assert len(finalize_lines(doc)) == 4


def test_bellows_breath_at_most_three() -> None:
    # Four units at north: subsets of size 0..3 = 1 + 4 + 6 + 4 = 15.
    units = [unit(f"u{i}", "B", 1, "north") for i in range(4)]
    assert len(finalize_lines(scenario("Bellows Breath", units))) == 15


def test_bellows_breath_repeat_finalize() -> None:
    # Without a budget: any pair of the 6 single declarations -> 6 * 6 = 36.
    doc = scenario("Bellows Breath", bellows_board(), repeat=True)
    lines = finalize_lines(doc)
    assert len(lines) == 36
    pair = {"targets": {"units": ["n1"], "repeat": {"units": ["n1"]}}, "deflect_cost": 2}
    assert json.dumps(pair, sort_keys=True) in lines  # same unit twice: Deflect paid twice
    # Budget 1: free singles {}, {n2}, {x}, {y} (4); cost-1 singles {n1}, {n1,n2} (2).
    # Pairs with total <= 1: 4*4 + 2*4 + 4*2 = 32. Budget 0: 4*4 = 16.
    doc["available_power"] = 1
    assert len(finalize_lines(doc)) == 32
    doc["available_power"] = 0
    assert len(finalize_lines(doc)) == 16


def test_bellows_breath_repeat_resolution_and_metrics() -> None:
    # First execution chose {n1, n2}; n2 has since moved to A's base, so L = {n1, n2} is no
    # longer at one location: maximal subsets {n1} and {n2}. Second execution chose {n1}: {n1}.
    board = bellows_board()
    board[1]["location"] = "base"
    targets = {"units": ["n1", "n2"], "repeat": {"units": ["n1"]}}
    doc = scenario("Bellows Breath", board, repeat=True, targets=targets)
    both_n1 = {"affected": ["n1"], "repeat": {"affected": ["n1"]}}
    split = {"affected": ["n2"], "repeat": {"affected": ["n1"]}}
    assert resolve_lines(doc) == canon(both_n1, split)
    # n1 (Might 2) is dealt 1 twice = 2 >= 2: dies, overkill 0; one distinct unit affected.
    assert metrics(doc, both_n1) == {
        "kills": 1,
        "xp": 0,
        "killed-might": 2,
        "overkill": 0,
        "value": 0,
        "affected": 1,
    }
    # n2 (Might 3) and n1 are dealt 1 each: nobody dies; two units affected.
    assert metrics(doc, split) == {
        "kills": 0,
        "xp": 0,
        "killed-might": 0,
        "overkill": 0,
        "value": 0,
        "affected": 2,
    }


# ---------------------------------------------------------------------------------------------
# Elder Dragon
# ---------------------------------------------------------------------------------------------


def elder_board() -> list[dict[str, Any]]:
    return [
        unit("b1", "B", 5, "north", value=7),
        unit("b2", "B", 1, "north"),
        unit("b3", "B", 2, "base", value=3),
        unit("c1", "C", 1, "base"),
        unit("a1", "A", 1, "north"),
    ]


def test_elder_dragon_finalize() -> None:
    # Up to one enemy per location. north: none/b1/b2 (3); south: none (1); base:A: none (1);
    # base:B: none/b3 (2); base:C: none/c1 (2) -> 3 * 2 * 2 = 12.
    doc = scenario("Elder Dragon", elder_board())
    lines = finalize_lines(doc)
    assert len(lines) == 12
    assert json.dumps(fin(0, enemies={"north": "b1", "base:B": "b3"}), sort_keys=True) in lines
    # With A and C teammates, c1 is friendly: 3 * 2 = 6.
    doc["teams"] = [["A", "C"]]
    assert len(finalize_lines(doc)) == 6


def test_elder_dragon_resolution_and_metrics() -> None:
    targets = {"enemies": {"north": "b1", "base:B": "b3"}}
    doc = scenario("Elder Dragon", elder_board(), targets=targets)
    line = aff("b1", "b3")
    assert resolve_lines(doc) == canon(line)
    # lethal_any defaults to true: b1 (Might 5) dealt 1 dies (142.4.c), b3 too; overkill d-1 = 0.
    assert metrics(doc, line) == {
        "kills": 2,
        "xp": 0,
        "killed-might": 7,
        "overkill": 0,
        "value": 10,
        "affected": 2,
    }
    # bonus_damage 1: each dealt 2 (715.2) -> overkill 1 + 1 = 2.
    doc["bonus_damage"] = 1
    assert metrics(doc, line)["overkill"] == 2
    # lethal_any false: b1 2 < 5 survives; b3 2 >= 2 dies with overkill 0.
    doc["lethal_any"] = False
    assert metrics(doc, line) == {
        "kills": 1,
        "xp": 0,
        "killed-might": 2,
        "overkill": 0,
        "value": 3,
        "affected": 2,
    }


def test_elder_dragon_unit_moved_is_illegal() -> None:
    # b1 was chosen at north and is now at south: not at the location it was chosen at.
    board = elder_board()
    board[0]["location"] = "south"
    doc = scenario("Elder Dragon", board, targets={"enemies": {"north": "b1", "base:B": "b3"}})
    assert resolve_lines(doc) == canon(aff("b3"))


# ---------------------------------------------------------------------------------------------
# Metrics of split and Fox-Fire lines
# ---------------------------------------------------------------------------------------------


def test_alpha_strike_metrics() -> None:
    units = [
        unit("f", "A", 3, "north"),
        unit("e1", "B", 1, "north", value=4),
        unit("e2", "B", 2, "south", damage=0),
    ]
    doc = scenario("Alpha Strike", units, targets={"friendly": "f", "enemies": ["e1", "e2"]})
    line = dmg(e1=2, e2=1)
    # e1: 0 + 2 >= 1 dies, overkill 1; e2: 1 < 2 survives. XP = kills for Alpha Strike.
    assert metrics(doc, line) == {
        "kills": 1,
        "xp": 1,
        "killed-might": 1,
        "overkill": 1,
        "value": 4,
        "affected": 2,
    }
    # e2 already had 1 damage: 1 + 1 >= 2 dies too, overkill 0.
    doc["units"][2]["damage"] = 1
    assert metrics(doc, line)["kills"] == 2
    # lethal_any on an unwounded board: both enemies die; overkill (2-1) + (1-1) = 1.
    doc["units"][2]["damage"] = 0
    doc["lethal_any"] = True
    assert metrics(doc, line) == {
        "kills": 2,
        "xp": 2,
        "killed-might": 3,
        "overkill": 1,
        "value": 4,
        "affected": 2,
    }


def test_fox_fire_metrics() -> None:
    # Fox-Fire kills outright: kills 2, Might 1 + 0 (negative counts as 0), overkill 0.
    units = [unit("r1", "B", 1, "north", value=2), unit("r2", "B", -1, "north", value=5)]
    doc = scenario("Fox-Fire", units, targets={"units": ["r1", "r2"]})
    assert metrics(doc, aff("r1", "r2")) == {
        "kills": 2,
        "xp": 0,
        "killed-might": 1,
        "overkill": 0,
        "value": 7,
        "affected": 2,
    }


def test_non_damaging_groups_kill_nobody() -> None:
    doc = scenario("Switcheroo", switcheroo_board(), targets={"units": ["n1", "n2"]})
    assert metrics(doc, aff("n1", "n2")) == {
        "kills": 0,
        "xp": 0,
        "killed-might": 0,
        "overkill": 0,
        "value": 0,
        "affected": 2,
    }


# ---------------------------------------------------------------------------------------------
# Teams (740.1.a-b) and Deflect (809.1.c)
# ---------------------------------------------------------------------------------------------


def team_board() -> list[dict[str, Any]]:
    return [
        unit("c1", "C", 2, "north", deflect=1),
        unit("b1", "B", 1, "north", deflect=1),
    ]


def test_teams_alpha_strike_friendly_teammate() -> None:
    # With A and C teammates, c1 is friendly to A: Alpha Strike may choose it (no Deflect paid).
    # Cap 2, enemies: b1 only -> {c1, []} cost 0, {c1, [b1]} cost 1.
    doc = scenario("Alpha Strike", team_board(), teams=[["A", "C"], ["B", "D"]])
    assert finalize_lines(doc) == canon(
        fin(0, friendly="c1", enemies=[]), fin(1, friendly="c1", enemies=["b1"])
    )
    # Without teams A has no friendly unit at all -> no declaration.
    del doc["teams"]
    assert finalize_lines(doc) == set()


def test_teams_deflect_of_teammate_is_free() -> None:
    # Fox-Fire on c1 alone: free with teams, costs 1 without.
    doc = scenario("Fox-Fire", team_board(), teams=[["A", "C"]])
    assert json.dumps(fin(0, units=["c1"]), sort_keys=True) in finalize_lines(doc)
    del doc["teams"]
    assert json.dumps(fin(1, units=["c1"]), sort_keys=True) in finalize_lines(doc)


def test_own_deflect_costs_nothing() -> None:
    # A's own Deflect 3 unit: Fox-Fire may choose it with 0 Power available.
    doc = scenario("Fox-Fire", [unit("a1", "A", 1, "north", deflect=3)], available_power=0)
    assert finalize_lines(doc) == canon(fin(0, units=[]), fin(0, units=["a1"]))
