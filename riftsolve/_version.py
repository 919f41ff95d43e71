"""The release of riftsolve, written here once: ``pyproject.toml`` reads it (statically,
when the package is built), ``riftsolve.__version__`` and ``riftsolve --version`` show it.

>>> __version__.count(".")
2
"""

__version__ = "0.2.0"
