"""The best split resolutions (355.14.e-h), exact, by size: up to :data:`FEW_SCORED`
answers scored one by one; the single best past :data:`KNAPSACK_FROM` by a knapsack over
which targets die (:mod:`riftsolve.engine.knapsack`, no listing) when every death is
affordable; up to :data:`VECTOR_LIMIT` every answer scored a numpy block at a time; past
it a CP-SAT model of the same question optimised term by term (each optimum proven
OPTIMAL). Each of these is also asked for by name (``method``: ``scored``, ``knapsack``,
``cpsat``).

>>> import riftsolve as rs
>>> legal = rs.resolve(rs.load_scenario(rs.example_path("alpha-strike-6-among-3")))
>>> [r.values for r in rs.best(legal, "kills,-overkill", method="scored")]
[{'kills': 3, 'overkill': 0}]
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from riftsolve.engine.backends import native
from riftsolve.engine.backends.native import BLOCK_ROWS
from riftsolve.engine.families.split import Resolutions
from riftsolve.engine.knapsack import best_split
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.optima import (
    FEW_SCORED,
    KNAPSACK_FROM,
    MOST_CPSAT_TOP,
    MOST_OPTIMA,
    SEARCH_SECONDS,
    VECTOR_LIMIT,
    BestStrategy,
    Linear,
    Ranked,
    TooManyToRank,
    register_best,
    select,
    values,
)
from riftsolve.engine.rank import describe_count
from riftsolve.i18n import _
from riftsolve.rules.answers import Answer, Resolution
from riftsolve.rules.objectives import Objective, lethal, xp_per_kill
from riftsolve.rules.scenario import LIMIT, Scenario

if TYPE_CHECKING:
    # OR-Tools (and the pandas it loads) is imported only where a CP-SAT model is built
    # or solved: most questions never need it, and it takes most of a second.
    from ortools.sat.python import cp_model


def rank_split_resolutions(legal: LegalSet[Answer], goal: Objective | Linear, keep: int | None,
                           method: str) -> list[Ranked]:
    """The ``keep`` best split resolutions (``None``: every optimal one) by ``goal``, found
    the way ``method`` names (``auto``: by size, as the module says)."""
    if not isinstance(legal, Resolutions):
        raise TypeError(f"split resolutions are ranked here, not {type(legal).__name__}")
    if isinstance(goal, Linear):
        return _linear_best(legal, goal, keep)
    if method != "auto":
        return _by_method(legal, goal, keep, method)
    total = legal.count()
    if total <= FEW_SCORED:
        return _few_best(legal, goal, keep)
    if keep == 1 and total > KNAPSACK_FROM:
        answer = best_split(legal.scenario, legal.problem, goal)
        if answer is not None:
            key = goal.measure(legal.scenario, answer)
            return [Ranked(answer, key, values(goal, key))]
    if total <= VECTOR_LIMIT:
        return _vector_best(legal, goal, keep)
    if keep is None and _drops_only(legal):
        return _drop_optima(legal, goal)
    if keep is not None and keep > MOST_CPSAT_TOP:
        raise TooManyToRank(_(
            "{count} answers: past {limit} the {keep} best are found one CP-SAT search at a "
            "time, at most {most}; ask --top {most} or fewer").format(
                count=describe_count(legal.count()), limit=f"{VECTOR_LIMIT:,}", keep=keep,
                most=MOST_CPSAT_TOP))
    return _cpsat_best(legal, goal, keep)


def _by_method(legal: Resolutions, goal: Objective, keep: int | None, method: str
               ) -> list[Ranked]:
    """A split resolution's best answers found the way ``method`` names."""
    if method == "scored":
        return _vector_best(legal, goal, keep)
    if method == "cpsat":
        return _cpsat_best(legal, goal, keep)
    if keep != 1:
        raise ValueError("method 'knapsack' finds the single best answer: ask top=1")
    answer = best_split(legal.scenario, legal.problem, goal)
    if answer is None:
        raise ValueError("method 'knapsack' does not apply to this question (its shape or "
                         "the objective's terms): use method='auto'")
    key = goal.measure(legal.scenario, answer)
    return [Ranked(answer, key, values(goal, key))]


