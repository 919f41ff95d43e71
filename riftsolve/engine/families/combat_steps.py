"""Combat damage assigned one point at a time (:mod:`riftsolve.engine.steps`, 465.2.c).

The receivers are taken in the problem's order (by controller, then Tank, the others,
Backline, and the units with both keywords; by id within a priority): each move gives one
point of damage to the receiver being assigned damage or to one after it, which then
becomes the one being assigned (the receivers passed over get none); :data:`DONE` once
the whole damage is assigned (the one move left then). So an assignment is one sequence
of moves: its receivers in that order, each as many times as its amount.

A move is offered if and only if some legal assignment extends the points given so far:
read from the table of completions (:class:`~riftsolve.engine.assign.Table`: the amounts
a receiver may take that leave a legal completion of the others), or, once every receiver
can be filled with damage left over, from the excess's own rule (465.2.c.4: any division,
or all of it on one unit that could be last, as ``combat_excess`` says).

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.formats.examples import example_path
>>> from riftsolve.engine.questions import resolve
>>> state = resolve(load_scenario(example_path("combat-shield-raises-lethal"))).first_step()
>>> state.phase, state.moves()
('assign', ('n1', 's1'))
>>> state = state.play("n1")      # n1 filled (lethal 1): the 3 left go to s1
>>> state.moves()
('s1',)
>>> for move in ("s1", "s1", "s1", DONE):
...     state = state.play(move)
>>> state.phase, state.answer
('done', Assignment(assigned=(('n1', 1), ('s1', 3))))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from riftsolve.engine.assign import START, Table
from riftsolve.engine.steps import DONE, Move, Seen, Steps
from riftsolve.rules.answers.combat import Assignment

#: Past the lethal amounts under policy ``last``, the states: the excess is not placed yet,
#: or it is (on the one unit that takes it all).
NOT_PLACED, PLACED = 0, 1

#: A receiver's options: each amount it may take that leaves a legal completion of the
#: receivers after it, with the state after it (ascending amounts).
Options = list[tuple[int, int]]


@dataclass(frozen=True, eq=False)
class AssignCombat(Steps):
    """Assigning combat damage (a :class:`~riftsolve.rules.families.combat.
    CombatProblem`, through its ``table``), one point a move."""

    table: Table
    #: The damage given so far to each receiver, in the problem's order.
    assigned: tuple[int, ...]
    #: The receiver being assigned damage: the last one given any (the first before any).
    current: int = 0
    #: The state of the rules before :attr:`current` (the table's, or, past the lethal
    #: amounts, whether the excess is placed), and the damage given before it.
    state: int = START
    before: int = 0
    finished: bool = False

    @classmethod
    def start(cls, table: Table) -> AssignCombat:
        """The first state: nothing assigned yet (past the lethal amounts, the excess not
        placed)."""
        return cls(table, (0,) * len(table.problem.receivers),
                   state=NOT_PLACED if table.excess else START)

    @property
    def phase(self) -> str:  # type: ignore[override]
        return "done" if self.finished else "assign"

    @property
    def remaining(self) -> int:
        """The damage not assigned yet."""
        return self.table.problem.damage - sum(self.assigned)

    def options(self, index: int, state: int, remaining: int) -> Options:
        """The amounts receiver ``index`` may take out of ``remaining``, in ``state``,
        that leave a legal completion, each with the state after it."""
        table = self.table
        if not table.excess:
            return list(table.options(index, state, remaining))
        receivers = table.problem.receivers
        lethal = [table.filled[r.id] for r in receivers]
        later = sum(lethal[index + 1:])
        if table.problem.excess == "any":  # any division of the excess (465.2.c.4)
            if index == len(receivers) - 1:
                return [(remaining, state)] if remaining >= lethal[index] else []
            return [(a, state) for a in range(lethal[index], remaining - later + 1)]
        # policy last: all of it on one unit that could be last; the state says it is placed
        spare = remaining - lethal[index] - later
        last = {r.id for r in table.last}
        here = receivers[index].id in last
        options = []
        placed = state == PLACED
        if (placed and spare == 0) or (not placed and spare == table.excess and any(
                r.id in last for r in receivers[index + 1:])):
            options.append((lethal[index], state))
        if not placed and here and spare == table.excess:
            options.append((lethal[index] + table.excess, PLACED))
        return options

    def moves(self) -> tuple[Move, ...]:
        return self._moves

    @cached_property
    def _moves(self) -> tuple[Move, ...]:
        receivers = self.table.problem.receivers
        if self.finished:
            return ()
        if not receivers:
            return (DONE,)  # nowhere to put any damage: the empty assignment
        current, given = self.current, self.assigned[self.current]
        left = self.table.problem.damage - self.before
        options = self.options(current, self.state, left)
        if given == left:
            return (DONE,) if any(a == given for a, _ in options) else ()
        moves: list[Move] = []
        if any(a > given for a, _ in options):
            moves.append(receivers[current].id)
        state = next((after for a, after in options if a == given), None)
        left -= given
        for index in range(current + 1, len(receivers)):
            if state is None:
                break
            later = self.options(index, state, left)
            if any(a > 0 for a, _ in later):
                moves.append(receivers[index].id)
            state = next((after for a, after in later if a == 0), None)
        return tuple(moves)

    def _played(self, move: Move, amount: int = 0) -> AssignCombat:
        if move is DONE:
            return replace(self, finished=True)
        receivers = self.table.problem.receivers
        index = next(i for i, r in enumerate(receivers) if r.id == move)
        amounts = list(self.assigned)
        amounts[index] += 1
        if index == self.current:
            return replace(self, assigned=tuple(amounts))
        # the receivers from the current one to the one given this point are settled
        state, before = self.state, self.before
        for passed in range(self.current, index):
            given = self.assigned[passed]
            options = self.options(passed, state, self.table.problem.damage - before)
            state = next(after for a, after in options if a == given)
            before += given
        return replace(self, assigned=tuple(amounts), current=index, state=state,
                       before=before)

    @property
    def answer(self) -> Assignment | None:
        if not self.finished:
            return None
        receivers = self.table.problem.receivers
        return Assignment.of((r.id, a) for r, a in zip(receivers, self.assigned, strict=True))

    def seen(self, available_power: int | None) -> Seen:
        receivers = self.table.problem.receivers
        current = (receivers[self.current].id,) if receivers else ()
        return Seen({"current": current},
                    {"assigned": {r.id: a for r, a in zip(receivers, self.assigned,
                                                          strict=True)}},
                    {"pool": self.table.problem.damage, "remaining": self.remaining})
