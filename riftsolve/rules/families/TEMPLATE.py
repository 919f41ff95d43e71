"""A template family: copy this module to add a kind of choice the engine answers.

A family states its rules plainly, with no solver. Copy this file to
``riftsolve/rules/families/<name>.py``, then:

1. **The effect, as data** (in this module, or beside the first families' in
   ``riftsolve/rules/effects/``): a frozen dataclass extending
   :class:`~riftsolve.rules.effects.CardFacts` (the name, text and facts every card
   states) with what the family's rules read (slots, what it does, amounts,
   restrictions), never behaviour chosen by a card's name, meeting the
   :class:`~riftsolve.rules.effects.Effect` protocol. Library cards of the
   family go in ``riftsolve/compiler/builtin/<name>.py`` (a ``CARDS`` tuple).
2. **The questions**: ``finalize_problem`` and ``resolve_problem`` apply the rules to a
   scenario and return plain problems (frozen dataclasses) that backends answer without
   knowing any rule.
3. **The verifiers**: ``verify_declaration`` and ``verify_resolution`` restate every rule
   directly on one answer, each failure a :class:`Failure` with its Core Rules number.
   Every backend is tested against them, and they against the family's naive reference,
   ``tests/reference/<name>.py``: sharing no code with the rules, it names the family
   (``FAMILIES = ("<name>",)``) and gives every legal line of each question from the raw
   scenario, ``finalize(doc, effect)`` and ``resolve(doc, effect)``; the conformance
   suite checks every card of the family against it on random boards.
4. **The explanations**: ``explain_declaration`` and ``explain_resolution``, the rule
   trail of a legal answer (``riftsolve.rules.explain.step`` cites a rule).
5. **Older rules**: ``older_rules_reason`` says where Core Rules 1.3 or 1.2 rule otherwise
   (the engine then refuses the question under that version).
6. **What an answer does**: ``acts`` gives one resolution's damage and actions, unit by
   unit (:class:`~riftsolve.rules.acts.Acts`); :func:`riftsolve.rules.outcome.apply`
   decides who dies and makes the board that follows, and every objective of ``best`` is
   measured on that outcome.
7. **The format**: the family's record of the targets chosen, a frozen dataclass
   subclassing :class:`~riftsolve.rules.scenario.Targets` (``TemplateChosen`` below: the
   ids it names as units, the ids of its targeted slots); ``read_targets`` reads it from
   a scenario, naming the field at fault in every error, ``declared_targets`` records it
   from a declaration, and ``require_targets(scenario, TemplateChosen)`` gives it back.
8. **The answers**: ``DECLARATION`` and ``RESOLUTION`` below, frozen dataclasses that
   are :class:`~riftsolve.rules.answers.Answer` s (``question``, ``deflect_cost``,
   ``chosen()``) with an ``as_json()`` line. A problem may list its own answers (an
   ``answers()`` method): the native backend then streams them and the engine counts,
   indexes and ranks them by listing, with no solver code.
9. **Register it**: ``NAME`` below, and as the module's last line
   ``register_family(cast("AnyFamily", sys.modules[__name__]), MyEffect, stored=True)``
   (:func:`riftsolve.rules.families.registry.register_family`: the effect type it
   answers; ``stored``: card libraries hold its cards); the package loads every module of
   this folder. Its cards join the library (the snapshot,
   ``python -m riftsolve.compiler.builtin.snapshot``) and the conformance suite
   (``tests/test_conformance.py``) runs them at once, through every face. Only a family
   that needs closed-form counts, rankings, CP-SAT models or its own way of being shown
   adds its solver side, a module of ``riftsolve/engine/families/`` (registered with
   ``register_legal_sets``), and its problem types to the backends.

mypy checks that this module provides every name of the
:class:`~riftsolve.rules.families.Family` protocol (``tests/test_families.py``), so a copy
that forgets one is caught before it runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from riftsolve.rules.acts import Acts
from riftsolve.rules.board import Board
from riftsolve.rules.effects import CardFacts
from riftsolve.rules.explain import Step
from riftsolve.rules.options import Option
from riftsolve.rules.roles import Role
from riftsolve.rules.scenario import Scenario, Targets
from riftsolve.rules.targeting import Failure

#: The family's name: the key of its legal sets in the solver's registry.
NAME = "template"


@dataclass(frozen=True)
class TemplateEffect(CardFacts):
    """The family's effect (step 1): the card facts every effect states, and what this
    family's rules read (its slots, what it does, amounts, restrictions)."""

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The slots a declaration fills, in order."""
        raise NotImplementedError("copy TEMPLATE.py and name the effect's slots")

    @property
    def needs_source(self) -> bool:
        """Whether a scenario must name the ability's source ("here", "another")."""
        return False


@dataclass(frozen=True)
class TemplateDeclaration:
    """A declaration (step 8): the family's answer at finalization, an
    :class:`~riftsolve.rules.answers.Answer` (``question``, ``deflect_cost``,
    ``chosen()``, ``as_json()``)."""


