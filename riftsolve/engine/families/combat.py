"""The legal set of combat damage (465.2): every assignment of the attacking or defending
side's damage, counted, listed and ranked from the table of completions
(:mod:`riftsolve.engine.assign`), and assigned one point a move
(:mod:`riftsolve.engine.families.combat_steps`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from riftsolve._json import JSONOutDoc
from riftsolve.engine.backends import native
from riftsolve.engine.families.registry import register_legal_sets
from riftsolve.engine.legal import (
    Capabilities,
    LegalSet,
    ListedDeclarations,
    TextBlock,
    text_blocks_of,
)
from riftsolve.formats.lines import AssignedLines
from riftsolve.i18n import _
from riftsolve.rules.answers.combat import Assignment
from riftsolve.rules.families.combat import resolve_problem as resolve_combat_problem
from riftsolve.rules.scenario import Scenario

if TYPE_CHECKING:
    from riftsolve.engine.steps import Steps


class CombatResolutions(LegalSet[Assignment]):
    """Every legal combat damage assignment (465.2.c): counted, ranked and unranked from
    the table of :mod:`riftsolve.engine.assign`, listed by any backend."""

    CAPABILITIES = Capabilities(counts=True, ranks=True, text_blocks=True, steps=True)

    question = "resolve"
    _answer_type = Assignment

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        from riftsolve.engine.assign import Table

        self.problem = resolve_combat_problem(scenario)
        self.table = Table(self.problem)

    def count(self) -> int:
        return self.table.count()

    def __iter__(self) -> Iterator[Assignment]:
        return self.backend.answers(self.problem)

    def index(self, answer: object) -> int:
        assignment: Assignment = self._own(answer)
        failures = self.verify(assignment)
        if failures:
            raise ValueError(f"not a legal answer: {failures[0]}")
        return self.table.rank(assignment)

    def _at(self, index: int) -> Assignment:
        return self.table.unrank(index)

    def _columns(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.problem.receivers)

    def _row(self, answer: Assignment) -> list[int]:
        amounts = dict(answer.assigned)  # (once a row: not once a receiver, O(n^2))
        return [amounts.get(unit, 0) for unit in self.columns]

    def arrays(self, batch: int = native.BLOCK_ROWS) -> Iterator[npt.NDArray[np.int64]]:
        """Every assignment as numpy rows, at most ``batch`` at a time, in index order:
        the damage assigned to each receiver (:attr:`columns`), built in numpy
        (:func:`native.assignment_blocks`)."""
        return native.assignment_blocks(self.table, batch)

    def unrank(self, indices: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The assignments with these indices as rows of :meth:`arrays`, without listing."""
        rows = [self._row(self[int(i)]) for i in np.asarray(indices).tolist()]
        return np.array(rows, dtype=np.int64).reshape(len(rows), len(self.columns))

    def first_step(self, shares: bool = False) -> Steps:
        """The assignment one point of damage a move
        (:mod:`riftsolve.engine.families.combat_steps`; ``shares`` changes nothing: an
        assignment's points go receiver by receiver)."""
        from riftsolve.engine.families.combat_steps import AssignCombat

        return AssignCombat.start(self.table)

    # ------------------------------------------------------------ what the faces read

    DISPUTED = ("combat_excess", ("any", "last"), "465.2.c.4")

    def noun(self) -> str:
        return "assignments"

    def extras(self, answer: Assignment) -> JSONOutDoc:
        """The damage assigned and each receiver's lethal amount (``null``: none is,
        437.5.b)."""
        problem = self.problem
        return {"damage": problem.damage, "lethal": {r.id: r.lethal for r in problem.receivers}}

    def headers(self) -> list[str]:
        """A column per receiver, in its controller's order, naming its lethal amount."""
        return [_("{unit} (lethal {amount})").format(
            unit=r.id, amount=_("never") if r.lethal is None else r.lethal)
            for r in self.problem.receivers] or [_("assigned")]

    def cells(self, answer: Assignment) -> list[str]:
        if not self.problem.receivers:
            return [_("nothing")]
        return [str(answer.amount(r.id) or "") for r in self.problem.receivers]

    def text_blocks(self, batch: int) -> Iterator[TextBlock]:
        """Lines a block at a time, the blocks' columns in id order (the lines' keys)."""
        ids = sorted(self.columns)
        column = {unit: i for i, unit in enumerate(ids)}
        place = [column[unit] for unit in self.columns]
        return text_blocks_of(native.assignment_rows(self.table, batch, place),
                              AssignedLines(ids))


register_legal_sets("combat", ListedDeclarations, CombatResolutions,
                    ranked_by="riftsolve.engine.families.combat_best")
