"""Interchangeable backends: each lists the answers of the same questions.

* ``native``: direct generators (combinations and compositions), the fast path;
* ``cpsat``: OR-Tools CP-SAT models from :mod:`solver.compile`, the general path;
* ``pyconstraint``: python-constraint2, an independent cross-check for small boards.

All three pass the same conformance suites (``tests/test_properties.py`` and
``tests/test_group_properties.py``): each lists exactly the answers the rules verifier
accepts, each once, as many as ``count()`` says.

>>> sorted(BACKENDS)
['cpsat', 'native', 'pyconstraint']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

from models.answers import Declaration, Resolution, Selection
from models.group import GroupProblem
from models.split import SplitFinalizeProblem, SplitResolveProblem
from solver.backends import cpsat, native, pyconstraint


@dataclass(frozen=True)
class Backend:
    """One backend's entry points."""

    name: str
    resolutions: Callable[[SplitResolveProblem], Iterator[Resolution]]
    declarations: Callable[[SplitFinalizeProblem], Iterator[Declaration]]
    selections: Callable[[GroupProblem], Iterator[Selection]]


def _backend(module: ModuleType) -> Backend:
    return Backend(module.NAME, module.resolutions, module.declarations, module.selections)


BACKENDS: dict[str, Backend] = {
    module.NAME: _backend(module) for module in (native, cpsat, pyconstraint)
}

#: What ``--backend auto`` picks: the native generators answer every primitive split
#: question exactly and are the fastest (see benchmarks/enumerate.py).
DEFAULT_BACKEND = "native"


def backend(name: str) -> Backend:
    """The backend called ``name`` (``'auto'`` means the default)."""
    return BACKENDS[DEFAULT_BACKEND if name == "auto" else name]
