"""The Gymnasium environment (riftsolve.gym, the ``gym`` extra): its masks are exact.

A depth-first search over the masked actions reaches exactly the legal answers, each by
one sequence (a bijection), in both action spaces (a split's damage a target's share a
step, or a point a step): every declaration of ``finalize``, and for each, every
resolution of the scenario that follows, after a board change or not, compared with the
independent reference (tests/reference/); random masked episodes always end in a legal
answer, rewarded by the objective, their observations within their space and
``info["action_mask"]`` the mask; a pool of 1,000 among k targets takes k steps to split;
the registered environments pass Gymnasium's checker with its warnings as errors.
Importing riftsolve never imports Gymnasium.
"""

from __future__ import annotations

import json
import re
import sys
import warnings
from dataclasses import replace
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import build, needs, scenario_dict, unit
from hypothesis import event, given, settings
from hypothesis import strategies as st
from reference import finalize_lines, resolve_lines
from test_docs import GYM_MARKER, TRAINING_MARKER, marked_blocks
from test_group_properties import group_boards
from test_steps import changed, changes, split_docs

import riftsolve as rs
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.limits import LIMIT
from riftsolve.rules.scenario import Scenario

gymnasium = needs("gymnasium", "gym")

from gymnasium import Wrapper  # noqa: E402

from riftsolve.gym import ENVIRONMENTS, SCALARS, UNIT_FEATURES, RiftEnv  # noqa: E402

#: The two action spaces.
ACTIONS = ("shares", "points")


def moved(change: dict[str, tuple[int, str]]) -> Any:
    """A ``between`` changing units' Might and place (those still on the board)."""
    def between(scenario: Scenario, rng: np.random.Generator) -> Scenario:
        units = tuple(replace(u, might=change[u.id][0], location=change[u.id][1])
                      if u.id in change else u for u in scenario.board.units)
        return replace(scenario, board=replace(scenario.board, units=units))
    return between


def allowed(env: RiftEnv) -> list[Any]:
    """Every action the mask allows: a row, or each allowed row with each allowed amount
    (the mask of a ``MultiDiscrete`` is its components' end to end)."""
    mask = env.action_masks()
    if env.actions == "points":
        return [int(a) for a in np.flatnonzero(mask)]
    width = env.max_units + 1
    return [[int(row), int(amount)] for row in np.flatnonzero(mask[:width])
            for amount in np.flatnonzero(mask[width:])]


def walk(env: RiftEnv, scenario: Scenario, prefix: list[Any]) -> list[tuple[str, str]]:
    """Every (declaration, resolution) a depth-first search over the masked actions
    reaches from ``prefix`` (replayed from the reset: episodes are deterministic)."""
    env.reset(seed=0, options={"scenario": scenario})
    for action in prefix:
        env.step(action)
    actions = allowed(env)
    assert actions, "a dead end: no legal action"
    found = []
    for action in actions:
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


def expected(doc: dict[str, Any], change: dict[str, tuple[int, str]] | None
             ) -> list[tuple[str, str]]:
    """Every (declaration, resolution) pair of the reference: the declarations of the
    board, the resolutions of the board that follows (changed by ``change``)."""
    board = doc if change is None else changed(doc, change)
    return [(declared, resolved) for declared in finalize_lines(doc)
            for resolved in resolve_lines({**board, "targets": json.loads(declared)["targets"]})]


@settings(max_examples=60, deadline=None)
@given(split_docs(least_enemies=2), changes(), st.booleans(), st.sampled_from(ACTIONS))
def test_the_masked_actions_reach_exactly_the_legal_answers(
        doc: dict[str, Any], change: dict[str, tuple[int, str]], changing: bool,
        actions: str) -> None:
    scenario = parse_scenario(doc)
    if not rs.finalize(scenario).any_legal():
        event("no legal declaration")
        return  # nothing to play: the environment refuses such a board (tested below)
    env = RiftEnv([scenario], actions=actions, max_units=8, max_amount=8,
                  between=moved(change) if changing else None)
    reached = walk(env, scenario, [])
    event("10 episodes or more" if len(reached) >= 10 else "fewer than 10 episodes")
    assert len(reached) == len(set(reached))  # each answer by one sequence of actions
    assert sorted(reached) == sorted(expected(doc, change if changing else None))


