"""The questions: :func:`finalize` and :func:`resolve`, the legal set that answers a
scenario (its family's, :func:`~riftsolve.engine.families.registry.legal_sets`, or a paid Repeat's
pairs of executions, :mod:`riftsolve.engine.repeat`), typed as the kind of answer the
caller names.

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.formats.examples import example_path
>>> resolve(load_scenario(example_path("alpha-strike-shrunk-5-to-3"))).count()
10
"""

from __future__ import annotations

from typing import Literal, TypeVar, overload

from riftsolve.engine.families.registry import legal_sets
from riftsolve.engine.legal import LegalSet, check_version
from riftsolve.rules.answers import Answer
from riftsolve.rules.scenario import Scenario

#: The kind of answer a caller expects (see :func:`resolve`).
K = TypeVar("K", bound=Answer)


@overload
def resolve(scenario: Scenario, backend: str = "auto") -> LegalSet[Answer]: ...


@overload
def resolve(scenario: Scenario, backend: str = "auto", *, kind: type[K]) -> LegalSet[K]: ...


def resolve(scenario: Scenario, backend: str = "auto", *, kind: type[Answer] | None = None
            ) -> LegalSet[Answer]:
    """Every legal resolution of ``scenario``'s chosen targets on the board now.

    The answers are :class:`~riftsolve.rules.answers.Answer` s of the scenario's family;
    name the ``kind`` you expect (``kind=Resolution`` for split damage, ``Affected`` for a
    group, ``Repeated`` for a paid Repeat) to get a set typed as listing that kind: a
    :class:`TypeError` says so at once if the scenario's answers are of another kind.

    >>> from riftsolve.rules.answers import Resolution
    >>> from riftsolve.rules.answers.group import Affected
    >>> from riftsolve.formats.reading import load_scenario
    >>> from riftsolve.formats.examples import example_path
    >>> scenario = load_scenario(example_path("alpha-strike-shrunk-5-to-3"))
    >>> resolve(scenario, kind=Resolution)[0].damage
    (('r1', 1), ('r2', 1), ('r3', 1))
    >>> try:
    ...     resolve(scenario, kind=Affected)
    ... except TypeError as error:
    ...     print(error)
    the resolutions of Alpha Strike (the split family) are Resolution answers, not Affected
    """
    return _asked(scenario, "resolve", backend, kind)


@overload
def finalize(scenario: Scenario, backend: str = "auto") -> LegalSet[Answer]: ...


@overload
def finalize(scenario: Scenario, backend: str = "auto", *, kind: type[K]) -> LegalSet[K]: ...


def finalize(scenario: Scenario, backend: str = "auto", *, kind: type[Answer] | None = None
             ) -> LegalSet[Answer]:
    """Every legal target declaration for ``scenario``'s board; ``kind`` as for
    :func:`resolve` (``Declaration`` for split damage, ``GroupDeclaration`` for a group)."""
    return _asked(scenario, "finalize", backend, kind)


def is_forced(scenario: Scenario, question: Literal["finalize", "resolve"] | None = None
              ) -> bool:
    """Whether ``scenario``'s question has exactly one legal answer: no choice to make,
    the one answer applied as it is (:meth:`~riftsolve.engine.legal.LegalSet.is_forced`
    of its legal set: two answers looked at, never more). ``question`` is
    ``"finalize"`` or ``"resolve"``, the scenario's own by default
    (:attr:`~riftsolve.rules.scenario.Scenario.question`: a combat's is its assignment).

    A combat assignment is forced on the board of the Core Rules' own example (465.2.c,
    ``combat-spec-example``: 5 damage must fill the Tank, then the unit without a keyword,
    and the last point goes to the Backline unit); it is a choice when 5 damage meets four
    units of lethal amount 3 (one filled, the rest on another: 12 ways).

    >>> from riftsolve.formats.reading import load_scenario
    >>> from riftsolve.formats.examples import example_path
    >>> is_forced(load_scenario(example_path("combat-spec-example")))
    True
    >>> is_forced(load_scenario(example_path("combat-lethal-in-full")))
    False
    >>> is_forced(load_scenario(example_path("alpha-strike-finalize-4")), "finalize")
    False
    """
    if question not in (None, "finalize", "resolve"):
        raise ValueError(f"question is 'finalize' or 'resolve', not {question!r}")
    asked = question or scenario.question
    legal = finalize(scenario) if asked == "finalize" else resolve(scenario)
    return legal.is_forced()


def _asked(scenario: Scenario, question: str, backend: str, kind: type[Answer] | None
           ) -> LegalSet[Answer]:
    """The legal set answering ``question`` about ``scenario``: a paid Repeat's pairs of
    executions, else the family's own (registered in
    :data:`~riftsolve.engine.families.registry.LEGAL_SETS`, or answered by listing)."""
    check_version(scenario, question)
    if scenario.repeat:
        from riftsolve.engine.repeat import RepeatedDeclarations, RepeatedResolutions

        pair: tuple[type[LegalSet[Answer]], type[LegalSet[Answer]]] = (
            RepeatedDeclarations, RepeatedResolutions)
    else:
        pair = legal_sets(scenario)
    chosen = pair[0] if question == "finalize" else pair[1]
    return _of_kind(chosen(scenario, backend), kind)


def _of_kind(legal: LegalSet[Answer], kind: type[Answer] | None) -> LegalSet[Answer]:
    """``legal``, whose answers must be of ``kind`` when one is named."""
    listed = legal._answer_type
    if kind is not None and not issubclass(listed, kind):
        noun = "declarations" if legal.question == "finalize" else "resolutions"
        raise TypeError(f"the {noun} of {legal.scenario.effect.name} (the "
                        f"{legal.family.NAME} family) are {listed.__name__} answers, not "
                        f"{kind.__name__}")
    return legal
