"""The version ``riftsolve --version`` prints: ``riftsolve.__version__``, written once, in
``riftsolve/_version.py`` (``pyproject.toml`` reads it from there).

>>> import re
>>> bool(re.fullmatch(r"\\d+\\.\\d+\\.\\d+.*", version()))
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from riftsolve._version import __version__
from riftsolve.i18n import _


def version() -> str:
    """The release of riftsolve (``riftsolve.__version__``)."""
    return __version__


class VersionAction(argparse.Action):
    """``--version``: print ``PROG X.Y.Z`` on standard output and exit 0. Unlike
    argparse's own, the version is looked up only when the option is given."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help=_("print the version and exit") if help is None else help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[object] | None, option_string: str | None = None
                 ) -> NoReturn:
        sys.stdout.write(f"{parser.prog} {version()}\n")
        parser.exit()
