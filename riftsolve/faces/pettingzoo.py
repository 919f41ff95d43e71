"""A PettingZoo environment: the combat damage step, each side's assignment its player's.

Needs the ``pettingzoo`` extra (``pip install 'riftsolve[pettingzoo]'``); ``import
riftsolve`` never imports PettingZoo. An episode is one combat of two players at one
battlefield (465.2): the attacker assigns its units' damage among the defender's units,
then the defender among the attacker's (465.2.c), both on the board as it is, and the
damage is dealt at once (465.2.d). The agents are ``"attacker_0"`` and ``"defender_0"``,
in that order (the scenario's ``combat.attacker`` and the other player with units there).

Each action gives one point of the agent's damage to a unit (:mod:`riftsolve.engine.
families.combat_steps`): the receiver being assigned damage or one after it in the rules'
order (Tank units first, Backline units last, lethal damage in full before the next unit,
465.2.c.3-9). ``observation["action_mask"]`` allows an action if and only if some legal
assignment extends the points given, so every legal assignment is reached by exactly one
sequence of actions. **A forced move is not asked**: the environment plays every point
that has one legal place by itself, so an agent whose whole assignment is forced (only
one legal assignment, :func:`riftsolve.is_forced`) is never asked to act, and the agents
act only on real decisions. A board on which neither assignment is a decision is not an
episode: a drawn one is drawn again, a given one refused.

Actions: ``Discrete(max_units)``, action ``i`` the unit of row ``i`` (the combat's units,
those at the battlefield, in the board's order). A forbidden action changes nothing, is
rewarded ``illegal_reward`` and sets ``info["illegal"]``.

Observations: a ``Dict`` of ``"observation"``, a ``float32`` vector of
``max_units * len(UNIT_FEATURES) + len(SCALARS)`` numbers (a row of
:data:`UNIT_FEATURES` per unit, zeros past the combat's units, then :data:`SCALARS`), as
the agent observing sees it (``own`` is its own units), bounded by the limits of a board
(:data:`riftsolve.rules.limits.LIMIT`, larger values clipped); and ``"action_mask"``,
``int8``, all zeros when it is not the agent's turn.

Rewards, at the end (0 before): the ``reward`` metric of the units the agent's damage
kills (:func:`riftsolve.apply`, the one definition: ``"killed-might"`` by default, or
``"kills"`` or ``"value"``) minus the same of its own units the other side kills: a
zero-sum game. ``info`` holds the agent's ``player``, its ``role`` and whether its
assignment is ``forced``; once it is made, its ``assigned`` damage (as the CLI writes it),
and at the end every unit the combat ``killed``.

>>> import numpy as np
>>> env = combat_env(["combat-spec-example"])
>>> env.reset(seed=0)
>>> env.agent_selection   # the attacker's assignment is forced: applied, not asked
'defender_0'
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     if terminated:
...         env.step(None)
...     else:
...         assert observation is not None
...         env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
...     print(agent, reward, info.get("assigned"))
defender_0 0.0 None
defender_0 -3.0 {'a1': 4, 'a2': 2}
attacker_0 3.0 {'d1': 2, 'd2': 2, 'd3': 1}

The defender's 6 go to a1 first (the rules' order): its first 4 points are forced (fewer
would leave a2 more than its lethal 2), so the defender is asked once, where the fifth
goes: it chose a2, which must then be filled. The attacker's 5 damage killed d1 and d2
(Might 3 and 2), the defender's a2 (Might 2): 5 - 2 = 3.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import SupportsInt, TypedDict, cast

import numpy as np
import numpy.typing as npt

from riftsolve._json import JSONOut, JSONOutDoc
from riftsolve.i18n import _

try:
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401  (first: the one named)
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as missing:  # the extra is not installed
    raise ModuleNotFoundError(_("riftsolve.pettingzoo needs PettingZoo: pip install "
                                "'riftsolve[pettingzoo]'"), name=missing.name) from missing

from riftsolve.engine.families.combat_best import combat_sides
from riftsolve.engine.questions import resolve
from riftsolve.engine.steps import DONE, Steps, first_step
from riftsolve.formats.examples import example_names, example_path
from riftsolve.formats.reading import load_scenario, parse_scenario
from riftsolve.rules.board import Unit
from riftsolve.rules.families import family_of
from riftsolve.rules.families.combat import combat_effect, combat_might, lethal_amount
from riftsolve.rules.limits import LIMIT
from riftsolve.rules.outcome import apply, metrics
from riftsolve.rules.scenario import Scenario

#: The agents, in the order they assign (465.2.c).
AGENTS = ("attacker_0", "defender_0")

#: The columns of a unit's row of ``observation["observation"]``.
UNIT_FEATURES = (
    "present",       # 1 for a unit of the combat, 0 for an empty row
    "own",           # 1 if the observing agent's unit
    "attacking",     # 1 if the attacker's unit
    "might",         # its Might in this combat (Assault attacking, Shield defending), >= 0
    "adds",          # the damage it adds to its side's (0 when stunned, 423.1.b)
    "damage",        # damage marked on it
    "lethal",        # the damage to assign to it that is lethal (0: none is, or exempt)
    "prevent",       # damage prevented from each assignment to it (437.5)
    "prevent_all",   # 1 if all damage to it is prevented (437.5.b)
    "undamageable",  # 1 if it cannot be dealt damage (465.2.c.10)
    "tank",          # 1 with Tank (815)
    "backline",      # 1 with Backline (826)
    "stunned",       # 1 if stunned
    "assigned",      # damage assigned to it so far
    "current",       # 1 if the receiver being assigned damage now
)

#: The numbers after the units' rows.
SCALARS = (
    "attacker",            # 1 if the observing agent is the attacker
    "my_turn",             # 1 if it is the observing agent's turn
    "assigning_attacker",  # whose assignment is being made (one-hot, then done)
    "assigning_defender",
    "done",
    "my_damage",           # the damage the observing agent's units deal
    "their_damage",        # the damage the other side's units deal
    "remaining",           # the damage of the side assigning not assigned yet
    "excess_last",         # 1 under policy combat_excess=last (465.2.c.4)
)

#: The metrics a reward may count (:func:`riftsolve.rules.outcome.metrics`).
REWARDS = ("killed-might", "kills", "value")

#: Largest number of a unit's row: a Might, a keyword's bonus and a prevention, each at
#: most :data:`~riftsolve.rules.limits.LIMIT`.
UNIT_HIGH = 3 * LIMIT

_FLAGS = frozenset(("present", "own", "attacking", "prevent_all", "undamageable", "tank",
                    "backline", "stunned", "current", "attacker", "my_turn",
                    "assigning_attacker", "assigning_defender", "done", "excess_last"))
#: The features that may add up a side's damage (a whole pool on one unit).
_POOLS = frozenset(("assigned", "my_damage", "their_damage", "remaining"))

#: Where combats come from: a list (drawn uniformly), or a function of the generator.
Combats = Sequence[Scenario | str | Path] | Callable[[np.random.Generator], Scenario]
#: ``info``: JSON values (the answers as the CLI writes them).
Info = dict[str, JSONOut]


class Observation(TypedDict):
    """What an agent observes: its numbers, and the actions allowed now."""

    observation: npt.NDArray[np.float32]
    action_mask: npt.NDArray[np.int8]


#: Keyword lists of :func:`random_combat`'s units, weighted towards none.
KEYWORDS = ((), (), (), ("Tank",), ("Tank",), ("Backline",), ("Backline",),
            ("Tank", "Backline"), ("Assault 1",), ("Shield 1",), ("Tank", "Shield 1"))


def random_combat(rng: np.random.Generator, most_units: int = 4, most_might: int = 4
                  ) -> Scenario:
    """A small random combat at ``north``: A attacks B, each with 1 to ``most_units``
    units of Might 1 to ``most_might``, some with Tank, Backline, both, Assault or
    Shield, marked damage, a stun or prevention; policy ``combat_excess`` any or last."""
    units: list[JSONOutDoc] = []
    for player in ("A", "B"):
        for number in range(int(rng.integers(1, most_units + 1))):
            might = int(rng.integers(1, most_might + 1))
            unit: JSONOutDoc = {"id": f"{player.lower()}{number}", "controller": player,
                                "might": might, "location": "north",
                                "keywords": list(KEYWORDS[int(rng.integers(len(KEYWORDS)))])}
            if might > 1 and rng.random() < 0.2:
                unit["damage"] = int(rng.integers(1, might))
            if rng.random() < 0.1:
                unit["stunned"] = True
            if rng.random() < 0.1:
                unit["prevent"] = "all" if rng.random() < 0.3 else 1
            units.append(unit)
    return parse_scenario({
        "format": 1, "controller": "A", "battlefields": ["north"],
        "combat": {"battlefield": "north", "attacker": "A"}, "units": units,
        "policy": {"combat_excess": "last" if rng.random() < 0.25 else "any"}})


def combat_examples() -> list[Scenario]:
    """The built-in combat examples (each has a decision for one side at least)."""
    found = [load_scenario(example_path(name)) for name in example_names()]
    return [s for s in found if family_of(s.effect).NAME == "combat"]


def combat_env(combats: Combats | str | None = None, *, max_units: int = 16,
               reward: str = "killed-might", illegal_reward: float = -1.0,
               render_mode: str | None = None) -> CombatEnv:
    """The combat damage step as a PettingZoo AEC environment (see the module).

    ``combats``: a list of combat scenarios (or their files, or built-in example names),
    drawn uniformly by the episode's generator; a function of that generator returning
    one; ``"random"``, small random combats (:func:`random_combat`); ``None``, the
    built-in combat examples. ``reset(options={"scenario": s})`` plays ``s``.
    ``max_units``: most units in a combat; ``reward``: the metric of :data:`REWARDS`."""
    source: Combats
    if combats is None:
        source = combat_examples()
    elif isinstance(combats, str):
        if combats != "random":
            raise ValueError(_("combats is a list of scenarios, a function of a generator, "
                               "\"random\" or None, not {given!r}").format(given=combats))
        source = random_combat
    else:
        source = combats
    return CombatEnv(source, max_units=max_units, reward=reward,
                     illegal_reward=illegal_reward, render_mode=render_mode)


class CombatEnv(AECEnv):  # type: ignore[misc]  # (PettingZoo is not typed)
    """Two agents assign a combat's damage, one point a step (see the module)."""

    metadata = {"render_modes": ["ansi"], "name": "riftsolve_combat_v0",  # noqa: RUF012
                "is_parallelizable": False}

    #: Draws of a combat before one with a decision is given up on.
    MOST_DRAWS = 100

    def __init__(self, combats: Combats, *, max_units: int = 16,
                 reward: str = "killed-might", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if max_units < 1:
            raise ValueError(_("max_units must be at least 1, not {n}").format(n=max_units))
        if reward not in REWARDS:
            raise ValueError(_("reward is one of {rewards}, not {given!r}").format(
                rewards=", ".join(REWARDS), given=reward))
        self.max_units = max_units
        self.reward = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self._source: list[Scenario] | Callable[[np.random.Generator], Scenario] = (
            combats if callable(combats) else [_scenario(c) for c in combats])
        if not self._source:
            raise ValueError(_("no scenario to draw from: give at least one"))
        self.possible_agents: list[str] = list(AGENTS)
        self.agents: list[str] = []
        size = max_units * len(UNIT_FEATURES) + len(SCALARS)
        high = np.array([_high(name, max_units) for _row in range(max_units)
                         for name in UNIT_FEATURES] + [_high(name, max_units)
                                                       for name in SCALARS], dtype=np.float32)
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(np.zeros(size, np.float32), high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (max_units,), np.int8)}) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(max_units) for agent in AGENTS}
        self._high = high
        self._rng = np.random.default_rng()
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, Info] = {}
        self.agent_selection: str = AGENTS[0]
        #: The combat of the episode, each side's scenario (the attacker's, the
        #: defender's) and each side's state of its assignment.
        self.scenario: Scenario | None = None
        self.sides: list[Scenario] = []
        self.states: list[Steps] = []
        self._units: tuple[Unit, ...] = ()
        self._static = np.zeros((max_units, len(UNIT_FEATURES)), np.float32)
        self._forced: list[bool] = []

    # ------------------------------------------------------------------ the spaces

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: a row of the combat's units."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the episode

    def reset(self, seed: int | None = None,
              options: dict[str, Scenario | str | Path] | None = None) -> None:
        """Start an episode: the combat ``options["scenario"]`` if given, else one drawn
        with the episode's generator (seeded by ``seed``). The forced points are played,
        and the first agent with a decision is selected."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        given = (options or {}).get("scenario")
        if given is not None:
            if not self._begin(_scenario(given)):
                raise ValueError(_("both assignments of this combat are forced: no decision "
                                   "to play"))
        else:
            self._draw()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.agent_selection = AGENTS[self._turn()]
        self._inform()

    def step(self, action: SupportsInt | None) -> None:
        """The selected agent gives one point of damage to the unit of row ``action``
        (``None`` once its episode is over, to leave); the forced points after it are
        played, and the next agent with a decision is selected."""
        agent = self.agent_selection
        if not self.states:
            raise RuntimeError(_("call reset() before step()"))
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        side = AGENTS.index(agent)
        chosen = -1 if action is None else int(action)
        if not (0 <= chosen < self.max_units and self._mask(side)[chosen]):
            self.rewards[agent] = self.illegal_reward
            self._inform()
            self.infos[agent]["illegal"] = True
            self._accumulate_rewards()
            return
        self.states[side] = _forward(self.states[side].play(self._units[chosen].id))
        turn = self._turn()
        if turn == len(AGENTS):
            self._finish()
        else:
            self.agent_selection = AGENTS[turn]
            self._inform()
        self._accumulate_rewards()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` observes now (see the module)."""
        side = AGENTS.index(agent)
        features = {name: i for i, name in enumerate(UNIT_FEATURES)}
        units = self._static.copy()
        row = {unit.id: i for i, unit in enumerate(self._units)}
        own = self.sides[side].controller if self.sides else None
        for i, unit in enumerate(self._units):
            units[i, features["own"]] = unit.controller == own
        turn = self._turn()
        for number, state in enumerate(self.states):
            seen = state.seen(None)
            for unit_id, amount in seen.per_unit.get("assigned", {}).items():
                units[row[unit_id], features["assigned"]] = amount
            if number == turn:
                for current in seen.marked.get("current", ()):
                    if current is not None:
                        units[row[current], features["current"]] = 1
        scalars = dict.fromkeys(SCALARS, 0.0)
        scalars["attacker"] = side == 0
        scalars["my_turn"] = turn == side
        scalars[("assigning_attacker", "assigning_defender", "done")[turn]] = 1
        if self.states:
            pools = [state.seen(None).scalars for state in self.states]
            scalars["my_damage"] = pools[side].get("pool", 0)
            scalars["their_damage"] = pools[1 - side].get("pool", 0)
            if turn < len(AGENTS):
                scalars["remaining"] = pools[turn].get("remaining", 0)
        if self.scenario is not None:
            scalars["excess_last"] = self.scenario.policy.combat_excess == "last"
        vector = np.concatenate((units.ravel(), np.array(list(scalars.values()), np.float32)))
        np.clip(vector, 0, self._high, out=vector)
        mask = self._mask(side) if turn == side else np.zeros(self.max_units, np.int8)
        return {"observation": vector, "action_mask": mask}

    def last(self, observe: bool = True
             ) -> tuple[Observation | None, float, bool, bool, Info]:
        """The selected agent's observation (``None`` unless ``observe``), its reward
        since it last acted, whether its episode is over (terminated, never truncated)
        and its ``info``."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The selected agent, step after step, until every agent has left (or
        ``max_iter`` steps)."""
        return iter(cast("Iterable[str]", super().agent_iter(max_iter)))

    def render(self) -> str | None:
        """Each agent's assignment so far, as the CLI writes it, ``*`` marking whose turn
        it is; then the units killed (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or not self.states:
            return None
        turn = self._turn()
        lines = []
        for number, (agent, state) in enumerate(zip(AGENTS, self.states, strict=True)):
            seen = state.seen(None).per_unit.get("assigned", {})
            assigned = {unit: amount for unit, amount in seen.items() if amount}
            lines.append(f"{'*' if number == turn else ' '} {agent} "
                         f"({self.sides[number].controller}): {json.dumps(assigned)}")
        if turn == len(AGENTS):
            lines.append(json.dumps({"killed": self._killed()}))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    # ------------------------------------------------------------------ internals

    def _draw(self) -> None:
        """A combat from the source with a decision (a few draws at most)."""
        source = self._source
        for _draw in range(self.MOST_DRAWS):
            drawn = (source(self._rng) if callable(source)
                     else source[int(self._rng.integers(len(source)))])
            if self._begin(drawn):
                return
        raise ValueError(_("no combat with a decision in {n} draws: both assignments of "
                           "every combat drawn were forced").format(n=self.MOST_DRAWS))

    def _begin(self, scenario: Scenario) -> bool:
        """Set up the episode's combat; whether either side has a decision to make."""
        combat = combat_effect(scenario)
        sides = combat_sides(scenario)
        if len(sides) != len(AGENTS) or sides[0].controller != combat.attacker:
            raise ValueError(_("the environment plays a combat of two players, the attacker "
                               "and one defender, each with units at the battlefield: "
                               "{players}").format(
                                   players=", ".join(s.controller for s in sides)))
        units = tuple(u for u in scenario.board if u.location == combat.battlefield
                      and u.is_unit)
        if len(units) > self.max_units:
            raise ValueError(_("the combat has {n} units, more than max_units={most}: make "
                               "the environment with a larger max_units").format(
                                   n=len(units), most=self.max_units))
        self.scenario, self.sides, self._units = scenario, sides, units
        self.states = [_forward(first_step(resolve(side))) for side in sides]
        # forced: done before any choice (one legal assignment, the one the moves reach)
        self._forced = [state.phase == "done" for state in self.states]
        self._static = _static_rows(scenario, units, self.max_units)
        return self._turn() < len(AGENTS)

    def _turn(self) -> int:
        """The side deciding now: the first whose assignment is not done (2: none)."""
        return next((i for i, state in enumerate(self.states) if state.phase != "done"),
                    len(AGENTS))

    def _mask(self, side: int) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.max_units, np.int8)
        rows = {unit.id: i for i, unit in enumerate(self._units)}
        for move in self.states[side].moves():
            if move is not DONE:
                mask[rows[move]] = 1
        return mask

    def _killed(self) -> list[str]:
        killed: set[str] = set()
        for side, state in zip(self.sides, self.states, strict=True):
            assert state.answer is not None
            killed.update(apply(side, state.answer).killed)
        return sorted(killed)

    def _finish(self) -> None:
        """Both assignments made: each agent's reward, and the episode over."""
        measured = []
        for side, state in zip(self.sides, self.states, strict=True):
            assert state.answer is not None
            measured.append(metrics(side, apply(side, state.answer))[self.reward])
        for number, agent in enumerate(AGENTS):
            self.rewards[agent] = float(measured[number] - measured[1 - number])
            self.terminations[agent] = True
        self._inform()

    def _inform(self) -> None:
        """Each agent's ``info``: who it is, whether its assignment is forced, and at the
        end what it assigned and what the combat killed."""
        finished = self._turn() == len(AGENTS)
        killed: list[JSONOut] = list(self._killed()) if finished else []
        for number, agent in enumerate(AGENTS):
            info: Info = {"player": self.sides[number].controller,
                          "role": agent.removesuffix("_0"), "forced": self._forced[number]}
            answer = self.states[number].answer
            if answer is not None:
                info["assigned"] = answer.as_json()["assigned"]
            if finished:
                info["killed"] = killed
            self.infos[agent] = info


