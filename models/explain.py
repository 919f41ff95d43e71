"""Why an answer is legal: the rule trail of a declaration or a resolution.

Each step is a dict ``{"rule", "version", "text", "detail"}``: the Core Rules number, the
version it is quoted from, the rule's gist and what it means for this answer.

>>> from riftsolve.models.format1 import parse_scenario
>>> s = parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
...     "battlefields": ["north"], "units": [
...         {"id": "kai", "controller": "A", "might": 1, "location": "north"},
...         {"id": "r1", "controller": "B", "might": 1, "location": "north"},
...         {"id": "r2", "controller": "B", "might": 1, "location": "north", "deflect": 1}],
...     "targets": {"friendly": "kai", "enemies": ["r1", "r2"]}})
>>> [step["rule"] for step in explain_resolution(s, Resolution.of({"r1": 1}))]
['359.3.f.2', '355.14.h', '355.14.h.1', '355.14.i', '355.14.e', '355.14.g']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from riftsolve.models.answers import Affected, Declaration, GroupDeclaration, Resolution
from riftsolve.models.choosing import deflect_tax, fired_triggers
from riftsolve.models.effects import GroupTargets, Pool, Sharing, SplitDamage, Zone
from riftsolve.models.group import group_effect, requirement_failure, resolve_group_problem
from riftsolve.models.objectives import dealt_to_each
from riftsolve.models.rules import rule
from riftsolve.models.scenario import Scenario
from riftsolve.models.split import (
    SplitResolveProblem,
    finalize_problem,
    resolve_problem,
    split_effect,
)
from riftsolve.models.targeting import source_battlefield

Step = dict[str, Any]


def step(number: str, detail: str) -> Step:
    """One explanation step citing rule ``number``."""
    return {**rule(number).as_json(), "detail": detail}


def _ids(units: tuple[str, ...] | list[str]) -> str:
    return ", ".join(units) if units else "none"


def _pool_steps(scenario: Scenario, pool: int, resolving: bool) -> list[Step]:
    """Where the damage amount comes from."""
    effect = split_effect(scenario)
    when = "now" if resolving else "at finalization"
    steps: list[Step] = []
    if effect.pool is Pool.FRIENDLY_MIGHT:
        friendly = scenario.targets.friendly if scenario.targets and resolving else None
        if friendly is not None:
            unit = scenario.board[friendly]
            steps.append(step("359.3.f.2", f"the damage is {friendly}'s Might {when}: "
                              f"{unit.might}"))
            if unit.might < 0:
                steps.append(step("143.2.b", f"{friendly}'s Might {unit.might} counts as 0"))
        if not effect.bonus_applies and scenario.bonus_damage:
            steps.append(step("417.6.b.3", f"the unit deals the damage, so Bonus Damage "
                              f"{scenario.bonus_damage} does not add to it"))
    else:
        bonus = scenario.bonus_damage if effect.bonus_applies else 0
        detail = f"{effect.amount} damage"
        if bonus:
            detail += f" + Bonus Damage {bonus} = {pool} to split"
            steps.append(step("715.3", detail))
        elif not resolving:
            steps.append(step("355.14.c", detail + f": up to {pool} split targets"))
    return steps


def explain_resolution(scenario: Scenario, resolution: Resolution) -> list[Step]:
    """The rule trail of one resolution of split damage."""
    problem = resolve_problem(scenario)
    steps: list[Step] = []
    if split_effect(scenario).zone is Zone.HERE:
        here = source_battlefield(scenario.board, scenario.source)
        steps.append(step("359.3.f.2", f"'here' is {scenario.source}'s battlefield now: "
                          f"{here or 'none'}"))
    for _unit, failure in problem.illegal:
        steps.append(step(failure.rule, failure.message + "; it is unaffected (359.3.e.5)"))
    if problem.illegal:
        steps.append(_policy_step(scenario, problem))
    if problem.pool_null is not None:
        steps.append(step("359.3.f.2.a", problem.pool_null.message + "; no damage is dealt"))
        steps.append(step("359.3.e.12", "a calculation using null information is ignored"))
        return steps
    steps.extend(_pool_steps(scenario, problem.pool, resolving=True))
    if not problem.targets:
        steps.append(step("359.3.e.7", "no chosen target is legal: the damage instruction "
                          "does not execute"))
        return steps
    if problem.pool == 0:
        steps.append(step("355.14.h", "no damage to split: every target ceases to be one"))
        return steps
    kept = resolution.kept
    dropped = [t for t in problem.targets if t not in kept]
    sharing = len(problem.targets) + problem.forfeit
    if sharing > problem.keep:
        counted = f"{len(problem.targets)} legal" + (
            f" and {problem.forfeit} illegal" if problem.forfeit else "")
        illegal_dropped = sharing - problem.keep - len(dropped)
        what = [*dropped] + ([f"{illegal_dropped} illegal"] if illegal_dropped else [])
        steps.append(step("355.14.h", f"{counted} targets but {problem.pool} damage: the "
                          f"controller drops {' and '.join(what)}"))
        steps.append(step("355.14.h.1", f"exactly {sharing - problem.keep} dropped, never "
                          f"more: {problem.keep} targets keep a share of the damage"))
    if dropped:
        slot = [split_effect(scenario).split_slot]
        tax = sum(deflect_tax(scenario, scenario.board[t], slot) for t in dropped)
        steps.append(step("355.14.i", f"costs and triggers for {_ids(dropped)} stand: their "
                          f"Deflect cost ({tax} Power) is not refunded"))
    split = ", ".join(f"{u} {a}" for u, a in resolution.damage)
    lost = problem.pool - sum(a for _, a in resolution.damage)
    if lost:
        split += f", and {lost} to illegal targets, not dealt"
    steps.append(step("355.14.e", f"the controller divides {problem.pool} damage: {split}"))
    steps.append(step("355.14.g", "each kept target is dealt at least 1"))
    return steps + _lethal_any_steps(scenario, resolution.kept)


def _policy_step(scenario: Scenario, problem: SplitResolveProblem) -> Step:
    """Which reading of illegal split targets applies (the sources disagree)."""
    if scenario.policy.split_illegal == "forfeit":
        gone = len(problem.illegal) - problem.forfeit
        left = (f"; {gone} that left the board no longer count as targets and take no "
                "share (359.3.e.9.a)") if gone else ""
        return step("359.3.e.5", f"policy split_illegal=forfeit (RIFTJUDGE ruling 1741): the "
                    f"{problem.forfeit} illegal targets still on the board keep their share "
                    f"of the split; the damage assigned to them is not dealt{left}")
    return step("359.3.e.8", "policy split_illegal=redistribute (the default; riftboundfaq's "
                "Alpha Strike ruling): the whole damage is split among the legal targets")


def explain_declaration(scenario: Scenario, declaration: Declaration) -> list[Step]:
    """The rule trail of one target declaration."""
    problem = finalize_problem(scenario)
    steps: list[Step] = []
    cap = next((o.cap for o in problem.options if o.friendly == declaration.friendly), 0)
    if declaration.friendly is not None:
        unit = scenario.board[declaration.friendly]
        owner = "" if unit.controller == scenario.controller else (
            f", {unit.controller}'s, a teammate's")
        steps.append(step("740.1.a", f"{unit.id} is a friendly unit{owner} on the board, "
                          f"targetable by {scenario.controller} (its location does not matter)"))
        steps.append(step("355.14.c", f"its Might {unit.might} allows up to {cap} split "
                          "targets"))
    steps.extend(_pool_steps(scenario, cap, resolving=False))
    steps.append(step("355.14.a", f"each chosen unit is a target: {_ids(list(declaration.split))}"))
    if not declaration.split:
        steps.append(step("355.13", "zero split targets is a legal choice"))
    steps += _deflect_steps(scenario, declaration.deflect_cost)
    steps += _trigger_steps(scenario, [("friendly", [declaration.friendly] if
                                        declaration.friendly else []),
                                       (split_effect(scenario).split_slot, declaration.split)])
    steps.append(step("355.14.e", "how the damage is divided is decided on resolution"))
    return steps


def _deflect_steps(scenario: Scenario, cost: int) -> list[Step]:
    """The Deflect a declaration pays (809), if any."""
    if not cost:
        return []
    budget = "unlimited" if scenario.available_power is None else scenario.available_power
    return [step("809", f"Deflect adds {cost} Power to the cost (available: {budget})")]


def _trigger_steps(scenario: Scenario, chosen: Iterable[tuple[str, Iterable[str]]]
                   ) -> list[Step]:
    """Targeting Effects the choice fires (383.4.b), split targets each on its own."""
    steps = []
    for fired in fired_triggers(scenario, chosen):
        steps.append(step("383.4.b", f"choosing {fired['unit']} fires its Targeting Effect: "
                          f"{fired['text']}"))
    if steps and isinstance(scenario.effect, SplitDamage):
        steps.append(step("355.14.d", "each split target fires its own Targeting Effects"))
    return steps


# --------------------------------------------------------------------------- groups


def _requirement_text(effect: GroupTargets) -> str:
    parts = []
    if effect.sharing is Sharing.BATTLEFIELD:
        parts.append("at one battlefield")
    elif effect.sharing is Sharing.LOCATION:
        parts.append("at one location")
    if effect.same_controller:
        parts.append("with one controller")
    if effect.might_cap is not None:
        parts.append(f"total Might {effect.might_cap} or less")
    sizes = [f"{s.name}: {s.least}-{'any' if s.most is None else s.most}" for s in effect.slots]
    return ", ".join([*parts, *sizes])


def _might(scenario: Scenario, units: Sequence[str]) -> int:
    return sum(scenario.board[u].effective_might for u in units)


def explain_group_declaration(scenario: Scenario, declaration: GroupDeclaration) -> list[Step]:
    """The rule trail of one group declaration."""
    effect = group_effect(scenario)
    units = [u for slot in declaration.selection for u in slot]
    steps = [step("355.11.a", f"the group meets {effect.name}'s requirement together "
                  f"({_requirement_text(effect)}): {_ids(units)}, total Might "
                  f"{_might(scenario, units)}")]
    if any(scenario.board[u].might < 0 for u in units):
        steps.append(step("143.2.b", "negative Might counts as 0 in the total"))
    for slot, chosen in zip(effect.slots, declaration.selection, strict=True):
        if chosen:
            steps.append(step("355.9.b", f"{slot.name}: {_ids(list(chosen))}, each a valid "
                              f"{slot.among.value} unit on its own"))
    if scenario.from_hidden is not None:
        steps.append(step("811.1.d.2", f"played from Hidden: every target is at "
                          f"{scenario.from_hidden}"))
    if not units:
        steps.append(step("355.13", "zero targets is a legal choice"))
    steps += _deflect_steps(scenario, declaration.deflect_cost)
    if declaration.destination is not None:
        steps.append(step("355.4", f"destination {declaration.destination}: chosen now, not "
                          "a target"))
        steps.append(step("355.4.a", f"none of {_ids(units)} is at {declaration.destination} "
                          "now: a move goes to a location other than the units' own"))
    steps += _trigger_steps(scenario, zip(effect.slot_names, declaration.selection,
                                          strict=True))
    return steps


def explain_group_resolution(scenario: Scenario, answer: Affected) -> list[Step]:
    """The rule trail of one resolution of a group effect."""
    effect = group_effect(scenario)
    problem = resolve_group_problem(scenario)
    steps: list[Step] = []
    for _unit, failure in problem.illegal:
        steps.append(step(failure.rule, failure.message + "; it is unaffected (359.3.e.5)"))
    legal = [m.id for m in problem.members]
    if problem.ignored is not None:
        steps.append(step(problem.ignored.rule, problem.ignored.message))
        steps.append(step("359.3.e.6", "an instruction that cannot be followed is ignored: "
                          "nothing is affected"))
        return steps
    kept = list(answer.kept)
    if problem.whole is not None:
        steps.append(step("355.11.b", f"the legal targets ({_ids(legal)}) still meet the "
                          f"requirement ({_requirement_text(effect)}): {effect.verb} "
                          f"{_ids(kept)}"))
    else:
        whole = tuple(tuple(m.id for m in problem.members if m.slots == (i,))
                      for i in range(len(effect.slots)))
        broken = requirement_failure(scenario, whole)
        steps.append(step("355.11.b", f"the legal targets no longer meet the requirement "
                          f"together ({broken.message if broken else ''}): the controller "
                          "chooses a subset of the original targets that does, never a new "
                          "unit"))
        left = [u for u in legal if u not in kept]
        if scenario.policy.group_subset == "maximal":
            steps.append(step("355.11.b", "policy group_subset=maximal (the default; Origins "
                              "FAQ Fox-Fire examples): no left-out target could be added"
                              + (f" ({_ids(left)} would break the requirement)" if left
                                 else "")))
        else:
            steps.append(step("355.11.b", "policy group_subset=any (the rule's literal 'a "
                              "subset'): any subset meeting the requirement"))
        steps.append(step("355.11.a", f"{effect.verb} {_ids(kept)}: total Might "
                          f"{_might(scenario, kept)}, as they are now"))
    if answer.unmoved:
        where = scenario.targets.destination if scenario.targets else None
        steps.append(step("355.4.a", f"{_ids(list(answer.unmoved))} already at {where}: kept "
                          "(counted in the requirement) but not moved"))
    return steps + _outcome_steps(scenario, answer.units)


def _outcome_steps(scenario: Scenario, affected: Sequence[str]) -> list[Step]:
    """The damage a group effect deals to each unit it affects (715.2) and what kills them
    (142.4.b-c)."""
    dealt = dealt_to_each(scenario)
    if dealt is None or not affected:
        return []
    effect = group_effect(scenario)
    steps = []
    if scenario.bonus_damage:
        steps.append(step("715.2", f"{effect.damage} damage + Bonus Damage "
                          f"{scenario.bonus_damage} to each of {_ids(list(affected))}: "
                          f"{dealt} each"))
    return steps + _lethal_any_steps(scenario, affected)


def _lethal_any_steps(scenario: Scenario, dealt: Sequence[str]) -> list[Step]:
    """Which of the units dealt damage die of any amount of it (142.4.c)."""
    if not scenario.lethal_any:
        return []
    board = scenario.board
    enemies = [u for u in dealt if not board.friendly_to(board[u], scenario.controller)]
    if not enemies:
        return []
    return [step("142.4.c", f"any amount of {scenario.controller}'s damage is enough to "
                 f"kill enemy units: {_ids(enemies)} die")]
