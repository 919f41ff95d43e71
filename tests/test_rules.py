"""Each rule the split-damage engine applies, tested under its Core Rules 1.4 number.

Counts are worked out by hand in each docstring: C(n, k) is a binomial coefficient.
"""

from __future__ import annotations

from math import comb
from typing import Any

from conftest import build, unit

from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.rules.answers import Declaration, Resolution
from riftsolve.rules.scenario import Scenario


def _alpha(units: list[dict[str, object]], enemies: list[str] | None = None,
           friendly: str = "kai", **top: object) -> Scenario:
    targets = None if enemies is None else {"friendly": friendly, "enemies": enemies}
    return build(units, targets=targets, **top) if targets else build(units, **top)


# ------------------------------------------------------------------ finalization


def test_355_8_no_friendly_unit_means_no_declaration() -> None:
    """355.8: Alpha Strike needs a friendly unit; with none on the board, zero answers."""
    s = _alpha([unit("kai", "A", 3, "offboard"), unit("r1")])
    assert finalize(s).count() == 0 and list(finalize(s)) == []


def test_355_9_b_friendly_unit_location_does_not_matter_but_targetability_does() -> None:
    """355.9.b, 757: friendly units at base or a battlefield qualify; one untargetable by
    all is out, one untargetable only by enemies is fine for its controller."""
    s = _alpha([unit("a", "A", 1, "base"), unit("b", "A", 1, "north"),
                unit("c", "A", 1, "north", untargetable="all"),
                unit("d", "A", 1, "south", untargetable="enemy")])
    assert {d.friendly for d in finalize(s, kind=Declaration)} == {"a", "b", "d"}


def test_355_14_c_split_targets_capped_by_friendly_might_at_finalization() -> None:
    """355.14.c, 355.13: Might 2 and 4 enemies: sum C(4, k) for k = 0..2 = 1 + 4 + 6 = 11."""
    s = _alpha([unit("kai", "A", 2), *[unit(f"r{i}") for i in range(4)]])
    assert finalize(s).count() == 11
    assert max(len(d.split) for d in finalize(s, kind=Declaration)) == 2


def test_143_2_b_negative_might_caps_at_zero_targets() -> None:
    """143.2.b: Might -2 counts as 0, so the only declaration chooses no enemy."""
    s = _alpha([unit("kai", "A", -2), unit("r1")])
    assert [d.split for d in finalize(s, kind=Declaration)] == [()]


def test_355_13_zero_split_targets_is_legal() -> None:
    """355.13: 'any number' includes zero targets."""
    s = _alpha([unit("kai", "A", 3), unit("r1")])
    assert Declaration.of([], friendly="kai") in finalize(s)


def test_355_14_a_split_targets_are_enemy_units_at_battlefields() -> None:
    """355.14.a, 740.1: units at base, friendly units and units off the board are not
    candidates; two candidates r1, r2: with kai (Might 5) 2^2 = 4 declarations, with f
    (Might 1) {}, {r1}, {r2} = 3; 7 in all."""
    s = _alpha([unit("kai", "A", 5), unit("f", "A"), unit("r1"), unit("r2", location="south"),
                unit("r3", location="base"), unit("r4", location="offboard")])
    assert finalize(s).count() == 7
    assert {x for d in finalize(s, kind=Declaration) for x in d.split} == {"r1", "r2"}


def test_757_untargetable_enemies_cannot_be_chosen() -> None:
    """757, 355.9.b: 'enemy' and 'all' untargetability both stop the enemy's spell."""
    s = _alpha([unit("kai", "A", 5), unit("r1", untargetable="enemy"),
                unit("r2", untargetable="all"), unit("r3")])
    assert {d.split for d in finalize(s, kind=Declaration)} == {(), ("r3",)}


def test_809_deflect_taxes_each_chosen_enemy_within_available_power() -> None:
    """809, 356.2.a.2: Deflect 1 and 2 on r1, r2; 2 Power: {}, {r1}, {r2}, {r3}, {r1,r3},
    {r2,r3} fit; {r1,r2} and {r1,r2,r3} cost 3: 6 of 8."""
    s = _alpha([unit("kai", "A", 3), unit("r1", deflect=1), unit("r2", deflect=2), unit("r3")],
               available_power=2)
    legal = finalize(s, kind=Declaration)
    assert legal.count() == 6
    assert {d.split: d.deflect_cost for d in legal}[("r2", "r3")] == 2
    assert legal.verify(Declaration.of(["r1", "r2"], friendly="kai"))[0].rule == "809"