@pytest.mark.parametrize("actions", ACTIONS)
def test_a_bijection_on_a_worked_board(actions: str) -> None:
    # kai (Might 3) and enemies r1, r2: declarations = subsets of {r1, r2} of size <= 3:
    # 4. Resolutions of 3 damage: {} -> 1 (nothing dealt); {r1} -> 1; {r2} -> 1;
    # {r1, r2} -> compositions of 3 in 2 parts, 2. In all 1 + 1 + 1 + 2 = 5 episodes.
    doc = scenario_dict([unit("kai", "A", 3), unit("r1"), unit("r2")])
    scenario = parse_scenario(doc)
    reached = walk(RiftEnv([scenario], actions=actions, max_units=4), scenario, [])
    assert len(reached) == len(set(reached)) == 5
    assert sorted(reached) == sorted(expected(doc, None))


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
@given(fox_fire_boards() | group_boards(with_targets=False), st.sampled_from(ACTIONS))
def test_group_cards_masked_actions_reach_exactly_the_legal_answers(
        doc: dict[str, Any], actions: str) -> None:
    scenario = parse_scenario(doc)
    try:
        env = RiftEnv([scenario], actions=actions, max_units=8)
        env.reset(seed=0, options={"scenario": scenario})
    except ValueError as refusal:  # nothing legal, a move to a destination, a Repeat
        assert re.search("cannot be played|not told apart|not played step", str(refusal))
        event("refused")
        return
    reached = walk(env, scenario, [])
    event(f"{len(reached) > 1} several answers")
    assert len(reached) == len(set(reached))
    assert sorted(reached) == sorted(expected(doc, None))


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


def random_action(env: RiftEnv, info: dict[str, Any], rng: np.random.Generator) -> Any:
    """A random action among those ``info["action_mask"]`` allows, which must be the mask
    of ``action_masks()`` (int8, 1 = allowed)."""
    mask = info["action_mask"]
    assert mask.dtype == np.int8 and (mask == env.action_masks()).all()
    if env.actions == "points":
        return rng.choice(np.flatnonzero(mask))
    width = env.max_units + 1
    return [rng.choice(np.flatnonzero(mask[:width])), rng.choice(np.flatnonzero(mask[width:]))]


@pytest.mark.parametrize("actions", ACTIONS)
def test_random_episodes_end_in_legal_answers(actions: str) -> None:
    env = RiftEnv(random_board, objective="kills,-overkill", actions=actions, max_units=12)
    rng = np.random.default_rng(7)
    lengths = []
    for episode in range(60):
        observation, info = env.reset(seed=episode)
        assert info["legal_count"] == rs.finalize(env.scenario).count()  # type: ignore[arg-type]
        done, steps, reward = False, 0, 0.0
        while not done:
            assert env.observation_space.contains(observation)
            # the observation's "legal" column is the mask's rows
            legal = observation["units"][:, UNIT_FEATURES.index("legal")]
            assert (legal == env.action_masks()[: env.max_units]).all()
            observation, reward, done, truncated, info = env.step(
                random_action(env, info, rng))
            assert "illegal" not in info and not truncated
            steps += 1
        assert env.observation_space.contains(observation)
        assert not info["action_mask"].any() and not env.action_masks().any()
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


@st.composite
def extreme_boards(draw: st.DrawFn) -> Scenario:
    """Boards at the bounds of a scenario: Might, damage, Deflect and Power of 0 or 10^6
    (the friendly unit's Might at most ``LIMIT``), for the observations' bounds."""
    edge = st.sampled_from([0, 1, LIMIT])
    units = [unit("a0", "A", draw(st.sampled_from([0, 3, LIMIT])))]
    for i in range(draw(st.integers(0, 4))):
        units.append(unit(f"e{i}", "B", draw(st.sampled_from([-LIMIT, 0, 2, LIMIT])),
                          draw(st.sampled_from(["north", "base", "south"])),
                          deflect=draw(edge), damage=draw(edge)))
    top: dict[str, Any] = {}
    if draw(st.booleans()):
        top["available_power"] = draw(edge)
    if draw(st.booleans()):
        top.update(source="a0", card="Volibear, Furious")
    return build(units, **top)


