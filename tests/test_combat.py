"""Combat damage assignment (Core Rules 1.4, 465.2): the rule tests.

Every hand-worked board of ``tests/data/combat_cases.json`` (each note works its answers
out from the rules) is answered the same by every backend, counted exactly, indexed in
listing order and explained; counts on boards too large to list are checked against
formulas worked out here.
"""

from __future__ import annotations

import io
import json
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import riftsolve as rs
from riftsolve.engine.assign import Table
from riftsolve.engine.count import CountTooLarge
from riftsolve.engine.optimum import TooManyToRank
from riftsolve.faces.cli import main
from riftsolve.rules.families.combat import CombatProblem

CASES = json.loads((Path(__file__).parent / "data" / "combat_cases.json").read_text())


def _lines(legal: rs.LegalSet[rs.Assignment]) -> list[str]:
    return [json.dumps(a.as_json(), sort_keys=True) for a in legal]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['rule']}-{c['name']}" for c in CASES])
@pytest.mark.parametrize("backend", ["native", "cpsat", "pyconstraint"])
def test_every_hand_worked_board(case: dict[str, Any], backend: str) -> None:
    """The answers worked out by hand, each once, counted exactly, on every backend."""
    scenario = rs.parse_scenario(case["scenario"])
    legal = rs.resolve(scenario, backend, kind=rs.Assignment)
    listed = _lines(legal)
    want = sorted(json.dumps(a, sort_keys=True) for a in case["answers"])
    assert sorted(listed) == want
    assert legal.count() == len(listed) == len(set(listed))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_index_unrank_verify_and_explain_agree_with_the_listing(case: dict[str, Any]) -> None:
    scenario = rs.parse_scenario(case["scenario"])
    legal = rs.resolve(scenario, kind=rs.Assignment)
    answers = list(legal)
    rows = legal.unrank(np.arange(len(answers)))
    assert rows.tolist() == np.concatenate(list(legal.arrays())).tolist()
    for position, answer in enumerate(answers):
        assert legal.index(answer) == position and legal[position] == answer
        assert legal.verify(answer) == [] and answer in legal
        assert [answer.amount(u) for u in legal.columns] == rows[position].tolist()
        trail = [step["rule"] for step in legal.explain(answer)]
        assert trail[0] == "465.2.c"
    drawn = {legal.sample(np.random.default_rng(seed)) for seed in range(40)}
    assert drawn <= set(answers) and (len(drawn) > 1 or len(answers) == 1)


def _scenario(units: list[dict[str, Any]], **top: Any) -> rs.Scenario:
    return rs.parse_scenario({"format": 1, "controller": "A", "battlefields": ["north"],
                              "combat": {"battlefield": "north", "attacker": "A"},
                              "units": units, **top})


def _unit(uid: str, might: int, controller: str = "B", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "controller": controller, "might": might, "location": "north", **extra}


def test_465_2_c_3_at_scale_counted_without_listing() -> None:
    """n receivers of 3 Might. 5 damage: one filled and 2 on another, n(n-1) ways; 7: two
    filled and 1 on a third, C(n, 2)(n - 2); 9: three filled exactly, C(n, 3)."""
    n = 40
    for damage, want in ((5, n * (n - 1)), (7, comb(n, 2) * (n - 2)), (9, comb(n, 3))):
        units = [_unit("a", damage, "A"), *(_unit(f"d{i:02d}", 3) for i in range(n))]
        legal = rs.resolve(_scenario(units), kind=rs.Assignment)
        assert legal.count() == want
        last = legal[want - 1]
        assert legal.index(last) == want - 1 and not legal.verify(last)


def test_465_2_c_4_excess_counts_under_both_policies() -> None:
    """12 receivers of 1 Might and 20 damage: all filled, 8 left over. Policy any: the 8
    divided among 12, C(8 + 11, 11); policy last: all of it on one unit of the last
    non-empty group, here the two Backline units."""
    units = [_unit("a", 20, "A"), *(_unit(f"d{i:02d}", 1) for i in range(10)),
             _unit("b1", 1, keywords=["Backline"]), _unit("b2", 1, keywords=["Backline"])]
    assert rs.resolve(_scenario(units)).count() == comb(19, 11)
    last = rs.resolve(_scenario(units, policy={"combat_excess": "last"}), kind=rs.Assignment)
    assert [a.amount("b1") + a.amount("b2") for a in last] == [1 + 1 + 8] * 2
    assert last.count() == 2