def test_809_deflect_does_not_tax_your_own_units() -> None:
    """809: Deflect taxes opponents only; the friendly unit's own Deflect costs nothing."""
    s = _alpha([unit("kai", "A", 1, deflect=2), unit("r1")], available_power=0)
    assert {d.deflect_cost for d in finalize(s)} == {0}
    assert finalize(s).count() == 2


def test_715_3_bonus_damage_raises_volibear_cap() -> None:
    """715.3: Volibear with +1 Bonus Damage splits 6 and may choose up to 6 of 7 units:
    2^7 - C(7,7) = 127 declarations."""
    units = [unit("voli", "A", 9), *[unit(f"e{i}") for i in range(7)]]
    s = build(units, card="Volibear, Furious", source="voli", bonus_damage=1)
    assert finalize(s).count() == 2**7 - 1


def test_417_6_b_3_bonus_damage_does_not_raise_alpha_strike() -> None:
    """417.6.b.3: the friendly unit deals Alpha Strike's damage, so Bonus Damage for spells
    does not change its cap (Might 1: {} or one of two enemies = 3)."""
    s = _alpha([unit("kai", "A", 1), unit("r1"), unit("r2")], bonus_damage=3)
    assert finalize(s).count() == 3


def test_volibear_targets_only_enemy_units_here() -> None:
    """Volibear's trigger: 'enemy units here' is his battlefield (359.3.f.2)."""
    units = [unit("voli", "A", 9, "north"), unit("e1"), unit("e2", location="south")]
    s = build(units, card="volibear-furious", source="voli")
    assert {d.split for d in finalize(s, kind=Declaration)} == {(), ("e1",)}


# ------------------------------------------------------------------ resolution


def test_355_14_e_g_whole_pool_each_target_at_least_one() -> None:
    """355.14.e-g: 4 damage among 2 targets, each >= 1, all dealt: C(3,1) = 3."""
    s = _alpha([unit("kai", "A", 4), unit("r1"), unit("r2")], ["r1", "r2"])
    legal = resolve(s, kind=Resolution)
    assert {r.damage for r in legal} == {(("r1", 1), ("r2", 3)), (("r1", 2), ("r2", 2)),
                                         (("r1", 3), ("r2", 1))}
    assert legal.verify(Resolution.of({"r1": 1, "r2": 2}))[0].rule == "355.14.f"
    assert legal.verify(Resolution.of({"r1": 4}))[0].rule == "355.14.h.1"


def test_355_14_g_no_overkill_limit_on_a_split() -> None:
    """355.14.g: a 1-Might target may take 5 of 6 damage (no lethal-first rule)."""
    s = _alpha([unit("kai", "A", 6), unit("r1", might=1), unit("r2", might=9)], ["r1", "r2"])
    assert Resolution.of({"r1": 5, "r2": 1}) in resolve(s)


def test_359_3_f_2_pool_is_friendly_might_now() -> None:
    """359.3.f.2: the pool is the Might at resolution (7 now): C(6, 1) = 6 splits for 2."""
    s = _alpha([unit("kai", "A", 7), unit("r1"), unit("r2")], ["r1", "r2"])
    assert resolve(s).count() == 6


def test_355_14_h_1_drop_exactly_enough_never_more() -> None:
    """355.14.h, h.1: Might 2 and four targets: keep exactly 2, C(4,2) = 6 answers, never
    all 2 damage on one target."""
    s = _alpha([unit("kai", "A", 2), *[unit(f"r{i}") for i in range(4)]],
               [f"r{i}" for i in range(4)])
    legal = resolve(s)
    assert legal.count() == comb(4, 2) == len(list(legal))
    assert Resolution.of({"r0": 2}) not in legal
    assert legal.verify(Resolution.of({"r0": 2}))[0].rule == "355.14.h.1"


def test_359_3_e_2_illegal_targets_removed_before_counting_drops() -> None:
    """359.3.e.2 then 355.14.h: of 4 targets, 2 moved to base; 2 damage for 2 legal: one
    answer (1 each), no drop."""
    units = [unit("kai", "A", 2), unit("r1"), unit("r2"), unit("r3", location="base"),
             unit("r4", location="base")]
    legal = resolve(_alpha(units, ["r1", "r2", "r3", "r4"]), kind=Resolution)
    assert [r.damage for r in legal] == [(("r1", 1), ("r2", 1))]


