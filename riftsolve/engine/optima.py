"""What every way of finding the best answers shares: the answer ranked (:class:`Ranked`),
the linear objective (:class:`Linear`), the bounds, the refusal (:class:`TooManyToRank`)
and the registry of each family's own ways (:func:`register_best`), which :func:`best
<riftsolve.engine.optimum.best>` asks before it scores answers one by one.

>>> ranked = select([("a", (1, 0)), ("b", (2, -1)), ("c", (2, -1))], keep=None)
>>> [r.answer for r in ranked]
['b', 'c']
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from riftsolve.engine.families.registry import RANKED_BY
from riftsolve.engine.legal import LegalSet
from riftsolve.rules.answers import Answer, Resolution
from riftsolve.rules.limits import Refusal
from riftsolve.rules.objectives import Objective, lethal
from riftsolve.rules.scenario import Scenario

#: Most split resolutions scored by vectorised enumeration; larger questions use CP-SAT.
VECTOR_LIMIT = 500_000


#: From how many answers the single best split is found by the knapsack (no listing).
KNAPSACK_FROM = 2_000


#: Longest all of one question's CP-SAT searches may take together (each proof, each of
#: the top K): past it the question is refused, saying how far it got (with the model
#: built and the process started, the whole command stays within 10 s).
SEARCH_SECONDS = 7.0


#: Most optimal answers listed from CP-SAT (a few hundred a second), past VECTOR_LIMIT.
MOST_OPTIMA = 1_000


#: Most answers ranked one CP-SAT search each (top K), past VECTOR_LIMIT.
MOST_CPSAT_TOP = 20


#: Most answers scored one by one (groups, declarations).
SCORE_LIMIT = 200_000


#: Answers listed before counting, to score a small set in one pass (a count costs about
#: a listing there).
FEW = 64


#: Split resolutions scored one at a time in Python rather than a numpy block (measured:
#: below about 16-28 answers the scoring costs less than numpy's per-call overhead).
FEW_SCORED = 16


#: Most boards (declarations x Might changes) whose best resolution is worked out to rank
#: declarations: beyond it the question is refused with its size rather than left to run.
BOARD_LIMIT = 50_000


class TooManyToRank(Refusal):
    """The question has more answers than can be scored; the message gives the count."""


@dataclass(frozen=True)
class Linear:
    """Any linear objective over a split resolution's variables: ``damage[u]`` per point
    of damage dealt to ``u``, ``kills[u]`` if ``u`` is killed (142.4). Maximised.

    >>> from riftsolve.formats.reading import load_scenario
    >>> from riftsolve.engine.optimum import best
    >>> from riftsolve.engine.questions import resolve
    >>> from riftsolve.formats.examples import example_path
    >>> legal = resolve(load_scenario(example_path("alpha-strike-6-among-3")))
    >>> best(legal, Linear(damage={"r2": 1}, kills={"r3": 10}))[0].answer.as_json()
    {'damage': {'r1': 1, 'r2': 2, 'r3': 3}}
    """

    damage: dict[str, int] = dataclasses.field(default_factory=dict)
    kills: dict[str, int] = dataclasses.field(default_factory=dict)

    def measure(self, scenario: Scenario, answer: Resolution) -> tuple[int, ...]:
        """The objective's value of one resolution."""
        total = 0
        for unit_id, amount in answer.damage:
            unit = scenario.board[unit_id]
            total += self.damage.get(unit_id, 0) * amount
            if unit.damage + amount >= lethal(scenario, unit):
                total += self.kills.get(unit_id, 0)
        return (total,)


@dataclass(frozen=True)
class Ranked:
    """An answer and its objective value (``values``: each metric, as measured)."""

    answer: Answer
    key: tuple[int, ...]
    values: dict[str, int]


#: The ways :func:`best` finds a split resolution's best answers, by name (``method``):
#: ``auto`` chooses by size (every answer scored up to :data:`VECTOR_LIMIT`, the knapsack
#: for the single best past :data:`KNAPSACK_FROM` when every death is affordable, else
#: CP-SAT); ``scored`` scores every answer a numpy block at a time; ``knapsack`` finds the
#: single best without listing (refused where some death is not affordable); ``cpsat``
#: optimises a CP-SAT model, term by term. Every other question is scored answer by answer.
METHODS = ("auto", "scored", "knapsack", "cpsat")


def select(scored: Iterable[tuple[Answer, tuple[int, ...]]], keep: int | None,
            goal: Objective | None = None) -> list[Ranked]:
    """The best ``keep`` (or all optimal, ``keep=None``), stable in enumeration order."""
    if keep == 1:  # the first best: one pass, nothing sorted
        top: tuple[tuple[int, ...], Answer] | None = None
        for answer, key in scored:
            if top is None or key > top[0]:
                top = (key, answer)
        return [] if top is None else [
            Ranked(top[1], top[0], values(goal, top[0]) if goal else {})]
    ranked: list[tuple[tuple[int, ...], int, Answer]] = []
    for order, (answer, key) in enumerate(scored):
        ranked.append((key, -order, answer))
        if keep is not None and len(ranked) > 4 * keep + 64:
            ranked.sort(reverse=True)
            del ranked[keep:]
    ranked.sort(reverse=True)
    if keep is None:
        ranked = [r for r in ranked if r[0] == ranked[0][0]]
    else:
        del ranked[keep:]
    return [Ranked(answer, key, values(goal, key) if goal else {})
            for key, _index, answer in ranked]


def values(goal: Objective, key: tuple[int, ...]) -> dict[str, int]:
    return {t.metric: t.sign * k for t, k in zip(goal.terms, key, strict=True)}


#: A family's way of finding a question's best answers: given the legal set, the objective
#: (parsed), how many to keep (``None``: every optimal one) and the method named.
Rank = Callable[[LegalSet[Answer], "Objective | Linear", "int | None", str], list[Ranked]]


@dataclass(frozen=True)
class BestStrategy:
    """How a family's legal set finds its best answers without scoring every answer one
    by one: ``rank``; the methods it answers to by name (of :data:`METHODS`), and
    whether it ranks by a :class:`Linear` objective."""

    rank: Rank
    methods: tuple[str, ...] = ("auto",)
    linear: bool = False


_STRATEGIES: dict[type[LegalSet[Answer]], BestStrategy] = {}


def register_best(kind: type[LegalSet[Answer]], strategy: BestStrategy) -> None:
    """Register ``strategy`` as the way ``kind``'s best answers are found (a family's
    best module does, at its bottom); a kind registered twice is a :class:`ValueError`."""
    if kind in _STRATEGIES:
        raise ValueError(f"{kind.__name__} has a best strategy already")
    _STRATEGIES[kind] = strategy


def strategy_of(legal: LegalSet[Answer]) -> BestStrategy | None:
    """The way ``legal``'s best answers are found, or ``None``: each answer scored. The
    module its family names (``ranked_by``) is imported the first time: it registers its
    strategies."""
    found = _STRATEGIES.get(type(legal))
    module = RANKED_BY.get(legal.family.NAME)
    if found is None and module is not None:
        importlib.import_module(module)
        found = _STRATEGIES.get(type(legal))
    return found
