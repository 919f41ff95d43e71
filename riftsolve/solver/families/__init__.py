"""Each family's solver side: its legal sets (counted, listed, indexed and ranked), one
module per family beside the rules it answers (:mod:`riftsolve.models.families`), each
registering its pair of legal sets (:func:`riftsolve.solver.families.registry.register_legal_sets`)
and, where its answers are ranked without scoring each, its way of finding the best ones
(:func:`riftsolve.solver.optima.register_best`). A family that registers no legal sets is
answered by listing, one that registers no way of ranking by scoring every answer."""

from riftsolve.solver.families import combat as combat
from riftsolve.solver.families import combat_best as combat_best
from riftsolve.solver.families import group as group
from riftsolve.solver.families import joint as joint
from riftsolve.solver.families import split as split
from riftsolve.solver.families import split_best as split_best
