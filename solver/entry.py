"""The ``riftsolve`` console script: the command line, with Ctrl-C handled from the start.

Importing the command line takes a few tenths of a second (numpy, pydantic, the rules);
an interrupt then is answered like one later on: exit 130 and one line, no traceback.
This module imports nothing heavy itself.
"""

from __future__ import annotations

import sys

INTERRUPTED = "riftsolve: interrupted: stopped at the user's request (Ctrl-C)\n"


def run() -> int:
    """Import and run the command line (:func:`solver.cli.run`); 130 on Ctrl-C."""
    try:
        from riftsolve.solver.cli import run as command_line
    except KeyboardInterrupt:
        sys.stderr.write(INTERRUPTED)
        return 130
    return command_line()


if __name__ == "__main__":
    sys.exit(run())
