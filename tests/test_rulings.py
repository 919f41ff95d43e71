"""Rulings a judge checked by hand, named by the rule that decides each (Core Rules 1.4).

Each test's expected answer is worked out from the rule in its docstring, not read off the
engine. Together with ``tests/reference/`` these pin the readings that were once wrong:
move destinations, Hidden with nothing to target, swaps of one unit, kills made lethal by
Elder Dragon and Bonus Damage on each target, teams, Repeat, and the wording of answers.
"""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, build, scenario_dict, unit

from riftsolve.engine.optimum import best
from riftsolve.engine.questions import finalize, resolve
from riftsolve.faces import render
from riftsolve.faces.cli import main
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers import Declaration, Resolution
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.answers.repeat import Repeated
from riftsolve.rules.scenario import ScenarioError


def _lines(args: list[str]) -> tuple[int, list[dict[str, Any]], str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(args, out=out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def _write(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc))
    return str(path)


# --------------------------------------------------------------------------- 355.4.a moves


def test_355_4_a_449_2_tricksy_example_has_nine_declarations() -> None:
    """The example board: 8 groups-with-destination where no member stands at the
    destination and B's never go north, where A's and C's units are (449.2), plus the
    empty group (worked out in the fixture's note): 9."""
    s = parse_scenario(json.loads((EXAMPLES / "tricksy-tentacles-finalize.json").read_text()))
    legal = finalize(s, kind=GroupDeclaration)
    assert legal.count() == 9 == len(list(legal))
    for answer in legal:
        for u in (u for slot in answer.selection for u in slot):
            assert s.board[u].location != answer.destination
            assert not (s.board[u].controller == "B" and answer.destination == "north")


def test_355_4_a_no_destination_where_one_member_stands() -> None:
    """b1 at north and b2 at south, both B's, 2 + 3 Might: together they may go only to
    base (north holds b1, south holds b2); base is refused for b3, who is at base."""
    units = [unit("b1", might=2), unit("b2", might=3, location="south"),
             unit("b3", location="base")]
    legal = finalize(build(units, card="Tricksy Tentacles"), kind=GroupDeclaration)
    pair = [a.destination for a in legal if a.selection == (("b1", "b2"),)]
    assert pair == ["base"]
    assert [a.destination for a in legal if a.selection == (("b3",),)] == ["north", "south"]
    failures = legal.verify(GroupDeclaration((("b1", "b2"),), "north"))
    assert [f.rule for f in failures] == ["355.4.a"]


def test_355_4_a_a_kept_target_already_at_the_destination_is_unmoved() -> None:
    """Declared {b1, b2} to south; b2 has since moved to south by itself. Both are still
    legal (Tricksy has no location requirement), 2 + 3 <= 8: the group is the one answer,
    but only b1 moves; b2 is kept (its Might counts) and listed as unmoved."""
    units = [unit("b1", might=2), unit("b2", might=3, location="south")]
    s = build(units, card="Tricksy Tentacles",
              targets={"units": ["b1", "b2"], "destination": "south"})
    legal = resolve(s, kind=Affected)
    assert [a.as_json() for a in legal] == [{"affected": ["b1"], "unmoved": ["b2"]}]
    assert Affected.of(["b1", "b2"]) not in legal
    steps = legal.explain(next(iter(legal)))
    assert any(st["rule"] == "355.4.a" and "b2" in st["detail"] for st in steps)
    # 359.3.e.6 (2026-10-09): b2's move can't be followed, not for an illegal target:
    # Negated; 1.4 (this scenario's text) calls nothing Negated
    assert "359.3.e.6" not in [st["rule"] for st in steps]
    newest = resolve(replace(s, rules="2026-10-09"), kind=Affected)
    assert [st["detail"] for st in newest.explain(next(iter(newest)))
            if st["rule"] == "359.3.e.6"] == ["the move of b2, already there: Negated"]


def test_355_4_a_unmoved_units_still_count_toward_the_cap() -> None:
    """Declared {b1 (Might 4), b2 (Might 3)} to south; b2 is now at south and b1 grew to 6:
    6 + 3 = 9 > 8, so the controller keeps a subset (355.11.b, maximal): {b1} alone
    (moved) or {b2} alone (unmoved): b2 at the destination still weighs on the cap."""
    units = [unit("b1", might=6), unit("b2", might=3, location="south")]
    s = build(units, card="Tricksy Tentacles",
              targets={"units": ["b1", "b2"], "destination": "south"})
    assert sorted(json.dumps(a.as_json()) for a in resolve(s, kind=Affected)) == [
        '{"affected": ["b1"]}', '{"affected": [], "unmoved": ["b2"]}']


def test_355_4_a_best_finalize_never_proposes_a_destination_where_a_unit_stands() -> None:
    s = parse_scenario(json.loads((EXAMPLES / "tricksy-tentacles-finalize.json").read_text()))
    for ranked in best(finalize(s), "affected", all_optimal=True):
        assert isinstance(ranked.answer, GroupDeclaration)
        declared = [u for slot in ranked.answer.selection for u in slot]
        assert all(s.board[u].location != ranked.answer.destination for u in declared)


def test_355_4_a_moves_go_to_a_battlefield_or_their_own_base_only() -> None:
    units = [unit("b1")]
    with pytest.raises(ScenarioError, match=r"targets\.destination: 'base:A' is not"):
        build(units, card="Tricksy Tentacles",
              targets={"units": ["b1"], "destination": "base:A"})


# --------------------------------------------------------------------------- 811.1.d Hidden


def test_811_1_d_fox_fire_from_hidden_with_nothing_there_cannot_be_played(
        tmp_path: Path) -> None:
    """Fox-Fire hidden at south, every unit at north: no valid target under the Hidden
    restriction, so it cannot be played from Hidden at all: 0 declarations (not even the
    empty one), and the command says why on stderr."""
    doc = scenario_dict([unit("r1"), unit("r2", "A")], card="Fox-Fire", from_hidden="south")
    legal = finalize(parse_scenario(doc))
    assert legal.count() == 0 == len(list(legal))
    assert [f.rule for f in legal.why_none()] == ["811.1.d"]
    assert [f.rule for f in legal.verify(GroupDeclaration(((),)))] == ["811.1.d"]
    code, lines, err = _lines(["finalize", _write(tmp_path, doc)])
    assert (code, lines) == (0, [])
    assert "cannot be played from Hidden (CR 1.4 811.1.d)" in err


def test_811_1_d_a_target_there_allows_the_empty_declaration_too() -> None:
    """r1 (Might 1) at south: {r1} and {} (355.13: zero targets are still a legal choice
    once the card can be played): 2. A unit too mighty to fit the cap is no valid target:
    with only r9 (Might 5) there, 0."""
    doc = scenario_dict([unit("r1", location="south")], card="Fox-Fire", from_hidden="south")
    assert finalize(parse_scenario(doc)).count() == 2
    doc = scenario_dict([unit("r9", might=5, location="south")], card="Fox-Fire",
                        from_hidden="south")
    assert finalize(parse_scenario(doc)).count() == 0


# --------------------------------------------------------------------------- 433.1 swaps


@pytest.mark.parametrize(("where", "why"), [("offboard", "one left the board"),
                                            ("south", "they no longer share a battlefield")])
def test_433_1_a_swap_needs_two_units(where: str, why: str) -> None:
    """Switcheroo chose u1 and u2 at north; now u2 is elsewhere ({why}): a swap of one
    unit's Might cannot happen: the one answer affects nobody, and says so."""
    s = build([unit("u1", "A"), unit("u2", location=where)], card="Switcheroo",
              targets={"units": ["u1", "u2"]})
    legal = resolve(s, kind=Affected)
    assert [a.as_json() for a in legal] == [{"affected": []}]
    assert Affected.of(["u1"]) not in legal
    rules = [st["rule"] for st in legal.explain(next(iter(legal)))]
    assert "433.1" in rules and "359.3.e.6" in rules
    assert "ignored" in render.extras(legal, next(iter(legal)))


def test_433_1_both_still_together_are_swapped() -> None:
    s = build([unit("u1", "A"), unit("u2", location="north")], card="Switcheroo",
              targets={"units": ["u1", "u2"]})
    assert [a.as_json() for a in resolve(s, kind=Affected)] == [{"affected": ["u1", "u2"]}]


# --------------------------------------------------------------------------- 142.4.c, 715.2


def test_142_4_c_elder_dragon_kills_with_any_amount_of_its_damage() -> None:
    """Elder Dragon's passive applies while its own trigger resolves: 1 damage kills the
    5-Might enemy e1 and the 1-Might e2: kills 2, killed Might 6. Said false (the Dragon
    has left the board), only e2 dies."""
    units = [unit("e1", might=5), unit("e2", might=1, location="south")]
    targets = {"enemies": {"north": "e1", "south": "e2"}}
    dragon = resolve(build(units, card="Elder Dragon", targets=targets))
    assert best(dragon, "kills,killed-might")[0].values == {"kills": 2, "killed-might": 6}
    assert any(st["rule"] == "142.4.c" for st in dragon.explain(next(iter(dragon))))
    gone = resolve(build(units, card="Elder Dragon", targets=targets, lethal_any=False))
    assert best(gone, "kills")[0].values == {"kills": 1}
    # not said, and the Dragon killed in response (offboard): its passive is active only
    # on the board (365.1), so by default only e2 dies too
    dead = resolve(build([*units, unit("dragon", "A", 5, location="offboard")],
                         card="Elder Dragon", targets=targets, source="dragon"))
    assert best(dead, "kills")[0].values == {"kills": 1}
    assert not any(st["rule"] == "142.4.c" for st in dead.explain(next(iter(dead))))


def test_142_4_c_lethal_any_on_a_split_counts_in_every_best_path() -> None:
    """Alpha Strike with any amount lethal (an Elder Dragon on A's board): 3 damage among
    three 4-Might enemies kills all three, 1 each (knapsack, vector and CP-SAT agree)."""
    units = [unit("kai", "A", 3), *(unit(f"r{i}", might=4) for i in range(3))]
    s = build(units, targets={"friendly": "kai", "enemies": ["r0", "r1", "r2"]},
              lethal_any=True)
    legal = resolve(s)
    top = best(legal, "kills,-overkill")[0]
    assert top.values == {"kills": 3, "overkill": 0}
    assert top.answer == Resolution.of({"r0": 1, "r1": 1, "r2": 1})


def test_142_4_c_lethal_any_kills_enemies_only() -> None:
    """Bellows Breath deals 1 to a friendly a1 (Might 2) and an enemy e1 (Might 2) at north
    with lethal_any: it covers 'enemy units' only: e1 dies, a1 does not."""
    units = [unit("a1", "A", 2), unit("e1", might=2)]
    legal = resolve(build(units, card="Bellows Breath", targets={"units": ["a1", "e1"]},
                          lethal_any=True))
    assert best(legal, "kills")[0].values == {"kills": 1}


def test_715_2_bonus_damage_adds_to_each_target_of_a_fixed_deal() -> None:
    """Bellows Breath with Bonus Damage 1: 2 to each of its targets (715.2), unlike a split
    (715.3): both 2-Might enemies die."""
    units = [unit("e1", might=2), unit("e2", might=2)]
    legal = resolve(build(units, card="Bellows Breath", targets={"units": ["e1", "e2"]},
                          bonus_damage=1))
    assert best(legal, "kills")[0].values == {"kills": 2}
    steps = legal.explain(next(iter(legal)))
    assert any(st["rule"] == "715.2" and "2 each" in st["detail"] for st in steps)
    plain = resolve(build(units, card="Bellows Breath", targets={"units": ["e1", "e2"]}))
    assert best(plain, "kills")[0].values == {"kills": 0}


# --------------------------------------------------------------------------- 740.1.a teams


def test_740_1_a_a_teammates_unit_is_friendly_and_costs_no_deflect() -> None:
    """2v2, A and C teammates, A with no unit of its own: Alpha Strike may choose C's c1
    or c2 (Might 1 each) as its friendly unit; neither is an enemy, B's b1 is: each
    friendly unit with {} or {b1}: 4 declarations, none paying c2's Deflect."""
    units = [unit("c1", "C", 1), unit("c2", "C", 1, deflect=2), unit("b1", "B", 1)]
    legal = finalize(build(units, teams=[["A", "C"]]), kind=Declaration)
    assert sorted((a.friendly, a.split) for a in legal) == [
        ("c1", ()), ("c1", ("b1",)), ("c2", ()), ("c2", ("b1",))]
    assert all(a.deflect_cost == 0 for a in legal)


def test_809_1_c_only_opponents_pay_deflect_in_a_team_game() -> None:
    """Fox-Fire on c1 (C's, Deflect 1) with 0 Power: free for A when C is a teammate;
    without teams C is an opponent and {c1} costs 1: unaffordable."""
    units = [unit("c1", "C", 1, deflect=1)]
    with_team = finalize(build(units, card="Fox-Fire", teams=[["A", "C"]], available_power=0))
    alone = finalize(build(units, card="Fox-Fire", available_power=0))
    assert (with_team.count(), alone.count()) == (2, 1)


def test_757_enemy_untargetability_does_not_stop_a_teammate() -> None:
    units = [unit("c1", "C", 1, untargetable="enemy")]
    assert finalize(build(units, card="Fox-Fire", teams=[["A", "C"]])).count() == 2
    assert finalize(build(units, card="Fox-Fire")).count() == 1


def test_teams_name_each_player_once() -> None:
    with pytest.raises(ScenarioError, match=r"teams\[1\]: player 'A' is already on teams\[0\]"):
        build([unit("b1")], teams=[["A", "C"], ["A", "B"]])


# --------------------------------------------------------------------------- 820 Repeat


def test_820_repeat_declarations_pay_deflect_for_each_choice() -> None:
    """The example: 5 declarations of one execution (3 free, 2 costing 1); with 1 Power,
    every pair but taxed+taxed: 21 (worked out in the fixture's note)."""
    s = parse_scenario(json.loads((EXAMPLES / "bellows-breath-repeat-finalize.json")
                                  .read_text()))
    legal = finalize(s)
    assert legal.count() == 21 == len(set(legal))
    both = Repeated(GroupDeclaration((("r1",),)), GroupDeclaration((("r1",),)))
    assert [f.rule for f in legal.verify(both)] == ["809"]


def test_820_2_a_each_execution_resolves_its_own_choices() -> None:
    """First execution {e1}, second {e1, e2}: each still meets its requirement: one answer;
    e1 is dealt 1 twice and dies (Might 2), e2 survives (Might 2, dealt 1)."""
    units = [unit("e1", might=2), unit("e2", might=2)]
    s = build(units, card="Bellows Breath", repeat=True,
              targets={"units": ["e1"], "repeat": {"units": ["e1", "e2"]}})
    legal = resolve(s)
    assert [render.line(legal, a) for a in legal] == [
        {"affected": ["e1"], "repeat": {"affected": ["e1", "e2"]}}]
    assert best(legal, "kills")[0].values == {"kills": 1}
    assert [st["rule"] for st in legal.explain(next(iter(legal)))].count("820.1.d") == 2


def test_820_repeat_needs_the_card_to_have_it() -> None:
    with pytest.raises(ScenarioError, match="repeat: Fox-Fire has no \\[Repeat\\]"):
        build([unit("r1")], card="Fox-Fire", repeat=True)
    with pytest.raises(ScenarioError, match=r"targets\.repeat: the second execution"):
        build([unit("r1")], card="Bellows Breath", repeat=True, targets={"units": ["r1"]})


# --------------------------------------------------------------------------- the two mutants


def test_volibear_here_is_never_a_base() -> None:
    """'Here' is Volibear's battlefield: with Volibear at his base, nothing is here and his
    5 damage goes nowhere; an enemy at B's base is never here either."""
    units = [unit("voli", "A", 9, "base"), unit("b1", location="base"), unit("b2")]
    s = build(units, card="Volibear, Furious", source="voli",
              targets={"enemies": ["b1", "b2"]})
    assert [r.as_json() for r in resolve(s, kind=Resolution)] == [{"damage": {}}]
    at_north = build([unit("voli", "A", 9), unit("b1", location="base"), unit("b2")],
                     card="Volibear, Furious", source="voli")
    assert sorted(a.split for a in finalize(at_north, kind=Declaration)) == [(), ("b2",)]


def test_809_1_c_your_own_deflect_units_cost_you_nothing() -> None:
    """Fox-Fire with 0 Power: A's a1 and a2 (Deflect 1 each, 1 Might each) at north: {},
    {a1}, {a2}, {a1, a2}: 4 (a tax on your own units would leave only {})."""
    units = [unit("a1", "A", deflect=1), unit("a2", "A", deflect=1)]
    legal = finalize(build(units, card="Fox-Fire", available_power=0))
    assert legal.count() == 4 and all(a.deflect_cost == 0 for a in legal)


# --------------------------------------------------------------------------- words


def test_359_3_f_2_a_an_ignored_instruction_drops_no_target() -> None:
    """The friendly unit left the board: the damage instruction is ignored as a whole; no
    target is said to be dropped (355.14.h), the line says why."""
    units = [unit("kai", "A", 3, "offboard"), unit("r1"), unit("r2")]
    legal = resolve(build(units, targets={"friendly": "kai", "enemies": ["r1", "r2"]}))
    extras = render.extras(legal, next(iter(legal)))
    assert "dropped" not in extras
    assert isinstance(extras["ignored"], str) and "359.3.f.2.a" in extras["ignored"]


def test_a_group_error_cites_the_group_rule_only() -> None:
    with pytest.raises(ScenarioError, match=r"distinct units, 355\.11\.a\)$"):
        build([unit("a1", "A"), unit("b1")], card="Facebreaker",
              targets={"friendly": "a1", "enemy": "a1"})
    with pytest.raises(ScenarioError, match=r"distinct units, 355\.14\.a\)$"):
        build([unit("kai", "A"), unit("b1")], targets={"friendly": "kai",
                                                        "enemies": ["b1", "b1"]})


# --------------------------------------------------------------------------- rules versions


def test_older_versions_cite_their_own_numbers() -> None:
    """A 1.2 or 1.3 ruling that 1.4 agrees with: 2 damage over r1 and r2, r3 moved to base
    (illegal). 1.2 numbered mistargeting 356.3.e and splitting 352.14; 1.3 like 1.4. 'Its
    Might' read now (359.3.f.2) is new in 1.3: under 1.2 it keeps its number, with a note."""
    units = [unit("kai", "A", 2), unit("r1"), unit("r2"), unit("r3", location="base")]
    for version, illegal, divide in (("1.2", "356.3.e.2", "352.14.e"),
                                     ("1.3", "359.3.e.2", "355.14.e"),
                                     ("1.4", "359.3.e.2", "355.14.e")):
        legal = resolve(build(units, rules=version, targets={"friendly": "kai",
                                                             "enemies": ["r1", "r2", "r3"]}))
        steps = legal.explain(next(iter(legal)))
        rules = [(st["rule"], st["version"]) for st in steps]
        assert (illegal, version) in rules and (divide, version) in rules
        might = next(st for st in steps if st["text"].startswith("information referenced"))
        if version == "1.2":
            assert (might["rule"], might["version"]) == ("359.3.f.2", "1.4")
            assert might["note"].startswith("new in 1.3")
        else:
            assert "note" not in might


@pytest.mark.parametrize("version", ["1.2", "1.3"])
def test_355_14_h_1_drops_under_an_older_version_are_refused(version: str, tmp_path: Path
                                                            ) -> None:
    """355.14.h.1 (drop exactly enough) is new in 1.4: under 1.3 or 1.2 the controller
    decides which targets cease, not how many, so the resolution of 1 damage among r1 and
    r2 is refused with the reason (exit 2), never given with 1.4's ruling."""
    doc = scenario_dict([unit("kai", "A", 1), unit("r1"), unit("r2")], rules=version,
                        targets={"friendly": "kai", "enemies": ["r1", "r2"]})
    code, lines, err = _lines(["resolve", _write(tmp_path, doc)])
    assert (code, lines) == (2, [])
    assert err.startswith(f"riftsolve: error: rules: under Core Rules {version}, ")
    assert "355.14.h.1" in err and err.count("\n") == 1
    doc["rules"] = "1.4"
    assert [a.as_json() for a in resolve(parse_scenario(doc), kind=Resolution)] == [
        {"damage": {"r1": 1}}, {"damage": {"r2": 1}}]


def test_359_3_e_9_a_forfeit_with_a_target_gone_is_refused_before_1_4() -> None:
    units = [unit("kai", "A", 3), unit("r1"), unit("r2", location="offboard")]
    targets = {"friendly": "kai", "enemies": ["r1", "r2"]}
    policy = {"split_illegal": "forfeit"}
    with pytest.raises(ScenarioError, match=r"359\.3\.e\.9\.a is new in 1\.4"):
        resolve(build(units, rules="1.3", targets=targets, policy=policy))
    assert resolve(build(units, rules="1.3", targets=targets)).count() == 1


def test_1_2_group_and_deflect_readings_are_refused() -> None:
    """1.2's 352.11.b example: targets no longer at the chosen battlefield can't be
    affected, and the scenario does not say which battlefield was chosen: refused (from
    Hidden it is known, and answered). 1.2's Deflect is paid once per spell (735.1.c): a
    Repeat that may choose a Deflect unit twice is refused."""
    units = [unit("r1"), unit("r2", location="south")]
    with pytest.raises(ScenarioError, match=r"352\.11\.b's example"):
        resolve(build(units, card="Fox-Fire", rules="1.2", targets={"units": ["r1", "r2"]}))
    hidden = build(units, card="Fox-Fire", rules="1.2", from_hidden="north",
                   targets={"units": ["r1", "r2"]})
    assert [a.as_json() for a in resolve(hidden, kind=Affected)] == [{"affected": ["r1"]}]
    with pytest.raises(ScenarioError, match=r"once per spell.*735\.1\.c"):
        finalize(build([unit("r1", deflect=1)], card="Bellows Breath", rules="1.2",
                       repeat=True))
    assert finalize(build([unit("r1", deflect=1)], card="Bellows Breath", rules="1.3",
                          repeat=True)).count() == 4


def test_355_10_b_a_chosen_destination_is_refused_under_older_rules() -> None:
    """1.4's 355.10.b: an object only a restriction or permission for a game action is not
    a target ("Play a unit from your hand to a battlefield" does not target the battlefield).
    That clause is new in 1.4 (1.2 even says a move to a battlefield targets it): under 1.3
    the classification is refused, not given with the 1.4 role."""
    text = "Play a unit from your hand to a battlefield."
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["classify", "--rules", "1.3", text], out=io.StringIO()) == 2
        assert main(["classify", text], out=io.StringIO()) == 0
        assert main(["classify", "--rules", "1.3", "Kill a unit at a battlefield."],
                    out=io.StringIO()) == 0
    assert "a battlefield may be a target" in err.getvalue()
    assert "new in 1.4" in err.getvalue() and err.getvalue().count("\n") == 1


