"""Legal answers one decision at a time: split damage and groups as small choices.

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
- a group (355.11, e.g. Fox-Fire), declared or resolved: the units chosen (or kept) one
  by one in the board's order, then :data:`DONE` (:class:`ChooseListed`, from its
  answers listed once: at most :data:`MOST_LISTED`).

The moves offered (:meth:`Steps.moves`) are exact: a move is offered if and only if at
least one complete legal answer extends the choices made so far, and every legal answer
is reached by exactly one sequence of moves (the fixed order makes the sequence unique).

>>> from riftsolve.models import load_scenario
>>> from riftsolve.solver.examples import example_path
>>> from riftsolve.solver.questions import resolve
>>> state = first_step(resolve(load_scenario(example_path("alpha-strike-shrunk-5-to-3"))))
>>> state.phase, state.moves()
('keep', ('r1', 'r2', 'r3'))
>>> for move in ("r1", "r3", "r4", DONE, "r1", "r3", "r4", DONE):
...     state = state.play(move)
>>> state.phase, state.answer
('done', Resolution(damage=(('r1', 1), ('r3', 1), ('r4', 1))))
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from typing import Any, Final

from riftsolve.models.answers import Answer, Declaration, Resolution
from riftsolve.models.families.split import SplitFinalizeProblem, SplitResolveProblem
from riftsolve.models.i18n import _
from riftsolve.solver.families.group import GroupDeclarations, GroupResolutions
from riftsolve.solver.families.split import Declarations, Resolutions
from riftsolve.solver.legal import LegalSet

#: The move that ends a phase: no more targets, or the damage all dealt.
DONE: Final = None

#: A move: a unit's id, or :data:`DONE`.
Move = str | None


class Steps(ABC):
    """One state of a step-by-step answer (immutable: :meth:`play` returns the next)."""

    #: ``"friendly"``, ``"targets"``, ``"keep"``, ``"damage"``, or ``"done"``.
    phase: str

    @abstractmethod
    def moves(self) -> tuple[Move, ...]:
        """The legal moves now: those at least one complete legal answer extends."""

    @abstractmethod
    def _played(self, move: Move) -> Steps:
        """The state after ``move``, a legal move."""

    def play(self, move: Move) -> Steps:
        """The state after ``move``; a :class:`ValueError` when it is not legal now."""
        if move not in self.moves():
            shown = _("done") if move is None else repr(move)
            raise ValueError(_("{move} is not a legal move now (phase {phase}); the legal "
                               "moves are those of moves()").format(move=shown,
                                                                    phase=self.phase))
        return self._played(move)

    @property
    @abstractmethod
    def answer(self) -> Answer | None:
        """The complete answer once :attr:`phase` is ``"done"``, else ``None``."""


@dataclass(frozen=True)
class DeclareSplit(Steps):
    """Declaring split damage's targets (:class:`~riftsolve.models.families.split.
    SplitFinalizeProblem`): a friendly option, then candidates in their order."""

    problem: SplitFinalizeProblem
    #: The index of the friendly option chosen in ``problem.options`` (``None``: not yet).
    option: int | None = None
    #: The indices in ``problem.candidates`` of the split targets chosen, ascending.
    chosen: tuple[int, ...] = ()
    finished: bool = False

    @classmethod
    def start(cls, problem: SplitFinalizeProblem) -> DeclareSplit:
        """The first state: a card with no friendly slot has its one option chosen."""
        options = problem.options
        if len(options) == 1 and options[0].friendly is None:
            return cls(problem, option=0)
        return cls(problem)

    @property
    def phase(self) -> str:  # type: ignore[override]
        if self.finished:
            return "done"
        return "friendly" if self.option is None else "targets"

    @property
    def cap(self) -> int:
        """The most split targets the chosen option allows (355.14.c); 0 before."""
        return 0 if self.option is None else self.problem.options[self.option].cap

    @property
    def spent(self) -> int:
        """The Deflect tax of the targets chosen (809)."""
        return sum(self.problem.taxes[i] for i in self.chosen)

    def moves(self) -> tuple[Move, ...]:
        problem = self.problem
        if self.finished:
            return ()
        if self.option is None:  # any option: its empty declaration is legal
            return tuple(option.friendly for option in problem.options)
        # Taxes are never negative: a candidate that fits now is itself a legal
        # declaration with the ones chosen, and one that does not fits no superset.
        budget, spent = problem.budget, self.spent
        after = self.chosen[-1] + 1 if self.chosen else 0
        fits = len(self.chosen) < self.cap
        moves: list[Move] = [
            problem.candidates[j] for j in range(after, len(problem.candidates))
            if fits and (budget is None or spent + problem.taxes[j] <= budget)]
        return (*moves, DONE)

    def _played(self, move: Move) -> DeclareSplit:
        if self.option is None:
            friendly = [option.friendly for option in self.problem.options]
            return replace(self, option=friendly.index(move))
        if move is DONE:
            return replace(self, finished=True)
        return replace(self, chosen=(*self.chosen, self.problem.candidates.index(move)))

    @property
    def answer(self) -> Declaration | None:
        if not self.finished or self.option is None:
            return None
        problem = self.problem
        return Declaration.of([problem.candidates[i] for i in self.chosen],
                              problem.options[self.option].friendly, self.spent)


@dataclass(frozen=True)
class ResolveSplit(Steps):
    """Resolving split damage (:class:`~riftsolve.models.families.split.
    SplitResolveProblem`): the targets kept, then the damage point by point."""

    problem: SplitResolveProblem
    #: The indices in ``problem.targets`` of the targets kept, ascending.
    kept: tuple[int, ...] = ()
    #: Whether the targets kept are settled (the damage phase has begun).
    settled: bool = False
    #: The damage dealt so far to each kept target, in the order of :attr:`kept`.
    dealt: tuple[int, ...] = ()
    finished: bool = False

    @classmethod
    def start(cls, problem: SplitResolveProblem) -> ResolveSplit:
        """The first state; a split under policy ``split_illegal: forfeit`` is refused
        (its illegal targets' shares have no move of their own)."""
        if problem.forfeit:
            raise ValueError(_("the step-by-step resolution does not cover policy "
                               "split_illegal=forfeit: use resolve() and its legal set"))
        return cls(problem)

    @property
    def keep(self) -> int:
        """How many targets are kept (355.14.h.1); none when no damage is dealt at all
        (a null Might, 359.3.f.2.a)."""
        return 0 if self.problem.pool_null is not None else self.problem.keep

    @property
    def remaining(self) -> int:
        """The damage not dealt yet (all of it before the damage phase)."""
        if self.keep == 0:
            return 0
        return self.problem.pool - sum(self.dealt)

    @property
    def phase(self) -> str:  # type: ignore[override]
        if self.finished:
            return "done"
        return "damage" if self.settled else "keep"

    def _current(self) -> int:
        """The kept target being dealt damage: the last one dealt any (the first one
        before any damage is dealt)."""
        return max((p for p, amount in enumerate(self.dealt) if amount), default=0)

    def moves(self) -> tuple[Move, ...]:
        if self.finished:
            return ()
        targets, keep = self.problem.targets, self.keep
        if not self.settled:
            # Target j may be kept if the targets after it can make up the rest.
            after = self.kept[-1] + 1 if self.kept else 0
            missing = keep - len(self.kept)
            moves: list[Move] = [targets[j] for j in range(after, len(targets))
                                 if missing >= 1 and len(targets) - j - 1 >= missing - 1]
            return (*moves, *((DONE,) if missing == 0 else ()))
        remaining = self.remaining
        if remaining == 0:
            return (DONE,)
        current = self._current()
        moves = []
        # A point to the current target, or to the next once the current has its share:
        # every kept target after the one dealt must still get at least 1 (355.14.g).
        for position in (current, current + 1):
            if position >= keep or (position > current and self.dealt[current] == 0):
                continue
            if remaining - 1 >= keep - 1 - position:
                moves.append(targets[self.kept[position]])
        return tuple(moves)

    def _played(self, move: Move) -> ResolveSplit:
        targets = self.problem.targets
        if not self.settled:
            if move is DONE:
                return replace(self, settled=True, dealt=(0,) * len(self.kept),
                               finished=self.keep == 0)
            return replace(self, kept=(*self.kept, targets.index(move)))
        if move is DONE:
            return replace(self, finished=True)
        position = [targets[i] for i in self.kept].index(move)
        dealt = list(self.dealt)
        dealt[position] += 1
        return replace(self, dealt=tuple(dealt))

    @property
    def answer(self) -> Resolution | None:
        if not self.finished:
            return None
        targets = self.problem.targets
        return Resolution.of({targets[i]: amount
                              for i, amount in zip(self.kept, self.dealt, strict=True)})


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
    def of(cls, legal: LegalSet[Any]) -> ChooseListed:
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

    def _played(self, move: Move) -> ChooseListed:
        if move is DONE:
            return replace(self, finished=True)
        return replace(self, chosen=(*self.chosen, move))

    @property
    def answer(self) -> Answer | None:
        return self.answers[self.chosen] if self.finished else None


#: Most answers of a group listed to answer it step by step.
MOST_LISTED = 10_000


def first_step(legal: LegalSet[Any]) -> Steps:
    """The first state of ``legal``'s question answered step by step: split damage's
    declarations and resolutions, and a group's (listed, :class:`ChooseListed`); any
    other question is refused with a :class:`ValueError` saying so."""
    if isinstance(legal, Declarations):
        return DeclareSplit.start(legal.problem)
    if isinstance(legal, Resolutions):
        return ResolveSplit.start(legal.problem)
    if isinstance(legal, GroupDeclarations | GroupResolutions):
        return ChooseListed.of(legal)
    raise ValueError(_(
        "{card} ({family} family) is not answered step by step: the steps cover split "
        "damage (e.g. Alpha Strike, Volibear) and groups (e.g. Fox-Fire); list its answers "
        "with finalize() or resolve()").format(card=legal.scenario.effect.name,
                                               family=legal.family.NAME))
