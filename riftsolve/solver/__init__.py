"""Turning questions into answers: backends, exact counts, the lazy legal set, the CLI.

The names below are loaded on first use, so that importing a small part of the package
(the command line's entry point, say) does not load all of it.

>>> from riftsolve.models import load_scenario
>>> from riftsolve.solver import finalize
>>> from riftsolve.solver.examples import example_path
>>> finalize(load_scenario(example_path("alpha-strike-finalize-4"))).count()
16
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riftsolve._lazy import lazy_names

if TYPE_CHECKING:
    from riftsolve.solver.legal import (
        Declarations,
        GroupDeclarations,
        GroupResolutions,
        LegalSet,
        Resolutions,
    )
    from riftsolve.solver.optimum import Linear, Ranked, best
    from riftsolve.solver.questions import finalize, resolve

#: Where each public name lives.
_HOMES = {
    **dict.fromkeys(("Linear", "Ranked", "best"), "riftsolve.solver.optimum"),
    **dict.fromkeys(("Declarations", "GroupDeclarations", "GroupResolutions", "LegalSet",
                     "Resolutions"), "riftsolve.solver.legal"),
    **dict.fromkeys(("finalize", "resolve"), "riftsolve.solver.questions"),
}

__all__ = [
    "Declarations",
    "GroupDeclarations",
    "GroupResolutions",
    "LegalSet",
    "Linear",
    "Ranked",
    "Resolutions",
    "best",
    "finalize",
    "resolve",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())
