"""Legal answers one decision at a time: split damage, groups and combat damage as small
choices.

An agent that picks a whole answer at once faces as many actions as there are answers
(a binomial coefficient of the board). Here the same answers are built one move at a
time, each move a unit (or :data:`DONE`), so that every step offers at most one move per
unit and one more:

- declaring (355.14.a-c, 809): the friendly unit first, if the card has that slot; then
  the split targets one by one, each after the ones already chosen in the order of the
  legal candidates, then :data:`DONE`;
- resolving (355.14.e-h.1): the targets kept, one by one in the order of the legal
  targets, then :data:`DONE` (the others are dropped); then the damage, one point a
  move, to the kept target being dealt damage or to the next one (each kept target is
  dealt its share in turn), then :data:`DONE` once the whole pool is dealt;
- or resolving in shares (``first_step(legal, shares=True)``): each move keeps a target
  and deals it its share of the damage at once, the move's amount (:meth:`Steps.amounts`),
  the targets in the order of the legal targets; the answer is made once as many targets
  as must be are kept (the last one takes what is left), so that a pool of any size split
  among k targets takes k moves;
- a group (355.11, e.g. Fox-Fire), declared or resolved: the units chosen (or kept) one
  by one in the board's order, then :data:`DONE` (:class:`ChooseListed`, from its
  answers listed once: at most :data:`MOST_LISTED`);
- combat damage (465.2.c): one point a move, to the receiver being assigned damage or to
  one after it in the problem's order, then :data:`DONE` once the damage is all assigned
  (:mod:`riftsolve.engine.families.combat_steps`).

Each family's legal sets say how their question is answered step by step
(:meth:`~riftsolve.engine.legal.LegalSet.first_step`): split damage's states are its own
(:mod:`riftsolve.engine.families.split_steps`), as are combat's
(:mod:`riftsolve.engine.families.combat_steps`); a group's are :class:`ChooseListed`.

The moves offered (:meth:`Steps.moves`) are exact: a move is offered if and only if at
least one complete legal answer extends the choices made so far, and every legal answer
is reached by exactly one sequence of moves (the fixed order makes the sequence unique).
A move carries an amount (0 but for shares): every move offered with every amount offered
(:meth:`Steps.amounts`) is legal, the legal pairs a product, so that two independent masks
(a target, an amount) say exactly which are.

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.formats.examples import example_path
>>> from riftsolve.engine.questions import resolve
>>> state = first_step(resolve(load_scenario(example_path("alpha-strike-shrunk-5-to-3"))))
>>> state.phase, state.moves()
('keep', ('r1', 'r2', 'r3'))
>>> for move in ("r1", "r3", "r4", DONE, "r1", "r3", "r4", DONE):
...     state = state.play(move)
>>> state.phase, state.answer
('done', Resolution(damage=(('r1', 1), ('r3', 1), ('r4', 1))))

In shares: 6 damage among 3 targets, each kept target dealt its share in one move (the
first 1 to 4, leaving at least 1 for each other; the last takes what is left):

>>> state = first_step(resolve(load_scenario(example_path("alpha-strike-6-among-3"))),
...                    shares=True)
>>> state.phase, state.moves(), state.amounts()
('share', ('r1',), range(1, 5))
>>> state = state.play("r1", 1).play("r2", 2)
>>> state.amounts()
range(3, 4)
>>> state.play("r3", 3).answer
Resolution(damage=(('r1', 1), ('r2', 2), ('r3', 3)))
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import Final

from riftsolve.engine.legal import LegalSet
from riftsolve.i18n import _
from riftsolve.rules.answers import Answer

#: The move that ends a phase: no more targets, or the damage all dealt.
DONE: Final = None

#: A move: a unit's id, or :data:`DONE`.
Move = str | None

#: The amounts of moves that carry none: 0 only.
NO_AMOUNT: Final = range(1)


@dataclass(frozen=True)
class Seen:
    """What an agent's observation shows of a state: the units marked under each
    feature's name (``chosen_target``, ``kept`` ...), a number per unit under a
    feature's name (``tax``, ``dealt``), and numbers by name (``pool``, ``chosen`` ...);
    the names are the environment's features (:mod:`riftsolve.gym`)."""

    marked: dict[str, tuple[str | None, ...]] = field(default_factory=dict)
    per_unit: dict[str, dict[str, int]] = field(default_factory=dict)
    scalars: dict[str, int] = field(default_factory=dict)


