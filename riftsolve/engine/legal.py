"""The lazy legal set: count, iterate, test membership, verify and explain.

Asking a question costs nothing until you use the answer: :meth:`LegalSet.count` uses a
closed form or a dynamic programme (never a listing, but for maximal group subsets of
unusual shapes), iteration streams from a backend, membership runs the rules verifier.

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.formats.examples import example_path
>>> from riftsolve.rules.answers import Resolution
>>> from riftsolve.engine.questions import resolve
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

import json
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import partial
from itertools import islice
from typing import (
    TYPE_CHECKING,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    Self,
    TypeAlias,
    TypeVar,
    overload,
)

from riftsolve._json import JSONOutDoc
from riftsolve._lazy import LazyModule
from riftsolve.engine.backends import backend
from riftsolve.engine.clauses import Clause
from riftsolve.engine.count import (
    CountTooLarge,
)
from riftsolve.engine.rank import (
    describe_count,
    index_error,
    uniform_below,
)
from riftsolve.i18n import N_, _
from riftsolve.rules.answers import (
    Answer,
)
from riftsolve.rules.choosing import counted_targets
from riftsolve.rules.core_rules import cited_as
from riftsolve.rules.costs import source_cost_failure
from riftsolve.rules.explain import Step
from riftsolve.rules.families import family_of
from riftsolve.rules.hidden import no_target_there
from riftsolve.rules.scenario import Scenario, ScenarioError
from riftsolve.rules.targeting import Failure
from riftsolve.rules.version_checks import older_rules_refusal

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from riftsolve.engine.steps import Steps
else:
    np = LazyModule("numpy")  # imported by the first block of answers

#: A block of answers written at once: its rows, and the JSON lines of its first ``k``.
TextBlock = tuple[int, Callable[[int], str]]

#: The answers a legal set lists: covariant, so that every legal set is a
#: ``LegalSet[Answer]`` (what :func:`finalize` and :func:`resolve` return).
A = TypeVar("A", bound=Answer, covariant=True)
#: The answers of one legal set, where a method takes one of them back: a method typed
#: ``self: LegalSet[T], answer: T`` takes the answers its own set lists (a split
#: resolutions set, a :class:`~riftsolve.rules.answers.Resolution`), which ``A``, being
#: covariant, cannot say of a parameter.
T = TypeVar("T", bound=Answer)

#: A block of answers as numpy rows: a 0/1 mask over the columns (``int8``), or the
#: damage dealt or assigned to each column (``int64``).
Rows: TypeAlias = "npt.NDArray[np.int8] | npt.NDArray[np.int64]"


class Block(Protocol):
    """A block of answers as a family writes their lines: numpy rows, or a batch of what
    its native search yields (its first ``k`` are ``block[:k]``)."""

    def __len__(self) -> int: ...

    def __getitem__(self, part: slice, /) -> Self: ...


B = TypeVar("B", bound=Block)
#: What a batch holds.
Item = TypeVar("Item")


# (a named tuple: cheap to define, as every start of the command line defines it)
class Capabilities(NamedTuple):
    """What a legal set does beyond listing its answers, as its family declares it (every
    set answers every question; these are ways to answer faster, on the boards they take,
    which the faces ask for by these flags). ``tests/test_families.py`` holds each
    declaration to what the set does.

    >>> Capabilities()
    Capabilities(counts=False, ranks=False, text_blocks=False, steps=False)
    """

    #: ``count()`` without listing: a closed form or a dynamic programme.
    counts: bool = False
    #: ``legal[i]`` and ``unrank`` without listing: a closed-form ranking.
    ranks: bool = False
    #: :meth:`LegalSet.text_blocks`: long listings written a block at a time (numpy rows,
    #: or a batch of the native search's answers), no answer object made.
    text_blocks: bool = False
    #: :meth:`LegalSet.first_step`: answered step by step (agents, the gym).
    steps: bool = False


class LegalSet(ABC, Generic[A]):
    """Every legal answer of one question about one scenario."""

    #: ``"finalize"`` or ``"resolve"``.
    question: ClassVar[str]
    #: What the set does beyond listing its answers (none by default).
    CAPABILITIES: ClassVar[Capabilities] = Capabilities()
    #: The type of the answers listed.
    _answer_type: type[A]

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        self.scenario = scenario
        #: The family whose rules answer the question (:mod:`riftsolve.rules.families`).
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

    def _own(self: LegalSet[T], answer: object) -> T:
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

    def _explain(self: LegalSet[T], answer: T) -> list[Step]:
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

    def _units(self: LegalSet[T], answer: T) -> tuple[str, ...]:
        """The units an answer chooses or affects (an array's columns)."""
        return answer.chosen()

    def arrays(self, batch: int = 65536) -> Iterator[Rows]:
        """Every answer as numpy rows, ``batch`` at a time, in index order: for a split
        resolution the damage per legal target, otherwise a 0/1 mask over
        :attr:`columns` of the units chosen or affected."""
        # streamed in the native order (the index order), never kept: no bound on the count
        answers = iter(type(self)(self.scenario, "native"))
        return mask_rows((self._units(answer) for answer in answers), self.columns, batch)

    def unrank(self, indices: npt.NDArray[np.int64]) -> Rows:
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

    def problems(self) -> list[object]:
        """The plain questions the backend answers (for size checks: each backend says
        whether it declines one, :meth:`~riftsolve.engine.backends.Backend.refusal`)."""
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

    # ------------------------------------------------------------ what the faces read
    # (the command line, the page, the ruling and the agents' steps ask each legal set:
    # a family's legal sets override what they show differently)

    #: The disputed rule its answers turn on, where the scenario format names a policy
    #: for each reading: the policy's field, its two readings and the rule; ``None``.
    DISPUTED: ClassVar[tuple[str, tuple[str, str], str] | None] = None

    def noun(self) -> str:
        """What one answer is called, in plural (a word of the JSON contract's, in
        English): ``declarations`` or ``resolutions`` by default."""
        return "declarations" if self.question == "finalize" else "resolutions"

    def line(self: LegalSet[T], answer: T) -> JSONOutDoc:
        """The CLI contract's JSON line for ``answer``: by default its own ``as_json()``
        (a family writes its own where the format needs the scenario, such as slot
        names)."""
        return dict(answer.as_json())

    def extras(self: LegalSet[T], answer: T) -> JSONOutDoc:
        """The keys ``--explain`` adds to a line: none by default."""
        return {}

    def headers(self) -> list[str]:
        """Column names of a readable table of answers: by default one column, the
        answer's line."""
        return [_(SINGULAR[self.noun()])]

    def cells(self: LegalSet[T], answer: T) -> list[str]:
        """One row of that table: by default the answer's line as compact JSON."""
        return [json.dumps(self.line(answer), ensure_ascii=False, separators=(",", ":"))]

    def still_legal(self) -> tuple[tuple[str, ...] | None, bool]:
        """On resolution, which chosen targets are still legal (359.3.e.2) and whether
        some are not; ``(None, False)`` where the question is not about chosen targets."""
        return None, False

    def must(self) -> tuple[Clause, ...] | None:
        """What the controller must do, in the family's own clauses with the rules that
        say so; ``None`` (the default): the ruling says it from the answers (who
        chooses, what each or some of them include)."""
        return None

    def choosers(self) -> list[str]:
        """Who chooses among the answers: the controller by default."""
        return [self.scenario.controller]

    def text_blocks(self, batch: int) -> Iterator[TextBlock] | None:
        """The answers' JSON lines formatted a block of at most ``batch`` answers at a
        time, in the native order (the fast path of a long listing, declared by
        ``CAPABILITIES.text_blocks``); ``None`` (the default, or a board it does not
        take): a line each."""
        return None

    def first_step(self, shares: bool = False) -> Steps | None:
        """The question's first state answered step by step
        (:mod:`riftsolve.engine.steps`, declared by ``CAPABILITIES.steps``); ``None`` (the
        default): not answered so. ``shares``: damage split a target's share a move, not
        a point a move (a question that deals no damage ignores it)."""
        return None


#: What one answer is called (:meth:`LegalSet.noun`, singular), for a table's one column.
SINGULAR = {"declarations": N_("declaration"), "resolutions": N_("resolution"),
            "assignments": N_("assignment")}


#: The answers and the plain problem of a family answered by listing.
L = TypeVar("L", bound=Answer)
P = TypeVar("P")


class Listed(LegalSet[L], Generic[L, P]):
    """The answers of a family the solver has no legal sets of its own for: its problem
    lists its own answers (:class:`~riftsolve.rules.families.Listing`), the native backend
    streams them, and they are counted and indexed by listing, up to
    :data:`MOST_LISTED`. The family's verifier and explanations answer the rest."""

    #: Most answers counted by listing them.
    MOST_LISTED = 10**6

    def __init__(self, scenario: Scenario, backend_name: str = "auto") -> None:
        super().__init__(scenario, backend_name)
        build = (self.family.finalize_problem if self.question == "finalize"
                 else self.family.resolve_problem)
        self.problem: P = build(scenario)
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

    def __iter__(self) -> Iterator[L]:
        if self.unpayable is not None:
            return iter(())
        return self.backend.answers(self.problem)


class ListedDeclarations(Listed[L, P]):
    """Every legal declaration of a family answered by listing."""

    question = "finalize"


class ListedResolutions(Listed[L, P]):
    """Every legal resolution of a family answered by listing."""

    question = "resolve"


def chosen_targets_extras(scenario: Scenario, illegal: Iterable[tuple[str, Failure]]
                          ) -> JSONOutDoc:
    """The keys every resolution's explanation of chosen targets has: those illegal now,
    each with why, and the targets another spell would count (359.3.e.9.a)."""
    version = scenario.rules
    return {"illegal": {unit: failure.said(version) for unit, failure in illegal},
            "counted_targets": counted_targets(scenario)}


def check_version(scenario: Scenario, question: str) -> None:
    """Refuse a question whose ruling under the scenario's older ``rules`` differs from
    1.4's (never a 1.4 ruling under an older label)."""
    refusal = older_rules_refusal(scenario, question)
    if refusal is not None:
        raise ScenarioError("rules", refusal)


def text_blocks_of(blocks: Iterable[B], text: Callable[[B], str]) -> Iterator[TextBlock]:
    """Each of ``blocks`` (numpy rows, one per answer) as a :data:`TextBlock`: its rows,
    and its first ``k`` rows' JSON lines written by ``text`` when asked."""
    for block in blocks:
        yield len(block), partial(_first_lines, text, block)


def _first_lines(text: Callable[[B], str], block: B, k: int) -> str:
    """The JSON lines of the first ``k`` rows of ``block``."""
    return text(block[:k])


def batches(items: Iterator[Item], size: int) -> Iterator[list[Item]]:
    """``items`` in lists of ``size`` (the last one fewer)."""
    while batch := list(islice(items, size)):
        yield batch


def mask_rows(chosen: Iterator[Iterable[str]], columns: tuple[str, ...], batch: int
               ) -> Iterator[npt.NDArray[np.int8]]:
    """Each answer's ``chosen`` units as a 0/1 row over ``columns``, ``batch`` rows a
    block: a block's (row, column) cells gathered in one list and set at once."""
    position = {unit: i for i, unit in enumerate(columns)}
    while block := list(islice(chosen, batch)):
        cells = [(row, position[unit]) for row, units in enumerate(block) for unit in units]
        rows = np.zeros((len(block), len(columns)), dtype=np.int8)
        if cells:
            rows[tuple(np.array(cells, dtype=np.int64).T)] = 1
        yield rows