def test_359_3_e_9_a_counted_targets_only_under_1_4() -> None:
    units = [unit("kai", "A", 2), unit("r1"), unit("r2")]
    targets = {"friendly": "kai", "enemies": ["r1", "r2"]}
    for version, counted in (("1.4", ["kai", "r1", "r2"]), ("1.3", None)):
        legal = resolve(build(units, rules=version, targets=targets))
        assert render.extras(legal, next(iter(legal)))["counted_targets"] == counted


def test_820_best_finalize_ranks_pairs_of_declarations() -> None:
    """Bellows Breath repeated on two 2-Might enemies with 1 damage each time: choosing
    both in both executions deals 2 to each: both die; no single execution could."""
    s = build([unit("e1", might=2), unit("e2", might=2)], card="Bellows Breath",
              repeat=True)
    top = best(finalize(s), "kills")[0]
    assert top.values == {"kills": 2}
    assert top.answer == Repeated(GroupDeclaration((("e1", "e2"),)),
                                  GroupDeclaration((("e1", "e2"),)))


def test_142_4_c_is_named_in_a_split_explanation() -> None:
    units = [unit("kai", "A", 2), unit("r1", might=5), unit("r2", might=5)]
    legal = resolve(build(units, targets={"friendly": "kai", "enemies": ["r1", "r2"]},
                          lethal_any=True))
    steps = legal.explain(next(iter(legal)))
    [said] = [s for s in steps if s["rule"] == "142.4.c"]
    assert "r1, r2 die" in said["detail"]
    # (then Alpha Strike's XP for each unit this kills: both die, 2 XP, 355.5.b)
    assert steps[-1]["rule"] == "355.5.b" and "r1, r2 killed, 2 XP" in steps[-1]["detail"]


