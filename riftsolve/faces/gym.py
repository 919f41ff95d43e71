"""A Gymnasium environment: declare a card's targets, then resolve it, one move a step.

Needs the ``gym`` extra (``pip install -e '.[gym]'``); ``import riftsolve`` never imports
Gymnasium. An episode is one card played on one board: the targets are declared
(finalization), the board may change (``between``), then the chosen targets are resolved.
Each step is one move of :mod:`riftsolve.engine.steps`: for split damage the friendly
unit, a split target, a target kept (with its share of the damage, or a point of damage
to a kept target); for a group a unit chosen or kept; or "done". The legal moves are
given by :meth:`RiftEnv.action_masks` (the convention of sb3-contrib's ``MaskablePPO``)
and by ``info["action_mask"]``: an action is allowed if and only if at least one complete
legal answer extends the moves made, and every legal answer is reached by exactly one
sequence of allowed actions.

Actions, by ``actions=``:

- ``"shares"`` (:data:`SHARES`): ``MultiDiscrete([max_units + 1, max_amount + 1])``, a
  unit and an amount. The unit is the row ``i < max_units`` of the observation (the
  board's units in the scenario's order), or ``max_units`` for "done"; the amount is the
  share of the damage dealt to a target kept at resolution, 0 for any other move. A split
  resolution takes one step a target kept, whatever the pool: the targets in the order of
  the legal targets, each with its share, the last taking what is left. The mask is the
  two components' masks end to end (``max_units + 1`` then ``max_amount + 1`` entries,
  as ``MaskablePPO`` reads a ``MultiDiscrete`` mask); the allowed pairs are exactly the
  allowed units times the allowed amounts (:meth:`riftsolve.engine.steps.Steps.amounts`),
  so each component masked on its own is exact.
- ``"points"`` (:data:`POINTS`, the default): ``Discrete(max_units + 1)``, a unit or
  "done", and a split resolution's damage one point a step to the kept target being dealt
  damage or to the next one: a pool of ``n`` takes ``n`` steps.

An action the mask forbids changes nothing and is rewarded ``illegal_reward``.

Observations (fixed shapes for boards of at most ``max_units`` units):
``"units"``, ``(max_units, len(UNIT_FEATURES))`` float32, one row per unit (zeros past the
board's units), and ``"scalars"``, ``(len(SCALARS),)``: the phase and the pool. Every
number lies within the bounds of a board (:mod:`riftsolve.rules.limits`: Might, damage
and Deflect at most 10^6) and of the environment (the pool, the damage dealt and left at
most ``max_amount``, targets at most ``max_units``): a board whose pool may exceed
``max_amount`` (the largest Might of a friendly unit it may split, or its fixed amount) is
refused with a ``ValueError`` when the environment is made (a list of scenarios) or reset
(one drawn or given), or at the resolution if ``between`` raised the pool past it.

The reward, given when the resolution is complete (0 before), is the objective measured on
the answer (:func:`riftsolve.apply`): its terms weighted lexicographically, the first 1,
each next ``tie_weight`` times the one before (``"kills,-overkill"``: kills minus a
thousandth of the overkill). ``info`` holds the ``phase``, the ``legal_count`` of the
question being answered (declarations, then resolutions), the ``action_mask`` (int8, 1 =
allowed) and at the end the ``declaration``, the ``resolution`` (JSON lines of the CLI)
and the ``objective``'s values.

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

In shares, 6 damage among 3 targets: the declaration (the friendly unit, the targets,
"done"), then each target with its share, a step each:

>>> env = RiftEnv([rs.example_path("alpha-strike-6-among-3")], actions="shares")
>>> _ = env.reset(seed=0)
>>> for action in ([0, 0], [1, 0], [2, 0], [3, 0], [16, 0], [1, 1], [2, 2]):
...     observation, reward, done, _, info = env.step(action)
>>> info["phase"], "resolution" in info, done
('share', False, False)
>>> mask = info["action_mask"]
>>> np.flatnonzero(mask[:17]), np.flatnonzero(mask[17:])   # r3 only, and the 3 left
(array([3]), array([3]))
>>> _, reward, done, _, info = env.step([3, 3])
>>> info["resolution"], reward, done
({'damage': {'r1': 1, 'r2': 2, 'r3': 3}}, 3.0, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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
from riftsolve.engine.steps import DONE, Steps, first_step
from riftsolve.faces.render import line
from riftsolve.formats.examples import example_names, example_path
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Answer
from riftsolve.rules.board import BASE, OFFBOARD
from riftsolve.rules.families import family_of
from riftsolve.rules.limits import LIMIT, MAX_LIST
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
    "phase_share",
    "pool",         # the damage to split: the friendly option's, then the resolution's
    "remaining",    # damage not dealt yet
    "keep",         # targets to keep at resolution (355.14.h.1)
    "chosen",       # targets chosen (declared or kept) so far
    "budget_left",  # Power left for Deflect, -1 when unlimited
)

#: The ways of dealing a split's damage (``actions=``): a target and its share a step, or
#: a point a step.
SHARES, POINTS = "shares", "points"
#: The most damage one share may be, by default (``max_amount``): far beyond any card's.
MAX_AMOUNT = 1_000
#: The most battlefields a board played may have (the longest list of a scenario).
MOST_BATTLEFIELDS = MAX_LIST

#: Where scenarios come from: a list (drawn uniformly) or a function of the generator.
Scenarios = Sequence[Scenario | str | Path] | Callable[[np.random.Generator], Scenario]
#: A change of the board between finalization and resolution.
Between = Callable[[Scenario, np.random.Generator], Scenario]
#: An observation: ``"units"`` and ``"scalars"`` (see the module).
Observation = dict[str, npt.NDArray[np.float32]]
#: An action: a unit's row (``"points"``), or a row and an amount (``"shares"``).
Action = SupportsInt | Sequence[SupportsInt] | npt.NDArray[np.int64]

#: ``info``, as gymnasium types it (its ``Env`` says ``dict[str, Any]``): the JSON lines of
#: the answers made, read back by agents (``info["resolution"]["damage"]``).
Info = dict[str, Any]


#: The families played step by step (:func:`riftsolve.engine.steps.first_step`).
FAMILIES = ("split", "group")

_PHASES = ("friendly", "targets", "keep", "damage", "share")
_COLUMN = {name: i for i, name in enumerate(UNIT_FEATURES)}
_SCALAR = {name: i for i, name in enumerate(SCALARS)}
#: The columns that depend only on the board (filled once a question).
_BOARD_COLUMNS = [_COLUMN[f] for f in ("present", "might", "damage", "lethal", "friendly",
                                       "enemy", "location", "deflect", "untargetable")]
_LEGAL = _COLUMN["legal"]


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


def bounds(max_units: int, max_amount: int
           ) -> dict[str, tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]:
    """The lowest and highest value of each observed number, by observation key (arrays of
    the observation's shape): a board's limits (:mod:`riftsolve.rules.limits`) and the
    environment's.

    >>> low, high = bounds(16, 1000)["scalars"]
    >>> dict(zip(SCALARS, high.tolist()))["pool"]
    1000.0
    >>> low, high = bounds(16, 1000)["units"]
    >>> low.shape, dict(zip(UNIT_FEATURES, zip(low[0].tolist(), high[0].tolist())))["might"]
    ((16, 15), (-1000000.0, 1000000.0))
    """
    unit = {"might": (-LIMIT, LIMIT), "damage": (0, LIMIT), "lethal": (0, LIMIT),
            "location": (-1, MOST_BATTLEFIELDS), "deflect": (0, LIMIT),
            "dealt": (0, max_amount), "tax": (0, LIMIT)}
    scalar = {"pool": (0, max_amount), "remaining": (0, max_amount),
              "keep": (0, max_units), "chosen": (0, max_units), "budget_left": (-1, LIMIT)}

    def arrays(names: Sequence[str], ranges: dict[str, tuple[int, int]], *rows: int
               ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        low, high = zip(*(ranges.get(name, (0, 1)) for name in names), strict=True)
        shape = (*rows, len(names))
        return (np.broadcast_to(np.array(low, dtype=np.float32), shape).copy(),
                np.broadcast_to(np.array(high, dtype=np.float32), shape).copy())

    return {"units": arrays(UNIT_FEATURES, unit, max_units),
            "scalars": arrays(SCALARS, scalar)}


@dataclass
class _Question:
    """One question of an episode and what each of its steps shares: its first state,
    the rows of its units and the board's columns of the observation (and, resolving, the
    marks of the declaration made)."""

    scenario: Scenario
    legal: LegalSet[Answer]
    first: Steps
    rows: dict[str, int]
    units: npt.NDArray[np.float32]
    count: int | None = None

    def legal_count(self) -> int:
        """How many answers the question has (counted once)."""
        if self.count is None:
            self.count = self.legal.count()
        return self.count


# (observations typed as loosely as gymnasium's Dict space types its elements)
class RiftEnv(gymnasium.Env[dict[str, Any], Action]):
    """Declare, then resolve, split damage or a group on boards of at most ``max_units``
    units.

    ``scenarios``: a list of scenarios (or their files, or built-in example names), drawn
    uniformly among those with a legal declaration by the episode's generator, or a
    function of that generator returning one (``None``: the built-in examples it plays);
    ``objective``: the reward (see the module); ``actions``: ``"shares"`` or ``"points"``
    (see the module); ``max_amount``: the most damage a share (and a pool) may be;
    ``between``: a change of the board after the declaration, given the scenario that
    resolves it and the generator; ``reset(options={"scenario": s})`` plays ``s``. A
    list's boards are checked when the environment is made, a drawn or given board when
    it is reset.
    """

    # (Gymnasium's checker asks a frame rate of every render, text too)
    metadata: dict[str, list[str] | int] = {  # noqa: RUF012 - gymnasium's
        "render_modes": ["ansi"], "render_fps": 4}

    #: Draws of a scenario before one that can be played is given up on.
    MOST_DRAWS = 100
    #: Most questions kept answered (a list's boards, and their resolutions by declaration).
    MOST_KEPT = 4_096

    def __init__(self, scenarios: Scenarios | None = None, *, objective: str = "kills",
                 actions: str = POINTS, max_units: int = 16, max_amount: int = MAX_AMOUNT,
                 between: Between | None = None, tie_weight: float = 1e-3,
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        if max_units < 1:
            raise ValueError(_("max_units must be at least 1, not {n}").format(n=max_units))
        if max_amount < 1:
            raise ValueError(_("max_amount must be at least 1, not {n}").format(n=max_amount))
        if actions not in (SHARES, POINTS):
            raise ValueError(_("actions is 'shares' or 'points', not {actions}").format(
                actions=repr(actions)))
        self.objective = Objective.parse(objective)
        self.actions = actions
        self.max_units, self.max_amount = max_units, max_amount
        self.between = between
        self.tie_weight = tie_weight
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self._shares = actions == SHARES
        widths = [max_units + 1, max_amount + 1] if self._shares else [max_units + 1]
        #: The width of each component of the action (their masks end to end).
        self._widths = widths
        self.action_space = (
            spaces.MultiDiscrete(widths) if self._shares else spaces.Discrete(max_units + 1))
        self.observation_space = spaces.Dict({
            key: spaces.Box(low, high, dtype=np.float32)
            for key, (low, high) in bounds(max_units, max_amount).items()})
        #: The questions answered before, by board (a list's) and declaration.
        self._kept: dict[tuple[object, ...], _Question] = {}
        self._source: list[Scenario] | Callable[[np.random.Generator], Scenario]
        self._playable: list[int] = []
        if scenarios is None or not callable(scenarios):
            listed = playable_examples() if scenarios is None else [_scenario(s)
                                                                    for s in scenarios]
            self._source = listed
            self._playable = [i for i, s in enumerate(listed)
                              if self._declaring(s, ("finalize", i)) is not None]
        else:
            self._source = scenarios
        #: The scenario of the episode (finalization), and the one resolving it.
        self.scenario: Scenario | None = None
        self.resolving: Scenario | None = None
        #: The step-by-step state of the question being answered.
        self.state: Steps | None = None
        self._question: _Question | None = None
        self._index: int | None = None
        self._mask = np.zeros(sum(widths), dtype=bool)
        #: The declaration made, with its legal set.
        self._made: dict[str, tuple[LegalSet[Answer], Answer]] = {}
        #: Their lines, and the objective's values of the resolution, once made.
        self._lines: Info = {}

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
            question = self._draw()
        else:
            self._index = None
            scenario = _scenario(given)
            found = self._declaring(scenario, None)
            if found is None:
                raise ValueError(_("{card} cannot be played on this board: no legal "
                                   "declaration").format(card=scenario.effect.name))
            question = found
        self.scenario, self.resolving = question.scenario, None
        self._made, self._lines = {}, {}
        self._begin(question)
        return self._observation(), self._about()

    def step(self, action: Action) -> tuple[Observation, float, bool, bool, Info]:
        """Play one move (see the module's actions); returns the observation, the reward,
        whether the episode is over, ``False`` (never truncated) and ``info``. A forbidden
        action changes nothing, is rewarded ``illegal_reward`` and sets
        ``info["illegal"]``."""
        state, question = self.state, self._question
        if state is None or question is None:
            raise RuntimeError(_("call reset() before step()"))
        chosen = self._allowed(action)
        if chosen is None:
            return self._observation(), self.illegal_reward, \
                state.phase == "done", False, {**self._about(), "illegal": True}
        row, amount = chosen
        move = DONE if row == self.max_units else question.scenario.board.units[row].id
        state = self.state = state.play(move, amount)
        if state.phase == "done" and question.legal.question == "finalize":
            assert state.answer is not None  # (done: the answer is made)
            self._made["declaration"] = (question.legal, state.answer)
            self._lines["declaration"] = line(question.legal, state.answer)
            self._begin(self._resolving(state))
            state = self.state
        if state.phase != "done":
            return self._observation(), 0.0, False, False, self._about()
        return self._observation(), self._finish(), True, False, self._about()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as a bool array: over ``Discrete(max_units + 1)``
        (``"points"``), or the unit's mask then the amount's (``"shares"``); all false
        once the episode is over."""
        return self._mask.copy()

    def render(self) -> str | None:
        """The phase and the moves so far, as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        lines = [_("phase: {phase}").format(phase=self.state.phase)]
        if "declaration" in self._lines:
            lines.append(_("declared: {answer}").format(
                answer=json.dumps(self._lines["declaration"])))
        if "resolution" in self._lines:
            lines.append(_("resolved: {answer}").format(
                answer=json.dumps(self._lines["resolution"])))
        return "\n".join(lines)

    # ------------------------------------------------------------------ internals

    def _draw(self) -> _Question:
        """A question of a scenario from the source that can be played (a few draws at
        most, from a function)."""
        source = self._source
        if not callable(source):
            if not self._playable:
                raise ValueError(_("no scenario to draw from: give at least one with a legal "
                                   "declaration"))
            index = self._playable[int(self.np_random.integers(len(self._playable)))]
            self._index = index
            question = self._declaring(source[index], ("finalize", index))
            assert question is not None  # (playable)
            return question
        self._index = None
        for _draw in range(self.MOST_DRAWS):
            found = self._declaring(source(self.np_random), None)
            if found is not None:
                return found
        raise ValueError(_("no playable scenario in {n} draws: every board drawn had no "
                           "legal declaration").format(n=self.MOST_DRAWS))

    def _declaring(self, scenario: Scenario, key: tuple[object, ...] | None
                   ) -> _Question | None:
        """The declaration of ``scenario`` (kept under ``key``), if the environment can
        play it; ``None`` when it has no legal declaration."""
        if key is not None and key in self._kept:
            return self._kept[key]
        self._checked(scenario)
        legal = finalize(scenario)
        if not legal.any_legal():
            return None
        return self._asked(scenario, legal, {}, key)

    def _resolving(self, declared: Steps) -> _Question:
        """The question resolving the declaration ``declared`` has made (after
        ``between``), kept when the board cannot change."""
        assert self.scenario is not None and declared.answer is not None
        declaration = declared.answer
        key = None if self.between is not None or self._index is None else (
            "resolve", self._index, declaration)
        if key is not None and key in self._kept:
            return self._kept[key]
        resolving = apply(self.scenario, declaration).next_scenario
        if self.between is not None:
            resolving = self.between(resolving, self.np_random)
            if len(resolving.board.units) > self.max_units:
                raise ValueError(_("between() left {n} units, more than max_units={most}")
                                 .format(n=len(resolving.board.units), most=self.max_units))
        power = self.scenario.available_power
        return self._asked(resolving, resolve(resolving), declared.seen(power).marked, key)

    def _asked(self, scenario: Scenario, legal: LegalSet[Answer],
               marked: dict[str, tuple[str | None, ...]], key: tuple[object, ...] | None
               ) -> _Question:
        """The question ``legal`` asks on ``scenario``, its first state and the board's
        columns of its observations (with the units ``marked`` by the declaration)."""
        first = first_step(legal, shares=self._shares)
        pool = first.largest_pool()
        if pool > self.max_amount:
            raise ValueError(_("{card} may split {pool} damage on this board, more than "
                               "max_amount={most}: make the environment with a larger "
                               "max_amount").format(card=scenario.effect.name, pool=pool,
                                                    most=self.max_amount))
        board = scenario.board
        rows = {unit.id: row for row, unit in enumerate(board.units)}
        units = np.zeros((self.max_units, len(UNIT_FEATURES)), dtype=np.float32)
        places = {BASE: 0, OFFBOARD: -1} | {b: 1 + i for i, b in enumerate(board.battlefields)}
        for row, unit in enumerate(board.units):
            friendly = board.friendly_to(unit, scenario.controller)
            units[row, _BOARD_COLUMNS] = (
                1, unit.might, unit.damage,
                max(1, lethal(scenario, unit) - unit.damage) if unit.type == "unit" else 0,
                friendly, not friendly, places.get(unit.location, -1), unit.deflect,
                not board.can_choose(scenario.controller, unit))
        _mark(units, rows, marked)
        question = _Question(scenario, legal, first, rows, units)
        if key is not None:
            if len(self._kept) >= self.MOST_KEPT:
                self._kept.clear()
            self._kept[key] = question
        return question

    def _checked(self, scenario: Scenario) -> None:
        """Refuses ``scenario`` unless the environment can play it: a split card or a
        group, at most ``max_units`` units."""
        units = len(scenario.board.units)
        if units > self.max_units:
            raise ValueError(_("the board has {n} units, more than max_units={most}: make "
                               "the environment with a larger max_units").format(
                                   n=units, most=self.max_units))
        if len(scenario.board.battlefields) > MOST_BATTLEFIELDS:
            raise ValueError(_("the board has more battlefields ({n:,}) than an "
                               "observation shows ({most:,})").format(
                                   n=len(scenario.board.battlefields), most=MOST_BATTLEFIELDS))
        if scenario.repeat:
            raise ValueError(_("a paid Repeat is not played step by step"))
        family = family_of(scenario.effect).NAME
        if family not in FAMILIES:
            raise ValueError(_(
                "{card} ({family} family) is not played step by step: the environment "
                "plays split damage (e.g. Alpha Strike, Volibear) and groups (e.g. "
                "Fox-Fire)").format(card=scenario.effect.name, family=family))

    def _begin(self, question: _Question) -> None:
        """Answer ``question`` from its first state (its mask is found with its
        observation)."""
        self._question, self.state = question, question.first
        if question.legal.question == "resolve":
            self.resolving = question.scenario

    def _masked(self, state: Steps) -> None:
        """The mask of ``state``'s moves (and amounts)."""
        assert self._question is not None
        mask = self._mask = np.zeros(len(self._mask), dtype=bool)
        if state.phase == "done":
            return
        rows, done = self._question.rows, self.max_units
        for move in state.moves():
            mask[done if move is DONE else rows[move]] = True
        if self._shares:
            amounts = state.amounts()
            mask[done + 1 + amounts.start:done + 1 + amounts.stop] = True

    def _allowed(self, action: Action) -> tuple[int, int] | None:
        """The row and the amount of ``action``, if the mask allows it."""
        values = np.asarray(action, dtype=np.int64).reshape(-1).tolist()
        if len(values) != len(self._widths):
            return None
        row, amount = (values[0], values[1]) if self._shares else (values[0], 0)
        mask, width = self._mask, self.max_units + 1
        if not (0 <= row < width and mask[row]):
            return None
        if self._shares and not (0 <= amount <= self.max_amount and mask[width + amount]):
            return None
        return row, amount

    def _finish(self) -> float:
        """The resolution made: the objective's values and the reward."""
        assert self.resolving is not None and self.state is not None
        assert self._question is not None
        resolution = self.state.answer
        assert resolution is not None
        declaration = self._made["declaration"][1]
        measured = metrics(self.resolving, apply(self.resolving, resolution))
        measured["deflect"] = declaration.deflect_cost
        values = {str(term): term.sign * measured[term.metric]
                  for term in self.objective.terms}
        self._lines["resolution"] = line(self._question.legal, resolution)
        self._lines["objective"] = values
        return float(sum(value * self.tie_weight ** i
                         for i, value in enumerate(values.values())))

    def _about(self) -> Info:
        assert self.state is not None and self._question is not None
        info: Info = {"phase": self.state.phase, "legal_count": self._question.legal_count(),
                      "action_mask": self._mask.astype(np.int8)}
        for key, value in self._lines.items():
            info[key] = dict(value)
        return info

    def _observation(self) -> Observation:
        """The observation now, the mask updated first."""
        question, state = self._question, self.state
        assert question is not None and state is not None
        self._masked(state)
        units = question.units.copy()
        units[:, _LEGAL] = self._mask[:self.max_units]
        scalars = np.zeros(len(SCALARS), dtype=np.float32)
        if state.phase in _PHASES:
            scalars[_SCALAR[f"phase_{state.phase}"]] = 1
        seen = state.seen(question.scenario.available_power)
        rows = question.rows
        _mark(units, rows, seen.marked)
        for feature, values in seen.per_unit.items():
            column = _COLUMN[feature]
            for unit_id, value in values.items():
                units[rows[unit_id], column] = value
        for name, value in seen.scalars.items():
            scalars[_SCALAR[name]] = value
        return {"units": units, "scalars": scalars}


#: The environments :func:`register` names, each with its keywords: ``Allocation-v0``
#: deals a split's damage a target's share a step, ``AllocationPoints-v0`` a point a step.
ENVIRONMENTS: dict[str, dict[str, str | int]] = {
    "riftsolve/Allocation-v0": {"actions": SHARES, "objective": "kills", "max_units": 16,
                                "max_amount": MAX_AMOUNT},
    "riftsolve/AllocationPoints-v0": {"actions": POINTS, "objective": "kills",
                                      "max_units": 16, "max_amount": MAX_AMOUNT},
}


def register() -> None:
    """Names the environments of :data:`ENVIRONMENTS` for ``gymnasium.make`` (once), which
    makes :class:`RiftEnv` itself: it is checked with Gymnasium's checker by the tests and
    enforces the order of ``reset`` and ``step`` on its own, so neither the checking nor
    the order-enforcing wrapper is put around it (``gymnasium.make(...,
    disable_env_checker=False)`` puts the checker back)."""
    for name, keywords in ENVIRONMENTS.items():
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="riftsolve.gym:RiftEnv", kwargs=keywords,
                               order_enforce=False, disable_env_checker=True)


def _mark(units: npt.NDArray[np.float32], rows: dict[str, int],
          marked: dict[str, tuple[str | None, ...]]) -> None:
    """Marks each unit of ``marked`` (by feature) in its row, if it is on the board."""
    for feature, ids in marked.items():
        column = _COLUMN[feature]
        for unit_id in ids:
            row = rows.get(unit_id) if unit_id is not None else None
            if row is not None:
                units[row, column] = 1


def _scenario(given: Scenario | str | Path) -> Scenario:
    """A scenario, from itself, its file, or a built-in example's name."""
    if isinstance(given, Scenario):
        return given
    path = Path(given)
    if not path.suffix and str(given) in example_names():
        path = example_path(str(given))
    return load_scenario(path)