def test_apply_reads_the_combat_might_and_prevention() -> None:
    """Shield 2 makes s1 a 4-Might defender (814): 3 assigned does not kill it, though it
    would kill a 2-Might unit; p1 prevents 1 of each assignment (437.5), so its lethal
    amount is 3 and 2 assigned deal 1, not lethal to its 2 Might. 6 damage."""
    units = [_unit("a", 6, "A"), _unit("s1", 2, keywords=["Shield 2"]),
             _unit("p1", 2, prevent=1)]
    scenario = _scenario(units)
    legal = rs.resolve(scenario, kind=rs.Assignment)
    shielded = rs.Assignment.of({"s1": 3, "p1": 3})
    assert shielded in legal
    done = rs.apply(scenario, shielded)
    assert done.killed == ("p1",) and done.dealt == (("p1", 2), ("s1", 3))
    prevented = rs.Assignment.of({"s1": 4, "p1": 2})
    assert prevented in legal
    done = rs.apply(scenario, prevented)
    assert done.killed == ("s1",) and done.dealt == (("p1", 1), ("s1", 4))


def test_a_failure_names_its_rule() -> None:
    units = [_unit("a", 5, "A"), _unit("t", 2, keywords=["Tank"]), _unit("n1", 3),
             _unit("n2", 3)]
    legal = rs.resolve(_scenario(units), kind=rs.Assignment)
    assert [f.rule for f in legal.verify(rs.Assignment.of({"n1": 3, "n2": 2}))] == [
        "815", "815"]
    assert [f.rule for f in legal.verify(rs.Assignment.of({"t": 2, "n1": 1, "n2": 2}))] == [
        "465.2.c.3"]
    assert [f.rule for f in legal.verify(rs.Assignment.of({"t": 3, "n1": 2}))] == [
        "465.2.c.4"]
    assert [f.rule for f in legal.verify(rs.Assignment.of({"t": 2, "n1": 2}))] == [
        "465.2.c"]


def test_older_rules_cite_their_numbers_or_refuse() -> None:
    """Core Rules 1.3 numbers the combat damage step 460; 1.2 (443) has no Backline."""
    units = [_unit("a", 3, "A"), _unit("t", 1, keywords=["Tank"]), _unit("n", 2)]
    legal = rs.resolve(_scenario(units, rules="1.3"), kind=rs.Assignment)
    assert [s["rule"] for s in legal.explain(legal[0])][:1] == ["460.2.c"]
    backline = [_unit("a", 3, "A"), _unit("b", 1, keywords=["Backline"])]
    with pytest.raises(rs.ScenarioError, match="no Backline keyword"):
        rs.resolve(_scenario(backline, rules="1.2"))


def test_the_table_count_refuses_past_its_bound() -> None:
    """A huge damage total is refused by count with its exact work, never a hang."""
    units = [_unit("a", 10**6, "A"), *(_unit(f"d{i}", 10**6) for i in range(10))]
    problem = rs.resolve(_scenario(units), kind=rs.Assignment).problems()[0]
    assert isinstance(problem, CombatProblem)
    with pytest.raises(CountTooLarge, match="table cells"):
        Table(problem).count()


def test_best_for_both_sides_of_one_combat() -> None:
    """The attacker's best assignment, then the defender's, each on the board as it is
    (assigning is not dealing, 465.2.c.1); the combat kills what either kills (465.2.d).
    A deals 4 (a1 2 + Assault 1, a2 1): B's b1 (1 + Shield 2) needs 3, b2 2, b3 4 (its
    stun stops only its own damage): one kill at most, b3 first in the listing with no
    overkill. B deals 5 (b1 3, b2 2, b3 stunned 0) to a1 (3 while attacking) and a2 (1):
    both die, 1 excess."""
    scenario = rs.load_scenario(rs.example_path("combat-defender-assigns"))
    sides = rs.combat_sides(scenario)
    assert [s.controller for s in sides] == ["A", "B"]
    out = io.StringIO()
    assert main(["best", str(rs.example_path("combat-defender-assigns")), "--objective",
                 "kills,-overkill", "--sides"], out=out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0] == {"assigner": "A", "assigned": {"b3": 4},
                        "objective": {"kills": 1, "overkill": 0}, "killed": ["b3"]}
    assert lines[1]["assigner"] == "B" and lines[1]["killed"] == ["a1", "a2"]
    assert lines[1]["objective"] == {"kills": 2, "overkill": 1}
    assert lines[2] == {"killed": ["a1", "a2", "b3"]}
    for side, line in zip(sides, lines, strict=False):
        top = rs.best(rs.resolve(side), "kills,-overkill")[0]
        assert top.answer.as_json()["assigned"] == line["assigned"]


