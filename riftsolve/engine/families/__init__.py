"""Each family's solver side: its legal sets (counted, listed, indexed and ranked), one
module per family beside the rules it answers (:mod:`riftsolve.rules.families`), named as
the family and imported with it, each registering its pair of legal sets
(:func:`riftsolve.engine.families.registry.register_legal_sets`) and naming, where its
answers are ranked without scoring each, the module of its way of finding the best ones
(``ranked_by``; imported when ``best`` is first asked, :func:`riftsolve.engine.optima.
register_best`), and its steps' module, imported by its ``first_step``. A family's module
is imported when its legal sets are first asked for
(:func:`riftsolve.engine.families.registry.legal_sets`; a small question loads neither the
other families' nor the rankings nor the steps). A family that registers no legal sets
is answered by listing, one that names no way of ranking by scoring every answer."""