@settings(max_examples=30, deadline=None)
@given(extreme_boards(), st.integers(0, 2**16))
def test_observations_stay_within_their_space_at_the_bounds(board: Scenario, seed: int
                                                            ) -> None:
    if not rs.finalize(board).any_legal():
        return
    env = RiftEnv([board], actions="shares", max_units=5, max_amount=LIMIT)
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    done = False
    while not done:
        assert env.observation_space.contains(observation)
        observation, _, done, _, info = env.step(random_action(env, info, rng))
    assert env.observation_space.contains(observation)


@pytest.mark.parametrize("k", [1, 3, 5])
def test_a_pool_of_1000_among_k_targets_takes_k_steps_to_split(k: int) -> None:
    board = build([unit("kai", "A", 1000)] + [unit(f"r{i}", might=400) for i in range(k)])
    env = gymnasium.make("riftsolve/Allocation-v0", scenarios=[board])
    rng = np.random.default_rng(k)
    _, info = env.reset(seed=0)
    rows = [0, *range(1, k + 1), 16]  # kai, every enemy, done
    for row in rows:
        _, _, done, _, info = env.step([row, 0])
        assert not done and "illegal" not in info
    shares = 0
    while not done:
        _, reward, done, _, info = env.step(random_action(env.unwrapped, info, rng))
        assert "illegal" not in info
        shares += 1
    assert shares == k and len(rows) + shares == 2 * k + 2
    resolving = env.unwrapped.resolving
    resolution = rs.Resolution.of(info["resolution"]["damage"])
    assert sum(info["resolution"]["damage"].values()) == 1000
    assert rs.resolve(resolving).verify(resolution) == []
    assert reward == info["objective"]["kills"]
    # a point a step, the same split takes a thousand steps
    points = RiftEnv([board], actions="points")
    _, info = points.reset(seed=0)
    steps, done = 0, False
    for row in rows:
        _, _, done, _, info = points.step(row)
    while not done:
        _, _, done, _, info = points.step(random_action(points, info, rng))
        steps += 1
    assert steps > 1000


def test_a_pool_larger_than_max_amount_is_refused_with_the_remedy() -> None:
    board = build([unit("kai", "A", 1000), unit("r1"), unit("r2")])
    refusal = "Alpha Strike may split 1000 damage on this board, more than max_amount=999"
    for actions in ACTIONS:
        with pytest.raises(ValueError, match=refusal):
            RiftEnv([board], actions=actions, max_amount=999)  # when made, from a list
        with pytest.raises(ValueError, match=refusal):
            RiftEnv(actions=actions, max_amount=999).reset(options={"scenario": board})
        with pytest.raises(ValueError, match=refusal):
            RiftEnv(lambda rng: board, actions=actions, max_amount=999).reset()
    # the board raised past it between the declaration and the resolution: at that step
    small = build([unit("kai", "A", 2), unit("r1"), unit("r2")])
    env = RiftEnv([small], actions="shares", max_amount=999,
                  between=moved({"kai": (1000, "north")}))
    env.reset(seed=0)
    with pytest.raises(ValueError, match=refusal):
        for row in (0, 1, 16):
            env.step([row, 0])


def test_an_illegal_action_changes_nothing() -> None:
    env = RiftEnv(["alpha-strike-5-among-3"])
    observation, _ = env.reset(seed=0)
    forbidden = int(np.flatnonzero(~env.action_masks())[0])
    again, reward, done, _, info = env.step(forbidden)
    assert reward == -1.0 and not done and info["illegal"]
    assert all((again[k] == observation[k]).all() for k in observation)
    assert observation["scalars"][SCALARS.index("phase_friendly")] == 1