def _forward(state: Steps) -> Steps:
    """``state`` after every forced move (a point with one legal place, or the end)."""
    while state.phase != "done" and len(moves := state.moves()) == 1:
        state = state.play(moves[0])
    return state


def _high(name: str, max_units: int) -> float:
    """The bound of a feature: 1 for a flag, a pool's for a side's damage, else a unit's."""
    if name in _FLAGS:
        return 1.0
    return float(UNIT_HIGH * (max_units if name in _POOLS else 1))


def _static_rows(scenario: Scenario, units: Sequence[Unit], max_units: int
                 ) -> npt.NDArray[np.float32]:
    """The features of each unit that do not change during the episode."""
    combat = combat_effect(scenario)
    rows = np.zeros((max_units, len(UNIT_FEATURES)), np.float32)
    for row, unit in enumerate(units):
        might = max(0, combat_might(unit, combat))
        lethal = None if unit.undamageable else lethal_amount(scenario, unit)
        rows[row] = [1, 0, unit.controller == combat.attacker, might,
                     0 if unit.stunned else might, unit.damage, lethal or 0,
                     0 if unit.prevent == "all" else unit.prevent, unit.prevent == "all",
                     unit.undamageable, unit.has("Tank"), unit.has("Backline"),
                     unit.stunned, 0, 0]
    return rows


def _scenario(given: Scenario | str | Path) -> Scenario:
    """A combat from itself, its file, or a built-in example's name."""
    if isinstance(given, Scenario):
        return given
    name = str(given)
    return load_scenario(example_path(name) if name in example_names() else Path(given))
