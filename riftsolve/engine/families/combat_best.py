"""The best combat damage assignments, exact, without listing them.

What an assignment is worth adds up receiver by receiver: whether a receiver dies, its
overkill, its value, whether it is assigned anything depend on its own amount only (each
measured by :func:`riftsolve.rules.outcome.apply`, the one definition of every metric).
Within a receiver, every amount below its lethal amount is worth the same (it does not
die). So the best assignment is a knapsack over which receivers are filled, under the
order: the same automaton as :mod:`riftsolve.engine.assign`, maximising instead of
counting. ``best[i][state][r]`` is the best worth of the receivers from ``i`` on taking
``r`` damage; the top K answers then come best first from a search whose every bound is
exact (each node's prefix plus the best completion), ties in the listing order.

With damage left once every receiver is filled, every answer fills all of them and the
excess only adds overkill, the same whatever its division: every answer is optimal.

>>> import riftsolve as rs
>>> legal = rs.resolve(rs.load_scenario(rs.example_path("combat-lethal-in-full")))
>>> [r.values for r in rs.best(legal, "kills,-overkill")][0]
{'kills': 1, 'overkill': 0}
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt

from riftsolve.engine.assign import FILL, PARTIAL, START, ZERO, Table, _moves, step
from riftsolve.engine.count import CountTooLarge
from riftsolve.engine.families.combat import CombatResolutions
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.optima import (
    MOST_OPTIMA,
    BestStrategy,
    Linear,
    Ranked,
    TooManyToRank,
    register_best,
    values,
)
from riftsolve.i18n import N_, _
from riftsolve.rules.answers import Answer
from riftsolve.rules.answers.combat import Assignment
from riftsolve.rules.effects.combat import CombatDamage
from riftsolve.rules.families.combat import Receiver
from riftsolve.rules.objectives import Objective
from riftsolve.rules.outcome import apply
from riftsolve.rules.scenario import Scenario, ScenarioError

#: Most cells of the table of best worths (receivers x states x damage) of Python
#: integers (worths too wide for 64 bits), and of 64-bit integers (8 bytes each).
MOST_CELLS = 2 * 10**6
MOST_INT64_CELLS = 8 * 10**6
#: The worths are held in 64-bit integers when every one (and the floor, times 8) is
#: below this; else in Python integers.
INT64_LIMIT = 2**62
#: Most divisions of the excess scored one by one (a linear objective).
MOST_SCORED = 200_000

Key = tuple[int, ...]
Measure = Callable[[Assignment], Key]
#: A row of the table of best worths, by damage taken: encoded worths, 64-bit or Python
#: integers.
Vector = npt.NDArray[np.object_] | npt.NDArray[np.int64]


def _encode(keys: list[Key]) -> tuple[Callable[[Key], int], Callable[[int], Key], int]:
    """Lexicographic keys as single integers, in a balanced radix wide enough for any sum
    of the keys, so that the table's maxima are numpy maxima; and a floor below every
    sum (and below any sum plus a key), standing for "impossible": every encoded sum is
    smaller than ``-floor / 4`` in size, the floor plus a key larger than ``5 floor / 4``."""
    terms = len(keys[0]) if keys else 0
    radix = 2 * sum(abs(part) for key in keys for part in key) + 3

    def encode(key: Key) -> int:
        value = 0
        for part in key:
            value = value * radix + part
        return value

    def decode(value: int) -> Key:
        parts = []
        for _term in range(terms):
            part = value % radix
            if part > radix // 2:
                part -= radix
            parts.append(part)
            value = (value - part) // radix
        return tuple(reversed(parts))

    return encode, decode, -4 * radix ** max(terms, 1)


class BestAssignments:
    """The best assignments of a combat ``table`` by ``measure`` (the worth of one
    assignment, higher is better, additive over receivers). With ``alike_below_lethal``
    (every metric of an :class:`~riftsolve.rules.objectives.Objective`), all amounts
    below a receiver's lethal amount are worth the same; otherwise (a linear objective
    over the damage dealt) each is measured."""

    def __init__(self, table: Table, measure: Measure, alike_below_lethal: bool = True
                 ) -> None:
        self.table = table
        self.problem = table.problem
        self.alike = alike_below_lethal
        nothing = measure(Assignment(()))

        def worth(receiver: Receiver, amount: int) -> Key:
            alone = measure(Assignment.of({receiver.id: amount}))
            return tuple(a - b for a, b in zip(alone, nothing, strict=True))

        self._worth = worth
        self._partials: dict[tuple[int, int], int] = {}
        self.base = nothing
        # the worth of each move: nothing, any amount below lethal (all alike), lethal
        self.worths: list[dict[int, Key]] = []
        for r in self.problem.receivers:
            moves = {ZERO: tuple(0 for _ in nothing), PARTIAL: worth(r, 1)}
            if r.lethal is not None:
                moves[FILL] = worth(r, r.lethal)
            self.worths.append(moves)
        self.measure = measure
        keys = [k for moves in self.worths for k in moves.values()]
        if not alike_below_lethal:  # the largest partial amounts bound every other one
            keys += [worth(r, min(r.lethal - 1 if r.lethal else self.problem.damage,
                                  self.problem.damage))
                     for r in self.problem.receivers
                     if (r.lethal or self.problem.damage + 1) > 1 and self.problem.damage]
        self.encode, self.decode, self.floor = _encode(keys)
        #: 64-bit integers where every sum and the floor's neighbourhood fit.
        self.dtype = np.dtype(np.int64 if -8 * self.floor < INT64_LIMIT else object)
        self._best: list[dict[int, Vector]] | None = None

    # ------------------------------------------------------------------ the table

    @property
    def best(self) -> list[dict[int, Vector]]:
        """``best[i][state][r]``: the best encoded worth of receivers ``i``... taking
        ``r`` damage (:attr:`floor` where they cannot)."""
        if self._best is None:
            self._best = self._build()
        return self._best

    def _build(self) -> list[dict[int, Vector]]:
        damage = self.problem.damage
        reached = self.table.states()
        cells = sum(len(s) for s in reached) * (damage + 1)
        if not self.alike:  # each partial amount is a row of its own
            cells *= max((min(r.lethal or damage + 1, damage + 1) for r in
                          self.problem.receivers), default=1)
        bound = MOST_INT64_CELLS if self.dtype == np.int64 else MOST_CELLS
        if cells > bound:
            raise CountTooLarge(N_("the best combat assignments (a table of receivers x "
                                   "damage)"), cells, N_("a smaller board"),
                                steps=N_("table cells"), bound=bound)
        end = np.full(damage + 1, self.floor, dtype=self.dtype)
        end[0] = 0
        table: list[dict[int, Vector]] = [{} for _ in reached]
        table[-1] = {state: end for state in reached[-1]}
        for index in range(len(self.problem.receivers) - 1, -1, -1):
            for state in reached[index]:
                table[index][state] = self._row(index, state, table[index + 1])
        return table

    def _row(self, index: int, state: int, after: dict[int, Vector]) -> Vector:
        receiver = self.problem.receivers[index]
        damage = self.problem.damage
        here = self.table.entering(index, state)
        row = np.full(damage + 1, self.floor, dtype=self.dtype)
        worths = self.worths[index]
        lethal = receiver.lethal
        zero = step(receiver.rank, here, ZERO)
        if zero is not None:
            row = np.maximum(row, after[zero])
        fill = None if lethal is None else step(receiver.rank, here, FILL)
        if fill is not None and lethal is not None and lethal <= damage:
            shifted = np.full(damage + 1, self.floor, dtype=self.dtype)
            shifted[lethal:] = after[fill][:damage + 1 - lethal] + self.encode(worths[FILL])
            row = np.maximum(row, np.where(shifted > self.floor // 2, shifted, self.floor))
        partial = None if lethal == 1 else step(receiver.rank, here, PARTIAL)
        if partial is not None:
            width = damage if lethal is None else min(lethal - 1, damage)
            if self.alike:
                window = _window_max(after[partial], width, self.floor)
                gained = window + self.encode(worths[PARTIAL])
                row = np.maximum(row, np.where(window > self.floor // 2, gained, self.floor))
            else:
                for amount in range(1, width + 1):
                    shifted = np.full(damage + 1, self.floor, dtype=self.dtype)
                    shifted[amount:] = after[partial][:damage + 1 - amount]
                    gained = shifted + self.partial_worth(index, amount)
                    row = np.maximum(row, np.where(shifted > self.floor // 2, gained,
                                                   self.floor))
        return row

    def partial_worth(self, index: int, amount: int) -> int:
        """The encoded worth of receiver ``index`` taking ``amount``, below lethal."""
        if self.alike:
            return self.encode(self.worths[index][PARTIAL])
        known = self._partials.get((index, amount))
        if known is None:
            known = self.encode(self._worth(self.problem.receivers[index], amount))
            self._partials[(index, amount)] = known
        return known

    # ------------------------------------------------------------------ the answers

    def ranked(self, keep: int | None, most: int) -> Iterator[tuple[Assignment, Key]]:
        """The best answers, best first, ties in the listing order: ``keep`` of them, or
        every optimal one (``keep=None``, at most ``most``: past it an OverflowError)."""
        problem = self.problem
        if not problem.receivers or self.table.excess:
            yield from self._all_alike(keep, most)
            return
        table = self.best
        receivers = problem.receivers
        top = int(table[0][START][problem.damage])
        zero = self.encode(tuple(0 for _ in self.base))
        # (-bound, amounts so far, state, remaining, worth so far)
        heap: list[tuple[int, tuple[int, ...], int, int, int]] = [
            (-top, (), START, problem.damage, zero)]
        given = 0
        while heap:
            bound, amounts, state, remaining, worth = heapq.heappop(heap)
            if keep is None and -bound != top:
                return
            index = len(amounts)
            if index == len(receivers):
                if keep is None and given == most:
                    raise OverflowError(f"more than {most:,} optimal answers")
                yield (Assignment.of(zip((r.id for r in receivers), amounts, strict=True)),
                       self._key(worth))
                given += 1
                if keep is not None and given == keep:
                    return
                continue
            receiver = receivers[index]
            here = self.table.entering(index, state)
            after = table[index + 1]
            for move, least, most_amount in _moves(receiver, remaining):
                nxt = step(receiver.rank, here, move)
                if nxt is None:
                    continue
                for amount in range(least, most_amount + 1):
                    rest = int(after[nxt][remaining - amount])
                    if rest <= self.floor // 2:
                        continue
                    gained = worth + (self.partial_worth(index, amount) if move == PARTIAL
                                      else self.encode(self.worths[index][move]))
                    heapq.heappush(heap, (-(gained + rest), (*amounts, amount), nxt,
                                          remaining - amount, gained))

    def _key(self, worth: int) -> Key:
        return tuple(b + w for b, w in zip(self.base, self.decode(worth), strict=True))

    def _all_alike(self, keep: int | None, most: int) -> Iterator[tuple[Assignment, Key]]:
        """Every answer worth the same (no receiver, or damage past filling them all):
        the first ``keep`` in the listing order, or all of them."""
        total = self.table.count()
        if not self.alike:  # a linear objective: where the excess goes matters
            if total > MOST_SCORED:
                raise OverflowError(f"{total:,} divisions of the excess to score (at most "
                                    f"{MOST_SCORED:,})")
            scored = sorted(((self.measure(a), i, a) for i, a in enumerate(self.table)),
                            key=lambda s: (tuple(-k for k in s[0]), s[1]))
            if keep is None:
                scored = [s for s in scored if s[0] == scored[0][0]][:most + 1]
                if len(scored) > most:
                    raise OverflowError(f"more than {most:,} optimal answers")
            yield from ((a, k) for k, _, a in scored[:keep])
            return
        if keep is None and total > most:
            raise OverflowError(f"{total:,} optimal answers (every one)")
        for index in range(total if keep is None else min(keep, total)):
            answer = self.table.unrank(index)
            yield answer, self.measure(answer)


def _window_max(values: Vector, width: int, floor: int) -> Vector:
    """``out[r]``: the largest of ``values[r - width .. r - 1]`` (``floor`` if none)."""
    size = len(values)
    out = np.empty_like(values)  # (of the values' integers, 64-bit or Python)
    out.fill(floor)
    width = min(width, size - 1)  # no window reaches further back than the first value
    if width <= 0:
        return out
    # doubling: spans[k][j] = max(values[j .. j + 2**k - 1])
    spans = [values]
    length = 1
    while 2 * length <= width:
        last = spans[-1]
        merged = np.empty_like(values)
        merged.fill(floor)
        merged[:size - length] = np.maximum(last[:size - length], last[length:])
        spans.append(merged)
        length *= 2
    # out[r] for r <= width: the prefix maximum of values[0 .. r - 1]
    head = min(width, size - 1)
    out[1:head + 1] = np.maximum.accumulate(values[:head])
    if size > width + 1:  # past it, windows of exactly ``width``: two spans cover each
        level = width.bit_length() - 1
        r = np.arange(width + 1, size)
        out[width + 1:] = np.maximum(spans[level][r - width],
                                     spans[level][r - (1 << level)])
    return out


def best_assignments(scenario: Scenario, table: Table, measure: Measure, keep: int | None,
                     most: int) -> list[tuple[Assignment, Key]]:
    """The best answers of a combat (see :class:`BestAssignments`)."""
    del scenario  # the measure reads it
    return list(BestAssignments(table, measure).ranked(keep, most))


def combat_sides(scenario: Scenario) -> list[Scenario]:
    """The combat as each side assigns it: the attacker first, then each defender with a
    unit there (465.2.c), every one on the board as it is (assigning is not dealing,
    465.2.c.1; all of it is dealt at once, 465.2.d); any other effect is a
    :class:`ScenarioError`."""
    from dataclasses import replace

    combat = scenario.effect
    if not isinstance(combat, CombatDamage):
        raise ScenarioError("combat", _("each side's assignment is a combat's: give a "
                                        "scenario with a 'combat' block"))
    there = dict.fromkeys(u.controller for u in scenario.board
                          if u.location == combat.battlefield)
    order = [combat.attacker, *(p for p in there if p != combat.attacker)]
    return [replace(scenario, controller=player,
                    effect=replace(combat, assigner=player))
            for player in order if player in there]


def rank_combat_assignments(legal: LegalSet[Answer], goal: Objective | Linear, keep: int | None,
                            method: str) -> list[Ranked]:
    """The ``keep`` best combat assignments (``None``: every optimal one) by ``goal``: the
    knapsack over which receivers are filled, under the order (:class:`BestAssignments`),
    each answer's worth measured on its outcome."""
    if not isinstance(legal, CombatResolutions):
        raise TypeError(f"combat assignments are ranked here, not {type(legal).__name__}")
    scenario = legal.scenario
    measure: Measure
    if isinstance(goal, Linear):
        linear = goal

        def measure(answer: Assignment) -> Key:
            done = apply(scenario, answer)
            return (sum(linear.damage.get(u, 0) * amount for u, amount in done.dealt)
                    + sum(linear.kills.get(u, 0) for u in done.killed),)
    else:
        objective = goal

        def measure(answer: Assignment) -> Key:
            return objective.measure(scenario, answer)

    try:
        ranked = list(BestAssignments(legal.table, measure, not isinstance(goal, Linear))
                      .ranked(keep, MOST_OPTIMA))
    except OverflowError as error:
        raise TooManyToRank(_("{error} (at most {most} are listed): ask --top K instead"
                              ).format(error=error, most=f"{MOST_OPTIMA:,}")) from None
    except CountTooLarge as error:  # ranking, not counting: say so
        raise TooManyToRank(_(
            "ranking these combat assignments needs a table of {work} cells (receivers x "
            "states x damage), over the bound of {bound}: ask about a smaller board").format(
                work=f"{error.work:,}", bound=f"{error.bound:,}")) from None
    return [Ranked(answer, key, {} if isinstance(goal, Linear) else values(goal, key))
            for answer, key in ranked]


register_best(CombatResolutions, BestStrategy(rank_combat_assignments, linear=True))
