"""The best split of damage without listing: a knapsack over "which targets die".

For a split where every legal target is kept (``n <= D``), each target gets 1 and the
``E = D - n`` extra damage is spread. A target ``t`` dies when it gets ``need_t``
(``max(1, lethal - marked damage)``), which costs ``c_t = need_t - 1`` of the extra. The
extra left over is absorbed first by the survivors (up to ``need_t - 2`` each, changing
nothing) and then, as overkill, by a dead target. So the overkill beyond each dead
target's own ``o_t`` is ``max(0, E - S - #{dead t with need_t >= 2})`` with ``S`` the
survivors' capacity if nobody died, and a choice of dead targets is possible when its
costs fit ``E`` and, if that overkill is positive, somebody dies. Every other metric
(kills, XP, killed Might, value) adds up over the dead. A dynamic programme over
(extra used, dead targets with ``need >= 2``) therefore finds the exact lexicographic
optimum in ``O(n * E * n)`` numpy work, for any objective of those metrics.

When damage is short (``n > D``) each kept target gets exactly 1, so the best answer
keeps the ``D`` targets whose outcome under 1 damage is best (an exchange argument: the
lexicographic sum of ``D`` vectors is largest for the ``D`` largest vectors).

>>> from riftsolve.rules.families.split import SplitResolveProblem
>>> from riftsolve.formats.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["n"], "units": [{"id": "kai", "controller": "A", "might": 6,
...     "location": "n"}] + [{"id": f"t{i}", "controller": "B", "might": m, "location": "n"}
...     for i, m in enumerate([1, 2, 3])],
...     "targets": {"friendly": "kai", "enemies": ["t0", "t1", "t2"]}})
>>> from riftsolve.rules.objectives import Objective
>>> best_split(s, SplitResolveProblem(("t0", "t1", "t2"), 6), Objective.parse("kills,-overkill"))
Resolution(damage=(('t0', 1), ('t1', 2), ('t2', 3)))
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from riftsolve.rules.answers import Resolution
from riftsolve.rules.families.split import SplitResolveProblem
from riftsolve.rules.objectives import Objective, lethal, unit_metrics
from riftsolve.rules.scenario import Scenario

#: Most cells of the DP's tables (items x extra damage x deaths): beyond it the best split
#: is left to CP-SAT, whose model does not grow with the amount of damage.
MOST_CELLS = 2 * 10**7

#: Metrics the knapsack handles (the others need listing or CP-SAT).
KNAPSACK_METRICS = frozenset({"kills", "xp", "killed-might", "value", "overkill", "affected"})
_NEG = np.int64(-(2**62))


def best_split(scenario: Scenario, problem: SplitResolveProblem, goal: Objective, *,
               search: bool = True) -> Resolution | None:
    """The best resolution for ``goal``, or ``None`` when the shape does not apply; with
    ``search=False``, also ``None`` where the choice of deaths would be a CP-SAT search
    (:func:`_deaths_model`: a hint wants no search of its own)."""
    if problem.forfeit or problem.pool_null is not None:
        return None
    if any(t.metric not in KNAPSACK_METRICS for t in goal.terms):
        return None
    n, pool = len(problem.targets), problem.pool
    if problem.keep == 0:
        return Resolution(())
    if n > pool:
        return _best_drop(scenario, problem, goal)
    return _best_spread(scenario, problem, goal, search)


def _killed_vector(scenario: Scenario, unit_id: str, amount: int, goal: Objective
                   ) -> tuple[int, ...]:
    metrics = unit_metrics(scenario, scenario.board[unit_id], amount)
    metrics["affected"] = 0  # every kept target is affected: the same for every answer
    return tuple(t.sign * metrics[t.metric] for t in goal.terms)


def _best_drop(scenario: Scenario, problem: SplitResolveProblem, goal: Objective
               ) -> Resolution:
    """Damage is short: keep the ``pool`` targets that do best with 1 damage each."""
    ranked = sorted(range(len(problem.targets)),
                    key=lambda i: tuple(-v for v in _killed_vector(
                        scenario, problem.targets[i], 1, goal)))
    kept = sorted(ranked[:problem.pool])
    return Resolution(tuple((problem.targets[i], 1) for i in kept))


def _best_spread(scenario: Scenario, problem: SplitResolveProblem, goal: Objective,
                 search: bool = True) -> Resolution | None:
    targets = problem.targets
    units = [scenario.board[u] for u in targets]
    n, extra = len(units), problem.pool - len(units)
    need = [max(1, lethal(scenario, u) - u.damage) for u in units]
    dead = [_killed_vector(scenario, u, k, goal) for u, k in zip(targets, need, strict=True)]
    # targets that any damage kills (need 1) always die: only the others are choices
    forced = [t for t in range(n) if need[t] == 1]
    items = [t for t in range(n) if need[t] >= 2]
    surplus = extra - sum(need[t] - 2 for t in items)
    weights = _weights(goal, dead, max(0, surplus, extra))
    if weights is None:
        return None
    score = [sum(w * d[j] for j, w in enumerate(weights)) for d in dead]
    base = sum(score[t] for t in forced)
    width = len(items) + 1
    # extra damage spent on deaths never exceeds what killing every item costs
    kill_all = sum(need[t] - 1 for t in items)
    span = min(extra, kill_all)
    overkill = [(j, t.sign) for j, t in enumerate(goal.terms) if t.metric == "overkill"]
    if len({sign for _, sign in overkill}) > 1:
        return None
    # Wanting overkill, the leftover goes onto a dead target; otherwise survivors first.
    greedy = bool(overkill) and overkill[0][1] > 0
    spill_weights = [sign * weights[j] for j, sign in overkill]
    if items and len({score[t] for t in items}) == 1:  # (kills, XP: how many, not which)
        found = _cheapest_deaths(items, need, score, base, extra, span, surplus, forced,
                                 spill_weights, greedy)
        return None if found is None else _amounts(problem, need, found, greedy)
    if items and span == kill_all and (
            greedy or surplus >= len(items)):
        # every choice of deaths is affordable and the overkill is linear in it (the
        # leftover, or the surplus less one a death): each item is chosen on its own
        deaths = _independent_deaths(items, need, score, base, extra, surplus, forced,
                                     spill_weights, greedy)
        return _amounts(problem, need, deaths, greedy)
    if len(items) * (span + 1) * width > MOST_CELLS:
        if not search:
            return None
        modelled = _deaths_model(items, need, dead, forced, extra, span, surplus, overkill,
                                 greedy)
        return None if modelled is None else _amounts(problem, need, modelled, greedy)
    table = np.full((span + 1, width), _NEG, dtype=np.int64)  # somebody chosen to die
    chosen = np.zeros((len(items), span + 1, width), dtype=bool)
    from_base = np.zeros((len(items), span + 1), dtype=bool)
    for i, t in enumerate(items):
        cost = need[t] - 1
        if cost > span:
            continue
        shifted = np.full_like(table, _NEG)
        source = table[: span + 1 - cost, : width - 1]
        shifted[cost:, 1:] = np.where(source > _NEG, source + score[t], _NEG)
        if base + score[t] > shifted[cost, 1]:  # the first chosen death
            shifted[cost, 1] = base + score[t]
            from_base[i, cost] = True
        better = shifted > table
        table = np.where(better, shifted, table)
        chosen[i] = better

    def settled(value: npt.NDArray[np.int64], deaths: npt.NDArray[np.int64],
                used: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Add the overkill of what is left over once the deaths have been paid for."""
        for j, sign in overkill:
            spilled = (extra - used) if greedy else np.maximum(0, surplus - deaths)
            value = value + sign * spilled * weights[j]
        return value

    final = np.where(table > _NEG, settled(table, np.arange(width)[None, :],
                                           np.arange(span + 1)[:, None]), _NEG)
    options = []
    if final.max() > _NEG:
        row, column = np.unravel_index(int(np.argmax(final)), final.shape)
        options.append((int(final[row, column]), 1, int(row), int(column)))
    spill = _spilled_alone(forced, extra, surplus, greedy)
    if spill is not None:
        value = base + sum(sign * spill * weights[j] for j, sign in overkill)
        options.append((value, 0, 0, 0))
    if not options:
        return None
    _, chosen_any, c, d = max(options)
    deaths = set(forced)
    if chosen_any:
        for i in range(len(items) - 1, -1, -1):
            if chosen[i, c, d]:
                deaths.add(items[i])
                if from_base[i, c] and d == 1:
                    break
                c, d = c - (need[items[i]] - 1), d - 1
    return _amounts(problem, need, deaths, greedy)


