"""The version ``riftsolve --version`` prints: the installed package's, from its metadata,
else (a source tree run without installing) the one ``pyproject.toml`` declares.

>>> import re
>>> bool(re.fullmatch(r"\\d+\\.\\d+\\.\\d+.*", version()))
True
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn

#: The distribution name, as ``pyproject.toml`` spells it.
DISTRIBUTION = "riftsolve"

#: The source tree's ``pyproject.toml``, read when the package is not installed.
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def version() -> str:
    """The installed version of riftsolve, else the source tree's ``pyproject.toml``
    version, else ``"unknown"``."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return pyproject_version()


def pyproject_version(path: Path = PYPROJECT) -> str:
    """The ``[project] version`` of ``path``, or ``"unknown"`` when it cannot be read."""
    import tomllib

    try:
        project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
        return str(project["version"])
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return "unknown"


class VersionAction(argparse.Action):
    """``--version``: print ``PROG X.Y.Z`` on standard output and exit 0. Unlike
    argparse's own, the version is looked up only when the option is given."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str = "print the version and exit"
                 ) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None
                 ) -> NoReturn:
        sys.stdout.write(f"{parser.prog} {version()}\n")
        parser.exit()
