"""Split damage answered one decision at a time (:mod:`riftsolve.engine.steps`):
declaring (355.14.a-c, 809), the friendly unit, then the split targets one by one in the
order of the legal candidates; resolving (355.14.e-h.1), the targets kept, then the damage
one point a move (:class:`ResolveSplit`), or each target kept with its share of the damage
in one move (:class:`ShareSplit`).

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.formats.examples import example_path
>>> from riftsolve.engine.questions import finalize
>>> state = finalize(load_scenario(example_path("alpha-strike-shrunk-5-to-3"))).first_step()
>>> type(state).__name__, state.phase
('DeclareSplit', 'friendly')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Self

from riftsolve.engine.steps import DONE, NO_AMOUNT, Move, Seen, Steps
from riftsolve.i18n import _
from riftsolve.rules.answers import Declaration, Resolution
from riftsolve.rules.families.split import SplitFinalizeProblem, SplitResolveProblem


@dataclass(frozen=True)
class DeclareSplit(Steps):
    """Declaring split damage's targets (:class:`~riftsolve.rules.families.split.
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

    def _played(self, move: Move, amount: int) -> DeclareSplit:
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

    def largest_pool(self) -> int:
        """The largest cap of a friendly option: the pool its targets split, if the board
        does not change before they are resolved (355.14.c)."""
        return max((option.cap for option in self.problem.options), default=0)

    def seen(self, available_power: int | None) -> Seen:
        problem = self.problem
        friendly = problem.options[self.option].friendly if self.option is not None else None
        return Seen(
            {"chosen_friendly": (friendly,),
             "chosen_target": tuple(problem.candidates[i] for i in self.chosen)},
            {"tax": dict(zip(problem.candidates, problem.taxes, strict=True))},
            {"pool": self.cap, "remaining": self.cap, "chosen": len(self.chosen),
             "budget_left": -1 if problem.budget is None else problem.budget - self.spent})


@dataclass(frozen=True)
class _Resolving(Steps):
    """Resolving split damage (:class:`~riftsolve.rules.families.split.
    SplitResolveProblem`): what its two ways of answering share, the targets kept in the
    order of the legal targets and the damage dealt to each."""

    problem: SplitResolveProblem
    #: The indices in ``problem.targets`` of the targets kept, ascending.
    kept: tuple[int, ...] = ()
    #: The damage dealt so far to each kept target, in the order of :attr:`kept`.
    dealt: tuple[int, ...] = ()

    @classmethod
    def start(cls, problem: SplitResolveProblem) -> Self:
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
        """The damage not dealt yet (all of it before any is dealt)."""
        if self.keep == 0:
            return 0
        return self.problem.pool - sum(self.dealt)

    def _keepable(self) -> list[Move]:
        """The targets that may be kept next: those after the last one kept, when the
        targets after each can make up the rest of :attr:`keep`."""
        targets = self.problem.targets
        after = self.kept[-1] + 1 if self.kept else 0
        missing = self.keep - len(self.kept)
        return [targets[j] for j in range(after, len(targets))
                if missing >= 1 and len(targets) - j - 1 >= missing - 1]

    def _resolution(self) -> Resolution:
        targets = self.problem.targets
        return Resolution.of({targets[i]: amount
                              for i, amount in zip(self.kept, self.dealt, strict=True)})

    def largest_pool(self) -> int:
        return self.problem.pool

    def seen(self, available_power: int | None) -> Seen:
        kept = [self.problem.targets[i] for i in self.kept]
        return Seen({"kept": tuple(kept)},
                    {"dealt": dict(zip(kept, self.dealt, strict=False))},
                    {"pool": self.problem.pool, "remaining": self.remaining,
                     "keep": self.keep, "chosen": len(kept), "budget_left": -1})


@dataclass(frozen=True)
class ResolveSplit(_Resolving):
    """Resolving split damage point by point: the targets kept, then the damage one point
    a move."""

    #: Whether the targets kept are settled (the damage phase has begun).
    settled: bool = False
    finished: bool = False

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
            return (*self._keepable(), *((DONE,) if len(self.kept) == keep else ()))
        remaining = self.remaining
        if remaining == 0:
            return (DONE,)
        current = self._current()
        moves: list[Move] = []
        # A point to the current target, or to the next once the current has its share:
        # every kept target after the one dealt must still get at least 1 (355.14.g).
        for position in (current, current + 1):
            if position >= keep or (position > current and self.dealt[current] == 0):
                continue
            if remaining - 1 >= keep - 1 - position:
                moves.append(targets[self.kept[position]])
        return tuple(moves)

    def _played(self, move: Move, amount: int) -> ResolveSplit:
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
        return self._resolution() if self.finished else None


@dataclass(frozen=True)
class ShareSplit(_Resolving):
    """Resolving split damage in shares: each move keeps a target and deals it its share
    (the move's amount), the targets in the order of the legal targets; the answer is made
    once :attr:`keep` targets are kept, the last one taking what is left of the pool.

    Which target comes next and how much it takes are independent: a target may be kept
    if enough targets follow it to make up :attr:`keep`, and its share leaves at least 1
    for each target still to keep (355.14.g), whichever target it is; so every target
    offered with every amount offered is legal, and each resolution is one sequence."""

    @property
    def phase(self) -> str:  # type: ignore[override]
        return "done" if len(self.kept) == self.keep else "share"

    def moves(self) -> tuple[Move, ...]:
        return tuple(self._keepable())

    def amounts(self) -> range:
        missing = self.keep - len(self.kept)
        if missing == 0:
            return NO_AMOUNT
        remaining = self.remaining
        if missing == 1:  # the last target kept takes the rest (355.14.e)
            return range(remaining, remaining + 1)
        return range(1, remaining - (missing - 1) + 1)

    def _played(self, move: Move, amount: int) -> ShareSplit:
        return replace(self, kept=(*self.kept, self.problem.targets.index(move)),
                       dealt=(*self.dealt, amount))

    @property
    def answer(self) -> Resolution | None:
        return self._resolution() if len(self.kept) == self.keep else None
