"""What an answer does to the board: :func:`apply` gives its :class:`Outcome`.

An outcome is the one definition of an answer's consequences: damage dealt and marked,
the units that die (lethal damage, 142.4; or killed outright), moved, stunned, returned
to hand or swapped, XP gained, Power paid, and the board that follows once the cleanup
has killed the units with lethal damage. Every objective of ``best`` is measured on it
(:func:`metrics`); the numpy, knapsack and CP-SAT forms are tested against it.

>>> from riftsolve.formats.format1 import parse_scenario
>>> from riftsolve.rules.answers import Resolution
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [
...         {"id": "kai", "controller": "A", "might": 5, "location": "north"},
...         {"id": "r1", "controller": "B", "might": 2, "location": "north", "value": 3},
...         {"id": "r2", "controller": "B", "might": 4, "location": "north", "damage": 1}],
...     "targets": {"friendly": "kai", "enemies": ["r1", "r2"]}})
>>> done = apply(s, Resolution.of({"r1": 4, "r2": 1}))
>>> done.killed, done.overkill, done.xp, done.board["r2"].damage, done.board["r1"].location
(('r1',), 2, 1, 2, 'offboard')
>>> metrics(s, done)["value"]
3

Looking ahead: a declaration's outcome gives the scenario that resolves it, a
resolution's the board that follows.

>>> from riftsolve.rules.answers import Declaration
>>> declared = apply(s, Declaration.of(["r2"], friendly="kai")).next_scenario
>>> declared.targets.split, declared.question
(('r2',), 'resolve')
>>> after = done.next_scenario
>>> after.targets, after.board["r2"].damage, after.question
(None, 2, 'finalize')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from riftsolve.i18n import _
from riftsolve.rules.answers import Answer
from riftsolve.rules.answers.repeat import Repeated
from riftsolve.rules.board import OFFBOARD, Board
from riftsolve.rules.effects import Action
from riftsolve.rules.families import family_of
from riftsolve.rules.lethal import death as death
from riftsolve.rules.lethal import lethal as lethal
from riftsolve.rules.lethal import xp_per_kill as xp_per_kill
from riftsolve.rules.limits import LIMIT
from riftsolve.rules.scenario import Scenario, Targets


@dataclass(frozen=True)
class Outcome:
    """What an answer does, unit ids sorted in every field, and the board that follows
    (:attr:`board`, built when first asked: measuring an answer needs only the fields)."""

    #: The board the answer was given on.
    before: Board = field(repr=False)
    #: Damage dealt to each unit (both executions of a Repeat added up).
    dealt: tuple[tuple[str, int], ...] = ()
    #: Units that die: lethal damage marked (142.4) or killed outright.
    killed: tuple[str, ...] = ()
    #: Damage dealt beyond lethal to the units that die of damage.
    overkill: int = 0
    #: Units moved, and where to.
    moved: tuple[tuple[str, str], ...] = ()
    stunned: tuple[str, ...] = ()
    #: Units returned to their owners' hands.
    returned: tuple[str, ...] = ()
    #: The units whose Might is swapped (433).
    swapped: tuple[str, ...] = ()
    #: Every unit the answer acts on.
    affected: tuple[str, ...] = ()
    xp: int = 0
    #: Power paid for Deflect (a declaration's cost).
    power_paid: int = 0
    #: The scenario the answer was given on (for :attr:`next_scenario`).
    scenario: Scenario | None = field(default=None, repr=False, compare=False)
    #: The answer given.
    answer: Answer | None = field(default=None, repr=False, compare=False)

    @cached_property
    def board(self) -> Board:
        """The board that follows, after the cleanup (the dead are off the board)."""
        if not (self.dealt or self.killed or self.moved or self.stunned or self.returned
                or self.swapped):
            return self.before
        return _after(self.before, dict(self.dealt), set(self.killed), dict(self.moved), {
            Action.STUN: set(self.stunned), Action.RETURN_TO_HAND: set(self.returned),
            Action.SWAP_MIGHT: set(self.swapped)})


    @cached_property
    def next_scenario(self) -> Scenario:
        """The scenario that follows, to ask the next question on: after a declaration,
        the same board with those targets chosen (its resolution is the next question);
        after a resolution, the board that follows (:attr:`board`) and no targets chosen
        (the card finalized anew there, e.g. played again)."""
        scenario, answer = self.scenario, self.answer
        if scenario is None or answer is None:
            raise ValueError(_("this outcome was not built by apply(scenario, answer): it "
                               "has no scenario to follow"))
        if answer.question == "finalize":
            return replace(scenario, targets=declared_targets(scenario, answer))
        return replace(scenario, board=self.board, targets=None)


def declared_targets(scenario: Scenario, declaration: Answer) -> Targets:
    """The targets a declaration chooses (both executions' for a Repeat, 820.2.a), as the
    resolution question reads them: the effect's family records them."""
    family = family_of(scenario.effect)
    if isinstance(declaration, Repeated):
        return replace(family.declared_targets(scenario, declaration.first),
                       repeat=family.declared_targets(scenario, declaration.again))
    return family.declared_targets(scenario, declaration)


def apply(scenario: Scenario, answer: Answer) -> Outcome:
    """What ``answer`` does on ``scenario``'s board: for a resolution, its damage, deaths
    and actions (each execution's :class:`~riftsolve.rules.acts.Acts`, from the effect's
    family) and the board after the cleanup; for a declaration, the Power it pays."""
    if answer.question == "finalize":
        return Outcome(scenario.board, power_paid=answer.deflect_cost, scenario=scenario,
                       answer=answer)
    parts = answer.parts if isinstance(answer, Repeated) else (answer,)
    family = family_of(scenario.effect)
    dealt: dict[str, int] = {}
    acted: dict[Action, set[str]] = {}
    affected: set[str] = set()
    mights: dict[str, int] = {}
    moved: dict[str, str] = {}
    for part in parts:
        acts = family.acts(scenario, part)
        mights.update(acts.mights)
        moved.update(acts.moved)
        for unit_id, amount in acts.dealt:
            dealt[unit_id] = dealt.get(unit_id, 0) + amount
        for unit_id, action in acts.actions:
            acted.setdefault(action, set()).add(unit_id)
        affected.update(acts.affected)
    board = scenario.board
    killed = set(acted.get(Action.KILL, ()))
    overkill = 0
    for unit_id, amount in dealt.items():
        dead, over = death(scenario, board[unit_id], amount, mights.get(unit_id))
        if dead:
            killed.add(unit_id)
            overkill += over
    from_damage = [u for u in killed if u not in acted.get(Action.KILL, ())]
    return Outcome(
        board,
        dealt=tuple(sorted(dealt.items())),
        killed=tuple(sorted(killed)),
        overkill=overkill,
        moved=tuple(sorted(moved.items())),
        stunned=tuple(sorted(acted.get(Action.STUN, ()))),
        returned=tuple(sorted(acted.get(Action.RETURN_TO_HAND, ()))),
        swapped=tuple(sorted(acted.get(Action.SWAP_MIGHT, ()))),
        affected=tuple(sorted(affected)),
        xp=xp_per_kill(scenario) * len(from_damage),
        scenario=scenario,
        answer=answer,
    )


def _after(board: Board, dealt: dict[str, int], killed: set[str], moved: dict[str, str],
           acted: dict[Action, set[str]]) -> Board:
    """The board once the answer is done and the cleanup has killed the units with lethal
    damage (each dead or returned unit leaves the board: 124, 428.2)."""
    gone = killed | acted.get(Action.RETURN_TO_HAND, set())
    swapped = sorted(acted.get(Action.SWAP_MIGHT, ()))
    mights = {}
    if len(swapped) == 2:
        first, second = swapped
        mights = {first: board[second].might, second: board[first].might}
    units = []
    for unit in board:
        if unit.id in gone:
            units.append(replace(unit.moved_to(OFFBOARD), damage=0))
            continue
        if unit.id in moved:  # (out of the combat it was in, and moved this turn)
            unit = unit.moved_to(moved[unit.id])
        damage = min(unit.damage + dealt.get(unit.id, 0), LIMIT)  # (the bound)
        might = mights.get(unit.id, unit.might)
        stunned = unit.stunned or unit.id in acted.get(Action.STUN, ())
        if (damage, might, stunned) != (unit.damage, unit.might, unit.stunned):
            unit = replace(unit, damage=damage, might=might, stunned=stunned)
        units.append(unit)
    return replace(board, units=tuple(units))


def metrics(scenario: Scenario, outcome: Outcome) -> dict[str, int]:
    """Every objective ``best`` knows, measured on an outcome (the one definition): kills,
    XP, killed Might and value (of the units as they were), overkill, units affected,
    Power paid."""
    board = scenario.board
    return {"kills": len(outcome.killed),
            "xp": outcome.xp,
            "killed-might": sum(board[u].effective_might for u in outcome.killed),
            "overkill": outcome.overkill,
            "value": sum(board[u].value for u in outcome.killed),
            "affected": len(outcome.affected),
            "deflect": outcome.power_paid}
