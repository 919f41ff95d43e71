"""Shared fixtures: scenario builders and the golden scenario files."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

from riftsolve.conftest import OPTIONAL
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers import Answer
from riftsolve.rules.scenario import Scenario

EXAMPLES = Path(__file__).resolve().parent.parent / "riftsolve" / "formats" / "examples"

#: Set (to 1) where every optional extra is installed, as ``.ci/run`` does after the README's
#: two commands: a test whose extra is missing then fails rather than skips.
REQUIRE_EXTRAS = os.environ.get("RIFTSOLVE_REQUIRE_EXTRAS") == "1"


def needs(module: str, extra: str) -> ModuleType:
    """``module``, which the optional ``extra`` brings; without it the test skips, saying
    what to install (or fails, under ``RIFTSOLVE_REQUIRE_EXTRAS``)."""
    if REQUIRE_EXTRAS:
        return importlib.import_module(module)
    found: ModuleType = pytest.importorskip(
        module, reason=f"the {extra} extra is not installed: pip install -e '.[{extra}]'")
    return found


def extra_installed(module: str) -> bool:
    """Whether the package's ``module`` (dotted) can be imported here: one that needs an
    optional extra (``riftsolve/conftest.py``) only with its extra, unless
    ``RIFTSOLVE_REQUIRE_EXTRAS`` says every extra is there.

    >>> extra_installed("riftsolve.rules.board")
    True
    """
    path = Path(*module.split(".")[1:])
    need = OPTIONAL.get(path.with_suffix(".py"))
    return REQUIRE_EXTRAS or need is None or importlib.util.find_spec(need[0]) is not None


# Property tests draw the same examples on every run, so that a commit's result is the same
# everywhere (CI included); RIFTSOLVE_EXPLORE=1 draws new ones each run, to look further.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("explore" if os.environ.get("RIFTSOLVE_EXPLORE") else "repeatable")

# The tests never read the card library of the user running them: an empty one of their
# own (child processes inherit it).
os.environ["RIFTSOLVE_CARDS"] = tempfile.mkdtemp(prefix="riftsolve-cards-")

# The tests pin English output: the language of the machine running them is not theirs
# (tests/test_i18n.py sets one where it checks French).
for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"


#: The Core Rules texts each group_subset reading is drawn under: 'maximal' is every text's
#: (2026-10-09's 355.11.b.1 requires it), 'any' a reading of the texts before it.
TEXTS_FOR_SUBSET = {"maximal": ["2026-10-09", "2026-07-16", "1.4"], "any": ["2026-07-16", "1.4"]}


def unit(uid: str, controller: str = "B", might: int = 1, location: str = "north",
         **extra: Any) -> dict[str, Any]:
    """A unit entry of a scenario."""
    return {"id": uid, "controller": controller, "might": might, "location": location, **extra}


def scenario_dict(units: list[dict[str, Any]], card: str = "Alpha Strike",
                  battlefields: tuple[str, ...] = ("north", "south"), **top: Any
                  ) -> dict[str, Any]:
    """A scenario document controlled by player A."""
    return {"format": 1, "rules": "1.4", "controller": "A", "card": card,
            "battlefields": list(battlefields), "units": units, **top}


def build(units: list[dict[str, Any]], **top: Any) -> Scenario:
    """A validated scenario (see :func:`scenario_dict`)."""
    return parse_scenario(scenario_dict(units, **top))


def as_line(answer: Answer) -> dict[str, Any]:
    """An answer's line as the command line prints it, read back as a script reads it."""
    line: dict[str, Any] = json.loads(json.dumps(answer.as_json()))
    return line


def golden_files() -> list[Path]:
    """Every golden scenario shipped with the package."""
    return sorted(EXAMPLES.glob("*.json"))


def expectations(path: Path) -> dict[str, Any]:
    """The ``expect`` block of a golden scenario."""
    expect: dict[str, Any] = json.loads(path.read_text())["expect"]
    return expect
