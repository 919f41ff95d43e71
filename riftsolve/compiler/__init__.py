"""The card compiler: card text to effect data. A single choice
(:mod:`~riftsolve.compiler.card`), choices one after another
(:mod:`~riftsolve.compiler.sequence`), counterspells
(:mod:`~riftsolve.compiler.counters`), and a whole card dump compiled into a card
library (:mod:`~riftsolve.compiler.importer`).
"""
