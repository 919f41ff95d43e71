"""The Gymnasium environment (riftsolve.gym, the ``gym`` extra): its masks are exact.

A depth-first search over the masked actions reaches exactly the legal answers, each by
one sequence (a bijection): every declaration of ``finalize``, and for each, every
resolution of the scenario that follows, after a board change or not; random masked
episodes always end in a legal answer, rewarded by the objective; the environment passes
Gymnasium's checker. Importing riftsolve never imports Gymnasium.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import build, needs, scenario_dict, unit
from hypothesis import event, given, settings
from hypothesis import strategies as st
from reference import finalize_lines, resolve_lines
from test_group_properties import group_boards
from test_steps import changes, line_of, split_docs

import riftsolve as rs
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.scenario import Scenario

GYM_PAGE = Path(__file__).resolve().parent.parent / "docs" / "agents.md"


gymnasium = needs("gymnasium", "gym")

from riftsolve.gym import SCALARS, UNIT_FEATURES, RiftEnv  # noqa: E402


def moved(change: dict[str, tuple[int, str]]) -> Any:
    """A ``between`` changing units' Might and place (those still on the board)."""
    def between(scenario: Scenario, rng: np.random.Generator) -> Scenario:
        units = tuple(replace(u, might=change[u.id][0], location=change[u.id][1])
                      if u.id in change else u for u in scenario.board.units)
        return replace(scenario, board=replace(scenario.board, units=units))
    return between


def walk(env: RiftEnv, scenario: Scenario, prefix: list[int]) -> list[tuple[str, str]]:
    """Every (declaration, resolution) a depth-first search over the masked actions
    reaches from ``prefix`` (replayed from the reset: episodes are deterministic)."""
    env.reset(seed=0, options={"scenario": scenario})
    for action in prefix:
        env.step(action)
    allowed = np.flatnonzero(env.action_masks())
    assert len(allowed), "a dead end: no legal action"
    found = []
    for action in allowed.tolist():
        env.reset(seed=0, options={"scenario": scenario})
        for earlier in prefix:
            env.step(earlier)
        _, _, done, _, info = env.step(action)
        assert "illegal" not in info
        if done:
            assert not env.action_masks().any()
            found.append((json.dumps(info["declaration"], sort_keys=True),
                          json.dumps(info["resolution"], sort_keys=True)))
        else:
            found.extend(walk(env, scenario, [*prefix, action]))
    return found


def expected(doc: dict[str, Any], between: Any) -> list[tuple[str, str]]:
    """Every (declaration, resolution) pair the engine lists, each checked against the
    reference: the declarations of the board, the resolutions of the board that follows."""
    scenario = parse_scenario(doc)
    pairs = []
    declarations = rs.finalize(scenario)
    declared = line_of(declarations)
    assert {declared(d) for d in declarations} == finalize_lines(doc)
    for declaration in declarations:
        resolving = rs.apply(scenario, declaration).next_scenario
        if between is not None:
            resolving = between(resolving, np.random.default_rng(0))
        resolutions = rs.resolve(resolving)
        for resolution in resolutions:
            pairs.append((declared(declaration), line_of(resolutions)(resolution)))
    return pairs


@settings(max_examples=25, deadline=None)
@given(split_docs(), changes(), st.booleans())
def test_the_masked_actions_reach_exactly_the_legal_answers(
        doc: dict[str, Any], change: dict[str, tuple[int, str]], changing: bool) -> None:
    scenario = parse_scenario(doc)
    if not rs.finalize(scenario).any_legal():
        return  # nothing to play: the environment refuses such a board (tested below)
    between = moved(change) if changing else None
    env = RiftEnv([scenario], max_units=8, between=between)
    reached = walk(env, scenario, [])
    assert len(reached) == len(set(reached))  # each answer by one sequence of actions
    assert sorted(reached) == sorted(expected(doc, between))


