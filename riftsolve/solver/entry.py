"""The ``riftsolve`` console script: the command line, with Ctrl-C handled from the start.

Importing the command line takes a few tenths of a second (numpy, pydantic, the rules);
an interrupt then is answered like one later on: exit 130 and one line, no traceback.
This module imports nothing heavy itself.
"""

from __future__ import annotations

import sys

INTERRUPTED = "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


def interrupted_by_user(error: BaseException) -> bool:
    """Whether ``error`` is Ctrl-C, or an error Ctrl-C caused: an interrupt while a
    compiled extension initialises (numpy, OR-Tools) comes out as ``ImportError:
    initialization failed`` whose cause is the :class:`KeyboardInterrupt`.

    >>> try:
    ...     raise ImportError("initialization failed") from KeyboardInterrupt()
    ... except ImportError as error:
    ...     interrupted_by_user(error)
    True
    >>> interrupted_by_user(ImportError("no module named x"))
    False
    """
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:  # a chain, never a cycle
        if isinstance(current, KeyboardInterrupt):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def run() -> int:
    """Import and run the command line (:func:`solver.cli.run`); 130 on Ctrl-C."""
    try:
        from riftsolve.solver.cli import run as command_line
    except (KeyboardInterrupt, ImportError) as error:
        if not interrupted_by_user(error):
            raise
        sys.stderr.write(INTERRUPTED)
        return 130
    return command_line()


if __name__ == "__main__":
    sys.exit(run())
