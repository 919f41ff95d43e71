"""A Gymnasium environment: declare a card's targets, then resolve it, one move a step.

Needs the ``gym`` extra (``pip install -e '.[gym]'``); ``import riftsolve`` never imports
Gymnasium. An episode is one card played on one board: the targets are declared
(finalization), the board may change (``between``), then the chosen targets are resolved.
Each step is one move of :mod:`riftsolve.engine.steps`: for split damage the friendly
unit, a split target, a target kept, or one point of damage to a kept target; for a group
a unit chosen or kept; or "done". The legal moves are
given by :meth:`RiftEnv.action_masks` (the convention of sb3-contrib's ``MaskablePPO``):
an action is allowed if and only if at least one complete legal answer extends the moves
made, and every legal answer is reached by exactly one sequence of allowed actions.

Actions: ``Discrete(max_units + 1)``: action ``i < max_units`` is the unit of row ``i``
of the observation (the board's units in the scenario's order), action ``max_units`` is
"done". An action the mask forbids changes nothing and is rewarded ``illegal_reward``.

Observations (fixed shapes for boards of at most ``max_units`` units):
``"units"``, ``(max_units, len(UNIT_FEATURES))`` float32, one row per unit (zeros past the
board's units), and ``"scalars"``, ``(len(SCALARS),)``: the phase and the pool.

The reward, given when the resolution is complete (0 before), is the objective measured on
the answer (:func:`riftsolve.apply`): its terms weighted lexicographically, the first 1,
each next ``tie_weight`` times the one before (``"kills,-overkill"``: kills minus a
thousandth of the overkill). ``info`` holds the ``phase``, the ``legal_count`` of the
question being answered (declarations, then resolutions), and at the end the
``declaration``, the ``resolution`` (JSON lines of the CLI) and the ``objective``'s values.

>>> import numpy as np
>>> import riftsolve as rs
>>> env = RiftEnv([rs.load_scenario(rs.example_path("alpha-strike-5-among-3"))])
>>> observation, info = env.reset(seed=1)
>>> info["phase"], info["legal_count"], observation["units"].shape
('friendly', 8, (16, 15))
>>> rng = np.random.default_rng(0)
>>> done = False
>>> while not done:
...     action = rng.choice(np.flatnonzero(env.action_masks()))
...     observation, reward, done, _, info = env.step(action)
>>> info["phase"], info["resolution"] in [r.as_json() for r in rs.resolve(env.resolving)]
('done', True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, SupportsInt

import numpy as np
import numpy.typing as npt

from riftsolve.i18n import _

try:
    import gymnasium
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # the extra is not installed
    raise ModuleNotFoundError(_("riftsolve.gym needs Gymnasium: pip install "
                                "'riftsolve[gym]'"), name=missing.name) from missing

from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.engine.steps import (
    DONE,
    Steps,
    first_step,
)
from riftsolve.faces.render import line
from riftsolve.formats.examples import example_names, example_path
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Answer
from riftsolve.rules.board import BASE, OFFBOARD
from riftsolve.rules.families import family_of
from riftsolve.rules.objectives import Objective
from riftsolve.rules.outcome import apply, lethal, metrics
from riftsolve.rules.scenario import Scenario

#: The columns of ``observation["units"]``, one row per unit of the board.
UNIT_FEATURES = (
    "present",          # 1 for a unit of the board, 0 for an empty row
    "might",            # its Might now
    "damage",           # damage marked on it
    "lethal",           # damage that kills it now (142.4), at least 1
    "friendly",         # 1 if friendly to the controller
    "enemy",            # 1 if an enemy
    "location",         # 0 base, 1 + i the i-th battlefield, -1 off the board
    "deflect",          # its Deflect (809)
    "untargetable",     # 1 if it cannot be chosen by the controller (757-758)
    "legal",            # 1 if choosing it is a legal move now (the mask's row)
    "chosen_friendly",  # 1 if declared the friendly unit
    "chosen_target",    # 1 if declared a split target
    "kept",             # 1 if kept at resolution
    "dealt",            # damage dealt to it so far at resolution
    "tax",              # Power its Deflect costs if chosen now (0 if not a candidate)
)

#: The entries of ``observation["scalars"]``.
SCALARS = (
    "phase_friendly", "phase_targets", "phase_keep", "phase_damage",  # one-hot
    "pool",         # the damage to split: the friendly option's, then the resolution's
    "remaining",    # damage not dealt yet
    "keep",         # targets to keep at resolution (355.14.h.1)
    "chosen",       # targets chosen (declared or kept) so far
    "budget_left",  # Power left for Deflect, -1 when unlimited
)

_PHASES = ("friendly", "targets", "keep", "damage")
#: Bounds of every observed number (Might, damage and Deflect are at most 10^6).
_HIGH = 1e9

#: Where scenarios come from: a list (drawn uniformly) or a function of the generator.
Scenarios = Sequence[Scenario | str | Path] | Callable[[np.random.Generator], Scenario]
#: A change of the board between finalization and resolution.
Between = Callable[[Scenario, np.random.Generator], Scenario]
#: An observation: ``"units"`` and ``"scalars"`` (see the module).
Observation = dict[str, npt.NDArray[np.float32]]

#: ``info``, as gymnasium types it (its ``Env`` says ``dict[str, Any]``): the JSON lines of
#: the answers made, read back by agents (``info["resolution"]["damage"]``).
Info = dict[str, Any]


#: The families played step by step (:func:`riftsolve.engine.steps.first_step`).
FAMILIES = ("split", "group")


def playable_examples() -> list[Scenario]:
    """The built-in example scenarios the environment plays: split damage and groups
    told apart by their units, Repeat unpaid (their targets ignored: each episode
    declares its own)."""
    found = []
    for name in example_names():
        scenario = load_scenario(example_path(name))
        if family_of(scenario.effect).NAME not in FAMILIES or scenario.repeat:
            continue
        try:
            first_step(finalize(scenario))
        except ValueError:  # a group moved to a destination of choice: not step by step
            continue
        found.append(scenario)
    return found


# (observations typed as loosely as gymnasium's Dict space types its elements)
class RiftEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Declare, then resolve, split damage or a group on boards of at most ``max_units``
    units.

    ``scenarios``: a list of scenarios (or their files, or built-in example names), drawn
    uniformly by the episode's generator, or a function of that generator returning one
    (``None``: the built-in examples it plays); ``objective``: the reward (see the module);
    ``between``: a change of the board after the declaration, given the scenario that
    resolves it and the generator; ``reset(options={"scenario": s})`` plays ``s``.
    """

    metadata: dict[str, list[str]] = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's

    #: Draws of a scenario before one that can be played is given up on.
    MOST_DRAWS = 100

    def __init__(self, scenarios: Scenarios | None = None, *, objective: str = "kills",
                 max_units: int = 16, between: Between | None = None,
                 tie_weight: float = 1e-3, illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        if max_units < 1:
            raise ValueError(_("max_units must be at least 1, not {n}").format(n=max_units))
        self.objective = Objective.parse(objective)
        self.max_units = max_units
        self.between = between
        self.tie_weight = tie_weight
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self._source: list[Scenario] | Callable[[np.random.Generator], Scenario] = (
            playable_examples() if scenarios is None else scenarios if callable(scenarios)
            else [_scenario(s) for s in scenarios])
        self.action_space = spaces.Discrete(max_units + 1)
        self.observation_space = spaces.Dict({
            "units": spaces.Box(-_HIGH, _HIGH, (max_units, len(UNIT_FEATURES)), np.float32),
            "scalars": spaces.Box(-_HIGH, _HIGH, (len(SCALARS),), np.float32),
        })
        #: The scenario of the episode (finalization), and the one resolving it.
        self.scenario: Scenario | None = None
        self.resolving: Scenario | None = None
        #: The step-by-step state of the question being answered.
        self.state: Steps | None = None
        self._legal: LegalSet[Answer] | None = None
        self._count: int | None = None
        #: The answers made (``declaration``, ``resolution``), each with its legal set.
        self._made: dict[str, tuple[LegalSet[Answer], Answer]] = {}
        #: The objective's values of the episode's resolution, once made.
        self._values: dict[str, int] | None = None
        #: The units the declaration made chose, by feature (marked while it resolves).
        self._declared: dict[str, tuple[str | None, ...]] = {}

    # ------------------------------------------------------------------ the episode

    def reset(self, *, seed: int | None = None,
              options: dict[str, Scenario | str | Path] | None = None
              ) -> tuple[Observation, Info]:
        """Start an episode: the scenario ``options["scenario"]`` if given, else one drawn
        with the episode's generator (seeded by ``seed``); returns the observation and
        ``info``. A scenario the environment cannot play raises ``ValueError``."""
        super().reset(seed=seed)
        given = (options or {}).get("scenario")
        if given is None:
            scenario, legal = self._draw()
        else:
            scenario = self._checked(_scenario(given))
            legal = finalize(scenario)
            if not legal.any_legal():
                raise ValueError(_("{card} cannot be played on this board: no legal "
                                   "declaration").format(card=scenario.effect.name))
        self.scenario, self.resolving = scenario, None
        self._begin(legal)
        return self._observation(), self._about()

    def step(self, action: SupportsInt
             ) -> tuple[Observation, float, bool, bool, Info]:
        """Play one move (a row's unit, or ``max_units`` for "done"); returns the
        observation, the reward, whether the episode is over, ``False`` (never truncated)
        and ``info``. A forbidden action changes nothing, is rewarded ``illegal_reward``
        and sets ``info["illegal"]``."""
        state = self.state
        if state is None:
            raise RuntimeError(_("call reset() before step()"))
        chosen, allowed = int(action), self.action_masks()
        if not (0 <= chosen < len(allowed) and allowed[chosen]):
            return self._observation(), self.illegal_reward, state.phase == "done", False, {
                **self._about(), "illegal": True}
        move = DONE if chosen == self.max_units else self._board().board.units[chosen].id
        state = self.state = state.play(move)
        if state.phase != "done":
            return self._observation(), 0.0, False, False, self._about()
        if self._legal is not None and self._legal.question == "finalize":
            self._declared = dict(state.seen(self._board().available_power).marked)
            assert state.answer is not None  # (done: the answer is made)
            self._made["declaration"] = (self._legal, state.answer)
            self._resolve_next()
            return self._observation(), 0.0, False, False, self._about()
        return self._observation(), self._finish(), True, False, self._about()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as a bool array over the action space (all false once
        the episode is over)."""
        mask = np.zeros(self.max_units + 1, dtype=bool)
        if self.state is None:
            return mask
        rows = self._rows()
        for move in self.state.moves():
            mask[self.max_units if move is DONE else rows[move]] = True
        return mask

    def render(self) -> str | None:
        """The phase and the moves so far, as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        about = self._about()
        lines = [_("phase: {phase}").format(phase=self.state.phase)]
        if "declaration" in about:
            lines.append(_("declared: {answer}").format(answer=json.dumps(about["declaration"])))
        if "resolution" in about:
            lines.append(_("resolved: {answer}").format(answer=json.dumps(about["resolution"])))
        return "\n".join(lines)

    # ------------------------------------------------------------------ internals

    def _draw(self) -> tuple[Scenario, LegalSet[Answer]]:
        """A scenario from the source that can be played (a few draws at most), and its
        declarations."""
        source = self._source
        for _draw in range(self.MOST_DRAWS):
            if callable(source):
                scenario = source(self.np_random)
            else:
                if not source:
                    raise ValueError(_("no scenario to draw from: give at least one"))
                scenario = source[int(self.np_random.integers(len(source)))]
            scenario = self._checked(scenario)
            legal = finalize(scenario)
            if legal.any_legal():
                return scenario, legal
        raise ValueError(_("no playable scenario in {n} draws: every board drawn had no "
                           "legal declaration").format(n=self.MOST_DRAWS))

    def _checked(self, scenario: Scenario) -> Scenario:
        """``scenario``, if the environment can play it: a split card, at most
        ``max_units`` units."""
        units = len(scenario.board.units)
        if units > self.max_units:
            raise ValueError(_("the board has {n} units, more than max_units={most}: make "
                               "the environment with a larger max_units").format(
                                   n=units, most=self.max_units))
        if scenario.repeat:
            raise ValueError(_("a paid Repeat is not played step by step"))
        family = family_of(scenario.effect).NAME
        if family not in FAMILIES:
            raise ValueError(_(
                "{card} ({family} family) is not played step by step: the environment "
                "plays split damage (e.g. Alpha Strike, Volibear) and groups (e.g. "
                "Fox-Fire)").format(card=scenario.effect.name, family=family))
        return scenario

    def _begin(self, legal: LegalSet[Answer]) -> None:
        self._legal, self._count = legal, None
        self.state = first_step(legal)
        if legal.question == "finalize":
            self._made, self._values, self._declared = {}, None, {}

    def _resolve_next(self) -> None:
        """The declaration made: the scenario resolving it (after ``between``), and its
        first step."""
        assert self.scenario is not None
        resolving = apply(self.scenario, self._made["declaration"][1]).next_scenario
        if self.between is not None:
            resolving = self.between(resolving, self.np_random)
            if len(resolving.board.units) > self.max_units:
                raise ValueError(_("between() left {n} units, more than max_units={most}")
                                 .format(n=len(resolving.board.units), most=self.max_units))
        self.resolving = resolving
        self._begin(resolve(resolving))

    def _finish(self) -> float:
        """The resolution made: the objective's values and the reward."""
        assert self.resolving is not None and self.state is not None
        resolution = self.state.answer
        assert resolution is not None
        declaration = self._made["declaration"][1]
        measured = metrics(self.resolving, apply(self.resolving, resolution))
        measured["deflect"] = declaration.deflect_cost
        values = {str(term): term.sign * measured[term.metric]
                  for term in self.objective.terms}
        assert self._legal is not None
        self._made["resolution"] = (self._legal, resolution)
        self._values = values
        return float(sum(value * self.tie_weight ** i
                         for i, value in enumerate(values.values())))

    def _board(self) -> Scenario:
        scenario = self.resolving or self.scenario
        assert scenario is not None
        return scenario

    def _rows(self) -> dict[str, int]:
        return {unit.id: row for row, unit in enumerate(self._board().board.units)}

    def _about(self) -> Info:
        assert self.state is not None and self._legal is not None
        if self._count is None:
            self._count = self._legal.count()
        info: Info = {"phase": self.state.phase, "legal_count": self._count}
        for key in ("declaration", "resolution"):
            if key in self._made:
                info[key] = line(*self._made[key])
        if self._values is not None:
            info["objective"] = dict(self._values)
        return info

    def _observation(self) -> Observation:
        assert self.state is not None
        scenario, state = self._board(), self.state
        board = scenario.board
        units = np.zeros((self.max_units, len(UNIT_FEATURES)), dtype=np.float32)
        scalars = np.zeros(len(SCALARS), dtype=np.float32)
        column = {name: i for i, name in enumerate(UNIT_FEATURES)}
        scalar = {name: i for i, name in enumerate(SCALARS)}
        places = {BASE: 0, OFFBOARD: -1} | {b: 1 + i for i, b in enumerate(board.battlefields)}
        legal = set(state.moves())
        for row, unit in enumerate(board.units):
            friendly = board.friendly_to(unit, scenario.controller)
            units[row, [column[f] for f in ("present", "might", "damage", "lethal",
                                            "friendly", "enemy", "location", "deflect",
                                            "untargetable", "legal")]] = (
                1, unit.might, unit.damage,
                max(1, lethal(scenario, unit) - unit.damage) if unit.type == "unit" else 0,
                friendly, not friendly, places.get(unit.location, -1), unit.deflect,
                not board.can_choose(scenario.controller, unit), unit.id in legal)
        if state.phase in _PHASES:
            scalars[scalar[f"phase_{state.phase}"]] = 1
        for feature, marked in self._declared.items():  # (what the declaration chose)
            self._mark(units, column[feature], marked)
        seen = state.seen(scenario.available_power)
        for feature, marked in seen.marked.items():
            self._mark(units, column[feature], marked)
        rows = self._rows()
        for feature, values in seen.per_unit.items():
            for unit_id, value in values.items():
                units[rows[unit_id], column[feature]] = value
        for name, value in seen.scalars.items():
            scalars[scalar[name]] = value
        np.clip(units, -_HIGH, _HIGH, out=units)
        np.clip(scalars, -_HIGH, _HIGH, out=scalars)
        return {"units": units, "scalars": scalars}

    def _mark(self, units: npt.NDArray[np.float32], column: int, ids: Sequence[str | None]
              ) -> None:
        rows = self._rows()
        for unit_id in ids:
            if unit_id is not None and unit_id in rows:
                units[rows[unit_id], column] = 1


def _scenario(given: Scenario | str | Path) -> Scenario:
    """A scenario, from itself, its file, or a built-in example's name."""
    if isinstance(given, Scenario):
        return given
    path = Path(given)
    if not path.suffix and str(given) in example_names():
        path = example_path(str(given))
    return load_scenario(path)
