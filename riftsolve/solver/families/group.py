"""The legal sets of a group of targets (355.11): every declaration of a group meeting its
requirement together, and every resolution of the members still legal, counted by
knapsack and subset counts, listed by the native generators in numpy blocks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice
from typing import Any

import numpy as np

from riftsolve.models.answers import (
    Affected,
    GroupDeclaration,
    Selection,
)
from riftsolve.models.effects import GroupTargets
from riftsolve.models.families.group import (
    GroupProblem,
    destinations,
    group_effect,
    hidden_failure,
    movable,
    moved_to,
    stands_at,
)
from riftsolve.models.families.group import (
    finalize_problem as finalize_group_problem,
)
from riftsolve.models.families.group import (
    resolve_problem as resolve_group_problem,
)
from riftsolve.models.i18n import N_
from riftsolve.models.scenario import Scenario
from riftsolve.models.targeting import Failure
from riftsolve.solver.backends import native
from riftsolve.solver.count import (
    CountTooLarge,
    count_maximal_selections,
    count_selections,
    selections_by_tax,
)
from riftsolve.solver.families.registry import register_legal_sets
from riftsolve.solver.legal import (
    LegalSet,
    mask_rows,
)


class GroupDeclarations(LegalSet[GroupDeclaration]):
    """Every legal group declaration at finalization (355.11.a)."""

    question = "finalize"
    _answer_type = GroupDeclaration

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.effect: GroupTargets = group_effect(scenario)
        self.problem: GroupProblem = finalize_group_problem(scenario)
        #: Why the card cannot be played at all (from Hidden with no target, 811.1.d).
        self.unplayable: Failure | None = hidden_failure(scenario, self.problem) or \
            self.unpayable
        self._tax = {m.id: m.tax for m in self.problem.members}

    def _columns(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.problem.members)

    def arrays(self, batch: int = 65536) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
        """The declarations as 0/1 rows over :attr:`columns`, straight from the native
        search's selections (no answer objects); a group that moves (one row per
        destination) is written from its answers."""
        if self.effect.destination:
            yield from super().arrays(batch)
        elif self.unplayable is None:
            yield from _group_rows(self, self.problem, batch)

    def destinations(self) -> tuple[str, ...]:
        """Where a moving group may go: each battlefield, or their base (355.4)."""
        return destinations(self.scenario.board, self.effect.destination_open) \
            if self.effect.destination else ()

    def count(self) -> int:
        if self.unplayable is not None:
            return 0
        if not self.effect.destination:
            return count_selections(self.problem)
        return sum(self.by_tax(exact=False).values())

    def by_tax(self, exact: bool = True) -> Counter[int]:
        """How many declarations cost each Deflect tax (``{tax: ways}``), without listing
        (``exact=False``: every one under tax 0, the tax not tracked)."""
        if self.unplayable is not None:
            return Counter()
        if not self.effect.destination:
            return selections_by_tax(self.problem, exact)
        # 355.4.a: per destination, the groups none of whose members already stands there
        board = self.scenario.board
        total: Counter[int] = Counter()
        if not any(self.problem.least):
            total[0] += 1  # the empty group moves nothing: it has no destination
        for where in self.destinations():
            # (447.2.b, 449.2: nor a member whose controller may not move it there)
            members = tuple(m for m in self.problem.members if movable(board, m.id, where))
            groups = selections_by_tax(replace(self.problem, members=members), exact)
            if not any(self.problem.least):
                groups[0] -= 1
            total.update(groups)
        return +total

    def __iter__(self) -> Iterator[GroupDeclaration]:
        if self.unplayable is not None:
            return
        board = self.scenario.board
        slots = tuple((s.name, s.single) for s in self.effect.slots)
        for selection in self.backend.answers(self.problem):
            cost = sum(self._tax[u] for slot in selection for u in slot)
            units = [u for slot in selection for u in slot]
            if self.effect.destination and units:
                for where in self.destinations():
                    if all(movable(board, u, where) for u in units):
                        yield GroupDeclaration(selection, where, cost, slots)
            else:
                yield GroupDeclaration(selection, None, cost, slots)

    def _why_none(self) -> list[Failure]:
        if self.unplayable is not None:
            return [self.unplayable]
        return super()._why_none()


class GroupResolutions(LegalSet[Affected]):
    """Every legal resolution of a group effect (359.3.e, 355.11.b)."""

    #: Most maximal subsets counted by listing them, where no formula applies.
    MOST_LISTED = 10**6

    question = "resolve"
    _answer_type = Affected

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.effect: GroupTargets = group_effect(scenario)
        self.problem: GroupProblem = resolve_group_problem(scenario)

    def count(self) -> int:
        if not self.problem.maximal:
            return count_selections(self.problem)
        counted = count_maximal_selections(self.problem)
        if counted is not None:
            return counted
        # Maximal subsets of shapes with no counting formula (several slots, a location
        # each, a swap's pair): listed, up to a bound.
        most = self.MOST_LISTED
        listed = sum(1 for _ in islice(native.selections(self.problem), most + 1))
        if listed > most:
            raise CountTooLarge(N_("the maximal subsets (no formula for this shape)"), most + 1,
                                N_("fewer original targets"),
                                steps=N_("answers listed, at least"),
                                bound=most)
        return listed

    def __iter__(self) -> Iterator[Affected]:
        return (self._affected(s) for s in self.backend.answers(self.problem))

    def _affected(self, selection: Selection) -> Affected:
        """The answer keeping ``selection``: a move's kept targets already at the
        destination are unmoved (355.4.a)."""
        kept = [u for slot in selection for u in slot]
        where = moved_to(self.scenario)
        if where is None:
            return Affected.of(kept)
        board = self.scenario.board
        unmoved = [u for u in kept if stands_at(board[u], where)]
        return Affected.of([u for u in kept if u not in unmoved], unmoved)

    def _columns(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.problem.members)

    def arrays(self, batch: int = 65536) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
        """The resolutions as 0/1 rows over :attr:`columns` (the units kept), straight from
        the native search's selections; a move's (some kept units unmoved) from its
        answers."""
        if moved_to(self.scenario) is not None:
            yield from super().arrays(batch)
        else:
            yield from _group_rows(self, self.problem, batch)


#: Bit masks a group's rows may look at without asking how many answers there are.
FEW_MASKS = 1 << 14
#: Beyond that, at most this many masks per answer (the search looks only at what can
#: still be chosen, so masks pay off only while most of them are answers).
MASKS_PER_ANSWER = 16


def _group_rows(legal: LegalSet[Any], problem: GroupProblem, batch: int
                ) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
    """A group problem's selections as 0/1 rows over ``legal.columns``: as bit masks in
    numpy (:func:`native.selection_masks`) where the shape allows and the masks are few
    or mostly answers, else from the search."""
    columns = legal.columns
    masks = native.mask_count(problem)
    if masks is not None and masks > FEW_MASKS:
        try:
            answers = legal.count()
        except (CountTooLarge, OverflowError):
            answers = 0
        if masks > MASKS_PER_ANSWER * answers:
            masks = None
    if masks is not None:
        return native.selection_masks(problem, columns, batch)
    selections = native.selections(problem)
    return mask_rows(([u for slot in selection for u in slot] for selection in selections),
                      columns, batch)


register_legal_sets("group", GroupDeclarations, GroupResolutions)