def _vector_best(legal: Resolutions, goal: Objective, keep: int | None,
                 batch: int | None = None) -> list[Ranked]:
    """Score every resolution a numpy block at a time, computing only the objective's
    metrics; keep each block's best rows (its top ``keep``, or all its rows tied with the
    best; for the single best, its first best row, found term by term without sorting) and
    merge them in stable order."""
    scenario = legal.scenario
    units = [scenario.board[u] for u in legal.columns]
    marked = np.array([u.damage for u in units], dtype=np.int64)
    deadly = np.array([lethal(scenario, u) for u in units], dtype=np.int64)
    wanted = {term.metric for term in goal.terms}
    weights = {metric: np.array([getattr(u, field) for u in units], dtype=np.int64)
               for metric, field in (("killed-might", "effective_might"), ("value", "value"))
               if metric in wanted}
    xp = xp_per_kill(scenario)

    def block_best() -> Iterator[tuple[int, tuple[int, ...], list[int]]]:
        """Each block's best rows: (index, key, row), in index order within the block for
        the single best (one row), best first otherwise."""
        offset = 0
        for block in legal.blocks(batch or BLOCK_ROWS):
            columns = _block_metrics(block, goal, marked, deadly, weights, xp)
            if keep == 1:  # no key matrix: one row, its key read term by term
                row = _first_best_row(columns)
                yield offset + row, tuple(int(c[row]) for c in columns), block[row].tolist()
            else:
                keys = np.stack(columns, axis=1)
                # lexsort sorts ascending by its last key first: negate for best first;
                # it is stable, so ties stay in enumeration (index) order
                order = np.lexsort((-keys).T[::-1])
                order = (order[(keys[order] == keys[order[0]]).all(axis=1)]
                         if keep is None else order[:keep])
                for row in order.tolist():
                    yield offset + row, tuple(keys[row].tolist()), block[row].tolist()
            offset += block.shape[0]

    # one candidate a block for the single best, already in enumeration order; otherwise
    # back into enumeration order for _select's ties
    candidates: Iterable[tuple[int, tuple[int, ...], list[int]]] = (
        block_best() if keep == 1 else sorted(block_best(), key=lambda c: c[0]))
    return select(((Resolution.dealt(legal.columns, row), key) for _, key, row in candidates),
                   keep, goal)


def _first_best_row(columns: list[npt.NDArray[np.int64]]) -> int:
    """The first row (ties in index order) best on the first term, then among those on
    the next, and so on: one ``argmax`` for a single term, nothing sorted."""
    if len(columns) == 1:
        return int(columns[0].argmax())
    rows = np.arange(len(columns[0]))
    for column in columns:  # the rows best on every term so far, in order
        scores = column[rows]
        rows = rows[scores == scores.max()]
    return int(rows[0])


def _few_best(legal: Resolutions, goal: Objective, keep: int | None) -> list[Ranked]:
    """A few resolutions scored one at a time in plain Python, by the definition
    :func:`_block_metrics` vectorises: below a few dozen answers numpy's cost per call is
    more than the scoring."""
    scenario = legal.scenario
    xp = xp_per_kill(scenario)
    facts = {}
    for uid in legal.problem.targets:
        unit = scenario.board[uid]
        facts[uid] = (unit.damage, lethal(scenario, unit), unit.effective_might, unit.value)
    terms = [(_FEW_METRICS.index(t.metric), t.sign) for t in goal.terms]
    scored = []
    for answer in native.resolutions(legal.problem):
        kills = killed_might = overkill = value = affected = 0
        for uid, amount in answer.damage:
            if amount > 0:
                affected += 1
                marked, deadly, might, worth = facts[uid]
                if amount + marked >= deadly:  # 142.4: lethal damage marked
                    kills += 1
                    killed_might += might
                    overkill += amount + marked - deadly
                    value += worth
        measured = (kills, xp * kills, killed_might, overkill, value, affected)
        scored.append((answer, tuple(sign * measured[i] for i, sign in terms)))
    return select(scored, keep, goal)


#: The metrics :func:`_few_best` measures, in the order it measures them.
_FEW_METRICS = ("kills", "xp", "killed-might", "overkill", "value", "affected")


def _block_metrics(block: npt.NDArray[np.int64], goal: Objective,
                   marked: npt.NDArray[np.int64], deadly: npt.NDArray[np.int64],
                   weights: dict[str, npt.NDArray[np.int64]], xp: int
                   ) -> list[npt.NDArray[np.int64]]:
    """Each term of ``goal`` (its sign applied) for every row of a block of damage rows, by
    the definition of :func:`riftsolve.rules.outcome.metrics`: a unit dealt damage dies
    when its marked plus dealt damage reaches its lethal amount (142.4)."""
    dealt = block > 0
    killed = dealt & (block + marked >= deadly)
    columns = []
    for term in goal.terms:
        metric = term.metric
        if metric == "kills":
            value = killed.sum(axis=1)
        elif metric == "xp":
            value = killed.sum(axis=1) * xp
        elif metric in weights:
            value = killed @ weights[metric]
        elif metric == "overkill":
            value = np.where(killed, block + marked - deadly, 0).sum(axis=1)
        else:  # affected: the units dealt damage
            value = dealt.sum(axis=1)
        columns.append(value if term.sign == 1 else -value)
    return columns


