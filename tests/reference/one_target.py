"""The naive reference of the example family (``tests/one_target.py``): "Deal N to an
enemy unit at a battlefield", read from the raw scenario alone.

* Finalization (355.8, 355.9.b): each unit of the board that is an enemy of the controller
  (a unit, not a gear), at a battlefield, targetable by the controller, and whose Deflect
  the Power available pays (809): one line each.
* Resolution (359.3.e.2, 359.3.e.7): the chosen unit, if it is still such a unit; else the
  instruction does nothing (``null``).
"""

from __future__ import annotations

import json
from typing import Any

#: The family this module reads (``reference.reference_of``).
FAMILIES = ("one-target",)


def _valid(doc: dict[str, Any], unit: dict[str, Any]) -> bool:
    """An enemy unit at a battlefield the controller can choose."""
    me = doc["controller"]
    teammates = {p for team in doc.get("teams") or [] if me in team for p in team}
    return (unit.get("type", "unit") == "unit"
            and unit["controller"] != me and unit["controller"] not in teammates
            and unit["location"] in doc.get("battlefields", [])
            and unit.get("untargetable") is None)


def finalize(doc: dict[str, Any], effect: Any) -> set[str] | None:
    """Every legal declaration line: one valid unit, its Deflect within the budget."""
    budget = doc.get("available_power")
    return {json.dumps({"targets": {"unit": u["id"]}, "deflect_cost": u.get("deflect", 0)},
                       sort_keys=True)
            for u in doc["units"] if _valid(doc, u)
            and (budget is None or u.get("deflect", 0) <= budget)}


def resolve(doc: dict[str, Any], effect: Any) -> set[str] | None:
    """The one resolution: the unit dealt the damage if still valid, else none."""
    chosen = doc["targets"]["unit"]
    unit = next(u for u in doc["units"] if u["id"] == chosen)
    return {json.dumps({"hit": chosen if _valid(doc, unit) else None}, sort_keys=True)}
