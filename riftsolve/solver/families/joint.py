"""The legal sets of a joint choice (several objects chosen one after another): answered by
listing the plain question of keys (:mod:`riftsolve.models.families.picks`), which
counts itself where its links form a forest.
"""

from __future__ import annotations

from riftsolve.solver.families.registry import register_legal_sets
from riftsolve.solver.legal import (
    ListedDeclarations,
    ListedResolutions,
)


class JointDeclarations(ListedDeclarations):
    """Every legal declaration of a joint choice: listed, counted exactly along its links
    (:meth:`riftsolve.models.families.picks.JointProblem.count`)."""


class JointResolutions(ListedResolutions):
    """Every legal resolution of a joint choice."""


register_legal_sets("joint", JointDeclarations, JointResolutions)