def _drops_only(legal: Resolutions) -> bool:
    """Whether every answer keeps ``pool`` of the legal targets, each dealt exactly 1
    (damage is short; no forfeited share): the answers are just which targets are kept."""
    problem = legal.problem
    return (problem.forfeit == 0 and problem.pool_null is None and problem.pool > 0
            and len(problem.targets) > problem.pool)


def _drop_optima(legal: Resolutions, goal: Objective) -> list[Ranked]:
    """Every optimal answer of a drop-only question, without a search: each kept target's
    worth is its own (1 damage each), so the optima keep every target strictly better than
    the ``pool``-th best and any of those tied with it, C(tied, places left) answers,
    counted before any is listed."""
    problem, scenario = legal.problem, legal.scenario
    worth = {t: _one_damage_key(scenario, t, goal) for t in problem.targets}
    ranked = sorted(worth.values(), reverse=True)
    line = ranked[problem.pool - 1]
    better = [t for t in problem.targets if worth[t] > line]
    tied = [t for t in problem.targets if worth[t] == line]
    places = problem.pool - len(better)
    total = comb(len(tied), places)
    if total > MOST_OPTIMA:
        raise TooManyToRank(_(
            "{count} optimal answers (any {places} of the {tied} targets tied for the last "
            "place): more than {most}; ask --top K instead").format(
                count=describe_count(total), places=places, tied=len(tied),
                most=f"{MOST_OPTIMA:,}"))
    answers = [Resolution(tuple((t, 1) for t in sorted([*better, *extra])))
               for extra in combinations(tied, places)]
    answers.sort(key=legal.index)
    key = goal.measure(scenario, answers[0])
    return [Ranked(answer, key, values(goal, key)) for answer in answers]


def _one_damage_key(scenario: Scenario, unit_id: str, goal: Objective) -> tuple[int, ...]:
    """What dealing 1 damage to ``unit_id`` is worth under ``goal`` (its terms in order)."""
    alone = goal.measure(scenario, Resolution(((unit_id, 1),)))
    nothing = goal.measure(scenario, Resolution(()))
    return tuple(a - b for a, b in zip(alone, nothing, strict=True))


def _linear_best(legal: Resolutions, goal: Linear, keep: int | None) -> list[Ranked]:
    """A linear objective: every answer scored up to :data:`VECTOR_LIMIT`, else CP-SAT
    (the single best, proven optimal)."""
    if legal.count() <= VECTOR_LIMIT:
        native = Resolutions(legal.scenario)
        return select(((a, goal.measure(legal.scenario, a)) for a in native), keep)
    from riftsolve.engine.compile import compile_resolution
    from riftsolve.engine.params import optimise_in_order

    compiled = compile_resolution(legal.problem)
    _metrics, killed = _kill_metrics(compiled.model, legal.scenario, compiled.targets,
                                     compiled.amounts)
    expr: cp_model.LinearExpr | int = sum(goal.damage.get(u, 0) * x
               for u, x in zip(compiled.targets, compiled.amounts, strict=True))
    expr += sum(goal.kills.get(u, 0) * lit for u, lit in killed.items())
    deadline = time.monotonic() + SEARCH_SECONDS
    solver = optimise_in_order(compiled.model, [expr], deadline)
    if solver is None:
        return []
    answer = Resolution.dealt(compiled.targets, (solver.value(x) for x in compiled.amounts))
    return [Ranked(answer, goal.measure(legal.scenario, answer), {})]


def _cpsat_best(legal: Resolutions, goal: Objective, keep: int | None) -> list[Ranked]:
    """Best answers from CP-SAT: optimise the terms in order, each proven OPTIMAL and then
    fixed; the ``keep`` best one after another, each excluded from the next search; or,
    for all optima, every solution of the model with every term fixed at its optimum."""
    from riftsolve.engine.compile import compile_resolution
    from riftsolve.engine.params import optimise_in_order

    deadline = time.monotonic() + SEARCH_SECONDS
    found: list[tuple[Resolution, tuple[int, ...]]] = []
    while keep is None or len(found) < keep:
        compiled = compile_resolution(legal.problem)
        model = compiled.model
        metrics, _killed = _kill_metrics(model, legal.scenario, compiled.targets,
                                         compiled.amounts)
        for excluded, _key in found:
            amounts = dict(excluded.damage)
            _exclude(model, compiled.amounts, [amounts.get(u, 0) for u in compiled.targets])
        # start the search at a good answer: the last one found (the next best is usually
        # close to it), or at first the knapsack's best, when it has one without a CP-SAT
        # search of its own (which would spend this search's time)
        start = found[-1][0] if found else best_split(legal.scenario, legal.problem, goal,
                                                      search=False)
        if start is not None:
            near = dict(start.damage)
            for unit_id, amount in zip(compiled.targets, compiled.amounts, strict=True):
                model.add_hint(amount, near.get(unit_id, 0))
        try:
            solver = optimise_in_order(model, [t.sign * metrics[t.metric] for t in goal.terms],
                                       deadline)
            if solver is None:
                break
        except TooManyToRank:
            if not found:
                raise
            raise TooManyToRank(_(
                "only the {found} best were found within {seconds} s of CP-SAT searches: ask "
                "--top {found}").format(found=len(found), seconds=f"{SEARCH_SECONDS:.0f}")
            ) from None
        if keep is None:
            return [Ranked(a, k, values(goal, k)) for a, k in
                    _all_solutions(legal, goal, model, compiled.targets, compiled.amounts)]
        answer = Resolution.dealt(compiled.targets,
                                  (solver.value(x) for x in compiled.amounts))
        key = goal.measure(legal.scenario, answer)
        found.append((answer, key))
    return [Ranked(a, k, values(goal, k)) for a, k in found]


