"""Combat damage assignments (465.2.c), counted, listed, ranked and unranked exactly.

A legal assignment, while some receiver can still be short of lethal damage, gives each
receiver nothing, exactly its lethal amount ("filled"), or, for one receiver in all, a
positive amount below it (465.2.c.3-4); and a receiver gets damage only when every unit
ahead of it in its controller's order is filled (465.2.c.6, 815, 826). Read receiver by
receiver in the problem's order (by controller; Tank, others, Backline, then the units
with both keywords), that is a small automaton. Its state says whether the controller's
Tanks are all filled so far, whether its other units are, whether any of those or of its
Backline units got damage, and whether the one partly filled receiver is used:

* a unit with both Tank and Backline (465.2.c.8-9) counts as a Tank when filled and as
  Backline when empty, so it never holds anything up; when partly filled it must be
  either (nothing later assigned) or (everything ahead filled).

The table of completions, ``completions[i][state][r]`` (how many ways the receivers from
``i`` on take ``r`` damage), gives a listing with no dead ends in ascending order of the
amounts, and the rank and unrank of any answer; the count alone comes from generating
functions of the receivers by class (:mod:`riftsolve.engine.combat_count`), without the
automaton's states, unless the table is already built. Where the counts would take
too long, a table of 0/1 bytes (whether a completion exists) still lists the answers.
Once every receiver can be filled with damage left over, the answers are the filled board
plus the excess, divided as the ``combat_excess`` policy says: any way (compositions,
ranked in closed form) or all on one unit that could be last.

>>> from itertools import islice
>>> from riftsolve.rules.families.combat import CombatProblem, Rank, Receiver
>>> def unit(uid, lethal, rank=Rank.NORMAL):
...     return Receiver(uid, "B", rank, lethal, 0, lethal)
>>> four = CombatProblem(5, tuple(unit(f"d{i}", 3) for i in range(4)))
>>> table = Table(four)
>>> table.count()  # 465.2.c.3's example: one filled (4 ways), 2 on another (3 ways)
12
>>> [a.as_json()["assigned"] for a in islice(assignments(four), 2)]
[{'d2': 2, 'd3': 3}, {'d2': 3, 'd3': 2}]
>>> table.rank(table.unrank(7)) == 7
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from itertools import pairwise
from math import comb

import numpy as np
import numpy.typing as npt

from riftsolve.engine.combat_count import HELD_ROWS, count_assignments, work
from riftsolve.engine.count import CountTooLarge
from riftsolve.i18n import N_
from riftsolve.rules.answers.combat import Assignment
from riftsolve.rules.families.combat import CombatProblem, Rank, Receiver

#: State bits: every Tank of the controller filled so far; every other unit (neither
#: keyword) filled so far; one of those got damage; a Backline unit got damage; the one
#: partly filled receiver is used.
TANKS_FILLED, OTHERS_FILLED, OTHERS_HIT, BACK_HIT, PARTIAL_USED = 1, 2, 4, 8, 16
START = TANKS_FILLED | OTHERS_FILLED

ZERO, PARTIAL, FILL = 0, 1, 2

#: Most cells (receivers x states x damage) of a completion table (exact counts).
MOST_CELLS = 4 * 10**6
#: Most cells a count computes a row at a time, when the table is too large to keep: about
#: a second.
MOST_COUNTED_CELLS = 2 * 10**7
#: Most cells of the two rows such a count holds at once: the memory of a table kept whole.
MOST_HELD_CELLS = 4 * 10**6
#: Most cells of a feasibility table (a byte each): what a listing needs when the counts
#: would be too many to compute.
MOST_FEASIBLE_CELLS = 10**8
#: Most lists of a receiver's options (by state and damage left) a listing keeps.
MOST_KEPT_OPTIONS = 200_000

#: A row of a table, by damage taken: the ways (Python integers of any size), whether
#: any (0/1), or, while a row of the latter is summed, how many (int64).
Vector = npt.NDArray[np.object_] | npt.NDArray[np.uint8] | npt.NDArray[np.int64]


def step(rank: Rank, state: int, move: int) -> int | None:
    """The state after a receiver of ``rank`` gets nothing, a partial amount or lethal
    damage, or ``None`` when the rules forbid that move here."""
    tanks = bool(state & TANKS_FILLED)
    ahead = tanks and bool(state & OTHERS_FILLED)
    if move == PARTIAL and state & PARTIAL_USED:
        return None
    if rank is Rank.TANK:
        if move == FILL:
            return state
        return (state & ~TANKS_FILLED) | (PARTIAL_USED if move == PARTIAL else 0)
    if rank is Rank.NORMAL:
        if move == ZERO:
            return state & ~OTHERS_FILLED
        if not tanks:  # 815: a Tank of its controller is not filled
            return None
        if move == FILL:
            return state | OTHERS_HIT
        return (state | OTHERS_HIT | PARTIAL_USED) & ~OTHERS_FILLED
    if rank is Rank.BACKLINE:
        if move == ZERO:
            return state
        if not ahead:  # 826: a unit ahead of it is not filled
            return None
        return state | BACK_HIT | (PARTIAL_USED if move == PARTIAL else 0)
    # both Tank and Backline: filled counts as a Tank, empty as Backline (465.2.c.8-9)
    if move != PARTIAL:
        return state
    nothing_after = not state & (OTHERS_HIT | BACK_HIT)
    return state | PARTIAL_USED if nothing_after or ahead else None


def _moves(receiver: Receiver, remaining: int) -> list[tuple[int, int, int]]:
    """``(move, least, most)`` amounts a receiver may take out of ``remaining``."""
    moves = [(ZERO, 0, 0)]
    top = remaining if receiver.lethal is None else min(receiver.lethal - 1, remaining)
    if top >= 1:
        moves.append((PARTIAL, 1, top))
    if receiver.lethal is not None and receiver.lethal <= remaining:
        moves.append((FILL, receiver.lethal, receiver.lethal))
    return moves


def _compositions(total: int, parts: int) -> int:
    """Ways to divide ``total`` among ``parts`` receivers, each zero or more."""
    if parts == 0:
        return int(total == 0)
    return comb(total + parts - 1, parts - 1)


class Table:
    """Every legal assignment of ``problem``: counted, listed, ranked and unranked."""

    def __init__(self, problem: CombatProblem) -> None:
        self.problem = problem
        receivers = problem.receivers
        self.first = [i == 0 or receivers[i - 1].controller != r.controller
                      for i, r in enumerate(receivers)]
        self.excess = problem.excess_damage
        self.filled = {r.id: r.lethal or 0 for r in receivers}
        self.last = problem.last_candidates() if problem.excess == "last" else ()
        self._completions: list[dict[int, Vector]] | None = None
        self._feasible: list[dict[int, Vector]] | None = None
        self._states: list[set[int]] | None = None

    # ------------------------------------------------------------------ the table

    def entering(self, index: int, state: int) -> int:
        """The state as receiver ``index`` is reached: a new controller starts afresh
        (its order is its own), only the partly filled receiver carries over."""
        return START | (state & PARTIAL_USED) if self.first[index] else state

    def states(self) -> list[set[int]]:
        """The states that can be reached before each receiver, and after the last (found
        once)."""
        if self._states is None:
            self._states = self._reachable()
        return self._states

    def _reachable(self) -> list[set[int]]:
        reached = [{START}]
        for index, receiver in enumerate(self.problem.receivers):
            after: set[int] = set()
            for state in reached[-1]:
                here = self.entering(index, state)
                for move in (ZERO, PARTIAL, FILL):
                    if move == FILL and receiver.lethal is None:
                        continue
                    if move == PARTIAL and receiver.lethal == 1:
                        continue
                    nxt = step(receiver.rank, here, move)
                    if nxt is not None:
                        after.add(nxt)
            reached.append(after)
        return reached

    @property
    def completions(self) -> list[dict[int, Vector]]:
        """``completions[i][state][r]``: the ways receivers ``i``... take ``r`` damage."""
        if self._completions is None:
            self._completions = self._build()
        return self._completions

    @property
    def feasible(self) -> list[dict[int, Vector]]:
        """What a listing needs: whether receivers ``i``... can take ``r`` damage. The
        completions themselves when they can be counted, else a table of 0/1 bytes (the
        same recurrence, "any way" for "how many ways"), which fits far larger boards."""
        if self._completions is not None:
            return self._completions
        if self._feasible is None:
            try:
                return self.completions
            except CountTooLarge:  # once: the 0/1 table is kept from then on
                self._feasible = self._build(exact=False)
        return self._feasible

    def _build(self, exact: bool = True) -> list[dict[int, Vector]]:
        bound = MOST_CELLS if exact else MOST_FEASIBLE_CELLS
        self._check_cells(bound, N_("a smaller board") if exact else N_(
            "a smaller board (even listing needs a table this large)"))
        table: list[dict[int, Vector]] = [{} for _ in self.states()]
        for index, rows in self._rows(exact):
            table[index] = rows
        return table

    def _cells(self, held: bool = False) -> int:
        """The table's cells (receivers x states x damage); with ``held``, the cells of the
        two rows a count a row at a time holds at once (the widest pair of neighbouring
        rows)."""
        reached = self.states()
        widths = ([len(a) + len(b) for a, b in pairwise(reached)]
                  if held else [sum(len(s) for s in reached)])
        return max(widths, default=0) * (self.problem.damage + 1)

    def _check_cells(self, bound: int, instead: str, held: bool = False) -> None:
        """Refuse a table of more than ``bound`` cells (:meth:`_cells`)."""
        cells = self._cells(held)
        if cells > bound:
            raise CountTooLarge(N_("combat assignments (a table of receivers x damage)"), cells,
                                instead, steps=N_("table cells"), bound=bound)

    def _rows(self, exact: bool) -> Iterator[tuple[int, dict[int, Vector]]]:
        """The table's rows by state, from after the last receiver back to the first, each
        made from the one before it (a count keeps only the last)."""
        damage = self.problem.damage
        reached = self.states()
        end = np.zeros(damage + 1, dtype=object if exact else np.uint8)
        end[0] = 1
        after: dict[int, Vector] = {state: end for state in reached[-1]}
        yield len(reached) - 1, after
        for index in range(len(self.problem.receivers) - 1, -1, -1):
            receiver = self.problem.receivers[index]
            rows: dict[int, Vector] = {}
            for state in reached[index]:
                row = self._row(index, receiver, state, after, exact)
                rows[state] = row if exact else np.minimum(row, 1).astype(np.uint8)
            yield index, rows
            after = rows

    def _row(self, index: int, receiver: Receiver, state: int, after: dict[int, Vector],
             exact: bool) -> Vector:
        """The ways (``exact``: Python integers) or whether (0/1 rows summed in int64
        here, the caller caps at 1) receivers ``index``... take each amount."""
        damage = self.problem.damage
        here = self.entering(index, state)
        wide = np.dtype(object) if exact else np.dtype(np.int64)
        row = np.zeros(damage + 1, dtype=wide)
        zero = step(receiver.rank, here, ZERO)
        if zero is not None:
            row += after[zero]
        lethal = receiver.lethal
        fill = None if lethal is None else step(receiver.rank, here, FILL)
        if fill is not None and lethal is not None and lethal <= damage:
            row[lethal:] += after[fill][:damage + 1 - lethal]
        partial = None if lethal == 1 else step(receiver.rank, here, PARTIAL)
        if partial is not None:
            # row[r] += sum of after[r - a] for a = 1 .. min(lethal - 1, r)
            prefix = np.concatenate(([0], np.cumsum(after[partial], dtype=wide))).astype(wide)
            r = np.arange(damage + 1)
            low = 0 * r if lethal is None else np.maximum(0, r - (lethal - 1))
            row += prefix[r] - prefix[low]
        return row

    # ------------------------------------------------------------------ counting

    def count(self) -> int:
        """The exact number of legal assignments."""
        problem = self.problem
        if not problem.receivers:
            return 1  # nothing can be assigned anything: the one answer assigns nothing
        if self.excess:
            if problem.excess == "last":
                return len(self.last)
            return _compositions(self.excess, len(problem.receivers))
        if self._completions is None:
            counted = self._count_by_classes()
            if counted is not None:
                return counted
            if self._cells() > MOST_CELLS:  # too large to keep: a row at a time, in less memory
                self._check_cells(MOST_COUNTED_CELLS, N_("a smaller board"))
                self._check_cells(MOST_HELD_CELLS, N_("a smaller board"), held=True)
                (_first, rows), = deque(self._rows(exact=True), maxlen=1)
                return int(rows[START][problem.damage])
        return int(self.completions[0][START][problem.damage])

    def _count_by_classes(self) -> int | None:
        """The count by generating functions (:mod:`riftsolve.engine.combat_count`),
        within the bounds of a count a row at a time; ``None`` past them, or when the
        receivers are not listed as it reads them (the table then counts, or refuses)."""
        problem = self.problem
        if (work(problem) > MOST_COUNTED_CELLS
                or HELD_ROWS * (problem.damage + 1) > MOST_HELD_CELLS):
            return None
        return count_assignments(problem)

    # ------------------------------------------------------------------ listing

    def __iter__(self) -> Iterator[Assignment]:
        """Every legal assignment, each once, in ascending order of the amounts (receiver
        by receiver, in the problem's order)."""
        problem = self.problem
        if not problem.receivers:
            yield Assignment(())
        elif self.excess:
            yield from self._excess_answers()
        else:
            yield from self._walk()

    def _walk(self) -> Iterator[Assignment]:
        """The table's answers, depth first on an explicit stack (no recursion)."""
        receivers = self.problem.receivers
        size = len(receivers)
        amounts = [0] * size
        # the answer's pairs in id order, built without sorting each answer
        by_id = sorted(range(size), key=lambda i: receivers[i].id)
        ids = [receivers[i].id for i in by_id]
        options: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}

        def listed(index: int, state: int, left: int) -> Iterator[tuple[int, int]]:
            key = (index, state, left)
            found = options.get(key)
            if found is None:
                found = tuple(self.options(index, state, left))
                if len(options) < MOST_KEPT_OPTIONS:
                    options[key] = found
            return iter(found)

        stack: list[Iterator[tuple[int, int]]] = [listed(0, START, self.problem.damage)]
        states = [START]
        remaining = [self.problem.damage]
        while stack:
            chosen = next(stack[-1], None)
            if chosen is None:
                stack.pop()
                states.pop()
                remaining.pop()
                continue
            index = len(stack) - 1
            amount, state = chosen
            amounts[index] = amount
            left = remaining[-1] - amount
            if index + 1 == size:
                yield Assignment(tuple((unit, amounts[i])
                                       for unit, i in zip(ids, by_id, strict=True)
                                       if amounts[i]))
                continue
            stack.append(listed(index + 1, state, left))
            states.append(state)
            remaining.append(left)

    def options(self, index: int, state: int, remaining: int) -> Iterator[tuple[int, int]]:
        """The amounts receiver ``index`` may take out of ``remaining`` damage in ``state``
        (the state after the receivers before it) that leave a completion, ascending, and
        the state after each: what a listing walks, and what the steps offer
        (:mod:`riftsolve.engine.families.combat_steps`)."""
        receiver = self.problem.receivers[index]
        here = self.entering(index, state)
        after = self.feasible[index + 1]
        for move, least, most in _moves(receiver, remaining):
            nxt = step(receiver.rank, here, move)
            if nxt is None:
                continue
            counts = after[nxt]
            if least == most:
                if counts[remaining - least]:
                    yield least, nxt
                continue
            window = counts[remaining - most:remaining - least + 1]
            for offset in np.flatnonzero(window != 0)[::-1]:
                yield remaining - (remaining - most + int(offset)), nxt

    def _excess_answers(self) -> Iterator[Assignment]:
        if self.problem.excess == "last":
            for position in range(len(self.last)):
                yield self._excess_answer(self._last_extra(position))
            return
        for index in range(self.count()):
            yield self._excess_answer(self._composition(index))

    def _excess_answer(self, extra: list[int]) -> Assignment:
        receivers = self.problem.receivers
        return Assignment.of((r.id, self.filled[r.id] + x)
                             for r, x in zip(receivers, extra, strict=True))

    def _last_extra(self, position: int) -> list[int]:
        """The excess all on the ``position``-th answer's unit: ascending order of the
        amounts puts the last candidate first."""
        unit = self.last[len(self.last) - 1 - position]
        return [self.excess if r is unit else 0 for r in self.problem.receivers]

    def _composition(self, index: int) -> list[int]:
        """The ``index``-th division of the excess in ascending order."""
        parts, left, extra = len(self.problem.receivers), self.excess, []
        for position in range(parts - 1):
            rest = parts - position - 1
            amount = 0
            while True:  # the block of answers giving this receiver ``amount``
                block = _compositions(left - amount, rest)
                if index < block:
                    break
                index -= block
                amount += 1
            extra.append(amount)
            left -= amount
        extra.append(left)
        return extra

    # ------------------------------------------------------------------ ranking

    def rank(self, answer: Assignment) -> int:
        """The position of a legal ``answer`` in the listing order."""
        problem = self.problem
        amounts = dict(answer.assigned)
        if not problem.receivers:
            return 0
        if self.excess:
            extra = [amounts.get(r.id, 0) - self.filled[r.id] for r in problem.receivers]
            if problem.excess == "last":
                position = next(i for i, x in enumerate(extra) if x)
                unit = problem.receivers[position]
                return len(self.last) - 1 - self.last.index(unit)
            return self._composition_rank(extra)
        table = self.completions
        state, remaining, position = START, problem.damage, 0
        for index, receiver in enumerate(problem.receivers):
            given = amounts.get(receiver.id, 0)
            here = self.entering(index, state)
            after = table[index + 1]
            for move, least, most in _moves(receiver, remaining):
                nxt = step(receiver.rank, here, move)
                if nxt is None:
                    continue
                if least <= given <= most:
                    below = after[nxt][remaining - given + 1:remaining - least + 1]
                    position += int(sum(below))
                    state = nxt
                    break
                if most < given:
                    position += int(sum(after[nxt][remaining - most:remaining - least + 1]))
            remaining -= given
        return position

    def _composition_rank(self, extra: list[int]) -> int:
        parts, left, position = len(extra), self.excess, 0
        for index, amount in enumerate(extra[:-1]):
            rest = parts - index - 1
            # the answers giving this receiver less: sum over v < amount of
            # compositions(left - v, rest) = C(left + rest, rest) - C(left - amount + rest, rest)
            position += comb(left + rest, rest) - comb(left - amount + rest, rest)
            left -= amount
        return position

    def unrank(self, index: int) -> Assignment:
        """The answer at ``index`` in the listing order (``0 <= index < count()``)."""
        problem = self.problem
        if not problem.receivers:
            return Assignment(())
        if self.excess:
            if problem.excess == "last":
                return self._excess_answer(self._last_extra(index))
            return self._excess_answer(self._composition(index))
        table = self.completions
        state, remaining, chosen = START, problem.damage, []
        for position, receiver in enumerate(problem.receivers):
            here = self.entering(position, state)
            after = table[position + 1]
            for move, least, most in _moves(receiver, remaining):
                nxt = step(receiver.rank, here, move)
                if nxt is None:
                    continue
                # the block's counts by amount, ascending: after[nxt][remaining - amount]
                block = after[nxt][remaining - most:remaining - least + 1][::-1]
                total = int(sum(block))
                if index >= total:
                    index -= total
                    continue
                running = np.cumsum(block).astype(object)
                offset = int(np.searchsorted(running, index, side="right"))
                index -= int(running[offset - 1]) if offset else 0
                amount = least + offset
                chosen.append((receiver.id, amount))
                remaining -= amount
                state = nxt
                break
        return Assignment.of(chosen)


def assignments(problem: CombatProblem) -> Iterator[Assignment]:
    """Every legal assignment of ``problem``, each once, in ascending order of the amounts
    (the native backend's listing)."""
    return iter(Table(problem))
