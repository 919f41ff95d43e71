"""Each family's solver side: its legal sets (counted, listed, indexed and ranked), one
module per family beside the rules it answers (:mod:`riftsolve.models.families`), each
registering its pair of legal sets (:func:`riftsolve.solver.families.registry.register_legal_sets`).
A family that registers none is answered by listing."""

from riftsolve.solver.families import combat as combat
from riftsolve.solver.families import group as group
from riftsolve.solver.families import joint as joint
from riftsolve.solver.families import split as split
