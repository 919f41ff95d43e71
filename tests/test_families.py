"""The registry of families: every card has a family, every family its legal sets, each
family module satisfies the protocol, a name or an effect type is registered once, and
the template satisfies the protocol a new family copies."""

from __future__ import annotations

from typing import NoReturn

import pytest

from riftsolve.cards import library
from riftsolve.engine.backends import Backend
from riftsolve.engine.families.registry import all_legal_sets
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.questions import finalize, resolve
from riftsolve.formats.examples import example_names, example_path
from riftsolve.formats.reading import load_scenario
from riftsolve.rules.answers import Answer, Declaration, Resolution
from riftsolve.rules.answers.combat import Assignment
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.answers.joint import Choice, Executed
from riftsolve.rules.effects import SplitDamage
from riftsolve.rules.effects.combat import CombatDamage
from riftsolve.rules.effects.group import GroupTargets
from riftsolve.rules.effects.joint import JointChoice
from riftsolve.rules.families import (
    TEMPLATE,
    AnyFamily,
    Family,
    combat,
    family_of,
    group,
    joint,
    register_family,
    registered,
    split,
)
from riftsolve.rules.families.combat import CombatProblem
from riftsolve.rules.families.group import GroupChosen, GroupProblem
from riftsolve.rules.families.joint import JointChosen
from riftsolve.rules.families.picks import JointProblem
from riftsolve.rules.families.split import SplitChosen, SplitFinalizeProblem, SplitResolveProblem

#: Each family module, checked by mypy against the protocol with its own types: its
#: effect, record of targets chosen (a combat chooses none), declarations, resolutions
#: and the problems of its two questions (a combat is never finalized: 465.2 assigns its
#: damage).
SPLIT: Family[SplitDamage, SplitChosen, Declaration, Resolution, SplitFinalizeProblem,
              SplitResolveProblem] = split
GROUP: Family[GroupTargets, GroupChosen, GroupDeclaration, Affected, GroupProblem,
              GroupProblem] = group
COMBAT: Family[CombatDamage, NoReturn, Assignment, Assignment, NoReturn, CombatProblem] = combat
JOINT: Family[JointChoice, JointChosen, Choice, Executed, JointProblem, JointProblem] = joint
MODULES: tuple[AnyFamily, ...] = (SPLIT, GROUP, COMBAT, JOINT)


def test_every_card_has_a_family_and_every_family_its_legal_sets() -> None:
    for effect in library():
        assert family_of(effect).NAME in all_legal_sets(), effect.name
    assert [r.name for r in registered()] == sorted(all_legal_sets())
    assert {r.rules for r in registered()} == set(MODULES)


def test_a_family_registers_once() -> None:
    with pytest.raises(ValueError, match="a family named 'split' is registered already"):
        register_family(split, SplitDamage)
    with pytest.raises(ValueError, match="SplitDamage effects are answered by the split"):
        register_family(TEMPLATE, SplitDamage)


def test_the_template_satisfies_the_protocol_and_says_to_copy_it() -> None:
    template: AnyFamily = TEMPLATE  # mypy checks the module against the protocol
    assert template.NAME == "template" and template.NAME not in all_legal_sets()
    with pytest.raises(NotImplementedError, match=r"copy TEMPLATE\.py"):
        template.finalize_problem(None)  # type: ignore[arg-type]  # never reached


def test_an_unknown_effect_has_no_family() -> None:
    with pytest.raises(KeyError, match="no family answers str effects"):
        family_of("not an effect")  # type: ignore[arg-type]  # the error is the point


# ------------------------------------------------------------------ declared capabilities


def _example_sets() -> list[LegalSet[Answer]]:
    """The legal set of every built-in example scenario's own question."""
    sets: list[LegalSet[Answer]] = []
    for name in example_names():
        scenario = load_scenario(example_path(name))
        sets.append(resolve(scenario) if scenario.question == "resolve" else finalize(scenario))
    return sets


def _own(cls: type[LegalSet[Answer]], method: str) -> bool:
    """Whether ``cls`` answers ``method`` itself rather than as every legal set does."""
    return getattr(cls, method) is not getattr(LegalSet, method)


@pytest.mark.parametrize("legal", _example_sets(), ids=lambda legal: (
    f"{legal.scenario.effect.name}-{legal.question}"))
def test_each_legal_set_does_what_its_capabilities_declare(
        legal: LegalSet[Answer], monkeypatch: pytest.MonkeyPatch) -> None:
    """A family declares what its legal sets do beyond listing (``CAPABILITIES``), which
    the command line and the steps read: a set that says it counts does so with every
    listing refused; one that says it ranks, writes text blocks or answers step by step
    has its own way to (on the boards it takes), and one that does not say so has none."""
    kind = type(legal)
    can = kind.CAPABILITIES
    assert _own(kind, "text_blocks") == can.text_blocks
    assert _own(kind, "first_step") == can.steps
    assert _own(kind, "_at") == can.ranks
    total = len(list(legal))
    if can.counts:
        def refused(*args: object) -> NoReturn:
            raise AssertionError("listed")

        fresh = kind(legal.scenario)
        monkeypatch.setattr(kind, "__iter__", refused)
        monkeypatch.setattr(Backend, "answers", refused)
        assert fresh.count() == total
