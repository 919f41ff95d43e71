"""The best answer for the controller: exact, for agents that decide many times a second.

:func:`best` ranks a question's legal answers by a lexicographic :class:`Objective`:

* a family that registers its own way ranks its answers with it
  (:func:`~riftsolve.engine.optima.register_best`): split resolutions by size, from a
  knapsack to CP-SAT (:mod:`riftsolve.engine.families.split_best`), combat assignments
  by a knapsack over which receivers are filled
  (:mod:`riftsolve.engine.families.combat_best`);
* any other question (group resolutions, every declaration): every answer scored (their
  sets are small; a set over the listing budget is refused with its count);
* declarations are scored by the best resolution their targets would have on the board
  as it is, or, with ``robust=K``, by the worst of those over every change of the
  source's and the targets' Might by up to K either way (the resolution, drops included,
  stays the controller's choice).

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.engine.questions import resolve
>>> from riftsolve.formats.examples import example_path
>>> legal = resolve(load_scenario(example_path("alpha-strike-6-among-3")))
>>> top = best(legal, "kills,-overkill")[0]
>>> top.answer.as_json(), top.values
({'damage': {'r1': 1, 'r2': 2, 'r3': 3}}, {'kills': 3, 'overkill': 0})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from itertools import islice, product

from riftsolve.engine.legal import LegalSet
from riftsolve.engine.optima import (
    BOARD_LIMIT,
    FEW,
    METHODS,
    SCORE_LIMIT,
    Linear,
    Ranked,
    TooManyToRank,
    select,
    strategy_of,
)
from riftsolve.engine.questions import resolve
from riftsolve.i18n import _
from riftsolve.rules.answers import Answer
from riftsolve.rules.objectives import Objective
from riftsolve.rules.outcome import declared_targets
from riftsolve.rules.scenario import LIMIT, Scenario

__all__ = ["METHODS", "Linear", "Ranked", "TooManyToRank", "best"]


def best(legal: LegalSet[Answer], objective: Objective | Linear | str, *, top: int = 1,
         all_optimal: bool = False, robust: int = 0, method: str = "auto") -> list[Ranked]:
    """The ``top`` best answers, best first (ties in the answers' stable order), or every
    optimal answer with ``all_optimal``; ``method``: one of :data:`METHODS`, where the
    family's way of ranking answers to it (a :class:`ValueError` elsewhere, or where it
    does not apply). A family's registered way ranks its answers
    (:func:`~riftsolve.engine.optima.register_best`); any other question's answers are
    scored one by one."""
    if method not in METHODS:
        raise ValueError(f"method {method!r} is not one of {', '.join(METHODS)}")
    strategy = strategy_of(legal)
    goal = Objective.parse(objective) if isinstance(objective, str) else objective
    linear = isinstance(goal, Linear)
    if method != "auto" and (linear or strategy is None or method not in strategy.methods):
        asked = "a linear objective" if linear else type(legal).__name__
        raise ValueError(f"method {method!r} is not a way this question's answers are "
                         f"ranked; this question is {asked}: use method='auto'")
    if isinstance(goal, Linear):
        if strategy is None or not strategy.linear:
            raise ValueError("a linear objective is over a split resolution's damage or a "
                             "combat assignment's")
    else:
        goal.check(legal.scenario, legal.question)
    if robust and legal.question != "finalize":
        raise ValueError("robust advice is for declarations: use it with finalize")
    keep = None if all_optimal else max(top, 1)
    if strategy is not None:
        return strategy.rank(legal, goal, keep, method)
    assert isinstance(goal, Objective)
    # a few answers are scored as they are listed, without counting them first
    first = list(islice(legal, FEW))
    answers: Iterable[Answer] = first
    if len(first) == FEW:
        if legal.count() > SCORE_LIMIT:
            raise TooManyToRank(_("{count} answers exceed the {limit} that can be scored"
                                  ).format(count=f"{legal.count():,}",
                                           limit=f"{SCORE_LIMIT:,}"))
        answers = legal
    scored: Iterable[tuple[Answer, tuple[int, ...]]]
    if legal.question == "resolve":  # every answer measured on what it does (apply)
        scored = ((a, goal.measure(legal.scenario, a)) for a in answers)
    else:  # every declaration by the best resolution of its targets
        _check_boards(legal, robust)
        scored = ((d, _declaration_key(legal.scenario, d, goal, robust)) for d in answers)
    return select(scored, keep, goal)


# --------------------------------------------------------------------------- declarations


def _check_boards(legal: LegalSet[Answer], robust: int) -> None:
    """Refuse a ranking of declarations that would resolve too many boards: one per
    declaration, times every change of its chosen units' Might with ``robust``."""
    if legal.count() > BOARD_LIMIT:
        raise TooManyToRank(_(
            "ranking {count} declarations means resolving as many boards (limit {limit}): "
            "rank resolutions instead").format(count=f"{legal.count():,}",
                                               limit=f"{BOARD_LIMIT:,}"))
    if not robust:
        return
    boards = sum((2 * robust + 1) ** len(d.chosen()) for d in legal)
    if boards > BOARD_LIMIT:
        raise TooManyToRank(_(
            "ranking {count} declarations means resolving {boards} boards (limit {limit}): "
            "lower --robust, or rank resolutions instead").format(
                count=f"{legal.count():,}", boards=f"{boards:,}", limit=f"{BOARD_LIMIT:,}"))


def _declaration_key(scenario: Scenario, declaration: Answer, goal: Objective, robust: int
                     ) -> tuple[int, ...]:
    """A declaration's worth: its best resolution now (or the worst over Might changes)."""
    outcomes = [_resolved_now(s, declaration, goal) for s in _changed_boards(
        scenario, declaration, robust)]
    worst = min(outcomes)
    deflect = declaration.deflect_cost
    return tuple(term.sign * deflect if term.metric == "deflect" else value
                 for term, value in zip(goal.terms, worst, strict=True))


def _resolved_now(scenario: Scenario, declaration: Answer, goal: Objective
                  ) -> tuple[int, ...]:
    """The best key of the declaration's resolution on ``scenario``'s board, Deflect (the
    declaration's own) left as a placeholder the caller fills."""
    resolving = dataclasses.replace(scenario, targets=declared_targets(scenario, declaration))
    measured = _resolution_goal(goal)
    found = iter(best(resolve(resolving), measured)[0].key if measured.terms else ())
    return tuple(0 if t.metric == "deflect" else next(found) for t in goal.terms)


def _resolution_goal(goal: Objective) -> Objective:
    """The terms measured on a resolution (Deflect is the declaration's own)."""
    return Objective(tuple(t for t in goal.terms if t.metric != "deflect"))


def _changed_boards(scenario: Scenario, declaration: Answer, robust: int
                    ) -> Iterator[Scenario]:
    """The board as it is, or with every change of the chosen units' (and the source's)
    Might by up to ``robust`` either way."""
    if not robust:
        yield scenario
        return
    # the chosen units' Might (the friendly unit's is the pool of a friendly-might split);
    # a printed amount such as Volibear's does not depend on his Might
    movers = list(declaration.chosen())
    options = range(-robust, robust + 1)
    for deltas in product(options, repeat=len(movers)):
        change = dict(zip(movers, deltas, strict=True))
        # a changed Might stays within the scenario's bounds (a Unit validates it)
        units = tuple(dataclasses.replace(
            u, might=max(-LIMIT, min(LIMIT, u.might + change.get(u.id, 0))))
                      for u in scenario.board)
        # the same board (its battlefields and teams) with the changed units
        yield dataclasses.replace(scenario, board=dataclasses.replace(scenario.board,
                                                                      units=units))

