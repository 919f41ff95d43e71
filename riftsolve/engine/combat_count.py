"""The number of legal combat assignments (CR 1.4 465.2.c), by generating functions: what
:class:`~riftsolve.engine.assign.Table` counts, without its automaton's states.

Read by classes, a controller's receivers (465.2.c.6) are its Tanks ``T``, its other
units ``N``, its Backline units ``B`` and its units with both keywords ``E``; within a class
the order is free (465.2.c.7). In powers of ``x`` (the damage), a class ``X`` whose
receivers each get nothing or their lethal amount ``l`` gives ``P_X = prod (1 + x^l)``
(a receiver no amount is lethal to, 437.5.b, only nothing: 1); all of them filled gives
``A_X = x^(sum l)`` (0 when one cannot be filled); one of them partly filled, the others
nothing or lethal, gives ``S_X = sum Q_u P_(X - u)``, with ``Q_u = x + ... + x^(l-1)``
(``x + x^2 + ...`` when no amount is lethal). The rules of 465.2.c.3-4 (at most one
receiver partly filled) and the order (815: a Tank before the others; 826: the others
before a Backline unit; 465.2.c.8-9: a unit with both keywords filled or empty holds
nothing up, partly filled it is either first or last) give, without the partial receiver,

``F = P_E [(P_T - A_T) + A_T ((P_N - A_N) + A_N P_B)]``

and with it in this controller's units

``G = P_E [S_T + A_T S_N + A_T A_N S_B] + S_E [P_T - [N empty] A_T + A_T A_N P_B]``.

The controllers' orders are their own; the partial receiver is one in all: the count is
the coefficient of ``x^damage`` in ``prod F_c + sum_c G_c prod_(c' != c) F_c'``. Each
product is applied to the polynomial so far receiver by receiver (one shifted addition
of a row of damage + 1 integers each), ``S_X`` from ``P_X`` by ``Q_l / (1 + x^l)`` for each
lethal amount of the class (a few cumulative sums), so the work is about (receivers) x
(damage) additions, where the table's is (receivers) x (states) x (damage) and more.

>>> from riftsolve.rules.families.combat import CombatProblem, Rank, Receiver
>>> def unit(uid, lethal, rank=Rank.NORMAL):
...     return Receiver(uid, "B", rank, lethal, 0, lethal)
>>> four = CombatProblem(5, tuple(unit(f"d{i}", 3) for i in range(4)))
>>> count_assignments(four)  # 465.2.c.3's example: one filled (4 ways), 2 on another (3)
12
>>> tank_first = CombatProblem(4, (unit("t", 3, Rank.TANK), unit("d", 3)))
>>> count_assignments(tank_first)  # the Tank filled, then 1 on d (815): 3 + 1 only
1
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import groupby

import numpy as np
import numpy.typing as npt

from riftsolve.rules.families.combat import CombatProblem, Rank, Receiver

#: A polynomial in ``x`` up to ``x^damage``: its coefficients (Python integers).
Poly = npt.NDArray[np.object_]

#: Rows of damage + 1 integers a count holds at once (at most).
HELD_ROWS = 12


@dataclass(frozen=True)
class _Class:
    """The receivers of one class of one controller: their lethal amounts."""

    lethals: tuple[int | None, ...]

    @property
    def filled(self) -> int | None:
        """The exponent of ``A_X``: the damage that fills them all (``None``: one cannot
        be filled, ``A_X = 0``)."""
        if any(lethal is None for lethal in self.lethals):
            return None
        return sum(lethal for lethal in self.lethals if lethal is not None)

    def times_p(self, v: Poly) -> Poly:
        """``P_X v``: one shifted addition for each receiver that can be filled, over the
        coefficients that can be nonzero (``v``'s, then as far as each adds)."""
        v = v.copy()
        nonzero = np.flatnonzero(v != 0)
        top = int(nonzero[-1]) + 1 if len(nonzero) else 0  # past the last nonzero one
        for lethal in self.lethals:
            if lethal is not None and lethal < len(v):
                top = min(len(v), top + lethal)
                v[lethal:top] += v[:top - lethal]
        return v

    def times_s(self, pv: Poly) -> Poly:
        """``S_X v``, from ``pv = P_X v``: for each lethal amount ``l`` of ``k`` receivers,
        ``k Q_l P_X v / (1 + x^l)`` (the division is exact: ``P_X`` holds ``1 + x^l``)."""
        total = np.zeros(len(pv), dtype=object)
        for lethal, many in Counter(self.lethals).items():
            if lethal == 1:
                continue  # lethal 1: no amount below it (no partial)
            part = pv if lethal is None else _over_one_plus(pv, lethal)
            total += many * _times_q(part, lethal)
        return total


def _shift(v: Poly, power: int | None) -> Poly:
    """``x^power v`` (``None``: the zero polynomial, ``A_X = 0``)."""
    moved = np.zeros(len(v), dtype=object)
    if power is not None and power < len(v):
        moved[power:] = v[:len(v) - power]
    return moved


def _times_q(v: Poly, lethal: int | None) -> Poly:
    """``Q_l v``: ``(Q_l v)[r] = v[r - 1] + ... + v[r - l + 1]`` (every ``v[r - a]``,
    ``a >= 1``, when no amount is lethal)."""
    running = np.cumsum(v)
    out = np.zeros(len(v), dtype=object)
    out[1:] = running[:-1]
    if lethal is not None and lethal < len(v):
        out[lethal:] -= running[:-lethal]
    return out


def _over_one_plus(v: Poly, lethal: int) -> Poly:
    """``v / (1 + x^l)`` as a power series up to ``x^damage``: ``(1 - x^l) v`` summed
    along each residue of ``2 l`` (``1 / (1 - x^(2l))``)."""
    size, stride = len(v), 2 * lethal
    z = np.zeros(-(-size // stride) * stride, dtype=object)
    z[:size] = v
    if lethal < size:
        z[lethal:size] -= v[:size - lethal]
    summed: Poly = np.cumsum(z.reshape(-1, stride), axis=0).ravel()
    return summed[:size]


def _add(*terms: int | None) -> int | None:
    """A sum of exponents, ``None`` (a zero factor) if any is."""
    return None if any(t is None for t in terms) else sum(t for t in terms if t is not None)


@dataclass(frozen=True)
class _Controller:
    """One controller's receivers (a run of them in the problem's order), by class."""

    tanks: _Class
    others: _Class
    backline: _Class
    either: _Class

    def apply(self, v: Poly, partial: bool) -> tuple[Poly, Poly | None]:
        """``F v`` and (``partial``) ``G v``: see the module's docstring."""
        t, n, b, e = self.tanks, self.others, self.backline, self.either
        at, an = t.filled, n.filled
        pt, pn, pb = t.times_p(v), n.times_p(v), b.times_p(v)
        inner = pn - _shift(v, an) + _shift(pb, an)
        f = e.times_p(pt - _shift(v, at) + _shift(inner, at))
        if not partial:
            return f, None
        ahead = _add(at, an)
        held = t.times_s(pt) + _shift(n.times_s(pn), at) + _shift(b.times_s(pb), ahead)
        either = pt + _shift(pb, ahead)
        if not n.lethals:  # (no other unit: "all filled" is no one filled as well)
            either -= _shift(v, at)
        return f, e.times_p(held) + e.times_s(e.times_p(either))


def controllers(problem: CombatProblem) -> list[_Controller] | None:
    """The problem's receivers by controller and class, or ``None`` when they are not
    listed as the table reads them (each controller's receivers together, by rank) or
    a lethal amount is 0."""
    found = []
    for _owner, run in groupby(problem.receivers, key=lambda r: r.controller):
        own: list[Receiver] = list(run)
        ranks = [r.rank for r in own]
        if ranks != sorted(ranks) or any(r.lethal is not None and r.lethal < 1 for r in own):
            return None
        by_rank = {rank: _Class(tuple(r.lethal for r in own if r.rank is rank))
                   for rank in Rank}
        found.append(_Controller(by_rank[Rank.TANK], by_rank[Rank.NORMAL],
                                 by_rank[Rank.BACKLINE], by_rank[Rank.EITHER]))
    return found


def work(problem: CombatProblem) -> int:
    """The additions of damage + 1 integers a count makes, about: each receiver's shifted
    addition, twice after the first controller (the polynomial with the partial receiver
    too), three times for a unit with both keywords."""
    runs = len({r.controller for r in problem.receivers})
    rows = sum(3 if r.rank is Rank.EITHER else 1 for r in problem.receivers) * min(runs, 2)
    return rows * (problem.damage + 1)


def count_assignments(problem: CombatProblem) -> int | None:
    """The number of legal assignments of ``problem`` when no receiver can be filled with
    damage left over (the table's question; the excess has its own closed form), or
    ``None`` when its receivers are not listed as :func:`controllers` reads them."""
    runs = controllers(problem)
    if runs is None:
        return None
    if not runs:
        return 1  # nothing can be assigned anything: the one answer assigns nothing
    size = problem.damage + 1
    so_far: Poly = np.zeros(size, dtype=object)  # F of the controllers so far
    so_far[0] = 1
    with_partial: Poly | None = None  # G of the controllers so far
    for run in runs:
        f, g = run.apply(so_far, partial=True)
        assert g is not None
        if with_partial is not None:
            g += run.apply(with_partial, partial=False)[0]
        so_far, with_partial = f, g
    assert with_partial is not None
    return int(so_far[-1] + with_partial[-1])
