"""The lazy legal set: count, iterate, test membership, verify and explain.

Asking a question costs nothing until you use the answer: :meth:`LegalSet.count` uses a
closed form or a dynamic programme (never a listing, but for maximal group subsets of
unusual shapes), iteration streams from a backend, membership runs the rules verifier.

>>> from riftsolve.models import load_scenario
>>> from riftsolve.solver.examples import example_path
>>> legal = resolve(load_scenario(example_path("alpha-strike-shrunk-5-to-3")))
>>> legal.count()
10
>>> first = next(iter(legal))
>>> first.as_json()
{'damage': {'r1': 1, 'r2': 1, 'r3': 1}}
>>> first in legal, Resolution.of({"r1": 3}) in legal
(True, False)
>>> [f.rule for f in legal.verify(Resolution.of({"r1": 3}))]
['355.14.h.1']
>>> fox = resolve(load_scenario(example_path("fox-fire-two-pumped")))
>>> [a.as_json() for a in fox]
[{'affected': ['r2', 'r3', 'r4']}, {'affected': ['r1', 'r3', 'r4']}, {'affected': ['r1', 'r2']}]
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import accumulate, groupby, islice, pairwise
from typing import Any, ClassVar, Generic, TypeVar, overload

import numpy as np

from riftsolve.models.answers import (
    Affected,
    Answer,
    Assignment,
    Declaration,
    GroupDeclaration,
    Resolution,
    Selection,
)
from riftsolve.models.costs import source_cost_failure
from riftsolve.models.effects import GroupTargets
from riftsolve.models.explain import Step
from riftsolve.models.families import family_of
from riftsolve.models.families.combat import resolve_problem as resolve_combat_problem
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
from riftsolve.models.families.split import (
    SplitFinalizeProblem,
    SplitResolveProblem,
    finalize_problem,
    resolve_problem,
)
from riftsolve.models.hidden import no_target_there
from riftsolve.models.i18n import N_, _
from riftsolve.models.rules import cited_as
from riftsolve.models.scenario import Scenario, ScenarioError
from riftsolve.models.targeting import Failure
from riftsolve.models.version_checks import older_rules_refusal
from riftsolve.solver.backends import backend, native
from riftsolve.solver.count import (
    CountTooLarge,
    count_maximal_selections,
    count_selections,
    count_split_resolutions,
    count_subsets_for_caps,
    selections_by_tax,
)
from riftsolve.solver.rank import (
    BudgetedSubsets,
    describe_count,
    index_error,
    rank_combination,
    uniform_below,
    unrank_combination,
    unrank_combinations,
    unrank_masks,
)

#: The answers a legal set lists: covariant, so that every legal set is a
#: ``LegalSet[Answer]`` (what :func:`finalize` and :func:`resolve` return).
A = TypeVar("A", bound=Answer, covariant=True)


class LegalSet(ABC, Generic[A]):
    """Every legal answer of one question about one scenario."""

    #: ``"finalize"`` or ``"resolve"``.
    question: ClassVar[str]
    #: The type of the answers listed.
    _answer_type: type[Any]

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        self.scenario = scenario
        #: The family whose rules answer the question (:mod:`riftsolve.models.families`).
        self.family = family_of(scenario.effect)
        self.backend = backend(backend_name)
        self._answers: list[A] | None = None
        #: Why the ability cannot be activated at all: its cost exhausts its exhausted
        #: source (415.4); ``None`` for a resolution, or when it can.
        self.unpayable: Failure | None = (source_cost_failure(scenario)
                                          if self.question == "finalize" else None)

    @abstractmethod
    def count(self) -> int:
        """The exact number of legal answers."""

    def _own(self, answer: object) -> Any:
        """``answer``, which must be of the kind this question lists (a :class:`TypeError`
        names the kind otherwise)."""
        if not isinstance(answer, self._answer_type) or (
                getattr(answer, "question", None) != self.question):
            raise TypeError(f"a {self.question} question of the {self.family.NAME} family "
                            f"is answered by {self._answer_type.__name__} answers, not "
                            f"{type(answer).__name__}")
        return answer

    def verify(self, answer: object) -> list[Failure]:
        """Every rule ``answer`` breaks (empty when legal); pure rules, no solver: the
        family's verifier. An answer of another kind is a :class:`TypeError`."""
        answer = self._own(answer)
        if self.question == "finalize":
            failures = [*([self.unpayable] if self.unpayable else []),
                        *self.family.verify_declaration(self.scenario, answer)]
        else:
            failures = self.family.verify_resolution(self.scenario, answer)
        version = self.scenario.rules  # cited with that text's numbers
        return [replace(failure, version=version) for failure in failures]

    def explain(self, answer: object) -> list[Step]:
        """The rule trail of a legal answer, numbered as the scenario's ``rules`` version."""
        version = self.scenario.rules
        trail = self._explain(self._own(answer))
        return [{**step, **cited_as(step["rule"], version)} for step in trail]

    def _explain(self, answer: Any) -> list[Step]:
        """The rule trail, in Core Rules 1.4 numbers: the family's."""
        if self.question == "finalize":
            return self.family.explain_declaration(self.scenario, answer)
        return self.family.explain_resolution(self.scenario, answer)

    @abstractmethod
    def __iter__(self) -> Iterator[A]:
        """Every legal answer, each once, streamed from the backend."""

    # ------------------------------------------------------------ the action space

    #: Most answers listed to index a question without a closed-form ranking.
    INDEX_BUDGET = 10**6

    def _listed(self) -> list[A]:
        """Every answer in the backend-independent native order, listed once and kept."""
        cached = self._answers
        if cached is None:
            total = self.count()
            if total > self.INDEX_BUDGET:
                raise OverflowError(
                    f"{describe_count(total)} answers: too many to index by listing (at most "
                    f"{self.INDEX_BUDGET:,}); count() still answers, iterating streams them "
                    "in index order, and best() ranks them without listing")
            native = type(self)(self.scenario, "native")
            cached = list(native)
            self._answers = cached
        return cached

    def index(self, answer: object) -> int:
        """The stable index of a legal ``answer`` in ``range(count())``."""
        failures = self.verify(answer)
        if failures:
            raise ValueError(f"not a legal answer: {failures[0]}")
        return self._listed().index(self._own(answer))

    #: Most cells a slice (``legal[a:b:c]``) lists at once, an answer counting a cell per
    #: unit of the board (what it may name): :meth:`slice_bound` answers. A larger slice
    #: is refused with its exact size, never built.
    SLICE_CELLS = 10**6

    def slice_bound(self) -> int:
        """Most answers a slice lists at once: :attr:`SLICE_CELLS` over the board's
        units (100,000 answers on a board of 10 units, 1,000 on 1,000 units)."""
        return max(1, self.SLICE_CELLS // max(1, len(self.scenario.board.units)))

    def __len__(self) -> int:
        """The exact number of legal answers, :meth:`count`. Python's ``len`` cannot
        return more than ``sys.maxsize`` (it raises :class:`OverflowError` past it);
        :meth:`count` has no bound."""
        return self.count()

    @overload
    def __getitem__(self, index: int) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> list[A]: ...

    def __getitem__(self, index: int | slice) -> A | list[A]:
        """The answer with this stable index (negative indices count from the end, as in
        Python); a slice gives the list of its answers in index order, at most
        :meth:`slice_bound` of them."""
        total = self.count()
        if isinstance(index, slice):
            return self._run(self._slice_range(index, total))
        position = operator.index(index)
        if not -total <= position < total:
            raise index_error(position, total)
        return self._at(position % total)

    def _slice_range(self, part: slice, total: int) -> range:
        """The indices of ``part`` in ``range(total)`` (any size), refused past
        :meth:`slice_bound` with the exact number of answers it would list."""
        indices = range(total)[part]
        step = indices.step
        size = max(0, (indices.stop - indices.start + step - (1 if step > 0 else -1)) // step)
        bound = self.slice_bound()
        if size > bound:
            raise OverflowError(_(
                "a slice of {size} answers: at most {bound} are listed at once on this "
                "board; take smaller slices (legal[i:i + {step}]), iterate, or use arrays() "
                "for numpy rows").format(size=f"{size:,}", bound=f"{bound:,}", step=bound))
        return indices

    def _at(self, index: int) -> A:
        """The answer with this index, in ``range(count())``: by listing (the sets with a
        closed-form ranking override it)."""
        return self._listed()[index]

    def _run(self, indices: range) -> list[A]:
        """The answers with these indices (a slice's, in ``range(count())``), in order."""
        return [self._at(i) for i in indices]

    # ------------------------------------------------------------ is this choice forced?

    def _first(self, most: int) -> list[A]:
        """The first ``most`` answers of the native stream: neither counted nor listed
        beyond them, so cheap however many answers there are."""
        native = self if self.backend is backend("native") else type(self)(self.scenario,
                                                                         "native")
        return list(islice(native, most))

    def any_legal(self) -> bool:
        """Whether at least one legal answer exists (the first answer settles it: no
        count, no listing, cheap on the largest boards)."""
        return bool(self._first(1))

    def only_choice(self) -> A | None:
        """The one legal answer when the choice is forced; ``None`` when there are none
        or several (two answers looked at, never more)."""
        first = self._first(2)
        return first[0] if len(first) == 1 else None

    def is_forced(self) -> bool:
        """Whether exactly one legal answer exists (two answers looked at, never more)."""
        return self.only_choice() is not None

    @property
    def columns(self) -> tuple[str, ...]:
        """The units of the array columns of :meth:`arrays`."""
        return self._columns()

    def _columns(self) -> tuple[str, ...]:
        return tuple(sorted({u for a in self._listed() for u in self._units(a)}))

    def _units(self, answer: Any) -> tuple[str, ...]:
        """The units an answer chooses or affects (an array's columns)."""
        chosen: tuple[str, ...] = answer.chosen()
        return chosen

    def arrays(self, batch: int = 65536) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
        """Every answer as numpy rows, ``batch`` at a time, in index order: for a split
        resolution the damage per legal target, otherwise a 0/1 mask over
        :attr:`columns` of the units chosen or affected."""
        # streamed in the native order (the index order), never kept: no bound on the count
        answers = iter(type(self)(self.scenario, "native"))
        return _mask_rows((self._units(answer) for answer in answers), self.columns, batch)

    def unrank(self, indices: np.ndarray[Any, np.dtype[np.int64]]
               ) -> np.ndarray[Any, np.dtype[Any]]:
        """The answers with these indices as numpy rows, as :meth:`arrays` writes them (a
        0/1 mask over :attr:`columns`; split resolutions override it with damage rows,
        computed without listing)."""
        columns = {u: i for i, u in enumerate(self.columns)}
        rows = np.zeros((len(indices), len(columns)), dtype=np.int8)
        for row, index in enumerate(np.asarray(indices).tolist()):
            for unit in self._units(self[int(index)]):
                rows[row, columns[unit]] = 1
        return rows

    def sample(self, rng: np.random.Generator | None = None) -> A:
        """A legal answer drawn uniformly at random, reproducibly from ``rng``: its index
        is uniform over ``range(count())`` however large the count."""
        rng = rng or np.random.default_rng()
        total = self.count()
        if total == 0:
            kind = "declarations" if self.question == "finalize" else "resolutions"
            raise ValueError(f"no legal {kind} to sample from (count() is 0)")
        return self[uniform_below(rng, total)]

    def problems(self) -> list[Any]:
        """The plain questions the backend answers (for size checks)."""
        return [getattr(self, "problem")]  # noqa: B009 - every legal set sets one

    def why_none(self) -> list[Failure]:
        """Why the set is empty (an empty list when it is not): for a judge reading a
        ruling with no legal answer; rules cited as the scenario's text numbers them."""
        version = self.scenario.rules
        return [replace(failure, version=version) for failure in self._why_none()]

    def _why_none(self) -> list[Failure]:
        """Why the set is empty, the family's words: a card played from Hidden that would
        have a declaration elsewhere has no valid target there (811.1.d)."""
        if self.any_legal():  # one answer settles it, whatever the count
            return []
        if self.unpayable is not None:
            return [self.unpayable]
        scenario = self.scenario
        if self.question == "finalize" and scenario.from_hidden is not None and type(self)(
                replace(scenario, from_hidden=None)).any_legal():  # (the same question)
            return [no_target_there(scenario)]
        return [Failure("355.8", _("no choice of targets meets every requirement of {card}: "
                                   "it cannot be played").format(card=self.scenario.effect.name))]

    def __contains__(self, answer: object) -> bool:
        return (isinstance(answer, self._answer_type)
                and getattr(answer, "question", None) == self.question
                and not self.verify(answer))

    def __bool__(self) -> bool:
        """Whether any answer is legal (:meth:`any_legal`: nothing counted)."""
        return self.any_legal()


def _ids(units: tuple[str, ...]) -> str:
    return ", ".join(units) or "(none)"


# --------------------------------------------------------------------------- split damage


class Resolutions(LegalSet[Resolution]):
    """Every legal resolution of split damage on the board as it is now."""

    question = "resolve"
    _answer_type = Resolution

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.problem: SplitResolveProblem = resolve_problem(scenario)

    def count(self) -> int:
        if self.problem.pool_null is not None:
            return 1
        return count_split_resolutions(len(self.problem.targets), self.problem.pool,
                                       self.problem.forfeit)

    def __iter__(self) -> Iterator[Resolution]:
        return self.backend.answers(self.problem)

    def _ranked(self) -> bool:
        """Whether answers are ranked in closed form (no policy forfeit, a real pool)."""
        return self.problem.forfeit == 0 and self.problem.pool_null is None

    def index(self, answer: object) -> int:
        if not self._ranked():
            return super().index(answer)
        resolution: Resolution = self._own(answer)
        failures = self.verify(resolution)
        if failures:
            raise ValueError(f"not a legal answer: {failures[0]}")
        problem = self.problem
        if problem.keep == 0:
            return 0
        columns = {unit: i for i, unit in enumerate(problem.targets)}
        if len(problem.targets) > problem.pool:
            return rank_combination(sorted(columns[u] for u in resolution.kept),
                                    len(problem.targets))
        cuts = list(accumulate(a for _, a in resolution.damage))[:-1]
        return rank_combination([c - 1 for c in cuts], problem.pool - 1)

    def _at(self, index: int) -> Resolution:
        if not self._ranked():
            return super()._at(index)
        problem = self.problem
        n, pool, keep = len(problem.targets), problem.pool, problem.keep
        if keep == 0:
            return Resolution(())
        # Python integers: any count, however large
        if n > pool:
            return self._answer_of(list(unrank_combination(index, n, keep)))
        return self._answer_of(list(unrank_combination(index, pool - 1, n - 1)))

    def _run(self, indices: range) -> list[Resolution]:
        """A slice's answers: a run of consecutive indices (either way) unranks its first
        answer and steps to the next combination from there, not unranking each one."""
        if not self._ranked() or abs(indices.step) != 1 or len(indices) < 2:
            return super()._run(indices)
        low = min(indices[0], indices[-1])
        problem = self.problem
        n, pool, keep = len(problem.targets), problem.pool, problem.keep
        size = keep if n > pool else n - 1
        span = n if n > pool else pool - 1
        combination = list(unrank_combination(low, span, size))
        run = []
        for step in range(len(indices)):
            if step:
                _next_combination(combination, span)
            run.append(self._answer_of(combination))
        return run if indices.step > 0 else run[::-1]

    def _answer_of(self, combination: list[int]) -> Resolution:
        """The answer whose combination is ``combination``: the kept targets when there
        are more targets than damage, else the cuts of the pool."""
        targets, pool = self.problem.targets, self.problem.pool
        if len(targets) > pool:
            return Resolution(tuple((targets[i], 1) for i in combination))
        cuts = [0, *(c + 1 for c in combination), pool]
        return Resolution(tuple(zip(targets, (b - a for a, b in pairwise(cuts)),
                                    strict=True)))

    def unrank(self, indices: np.ndarray[Any, np.dtype[np.int64]]
               ) -> np.ndarray[Any, np.dtype[np.int64]]:
        """The answers with these indices, as rows of damage per legal target
        (:attr:`columns`), without listing: for agents that sample many at once."""
        problem = self.problem
        if not self._ranked():
            raise ValueError("answers under policy split_illegal=forfeit are indexed by "
                             "listing: use legal[i]")
        n, pool, keep = len(problem.targets), problem.pool, problem.keep
        rows = np.asarray(indices, dtype=np.int64)
        if keep == 0:
            if rows.size and (rows.min() < 0 or rows.max() > 0):
                raise IndexError("index out of range(0, 1)")
            return np.zeros((rows.shape[0], n), dtype=np.int64)
        if n > pool:
            return unrank_masks(rows, n, keep).astype(np.int64)
        cuts = unrank_combinations(rows, pool - 1, n - 1) + 1
        edges = np.hstack((np.zeros((rows.shape[0], 1), dtype=np.int64), cuts,
                           np.full((rows.shape[0], 1), pool, dtype=np.int64)))
        return np.diff(edges, axis=1)

    def arrays(self, batch: int = native.BLOCK_ROWS) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
        """Every answer as numpy rows of damage per legal target (:attr:`columns`)."""
        return native.resolution_blocks(self.problem, batch)

    #: The same blocks, by the name the CLI's JSON-lines writer uses.
    blocks = arrays

    def _columns(self) -> tuple[str, ...]:
        """The legal targets, in the column order of :meth:`blocks`."""
        return self.problem.targets


def _next_combination(combination: list[int], span: int) -> None:
    """Step ``combination`` (ascending, of ``range(span)``) to the next one in
    lexicographic order, in place; it must not be the last.

    >>> c = [0, 3, 4]
    >>> _next_combination(c, 5); c
    [1, 2, 3]
    """
    size = len(combination)
    i = size - 1
    while combination[i] == span - size + i:
        i -= 1
    combination[i] += 1
    for j in range(i + 1, size):
        combination[j] = combination[j - 1] + 1


class Declarations(LegalSet[Declaration]):
    """Every legal split-damage target declaration at finalization."""

    question = "finalize"
    _answer_type = Declaration

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        self.problem: SplitFinalizeProblem = finalize_problem(scenario)
        if self.unpayable is not None:  # (no friendly option: no declaration at all)
            self.problem = replace(self.problem, options=())
        self._subsets: BudgetedSubsets | None = None

    def count(self) -> int:
        problem = self.problem
        return sum(count_subsets_for_caps(
            len(problem.candidates), caps=[o.cap for o in problem.options],
            taxes=problem.taxes, budget=problem.budget))

    def __iter__(self) -> Iterator[Declaration]:
        return self.backend.answers(self.problem)

    # The native order: per friendly option, subsets of the candidates by size, then
    # lexicographic, at most the option's cap, within the Deflect budget. Each option's
    # subsets are a prefix of one order (solver.rank.BudgetedSubsets), ranked without
    # listing: in closed form, or by a DP over the taxed candidates when the budget binds.

    def _ranked(self) -> tuple[BudgetedSubsets, list[int]] | None:
        """The subsets' order, and where each friendly option's answers start (then the
        count); ``None`` when the DP is too large but listing is not (then answers are
        listed). Raises :class:`OverflowError` when neither fits, saying what to do."""
        if self._subsets is None:
            try:
                self._subsets = BudgetedSubsets(
                    self.problem.taxes, self.problem.budget,
                    most=max((o.cap for o in self.problem.options), default=0))
            except OverflowError as refusal:
                total = self.count()
                if total <= self.INDEX_BUDGET:
                    return None
                raise OverflowError(_("{count} declarations, too many to list: {refusal}"
                                      ).format(count=describe_count(total), refusal=refusal)
                                    ) from None
        starts = [0]
        for option in self.problem.options:
            starts.append(starts[-1] + self._subsets.total(option.cap))
        return self._subsets, starts

    def index(self, answer: object) -> int:
        ranked = self._ranked()
        if ranked is None:
            return super().index(answer)
        declaration: Declaration = self._own(answer)
        failures = self.verify(declaration)
        if failures:
            raise ValueError(f"not a legal answer: {failures[0]}")
        problem = self.problem
        subsets, starts = ranked
        option = next((i for i, o in enumerate(problem.options)
                       if o.friendly == declaration.friendly), None)
        position = {unit: i for i, unit in enumerate(problem.candidates)}
        if option is None or any(u not in position for u in declaration.split):
            raise ValueError(f"not an answer of this question: {declaration}")
        return starts[option] + subsets.rank(sorted(position[u] for u in declaration.split))

    def _at(self, index: int) -> Declaration:
        ranked = self._ranked()
        if ranked is None:
            return super()._at(index)
        problem = self.problem
        subsets, starts = ranked
        option = max(i for i, start in enumerate(starts[:-1]) if start <= index)
        chosen = subsets.unrank(index - starts[option])
        return Declaration(tuple(problem.candidates[i] for i in chosen),
                           problem.options[option].friendly,
                           sum(problem.taxes[i] for i in chosen))

    def _why_none(self) -> list[Failure]:
        if self.problem.options or self.count() or self.unpayable is not None:
            return super()._why_none()
        return [Failure("355.8", _(
            "no unit can be {card}'s friendly unit (on the board, friendly to {player}, "
            "targetable by them): it cannot be played").format(
                card=self.scenario.effect.name, player=self.scenario.controller))]


    def _columns(self) -> tuple[str, ...]:
        friendly = [o.friendly for o in self.problem.options if o.friendly]
        return tuple(dict.fromkeys([*friendly, *self.problem.candidates]))

    def chosen_blocks(self, batch: int = 65536
                      ) -> Iterator[tuple[str | None, np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
        """The declarations built in numpy, in the native order, as blocks of at most
        ``batch``: ``(friendly, chosen, cost)``, ``chosen[r]`` the indices in
        ``problem.candidates`` of row ``r``'s split targets (all rows of a block choose as
        many) and ``cost[r]`` its Deflect cost. Each friendly option's subsets come size
        by size, each size's combinations in lexicographic order
        (:func:`native.combination_blocks`), those over the Deflect budget masked out.
        Where the budget binds hard (most combinations over it), the native pruned search
        is packed into blocks instead."""
        problem = self.problem
        taxes = np.array(problem.taxes, dtype=np.int64)
        budget = problem.budget
        n = len(problem.candidates)
        if budget is not None and int(taxes.sum()) > budget and int(taxes.min()) >= 0:
            position = {unit: i for i, unit in enumerate(problem.candidates)}
            answers = native.declarations(problem)
            while block := list(islice(answers, batch)):
                for _, rows in groupby(block, key=lambda d: (d.friendly, len(d.split))):
                    same = list(rows)
                    chosen = np.array([[position[u] for u in d.split] for d in same],
                                      dtype=np.int64).reshape(len(same), -1)
                    yield same[0].friendly, chosen, taxes[chosen].sum(axis=1)
            return
        for option in problem.options:
            for size in range(min(option.cap, n) + 1):
                for chosen in native.combination_blocks(n, size, batch):
                    cost = taxes[chosen].sum(axis=1)
                    if budget is not None:
                        within = cost <= budget
                        chosen, cost = chosen[within], cost[within]
                    if len(chosen):
                        yield option.friendly, chosen, cost

    def arrays(self, batch: int = 65536) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
        """The declarations as 0/1 rows over :attr:`columns`, from :meth:`chosen_blocks`
        (numpy throughout; row ``i`` is ``self[i]``)."""
        columns = {u: i for i, u in enumerate(self.columns)}
        candidate_columns = np.array([columns[u] for u in self.problem.candidates],
                                     dtype=np.int64)
        for friendly, chosen, _cost in self.chosen_blocks(batch):
            rows = np.zeros((len(chosen), len(columns)), dtype=np.int8)
            if friendly is not None:
                rows[:, columns[friendly]] = 1
            rows[np.arange(len(chosen))[:, None], candidate_columns[chosen]] = 1
            yield rows

# --------------------------------------------------------------------------- groups


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
    return _mask_rows(([u for slot in selection for u in slot] for selection in selections),
                      columns, batch)


def _mask_rows(chosen: Iterator[Iterable[str]], columns: tuple[str, ...], batch: int
               ) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
    """Each answer's ``chosen`` units as a 0/1 row over ``columns``, ``batch`` rows a
    block: a block's (row, column) cells gathered in one list and set at once."""
    position = {unit: i for i, unit in enumerate(columns)}
    while block := list(islice(chosen, batch)):
        cells = [(row, position[unit]) for row, units in enumerate(block) for unit in units]
        rows = np.zeros((len(block), len(columns)), dtype=np.int8)
        if cells:
            rows[tuple(np.array(cells, dtype=np.int64).T)] = 1
        yield rows

# --------------------------------------------------------------------------- combat


class CombatResolutions(LegalSet[Assignment]):
    """Every legal combat damage assignment (465.2.c): counted, ranked and unranked from
    the table of :mod:`riftsolve.solver.assign`, listed by any backend."""

    question = "resolve"
    _answer_type = Assignment

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        from riftsolve.solver.assign import Table

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

    def arrays(self, batch: int = 65536) -> Iterator[np.ndarray[Any, np.dtype[Any]]]:
        """Every assignment as numpy rows, ``batch`` at a time, in index order: the damage
        assigned to each receiver (:attr:`columns`)."""
        rows: list[list[int]] = []
        for answer in self.table:
            rows.append(self._row(answer))
            if len(rows) == batch:
                yield np.array(rows, dtype=np.int64)
                rows = []
        if rows:
            yield np.array(rows, dtype=np.int64)

    def unrank(self, indices: np.ndarray[Any, np.dtype[np.int64]]
               ) -> np.ndarray[Any, np.dtype[Any]]:
        """The assignments with these indices as rows of :meth:`arrays`, without listing."""
        rows = [self._row(self[int(i)]) for i in np.asarray(indices).tolist()]
        return np.array(rows, dtype=np.int64).reshape(len(rows), len(self.columns))


# --------------------------------------------------------------------------- any family


class Listed(LegalSet[Answer]):
    """The answers of a family the solver has no legal sets of its own for: its problem
    lists its own answers (:class:`~riftsolve.models.families.Listing`), the native backend
    streams them, and they are counted and indexed by listing, up to
    :data:`MOST_LISTED`. The family's verifier and explanations answer the rest."""

    #: Most answers counted by listing them.
    MOST_LISTED = 10**6

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        build = (self.family.finalize_problem if self.question == "finalize"
                 else self.family.resolve_problem)
        self.problem: Any = build(scenario)
        self._answer_type = (self.family.DECLARATION if self.question == "finalize"
                             else self.family.RESOLUTION)

    def count(self) -> int:
        if self.unpayable is not None:
            return 0
        exact = getattr(self.problem, "count", None)
        if callable(exact) and (counted := exact()) is not None:
            return int(counted)  # counted without listing (the problem says how)
        most = self.MOST_LISTED
        listed = sum(1 for _ in islice(backend("native").answers(self.problem), most + 1))
        if listed > most:
            raise CountTooLarge(_("the {family} family's answers (counted by listing them)"
                                  ).format(family=self.family.NAME), most + 1,
                                N_("a smaller board"), steps=N_("answers listed, at least"),
                                bound=most)
        return listed

    def __iter__(self) -> Iterator[Answer]:
        if self.unpayable is not None:
            return iter(())
        return self.backend.answers(self.problem)


class ListedDeclarations(Listed):
    """Every legal declaration of a family answered by listing."""

    question = "finalize"


class ListedResolutions(Listed):
    """Every legal resolution of a family answered by listing."""

    question = "resolve"


class JointDeclarations(ListedDeclarations):
    """Every legal declaration of a joint choice: listed, counted exactly along its links
    (:meth:`riftsolve.models.families.picks.JointProblem.count`)."""


class JointResolutions(ListedResolutions):
    """Every legal resolution of a joint choice."""


# --------------------------------------------------------------------------- questions


def check_version(scenario: Scenario, question: str) -> None:
    """Refuse a question whose ruling under the scenario's older ``rules`` differs from
    1.4's (never a 1.4 ruling under an older label)."""
    refusal = older_rules_refusal(scenario, question)
    if refusal is not None:
        raise ScenarioError("rules", refusal)


#: The legal sets (declarations, resolutions) of the families the solver answers with
#: counting formulas, rankings and every backend, by the family's name
#: (:data:`riftsolve.models.families.FAMILIES`); any other family is answered by listing
#: (:class:`ListedDeclarations`, :class:`ListedResolutions`).
LEGAL_SETS: dict[str, tuple[type[LegalSet[Answer]], type[LegalSet[Answer]]]] = {
    "split": (Declarations, Resolutions),
    "group": (GroupDeclarations, GroupResolutions),
    "combat": (ListedDeclarations, CombatResolutions),
    "joint": (JointDeclarations, JointResolutions),
}


def legal_sets(scenario: Scenario
                ) -> tuple[type[LegalSet[Answer]], type[LegalSet[Answer]]]:
    """The legal sets answering ``scenario``'s family."""
    return LEGAL_SETS.get(family_of(scenario.effect).NAME,
                          (ListedDeclarations, ListedResolutions))
