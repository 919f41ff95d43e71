"""The input and output formats: scenarios as JSON (format 1:
:mod:`~riftsolve.formats.format1`, validated by :mod:`~riftsolve.formats.schema`), as
the board notation (:mod:`~riftsolve.formats.notation`), read from a file
(:mod:`~riftsolve.formats.reading`); the JSON lines of answers
(:mod:`~riftsolve.formats.lines`); the card dumps people publish
(:mod:`~riftsolve.formats.dumps`); the built-in example scenarios
(:mod:`riftsolve.formats.examples`).
"""
