"""The PettingZoo environment (riftsolve.pettingzoo, the ``pettingzoo`` extra): the combat
damage step as two agents' decisions.

PettingZoo's own ``api_test`` passes, its warnings errors but those a ``Dict``
observation always raises, on the examples and on random combats. A search over every
masked action from the reset (each branch a copy of the environment) reaches every pair
of legal assignments, the attacker's and the defender's, exactly once, and they are the
independent reference's (tests/reference/, never importing the engine) on small random
combats; on the way, every action the mask allows leads on, every one it forbids changes
nothing, an agent asked to act always has two actions at least (forced points and forced
assignments are played for it), the observations lie in their spaces, and the rewards
are the killed Might each side's damage kills, measured by the reference's lethal amounts.
Importing riftsolve never imports PettingZoo.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import reference
from conftest import needs
from hypothesis import event, given, settings
from hypothesis import strategies as st
from test_combat_properties import ASSIGNER_MIGHTS, _unit

import riftsolve as rs

AGENTS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "agents.md"
MARKER = "<!-- pettingzoo example -->"

needs("pettingzoo", "pettingzoo")

from pettingzoo.test import api_test  # type: ignore[import-untyped]  # noqa: E402

from riftsolve.pettingzoo import (  # noqa: E402
    AGENTS,
    SCALARS,
    UNIT_FEATURES,
    CombatEnv,
    combat_env,
    random_combat,
)

#: What PettingZoo's api_test always says of a ``Dict`` observation (it names the few
#: built-in environments it excuses): every other warning is an error.
DICT_WARNINGS = ("Observation space for each agent probably should be",
                 "Observation is not a NumPy array")


def passes_api_test(env: CombatEnv, cycles: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for said in DICT_WARNINGS:
            warnings.filterwarnings("ignore", message=re.escape(said))
        api_test(env, num_cycles=cycles, verbose_progress=False)


@pytest.mark.parametrize("combats", [None, "random"])
def test_pettingzoos_api_test(combats: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    passes_api_test(combat_env(combats), 200)
    assert "Passed API test" in capsys.readouterr().out


def test_api_test_on_each_example() -> None:
    for name in ("combat-spec-example", "combat-lethal-in-full", "combat-defender-assigns",
                 "combat-excess-last", "combat-tank-and-backline"):
        passes_api_test(combat_env([name]), 20)


# --------------------------------------------------------------- every pair, exactly once


@st.composite
def two_sided(draw: st.DrawFn) -> dict[str, Any]:
    """A combat of A (attacking) and B at north, each with 1 to 3 units of
    ``tests/test_combat_properties.py``'s kinds (Tank, Backline, both, Assault, Shield,
    stuns, marked damage, prevention, undamageable units, gear), and a bystander at south;
    each side dealing at most 7 damage (the searches stay small)."""
    units = [_unit(draw, f"a{n}", "A", "north", ASSIGNER_MIGHTS, gear=n > 0)
             for n in range(draw(st.integers(1, 3)))]
    units += [_unit(draw, f"b{n}", "B", "north", ASSIGNER_MIGHTS, gear=n > 0)
              for n in range(draw(st.integers(1, 3)))]
    if draw(st.booleans()):
        units.append(_unit(draw, "x", draw(st.sampled_from("AB")), "south"))
    combat: dict[str, Any] = {"battlefield": "north", "attacker": "A"}
    if draw(st.integers(0, 6)) == 0:
        combat["lethal_any"] = True
    doc: dict[str, Any] = {"format": 1, "controller": "A", "combat": combat,
                           "battlefields": ["north", "south"], "units": units,
                           "policy": {"combat_excess": draw(st.sampled_from(("any", "last")))}}
    for player in "AB":
        side = assigning(doc, player)
        while reference.combat_damage(side) > 7:
            strongest = max((u for u in units if u["controller"] == player and "might" in u
                             and u["location"] == "north"), key=lambda u: u["might"])
            strongest["might"] -= 1
    return doc


def assigning(doc: dict[str, Any], player: str) -> dict[str, Any]:
    """The combat as ``player`` assigns it."""
    return {**doc, "controller": player, "combat": {**doc["combat"], "assigner": player}}


def reference_pairs(doc: dict[str, Any]) -> set[tuple[str, str]]:
    return {(mine, theirs) for mine in reference.combat_answers(assigning(doc, "A"))
            for theirs in reference.combat_answers(assigning(doc, "B"))}


def finished(env: CombatEnv) -> tuple[str, str]:
    """The episode's two assignments, as the reference writes them."""
    return tuple(json.dumps({"assigned": env.infos[agent]["assigned"]}, sort_keys=True)
                 for agent in AGENTS)  # type: ignore[return-value]