def test_in_shares_an_amount_the_mask_forbids_changes_nothing() -> None:
    env = RiftEnv(["alpha-strike-6-among-3"], actions="shares")
    env.reset(seed=0)
    for row in (0, 1, 2, 3):  # kai, r1, r2, r3, then done: 6 damage among 3 targets
        env.step([row, 0])
    observation, _, _, _, info = env.step([16, 0])
    assert np.flatnonzero(info["action_mask"][17:]).tolist() == [1, 2, 3, 4]
    for action in ([1, 5], [1, 0], [2, 1], [16, 1], [1, 1001], [-1, 1], [1], [1, 1, 1]):
        again, reward, done, _, after = env.step(action)
        assert reward == -1.0 and not done and after["illegal"], action
        assert all((again[k] == observation[k]).all() for k in observation)
        assert (after["action_mask"] == info["action_mask"]).all()
    _, reward, done, _, info = env.step(np.array([1, 4]))  # as a policy gives it
    assert "illegal" not in info and np.flatnonzero(info["action_mask"][17:]).tolist() == [1]


@pytest.mark.parametrize("name", sorted(ENVIRONMENTS))
def test_the_registered_environments_pass_gymnasiums_checker(name: str) -> None:
    from gymnasium.utils.env_checker import check_env

    actions = str(ENVIRONMENTS[name]["actions"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(name)
        assert env.spec is not None and env.spec.id == name
        assert env.spec.kwargs == ENVIRONMENTS[name]
        check_env(env.unwrapped)
        check_env(env)  # what make gives is the environment itself (no wrapper)
        check_env(gymnasium.make(name, render_mode="ansi"))
        check_env(RiftEnv(random_board, actions=actions, max_units=12,
                          between=moved({"e0": (0, "base")})), skip_render_check=True)
    _, info = env.reset(seed=0)
    assert (info["action_mask"] == env.action_masks()).all()
    assert env.action_space == (gymnasium.spaces.MultiDiscrete([17, 1001])
                                if actions == "shares" else gymnasium.spaces.Discrete(17))


def test_boards_it_cannot_play_are_refused_by_name() -> None:
    # a list's boards when the environment is made, a board given when it is reset
    with pytest.raises(ValueError, match=r"\(combat family\) is not played step by step"):
        RiftEnv(["combat-spec-example"])
    with pytest.raises(ValueError, match="not told apart by the units they choose"):
        RiftEnv(["tricksy-tentacles-finalize"], actions="shares")
    many = build([unit("kai", "A", 3)] + [unit(f"r{i}") for i in range(20)])
    with pytest.raises(ValueError, match="the board has 21 units, more than max_units=16"):
        RiftEnv([many])
    with pytest.raises(ValueError, match="the board has 21 units, more than max_units=16"):
        RiftEnv().reset(seed=0, options={"scenario": many})
    with pytest.raises(ValueError, match="Alpha Strike cannot be played on this board"):
        RiftEnv().reset(seed=0, options={"scenario": build([unit("r1")])})
    with pytest.raises(ValueError, match="no scenario to draw from"):
        RiftEnv([build([unit("r1")])]).reset(seed=0)
    with pytest.raises(ValueError, match="actions is 'shares' or 'points', not 'point'"):
        RiftEnv(actions="point")


def page_example(marker: str, page: str = "docs/agents.md") -> str:
    """The Python block after ``marker`` on ``page`` (the manual's page for agents by
    default), which must have one."""
    found = marked_blocks(page, marker)
    assert len(found) == 1, f"{page} should have one example after {marker}"
    return found[0]


def test_the_manuals_example_runs() -> None:
    code = page_example(GYM_MARKER)
    assert "import riftsolve as rs" in code and 'info["action_mask"]' in code
    exec(compile(code, "docs/agents.md", "exec"), {})  # it asserts what it shows


class StandInMasker(Wrapper[Any, Any, Any, Any]):
    """sb3-contrib's ``ActionMasker``, as the training example calls it: the mask of the
    method it names."""

    def __init__(self, env: Any, action_mask_fn: str) -> None:
        super().__init__(env)
        self.method = action_mask_fn

    def action_masks(self) -> Any:
        return getattr(self.env, self.method)()


class StandInLearner:
    """sb3-contrib's ``MaskablePPO``, as the training example calls it, learning nothing:
    it plays the first action each component's mask allows (the mask read as
    ``MaskablePPO`` reads a ``MultiDiscrete``'s, its components' end to end), and its
    ``learn`` steps through the masker, each mask checked against ``info``."""

    made: list[StandInLearner] = []  # noqa: RUF012 - the test reads the learners made

    def __init__(self, policy: str, env: Any, **keywords: Any) -> None:
        self.policy, self.env, self.steps = policy, env, 0
        StandInLearner.made.append(self)

    def learn(self, total_timesteps: int) -> StandInLearner:
        observation, info = self.env.reset(seed=0)
        for _ in range(min(total_timesteps, 500)):
            mask = self.env.action_masks()
            assert mask.dtype == bool and (mask == info["action_mask"]).all()
            action, _ = self.predict(observation, action_masks=mask)
            observation, _, terminated, truncated, info = self.env.step(action)
            assert "illegal" not in info
            self.steps += 1
            if terminated or truncated:
                observation, info = self.env.reset()
        return self

    def predict(self, observation: Any, action_masks: Any, deterministic: bool = False
                ) -> tuple[Any, None]:
        widths = self.env.action_space.nvec
        parts = np.split(np.asarray(action_masks, dtype=bool), np.cumsum(widths)[:-1])
        return np.array([np.flatnonzero(part)[0] for part in parts]), None


def test_the_training_example_runs_with_a_stand_in_learner(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code = page_example(TRAINING_MARKER)
    assert marked_blocks("README.md", TRAINING_MARKER) == [code]  # the README shows it too
    assert 'gymnasium.make("riftsolve/Allocation-v0")' in code and "MaskablePPO" in code
    contrib, wrappers = ModuleType("sb3_contrib"), ModuleType("sb3_contrib.common.wrappers")
    contrib.MaskablePPO = StandInLearner  # type: ignore[attr-defined]
    wrappers.ActionMasker = StandInMasker  # type: ignore[attr-defined]
    for name, module in (("sb3_contrib", contrib), ("sb3_contrib.common", ModuleType("c")),
                         ("sb3_contrib.common.wrappers", wrappers)):
        monkeypatch.setitem(sys.modules, name, module)
    StandInLearner.made.clear()
    exec(compile(code, "docs/agents.md", "exec"), {})
    (learner,) = StandInLearner.made
    assert learner.policy == "MultiInputPolicy" and learner.steps == 500
    assert re.fullmatch(r"kills per episode: \d\.\d\d\n", capsys.readouterr().out)


def typed_examples() -> str:
    """The environment's examples (a random episode, the training loop), a function each,
    as one module for ``mypy --strict`` (CI checks that the examples users copy
    type-check; sb3-contrib need not be installed: its types are then unknown)."""
    functions = []
    for name, marker in (("random_episode", GYM_MARKER), ("training", TRAINING_MARKER)):
        body = "".join(f"    {line}\n" if line else "\n"
                       for line in page_example(marker).splitlines())
        functions.append(f"def example_{name}() -> None:\n{body}")
    return '"""The manual\'s environment examples."""\n\n\n' + "\n\n".join(functions)


def test_the_typed_examples_are_one_module() -> None:
    code = typed_examples()
    compile(code, "examples", "exec")
    assert code.count("def example_") == 2


def test_render_shows_the_answers_as_text() -> None:
    env = RiftEnv(["fox-fire-two-pumped"], render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == "phase: targets"
    while env.action_masks().any():
        env.step(int(np.flatnonzero(env.action_masks())[-1]))  # "done" at once: the empty group
    assert env.render() == ('phase: done\ndeclared: {"targets": {"units": []}, '
                            '"deflect_cost": 0}\nresolved: {"affected": []}')


if __name__ == "__main__":  # python tests/test_gym.py > examples.py: what CI type-checks
    print(typed_examples(), end="")