def _all_solutions(legal: Resolutions, goal: Objective, model: cp_model.CpModel,
                   targets: tuple[str, ...], amounts: tuple[cp_model.IntVar, ...]
                   ) -> list[tuple[Resolution, tuple[int, ...]]]:
    """Every optimal answer: the fixed model enumerated (its helper variables are all
    functions of the amounts, so no answer repeats), in stable order."""
    from riftsolve.engine.backends.cpsat import stream

    def read(cb: cp_model.CpSolverSolutionCallback) -> Resolution:
        return Resolution.dealt(targets, (cb.value(x) for x in amounts))

    answers = []
    for count, answer in enumerate(stream(model, read)):
        if count >= MOST_OPTIMA:
            raise TooManyToRank(_(
                "more than {most} optimal answers among {count} (past {limit} answers they are "
                "listed from CP-SAT, at most {most}): ask --top K instead").format(
                    most=f"{MOST_OPTIMA:,}", count=describe_count(legal.count()),
                    limit=f"{VECTOR_LIMIT:,}"))
        answers.append((answer, goal.measure(legal.scenario, answer)))
    # the stable order: by index where answers are ranked in closed form, else canonically
    answers.sort(key=lambda pair: legal.index(pair[0]) if legal._ranked() else pair[0])
    return answers


def _exclude(model: cp_model.CpModel, variables: Iterable[cp_model.IntVar], values: list[int]
             ) -> None:
    """Forbid one assignment: at least one variable differs."""
    differs = []
    for var, value in zip(variables, values, strict=True):
        lit = model.new_bool_var("")
        model.add(var != value).only_enforce_if(lit)
        model.add(var == value).only_enforce_if(~lit)
        differs.append(lit)
    model.add_bool_or(differs)


def _kill_metrics(model: cp_model.CpModel, scenario: Scenario, targets: tuple[str, ...],
                  amounts: tuple[cp_model.IntVar, ...]
                  ) -> tuple[dict[str, cp_model.LinearExprT], dict[str, cp_model.IntVar]]:
    """Linear expressions of every metric, by its name, and each target's killed literal
    (142.4), by its id."""
    kills, killed_might, overkill, value, affected = [], [], [], [], []
    killed_by_unit = {}
    for unit_id, amount in zip(targets, amounts, strict=True):
        unit = scenario.board[unit_id]
        need = max(1, lethal(scenario, unit) - unit.damage)
        killed = model.new_bool_var(f"killed[{unit_id}]")
        model.add(amount >= need).only_enforce_if(killed)
        model.add(amount <= need - 1).only_enforce_if(~killed)
        # overkill is at most the damage marked plus dealt, both bounded by the scenario
        over = model.new_int_var(0, unit.damage + 3 * LIMIT, f"over[{unit_id}]")
        model.add(over == amount + unit.damage - lethal(scenario, unit)).only_enforce_if(killed)
        model.add(over == 0).only_enforce_if(~killed)
        kept = model.new_bool_var(f"dealt[{unit_id}]")
        model.add(amount >= 1).only_enforce_if(kept)
        model.add(amount == 0).only_enforce_if(~kept)
        kills.append(killed)
        killed_by_unit[unit_id] = killed
        killed_might.append(unit.effective_might * killed)
        overkill.append(over)
        value.append(unit.value * killed)
        affected.append(kept)
    total_kills = sum(kills)
    xp = xp_per_kill(scenario) * total_kills
    return ({"kills": total_kills, "xp": xp, "killed-might": sum(killed_might),
             "overkill": sum(overkill), "value": sum(value), "affected": sum(affected)},
            killed_by_unit)


register_best(Resolutions, BestStrategy(rank_split_resolutions,
                                        methods=("auto", "scored", "knapsack", "cpsat"),
                                        linear=True))