def search(env: CombatEnv, found: list[tuple[str, str]], doc: dict[str, Any] | None = None
           ) -> None:
    """Every episode the masked actions reach from ``env``'s state, into ``found``; each
    state checked on the way, and (given the combat's ``doc``) each end's rewards."""
    agent = env.agent_selection
    observation, _reward, terminated, truncated, _info = env.last()
    assert observation is not None and not truncated
    if terminated:
        assert all(env.terminations.values()) and not observation["action_mask"].any()
        found.append(finished(env))
        if doc is not None:
            kills = [killed_might(doc, player, json.loads(line)["assigned"])
                     for player, line in zip("AB", found[-1], strict=True)]
            assert [env.rewards[a] for a in AGENTS] == [kills[0] - kills[1],
                                                        kills[1] - kills[0]]
        return
    for who in AGENTS:
        assert env.observation_space(who).contains(env.observe(who))
    mask = observation["action_mask"]
    assert mask.sum() >= 2, f"{agent} asked to act with one legal action: a forced move"
    other = AGENTS[1 - AGENTS.index(agent)]
    assert not env.observe(other)["action_mask"].any()  # (not its turn)
    for action in range(env.max_units):
        branch = copy.deepcopy(env)
        branch.step(action)
        if not mask[action]:  # forbidden: nothing changes but the penalty
            assert branch.infos[agent].get("illegal") is True
            assert branch.rewards[agent] == -1.0 and branch.agent_selection == agent
            again = branch.observe(agent)
            assert (again["observation"] == observation["observation"]).all()
            continue
        assert "illegal" not in branch.infos[agent]
        search(branch, found, doc)


@settings(max_examples=60, deadline=None)
@given(two_sided())
def test_every_pair_of_legal_assignments_once(doc: dict[str, Any]) -> None:
    scenario = rs.parse_scenario(doc)
    expected = reference_pairs(doc)
    env = combat_env([scenario], max_units=8)
    try:
        env.reset(seed=0)
    except ValueError as refusal:  # no decision on either side: nothing to play
        assert "forced" in str(refusal)
        assert len(expected) == 1
        event("both forced")
        return
    found: list[tuple[str, str]] = []
    search(env, found, doc)
    assert len(found) == len(set(found)), "a pair of assignments reached twice"
    assert set(found) == expected
    event(f"{min(len(found), 10)}{'+' if len(found) >= 10 else ''} pairs")
    # each side asked exactly when its assignment is a decision
    forced = [len(reference.combat_answers(assigning(doc, p))) == 1 for p in "AB"]
    assert [env.infos[a]["forced"] for a in AGENTS] == forced
    assert env.agent_selection == AGENTS[forced.index(False)]


def test_a_worked_combat() -> None:
    """combat-defender-assigns: A's 4 damage among b1 (lethal 3), b2 (2), b3 (4): b3 4;
    b2 2 and b3 2; b1 2 and b2 2 (b1 partial, b2 filled); b1 3 and b3 1; b1 3 and b2 1;
    b1 1 and b3 3? no: b3 3 is below its lethal 4 with b1 below too (465.2.c.3). So 5.
    B's 5 among a1 (3) and a2 (1): both filled, the 1 left on either: 2. 10 pairs."""
    env = combat_env(["combat-defender-assigns"])
    env.reset(seed=0)
    found: list[tuple[str, str]] = []
    search(env, found)
    assert len(found) == len(set(found)) == 10
    attacker = {json.loads(a)["assigned"].__repr__() for a, _ in found}
    assert attacker == {repr(a) for a in ({"b3": 4}, {"b2": 2, "b3": 2}, {"b1": 2, "b2": 2},
                                          {"b1": 3, "b3": 1}, {"b1": 3, "b2": 1})}


# --------------------------------------------------------------- forced sides, rewards


def play(env: CombatEnv, rng: np.random.Generator) -> list[tuple[str, bool]]:
    """A random masked episode; each agent selected and whether it was asked to act."""
    seen = []
    for agent in env.agent_iter():
        observation, _reward, terminated, _truncated, _info = env.last()
        seen.append((agent, not terminated))
        if terminated:
            env.step(None)
            continue
        assert observation is not None
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


