"""Every rule number the code cites is in the catalogue (so explanations never fail)."""

from __future__ import annotations

import re
from pathlib import Path

from models.rules import RULES

ROOT = Path(__file__).resolve().parent.parent


def test_every_cited_rule_is_catalogued() -> None:
    """Every rule-number string literal in the code resolves to a gist."""
    cited: set[str] = set()
    for path in [*ROOT.joinpath("models").rglob("*.py"), *ROOT.joinpath("solver").rglob("*.py")]:
        if path.name == "rules.py":  # the catalogue itself, and older versions' numbers
            continue
        text = path.read_text()
        # every string literal that is a rule number: "355.14.h.1", "809"
        cited |= set(re.findall(r'"(\d{3}(?:\.[0-9a-z]+)*)"', text))
    assert cited, "no citation found"
    assert sorted(cited - set(RULES)) == []
