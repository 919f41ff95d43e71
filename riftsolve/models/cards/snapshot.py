"""The built-in library compiled from its card texts, and its snapshot on disk.

``python -m riftsolve.models.cards.snapshot`` compiles the texts of ``split.py``,
``group.py`` and ``joint.py`` (with their corrections) and writes ``library.json``, which
the library reads at start-up; ``tests/test_compiler.py`` checks that the file is what
the texts compile to.
"""

from __future__ import annotations

from riftsolve.models.effects import Effect

#: The snapshot's file name, beside this module.
FILE = "library.json"


def compiled() -> tuple[Effect, ...]:
    """Every built-in card, compiled from its text now."""
    from riftsolve.models.cards.group import CARDS as GROUP_CARDS
    from riftsolve.models.cards.joint import CARDS as JOINT_CARDS
    from riftsolve.models.cards.split import CARDS as SPLIT_CARDS

    return (*SPLIT_CARDS, *GROUP_CARDS, *JOINT_CARDS)


def main() -> None:
    """Write the snapshot."""
    from riftsolve.models.cards import SNAPSHOT
    from riftsolve.models.cards.store import write_library

    print(write_library(SNAPSHOT, compiled(), FILE))


if __name__ == "__main__":
    main()
