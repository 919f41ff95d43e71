"""Families of effects: one module each, one protocol, one registry.

A family is a kind of choice an effect makes: split damage among targets (355.14,
:mod:`.split`), a group of targets meeting a requirement together (355.11, :mod:`.group`).
Each family is a module that states its rules plainly, with no solver:

* the question of each step, as a plain problem every backend answers
  (``finalize_problem``, ``resolve_problem``);
* the verifier of an answer, every rule it breaks with its number
  (``verify_declaration``, ``verify_resolution``);
* the rule trail of a legal answer (``explain_declaration``, ``explain_resolution``);
* the targets a declaration chooses, as the resolution question reads them
  (``declared_targets``);
* where an older Core Rules text rules otherwise (``older_rules_reason``);
* what a resolution does to the board (``acts``: damage and actions, from which
  :func:`riftsolve.rules.outcome.apply` makes the outcome);
* how the scenario format declares its targets (``read_targets``).

Each family registers itself once, at the bottom of its module
(:func:`~riftsolve.rules.families.registry.register_family`: the type of effect it
answers, whether card libraries store its cards), imported when its family is first
asked for (its effect type's ``FAMILY``, or a card library's family name: a question
about one card loads that card's family alone); the engine and the card store look a
card's family up (:func:`family_of`) instead of asking what type it is, so a new family
is a new module and its cards as data (see ``TEMPLATE.py`` beside this file, and the
manual's "Adding a family", docs/contributing.md).

>>> from riftsolve.cards import card
>>> family_of(card("Fox-Fire")).NAME, family_of(card("Alpha Strike")).NAME
('group', 'split')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, runtime_checkable

from riftsolve.rules.answers import Answer
from riftsolve.rules.families.registry import AnyFamily as AnyFamily
from riftsolve.rules.families.registry import Family as Family
from riftsolve.rules.families.registry import Registration as Registration
from riftsolve.rules.families.registry import by_name as by_name
from riftsolve.rules.families.registry import family_of as family_of
from riftsolve.rules.families.registry import load_families as load_families
from riftsolve.rules.families.registry import named as named
from riftsolve.rules.families.registry import register_family as register_family
from riftsolve.rules.families.registry import registered as registered
from riftsolve.rules.families.registry import registration_of as registration_of
from riftsolve.rules.families.registry import unregister_family as unregister_family


@runtime_checkable
class Listing(Protocol):
    """A problem that lists its own answers: the first form of a new family's questions,
    answered by the native backend (and counted by listing) until the solver has
    generators, counting formulas and models for its shape."""

    def answers(self) -> Iterator[Answer]:
        """Every answer of the problem, each once, in a stable order."""
