"""``python -m riftsolve``: the command line (see ``riftsolve --help``)."""

import sys

from riftsolve.faces.entry import run

sys.exit(run())
