"""Turning questions into answers: backends, exact counts, the lazy legal set, the CLI.

>>> from models import load_scenario
>>> from solver.examples import example_path
>>> finalize(load_scenario(example_path("alpha-strike-finalize-4"))).count()
16
"""

from solver.legal import Declarations, LegalSet, Resolutions, finalize, resolve

__all__ = ["Declarations", "LegalSet", "Resolutions", "finalize", "resolve"]
