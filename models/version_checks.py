"""Questions whose ruling under an older Core Rules version differs from 1.4's.

The engine's rulings are 1.4's. Under ``rules: "1.3"`` or ``"1.2"`` a ruling is given only
where that version's text gives the same one (its citations then use that version's
numbers, :mod:`models.versions`). Where the older text rules otherwise, or is silent on
what decides the answer, the question is refused with the reason, never answered with a
1.4 ruling under an older label:

* 355.14.h.1 is new in 1.4: 1.3 and 1.2 say the controller decides which split targets
  cease being targets, not how many, so a resolution that drops targets is refused;
* 359.3.e.9.a is new in 1.4: under ``split_illegal: forfeit``, whether a target that left
  the board keeps a share of the split is not stated before 1.4;
* 1.2's 352.11.b example forbids affecting group targets no longer at the battlefield
  chosen at finalization, which a scenario does not record (unless played from Hidden);
* 1.2's Deflect (735.1.c) is paid once per spell, not for each choice: a Repeat whose
  choices could pay Deflect is refused.

>>> from riftsolve.models.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "rules": "1.3", "controller": "A",
...     "card": "Alpha Strike", "battlefields": ["n"], "units": [
...         {"id": "kai", "controller": "A", "might": 1, "location": "n"},
...         {"id": "r1", "controller": "B", "might": 1, "location": "n"},
...         {"id": "r2", "controller": "B", "might": 1, "location": "n"}],
...     "targets": {"friendly": "kai", "enemies": ["r1", "r2"]}})
>>> print(older_rules_refusal(s, "resolve")[:72])
under Core Rules 1.3, 355.14.h lets the controller decide which split ta
"""

from __future__ import annotations

from riftsolve.models.effects import GroupTargets, Sharing, SplitDamage
from riftsolve.models.families.group import finalize_problem as finalize_group_problem
from riftsolve.models.families.split import resolve_problem
from riftsolve.models.scenario import Scenario
from riftsolve.models.versions import number_in


def older_rules_refusal(scenario: Scenario, question: str) -> str | None:
    """Why ``scenario``'s question can't be answered under its older ``rules`` version
    (``question``: ``"finalize"`` or ``"resolve"``), or ``None`` when it can."""
    version = scenario.rules
    if version == "1.4":
        return None
    reason = _split_reason(scenario, question, version) if isinstance(
        scenario.effect, SplitDamage) else _group_reason(scenario, question, version)
    if reason is None:
        return None
    return (f"under Core Rules {version}, {reason}: this ruling is not modelled; ask with "
            '"rules": "1.4"')


def _split_reason(scenario: Scenario, question: str, version: str) -> str | None:
    if question != "resolve":
        return None
    problem = resolve_problem(scenario)
    if problem.pool_null is not None or problem.pool == 0:
        return None
    if len(problem.targets) + problem.forfeit > problem.pool:
        return (f"{number_in('355.14.h', version)} lets the controller decide which split "
                "targets cease being targets but not how many (355.14.h.1, exactly enough, "
                "is new in 1.4)")
    board = scenario.board
    gone = [u for u, _ in problem.illegal if not board[u].on_board]
    if scenario.policy.split_illegal == "forfeit" and gone:
        return (f"whether {', '.join(gone)}, which left the board, keeps a share of the "
                "split under policy split_illegal=forfeit is not stated (359.3.e.9.a is new "
                "in 1.4)")
    return None


def _group_reason(scenario: Scenario, question: str, version: str) -> str | None:
    effect = scenario.effect
    assert isinstance(effect, GroupTargets)
    if version != "1.2":
        return None
    if (question == "resolve" and effect.sharing is Sharing.BATTLEFIELD
            and scenario.from_hidden is None):
        return (f"{number_in('355.11.b', version)}'s example forbids affecting targets no "
                "longer at the battlefield chosen at finalization, which the scenario does "
                "not record (give from_hidden, or ask with 1.3)")
    if question == "finalize" and scenario.repeat and any(
            m.tax for m in finalize_group_problem(scenario).members):
        return (f"Deflect is paid once per spell, not for each choice "
                f"({number_in('809.1.c', version)}), and a "
                "Repeat's two executions may choose the same Deflect unit")
    return None