def _deaths_model(items: list[int], need: list[int], dead: list[tuple[int, ...]],
                  forced: list[int], extra: int, span: int, surplus: int,
                  overkill: list[tuple[int, int]], greedy: bool) -> set[int] | None:
    """The table's optimum when the table is too large (the extra damage runs to
    millions): the same choice of deaths as a CP-SAT model whose size does not grow with
    the damage, a 0/1 variable for each target that may die, the objective's terms
    maximised in order.

    A choice of deaths ``S`` (beside the ``forced`` ones) is possible when its costs
    (``need - 1`` each) fit ``span``; its term ``j`` is the sum over the dead of their
    ``dead[t][j]`` plus, for an overkill term, its sign times the leftover spilled:
    ``extra - used`` wanting overkill, else ``max(0, surplus - |S|)``, the table's own
    values. As in the table, ``S`` is not empty, and "nobody else dies" (possible when
    a target dies of any damage, or the survivors hold all the extra) is chosen only
    when it is strictly better. ``None`` when no split is possible.

    Raises :class:`~riftsolve.engine.optima.TooManyToRank` when CP-SAT proves no optimum
    within :data:`~riftsolve.engine.optima.SEARCH_SECONDS`."""
    import time

    from ortools.sat.python import cp_model

    from riftsolve.engine.optima import SEARCH_SECONDS
    from riftsolve.engine.params import optimise_in_order

    terms = range(len(dead[0])) if dead else range(0)
    signs = dict(overkill)
    base = [sum(dead[t][j] for t in forced) for j in terms]
    options: list[tuple[tuple[int, ...], int, set[int]]] = []
    if items:
        model = cp_model.CpModel()
        dies = [model.new_bool_var(f"dies{t}") for t in items]
        used = cp_model.LinearExpr.weighted_sum(dies, [need[t] - 1 for t in items])
        model.add(used <= span)
        model.add(cp_model.LinearExpr.sum(dies) >= 1)
        if greedy:
            spilled: cp_model.LinearExpr = extra - used
        else:
            spilled = model.new_int_var(0, max(0, surplus), "spilled")
            model.add_max_equality(spilled, [0, surplus - cp_model.LinearExpr.sum(dies)])
        exprs: list[cp_model.LinearExprT] = [
            cp_model.LinearExpr.weighted_sum(dies, [int(dead[t][j]) for t in items])
            + (signs[j] * spilled if j in signs else 0) for j in terms]
        solver = optimise_in_order(model, exprs, time.monotonic() + SEARCH_SECONDS)
        if solver is not None:
            chosen = {t for t, x in zip(items, dies, strict=True) if solver.value(x)}
            key = tuple(base[j] + round(solver.value(e)) for j, e in zip(terms, exprs,
                                                                          strict=True))
            options.append((key, 1, chosen))
    spill = _spilled_alone(forced, extra, surplus, greedy)
    if spill is not None:
        options.append((tuple(base[j] + signs.get(j, 0) * spill for j in terms), 0, set()))
    if not options:
        return None
    _key, _any, chosen = max(options, key=lambda option: option[:2])
    return {*forced, *chosen}


