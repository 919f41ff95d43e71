"""The ``riftsolve`` console script: the command line, with Ctrl-C handled from the start.

Importing the command line takes a few tenths of a second (numpy, pydantic, the rules);
an interrupt then is answered like one later on: exit 130 and one line, no traceback.
This module imports nothing heavy itself.
"""

from __future__ import annotations

import signal
import sys

from riftsolve.faces import ctrl_c
from riftsolve.faces.ctrl_c import INTERRUPTED, interrupted_by_user


def run() -> int:
    """Import and run the command line (:func:`faces.cli.run`); 130 on Ctrl-C.

    Ctrl-C is handled by :mod:`faces.ctrl_c`, so that an interrupt Python would lose
    still ends the command with 130. Once it has answered, Ctrl-C is ignored: what is left
    is the interpreter's exit, and a signal then (Python has put back the default handler)
    killed the process with no word, its exit code lost although every answer was
    written."""
    ctrl_c.install()
    try:
        from riftsolve.faces.cli import run as command_line
    except (KeyboardInterrupt, ImportError) as error:
        if not interrupted_by_user(error):
            raise
        sys.stderr.write(INTERRUPTED)
        code = 130
    else:
        code = command_line()
        if ctrl_c.pressed() and code != 130:  # (an interrupt lost, then the command ended)
            sys.stderr.write(INTERRUPTED)
            code = 130
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return code


if __name__ == "__main__":
    sys.exit(run())