# --------------------------------------------------------------------------- found by mutation


def test_715_3_an_inline_split_says_whether_bonus_damage_adds() -> None:
    """An inline split with bonus_damage false: the printed 1 stays 1 whatever the Bonus
    Damage, so r1 is dealt 1, and only one split target fits at finalization (355.14.c)."""
    spark = {"name": "Spark", "split": {"amount": 1, "bonus_damage": False}}
    units = [unit("r1", might=3), unit("r2", might=3)]
    s = parse_scenario({**scenario_dict(units, targets={"enemies": ["r1"]}, bonus_damage=1,
                                        effect=spark), "card": None})
    assert [a.as_json() for a in resolve(s, kind=Resolution)] == [{"damage": {"r1": 1}}]
    assert sorted(d.split for d in finalize(s, kind=Declaration)) == [(), ("r1",), ("r2",)]


def test_355_11_b_nobody_fits_alone_is_one_answer_counted_as_listed() -> None:
    """Fox-Fire's only remaining target grew to 5: no subset meets the cap but the empty
    one: one answer, affecting nobody, counted as it is listed."""
    legal = resolve(build([unit("r1", might=5)], card="Fox-Fire", targets={"units": ["r1"]}),
                    kind=Affected)
    assert [a.as_json() for a in legal] == [{"affected": []}]
    assert legal.count() == 1 and legal.why_none() == []


