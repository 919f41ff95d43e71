"""Combat damage assignment (465.2; spec/combat.md): every vector of amounts over the
receivers, kept by one small predicate per rule. The readings are the package's
(``reference/__init__.py``).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

from reference.board import Doc, Unit, _policy, is_unit, on_board

# ---------------------------------------------------------------------------------------------
# Combat damage assignment (465.2; spec/combat.md). See the module docstring for the readings.
# ---------------------------------------------------------------------------------------------

TANK_GROUP, PLAIN_GROUP, BACKLINE_GROUP = 0, 1, 2
_KEYWORD = re.compile(r"(Tank|Backline|Assault|Shield)(?: (-?\d+))?")


def _combat(doc: Doc) -> dict[str, Any]:
    return dict(doc["combat"])


def _attacker(doc: Doc) -> str:
    return str(_combat(doc)["attacker"])


def _assigner(doc: Doc) -> str:
    """465.2.c: the attacker assigns first; the question may ask about a defender instead."""
    return str(_combat(doc).get("assigner") or _attacker(doc))


def _combat_lethal_any(doc: Doc) -> bool:
    return bool(_combat(doc).get("lethal_any", False))


def _excess_policy(doc: Doc) -> str:
    policy = _policy(doc, "combat_excess", "any")
    if policy not in ("any", "last"):
        raise ValueError(f"unknown combat_excess policy {policy!r}")
    return policy


def keywords(unit: Unit) -> dict[str, int]:
    """Keyword totals: Tank/Backline are present or not (815.2, 826.5: redundant); Assault and
    Shield values of several instances are summed (807.2, 814.2); a missing X is 1 (807.1.b.3,
    814.1.b.3)."""
    found = {"Tank": 0, "Backline": 0, "Assault": 0, "Shield": 0}
    for word in unit.get("keywords") or []:
        match = _KEYWORD.fullmatch(str(word).strip())
        if match is None:
            raise ValueError(f"unknown keyword {word!r} on {unit.get('id')!r}")
        name, value = match.group(1), match.group(2)
        if name in ("Tank", "Backline"):
            found[name] = 1
        else:
            found[name] += 1 if value is None else int(value)
    return found


def in_combat(doc: Doc, unit: Unit) -> bool:
    """465.2: only units at the battlefield where the combat is take part: a gear there
    neither deals nor is assigned combat damage (``is_unit``)."""
    return (on_board(unit) and is_unit(unit)
            and unit.get("location") == _combat(doc)["battlefield"])


def is_attacker(doc: Doc, unit: Unit) -> bool:
    """464.2.c.3: the attacking player's units at the battlefield are attackers."""
    return in_combat(doc, unit) and str(unit["controller"]) == _attacker(doc)


def is_defender(doc: Doc, unit: Unit) -> bool:
    """464.2.c.3: the other players' units at the battlefield are defenders."""
    return in_combat(doc, unit) and str(unit["controller"]) != _attacker(doc)


def combat_might(doc: Doc, unit: Unit) -> int:
    """465.2 "current Might": 807.1.c Assault adds while attacking, 814.1.c Shield while
    defending. The real value, which may be negative (143.2.b.1)."""
    might = int(unit.get("might") or 0)
    found = keywords(unit)
    if is_attacker(doc, unit):
        might += found["Assault"]
    if is_defender(doc, unit):
        might += found["Shield"]
    return might


def adds_to_combat_damage(doc: Doc, unit: Unit) -> int:
    """423.1.b: a stunned unit adds nothing; 143.2.b: Might below 0 adds 0."""
    if unit.get("stunned"):
        return 0
    return max(0, combat_might(doc, unit))


def combat_damage(doc: Doc) -> int:
    """465.2.a-c: the assigner's damage is the summed Might of its units in this combat."""
    me = _assigner(doc)
    return sum(
        adds_to_combat_damage(doc, u)
        for u in doc["units"]
        if in_combat(doc, u) and str(u["controller"]) == me
    )


def is_other_side(doc: Doc, unit: Unit) -> bool:
    """465.2.c "among the other's units": the attacker assigns to every defender; a defender
    assigns to the attacker's units only."""
    if not in_combat(doc, unit):
        return False
    if _assigner(doc) == _attacker(doc):
        return is_defender(doc, unit)
    return is_attacker(doc, unit)


def can_be_dealt_damage(unit: Unit) -> bool:
    """465.2.c.10: a unit that cannot be dealt damage is exempt from the assignment."""
    return not unit.get("undamageable", False)


def _receivers(doc: Doc) -> list[Unit]:
    return [
        dict(u) for u in doc["units"] if is_other_side(doc, u) and can_be_dealt_damage(u)
    ]


def lethal_amount(doc: Doc, unit: Unit) -> int | None:
    """The damage that must be assigned to the unit for it to have lethal damage assigned.

    142.4.b: non-zero and at least its Might, counting marked damage (465.2.c.4 example);
    142.4.c: with ``lethal_any`` any amount (so 1); 437.5.a / 465.2.c.5: plus the Prevent
    Value; 437.5.b: ``"all"`` is never lethal (None).
    """
    prevent = unit.get("prevent", 0)
    if prevent == "all":
        return None
    if _combat_lethal_any(doc):
        needed = 1
    else:
        needed = max(1, combat_might(doc, unit) - int(unit.get("damage", 0)))
    return needed + int(prevent)


