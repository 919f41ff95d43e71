"""Every rule number the code cites is in the catalogue (so explanations never fail)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from riftsolve.models.rules import RULES, cited_as
from riftsolve.models.versions import NUMBERS, OLDER

ROOT = Path(__file__).resolve().parent.parent


def test_every_cited_rule_is_catalogued() -> None:
    """Every rule-number string literal in the code resolves to a gist."""
    cited: set[str] = set()
    for path in [*ROOT.joinpath("riftsolve", "models").rglob("*.py"),
                 *ROOT.joinpath("riftsolve", "solver").rglob("*.py")]:
        if path.name in ("rules.py", "versions.py"):  # the catalogues, older numbers too
            continue
        text = path.read_text()
        # every string literal that is a rule number: "355.14.h.1", "809"
        cited |= set(re.findall(r'"(\d{3}(?:\.[0-9a-z]+)*)"', text))
    assert cited, "no citation found"
    cited.discard("127.0.0.1")  # riftsolve serve's default address, not a rule
    assert sorted(cited - set(RULES)) == []


#: Each cited rule's number in 1.3 and 1.2 and a phrase of its text there, read from the
#: Core Rules texts themselves (see the file's "about").
VERSIONS = json.loads((ROOT / "tests" / "data" / "rule_versions.json").read_text())["rules"]


def test_every_catalogued_rule_has_its_older_numbers_read_from_the_texts() -> None:
    assert sorted(set(RULES) - set(VERSIONS)) == []
    assert sorted(set(RULES) - set(NUMBERS)) == []


@pytest.mark.parametrize("number", sorted(RULES))
@pytest.mark.parametrize("version", OLDER)
def test_citations_under_an_older_version_use_its_numbers(number: str, version: str) -> None:
    """A rule is cited with the number the older text gives it (checked against the table
    taken from the texts), or keeps its 1.4 number with a note when that text has none;
    never a number the older version does not have."""
    expected = VERSIONS[number][version]["number"]
    cited = cited_as(number, version)
    if expected is None:
        assert (cited["rule"], cited["version"]) == (number, "1.4")
        assert cited["note"]
    else:
        assert (cited["rule"], cited["version"]) == (expected, version)
        assert VERSIONS[number][version]["phrase"]
