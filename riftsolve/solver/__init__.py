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
    from riftsolve.solver.families.group import GroupDeclarations, GroupResolutions
    from riftsolve.solver.families.split import Declarations, Resolutions
    from riftsolve.solver.legal import LegalSet
    from riftsolve.solver.optimum import Linear, Ranked, best
    from riftsolve.solver.questions import finalize, resolve

#: Where each public name lives.
_HOMES = {
    **dict.fromkeys(("Linear", "Ranked", "best"), "riftsolve.solver.optimum"),
    "LegalSet": "riftsolve.solver.legal",
    **dict.fromkeys(("Declarations", "Resolutions"), "riftsolve.solver.families.split"),
    **dict.fromkeys(("GroupDeclarations", "GroupResolutions"),
                    "riftsolve.solver.families.group"),
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