#: Whether each side's assignment is forced on each combat example, the attacker's then the
#: defender's, worked out from the rules (465.2.a-c: each side deals its units' Might, plus
#: Assault when attacking or Shield when defending, a stunned unit none; lethal in full,
#: Tank first and Backline last; the excess as combat_excess says):
FORCED = {
    # A deals a1 4 + Assault 1 = 5 (a2 is stunned); B's lethal amounts: Tank d1 3 - 1 marked
    # = 2, d2 2, Backline d3 1 + 1 prevented = 2: d1 2, d2 2, d3 the last 1, one way.
    # B deals 3 + 2 + 1 = 6 to a1 (5 while attacking) and a2 (2, stunned but still 2 Might):
    # 6 < 7, so a1 5 and a2 1, or a2 2 and a1 4.
    "combat-spec-example": (True, False),
    # A: 5 among four units of lethal 3, one filled and 2 on another (12 ways). B's four
    # units at north deal 12, all on a1, the only receiver (the excess too).
    "combat-lethal-in-full": (False, True),
    # A deals a1 2 + Assault 1, a2 1 (its Shield idle) = 4 among b1 3, b2 2, b3 4: a choice.
    # B deals b1 1 + Shield 2, b2 2, b3 stunned = 5 to a1 3 and a2 1: both filled, the one
    # point of excess on either (policy any).
    "combat-defender-assigns": (False, False),
    # A: 6 on t 1, n1 1, n2 2, excess 2 all on n1 or on n2 (policy last). B deals 1 + 1 + 2
    # = 4 to a1 alone.
    "combat-excess-last": (False, True),
    # A: 4 all on pa (no amount is lethal to it) or n1 2 then 2 on pa. B: 1 + 2 + 1 on a1.
    "combat-prevent-all": (False, True),
    # A: 4 on s1 (lethal 4 with Shield 2), or n1 1 then 3 on s1. B: s1 2 + Shield 2 and n1
    # 1, all 5 on a1.
    "combat-shield-raises-lethal": (False, True),
    # A: tb as a Tank (tb 2, t1 1, n1 2) or as Backline (t1 1, n1 2, b1 1, tb 1). B's 6 on a1.
    "combat-tank-and-backline": (False, True),
}


@pytest.mark.parametrize("name", sorted(FORCED))
def test_is_forced_on_each_side_of_the_combat_examples(name: str) -> None:
    """``rs.is_forced`` says whether a side has exactly one legal assignment, as worked out
    by hand in :data:`FORCED`; the legal sets agree (one answer exactly when forced)."""
    sides = rs.combat_sides(rs.load_scenario(rs.example_path(name)))
    assert tuple(rs.is_forced(side) for side in sides) == FORCED[name]
    for side in sides:
        legal = rs.resolve(side, kind=rs.Assignment)
        assert rs.is_forced(side, "resolve") is (legal.count() == 1)
        assert (legal.only_choice() is not None) is rs.is_forced(side)


def test_is_forced_asks_the_scenarios_own_question() -> None:
    """A scenario with no targets chosen asks its declaration (Alpha Strike's: 16 ways),
    one with chosen targets its resolution (3 damage, 5 targets: 10 ways); a question that
    is neither is refused."""
    declaring = rs.load_scenario(rs.example_path("alpha-strike-finalize-4"))
    assert declaring.question == "finalize" and not rs.is_forced(declaring)
    resolving = rs.load_scenario(rs.example_path("alpha-strike-shrunk-5-to-3"))
    assert resolving.question == "resolve" and not rs.is_forced(resolving)
    with pytest.raises(ValueError, match="'finalize' or 'resolve'"):
        rs.is_forced(resolving, "assign")  # type: ignore[arg-type]


def test_both_sides_of_what_is_not_a_combat_is_refused(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``best --sides`` is a combat's (465.2.c: each side assigns its damage): Alpha Strike
    has no sides, so the command exits 2 with one line naming the missing block, and the
    Python function raises the scenario error."""
    alpha = rs.example_path("alpha-strike-6-among-3")
    assert main(["best", str(alpha), "--objective", "kills", "--sides"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "riftsolve: error: combat: each side's assignment is a combat's: give a scenario "
        "with a 'combat' block"]
    with pytest.raises(rs.ScenarioError, match="'combat' block"):
        rs.combat_sides(rs.load_scenario(alpha))


def test_best_past_its_table_bound_is_refused_as_ranking() -> None:
    """10 receivers of Might 10^6 and 10^6 damage: the table of best worths would hold
    tens of millions of cells; best refuses at once, saying it is ranking that is refused."""
    units = [_unit("a", 10**6, "A"), *(_unit(f"d{i}", 10**6) for i in range(10))]
    legal = rs.resolve(_scenario(units), kind=rs.Assignment)
    with pytest.raises(TooManyToRank, match="ranking these combat assignments needs a "
                                            "table of"):
        rs.best(legal, "kills")


@pytest.mark.parametrize(("gear", "field", "says"), [
    ({"might": 2}, "units[g].might", "a gear has no Might"),
    ({"type": "relic"}, "units[g].type", "relic"),
])
def test_a_malformed_gear_names_its_field(gear: dict[str, Any], field: str,
                                         says: str) -> None:
    entry = {"id": "g", "controller": "B", "location": "north", "type": "gear", **gear}
    units = [_unit("a", 3, "A"), entry]
    with pytest.raises(rs.ScenarioError, match=says) as raised:
        _scenario(units)
    assert raised.value.field == field
