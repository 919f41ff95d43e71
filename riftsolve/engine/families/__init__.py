"""Each family's solver side: its legal sets (counted, listed, indexed and ranked), one
module per family beside the rules it answers (:mod:`riftsolve.rules.families`), each
registering its pair of legal sets (:func:`riftsolve.engine.families.registry.register_legal_sets`)
and, where its answers are ranked without scoring each, its way of finding the best ones
(:func:`riftsolve.engine.optima.register_best`). A family that registers no legal sets is
answered by listing, one that registers no way of ranking by scoring every answer. Every
module here is imported, in the order of their names: a family's solver side is a new
module, with no list to edit."""

from riftsolve.rules.families import load_families

load_families(__name__, __path__)
