"""The registry of families: each family registers itself once, at the bottom of its own
module (:func:`register_family`), naming the type of effect it answers and whether a card
library stores its cards; the engine, the card store and the command line look a
family up here (:func:`family_of`, :func:`registered`) instead of asking what type an
effect is.

>>> from riftsolve.cards import card
>>> registration_of(card("Fox-Fire")).name, family_of(card("Alpha Strike")).NAME
('group', 'split')
>>> sorted(r.name for r in registered() if r.stored)
['group', 'joint', 'split']
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from riftsolve.rules.acts import Acts
from riftsolve.rules.board import Board
from riftsolve.rules.effects import Effect
from riftsolve.rules.options import Option
from riftsolve.rules.scenario import Scenario, Targets
from riftsolve.rules.targeting import Failure

if TYPE_CHECKING:
    from riftsolve.rules.explain import Step
    from riftsolve.rules.roles import Role


#: A family's effect type, its record of chosen targets, its declarations, its
#: resolutions, and the plain problems of its two questions (:class:`Family`'s parameters).
E = TypeVar("E", contravariant=True)
T = TypeVar("T", bound=Targets, covariant=True)
D = TypeVar("D")
R = TypeVar("R")
FP = TypeVar("FP", covariant=True)
RP = TypeVar("RP", covariant=True)


class Family(Protocol[E, T, D, R, FP, RP]):
    """What a family module provides (its module-level names), typed by its effect ``E``,
    its record of the targets chosen ``T``, its declarations ``D`` and resolutions ``R``,
    and the problems of its two questions (``FP``, ``RP``): ``Family[SplitDamage,
    SplitChosen, Declaration, Resolution, SplitFinalizeProblem, SplitResolveProblem]`` is the
    split family's module (``tests/test_families.py`` has
    mypy check each family against its own)."""

    #: The family's name: the solver's registry of legal sets is keyed by it.
    NAME: str
    #: The type of its declarations (the answers at finalization) and of its resolutions:
    #: each an :class:`~riftsolve.rules.answers.Answer`.
    DECLARATION: type[D]
    RESOLUTION: type[R]

    def read_targets(self, raw: Mapping[str, object], effect: E, board: Board,
                     field_prefix: str) -> T:
        """The targets a scenario declares (format 1), checked slot by slot; errors name
        the field (``field_prefix`` and the slot)."""

    def finalize_problem(self, scenario: Scenario) -> FP:
        """The finalization question, as a plain problem for the backends."""

    def resolve_problem(self, scenario: Scenario) -> RP:
        """The resolution question of the targets chosen, on the board now."""

    def verify_declaration(self, scenario: Scenario, declaration: D) -> list[Failure]:
        """Every rule a declaration breaks; empty when it is legal."""

    def verify_resolution(self, scenario: Scenario, answer: R) -> list[Failure]:
        """Every rule a resolution breaks; empty when it is legal."""

    def explain_declaration(self, scenario: Scenario, declaration: D) -> list[Step]:
        """The rule trail of a legal declaration."""

    def explain_resolution(self, scenario: Scenario, answer: R) -> list[Step]:
        """The rule trail of a legal resolution."""

    def declared_targets(self, scenario: Scenario, declaration: D) -> T:
        """The targets a legal declaration chooses, as the resolution question reads
        them."""

    def older_rules_reason(self, scenario: Scenario, question: str, version: str
                           ) -> str | None:
        """Why the question can't be answered under an older Core Rules ``version`` (its
        text rules otherwise, or is silent on what decides the answer), or ``None``."""

    def slot_shapes(self, effect: E) -> list[dict[str, str]]:
        """How each slot of a declaration is written in a scenario's ``targets``: ``one``
        id (or null when it may stay empty), a ``list`` of ids, or ``places``
        (``{"<location>": "<unit id>"}``); ``kind``: what the id names (``unit``,
        ``battlefield``, ``location``, ``player``, ``mode`` ...). The notation and the
        page read it."""

    def slot_options(self, scenario: Scenario, resolving: bool) -> dict[str, tuple[Option, ...]]:
        """For each slot :meth:`slot_shapes` lists, in its order, every value of the slot's
        kind on the board (units: each unit and gear, wherever it is, off the board too;
        locations: the battlefields and ``base`` ...), in natural order, each with why it
        may not fill the slot on its own (:class:`~riftsolve.rules.options.Option`), by
        the family's own check of one candidate: as it is declared (``resolving`` false:
        355.9, 740.1, 757, the Deflect one target costs within the Power available, 809),
        or as a target chosen would be checked now, on resolution (359.3.e.2, 758.1,
        359.3.f.2). On resolution a chosen value has a failure exactly when the resolution
        finds it illegal; a slot the resolution does not check again (a cost's choice, a
        move's destination: no target) keeps its chosen value."""

    def slot_roles(self, effect: E) -> dict[str, tuple[Role, str]] | None:
        """Each slot's role (a target, a cost's choice ...) and the rule deciding it,
        where the family states them itself (a joint choice's picks each say so);
        ``None``: read from the card's words (:func:`riftsolve.rules.choosing.slot_roles`)."""

    def acts(self, scenario: Scenario, answer: R) -> Acts:
        """What a legal resolution does, before anything dies (142.4 is decided by
        :func:`riftsolve.rules.outcome.apply`, the same for every family)."""


#: A family of any types: what the registry holds and hands out (a question's types are
#: known only once its effect is, at run time).
AnyFamily = Family[Any, Targets, Any, Any, Any, Any]


# (a named tuple: cheap to define, as every start of the command line defines it)
class Registration(NamedTuple):
    """One family as it registered: its name (``rules.NAME``), the module of its rules, the
    type of effect it answers, and whether a card library stores its cards (under its
    name: ``{"family": name, "fields": ...}``)."""

    name: str
    rules: AnyFamily
    effect: type[Effect]
    stored: bool


_REGISTERED: dict[str, Registration] = {}

#: The package whose modules are the families: each registers itself as it is imported,
#: which happens when its family is first asked for (a question about split damage loads
#: neither the joint choices nor combat), or all at once for :func:`registered`.
PACKAGE = "riftsolve.rules.families"
_TRIED: set[str] = set()


def load_families(package: str, path: Iterable[str]) -> None:
    """Import every module of ``package`` (at ``path``), in the order of their names:
    each family registers itself at the bottom of its module, so a new family is a new
    module, with no list to edit."""
    import pkgutil  # (every family's modules: a question loads its own family's alone)

    for found in sorted(pkgutil.iter_modules(list(path)), key=lambda m: m.name):
        importlib.import_module(f"{package}.{found.name}")


def import_once(package: str, name: str) -> None:
    """Import the module ``name`` of ``package`` if there is one, looked for once (a
    family's rules here, its solver side in :mod:`riftsolve.engine.families`)."""
    module = f"{package}.{name}"
    if module in _TRIED or not name.isidentifier():
        return
    _TRIED.add(module)
    from importlib.util import find_spec

    if find_spec(module) is not None:
        importlib.import_module(module)


def _load(name: str) -> None:
    """Import the family module ``name`` of :data:`PACKAGE`, if there is one (once)."""
    import_once(PACKAGE, name)


def _load_all() -> None:
    """Import every family module of :data:`PACKAGE`."""
    package = importlib.import_module(PACKAGE)
    load_families(PACKAGE, package.__path__)


def register_family(rules: AnyFamily, effect: type[Effect], *, stored: bool = False
                    ) -> Registration:
    """Register ``rules``, a family's module (the :class:`Family` protocol), as the family
    answering effects of type ``effect``; ``stored``: card libraries hold its cards. A
    name registered twice, or a type another family answers, is a :class:`ValueError`.
    """
    found = Registration(rules.NAME, rules, effect, stored)
    if found.name in _REGISTERED:
        raise ValueError(f"a family named {found.name!r} is registered already")
    taken = next((r.name for r in _REGISTERED.values() if issubclass(effect, r.effect)
                  or issubclass(r.effect, effect)), None)
    if taken is not None:
        raise ValueError(f"{effect.__name__} effects are answered by the {taken} family")
    _REGISTERED[found.name] = found
    return found


def unregister_family(name: str) -> None:
    """Take the family ``name`` out of the registry (a family registered for a test)."""
    del _REGISTERED[name]


def registered() -> tuple[Registration, ...]:
    """Every family (the package's all loaded), in the order of their names."""
    _load_all()
    return tuple(_REGISTERED[name] for name in sorted(_REGISTERED))


def by_name() -> Mapping[str, Registration]:
    """Every family by its name (the package's all loaded)."""
    _load_all()
    return dict(_REGISTERED)


def named(name: str) -> Registration | None:
    """The family registered as ``name``, its module loaded if it is not yet; ``None``
    if there is none.

    >>> named("split").effect.__name__, named("no such family")
    ('SplitDamage', None)
    """
    if name not in _REGISTERED:
        _load(name)
    return _REGISTERED.get(name)


def registration_of(effect: Effect) -> Registration:
    """The registration of the family answering ``effect``'s questions: a family
    registered already, else the one its type names (``FAMILY``), loaded now."""
    for attempt in range(2):
        for found in _REGISTERED.values():
            if isinstance(effect, found.effect):
                return found
        family = getattr(type(effect), "FAMILY", None)
        if attempt or not isinstance(family, str):
            break
        _load(family)
    raise KeyError(f"no family answers {type(effect).__name__} effects")


def family_of(effect: Effect) -> AnyFamily:
    """The family answering ``effect``'s questions."""
    return registration_of(effect).rules


def slot_shapes(effect: Effect) -> list[dict[str, str]]:
    """How each slot of ``effect``'s declarations is written (its family's
    :meth:`Family.slot_shapes`).

    >>> from riftsolve.cards import card
    >>> [(slot["name"], slot["shape"]) for slot in slot_shapes(card("Alpha Strike"))]
    [('friendly', 'one'), ('enemies', 'list')]
    """
    return registration_of(effect).rules.slot_shapes(effect)


def slot_options(scenario: Scenario, resolving: bool = False) -> dict[str, tuple[Option, ...]]:
    """What each slot of ``scenario``'s card may hold on its board, and why the other
    values may not (its family's :meth:`Family.slot_options`).

    >>> from riftsolve.formats.format1 import parse_scenario
    >>> s = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
    ...     "battlefields": ["north"], "units": [
    ...         {"id": "kai", "controller": "A", "might": 3, "location": "north"},
    ...         {"id": "r1", "controller": "B", "might": 1, "location": "base"}]})
    >>> for slot, found in slot_options(s).items():
    ...     print(slot, [(o.value, o.failure and o.failure.rule) for o in found])
    friendly [('kai', None), ('r1', '740.1.a')]
    enemies [('kai', '740.1'), ('r1', '355.9.b')]
    """
    return registration_of(scenario.effect).rules.slot_options(scenario, resolving)