SWAP: dict[str, Any] = {"name": "Group Swap",
                        "group": {"action": "swap-might", "slots": [{"name": "units"}],
                                  "share": "battlefield"}}


def test_433_1_a_swap_of_several_keeps_pairs_only() -> None:
    """An inline swap of any number of units at one battlefield; r3 moved south: {r1, r2}
    at north is the only group it can act on (433.1); r3 alone could not be swapped."""
    units = [unit("r1"), unit("r2", might=2), unit("r3", might=3, location="south")]
    s = parse_scenario({**scenario_dict(units, targets={"units": ["r1", "r2", "r3"]},
                                        effect=SWAP), "card": None})
    assert [a.as_json() for a in resolve(s, kind=Affected)] == [{"affected": ["r1", "r2"]}]


def test_433_1_a_capped_swap_fits_exactly_at_the_cap() -> None:
    """With a Might cap of 4: r1 and r2 (2 + 2 = 4, at the cap) can still be swapped when
    r3 (3) breaks the group: {r1, r2} is the one answer, not 'nothing happens'."""
    capped = {**SWAP, "group": {**SWAP["group"], "might_cap": 4}}
    units = [unit("r1", might=2), unit("r2", might=2), unit("r3", might=3)]
    s = parse_scenario({**scenario_dict(units, targets={"units": ["r1", "r2", "r3"]},
                                        effect=capped), "card": None})
    assert [a.as_json() for a in resolve(s, kind=Affected)] == [{"affected": ["r1", "r2"]}]


