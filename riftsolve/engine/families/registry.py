"""The registry of the families' legal sets: each family's solver module registers the
pair answering its two questions (:func:`register_legal_sets`); :func:`legal_sets` finds
a scenario's, its family's solver module (:mod:`riftsolve.engine.families`) loaded when
first asked for; :func:`all_legal_sets` loads every family's.

>>> from riftsolve.formats.reading import load_scenario
>>> from riftsolve.formats.examples import example_path
>>> [kind.__name__ for kind in legal_sets(load_scenario(example_path("fox-fire-moved")))]
['GroupDeclarations', 'GroupResolutions']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from riftsolve.engine.legal import LegalSet, ListedDeclarations, ListedResolutions
from riftsolve.rules.answers import Answer
from riftsolve.rules.effects import Effect
from riftsolve.rules.families import family_of, registered
from riftsolve.rules.families.registry import import_once
from riftsolve.rules.scenario import Scenario

if TYPE_CHECKING:  # (made when ``riftsolve new`` first asks: a question never does)
    from riftsolve.engine.starting import StarterHooks

#: The legal sets (declarations, resolutions) of the families the solver answers with
#: counting formulas, rankings and every backend, by the family's name
#: (:mod:`riftsolve.rules.families`), each registered by the family's solver module
#: (:mod:`riftsolve.engine.families`); any other family is answered by listing
#: (:class:`ListedDeclarations`, :class:`ListedResolutions`).
LEGAL_SETS: dict[str, tuple[type[LegalSet[Answer]], type[LegalSet[Answer]]]] = {}


#: What makes each family's parts of ``riftsolve new`` (:mod:`riftsolve.faces.starter`),
#: by name.
STARTERS: dict[str, Callable[[], StarterHooks]] = {}
#: The module of each family's way of finding the best answers, by name.
RANKED_BY: dict[str, str] = {}


def register_legal_sets(name: str, declarations: type[LegalSet[Answer]],
                        resolutions: type[LegalSet[Answer]], *,
                        starter: Callable[[], StarterHooks] | None = None,
                        ranked_by: str | None = None) -> None:
    """Register the legal sets answering the family ``name``'s two questions, what makes
    its parts of the starting file ``riftsolve new`` writes, called when ``new`` asks
    (none: its slots written as their shapes say, on the plain example board), and the
    module of its way of finding the
    best answers (none: each answer scored), imported when ``best`` first asks for it."""
    if name in LEGAL_SETS:
        raise ValueError(f"the {name} family's legal sets are registered already")
    LEGAL_SETS[name] = (declarations, resolutions)
    if starter is not None:
        STARTERS[name] = starter
    if ranked_by is not None:
        RANKED_BY[name] = ranked_by


def _load(name: str) -> str:
    """The family ``name``, its solver module imported if it has one (once)."""
    import_once("riftsolve.engine.families", name)
    return name


def all_legal_sets() -> dict[str, tuple[type[LegalSet[Answer]], type[LegalSet[Answer]]]]:
    """The legal sets of every family that registers its own, each family's solver
    module loaded."""
    for found in registered():
        _load(found.name)
    return dict(LEGAL_SETS)


def starter_hooks(effect: Effect) -> StarterHooks:
    """The parts of ``riftsolve new`` the family of ``effect`` registered (none by
    default)."""
    from riftsolve.engine.starting import StarterHooks

    made = STARTERS.get(_load(family_of(effect).NAME))
    return StarterHooks() if made is None else made()


def legal_sets(scenario: Scenario
                ) -> tuple[type[LegalSet[Answer]], type[LegalSet[Answer]]]:
    """The legal sets answering ``scenario``'s family."""
    return LEGAL_SETS.get(_load(family_of(scenario.effect).NAME),
                          (ListedDeclarations, ListedResolutions))
