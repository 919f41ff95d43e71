"""The built-in library compiled from its card texts, and its snapshot on disk.

``python -m riftsolve.compiler.builtin.snapshot`` compiles the texts of every module
beside it that has ``CARDS`` (``group.py``, ``joint.py``, ``split.py``: a family's built-in
cards are a new module, with no list to edit), with their corrections, in the order of
the modules' names, and writes ``library.json``, which the library reads at start-up;
``tests/test_compiler.py`` checks that the file is what the texts compile to.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from riftsolve.rules.effects import Effect

#: The snapshot's file name, beside this module.
FILE = "library.json"


def compiled() -> tuple[Effect, ...]:
    """Every built-in card, compiled from its text now."""
    cards: list[Effect] = []
    for found in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]),
                        key=lambda m: m.name):
        module = importlib.import_module(f"{__package__}.{found.name}")
        cards += getattr(module, "CARDS", ())
    return tuple(cards)


def main() -> None:
    """Write the snapshot."""
    from riftsolve.cards import SNAPSHOT
    from riftsolve.cards.store import write_library

    print(write_library(SNAPSHOT, compiled(), FILE))


if __name__ == "__main__":
    main()
