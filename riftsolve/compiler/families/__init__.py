"""Each family's shapes of card text, a module apiece, found by this folder: a module
registers its shapes (:func:`~riftsolve.compiler.families.registry.register_shape`) and
what its effects do (:func:`~riftsolve.compiler.families.registry.register_deeds`) at its
bottom; the compiler (:mod:`riftsolve.compiler.card`) reads a text with the first shape
that reads it.
"""

from riftsolve.compiler.families.registry import Deeds as Deeds
from riftsolve.compiler.families.registry import Reading as Reading
from riftsolve.compiler.families.registry import Rest as Rest
from riftsolve.compiler.families.registry import Shape as Shape
from riftsolve.compiler.families.registry import deeds_of as deeds_of
from riftsolve.compiler.families.registry import register_deeds as register_deeds
from riftsolve.compiler.families.registry import register_shape as register_shape
from riftsolve.compiler.families.registry import shapes as shapes
from riftsolve.compiler.families.registry import unregister_shape as unregister_shape
from riftsolve.rules.families import load_families

load_families(__name__, __path__)