@pytest.mark.parametrize(("name", "asked"), [
    # B's 12 damage can only go on a1, its one receiver: the defender is never asked
    ("combat-lethal-in-full", "attacker_0"),
    # A's 5 fill d1 (Tank) and d2, the last 1 on Backline d3: the attacker is never asked
    ("combat-spec-example", "defender_0"),
])
def test_a_forced_side_is_never_asked(name: str, asked: str) -> None:
    env = combat_env([name])
    rng = np.random.default_rng(0)
    for episode in range(20):
        env.reset(seed=episode)
        assert env.agent_selection == asked
        seen = play(env, rng)
        assert {agent for agent, acted in seen if acted} == {asked}
        assert [agent for agent, acted in seen if not acted] == [asked, *(
            a for a in AGENTS if a != asked)]  # each leaves once, the one that acted first
        assert not env.agents


def test_the_rewards_on_the_rules_example() -> None:
    """combat-spec-example: A's forced 5 kill d1 (3 Might, 1 marked + 2) and d2 (2), not
    d3 (1 assigned, 1 prevented): 5 Might. B's 6, once a1's first 4 are forced: the fifth
    to a1, a1 5 and a2 1, kills a1 (4 Might, 5 with Assault), reward 5 - 4 = 1 to A; to
    a2, a1 4 and a2 2, kills a2 (2 Might): 5 - 2 = 3."""
    outcomes = {}
    for first in ("a1", "a2"):
        env = combat_env(["combat-spec-example"], reward="killed-might")
        env.reset(seed=0)
        rows = [u.id for u in env.scenario.board if u.location == "north"]  # type: ignore[union-attr]
        env.step(rows.index(first))  # the rest is forced
        assert all(env.terminations.values())
        outcomes[first] = ({a: env.rewards[a] for a in AGENTS}, env.infos["attacker_0"]["killed"])
    assert outcomes["a1"] == ({"attacker_0": 1.0, "defender_0": -1.0}, ["a1", "d1", "d2"])
    assert outcomes["a2"] == ({"attacker_0": 3.0, "defender_0": -3.0}, ["a2", "d1", "d2"])


def killed_might(doc: dict[str, Any], player: str, assigned: dict[str, int]) -> int:
    """The Might (at least 0, 143.2.b) of the units ``player``'s assignment kills: those
    assigned the reference's lethal amount at least (prevention included, 437.5)."""
    lethal = reference.combat_lethal(assigning(doc, player))
    return sum(max(0, int(u["might"])) for u in doc["units"]
               if (need := lethal.get(u["id"])) is not None and assigned.get(u["id"], 0) >= need)


def test_random_episodes_end_in_legal_assignments() -> None:
    """Random masked episodes on random combats: each side's assignment is legal, the
    rewards are zero-sum, and every agent leaves once."""
    env = combat_env("random", max_units=8)
    rng = np.random.default_rng(3)
    for episode in range(100):
        env.reset(seed=episode)
        assert env.scenario is not None
        sides = rs.combat_sides(env.scenario)
        ending: dict[str, tuple[float, dict[str, Any]]] = {}
        for agent in env.agent_iter():
            observation, reward, terminated, _truncated, info = env.last()
            if terminated:
                ending[agent] = (reward, dict(info))
                env.step(None)
            else:
                assert observation is not None
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert sorted(ending) == sorted(AGENTS) and not env.agents
        assert ending["attacker_0"][0] == -ending["defender_0"][0]
        for side, agent in zip(sides, AGENTS, strict=True):
            assigned = ending[agent][1]["assigned"]
            assert rs.resolve(side).verify(rs.Assignment.of(assigned)) == []


def test_observations_say_the_board_and_the_turn() -> None:
    """combat-spec-example, the defender to assign: its rows are A's a1 (5 in this combat,
    lethal 5) and a2 (stunned, adds nothing), its own d1 (Tank, lethal 2), d2, d3
    (Backline, lethal 2 with 1 prevented), each with the damage A assigned it. B's 6 go to
    a1 first (the rules' order, by id): its first 4 points are forced (fewer would leave
    a2 more than its lethal 2), so B is asked where the fifth goes: a1 or a2."""
    env = combat_env(["combat-spec-example"])
    env.reset(seed=0)
    observation = env.observe("defender_0")
    units = observation["observation"][:env.max_units * len(UNIT_FEATURES)].reshape(
        env.max_units, len(UNIT_FEATURES))
    scalars = dict(zip(SCALARS, observation["observation"][-len(SCALARS):], strict=True))
    column = {name: units[:5, i].tolist() for i, name in enumerate(UNIT_FEATURES)}
    assert column["own"] == [0, 0, 1, 1, 1] and column["attacking"] == [1, 1, 0, 0, 0]
    assert column["might"] == [5, 2, 3, 2, 1] and column["adds"] == [5, 0, 3, 2, 1]
    assert column["lethal"] == [5, 2, 2, 2, 2] and column["assigned"] == [4, 0, 2, 2, 1]
    assert column["current"] == [1, 0, 0, 0, 0]
    assert column["tank"] == [0, 0, 1, 0, 0] and column["backline"] == [0, 0, 0, 0, 1]
    assert column["prevent"] == [0, 0, 0, 0, 1] and column["stunned"] == [0, 1, 0, 0, 0]
    assert not units[5:].any()
    assert scalars["my_turn"] == 1 and scalars["assigning_defender"] == 1
    assert (scalars["my_damage"], scalars["their_damage"], scalars["remaining"]) == (6, 5, 2)
    assert observation["action_mask"].tolist()[:5] == [1, 1, 0, 0, 0]
    assert not env.observe("attacker_0")["action_mask"].any()


