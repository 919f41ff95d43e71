"""Inline group effects (355.11): any card of the group shape, read from its fields
only, with no card-specific case (``group_declarations``, ``group_resolutions``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

from reference.board import (
    Doc,
    Pick,
    Unit,
    _might,
    _unit_or_gone,
    at_battlefield,
    deflect_cost,
    here,
    is_enemy,
    is_friendly,
    on_board,
    targetable,
)
from reference.library import (
    _affected_sets,
    _declared,
    _line,
    _within_budget,
    one_battlefield,
    one_controller,
    one_location,
    total_might_at_most,
)

# ---------------------------------------------------------------------------------------------
# Inline group effects (355.11): any card of the group shape, read from its fields only
# ---------------------------------------------------------------------------------------------
#
# The effect is ``doc["effect"]["group"]``: ``slots`` (each with ``name``, ``among``: enemy /
# friendly / any, ``at``: battlefield / board / here, ``least``, ``most``, ``tags``, ``other``,
# ``might_at_most``, ``kinds``: what it chooses, "unit" and/or "gear"),
# and the requirement the chosen units meet together: ``might_cap``, ``share`` (nothing /
# battlefield / location), ``same_controller``. ``hidden`` lets the scenario say
# ``from_hidden``, ``destination`` makes it a move to a location chosen at finalization,
# ``repeat`` lets the scenario pay its [Repeat]. ``action`` matters only for a swap.

#: The defaults of an inline group's own fields and of its slots' fields.
GROUP_DEFAULTS: dict[str, Any] = {
    "action": None, "damage": 0, "verb": None, "might_cap": None, "share": "nothing",
    "same_controller": False, "hidden": False, "destination": False, "repeat": False,
}
SLOT_DEFAULTS: dict[str, Any] = {
    "among": "any", "at": "battlefield", "least": 0, "most": None, "tags": [], "other": False,
    "might_at_most": None, "kinds": ["unit"], "own": False, "states": [],
}


def _group(doc: Doc) -> dict[str, Any]:
    effect = doc.get("effect") or {}
    if effect.get("group") is None:
        raise ValueError("not an inline group effect")
    return {**GROUP_DEFAULTS, **effect["group"]}


def _group_slots(doc: Doc) -> list[dict[str, Any]]:
    return [{**SLOT_DEFAULTS, **slot} for slot in _group(doc)["slots"]]


def single_id(slot: dict[str, Any]) -> bool:
    """A slot choosing exactly one unit ("a unit") takes one id, not a list."""
    return bool(slot["least"] == 1 and slot["most"] == 1)


def whose_ok(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """740.1.a-b: "friendly" / "enemy" relative to the controller (teammates are friends);
    with no such word, anyone's unit on the board (355.9.a.1). "You control": the
    controller's own only (a teammate's unit is friendly, not controlled by you)."""
    if slot["own"] and unit["controller"] != doc["controller"]:
        return False
    if slot["among"] == "friendly":
        return is_friendly(doc, unit)
    if slot["among"] == "enemy":
        return is_enemy(doc, unit)
    return on_board(unit)





def where_ok(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b: "at a battlefield" (a base is not one), "here" (359.3.f.2), or no location
    word: anywhere on the board (355.9.a.1)."""
    if slot["at"] == "battlefield":
        return at_battlefield(doc, unit)
    if slot["at"] == "here":
        spot = here(doc)
        return spot is not None and on_board(unit) and unit.get("location") == spot
    return on_board(unit)


