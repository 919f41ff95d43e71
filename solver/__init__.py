"""Turning questions into answers: backends, exact counts, the lazy legal set, the CLI.

>>> from models import load_scenario
>>> from solver.examples import example_path
>>> finalize(load_scenario(example_path("alpha-strike-finalize-4"))).count()
16
"""

from solver.best import Linear, Ranked, best
from solver.legal import (
    Declarations,
    GroupDeclarations,
    GroupResolutions,
    LegalSet,
    Resolutions,
    finalize,
    resolve,
)

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
