"""Interchangeable backends: each lists the answers of the same questions.

* ``native``: direct generators (combinations and compositions), the fast path;
* ``cpsat``: OR-Tools CP-SAT models from :mod:`solver.compile`, the general path;
* ``pyconstraint``: python-constraint2, an independent cross-check for small boards.

All three pass the same conformance suites (``tests/test_properties.py`` and
``tests/test_group_properties.py``): each lists exactly the answers the rules verifier
accepts, each once, as many as ``count()`` says.

Each backend's module is imported on first use (``BACKENDS[name]``, :func:`backend`):
OR-Tools (with pandas) and python-constraint2 take most of a second to import, which a
question answered by the native generators never pays.

>>> sorted(BACKENDS)
['cpsat', 'native', 'pyconstraint']
>>> BACKENDS["native"].name
'native'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from riftsolve.models.answers import Declaration, Resolution, Selection
from riftsolve.models.families.group import GroupProblem
from riftsolve.models.families.split import SplitFinalizeProblem, SplitResolveProblem


@dataclass(frozen=True)
class Backend:
    """One backend's entry points."""

    name: str
    resolutions: Callable[[SplitResolveProblem], Iterator[Resolution]]
    declarations: Callable[[SplitFinalizeProblem], Iterator[Declaration]]
    selections: Callable[[GroupProblem], Iterator[Selection]]
    #: What the backend declines, and why (``None``: it answers the problem).
    refusal: Callable[[object], str | None]


def _backend(module: ModuleType) -> Backend:
    return Backend(module.NAME, module.resolutions, module.declarations, module.selections,
                   module.refusal)


class _Registry(Mapping[str, Backend]):
    """The backends by name; a backend's module is imported when it is first asked for.
    Names and membership need no import; values and items import every backend."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules
        self._loaded: dict[str, Backend] = {}

    def __getitem__(self, name: str) -> Backend:
        entry = self._loaded.get(name)
        if entry is None:
            module = import_module(self._modules[name])  # KeyError: no such backend
            entry = _backend(module)
            if entry.name != name:  # pragma: no cover - a misregistered module
                raise ImportError(f"{module.__name__} is backend {entry.name!r}, not {name!r}")
            self._loaded[name] = entry
        return entry

    def __contains__(self, name: object) -> bool:
        return name in self._modules

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


BACKENDS: Mapping[str, Backend] = _Registry({
    "native": "riftsolve.solver.backends.native",
    "cpsat": "riftsolve.solver.backends.cpsat",
    "pyconstraint": "riftsolve.solver.backends.pyconstraint",
})

#: What ``--backend auto`` picks: the native generators answer every primitive split
#: question exactly and are the fastest (see benchmarks/enumerate.py).
DEFAULT_BACKEND = "native"


def backend(name: str) -> Backend:
    """The backend called ``name`` (``'auto'`` means the default)."""
    return BACKENDS[DEFAULT_BACKEND if name == "auto" else name]