def _independent_deaths(items: list[int], need: list[int], score: list[int], base: int,
                        extra: int, surplus: int, forced: list[int], spill_weights: list[int],
                        greedy: bool) -> set[int]:
    """The best deaths when every choice of them is affordable and the overkill is linear:
    a death's gain is its score less what it takes off the overkill (its cost wanting
    overkill, else one of the surplus); every item that gains dies, at least the best one
    when somebody must (the table's answer, its ties to a death as it breaks them)."""
    spill = extra if greedy else surplus
    gains = [score[t] - sum(w * ((need[t] - 1) if greedy else 1) for w in spill_weights)
             for t in items]
    chosen = {t for t, gain in zip(items, gains, strict=True) if gain > 0}
    if not chosen:
        chosen = {items[max(range(len(items)), key=lambda i: (gains[i], -i))]}
    with_deaths = base + sum(w * spill for w in spill_weights) + sum(
        gain for t, gain in zip(items, gains, strict=True) if t in chosen)
    alone = _spilled_alone(forced, extra, surplus, greedy)
    if alone is not None and base + sum(w * alone for w in spill_weights) > with_deaths:
        return set(forced)
    return {*forced, *chosen}


def _cheapest_deaths(items: list[int], need: list[int], score: list[int], base: int,
                     extra: int, span: int, surplus: int, forced: list[int],
                     spill_weights: list[int], greedy: bool) -> set[int] | None:
    """The best deaths when every death is worth the same (``score`` equal over
    ``items``: kills, XP), or ``None`` when no split is possible; linear in the targets,
    whatever the damage.

    Proof: the table's value of a choice of ``k`` deaths costing ``used`` of the extra is
    ``base + k * s`` plus the overkill's weight times the leftover it spills, ``extra -
    used`` wanting overkill, else ``max(0, surplus - k)``: it depends on ``k`` alone, or
    grows as ``used`` shrinks. A choice is possible when ``used`` fits the extra, and for
    each ``k`` the ``k`` cheapest deaths (by ``need``) use the least: they are possible
    whenever any ``k`` deaths are, and score at least as well. So the optimum is among
    the prefixes of the targets in order of cost, and "nobody else dies" (possible when a
    target dies of any damage, or the survivors hold all the extra), which the table
    prefers only when it is strictly better."""
    order = sorted(items, key=lambda t: (need[t], t))
    each = score[order[0]]
    best: tuple[int, int] | None = None  # (value, how many of the cheapest die)
    used = 0
    for k, t in enumerate(order, 1):
        used += need[t] - 1
        if used > span:
            break
        spilled = (extra - used) if greedy else max(0, surplus - k)
        value = base + k * each + sum(w * spilled for w in spill_weights)
        if best is None or value > best[0]:
            best = (value, k)
    spill = _spilled_alone(forced, extra, surplus, greedy)
    if spill is not None:
        alone = base + sum(w * spill for w in spill_weights)
        if best is None or alone > best[0]:
            return set(forced)
    if best is None:
        return None
    return {*forced, *order[:best[1]]}


