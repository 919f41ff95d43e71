"""The registry of families: every card has a family, every family its legal sets, each
family module satisfies the protocol, a name or an effect type is registered once, and
the template satisfies the protocol a new family copies."""

from __future__ import annotations

import pytest

from riftsolve.cards import library
from riftsolve.engine.families.registry import LEGAL_SETS
from riftsolve.rules.effects import SplitDamage
from riftsolve.rules.families import (
    TEMPLATE,
    Family,
    combat,
    family_of,
    group,
    joint,
    register_family,
    registered,
    split,
)

#: Each family module, checked against the protocol by mypy.
MODULES: tuple[Family, ...] = (split, group, combat, joint)


def test_every_card_has_a_family_and_every_family_its_legal_sets() -> None:
    for effect in library():
        assert family_of(effect).NAME in LEGAL_SETS, effect.name
    assert [r.name for r in registered()] == sorted(LEGAL_SETS)
    assert {r.rules for r in registered()} == set(MODULES)


def test_a_family_registers_once() -> None:
    with pytest.raises(ValueError, match="a family named 'split' is registered already"):
        register_family(split, SplitDamage)
    with pytest.raises(ValueError, match="SplitDamage effects are answered by the split"):
        register_family(TEMPLATE, SplitDamage)


def test_the_template_satisfies_the_protocol_and_says_to_copy_it() -> None:
    template: Family = TEMPLATE  # mypy checks the module against the protocol
    assert template.NAME == "template" and template.NAME not in LEGAL_SETS
    with pytest.raises(NotImplementedError, match=r"copy TEMPLATE\.py"):
        template.finalize_problem(None)  # type: ignore[arg-type]  # never reached


def test_an_unknown_effect_has_no_family() -> None:
    with pytest.raises(KeyError, match="no family answers str effects"):
        family_of("not an effect")  # type: ignore[arg-type]  # the error is the point