@dataclass(frozen=True)
class TemplateResolution:
    """A resolution (step 8): the family's answer on resolution, an ``Answer`` too."""


@dataclass(frozen=True)
class TemplateProblem:
    """A question as a plain problem (step 2): what a backend reads, no rule in it."""


#: The family's answers: what a declaration and a resolution are (step 8).
DECLARATION = TemplateDeclaration
RESOLUTION = TemplateResolution


@dataclass(frozen=True)
class TemplateChosen(Targets):
    """The targets chosen at finalization, as this family holds them: one field per slot
    (``unit: str``, ``units: tuple[str, ...]`` ...)."""

    def unit_ids(self) -> tuple[str, ...]:
        """Every id chosen that names a unit: the scenario checks each is on the board."""
        raise NotImplementedError("copy TEMPLATE.py and list the units chosen")

    def counted(self, targeted: frozenset[str]) -> tuple[str, ...]:
        """The ids chosen in the slots named ``targeted`` (359.3.e.9.a counts them)."""
        raise NotImplementedError("copy TEMPLATE.py and list the targets chosen")


def read_targets(raw: Mapping[str, object], effect: TemplateEffect, board: Board, field_prefix: str
                 ) -> TemplateChosen:
    """The targets a scenario declares for this family (its ``targets`` field), each slot
    checked: its shape, known ids, distinct units (``slots.unit_ids``, ``slots.distinct``),
    errors naming the field."""
    raise NotImplementedError("copy TEMPLATE.py and read the family's targets")


def finalize_problem(scenario: Scenario) -> TemplateProblem:
    """The finalization question: who may be chosen for each slot and what the choices
    must meet together (355.5-355.17), as a plain problem."""
    raise NotImplementedError("copy TEMPLATE.py and state the family's finalization")


def resolve_problem(scenario: Scenario) -> TemplateProblem:
    """The resolution question: which chosen targets are still legal (359.3.e) and what
    the controller may still choose, on the board as it is now."""
    raise NotImplementedError("copy TEMPLATE.py and state the family's resolution")


def verify_declaration(scenario: Scenario, declaration: TemplateDeclaration) -> list[Failure]:
    """Every rule ``declaration`` breaks, each with its number; empty when it is legal."""
    raise NotImplementedError("copy TEMPLATE.py and restate the rules of a declaration")


def verify_resolution(scenario: Scenario, answer: TemplateResolution) -> list[Failure]:
    """Every rule ``answer`` breaks, each with its number; empty when it is legal."""
    raise NotImplementedError("copy TEMPLATE.py and restate the rules of a resolution")


def explain_declaration(scenario: Scenario, declaration: TemplateDeclaration) -> list[Step]:
    """The rule trail of a legal declaration: ``step(number, what it means here)``."""
    raise NotImplementedError("copy TEMPLATE.py and explain a declaration")


def explain_resolution(scenario: Scenario, answer: TemplateResolution) -> list[Step]:
    """The rule trail of a legal resolution."""
    raise NotImplementedError("copy TEMPLATE.py and explain a resolution")


def declared_targets(scenario: Scenario, declaration: TemplateDeclaration) -> TemplateChosen:
    """The targets a legal declaration chooses, as the resolution question reads them
    (``best --finalize`` resolves each declaration this way)."""
    raise NotImplementedError("copy TEMPLATE.py and record a declaration's targets")


def older_rules_reason(scenario: Scenario, question: str, version: str) -> str | None:
    """Why the question can't be answered under an older Core Rules ``version`` (1.3,
    1.2): where that text rules otherwise or is silent (``None``: it rules as 1.4)."""
    raise NotImplementedError("copy TEMPLATE.py and compare the older Core Rules texts")


def slot_shapes(effect: TemplateEffect) -> list[dict[str, str]]:
    """How each slot of a declaration is written in ``targets``: ``{"name": slot,
    "shape": "one" | "list" | "places", "kind": "unit" | "location" | ...}`` (the
    notation and the page read it)."""
    raise NotImplementedError("copy TEMPLATE.py and say how the targets are written")


def slot_options(scenario: Scenario, resolving: bool) -> dict[str, tuple[Option, ...]]:
    """For each slot ``slot_shapes`` lists, every value of its kind on the board, each with
    why it may not fill the slot on its own (``options(values, check)`` of
    :mod:`riftsolve.rules.options`, ``check`` the family's own check of one candidate:
    the one ``finalize_problem`` filters with, or on resolution ``resolve_problem``'s)."""
    raise NotImplementedError("copy TEMPLATE.py and say what each slot may hold")


def slot_roles(effect: TemplateEffect) -> dict[str, tuple[Role, str]] | None:
    """Each slot's role and the rule deciding it, where the family states them itself;
    ``None``: read from the card's words (the slots are its unit mentions, in order)."""
    return None


def acts(scenario: Scenario, answer: TemplateResolution) -> Acts:
    """What a legal resolution does, before anything dies: damage dealt to each unit and
    the actions done to them."""
    raise NotImplementedError("copy TEMPLATE.py and say what an answer does")