def test_an_illegal_action_changes_nothing_but_the_reward() -> None:
    env = combat_env(["combat-lethal-in-full"])
    env.reset(seed=0)
    before = env.observe("attacker_0")
    env.step(4)  # u4 first: the 5 would all be u4's, over its lethal 3 (465.2.c.4)
    assert env.infos["attacker_0"]["illegal"] is True and env.rewards["attacker_0"] == -1.0
    assert (env.observe("attacker_0")["observation"] == before["observation"]).all()
    _, reward, _, _, _ = env.last()
    assert reward == -1.0


def test_what_it_cannot_play_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="both assignments of this combat are forced"):
        combat_env().reset(options={"scenario": _both_forced()})
    with pytest.raises(rs.ScenarioError, match="Alpha Strike is not a combat"):
        combat_env(["alpha-strike-6-among-3"]).reset(seed=0)
    with pytest.raises(ValueError, match="more than max_units=3"):
        combat_env(["combat-spec-example"], max_units=3).reset(seed=0)
    with pytest.raises(ValueError, match="reward is one of killed-might, kills, value"):
        combat_env(reward="overkill")
    with pytest.raises(ValueError, match="a combat of two players"):
        combat_env([_three_players()]).reset(seed=0)
    with pytest.raises(ValueError, match="no scenario to draw from"):
        combat_env([])


def _both_forced() -> rs.Scenario:
    """One unit a side: each side's damage all on the other's one unit."""
    return rs.parse_scenario({"format": 1, "controller": "A", "battlefields": ["north"],
                              "combat": {"battlefield": "north", "attacker": "A"},
                              "units": [{"id": "a", "controller": "A", "might": 3,
                                         "location": "north"},
                                        {"id": "b", "controller": "B", "might": 2,
                                         "location": "north"}]})


def _three_players() -> rs.Scenario:
    return rs.parse_scenario({"format": 1, "controller": "A", "battlefields": ["north"],
                              "combat": {"battlefield": "north", "attacker": "A"},
                              "units": [{"id": u, "controller": u.upper(), "might": 2,
                                         "location": "north"} for u in "abc"]})


def test_render_shows_each_assignment() -> None:
    env = combat_env(["combat-spec-example"], render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == ('  attacker_0 (A): {"d1": 2, "d2": 2, "d3": 1}\n'
                            '* defender_0 (B): {"a1": 4}')
    env.step(1)  # a1's first 4 were forced; the fifth to a2, which is then filled
    assert env.render() == ('  attacker_0 (A): {"d1": 2, "d2": 2, "d3": 1}\n'
                            '  defender_0 (B): {"a1": 4, "a2": 2}\n'
                            '{"killed": ["a2", "d1", "d2"]}')
    assert combat_env(["combat-spec-example"]).render() is None


def test_random_combats_are_reproducible() -> None:
    boards = [random_combat(np.random.default_rng(seed)) for seed in (5, 5, 6)]
    assert boards[0] == boards[1] != boards[2]


def test_importing_riftsolve_does_not_import_pettingzoo() -> None:
    code = ("import sys, riftsolve as rs; s = rs.load_scenario(rs.example_path("
            "'combat-spec-example')); rs.is_forced(s); print('pettingzoo' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def pettingzoo_example() -> str:
    """The manual's environment example: the Python block after its marker, on the page
    for agents (``docs/agents.md``)."""
    found = re.search(re.escape(MARKER) + r"\n```python\n(.*?)```", AGENTS_PAGE.read_text(),
                      flags=re.S)
    assert found, f"{AGENTS_PAGE.name} has no PettingZoo example"
    return found.group(1)


def test_the_manuals_example_runs() -> None:
    code = pettingzoo_example()
    assert "from riftsolve.pettingzoo import combat_env" in code
    assert 'observation["action_mask"]' in code
    exec(compile(code, "docs/agents.md", "exec"), {})  # it asserts what it shows


if __name__ == "__main__":  # python tests/test_pettingzoo.py > example.py: what CI checks
    print(pettingzoo_example(), end="")