def test_a_bijection_on_a_worked_board() -> None:
    # kai (Might 3) and enemies r1, r2: declarations = subsets of {r1, r2} of size <= 3:
    # 4. Resolutions of 3 damage: {} -> 1 (nothing dealt); {r1} -> 1; {r2} -> 1;
    # {r1, r2} -> compositions of 3 in 2 parts, 2. In all 1 + 1 + 1 + 2 = 5 episodes.
    doc = scenario_dict([unit("kai", "A", 3), unit("r1"), unit("r2")])
    scenario = parse_scenario(doc)
    reached = walk(RiftEnv([scenario], max_units=4), scenario, [])
    assert len(reached) == len(set(reached)) == 5
    assert sorted(reached) == sorted(expected(doc, None))
    for declared, resolved in reached:
        targets = json.loads(declared)["targets"]
        assert resolved in resolve_lines({**doc, "targets": targets})


@st.composite
def fox_fire_boards(draw: st.DrawFn) -> dict[str, Any]:
    """A Fox-Fire board: up to 5 units of either player at two battlefields or base, with
    Deflect, sometimes a Power budget."""
    units = [unit(f"u{i}", draw(st.sampled_from("BBA")), draw(st.integers(0, 4)),
                  draw(st.sampled_from(["north", "north", "south", "base"])),
                  deflect=draw(st.sampled_from([0, 0, 1])))
             for i in range(draw(st.integers(1, 5)))]
    top: dict[str, Any] = {}
    if draw(st.booleans()):
        top["available_power"] = draw(st.integers(0, 2))
    return scenario_dict(units, card="Fox-Fire", **top)


@settings(max_examples=30, deadline=None)
@given(fox_fire_boards() | group_boards(with_targets=False))
def test_group_cards_masked_actions_reach_exactly_the_legal_answers(doc: dict[str, Any]
                                                                    ) -> None:
    scenario = parse_scenario(doc)
    try:
        env = RiftEnv([scenario], max_units=8)
        env.reset(seed=0, options={"scenario": scenario})
    except ValueError as refusal:  # nothing legal, a move to a destination, a Repeat
        assert re.search("cannot be played|not told apart|not played step", str(refusal))
        event("refused")
        return
    reached = walk(env, scenario, [])
    event(f"{len(reached) > 1} several answers")
    assert len(reached) == len(set(reached))
    assert sorted(reached) == sorted(expected(doc, None))
    for declared, resolved in reached:  # each resolution checked by the reference too
        targets = json.loads(declared)["targets"]
        assert resolved in resolve_lines({**doc, "targets": targets})


def test_fox_fire_on_a_worked_board() -> None:
    # Fox-Fire: up to 2 enemy units at one battlefield, total Might at most 4 (the
    # card's cap). r1 (Might 1), r2 (Might 3) at north, r3 (Might 2) at south. Groups:
    # {}, {r1}, {r2}, {r3}, {r1, r2} (4 <= 4); {r1, r3} and {r2, r3} are at two places:
    # 5 declarations, each resolved one way on an unchanged board (all kept): 5 episodes.
    doc = scenario_dict([unit("r1"), unit("r2", might=3), unit("r3", might=2,
                                                               location="south")],
                        card="Fox-Fire")
    scenario = parse_scenario(doc)
    reached = walk(RiftEnv([scenario], max_units=3), scenario, [])
    assert len(reached) == len(set(reached)) == 5
    assert sorted(reached) == sorted(expected(doc, None))


def random_board(rng: np.random.Generator) -> Scenario:
    """An Alpha Strike or Volibear board of up to 12 units, for random episodes."""
    volibear = bool(rng.integers(2))
    units = [unit("a0", "A", int(rng.integers(0, 7)))]
    for i in range(int(rng.integers(0, 11))):
        units.append(unit(f"e{i}", "B", int(rng.integers(0, 5)),
                          str(rng.choice(["north", "north", "south", "base"])),
                          deflect=int(rng.choice([0, 0, 1])), damage=int(rng.integers(2))))
    top: dict[str, Any] = {"source": "a0", "card": "Volibear, Furious"} if volibear else {}
    if rng.integers(2):
        top["available_power"] = int(rng.integers(0, 3))
    return build(units, **top)