def has_tags(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b: a tag in the description ("Order unit") is a restriction: every tag needed."""
    return all(tag in (unit.get("tags") or []) for tag in slot["tags"])


def might_ok(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b, 143.2.b: "each with N Might or less" is a restriction on each member's own
    Might (below 0 counts as 0)."""
    cap = slot["might_at_most"]
    return cap is None or _might(unit) <= int(cap)


def kind_ok(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.a.1, 355.9.b: a slot choosing "a unit" takes only units, "a gear" only gear, "a
    unit or gear" either: the object's type must be one of the slot's ``kinds``."""
    return str(unit.get("type", "unit")) in slot["kinds"]


def not_the_source(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b: "another" unit is any unit but the source of the ability."""
    return not slot["other"] or unit["id"] != doc.get("source")


def group_hidden_ok(doc: Doc, unit: Unit) -> bool:
    """811.1.d.2: every target of a card played from Hidden is at the Hidden battlefield."""
    bf = doc.get("from_hidden")
    if bf is None or not _group(doc)["hidden"]:
        return True
    return on_board(unit) and unit.get("location") == bf


def group_slot_accepts(doc: Doc, slot: dict[str, Any], unit: Unit) -> bool:
    """355.9 / 359.3.e.2: may this unit fill this slot on its own (as the board is now)?"""
    return (on_board(unit) and targetable(doc, unit) and group_hidden_ok(doc, unit)
            and kind_ok(slot, unit)
            and whose_ok(doc, slot, unit) and where_ok(doc, slot, unit)
            and has_tags(slot, unit) and might_ok(slot, unit) and in_states(slot, unit)
            and not_the_source(doc, slot, unit) and at_the_shared_battlefield_ok(doc, unit))


def in_states(slot: dict[str, Any], unit: Unit) -> bool:
    """355.9.b "any number of your buffed units", "stunned enemy units": each state the
    slot names is the unit's (``exhausted``; ``ready``: not exhausted; ``stunned``,
    ``buffed``, ``moved`` flags; ``attacking``/``defending``: its ``combat`` entry)."""
    for state in slot["states"]:
        if state == "ready":
            held = not unit.get("exhausted", False)
        elif state in ("attacking", "defending"):
            held = unit.get("combat", "") == state
        else:
            held = bool(unit.get(state, False))
        if not held:
            return False
    return True


def at_the_shared_battlefield_ok(doc: Doc, unit: Unit) -> bool:
    """355.11, 359.3.e.2: in a group "at a battlefield" each member is at a battlefield (a
    base is no battlefield, 198.1): one that leaves for a base is no longer a legal target,
    and the others are affected as they are (359.3.e.8)."""
    return _group(doc)["share"] != "battlefield" or at_battlefield(doc, unit)


def slot_counts_ok(slots: list[dict[str, Any]], picks: list[Pick], finalizing: bool) -> bool:
    """355.8, 355.13: at finalization each slot has from ``least`` to ``most`` units ("up to"
    and "any number" allow zero); at resolution (359.3.e.8, 355.11.b) only the maxima hold."""
    for index, slot in enumerate(slots):
        count = sum(1 for i, _ in picks if i == index)
        if slot["most"] is not None and count > int(slot["most"]):
            return False
        if finalizing and count < int(slot["least"]):
            return False
    return True


def group_requirement(doc: Doc, units: list[Unit]) -> bool:
    """355.11: the requirement the group meets together: total Might (143.2.b: negatives
    count 0), one battlefield / one location (a base is its controller's own, 198.1), one
    controller."""
    group = _group(doc)
    cap = group["might_cap"]
    if cap is not None and not total_might_at_most(units, int(cap)):
        return False
    if group["share"] == "battlefield" and not one_battlefield(doc, units):
        return False
    if group["share"] == "location" and not one_location(units):
        return False
    return not group["same_controller"] or one_controller(units)


def group_effect_meets(doc: Doc, picks: list[Pick], finalizing: bool) -> bool:
    """Distinct units (a unit is chosen once per declaration), slot counts, the requirement."""
    ids = [u["id"] for _, u in picks]
    if len(ids) != len(set(ids)):
        return False
    if not slot_counts_ok(_group_slots(doc), picks, finalizing):
        return False
    return group_requirement(doc, [u for _, u in picks])


def _group_targets(slots: list[dict[str, Any]], picks: list[Pick]) -> dict[str, Any]:
    targets: dict[str, Any] = {}
    for index, slot in enumerate(slots):
        ids = sorted(str(u["id"]) for i, u in picks if i == index)
        targets[str(slot["name"])] = ids[0] if single_id(slot) else ids
    return targets


def _group_assignments(doc: Doc, slot_count: int) -> Iterator[list[Pick]]:
    """Every way to put every unit in one slot or in none."""
    units: list[Unit] = [dict(u) for u in doc["units"]]
    options: list[int | None] = [None, *range(slot_count)]
    for places in itertools.product(options, repeat=len(units)):
        yield [(p, u) for p, u in zip(places, units, strict=True) if p is not None]


def _group_single_declarations(doc: Doc) -> list[tuple[dict[str, Any], int, bool]]:
    """Every legal declaration of one execution, ignoring the Power budget: (targets, Deflect
    cost, non-empty)."""
    slots = _group_slots(doc)
    moves = bool(_group(doc)["destination"])
    found: list[tuple[dict[str, Any], int, bool]] = []
    for picks in _group_assignments(doc, len(slots)):
        if not all(group_slot_accepts(doc, slots[i], u) for i, u in picks):
            continue
        if not group_effect_meets(doc, picks, finalizing=True):
            continue
        cost = sum(deflect_cost(doc, u) for _, u in picks)  # 809.1.c, per choice
        found += _declared(doc, _group_targets(slots, picks), cost, [u for _, u in picks],
                           moves)
    return found


def group_declarations(doc: Doc) -> set[str]:
    """Every legal finalize line of an inline group effect (355.8, 355.11.a)."""
    group = _group(doc)
    decls = _group_single_declarations(doc)
    from_hidden = doc.get("from_hidden") is not None and bool(group["hidden"])
    if from_hidden and not any(non_empty for _, _, non_empty in decls):
        return set()  # 811.1.d: no valid target there, it cannot be played from Hidden
    if group["repeat"] and doc.get("repeat"):
        # 820.2, 820.2.a: the repeat's choices are made now and may differ; Deflect per choice.
        lines: set[str] = set()
        for (t1, c1, _), (t2, c2, _) in itertools.product(decls, repeat=2):
            if _within_budget(doc, c1 + c2):
                lines.add(_line({**t1, "repeat": t2}, c1 + c2))
        return lines
    return {_line(t, c) for t, c, _ in decls if _within_budget(doc, c)}


def _group_chosen(doc: Doc, targets: dict[str, Any]) -> list[Pick]:
    out: list[Pick] = []
    for index, slot in enumerate(_group_slots(doc)):
        value = targets.get(str(slot["name"]))
        if value is None:
            continue
        ids = [value] if isinstance(value, str) else list(value)
        out.extend((index, _unit_or_gone(doc, str(uid))) for uid in ids)
    return out


def _group_effect_subsets(doc: Doc, targets: dict[str, Any]) -> list[list[Pick]]:
    """The sets of chosen units one execution may affect now."""
    slots = _group_slots(doc)
    # 359.3.e.2, 359.3.e.5, 758.1: a chosen unit failing its own slot conditions now is illegal.
    legal = [(i, u) for i, u in _group_chosen(doc, targets)
             if group_slot_accepts(doc, slots[i], u)]
    return _affected_sets(doc, legal, _group(doc)["action"] == "swap-might",
                          lambda chosen: group_effect_meets(doc, chosen, finalizing=False))


def _group_effect_answer(doc: Doc, targets: dict[str, Any], subset: list[Pick]
                         ) -> dict[str, Any]:
    ids = sorted(str(u["id"]) for _, u in subset)
    if not _group(doc)["destination"] or not subset:
        return {"affected": ids}
    dest = str(targets.get("destination"))
    # 355.4.a: a kept target already at the destination is not moved; it still counts.
    stay = sorted(str(u["id"]) for _, u in subset if u.get("location") == dest)
    answer: dict[str, Any] = {"affected": [i for i in ids if i not in stay]}
    if stay:
        answer["unmoved"] = stay
    return answer


def group_resolutions(doc: Doc) -> set[str]:
    """Every legal resolve line of an inline group effect for ``doc["targets"]``
    (355.11.b, 359.3.e), under the policy ``group_subset`` (maximal by default)."""
    targets: dict[str, Any] = doc["targets"]
    first = [_group_effect_answer(doc, targets, s) for s in _group_effect_subsets(doc, targets)]
    if _group(doc)["repeat"] and doc.get("repeat"):
        # 820.2: each execution resolves on its own with its own choices.
        again = targets.get("repeat") or {}
        second = [_group_effect_answer(doc, again, s)
                  for s in _group_effect_subsets(doc, again)]
        return {json.dumps({**a, "repeat": b}, sort_keys=True)
                for a, b in itertools.product(first, second)}
    return {json.dumps(a, sort_keys=True) for a in first}