def test_359_3_e_4_a_returned_unit_is_a_new_object() -> None:
    """359.3.e.4: the chosen r1 left the board; r1b (its return) was never chosen."""
    units = [unit("kai", "A", 2), unit("r1", location="offboard"), unit("r1b"), unit("r2")]
    legal = resolve(_alpha(units, ["r1", "r2"]), kind=Resolution)
    assert [r.damage for r in legal] == [(("r2", 2),)]
    assert legal.verify(Resolution.of({"r1b": 1, "r2": 1}))[0].rule == "355.15"


def test_359_3_e_2_control_change_makes_a_target_illegal() -> None:
    """359.3.e.2: a target now controlled by the caster is no longer an enemy unit."""
    units = [unit("kai", "A", 3), unit("r1", "A"), unit("r2")]
    legal = resolve(_alpha(units, ["r1", "r2"]), kind=Resolution)
    assert [r.damage for r in legal] == [(("r2", 3),)]


def test_758_1_untargetable_after_choice_is_mistargeted_and_lapse_restores() -> None:
    """758.1: r1 became untargetable: only r2 is dealt damage. 758.2: without the
    protection it is legal again (2 targets, 3 damage: C(2,1) = 2)."""
    units = [unit("kai", "A", 3), unit("r1", untargetable="enemy"), unit("r2")]
    legal = resolve(_alpha(units, ["r1", "r2"]), kind=Resolution)
    assert [r.damage for r in legal] == [(("r2", 3),)]
    units[1] = unit("r1")
    assert resolve(_alpha(units, ["r1", "r2"])).count() == 2


def test_359_3_e_3_a_target_that_moved_between_battlefields_stays_legal() -> None:
    """359.3.e.3: Alpha Strike's enemies need only be at *a* battlefield."""
    units = [unit("kai", "A", 2), unit("r1", location="south"), unit("r2")]
    assert resolve(_alpha(units, ["r1", "r2"])).count() == 1


def test_359_3_e_7_no_legal_target_nothing_dealt() -> None:
    """359.3.e.7: every target illegal: exactly one answer, nothing dealt."""
    units = [unit("kai", "A", 4), unit("r1", location="base")]
    assert [r.damage for r in resolve(_alpha(units, ["r1"]), kind=Resolution)] == [()]


def test_359_3_f_2_a_friendly_unit_gone_means_no_damage() -> None:
    """359.3.f.2.a, 359.3.e.12: the friendly unit left the board or changed control:
    its Might is null, no damage to anyone."""
    for state in ({"location": "offboard"}, {"controller": "B"}):
        kai: dict[str, Any] = {"controller": "A", "might": 4, **state}
        units = [unit("kai", **kai), unit("r1")]
        legal = resolve(_alpha(units, ["r1"]), kind=Resolution)
        assert [r.damage for r in legal] == [()]
        assert legal.verify(Resolution.of({"r1": 4}))[0].rule == "359.3.f.2.a"


def test_friendly_unit_that_only_moved_still_deals_its_might() -> None:
    """359.3.f.2: kai moved to base and is still legal; it deals its Might 2."""
    units = [unit("kai", "A", 2, "base"), unit("r1")]
    assert [r.damage for r in resolve(_alpha(units, ["r1"]), kind=Resolution)] == [(("r1", 2),)]


def test_143_2_b_zero_pool_deals_nothing() -> None:
    """143.2.b, 355.14.h: Might -1 now counts as 0: all targets cease, nothing dealt."""
    units = [unit("kai", "A", -1), unit("r1"), unit("r2")]
    assert [r.damage for r in resolve(_alpha(units, ["r1", "r2"]), kind=Resolution)] == [()]


def test_355_14_i_dropped_targets_keep_their_deflect_cost() -> None:
    """355.14.i: the explanation says the dropped target's Deflect is not refunded."""
    units = [unit("kai", "A", 1), unit("r1", deflect=2), unit("r2")]
    legal = resolve(_alpha(units, ["r1", "r2"]))
    steps = legal.explain(Resolution.of({"r2": 1}))
    refund = [s for s in steps if s["rule"] == "355.14.i"]
    assert refund and "2 Power" in refund[0]["detail"] and "r1" in refund[0]["detail"]