class Steps(ABC):
    """One state of a step-by-step answer (immutable: :meth:`play` returns the next)."""

    #: ``"friendly"``, ``"targets"``, ``"keep"``, ``"damage"``, or ``"done"``.
    phase: str

    @abstractmethod
    def moves(self) -> tuple[Move, ...]:
        """The legal moves now: those at least one complete legal answer extends."""

    def amounts(self) -> range:
        """The amounts a move of :meth:`moves` carries now (:meth:`play`'s ``amount``):
        each move offered with each of these is legal. Only a kept target's share of the
        damage is an amount (a split resolved in shares); any other move carries 0
        (:data:`NO_AMOUNT`, the default)."""
        return NO_AMOUNT

    @abstractmethod
    def _played(self, move: Move, amount: int) -> Steps:
        """The state after ``move`` carrying ``amount``, a legal pair."""

    def play(self, move: Move, amount: int = 0) -> Steps:
        """The state after ``move`` carrying ``amount``; a :class:`ValueError` when either
        is not legal now."""
        if move not in self.moves():
            shown = _("done") if move is None else repr(move)
            raise ValueError(_("{move} is not a legal move now (phase {phase}); the legal "
                               "moves are those of moves()").format(move=shown,
                                                                    phase=self.phase))
        amounts = self.amounts()
        if amount not in amounts:
            raise ValueError(_("{amount} is not a legal amount now (phase {phase}): the "
                               "legal amounts are {low} to {high}").format(
                                   amount=amount, phase=self.phase, low=amounts.start,
                                   high=amounts.stop - 1))
        return self._played(move, amount)

    def largest_pool(self) -> int:
        """The most damage an answer to this question may split (0 when it splits
        none): what is dealt to one target, in all, or left to deal is never more."""
        return 0

    @property
    @abstractmethod
    def answer(self) -> Answer | None:
        """The complete answer once :attr:`phase` is ``"done"``, else ``None``."""

    def seen(self, available_power: int | None) -> Seen:
        """What an agent's observation shows of this state (``available_power``: the
        controller's Power, ``None`` when unbounded); nothing by default."""
        return Seen()


@dataclass(frozen=True, eq=False)
class ChooseListed(Steps):
    """A group's question (355.11), whose answers are told apart by the units they
    choose or affect: those units one by one in the board's order, then :data:`DONE`.
    Its answers are listed once (at most :data:`MOST_LISTED`), and a move is offered when
    some answer's units start with the units chosen and that one."""

    #: Each answer by its units, in the board's order.
    answers: dict[tuple[str, ...], Answer]
    #: The units that may come next after each beginning of an answer's units.
    following: dict[tuple[str, ...], tuple[str, ...]]
    #: ``"targets"`` (declaring) or ``"keep"`` (resolving).
    choosing: str
    chosen: tuple[str, ...] = ()
    finished: bool = False

    @classmethod
    def of(cls, legal: LegalSet[Answer]) -> ChooseListed:
        """The first state of ``legal``'s question; refused (:class:`ValueError`) past
        :data:`MOST_LISTED` answers or when two answers choose the same units."""
        total = legal.count()
        if total > MOST_LISTED:
            raise ValueError(_(
                "{card} has {n} answers on this board: a group is answered step by step "
                "up to {most} answers").format(card=legal.scenario.effect.name,
                                               n=f"{total:,}", most=f"{MOST_LISTED:,}"))
        order = {unit.id: row for row, unit in enumerate(legal.scenario.board.units)}
        answers: dict[tuple[str, ...], Answer] = {}
        following: dict[tuple[str, ...], dict[str, None]] = {}
        for answer in legal:
            units = tuple(sorted(answer.chosen(), key=order.__getitem__))
            if units in answers:
                raise ValueError(_("{card}'s answers are not told apart by the units they "
                                   "choose: not answered step by step").format(
                                       card=legal.scenario.effect.name))
            answers[units] = answer
            for size in range(len(units)):
                following.setdefault(units[:size], {})[units[size]] = None
        return cls(answers, {start: tuple(sorted(after, key=order.__getitem__))
                             for start, after in following.items()},
                   "targets" if legal.question == "finalize" else "keep")

    @property
    def phase(self) -> str:  # type: ignore[override]
        return "done" if self.finished else self.choosing

    def moves(self) -> tuple[Move, ...]:
        if self.finished:
            return ()
        complete = (DONE,) if self.chosen in self.answers else ()
        return (*self.following.get(self.chosen, ()), *complete)

    def _played(self, move: Move, amount: int) -> ChooseListed:
        if move is DONE:
            return replace(self, finished=True)
        return replace(self, chosen=(*self.chosen, move))

    @property
    def answer(self) -> Answer | None:
        return self.answers[self.chosen] if self.finished else None

    def seen(self, available_power: int | None) -> Seen:
        marked = "chosen_target" if self.choosing == "targets" else "kept"
        return Seen({marked: self.chosen}, {}, {
            "chosen": len(self.chosen),
            "budget_left": -1 if available_power is None else available_power})


#: Most answers of a group listed to answer it step by step.
MOST_LISTED = 10_000


def first_step(legal: LegalSet[Answer], *, shares: bool = False) -> Steps:
    """The first state of ``legal``'s question answered step by step, as its family's
    legal set says (:meth:`~riftsolve.engine.legal.LegalSet.first_step`): split damage's
    declarations and resolutions, a group's (listed, :class:`ChooseListed`) and a combat
    assignment; any other question is refused with a :class:`ValueError` saying so.
    ``shares``: a split resolution's damage is dealt a target's share a move, not a point
    a move (the other questions deal no damage at once: their moves are the same)."""
    state = legal.first_step(shares=shares) if legal.CAPABILITIES.steps else None
    if state is None:
        raise ValueError(_(
            "{card} ({family} family) is not answered step by step: the steps cover split "
            "damage (e.g. Alpha Strike, Volibear), groups (e.g. Fox-Fire) and combat "
            "damage; list its answers with finalize() or resolve()").format(
                card=legal.scenario.effect.name, family=legal.family.NAME))
    return state
