"""The registry of families: every card has a family, every family its legal sets, and
the template satisfies the protocol a new family copies."""

from __future__ import annotations

import pytest

from riftsolve.models.cards import library
from riftsolve.models.families import FAMILIES, TEMPLATE, Family, family_of
from riftsolve.solver.legal import LEGAL_SETS


def test_every_card_has_a_family_and_every_family_its_legal_sets() -> None:
    for effect in library():
        assert family_of(effect).NAME in LEGAL_SETS, effect.name
    assert {family.NAME for family in FAMILIES.values()} == set(LEGAL_SETS)


def test_the_template_satisfies_the_protocol_and_says_to_copy_it() -> None:
    template: Family = TEMPLATE  # mypy checks the module against the protocol
    assert template.NAME == "template" and template.NAME not in LEGAL_SETS
    with pytest.raises(NotImplementedError, match=r"copy TEMPLATE\.py"):
        template.finalize_problem(None)  # type: ignore[arg-type]  # never reached


def test_an_unknown_effect_has_no_family() -> None:
    with pytest.raises(KeyError, match="no family answers str effects"):
        family_of("not an effect")  # type: ignore[arg-type]  # the error is the point
