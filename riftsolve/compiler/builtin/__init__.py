"""The built-in cards, each compiled from its text and reviewed by hand
(:func:`riftsolve.compiler.card.reviewed`), one module per family; the card library's
snapshot (``riftsolve/cards/library.json``) is written from them
(:mod:`riftsolve.compiler.builtin.snapshot`)."""
