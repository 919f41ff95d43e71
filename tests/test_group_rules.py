"""Group targets (CR 1.4 355.11), each rule tested under its number, for every group
card of the library. Counts are worked out by hand in each docstring."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import build, scenario_dict, unit

from riftsolve.engine.families.group import GroupResolutions
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.outcome import apply
from riftsolve.rules.scenario import Scenario, ScenarioError


def _fox(units: list[dict[str, Any]], chosen: list[str] | None = None, **top: Any) -> Scenario:
    if chosen is not None:
        top["targets"] = {"units": chosen}
    return build(units, card="Fox-Fire", **top)


def _affected(s: Scenario) -> set[tuple[str, ...]]:
    return {a.units for a in resolve(s, kind=Affected)}


def _chosen(s: Scenario) -> set[tuple[tuple[str, ...], ...]]:
    return {d.selection for d in finalize(s, kind=GroupDeclaration)}


# ------------------------------------------------------------------ finalization


def test_355_11_a_fox_fire_groups_share_one_battlefield_under_the_cap() -> None:
    """355.11.a, 355.13: north r1 (2), r2 (3); south r3 (1); r4 at base can't be chosen.
    North subsets with total <= 4: {r1}, {r2}; south: {r3}; plus the empty group: 4."""
    s = _fox([unit("r1", might=2), unit("r2", might=3), unit("r3", location="south"),
              unit("r4", location="base")])
    assert _chosen(s) == {((),), (("r1",),), (("r2",),), (("r3",),)}
    assert finalize(s).count() == 4


def test_143_2_b_negative_might_counts_as_zero_in_the_total() -> None:
    """143.2.b: r1 (-3) and r2 (4) total 4, not 1; both fit, and so does every subset
    of {r1, r2}: 4 declarations."""
    s = _fox([unit("r1", might=-3), unit("r2", might=4)])
    assert finalize(s).count() == 4
    s = _fox([unit("r1", might=-3), unit("r2", might=5)])
    assert _chosen(s) == {((),), (("r1",),)}


def test_355_11_a_fox_fire_may_choose_friendly_units_too() -> None:
    """Fox-Fire kills 'units', friendly or enemy: {a}, {r1}, {a, r1} and the empty group."""
    s = _fox([unit("a", "A", 1), unit("r1")])
    assert finalize(s).count() == 4


def test_809_deflect_taxes_add_up_against_available_power() -> None:
    """809: r1 (Deflect 1) and r2 (Deflect 1) with 1 Power: {r1, r2} costs 2 and is out:
    {}, {r1}, {r2}, {r3}, {r1, r3}, {r2, r3} = 6 of the 8 subsets ({r1,r2,r3} also out)."""
    s = _fox([unit("r1", deflect=1), unit("r2", deflect=1), unit("r3")], available_power=1)
    legal = finalize(s)
    assert legal.count() == 6 == len(list(legal))
    assert GroupDeclaration(((("r1", "r2")),)) not in legal
    assert {d.deflect_cost for d in legal} == {0, 1}


def test_811_1_d_2_from_hidden_targets_must_be_at_that_battlefield() -> None:
    """811.1.d.2: played from Hidden at south, only south units: {}, {r2} = 2."""
    s = _fox([unit("r1"), unit("r2", location="south")], from_hidden="south")
    assert _chosen(s) == {((),), (("r2",),)}


def test_tricksy_tentacles_shares_one_controller_and_picks_a_destination() -> None:
    """355.11.a, 355.4.a: enemy units of B (3 + 6 = 9 > 8) or of C; anywhere on the board.
    Groups: {b1}, {b2}, {c1}, {c1 + b?} not allowed (two controllers): 3 non-empty groups,
    each to the 2 of the 3 locations (north, south, base) where it does not stand: b1 at
    north, b2 at base, c1 at south; but c1 (C's) can't move to north, where units of A and B,
    two players other than C, already are (449.2): 3 x 2 - 1 + the empty group = 6."""
    units = [unit("b1", "B", 3), unit("b2", "B", 6, "base"), unit("c1", "C", 1, "south"),
             unit("a1", "A", 1)]
    s = build(units, card="Tricksy Tentacles")
    legal = finalize(s)
    assert legal.count() == 6 == len(list(legal))
    assert [f.rule for f in legal.verify(GroupDeclaration((("c1",),), "north"))] == ["449.2"]
    assert GroupDeclaration((("b1",),), "base") in legal
    assert GroupDeclaration((("b1",),), "north") not in legal  # it stands there (355.4.a)
    assert [f.rule for f in legal.verify(GroupDeclaration((("b2",),), "base"))] == ["355.4.a"]
    assert GroupDeclaration((("b1", "c1"),), "south") not in legal


def test_decree_of_discord_needs_enemy_order_units() -> None:
    """Decree of Discord (text unverified): enemy units tagged Order, total Might <= 5:
    o1 (2), o2 (3) Order; x (1) is not Order: {}, {o1}, {o2}, {o1, o2} = 4."""
    units = [unit("o1", might=2, tags=["Order"]), unit("o2", might=3, location="base",
                                                        tags=["Order"]), unit("x", tags=[])]
    assert finalize(build(units, card="Decree of Discord")).count() == 4


def test_bellows_breath_up_to_three_at_one_location_bases_apart() -> None:
    """Bellows Breath: up to three units at the same location; A's base and B's base are
    different locations (107.1.b). North: n1..n4 give C(4,1..3) = 4 + 6 + 4 = 14; A's base
    a1: 1; B's base b1: 1; empty: 1. Total 17."""
    units = [*[unit(f"n{i}") for i in range(1, 5)], unit("a1", "A", 1, "base"),
             unit("b1", "B", 1, "base")]
    s = build(units, card="Bellows Breath")
    assert finalize(s).count() == 17 == len(list(finalize(s)))
    assert GroupDeclaration((("a1", "b1"),)) not in finalize(s)


def test_facebreaker_needs_a_friendly_and_an_enemy_unit_at_one_battlefield() -> None:
    """355.8: both slots are required; north: f1 with e1 or e2; south: f2 with e3: 3."""
    units = [unit("f1", "A"), unit("e1"), unit("e2"), unit("f2", "A", location="south"),
             unit("e3", location="south"), unit("e4", location="base")]
    s = build(units, card="Facebreaker")
    assert _chosen(s) == {(("f1",), ("e1",)), (("f1",), ("e2",)), (("f2",), ("e3",))}
    assert render.line(finalize(s), GroupDeclaration((("f1",), ("e1",)))) == {
        "targets": {"friendly": "f1", "enemy": "e1"}, "deflect_cost": 0}


def test_switcheroo_needs_exactly_two_units_at_one_battlefield() -> None:
    """Switcheroo: two units at the same battlefield: C(3, 2) north + 0 south = 3."""
    units = [unit("a"), unit("b", "A"), unit("c"), unit("d", location="south")]
    assert finalize(build(units, card="Switcheroo")).count() == 3


# ------------------------------------------------------------------ resolution


def test_355_11_b_fox_fire_rule_example_two_pumped() -> None:
    """355.11.b (the rule's own example): four Recruits, two pumped to 2 (2, 2, 1, 1):
    the two 2s, or both 1s with one 2: 3 maximal subsets."""
    s = _fox([unit("r1", might=2), unit("r2", might=2), unit("r3"), unit("r4")],
             ["r1", "r2", "r3", "r4"])
    assert _affected(s) == {("r1", "r2"), ("r1", "r3", "r4"), ("r2", "r3", "r4")}


def test_355_11_b_group_still_meeting_the_requirement_is_the_one_answer() -> None:
    """355.11.b applies only when the group fails: total 4, all four Recruits die."""
    s = _fox([unit(f"r{i}") for i in range(4)], [f"r{i}" for i in range(4)])
    assert _affected(s) == {("r0", "r1", "r2", "r3")}
    assert resolve(s).count() == 1


def test_355_11_b_origins_faq_examples() -> None:
    """Origins FAQ Fox-Fire: +3 on one Recruit (4, 1, 1, 1): the other three, or the 4
    alone: 2. +6 on one (7, 1, 1, 1): the other three only: 1. +6 on all: nothing: 1."""
    def pumped(mights: list[int]) -> set[tuple[str, ...]]:
        units = [unit(f"r{i}", might=m) for i, m in enumerate(mights)]
        return _affected(_fox(units, [f"r{i}" for i in range(4)]))

    assert pumped([4, 1, 1, 1]) == {("r0",), ("r1", "r2", "r3")}
    assert pumped([7, 1, 1, 1]) == {("r1", "r2", "r3")}
    assert pumped([7, 7, 7, 7]) == {()}
    assert pumped([2, 2, 2, 2]) == {("r0", "r1"), ("r0", "r2"), ("r0", "r3"), ("r1", "r2"),
                                    ("r1", "r3"), ("r2", "r3")}


def test_355_11_b_moved_targets_may_stay_if_all_kept_share_a_battlefield() -> None:
    """355.11.b: r1, r2 moved south: keep {r1, r2} at south or {r3, r4} at north."""
    units = [unit("r1", location="south"), unit("r2", location="south"),
             unit("r3", might=2), unit("r4")]
    assert _affected(_fox(units, ["r1", "r2", "r3", "r4"])) == {("r1", "r2"), ("r3", "r4")}


def test_355_11_b_never_a_new_unit() -> None:
    """355.11.b: r9 at north was not chosen: never affected, even when room is left."""
    units = [unit("r1", might=3), unit("r2", might=3), unit("r9")]
    legal = resolve(_fox(units, ["r1", "r2"]), kind=Affected)
    assert {a.units for a in legal} == {("r1",), ("r2",)}
    assert legal.verify(Affected(("r1", "r9")))[0].rule == "355.11.b"


def test_policy_group_subset_any_allows_every_subset_meeting_the_requirement() -> None:
    """Policy any (355.11.b's literal 'a subset'): (2, 2, 1, 1): every subset with total
    <= 4: 1 empty + 4 singles + 6 pairs + 2 triples = 13."""
    units = [unit("r1", might=2), unit("r2", might=2), unit("r3"), unit("r4")]
    s = _fox(units, ["r1", "r2", "r3", "r4"], policy={"group_subset": "any"})
    assert resolve(s).count() == 13 == len(_affected(s))


def test_359_3_e_illegal_targets_drop_before_the_group_is_checked() -> None:
    """359.3.e.2: r1 (3) left the board; r2 (1) + r3 (1) + r4 (1) meet the cap: one answer.
    758.1: an untargetable r5 is dropped too."""
    units = [unit("r1", might=3, location="offboard"), unit("r2"), unit("r3"), unit("r4"),
             unit("r5", untargetable="enemy")]
    assert _affected(_fox(units, ["r1", "r2", "r3", "r4", "r5"])) == {("r2", "r3", "r4")}


def test_359_3_e_2_a_fox_fire_target_at_base_is_illegal() -> None:
    """359.3.e.2: Fox-Fire kills units at a battlefield; one moved to base is illegal."""
    units = [unit("r1", location="base"), unit("r2", might=4)]
    assert _affected(_fox(units, ["r1", "r2"])) == {("r2",)}


def test_811_1_d_2_hidden_target_that_left_the_battlefield_is_illegal() -> None:
    """811.1.d.2, 359.3.e.5: played from Hidden at north; r2 moved south: illegal."""
    units = [unit("r1"), unit("r2", location="south")]
    assert _affected(_fox(units, ["r1", "r2"], from_hidden="north")) == {("r1",)}


def test_facebreaker_split_up_keeps_either_one() -> None:
    """355.11.b: the friendly unit moved south: they no longer share a battlefield, so
    stun f1 alone or e1 alone (maximal)."""
    units = [unit("f1", "A", location="south"), unit("e1")]
    s = build(units, card="Facebreaker", targets={"friendly": "f1", "enemy": "e1"})
    assert _affected(s) == {("f1",), ("e1",)}


def test_tricksy_control_change_splits_the_group() -> None:
    """Tricksy Tentacles: b2 is now controlled by C: the group no longer shares one
    controller; keep {b1} or {b2} (maximal)."""
    units = [unit("b1", "B", 2), unit("b2", "C", 2)]
    s = build(units, card="Tricksy Tentacles",
              targets={"units": ["b1", "b2"], "destination": "south"})
    assert _affected(s) == {("b1",), ("b2",)}


def test_bellows_breath_counts_bases_apart_on_resolution() -> None:
    """Bellows Breath: a (A) and b (B) moved to their bases: not one location any more."""
    units = [unit("a", "A", location="base"), unit("b", "B", location="base"), unit("c")]
    s = build(units, card="Bellows Breath", targets={"units": ["a", "b", "c"]})
    assert _affected(s) == {("a",), ("b",), ("c",)}


def test_explain_names_the_policy_and_both_sources() -> None:
    """--explain states which policy produced the answers."""
    units = [unit("r1", might=2), unit("r2", might=2), unit("r3"), unit("r4")]
    for policy, phrase in (("maximal", "Origins FAQ"), ("any", "the rule's literal")):
        s = _fox(units, ["r1", "r2", "r3", "r4"], policy={"group_subset": policy})
        legal = resolve(s)
        steps = legal.explain(next(iter(legal)))
        assert any(f"group_subset={policy}" in st["detail"] and phrase in st["detail"]
                   for st in steps)
        assert steps[0]["rule"] == "355.11.b"


def test_elder_dragon_up_to_one_enemy_unit_at_each_location() -> None:
    """Elder Dragon (Unleashed FAQ: a separate 'up to one' at each location): north e1, e2;
    south e3; B's base e4: (1 + 2) x (1 + 1) x (1 + 1) = 12 declarations; a1 is friendly."""
    units = [unit("e1"), unit("e2"), unit("e3", location="south"), unit("e4", location="base"),
             unit("a1", "A")]
    legal = finalize(build(units, card="Elder Dragon"))
    assert legal.count() == 12 == len(list(legal))
    assert GroupDeclaration((("e1", "e2"),)) not in legal
    assert render.line(legal, GroupDeclaration((("e1", "e4"),))) == {
        "targets": {"enemies": {"north": "e1", "base:B": "e4"}}, "deflect_cost": 0}


def test_elder_dragon_deflect_budget_spans_locations() -> None:
    """809: e1 (Deflect 1, north) and e3 (Deflect 1, south), 1 Power: not both:
    (1 + 1) x (1 + 1) - 1 = 3."""
    units = [unit("e1", deflect=1), unit("e3", location="south", deflect=1)]
    assert finalize(build(units, card="Elder Dragon", available_power=1)).count() == 3


def test_elder_dragon_target_moved_to_another_location_is_illegal() -> None:
    """Unleashed FAQ, 359.3.e.2: e1 was chosen at north and moved south: illegal; e3 stays."""
    units = [unit("e1", location="south"), unit("e3", location="south")]
    s = build(units, card="Elder Dragon",
              targets={"enemies": {"north": "e1", "south": "e3"}})
    assert _affected(s) == {("e3",)}
    legal = resolve(s)
    assert isinstance(legal, GroupResolutions)
    assert "Unleashed FAQ" in str(legal.problem.illegal[0][1])


def test_under_2026_10_09_the_maximal_subset_is_the_rule_and_any_is_refused() -> None:
    """355.11.b.1 (new in 2026-10-09): 'any legal subset must include the maximum number
    of legal targets possible for that subset'. The text decides what the policy left
    open: the kept subsets are the maximal ones, cited as 355.11.b.1, and a scenario
    asking for 'any' under that text is refused naming the rule (exit 2 on the command
    line). r1, r2 pumped to 2 each, r3, r4 at 1: total 6 > 4; the maximal subsets within 4
    are {r1, r2}, {r1, r3, r4}, {r2, r3, r4}: 3."""
    units = [unit("r1", might=2), unit("r2", might=2), unit("r3"), unit("r4")]
    newest = _fox(units, ["r1", "r2", "r3", "r4"], rules="2026-10-09")
    legal = resolve(newest)
    assert legal.count() == 3
    assert _affected(newest) == {("r1", "r2"), ("r1", "r3", "r4"), ("r2", "r3", "r4")}
    why = legal.explain(next(iter(legal)))
    assert any(s["rule"] == "355.11.b.1" and s["version"] == "2026-10-09" for s in why)
    assert not any("policy group_subset" in s["detail"] for s in why)
    with pytest.raises(ScenarioError, match=r"^policy.group_subset: under Core Rules "
                       r"2026-10-09, 355.11.b.1 decides it"):
        _fox(units, ["r1", "r2", "r3", "r4"], rules="2026-10-09",
             policy={"group_subset": "any"})
    # under 1.4 'any' is still a reading (policy): the empty subset, 4 singles, 6 pairs
    # and the two triples within 4: 13
    assert resolve(_fox(units, ["r1", "r2", "r3", "r4"], rules="1.4",
                        policy={"group_subset": "any"})).count() == 13


def test_the_command_line_refuses_any_under_2026_10_09_in_one_line(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from riftsolve.faces.cli import main

    doc = scenario_dict([unit("r1"), unit("r2")], card="Fox-Fire", rules="2026-10-09",
                        policy={"group_subset": "any"}, targets={"units": ["r1", "r2"]})
    path = tmp_path / "fox.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["resolve", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "policy.group_subset: under Core Rules 2026-10-09, 355.11.b.1" \
        in err[0]


def _elder_dragon(gone: tuple[str, ...]) -> Scenario:
    """Elder Dragon chose e1 at north and e3 at south ("up to one enemy unit at each
    location"); the units in ``gone`` have left the board since."""
    doc = scenario_dict([unit("e1", might=2), unit("e3", might=4, location="south"),
                         unit("a1", "A", 5)], card="Elder Dragon", rules="2026-10-09",
                        targets={"enemies": {"north": "e1", "south": "e3"}})
    for entry in doc["units"]:
        if entry["id"] in gone:
            entry["location"] = "offboard"
    return parse_scenario(doc)


def test_a_group_with_no_collective_requirement_is_ruled_by_mistargeting() -> None:
    """Elder Dragon's targets share nothing (one at each location, each on its own): when
    some become illegal the instruction executes on the legal ones (359.3.e.8); when all
    do it does not execute (359.3.e.7). 355.11.b, for a group no longer meeting its
    requirement together, is not the rule: there is no such requirement."""
    some = resolve(_elder_dragon(("e3",)), kind=Affected)
    [answer] = list(some)
    assert answer.units == ("e1",)
    rules = [s["rule"] for s in some.explain(answer)]
    assert "359.3.e.8" in rules and "355.11.b" not in rules
    none = resolve(_elder_dragon(("e1", "e3")), kind=Affected)
    [nothing] = list(none)
    assert nothing.units == ()
    rules = [s["rule"] for s in none.explain(nothing)]
    assert "359.3.e.7" in rules and "355.11.b" not in rules
    # all still legal: no mistargeting, no group requirement either
    whole = resolve(_elder_dragon(()))
    [both] = list(whole)
    assert whole.explain(both)[0]["rule"] == "359.3.e.2"


# ------------------------------------------------------------------ where units may move

#: Charm, "Move an enemy unit." (a library card), as an inline group: one enemy unit
#: anywhere, moved to a location chosen at finalization (355.4).
CHARM = {"name": "Charm", "text": "Move an enemy unit.", "group": {
    "action": "move", "destination": True,
    "slots": [{"name": "units", "among": "enemy", "at": "board", "least": 1, "most": 1}]}}


def _charm(units: list[dict[str, Any]], **top: Any) -> Scenario:
    doc = {k: v for k, v in scenario_dict(units, **top).items() if k != "card"}
    return parse_scenario({**doc, "effect": CHARM})


def _moves(scenario: Scenario) -> set[tuple[str, str | None]]:
    return {(u, d.destination) for d in finalize(scenario, kind=GroupDeclaration)
            for slot in d.selection for u in slot}


def test_449_2_charm_no_battlefield_with_units_of_two_other_players() -> None:
    """449.2: units can't move to a battlefield that already has units from 2 other players.
    a1 (A) and b1 (B) at north, c1 (C) at south; A plays Charm. Enemy units: b1, c1.
    - b1 (B, north): to south (only C's unit there: one other player) or base: 2;
    - c1 (C, south): north holds A's and B's units, two players other than C: out;
      base: 1.
    3 declarations, not 4."""
    s = _charm([unit("a1", "A"), unit("b1", "B"), unit("c1", "C", location="south")])
    legal = finalize(s)
    assert legal.count() == 3 == len(list(legal))
    assert _moves(s) == {("b1", "south"), ("b1", "base"), ("c1", "base")}
    assert [f.rule for f in legal.verify(GroupDeclaration((("c1",),), "north"))] == ["449.2"]


def test_449_2_counts_players_other_than_the_units_controller() -> None:
    """449.2 counts the players other than the moving unit's controller. b2 (B) and c1 (C)
    at north, a1 (A) and c2 (C) at south, b1 (B) at base. Enemy units b1, b2, c1, c2:
    - b1 (base): north (C's c1: one player besides B's own b2): yes; south (A's, C's: two
      other players): no; 1;
    - b2 (north): south: no (A, C); base: 1;
    - c1 (north): south (A's a1; C's own c2): yes; base: yes; 2;
    - c2 (south): north (B's b2; C's own c1): yes; base: yes; 2.
    6 declarations."""
    s = _charm([unit("b1", "B", location="base"), unit("b2", "B"), unit("c1", "C"),
                unit("a1", "A", location="south"), unit("c2", "C", location="south")])
    assert finalize(s).count() == 6
    assert _moves(s) == {("b1", "north"), ("b2", "base"), ("c1", "south"), ("c1", "base"),
                         ("c2", "north"), ("c2", "base")}


def test_447_2_b_charm_no_battlefield_a_teammate_occupies() -> None:
    """447.2.b: with teams [A], [B, D], a battlefield D's units occupy is no destination for
    B's units, and B's for D's. b1 (B) at north, d1 (D) at south:
    - b1: south holds D's d1 (B's teammate): out; base: 1;
    - d1: north holds B's b1: out; base: 1.
    2 declarations (without teams: 4)."""
    units = [unit("b1", "B"), unit("d1", "D", location="south")]
    s = _charm(units, teams=[["A"], ["B", "D"]])
    legal = finalize(s)
    assert legal.count() == 2 == len(list(legal))
    assert _moves(s) == {("b1", "base"), ("d1", "base")}
    assert [f.rule for f in legal.verify(GroupDeclaration((("b1",),), "south"))] == ["447.2.b"]
    assert finalize(_charm(units)).count() == 4


def test_447_2_c_a_destination_barred_on_resolution_is_a_recall() -> None:
    """447.2.c: declared (b1, south) while only C's c1 was at south; since, A's a2 came to
    south: units of two players other than B are there (449.2). The target is still legal
    (the destination is not a target, 355.4), so b1 is affected, but it can't move to
    south: it is recalled to its base instead. 1 resolution."""
    s = _charm([unit("b1", "B"), unit("c1", "C", location="south"),
                unit("a2", "A", location="south")],
               targets={"units": "b1", "destination": "south"})
    legal = resolve(s)
    answers = list(legal)
    assert answers == [Affected.of(["b1"])]
    assert apply(s, answers[0]).board["b1"].location == "base"
    assert "447.2.c" in [step["rule"] for step in legal.explain(answers[0])]
