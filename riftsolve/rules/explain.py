"""The shared pieces of every explanation: a step citing a rule, and the steps any
family's answer may need (Deflect paid, Targeting Effects fired, deaths by any amount of
damage). Each family explains its own answers (:mod:`riftsolve.rules.families`).

Each step is a dict ``{"rule", "version", "text", "detail"}``: the Core Rules number, the
version it is quoted from, the rule's gist and what it means for this answer.

>>> step("355.14.g", "each kept target is dealt at least 1")["text"]
'valid damage for a split target is a positive integer, at least 1'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from riftsolve.i18n import _, ngettext
from riftsolve.rules.choosing import fired_triggers
from riftsolve.rules.core_rules import renumber, rule
from riftsolve.rules.scenario import Scenario
from riftsolve.rules.targeting import Failure
from riftsolve.rules.versions import tells_negated

Step = dict[str, Any]

#: Most names a step lists (more: counted, each said in its own step already).
MOST_LISTED = 5


def step(number: str, detail: str) -> Step:
    """One explanation step citing rule ``number``."""
    return {**rule(number).as_json(), "detail": detail}


def ids(units: tuple[str, ...] | list[str]) -> str:
    """Unit ids for a sentence: comma-separated, or ``none``."""
    return ", ".join(units) if units else _("none")


def unsaid_steps(instructions: Sequence[str]) -> list[Step]:
    """The instructions of a card its effect does not model, each said (359.3.e.5: done
    unless it reads a target no longer legal).

    >>> [s["detail"] for s in unsaid_steps(["Draw 1."])]
    ['Draw 1: an outcome not modelled (followed unless it reads an illegal target)']
    """
    return [step("359.3.e.5", _("{instruction}: an outcome not modelled (followed unless it "
                                "reads an illegal target)").format(
                                    instruction=instruction.rstrip(".")))
            for instruction in instructions]


def deflect_steps(scenario: Scenario, cost: int) -> list[Step]:
    """The Deflect a declaration pays (809), if any."""
    if not cost:
        return []
    budget = _("unlimited") if scenario.available_power is None else scenario.available_power
    return [step("809", _("Deflect adds {cost} Power to the cost (available: {budget})").format(
        cost=cost, budget=budget))]


def trigger_steps(scenario: Scenario, chosen: Iterable[tuple[str, Iterable[str]]]
                   ) -> list[Step]:
    """Targeting Effects the choice fires (383.4.b), split targets each on its own."""
    steps = []
    for fired in fired_triggers(scenario, chosen):
        steps.append(step("383.4.b", _("choosing {unit} fires its Targeting Effect: {text}"
                                       ).format(unit=fired["unit"], text=fired["text"])))
    return steps


def lethal_any_steps(scenario: Scenario, dealt: Sequence[str]) -> list[Step]:
    """Which of the units dealt damage die of any amount of it (142.4.c)."""
    if not scenario.lethal_any:
        return []
    board = scenario.board
    enemies = [u for u in dealt if not board.friendly_to(board[u], scenario.controller)]
    if not enemies:
        return []
    return [step("142.4.c", _("any amount of {player}'s damage is enough to kill enemy units: "
                              "{units} die").format(player=scenario.controller,
                                                    units=ids(enemies)))]


def illegal_steps(scenario: Scenario, illegal: Sequence[tuple[str, Failure]],
                  named: bool = False) -> list[Step]:
    """Each target illegal on resolution, with why: unaffected (359.3.e.5); under a text
    that tells Ignored from Negated (2026-10-09), the instructions on them are Ignored
    (359.3.e.6). ``named``: each line names the choice (a joint card's pick).

    >>> from riftsolve.rules.board import Board, Unit
    >>> from riftsolve.cards import card
    >>> s = Scenario("A", card("Fox-Fire"), Board(("north",), (Unit("r1", "B", 2, "north"),)))
    >>> [d["rule"] for d in illegal_steps(s, [("r1", Failure("359.3.e.2", "gone"))])]
    ['359.3.e.2', '359.3.e.6']
    """
    template = (_("{pick}: {failure}; unaffected (359.3.e.5)") if named
                else _("{failure}; it is unaffected (359.3.e.5)"))
    steps = [step(failure.rule, renumber(template, scenario.rules).format(
        pick=name, failure=failure.message)) for name, failure in illegal]
    if illegal and tells_negated(scenario.rules):
        names = [name for name, _failure in illegal]
        steps.append(step("359.3.e.6", _(
            "the instructions on {targets}, illegal targets, are Ignored").format(
                targets=ids(names)) if len(names) <= MOST_LISTED else ngettext(
            "the instructions on its {n} illegal target are Ignored",
            "the instructions on its {n} illegal targets are Ignored",
            len(names)).format(n=f"{len(names):,}")))
    return steps


def negated_steps(scenario: Scenario, detail: str) -> list[Step]:
    """Under a text that tells Ignored from Negated (2026-10-09), an instruction that can't
    be followed for a reason other than an illegal target or unavailable information is
    Negated (359.3.e.6); ``detail`` says which and why."""
    if not tells_negated(scenario.rules):
        return []
    return [step("359.3.e.6", _("{detail}: Negated").format(detail=detail))]