def test_random_episodes_end_in_legal_answers() -> None:
    env = RiftEnv(random_board, objective="kills,-overkill", max_units=12)
    rng = np.random.default_rng(7)
    lengths = []
    for episode in range(60):
        observation, info = env.reset(seed=episode)
        assert info["legal_count"] == rs.finalize(env.scenario).count()  # type: ignore[arg-type]
        done, steps, reward = False, 0, 0.0
        while not done:
            mask = env.action_masks()
            # the observation's "legal" column is the mask's rows
            legal = observation["units"][:, UNIT_FEATURES.index("legal")]
            assert (legal[: env.max_units] == mask[: env.max_units]).all()
            observation, reward, done, truncated, info = env.step(rng.choice(np.flatnonzero(mask)))
            assert env.observation_space.contains(observation) and not truncated
            steps += 1
        lengths.append(steps)
        assert env.scenario is not None and env.resolving is not None
        declaration = next(d for d in rs.finalize(env.scenario, kind=rs.Declaration)
                           if d.as_json() == info["declaration"])
        resolution = next(r for r in rs.resolve(env.resolving, kind=rs.Resolution)
                          if r.as_json() == info["resolution"])
        assert rs.finalize(env.scenario).verify(declaration) == []
        assert rs.resolve(env.resolving).verify(resolution) == []
        kills, overkill = rs.Objective.parse("kills,-overkill").measure(env.resolving,
                                                                        resolution)
        assert info["objective"] == {"kills": kills, "-overkill": overkill}
        assert reward == pytest.approx(kills + 1e-3 * overkill)
    assert max(lengths) > 5


def test_an_illegal_action_changes_nothing() -> None:
    env = RiftEnv(["alpha-strike-5-among-3"])
    observation, _ = env.reset(seed=0)
    forbidden = int(np.flatnonzero(~env.action_masks())[0])
    again, reward, done, _, info = env.step(forbidden)
    assert reward == -1.0 and not done and info["illegal"]
    assert all((again[k] == observation[k]).all() for k in observation)
    assert observation["scalars"][SCALARS.index("phase_friendly")] == 1


def test_the_environment_passes_gymnasiums_checker() -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(RiftEnv(), skip_render_check=True)
    check_env(RiftEnv(random_board, max_units=12,
                      between=moved({"e0": (0, "base")})), skip_render_check=True)


def test_boards_it_cannot_play_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"\(combat family\) is not played step by step"):
        RiftEnv(["combat-spec-example"]).reset(seed=0)
    with pytest.raises(ValueError, match="not told apart by the units they choose"):
        RiftEnv(["tricksy-tentacles-finalize"]).reset(seed=0)
    many = build([unit("kai", "A", 3)] + [unit(f"r{i}") for i in range(20)])
    with pytest.raises(ValueError, match="the board has 21 units, more than max_units=16"):
        RiftEnv([many]).reset(seed=0)
    with pytest.raises(ValueError, match="Alpha Strike cannot be played on this board"):
        RiftEnv().reset(seed=0, options={"scenario": build([unit("r1")])})


def gym_example() -> str:
    """The manual's environment example: the Python block after its marker, on the page
    for agents (``docs/agents.md``)."""
    found = re.search(r"<!-- gym example -->\n```python\n(.*?)```", GYM_PAGE.read_text(),
                      flags=re.S)
    assert found, f"{GYM_PAGE.name} has no environment example"
    return found.group(1)


def test_the_manuals_example_runs() -> None:
    code = gym_example()
    assert "import riftsolve as rs" in code and "action_masks()" in code
    exec(compile(code, "docs/agents.md", "exec"), {})  # it asserts what it shows


def test_render_shows_the_answers_as_text() -> None:
    env = RiftEnv(["fox-fire-two-pumped"], render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == "phase: targets"
    while env.action_masks().any():
        env.step(int(np.flatnonzero(env.action_masks())[-1]))  # "done" at once: the empty group
    assert env.render() == ('phase: done\ndeclared: {"targets": {"units": []}, '
                            '"deflect_cost": 0}\nresolved: {"affected": []}')


if __name__ == "__main__":  # python tests/test_gym.py > example.py: what CI type-checks
    print(gym_example(), end="")
