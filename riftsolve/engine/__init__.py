"""The engine: questions turned into answers. The lazy legal sets
(:mod:`~riftsolve.engine.legal`; each family's in :mod:`riftsolve.engine.families`),
``finalize`` and ``resolve`` (:mod:`~riftsolve.engine.questions`), exact counts and
rankings (:mod:`~riftsolve.engine.count`, :mod:`~riftsolve.engine.rank`), the backends
(:mod:`riftsolve.engine.backends`) and CP-SAT models (:mod:`~riftsolve.engine.compile`),
the best answers (:mod:`~riftsolve.engine.optimum`), answers step by step
(:mod:`~riftsolve.engine.steps`).
"""