def test_volibear_pool_is_five_plus_bonus_and_here_follows_him() -> None:
    """715.3, 359.3.f.2: Volibear moved south; 'here' is south now: e2 (south) is legal,
    e1 (north) is not; 5 + 2 bonus = 7 dealt to e2."""
    units = [unit("voli", "A", 9, "south"), unit("e1"), unit("e2", location="south")]
    s = build(units, card="Volibear, Furious", source="voli", bonus_damage=2,
              targets={"enemies": ["e1", "e2"]})
    assert [r.damage for r in resolve(s, kind=Resolution)] == [(("e2", 7),)]


def test_volibear_gone_leaves_no_here() -> None:
    """359.3.f.2: with Volibear off the board there is no 'here': nothing is dealt."""
    units = [unit("voli", "A", 9, "offboard"), unit("e1")]
    s = build(units, card="Volibear, Furious", source="voli", targets={"enemies": ["e1"]})
    assert [r.damage for r in resolve(s, kind=Resolution)] == [()]


# ------------------------------------------------------------------ policy split_illegal


def test_policy_redistribute_is_the_default_reading_of_359_3_e_8() -> None:
    """359.3.e.8 (riftboundfaq's Alpha Strike ruling): the whole pool goes to the legal
    targets. 4 damage, r1 moved to base, r2 and r3 legal: C(3, 1) = 3."""
    units = [unit("kai", "A", 4), unit("r1", location="base"), unit("r2"), unit("r3")]
    s = _alpha(units, ["r1", "r2", "r3"])
    assert s.policy.split_illegal == "redistribute"
    assert resolve(s).count() == 3


def test_policy_forfeit_illegal_targets_keep_their_share() -> None:
    """359.3.e.5 under the 'forfeit' reading (RIFTJUDGE ruling 1741): r1 still takes part
    in the split and what it is assigned is not dealt. 4 damage among r1, r2, r3 each >= 1
    is (2,1,1), (1,2,1), (1,1,2); seen on r2, r3: {1: 1, 1: 1} twice, so the legal outcomes
    are r2/r3 = 1/1, 2/1, 1/2: 3 answers, one of them dealing only 2 in all."""
    units = [unit("kai", "A", 4), unit("r1", location="base"), unit("r2"), unit("r3")]
    s = _alpha(units, ["r1", "r2", "r3"], policy={"split_illegal": "forfeit"})
    legal = resolve(s, kind=Resolution)
    assert {r.damage for r in legal} == {
        (("r2", 1), ("r3", 1)), (("r2", 2), ("r3", 1)), (("r2", 1), ("r3", 2))}
    assert legal.count() == 3
    assert Resolution.of({"r2": 3, "r3": 1}) not in legal


def test_policy_forfeit_counts_illegal_targets_for_355_14_h() -> None:
    """355.14.h.1 under 'forfeit': 2 damage, r1 illegal (moved to base), r2 and r3 legal:
    3 targets share 2 damage, so exactly 2 are kept: r2+r3 (1 each), or r1 with r2 or r3
    (that one 1): 3 answers."""
    units = [unit("kai", "A", 2), unit("r1", location="base"), unit("r2"), unit("r3")]
    s = _alpha(units, ["r1", "r2", "r3"], policy={"split_illegal": "forfeit"})
    assert {r.damage for r in resolve(s, kind=Resolution)} == {(("r2", 1), ("r3", 1)), (("r2", 1),),
                                              (("r3", 1),)}


def test_359_3_e_9_a_a_target_that_left_the_board_takes_no_share_under_forfeit() -> None:
    """359.3.e.9.a: a target that moved to a non-board zone is no longer counted among the
    item's targets, so even under 'forfeit' it holds no place in the split: r1 died, r2
    and r3 share 2 damage, 1 each: one answer. The explanation's counted_targets agree."""
    units = [unit("kai", "A", 2), unit("r1", location="offboard"), unit("r2"), unit("r3")]
    s = _alpha(units, ["r1", "r2", "r3"], policy={"split_illegal": "forfeit"})
    legal = resolve(s, kind=Resolution)
    assert [r.damage for r in legal] == [(("r2", 1), ("r3", 1))]
    counted = render.extras(legal, next(iter(legal)))["counted_targets"]
    assert isinstance(counted, list) and "r1" not in counted