def test_143_2_b_killed_might_counts_negative_might_as_zero() -> None:
    """Fox-Fire (any subset): killing r1 (Might -2, counting 0) and r3 (3) is worth 3
    killed Might and 2 kills; raw Might would make it 1."""
    units = [unit("r1", might=-2), unit("r2", might=3), unit("r3", might=3)]
    legal = resolve(build(units, card="Fox-Fire", policy={"group_subset": "any"},
                          targets={"units": ["r1", "r2", "r3"]}))
    top = best(legal, "killed-might,kills")[0]
    assert top.values == {"killed-might": 3, "kills": 2}
    assert isinstance(top.answer, Affected)
    assert top.answer.units in (("r1", "r2"), ("r1", "r3"))


def test_knapsack_keeps_the_targets_that_die() -> None:
    """7 damage, 14 targets: k1..k7 (Might 1) and b1..b7 (Might 5): 3,432 answers, the
    knapsack's: keep the seven that 1 damage kills."""
    units = [unit("kai", "A", 7), *(unit(f"k{i}") for i in range(1, 8)),
             *(unit(f"b{i}", might=5) for i in range(1, 8))]
    ids = [u["id"] for u in units[1:]]
    top = best(resolve(build(units, targets={"friendly": "kai", "enemies": ids})), "kills")[0]
    assert top.values == {"kills": 7}
    assert isinstance(top.answer, Resolution)
    assert top.answer.kept == tuple(f"k{i}" for i in range(1, 8))


def test_740_1_a_robust_advice_keeps_the_teams() -> None:
    """kai is C's, A's teammate: friendly. Whatever the Might changes of 1 (kai 2-4, r1
    0-2), 2+ damage on r1 kills it: the robust worst case is still 1 kill."""
    units = [unit("kai", "C", 3), unit("r1")]
    legal = finalize(build(units, teams=[["A", "C"], ["B", "D"]]))
    assert best(legal, "kills", robust=1)[0].values == {"kills": 1}