def combat_lethal(doc: Doc) -> dict[str, int | None]:
    """Per receiver id, its lethal amount (None: no amount is lethal)."""
    return {str(u["id"]): lethal_amount(doc, u) for u in _receivers(doc)}


def _group_choices(unit: Unit) -> list[int]:
    """465.2.c.6: Tank first, then neither, then Backline; 465.2.c.8: with both, either one."""
    found = keywords(unit)
    if found["Tank"] and found["Backline"]:
        return [TANK_GROUP, BACKLINE_GROUP]
    if found["Tank"]:
        return [TANK_GROUP]
    if found["Backline"]:
        return [BACKLINE_GROUP]
    return [PLAIN_GROUP]


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every vector of ``parts`` amounts, each 0..total, that adds up to ``total``."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


# The predicates below read one candidate: ``amount``, ``lethal``, ``group`` and ``owner`` are
# dicts keyed by receiver id (assigned amount, lethal amount, placement group, controller).


def has_lethal(amount: int, lethal: int | None) -> bool:
    """Lethal damage has been assigned in full (None: never, 437.5.b)."""
    return lethal is not None and amount >= lethal


def over_lethal(amount: int, lethal: int | None) -> bool:
    """More than the lethal amount has been assigned (never, when no amount is lethal)."""
    return lethal is not None and amount > lethal


def lethal_in_full(amount: dict[str, int], lethal: dict[str, int | None]) -> bool:
    """465.2.c.3: a unit gets lethal damage in full before damage goes to a different unit, so
    at most one receiver (the one being assigned when the damage ran out) has damage below
    its lethal amount."""
    partly = [u for u, a in amount.items() if a > 0 and not has_lethal(a, lethal[u])]
    return len(partly) <= 1


def no_over_assignment(amount: dict[str, int], lethal: dict[str, int | None]) -> bool:
    """465.2.c.4: no unit gets more than its lethal amount unless no further units remain,
    i.e. unless every receiver has been assigned its lethal amount."""
    everyone_lethal = all(has_lethal(a, lethal[u]) for u, a in amount.items())
    if everyone_lethal:
        return True
    return not any(over_lethal(a, lethal[u]) for u, a in amount.items())


def assignment_order(
    amount: dict[str, int],
    lethal: dict[str, int | None],
    group: dict[str, int],
    owner: dict[str, str],
) -> bool:
    """465.2.c.6, 815.1.c.2, 826.4.b: a unit may get damage only when every unit of the same
    controller in an earlier group (Tank before neither before Backline) has lethal damage."""
    for u, a in amount.items():
        if a == 0:
            continue
        earlier = [v for v in amount if owner[v] == owner[u] and group[v] < group[u]]
        if not all(has_lethal(amount[v], lethal[v]) for v in earlier):
            return False
    return True


def excess_goes_last(
    amount: dict[str, int],
    lethal: dict[str, int | None],
    group: dict[str, int],
    owner: dict[str, str],
) -> bool:
    """Policy "last" (465.2.c.4 read as a sequence): all excess is on one unit that could be
    assigned last, a unit of the last non-empty group of its controller."""
    over = [u for u, a in amount.items() if over_lethal(a, lethal[u])]
    if not over:
        return True
    if len(over) > 1:
        return False
    unit = over[0]
    last = max(group[v] for v in amount if owner[v] == owner[unit])
    return group[unit] == last


def legal_combat_assignment(
    doc: Doc,
    amount: dict[str, int],
    lethal: dict[str, int | None],
    group: dict[str, int],
    owner: dict[str, str],
) -> bool:
    """All the rules for one vector and one Tank/Backline placement."""
    if not lethal_in_full(amount, lethal):
        return False
    if not no_over_assignment(amount, lethal):
        return False
    if not assignment_order(amount, lethal, group, owner):
        return False
    if _excess_policy(doc) == "last":
        return excess_goes_last(amount, lethal, group, owner)
    return True  # "any": once everyone has lethal, the excess may go anywhere


def _assigned_line(amount: dict[str, int]) -> str:
    return json.dumps({"assigned": {u: a for u, a in amount.items() if a > 0}}, sort_keys=True)


def combat_answers(doc: Doc) -> set[str]:
    """Every legal combat damage assignment of the assigner (465.2.c), as canonical lines."""
    _excess_policy(doc)  # an unknown policy is an error even when nothing is assigned
    damage = combat_damage(doc)
    receivers = _receivers(doc)
    if damage == 0 or not receivers:
        return {_assigned_line({})}  # nothing to assign, or nowhere to put it (055)
    ids = [str(u["id"]) for u in receivers]
    lethal = {str(u["id"]): lethal_amount(doc, u) for u in receivers}
    owner = {str(u["id"]): str(u["controller"]) for u in receivers}
    placements = [
        dict(zip(ids, groups, strict=True))
        for groups in itertools.product(*(_group_choices(u) for u in receivers))
    ]
    answers: set[str] = set()
    for vector in _compositions(damage, len(ids)):
        amount = dict(zip(ids, vector, strict=True))
        if any(legal_combat_assignment(doc, amount, lethal, g, owner) for g in placements):
            answers.add(_assigned_line(amount))
    return answers
