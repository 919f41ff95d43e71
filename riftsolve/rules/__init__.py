"""The rules: what the Core Rules decide, in pure Python (nothing here imports a solver).

Boards and units (:mod:`~riftsolve.rules.board`), effects as data
(:mod:`~riftsolve.rules.effects`), the scenario a question is asked about
(:mod:`~riftsolve.rules.scenario`), targeting and its failures
(:mod:`~riftsolve.rules.targeting`), each family's rules and verifiers
(:mod:`riftsolve.rules.families`), what an answer does to the board
(:mod:`~riftsolve.rules.outcome`), the Core Rules numbers and texts cited
(:mod:`~riftsolve.rules.core_rules`, :mod:`~riftsolve.rules.versions`), and the targeting
words of card texts (:mod:`~riftsolve.rules.grammar`, :mod:`~riftsolve.rules.classify`).
The package's one facade is :mod:`riftsolve`.
"""