def _spilled_alone(forced: list[int], extra: int, surplus: int, greedy: bool) -> int | None:
    """The overkill when nobody dies beside the ``forced`` (a target any damage kills),
    or ``None`` when that is not possible: with nobody dead at all, the survivors must
    hold all the extra (``surplus <= 0``). Wanting overkill, the extra goes onto a forced
    death (none with nobody dead); otherwise survivors hold what they can and the rest,
    ``max(0, surplus)``, spills."""
    if not forced and surplus > 0:
        return None
    if greedy:
        return extra if forced else 0
    return max(0, surplus)


def _amounts(problem: SplitResolveProblem, need: list[int], deaths: set[int],
             greedy: bool) -> Resolution:
    """The split that kills ``deaths`` (each its need), every other target 1, the rest
    onto a dead target wanting overkill, else on survivors first, as far as they hold it."""
    targets, n = problem.targets, len(problem.targets)
    amounts = [need[t] if t in deaths else 1 for t in range(n)]
    left = problem.pool - sum(amounts)
    if greedy and deaths:
        amounts[min(deaths)] += left
        left = 0
    for t in range(n):  # survivors absorb what they can without dying
        if t not in deaths and left:
            room = min(left, need[t] - 1 - amounts[t])
            amounts[t] += room
            left -= room
    if left:
        amounts[min(deaths)] += left
    return Resolution(tuple(zip(targets, amounts, strict=True)))


def _weights(goal: Objective, dead: list[tuple[int, ...]], spill: int) -> list[int] | None:
    """Mixed-radix weights that make one integer compare like the objective's terms."""
    ranges = []
    for j, term in enumerate(goal.terms):
        low = sum(min(0, d[j]) for d in dead)
        high = sum(max(0, d[j]) for d in dead)
        if term.metric == "overkill":
            low, high = low - spill, high + spill
        ranges.append(high - low + 1)
    weights: list[int] = []
    radix = 1
    for size in reversed(ranges):
        weights.append(radix)
        radix *= size
    return None if radix >= 2**61 // 4 else list(reversed(weights))
